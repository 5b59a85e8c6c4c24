"""Photos of small dice: the held-out photos as a phone would take a whole table (enlarged
2x and set in a corner of a table 1-4 times wider, in the photo's median colour) and
shrunk, read by `vision.read`. Prints per frame size and set: dice read right, wrong,
missed, false readings, images exactly right, median ms per photo (1 thread), and then
readings on 100 empty synthetic trays enlarged 4x (docs/vision.md, "Photos of small
dice", quotes these figures).

    .venv/bin/python benchmarks/small_dice.py [PHOTOS_DIR] [--first-look-only]

`--first-look-only` reads each photo at its own size only, as before December 2026.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import vision  # noqa: E402
from companion.commands.bench_vision import photos_dir, readable_photos  # noqa: E402
from vision import reader, synth  # noqa: E402
from vision.photo_sets import photo_sets  # noqa: E402
from vision.reading import CONFIRM_BELOW  # noqa: E402
from vision.score import Tally, match, resized  # noqa: E402


def on_a_table(img: np.ndarray, labels, wider: float):
    """The photo enlarged 2x in a corner of a table `wider` times its size."""
    big = cv2.resize(img, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    h, w = big.shape[:2]
    side = int(wider * max(h, w))
    out = np.empty((side, side, 3), np.uint8)
    out[:] = np.median(img.reshape(-1, 3), axis=0)
    out[:h, :w] = big
    return out, [{**d, "bbox": [v * 2 for v in d["bbox"]]} for d in labels]


#: name -> (image, labels) -> (changed image, its labels)
CHANGES = {
    **{f"a table {k}x wider": (lambda img, lab, k=k: on_a_table(img, lab, k))
       for k in (1, 2, 2.5, 3, 4)},
    **{f"shrunk to {k}": (lambda img, lab, k=k: resized(img, lab, k))
       for k in (0.75, 0.6, 0.5, 0.4)},
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("photos", nargs="?", default=None)
    ap.add_argument("--first-look-only", action="store_true",
                    help="read each photo at its own size only (before December 2026)")
    a = ap.parse_args()
    if a.first_look_only:
        reader.MAX_ZOOM = 1.0
    cv2.setNumThreads(1)
    sets = photo_sets(photos_dir(a.photos))
    if not sets:
        print(f"no dice photos under {photos_dir(a.photos)}")
        return 1
    rows = {s: readable_photos(s, "validation") for s in sets}
    for name, change in CHANGES.items():
        for s in sets:
            t, ms, width = Tally(), [], 0
            for row, img in rows[s]:
                frame, labels = change(img, row["dice"])
                width = max(width, frame.shape[1])
                t0 = time.perf_counter()
                t.add(match(vision.read(frame), labels))
                ms.append(1000 * (time.perf_counter() - t0))
            print(f"{name:<20} {s.name.split('-')[0]:>10} {width:5d} px  right {t.right:3d}/"
                  f"{t.dice}  wrong {t.wrong_value:2d}  missed {t.missed:3d}  false {t.false:2d}"
                  f"  exact {t.exact:2d}/{t.images}  {np.median(ms):5.0f} ms", flush=True)
    kinds = ("coin", "card", "hand", "shadow")
    n = sure = 0
    for seed in range(0, 400, 4):
        rng = np.random.default_rng(seed)
        things = tuple(rng.choice(kinds, size=int(rng.integers(1, 4))))
        img, _ = synth.scene(50_000 + seed, n=0, distractors=things, extra=bool(seed % 2))
        readings = vision.read(cv2.resize(img, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC))
        n += len(readings)
        sure += sum(r.confidence >= CONFIRM_BELOW for r in readings)
    print(f"100 empty trays with coins, cards, hands, enlarged 4x: {n} readings, {sure} sure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
