"""Menus: the selection always in view, an inverted bar, a scroll indicator when needed."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.rules import View
from companion.ui import text
from companion.ui.menu import LINE, SCROLL_WIDTH, draw_menu, window
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import render


@given(st.integers(1, 30), st.integers(1, 6), st.data())
def test_the_window_always_shows_the_selection(count, rows, data):
    selected = data.draw(st.integers(0, count - 1))
    start = window(selected, count, rows)
    assert 0 <= start <= max(0, count - rows)
    assert start <= selected < start + rows


def test_the_selection_sits_in_the_middle_row_away_from_the_ends():
    assert [window(s, 10, 3) for s in range(10)] == [0, 0, 1, 2, 3, 4, 5, 6, 7, 7]


def menu_image(menu: Menu, h: int = 3 * LINE, line: int = LINE) -> Image.Image:
    image = Image.new("1", (128, h), 0)
    draw_menu(ImageDraw.Draw(image), 0, 0, 128, h, menu, line=line)
    return image


def lit(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    region = image.crop(box).convert("L")
    return region.histogram()[255] / (region.width * region.height)


ITEMS = tuple(MenuItem(f"Item {i}", f"{i}0%") for i in range(8))


def test_the_selected_row_is_an_inverted_bar():
    image = menu_image(Menu(ITEMS[:3], selected=1))
    assert lit(image, (0, LINE, 120, 2 * LINE)) > 0.6
    assert lit(image, (0, 0, 120, LINE)) < 0.3
    assert lit(image, (0, 2 * LINE, 120, 3 * LINE)) < 0.3


def test_a_scroll_bar_appears_only_when_items_are_hidden():
    right = (128 - SCROLL_WIDTH, 0, 128, 3 * LINE)
    labels = tuple(MenuItem(item.label) for item in ITEMS)
    below_the_bar = (128 - SCROLL_WIDTH, LINE, 128, 3 * LINE)
    assert menu_image(Menu(labels[:3])).crop(below_the_bar).getbbox() is None
    assert menu_image(Menu(labels)).crop(right).getbbox() is not None


def test_the_scroll_thumb_moves_down_with_the_selection():
    def thumb_top(selected: int) -> int:
        image = menu_image(Menu(ITEMS, selected=selected))
        column = [bool(image.getpixel((127, y))) for y in range(3 * LINE)]
        return column.index(True)

    tops = [thumb_top(s) for s in (0, 3, 7)]
    assert tops == sorted(tops) and tops[0] < tops[-1]


def test_a_one_row_menu_shows_arrows_for_what_lies_beyond():
    right = (128 - SCROLL_WIDTH, 0, 128, 9)
    first = menu_image(Menu(ITEMS, selected=0), h=9, line=9).crop(right)
    middle = menu_image(Menu(ITEMS, selected=4), h=9, line=9).crop(right)
    assert first.getbbox()[1] >= 4  # only the down arrow
    assert middle.getbbox()[1] <= 2 and middle.getbbox()[3] >= 7  # up and down


def test_the_best_item_is_starred():
    plain = menu_image(Menu((MenuItem("Roll"), MenuItem("Bank")), selected=1))
    starred = menu_image(Menu((MenuItem("Roll", best=True), MenuItem("Bank")), selected=1))
    assert plain.crop((0, 0, 2, LINE)).getbbox() is None
    assert starred.crop((0, 0, 2, LINE)).getbbox() is not None


@pytest.fixture
def drawn(monkeypatch):
    """Every string the menu draws, with its anchor point."""
    calls: list[tuple[tuple[int, int], str]] = []
    original = text.draw

    def record(canvas, xy, words, face, fill=1, anchor="ls"):
        calls.append((xy, words))
        original(canvas, xy, words, face, fill, anchor)

    monkeypatch.setattr(text, "draw", record)
    return calls


SIX_ONES = (
    MenuItem("1 1 1 1 1 1 +2000 roll 6", "2417 2%", best=True),
    MenuItem("1 1 1 1 1 +500 roll 1", "649 67%"),
    MenuItem("1 1 1 1 1 +500 bank", "500"),
    MenuItem("1 1 1 1 +400 roll 2", "533 44%"),
)


def test_labels_that_cannot_share_a_row_with_their_odds_stack_the_selection(drawn):
    menu_image(Menu(SIX_ONES, selected=1))
    where = {words: xy for xy, words in drawn}
    assert "1 1 1 1 1 +500 roll 1" in where and "649 67%" in where  # whole, not cut
    assert where["649 67%"][1] == where["1 1 1 1 1 +500 roll 1"][1] + LINE  # on the row below
    assert "1 1 1 1 1 +500 bank" in where and "500" in where  # fits beside its detail
    assert not any(words.endswith(text.ELLIPSIS) for words in where)


def test_a_stacked_selection_shows_its_detail_whole_on_its_own_row(drawn):
    """216's figures with Help cards ("47% 3pt+0.6H") are longer than half a row."""
    items = (
        MenuItem("Roll the 1 4 4 again", "47% 3pt+0.6H", best=True),
        MenuItem("Roll the 4 4 again", "31% 3pt+0.6H"),
        MenuItem("Roll the 1 again", "67% 3pt+0.6H"),
        MenuItem("Roll the 1 4 again", "44% 2pt+0.6H"),
    )
    menu_image(Menu(items, selected=0))
    assert "47% 3pt+0.6H" in [words for _, words in drawn]


