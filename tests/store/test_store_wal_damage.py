"""A -wal damaged after a crash (one flipped bit on an SD card, or cut short): SQLite
replays it up to the damage and drops the rest without a word, and deleted the -wal
when the store was next closed. The -wal is now kept aside before SQLite recovers it,
and a game that came back shorter than the box had shown says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.commands import history
from companion.store import Store
from companion.store_evidence import wal_trouble
from tests.command_run import run
from tests.service_run import headless_config, run_until_ready_then_stop

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
STEPS = 40
KILLED_MID_GAME = f"""
import os, sys
sys.path.insert(0, sys.argv[2])
from stored_games import play
from companion.store import Store
store = Store(sys.argv[1])
play(store, 3, names=("Di", "Ed"), steps={STEPS})
os._exit(0)  # killed: no checkpoint, every step is in the -wal only
"""


@pytest.fixture
def killed(tmp_path) -> Path:
    path = tmp_path / "companion.db"
    subprocess.run([sys.executable, "-c", KILLED_MID_GAME, str(path), str(HERE)], check=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    wal = Path(f"{path}-wal")
    assert wal_trouble(wal) is None
    return path


def frames(wal: Path) -> tuple[int, int]:
    """(frame size, number of frames) of a -wal."""
    data = wal.read_bytes()
    frame = 24 + int.from_bytes(data[8:12], "big")
    return frame, (len(data) - 32) // frame


def flip_a_bit(wal: Path) -> int:
    """One bit flipped in a page of the middle frame; returns that frame's number."""
    frame, count = frames(wal)
    middle = count // 2
    data = bytearray(wal.read_bytes())
    data[32 + (middle - 1) * frame + 24 + 100] ^= 0x04
    wal.write_bytes(bytes(data))
    return middle


def steps_of(path: Path) -> int:
    with Store(path, read_only=True) as store:
        return len(store.load(1).actions)


def test_a_flipped_bit_in_the_wal_is_said_and_the_wal_kept(killed, capsys):
    wal = Path(f"{killed}-wal")
    middle = flip_a_bit(wal)
    damaged = wal.read_bytes()
    assert wal_trouble(wal) == f"frame {middle} of {frames(wal)[1]} is damaged"
    assert run(history, "--store", str(killed)) == 0
    said = capsys.readouterr().out
    kept = steps_of(killed)
    assert kept < STEPS
    assert (f"{kept} steps); it is damaged in the store (it has {kept} of the {STEPS} "
            "steps the companion saved) and cannot be resumed.") in said
    assert wal.read_bytes() == damaged  # a reader left the evidence as it was
    with Store(killed) as store:
        (copy,) = killed.parent.glob("companion.db-wal.kept-*")
        assert store.notes == [
            f"The -wal left by a crash beside {killed} does not check out (frame {middle} "
            f"of {frames(wal)[1]} is damaged); a copy is kept at {copy}, and SQLite "
            "replays what it can of it.",
            f"Game 1: it has {kept} of the {STEPS} steps the companion saved; steps were "
            "lost in a crash."]
        assert copy.read_bytes() == damaged
        store.abandon(1)
        store.new_game("risknroll", 2, {}, ["Ann", "Bob"])  # the tally moves on...
    with Store(killed) as store:  # ...and what game 1 lost is still said
        assert store.load(1).damage == f"it has {kept} of the {STEPS} steps the companion saved"
        assert store.load(2).damage is None and store.notes == []


def test_a_wal_cut_short_at_a_frame_is_caught_by_the_tally(killed):
    """Cut at a frame's end the -wal checks out, and only the tally knows the game was
    longer."""
    wal = Path(f"{killed}-wal")
    frame, count = frames(wal)
    with wal.open("r+b") as f:
        f.truncate(32 + frame * (count // 2))
    assert wal_trouble(wal) is None
    with Store(killed) as store:
        record = store.load(1)
        assert record.damage == (f"it has {len(record.actions)} of the {STEPS} steps the "
                                 "companion saved")
        assert list(killed.parent.glob("*.kept-*")) == []


def test_a_wal_cut_inside_a_frame_is_kept(killed):
    wal = Path(f"{killed}-wal")
    frame, count = frames(wal)
    with wal.open("r+b") as f:
        f.truncate(32 + frame * (count // 2) + 100)
    with Store(killed) as store:
        assert "it is cut short in frame" in store.notes[0]
        assert store.load(1).damage.endswith(f"of the {STEPS} steps the companion saved")


def test_a_whole_wal_and_an_undo_say_nothing(killed):
    with Store(killed) as store:
        assert store.notes == [] and store.load(1).damage is None
        store.undo(1)
        store.undo(1)
    with Store(killed) as store:
        assert store.notes == [] and store.load(1).damage is None
        assert len(store.load(1).actions) == STEPS - 2



def test_the_service_says_it_once_in_the_journal_and_keeps_the_game(killed, tmp_path):
    """`play --service` writes what opening found to the journal once (it said each twice)
    and keeps the shortened game instead of resuming it."""
    middle = flip_a_bit(Path(f"{killed}-wal"))
    code, _, err = run_until_ready_then_stop(tmp_path, headless_config(tmp_path, killed))
    kept = steps_of(killed)
    (copy,) = killed.parent.glob("companion.db-wal.kept-*")
    assert code == 0 and err.decode().splitlines() == [
        f"companion play: The -wal left by a crash beside {killed} does not check out "
        f"(frame {middle} of {frames(copy)[1]} is damaged); a copy is kept at {copy}, and "
        "SQLite replays what it can of it.",
        f"companion play: Game 1: it has {kept} of the {STEPS} steps the companion saved; "
        "steps were lost in a crash."]
    with Store(killed) as store:
        assert store.load(1).abandoned
