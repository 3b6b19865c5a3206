#!/usr/bin/env bash
# `make dist`: a relocatable release tarball, dist/albumreport-VERSION-linux-ARCH.tar.gz, whose one
# folder holds the binary (release, Swift standard library linked statically), the resource bundles
# it loads from beside itself, README.md (how to install and run, then the README's usage),
# runtime-packages.txt (the Debian packages it needs, derived from ldd and dpkg -S) and
# install-runtime.sh (installs them). Unpack it anywhere; scripts/test-dist.sh proves it runs in a
# Debian root that has only those packages. The version is the VERSION file's; the build stops if
# the binary's --version says otherwise. Prints the tarball's path last.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

version="$(tr -d '[:space:]' <VERSION)"
arch="$(uname -m)"
name="albumreport-$version-linux-$arch"

# The release build `make test` runs the suite on (.build), linked once more with the Swift
# standard library and Foundation linked in statically. Only the link differs: the objects are the
# ones the tests ran. (`--static-swift-stdlib` would compile every module again: its compile
# commands differ, a third full build on CI.) The link command is SwiftPM's own, read from its
# build manifest, with `-static-stdlib`, the static runtime's archives and another output.
build=(swift build -c release --product albumreport)
"${build[@]}"
bin_dir="$("${build[@]}" --show-bin-path)"
mkdir -p dist
binary="$root/dist/.albumreport-static"
trap 'rm -f "$binary"' EXIT
python3 - "$root/.build/release.yaml" "$binary" <<'PY'
import glob, json, os, re, shutil, subprocess, sys
manifest, output = sys.argv[1], sys.argv[2]
lines = open(manifest, encoding="utf-8").read().splitlines()
# The executable's link command: an `.exe` command whose arguments name the module albumreport.
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
            if any(a == "-module-name" and b == "albumreport" for a, b in zip(found, found[1:])):
                args = found
if not args or "-o" not in args:
    sys.exit(f"dist: no link command for albumreport in {manifest}; run `swift build -c release` first.")
args[args.index("-o") + 1] = output
# The objects were compiled against the shared runtime's modules, which autolink Foundation alone;
# the static ones would also name the archives Foundation needs (CoreFoundation, its ICU, …).
# Every archive of the static runtime goes in one group: the linker takes only what is used.
swiftc = os.path.realpath(shutil.which(args[0]) or args[0])
static = os.path.join(os.path.dirname(os.path.dirname(swiftc)), "lib", "swift_static", "linux")
archives = sorted(os.path.basename(path)[3:-2] for path in glob.glob(os.path.join(static, "lib*.a")))
if not archives:
    sys.exit(f"dist: no static Swift runtime in {static}: this toolchain cannot link albumreport statically.")
group = [flag for name in archives for flag in ("-Xlinker", "-l" + name)]
args = [arg for arg in args if arg != "-static-stdlib"] + ["-static-stdlib", "-Xlinker", "--start-group"]
args += group + ["-Xlinker", "--end-group", "-lstdc++"]
subprocess.run(args, check=True)
PY
scripts/check-sanitized.sh none "$binary"
# No library of the Swift runtime may be needed: the tarball runs where no Swift is installed.
runtime='^(libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting)'
if readelf -d "$binary" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | grep -E "$runtime"; then
  echo "dist: $binary still needs the Swift runtime's shared libraries (above)" >&2
  exit 1
fi

reported="$("$binary" --version)"
if [ "$reported" != "$version" ]; then
  echo "dist: VERSION says $version but the binary says $reported; set AlbumReportVersion.current (Sources/AlbumReport/AlbumReportVersion.swift) to $version." >&2
  exit 1
fi

stage="dist/$name"
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage"
# Debug sections off (a third of the size); the symbol table stays, so crash backtraces keep names.
strip --strip-debug -o "$stage/albumreport" "$binary"

