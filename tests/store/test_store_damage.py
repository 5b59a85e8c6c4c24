"""A damaged store is reported and left as found; recovery sets it aside, never deletes it."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from stored_games import play

from companion.commands.play import open_store
from companion.store import NotAStore, Store, StoreCorrupt, StoreError, StoreNotWritable

OPENINGS = (Store, Store.open_or_recover, open_store, Store.open_to_read)
"""Every way the companion opens a store: the session's, the service's, the play
command's, the readers' (history, replay, stats)."""


def refusals(path: Path, error: type[StoreError] = NotAStore) -> list[StoreError]:
    """What each of the OPENINGS raised at `path`, each having refused it."""
    raised = []
    for opening in OPENINGS:
        with pytest.raises(error) as caught:
            opening(path)
        raised.append(caught.value)
    return raised


@pytest.fixture(scope="module")
def healthy(tmp_path_factory) -> bytes:
    """The bytes of a real store holding six whole games (made once: it takes fsyncs)."""
    path = tmp_path_factory.mktemp("healthy") / "companion.db"
    with Store(path) as store:
        for seed in range(6):
            play(store, seed)
    assert path.stat().st_size > 20 * 4096
    return path.read_bytes()


def random_bytes(path: Path, healthy: bytes) -> None:
    path.write_bytes(random.Random(1).randbytes(8192))


def text_file(path: Path, healthy: bytes) -> None:
    path.write_text("name,score\nAnn,2150\nBob,1800\n" * 20)


def one_byte(path: Path, healthy: bytes) -> None:
    """Too short for SQLite to call it anything but "not a database"; only an empty file
    is a new store."""
    path.write_bytes(b"S")


def truncated_store(path: Path, healthy: bytes) -> None:
    path.write_bytes(healthy[: len(healthy) // 2])


def garbled_page(path: Path, healthy: bytes) -> None:
    data = bytearray(healthy)
    data[3 * 4096 : 4 * 4096] = random.Random(2).randbytes(4096)
    path.write_bytes(bytes(data))


def another_programs_database(path: Path, healthy: bytes) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (name TEXT, taken TEXT)")
    db.commit()
    db.close()


def wrong_tables(path: Path, healthy: bytes) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, name TEXT)")
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


DAMAGE = [
    random_bytes,
    truncated_store,
    garbled_page,
    wrong_tables,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_a_damaged_file_is_reported_and_left_exactly_as_it_was(tmp_path, damage, healthy):
    path = tmp_path / "companion.db"
    damage(path, healthy)
    before = path.read_bytes()
    with pytest.raises(StoreCorrupt) as caught:
        Store(path)
    assert str(path) in str(caught.value) and "damaged" in str(caught.value)
    assert path.read_bytes() == before
    # reading a WAL-mode file may add SQLite's (empty) log beside it, nothing more
    assert {p.name for p in tmp_path.iterdir()} <= {
        "companion.db",
        "companion.db-wal",
        "companion.db-shm",
    }
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_recovery_sets_the_damaged_file_aside_and_starts_a_new_store(tmp_path, damage, healthy):
    path = tmp_path / "companion.db"
    damage(path, healthy)
    before = path.read_bytes()
    store, message = Store.open_or_recover(path)
    with store:
        (aside,) = tmp_path.glob("companion.db.corrupt-*[0-9]")
        assert aside.read_bytes() == before
        assert message.startswith(f"The game store at {path} is damaged (")
        assert f"moved to {aside} and a new one started; nothing was deleted." in message
        assert store.unfinished() is None and store.history() == []
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        assert store.append(game_id, {"kind": "throw", "dice": [5]}) == 1


@pytest.mark.parametrize("version", [0, 1, 7])
def test_another_programs_database_is_refused_and_left_alone_not_set_aside(tmp_path, version):
    path = tmp_path / "photos.db"
    another_programs_database(path, b"")
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert {str(refused) for refused in refusals(path)} == {
        f"{path} is not a companion store (it holds the tables photos): wrong --store? "
        "It was left as it is."
    }
    assert path.read_bytes() == before
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_the_side_files_of_a_damaged_store_travel_with_it(tmp_path):
    path = tmp_path / "companion.db"
    random_bytes(path, b"")
    Path(f"{path}-wal").write_bytes(b"old log")
    Path(f"{path}-journal").write_bytes(b"old journal")
    store, _ = Store.open_or_recover(path)
    store.close()
    (aside,) = tmp_path.glob("companion.db.corrupt-*[0-9]")
    assert Path(f"{aside}-wal").read_bytes() == b"old log"
    assert Path(f"{aside}-journal").read_bytes() == b"old journal"
    assert not Path(f"{path}-journal").exists()


def test_a_second_recovery_in_the_same_second_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "companion.db"
    for content in (b"\x00first damage" * 512, b"\x00second damage" * 512):
        path.write_bytes(content)
        store, _ = Store.open_or_recover(path)
        store.close()
    kept = sorted(p.read_bytes() for p in tmp_path.glob("companion.db.corrupt-*[0-9]"))
    assert kept == [b"\x00first damage" * 512, b"\x00second damage" * 512]


def test_a_healthy_store_is_opened_as_it_is(tmp_path, healthy):
    path = tmp_path / "companion.db"
    path.write_bytes(healthy)
    store, message = Store.open_or_recover(path)
    with store:
        assert message is None
        assert len(store.history()) == 6
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_an_empty_file_is_a_new_store(tmp_path):
    path = tmp_path / "companion.db"
    path.touch()
    with Store(path) as store:
        assert store.unfinished() is None


def test_a_store_from_a_newer_companion_is_refused_but_not_set_aside(tmp_path):
    path = tmp_path / "companion.db"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="newer companion") as caught:
        Store.open_or_recover(path)
    assert not isinstance(caught.value, StoreCorrupt)
    assert list(tmp_path.glob("*.corrupt-*")) == []


def test_a_folder_that_is_a_file_gives_a_clear_error(tmp_path):
    (tmp_path / "state").write_text("not a folder")
    with pytest.raises(StoreError) as caught:
        Store(tmp_path / "state" / "companion.db")
    assert str(caught.value) == (
        f"The game store at {tmp_path / 'state' / 'companion.db'} cannot be created "
        "(File exists); check that its folder can be written."
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs sysfs")
def test_a_read_only_location_gives_a_clear_error():
    with pytest.raises(StoreNotWritable) as caught:
        Store("/sys/companion.db")
    assert str(caught.value) == (
        "The game store at /sys/companion.db could not be opened (unable to open database "
        "file); check that its folder and its files (the .db, -wal and -shm) can be written."
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_gives_a_clear_error(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    try:
        with pytest.raises(StoreError, match="can be written"):
            Store(folder / "companion.db")
    finally:
        folder.chmod(0o700)


@contextmanager
def unwritable(path: Path):
    """Make a file read-only for this process: by its mode, or for root, as immutable."""
    if os.geteuid() != 0:
        path.chmod(0o400)
        try:
            yield
        finally:
            path.chmod(0o600)
        return
    chattr = shutil.which("chattr")
    made = chattr and subprocess.run([chattr, "+i", str(path)], check=False, capture_output=True)
    if not made or made.returncode != 0:
        pytest.skip("root may write anywhere, and chattr +i is not available here")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def test_a_store_file_that_cannot_be_written_is_refused_on_open_not_mid_game(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    with unwritable(path), pytest.raises(StoreError, match="can be written") as caught:
        Store(path)
    assert not isinstance(caught.value, StoreCorrupt)
    assert str(path) in str(caught.value)


INTERRUPTED_WRITER = r"""
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = DELETE")
db.execute("PRAGMA cache_size = 2")  # spill pages to the file before the commit
db.execute("BEGIN IMMEDIATE")
for n in range(2, 2000):
    db.execute("INSERT INTO steps VALUES (1, ?, '{}', 'now')", (n,))
