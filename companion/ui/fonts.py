"""The few fonts the screens use, shipped with the package and loaded once.

Bitmap faces drawn for a few pixels, never scaled outlines: the X11 misc-fixed fonts
(public domain) in `companion/ui/fonts/`, whose every pixel is placed by hand, with a
few glyphs redrawn so that no two letters of the same outline differ by fewer than
three pixels (in DejaVu at 8-9 px G and O differed by two, "K4 G4 O4" read "K4 O4
O4", and v read as r). tests/ui/test_fonts.py checks every pair. FreeType reads BDF
and PCF as it reads TrueType, so Pillow's `truetype` loads them, with anchors and
whole-pixel advances, and what the tests see is what the OLED shows.

Text is laid out by Pillow's basic engine, never Raqm: the same pixels come out
whether or not a machine has libraqm.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).with_name("fonts")


@dataclass(frozen=True)
class Face:
    """A font file at its pixel size (a bitmap font has the one size it was drawn at)."""

    file: str
    size: int


BODY = Face("fixed-5x8.bdf", 8)
"""Menus, scores, facts, notices, hints, odds and colour tags: 5 pixels a letter."""
SMALL = BODY
"""What used to be a smaller face for text that does not fit: below 5x8 no face keeps
letters apart (4x6 draws m like H), so text that does not fit BODY is wrapped,
shortened or cut, never drawn smaller."""
TITLE = Face("fixed-7x13B.bdf", 13)
"""Screen titles (bold)."""
BIG = Face("fixed-9x15B.pcf.gz", 15)
"""The one thing to do now, e.g. "Throw 6 dice" (bold)."""

ALL = (BODY, TITLE, BIG)


@cache
def load(face: Face) -> ImageFont.FreeTypeFont:
    """The Pillow font for `face`, read from disk the first time only."""
    return ImageFont.truetype(
        str(FONT_DIR / face.file), face.size, layout_engine=ImageFont.Layout.BASIC
    )


def _ink(face: Face, text: str) -> tuple[int, int]:
    """The rows `text` inks, above (negative) and below the baseline: a bitmap font's
    glyph box is its whole cell, blank rows included, so the ink is measured."""
    mask, (_, top) = load(face).getmask2(text, mode="1", anchor="ls")
    box = mask.getbbox()
    return top + box[1], top + box[3]


@cache
def cap_height(face: Face) -> int:
    """Pixels from the baseline to the top of a capital or digit."""
    return -_ink(face, "H0")[0]


@cache
def descent(face: Face) -> int:
    """Pixels below the baseline that descenders (g, j, p, q, y) reach."""
    return _ink(face, "gjpqy")[1]
