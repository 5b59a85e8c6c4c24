"""Match readings to labelled dice (by centre) and count what was right."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Tally:
    images: int = 0
    exact: int = 0
    dice: int = 0
    right: int = 0
    wrong_value: int = 0
    missed: int = 0
    false: int = 0
    ms: list = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for k in ("images", "exact", "dice", "right", "wrong_value", "missed", "false"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.ms.extend(other.ms)


def match(readings, labels, colour=False) -> Tally:
    """Greedy match: a reading matches a label when its centre lies inside the label's
    box grown by 25%, or is nearest to the label's centre within one box size."""
    t = Tally(images=1, dice=len(labels))
    pairs = []
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
                pairs.append((d, i, j))
    pairs.sort()
    used_r, used_l = set(), set()
    for _d, i, j in pairs:
        if i in used_r or j in used_l:
            continue
        used_r.add(i)
        used_l.add(j)
        ok = readings[i].value == labels[j]["value"]
        if colour and "colour" in labels[j]:
            ok = ok and readings[i].colour == labels[j]["colour"]
        if ok:
            t.right += 1
        else:
            t.wrong_value += 1
    t.missed = len(labels) - len(used_l)
    t.false = len(readings) - len(used_r)
    t.exact = int(t.right == len(labels) and t.false == 0)
    return t


def resized(img, labels, k: float):
    """(the photo resized k times, its labels' boxes moved with it): to score the reader
    on a photo as a nearer or further camera would see it."""
    import cv2

    how = cv2.INTER_AREA if k < 1 else cv2.INTER_CUBIC
    out = cv2.resize(img, None, fx=k, fy=k, interpolation=how)
    return out, [{**lab, "bbox": [v * k for v in lab["bbox"]]} for lab in labels]
