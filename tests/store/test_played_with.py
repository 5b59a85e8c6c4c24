"""Each stored game keeps the data files it was played with (216's cards, Charidice's dice
table) as their text, in a column schema 3 added: a store of schema 2 gains it, its games
having been played with the shipped files."""

from __future__ import annotations

import sqlite3

from companion.store import SCHEMA_VERSION, Store

TEXTS = {"216_objectives.txt": "gray | Triple 6 | 6 6 6 | 1 | 20 | 10 | 1\n", "216_help.txt": ""}


def test_a_game_keeps_the_texts_it_was_played_with(store):
    kept = store.new_game("216", 2, {}, ["Ann", "Bob"], played_with=TEXTS)
    plain = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    assert store.load(kept).played_with == TEXTS and store.load(plain).played_with is None
    store.finish(kept, (0, 0), (0,))
    assert store.history()[0].played_with == TEXTS


def test_a_store_of_schema_2_gains_the_column_and_its_games_none(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("216", 2, {}, ["Ann", "Bob"], played_with=TEXTS)
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE games DROP COLUMN played_with")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    with Store.open_to_read(path) as store:  # read as it is: nothing written
        assert store.load(game_id).played_with is None
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2
    with Store(path) as store:
        assert store.load(game_id).played_with is None
    assert SCHEMA_VERSION == 3
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 3
    with Store(path) as store:
        assert store.load(store.new_game("216", 2, {}, ["A", "B"], played_with=TEXTS)
                          ).played_with == TEXTS


def test_texts_damaged_in_the_store_are_named_damage(store):
    game_id = store.new_game("216", 2, {}, ["Ann", "Bob"], played_with=TEXTS)
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET played_with = '{\"216_help.txt\": 3}'")
    record = store.load(game_id)
    assert record.played_with is None
    assert record.damage == "its played_with are not texts by file name"
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE games SET played_with = '{not json'")
    assert store.load(game_id).damage == "its played_with are not JSON"
