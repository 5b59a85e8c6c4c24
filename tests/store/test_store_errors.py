"""What SQLite says becomes the right StoreError: a busy or full store is no read-only one
(which `open_to_read` would silently open read-only instead), a file that fails SQLite's
quick check is damaged, and a read never waits for the write lock of a game in play."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.store import NotAStore, Store, StoreCorrupt, StoreError, StoreNotWritable

THROW = {"kind": "throw", "dice": [1, 1, 5, 2, 3, 4]}


def sqlite_error(code: int) -> sqlite3.Error:
    error = sqlite3.OperationalError("as SQLite says it")
    error.sqlite_errorcode = code
    return error


@pytest.mark.parametrize("code, kind, hint", [
    (sqlite3.SQLITE_READONLY, StoreNotWritable, "; check that its folder and its files"),
    (sqlite3.SQLITE_CANTOPEN, StoreNotWritable, "; check that its folder and its files"),
    (sqlite3.SQLITE_PERM, StoreNotWritable, "; check that its folder and its files"),
    (sqlite3.SQLITE_FULL, StoreError, "; the disk is full."),
    (sqlite3.SQLITE_BUSY, StoreError, "; another program is holding it."),
    (sqlite3.SQLITE_IOERR, StoreError, "(as SQLite says it)."),
    (sqlite3.SQLITE_CORRUPT, StoreCorrupt, "is damaged (as SQLite says it)"),
    (sqlite3.SQLITE_NOTADB, StoreCorrupt, "is damaged (as SQLite says it)"),
    (sqlite3.SQLITE_READONLY_DBMOVED, StoreNotWritable, "; check that its folder"),
])
def test_each_sqlite_error_becomes_its_own_kind_of_store_error(store, code, kind, hint):
    failure = store._failure(sqlite_error(code), "save the step")
    assert type(failure) is kind and hint in str(failure)
    if kind is not StoreCorrupt:
        assert str(failure).startswith(f"The game store at {store.path} could not save the step")


def hold_the_write_lock(path) -> sqlite3.Connection:
    """Another connection in the middle of writing a step: it holds the write lock."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO steps VALUES (1, 99, '{}', 'now')")
    return other


def test_a_store_busy_writing_elsewhere_is_busy_not_read_only(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        other = hold_the_write_lock(path)
        store._db.execute("PRAGMA busy_timeout = 50")
        with pytest.raises(StoreError) as refused:
            store.append(game_id, THROW)
        assert type(refused.value) is StoreError
        assert str(refused.value).endswith("; another program is holding it.")
        other.execute("ROLLBACK")
        assert store.append(game_id, THROW) == 1


def test_a_read_never_waits_for_the_write_lock_of_a_game_in_play(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
        other = hold_the_write_lock(path)
        store._db.execute("PRAGMA busy_timeout = 0")
        assert store.load(game_id).actions == (THROW,)  # the step not yet committed unseen
        assert store.unfinished().id == game_id and store.history() == []
        assert store.damaged() == []
        other.execute("COMMIT")
        assert len(store.load(game_id).actions) == 2


def test_a_file_that_fails_the_quick_check_is_damaged_and_left_as_it_is(tmp_path):
    """A NULL where the schema says NOT NULL reads without an error: only the quick check
    finds it."""
    path = tmp_path / "companion.db"
    Store(path).close()
    db = sqlite3.connect(path)
    (schema,) = db.execute("SELECT sql FROM sqlite_schema WHERE name = 'games'").fetchone()
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_schema SET sql = ? WHERE name = 'games'",
               (schema.replace("game TEXT NOT NULL", "game TEXT"),))
    db.commit()
    db.close()
    db = sqlite3.connect(path)
    db.execute("INSERT INTO games (players, options, names, started) VALUES (2, '{}', '[]', 'x')")
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_schema SET sql = ? WHERE name = 'games'", (schema,))
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreCorrupt) as refused:
        Store(path)
    assert "NULL value in games.game" in refused.value.reason
    assert path.read_bytes() == before
    with pytest.raises(StoreCorrupt):
        Store(path, read_only=True)


def test_a_database_without_our_tables_but_with_our_version_is_not_a_store(tmp_path):
    path = tmp_path / "other.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.execute("PRAGMA user_version = 2")
    db.commit()
    db.close()
    with pytest.raises(NotAStore):
        Store(path)


def test_every_write_refused_by_a_read_only_store_says_what_it_could_not_do(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
    with Store(path, read_only=True) as store:
        for write, doing in ((lambda: store.undo(game_id), "undo the step"),
                             (lambda: store.abandon(game_id), "abandon the game"),
                             (lambda: store.finish(game_id, (0, 0), (0, 1)), "save the result"),
                             (lambda: store.new_game("risknroll", 2, {}, ["A", "B"]),
                              "start a game")):
            with pytest.raises(StoreError) as refused:
                write()
            assert f"could not {doing} (" in str(refused.value)
        assert store.load(game_id).actions == (THROW,)


def test_another_programs_database_is_named_with_all_its_tables(tmp_path):
    path = tmp_path / "photos.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT)")
    db.execute("CREATE TABLE albums (name TEXT)")
    db.commit()
    db.close()
    with pytest.raises(NotAStore) as refused:
        Store(path)
    assert refused.value.path == path
    assert "(it holds the tables albums, photos)" in str(refused.value)


