"""Dice the reader passed over where the game says they lie: where the game's count
(Expect.count) says more dice were thrown than were read, the finder's other candidates
alike in size to the read dice are read again and added, asked, never sure.

On the hard synthetic tables the dice missed so are mostly pale greys whose white pips
are barely lighter than the face (and a few dice the colour of their felt): the finder
sees them (heat 0.4-0.8), the face net says "no die". Looked at with the face's contrast
stretched about its own colour, the face net counts their pips far more often right
(docs/vision.md, "Dice the face net turned down"). Without the count nothing is added:
a candidate the nets turned down is, in a frame nobody counted, more likely no die.
"""

from __future__ import annotations

import numpy as np

#: the finder's peaks this strong are looked at (its usual candidates start at
#: net.PEAK_MIN): a pale grey the finder barely tells from the felt peaks at 0.1-0.25,
#: where no candidate off the dice, alike in size, came up in the frames short of
#: their count on the hard development tables (the setup takes the same, calibrate.WEAK_PEAK)
WEAK_PEAK = 0.1
#: ... alike in size to the read dice: within this share of their median, or its inverse
ALIKE_WITHIN = 0.7
#: ... the face's contrast stretched this many times about its own colour (the median
#: of reader.COLOUR_DISC of the face) before the face net reads the crop: of the 107
#: dice missed on two hard development sets (150000+, 160000+, calibrated) read right
#: unstretched 20, at 3 33, at 4-6 37-40; at 8 fewer on 160000+ (19 against 22 at 6)
STRETCH = 5.0
#: an added reading's confidence: under the reader's doubts of size and edge
#: (reader.NARROW_CONFIDENCE), so a game that knows the count drops it first, and far
#: under the threshold: the count, not the nets, says a die is there
CONFIDENCE = 0.3


def passed_over(frame: np.ndarray, faces: list, missing: int, possible) -> list:
    """Up to `missing` faces (reader.Face) of the finder's candidates off the read `faces`,
    alike in size to them and not cut by the frame's edge beyond reader.CUT, one per die,
    strongest first, each read at its likeliest count of `possible` on its stretched
    crop, with confidence CONFIDENCE. None where no face was read (no size to be like)."""
    from . import net
    from .reader import CUT, Face, face_colour, on_the_same_die

    if missing <= 0 or not faces:
        return []
    size = float(np.median([f.size for f in faces]))
    (h, w), r = frame.shape[:2], 0.5 - CUT
    chosen: list = []
    for c in sorted(net.find_dice(frame, WEAK_PEAK), key=lambda c: -c.score):
        if (not c.big and not any(on_the_same_die(c, f) for f in faces)
                and ALIKE_WITHIN <= c.size / size <= 1 / ALIKE_WITHIN
                and min(c.cx, c.cy, w - c.cx, h - c.cy) >= r * c.size
                and not any(np.hypot(c.cx - o.cx, c.cy - o.cy) < 0.5 * min(c.size, o.size)
                            for o in chosen)):
            chosen.append(c)
            if len(chosen) == missing:
                break
    out = []
    for c in chosen:
        patch, at = stretched(frame, c)
        p = net.read_crops(patch, [at])[0]
        value = max(possible, key=p.__getitem__)
        out.append(Face(value, (c.cx, c.cy), c.size, CONFIDENCE,
                        *face_colour(frame, c.cx, c.cy, c.size)))
    return out


def stretched(frame: np.ndarray, c):
    """(a patch round candidate `c` with its face's contrast stretched STRETCH times about
    the face's colour, `c` moved into the patch): faint pips made as plain as a usual
    die's for the face net."""
    import cv2

    from .net import CROP_SIDE
    from .reader import COLOUR_DISC

    side = int(np.ceil(c.size * CROP_SIDE)) + 4
    patch = cv2.getRectSubPix(frame, (side, side), (c.cx, c.cy)).astype(np.float32)
    yy, xx = np.mgrid[:side, :side]
    centre = (side - 1) / 2
    disc = (yy - centre) ** 2 + (xx - centre) ** 2 <= (COLOUR_DISC * c.size) ** 2
    face = np.median(patch[disc], axis=0)
    out = np.clip(face + STRETCH * (patch - face), 0, 255).astype(np.uint8)
    return out, type(c)(centre, centre, c.size, c.score)
