"""Dice drawn as pips, the way they lie on the table, not as digits.

A face shows 1 to 7 pips (67 Six Seven numbers its dice 2 to 7: seven is the six
layout plus a centre pip). Dice in the throw are outlined; dice set aside are
smaller and filled, so the two groups never blur. The die being entered by hand is
filled at full size with a caret under it; a die the camera is unsure of has a
dotted outline and a question mark under it. Coloured dice (Charidice) carry a
one-letter tag under each die, in the throw and aside, drawn by hand (glyphs.LETTERS)
so that G (grey) never reads as O (orange).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from vision.reading import COLOURS

from . import glyphs, text
from .fonts import SMALL

LARGE, MEDIUM, SMALL_DIE = 14, 12, 10
"""Die squares in pixels. Outlined dice are LARGE or MEDIUM; SMALL_DIE is for filled dice."""

PIP = 2
_PIP_AT = {14: (2, 6, 10), 12: (2, 5, 8), 10: (1, 4, 7)}
"""Where the three pip columns (and rows) start inside each die size: symmetric, with gaps."""

_CORNERS = ((0, 0), (2, 0), (0, 2), (2, 2))
_FACES = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: _CORNERS,
    5: _CORNERS + ((1, 1),),
    6: _CORNERS + ((0, 1), (2, 1)),
    7: _CORNERS + ((0, 1), (2, 1), (1, 1)),
}
"""Pips of each value on a 3x3 grid (column, row)."""



def _tags(names: tuple[str, ...]) -> dict[str, str]:
    """Each colour's letter: its first not taken by a colour before it, else its last
    (K for black, as in CMYK: B is blue)."""
    tags: dict[str, str] = {}
    for name in names:
        tags[name] = next((c.upper() for c in (name[0], name[-1], *name[1:-1])
                           if c.upper() not in tags.values()), name[0].upper())
    return tags


COLOUR_TAGS = _tags(COLOURS)
"""The colours the camera can tell (`vision.reading.COLOURS`) as the letter under a die."""

GAP = 2
ASIDE_GAP = 7
"""Space between dice, and between the throw and the dice set aside (a dotted rule in it)."""
MARK_HEIGHT = 1 + glyphs.size(glyphs.QUESTION)[1]
TAG_HEIGHT = 7
"""A gap and the 6-pixel capitals of the SMALL face."""
TAG_WIDTH = 5
BESIDE_GAP, BESIDE_AFTER = 1, 3
"""A letter beside its die: 1 pixel from it, 3 before the next die, so it reads as the
die's on its left."""


