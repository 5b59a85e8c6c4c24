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
#: skin-coloured in this share of a throw's frames is table, not a hand ...
ALL_ALONG = 0.9
#: ... once this many frames (a third of a second) have been seen
LEARN_FRAMES = 10


def small(frame: np.ndarray) -> np.ndarray:
    """The frame at SMALL_WIDTH, averaged down (noise and pips blur away)."""
    h, w = frame.shape[:2]
    size = (SMALL_WIDTH, max(1, h * SMALL_WIDTH // w))
    return cv2.resize(frame, size, interpolation=cv2.INTER_AREA)


def hand_mask(small_frame: np.ndarray) -> np.ndarray:
    """255 where a small BGR frame is skin-coloured but not the tray's colour, nor a band
    of table along a whole edge of the view (a hand reaches in from one side)."""
    ycc = cv2.cvtColor(small_frame, cv2.COLOR_BGR2YCrCb)
    low, high = [0], [255]
    for c in (1, 2):  # the tray fills most of the view: its median and spread (every 4th px)
        x = ycc[::2, ::2, c].astype(np.float32)
        mid = float(np.median(x))
        apart = max(APART_FROM_TRAY, GRAIN * 1.4826 * float(np.median(np.abs(x - mid))))
        low.append(mid - apart)
        high.append(mid + apart)
    mask = cv2.inRange(ycc, SKIN_LOW, SKIN_HIGH) & ~cv2.inRange(ycc, tuple(low), tuple(high))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask[mask.mean(axis=1) >= 0.8 * 255] = 0  # whole rows and columns of skin colour
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


class HandWatch:
    """Hands over one throw's frames, in order: as `hand_in_view`, less what has been
    skin-coloured all along (the table in the corners around a round tray).

    A hand that came in and rests stays a hand for nine times as long as the view was
    clear before it; one there from the first frame and never moving is taken for table.
    """

    def __init__(self) -> None:
        self._frames = 0
        self._skin: np.ndarray | None = None  # per pixel: in how many frames skin-coloured

    def __call__(self, small_frame: np.ndarray) -> bool:
        mask = hand_mask(small_frame)
        if self._skin is None or self._skin.shape != mask.shape:
            self._frames, self._skin = 0, np.zeros(mask.shape, np.uint32)
        self._frames += 1
        self._skin += mask > 0
        if self._frames >= LEARN_FRAMES:
            mask[self._skin >= ALL_ALONG * self._frames] = 0
        return has_hand(mask)
