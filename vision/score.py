"""Match readings to labelled dice (by centre) and count what was right."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Tally:
    images: int = 0
    exact: int = 0
    dice: int = 0
    right: int = 0
    wrong_value: int = 0
    missed: int = 0
    false: int = 0
    unreadable: int = 0  # images whose file could not be read: left out of the figures
    #: readings the player would not be asked about (not `needs_confirmation`) that are
    #: wrong: a wrong value or no die at all. They reach the score unasked.
    silent: int = 0
    sure_right: int = 0  # dice read right and not asked about
    ms: list = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for k in ("images", "exact", "dice", "right", "wrong_value", "missed", "false",
                  "unreadable", "silent", "sure_right"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.ms.extend(other.ms)


def pairs(readings, labels) -> dict[int, int]:
    """Reading index -> the index of the labelled die it matches. Greedy, nearest first: a
    reading matches a label when its centre lies inside the label's box grown by 25%, or
    is nearer to the label's centre than one box size."""
    near = []
    for i, r in enumerate(readings):
        cx, cy = r.centre
        for j, lab in enumerate(labels):
            x0, y0, x1, y1 = lab["bbox"]
            bw, bh = x1 - x0, y1 - y0
            lx, ly = (x0 + x1) / 2, (y0 + y1) / 2
            d = ((cx - lx) ** 2 + (cy - ly) ** 2) ** 0.5
            inside = (x0 - 0.25 * bw <= cx <= x1 + 0.25 * bw) and (
                y0 - 0.25 * bh <= cy <= y1 + 0.25 * bh
            )
            if inside or d < max(bw, bh):
                near.append((d, i, j))
    near.sort()
    out: dict[int, int] = {}
    for _d, i, j in near:
        if i not in out and j not in out.values():
            out[i] = j
    return out


def right_or_not(readings, labels, colour=False) -> list[bool]:
    """Per reading: whether it is a labelled die read right (a false reading is not)."""
    return _right(readings, labels, pairs(readings, labels), colour)


def _right(readings, labels, matched: dict[int, int], colour: bool) -> list[bool]:
    return [
        i in matched
        and r.value == labels[matched[i]]["value"]
        and (not colour or "colour" not in labels[matched[i]]
             or r.colour == labels[matched[i]]["colour"])
        for i, r in enumerate(readings)
    ]


def match(readings, labels, colour=False) -> Tally:
    """What was right in one image: see `pairs` for which reading is which die. A silent
    error is a wrong reading (a wrong value, or a reading of no die) the player would
    not be asked about; a missed die is not one (the game's count, or the player's eye,
    finds it). A label whose value is None is an ignore region (a die its labeller could
    not tell): a reading matched to it, and the region itself, count neither way."""
    if any(lab["value"] is None for lab in labels):
        matched = pairs(readings, labels)
        readings = [r for i, r in enumerate(readings)
                    if i not in matched or labels[matched[i]]["value"] is not None]
        labels = [lab for lab in labels if lab["value"] is not None]
    matched = pairs(readings, labels)
    t = Tally(images=1, dice=len(labels))
    right = _right(readings, labels, matched, colour)
    t.right = sum(right)
    asked = [r.needs_confirmation for r in readings]
    t.silent = sum(not ok and not q for ok, q in zip(right, asked))
    t.sure_right = sum(ok and not q for ok, q in zip(right, asked))
    t.wrong_value = len(matched) - t.right
    t.missed = len(labels) - len(matched)
    t.false = len(readings) - len(matched)
    t.exact = int(t.right == len(labels) and t.false == 0)
    return t


def resized(img, labels, k: float):
    """(the photo resized k times, its labels' boxes moved with it): to score the reader
    on a photo as a nearer or further camera would see it."""
    import cv2

    how = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    out = cv2.resize(img, None, fx=k, fy=k, interpolation=how)
    return out, [{**lab, "bbox": [v * k for v in lab["bbox"]]} for lab in labels]


def score_photo_set(
    set_dir: Path,
    limit: int | None = None,
    split: str | None = None,
    as_labelled: bool = False,
    values=None,
):
    """(Tally, names of the images not read exactly right) for one set (and split),
    against the labels with vision.photo_sets.LABEL_FIXES applied unless `as_labelled`.
    An image whose file cannot be read is left out of the figures, counted in
    `Tally.unreadable` and named among the failures;
    `values`: the counts the dice can show, told to the reader as a game tells it."""
    import vision
    from vision.image_file import UnreadableImage, load_as_labelled
    from vision.photo_sets import load_labels, read_closer

    expect = vision.Expect.of(values=values) if values is not None else None
    total = Tally()
    failures = []
    for row in load_labels(set_dir, split, as_labelled)[:limit]:
        try:
            img = load_as_labelled(set_dir / row["image"], row.get("width"), row.get("height"))
        except UnreadableImage as exc:  # a missing or damaged file is no misreading
            total.unreadable += 1
            failures.append(f"{row['image']} ({exc})")
            continue
        t = match(vision.read(img, expect, closer=read_closer(row)), row["dice"])
        total.add(t)
        if not t.exact:
            failures.append(row["image"])
    return total, failures
