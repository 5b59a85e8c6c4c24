"""One companion at a time on a store: a second is refused, naming the first; the lock
goes with its process, however that ends, and a lock file left behind never blocks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.store import StoreError
from companion.store_lock import StoreInUse, StoreLock

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys, time
from companion.store_lock import StoreLock
lock = StoreLock(sys.argv[1])
print("locked", flush=True)
time.sleep(60)
"""


def in_use(store: Path, pid: int) -> str:
    return (f"The game store at {store} is in use by another companion (pid {pid}): "
            "stop it first, or use --store.")


def dead_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid


def test_a_second_lock_on_a_store_is_refused_naming_the_holder_until_it_is_released(tmp_path):
    store = tmp_path / "state" / "companion.db"
    first = StoreLock(store)
    assert first.path == tmp_path / "state" / "companion.db.lock"
    assert first.path.read_text() == f"{os.getpid()}\n"
    with pytest.raises(StoreInUse) as caught:
        StoreLock(store)
    assert str(caught.value) == in_use(store, os.getpid())
    with StoreLock(tmp_path / "state" / "other.db"):  # another store is another lock
        pass
    first.release()
    with StoreLock(store):
        pass
    assert not store.exists()  # the lock makes no store


def test_the_lock_goes_with_its_process_even_on_kill_9(tmp_path):
    store = tmp_path / "companion.db"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(store)], stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, text=True)
    try:
        assert holder.stdout.readline() == "locked\n"
        with pytest.raises(StoreInUse) as caught:
            StoreLock(store)
        assert str(caught.value) == in_use(store, holder.pid)
    finally:
        holder.kill()
        holder.wait()
        holder.stdout.close()
    with StoreLock(store) as lock:
        assert lock.path.read_text() == f"{os.getpid()}\n"


def test_a_lock_file_left_by_a_dead_process_never_blocks(tmp_path):
    store = tmp_path / "companion.db"
    Path(f"{store}.lock").write_text(f"{dead_pid()}\n")
    with StoreLock(store) as lock:
        assert lock.path.read_text() == f"{os.getpid()}\n"


