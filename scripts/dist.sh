#!/usr/bin/env bash
# `make dist`: two relocatable release tarballs, each one folder with its binary (release, Swift
# standard library linked statically), the resource bundles it loads from beside itself, README.md,
# runtime-packages.txt (the Debian packages it needs, derived from ldd and dpkg -S) and
# install-runtime.sh (installs them):
#   dist/albumreport-VERSION-linux-ARCH.tar.gz          the whole tool, for Debian 12 (it links
#                                                        bookworm's libgd, ICU, HarfBuzz, fonts…);
#   dist/albumreport-compare-VERSION-linux-ARCH.tar.gz  `compare` alone (albumreport-compare): links
#                                                        libpng (and zlib through it) beside the C
#                                                        and C++ runtimes, and runs on any glibc
#                                                        2.36+ system (Debian 12 and 13, Ubuntu 24.04).
# Unpack either anywhere; scripts/test-dist.sh proves each runs in a minbase root that has only
# those packages. The version is the VERSION file's; the build stops if a binary's --version says
# otherwise. Prints the tarballs' paths last.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

version="$(tr -d '[:space:]' <VERSION)"
arch="$(uname -m)"
mkdir -p dist

# The release build `make test` runs the suite on (.build), linked once more with the Swift
# standard library and Foundation linked in statically. Only the link differs: the objects are the
# ones the tests ran. (`--static-swift-stdlib` would compile every module again: its compile
# commands differ, a third full build on CI.) The link command is SwiftPM's own, read from its
# build manifest, with `-static-stdlib`, the static runtime's archives and another output.
# The build is `make test`'s own command, so that the two share one build plan: building a single
# product (`--product albumreport-compare`) after it made the next `swift build --build-tests`
# compile this package's modules again (seen in CI: 120 s), and so did `swift test` before a
# single product's build.
build=(swift build -c release --build-tests)
"${build[@]}"
bin_dir="$(swift build -c release --show-bin-path)"
trap 'rm -f "$root"/dist/.*-static' EXIT
# link_static PRODUCT OUTPUT: PRODUCT's own link command, with the static runtime, to OUTPUT.
link_static() {
python3 - "$root/.build/release.yaml" "$2" "$(tr - _ <<<"$1")" <<'PY'
import glob, json, os, re, shutil, subprocess, sys
manifest, output, module = sys.argv[1], sys.argv[2], sys.argv[3]
lines = open(manifest, encoding="utf-8").read().splitlines()
# The executable's link command: an `.exe` command whose arguments name the product's module.
key = re.compile(r'^  "C\.[^"]*\.exe":$')
args = None
for index, line in enumerate(lines):
    if not key.match(line):
        continue
    for detail in lines[index + 1:]:
        if not detail.startswith("    "):
            break
        if detail.startswith("    args: "):
            found = json.loads(detail[len("    args: "):])
            if any(a == "-module-name" and b == module for a, b in zip(found, found[1:])):
                args = found
if not args or "-o" not in args:
    sys.exit(f"dist: no link command for {module} in {manifest}; run `swift build -c release` first.")
args[args.index("-o") + 1] = output
# The objects were compiled against the shared runtime's modules, which autolink Foundation alone;
# the static ones would also name the archives Foundation needs (CoreFoundation, its ICU, …).
# Every archive of the static runtime goes in one group: the linker takes only what is used.
swiftc = os.path.realpath(shutil.which(args[0]) or args[0])
static = os.path.join(os.path.dirname(os.path.dirname(swiftc)), "lib", "swift_static", "linux")
archives = sorted(os.path.basename(path)[3:-2] for path in glob.glob(os.path.join(static, "lib*.a")))
if not archives:
    sys.exit(f"dist: no static Swift runtime in {static}: this toolchain cannot link {module} statically.")
group = [flag for name in archives for flag in ("-Xlinker", "-l" + name)]
args = [arg for arg in args if arg != "-static-stdlib"] + ["-static-stdlib", "-Xlinker", "--start-group"]
args += group + ["-Xlinker", "--end-group", "-lstdc++"]
subprocess.run(args, check=True)
PY
}

