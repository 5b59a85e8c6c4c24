"""Cameras: picamera2 on a Pi, else OpenCV (V4L2 / USB), else a folder of images.

A camera has `read() -> BGR uint8 ndarray | None`, `name`, `failed`, `lock()` and
`close()`. `open_camera(cfg)` returns the first source that works, or None: no camera,
so the session uses the virtual roller (simulation) or button entry.

Failure in the middle of a game: a read that raises or returns nothing counts; after
`fail_after` in a row the camera is marked `failed`, releases the device, and read()
raises `CameraFailed` from then on. The session then switches to button entry and says
so on the screen; the game itself is in the store and loses nothing.

On the box a live camera is read through `LiveCamera`: on a thread of its own (a hung
read holds up no button), keeping only the newest frame, and looking again for a camera
missing at start or failed, every `retry_every` seconds and at each Roll press.

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


class CameraBusy(CameraUnavailable):
    """The camera is there, but another program holds it: no cable or reboot fixes that,
    stopping the other program does (the message says how to find it)."""


IN_USE = "in use by another program"
"""The words every busy camera's message holds (`in_use` finds them among notes)."""


def in_use(notes: list[str]) -> bool:
    """Whether a camera the notes tell of was there but busy, not missing."""
    return any(IN_USE in note for note in notes)


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
            frame, err = None, _described(e, "the read")
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

    def unlock(self) -> None:
        """Exposure and white balance automatic again, to be fixed afresh `lock_after`
        seconds from now (the light changed: a new game, the lamp switched on)."""
        self.locked = False

    def close(self) -> None:
        try:
            self._release()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


AF_MANUAL = 0
"""libcamera's AfModeEnum.Manual: the lens stays at LensPosition."""

FOCUS_WAIT = 5.0
"""Seconds an autofocus cycle may take before the lens is left where it is."""


def full_view_mode(modes: list[dict], size: tuple[int, int]) -> dict | None:
    """The sensor mode to ask for: of the modes that see the sensor's whole area (the
    widest `crop_limits`), the smallest at least `size`, else the largest of them. The
    mode libcamera picks for a 640x480 stream is the smallest, and on a Camera Module 3
    that is 1536x864 cropped from the middle: the tray's edges fall outside the view."""
    def area(mode):
        crop = mode.get("crop_limits") or (0, 0, *mode["size"])
        return crop[2] * crop[3]

    if not modes:
        return None
    widest = max(area(m) for m in modes)
    full = [m for m in modes if area(m) == widest]
    big_enough = [m for m in full if m["size"][0] >= size[0] and m["size"][1] >= size[1]]
    def pixels(mode):
        return mode["size"][0] * mode["size"][1]

    return min(big_enough, key=pixels) if big_enough else max(full, key=pixels)


