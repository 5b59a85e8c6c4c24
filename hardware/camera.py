"""Cameras: picamera2 on a Pi, else OpenCV (V4L2 / USB), else a folder of images.

A camera has `read() -> BGR uint8 ndarray | None`, `name`, `failed`, `lock()` and
`close()`. `open_camera(cfg)` returns the first source that works, or None: no camera,
so the session uses the virtual roller (simulation) or button entry.

Failure in the middle of a game: a read that raises or returns nothing counts; after
`fail_after` in a row the camera is marked `failed`, releases the device, and read()
raises `CameraFailed` from then on. The session then switches to button entry and says
so on the screen; the game itself is in the store and loses nothing.

picamera2 (Debian's python3-picamera2) and cv2 are imported lazily.
"""

from __future__ import annotations

import logging
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class CameraFailed(RuntimeError):
    """The camera stopped delivering frames; use button entry."""


class CameraUnavailable(RuntimeError):
    """This source cannot be opened here (the message says why)."""


log = logging.getLogger(__name__)

CAPTURE_WAIT = 2.0
"""Seconds a Pi camera capture may take before it counts as a failed read: picamera2
otherwise waits for ever, and a camera that stops sending frames (picamera2 #794,
#1004) would freeze the box, buttons and screen with it."""


def _cv2():
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    # a stalled webcam: V4L2's select() waits 10 s by default, a freeze at every read
    os.environ.setdefault("OPENCV_VIDEOIO_V4L_SELECT_TIMEOUT", str(int(CAPTURE_WAIT)))
    import cv2
    try:
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    except AttributeError:  # OpenCV 4 (a Pi whose apt numpy is 1.x): the older name
        cv2.setLogLevel(2)  # LOG_LEVEL_ERROR
    return cv2


def as_bgr(frame):
    """A grey or BGRA frame as BGR (a webcam may switch format mid-game): the reader and
    the settle detector take three channels of 8-bit pixels, and failed the throw on any
    other frame. A frame that is neither, not of 8-bit pixels, or empty raises: a failed
    read. (picamera2 is set to RGB888, three channels: its XBGR8888, RGBA in memory,
    would have red and blue swapped here.)"""
    if frame.dtype != "uint8":
        raise ValueError(f"a frame of {frame.dtype} pixels, not 8-bit")
    if not frame.size:
        raise ValueError(f"a frame with no pixels ({frame.shape})")
    if frame.ndim == 3 and frame.shape[2] == 3:
        return frame
    cv2 = _cv2()
    if frame.ndim == 2 or frame.shape[2] == 1:
        return cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)


