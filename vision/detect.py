"""Group pip candidates into dice top faces.

Two pips belong to the same face when they have the same polarity, similar size, the
same face colour around them, and the straight line between them crosses only face
(or pip) pixels: a die edge, a seam between touching dice, the background or the edge
between a top face and a side face breaks the line. Groups are then checked for being
a plausible die face: bounded by something else, round pips, 1..7 of them.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

#: brightness step (Lab L, 0..255) that marks a die edge on a line between pips
STEP_L = 18.0
#: colour distance (Lab) from the face that counts as 'not this face' around a die
AWAY_TOL = 20.0
#: percentile of ring-colour spread that must stay within tolerance for a pip
SPREAD_PCT = 60

_ANG = np.linspace(0, 2 * np.pi, 16, endpoint=False)
_COS, _SIN = np.cos(_ANG), np.sin(_ANG)


@dataclass
class Face:
    pips: np.ndarray  # rows of PIP_DTYPE
    centre: tuple[float, float]
    half: float  # estimated half side of the face, px
    colour_lab: np.ndarray  # mean Lab of the face around the pips
    score: float  # 0..1, how die-like
    dark_pips: bool

    @property
    def value(self) -> int:
        return len(self.pips)

    def bbox(self, w: int, h: int) -> tuple[int, int, int, int]:
        cx, cy = self.centre
        e = self.half * 1.15
        return (max(0, int(cx - e)), max(0, int(cy - e)), min(w - 1, int(cx + e)), min(h - 1, int(cy + e)))


def _sample(img: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    xi = np.clip(np.rint(xs).astype(int), 0, w - 1)
    yi = np.clip(np.rint(ys).astype(int), 0, h - 1)
    return img[yi, xi].astype(np.float32)


def ring(lab: np.ndarray, x: float, y: float, rad: float) -> np.ndarray:
    return _sample(lab, x + rad * _COS, y + rad * _SIN)


class _UF:
    def __init__(self, n):
        self.p = list(range(n))

    def find(self, a):
        while self.p[a] != a:
            self.p[a] = self.p[self.p[a]]
            a = self.p[a]
        return a

    def union(self, a, b):
        self.p[self.find(a)] = self.find(b)


def group_faces(frame: np.ndarray, pips: np.ndarray, *, colour_tol: float = 30.0,
                link: float = 13.0) -> list[Face]:
    """Faces formed by the pips (see module doc)."""
    if len(pips) == 0:
        return []
    lab = cv2.cvtColor(cv2.GaussianBlur(frame, (3, 3), 0), cv2.COLOR_BGR2Lab)
    n = len(pips)
    xs, ys, rs = pips["x"], pips["y"], np.maximum(pips["r"], 1.0)
    rings = np.empty((n, 3), np.float32)
    spread = np.empty(n, np.float32)
    for i in range(n):
        s = ring(lab, xs[i], ys[i], rs[i] * 1.6 + 1.5)
        med = np.median(s, axis=0)
        rings[i] = med
        spread[i] = np.percentile(np.linalg.norm(s - med, axis=1), SPREAD_PCT)
    ok = (spread < colour_tol * 0.7) & (pips["round"] > 0.5)
    uf = _UF(n)
    idx = np.nonzero(ok)[0]
    for a_i, i in enumerate(idx):
        for j in idx[a_i + 1:]:
            if pips["dark"][i] != pips["dark"][j]:
                continue
            ri, rj = rs[i], rs[j]
            if max(ri, rj) > 1.5 * min(ri, rj):
                continue
            d = float(np.hypot(xs[i] - xs[j], ys[i] - ys[j]))
            if d > link * max(ri, rj) or d < 1.05 * (ri + rj):
                continue
            if np.linalg.norm(rings[i] - rings[j]) > colour_tol:
                continue
            if _line_clear(lab, pips, i, j, (rings[i] + rings[j]) / 2, colour_tol):
                uf.union(i, j)
    groups: dict[int, list[int]] = {}
    for i in idx:
        groups.setdefault(uf.find(i), []).append(i)
    faces = []
    for members in groups.values():
        f = _make_face(lab, pips[members], rings[members], colour_tol)
        if f is not None:
            faces.append(f)
    return faces


def _line_clear(lab, pips, i, j, colour, tol) -> bool:
    x0, y0, x1, y1 = pips["x"][i], pips["y"][i], pips["x"][j], pips["y"][j]
    d = float(np.hypot(x1 - x0, y1 - y0))
    t0 = (pips["r"][i] * 1.5 + 1) / d
    t1 = 1 - (pips["r"][j] * 1.5 + 1) / d
    if t1 <= t0:
        return True
    ts = np.linspace(t0, t1, max(3, int(d * (t1 - t0) / 1.5)))
    px, py = x0 + ts * (x1 - x0), y0 + ts * (y1 - y0)
    s = _sample(lab, px, py)
    diff = s - colour
    # a die edge shows as a brightness step even between faces of one colour
    bad = (np.linalg.norm(diff, axis=1) > tol) | (np.abs(diff[:, 0]) > STEP_L)
    if not bad.any():
        return True
    # samples that fall on another pip of the same polarity are fine
    same = pips[pips["dark"] == pips["dark"][i]]
    for k in np.nonzero(bad)[0]:
        dd = np.hypot(same["x"] - px[k], same["y"] - py[k])
        if not (dd < same["r"] * 1.6 + 1).any():
            return False
    return True


def _make_face(lab, pips, rings, tol) -> Face | None:
    n = len(pips)
    if n > 7:
        return None
    if n == 1:
        # a lone pip must look like a clear, round 1-pip, not a speck or a hole
        p = pips[0]
        if p["round"] < 0.75 or p["contrast"] < 45 or p["r"] < 2.5:
            return None
    elif float(np.median(pips["round"])) < 0.6:
        return None  # pips seen obliquely: a side face
    cx, cy = float(pips["x"].mean()), float(pips["y"].mean())
    r = float(np.median(pips["r"]))
    if n == 1:
        half = r / 0.2
    else:
        far = float(np.hypot(pips["x"] - cx, pips["y"] - cy).max())
        half = max(far / 0.68, r / 0.16)
    colour = rings.mean(axis=0)
    # the face must end: a ring just outside it is mostly not face-coloured
    outside = ring(lab, cx, cy, half * 1.55)
    away = float((np.linalg.norm(outside - colour, axis=1) > AWAY_TOL).mean())
    inside = ring(lab, cx, cy, half * 0.75) if n != 1 else ring(lab, cx, cy, min(half * 0.6, r * 2.6))
    # inside may hit pips; use the median distance
    inner = float(np.median(np.linalg.norm(inside - colour, axis=1)))
    rnd = float(pips["round"].min())
    score = away * min(1.0, max(0.0, 1.5 - inner / tol)) * min(1.0, rnd / 0.6)
    return Face(pips=pips, centre=(cx, cy), half=half, colour_lab=colour, score=score,
                dark_pips=bool(pips["dark"][0]))
