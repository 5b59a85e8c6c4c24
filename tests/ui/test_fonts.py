"""The screens' fonts: shipped with the package, loaded once, no two glyphs alike at 1x."""

from __future__ import annotations

import string
from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.ui import fonts, text

GLYPHS = string.ascii_letters + string.digits + " +-%:,./'!?()&=<>·…"
"""Every character the screens draw: titles, names, menus, notes, odds (the star,
crown, arrows and colour letters of the dice are drawn by companion.ui.glyphs)."""
MIN_DIFFERENT = 3
"""Pixels that must differ between two glyphs of the same outline. At 8 px DejaVu drew
G and O two pixels apart (a one-pixel bar twice), and "K4 G4 O4" read "K4 O4 O4" at
the table; with three, one pixel read wrong still leaves two that say which it is.
Glyphs whose outlines differ (an ascender, a descender, a narrower letter: h and n,
i and l) are told apart by that shape at a glance, whatever their pixel count."""
CONFUSABLE = ((6, 8), (6, 9), (8, 9), (0, 8), (3, 8), (1, 7), (5, 6), (3, 9))
MIN_DIFFERENT_CONFUSABLE = 4


def glyph(face: fonts.Face, char: str) -> Image.Image:
    """One glyph as the OLED shows it: one-bit, no anti-aliasing, at a fixed origin."""
    image = Image.new("1", (24, 24), 0)
    text.draw(ImageDraw.Draw(image), (2, 18), char, face)
    return image


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    return ImageChops.logical_xor(a, b).convert("L").histogram()[255]


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_every_two_glyphs_the_screens_use_can_be_told_apart(face):
    images = {c: glyph(face, c) for c in GLYPHS if c != " "}
    alike = [(a, b, differing_pixels(images[a], images[b]))
             for a, b in combinations(images, 2)
             if images[a].getbbox() == images[b].getbbox()
             and differing_pixels(images[a], images[b]) < MIN_DIFFERENT]
    assert alike == []


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_every_glyph_the_screens_use_is_drawn(face):
    """A character the font lacks would draw as nothing (or a box) and read as a gap."""
    blank = [c for c in GLYPHS if c != " " and glyph(face, c).getbbox() is None]
    assert blank == []


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_confusable_digits_differ_visibly(face):
    images = {d: glyph(face, str(d)) for d in range(10)}
    for a, b in CONFUSABLE:
        assert differing_pixels(images[a], images[b]) >= MIN_DIFFERENT_CONFUSABLE, (face, a, b)


def test_the_letters_the_issue_named_differ_by_more_than_a_pixel_or_two():
    """"K4 G4 O4" read "K4 O4 O4" and "give" read "gire"."""
    for a, b in (("G", "O"), ("v", "r"), ("C", "G"), ("D", "O")):
        assert differing_pixels(glyph(fonts.BODY, a), glyph(fonts.BODY, b)) >= MIN_DIFFERENT


def test_fonts_ship_inside_the_package_with_their_licence():
    for face in fonts.ALL:
        assert (fonts.FONT_DIR / face.file).is_file()
    licence = (fonts.FONT_DIR / "LICENSE.txt").read_text()
    assert "misc-fixed" in licence and "Public domain font" in licence
    assert {p.name for p in fonts.FONT_DIR.iterdir()} == {
        "LICENSE.txt", *(face.file for face in fonts.ALL)}


def test_a_face_is_read_from_disk_once():
    assert fonts.load(fonts.BODY) is fonts.load(fonts.BODY)


def test_text_is_laid_out_in_whole_pixels_whatever_the_machine_has():
    from PIL import ImageFont

    assert fonts.load(fonts.BODY).layout_engine == ImageFont.Layout.BASIC


def test_heights_are_the_ink_not_the_cell():
    """A bitmap glyph's box is its whole cell; lines are laid out by the ink."""
    assert (fonts.cap_height(fonts.BODY), fonts.descent(fonts.BODY)) == (6, 1)
    assert text.line_height(fonts.BODY) <= 10  # a menu row


def ink_columns(image: Image.Image) -> list[bool]:
    pixels = image.load()
    return [any(pixels[x, y] for y in range(image.height)) for x in range(image.width)]


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
@pytest.mark.parametrize("pair", ["rn", "li", "il", "ri", "ll"])
def test_narrow_letters_never_touch(face, pair):
    """At 8 px DejaVu's r touched the n after it, so "Turn" read "Tum"."""
    image = Image.new("1", (40, 20), 0)
    text.draw(ImageDraw.Draw(image), (2, 14), pair, face)
    columns = ink_columns(image)
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    assert not all(columns[first : last + 1]), f"{pair} touch in {face}"