class Camera:
    """Shared failure counting. Subclasses implement `_read()` and `_release()`."""

    name = "camera"

    def __init__(self, fail_after: int = 5):
        self.fail_after = fail_after
        self.failures = 0            # failed reads in a row
        self.failed_reads = 0        # in all, for the log
        self.failed = False
        self.error: str | None = None
        self.locked = False

    def _read(self):
        raise NotImplementedError

    def _release(self) -> None:
        pass

    def read(self):
        """One BGR frame, or None for a missed frame. Raises CameraFailed once failed."""
        if self.failed:
            raise CameraFailed(self.error or f"{self.name} failed")
        try:
            frame = self._read()
            err = None if frame is not None else "no frame"
            frame = as_bgr(frame) if frame is not None else None
        except CameraFailed:
            raise
        except Exception as e:       # the driver's own errors: counted, not fatal at once
            frame, err = None, f"{type(e).__name__}: {e}"
            self._log_failure(err)
        if frame is not None:
            self.failures = 0
            return frame
        self.failures += 1
        self.error = err
        if self.failures >= self.fail_after:
            self.failed = True
            self.error = f"{self.name}: {self.failures} failed reads in a row ({err})"
            try:
                self._release()
            except Exception:
                pass
            raise CameraFailed(self.error)
        return None

    #: every failed read is logged (a folder's failures are photos skipped); a camera's
    #: only the 1st, 10th, 100th, ...: one failing every other frame would write 15 lines
    #: a second to the journal, on an SD card, for as long as it kept working between
    log_every_failure = False

    def _log_failure(self, err: str) -> None:
        self.failed_reads += 1
        n = self.failed_reads
        if self.log_every_failure or str(n).rstrip("0") == "1":
            log.warning("%s: a read failed (%s)%s", self.name, err,
                        f"; {n} failed reads in all" if n > 1 else "")

    def lock(self) -> bool:
        """Fix exposure and white balance where the source can; True if done."""
        return False

    def close(self) -> None:
        try:
            self._release()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class PiCamera(Camera):
    """picamera2: RGB888 frames (B, G, R byte order: what OpenCV wants), 640x480.

    Exposure and white balance run automatically until `lock()` (or, with
    lock_after > 0, the first read that long after start), which fixes the values
    the camera has settled on, so the dice colours stay stable through the game.
    """

    name = "picamera2"

    def __init__(self, size=(640, 480), lock_after: float = 2.0, fail_after: int = 5,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__(fail_after)
        os.environ.setdefault("LIBCAMERA_LOG_LEVELS", "3")
        try:
            from picamera2 import Picamera2
        except ImportError as e:
            raise CameraUnavailable(f"picamera2 not installed ({e})") from None
        try:
            self.cam = Picamera2()
        except Exception as e:                 # RuntimeError: no camera number 0 found
            raise CameraUnavailable(f"no Pi camera ({type(e).__name__}: {e})") from None
        try:
            config = self.cam.create_preview_configuration(
                main={"format": "RGB888", "size": tuple(size)})
            self.cam.configure(config)
            self.cam.start()
        except Exception as e:
            self._release()
            raise CameraUnavailable(f"Pi camera did not start ({type(e).__name__}: {e})") \
                from None
        self._clock = clock
        self.lock_after = lock_after
        self._started = clock()
        self.controls: dict | None = None

    def _read(self):
        if not self.locked and self.lock_after and self._clock() - self._started >= self.lock_after:
            self.lock()
        return self.cam.capture_array("main", wait=CAPTURE_WAIT)

    def lock(self) -> bool:
        """Fix exposure and white balance at the values the camera settled on. Only the
        controls the camera advertises are sent (picamera2 refuses others), and with
        libcamera 0.5 the exposure is fixed by ExposureTimeMode/AnalogueGainMode = 1
        (manual), where AeEnable no longer does (picamera2 #1269). A lock that fails
        leaves the camera reading on automatic, logged once: it never fails the camera."""
        self.locked = True  # tried once: a failing lock is not retried at every read
        try:
            md = self.cam.capture_metadata(wait=CAPTURE_WAIT)
            offered = getattr(self.cam, "camera_controls", None) or {}
            wanted = {"AeEnable": False, "AwbEnable": False,
                      "ExposureTimeMode": 1, "AnalogueGainMode": 1}
            controls = {k: v for k, v in wanted.items() if k in offered or (
                not offered and k in ("AeEnable", "AwbEnable"))}
            for key in ("ExposureTime", "AnalogueGain", "ColourGains"):
                if key in md and (not offered or key in offered):
                    controls[key] = md[key]
            self.cam.set_controls(controls)
        except Exception as e:
            log.warning("the Pi camera's exposure and white balance stay automatic: %s", e)
            return False
        self.controls = controls
        return True

    def _release(self) -> None:
        cam = getattr(self, "cam", None)
        if cam is not None:
            self.cam = None
            try:
                cam.stop()
            finally:
                cam.close()


class CvCamera(Camera):
    """cv2.VideoCapture(index) through V4L2 (a USB webcam: /dev/videoN)."""

    name = "opencv"

    def __init__(self, index: int = 0, size=(640, 480), lock_after: float = 2.0,
                 fail_after: int = 5, clock: Callable[[], float] = time.monotonic):
        super().__init__(fail_after)
        cv2 = _cv2()
        self._cv2 = cv2
        self.cap = cv2.VideoCapture(index, cv2.CAP_V4L2)
        if not self.cap.isOpened():
            self.cap.release()
            self.cap = None
            raise CameraUnavailable(f"no V4L2 camera at /dev/video{index}")
        self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self.name = f"opencv /dev/video{index}"
        self._clock = clock
        self.lock_after = lock_after
        self._started = clock()

    def _read(self):
        if not self.locked and self.lock_after and self._clock() - self._started >= self.lock_after:
            self.lock()
        ok, frame = self.cap.read()
        return frame if ok else None

    def lock(self) -> bool:
        """V4L2 manual exposure (1 = V4L2_EXPOSURE_MANUAL) at the current value, AWB off."""
        cv2 = self._cv2
        exposure = self.cap.get(cv2.CAP_PROP_EXPOSURE)
        ok1 = self.cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1)
        if exposure > 0:
            self.cap.set(cv2.CAP_PROP_EXPOSURE, exposure)
        ok2 = self.cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        self.locked = True
        return bool(ok1 and ok2)

    def _release(self) -> None:
        if getattr(self, "cap", None) is not None:
            self.cap.release()
            self.cap = None


