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


def passed_over(frame: np.ndarray, faces: list, candidates: list, missing: int,
                possible) -> list:
    """Up to `missing` faces (reader.Face) of the finder's `candidates` (its look down to
    WEAK_PEAK, `reader.faces_at`'s `weak`) off the read `faces`, alike in size to them and
    not cut by the frame's edge beyond reader.CUT, one per die, strongest first, each
    read at its likeliest count of `possible` on its stretched crop, with confidence
    CONFIDENCE. None where no face was read (no size to be like). The crops are read in
    one batch and once (net.read_once): an unsure one's three turned views cost three
    crops more, and on the 107 throws short of their count of 150000+ and 160000+ they
    named 4 dice more right of the 50 added right (the budget: docs/vision.md, "Speed")."""
    from . import net
    from .reader import CUT, Face, face_colour, on_the_same_die

    if missing <= 0 or not faces:
        return []
    size = float(np.median([f.size for f in faces]))
    (h, w), r = frame.shape[:2], 0.5 - CUT
    chosen: list = []
    for c in sorted(candidates, key=lambda c: -c.score):
        if (not c.big and not any(on_the_same_die(c, f) for f in faces)
                and ALIKE_WITHIN <= c.size / size <= 1 / ALIKE_WITHIN
                and min(c.cx, c.cy, w - c.cx, h - c.cy) >= r * c.size
                and not any(np.hypot(c.cx - o.cx, c.cy - o.cy) < 0.5 * min(c.size, o.size)
                            for o in chosen)):
            chosen.append(c)
            if len(chosen) == missing:
                break
    probs = net.read_once([net.face_crop(*stretched(frame, c)) for c in chosen])
    return [Face(max(possible, key=p.__getitem__), (c.cx, c.cy), c.size, CONFIDENCE,
                 *face_colour(frame, c.cx, c.cy, c.size)) for c, p in zip(chosen, probs)]


def stretched(frame: np.ndarray, c):
    """(a patch round candidate `c` with its face's contrast stretched STRETCH times about
    the face's colour, `c`'s centre and size in the patch): faint pips made as plain as
    a usual die's for the face net."""
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
    return out, centre, centre, c.size


def named_beside(frame: np.ndarray, faces: list, colours: list, added: list, expect,
                 calibration=None) -> list:
    """(colour, how sure) of each `added` face, the read `faces` named `colours` (as
    reader.named named them, without the added ones). Under a colour table, each added
    face's colour odds (vision.colour.odds, against the white of every face, the cast
    the read faces' names show taken out: colour_doubt.frame_shift) are weighed with the
    read faces held to their names (vision.colour_table.resolved), so no added face
    takes a face, or a die, another reading carries; one named no colour so is given the
    nearest free one (colour_doubt.guessed), as the weighing gives it. The weighing of
    every face is not run again: it cost a frame short of its count as much as the rest
    of its read. Without a table each face is named alone, as reader.named names."""
    from . import colour
    from .colour_doubt import GUESS_LIGHTNESS, frame_shift, guessed, plain
    from .colour_table import resolved
    from .reader import colourless, named

    if colourless(frame) or expect.colours is None:
        return named(frame, faces + added, expect, calibration)[len(faces):]
    light = colour.light_of(frame)
    if calibration is not None:  # as reader.named took it for the read faces
        calibration = calibration.under(faces, light, False)
    white = colour.frame_white(faces + added, light, plain=False)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    dark = None if calibration is None else calibration.dark_pips()
    spread = dict(zip(refs, colour.spreads(list(refs), dark or ())))
    kept = colour.kept_white(calibration, light)
    allowed = set(expect.colours)
    names = [n if (f.value, n) in allowed else None for f, (n, _p) in zip(faces, colours)]
    x = np.array([colour.measured(f, white, kept=kept).nearest(refs[n], spread[n], False)
                  if n is not None else np.zeros(3) for f, n in zip(faces, names)])
    shift = frame_shift(x, names, refs, spread)
    odds = [colour.odds(f, white, refs, dark, False, shift, kept) for f in added]
    values = [f.value for f in faces + added]
    out = [(n, 1.0) for n in names] + resolved(values, [{n: 1.0} for n in names] + odds,
                                               allowed, expect.dice)[len(faces):]
    wide = np.array([1.0, 1.0, GUESS_LIGHTNESS])
    far: list[dict] = [{} for _ in faces]
    for f, (n, _p) in zip(added, out[len(faces):]):
        m = colour.measured(f, white, kept=kept)
        far.append({} if n is not None else {c: m.distance2(refs[c], spread[c] * wide)
                                             for c in refs if c not in colour.PLAIN})
    return plain(guessed(out, far, values, allowed))[len(faces):]
