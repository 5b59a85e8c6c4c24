"""One companion at a time plays on a store: an exclusive lock on a file beside it.

Two `companion play` on one store (the service and a run from a shell, or two
terminals) would resume the same game and interleave their steps into a game no
rules replay. So `play` holds `flock(LOCK_EX)` on `<store>.lock` for as long as it
runs, taken before the store is opened or set aside, and a second one is refused at
once, before it writes anything.

flock, not a pid file: the kernel drops the lock with the process however it ends
(kill -9, a crash, a pulled plug), so a lock file left behind never blocks a start and
no pid has to be judged alive. The pid in the file is only for the message. The file is
never deleted once a store was opened under it: a process deleting it could let two
others each lock a different file of the same name. Only a lock file made for a path
refused as no store at all (`--store notes.txt`, `forget()`) is removed again, so that
the refusal leaves nothing behind: no companion ever plays on that path as it is.

The lock is on the file, not on the name it was given: a symbolic link to the store is
followed (the lock file sits beside the store itself), and the store file itself is
locked too (`flock` on its inode), so a hard link, another name for the same file, is
refused as well. Both are needed: the lock file covers the moments when there is no
store file yet, or when a damaged one is renamed aside and a new one made under its
name (`hold_store()` then locks the new file); the store file's lock covers a name
that no lock file could know. flock and SQLite's own locks (POSIX `fcntl` locks) do not
meet on Linux; but closing any descriptor of a file drops every POSIX lock this process
holds on it, so the store file's descriptor is closed only by `release()`, after the
store (`play` closes it first).

Readers (`history`, `replay`, `doctor`) take no lock: WAL lets them read beside the
game in play.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from pathlib import Path
from typing import Self

from companion.store import StoreError


class StoreInUse(StoreError):
    """Another companion holds the store's lock."""


class StoreLock:
    """The lock on one store: held from creation until `release()` or the process ends."""

    def __init__(self, store: str | Path):
        self.store = Path(store).expanduser()
        self.path = lock_file(self.store)
        self._held: dict[tuple[int, int], int] = {}  # (device, inode) -> descriptor
        self._forget = False  # remove the lock file on release (`forget`)
        self.hold_store()  # first: a hard link to a store in use is refused making nothing
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd, self._made = _open(self.path)
        except OSError as e:
            self._let_go()
            raise self._failure(e) from None
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            holder = _holder(self._fd)
            os.close(self._fd)
            self._let_go()
            if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise self._failure(e) from None
            raise self._in_use(holder) from None
        _write_pid(self._fd)

    def hold_store(self, wait: float = 0.0) -> None:
        """Lock the store file now under the store's name, if there is one: at the start
        (a hard link held by another companion is refused before anything is made),
        and once the store is open (it may have been made, or made anew after a damaged
        one was set aside), waiting up to `wait` seconds: a companion starting on the
        same store holds it for a moment before the lock file refuses it."""
        try:
            fd = os.open(self.store, os.O_RDONLY | os.O_CLOEXEC)
        except (FileNotFoundError, PermissionError):  # none yet; or opening it will say
            return
        except OSError as e:
            raise self._failure(e) from None
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) in self._held:
            os.close(fd)
            return
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as e:
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN) and time.monotonic() < deadline:
                    time.sleep(0.05)
                    continue
                os.close(fd)  # (this process has no SQLite connection to it: nothing dropped)
                if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN):
                    raise self._failure(e) from None
                raise self._in_use(_flock_holder(st)) from None
        self._held[st.st_dev, st.st_ino] = fd

    def forget(self) -> None:
        """The path was refused as no store (a file of another program's): on release,
        remove the lock file if this lock made it, so the refusal leaves nothing behind.
        It is removed while still locked; a companion starting on the same path then
        meets the same file and is refused as well."""
        self._forget = self._made

    def release(self) -> None:
        """Unlock; the store must be closed first (see the module's docstring)."""
        self._let_go()
        if self._forget:
            self.path.unlink(missing_ok=True)
        os.close(self._fd)

    def _let_go(self) -> None:
        for fd in self._held.values():
            os.close(fd)
        self._held.clear()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def _in_use(self, holder: int | None) -> StoreInUse:
        who = f" (pid {holder})" if holder else ""
        return StoreInUse(
            f"The game store at {self.store} is in use by another companion{who}: "
            "stop it first, or use --store."
        )

    def _failure(self, error: OSError) -> StoreError:
        if isinstance(error, PermissionError):
            return StoreError(
                f"The game store at {self.store} cannot be used: its folder "
                f"{self.path.parent} cannot be written ({error.strerror or error}); "
                "give this user write access to it, or use --store."
            )
        return StoreError(
            f"The game store at {self.store} cannot be locked ({error.strerror or error}); "
            "check that its folder can be written."
        )


def lock_file(store: str | Path) -> Path:
    """The lock file of a store: beside the file a symbolic link leads to, if it is one."""
    real = Path(os.path.realpath(Path(store).expanduser()))
    return real.with_name(f"{real.name}.lock")


def holder(store: str | Path, locks: str = "/proc/locks") -> int | None:
    """The pid of the companion holding `store`'s lock, or None: read from the kernel's
    list of locks, so that asking (companion doctor) never takes the lock itself, even
    for an instant in which a starting service would be refused."""
    try:
        st = lock_file(store).stat()
    except OSError:
        return None
    return _flock_holder(st, locks)


def _flock_holder(st: os.stat_result, locks: str = "/proc/locks") -> int | None:
    """The pid holding a flock on the file of `st`, from the kernel's list, or None."""
    try:
        table = Path(locks).read_text()
    except OSError:
        return None
    inode = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    for line in table.splitlines():
        fields = line.split()  # "1: FLOCK  ADVISORY  WRITE 1234 fe:00:2146337 0 EOF"
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode:
            return int(fields[4]) if fields[4].isdigit() else None
    return None


def _open(path: Path) -> tuple[int, bool]:
    """The lock file, made if need be (and whether it was made now); read-only if
    another user made it (say root, in a run by hand): flock needs no write, and that
    file must not block the service."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644), True
    except FileExistsError:
        pass
    try:
        return os.open(path, os.O_RDWR), False
    except PermissionError as refused:
        try:
            return os.open(path, os.O_RDONLY), False
        except FileNotFoundError:  # no lock file, and none may be made: the folder's fault
            raise refused from None


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
