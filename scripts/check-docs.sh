#!/usr/bin/env bash
# The libraries' DocC reference, built and checked from the release build's modules (`swift build
# -c release` first; CI's build step): for each product with a catalog, its symbol graph is read
# from the built module (swift-symbolgraph-extract) and converted with the toolchain's docc,
# warnings as errors (an unresolved link, a topic naming no symbol); then every public symbol must
# have a summary. A few seconds, where `swift package generate-documentation` would build every
# module again in debug. Writes the archives to .build/docs/NAME.doccarchive.
#   scripts/check-docs.sh [MODULE…]
set -euo pipefail
cd "$(dirname "$0")/.."
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(AlbumReportTesting AlbumReportSnapshotTesting AlbumReport AlbumReportRenderer)
bin="$(swift build -c release --show-bin-path)"
work=".build/docs"
rm -rf "$work"
mkdir -p "$work"
# The C modules the Swift modules import: this package's and its dependencies'.
clang=(-Xcc -fmodule-map-file=Sources/CGD/module.modulemap -Xcc -I/usr/include/freetype2 -Xcc -I/usr/include/libpng16)
for map in "$bin"/*.build/module.modulemap; do clang+=(-Xcc "-fmodule-map-file=$map"); done
while IFS= read -r map; do clang+=(-Xcc "-fmodule-map-file=$map" -Xcc "-I$(dirname "$map")"); done \
  < <(find .build/checkouts -path '*include*' -name module.modulemap 2>/dev/null)
for include in Sources/*/include; do clang+=(-Xcc "-I$include"); done
target="$(uname -m)-unknown-linux-gnu"
for module in "${modules[@]}"; do
  graphs="$work/$module-symbols"
  mkdir -p "$graphs"
  swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -target "$target" -output-dir "$graphs" \
    -minimum-access-level public "${clang[@]}"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.albumreport.$module" \
    --output-path "$work/$module.doccarchive" --warnings-as-errors >"$work/$module.log" 2>&1 || {
    cat "$work/$module.log" >&2
    echo "check-docs: $module's documentation has the warnings above." >&2
    exit 1
  }
done
# Every public symbol (but what the compiler writes itself: Hashable's and Equatable's witnesses,
# Codable's init and encode, a RawRepresentable's rawValue) has a summary of its own.
python3 - "$work" "${modules[@]}" <<'PY'
import json, sys
work, modules = sys.argv[1], sys.argv[2:]
synthesized = {"hashValue", "hash(into:)", "==(_:_:)", "!=(_:_:)", "init(from:)", "encode(to:)", "rawValue",
               "init(rawValue:)", "allCases", "description", "id"}
missing = []
for module in modules:
    graph = json.load(open(f"{work}/{module}-symbols/{module}.symbols.json"))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open") or symbol.get("docComment"):
            continue
        path = symbol["pathComponents"]
        if path[-1] in synthesized:
            continue
        missing.append(f"{module}: {'.'.join(path)} ({symbol['kind']['identifier']})")
for line in missing:
    print(line, file=sys.stderr)
if missing:
    sys.exit(f"check-docs: {len(missing)} public symbols have no /// summary.")
print(f"check-docs: {', '.join(modules)}: the reference builds with no warning, and every public symbol has a summary.")
PY