# SwiftPM's Bundle.module looks for NAME.resources beside the executable first (then at the build
# folder's absolute path, which does not exist once unpacked elsewhere). Ship each bundle the
# binary names, and only those (the release folder also holds other products' bundles).
bundles=()
for bundle in "$bin_dir"/*.resources; do
  [ -d "$bundle" ] || continue
  if grep -qF "$(basename "$bundle")" "$binary"; then
    cp -R "$bundle" "$stage/"
    bundles+=("$(basename "$bundle")")
  fi
done
[ ${#bundles[@]} -gt 0 ] || { echo "dist: no resource bundle found beside $binary" >&2; exit 1; }

# The Debian packages of the libraries the binary links directly (its NEEDED entries, found where
# ldd resolves them, then dpkg -S; apt brings what those need in turn). A path is tried as ldd
# gives it, then its real path, each also with /usr added or removed: bookworm's merged /usr gives
# files two names and dpkg knows one.
owner() {
  local path="$1" candidate real
  real="$(readlink -f "$path")"
  for candidate in "$path" "$real" "/usr$path" "/usr$real" "${path#/usr}" "${real#/usr}"; do
    if dpkg -S "$candidate" >/dev/null 2>&1; then
      dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1
      return
    fi
  done
  echo "dist: no Debian package owns $path (ldd of $binary)" >&2
  exit 1
}
declare -A reasons=()
while read -r library path; do
  package="$(owner "$path")"
  reasons[$package]="${reasons[$package]:+${reasons[$package]}, }$library"
done < <(ldd "$stage/albumreport" | awk -v needed="$(readelf -d "$stage/albumreport" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')" '
  BEGIN { split(needed, names, " "); for (i in names) direct[names[i]] = 1 }
  $2 == "=>" && $3 ~ /^\// && ($1 in direct) { print $1, $3 }')
# What ldd cannot see: the fonts fontconfig resolves at run time (the same packages
# install-deps.sh installs for building, so a dist renders exactly as a source build), fc-cache,
# and the CA certificates for fetching feeds over HTTPS.
while read -r package; do
  reasons[$package]="fonts and their configuration, found at run time"
done < <(sed -nE 's/^[[:space:]]+((fonts-|fontconfig)[a-z0-9-]*)[[:space:]].*/\1/p' scripts/install-deps.sh)
reasons[ca-certificates]="trusted roots for fetching feeds over HTTPS"
{
  echo "# The Debian 12 (bookworm) packages albumreport $version needs at run time, one per line,"
  echo "# each with what it provides (the binary's NEEDED libraries, through ldd and dpkg -S, when"
  echo "# dist was built; apt-get installs what these depend on)."
  for package in $(printf '%s\n' "${!reasons[@]}" | sort); do
    printf '%-24s # %s\n' "$package" "${reasons[$package]}"
  done
} >"$stage/runtime-packages.txt"

cp scripts/install-runtime.sh "$stage/install-runtime.sh"

{
  echo "# albumreport $version for Linux ($arch)"
  echo
  echo "A release build of albumreport with the Swift standard library linked in: no Swift toolchain"
  echo "needed. Unpack this folder anywhere and keep its files together (\`albumreport\` loads the"
  echo "\`*.resources\` folders beside it). On Debian 12 (bookworm, whose libraries it links), install"
  echo "the runtime packages (\`runtime-packages.txt\`), then run it:"
  echo
  echo '```sh'
  echo "./install-runtime.sh          # apt-get install of the packages it lacks (root or sudo)"
  echo "./albumreport generate --output Output     # renders the embedded sample, offline"
  echo '```'
  echo
  # The README's opening paragraph and its Usage section (the real --help).
  awk 'NR > 2 && /^$/ { exit } NR > 2 { print }' README.md
  echo
  awk '/^## Usage$/ { on = 1 } on && /^## / && !/^## Usage$/ { exit } on { print }' README.md
} >"$stage/README.md"
[ -f LICENSE ] && cp LICENSE "$stage/"

# Reproducible: sorted names, fixed owner and time (the commit's), no gzip timestamp.
mtime="$(git log -1 --format=%cI 2>/dev/null || echo 2024-01-01T00:00:00Z)"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C dist -cf - "$name" | gzip -n -9 >"dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: $(du -h "dist/$name.tar.gz" | cut -f1) with ${bundles[*]} and $(grep -vc '^#' "$stage/runtime-packages.txt") runtime packages" >&2
echo "dist/$name.tar.gz"