print("in the middle", flush=True)
time.sleep(60)
"""


def test_a_transaction_cut_short_under_a_rollback_journal_is_rolled_back_not_called_damage(
    tmp_path,
):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, {"kind": "throw", "dice": [5]})
    writer = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout.readline() == "in the middle\n"
    writer.kill()
    writer.wait()
    writer.stdout.close()
    assert Path(f"{path}-journal").stat().st_size > 0
    with Store(path) as store:
        assert store.load(game_id).actions == ({"kind": "throw", "dice": [5]},)
    assert list(tmp_path.glob("*.corrupt-*")) == []


def zeroed_first_page(path: Path, healthy: bytes) -> None:
    """An SD card's block lost at the start of the store: its header is gone."""
    path.write_bytes(bytes(4096) + healthy[4096:])


@pytest.mark.parametrize("damage", [text_file, one_byte], ids=lambda f: f.__name__)
def test_a_file_that_could_never_have_been_a_store_is_refused_and_never_set_aside(
    tmp_path, damage
):
    """`play --store notes.txt`: the user's file is not a damaged store; renaming it
    aside would lose it for them."""
    path = tmp_path / "notes.txt"
    damage(path, b"")
    before = path.read_bytes()
    assert {str(refused) for refused in refusals(path)} == {
        f"{path} is not a companion store (it is not an SQLite database): wrong --store? "
        "It was left as it is."
    }
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


@pytest.mark.parametrize("damage", [random_bytes, zeroed_first_page], ids=lambda f: f.__name__)
def test_a_file_that_is_not_sqlite_is_called_so_when_refused_and_when_set_aside(
    tmp_path, damage, healthy
):
    path = tmp_path / "companion.db"
    damage(path, healthy)
    with pytest.raises(StoreCorrupt) as caught:
        Store(path)
    assert caught.value.reason == "it is not an SQLite database"
    assert str(caught.value) == (
        f"The game store at {path} is damaged (it is not an SQLite database); "
        "it was left as it is."
    )
    store, message = Store.open_or_recover(path)
    store.close()
    (aside,) = tmp_path.glob("companion.db.corrupt-*")
    assert message == (
        f"The game store at {path} is damaged (it is not an SQLite database); it was moved "
        f"to {aside} and a new one started; nothing was deleted."
    )


