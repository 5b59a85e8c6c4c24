"""Each stored game keeps the version of the rules it was played under, and a game stored
under other rules is refused with a sentence and kept, never silently rescored."""

from __future__ import annotations

import argparse
import json
import sqlite3
from dataclasses import replace

import pytest
from stored_games import play

from companion import rules
from companion.commands import history, replay
from companion.store import SCHEMA_VERSION, Store
from companion.table import Setup, Table
from tests.command_run import run

RISKNROLL = rules.get("risknroll")
SCHEMA_1 = (
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        names TEXT NOT NULL,
        started TEXT NOT NULL,
        finished TEXT,
        abandoned TEXT,
        scores TEXT,
        winners TEXT)""",
    """CREATE TABLE steps (
        game_id INTEGER NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        action TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, n)) WITHOUT ROWID""",
)
"""The store as the companion wrote it before it kept a rules version (schema 1)."""
THROW = {"kind": "throw", "dice": [1, 1, 5, 2, 3, 4]}


@pytest.fixture
def rules_version_2(monkeypatch):
    """This companion's Risk 'n' Roll is version 2 of its rules."""
    monkeypatch.setitem(rules.GAMES, "risknroll", replace(RISKNROLL, version=2))


def schema_1_store(path) -> None:
    """A store of schema 1 with one unfinished game of 2 steps and one finished game."""
    db = sqlite3.connect(path)
    for statement in SCHEMA_1:
        db.execute(statement)
    db.execute("INSERT INTO games (game, players, options, names, started) "
               "VALUES ('risknroll', 2, '{}', '[\"Ann\", \"Bob\"]', '2025-01-02T20:00:00')")
    db.execute("INSERT INTO games (game, players, options, names, started, finished, scores, "
               "winners) VALUES ('risknroll', 2, '{}', '[\"Cy\", \"Di\"]', "
               "'2025-01-01T20:00:00', '2025-01-01T21:00:00', '[2050, 300]', '[0]')")
    db.execute("INSERT INTO steps VALUES (1, 1, '{\"kind\":\"draw\",\"card\":\"Deuces\"}', 'x')")
    db.execute("INSERT INTO steps VALUES (1, 2, '{\"kind\":\"card\",\"play\":true}', 'x')")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def test_a_game_is_stored_with_the_version_of_its_rules(store):
    kept = store.new_game("risknroll", 2, {}, ["Ann", "Bob"], version=3)
    plain = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    assert store.load(kept).version == 3 and store.load(plain).version == 1
    store.finish(kept, (0, 0), (0, 1))
    assert store.history()[0].version == 3 and store.unfinished().version == 1


def test_a_store_of_schema_1_is_brought_up_to_date_and_its_games_are_version_1(tmp_path):
    path = tmp_path / "companion.db"
    schema_1_store(path)
    with Store(path) as store:
        assert [record.version for record in store.history()] == [1]
        unfinished = store.unfinished()
        assert unfinished.version == 1 and unfinished.names == ("Ann", "Bob")
        assert len(unfinished.actions) == 2
        assert store.append(unfinished.id, THROW) == 3
        assert store.load(store.new_game("risknroll", 2, {}, ["E", "F"], version=2)).version == 2
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with Store(path) as store:  # opened again: migrated once, nothing changed
        assert [record.version for record in store.history(abandoned=True)] == [1]


def test_a_store_of_schema_1_read_only_is_read_as_version_1_and_left_as_it_is(tmp_path):
    path = tmp_path / "companion.db"
    schema_1_store(path)
    before = path.read_bytes()
    with Store(path, read_only=True) as store:
        assert store.unfinished().version == 1 and store.history()[0].scores == (2050, 300)
    assert path.read_bytes() == before


def test_resuming_a_game_stored_under_other_rules_is_refused_and_the_game_kept(
        store, rules_version_2):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"], version=1)
    store.append(game_id, {"kind": "draw", "card": "Deuces"})
    table = Table(store, Setup("risknroll", 2, start="options"))
    assert table.mode == "setup_options" and table.game_id is None
    assert ("Game 1 was stored under rules version 1 of Risk 'n' Roll 2000; this companion "
            "has version 2: it cannot be replayed safely.") in table.screen().note
    record = store.load(game_id)
    assert len(record.actions) == 1 and record.scores is None and record.abandoned


def test_a_game_stored_under_the_same_rules_resumes(store, rules_version_2):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"], version=2)
    store.append(game_id, {"kind": "draw", "card": "Deuces"})
    table = Table(store, Setup("risknroll", 2, start="options"))
    assert table.game_id == game_id and table.steps == 1 and table.mode == "decide"


def test_a_new_game_is_stored_under_this_companions_rules(store, rules_version_2):
    table = Table(store, Setup("risknroll", 2, start="options"))
    table.handle(argparse.Namespace(button="select", long=False))  # "Start game"
    assert store.load(table.game_id).version == 2


def test_replay_refuses_a_game_stored_under_other_rules(tmp_path, capsys, rules_version_2):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id, _ = play(store, seed=1, steps=5)  # stored as version 2, then:
        store._db.execute("UPDATE games SET version = 1")
    assert run(replay, str(game_id), "--store", str(path)) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err == (
        f"companion replay: Game {game_id} was stored under rules version 1 of Risk 'n' Roll "
        "2000; this companion has version 2: it cannot be replayed safely.\n")
    with Store(path) as store:
        assert len(store.load(game_id).actions) == 5


def test_replay_of_an_export_checks_its_version_and_takes_none_as_version_1(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id, state = play(store, seed=2)
    assert run(replay, str(game_id), "--store", str(path), "--json") == 0
    export = json.loads(capsys.readouterr().out)
    assert export["version"] == 1
    for version, code in ((1, 0), (None, 0), (2, 1), ("2", 1)):
        data = {k: v for k, v in export.items() if k != "version"}
        if version is not None:
            data["version"] = version
        (tmp_path / "game.json").write_text(json.dumps(data))
        assert run(replay, str(tmp_path / "game.json")) == code
        err = capsys.readouterr().err
        if version == 2:
            assert err.startswith(f"companion replay: Game {game_id} was stored under rules "
                                  "version 2 of Risk 'n' Roll 2000; this companion has version 1")
        if version == "2":
            assert "'version' must be a number" in err


def test_history_says_which_games_this_companion_cannot_replay(tmp_path, capsys,
                                                              rules_version_2):
    path = tmp_path / "companion.db"
    schema_1_store(path)
    assert run(history, "--store", str(path)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("2 steps); it was stored under rules version 1 of Risk 'n' Roll "
                             "2000; this companion has version 2: it cannot be replayed safely.")
    assert lines[1].endswith("Cy 2050 (won), Di 300; rules version 1, "
                             "not replayable by this companion")
    assert run(history, "--store", str(path), "--json") == 0
    assert [json.loads(line)["version"] for line in capsys.readouterr().out.splitlines()] == [1, 1]
