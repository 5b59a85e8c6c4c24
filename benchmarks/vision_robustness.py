"""The dice reader on the held-out photographs changed the way another camera or another
photo set might change them: smaller or larger, blurred, harder JPEG, dimmer, brighter,
a colour cast, grey. Prints per change and set: dice read right, missed, false readings
and images exactly right (docs/vision.md quotes these figures).

    .venv/bin/python benchmarks/vision_robustness.py [PHOTOS_DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from companion.commands.bench_vision import photos_dir  # noqa: E402
from vision.photo_sets import load_labels, photo_sets  # noqa: E402
from vision.score import Tally, match  # noqa: E402


def _jpeg(img: np.ndarray, quality: int) -> np.ndarray:
    return cv2.imdecode(cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], 1)


def _grey(img: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def _scaled(k: float):
    how = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    return lambda img: (cv2.resize(img, None, fx=k, fy=k, interpolation=how), k)


#: name -> image -> (changed image, factor its label boxes scale by)
CHANGES = {
    "as taken": lambda img: (img, 1.0),
    "shrunk to 0.75": _scaled(0.75),
    "shrunk to 0.6": _scaled(0.6),
    "shrunk to 0.5": _scaled(0.5),
    "JPEG quality 30": lambda img: (_jpeg(img, 30), 1.0),
    "blur sigma 1.5": lambda img: (cv2.GaussianBlur(img, (0, 0), 1.5), 1.0),
    "half as bright": lambda img: ((img * 0.5).astype(np.uint8), 1.0),
    "brighter (x1.4 + 20)": lambda img: (np.clip(img * 1.4 + 20, 0, 255).astype(np.uint8), 1.0),
    "warm cast (B x0.7, R x1.3)": lambda img: (
        np.clip(img * np.array([0.7, 1.0, 1.3]), 0, 255).astype(np.uint8),
        1.0,
    ),
    "grey": lambda img: (_grey(img), 1.0),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("photos", nargs="?", default=None)
    a = ap.parse_args()
    sets = photo_sets(photos_dir(a.photos))
    if not sets:
        print(f"no dice photos under {photos_dir(a.photos)}")
        return 1
    rows = {
        s: [(r, cv2.imread(str(s / r["image"]))) for r in load_labels(s, "validation")]
        for s in sets
    }
    for name, change in CHANGES.items():
        cells = []
        for s in sets:
            t = Tally()
            for row, img in rows[s]:
                changed, k = change(img)
                labels = [{**d, "bbox": [v * k for v in d["bbox"]]} for d in row["dice"]]
                t.add(match(vision.read(changed), labels))
            cells.append(
                f"{s.name.split('-')[0]:>10} {100 * t.right / t.dice:6.2f}% missed {t.missed:2d}"
                f" false {t.false:2d} exact {100 * t.exact / t.images:6.2f}%"
            )
        print(f"{name:<27}" + "  |".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
