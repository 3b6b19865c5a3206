# The two quick-start commands are `make demo` and `make test`; each installs missing system
# packages first (scripts/install-deps.sh says what it installs).
SWIFT ?= swift
LINT_PATHS = Package.swift Sources Tests Tools Templates/TemplatesBundle.swift Fuzz/Package.swift Fuzz/Sources

.PHONY: demo test test-asan test-ubsan fuzz deps lint format sample-artwork bench bench-all dist release test-dist docs

deps:
	@scripts/install-deps.sh

## Render the embedded 100-album sample into Output/ (release build).
demo: deps
	$(SWIFT) build $(RELEASE_BUILD) --product albumreport
	$$($(SWIFT) build $(RELEASE_BUILD) --show-bin-path)/albumreport generate --output Output

## Run the whole test suite on the optimized build in .build, the one `make demo`, the benchmark
## and `make dist` use too: one build serves them all. The suite draws, encodes and compares
## thousands of images, and an optimized build runs it about 5× faster than a debug one. Tests
## reach internals through `package` access, not `@testable`, so no -enable-testing: the suite
## runs the code that ships. `swift test` runs the same suite from a debug build, with assertions.
RELEASE_BUILD = -c release
test: deps
	$(SWIFT) build --build-tests $(RELEASE_BUILD)
	$(SWIFT) test --skip-build $(RELEASE_BUILD)

## The test suite with this package's own code (Swift and C) built with the address
## sanitizer and with assertions kept (-assert-config Debug: the optimized run that checks
## `assert`) (CI runs it too), optimized (file by file, not whole-module: a shorter build) and
## in parallel like `make test`, in the same .build
## folder: ALBUMREPORT_SANITIZE=address (Package.swift) instruments this package's targets only,
## so the dependencies `make test` compiled are reused and only this package's modules compile
## again (and again for the next `make test`). The build is checked to be instrumented before it
## runs. The test process runs without leak detection; the albumreport binary the tests run is
## checked for leaks (two suppressions, each explained: Tools/sanitizers/lsan.supp).
## ASAN_SKIP leaves out the suites that pin whole pictures and reports (pixel goldens and byte
## digests): they draw and encode with the code every other suite runs sanitized, and took more
## than half of the suite's CPU (release: 341 CPU-s whole, 158 without them). ASAN_SKIP= runs all.
ASAN_SKIP ?= OutputStabilityTests|ScreenGoldenTests|ChromeGoldenTests|ScriptGoldenTests
ASAN_ENV = ALBUMREPORT_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 \
	ALBUMREPORT_CHILD_ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tools/sanitizers/lsan.supp:print_suppressions=0
SANITIZE = ALBUMREPORT_SANITIZE=address
test-asan: deps
	$(SANITIZE) $(SWIFT) build --build-tests $(RELEASE_BUILD)
	scripts/check-sanitized.sh address "$$($(SANITIZE) $(SWIFT) build $(RELEASE_BUILD) --show-bin-path)"
	$(ASAN_ENV) $(SANITIZE) $(SWIFT) test --skip-build $(RELEASE_BUILD) $(if $(ASAN_SKIP),--skip '$(ASAN_SKIP)')

## The whole test suite with the undefined-behaviour sanitizer on every C target (ours, and the
## C in our dependencies); swiftc has no -sanitize=undefined on Linux, and Swift code traps on
## overflow and out-of-bounds access in these debug builds anyway. Any report stops the run.
UBSAN_RT = $(firstword $(wildcard $(dir $(realpath $(shell which $(SWIFT))))../lib/clang/*/lib/linux))
test-ubsan: deps
	$(SWIFT) build --build-tests --scratch-path .build-ubsan -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all \
		-Xlinker -rpath -Xlinker $(UBSAN_RT) -Xlinker $(UBSAN_RT)/libclang_rt.ubsan_standalone-x86_64.so
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 $(SWIFT) test --skip-build --scratch-path .build-ubsan

## libFuzzer on every parser (Fuzz/), FUZZ_SECONDS each (CI: 12), FUZZ_JOBS at a time (CI: 2).
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz: deps
	FUZZ_JOBS=$(FUZZ_JOBS) scripts/fuzz.sh $(FUZZ_SECONDS)

## swift-format in strict mode, as CI runs it; the sizes Sources/ keeps (no file over 400 lines, no
## function over 60: scripts/check-sizes.py, with its short allow-list); then shellcheck on every
## shell script and actionlint on the workflows and action.yml's steps, and proof that actionlint
## finds 8 planted faults (scripts/lint-actions.sh).
lint:
	@scripts/install-deps.sh --lint
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)
	scripts/check-sizes.py
	scripts/lint-actions.sh
	scripts/release.sh --check-pins

## A relocatable release tarball, dist/albumreport-VERSION-linux-ARCH.tar.gz: the release build (the
## one `make test` runs the suite on) linked once more with the Swift standard library in it, its
## resource bundles, README.md and the Debian runtime packages it needs (scripts/dist.sh).
dist: deps
	scripts/dist.sh

## A release: the pins checked (every example names VERSION), the tarballs, their SHA-256 lines and
## dist/RELEASE-NOTES-VERSION.md from the CHANGELOG, and the commands that tag and publish it.
release: deps
	scripts/release.sh

## The tarball run in a Debian 12 minbase root with only its runtime packages (root; debootstrap,
## cached under /var/cache/albumreport/test-dist): generate and compare must work there.
test-dist: dist
	@scripts/install-deps.sh --dist
	scripts/test-dist.sh

format:
	$(SWIFT) format format --in-place --recursive $(LINT_PATHS)

## The libraries' DocC reference (AlbumReportTesting, AlbumReportSnapshotTesting, AlbumReport,
## AlbumReportRenderer), built from the release build's modules with warnings as errors, every
## public symbol with a summary (scripts/check-docs.sh); archives in .build/docs/. Browsable
## sites: `swift package generate-documentation --target NAME` (swift-docc-plugin).
docs:
	$(SWIFT) build $(RELEASE_BUILD)
	scripts/check-docs.sh

## Regenerate the embedded sample's artwork and feed (committed; deterministic).
sample-artwork: deps
	$(SWIFT) run sample-artwork

## Release-build benchmark, about 20 minutes: every artwork class (photographs, grainy photo-like
## covers, smooth gradients, flat shapes) against the Python + Pillow and Python + Skia peers
## (../shared/bench/peer_pillow.py and peer_skia.py, or ALBUMREPORT_PEER / ALBUMREPORT_SKIA_PEER;
## their modules installed from PyPI), then latency, 1,000 items and a refresh, then `compare` at
## scale beside its peers (OpenCV, ImageMagick) and the decode floor, then the matrix (figures in
## the README). `make bench-all` adds fetching, the network cases, one comparison's stages and the
## text engine.
bench: deps
	@scripts/install-deps.sh --bench
	$(SWIFT) build -c release --product albumreport
	$(SWIFT) build -c release --product albumreport-bench
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench report --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench compare-scale --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench matrix

bench-all: bench
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench fetch --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench network --runs 3
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench compare
	$$($(SWIFT) build -c release --show-bin-path)/albumreport-bench text
