#!/usr/bin/env bash
# Proves a `make dist` tarball runs on a Debian 12 machine that has nothing but the packages its
# runtime-packages.txt lists: a `debootstrap --variant=minbase bookworm` root (no Swift, no -dev
# packages, no build tools), those packages installed inside it by the tarball's own
# install-runtime.sh (apt-get), the tarball unpacked into /opt and run there through a symlink on
# PATH. It renders the embedded sample twice and in a
# dark theme, and asserts the files, then `compare`: identical renders exit 0, the dark one exits 1
# with a report. Needs root and debootstrap (scripts/install-deps.sh --dist).
#   scripts/test-dist.sh [TARBALL]     (default: this VERSION's tarball under dist/)
#   scripts/test-dist.sh --prepare     (only the minbase root, no tarball needed: CI makes it while
#                                       it compiles)
# The roots are cached under $ALBUMREPORT_TEST_DIST_CACHE (default /var/cache/albumreport/test-dist):
# the minbase root once, and a copy of it with the runtime packages per package list (keyed on the
# list's hash), so a rerun with the same list installs nothing and takes seconds.
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
prepare_only=0
if [ "${1:-}" = "--prepare" ]; then prepare_only=1; shift; fi
tarball="${1:-$root_dir/dist/albumreport-$(tr -d '[:space:]' <"$root_dir/VERSION")-linux-$(uname -m).tar.gz}"
if [ "$prepare_only" -eq 0 ]; then
  [ -f "$tarball" ] || { echo "test-dist: no tarball at $tarball; run make dist first." >&2; exit 1; }
  tarball="$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")"
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

base="$cache/bookworm-minbase"

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

if [ ! -f "$base/.complete" ]; then
  say "debootstrap --variant=minbase bookworm from $mirror (once per cache)"
  rm -rf "$base"
  debootstrap --variant=minbase bookworm "$base" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
  touch "$base/.complete"
fi
if [ "$prepare_only" -eq 1 ]; then
  say "the minbase root is ready: $base"
  exit 0
fi

# The package list, read from the tarball without unpacking the rest.
list="$(tar -xzOf "$tarball" --wildcards '*/runtime-packages.txt')"
mapfile -t packages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' <<<"$list" | tr -d ' ')
[ ${#packages[@]} -gt 0 ] || { echo "test-dist: $tarball has no runtime-packages.txt" >&2; exit 1; }
key="$(printf '%s\n' "$mirror" "${packages[@]}" | sha256sum | cut -c1-16)"
chroot_dir="$cache/runtime-$key"

if [ ! -f "$chroot_dir/.complete" ]; then
  say "installing the ${#packages[@]} runtime packages into a copy of the minbase root"
  rm -rf "$chroot_dir" "$chroot_dir.tmp"
  cp -a "$base" "$chroot_dir.tmp"
  cp /etc/resolv.conf "$chroot_dir.tmp/etc/resolv.conf"
  mount_in "$chroot_dir.tmp/proc" -t proc proc
  # With the tarball's own install-runtime.sh, as a user would (it runs apt-get for the list).
  mkdir -p "$chroot_dir.tmp/tmp/install"
  tar -xzf "$tarball" -C "$chroot_dir.tmp/tmp/install"
  chroot "$chroot_dir.tmp" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
    sh -c '/tmp/install/*/install-runtime.sh >/dev/null && apt-get clean'
  rm -rf "$chroot_dir.tmp/tmp/install"
  cleanup
  rm -f "$chroot_dir.tmp/.complete"
  mv "$chroot_dir.tmp" "$chroot_dir"
  touch "$chroot_dir/.complete"
  # Older roots of other package lists are not needed again.
  find "$cache" -maxdepth 1 -name 'runtime-*' ! -name "runtime-$key" -exec rm -rf {} +
fi

# Nothing of a previous run, and nothing of Swift, in the root.
rm -rf "$chroot_dir/opt/albumreport" "$chroot_dir/tmp/test-dist" "$chroot_dir/usr/local/bin/albumreport"
if find "$chroot_dir/usr" -name 'libswiftCore.so*' -print -quit | grep -q .; then
  echo "test-dist: the root has a Swift runtime; it should not." >&2
  exit 1
fi
mkdir -p "$chroot_dir/opt/albumreport" "$chroot_dir/tmp/test-dist"
tar -xzf "$tarball" -C "$chroot_dir/opt/albumreport"
folder="$(basename "$(find "$chroot_dir/opt/albumreport" -mindepth 1 -maxdepth 1 -type d)")"
ln -s "/opt/albumreport/$folder/albumreport" "$chroot_dir/usr/local/bin/albumreport"
mount_in "$chroot_dir/proc" -t proc proc  # Bundle.main finds the executable through /proc/self/exe

run() {  # run COMMAND… : inside the root, with a bare environment, from an empty folder
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
    sh -c 'cd /tmp/test-dist && exec "$@"' sh "$@"
}
expect_status() {  # expect_status STATUS COMMAND…
  local want="$1" status=0
  shift
  run "$@" || status=$?
  if [ "$status" -ne "$want" ]; then
    echo "test-dist: FAILED: \`$*\` exited $status, expected $want." >&2
    exit 1
  fi
}
expect_files() {  # expect_files FOLDER : the sheet, 10 cards and the manifest, inside the root
  local folder="$chroot_dir/tmp/test-dist/$1" cards
  for file in sheet.png manifest.json; do
    [ -s "$folder/$file" ] || { echo "test-dist: FAILED: $1/$file was not written." >&2; exit 1; }
  done
  cards="$(find "$folder/cards" -name '*.png' -size +1k | wc -l)"
  [ "$cards" -eq 10 ] || { echo "test-dist: FAILED: $1/cards has $cards cards, expected 10." >&2; exit 1; }
}

say "running $folder in the clean root"
# Its install script finds every package present (so it and the list agree).
expect_status 0 "/opt/albumreport/$folder/install-runtime.sh"
version="$(run albumreport --version)"
[ "$folder" = "albumreport-$version-linux-$(uname -m)" ] ||
  { echo "test-dist: FAILED: the binary says version $version; the tarball is $folder." >&2; exit 1; }
expect_status 0 albumreport generate --limit 10 --output light --quiet
expect_files light
expect_status 0 albumreport generate --limit 10 --output again --quiet
expect_status 0 albumreport generate --limit 10 --theme dark --output dark --quiet
expect_files dark
expect_status 0 albumreport compare light again --report-dir same-report --quiet
expect_status 1 albumreport compare light dark --report-dir dark-report --junit dark.xml --quiet
[ -s "$chroot_dir/tmp/test-dist/dark-report/report.html" ] ||
  { echo "test-dist: FAILED: compare wrote no dark-report/report.html." >&2; exit 1; }
grep -q '<failure' "$chroot_dir/tmp/test-dist/dark.xml" ||
  { echo "test-dist: FAILED: dark.xml reports no failing file." >&2; exit 1; }
cleanup
rm -rf "$chroot_dir/tmp/test-dist" "$chroot_dir/opt/albumreport" "$chroot_dir/usr/local/bin/albumreport"
say "passed: $folder runs in a bookworm minbase root with only ${#packages[@]} runtime packages (generate, compare)."
