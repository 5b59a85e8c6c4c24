"""An image file -> a BGR frame, the same way for every reader of photos (`companion
read`, a folder of photos standing in for the camera, the benchmarks).

The file is read by Python and decoded by OpenCV, not opened by cv2.imread: a file name
that is not UTF-8 made cv2.imread (and cv2.imwrite) die of a segmentation fault, taking
every other photo of the run with it. A JPEG cut short (an unfinished copy) is refused:
OpenCV decodes one without a word, the missing part grey and the dice there unread.
"""

from __future__ import annotations

import os
import stat

import numpy as np


class UnreadableImage(ValueError):
    """The file gives no frame; the message says why, in words for a player or a log."""


def load(path: str | os.PathLike, turned: bool = True) -> np.ndarray:
    """The image at `path` as a BGR uint8 frame, turned as its EXIF orientation says (as
    cv2.imread does and a viewer shows it; `turned=False`: as its pixels are stored);
    UnreadableImage saying why if it cannot be had."""
    import cv2

    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            raise UnreadableImage("a folder, not an image")
        if not stat.S_ISREG(mode):  # /dev/zero never ends, a pipe waits
            raise UnreadableImage("not a file of its own (a device, a pipe or a socket)")
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise UnreadableImage("no such file") from None
    except OSError as exc:
        raise UnreadableImage(f"cannot read the file: {exc.strerror or exc}") from None
    if not data:
        raise UnreadableImage("an empty file")
    if jpeg_cut_short(data):
        raise UnreadableImage("cut short: the file ends before its image does"
                              " (an unfinished copy?)")
    try:
        how = cv2.IMREAD_COLOR | (0 if turned else cv2.IMREAD_IGNORE_ORIENTATION)
        frame = cv2.imdecode(np.frombuffer(data, np.uint8), how)
    except cv2.error as exc:
        raise UnreadableImage(f"cannot decode the image: {exc}") from None
    if frame is None:
        raise UnreadableImage("not an image OpenCV can decode (damaged, or another format)")
    return frame


def jpeg_cut_short(data: bytes) -> bool:
    """Whether a JPEG file's bytes end before its image's end marker. The segments are
    walked by their lengths, so a thumbnail's end marker in the EXIF is not taken for the
    image's, and bytes after the end (a phone's motion photo) are let be."""
    if not data.startswith(b"\xff\xd8"):
        return False  # not a JPEG
    i = 2
    while True:
        j = data.find(b"\xff", i)
        if j < 0 or j + 1 >= len(data):
            return True
        marker = data[j + 1]
        if marker == 0xD9:
            return False  # the image's end
        if marker in (0x00, 0x01, 0xFF) or 0xD0 <= marker <= 0xD7:
            i = j + 1 if marker == 0xFF else j + 2  # in scan data: a stuffed 0xff, a restart
            continue
        if j + 4 > len(data):
            return True
        i = j + 2 + int.from_bytes(data[j + 2 : j + 4], "big")  # a segment: skip it


def save(path: str | os.PathLike, img: np.ndarray) -> bool:
    """Write `img` at `path` in the image type its name says (.png, .jpg, ...); False if
    it could not be (written by Python, as `load` reads: cv2.imwrite crashed on a name
    that is not UTF-8)."""
    import cv2

    try:
        ok, data = cv2.imencode(os.path.splitext(os.fsdecode(path))[1] or ".png", img)
    except cv2.error:  # a name with no image type OpenCV writes
        return False
    try:
        if ok:
            with open(path, "wb") as f:
                f.write(data.tobytes())
    except OSError:
        return False
    return bool(ok)


def load_as_labelled(path: str | os.PathLike, width=None, height=None) -> np.ndarray:
    """A labelled photo as its labels see it: as its pixels are stored (the photo sets'
    README: "boxes are in pixels of the stored image"), unless the label row's size is
    that of the photo turned as its EXIF orientation says and not of the stored pixels
    (labels made on the photo as a viewer shows it). A square photo, or one turned half
    round, cannot say so, and is taken as stored."""
    stored = load(path, turned=False)
    if width and height and stored.shape[:2] != (height, width):
        shown = load(path)
        if shown.shape[:2] == (height, width):
            return shown
    return stored
