#!/usr/bin/env bash
# Renders the README's picture of the comparison report (docs/images/compare-report.png): the
# sample's first card against the same card with its button moved one pixel lower, compared, and
# the top of the report in headless Chromium (a screenshot of a scrolled page comes out garbled in
# headless mode, so the page is shown as it opens).
# Usage: scripts/compare-report-image.sh [path/to/albumreport]   (default: .build/release/albumreport)
# Needs chromium and Python 3 with Pillow (Debian: python3-pil).
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${1:-.build/release/albumreport}"
out="${OUT:-docs/images/compare-report.png}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$tool" generate --output "$work/rendered" --limit 1 --no-cache --quiet --force
python3 - "$work" <<'PY'
import json, sys
from pathlib import Path
from PIL import Image

work = Path(sys.argv[1])
manifest = json.loads((work / "rendered/manifest.json").read_text())
card = next(s for s in manifest["screens"] if s["kind"] == "card")
button = next(e for e in card["elements"] if e["name"] == "button")["pixels"]
image = Image.open(work / "rendered" / card["file"]).convert("RGBA")
moved = image.copy()
# The button one pixel lower: its rows shifted down, the row above it drawn into its top row.
x, y, right, bottom = button["x"], button["y"], button["x"] + button["width"], button["y"] + button["height"]
moved.paste(image.crop((x, y - 1, right, bottom)), (x, y))
for side in ("goldens", "actual"):
    (work / side / "cards").mkdir(parents=True)
image.save(work / "goldens/cards/card.png")
moved.save(work / "actual/cards/card.png")
PY
tool="$(realpath "$tool")"
(cd "$work" && "$tool" compare goldens actual --report-dir Diffs --quiet) || true
chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" --hide-scrollbars \
  --window-size=1400,2300 --virtual-time-budget=5000 --screenshot="$work/shot.png" \
  "file://$work/Diffs/report.html" 2>/dev/null
python3 - "$work/shot.png" "$out" <<'PY'
import sys
from PIL import Image
# Tall enough for the whole card at "fit" (75 % of the window's height), then shown at 70 %.
image = Image.open(sys.argv[1]).convert("RGB")
image = image.resize((round(image.width * 0.7), round(image.height * 0.7)), Image.LANCZOS)
image.save(sys.argv[2], optimize=True)
PY
echo "wrote $out"
