"""A stored value that is not JSON (or not of its kind) is damage to one game: named, kept
as found, never a traceback; every other game reads, lists and replays as before."""

from __future__ import annotations

import json
import sqlite3

import pytest
from stored_games import play

from companion.commands import doctor, history, replay
from companion.config import defaults, replace
from companion.store import Store
from companion.table import Setup, Table
from tests.command_run import run

BAD_STEP = '{"kind":"throw","dice":[2,2'


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> bytes:
    """The bytes of a store with two finished games (1, 2) and one in play (3, 7 steps)."""
    path = tmp_path_factory.mktemp("stored") / "companion.db"
    with Store(path) as store:
        play(store, 1, names=("Ann", "Bob"))
        play(store, 2, names=("Ann", "Bob", "Cy"))
        play(store, 3, names=("Di", "Ed"), steps=7)
    return path.read_bytes()


@pytest.fixture
def games(tmp_path, stored):
    path = tmp_path / "companion.db"
    path.write_bytes(stored)
    return path


def damage(path, what: str, game: int = 2) -> str:
    """Do `what` to a game, as a hand with sqlite3 or a failing card would; how the store
    names it."""
    column, value, named = DAMAGE[what]
    db = sqlite3.connect(path)
    if column == "action":
        db.execute("UPDATE steps SET action = ? WHERE game_id = ? AND n = 3", (value, game))
    else:
        db.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game))
    db.commit()
    db.close()
    return named


DAMAGE = {  # the column, what is written there, and how the store names it in game 2
    "a step": ("action", BAD_STEP, "step 3 is not JSON"),
    "names": ("names", "not json", "its names are not JSON"),
    "options": ("options", "{", "its options are not JSON"),
    "scores": ("scores", "[1,", "its scores are not JSON"),
    "winners": ("winners", "[", "its winners are not JSON"),
    "names of another kind": ("names", "5", "its names are not 3 names"),
    "options of another kind": ("options", "[1]", "its options are not an object"),
    "scores of another kind": ("scores", "[1, 2]", "its scores are not 3 numbers"),
    "players": ("players", "two", "its number of players is not a number"),
}


@pytest.mark.parametrize("what", DAMAGE)
def test_a_damaged_game_is_named_and_every_other_game_reads_as_before(games, what):
    with Store(games) as store:
        before = [store.load(game_id) for game_id in (1, 2, 3)]
    named = damage(games, what)
    with Store(games) as store:
        first, damaged, going = (store.load(game_id) for game_id in (1, 2, 3))
        assert (first, going) == (before[0], before[2])
        assert damaged.damage == named
        assert [r.id for r in store.history()] == [2, 1]
        assert store.unfinished() == going
        assert store.damaged() == [f"game 2: {named}"]
    if what == "a step":
        assert damaged.actions[2] == BAD_STEP  # kept as stored
        assert damaged.actions[:2] + damaged.actions[3:] == (
            before[1].actions[:2] + before[1].actions[3:]
        )
    assert damaged.players == len(damaged.names) == 3  # a damaged count: one a name


@pytest.mark.parametrize("what", DAMAGE)
def test_history_lists_a_damaged_game_with_what_is_damaged(games, what, capsys):
    named = damage(games, what)
    assert run(history, "--store", str(games)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [int(line.split()[0]) for line in lines[1:]] == [2, 1]
    assert lines[1].endswith(f"; damaged in the store ({named})")
    assert "damaged" not in lines[0] + lines[2]
    assert run(history, "--store", str(games), "--json") == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o.get("damage") for o in objects] == [None, named, None]


def test_replay_of_a_game_with_a_step_that_is_not_json_shows_the_state_before_it(
    games, capsys
):
    damage(games, "a step")
    assert run(replay, "2", "--store", str(games)) == 1
    captured = capsys.readouterr()
    assert "2 of " in captured.out and "steps replayed" in captured.out
    assert captured.err == (
        f"companion replay: step 3 no longer replays ({json.dumps(BAD_STEP)}): it is not an "
        "action. The state shown is the one before it.\n"
        "companion replay: game 2 is damaged in the store (step 3 is not JSON); "
        "it was left as it is.\n"
    )
    assert run(replay, "2", "--store", str(games), "--json") == 1
    out = json.loads(capsys.readouterr().out)
    assert out["steps"] == 2 and out["error"]["step"] == 3
    assert out["damage"] == "step 3 is not JSON"
    assert run(replay, "1", "--store", str(games)) == 0


def test_replay_of_a_game_whose_names_are_not_json_replays_under_seat_names(games, capsys):
    damage(games, "names")
    assert run(replay, "2", "--store", str(games)) == 1
    captured = capsys.readouterr()
    assert "Game over: " in captured.out and "P3" in captured.out
    assert captured.err == (
        "companion replay: game 2 is damaged in the store (its names are not JSON); "
        "it was left as it is.\n"
    )


@pytest.mark.parametrize("what", ["a step", "names"])
def test_a_damaged_game_in_play_is_not_resumed_but_kept_and_a_new_one_offered(games, what):
    named = damage(games, what, game=3)
    with Store(games) as store:
        table = Table(store, Setup("risknroll", 2, start="options"))
        assert table.screen().note == (
            f"Game 3 could not be resumed ({named}). It is kept in the store."
        )
        assert table.mode == "setup_options" and table.game_id is None
        kept = store.load(3)
        assert kept.abandoned and len(kept.actions) == 7
        assert store.unfinished() is None and len(store.history()) == 2


def test_doctor_names_each_damaged_game(games):
    damage(games, "a step")
    damage(games, "names", game=3)
    c = doctor.check_store(replace(defaults(), store={"path": str(games)}))
    assert c.status == doctor.FAIL and c.needed
    assert c.message == (
        f"{games}: 2 damaged games: game 2: step 3 is not JSON; game 3: its names are not JSON"
    )
    assert "companion replay" in c.fix
