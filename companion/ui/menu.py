"""A menu in a box: the selected item on an inverted bar, odds right-aligned, best starred.

More items than rows scroll: the window keeps the selection in view (in the
middle row where it can), and a scroll bar (or, with a single row, up and down
arrows) shows that more lies beyond. The window is computed from the selection
alone, so the same Menu always draws the same picture. Labels too long to share
their row with their whole odds stack the selected item on two rows (see draw_menu):
its label then its odds, or a label without odds on both rows. Odds are never cut
where a menu has two rows or more: another row shows its odds whole or not at all
(they are whole when it is selected); a menu of one row (128x32) cuts them to half it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from . import glyphs, text
from .fonts import BODY, SMALL, Face
from .model import Menu, MenuItem

LINE = 10
"""Pixels per item by default: 1 above, 7 of capitals, 2 of descenders."""
DETAIL_GAP = 4
SCROLL_WIDTH = 3
STAR_WIDTH = glyphs.size(glyphs.STAR)[0]
LABEL_FACES = (BODY, SMALL)
DETAIL_FACE = SMALL
"""Odds are always in the narrow face; labels get the wider one when they all fit."""


def window(selected: int, count: int, rows: int) -> int:
    """Index of the first item shown: the selection as near the middle row as the ends allow."""
    start = selected - (rows - 1) // 2
    return max(0, min(start, count - rows))


def face_for(items: Sequence[MenuItem], room: int, inline: bool = True) -> Face | None:
    """The first face in which every label fits `room` (beside its detail when `inline`).

    One face for the whole menu, so rows do not change size as the menu scrolls.
    None when no face holds them all.
    """
    for face in LABEL_FACES:
        if all(_fits(face, item, room, inline) for item in items):
            return face
    return None


def _fits(face: Face, item: MenuItem, room: int, inline: bool, whole: bool = True) -> bool:
    """Whether the label fits (beside its detail when `inline`: the whole detail, or
    with `whole` False the detail cut to half the row, for a menu of one row)."""
    return text.width(face, item.label) <= (_label_room(item, room, whole) if inline else room)


def _label_room(item: MenuItem, room: int, whole: bool = True) -> int:
    if not item.detail:
        return room
    detail = item.detail if whole else _detail(item, room)
    return room - DETAIL_GAP - text.width(DETAIL_FACE, detail)


def _detail(item: MenuItem, room: int, own_row: bool = False, label: int | None = None) -> str:
    """The detail on its own row cut to the row; beside a label `label` pixels wide, whole
    where it fits there, else cut to half the row (the half every label can count on)."""
    if own_row:
        return text.ellipsize(DETAIL_FACE, item.detail, room)
    if label is not None and label + DETAIL_GAP + text.width(DETAIL_FACE, item.detail) <= room:
        return item.detail
    return text.ellipsize(DETAIL_FACE, item.detail, room // 2)


def draw_menu(
    canvas: ImageDraw.ImageDraw,
    x: int,
    y: int,
    w: int,
    h: int,
    menu: Menu,
    line: int = LINE,
) -> None:
    """Draw as many rows of `line` pixels of `menu` as fit the box (x, y, w, h).

    Each row shows its label and, right-aligned, its detail. When some label cannot
    sit beside its whole detail even in the narrow face, the menu stacks instead: the
    selected item, if it is such a label, takes two rows (label, then detail below it)
    and other rows keep their detail only where it fits whole, so "roll" and "bank"
    are never cut off a label to make room for odds.
    """
    items = menu.items
    if not items:
        return
    rows = max(1, h // line)
    selected = max(0, min(menu.selected, len(items) - 1))
    starred = any(item.best for item in items)
    left = x + (STAR_WIDTH + 2 if starred else 2)

    def right_edge(shown: int) -> int:  # the bar ends here; a scroll indicator sits beyond
        return x + w - (SCROLL_WIDTH + 1 if len(items) > shown else 0)

    shown = rows
    face = face_for(items, right_edge(shown) - 1 - left)
    stacked = face is None
    if stacked:
        shown = max(1, rows - 1)
        face = face_for(items, right_edge(shown) - 1 - left, inline=False) or LABEL_FACES[-1]
        pick = items[selected]  # two rows only for a selection that needs them
        room = right_edge(shown) - 1 - left
        stacked = (not _fits(face, pick, room, inline=True) if pick.detail
                   else text.width(face, pick.label) > room)
        shown = shown if stacked else rows
    right = right_edge(shown)
    room = right - 1 - left
    start = window(selected, len(items), shown)

    top = y
    for index in range(start, min(start + shown, len(items))):
        item = items[index]
        chosen = index == selected
        tall = chosen and stacked and rows > 1
        height = 2 * line if tall else line
        ink = 0 if chosen else 1
        if chosen:
            canvas.rectangle((x, top, right - 1, top + height - 1), fill=1)
        base = text.baseline(face, top, line)
        if item.best:
            glyphs.draw(canvas, x + 1, base - len(glyphs.STAR), glyphs.STAR, ink)
        beside = item.detail and not tall and _fits(face, item, room, inline=True)
        halved = item.detail and rows == 1 and not beside  # no row to stack on: figures cut
        if halved:
            beside = _fits(face, item, room, inline=True, whole=False)
        label_room = _label_room(item, room, whole=not halved) if beside else room
        if tall and not item.detail:  # no odds to put below: the label takes both rows
            first, *rest = text.wrap(face, item.label, room)
            _draw(canvas, (left, base), first, face, ink)
            _draw(canvas, (left, base + line), " ".join(rest), face, ink, room, item.label)
        else:
            _draw(canvas, (left, base), item.label, face, ink, label_room)
        if beside or (tall and item.detail):
            detail_base = base + (line if tall else 0)
            figures = _detail(item, room, own_row=tall, label=text.width(face, item.label))
            if figures != item.detail:
                text.record_cut(item.detail)
            text.draw(canvas, (right - 1, detail_base), figures, DETAIL_FACE, ink, anchor="rs")
        top += height

    if len(items) > shown and rows == 1:
        _arrows(canvas, right + 1, y, line, start > 0, start + 1 < len(items))
    elif len(items) > shown:
        _scroll_bar(canvas, right + 1, y, rows * line, start, shown, len(items))


def _draw(
    canvas: ImageDraw.ImageDraw,
    at: tuple[int, int],
    words: str,
    face: Face,
    ink: int,
    room: int | None = None,
    whole: str | None = None,
) -> None:
    """`words` cut to `room` (when given); a cut is recorded as a cut of `whole`."""
    shown = words if room is None else text.ellipsize(face, words, room)
    if shown != words:
        text.record_cut(whole or words)
    text.draw(canvas, at, shown, face, ink)


def _scroll_bar(
    canvas: ImageDraw.ImageDraw, x: int, y: int, h: int, start: int, rows: int, count: int
) -> None:
    """A dotted track with a solid thumb as long and as far down as the visible window."""
    mid = x + SCROLL_WIDTH // 2
    canvas.point([(mid, y + j) for j in range(0, h, 2)], fill=1)
    length = max(3, round(h * rows / count))
    top = y + round((h - length) * start / (count - rows))
    canvas.rectangle((x, top, x + SCROLL_WIDTH - 1, top + length - 1), fill=1)


def _arrows(
    canvas: ImageDraw.ImageDraw, x: int, y: int, line: int, above: bool, below: bool
) -> None:
    """With a single row: an up arrow if items lie above, a down arrow if below."""
    if above:
        glyphs.draw(canvas, x, y + 1, glyphs.MORE_ABOVE)
    if below:
        glyphs.draw(canvas, x, y + line - 1 - len(glyphs.MORE_BELOW), glyphs.MORE_BELOW)
