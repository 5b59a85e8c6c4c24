"""What the store says about a damaged file or game, word for word: a file that fails
SQLite's quick check, tables that are not ours, a game damaged in several places, a
transaction cut short in another program's database; and the calls that still work
(a result recorded again, a read-only store read from another thread)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.store import NotAStore, Store, StoreCorrupt

THROW = {"kind": "throw", "dice": [1, 1, 5, 2, 3, 4]}


def null_rows(path: Path, rows: int) -> None:
    """Rows with NULL in two NOT NULL columns, as a hand with writable_schema leaves them:
    each row is two problems for the quick check."""
    db = sqlite3.connect(path)
    (schema,) = db.execute("SELECT sql FROM sqlite_schema WHERE name = 'games'").fetchone()
    db.execute("PRAGMA writable_schema = ON")
    loose = schema.replace("game TEXT NOT NULL", "game TEXT")
    db.execute("UPDATE sqlite_schema SET sql = ? WHERE name = 'games'",
               (loose.replace("started TEXT NOT NULL", "started TEXT"),))
    db.commit()
    db.close()
    db = sqlite3.connect(path)
    for _ in range(rows):
        db.execute("INSERT INTO games (players, options, names) VALUES (2, '{}', '[]')")
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_schema SET sql = ? WHERE name = 'games'", (schema,))
    db.commit()
    db.close()


def test_a_file_failing_the_quick_check_names_its_path_and_its_first_three_problems(tmp_path):
    path = tmp_path / "companion.db"
    Store(path).close()
    null_rows(path, 2)  # four problems
    reason = "NULL value in games.game; NULL value in games.started; NULL value in games.game"
    for opening in (Store, lambda p: Store(p, read_only=True)):
        with pytest.raises(StoreCorrupt) as refused:
            opening(path)
        assert refused.value.path == path
        assert refused.value.reason == reason
        assert str(refused.value) == (
            f"The game store at {path} is damaged ({reason}); it was left as it is."
        )


def our_table_names_at_version(version: int):
    def make(path: Path) -> None:
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
        db.execute(f"PRAGMA user_version = {version}")
        db.commit()
        db.close()
    return make


@pytest.mark.parametrize("version, reason", [
    (0, "it holds other tables, not a game store"),
    (1, "its tables are not those of a game store"),
    (2, "its tables are not those of a game store"),
])
def test_a_file_with_our_table_names_but_not_our_tables_is_damaged_in_words(
    tmp_path, version, reason
):
    path = tmp_path / "companion.db"
    our_table_names_at_version(version)(path)
    before = path.read_bytes()
    with pytest.raises(StoreCorrupt) as refused:
        Store(path)
    assert (refused.value.path, refused.value.reason) == (path, reason)
    assert str(refused.value) == (
        f"The game store at {path} is damaged ({reason}); it was left as it is."
    )
    assert path.read_bytes() == before
    store, message = Store.open_or_recover(path)
    with store:
        assert store.history() == []
    (aside,) = tmp_path.glob("companion.db.corrupt-*")
    assert message == (
        f"The game store at {path} is damaged ({reason}); it was moved to {aside} and a "
        "new one started; nothing was deleted."
    )
    assert aside.read_bytes() == before


def test_a_game_damaged_in_several_places_names_each_and_reads_as_no_options_and_seat_names(
    tmp_path,
):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 3, {"target": 2000}, ["Ann", "Bob", "Cy"])
        for _ in range(3):
            store.append(game_id, THROW)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET options = '{', names = 'not json' WHERE id = ?", (game_id,))
    db.execute("UPDATE steps SET action = 'half a step' WHERE n = 2")
    db.commit()
    db.close()
    with Store(path) as store:
        record = store.load(game_id)
        assert record.damage == (
            "its options are not JSON, its names are not JSON, step 2 is not JSON"
        )
        assert record.options == {}
        assert record.names == ("P1", "P2", "P3")
        assert record.actions == (THROW, "half a step", THROW)
        assert store.damaged() == [f"game {game_id}: {record.damage}"]


def test_a_game_whose_player_count_and_names_are_both_damaged_reads_with_no_seats(tmp_path):
    """Nothing stored then says how many played: the record claims no seat rather than
    guess, and the game is named as damaged."""
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET players = 'two', names = '5', scores = '[1, \"a\"]' "
               "WHERE id = ?", (game_id,))
    db.commit()
    db.close()
    with Store(path) as store:
        record = store.load(game_id)
    assert record.damage == (
        "its number of players is not a number, its names are not a list of names, "
        "its scores are not a list of numbers"
    )
    assert (record.players, record.names, record.actions) == (0, (), (THROW,))


def test_recording_the_result_of_a_finished_game_again_replaces_it(store):
    """A resume records the end of a game whose result was not saved; recording it once
    more is not refused."""
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    store.append(game_id, THROW)
    store.finish(game_id, [2000, 300], [0])
    store.finish(game_id, [2050, 300], [0])
    record = store.load(game_id)
    assert (record.scores, record.winners) == ((2050, 300), (0,))
    assert [r.id for r in store.history()] == [game_id]


def test_a_store_opened_read_only_can_be_read_from_another_thread(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
        store.finish(game_id, [2000, 0], [0])
    with Store(path, read_only=True) as store:
        read = {}
        reader = threading.Thread(target=lambda: read.update(
            history=store.history(), game=store.load(game_id)))
        reader.start()
        reader.join()
        assert [r.id for r in read["history"]] == [game_id]
        assert read["game"].actions == (THROW,)


INTERRUPTED_OTHER_PROGRAM = r"""
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size = 2")  # spill pages to the file before the commit
db.execute("BEGIN IMMEDIATE")
for n in range(2000):
    db.execute("INSERT INTO photos VALUES (?, 'today')", (f"photo {n}" * 10,))
print("in the middle", flush=True)
time.sleep(60)
"""


def test_another_programs_database_with_a_transaction_cut_short_is_still_not_a_store(
    tmp_path,
):
    """Its hot journal is rolled back first (as SQLite must), then it is refused: the
    companion's tables are never added to it."""
    path = tmp_path / "photos.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT, taken TEXT)")
    db.execute("INSERT INTO photos VALUES ('first', 'yesterday')")
    db.commit()
    db.close()
    writer = subprocess.Popen([sys.executable, "-c", INTERRUPTED_OTHER_PROGRAM, str(path)],
                              stdout=subprocess.PIPE, text=True)
    assert writer.stdout.readline() == "in the middle\n"
    writer.kill()
    writer.wait()
    writer.stdout.close()
    assert Path(f"{path}-journal").stat().st_size > 0
    with pytest.raises(NotAStore) as refused:
        Store(path)
    assert str(refused.value) == (
        f"{path} is not a companion store (it holds the tables photos): wrong --store? "
        "It was left as it is."
    )
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    assert [name for (name,) in db.execute("SELECT name FROM sqlite_schema")] == ["photos"]
    assert list(db.execute("SELECT * FROM photos")) == [("first", "yesterday")]
    db.close()
    assert list(tmp_path.glob("*.corrupt-*")) == []