# tarball PRODUCT: dist/PRODUCT-VERSION-linux-ARCH.tar.gz and its .sha256; prints its path.
tarball() {
local product=$1
local name="$product-$version-linux-$arch"
local binary="$root/dist/.$product-static"
link_static "$product" "$binary"
scripts/check-sanitized.sh none "$binary"
local needed
needed="$(readelf -d "$binary" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')"
# No library of the Swift runtime may be needed: the tarball runs where no Swift is installed.
local runtime='^(libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting)'
if grep -E "$runtime" <<<"$needed"; then
  echo "dist: $binary still needs the Swift runtime's shared libraries (above)" >&2
  exit 1
fi
# The compare-only binary links libpng and the C and C++ runtimes, nothing else (no libgd, ICU,
# fontconfig, OpenSSL): that is what lets it run beyond Debian 12.
if [ "$product" = albumreport-compare ] &&
  grep -vE '^(libpng16\.so\.16|libz\.so\.1|libstdc\+\+\.so\.6|libgcc_s\.so\.1|libm\.so\.6|libc\.so\.6|ld-linux[-a-z0-9_]*\.so\.[0-9]+)$' <<<"$needed"; then
  echo "dist: $product needs the libraries above, which a compare-only install must not." >&2
  exit 1
fi

local reported
reported="$("$binary" --version)"
if [ "$reported" != "$version" ]; then
  echo "dist: VERSION says $version but $product says $reported; set AlbumReportVersion.current (Sources/AlbumReportCore/AlbumReportVersion.swift) to $version." >&2
  exit 1
fi

local stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage"
# Debug sections off (a third of the size); the symbol table stays, so crash backtraces keep names.
strip --strip-debug -o "$stage/$product" "$binary"

# SwiftPM's Bundle.module looks for NAME.resources beside the executable first (then at the build
# folder's absolute path, which does not exist once unpacked elsewhere). Ship each bundle the
# binary names, and only those (the release folder also holds other products' bundles).
local bundles=() bundle
for bundle in "$bin_dir"/*.resources; do
  [ -d "$bundle" ] || continue
  if grep -qF "$(basename "$bundle")" "$binary"; then
    cp -R "$bundle" "$stage/"
    bundles+=("$(basename "$bundle")")
  fi
done
[ ${#bundles[@]} -gt 0 ] || { echo "dist: no resource bundle found beside $binary" >&2; exit 1; }

# The Debian packages of the libraries the binary links directly (its NEEDED entries, found where
# ldd resolves them, then dpkg -S; apt brings what those need in turn).
local -A reasons=()
local library path package
while read -r library path; do
  package="$(owner "$path" "$binary")"
  reasons[$package]="${reasons[$package]:+${reasons[$package]}, }$library"
done < <(ldd "$stage/$product" | awk -v needed="$(tr '\n' ' ' <<<"$needed")" '
  BEGIN { split(needed, names, " "); for (i in names) direct[names[i]] = 1 }
  $2 == "=>" && $3 ~ /^\// && ($1 in direct) { print $1, $3 }')
local system
if [ "$product" = albumreport ]; then
  # What ldd cannot see: the fonts fontconfig resolves at run time (the same packages
  # install-deps.sh installs for building, so a dist renders exactly as a source build),
  # fc-cache, and the CA certificates for fetching feeds over HTTPS.
  while read -r package; do
    reasons[$package]="fonts and their configuration, found at run time"
  done < <(sed -nE 's/^[[:space:]]+((fonts-|fontconfig)[a-z0-9-]*)[[:space:]].*/\1/p' scripts/install-deps.sh)
  reasons[ca-certificates]="trusted roots for fetching feeds over HTTPS"
  system="debian 12"
else
  # The oldest C library it runs with: the build machine's (symbols are versioned upwards).
  system="glibc $(getconf GNU_LIBC_VERSION | awk '{ print $2 }')"
fi
{
  echo "# The Debian 12 (bookworm) packages $product $version needs at run time, one per line,"
  echo "# each with what it provides (the binary's NEEDED libraries, through ldd and dpkg -S, when"
  echo "# dist was built; apt-get installs what these depend on). install-runtime.sh reads the"
  echo "# next line: the systems it runs on."
  echo "# system: $system"
  for package in $(printf '%s\n' "${!reasons[@]}" | sort); do
    printf '%-24s # %s\n' "$package" "${reasons[$package]}"
  done
} >"$stage/runtime-packages.txt"

cp scripts/install-runtime.sh "$stage/install-runtime.sh"
readme "$product" >"$stage/README.md"
if [ -f LICENSE ]; then cp LICENSE "$stage/"; fi

# Reproducible: sorted names, fixed owner and time (the commit's), no gzip timestamp.
local mtime
mtime="$(git log -1 --format=%cI 2>/dev/null || echo 2024-01-01T00:00:00Z)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C dist -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: $(du -h "dist/$name.tar.gz" | cut -f1) with ${bundles[*]} and $(grep -vc '^#' "$stage/runtime-packages.txt") runtime packages" >&2
echo "dist/$name.tar.gz"
}

