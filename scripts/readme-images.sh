#!/usr/bin/env bash
# Renders the README's pictures (docs/images/*.png) with the built tool and shows them at 1×:
# each is the top screen of a report at the device's own scale, reduced to points with Pillow.
# Usage: scripts/readme-images.sh [path/to/albumreport]   (default: .build/release/albumreport)
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${1:-.build/release/albumreport}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out=docs/images
scripts=Tests/Fixtures/feeds/scripts

render() { # name, then generate's options
    local name="$1"
    shift
    "$tool" generate --output "$work/$name" --no-cache --quiet --force "$@"
}

render light --limit 8
render dark --limit 8 --theme dark
render swiftui --limit 8 --style swiftui
render swiftui-dark --limit 8 --style swiftui --theme dark
render se --limit 8 --device iphone-se
render fit-landscape --limit 2 --fit screen --orientation landscape
render ja --feed "$scripts/ja.json" --no-cards
render ar --feed "$scripts/ar.json"
render emoji --feed "$scripts/emoji.json" --no-cards
render ipad-landscape --limit 12 --device ipad-pro-13 --orientation landscape --fit screen
render ipad-portrait --limit 2 --device ipad-10
render appstore-69 --limit 8 --device appstore-6.9 --fit screen
render ipad-sheet-portrait --limit 14 --device ipad-pro-13 --style swiftui --fit screen
render ipad-sheet-landscape --limit 12 --device ipad-pro-13 --orientation landscape --style swiftui --theme dark
render ax5 --limit 2 --content-size ax5

python3 - "$work" "$out" <<'PY'
import json, sys
from pathlib import Path
from PIL import Image

work, out = Path(sys.argv[1]), Path(sys.argv[2])

def save(report, file, name, shrink=1):
    """The top screen of `file` (points × scale), shown at 1× (or 1/shrink of that)."""
    manifest = json.loads((work / report / "manifest.json").read_text())
    device = manifest["device"]
    scale = device["scale"]
    width, height = device["size"]["width"], device["size"]["height"]
    image = Image.open(work / report / file).convert("RGB")
    image = image.crop((0, 0, image.width, min(image.height, round(height * scale))))
    image = image.resize((round(width / shrink), round(image.height / scale / shrink)), Image.LANCZOS)
    image.save(out / f"{name}.png", optimize=True)

def card(report, rank):
    manifest = json.loads((work / report / "manifest.json").read_text())
    return next(s["file"] for s in manifest["screens"] if s.get("rank") == rank and s["kind"] == "card")

save("light", "sheet.png", "sheet")
save("light", card("light", 1), "card")
save("dark", "sheet.png", "sheet-dark")
save("dark", card("dark", 1), "card-dark")
save("swiftui", "sheet.png", "swiftui-sheet")
save("swiftui", card("swiftui", 1), "swiftui-card")
save("swiftui-dark", card("swiftui-dark", 1), "swiftui-card-dark")
save("se", "sheet.png", "se-sheet")
save("fit-landscape", card("fit-landscape", 2), "fit-landscape-card")
save("ja", "sheet.png", "ja-sheet")
save("ar", card("ar", 4), "ar-card")
save("emoji", "sheet.png", "emoji-sheet")
save("ipad-landscape", "sheet-001.png", "ipad-landscape-sheet", shrink=2)
save("ipad-landscape", card("ipad-landscape", 1), "ipad-landscape-card", shrink=2)
save("ipad-portrait", card("ipad-portrait", 1), "ipad-portrait-card", shrink=2)
save("appstore-69", "sheet-001.png", "appstore-69-sheet")
save("ipad-sheet-portrait", card("ipad-sheet-portrait", 1), "ipad-swiftui-portrait-card", shrink=2)
save("ipad-sheet-landscape", card("ipad-sheet-landscape", 1), "ipad-swiftui-landscape-card", shrink=2)
save("ax5", card("ax5", 1), "ax5-card")
PY
echo "Wrote $(find "$out" -maxdepth 1 -type f | wc -l) pictures to $out."

# Right to left: a card of the sample (with its artwork) in the Arabic UI (--language ar: Arabic
# chrome, mirrored; the feed's own words stay as they are).
render rtl-arabic --language ar --limit 4
# Dynamic Type: the same sheet at the smallest size, iOS's default and an accessibility size.
for size in xs l ax3; do
    render "content-size-$size" --limit 6 --no-cards --content-size "$size"
done
python3 - "$work" "$out" <<'PY'
import json, sys
from pathlib import Path
from PIL import Image

work, out = Path(sys.argv[1]), Path(sys.argv[2])


def first_screen(report, file, name):
    device = json.loads((report / "manifest.json").read_text())["device"]
    scale, width, height = device["scale"], device["size"]["width"], device["size"]["height"]
    image = Image.open(report / file).convert("RGB")
    image = image.crop((0, 0, image.width, min(image.height, round(height * scale))))
    image = image.resize((round(width), round(image.height / scale)), Image.LANCZOS)
    image.save(out / name, optimize=True)


manifest = json.loads((work / "rtl-arabic" / "manifest.json").read_text())
card = next(s["file"] for s in manifest["screens"] if s.get("rank") == 4 and s["kind"] == "card")
first_screen(work / "rtl-arabic", card, "rtl-arabic-card.png")
for size in ["xs", "l", "ax3"]:
    first_screen(work / f"content-size-{size}", "sheet.png", f"content-size-{size}.png")
PY
echo "Wrote rtl-arabic-card.png and the Dynamic Type sheets (content-size-xs, -l, -ax3) to $out."
# The grid page of a matrix (generate --matrix), screenshotted headless when Chromium is installed
# (scripts/install-deps.sh --browser).
"$tool" generate --output "$work/matrix" --no-cache --quiet --force --limit 4 \
    --matrix 'devices=iphone-15,ipad-10;themes=light,dark;languages=en,ar'
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -n "$browser" ]; then
    "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars --window-size=1000,1000 \
        --screenshot="$PWD/$out/matrix-index.png" "file://$work/matrix/index.html" 2>/dev/null
    echo "Wrote $out/matrix-index.png."
else
    echo "No Chromium on PATH: $out/matrix-index.png not rendered (scripts/install-deps.sh --browser)." >&2
fi
