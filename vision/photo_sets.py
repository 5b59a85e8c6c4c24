"""Labelled photo sets on disk, which images are held out from training, and the few
labels that are plainly wrong.

A set is a folder with `images/` and `labels.jsonl` (one row per image). An image is
used for training only if its row says `"split": "train"`; every other image is held
out for validation. The training code and the benchmark both read the split here, so
the held-out figures always mean photos the nets never saw.

LABEL_FIXES lists the labels that a look at the photo contradicts (the die shows another
top face than its label says). `load_labels` applies them unless asked not to, so the
nets are not trained on, nor scored against, a wrong pip count; the benchmark prints how
many it applied, and `--as-labelled` scores against the labels exactly as shipped.
"""

from __future__ import annotations

import json
from pathlib import Path

SPLITS = ("train", "validation")

#: (set folder, image) -> [(x, y) inside the label's box, value labelled, value shown, why]
LABEL_FIXES: dict[tuple[str, str], list[tuple[tuple[float, float], int, int, str]]] = {
    ("nell-byler-dice_detection", "images/IMG_20191209_095555.jpg"): [
        ((161, 264), 5, 6, "dark purple die, two clear columns of three white pips"),
    ],
    ("nell-byler-dice_detection", "images/IMG_20191209_100002.jpg"): [
        ((136, 361), 2, 3, "green die, three yellow pips on the diagonal"),
    ],
    ("nell-byler-dice_detection", "images/IMG_20191209_095954.jpg"): [
        ((239, 338), 2, 3, "the same green die, three yellow pips on the diagonal"),
    ],
    ("nell-byler-dice_detection", "images/IMG_20191208_112342.jpg"): [
        ((316, 482), 2, 3, "glossy black die, three white pips on the diagonal, a glare"
         " streak running into the top one"),
    ],
    ("matteop65-Dice_Detection_Recognition", "images/valid_56.jpg"): [
        ((473, 273), 4, 1, "the box is around the single pip of a top face showing 1"),
    ],
}


def photo_sets(root: Path) -> list[Path]:
    """The set folders under `root` (none if it is not there)."""
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "labels.jsonl").is_file())


def in_split(row: dict, split: str | None) -> bool:
    """split None: every image; "train": the training images; "validation": the rest."""
    if split is None:
        return True
    return (row.get("split") == "train") == (split == "train")


def fixed(set_name: str, row: dict) -> tuple[dict, int]:
    """(the row with LABEL_FIXES applied, how many labels changed). A fix applies only
    where the label still says what the fix expects, so a corrected source is left be."""
    fixes = LABEL_FIXES.get((set_name, row["image"]), [])
    dice, n = [dict(d) for d in row["dice"]], 0
    for (x, y), labelled, shown, _why in fixes:
        for d in dice:
            x0, y0, x1, y1 = d["bbox"]
            if x0 <= x <= x1 and y0 <= y <= y1 and d["value"] == labelled:
                d["value"] = shown
                n += 1
                break
    return {**row, "dice": dice}, n


def load_labels(set_dir: Path, split: str | None = None, as_labelled: bool = False) -> list[dict]:
    """The label rows of one set, in file order, for one split (None: all), with
    LABEL_FIXES applied unless `as_labelled`."""
    rows = []
    with open(set_dir / "labels.jsonl", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                row = json.loads(line)
                if in_split(row, split):
                    rows.append(row if as_labelled else fixed(set_dir.name, row)[0])
    return rows


def fixes_applied(set_dir: Path, split: str | None = None, limit: int | None = None) -> int:
    """How many labels of this set (and split; its first `limit` rows) LABEL_FIXES changes."""
    rows = load_labels(set_dir, split, as_labelled=True)[:limit]
    return sum(fixed(set_dir.name, row)[1] for row in rows)