def draw_die(
    canvas: ImageDraw.ImageDraw,
    x: int,
    y: int,
    value: int,
    size: int = LARGE,
    *,
    filled: bool = False,
    dotted: bool = False,
) -> None:
    """One die with its top-left corner at (x, y); a value it cannot show draws a '?'."""
    last = size - 1
    ink, pip_ink = (1, 0) if filled else (1, 1)
    if filled:
        canvas.rectangle((x, y, x + last, y + last), fill=1)
    elif dotted:
        canvas.point(
            [(x + i, y + j) for i in range(size) for j in (0, last) if i % 2 == 0]
            + [(x + i, y + j) for j in range(size) for i in (0, last) if j % 2 == 0],
            fill=ink,
        )
    else:
        canvas.rectangle((x, y, x + last, y + last), outline=ink)
    canvas.point([(x, y), (x + last, y), (x, y + last), (x + last, y + last)], fill=0)
    if value not in _FACES:
        w, h = glyphs.size(glyphs.QUESTION)
        glyphs.draw(canvas, x + (size - w) // 2, y + (size - h) // 2, glyphs.QUESTION, pip_ink)
        return
    at = _PIP_AT[size]
    for col, row in _FACES[value]:
        px, py = x + at[col], y + at[row]
        canvas.rectangle((px, py, px + PIP - 1, py + PIP - 1), fill=pip_ink)


@dataclass(frozen=True)
class Row:
    """A line of dice: the throw (with its marks and colours) and the dice set aside."""

    dice: tuple[int, ...] = ()
    aside: tuple[int, ...] = ()
    colours: tuple[str, ...] = ()
    aside_colours: tuple[str, ...] = ()
    flagged: tuple[int, ...] = ()
    cursor: int | None = None
    marks: bool = True
    """Question marks and the caret under the dice; without them only the faces tell."""
    beside: bool = False
    """Each colour letter right of its die rather than under it: the row is one die
    high (128x32, where the lines under the dice are the hint's or the menu's)."""

    def marked(self) -> bool:
        return self.marks and (bool(self.flagged) or self.cursor is not None)


def row_width(row: Row, size: int) -> int:
    """Pixels the row needs with throw dice of `size`."""
    throw = len(row.dice) * (size + _step(row, row.colours)) - GAP if row.dice else 0
    aside = (len(row.aside) * (SMALL_DIE + _step(row, row.aside_colours)) - GAP
             if row.aside else 0)
    return throw + aside + (ASIDE_GAP if row.dice and row.aside else 0)


def _step(row: Row, colours: tuple[str, ...]) -> int:
    """Pixels from a die's right edge to the next die: the gap, and its letter beside."""
    return BESIDE_GAP + TAG_WIDTH + BESIDE_AFTER if row.beside and colours else GAP


def row_height(row: Row, size: int) -> int:
    """Pixels the row needs with throw dice of `size`, marks and tags included."""
    tags = (row.colours or row.aside_colours) and not row.beside
    return size + (MARK_HEIGHT if row.marked() else 0) + (TAG_HEIGHT if tags else 0)


def die_size(row: Row, room: tuple[int, int]) -> int:
    """The largest throw die for which the row fits `room` (width, height)."""
    for size in (LARGE, MEDIUM):
        if row_width(row, size) <= room[0] and row_height(row, size) <= room[1]:
            return size
    return MEDIUM


def draw_row(
    canvas: ImageDraw.ImageDraw, x: int, y: int, row: Row, size: int, right: int = 128
) -> int:
    """Draw the row from (x, y); return the x just past its last die.

    Dice that would pass `right` are left out and an ellipsis says so.
    """
    if not row.dice:
        size = SMALL_DIE
    for i, value in enumerate(row.dice):
        if x + size > right:
            return _more(canvas, x, y, size, right)
        cursor = i == row.cursor
        draw_die(canvas, x, y, value, size, filled=cursor, dotted=i in row.flagged and not cursor)
        mark = glyphs.QUESTION if i in row.flagged else glyphs.UP if cursor else None
        if mark and row.marks:
            w, _ = glyphs.size(mark)
            glyphs.draw(canvas, x + (size - w) // 2, y + size + 1, mark)
        if i < len(row.colours):
            _tag(canvas, *_tag_at(row, x, y, size), row.colours[i])
        x += size + _step(row, row.colours)
    if row.dice and row.aside:
        rule = x - GAP + ASIDE_GAP // 2
        canvas.point([(rule, y + j) for j in range(0, size, 2)], fill=1)
        x += ASIDE_GAP - GAP
    top = y + (size - SMALL_DIE) // 2
    for k, value in enumerate(row.aside):
        if x + SMALL_DIE > right:
            return _more(canvas, x, y, size, right)
        draw_die(canvas, x, top, value, SMALL_DIE, filled=True)
        if k < len(row.aside_colours):
            _tag(canvas, *_tag_at(row, x, y, size, SMALL_DIE), row.aside_colours[k])
        x += SMALL_DIE + _step(row, row.aside_colours)
    return x - GAP


def _tag_at(row: Row, x: int, y: int, size: int, die: int | None = None) -> tuple[int, int]:
    """Where the letter of the die at `x` goes (its centre, the top of its band): under
    the die, or right of it, level with the row's middle."""
    die = size if die is None else die
    if row.beside:
        return x + die + BESIDE_GAP + TAG_WIDTH // 2, y + (size - TAG_HEIGHT) // 2
    return x + die // 2, y + size + (MARK_HEIGHT if row.marked() else 0)


def _tag(canvas: ImageDraw.ImageDraw, centre: int, top: int, colour: str) -> None:
    """A die's colour as its letter, in the tag band from `top` ("" draws nothing)."""
    tag = COLOUR_TAGS.get(colour, colour[:1].upper())
    if tag in glyphs.LETTERS:
        w, h = glyphs.size(glyphs.LETTERS[tag])
        glyphs.draw(canvas, centre - w // 2, top + TAG_HEIGHT - h, glyphs.LETTERS[tag])
    else:
        text.draw(canvas, (centre, top + TAG_HEIGHT), tag, SMALL, anchor="ms")


def _more(canvas: ImageDraw.ImageDraw, x: int, y: int, size: int, right: int) -> int:
    """An ellipsis where dice were left out for lack of room."""
    room = right - x
    if room < text.width(SMALL, text.ELLIPSIS):
        x = right - text.width(SMALL, text.ELLIPSIS)
        canvas.rectangle((x, y, right - 1, y + size - 1), fill=0)
    text.draw(canvas, (x, y + size - 2), text.ELLIPSIS, SMALL)
    return right