def unwritable(path: Path) -> None:
    """Make a file this process may not open for writing: by its mode, or for root, as
    immutable (chattr +i)."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        return
    chattr = shutil.which("chattr")
    made = chattr and subprocess.run([chattr, "+i", str(path)], capture_output=True)
    if not made or made.returncode != 0:
        pytest.skip("root may write anywhere, and chattr +i is not available here")


def writable(path: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(path)], check=True)
    path.chmod(0o644)


def test_a_lock_file_another_user_left_still_locks_and_names_no_stranger(tmp_path):
    """Root's run by hand leaves a lock file the service's user cannot write."""
    store = tmp_path / "companion.db"
    lock_file = Path(f"{store}.lock")
    lock_file.write_text(f"{dead_pid()}\n")
    unwritable(lock_file)
    try:
        with StoreLock(store):
            with pytest.raises(StoreInUse) as caught:
                StoreLock(store)
            assert str(caught.value) == (
                f"The game store at {store} is in use by another companion: "
                "stop it first, or use --store."
            )
    finally:
        writable(lock_file)


def test_a_store_whose_folder_cannot_be_made_cannot_be_locked(tmp_path):
    (tmp_path / "state").write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be locked") as caught:
        StoreLock(tmp_path / "state" / "companion.db")
    assert not isinstance(caught.value, StoreInUse)
    assert str(tmp_path / "state" / "companion.db") in str(caught.value)


def test_who_holds_a_store_is_read_from_the_kernel_without_locking(tmp_path):
    """For `companion doctor`: asking must not take the lock, even for an instant in
    which a starting service would be refused."""
    from companion.store_lock import holder

    if not Path("/proc/locks").exists():
        pytest.skip("no /proc/locks here")
    store = tmp_path / "companion.db"
    assert holder(store) is None  # no lock file
    with StoreLock(store):
        assert holder(store) == os.getpid()
        assert holder(tmp_path / "other.db") is None
    assert holder(store) is None  # released: the file stays, its lock is gone


def test_the_doctor_says_which_companion_holds_the_store(tmp_path):
    from companion.commands import doctor
    from companion.config import defaults, replace
    from companion.store import Store

    if not Path("/proc/locks").exists():
        pytest.skip("no /proc/locks here")
    store = tmp_path / "companion.db"
    with Store(store):
        pass
    cfg = replace(defaults(), store={"path": str(store)})
    assert "in use" not in doctor.check_store(cfg).message
    with StoreLock(store):
        check = doctor.check_store(cfg)
    assert check.status == doctor.OK
    assert check.message.endswith(f"; in use by the companion with pid {os.getpid()})")


def test_a_symbolic_link_to_a_locked_store_is_refused(tmp_path):
    """The lock is on the file, not on the name: `ln -s games.db link.db` must not let a
    second companion play the same store through the link (their steps interleaved)."""
    from companion.store import Store

    store = tmp_path / "games.db"
    Store(store).close()
    link = tmp_path / "link.db"
    link.symlink_to(store.name)
    with StoreLock(store):
        with pytest.raises(StoreInUse) as caught:
            StoreLock(link)
        assert str(caught.value) == in_use(link, os.getpid())
    with StoreLock(link) as lock:  # the lock file sits beside the store itself
        assert lock.path == tmp_path / "games.db.lock"
        with pytest.raises(StoreInUse):
            StoreLock(store)


def test_a_hard_link_to_a_locked_store_is_refused_naming_the_holder(tmp_path):
    from companion.store import Store

    store = tmp_path / "games.db"
    Store(store).close()
    link = tmp_path / "link.db"
    os.link(store, link)
    with StoreLock(store):
        with pytest.raises(StoreInUse) as caught:
            StoreLock(link)
        if Path("/proc/locks").exists():
            assert str(caught.value) == in_use(link, os.getpid())
    with StoreLock(link):
        with pytest.raises(StoreInUse):
            StoreLock(store)


def test_a_store_made_after_the_lock_is_held_through_a_hard_link_once_held(tmp_path):
    """`play` locks the store file once it has opened (made) it: a hard link made
    afterwards is refused too."""
    from companion.store import Store

    store = tmp_path / "games.db"
    with StoreLock(store) as lock:
        Store(store).close()
        lock.hold_store()
        os.link(store, tmp_path / "link.db")
        with pytest.raises(StoreInUse):
            StoreLock(tmp_path / "link.db")


def test_a_folder_that_cannot_be_written_is_said_so(tmp_path):
    folder = tmp_path / "state"
    folder.mkdir()
    unwritable(folder)
    try:
        with pytest.raises(StoreError) as caught:
            StoreLock(folder / "companion.db")
    finally:
        writable(folder)
    refused = "Operation not permitted" if os.geteuid() == 0 else "Permission denied"
    assert str(caught.value) == (
        f"The game store at {folder / 'companion.db'} cannot be used: its folder {folder} "
        f"cannot be written ({refused}); give this user write access to it, "
        "or use --store."
    )


def test_a_store_with_two_names_is_refused_for_reading_and_writing(tmp_path):
    """SQLite keeps its -wal by name: through a hard link a reader misses the steps in the
    other name's -wal, and a writer replays a -wal into a file changed under the other."""
    from companion.store import Store

    store = tmp_path / "games.db"
    with Store(store) as first:
        first.new_game("risknroll", 2, {}, ["Ann", "Bob"])
    link = tmp_path / "link.db"
    os.link(store, link)
    before = store.read_bytes()
    for name in (store, link):
        for opening in (Store, Store.open_to_read, Store.open_or_recover):
            with pytest.raises(StoreError) as refused:
                opening(name)
            assert str(refused.value) == (
                f"The game store at {name} has 2 names (hard links): SQLite keeps the newest "
                "steps in a -wal named after each name, so one name would miss the other's; "
                "keep one name (a symbolic link is fine). It was left as it is.")
    assert store.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "games.db", "games.db.tally", "link.db"]
    link.unlink()
    with Store(store) as again:
        assert again.unfinished().names == ("Ann", "Bob")
