"""A menu in a box: the selected item on an inverted bar, odds right-aligned, best starred.

More items than rows scroll: the window keeps the selection in view (in the
middle row where it can), and a scroll bar (or, with a single row, up and down
arrows) shows that more lies beyond. The window is computed from the selection
alone, so the same Menu always draws the same picture.
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


def face_for(items: Sequence[MenuItem], room: int, faces: Sequence[Face]) -> Face:
    """The first face in which every label fits beside its detail in `room`, else the last.

    One face for the whole menu, so rows do not change size as the menu scrolls.
    """
    for face in faces:
        if all(text.width(face, item.label) <= _label_room(item, room) for item in items):
            return face
    return faces[-1]


def _label_room(item: MenuItem, room: int) -> int:
    if not item.detail:
        return room
    return room - DETAIL_GAP - text.width(DETAIL_FACE, _detail(item, room))


def _detail(item: MenuItem, room: int) -> str:
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
    """Draw as many rows of `line` pixels of `menu` as fit the box (x, y, w, h)."""
    items = menu.items
    rows = max(1, h // line)
    if not items:
        return
    selected = max(0, min(menu.selected, len(items) - 1))
    start = window(selected, len(items), rows)
    scrolls = len(items) > rows
    right = x + w - (SCROLL_WIDTH + 1 if scrolls else 0)  # the bar ends here, the indicator beyond
    starred = any(item.best for item in items)
    left = x + (STAR_WIDTH + 2 if starred else 2)
    room = right - 1 - left
    face = face_for(items, room, LABEL_FACES)

    for row, item in enumerate(items[start : start + rows]):
        top = y + row * line
        ink = 1
        if start + row == selected:
            canvas.rectangle((x, top, right - 1, top + line - 1), fill=1)
            ink = 0
        base = text.baseline(face, top, line)
        if item.best:
            glyphs.draw(canvas, x + 1, base - len(glyphs.STAR), glyphs.STAR, ink)
        if item.detail:
            text.draw(canvas, (right - 1, base), _detail(item, room), DETAIL_FACE, ink, anchor="rs")
        label = text.ellipsize(face, item.label, _label_room(item, room))
        text.draw(canvas, (left, base), label, face, ink)

    if scrolls and rows == 1:
        _arrows(canvas, right + 1, y, line, start > 0, start + 1 < len(items))
    elif scrolls:
        _scroll_bar(canvas, right + 1, y, rows * line, start, rows, len(items))


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