class PiCamera(Camera):
    """picamera2: RGB888 frames (B, G, R byte order: what OpenCV wants), 640x480.

    The sensor mode is one that reads the whole sensor (`full_view_mode`; a 4:3 frame of a
    16:9 sensor still holds only the middle 3/4 of its width), and a capture
    waits for the next frame (queue=False): no frame held from before the throw. A
    camera with autofocus (Camera Module 3) is focused once at start by an autofocus
    cycle, or set to `lens_position` (dioptres: 1 / distance in metres; the tray at 25-40
    cm is 2.5-4), since it otherwise stays at its tuning default of about 1 m.
    Exposure and white balance run automatically until `lock()` (or, with lock_after
    > 0, the first read that long after start), which fixes them and the lens at the
    values the camera has settled on, so the dice colours stay stable through the game;
    `unlock()` starts that again (a new game, the light changed).
    """

    name = "picamera2"

    def __init__(self, size=(640, 480), lock_after: float = 2.0, fail_after: int = 5,
                 clock: Callable[[], float] = time.monotonic, lens_position: float | None = None):
        super().__init__(fail_after)
        os.environ.setdefault("LIBCAMERA_LOG_LEVELS", "3")
        try:
            from picamera2 import Picamera2
        except ImportError as e:
            raise CameraUnavailable(f"picamera2 not installed ({e})") from None
        if not hasattr(Picamera2, "cancel_all_and_flush"):
            raise CameraUnavailable(
                "picamera2 is older than 0.3.20, which a camera that stops sending frames "
                "needs (wait= and cancel_all_and_flush): sudo apt upgrade python3-picamera2")
        try:
            self.cam = Picamera2()
        except Exception as e:                 # RuntimeError: no camera number 0 found
            raise _why_not_opened(e) from None
        try:
            mode = full_view_mode(self.cam.sensor_modes, tuple(size))
            sensor = {"output_size": mode["size"], "bit_depth": mode["bit_depth"]} if mode else {}
            config = self.cam.create_preview_configuration(
                main={"format": "RGB888", "size": tuple(size)}, queue=False, sensor=sensor)
            self.cam.configure(config)
            self.cam.start()
        except Exception as e:
            self._release()
            raise CameraUnavailable(f"Pi camera did not start ({_described(e, 'starting')})") \
                from None
        self._clock = clock
        self.lock_after = lock_after
        self._started = clock()
        self.controls: dict | None = None
        self.lens_position = lens_position
        self.focused: bool | None = None  # None: a fixed-focus camera, or not tried
        self.focus()

    @property
    def _offered(self) -> dict:
        return getattr(self.cam, "camera_controls", None) or {}

    def focus(self) -> None:
        """Focus once: at `lens_position`, else by one autofocus cycle (which leaves the
        lens there: AfMode Auto moves it only when triggered). A camera without
        autofocus is left alone; a failure is logged, never fatal."""
        if "AfMode" not in self._offered:
            return
        try:
            if self.lens_position is not None:
                self.cam.set_controls({"AfMode": AF_MANUAL, "LensPosition": self.lens_position})
                self.focused = True
            else:
                self.focused = bool(self.cam.autofocus_cycle(wait=FOCUS_WAIT))
        except Exception as e:
            self.focused = False
            self._abandon_jobs()  # a timed-out cycle's job would hold up every later one
            log.warning("the Pi camera could not focus: %s", _described(e, "the autofocus cycle",
                                                                        FOCUS_WAIT))
            return
        if not self.focused:
            log.warning("the Pi camera's autofocus found nothing sharp: set "
                        "camera.lens_position (dioptres, about 3 for 33 cm)")

    def _read(self):
        if not self.locked and self.lock_after and self._clock() - self._started >= self.lock_after:
            self.lock()
        try:
            return self.cam.capture_array("main", wait=CAPTURE_WAIT)
        except TimeoutError:
            self._abandon_jobs()
            raise TimeoutError(f"no frame within {CAPTURE_WAIT:g} s") from None

    def _abandon_jobs(self) -> None:
        """Drop the jobs a timeout left queued: picamera2 runs its jobs in order, so a
        capture, an autofocus cycle or `stop()` would otherwise wait behind one that no
        frame will ever finish (picamera2 0.3.20's cancel_all_and_flush)."""
        try:
            self.cam.cancel_all_and_flush()
        except Exception as e:
            log.warning("the Pi camera's abandoned jobs could not be dropped: %s", e)

    def lock(self) -> bool:
        """Fix exposure, white balance and the lens at the values the camera settled on.
        Only the controls the camera advertises are sent (picamera2 refuses others), and
        with libcamera 0.5 the exposure is fixed by ExposureTimeMode/AnalogueGainMode = 1
        (manual), where AeEnable no longer does (picamera2 #1269). A lock that fails
        leaves the camera reading on automatic, logged once: it never fails the camera."""
        self.locked = True  # tried once: a failing lock is not retried at every read
        try:
            md = self.cam.capture_metadata(wait=CAPTURE_WAIT)
            offered = self._offered
            wanted = {"AeEnable": False, "AwbEnable": False,
                      "ExposureTimeMode": 1, "AnalogueGainMode": 1, "AfMode": AF_MANUAL}
            controls = {k: v for k, v in wanted.items() if k in offered or (
                not offered and k in ("AeEnable", "AwbEnable"))}
            for key in ("ExposureTime", "AnalogueGain", "ColourGains", "LensPosition"):
                if key in md and (not offered or key in offered):
                    controls[key] = md[key]
            if "AfMode" in controls and self.lens_position is not None:
                controls["LensPosition"] = self.lens_position
            self.cam.set_controls(controls)
        except Exception as e:
            if isinstance(e, TimeoutError):
                self._abandon_jobs()
            log.warning("the Pi camera's exposure and white balance stay automatic: %s",
                        _described(e, "reading the exposure", CAPTURE_WAIT))
            return False
        self.controls = controls
        return True

    def unlock(self) -> None:
        offered = self._offered
        auto = {"AeEnable": True, "AwbEnable": True, "ExposureTimeMode": 0,
                "AnalogueGainMode": 0}
        controls = {k: v for k, v in auto.items() if k in offered or (
            not offered and k in ("AeEnable", "AwbEnable"))}
        try:
            self.cam.set_controls(controls)
        except Exception as e:
            log.warning("the Pi camera's exposure stays as it was: %s", e)
            return
        self.locked = False
        self._started = self._clock()

    def _release(self) -> None:
        cam = getattr(self, "cam", None)
        if cam is not None:
            try:
                cam.cancel_all_and_flush()  # stop() is a job too: not behind abandoned ones
                cam.stop()
            finally:
                self.cam = None
                cam.close()


