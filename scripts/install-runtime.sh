#!/usr/bin/env bash
# Installs the Debian packages in runtime-packages.txt (beside this script) that are missing.
# Shipped in both `make dist` tarballs (scripts/dist.sh copies it there).
#   install-runtime.sh                    check the machine, then install what is missing
#   install-runtime.sh --check [PRODUCT]  only check that this machine can run the tarball (action.yml
#                                         runs this before it downloads anything; PRODUCT, albumreport
#                                         or albumreport-compare, stands for a runtime-packages.txt)
# The check reads the list's `# system:` line — `debian 12` for albumreport, which links bookworm's
# libraries by name; `glibc 2.36` for albumreport-compare, which runs on any apt system with that C
# library or a later one — and /etc/os-release (ALBUMREPORT_OS_RELEASE names another file: the tests
# use it to play an Ubuntu runner). Debian 13 and Ubuntu 24.04 renamed some libraries' packages
# for 64-bit time (libpng16-16 is libpng16-16t64 there): a name apt does not know is tried with t64.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

check_only=0
product=""
if [ "${1:-}" = "--check" ]; then check_only=1; product="${2:-}"; fi
if [ -n "$product" ]; then
  case "$product" in
    albumreport) system="debian 12" ;;
    albumreport-compare) system="glibc 2.36" ;;
    *) echo "install-runtime.sh: --check takes albumreport or albumreport-compare, not '$product'." >&2; exit 2 ;;
  esac
else
  system=""
  if [ -r "$here/runtime-packages.txt" ]; then
    system="$(sed -nE 's/^#[[:space:]]*system:[[:space:]]*(.*[^[:space:]])[[:space:]]*$/\1/p' "$here/runtime-packages.txt" | head -1)"
  fi
  system="${system:-debian 12}"   # tarballs before 0.4.0 have no such line: the whole tool
fi

os_release="${ALBUMREPORT_OS_RELEASE:-/etc/os-release}"
field() { sed -nE "s/^$1=\"?([^\"]*)\"?\$/\1/p" "$os_release" | head -1; }
if [ ! -r "$os_release" ]; then
  machine="a system without $os_release (not Linux, or not a Debian-like one)"
else
  machine="$(field PRETTY_NAME)"
  machine="${machine:-$(field ID) $(field VERSION_ID)} ($os_release)"
fi
# version_at_least HAVE WANT: whether dotted version HAVE ≥ WANT.
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -1)" = "$2" ]; }

case "$system" in
  "debian 12")
    # The whole tool links bookworm's libraries (libicu72, libgd3, …), which other releases and
    # distributions do not have under those names: apt would fail deep inside.
    if [ ! -r "$os_release" ] || [ "$(field ID)" != debian ] || [ "$(field VERSION_ID)" != 12 ]; then
      echo "albumreport: the prebuilt binary is built for Debian 12 (bookworm) and this machine is $machine;" \
        "the bookworm libraries it links (libicu72, libgd3, …) cannot be installed here. Run it on Debian 12:" \
        "in GitHub Actions, run the job in a Debian 12 container (container: debian:bookworm-slim)," \
        "or leave the action's binary-url empty to build albumreport from source." \
        "To only compare PNGs, the compare-only tarball (albumreport-compare-…) runs on Debian 12 and 13 and Ubuntu 24.04." >&2
      exit 1
    fi
    ;;
  "glibc "*)
    wanted="${system#glibc }"
    have="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }' || true)"
    if [ -z "$have" ] || ! version_at_least "$have" "$wanted"; then
      echo "albumreport: albumreport-compare needs glibc $wanted or later, and this machine ($machine) has" \
        "${have:+glibc $have}${have:-no glibc}. Use Debian 12 or later, or Ubuntu 24.04 or later (in GitHub Actions:" \
        "runs-on: ubuntu-24.04, or container: debian:bookworm-slim)." >&2
      exit 1
    fi
    if ! command -v apt-get >/dev/null; then
      if [ "$check_only" -eq 1 ]; then exit 0; fi
      echo "albumreport: this machine ($machine) has no apt-get; install libpng 1.6 with its package manager" \
        "(dnf install libpng, apk add libpng, pacman -S libpng), then run ./albumreport-compare." >&2
      exit 1
    fi
    ;;
  *)
    echo "albumreport: runtime-packages.txt names a system this script does not know ('$system'); use the install-runtime.sh of the same tarball." >&2
    exit 1
    ;;
esac
if [ "$check_only" -eq 1 ]; then exit 0; fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
mapfile -t packages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/runtime-packages.txt" | tr -d ' ')
missing=()
for package in "${packages[@]}"; do
  installed "$package" || installed "${package}t64" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then echo "albumreport: runtime packages present."; exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# A name this release does not have is tried with the 64-bit-time suffix it may carry here.
candidate() { apt-cache policy "$1" 2>/dev/null | grep -qE '^[[:space:]]*Candidate:[[:space:]]*[^([:space:]]'; }
names=()
for package in "${missing[@]}"; do
  if ! candidate "$package" && candidate "${package}t64"; then names+=("${package}t64"); else names+=("$package"); fi
done
$sudo apt-get install -y -qq --no-install-recommends "${names[@]}"
