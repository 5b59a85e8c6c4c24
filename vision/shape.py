"""A classical second look at a sure reading's shape, for what the nets were never
taught: a round thing without a die's square corners is a coin, not a die. It makes
the reading doubtful (asked), never drops or changes it (docs/vision.md, "Dice never
seen")."""

from __future__ import annotations

import cv2
import numpy as np

from .witness import colour_distance, median_rows


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
    table = median_rows(rim)  # np.median's numbers, without its machinery
    away = colour_distance(lab, table)
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


#: the table round a reading: the frame's pixels between these shares of its size from
#: its centre (outside its upright box), at least TABLE_MIN of its size squared of them
TABLE_RING = (0.5, 0.65)
TABLE_MIN = 0.05
#: a face whose colour is the table's, lighter or darker (a shadow), within this many
#: levels in every channel, is of the table's colour (dice measured 3 where the box held
#: only the die, else 9 and more; felt with coins on it 0-1)
TABLE_LIKE = 6.0
#: a die's straight edge: a line at least this share of its size long (dice measured
#: 0.5 and more) in the window (WINDOW x its size, seen EDGE_SIDE px wide), of edges
#: found by Canny's thresholds EDGE_CANNY (a dark die on a table of its colour has an
#: edge of about 10 grey levels)
EDGE_LONG = 0.4
EDGE_SIDE = 96
EDGE_CANNY = (20, 40)
WINDOW = 1.2


def no_die_there(frame: np.ndarray, cx: float, cy: float, size: float) -> bool:
    """Whether a window read as a big die shows nothing of one: its face the table's
    colour round it (lit or shaded alike), and no straight edge of a die in it. A die has
    one or the other, if not both (a grey die on grey felt: its edge; a green marbled
    die whose edges are lost in green felt: its colour); plain felt with coins for pips
    has neither, nor has a coin on a shadow's blurred edge."""
    return _table_coloured(frame, cx, cy, size) and not _straight_edge(frame, cx, cy, size)


def _table_coloured(frame: np.ndarray, cx: float, cy: float, size: float) -> bool:
    """Whether the face's colour (the median of a disc 0.3 x size round its centre, its
    pips left out by the median) is the table's (the median of TABLE_RING) times one
    factor, within TABLE_LIKE; False where too little table is in view to tell."""
    h, w = frame.shape[:2]
    r = int(TABLE_RING[1] * size) + 1
    x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
    x1, y1 = min(w, int(cx) + r + 1), min(h, int(cy) + r + 1)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    away = np.maximum(np.abs(xx - cx), np.abs(yy - cy)) / size
    pixels = frame[y0:y1, x0:x1].reshape(-1, 3)
    ring = pixels[((away >= TABLE_RING[0]) & (away <= TABLE_RING[1])).ravel()]
    face = pixels[(np.hypot(xx - cx, yy - cy) <= 0.3 * size).ravel()]
    if len(ring) < TABLE_MIN * size * size or not len(face):
        return False
    table = np.median(ring, axis=0)
    face = np.median(face, axis=0)
    k = float(face.sum()) / max(float(table.sum()), 1.0)
    return float(np.abs(face - k * table).max()) <= TABLE_LIKE


def _straight_edge(frame: np.ndarray, cx: float, cy: float, size: float) -> bool:
    """Whether a straight edge EDGE_LONG x size long lies in the window round the
    reading: edges (Canny, in any colour channel) joined into lines (probabilistic
    Hough). A coin's outline is too curved to make one; a shadow's too blurred."""
    n = int(round(EDGE_SIDE * WINDOW))
    k = EDGE_SIDE / max(size, 1.0)
    m = np.float32([[k, 0, n / 2 - k * cx], [0, k, n / 2 - k * cy]])
    look = cv2.warpAffine(frame, m, (n, n), flags=cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    look = cv2.GaussianBlur(look, (0, 0), 1.0)
    edges = np.zeros((n, n), np.uint8)
    for channel in cv2.split(look):
        edges |= cv2.Canny(channel, EDGE_CANNY[0], EDGE_CANNY[1])
    lines = cv2.HoughLinesP(edges, 1, np.pi / 180, 20, minLineLength=int(EDGE_LONG * EDGE_SIDE),
                            maxLineGap=3)
    return lines is not None and len(lines) > 0
