"""Every game is played through the session by its buttons alone, to the end, with virtual
dice and a virtual deck, and resumes from the store after the session is killed mid-game.

Parametrised like test_rules.py over `rules.GAMES` under each setting of their options,
chosen on the options screen with the buttons, and the fake games.
"""

from __future__ import annotations

import random

import pytest
from conformance_games import params
from table_helpers import choose, press

from companion.dice_input import VirtualDice
from companion.rules import Action
from companion.store import Store
from companion.table import Setup, Table
from hardware.camera import VirtualRoller

MOST_PRESSES = 20_000
"""A session that takes more presses than this has stopped ending."""


def new_table(store: Store, case, seed: int) -> Table:
    return Table(store, Setup(case.game.name, case.game.min_players, start="options"),
                 dice=VirtualDice(VirtualRoller(seed)), deck_rng=random.Random(seed))


def shown(value) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


def start(table: Table, case) -> None:
    """Set the case's options on the options screen, then Start game: buttons only."""
    assert table.mode == "setup_options"
    for index, option in enumerate(case.game.options, 1):
        wanted = shown(case.options.get(option.name, option.default))
        for _ in option.choices:
            if table.screen().menu.items[index].detail == wanted:
                break
            choose(table, index)
        assert table.screen().menu.items[index].detail == wanted
    assert choose(table, 0) == "Start game"
    assert table.game_id is not None


def play_on(table: Table, rng: random.Random, steps: int | None = None) -> None:
    """Press on until the game is over (or `steps` are stored): a random menu choice for
    each decision, OK to roll the dice or draw a card."""
    for _ in range(MOST_PRESSES):
        if table.mode == "over" or (steps is not None and table.steps >= steps):
            return
        if table.mode == "decide":
            choose(table, rng.randrange(len(table.screen().menu.items)))
        elif table.mode in ("throw", "draw_group", "draw"):
            press(table, "ok")
            while table.busy:
                table.tick()
        else:
            raise AssertionError(f"stuck on the {table.mode} screen: {table.said}")
    raise AssertionError("the session does not end")


def check_stored(store: Store, table: Table, case) -> None:
    """The store holds the game as played: replaying it gives the state on screen."""
    record = store.load(table.game_id)
    game = case.game
    assert record.game == game.name and record.version == game.version
    assert record.options == game.check_options(case.options)
    actions = [Action.from_json(a) for a in record.actions]
    assert len(actions) == table.steps
    assert game.replay(record.players, record.options, actions) == table.state


@pytest.mark.parametrize("case", params())
def test_a_game_is_played_to_the_end_by_buttons_alone(tmp_path, case):
    with Store(tmp_path / "companion.db") as store:
        table = new_table(store, case, seed=7)
        start(table, case)
        play_on(table, random.Random(7))
        # the standings: the shared "over" screen, or a game's own drawing of it (KINDS)
        kind = table.screen().kind
        assert table.state.is_over() and table.mode == "over" and kind.split(":")[-1] == "over"
        check_stored(store, table, case)
        record = store.load(table.game_id)
        assert record.scores == table.state.scores() and sum(record.scores) > 0
        assert record.winners == table.state.winners()


@pytest.mark.parametrize(
    "case", params(select=lambda case: not case.options))
@pytest.mark.parametrize("seed", (1, 2))
def test_a_session_killed_mid_game_resumes_where_the_store_says(tmp_path, case, seed):
    rng = random.Random(seed)
    path = tmp_path / "companion.db"
    store = Store(path)
    table = new_table(store, case, seed)
    start(table, case)
    play_on(table, rng, steps=rng.randint(1, 40))
    killed, game_id, steps = table.state, table.game_id, table.steps
    del table  # killed: nothing is closed or saved on the way out
    store.close()
    with Store(path) as store:
        table = new_table(store, case, seed + 100)
        if killed.is_over():  # the game ended before the kill: nothing to resume
            assert table.mode == "setup_options"
            return
        assert table.game_id == game_id and table.steps == steps and table.state == killed
        assert table.screen().note.startswith(f"Resumed {case.game.title}")
        play_on(table, rng)
        assert table.state.is_over()
        check_stored(store, table, case)
