"""A menu in a box: the selected item on an inverted bar, odds right-aligned, best starred.

More items than rows scroll: the window keeps the selection in view (in the
middle row where it can), and a scroll bar (or, with a single row, up and down
arrows) shows that more lies beyond. The window is computed from the selection
alone, so the same Menu always draws the same picture. Labels too long to share
their row with their whole odds stack the selected item on the rows it needs (see
draw_menu): its label, wrapped, then its odds. Odds are never cut: a row shows its odds
whole or not at all (they are whole when it is selected, where the menu has two rows);
a layout of one menu row at 128x32 gives the menu a second one when some label cannot
share a row with its odds (`compact_rows`), so a selection is read whole there too.
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


def _fits(face: Face, item: MenuItem, room: int, inline: bool) -> bool:
    """Whether the label fits (beside its whole detail when `inline`)."""
    return text.width(face, item.label) <= (_label_room(item, room) if inline else room)


def _label_room(item: MenuItem, room: int) -> int:
    if not item.detail:
        return room
    return room - DETAIL_GAP - text.width(DETAIL_FACE, item.detail)


def compact_rows(menu: Menu | None, w: int) -> int:
    """The menu rows a 128x32 layout gives `menu` (`w` wide): two where some label
    cannot share a row with its whole figures, so the selection can take both (label,
    then figures; in the scoreboard's place: the figures are what the decision is made
    on), else one."""
    if not menu or not menu.items:
        return 1
    starred = any(item.best for item in menu.items)
    room = w - (STAR_WIDTH + 2 if starred else 2) - 1 - SCROLL_WIDTH - 1
    return 1 if face_for(menu.items, room) is not None else 2


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
    sit beside its whole detail, the menu stacks instead: the selected item, if it is
    such a label, takes the rows it needs (`_tall`: its label wrapped, its detail whole
    beside the last line or below it) and other rows keep their detail only where it
    fits whole, so "roll" and "bank" are never cut off a label to make room for odds.
    A menu of one row shows an item's detail whole beside its label or not at all.
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

    face = face_for(items, right_edge(rows) - 1 - left)
    stacked = face is None
    face = face or face_for(items, right_edge(rows) - 1 - left, inline=False) or LABEL_FACES[-1]
    tall: list[tuple[str, str]] = []  # the selection's rows, where it takes more than one
    shown = rows
    if stacked and rows > 1:
        room = right_edge(rows - 1) - 1 - left
        pick = items[selected]
        if not _fits(face, pick, room, inline=bool(pick.detail)):
            tall = _tall(face, pick, room, rows)
            shown = rows - len(tall) + 1
    right = right_edge(shown)
    room = right - 1 - left
    start = window(selected, len(items), shown)

    top = y
    for index in range(start, min(start + shown, len(items))):
        item = items[index]
        chosen = index == selected
        lines = tall if chosen and tall else [(item.label, "")]
        ink = 0 if chosen else 1
        if chosen:
            canvas.rectangle((x, top, right - 1, top + len(lines) * line - 1), fill=1)
        base = text.baseline(face, top, line)
        if item.best:
            glyphs.draw(canvas, x + 1, base - len(glyphs.STAR), glyphs.STAR, ink)
        if len(lines) > 1:
            for k, (words, figures) in enumerate(lines):
                text.draw(canvas, (left, base + k * line), words, face, ink)
                if figures:
                    text.draw(canvas, (right - 1, base + k * line), figures, DETAIL_FACE, ink,
                              anchor="rs")
        else:
            beside = item.detail and _fits(face, item, room, inline=True)
            _draw(canvas, (left, base), item.label, face, ink,
                  _label_room(item, room) if beside else room)
            if beside:
                text.draw(canvas, (right - 1, base), item.detail, DETAIL_FACE, ink, anchor="rs")
        top += len(lines) * line

    if len(items) > shown and rows == 1:
        _arrows(canvas, right + 1, y, line, start > 0, start + 1 < len(items))
    elif len(items) > shown:
        _scroll_bar(canvas, right + 1, y, rows * line, start, shown, len(items))


def _tall(face: Face, item: MenuItem, room: int, most: int) -> list[tuple[str, str]]:
    """The selection on rows of its own, (words, figures) a row: its label wrapped to
    `room`, its detail right-aligned beside the last line where it fits whole there,
    else on a row below. At most `most` rows: a label needing more is cut with "…" on
    the last row it has (recorded), the detail keeping its own row."""
    words = text.wrap(face, item.label, room)
    detail = item.detail
    if detail and text.width(DETAIL_FACE, detail) > room:
        text.record_cut(detail)
        detail = text.ellipsize(DETAIL_FACE, detail, room)
    beside = bool(detail) and (text.width(face, words[-1]) + DETAIL_GAP
                               + text.width(DETAIL_FACE, detail) <= room)
    if len(words) + (bool(detail) and not beside) > most:
        text.record_cut(item.label)
        keep = max(1, most - bool(detail))
        words = [*words[:keep - 1], text.ellipsize(face, " ".join(words[keep - 1:]) + " ", room)]
        beside = False
    lines = [(part, "") for part in words]
    if beside:
        lines[-1] = (words[-1], detail)
    elif detail:
        lines.append(("", detail))
    return lines[:most]


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
