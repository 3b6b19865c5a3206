#!/usr/bin/env bash
# Installs the Debian packages in runtime-packages.txt (beside this script) that are missing.
# Shipped in the `make dist` tarball (scripts/dist.sh copies it there).
#   install-runtime.sh            check the machine, then install what is missing
#   install-runtime.sh --check    only check that this machine is the Debian release the tarball
#                                 is built for (action.yml runs this before it downloads anything)
# The check reads /etc/os-release; ALBUMREPORT_OS_RELEASE names another file instead (the tests
# use it to play an Ubuntu runner).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

# The tarball is built on Debian 12 and links bookworm's libraries (libicu72, libgd3, …), which
# other releases and distributions do not have under those names: apt would fail deep inside.
os_release="${ALBUMREPORT_OS_RELEASE:-/etc/os-release}"
field() { sed -nE "s/^$1=\"?([^\"]*)\"?\$/\1/p" "$os_release" | head -1; }
if [ ! -r "$os_release" ]; then
  system="a system without $os_release (not Linux, or not a Debian-like one)"
else
  system="$(field PRETTY_NAME)"
  system="${system:-$(field ID) $(field VERSION_ID)} ($os_release)"
fi
if [ ! -r "$os_release" ] || [ "$(field ID)" != debian ] || [ "$(field VERSION_ID)" != 12 ]; then
  echo "albumreport: the prebuilt binary is built for Debian 12 (bookworm) and this machine is $system;" \
    "the bookworm libraries it links (libicu72, libgd3, …) cannot be installed here. Run it on Debian 12:" \
    "in GitHub Actions, run the job in a Debian 12 container (container: debian:bookworm-slim)," \
    "or leave the action's binary-url empty to build albumreport from source." >&2
  exit 1
fi
if [ "${1:-}" = "--check" ]; then exit 0; fi

mapfile -t packages < <(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$here/runtime-packages.txt" | tr -d ' ')
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then echo "albumreport: runtime packages present."; exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
