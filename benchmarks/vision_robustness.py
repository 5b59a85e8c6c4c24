"""The dice reader on the held-out photographs changed the way another camera or another
photo set might change them: smaller or larger, blurred, harder JPEG, dimmer (also with
a camera's noise in a dim room), brighter, a colour cast, grey. Prints per change and
set: dice read right, missed, false readings and images exactly right (docs/vision.md
quotes these figures). With --thresholds, it
then prints what each confirm threshold (config `vision.confidence`) would ask about
over all those readings: the sure ones that are wrong, and the questions not needed.

    .venv/bin/python benchmarks/vision_robustness.py [PHOTOS_DIR] [--thresholds 0.5,0.6,0.7]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from companion.commands.bench_vision import photos_dir, readable_photos  # noqa: E402
from vision.photo_sets import photo_sets, read_closer  # noqa: E402
from vision.score import Tally, match, resized, right_or_not  # noqa: E402


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], 1)


def _grey(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _dim_room(img: np.ndarray) -> np.ndarray:
    """Half the light, and the noise a camera's gain then adds: shot noise growing with
    the signal over a floor of read noise (sigma 6 at mid grey; the same noise each run)."""
    x = img.astype(np.float32) * 0.5
    sigma = 6.0 * np.sqrt(0.3 + 0.7 * x / 128)
    noise = np.random.default_rng(0).normal(0.0, 1.0, x.shape).astype(np.float32)
    return np.clip(x + noise * sigma, 0, 255).astype(np.uint8)


def _scaled(k: float):
    return lambda img, labels: resized(img, labels, k)


def _same_size(change):
    return lambda img, labels: (change(img), labels)


#: name -> (image, labels) -> (changed image, its labels)
CHANGES = {
    "as taken": _same_size(lambda img: img),
    "shrunk to 0.75": _scaled(0.75),
    "shrunk to 0.6": _scaled(0.6),
    "shrunk to 0.5": _scaled(0.5),
    "JPEG quality 30": _same_size(lambda img: _jpeg(img, 30)),
    "blur sigma 1.5": _same_size(lambda img: cv2.GaussianBlur(img, (0, 0), 1.5)),
    "half as bright": _same_size(lambda img: (img * 0.5).astype(np.uint8)),
    "dim room (x0.5, noise)": _same_size(_dim_room),
    "brighter (x1.4 + 20)": _same_size(
        lambda img: np.clip(img * 1.4 + 20, 0, 255).astype(np.uint8)
    ),
    "warm cast (B x0.7, R x1.3)": _same_size(
        lambda img: np.clip(img * np.array([0.7, 1.0, 1.3]), 0, 255).astype(np.uint8)
    ),
    "grey": _same_size(_grey),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("photos", nargs="?", default=None)
    ap.add_argument("--thresholds", type=lambda v: [float(t) for t in v.split(",")],
                    default=[], help="confirm thresholds to compare, e.g. 0.5,0.6,0.7")
    a = ap.parse_args()
    sets = photo_sets(photos_dir(a.photos))
    if not sets:
        print(f"no dice photos under {photos_dir(a.photos)}")
        return 1
    rows = {s: readable_photos(s, "validation") for s in sets}
    read = []  # (confidence, right?) of every reading
    for name, change in CHANGES.items():
        cells = []
        for s in sets:
            t = Tally()
            for row, img in rows[s]:
                changed, labels = change(img, row["dice"])
                readings = vision.read(changed, closer=read_closer(row))
                t.add(match(readings, labels))
                read += zip([r.confidence for r in readings], right_or_not(readings, labels))
            cells.append(
                f"{s.name.split('-')[0]:>10} {100 * t.right / t.dice:6.2f}% missed {t.missed:2d}"
                f" false {t.false:2d} exact {100 * t.exact / t.images:6.2f}%"
            )
        print(f"{name:<27}" + "  |".join(cells), flush=True)
    if a.thresholds:
        print(f"\nof all {len(read)} readings above, at each confirm threshold:")
    for threshold in a.thresholds:
        sure = [right for c, right in read if c >= threshold]
        asked = [right for c, right in read if c < threshold]
        print(f"  {threshold:4.2f}: sure {len(sure):5d}, {len(sure) - sum(sure):3d} of them wrong;"
              f" asked {len(asked):4d}, {sum(asked):4d} of them right (not needed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
