"""The screens' fonts: shipped with the package, loaded once, digits that never look alike."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.ui import fonts, text

CONFUSABLE = ((6, 8), (6, 9), (8, 9), (0, 8), (3, 8), (1, 7), (5, 6), (3, 9))
MIN_DIFFERENT_PIXELS = 3
MIN_DIFFERENT_CONFUSABLE = 4
"""Pillow's own default font at 10 px draws 6 and 8 only three pixels apart."""


def digit(face: fonts.Face, value: int) -> Image.Image:
    """One digit as the OLED would show it: one-bit, no anti-aliasing, fixed origin."""
    image = Image.new("1", (20, 24), 0)
    text.draw(ImageDraw.Draw(image), (2, 18), str(value), face)
    return image


def differing_pixels(a: Image.Image, b: Image.Image) -> int:
    return ImageChops.logical_xor(a, b).convert("L").histogram()[255]


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_confusable_digits_differ_visibly(face):
    images = {d: digit(face, d) for d in range(10)}
    for a, b in CONFUSABLE:
        assert differing_pixels(images[a], images[b]) >= MIN_DIFFERENT_CONFUSABLE, (face, a, b)


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_every_digit_is_its_own_picture(face):
    images = [digit(face, d) for d in range(10)]
    for a, b in combinations(range(10), 2):
        assert differing_pixels(images[a], images[b]) >= MIN_DIFFERENT_PIXELS, (face, a, b)


def test_fonts_ship_inside_the_package_with_their_licence():
    for face in fonts.ALL:
        assert (fonts.FONT_DIR / face.file).is_file()
    licence = (fonts.FONT_DIR / "LICENSE.txt").read_text()
    assert "Bitstream Vera" in licence and "DejaVu" in licence


def test_a_face_is_read_from_disk_once():
    assert fonts.load(fonts.BODY) is fonts.load(fonts.BODY)


def test_text_is_laid_out_in_whole_pixels_whatever_the_machine_has():
    # Raqm's fractional advances would make "rn" melt and goldens differ between machines.
    from PIL import ImageFont

    assert fonts.load(fonts.BODY).layout_engine == ImageFont.Layout.BASIC


def ink_columns(image: Image.Image) -> list[bool]:
    pixels = image.load()
    return [any(pixels[x, y] for y in range(image.height)) for x in range(image.width)]


@pytest.mark.parametrize("face", fonts.ALL, ids=lambda f: f"{f.file}@{f.size}")
def test_r_and_n_stay_apart(face):
    """At 8 px DejaVu's r touches the n after it, so "Turn" read "Tum"; a pixel keeps them apart."""
    image = Image.new("1", (40, 20), 0)
    text.draw(ImageDraw.Draw(image), (2, 14), "rn", face)
    columns = ink_columns(image)
    first, last = columns.index(True), len(columns) - 1 - columns[::-1].index(True)
    assert not all(columns[first : last + 1]), f"r and n touch in {face}"