def _why_not_opened(error: BaseException) -> CameraUnavailable:
    """Why picamera2 could not open the camera, keeping its cause: libcamera's "Device or
    resource busy" (under picamera2's "Camera __init__ sequence did not complete") means
    another program has the camera, which no cable or reboot fixes."""
    causes, seen = [], error
    while seen is not None and len(causes) < 4:
        causes.append(f"{type(seen).__name__}: {seen}")
        seen = seen.__cause__ or seen.__context__
    said = "; ".join(causes)
    if "busy" in said.lower():
        return CameraBusy(f"the Pi camera is {IN_USE} ({said}): stop the other program "
                          "(rpicam-hello, libcamera-still, another companion), then press Roll")
    return CameraUnavailable(f"no Pi camera ({said})")


def _described(error: BaseException, what: str, seconds: float | None = None) -> str:
    """An error for the log: a TimeoutError (which picamera2 raises with no message,
    "TimeoutError: ") says what timed out, and after how long where that is known."""
    if isinstance(error, TimeoutError) and not str(error):
        within = f" within {seconds:g} s" if seconds is not None else ""
        return f"TimeoutError: {what} did not finish{within}"
    return f"{type(error).__name__}: {error}"


V4L2_DEV = Path("/dev")
"""Where the /dev/videoN nodes are."""

VIDIOC_REQBUFS = 0xC0145608
"""_IOWR('V', 8, struct v4l2_requestbuffers): its 20 bytes are count, type, memory,
capabilities (u32 each), flags and 3 reserved bytes."""


def why_no_webcam(node: Path) -> CameraUnavailable:
    """Why OpenCV could neither open nor read the webcam at `node`. OpenCV says "can't
    open camera by index" alike for a node missing, one not ours to open and one another
    program holds; the kernel, asked directly, tells them apart. Opening a V4L2 node
    succeeds however many have it open, but one whose buffers another process holds (it
    streams from it) answers VIDIOC_REQBUFS with EBUSY: uvcvideo and every videobuf2
    driver do. A request for 0 buffers allocates nothing, and the node is closed at once.
    Ask only after OpenCV let go of the node: while OpenCV holds its buffers, the node
    answers EBUSY to any other asker, this one too."""
    import errno
    import fcntl
    import struct

    busy = CameraBusy(f"the webcam at {node} is {IN_USE} (Device or resource busy): stop "
                      f"the other program (sudo fuser -v {node} names it), then press Roll")
    if not node.exists():
        return CameraUnavailable(f"no V4L2 camera at {node}")
    try:
        fd = os.open(node, os.O_RDWR | os.O_NONBLOCK)
    except OSError as e:
        if e.errno == errno.EBUSY:  # drivers that allow one open at a time
            return busy
        if e.errno == errno.EACCES:
            return CameraUnavailable(f"{node}: permission denied (the video group: "
                                     "sudo usermod -aG video $USER, then log in again)")
        return CameraUnavailable(f"{node} could not be opened ({e.strerror})")
    try:  # count 0, V4L2_BUF_TYPE_VIDEO_CAPTURE, V4L2_MEMORY_MMAP
        fcntl.ioctl(fd, VIDIOC_REQBUFS, struct.pack("=4I4x", 0, 1, 1, 0))
    except OSError as e:
        if e.errno == errno.EBUSY:
            return busy
    finally:
        os.close(fd)
    return CameraUnavailable(f"{node} is there but OpenCV could not open it as a camera")