# owner PATH BINARY: the Debian package that owns PATH (a library ldd of BINARY resolved). A path
# is tried as ldd gives it, then its real path, each also with /usr added or removed: bookworm's
# merged /usr gives files two names and dpkg knows one.
owner() {
  local path="$1" candidate real
  real="$(readlink -f "$path")"
  for candidate in "$path" "$real" "/usr$path" "/usr$real" "${path#/usr}" "${real#/usr}"; do
    if dpkg -S "$candidate" >/dev/null 2>&1; then
      dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1
      return
    fi
  done
  echo "dist: no Debian package owns $path (ldd of $2)" >&2
  exit 1
}

# readme PRODUCT: the tarball's README.md: how to install and run it, then the README's opening
# paragraph and its Usage section (the real --help).
readme() {
  echo "# $1 $version for Linux ($arch)"
  echo
  if [ "$1" = albumreport ]; then
    echo "A release build of albumreport with the Swift standard library linked in: no Swift toolchain"
    echo "needed. Unpack this folder anywhere and keep its files together (\`albumreport\` loads the"
    echo "\`*.resources\` folders beside it). On Debian 12 (bookworm, whose libraries it links), install"
    echo "the runtime packages (\`runtime-packages.txt\`), then run it:"
    echo
    echo '```sh'
    echo "./install-runtime.sh          # apt-get install of the packages it lacks (root or sudo)"
    echo "./albumreport generate --output Output     # renders the embedded sample, offline"
    echo '```'
  else
    echo "\`albumreport compare\` on its own, for CI jobs that compare their own PNGs with goldens:"
    echo "the Swift standard library linked in, and no library of the renderer (no libgd, fonts or"
    echo "ICU). It needs libpng 1.6 and glibc 2.36 or later: Debian 12 and 13, Ubuntu 24.04 and later,"
    echo "or any Linux with those (install libpng 1.6 with its package manager: libpng16-16 or"
    echo "libpng16-16t64 with apt, libpng with dnf, apk and pacman). Unpack this folder anywhere and keep"
    echo "its files together (the report's template is in the \`*.resources\` folder beside it):"
    echo
    echo '```sh'
    echo "./install-runtime.sh          # apt-get install of libpng when it is missing (root or sudo)"
    echo "./albumreport-compare goldens actual --report-dir golden-report"
    echo '```'
    echo
    echo "It takes every option of \`albumreport compare\`, with the same exit codes."
  fi
  echo
  awk 'NR > 2 && /^$/ { exit } NR > 2 { print }' README.md
  echo
  awk '/^## Usage$/ { on = 1 } on && /^## / && !/^## Usage$/ { exit } on { print }' README.md
}

tarball albumreport
tarball albumreport-compare
