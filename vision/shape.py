"""A classical second look at a sure reading's shape, for what the nets were never
taught: a round thing without a die's square corners is a coin, not a die. It makes
the reading doubtful (asked), never drops or changes it (docs/vision.md, "Dice never
seen")."""

from __future__ import annotations

import cv2
import numpy as np


def outline(frame: np.ndarray, cx: float, cy: float, size: float):
    """The outline (an OpenCV contour, frame pixels) of the thing read at (cx, cy): the
    pixels of a window 1.5 x its size unlike the table there (the window's edge), the
    part holding its centre, holes filled. None where nothing stands out."""
    h, w = frame.shape[:2]
    r = int(size * 0.75) + 2
    x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
    x1, y1 = min(w, int(cx) + r + 1), min(h, int(cy) + r + 1)
    lab = cv2.cvtColor(frame[y0:y1, x0:x1], cv2.COLOR_BGR2Lab).astype(np.float32)
    rim = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    table = np.median(rim, axis=0)
    away = np.sqrt(((lab - table) ** 2).sum(axis=2))
    away = np.clip(away * (255.0 / max(float(away.max()), 1.0)), 0, 255).astype(np.uint8)
    _t, mask = cv2.threshold(away, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    contours, _h = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    here = (float(cx - x0), float(cy - y0))
    holding = [c for c in contours if cv2.pointPolygonTest(c, here, False) >= 0]
    if not holding:
        return None
    return max(holding, key=cv2.contourArea) + np.array([x0, y0], np.int32)


def roundness(contour, size: float) -> tuple[float, float, float]:
    """(share of its enclosing circle it fills, share of its tightest rectangle it
    fills, its area over size squared): a coin about (0.9+, 0.79, 0.79), a die's face
    about (0.64-0.7, 0.9+, 0.5-1)."""
    area = float(cv2.contourArea(contour))
    (_x, _y), radius = cv2.minEnclosingCircle(contour)
    (_c, (rw, rh), _a) = cv2.minAreaRect(contour)
    return (area / max(np.pi * radius * radius, 1.0), area / max(rw * rh, 1.0),
            area / max(size * size, 1.0))


#: a coin fills at least this share of its enclosing circle (a die's face 0.64-0.7, some
#: odd outlines of dice with their shadow up to 0.9) ...
ROUND_FILL = 0.82
#: ... and at most this share of its tightest rectangle (a disc 0.79; a die's face 0.9+)
SQUARE_FILL = 0.85
#: ... and its outline holds at least this times the reading's size squared (a disc as
#: wide as the reading 0.79: smaller, the outline is a pip or a glint, not the thing)
AREA_MIN = 0.35


def round_not_square(frame: np.ndarray, cx: float, cy: float, size: float) -> bool:
    """Whether the thing read at (cx, cy) is round, without a die's square corners: a
    coin, a button, a counter. Set on the development failure scenes and the photo sets'
    training rows: 8 of the 9 coins read surely as dice there, none of 3,305 dice read
    right (docs/vision.md, "Dice never seen")."""
    contour = outline(frame, cx, cy, size)
    if contour is None:
        return False
    circle, rectangle, area = roundness(contour, size)
    return circle >= ROUND_FILL and rectangle <= SQUARE_FILL and area >= AREA_MIN