def test_a_journal_left_beside_the_store_keeps_it_from_being_read_as_the_db_alone(tmp_path):
    path = tmp_path / "companion.db"
    Store(path).close()
    with Store(path, read_only=True) as store:
        assert store._file_is_whole()
        for side in ("-wal", "-journal"):
            Path(f"{path}{side}").write_bytes(b"x" * 512)
            assert not store._file_is_whole()
            Path(f"{path}{side}").write_bytes(b"")
            assert store._file_is_whole()


CAN_BE_WRITTEN = "; check that its folder and its files (the .db, -wal and -shm) can be written."


def test_a_store_at_a_path_too_long_for_sqlite_is_refused_as_unopened_never_as_damaged(
    tmp_path,
):
    """SQLite opens no path longer than 512 bytes (its unix VFS), though the system does:
    the file reads as SQLite and is whole, and must not be set aside as damaged."""
    with Store(tmp_path / "companion.db") as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
    folder = tmp_path
    while len(str(folder)) < 2000:
        folder /= "d" * 100
    folder.mkdir(parents=True)
    path = folder / "companion.db"
    stored = (tmp_path / "companion.db").read_bytes()
    path.write_bytes(stored)
    for opening in (Store, Store.open_or_recover, Store.open_to_read):
        with pytest.raises(StoreNotWritable) as refused:
            opening(path)
        assert str(refused.value) == (
            f"The game store at {path} could not be opened (unable to open database file)"
            f"{CAN_BE_WRITTEN}"
        )
    for wal in (b"", b"steps not yet in the .db" * 100):  # with a -wal, not the .db alone
        Path(f"{path}-wal").write_bytes(wal)
        with pytest.raises(StoreNotWritable) as refused:
            Store(path, read_only=True)
        assert str(refused.value) == (
            f"The game store at {path} could not be read (unable to open database file)"
            f"{CAN_BE_WRITTEN}"
        )
    assert sorted(p.name for p in folder.iterdir()) == ["companion.db", "companion.db-wal"]
    assert path.read_bytes() == stored
    with pytest.raises(StoreNotWritable) as refused:  # a new store there: none is made
        Store(folder / "new.db")
    assert str(refused.value) == (
        f"The game store at {folder / 'new.db'} could not be opened (unable to open database "
        f"file){CAN_BE_WRITTEN}"
    )
    assert sorted(p.name for p in folder.iterdir()) == ["companion.db", "companion.db-wal"]


def test_an_empty_store_another_program_is_writing_is_busy_when_opened_not_read_only(
    tmp_path,
):
    """An empty file is a new store; another program's open transaction on it holds it
    (waited for 5 s, as every open does)."""
    path = tmp_path / "companion.db"
    path.touch()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert type(refused.value) is StoreError
    assert str(refused.value) == (
        f"The game store at {path} could not be opened (database is locked); "
        "another program is holding it."
    )
    other.execute("ROLLBACK")
    other.close()
    with Store(path) as store:
        assert store.history() == [] and store.unfinished() is None


def test_a_store_another_program_is_writing_to_is_busy_when_opened_not_read_only(tmp_path):
    """The version is written at every open (`_prepare`), so the write lock held elsewhere
    is met at once, not at the first step of a game (waited for 5 s)."""
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    other = hold_the_write_lock(path)
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert type(refused.value) is StoreError
    assert str(refused.value) == (
        f"The game store at {path} could not be written (database is locked); "
        "another program is holding it."
    )
    other.execute("ROLLBACK")
    other.close()
    with Store(path) as store:
        assert store.load(game_id).actions == ()


@pytest.mark.parametrize("call, doing", [
    (lambda store, game_id: store.new_game("risknroll", 2, {}, ["Cy", "Di"]), "start a game"),
    (lambda store, game_id: store.append(game_id, THROW), "save the step"),
    (lambda store, game_id: store.undo(game_id), "undo the step"),
    (lambda store, game_id: store.finish(game_id, (0, 0), (0, 1)), "save the result"),
    (lambda store, game_id: store.abandon(game_id), "abandon the game"),
    (lambda store, game_id: store.load(game_id), "be read"),
    (lambda store, game_id: store.unfinished(), "be read"),
    (lambda store, game_id: store.history(), "be read"),
    (lambda store, game_id: store.damaged(), "be read"),
], ids=["new_game", "append", "undo", "finish", "abandon", "load", "unfinished", "history",
        "damaged"])
def test_every_call_on_a_closed_store_is_a_store_error_saying_what_it_could_not_do(
    tmp_path, call, doing
):
    """Python's sqlite3 raises this error itself, with no SQLite error code."""
    path = tmp_path / "companion.db"
    store = Store(path)
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    store.append(game_id, THROW)
    store.close()
    with pytest.raises(StoreError) as refused:
        call(store, game_id)
    assert type(refused.value) is StoreError
    assert str(refused.value) == (
        f"The game store at {path} could not {doing} (Cannot operate on a closed database.)."
    )
    with Store(path) as reopened:
        assert reopened.load(game_id).actions == (THROW,) and reopened.history() == []
