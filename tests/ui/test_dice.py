"""Die glyphs: the right number of pips, and every kind of die told apart at a glance."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.ui import dice


def die(value: int, size: int, **style) -> Image.Image:
    image = Image.new("1", (size, size), 0)
    dice.draw_die(ImageDraw.Draw(image), 0, 0, value, size, **style)
    return image


def pips(image: Image.Image, ink: int) -> int:
    """Separate blobs of `ink` inside the die's border (4-connected)."""
    px = image.load()
    inside = {
        (x, y)
        for x in range(1, image.width - 1)
        for y in range(1, image.height - 1)
        if (px[x, y] != 0) == bool(ink)
    }
    blobs = 0
    while inside:
        blobs += 1
        todo = [inside.pop()]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in inside:
                    inside.remove(n)
                    todo.append(n)
    return blobs


@pytest.mark.parametrize("size", [dice.LARGE, dice.MEDIUM])
@pytest.mark.parametrize("value", range(1, 8))
def test_an_outlined_die_shows_its_value_in_pips(value, size):
    assert pips(die(value, size), ink=1) == value


@pytest.mark.parametrize("size", [dice.LARGE, dice.MEDIUM, dice.SMALL_DIE])
@pytest.mark.parametrize("value", range(1, 8))
def test_a_filled_die_shows_its_value_in_dark_pips(value, size):
    assert pips(die(value, size, filled=True), ink=0) == value


def test_seven_is_the_six_with_a_centre_pip():
    six, seven = die(6, dice.LARGE), die(7, dice.LARGE)
    extra = ImageChops.logical_xor(six, seven).getbbox()
    assert extra == (6, 6, 8, 8)  # one 2x2 pip in the middle of the 14 px die


def test_pips_are_symmetric():
    for value in (1, 4, 5, 6, 7):
        image = die(value, dice.LARGE)
        assert image.tobytes() == image.transpose(Image.Transpose.FLIP_LEFT_RIGHT).tobytes()


def differ(a: Image.Image, b: Image.Image) -> int:
    return ImageChops.logical_xor(a, b).convert("L").histogram()[255]


def test_plain_filled_and_dotted_dice_look_different():
    plain = die(5, dice.MEDIUM)
    assert differ(plain, die(5, dice.MEDIUM, filled=True)) > 50
    assert differ(plain, die(5, dice.MEDIUM, dotted=True)) >= 15


def test_a_value_no_die_can_show_is_a_question_mark_not_a_blank():
    assert pips(die(0, dice.LARGE), ink=1) >= 1
    assert die(0, dice.LARGE).tobytes() != die(1, dice.LARGE).tobytes()


def row_image(row: dice.Row, size: int, width: int = 128) -> tuple[Image.Image, int]:
    image = Image.new("1", (width, 40), 0)
    end = dice.draw_row(ImageDraw.Draw(image), 0, 0, row, size, right=width)
    return image, end


def test_a_row_ends_where_its_width_says():
    row = dice.Row((1, 1, 5, 2, 3, 6), aside=(5, 5))
    image, end = row_image(row, dice.MEDIUM)
    assert end == dice.row_width(row, dice.MEDIUM)
    assert image.getbbox()[2] == end


def test_aside_dice_are_smaller_and_filled():
    image, _ = row_image(dice.Row((2,), aside=(4,)), dice.LARGE)
    throw = image.crop((0, 0, dice.LARGE, dice.LARGE))
    aside_left = dice.LARGE + dice.ASIDE_GAP
    top = (dice.LARGE - dice.SMALL_DIE) // 2
    aside = image.crop((aside_left, top, aside_left + dice.SMALL_DIE, top + dice.SMALL_DIE))
    assert pips(throw, ink=1) == 2 and pips(aside, ink=0) == 4


def test_flagged_and_cursor_dice_carry_a_mark_below():
    plain, _ = row_image(dice.Row((3, 3)), dice.LARGE)
    flagged, _ = row_image(dice.Row((3, 3), flagged=(1,)), dice.LARGE)
    cursor, _ = row_image(dice.Row((3, 3), cursor=0), dice.LARGE)
    below = (0, dice.LARGE + 1, 128, 40)
    assert plain.crop(below).getbbox() is None
    assert flagged.crop(below).getbbox()[0] >= dice.LARGE  # under the second die
    assert cursor.crop(below).getbbox()[2] <= dice.LARGE  # under the first die
    unmarked, _ = row_image(dice.Row((3, 3), cursor=0, marks=False), dice.LARGE)
    assert unmarked.crop(below).getbbox() is None


def test_colour_tags_name_each_die():
    row = dice.Row((1, 2), colours=("magenta", "black"))
    assert dice.row_height(row, dice.LARGE) == dice.LARGE + dice.TAG_HEIGHT
    image, _ = row_image(row, dice.LARGE)
    assert image.crop((0, dice.LARGE + 1, 128, 40)).getbbox() is not None


def test_dice_that_do_not_fit_are_left_out_with_an_ellipsis():
    row = dice.Row(tuple(range(1, 7)) * 2)
    image, end = row_image(row, dice.MEDIUM, width=100)
    assert end == 100
    assert image.crop((100, 0, 128, 40)).getbbox() is None


def test_die_size_picks_the_largest_that_fits():
    row = dice.Row((1, 2, 3, 4, 5, 6))
    assert dice.die_size(row, (128, 20)) == dice.LARGE
    assert dice.die_size(row, (128, 12)) == dice.MEDIUM
    assert dice.die_size(row, (90, 20)) == dice.MEDIUM
