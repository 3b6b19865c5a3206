#!/usr/bin/env bash
# Proves each `make dist` tarball runs on a machine that has nothing but the packages its
# runtime-packages.txt lists: a `debootstrap --variant=minbase` root (no Swift, no -dev packages, no
# build tools), those packages installed inside it by the tarball's own install-runtime.sh
# (apt-get), the tarball unpacked into /opt and run there through a symlink on PATH.
#   albumreport (Debian 12): renders the embedded sample twice and in a dark theme, and asserts the
#     files, then `compare`: identical renders exit 0, the dark one exits 1 with a report.
#   albumreport-compare, in a Debian 12 and a Debian 13 root (Debian 13 names libpng
#     libpng16-16t64): the root holds no libgd, fontconfig or ICU; identical folders exit 0, a
#     changed and a new file exit 1 with a report and JUnit, a file that is not a PNG exits 2;
#     --help and --version.
# Needs root and debootstrap (scripts/install-deps.sh --dist).
#   scripts/test-dist.sh [TARBALL…]    (default: this VERSION's two tarballs under dist/)
#   scripts/test-dist.sh --prepare     (only the minbase roots, no tarball needed: CI makes them
#                                       while it compiles)
# The roots are cached under $ALBUMREPORT_TEST_DIST_CACHE (default /var/cache/albumreport/test-dist):
# each release's minbase root once, and a copy of it with the runtime packages per release and
# package list (keyed on the list's hash), so a rerun with the same list installs nothing.
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
prepare_only=0
if [ "${1:-}" = "--prepare" ]; then prepare_only=1; shift; fi
version="$(tr -d '[:space:]' <"$root_dir/VERSION")"
tarballs=("$@")
if [ ${#tarballs[@]} -eq 0 ]; then
  tarballs=("$root_dir/dist/albumreport-$version-linux-$(uname -m).tar.gz"
    "$root_dir/dist/albumreport-compare-$version-linux-$(uname -m).tar.gz")
fi
if [ "$prepare_only" -eq 0 ]; then
  for index in "${!tarballs[@]}"; do
    tarball="${tarballs[index]}"
    [ -f "$tarball" ] || { echo "test-dist: no tarball at $tarball; run make dist first." >&2; exit 1; }
    tarballs[index]="$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")"
  done
fi
[ "$(id -u)" -eq 0 ] || { echo "test-dist: needs root (debootstrap and chroot)." >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "test-dist: debootstrap is missing; run scripts/install-deps.sh --dist." >&2; exit 1; }
started=$SECONDS
say() { echo "test-dist: [$((SECONDS - started)) s] $*"; }

cache="${ALBUMREPORT_TEST_DIST_CACHE:-/var/cache/albumreport/test-dist}"
mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9  # one run at a time per cache

# The Debian mirror this machine's apt uses (deb822 or one-line sources), else Debian's own.
mirror="$(sed -nE 's#^URIs:[[:space:]]*(https?://[^[:space:]]+/debian)/?$#\1#p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)"
[ -n "$mirror" ] || mirror="$(sed -nE 's#^deb[[:space:]]+(https?://[^[:space:]]+/debian)/?[[:space:]]+bookworm[[:space:]].*#\1#p' /etc/apt/sources.list 2>/dev/null | head -1)"
[ -n "$mirror" ] || mirror="http://deb.debian.org/debian"

mounted=()
cleanup() {
  local index
  for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do umount -l "${mounted[index]}" 2>/dev/null || true; done
  mounted=()
}
trap cleanup EXIT
mount_in() {  # mount_in TARGET ARGS… : mounts, remembered for the trap
  mkdir -p "$1"
  local target="$1"
  shift
  mount "$@" "$target"
  mounted+=("$target")
}

# minbase RELEASE: the release's minbase root, made once per cache.
minbase() {
  local base="$cache/$1-minbase"
  if [ ! -f "$base/.complete" ]; then
    say "debootstrap --variant=minbase $1 from $mirror (once per cache)"
    rm -rf "$base"
    debootstrap --variant=minbase "$1" "$base" "$mirror" >"$cache/debootstrap-$1.log" 2>&1 ||
      { tail -20 "$cache/debootstrap-$1.log" >&2; exit 1; }
    touch "$base/.complete"
  fi
}
if [ "$prepare_only" -eq 1 ]; then
  # One after the other: debootstrap is network and dpkg, and the build beside it wants the CPU.
  minbase bookworm
  minbase trixie
  say "the minbase roots are ready under $cache"
  exit 0
fi

# runtime_root RELEASE TARBALL: sets chroot_dir to a copy of RELEASE's minbase root with the
# tarball's runtime packages installed by its own install-runtime.sh, as a user would (cached per
# release and package list), with nothing of a previous run in it.
runtime_root() {
  local release=$1 tarball=$2 list key
  minbase "$release"
  list="$(tar -xzOf "$tarball" --wildcards '*/runtime-packages.txt')"
  mapfile -t packages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' <<<"$list" | tr -d ' ')
  [ ${#packages[@]} -gt 0 ] || { echo "test-dist: $tarball has no runtime-packages.txt" >&2; exit 1; }
  key="$(printf '%s\n' "$mirror" "$list" | sha256sum | cut -c1-16)"
  chroot_dir="$cache/runtime-$release-$key"
  if [ ! -f "$chroot_dir/.complete" ]; then
    say "installing ${#packages[@]} runtime packages into a copy of the $release minbase root"
    rm -rf "$chroot_dir" "$chroot_dir.tmp"
    cp -a "$cache/$release-minbase" "$chroot_dir.tmp"
    cp /etc/resolv.conf "$chroot_dir.tmp/etc/resolv.conf"
    mount_in "$chroot_dir.tmp/proc" -t proc proc
    mkdir -p "$chroot_dir.tmp/tmp/install"
    tar -xzf "$tarball" -C "$chroot_dir.tmp/tmp/install"
    chroot "$chroot_dir.tmp" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
      sh -c '/tmp/install/*/install-runtime.sh >/dev/null && apt-get clean'
    rm -rf "$chroot_dir.tmp/tmp/install"
    cleanup
    rm -f "$chroot_dir.tmp/.complete"
    mv "$chroot_dir.tmp" "$chroot_dir"
    touch "$chroot_dir/.complete"
  fi
  rm -rf "$chroot_dir/opt/albumreport" "$chroot_dir/tmp/test-dist"
  rm -f "$chroot_dir/usr/local/bin/albumreport" "$chroot_dir/usr/local/bin/albumreport-compare"
  # Nothing of Swift in the root.
  if find "$chroot_dir/usr" -name 'libswiftCore.so*' -print -quit | grep -q .; then
    echo "test-dist: the $release root has a Swift runtime; it should not." >&2
    exit 1
  fi
  mkdir -p "$chroot_dir/opt/albumreport" "$chroot_dir/tmp/test-dist"
}

# install_tarball TARBALL PRODUCT: unpacks it into the root's /opt, PRODUCT on PATH; sets folder.
install_tarball() {
  tar -xzf "$1" -C "$chroot_dir/opt/albumreport"
  folder="$(basename "$(find "$chroot_dir/opt/albumreport" -mindepth 1 -maxdepth 1 -type d)")"
  ln -s "/opt/albumreport/$folder/$2" "$chroot_dir/usr/local/bin/$2"
  mount_in "$chroot_dir/proc" -t proc proc  # Bundle.main finds the executable through /proc/self/exe
  # Its install script finds every package present (so it and the list agree), and its --version
  # is the tarball's.
  expect_status 0 "/opt/albumreport/$folder/install-runtime.sh"
  local reported
  reported="$(run "$2" --version)"
  [ "$folder" = "$2-$reported-linux-$(uname -m)" ] ||
    { echo "test-dist: FAILED: $2 says version $reported; the tarball is $folder." >&2; exit 1; }
}

run() {  # run COMMAND… : inside the root, with a bare environment, from an empty folder
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
    sh -c 'cd /tmp/test-dist && exec "$@"' sh "$@"
}
expect_status() {  # expect_status STATUS COMMAND…
  local want="$1" status=0
  shift
  run "$@" || status=$?
  if [ "$status" -ne "$want" ]; then
    echo "test-dist: FAILED: \`$*\` exited $status, expected $want (in $chroot_dir)." >&2
    exit 1
  fi
}
expect_file() {  # expect_file PATH : a non-empty file under the root's /tmp/test-dist
  [ -s "$chroot_dir/tmp/test-dist/$1" ] || { echo "test-dist: FAILED: $1 was not written." >&2; exit 1; }
}
expect_files() {  # expect_files FOLDER : the sheet, 10 cards and the manifest, inside the root
  local folder="$chroot_dir/tmp/test-dist/$1" cards
  expect_file "$1/sheet.png"
  expect_file "$1/manifest.json"
  cards="$(find "$folder/cards" -name '*.png' -size +1k | wc -l)"
  [ "$cards" -eq 10 ] || { echo "test-dist: FAILED: $1/cards has $cards cards, expected 10." >&2; exit 1; }
}
finish() {  # finish : unmounts and empties the root for the next run
  cleanup
  rm -rf "$chroot_dir/tmp/test-dist" "$chroot_dir/opt/albumreport"
  rm -f "$chroot_dir/usr/local/bin/albumreport" "$chroot_dir/usr/local/bin/albumreport-compare"
}

# The whole tool, in Debian 12: generate, then compare its renders.
test_albumreport() {
  runtime_root bookworm "$1"
  install_tarball "$1" albumreport
  say "running $folder in the clean bookworm root"
  expect_status 0 albumreport generate --limit 10 --output light --quiet
  expect_files light
  expect_status 0 albumreport generate --limit 10 --output again --quiet
  expect_status 0 albumreport generate --limit 10 --theme dark --output dark --quiet
  expect_files dark
  expect_status 0 albumreport compare light again --report-dir same-report --quiet
  expect_status 1 albumreport compare light dark --report-dir dark-report --junit dark.xml --quiet
  expect_file dark-report/report.html
  grep -q '<failure' "$chroot_dir/tmp/test-dist/dark.xml" ||
    { echo "test-dist: FAILED: dark.xml reports no failing file." >&2; exit 1; }
  finish
  say "passed: $folder runs in a bookworm minbase root with only ${#packages[@]} runtime packages (generate, compare)."
}

# compare alone, in RELEASE: the sample's artwork as goldens, a copy as the actual images.
test_albumreport_compare() {
  local release=$2 artwork="$root_dir/Sources/AlbumReport/Resources/Sample/artwork" work
  runtime_root "$release" "$1"
  install_tarball "$1" albumreport-compare
  say "running $folder in the clean $release root"
  # None of the renderer's libraries is there: the binary cannot have leaned on them.
  local library
  for library in libgd.so libfontconfig.so libicuuc.so libharfbuzz.so libfreetype.so; do
    if find "$chroot_dir/usr/lib" -name "$library*" -print -quit | grep -q .; then
      echo "test-dist: FAILED: the $release root for $folder has $library; it should hold none of the renderer's libraries." >&2
      exit 1
    fi
  done
  work="$chroot_dir/tmp/test-dist"
  mkdir -p "$work/goldens" "$work/actual"
  local index=0 picture
  for picture in "$artwork"/*/600x600bb.png; do
    index=$((index + 1))
    cp "$picture" "$work/goldens/$index.png"
    [ "$index" -lt 6 ] || break
  done
  cp -R "$work/goldens/." "$work/same"
  cp -R "$work/goldens/." "$work/actual"
  cp "$work/goldens/2.png" "$work/actual/1.png"     # changed
  cp "$work/goldens/3.png" "$work/actual/new.png"   # new
  expect_status 0 albumreport-compare goldens same --report-dir same-report --quiet
  expect_status 1 albumreport-compare goldens actual --report-dir report --junit report/junit.xml --quiet
  expect_file report/report.html
  expect_file report/junit.xml
  grep -q '<failure' "$work/report/junit.xml" ||
    { echo "test-dist: FAILED: junit.xml reports no failing file ($release)." >&2; exit 1; }
  printf 'not a PNG' >"$work/actual/2.png"
  expect_status 2 albumreport-compare goldens actual --report-dir broken-report --quiet
  run albumreport-compare --help | grep -q 'USAGE: albumreport-compare \[<options>\] <expected> <actual>' ||
    { echo "test-dist: FAILED: albumreport-compare --help has no usage line ($release)." >&2; exit 1; }
  finish
  say "passed: $folder runs in a $release minbase root with only ${#packages[@]} runtime packages."
}

for tarball in "${tarballs[@]}"; do
  case "$(basename "$tarball")" in
    albumreport-compare-*)
      test_albumreport_compare "$tarball" bookworm
      test_albumreport_compare "$tarball" trixie
      ;;
    albumreport-*) test_albumreport "$tarball" ;;
    *) echo "test-dist: $tarball is not a make dist tarball (albumreport-… or albumreport-compare-…)." >&2; exit 1 ;;
  esac
done
