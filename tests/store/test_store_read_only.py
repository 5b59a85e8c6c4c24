"""`history` and `replay` read a store they may not write (a read-only folder or mount):
read-only, and never by reading the .db alone while its -wal holds steps it does not."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from stored_games import play

from companion.commands import history, replay
from companion.commands.play import open_store
from companion.store import Store, StoreCorrupt, StoreError, StoreNotWritable
from tests.command_run import run

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CAN_BE_WRITTEN = "check that its folder and its files (the .db, -wal and -shm) can be written"
KILLED_WRITER = """
import os, sys
sys.path.insert(0, sys.argv[2])
from stored_games import play
from companion.store import Store
store = Store(sys.argv[1])
play(store, 1, names=("Ann", "Bob"))
play(store, 3, names=("Di", "Ed"), steps=7)
os._exit(0)  # no checkpoint: the steps are in the -wal only
"""


@contextmanager
def read_only(*paths: Path):
    """These folders and files read-only to this process: by their modes, or for root
    (who may write anyway) as immutable (chattr +i)."""
    if os.geteuid() != 0:
        for path in paths:
            path.chmod(0o500 if path.is_dir() else 0o400)
        try:
            yield
        finally:
            for path in paths:
                path.chmod(0o700 if path.is_dir() else 0o600)
        return
    chattr = shutil.which("chattr")
    made = chattr and subprocess.run([chattr, "+i", *map(str, paths)], capture_output=True)
    if not made or made.returncode != 0:
        pytest.skip("root may write anywhere, and chattr +i is not available here")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", *map(str, paths)], check=True)


def mount(folder: Path) -> tuple[Path, ...]:
    """A folder and its files: made read-only together, they are a read-only mount."""
    return (*folder.iterdir(), folder)


def contents(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.fixture
def closed_store(tmp_path) -> Path:
    """A store closed cleanly (no -wal, no -shm) with a finished game and one in play."""
    path = tmp_path / "store" / "companion.db"
    with Store(path) as store:
        play(store, 1, names=("Ann", "Bob"))
        play(store, 3, names=("Di", "Ed"), steps=7)
    assert sorted(p.name for p in path.parent.iterdir()) == ["companion.db",
                                                             "companion.db.tally"]
    return path


@pytest.fixture
def killed_store(tmp_path) -> Path:
    """The same games, written by a process killed before SQLite moved them into the .db."""
    path = tmp_path / "store" / "companion.db"
    path.parent.mkdir()
    subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path), str(HERE)], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert Path(f"{path}-wal").stat().st_size > 0 and Path(f"{path}-shm").exists()
    return path


def test_history_and_replay_read_a_store_in_a_read_only_folder(closed_store, capsys):
    assert run(history, "--store", str(closed_store)) == 0
    listed = capsys.readouterr().out
    assert run(replay, "2", "--store", str(closed_store)) == 0
    replayed = capsys.readouterr().out
    before = contents(closed_store.parent)
    with read_only(*mount(closed_store.parent)):
        assert run(history, "--store", str(closed_store)) == 0
        assert capsys.readouterr() == (listed, "")
        assert run(replay, "2", "--store", str(closed_store)) == 0
        assert capsys.readouterr() == (replayed, "")
    assert contents(closed_store.parent) == before


def test_history_reads_the_steps_a_killed_writer_left_in_the_wal_of_a_read_only_store(
    killed_store, capsys
):
    before = contents(killed_store.parent)
    with read_only(*mount(killed_store.parent)):
        assert run(history, "--store", str(killed_store)) == 0
    out = capsys.readouterr().out
    assert "In progress: game 2" in out and "7 steps" in out
    assert out.splitlines()[1].startswith("   1  ")
    assert contents(killed_store.parent) == before


def test_a_store_file_that_cannot_be_written_is_read_read_only(closed_store, capsys):
    assert run(history, "--store", str(closed_store)) == 0
    listed = capsys.readouterr().out
    with read_only(closed_store):
        assert run(history, "--store", str(closed_store)) == 0
    assert capsys.readouterr() == (listed, "")


def test_a_wal_without_its_shm_in_a_read_only_folder_is_not_read_as_the_db_alone(
    killed_store, capsys
):
    """Reading the .db alone (immutable=1) would show none of the games in the -wal."""
    Path(f"{killed_store}-shm").unlink()
    with read_only(*mount(killed_store.parent)):
        with pytest.raises(StoreNotWritable, match=re.escape(CAN_BE_WRITTEN)):
            Store.open_to_read(killed_store)
        with pytest.raises(StoreNotWritable) as refused:
            Store(killed_store, read_only=True)
        assert str(refused.value) == (
            f"The game store at {killed_store} could not be read (unable to open database "
            f"file); {CAN_BE_WRITTEN}."
        )
        assert run(history, "--store", str(killed_store)) == 1
    err = capsys.readouterr().err
    assert f"The game store at {killed_store} could not be read" in err and CAN_BE_WRITTEN in err


def test_a_store_opened_read_only_refuses_every_write(closed_store):
    before = closed_store.read_bytes()
    with Store(closed_store, read_only=True) as store:
        assert len(store.load(2).actions) == 7
        with pytest.raises(StoreError, match="could not save the step"):
            store.append(2, {"kind": "throw", "dice": [5]})
        assert len(store.load(2).actions) == 7
    assert closed_store.read_bytes() == before


def test_the_doctor_says_the_folder_is_not_writable_not_that_the_store_is_damaged(
    closed_store,
):
    """It said "cannot be read as SQLite (unable to open database file)" and that the
    companion would set the store aside as damaged."""
    from companion.commands import doctor
    from companion.config import defaults, replace

    cfg = replace(defaults(), store={"path": str(closed_store)})
    with read_only(closed_store.parent):
        check = doctor.check_store(cfg)
    assert check.status == doctor.FAIL
    assert check.message.startswith(f"the folder of {closed_store} is not writable")
    assert "damaged" not in check.message + (check.fix or "")


def test_a_damaged_store_in_a_read_only_folder_is_left_there_saying_it_could_not_be_moved(
    tmp_path,
):
    folder = tmp_path / "store"
    folder.mkdir()
    path = folder / "companion.db"
    path.write_bytes(b"\x00torn" * 1024)
    why = "Operation not permitted" if os.geteuid() == 0 else "Permission denied"  # see read_only
    with read_only(folder):
        for opening in (Store.open_or_recover, open_store):
            with pytest.raises(StoreError) as refused:
                opening(path)
            assert not isinstance(refused.value, StoreCorrupt)
            assert str(refused.value) == (
                f"The game store at {path} is damaged and could not be moved aside ({why}); "
                "move it away by hand, then start again."
            )
    assert contents(folder) == {"companion.db": b"\x00torn" * 1024}


def test_a_store_that_is_not_there_is_not_made_by_opening_it_read_only(tmp_path):
    """`read_only`: write nothing, not even a new store; a read of a missing store
    is refused, and no file appears."""
    path = tmp_path / "companion.db"
    with pytest.raises(StoreError) as refused:
        Store(path, read_only=True)
    assert str(path) in str(refused.value) and "could not be read" in str(refused.value)
    assert list(tmp_path.iterdir()) == []