def test_a_detail_longer_than_half_the_row_is_whole_beside_a_short_label(drawn):
    """216's groups: "Claim..." beside "100% 14pt-0.6H", not "100% 14pt-..."."""
    items = (
        MenuItem("+1/-1: 4 to 5", "100% 16pt-2H", best=True),
        MenuItem("Claim...", "100% 14pt-0.6H"),
    )
    menu_image(Menu(items, selected=0))
    assert "100% 14pt-0.6H" in [words for _, words in drawn]


ENDGAME = (  # 216's endgame: labels that fit beside half a row of figures, not all of them
    MenuItem("Roll the 3 again", "win 83% 33% 9pt+0.4H", best=True),
    MenuItem("Roll the 5 again", "win 80% 31% 8pt+0.4H"),
    MenuItem("Stop", "win 52%"),
)


def test_a_selection_whose_figures_do_not_fit_beside_its_label_is_stacked(drawn):
    """"★Roll the 3 again  win 83% 33%…": its label fitted beside half a row, its own
    figures were cut to that half."""
    menu_image(Menu(ENDGAME, selected=0))
    where = {words: xy for xy, words in drawn}
    assert "Roll the 3 again" in where and "win 83% 33% 9pt+0.4H" in where
    assert where["win 83% 33% 9pt+0.4H"][1] == where["Roll the 3 again"][1] + LINE


@pytest.mark.parametrize("selected", range(len(ENDGAME)))
def test_no_option_shows_its_figures_cut_where_the_menu_has_rows(drawn, selected):
    menu_image(Menu(ENDGAME, selected=selected))
    shown = [words for _, words in drawn]
    assert not any(words.endswith(text.ELLIPSIS) for words in shown)
    assert ENDGAME[selected].detail in shown and ENDGAME[selected].label in shown


def test_a_stacked_selection_is_one_bar_two_rows_high():
    image = menu_image(Menu(SIX_ONES, selected=1))
    assert lit(image, (0, 0, 120, 2 * LINE)) > 0.6
    assert lit(image, (0, 2 * LINE, 120, 3 * LINE)) < 0.3


def test_a_label_wider_than_the_display_is_cut_with_an_ellipsis(drawn):
    long = MenuItem("-200 to Maximilian-Alexander von Hohenzollern-Sigmaringen", "412 32%")
    menu_image(Menu((long, MenuItem("Bank")), selected=1))
    labels = [words for _, words in drawn if words.startswith("-200")]
    assert labels and labels[0].endswith(text.ELLIPSIS)


def test_a_selection_that_fits_beside_its_odds_keeps_one_row_in_a_stacked_menu(drawn):
    """67's "★Place 67  100 0 5.0" beside "Chase a double 67", which cannot share a row."""
    items = (MenuItem("Place 67", "100 0 5.0", best=True),
             MenuItem("Chase a double 67 and more", "100 0 4.9"))
    menu_image(Menu(items, selected=0))
    where = {words: xy for xy, words in drawn}
    assert where["100 0 5.0"][1] == where["Place 67"][1]


CHARIDICE = (  # the label once cut at 128x32, where the menu had one row
    MenuItem("G3 K4 M4 B6 O6: 23, give 20", "26pt give 8", best=True),
    MenuItem("Keep...", "25pt give 8"),
)


REQUEST = (MenuItem("Wilhelmina asks greatest gift", "wait"), MenuItem("Back to the game"))


@pytest.mark.parametrize("h", [2 * 9, 3 * LINE])
@pytest.mark.parametrize("items", [CHARIDICE, REQUEST])
def test_a_selection_shows_its_label_and_figures_whole_where_the_menu_has_two_rows(
        drawn, h, items):
    """The label wrapped where it is wider than its row ("Wilhelmina asks greatest" /
    "gift  wait"), the figures whole beside its last line, or below it."""
    image = menu_image(Menu(items, selected=0), h=h, line=9 if h == 18 else LINE)
    label = [words for (x, _), words in drawn if x < 64 and words][:2]
    assert items[0].label in (label[0], " ".join(label))
    assert items[0].detail in [words for _, words in drawn]
    assert not any(words.endswith(text.ELLIPSIS) for _, words in drawn)
    assert lit(image, (0, 0, 120, 18)) > 0.6  # one bar over both rows


def test_a_128x32_turn_gives_a_menu_that_stacks_two_rows_in_the_scores_place(drawn):
    screen = Screen("turn", names=("Ann", "Bo"), scores=(12, 30), active=0,
                    view=View(dice=(3, 4, 4, 4, 6, 6)), menu=Menu(CHARIDICE))
    render(screen, (128, 32))
    assert "26pt give 8" in [words for _, words in drawn]
    assert "Ann 12" not in [words for _, words in drawn]
    drawn.clear()
    render(dataclasses.replace(screen, menu=Menu((MenuItem("Keep", "25pt"),))), (128, 32))
    assert "25pt" in [words for _, words in drawn] and any("12" in w for _, w in drawn)
