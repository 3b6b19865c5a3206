# The two quick-start commands are `make demo` and `make test`; each installs missing system
# packages first (scripts/install-deps.sh says what it installs).
SWIFT ?= swift
LINT_PATHS = Package.swift Sources Tests Tools Templates/TemplatesBundle.swift

.PHONY: demo test deps lint format sample-artwork bench

deps:
	@scripts/install-deps.sh

## Render the embedded 100-album sample into Output/ (release build).
demo: deps
	$(SWIFT) build -c release --product albumreport
	$$($(SWIFT) build -c release --show-bin-path)/albumreport generate --output Output

## Run the whole test suite.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## swift-format in strict mode, as CI runs it.
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

## Regenerate the embedded sample's artwork and feed (committed; deterministic).
sample-artwork: deps
	$(SWIFT) run sample-artwork

## Release-build benchmark: the report workloads, the comparison and the text engine (figures in the README).
bench: deps
	$(SWIFT) build -c release --product albumreport
	$(SWIFT) build -c release --product albumreport-bench
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench report --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench fetch --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench compare
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench text
