#!/usr/bin/env bash
# Renders the README's before/after picture of the type (docs/images/large-title-before-after.png):
# the sheet's 34 pt large title and a card's 22 pt title, drawn by the built tool twice: "before"
# with a copy of the shipped light theme as it was (every style in Inter, the text cut, with
# Apple's SF Pro tracking table applied to it), "after" with the shipped light theme (Inter
# Display from 20 pt up, Inter below, each with its own tracking).
# Usage: scripts/large-title-comparison.sh [path/to/albumreport]   (default: .build/release/albumreport)
# Needs Python 3 with Pillow (Debian: python3-pil) and fonts-inter (for the labels).
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${1:-.build/release/albumreport}"
out="${OUT:-docs/images/large-title-before-after.png}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python="$(command -v /usr/bin/python3 || command -v python3)"

# The old theme: every family Inter, no theme-wide families, and the tracking the old code took
# from Apple's SF Pro table (AppleTracking) written out per style.
"$python" - Templates/light.json "$work/before.json" <<'PY'
import json, sys
theme = json.load(open(sys.argv[1]))
fonts = theme["fonts"]
for key in ("family", "displayFamily", "emojiFamily"):
    fonts.pop(key, None)
sf = {12: 0.0, 13: -0.08, 15: -0.23, 17: -0.43, 22: -0.26, 34: 0.4}
fonts["largeTitle"] = {"family": "Inter", "weight": "bold", "size": 34, "lineHeight": 41}
for name, style in fonts.items():
    if isinstance(style, dict):
        style["family"] = "Inter"
        style["tracking"] = sf[int(style["size"])]
theme["name"] = "before"
json.dump(theme, open(sys.argv[2], "w"), indent=2)
PY

"$tool" generate --output "$work/before" --theme "$work/before.json" --limit 1 --no-cache --quiet --force
"$tool" generate --output "$work/after" --theme light --limit 1 --no-cache --quiet --force

"$python" - "$work" "$out" <<'PY'
import json, sys
from pathlib import Path
from PIL import Image, ImageDraw, ImageFont

work, out = Path(sys.argv[1]), Path(sys.argv[2])

def crops(report):
    """The large title's band of the sheet and the title's band of the first card, in pixels."""
    manifest = json.loads((work / report / "manifest.json").read_text())
    found = []
    for kind, element in (("sheet", "largeTitle"), ("card", "title")):
        screen = next(s for s in manifest["screens"] if s["kind"] == kind)
        frame = next(e for e in screen["elements"] if e["name"] == element)["pixels"]
        image = Image.open(work / report / screen["file"]).convert("RGB")
        pad = 24
        box = (0, frame["y"] - pad, min(image.width, 1179), frame["y"] + frame["height"] + pad)
        found.append(image.crop(box))
    return found

label_font = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
try:
    font = ImageFont.truetype(label_font, 40)
except OSError:
    font = ImageFont.load_default()
columns = [("Before: Inter, SF Pro's tracking", crops("before")), ("After: Inter Display, its own spacing", crops("after"))]
width = max(c.width for _, images in columns for c in images)
gap, header = 40, 80
height = header + sum(c.height for c in columns[0][1]) + gap * (len(columns[0][1]) - 1)
canvas = Image.new("RGB", (2 * width + gap, height), "white")
draw = ImageDraw.Draw(canvas)
for index, (title, images) in enumerate(columns):
    x = index * (width + gap)
    draw.text((x + 48, 20), title, fill=(138, 138, 142), font=font)
    y = header
    for image in images:
        canvas.paste(image, (x, y))
        y += image.height + gap
draw.line([(width + gap // 2, 0), (width + gap // 2, height)], fill=(198, 198, 200), width=2)
out.parent.mkdir(parents=True, exist_ok=True)
canvas.save(out, optimize=True)
print(f"wrote {out} ({canvas.width}×{canvas.height})")
PY
