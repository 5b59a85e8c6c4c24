"""What a crash may have cost the store: the -wal it left, and a count SQLite cannot undo.

SQLite recovers a -wal left by a crash by replaying its frames up to the first that
does not check out, and drops the rest without a word; when the store is next closed
the -wal is deleted. One flipped bit on an SD card, or a -wal cut short, so loses every
step after it, and the evidence with it. Two things make that seen:

- `keep_wal(store)`: before a store is opened for writing, its -wal (if a crash left
  one) is checked frame by frame as SQLite checks it (salts, cumulative checksums); one
  that does not check out is copied aside, `PATH-wal.kept-TIMESTAMP`, before SQLite
  recovers it. (A crash in the middle of a commit leaves a last frame that does not
  check out either, and loses nothing that was saved: the copy is then only a spare.)
- `Tally`: a file beside the store, `PATH.tally`, holding the game in play, its number
  of steps and a checksum of its last step, written after each step is committed (before
  an undo is), so it is never ahead of what was saved. A game found shorter than its
  tally, or ending in another step, lost steps the companion had shown: the store says
  so (GameRecord.damage). A game found so by a companion opening the store for writing
  is noted in the tally for good, since the game in play moves on.

Stdlib only, like the store.
"""

from __future__ import annotations

import os
import shutil
import struct
import time
import zlib
from pathlib import Path

_MAGIC = {0x377F0682: "<", 0x377F0683: ">"}  # the byte order of the -wal's checksums


def _checksum(data: bytes, order: str, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of `data` (a multiple of 8 bytes), from (s0, s1)."""
    words = struct.unpack(f"{order}{len(data) // 4}I", data)
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def wal_trouble(wal: Path) -> str | None:
    """Why a -wal does not check out as SQLite would replay it, or None if it does (or
    is empty). Frames of an older generation (other salts) end it, as they end SQLite's
    replay, and are no trouble."""
    data = wal.read_bytes()
    if not data:
        return None
    if len(data) < 32:
        return "its header is cut short"
    magic, _, page_size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", data[:32])
    order = _MAGIC.get(magic)
    if order is None or _checksum(data[:24], order, 0, 0) != (c0, c1):
        return "its header is damaged"
    s0, s1 = c0, c1
    frame = 24 + page_size
    offset, number = 32, 1
    while offset < len(data):
        if offset + frame > len(data):
            return f"it is cut short in frame {number}"
        _, _, f1, f2, k0, k1 = struct.unpack(">6I", data[offset:offset + 24])
        if (f1, f2) != (salt1, salt2):
            return None  # an older generation's frames: where SQLite's replay ends too
        page = data[offset + 24:offset + frame]
        if _checksum(data[offset:offset + 8] + page, order, s0, s1) != (k0, k1):
            return f"frame {number} of {(len(data) - 32) // frame} is damaged"
        s0, s1 = k0, k1
        offset += frame
        number += 1
    return None


def keep_wal(store: Path) -> str | None:
    """Copy aside the -wal a crash left beside `store` if it does not check out; what
    was done, in words, else None."""
    wal = Path(f"{store}-wal")
    try:
        trouble = wal_trouble(wal) if wal.exists() else None
    except OSError:
        return None  # opening the store will say what is wrong with its files
    if trouble is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    copy = wal.with_name(f"{wal.name}.kept-{stamp}")
    extra = 1
    while copy.exists():
        extra += 1
        copy = wal.with_name(f"{wal.name}.kept-{stamp}-{extra}")
    try:
        shutil.copyfile(wal, copy)
        with copy.open("rb+") as f:
            os.fsync(f.fileno())
    except OSError as e:
        return (f"The -wal left by a crash beside {store} does not check out ({trouble}) "
                f"and could not be copied aside ({e.strerror or e}); SQLite replays what "
                "it can of it.")
    return (f"The -wal left by a crash beside {store} does not check out ({trouble}); "
            f"a copy is kept at {copy}, and SQLite replays what it can of it.")


RECORD = 48
"""Bytes of the tally's first line, written in place (one sector: not torn in two)."""


class Tally:
    """The step count of the game in play, kept beside the store (see the module)."""

    def __init__(self, store: Path):
        self.path = Path(f"{store}.tally")
        self.game: int | None = None
        self.steps = 0
        self.last = 0  # crc32 of the last step's stored text, 0 for none
        self.lost: dict[int, str] = {}  # game -> what was lost, noted for good
        self._fd: int | None = None
        self._read()

    def _read(self) -> None:
        try:
            text = self.path.read_bytes().decode("ascii")
        except (OSError, UnicodeDecodeError):
            return
        first, _, rest = text.partition("\n")
        fields = first.split()
        if len(fields) == 4 and all(f.isascii() and f.isalnum() for f in fields):
            body = " ".join(fields[:3])
            if f"{zlib.crc32(body.encode()):08x}" == fields[3]:
                self.game, self.steps, self.last = int(fields[0]), int(fields[1]), \
                    int(fields[2], 16)
        for line in rest.splitlines():
            game, _, said = line.partition(" ")
            if game.isdigit() and said:
                self.lost[int(game)] = said

    def shortened(self, game: int, steps: int, last_text: str | None) -> str | None:
        """What `game`, found with `steps` steps ending in `last_text`, lost since the
        tally was written, in words, or None."""
        if game in self.lost:
            return self.lost[game]
        if game != self.game or steps > self.steps:
            return None
        if steps < self.steps:
            return f"it has {steps} of the {self.steps} steps the companion saved"
        if steps and crc(last_text or "") != self.last:
            return "its last step is not the one the companion saved"
        return None

    def write(self, game: int, steps: int, last_text: str | None) -> None:
        """The count, on disk when this returns (raises OSError)."""
        body = f"{game} {steps} {crc(last_text or '') if steps else 0:08x}"
        line = f"{body} {zlib.crc32(body.encode()):08x}".ljust(RECORD - 1) + "\n"
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        os.pwrite(self._fd, line.encode(), 0)
        os.fdatasync(self._fd)
        self.game, self.steps, self.last = game, steps, crc(last_text or "") if steps else 0

    def note_lost(self, game: int, said: str) -> None:
        """Keep what `game` lost for good, after the count's line."""
        if game in self.lost:
            return
        with self.path.open("a", encoding="ascii", errors="replace") as f:
            if f.tell() < RECORD:  # no count line yet: keep its place
                f.write(" " * (RECORD - 1 - f.tell()) + "\n")
            f.write(f"{game} {said}\n")
            f.flush()
            os.fsync(f.fileno())
        self.lost[game] = said

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def crc(text: str) -> int:
    return zlib.crc32(text.encode("utf-8"))
