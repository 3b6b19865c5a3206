#!/usr/bin/env python3
"""Photographic album covers for the benchmark, served as Apple's CDN serves them.

Writes OUT/NNN/600x600bb.jpg and OUT/NNN/100x100bb.jpg (JPEG quality 90) for NNN in
000..COUNT-1, plus OUT/PROVENANCE.txt. The covers are square crops (varied position, zoom and
mirroring, so that no two are alike) of the public-domain and CC0 photographs scikit-image
ships in its wheel, with the light sensor grain a camera leaves (Gaussian, sigma 4 levels),
downscaled with a Lanczos filter the way a CDN makes its sizes.

Where the photographs come from, in order:
  1. an installed scikit-image (python3 -m pip install scikit-image, or Debian's python3-skimage);
  2. its wheel, fetched once with `pip download scikit-image --no-deps` into --cache
     (PyPI only; nothing is installed);
  3. failing both, generated images with photographic statistics (smooth gradients, soft-edged
     shapes, grain), labelled as such in PROVENANCE.txt.

Needs Pillow. Usage: bench-photos.py --out DIR [--count 100] [--cache DIR]
"""

from __future__ import annotations

import argparse
import glob
import io
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageOps
except ImportError:
    sys.exit("bench-photos: Pillow is not installed (python3 -m pip install pillow).")

# scikit-image's colour photographs and CC0 textures, with their licences (from skimage.data).
PHOTOS = {
    "astronaut.png": "Eileen Collins, NASA; public domain",
    "chelsea.png": "Chelsea the cat, Stefan van der Walt; CC0",
    "coffee.png": "A cup of coffee, Rachel Michetti; CC0",
    "rocket.jpg": "Falcon 9, SpaceX; public domain",
    "hubble_deep_field.jpg": "Hubble eXtreme Deep Field, NASA; public domain",
    "retina.jpg": "Fundus photograph, Wikimedia Commons; CC0",
    "grass.png": "Grass texture, linolafett (DeviantArt); CC0 (greyscale, tinted here)",
    "gravel.png": "Gravel texture, CC0Textures; CC0 (greyscale, tinted here)",
}
LARGE, SMALL, QUALITY, GRAIN_SIGMA = 600, 100, 90, 4


def installed_photos() -> dict[str, bytes]:
    try:
        import skimage.data  # type: ignore[import-not-found]
    except Exception:
        return {}
    folder = Path(skimage.data.__file__).parent
    return {name: (folder / name).read_bytes() for name in PHOTOS if (folder / name).exists()}


def wheel_photos(cache: Path) -> dict[str, bytes]:
    cache.mkdir(parents=True, exist_ok=True)
    wheels = sorted(glob.glob(str(cache / "scikit_image-*.whl")))
    if not wheels:
        print("bench-photos: fetching scikit-image's wheel for its photographs (pip download)…", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--dest", str(cache), "scikit-image"],
            check=False, stdout=subprocess.DEVNULL)
        wheels = sorted(glob.glob(str(cache / "scikit_image-*.whl")))
    if not wheels:
        return {}
    with zipfile.ZipFile(wheels[-1]) as wheel:
        present = set(wheel.namelist())
        return {name: wheel.read(f"skimage/data/{name}") for name in PHOTOS if f"skimage/data/{name}" in present}


def generated(index: int) -> Image.Image:
    """A photo-like image: a smooth two-colour gradient, soft shapes with hard and soft edges."""
    rng = random.Random(1000 + index)
    colour = lambda: tuple(rng.randrange(256) for _ in range(3))  # noqa: E731
    image = Image.linear_gradient("L").resize((LARGE, LARGE)).rotate(rng.uniform(0, 360))
    image = ImageOps.colorize(image, colour(), colour())
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(4, 9)):
        x, y, r = rng.randrange(LARGE), rng.randrange(LARGE), rng.randrange(30, 220)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour())
    return image.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 6)))


def cover(source: Image.Image, index: int) -> Image.Image:
    """A square crop of `source` (position, zoom and mirroring from the index), 600 px, with grain."""
    rng = random.Random(index)
    if source.mode != "RGB":
        dark = tuple(rng.randrange(0, 90) for _ in range(3))
        light = tuple(rng.randrange(160, 256) for _ in range(3))
        source = ImageOps.colorize(source.convert("L"), dark, light)
    width, height = source.size
    side = int(min(width, height) * rng.uniform(0.6, 1.0))
    x, y = rng.randrange(width - side + 1), rng.randrange(height - side + 1)
    image = source.crop((x, y, x + side, y + side))
    if rng.random() < 0.5:
        image = ImageOps.mirror(image)
    image = image.resize((LARGE, LARGE), Image.Resampling.LANCZOS)
    grain = Image.effect_noise((LARGE, LARGE), GRAIN_SIGMA).convert("RGB")
    return ImageChops.add(image, grain, scale=1.0, offset=-128)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--cache", type=Path, default=Path(".build/bench-cache"))
    args = parser.parse_args()

    photos = installed_photos() or wheel_photos(args.cache)
    sources = [(name, Image.open(io.BytesIO(data))) for name, data in sorted(photos.items())]
    for _, image in sources:
        image.load()
    args.out.mkdir(parents=True, exist_ok=True)
    for index in range(args.count):
        if sources:
            image = cover(sources[index % len(sources)][1], index)
        else:
            image = cover(generated(index), index)
        folder = args.out / f"{index:03d}"
        folder.mkdir(exist_ok=True)
        image.save(folder / f"{LARGE}x{LARGE}bb.jpg", "JPEG", quality=QUALITY)
        image.resize((SMALL, SMALL), Image.Resampling.LANCZOS).save(
            folder / f"{SMALL}x{SMALL}bb.jpg", "JPEG", quality=QUALITY)

    lines = [f"{args.count} covers, {LARGE}x{LARGE}bb.jpg and {SMALL}x{SMALL}bb.jpg, JPEG quality {QUALITY}."]
    if sources:
        lines.append("Square crops (varied position, zoom, mirroring) with grain (sigma "
                     f"{GRAIN_SIGMA}) of scikit-image's sample photographs:")
        lines += [f"  {name}: {PHOTOS[name]}" for name, _ in sources]
        kind = "photographs"
    else:
        lines.append("GENERATED photo-like images (scikit-image's photographs were not available): "
                     "gradients, soft shapes, grain.")
        kind = "generated"
    (args.out / "PROVENANCE.txt").write_text("\n".join(lines) + "\n")
    (args.out / "KIND").write_text(kind + "\n")
    print(f"bench-photos: {args.count} {kind} covers in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