class FolderCamera(Camera):
    """Images from a folder in name order, one per read; loops, or ends (`ended`, None)."""

    name = "folder"
    log_every_failure = True

    def __init__(self, directory: str | os.PathLike, loop: bool = True, fail_after: int = 5):
        super().__init__(fail_after)
        self.dir = Path(directory)
        if not self.dir.is_dir():
            raise CameraUnavailable(f"no folder {self.dir}")
        self.paths = sorted(p for p in self.dir.iterdir()
                            if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.paths:
            raise CameraUnavailable(f"no images in {self.dir}")
        self.loop = loop
        self.index = 0
        self.ended = False
        self.current: Path | None = None
        self.name = f"folder {self.dir}"

    def read(self):
        if self.ended:
            return None
        return super().read()

    def _read(self):
        if self.index >= len(self.paths):
            if not self.loop:
                self.ended = True
                return None
            self.index = 0
        path = self.paths[self.index]
        self.index += 1
        self.current = path
        from vision.image_file import UnreadableImage, load

        try:  # not cv2.imread: a name that is not UTF-8 crashed it, and the box with it
            return load(path)
        except UnreadableImage as exc:
            raise ValueError(f"{path.name}: {exc}") from None


class VirtualRoller:
    """Dice thrown by a seeded random source (simulation and demos; no frames)."""

    name = "virtual"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def throw(self, count: int, faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)) -> tuple[int, ...]:
        return tuple(self.rng.choice(faces) for _ in range(count))

    def throw_faces(self, dice: tuple[tuple, ...]) -> tuple:
        """Coloured dice: one of its own (value, colour) faces for each die."""
        return tuple(self.rng.choice(faces) for faces in dice)


# --------------------------------------------------------------------------- from config

def probe_cameras(cfg, *, clock: Callable[[], float] = time.monotonic):
    """Try the sources the config allows, in order. Returns (camera or None, notes)."""
    notes: list[str] = []
    src = cfg.source
    order = {"auto": ["picamera2", "opencv", "folder"], "picamera2": ["picamera2"],
             "opencv": ["opencv"], "folder": ["folder"]}.get(src, [])
    if src == "virtual":
        notes.append("camera: virtual roller (camera.source = \"virtual\")")
    elif src == "none":
        notes.append("camera: none configured; dice are entered with the buttons")
    size = (cfg.width, cfg.height)
    for kind in order:
        try:
            if kind == "picamera2":
                return PiCamera(size, cfg.lock_after, cfg.fail_after, clock), notes
            if kind == "opencv":
                return CvCamera(cfg.index, size, cfg.lock_after, cfg.fail_after, clock), notes
            if kind == "folder":
                if not cfg.folder:
                    if src == "folder":
                        notes.append("folder: camera.folder is empty")
                    continue
                return FolderCamera(cfg.folder, cfg.loop, cfg.fail_after), notes
        except CameraUnavailable as e:
            notes.append(f"{kind}: {e}")
        except Exception as e:            # a driver that fails in an unexpected way
            notes.append(f"{kind}: {type(e).__name__}: {e}")
    return None, notes


def open_camera(cfg, *, say: Callable[[str], None] | None = None,
                clock: Callable[[], float] = time.monotonic):
    """The first camera that works (see probe_cameras), or None: use the virtual roller
    (simulation) or button entry. Says once which sources were missing."""
    say = say or (lambda m: print(m, file=sys.stderr))
    cam, notes = probe_cameras(cfg, clock=clock)
    if cam is None and cfg.source not in ("virtual", "none"):
        say("camera: none found (" + "; ".join(notes) + "); dice are entered by hand "
            "or rolled virtually")
    elif cam is not None and notes and cfg.source == "auto":
        say(f"camera: using {cam.name}")
    return cam
