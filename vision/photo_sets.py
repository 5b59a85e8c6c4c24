"""Labelled photo sets on disk, which images are held out from training, and the few
labels that are plainly wrong.

A set is a folder with `images/` and `labels.jsonl` (one row per image). An image is
used for training only if its row says `"split": "train"`; every other image is held
out for validation. A set whose rows name no split is held out whole, unless
BURST_SPLIT names it: then a fifth of its photos, whole bursts of one scene at a time,
is held out by a fixed rule (`burst_split`). The training code and the benchmark both
read the split here, so the held-out figures always mean photos the nets never saw.

Sets live in ../shared/dice-photos; `photo_sets` takes the sets kept apart beside it
(KEPT_APART, ../shared/dice-photos-new) along with them, so a set moved in from there
reads the same. A label with `"value": null` marks a die its labeller could not tell:
an ignore region (vision/score.py counts a reading there neither way).

LABEL_FIXES lists the labels that a look at the photo contradicts: the die shows another
top face than its label says, a label has no die under it, or a die has no label.
`load_labels` applies them unless asked not to, so the nets are not trained on, nor
scored against, a wrong pip count, a phantom die or a die taken for table; the benchmark
prints how many it applied, and `--as-labelled` scores against the labels as shipped.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from pathlib import Path

log = logging.getLogger(__name__)

SPLITS = ("train", "validation")
LABELS = "labels.jsonl"  # a set's label rows, one JSON object per line
KEPT_APART = "dice-photos-new"  # beside dice-photos: sets not yet moved into it

#: sets whose rows name no split, held out by `burst_split`: photos numbered in the order
#: taken, bursts of one scene side by side (aws-dice-workshop: Image_0 .. Image_165)
BURST_SPLIT = {"aws-dice-workshop"}
BURST_BLOCK = 5  # photos numbered n // 5 alike are one block, held out or trained whole
HELD_OUT_EVERY = 5  # one block in five (by hash) held out

#: (set folder, image) -> [(where, value labelled, value shown, why)]: `where` is a point
#: inside the label's box; labelled None adds a die no label names (`where` is its box),
#: shown None drops a label with no die under it
LABEL_FIXES: dict[tuple[str, str], list[tuple[tuple, int | None, int | None, str]]] = {
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
        ((250, 131, 289, 170), None, 3, "teal marbled die, three yellow pips, no label"),
    ],
    ("nell-byler-dice_detection", "images/IMG_20191208_112353.jpg"): [
        ((295, 357, 335, 398), None, 3, "smoky black die, three red pips, no label"),
    ],
    ("nell-byler-dice_detection", "images/IMG_20191209_095533.jpg"): [
        ((313, 342, 356, 385), None, 6, "green die, six white pips, no label"),
    ],
    ("matteop65-Dice_Detection_Recognition", "images/valid_56.jpg"): [
        ((473, 273), 4, 1, "the box is around the single pip of a top face showing 1"),
    ],
    ("matteop65-Dice_Detection_Recognition", "images/train_five_1.jpg"): [
        ((464, 208), 1, None, "bare table: the photo has one die, a 5"),
    ],
}


def read_closer(row: dict) -> bool:
    """Whether a photo is read as photos are (vision.read's `closer`), or as the game read
    it: a live camera's frame kept at the table (`"live": true`) is read once, as it was."""
    return not row.get("live", False)


def photo_sets(root: Path) -> list[Path]:
    """The set folders under `root`, or `root` itself if it is a set (none if it is not
    there); under a folder named dice-photos, also the sets in KEPT_APART beside it."""
    if (root / LABELS).is_file():
        return [root]
    if not root.is_dir():
        return []
    found = sorted(p for p in root.iterdir() if (p / LABELS).is_file())
    apart = root.parent / KEPT_APART
    if root.name == "dice-photos" and apart.is_dir():
        have = {p.name for p in found}
        found += sorted(p for p in apart.iterdir()
                        if (p / LABELS).is_file() and p.name not in have)
    return found


def burst_split(set_name: str, image: str) -> str:
    """"train" or "validation" for a photo of a BURST_SPLIT set, fixed by its number: the
    photos numbered alike but for the last BURST_BLOCK go together (the near-copies of
    one burst are neighbours: Image_55 and Image_56), and one such block in
    HELD_OUT_EVERY is held out, picked by a hash of the set and block (about 20%)."""
    digits = re.findall(r"\d+", Path(image).stem)
    block = int(digits[-1]) // BURST_BLOCK if digits else Path(image).stem
    h = int(hashlib.sha256(f"{set_name}:{block}".encode()).hexdigest(), 16)
    return "validation" if h % HELD_OUT_EVERY == 0 else "train"


def in_split(row: dict, split: str | None) -> bool:
    """split None: every image; "train": the training images; "validation": the rest."""
    if split is None:
        return True
    return (row.get("split") == "train") == (split == "train")


def fixed(set_name: str, row: dict) -> tuple[dict, int]:
    """(the row with LABEL_FIXES applied, how many labels changed). A fix applies only
    where the labels still say what the fix expects (a die added only where no label
    is), so a corrected source is left be."""
    fixes = LABEL_FIXES.get((set_name, row["image"]), [])
    dice, n = [dict(d) for d in row["dice"]], 0
    for where, labelled, shown, _why in fixes:
        if labelled is None:
            x0, y0, x1, y1 = where
            if not any(_in_box(d, ((x0 + x1) / 2, (y0 + y1) / 2)) for d in dice):
                dice.append({"value": shown, "bbox": [float(v) for v in where]})
                n += 1
            continue
        for d in dice:
            if _in_box(d, where) and d["value"] == labelled:
                if shown is None:
                    dice.remove(d)
                else:
                    d["value"] = shown
                n += 1
                break
    return {**row, "dice": dice}, n


def _in_box(die: dict, point) -> bool:
    x0, y0, x1, y1 = die["bbox"]
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def load_labels(set_dir: Path, split: str | None = None, as_labelled: bool = False) -> list[dict]:
    """The label rows of one set, in file order, for one split (None: all), with
    LABEL_FIXES applied unless `as_labelled`. A line that is not a whole row (the torn
    last line of a set written when the power went) is skipped with a warning."""
    rows = []
    with open(set_dir / LABELS, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    row = json.loads(line)
                except ValueError:
                    row = None
                if not isinstance(row, dict) or not {"image", "dice"} <= row.keys():
                    log.warning("%s, line %d is not a label row: skipped",
                                set_dir / LABELS, n)
                    continue
                if "split" not in row and set_dir.name in BURST_SPLIT:
                    row["split"] = burst_split(set_dir.name, row["image"])
                if in_split(row, split):
                    rows.append(row if as_labelled else fixed(set_dir.name, row)[0])
    return rows


def fixes_applied(set_dir: Path, split: str | None = None, limit: int | None = None) -> int:
    """How many labels of this set (and split; its first `limit` rows) LABEL_FIXES changes."""
    rows = load_labels(set_dir, split, as_labelled=True)[:limit]
    return sum(fixed(set_dir.name, row)[1] for row in rows)
