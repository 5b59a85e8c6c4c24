"""A second look at a photo, a little closer, for dice the finder passed over.

A photo smaller than the camera's frame is read at its own size: its dice look smaller
to the finder than the camera's do. On aws-dice-workshop's 512x384 photos, dice of the
set's usual size (35-60 px) on carpet or dark cloth warmed the finder's heat map to only
0.04-0.2 there (its peaks count from 0.25), and were missed, where 1.4 times as close
the heat rose to 0.5-0.9 and the face net read them (of 92 missed dice on its training
rows, 30 were found so; /work/notes/miss12-findings.md, docs/vision.md "Dice the finder
passed over"). The closer looks of `reader.read_faces` (2x, 4x) are taken only for small
dice, and replace the first read rather than add to it. This look only adds: a die it
finds where none was read, checked as every reading is.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

#: the look is this many times the first look's scale: a 512-px photo's finder input then
#: stays within a kept net's (`net.KEPT_INPUT_AREA`; at 1.5 it re-plans every time, for
#: a die more in 675)
AGAIN = 1.4


def added(frame: np.ndarray, faces: list, possible) -> list:
    """The faces read (`reader.Face`, in reading order) with the dice found AGAIN times as
    close where none of them lies; `possible`, the counts the dice can show."""
    from . import net, reader

    scale = min(1.0, net.WORK_SIDE / max(frame.shape[:2]))
    found = [f for f in net._find_at(frame, AGAIN * scale, net.PEAK_MIN)
             if not any(reader.on_the_same_die(f, g) for g in faces)]
    if not found:
        return faces
    new: list = []
    for f, p in sorted(zip(found, net.read_crops(frame, found)), key=lambda d: -d[0].score):
        if p[1:].max() <= p[0] or any(reader.on_the_same_die(f, g) for g in new):
            continue  # no die, or a second peak on one found here already
        value = max(possible, key=p.__getitem__)
        new.append(reader.Face(value, (f.cx, f.cy), f.size,
                               reader.confidence(f.score, p, value),
                               *reader.face_colour(frame, f.cx, f.cy, f.size),
                               refused=int(np.argmax(p[1:])) + 1 != value))
    new = alike_in_size(reader.not_coins(frame, new), faces)
    new = reader.cut_by_the_edge(new, frame.shape[1], frame.shape[0])
    return reader.reading_order(faces + new)


def alike_in_size(new: list, faces: list) -> list:
    """The new faces held to the sizes of the faces read surely before, as
    `reader.alike_in_size` holds a read's faces to its own: doubtful ones much narrower
    dropped, sure ones rather narrower or much wider made doubtful."""
    from .reader import ALIKE, NARROW, NARROW_CONFIDENCE, WIDE
    from .reading import CONFIRM_BELOW

    sure = [f.size for f in faces if f.confidence >= CONFIRM_BELOW]
    if not sure:
        return new
    median = float(np.median(sure))
    kept = [f for f in new
            if f.confidence >= CONFIRM_BELOW or f.refused or f.size >= ALIKE * median]
    return [replace(f, confidence=min(f.confidence, NARROW_CONFIDENCE))
            if not NARROW * median <= f.size <= WIDE * median else f for f in kept]