class CvCamera(Camera):
    """cv2.VideoCapture(index) through V4L2 (a USB webcam: /dev/videoN)."""

    name = "opencv"

    def __init__(self, index: int = 0, size=(640, 480), lock_after: float = 2.0,
                 fail_after: int = 5, clock: Callable[[], float] = time.monotonic):
        super().__init__(fail_after)
        cv2 = _cv2()
        self._cv2 = cv2
        self.node = V4L2_DEV / f"video{index}"
        self.frames = 0  # read in all: a webcam failing before its first may be busy
        self.cap = cv2.VideoCapture(index, cv2.CAP_V4L2)
        if not self.cap.isOpened():
            self.cap.release()
            self.cap = None
            raise why_no_webcam(self.node)
        self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
        self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self.cap.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # V4L2 queues 4: frames from before the throw
        self.name = f"opencv /dev/video{index}"
        self._clock = clock
        self.lock_after = lock_after
        self._started = clock()

    def read(self):
        """As Camera.read; a webcam that failed before its first frame, released, says
        so if another program holds it (its stream could not start)."""
        try:
            frame = super().read()
        except CameraFailed as failed:
            if self.frames or self.cap is not None or IN_USE in str(failed):
                raise
            why = why_no_webcam(self.node)
            if not isinstance(why, CameraBusy):
                raise
            self.error = f"{self.name}: {why}"
            raise CameraFailed(self.error) from None
        if frame is not None:
            self.frames += 1
        return frame

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

    def unlock(self) -> None:
        """V4L2 automatic exposure (3 = V4L2_EXPOSURE_APERTURE_PRIORITY) and AWB again."""
        self.cap.set(self._cv2.CAP_PROP_AUTO_EXPOSURE, 3)
        self.cap.set(self._cv2.CAP_PROP_AUTO_WB, 1)
        self.locked = False
        self._started = self._clock()

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

V4L2_SYSFS = Path("/sys/class/video4linux")


def webcam_indices(index: int, sysfs: Path = V4L2_SYSFS) -> tuple[list[int], list[str]]:
    """The /dev/videoN to try for a webcam, in order, and what was skipped. On a Pi 4 or
    5 /dev/video0 can be the camera connector's raw node (driver unicam or rp1-cfe),
    which opens but gives no picture OpenCV can read: capture nodes whose driver is
    uvcvideo (a USB webcam) come first, and the configured index is kept only if its
    driver is uvcvideo or unknown (no sysfs: not Linux, or a test)."""
    def driver(n: int) -> str | None:
        try:
            return os.path.basename(os.readlink(sysfs / f"video{n}" / "device" / "driver"))
        except OSError:
            return None

    def capture_node(n: int) -> bool:  # a UVC camera's second node (index 1) is metadata
        try:
            return (sysfs / f"video{n}" / "index").read_text().strip() == "0"
        except OSError:
            return True

    nodes = sorted(int(p.name[5:]) for p in sysfs.glob("video*") if p.name[5:].isdigit()) \
        if sysfs.is_dir() else []
    uvc = [n for n in nodes if driver(n) == "uvcvideo" and capture_node(n)]
    notes = []
    own = driver(index)
    if own in (None, "uvcvideo"):
        order = [index]
    else:
        order = []
        notes.append(f"opencv: /dev/video{index} is driven by {own}, not a USB webcam")
    return order + [n for n in uvc if n != index], notes


LIVE_SOURCES = {"auto": ["picamera2", "opencv"], "picamera2": ["picamera2"],
                "opencv": ["opencv"]}
"""The live cameras each camera.source may find (a folder is no camera to wait for)."""


def probe_cameras(cfg, *, clock: Callable[[], float] = time.monotonic, live_only: bool = False,
                  sysfs: Path = V4L2_SYSFS):
    """Try the sources the config allows, in order. Returns (camera or None, notes)."""
    notes: list[str] = []
    src = cfg.source
    order = {"auto": ["picamera2", "opencv", "folder"], "folder": ["folder"]}.get(
        src, LIVE_SOURCES.get(src, []))
    if live_only:
        order = LIVE_SOURCES.get(src, [])
    if src == "virtual":
        notes.append("camera: virtual roller (camera.source = \"virtual\")")
    elif src == "none":
        notes.append("camera: none configured; dice are entered with the buttons")
    size = (cfg.width, cfg.height)
    for kind in order:
        try:
            if kind == "picamera2":
                return PiCamera(size, cfg.lock_after, cfg.fail_after, clock,
                                cfg.lens_position), notes
            if kind == "opencv":
                indices, skipped = webcam_indices(cfg.index, sysfs)
                notes += skipped
                for index in indices:
                    try:
                        return CvCamera(index, size, cfg.lock_after, cfg.fail_after,
                                        clock), notes
                    except CameraUnavailable as e:
                        notes.append(f"opencv: {e}")
                continue
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


