"""Who has how many points: the one-line scoreboard and the final standings.

The scoreboard keeps every player on one line for as long as it can: it first
shortens the other players' names, then the active player's (never so far that two
read the same: "P4" and "P5" stay whole), and only when even initials do not fit
does it show a window of seats starting at the active player, ending in "…" so
nobody is dropped silently.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from . import glyphs, text
from .fonts import BODY, SMALL, Face

ENTRY_GAP = 7
"""Between two entries, with a dotted rule in the middle."""
PAD = 2
"""Either side of the active player's inverted entry."""
_SHORTEN = ((None, None), (None, 3), (None, 1), (3, 1), (1, 1))
"""(active, others) name lengths to try, None for the whole name."""


def player_names(names: Sequence[str], count: int) -> list[str]:
    """The given names, with "P1", "P2", ... for players the session did not name."""
    return [names[i] if i < len(names) and names[i] else f"P{i + 1}" for i in range(count)]


def shortened(names: Sequence[str], keep: int | None) -> list[str]:
    """Each name cut to `keep` letters, or to as many more as tell it from the others."""
    if keep is None:
        return list(names)
    cut = []
    for i, name in enumerate(names):
        n = keep
        while n < len(name) and any(o[:n] == name[:n] for j, o in enumerate(names) if j != i):
            n += 1
        cut.append(name[:n])
    return cut


def _width(face: Face, entries: Sequence[str], active: int | None) -> int:
    widths = [text.width(face, e) + (2 * PAD if i == active else 0) for i, e in enumerate(entries)]
    return sum(widths) + ENTRY_GAP * (len(entries) - 1)


def header_entries(
    names: Sequence[str],
    scores: Sequence[int],
    active: int | None,
    room: int,
    faces: Sequence[Face] = (BODY, SMALL),
) -> tuple[Face, list[int], list[str]]:
    """The face, the seats to show in order, and each one's "name score", to fit `room`.

    Whole names in a smaller face come before shortened names in a larger one.
    """
    names = player_names(names, len(scores))
    seats = list(range(len(scores)))
    for keep_active, keep_other in _SHORTEN:
        short = zip(shortened(names, keep_active), shortened(names, keep_other))
        entries = [
            f"{mine if i == active else theirs} {score}"
            for i, ((mine, theirs), score) in enumerate(zip(short, scores))
        ]
        for face in faces:
            if _width(face, entries, active) <= room:
                return face, seats, entries
    face = faces[-1]
    first = active or 0
    order = seats[first:] + seats[:first]
    shown: list[int] = []
    entries = []
    reserve = 2 + text.width(face, text.ELLIPSIS)
    initials = shortened(names, 1)
    for seat in order:
        trial = entries + [f"{names[seat] if seat == active else initials[seat]} {scores[seat]}"]
        if _width(face, trial, None if active is None else 0) + reserve > room:
            break
        shown.append(seat)
        entries = trial
    if not shown:  # not even one entry: the active player's, the name cut, never the score
        shown = [first]
        score = f" {scores[first]}"
        cut = room - 2 * PAD - reserve - text.width(face, score)
        entries = [text.ellipsize(face, names[first], cut) + score]
    return face, shown, entries


def draw_header(
    canvas: ImageDraw.ImageDraw,
    x: int,
    y: int,
    w: int,
    names: Sequence[str],
    scores: Sequence[int],
    active: int | None,
    height: int = 10,
) -> None:
    """The scoreboard line in the box (x, y, w, height), the active player inverted."""
    face, shown, entries = header_entries(names, scores, active, w)
    base = text.baseline(face, y, height)
    left = x
    for k, (seat, entry) in enumerate(zip(shown, entries)):
        if k:
            rule = left + ENTRY_GAP // 2
            canvas.point([(rule, y + j) for j in range(1, height - 1, 2)], fill=1)
            left += ENTRY_GAP
        if seat == active:
            span = text.width(face, entry) + 2 * PAD
            canvas.rectangle((left, y, left + span - 1, y + height - 1), fill=1)
            text.draw(canvas, (left + PAD, base), entry, face, 0)
            left += span
        else:
            text.draw(canvas, (left, base), entry, face)
            left += text.width(face, entry)
    if len(shown) < len(scores):
        text.draw(canvas, (x + w, base), text.ELLIPSIS, face, anchor="rs")


def standings(scores: Sequence[int]) -> list[int]:
    """Seats from the highest score down; ties keep seat order."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))


STANDING_LINE = 11
COLUMN_GAP = 6


def draw_standings(
    canvas: ImageDraw.ImageDraw,
    x: int,
    y: int,
    w: int,
    h: int,
    names: Sequence[str],
    scores: Sequence[int],
    winners: Sequence[int],
    ranked: bool = False,
) -> None:
    """Final scores, best first (or, `ranked`, in the order given), in one column or two,
    winners marked with a crown.

    Two columns use the narrow face; when even they cannot hold everyone, the last
    cell says how many are not shown.
    """
    if not scores:
        return
    names = player_names(names, len(scores))
    order = list(range(len(scores))) if ranked else standings(scores)
    rows = max(1, h // STANDING_LINE)
    columns = min(2, math.ceil(len(order) / rows))
    face = BODY if columns == 1 else SMALL
    cells = rows * columns
    hidden = len(order) - cells + 1 if len(order) > cells else 0
    shown = order[: cells - 1] if hidden else order
    cell_w = (w - COLUMN_GAP * (columns - 1)) // columns
    crown_w = glyphs.size(glyphs.CROWN)[0] + 2
    for k, seat in enumerate(shown):  # row by row, so ranks read like text
        row, col = divmod(k, columns)
        left = x + col * (cell_w + COLUMN_GAP)
        top = y + row * STANDING_LINE
        base = text.baseline(face, top, STANDING_LINE)
        if seat in winners:
            glyphs.draw(canvas, left, base - len(glyphs.CROWN), glyphs.CROWN)
        score = str(scores[seat])
        text.draw(canvas, (left + cell_w, base), score, face, anchor="rs")
        room = cell_w - crown_w - text.width(face, score) - 3
        text.draw(canvas, (left + crown_w, base), text.ellipsize(face, names[seat], room), face)
    if hidden:
        row, col = divmod(cells - 1, columns)
        left = x + col * (cell_w + COLUMN_GAP)
        base = text.baseline(face, y + row * STANDING_LINE, STANDING_LINE)
        text.draw(canvas, (left + crown_w, base), f"+{hidden} more", face)
