"""The session's modes table, and the one spelling of the dice colours."""

from __future__ import annotations

import pytest

from companion import rules
from companion.session.modes import MODES
from companion.table import Setup, Table
from companion.ui.dice import COLOUR_TAGS
from tests.fake_games import COLOURS as FAKE_COLOURS
from tests.fake_games import registered
from vision.reading import COLOURS


def test_every_mode_leads_only_to_modes_of_the_table():
    assert {m for mode in MODES.values() for m in mode.leads_to} <= set(MODES)


def test_a_setup_without_a_game_starts_from_the_first_registered_game(store):
    table = Table(store, Setup(), clock=lambda: 0.0)
    first = next(iter(rules.GAMES))
    assert Setup().game is None and table._chosen_game == first
    assert table.screen().menu.items[table.screen().menu.selected].label == rules.get(first).title


def test_every_colour_the_screens_tag_is_one_the_camera_tells_each_its_own_letter():
    assert tuple(COLOUR_TAGS) == COLOURS
    assert len(set(COLOUR_TAGS.values())) == len(COLOURS) and COLOUR_TAGS["black"] == "K"


@pytest.fixture
def games(monkeypatch):
    registered(monkeypatch)


def test_every_registered_games_coloured_faces_use_the_cameras_names(games):
    """Rules import nothing of the project: their colour data is checked here instead."""
    assert set(FAKE_COLOURS) <= set(COLOURS)
    for game in rules.GAMES.values():
        state = game.new(game.min_players)
        throw = state.chance()
        colours = getattr(throw, "colours", None) or ()
        assert {c for die in colours for _, c in die} <= set(COLOURS), game.name