def find_live_camera(cfg, *, clock: Callable[[], float] = time.monotonic) -> Camera:
    """The first live camera the config allows (LiveCamera's look), or CameraUnavailable
    saying what was tried."""
    camera, notes = probe_cameras(cfg, clock=clock, live_only=True)
    if camera is None:
        raise (CameraBusy if in_use(notes) else CameraUnavailable)(
            "; ".join(notes) or "no live camera configured")
    return camera


def open_camera(cfg, *, say: Callable[[str], None] | None = None,
                clock: Callable[[], float] = time.monotonic):
    """The first camera that works (see probe_cameras), or None: use the virtual roller
    (simulation) or button entry. Says once which sources were missing."""
    say = say or (lambda m: print(m, file=sys.stderr))
    cam, notes = probe_cameras(cfg, clock=clock)
    if cam is None and cfg.source not in ("virtual", "none"):
        found = f"found but {IN_USE}" if in_use(notes) else "none found"
        say(f"camera: {found} (" + "; ".join(notes) + "); dice are entered by hand "
            "or rolled virtually")
    elif cam is not None and notes and cfg.source == "auto":
        say(f"camera: using {cam.name}")
    return cam


# --------------------------------------------------------------------------- on its own thread

RETRY_EVERY = 30.0
"""Seconds between looks for a camera that is missing or failed (and at each Roll)."""
STALL_AFTER = 5.0
"""Seconds without a new frame from an open camera before a read says it failed."""
IDLE_PERIOD = 0.5
"""Seconds between frames while nobody reads (between throws): fresh, but cheap."""
MISSED_WAIT = 0.02
"""Seconds the thread waits after a missed frame before it reads again."""
BUSY_FOR = 1.0
"""A read within this many seconds means a throw is being read (no relock then)."""
LIGHT_CHANGE = 0.35
"""A change of the frame's mean brightness, as a fraction of it at the lock, that..."""
LIGHT_CHANGE_FOR = 10.0
"""...lasts this many seconds between throws, makes the camera fix its exposure afresh."""


class CameraMissing(CameraFailed):
    """No camera was found at this Roll; the next Roll (and the retry timer) looks again."""


class CameraInUse(CameraMissing):
    """The camera was there at this Roll, but another program held it; looked for again
    as a missing one is."""


