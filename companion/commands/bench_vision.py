"""Vision figures: the dice reader scored on the real photographs and on synthetic scenes.

`vision_figures(photos_dir=None, out=print, limit=None, synthetic=200)` prints one line
per set: dice read right (% of labelled dice), dice missed, false readings per image,
images read exactly right, and median milliseconds per frame. It returns the figures as
a dict {set name: {...}} so callers (companion bench, tests) can use them.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def photos_dir(explicit: str | os.PathLike | None = None) -> Path:
    """Where the real photographs are: explicit, $COMPANION_DICE_PHOTOS, or ../shared/dice-photos."""
    if explicit:
        return Path(explicit)
    env = os.environ.get("COMPANION_DICE_PHOTOS")
    if env:
        return Path(env)
    return (REPO / ".." / "shared" / "dice-photos").resolve()


def photo_sets(root: Path) -> list[Path]:
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "labels.jsonl").is_file())


def load_labels(set_dir: Path, split: str | None = None) -> list[dict]:
    rows = []
    with open(set_dir / "labels.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if split is None or row.get("split") == split:
                    rows.append(row)
    return rows


def score_photo_set(set_dir: Path, limit: int | None = None, split: str | None = None):
    import cv2

    import vision
    from vision.score import Tally, match

    total = Tally()
    failures = []
    for row in load_labels(set_dir, split)[:limit]:
        img = cv2.imread(str(set_dir / row["image"]), cv2.IMREAD_COLOR)
        t0 = time.perf_counter()
        readings = vision.read(img)
        ms = (time.perf_counter() - t0) * 1000
        t = match(readings, row["dice"])
        t.ms.append(ms)
        total.add(t)
        if not t.exact:
            failures.append(row["image"])
    return total, failures


def synthetic_scenes(n: int, seed0: int = 10_000):
    """The benchmark's synthetic mix: every condition the reader must handle."""
    from vision import synth

    kinds = ("coin", "card", "hand", "shadow")
    for i in range(n):
        s = seed0 + i
        yield synth.scene(s, touching=(i % 3 == 0), side_faces=(i % 5 == 0), values=range(1, 8),
                          distractors=(kinds[i % 4],) if i % 2 else ())


def score_synthetic(n: int = 200):
    import vision
    from vision.score import Tally, match

    total = Tally()
    for img, labels in synthetic_scenes(n):
        t0 = time.perf_counter()
        readings = vision.read(img)
        ms = (time.perf_counter() - t0) * 1000
        t = match(readings, labels, colour=True)
        t.ms.append(ms)
        total.add(t)
    return total


def figures(t) -> dict:
    return {
        "images": t.images,
        "dice": t.dice,
        "right_pct": round(100.0 * t.right / max(t.dice, 1), 2),
        "wrong_value": t.wrong_value,
        "missed": t.missed,
        "false_per_image": round(t.false / max(t.images, 1), 3),
        "exact_pct": round(100.0 * t.exact / max(t.images, 1), 2),
        "median_ms": round(statistics.median(t.ms), 2) if t.ms else None,
    }


def line(name: str, f: dict) -> str:
    return (f"{name:<40} images {f['images']:>4}  dice {f['dice']:>5}  right {f['right_pct']:6.2f}%  "
            f"wrong {f['wrong_value']:>3}  missed {f['missed']:>4}  false/img {f['false_per_image']:.3f}  "
            f"exact {f['exact_pct']:6.2f}%  median {f['median_ms']} ms")


def vision_figures(photos: str | os.PathLike | None = None, out=print, limit: int | None = None,
                   synthetic: int = 200) -> dict:
    """Score the reader on every photo set (and `synthetic` scenes); print and return figures."""
    results = {}
    root = photos_dir(photos)
    sets = photo_sets(root)
    if not sets:
        out(f"vision: no photo sets under {root} (set COMPANION_DICE_PHOTOS)")
    for sd in sets:
        t, _ = score_photo_set(sd, limit)
        results[sd.name] = figures(t)
        out(line(sd.name, results[sd.name]))
    if synthetic:
        t = score_synthetic(synthetic if limit is None else min(synthetic, limit))
        results["synthetic"] = figures(t)
        out(line("synthetic", results["synthetic"]))
    return results
