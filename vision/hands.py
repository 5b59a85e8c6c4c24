"""Is a hand over the tray? Skin colour that is neither the tray nor the table around it.

The settle detector must not read the dice while a hand rests among them. Moving hands
it sees as movement; a still one only by its colour. But wood, cork, leather and maroon
felt are the colour of skin too, and a camera over a round tray sees the table in the
corners: were every skin-coloured pixel a hand, dice on a wooden table would never be
read. So skin counts only where it is not the tray's colour (`hand_mask`, one frame),
and, over a throw's frames, not where it has been all along (`HandWatch`).
"""

from __future__ import annotations

import cv2
import numpy as np

#: frames are looked at this wide (px), as the settle detector's movement test sees them
SMALL_WIDTH = 160
#: skin in YCrCb (Y, Cr, Cb): light to dark skin tones alike
SKIN_LOW, SKIN_HIGH = (40, 138, 77), (240, 173, 127)
#: a skin-coloured pixel is tray if its Cr and Cb are both within this of the tray's
#: median ...
APART_FROM_TRAY = 12
#: ... or within this many (robust) standard deviations of the tray's own spread: the
#: streaks of wood grain differ in hue too (docs/vision.md, "A hand or the tray")
GRAIN = 3.0
#: a hand covers at least this share of the view (about 3 dice)
HAND_AREA = 0.03
#: skin-coloured in this share of a throw's first frames, and of all its frames, is
#: table, not a hand ...
ALL_ALONG = 0.9
#: ... the first frames being this many (a third of a second)
LEARN_FRAMES = 10


def small(frame: np.ndarray) -> np.ndarray:
    """The frame at SMALL_WIDTH, averaged down (noise and pips blur away)."""
    h, w = frame.shape[:2]
    size = (SMALL_WIDTH, max(1, h * SMALL_WIDTH // w))
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA)


def hand_mask(small_frame: np.ndarray) -> np.ndarray:
    """255 where a small BGR frame is skin-coloured but not the tray's colour, nor a band
    of table along a whole edge of the view (a hand reaches in from one side)."""
    return without_bands(not_tray(small_frame))


def not_tray(small_frame: np.ndarray) -> np.ndarray:
    """255 where a small BGR frame is skin-coloured but not the tray's colour."""
    ycc = cv2.cvtColor(small_frame, cv2.COLOR_BGR2YCrCb)
    low, high = [0], [255]
    for c in (1, 2):  # the tray fills most of the view: its median and spread (every 4th px)
        x = ycc[::2, ::2, c].astype(np.float32)
        mid = float(np.median(x))
        apart = max(APART_FROM_TRAY, GRAIN * 1.4826 * float(np.median(np.abs(x - mid))))
        low.append(mid - apart)
        high.append(mid + apart)
    mask = cv2.inRange(ycc, SKIN_LOW, SKIN_HIGH) & ~cv2.inRange(ycc, tuple(low), tuple(high))
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def without_bands(mask: np.ndarray) -> np.ndarray:
    """The mask less whole rows and columns of it (table along an edge of the view)."""
    mask = mask.copy()
    mask[mask.mean(axis=1) >= 0.8 * 255] = 0
    mask[:, mask.mean(axis=0) >= 0.8 * 255] = 0
    return mask


def has_hand(mask: np.ndarray) -> bool:
    """Whether the mask holds a hand-sized area that does not reach across the view (what
    does is the table around the tray, left over from a slanting band)."""
    _n, _labels, stats, _centres = cv2.connectedComponentsWithStats(mask)
    h, w = mask.shape
    return any(area >= HAND_AREA * mask.size and bw < w - 2 and bh < h - 2
               for _x, _y, bw, bh, area in stats[1:])


def hand_in_view(frame: np.ndarray) -> bool:
    """One frame alone: a large skin-coloured area that is not tray is a hand."""
    return has_hand(hand_mask(small(frame)))


def in_two_edges(mask: np.ndarray) -> np.ndarray:
    """The parts of a boolean mask that touch two or more edges of the view: table in a
    corner, or along a side, where a hand, arm and all, reaches in over one edge."""
    n, labels, stats, _centres = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    h, w = mask.shape
    keep = np.zeros(n, bool)
    for i, (x, y, bw, bh, _area) in enumerate(stats[1:], 1):
        keep[i] = sum(bool(edge) for edge in (x == 0, y == 0, x + bw == w, y + bh == h)) >= 2
    return keep[labels]


class HandWatch:
    """Hands over one throw's frames, in order: as `hand_in_view`, less the skin colour
    that has been there all along (the table in the corners around a round tray): in
    ALL_ALONG of the first LEARN_FRAMES frames, and of all frames since, and reaching
    two edges of the view.

    A hand that comes in later stays a hand however long it rests; so does one there
    from the first frames, unless it reaches in from a corner of the view and never
    moves: that is taken for table.
    """

    def __init__(self) -> None:
        self._frames = 0
        self._skin: np.ndarray | None = None  # per pixel: in how many frames skin-coloured
        self._from_the_start: np.ndarray | None = None  # skin in the first frames

    def __call__(self, small_frame: np.ndarray) -> bool:
        skin = not_tray(small_frame)
        if self._skin is None or self._skin.shape != skin.shape:
            self._frames, self._from_the_start = 0, None
            self._skin = np.zeros(skin.shape, np.uint32)
        self._frames += 1
        self._skin += skin > 0
        if self._frames == LEARN_FRAMES:
            self._from_the_start = in_two_edges(self._skin >= ALL_ALONG * LEARN_FRAMES)
        mask = without_bands(skin)
        if self._from_the_start is not None:
            mask[self._from_the_start & (self._skin >= ALL_ALONG * self._frames)] = 0
        return has_hand(mask)
