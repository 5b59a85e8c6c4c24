"""The session's modes table, and the one spelling of the dice colours."""

from __future__ import annotations

import random

import numpy as np
import pytest

from companion import rules
from companion.dice_input import CameraDice, VirtualDice
from companion.session.modes import MODES, STATE_MODES
from companion.table import Setup, Table
from companion.ui.dice import COLOUR_TAGS
from hardware.buttons import ButtonEvent
from hardware.camera import VirtualRoller
from tests.fake_games import COLOURS as FAKE_COLOURS
from tests.fake_games import registered
from vision.reading import COLOURS, DieReading


def test_every_mode_leads_only_to_modes_of_the_table():
    assert {m for mode in MODES.values() for m in mode.LEADS_TO} <= set(MODES)
    assert set(STATE_MODES) <= set(MODES)


SIDE_TRIPS = ("menu", "abandon", "pages", "facts", "legend", "calibrate", "phone")
"""Modes opened over another, which they return to."""


class SlowCamera:
    """A camera whose picture of a throw comes one read after the dice were thrown, as
    a camera's does once the dice lie still: the throw stays "reading" until the next
    press (the session polls the dice source after each)."""

    FRAME = np.full((120, 160, 3), 70, np.uint8)

    def __init__(self):
        self.reads = 0

    def read(self):
        self.reads += 1
        return self.FRAME if self.reads % 2 == 0 else None


def shaky_reader(rng: random.Random, throw_of):
    """What `vision.read` returns, for CameraDice: the dice of the throw awaited
    (`throw_of()`) as virtual dice fall, each die now and then unsure, now and then one
    die missed: readings to accept, to correct and to read again."""
    dice = VirtualDice(VirtualRoller(rng.randrange(1000)))

    def read(frame, expect):
        dice.start(throw_of())
        faces = dice.poll().faces()
        if rng.random() < 0.15:
            faces = faces[1:]
        return [DieReading(value, colour, (0, 0, 9, 9), rng.choice((0.95, 0.95, 0.3)))
                for value, colour in faces]

    return read


DICE_MODES = {"throw", "reading", "confirm", "enter"}


@pytest.mark.parametrize(("game", "throws"), [
    ("charity", True), ("solo", False), ("charidice", True), ("216", True),
    ("sixseven", True), ("risknroll", True)])
def test_random_presses_move_only_where_the_modes_say(store, monkeypatch, game, throws):
    """Every short and long press over random games: a mode's buttons lead to itself,
    its LEADS_TO, the mode a new state needs, or back under a side trip. The dice are
    read by a camera that answers a press later, sure or not, so the walk passes
    through "reading" and "confirm" too; and every mode it visits, a short press also
    leaves (no dead end: the clock moves on, so even the final standings give way)."""
    registered(monkeypatch, screens=True)
    rng = random.Random(7)
    now = [0.0]
    table = None
    dice = CameraDice(SlowCamera(), live=False, clock=lambda: now[0],
                      read=shaky_reader(rng, lambda: table.state.chance()))
    table = Table(store, Setup(game, 2, start="options"), dice=dice,
                  deck_rng=rng if game != "solo" else None, clock=lambda: now[0])
    under = []  # the modes side trips were opened over
    visited, left = set(), set()
    for _ in range(800):
        now[0] += 1.0
        before = table.mode
        button, long = rng.choice(BUTTONS)
        table.handle(ButtonEvent(button, long))
        after = table.mode
        visited.add(before)
        if after != before and not long:  # undo and the game menu leave anywhere
            left.add(before)
        if before not in SIDE_TRIPS:
            under = [before]
        if long and button == "select" and table.game_id is not None:
            assert after == "menu" or before == "menu"
            continue
        allowed = {before, *MODES[before].LEADS_TO, *STATE_MODES}
        if before in SIDE_TRIPS:
            allowed |= {*under, *("throw" for m in under if m == "reading")}  # settled
        if "reading" in allowed:  # a camera may answer within the press that asked it
            allowed |= set(MODES["reading"].LEADS_TO)
        assert after in allowed, (before, button, long, after)
    assert {"decide", "menu", *(DICE_MODES if throws else ())} <= visited
    assert visited <= left, f"never left: {sorted(visited - left)}"


BUTTONS = [(b, False) for b in ("up", "down", "select", "back", "ok")] * 4 + [
    ("back", True), ("select", True)]


def test_a_setup_without_a_game_starts_from_the_first_registered_game(store):
    table = Table(store, Setup(), clock=lambda: 0.0)
    first = next(iter(rules.GAMES))
    assert Setup().game is None
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


def test_no_mode_imports_the_table():
    """The modes reach the table through mode.Host: session/* never imports companion.table
    (it imports them), so the two cannot import each other in a circle."""
    import ast
    from pathlib import Path

    import companion.session

    for path in Path(companion.session.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {f"{node.module}.{alias.name}" if node.module == "companion" else node.module
                     for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                     for alias in node.names}
        assert "companion.table" not in imported, path.name
