"""The store keeps every step of every game, in order, and knows which game to resume."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from companion.store import SCHEMA_VERSION, NoSuchGame, Store, StoreError, default_store_path

THROW = {"kind": "throw", "dice": [1, 1, 5, 2, 3, 4]}
KEEP = {"kind": "keep", "dice": [1, 1, 5], "then": "roll"}


def test_a_new_store_is_created_with_its_folders_in_wal_mode_with_full_sync(tmp_path):
    path = tmp_path / "state" / "companion" / "companion.db"
    with Store(path) as store:
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_append_numbers_the_steps_and_load_returns_the_game_as_stored(store):
    game_id = store.new_game("risknroll", 2, {"double_millennium": True}, ["Ann", "Bob"])
    assert [store.append(game_id, a) for a in (THROW, KEEP, THROW)] == [1, 2, 3]
    record = store.load(game_id)
    assert record.id == game_id
    assert (record.game, record.players, record.names) == ("risknroll", 2, ("Ann", "Bob"))
    assert record.options == {"double_millennium": True}
    assert record.actions == (THROW, KEEP, THROW)
    assert record.started and record.finished is None and record.abandoned is None
    assert record.scores is None and record.winners is None


def test_steps_are_kept_per_game(store):
    first = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    second = store.new_game("risknroll", 2, {}, ["Cy", "Di"])
    store.append(first, THROW)
    assert store.append(second, KEEP) == 1
    assert store.load(first).actions == (THROW,)
    assert store.load(second).actions == (KEEP,)


def test_undo_removes_and_returns_the_last_step_and_the_next_append_takes_its_number(store):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    store.append(game_id, THROW)
    store.append(game_id, KEEP)
    assert store.undo(game_id) == KEEP
    assert store.load(game_id).actions == (THROW,)
    assert store.append(game_id, THROW) == 2
    assert store.undo(game_id) == THROW
    assert store.undo(game_id) == THROW
    assert store.undo(game_id) is None
    assert store.load(game_id).actions == ()


def test_everything_is_still_there_after_reopening(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
        store.finish(game_id, [2010, 300], [0])
    with Store(path) as store:
        assert store.load(game_id).actions == (THROW,)
        assert store.history()[0].scores == (2010, 300)


def test_unfinished_is_the_most_recent_game_neither_finished_nor_abandoned(store):
    assert store.unfinished() is None
    older = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    newer = store.new_game("risknroll", 3, {}, ["Ann", "Bob", "Cy"])
    store.append(newer, THROW)
    assert store.unfinished().id == newer
    assert store.unfinished().actions == (THROW,)
    store.abandon(newer)
    assert store.unfinished().id == older
    store.finish(older, [2000, 1000], [0])
    assert store.unfinished() is None


def test_finish_records_scores_and_winners_and_history_lists_finished_games_newest_first(store):
    ids = []
    for k in range(4):
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, THROW)
        store.finish(game_id, [2000 + k, 100 * k], [0])
        ids.append(game_id)
    store.new_game("risknroll", 2, {}, ["Cy", "Di"])  # unfinished: not history
    abandoned = store.new_game("risknroll", 2, {}, ["Ed", "Flo"])
    store.abandon(abandoned)
    games = store.history()
    assert [g.id for g in games] == ids[::-1]
    assert games[0].scores == (2003, 300) and games[0].winners == (0,)
    assert games[0].finished and games[0].actions == (THROW,)
    assert [g.id for g in store.history(limit=2)] == ids[:1:-1]


def test_a_shared_win_keeps_every_winner(store):
    game_id = store.new_game("risknroll", 3, {}, ["Ann", "Bob", "Cy"])
    store.finish(game_id, [2100, 2100, 500], [0, 1])
    assert store.load(game_id).winners == (0, 1)


def test_a_finished_game_takes_no_more_steps_but_undo_reopens_it(store):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    store.append(game_id, THROW)
    store.finish(game_id, [2000, 0], [0])
    with pytest.raises(StoreError, match="finished"):
        store.append(game_id, THROW)
    assert store.undo(game_id) == THROW
    record = store.load(game_id)
    assert record.finished is None and record.scores is None and record.winners is None
    assert store.unfinished().id == game_id
    assert store.history() == []


def test_an_abandoned_game_is_kept_as_it_was(store):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    store.append(game_id, THROW)
    store.abandon(game_id)
    for change in (
        lambda: store.append(game_id, KEEP),
        lambda: store.undo(game_id),
        lambda: store.finish(game_id, [0, 0], [0, 1]),
        lambda: store.abandon(game_id),
    ):
        with pytest.raises(StoreError, match="abandoned"):
            change()
    record = store.load(game_id)
    assert record.abandoned and record.actions == (THROW,)


def test_a_game_that_does_not_exist_is_named_in_the_error(store):
    for call in (
        lambda: store.load(42),
        lambda: store.append(42, THROW),
        lambda: store.undo(42),
        lambda: store.finish(42, [1], [0]),
        lambda: store.abandon(42),
    ):
        with pytest.raises(NoSuchGame, match="no game 42"):
            call()


def test_a_game_needs_a_name_and_a_score_for_every_player(store):
    with pytest.raises(ValueError) as refused:
        store.new_game("risknroll", 3, {}, ["Ann", "Bob"])
    assert str(refused.value) == "3 players need 3 names, not 2"
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    with pytest.raises(ValueError) as refused:
        store.finish(game_id, [2000], [0])
    assert str(refused.value) == "2 players need 2 scores"
    assert store.load(game_id).finished is None


def test_a_second_connection_sees_every_committed_step(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as playing, Store(path) as looking:
        game_id = playing.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        playing.append(game_id, THROW)
        assert looking.unfinished().actions == (THROW,)
        playing.finish(game_id, [2000, 0], [0])
        assert [g.id for g in looking.history()] == [game_id]


def test_steps_appended_from_several_threads_each_get_their_own_number(store):
    game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    numbers: list[int] = []

    def worker():
        for _ in range(25):
            numbers.append(store.append(game_id, THROW))

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(numbers) == list(range(1, 101))
    assert len(store.load(game_id).actions) == 100


def test_the_default_path_follows_systemd_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/companion:/var/lib/other")
    assert default_store_path() == Path("/var/lib/companion/companion.db")
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_store_path() == tmp_path / "xdg" / "companion" / "companion.db"
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_store_path() == tmp_path / "home" / ".local/state/companion/companion.db"
