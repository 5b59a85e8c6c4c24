"""Frames read at the table whose dice the players let stand, kept as a labelled photo
set, so the reader can be measured, and trained, on the players' own dice and table.

The reader is measured on two public photo sets; dice it has never seen (another
make, colour or table) read worse (docs/vision.md, "A source never seen"). The frames
a game confirms are exactly the photos that would close that gap: a camera reading
the players accepted, or corrected by one die, labels every die in the frame. The set
is in the dice-photos format (`images/` and `labels.jsonl`, see vision.photo_sets), so
`companion bench vision --photos DIR` scores the reader on it (a live camera's frame,
marked `"live": true`, read once as the game read it) and
`vision/train/train.py --photos DIR` trains on it; one photo in five is held out.

Keeping is off unless the config asks for it (`vision.keep_photos`): the frames are
photos of the players' table. A photo is written whole (a temporary file renamed)
before its label line is appended, so a pulled plug leaves at most an unlabelled image
or a torn last line, which `photo_sets.load_labels` skips. A failing disk never stops
a game: keeping then stops, with one warning in the log.
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from datetime import datetime
from pathlib import Path

import cv2
import numpy as np

from vision.photo_sets import LABELS, load_labels

log = logging.getLogger(__name__)

HELD_OUT_EVERY = 5
"""One kept photo in this many is held out of training, to measure a retrained reader."""


def labelled(read: list[int], boxes: list, final: list[int]) -> list[dict] | None:
    """The label rows of a kept frame: each read die's box with the value the players
    let stand (`final[i]` for `read[i]`, in the same order), or None when the labels
    would be guesses: a die was missed or read twice (a value without a box), or more
    than one die was corrected (the players set the right values, but the screen does
    not show which die is which, so two changed values may be on each other's boxes)."""
    if len(boxes) != len(read) or len(final) != len(read):
        return None
    if sum(a != b for a, b in zip(read, final)) > 1:
        return None
    return [{"value": int(v), "bbox": [int(c) for c in box]} for v, box in zip(final, boxes)]


def split_of(name: str) -> str:
    """The split of a kept photo, fixed by its name: one in HELD_OUT_EVERY held out."""
    return "validation" if zlib.crc32(name.encode()) % HELD_OUT_EVERY == 0 else "train"


class PhotoKeeper:
    """Appends labelled frames to one photo set folder, up to `limit` photos."""

    def __init__(self, folder: str | os.PathLike, limit: int = 1000, live: bool = True):
        """`live`: the frames come from a live camera, which the game reads once
        (vision.read's `closer=False`); the rows say so, and the benchmark reads them so."""
        self.folder = Path(folder).expanduser()
        self.limit = limit
        self.live = live
        self._count: int | None = None
        self._broken = False

    @property
    def count(self) -> int:
        """How many photos the set holds (its label lines)."""
        if self._count is None:
            self._count = len(self._rows())
        return self._count

    def keep(self, frame: np.ndarray, dice: list[dict], **tags) -> str | None:
        """Write the frame and its label row (with `tags`, e.g. game and step); returns
        the image's name in the set, or None when nothing was kept."""
        if self._broken or self.count >= self.limit:
            return None
        try:
            images = self.folder / "images"
            images.mkdir(parents=True, exist_ok=True)
            name = self._new_name(images)
            ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
            if not ok:
                raise OSError("the frame could not be encoded as JPEG")
            _write_whole(images / name, jpeg.tobytes())
            h, w = frame.shape[:2]
            image = f"images/{name}"
            split = split_of(name)
            row = {"image": image, "width": w, "height": h, "dice": dice, "split": split,
                   "live": self.live, **tags}
            with open(self.folder / LABELS, "ab") as fh:
                fh.write(_after_torn_line(fh) + json.dumps(row).encode("utf-8") + b"\n")
                fh.flush()
                os.fsync(fh.fileno())
        except Exception as why:  # a full disk, a frame OpenCV cannot encode: never the game
            self._broken = True
            log.warning("not keeping photos of the dice any more: %s", why, exc_info=True)
            return None
        self._count = self.count + 1
        if self._count == self.limit:
            log.info("kept %d photos of the dice in %s: the limit, keeping no more",
                     self.limit, self.folder)
        return image

    def forget(self, **tags) -> int:
        """Drop the photos whose rows carry all of `tags` (an undone throw); returns how many."""
        rows = self._rows()
        gone = [r for r in rows if all(r.get(k) == v for k, v in tags.items())]
        if not gone:
            return 0
        try:
            kept = "".join(json.dumps(r) + "\n" for r in rows if r not in gone)
            _write_whole(self.folder / LABELS, kept.encode("utf-8"))
            for r in gone:
                (self.folder / r["image"]).unlink(missing_ok=True)
        except Exception as why:
            log.warning("could not forget a kept photo: %s", why, exc_info=True)
            return 0
        self._count = len(rows) - len(gone)
        return len(gone)

    def _rows(self) -> list[dict]:
        if not (self.folder / LABELS).is_file():
            return []
        try:
            return load_labels(self.folder, as_labelled=True)
        except OSError as why:
            log.warning("kept photos unreadable: %s", why)
            return []

    @staticmethod
    def _new_name(images: Path) -> str:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        name, n = f"{stamp}.jpg", 1
        while (images / name).exists():
            n += 1
            name = f"{stamp}-{n}.jpg"
        return name


def _after_torn_line(fh) -> bytes:
    """A newline if the file (open for appending) ends in a torn line, so that the next
    row is not glued to it."""
    if fh.tell() == 0:
        return b""
    with open(fh.name, "rb") as last:
        last.seek(-1, os.SEEK_END)
        return b"" if last.read(1) == b"\n" else b"\n"


def _write_whole(path: Path, data: bytes) -> None:
    """Write `path` so that it is either the old file or the new one, never half of it."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