class LiveCamera:
    """A live camera on a thread of its own, so that nothing it does holds up a button.

    The thread opens the camera (`open_camera()` returns one or raises), reads it and
    keeps only the newest frame; `read()` returns that frame once, or None at once when
    there is no new one: it never waits. A camera whose read hangs stops the frames,
    not the box: after `stall_after` seconds without one, read() raises CameraFailed.
    A camera missing at start, or failed (`fail_after` bad reads, then released), is
    looked for again every `retry_every` seconds and at once when read() is called
    (a Roll press): that read waits (returning None) for the look's result, and raises
    CameraMissing if there is still none. What the players should see is queued for
    `news()`: "Camera back", "Camera lost". `relock()` fixes exposure and white balance
    afresh (a new game); the thread does so itself when the light changes for good
    between throws. A camera another program holds raises CameraInUse instead of
    CameraMissing. Every call on the camera is made from the thread.
    """

    def __init__(self, open_camera: Callable[[], Camera], camera: Camera | None = None, *,
                 retry_every: float = RETRY_EVERY, stall_after: float = STALL_AFTER,
                 idle_period: float = IDLE_PERIOD, say: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        import queue
        import threading

        self._open = open_camera
        self.camera = camera
        self.retry_every = retry_every
        self.stall_after = stall_after
        self.idle_period = idle_period
        self._say = say or log.warning
        self._clock = clock
        self._cond = threading.Condition()
        self._news: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._frame = None
        self._frame_no = 0      # frames captured
        self._given = 0         # the frame number read() gave last
        self._frame_at = clock()
        self._looks = 0         # looks for a camera finished
        self._asked: int | None = None  # _looks when read() asked for a look
        self._look_now = False
        self._relock = False
        self._last_read = float("-inf")
        self._lock_level: float | None = None
        self._changed_since: float | None = None
        self._next_look = clock() + retry_every
        self._stop = False
        self.error = "" if camera is not None else "no camera found"
        self._busy = False  # the last look found the camera held by another program
        self.name = camera.name if camera is not None else "camera (none yet)"
        self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
        self._thread.start()

    # -- the game's side (the main thread) ------------------------------------------------

    @property
    def available(self) -> bool:
        return self.camera is not None

    def read(self):
        """The newest frame not given yet, or None; never waits."""
        with self._cond:
            now = self._clock()
            self._last_read = now
            if self.camera is None:
                if self._asked is None:
                    self._asked = self._looks
                    self._look_now = True
                    self._cond.notify_all()
                    return None
                if self._looks == self._asked:
                    return None  # still looking
                self._asked = None
                raise (CameraInUse if self._busy else CameraMissing)(self.error)
            self._asked = None
            if self._frame_no == self._given:
                if now - self._frame_at >= self.stall_after:
                    raise CameraFailed(f"{self.name}: no frame for {now - self._frame_at:.0f} s")
                return None
            self._given = self._frame_no
            return self._frame

    def relock(self) -> None:
        """Fix exposure and white balance afresh (a new game: the light may have changed)."""
        with self._cond:
            self._relock = True
            self._cond.notify_all()

    def news(self) -> list[str]:
        """What happened to the camera since the last call, for the screen."""
        out = []
        while not self._news.empty():
            out.append(self._news.get())
        return out

    def close(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._thread.join(timeout=CAPTURE_WAIT + 1)  # a Pi camera's capture gives up by then
        if not self._thread.is_alive() and self.camera is not None:
            self.camera.close()  # a thread still stuck in a read keeps it: a daemon

    # -- the thread's side ----------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stop:
                    return
                camera = self.camera
                if camera is None:
                    wait = self._next_look - self._clock()
                    if not self._look_now and wait > 0:
                        self._cond.wait(wait)
                        continue
                    self._look_now = False
                elif self._last_read < self._clock() - BUSY_FOR:
                    self._cond.wait(self.idle_period)  # nobody reading: a frame now and then
                    if self._stop:
                        return
            if camera is None:
                self._look()
            else:
                self._capture(camera)

    def _look(self) -> None:
        busy = False
        try:
            camera = self._open()
            error = ""
        except CameraUnavailable as e:
            camera, error, busy = None, str(e), isinstance(e, CameraBusy)
        except Exception as e:  # a driver failing its own way
            camera, error = None, _described(e, "opening the camera")
        with self._cond:
            self._looks += 1
            self._next_look = self._clock() + self.retry_every
            self._busy = busy
            if camera is None:
                self.error = error or "no camera found"
                return
            self.camera, self.name = camera, camera.name
            self._frame_at = self._clock()
        self._say(f"camera: {camera.name} found; the dice are read again")
        self._news.put("Camera back")

    def _capture(self, camera: Camera) -> None:
        if self._relock:
            self._relock = False
            self._changed_since = self._lock_level = None
            camera.unlock()
        try:
            frame = camera.read()
        except CameraFailed as e:
            camera.close()
            with self._cond:
                self.camera, self.error = None, str(e)
                self._next_look = self._clock() + self.retry_every
            self._say(f"camera: {e}; the dice are entered by hand, and the camera looked "
                      f"for every {self.retry_every:g} s")
            self._news.put("Camera lost")
            return
        if frame is None:  # a missed frame: a driver may miss them fast, do not spin
            with self._cond:
                self._cond.wait(MISSED_WAIT)
            return
        self._watch_the_light(camera, frame)
        with self._cond:
            self._frame = frame
            self._frame_no += 1
            self._frame_at = self._clock()

    def _watch_the_light(self, camera: Camera, frame) -> None:
        """Relock when the brightness the exposure was fixed for has gone for good: a
        change lasting LIGHT_CHANGE_FOR seconds while no throw is read (a hand or the
        dice change it for moments)."""
        if not camera.locked:
            self._lock_level = self._changed_since = None
            return
        level = float(frame[::16, ::16].mean())
        if self._lock_level is None:
            self._lock_level = level
            return
        now = self._clock()
        if abs(level - self._lock_level) < LIGHT_CHANGE * max(self._lock_level, 8.0) \
                or now - self._last_read < BUSY_FOR:
            self._changed_since = None
        elif self._changed_since is None:
            self._changed_since = now
        elif now - self._changed_since >= LIGHT_CHANGE_FOR:
            log.info("the light changed: the camera's exposure is fixed afresh")
            self._relock = True
