"""One companion at a time plays on a store: an exclusive lock on a file beside it.

Two `companion play` on one store (the service and a run from a shell, or two
terminals) would resume the same game and interleave their steps into a game no
rules replay. So `play` holds `flock(LOCK_EX)` on `<store>.lock` for as long as it
runs, taken before the store is opened or set aside, and a second one is refused at
once, before it writes anything.

flock, not a pid file: the kernel drops the lock with the process however it ends
(kill -9, a crash, a pulled plug), so a lock file left behind never blocks a start and
no pid has to be judged alive. A file of its own, not the database: SQLite takes its
own locks on that, and a damaged store is renamed away from under its path. The pid in
the file is only for the message. The file is never deleted: a process deleting it
could let two others each lock a different file of the same name.

Readers (`history`, `replay`, `doctor`) take no lock: WAL lets them read beside the
game in play.
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path
from typing import Self

from companion.store import StoreError


class StoreInUse(StoreError):
    """Another companion holds the store's lock."""


class StoreLock:
    """The lock on one store: held from creation until `release()` or the process ends."""

    def __init__(self, store: str | Path):
        self.store = Path(store).expanduser()
        self.path = self.store.with_name(f"{self.store.name}.lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = _open(self.path)
        except OSError as e:
            raise self._failure(e) from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            holder = _holder(self._fd)
            os.close(self._fd)
            if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise self._failure(e) from None
            who = f" (pid {holder})" if holder else ""
            raise StoreInUse(
                f"The game store at {self.store} is in use by another companion{who}: "
                "stop it first, or use --store."
            ) from None
        _write_pid(self._fd)

    def release(self) -> None:
        os.close(self._fd)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def _failure(self, error: OSError) -> StoreError:
        return StoreError(
            f"The game store at {self.store} cannot be locked ({error.strerror or error}); "
            "check that its folder can be written."
        )


def holder(store: str | Path, locks: str = "/proc/locks") -> int | None:
    """The pid of the companion holding `store`'s lock, or None: read from the kernel's
    list of locks, so that asking (companion doctor) never takes the lock itself, even
    for an instant in which a starting service would be refused."""
    path = Path(store).expanduser()
    try:
        st = (path.with_name(f"{path.name}.lock")).stat()
        table = Path(locks).read_text()
    except OSError:
        return None
    inode = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in table.splitlines():
        fields = line.split()  # "1: FLOCK  ADVISORY  WRITE 1234 fe:00:2146337 0 EOF"
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode:
            return int(fields[4]) if fields[4].isdigit() else None
    return None


def _open(path: Path) -> int:
    """The lock file, made if need be; read-only if another user made it (say root, in
    a run by hand): flock needs no write, and that file must not block the service."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except PermissionError:
        return os.open(path, os.O_RDONLY)


def _write_pid(fd: int) -> None:
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    except OSError:
        pass  # opened read-only: the pid stays unknown, the lock holds all the same


def _holder(fd: int) -> int | None:
    """The pid in the lock file, if that process is alive: a holder that could not write
    its pid leaves an older one there, and the message must not name a stranger."""
    try:
        pid = int(os.pread(fd, 32, 0))
    except (OSError, ValueError):
        return None
    if pid <= 0:  # 0 and below would name process groups
        return None
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return None
    except PermissionError:  # alive, another user's
        pass
    return pid
