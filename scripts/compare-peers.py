#!/usr/bin/env python3
"""The peers `albumreport-bench compare-scale` measures `compare` against, on one pair of folders:

- floor:   the decode floor: every PNG of both folders decoded with OpenCV (libpng), nothing else,
           one process per core;
- opencv:  ../shared/bench/peer_compare_opencv.py (OpenCV decode, absolute difference, a diff PNG
           per differing pair, one process per core), or the script given with --opencv-peer;
- magick:  ImageMagick's `compare -metric AE EXPECTED ACTUAL DIFF.png`, one process per pair, as
           many at once as there are cores (Debian's imagemagick);
- odiff:   odiff 4.5 (Zig, SIMD), through ../shared/bench/peer_compare_odiff.py: one odiff process
           per pair, as many at once as there are cores, a diff image per differing pair, its
           AVX-512 build where the CPU has it; with its count of differing pixels per pair
           ("odiffCounts"), to hold beside compare's. The binaries are the benchmark's own
           (../shared/bench/bin/odiff, built from source; see ODIFF-PROVENANCE.md there); without
           them the odiff figures are null (build odiff 4.5 from its source and pass --odiff-peer
           with a copy of the runner beside its bin/).

    python3 scripts/compare-peers.py EXPECTED ACTUAL SCRATCH [--jobs N] [--opencv-peer PATH]
        [--odiff-peer PATH]

Prints one JSON object: the wall seconds of each (null when its tool is not installed), and
odiff's count per differing pair.
Needs: pip install opencv-python-headless numpy; apt-get install imagemagick.
"""
import argparse, json, os, shutil, subprocess, sys, time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path


def decode(path):
    import cv2
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    return 0 if image is None else image.shape[0] * image.shape[1]


def pairs(expected, actual):
    rels = sorted(str(f.relative_to(expected)) for f in expected.rglob("*.png"))
    return [(rel, expected / rel, actual / rel) for rel in rels if (actual / rel).exists()]


def floor(expected, actual, jobs):
    try:
        import cv2  # noqa: F401
    except ImportError:
        return None
    files = [str(p) for _, a, b in pairs(expected, actual) for p in (a, b)]
    start = time.monotonic()
    with ProcessPoolExecutor(jobs) as pool:
        list(pool.map(decode, files, chunksize=1))
    return time.monotonic() - start


def opencv(expected, actual, scratch, jobs, script):
    if script is None or not Path(script).exists():
        return None
    try:
        import cv2  # noqa: F401
    except ImportError:
        return None
    out = scratch / "opencv"
    shutil.rmtree(out, ignore_errors=True)
    start = time.monotonic()
    subprocess.run([sys.executable, script, str(expected), str(actual), str(out), "--jobs", str(jobs)],
                   check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def magick(expected, actual, scratch, jobs):
    tool = shutil.which("compare")
    # Only ImageMagick's own `compare` (a stand-in of another kind would time something else).
    if tool is None or b"ImageMagick" not in subprocess.run([tool, "-version"], capture_output=True).stdout:
        return None
    out = scratch / "magick"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    def one(job):
        rel, a, b = job
        # Exit 1 means the images differ: a result, not a failure.
        subprocess.run([tool, "-metric", "AE", str(a), str(b), str(out / (rel.replace("/", "__") + ".png"))],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    start = time.monotonic()
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(one, pairs(expected, actual)))
    return time.monotonic() - start


def odiff(expected, actual, scratch, jobs, script):
    """(wall seconds, {relative path: differing pixels}) of the odiff runner, or (None, None)."""
    if script is None or not Path(script).exists():
        return None, None
    out = scratch / "odiff"
    shutil.rmtree(out, ignore_errors=True)
    start = time.monotonic()
    run = subprocess.run([sys.executable, script, str(expected), str(actual), "--out", str(out),
                          "--jobs", str(jobs), "-v"], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if run.returncode not in (0, 1) or not run.stdout.strip():
        return None, None  # no odiff binary here: the runner refused to start
    counts = {}
    for line in run.stderr.splitlines():
        if line.startswith("differs: ") and line.endswith(" pixels"):
            rel, _, pixels = line[len("differs: "):-len(" pixels")].rpartition(": ")
            counts[rel] = int(pixels)
    return seconds, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("expected")
    parser.add_argument("actual")
    parser.add_argument("scratch")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--opencv-peer", default=str(Path(__file__).resolve().parent.parent.parent
                                                     / "shared" / "bench" / "peer_compare_opencv.py"))
    parser.add_argument("--odiff-peer", default=str(Path(__file__).resolve().parent.parent.parent
                                                    / "shared" / "bench" / "peer_compare_odiff.py"))
    arguments = parser.parse_args()
    expected, actual, scratch = Path(arguments.expected), Path(arguments.actual), Path(arguments.scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    odiff_seconds, odiff_counts = odiff(expected, actual, scratch, arguments.jobs, arguments.odiff_peer)
    figures = {
        "floor": floor(expected, actual, arguments.jobs),
        "opencv": opencv(expected, actual, scratch, arguments.jobs, arguments.opencv_peer),
        "magick": magick(expected, actual, scratch, arguments.jobs),
        "odiff": odiff_seconds,
    }
    result = {key: None if value is None else round(value, 3) for key, value in figures.items()}
    result["odiffCounts"] = odiff_counts
    print(json.dumps(result))


if __name__ == "__main__":
    sys.exit(main())