def test_a_store_path_that_is_a_folder_is_refused_saying_why_it_cannot_be_read(tmp_path):
    path = tmp_path / "companion.db"
    path.mkdir()
    (path / "photo.jpg").write_bytes(b"not a store")
    raised = refusals(path, StoreError)
    assert {type(refused) for refused in raised} == {StoreError}  # not damaged: kept as is
    assert {str(refused) for refused in raised} == {
        f"The game store at {path} cannot be read (Is a directory); "
        "check that this user may read and write it."
    }
    assert [p.name for p in path.iterdir()] == ["photo.jpg"]
    assert [p.name for p in tmp_path.iterdir()] == ["companion.db"]


KILLED_PHOTO_APP = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("CREATE TABLE photos (name TEXT, taken TEXT)")
db.execute("INSERT INTO photos VALUES ('dice.jpg', '2026-12-01')")
os._exit(0)  # no checkpoint: the table and its row are in the -wal only
"""


def test_another_programs_database_is_not_written_not_even_to_fold_its_wal_into_it(tmp_path):
    """Closing the last connection that may write folds the -wal into the .db (a checkpoint)
    and deletes it: the check must read through a connection that cannot write."""
    path = tmp_path / "photos.db"
    subprocess.run([sys.executable, "-c", KILLED_PHOTO_APP, str(path)], check=True)

    def files() -> dict[str, bytes]:  # but the -shm, an index SQLite rebuilds from the -wal
        return {p.name: p.read_bytes() for p in tmp_path.iterdir() if not p.name.endswith("-shm")}

    before = files()
    assert sorted(before) == ["photos.db", "photos.db-wal"] and before["photos.db-wal"]
    for opening in OPENINGS:
        with pytest.raises(NotAStore, match=r"\(it holds the tables photos\)"):
            opening(path)
        assert files() == before


def stamps(start: float, end: float) -> set[str]:
    """The names a store set aside between these two times may take, one a second."""
    return {
        f"companion.db.corrupt-{time.strftime('%Y%m%d-%H%M%S', time.localtime(second))}"
        for second in range(int(start), int(end) + 1)
    }


def test_a_damaged_store_is_set_aside_under_the_date_and_time_it_was_found(tmp_path):
    path = tmp_path / "companion.db"
    random_bytes(path, b"")
    start = time.time()
    store, message = Store.open_or_recover(path)
    store.close()
    (aside,) = tmp_path.glob("companion.db.corrupt-*")
    assert aside.name in stamps(start, time.time())
    assert f"it was moved to {aside} and" in message


def test_a_name_taken_by_an_earlier_recovery_in_the_same_second_gets_the_number_2(
        tmp_path, monkeypatch):
    """The clock held at one second: a window of real seconds failed once when the
    machine's clock stepped past it (CI, 3 December 2026)."""
    path = tmp_path / "companion.db"
    now, strftime = time.time(), time.strftime

    def held(fmt: str, at=None) -> str:
        return strftime(fmt, time.localtime(now) if at is None else at)

    monkeypatch.setattr(time, "strftime", held)
    earlier = stamps(now, now)
    for name in earlier:
        (tmp_path / name).write_bytes(b"set aside before")
    random_bytes(path, b"")
    store, message = Store.open_or_recover(path)
    store.close()
    (aside,) = set(tmp_path.glob("companion.db.corrupt-*")) - {tmp_path / n for n in earlier}
    assert aside.name.endswith("-2") and aside.name.removesuffix("-2") in earlier
    assert aside.read_bytes() == random.Random(1).randbytes(8192)
    assert all((tmp_path / name).read_bytes() == b"set aside before" for name in earlier)


def test_a_damaged_store_whose_name_leaves_no_room_to_set_it_aside_is_refused_in_words(
        tmp_path):
    """A name near the folder's limit of 255 has no room for ".corrupt-<date>": the
    store says it could not move the file aside (never a raw OSError) and leaves it."""
    path = tmp_path / ("g" * 240 + ".db")
    random_bytes(path, None)
    before = path.read_bytes()
    with pytest.raises(StoreError) as refused:
        Store.open_or_recover(path)
    assert str(refused.value) == (
        f"The game store at {path} is damaged and could not be moved aside (File name too "
        "long); move it away by hand, then start again.")
    assert path.read_bytes() == before


def test_a_damaged_store_named_through_a_symbolic_link_is_set_aside_beside_itself(tmp_path):
    """The file the link leads to is set aside with its side files, and the link then
    leads to the new store (renaming the link would leave the damaged file and its -wal
    where the new store is made)."""
    real = tmp_path / "data" / "games.db"
    real.parent.mkdir()
    random_bytes(real, b"")
    Path(f"{real}-wal").write_bytes(b"old log")
    link = tmp_path / "link.db"
    link.symlink_to(real)
    store, message = Store.open_or_recover(link)
    with store:
        store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    (aside,) = real.parent.glob("games.db.corrupt-*[0-9]")
    assert aside.read_bytes() == random.Random(1).randbytes(8192)
    assert Path(f"{aside}-wal").read_bytes() == b"old log"
    assert link.is_symlink() and link.resolve() == real
    with Store(real) as again:
        assert len(again.unfinished().names) == 2
