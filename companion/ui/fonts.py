"""The few fonts the screens use, shipped with the package and loaded once.

Only explicit, legible faces: DejaVu Sans (regular and bold) from
`companion/ui/fonts/`, never Pillow's built-in default, whose small sizes draw 6
and 9 almost like 8. Every size here is checked digit by digit in
tests/ui/test_fonts.py. On a one-bit image Pillow draws these without
anti-aliasing, so what the tests see is what the OLED shows.

Text is laid out by Pillow's basic engine, never Raqm: its hinted, whole-pixel
advances keep letters apart at 9-10 px (with Raqm's fractional ones "rn" melts into
"m"), and the same pixels come out whether or not a machine has libraqm.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")


@dataclass(frozen=True)
class Face:
    """A font file at one pixel size."""

    file: str
    size: int
    space_after: str = ""
    """Letters followed by one extra pixel before another letter: a one-bit fix-up
    where the face is so small that two glyphs touch (DejaVu 8 px draws "rn" as "m")."""


SMALL = Face("DejaVuSans.ttf", 8, space_after="r")
"""Odds, hints, colour tags, and anything that does not fit in BODY."""
BODY = Face("DejaVuSans.ttf", 9)
"""Menus, scores, facts and notices."""
TITLE = Face("DejaVuSans-Bold.ttf", 12)
"""Screen titles."""
BIG = Face("DejaVuSans-Bold.ttf", 16)
"""The one thing to do now, e.g. "Throw 6 dice"."""

ALL = (SMALL, BODY, TITLE, BIG)


@cache
def load(face: Face) -> ImageFont.FreeTypeFont:
    """The Pillow font for `face`, read from disk the first time only."""
    return ImageFont.truetype(
        str(FONT_DIR / face.file), face.size, layout_engine=ImageFont.Layout.BASIC
    )


@cache
def cap_height(face: Face) -> int:
    """Pixels from the baseline to the top of a capital or digit."""
    return -load(face).getbbox("H0", anchor="ls")[1]


@cache
def descent(face: Face) -> int:
    """Pixels below the baseline that descenders (g, j, p, q, y) reach."""
    return load(face).getbbox("gjpqy", anchor="ls")[3]
