#!/usr/bin/env bash
# Installs the system packages albumreport needs on Debian/Ubuntu, and says what it installs.
# Safe to run again: packages already present are left alone.
set -euo pipefail

packages=(
  libgd-dev          # libgd: canvas, PNG/JPEG/WebP codecs, resampling, FreeType text
  libpng-dev         # PNG codec used by libgd
  libdeflate-dev     # libdeflate: fast deflate for the PNGs we encode ourselves
  libfontconfig-dev  # fontconfig: font families resolved to files
  libfreetype-dev    # FreeType: font metrics
  pkg-config         # lets SwiftPM find libgd (gdlib.pc)
  fontconfig         # fc-cache and the font configuration
  fonts-inter        # Inter, the iOS-like UI font of the default themes
  fonts-dejavu-core  # DejaVu Sans, the fallback font
)

# `--browser` adds Debian's Chromium, which the index.html test drives headless (CI passes it;
# without it that test is skipped with a message).
if [ "${1:-}" = "--browser" ]; then
  packages+=(chromium)
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian/Ubuntu system; install libgd, fontconfig, pkg-config and the Inter font yourself (macOS: brew install gd fontconfig pkg-config; brew install --cask font-inter)."
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all system packages present (${packages[*]})."
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "install-deps: missing ${missing[*]}; run this script as root or install sudo." >&2
    exit 1
  fi
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-deps: done."
