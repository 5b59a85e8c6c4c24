"""A game's own pages and screen kinds (companion/ui/games hooks 3 and 4), with a fake
game: opened from the game menu, flipped with Up/Down, Back returns to the game."""

from __future__ import annotations

import pytest
from table_helpers import choose, press

from companion.table import Setup, Table
from companion.ui.model import Screen
from companion.ui.render import render
from tests.fake_game_screens import PAGES_LABEL, registered_screens
from tests.fake_games import registered


@pytest.fixture
def games(monkeypatch):
    registered(monkeypatch)
    registered_screens(monkeypatch)


def started(store, game: str) -> Table:
    table = Table(store, Setup(game, 2, names=("Ann", "Bob"), start="options"),
                  clock=lambda: 0.0)
    press(table, "select")  # Start game
    return table


def menu_labels(table) -> list[str]:
    return [item.label for item in table.screen().menu.items]


def test_the_pages_open_from_the_game_menu_flip_and_go_back_to_the_game(store, games):
    table = started(store, "solo")
    for _ in range(4):  # the Offer of four, named
        press(table, "select")
    assert table.mode == "decide"
    before = table.screen()
    press(table, "menu")
    assert menu_labels(table)[:2] == ["Back to the game", PAGES_LABEL]
    choose(table, 1)
    assert table.mode == "pages"
    page = table.screen()
    assert page.kind == "solo:offer" and len(page.table) == 4
    press(table, "down")
    assert table.screen().title == "Totals" and table.screen().note == "Ann 0 Bob 0"
    press(table, "down")
    assert table.screen().kind == "solo:offer"  # the pages go round
    press(table, "up")
    assert table.screen().title == "Totals"
    steps = table.steps
    press(table, "back")
    assert table.mode == "decide" and table.screen() == before and table.steps == steps


def test_undo_from_the_pages_shows_the_game_at_the_step_before(store, games):
    table = started(store, "solo")
    press(table, "select", "menu")
    choose(table, 1)
    assert table.mode == "pages" and len(table.screen().table) == 1
    press(table, "undo")
    assert table.mode == "draw" and table.steps == 0


def test_a_game_without_pages_has_no_such_item(store, games):
    table = started(store, "charity")
    press(table, "menu")
    assert PAGES_LABEL not in menu_labels(table) and "Back to the game" in menu_labels(table)


def test_a_games_own_kind_is_drawn_by_its_layout(games):
    image = render(Screen("solo:offer", table=(("a",), ("b",))))
    lit = sum(bin(byte).count("1") for byte in image.tobytes())
    frame = 2 * 128 + 2 * 62
    bars = 2 * (124 * 3)
    assert lit == frame + bars


def test_an_unknown_kind_of_a_game_or_a_game_without_screens_is_refused(games):
    with pytest.raises(ValueError, match="unknown screen kind 'solo:nothing'"):
        render(Screen("solo:nothing"))
    with pytest.raises(ValueError, match="unknown screen kind 'charity:offer'"):
        render(Screen("charity:offer"))
