"""Score the dice reader on the real photographs (training and validation splits), on
synthetic scenes, and time it per 640x480 frame on 1 and 2 OpenCV threads.

    .venv/bin/python benchmarks/vision_accuracy.py [PHOTOS_DIR] [--limit N] [--synthetic N]
                                                   [--failures] [--as-labelled] [--values 1-6]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.commands.bench_vision import photos_dir, score_photo_set, vision_figures
from companion.commands.read import value_range
from vision.photo_sets import SPLITS, photo_sets


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("photos", nargs="?", default=None)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--synthetic", type=int, default=1000)
    ap.add_argument("--failures", action="store_true", help="list images not read exactly right")
    ap.add_argument(
        "--as-labelled", action="store_true", help="labels as shipped, without LABEL_FIXES"
    )
    ap.add_argument(
        "--values", type=value_range, default=None, metavar="LO-HI",
        help="read the photos as a game with dice showing these counts does, e.g. 1-6",
    )
    a = ap.parse_args()
    vision_figures(
        a.photos, limit=a.limit, synthetic=a.synthetic, as_labelled=a.as_labelled,
        values=a.values,
    )
    if a.failures:
        for sd in photo_sets(photos_dir(a.photos)):
            for split in SPLITS:
                _, bad = score_photo_set(sd, a.limit, split, a.as_labelled, a.values)
                print(sd.name, split, " ".join(bad))
    return 0


if __name__ == "__main__":
    sys.exit(main())
