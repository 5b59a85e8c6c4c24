"""`read(frame)`: pip candidates -> faces -> readings (with colour and confidence)."""

from __future__ import annotations

import numpy as np

from .reading import DieReading, Expect

MIN_SCORE = 0.35


def read_faces(frame: np.ndarray):
    """The accepted faces (vision.detect.Face), in reading order."""
    from .detect import group_faces
    from .pips import find_pips

    if frame is None or getattr(frame, "ndim", 0) != 3:
        raise ValueError("read() needs a BGR colour frame")
    faces = [f for f in group_faces(frame, find_pips(frame)) if f.score >= MIN_SCORE]
    faces.sort(key=lambda f: (round(f.centre[1] - f.half), f.centre[0]))
    return faces


def read(frame: np.ndarray, expect: Expect | None = None, calibration=None) -> list[DieReading]:
    from . import colour as colour_mod

    h, w = frame.shape[:2] if frame is not None else (0, 0)
    out = []
    for f in read_faces(frame):
        col = colour_mod.name_of(f.colour_lab, calibration)
        out.append(DieReading(value=f.value, colour=col, bbox=f.bbox(w, h), confidence=round(f.score, 3)))
    if expect is not None:
        out = apply_expect(out, expect)
    return out


def apply_expect(readings: list[DieReading], expect: Expect) -> list[DieReading]:
    """Flag (never invent) readings the game says are impossible."""
    from dataclasses import replace

    res = list(readings)
    if expect.count is not None and len(res) > expect.count:
        # keep the most confident; the extra ones are most likely not dice
        res.sort(key=lambda r: -r.confidence)
        res = res[: expect.count]
        res.sort(key=lambda r: (r.bbox[1], r.bbox[0]))
    seen = set()
    flagged = []
    for r in res:
        flag = ""
        if expect.values is not None and r.value not in expect.values:
            flag = f"value {r.value} is not possible"
        elif expect.colours is not None:
            pair = (r.colour, r.value)
            if pair not in expect.colours:
                flag = f"{r.colour} {r.value} is not a face of these dice"
            elif pair in seen:
                flag = f"two dice read as {r.colour} {r.value}"
            seen.add(pair)
        if flag:
            r = replace(r, flag=flag, confidence=min(r.confidence, 0.3))
        flagged.append(r)
    return flagged
