"""hardware.camera: a fake picamera2 module, a real folder camera, OpenCV without /dev/video."""

from __future__ import annotations

import os
import sys
import time
import types
from pathlib import Path

import numpy as np
import pytest

from companion.config import defaults, replace
from hardware.camera import (
    Camera,
    CameraFailed,
    CameraUnavailable,
    CvCamera,
    FolderCamera,
    PiCamera,
    VirtualRoller,
    open_camera,
    probe_cameras,
)

REPO = Path(__file__).resolve().parents[2]


def cam_cfg(**kw):
    return replace(defaults(), camera=kw).camera


class FakePicamera2:
    """Enough of picamera2.Picamera2 to drive our adapter (PLATFORM-NOTES 4)."""

    instances: list[FakePicamera2] = []
    fail_from: int | None = None      # capture number from which capture_array raises
    no_camera = False
    busy = False

    def __init__(self):
        if FakePicamera2.no_camera:
            raise RuntimeError("No camera number 0 found")
        if FakePicamera2.busy:  # as picamera2 0.3 raises it: acquire()'s error only as
            try:               # the context of its own (no `from`)
                raise RuntimeError("Failed to acquire camera: Device or resource busy")
            except Exception:
                raise RuntimeError("Camera __init__ sequence did not complete.")  # noqa: B904
        self.calls: list[tuple] = []
        self.jobs = 0  # jobs left queued by a timeout: picamera2 runs jobs in order
        self.captures = 0
        self.started = self.closed = False
        FakePicamera2.instances.append(self)

    #: an IMX708's (Camera Module 3) modes as picamera2 lists them, in part: the
    #: smallest, 1536x864, is cropped from the middle of the sensor
    sensor_modes = [
        {"size": (1536, 864), "bit_depth": 10, "crop_limits": (768, 432, 3072, 1728)},
        {"size": (2304, 1296), "bit_depth": 10, "crop_limits": (0, 0, 4608, 2592)},
        {"size": (4608, 2592), "bit_depth": 10, "crop_limits": (0, 0, 4608, 2592)},
    ]

    def create_preview_configuration(self, main, queue=True, sensor=None):
        return {"main": dict(main), "queue": queue, "sensor": dict(sensor or {})}

    focus_result = True

    def autofocus_cycle(self, wait=None):
        self._waited(wait)
        self.calls.append(("autofocus_cycle",))
        return self.focus_result

    def configure(self, config):
        self.calls.append(("configure", config))

    def start(self):
        self.started = True

    def stop(self):
        if self.jobs:  # stop() is a job itself, queued behind them
            raise AssertionError("picamera2's stop() would wait for ever behind "
                                 f"{self.jobs} abandoned jobs")
        self.started = False

    def cancel_all_and_flush(self):
        self.calls.append(("cancel_all_and_flush",))
        self.jobs = 0

    def close(self):
        self.closed = True

    camera_controls = IMX219 = {name: (0, 1, 0) for name in (  # what an imx219 advertises, in part
        "AeEnable", "AwbEnable", "ExposureTime", "AnalogueGain", "ColourGains")}
    refuse = ""  # a control set_controls refuses, as picamera2 does one not advertised

    def _waited(self, wait):
        """Like picamera2: with no wait it blocks until a frame comes, for ever if none
        does (stalled here: raised, not hung); with a number it times out, leaving its
        job queued, and raises a TimeoutError with no message."""
        if FakePicamera2.stalled:
            if wait is None:
                raise AssertionError("picamera2 would wait for ever here")
            self.jobs += 1
            raise TimeoutError()
        if self.jobs:
            raise AssertionError(f"this job would wait behind {self.jobs} abandoned ones")

    stalled = False

    def capture_array(self, name="main", wait=None):
        self._waited(wait)
        self.captures += 1
        if self.fail_from is not None and self.captures >= self.fail_from:
            raise RuntimeError("Camera frontend has timed out!")
        w, h = self.calls[0][1]["main"]["size"]
        return np.full((h, w, 3), self.captures % 256, np.uint8)

    def capture_metadata(self, wait=None):
        self._waited(wait)
        return {"ExposureTime": 12000, "AnalogueGain": 2.5, "ColourGains": (1.8, 1.4),
                "Lux": 300.0, "LensPosition": 3.2}

    def set_controls(self, controls):
        if self.refuse in controls:
            raise RuntimeError(f"Control {self.refuse} is not advertied by libcamera")
        self.calls.append(("set_controls", controls))


@pytest.fixture
def fake_picamera2(monkeypatch):
    mod = types.ModuleType("picamera2")
    mod.Picamera2 = FakePicamera2
    FakePicamera2.instances = []
    FakePicamera2.fail_from = None
    FakePicamera2.stalled = False
    FakePicamera2.refuse = ""
    FakePicamera2.camera_controls = dict(FakePicamera2.IMX219)  # whatever a test set before
    FakePicamera2.no_camera = False
    FakePicamera2.busy = False
    FakePicamera2.focus_result = True
    monkeypatch.setitem(sys.modules, "picamera2", mod)
    return FakePicamera2


@pytest.fixture
def no_picamera2(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)   # import raises ImportError


def test_picamera2_configured_rgb888_and_reads_bgr(fake_picamera2):
    cam = open_camera(cam_cfg(), say=pytest.fail)
    assert isinstance(cam, PiCamera) and cam.name == "picamera2"
    fake = fake_picamera2.instances[0]
    assert fake.calls[0] == ("configure", {
        "main": {"format": "RGB888", "size": (640, 480)},
        "queue": False,                                   # no frame held from before
        "sensor": {"output_size": (2304, 1296), "bit_depth": 10}})   # the whole sensor
    assert fake.started
    frame = cam.read()
    assert frame.shape == (480, 640, 3) and frame.dtype == np.uint8
    cam.close()
    assert fake.closed and not fake.started


def test_picamera2_locks_exposure_and_white_balance_after_settling(fake_picamera2):
    now = [0.0]
    cam = PiCamera((320, 240), lock_after=2.0, clock=lambda: now[0])
    fake = fake_picamera2.instances[0]
    cam.read()
    assert not cam.locked and all(c[0] != "set_controls" for c in fake.calls)
    now[0] = 2.0
    cam.read()
    assert cam.locked
    assert fake.calls[-1] == ("set_controls", {
        "AeEnable": False, "AwbEnable": False, "ExposureTime": 12000,
        "AnalogueGain": 2.5, "ColourGains": (1.8, 1.4)})
    now[0] = 10
    cam.read()
    assert sum(c[0] == "set_controls" for c in fake.calls) == 1     # once


def test_a_stalled_pi_camera_fails_its_reads_instead_of_freezing_the_box(fake_picamera2):
    """picamera2 waits for ever for a frame unless told how long (picamera2 #794, #1004):
    the box froze, buttons and screen with it."""
    now = [0.0]
    cam = PiCamera(lock_after=0.5, fail_after=3, clock=lambda: now[0])
    now[0] = 1.0  # the lock is due: its metadata must not wait for ever either
    fake_picamera2.stalled = True
    assert cam.read() is None and cam.read() is None
    with pytest.raises(CameraFailed, match="TimeoutError"):
        cam.read()


def test_a_camera_that_stops_sending_frames_is_released_and_reopened(fake_picamera2, caplog):
    """Timed-out captures leave their jobs queued in picamera2; stop() queued behind them
    and waited for ever: the camera thread hung and no "Camera lost" came. Each log line
    says what timed out."""
    cam = PiCamera(lock_after=0, fail_after=3)
    fake = fake_picamera2.instances[0]
    fake_picamera2.stalled = True
    assert cam.read() is None and cam.read() is None
    with pytest.raises(CameraFailed, match=r"TimeoutError: no frame within 2 s"):
        cam.read()
    assert fake.closed and not fake.started
    assert "a read failed (TimeoutError: no frame within 2 s)" in caplog.text
    fake_picamera2.stalled = False
    again = PiCamera(lock_after=0)
    assert again.read() is not None


def test_a_read_that_times_out_says_what_timed_out(caplog):
    """A TimeoutError raised with no message logged "a read failed (TimeoutError: )"."""
    class Silent(Camera):
        name = "silent"

        def _read(self):
            raise TimeoutError()

    Silent(fail_after=5).read()
    assert "silent: a read failed (TimeoutError: the read did not finish)" in caplog.text


def test_a_timed_out_autofocus_cycle_leaves_no_job_behind(fake_picamera2, caplog):
    fake_picamera2.camera_controls = {**FakePicamera2.IMX219, "AfMode": (0, 2, 0)}
    fake_picamera2.stalled = True
    cam = PiCamera(lock_after=0)
    assert cam.focused is False
    assert ("could not focus: TimeoutError: the autofocus cycle did not finish within 5 s"
            in caplog.text)
    fake_picamera2.stalled = False
    assert cam.read() is not None  # not queued behind the cycle's job
    cam.close()
    assert fake_picamera2.instances[0].closed


def test_a_picamera2_older_than_0_3_20_is_refused_saying_what_to_do(fake_picamera2,
                                                                     monkeypatch):
    monkeypatch.delattr(FakePicamera2, "cancel_all_and_flush")
    with pytest.raises(CameraUnavailable) as refused:
        PiCamera()
    assert str(refused.value) == (
        "picamera2 is older than 0.3.20, which a camera that stops sending frames needs "
        "(wait= and cancel_all_and_flush): sudo apt upgrade python3-picamera2")
    assert fake_picamera2.instances == []


def test_a_camera_busy_in_another_program_says_stop_it_keeping_the_cause(fake_picamera2):
    fake_picamera2.busy = True
    with pytest.raises(CameraUnavailable) as refused:
        PiCamera()
    assert str(refused.value) == (
        "the Pi camera is in use by another program (RuntimeError: Camera __init__ "
        "sequence did not complete.; RuntimeError: Failed to acquire camera: Device or "
        "resource busy): stop the other program (rpicam-hello, libcamera-still, another "
        "companion), then press Roll")


def test_a_lock_the_camera_refuses_leaves_it_reading_on_automatic(fake_picamera2, caplog):
    """A control the camera does not advertise made every read fail, then the camera."""
    fake_picamera2.refuse = "AwbEnable"
    now = [0.0]
    cam = PiCamera(lock_after=0.5, fail_after=2, clock=lambda: now[0])
    now[0] = 1.0
    with caplog.at_level("WARNING"):
        frames = [cam.read() for _ in range(5)]
    assert all(f is not None for f in frames) and not cam.failed
    assert cam.locked and caplog.text.count("stay automatic") == 1


def test_the_lock_sends_only_what_the_camera_advertises(fake_picamera2):
    """libcamera 0.5 fixes the exposure by ExposureTimeMode/AnalogueGainMode, where it
    offers them (picamera2 #1269); a camera without AWB gets no AWB controls."""
    fake_picamera2.camera_controls = {name: (0, 1, 0) for name in (
        "AeEnable", "ExposureTimeMode", "AnalogueGainMode", "ExposureTime", "AnalogueGain")}
    cam = PiCamera(lock_after=0)
    assert cam.lock()
    assert fake_picamera2.instances[0].calls[-1] == ("set_controls", {
        "AeEnable": False, "ExposureTimeMode": 1, "AnalogueGainMode": 1,
        "ExposureTime": 12000, "AnalogueGain": 2.5})


def test_picamera2_manual_lock_only(fake_picamera2):
    now = [0.0]
    cam = PiCamera(lock_after=0, clock=lambda: now[0])
    now[0] = 100
    cam.read()
    assert not cam.locked
    assert cam.lock() and cam.locked


def test_picamera2_failing_mid_game_is_marked_failed(fake_picamera2):
    fake_picamera2.fail_from = 3
    cam = PiCamera(lock_after=0, fail_after=3)
    fake = fake_picamera2.instances[0]
    assert cam.read() is not None and cam.read() is not None
    assert cam.read() is None and cam.read() is None and not cam.failed
    with pytest.raises(CameraFailed, match="3 failed reads in a row"):
        cam.read()
    assert cam.failed and fake.closed                   # the device is released
    with pytest.raises(CameraFailed):
        cam.read()


def test_a_good_frame_resets_the_failure_count(fake_picamera2):
    cam = PiCamera(lock_after=0, fail_after=2)
    fake = fake_picamera2.instances[0]
    real = fake.capture_array
    fake.capture_array = lambda name="main", wait=None: None
    assert cam.read() is None and cam.failures == 1
    fake.capture_array = real
    assert cam.read() is not None and cam.failures == 0


@pytest.mark.parametrize("shape", [(48, 64), (48, 64, 1), (48, 64, 4)])
def test_a_frame_of_another_channel_count_is_given_as_bgr(fake_picamera2, shape):
    """A grey or BGRA frame mid-game (a webcam switching format) is given as the BGR the
    reader and settle detector take: it failed the throw as a reader error."""
    cam = PiCamera(lock_after=0)
    fake = fake_picamera2.instances[0]
    fake.capture_array = lambda name="main", wait=None: np.full(shape, 90, np.uint8)
    frame = cam.read()
    assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8 and (frame == 90).all()
    fake.capture_array = lambda name="main", wait=None: np.zeros((48, 64, 2), np.uint8)
    assert cam.read() is None and cam.failures == 1  # neither: a failed read, not a crash


@pytest.mark.parametrize("frame", [np.full((48, 64), 70 * 256, np.uint16),
                                   np.full((48, 64, 3), 0.3, np.float32),
                                   np.zeros((0, 0, 3), np.uint8)])
def test_a_frame_not_of_8_bit_pixels_or_empty_is_a_failed_read(fake_picamera2, frame):
    """A 16-bit (a Y16 sensor mode), float or empty frame went on to the reader, and one
    of them mid-throw failed the whole throw as a reader error; it is a missed frame."""
    cam = PiCamera(lock_after=0)
    fake = fake_picamera2.instances[0]
    fake.capture_array = lambda name="main", wait=None: frame
    assert cam.read() is None and cam.failures == 1 and not cam.failed
    assert "8-bit" in cam.error or "no pixels" in cam.error


def test_a_camera_failing_every_other_read_logs_a_few_lines_not_one_a_failure(caplog):
    """Each good read resets the count, so such a camera never fails: logged at every
    failed read, it wrote 15 lines a second to the journal. Now the 1st, 10th, 100th."""
    from hardware.camera import Camera

    class Flaky(Camera):
        name = "webcam"
        reads = 0

        def _read(self):
            self.reads += 1
            if self.reads % 2:
                raise TimeoutError("select() timeout")
            return np.zeros((48, 64, 3), np.uint8)

    cam = Flaky(fail_after=3)
    with caplog.at_level("WARNING", logger="hardware.camera"):
        for _ in range(2000):
            cam.read()
    assert not cam.failed and cam.failed_reads == 1000
    assert [r.getMessage() for r in caplog.records] == [
        "webcam: a read failed (TimeoutError: select() timeout)"] + [
        f"webcam: a read failed (TimeoutError: select() timeout); {n} failed reads in all"
        for n in (10, 100, 1000)]


def test_picamera2_absent_or_without_camera_falls_through(no_picamera2, tmp_path):
    cam, notes = probe_cameras(cam_cfg())
    assert cam is None
    assert notes[0].startswith("picamera2: picamera2 not installed")
    assert notes[1] == "opencv: no V4L2 camera at /dev/video0"


def test_picamera2_no_camera_number_0(fake_picamera2):
    fake_picamera2.no_camera = True
    with pytest.raises(CameraUnavailable, match="No camera number 0"):
        PiCamera()


def test_open_camera_none_says_why_once(no_picamera2):
    said = []
    assert open_camera(cam_cfg(), say=said.append) is None
    assert len(said) == 1 and "picamera2" in said[0] and "/dev/video0" in said[0]
    assert open_camera(cam_cfg(source="virtual"), say=pytest.fail) is None
    assert open_camera(cam_cfg(source="none"), say=pytest.fail) is None


def test_opencv_without_device(capfd):
    with pytest.raises(CameraUnavailable, match="/dev/video7"):
        CvCamera(7)
    assert "WARN" not in capfd.readouterr().err            # OPENCV_LOG_LEVEL=ERROR


# ---------------------------------------------------------------- a webcam another program holds

def test_a_webcam_another_program_holds_is_said_busy_not_missing(held_webcam, tmp_path):
    """It said "no V4L2 camera at /dev/video0" for a webcam that was there, held by
    another program: the players looked for a cable to plug in."""
    said = []
    assert open_camera(cam_cfg(source="opencv"), say=said.append) is None
    node = tmp_path / "video0"
    assert said == [
        f"camera: found but in use by another program (opencv: the webcam at {node} is in "
        f"use by another program (Device or resource busy): stop the other program (sudo "
        f"fuser -v {node} names it), then press Roll); dice are entered by hand or rolled "
        "virtually"]
    assert held_webcam.asked == [(0, 1, 1, 0)]  # 0 buffers of video capture, mmap
    held_webcam.held = False  # the other program stopped (a node OpenCV cannot open still)
    with pytest.raises(CameraUnavailable) as e:
        CvCamera(0)
    assert str(e.value) == f"{node} is there but OpenCV could not open it as a camera"


def test_a_missing_or_foreign_node_is_not_called_busy(tmp_path, monkeypatch):
    from hardware import camera as cameras

    monkeypatch.setattr(cameras, "V4L2_DEV", tmp_path)
    with pytest.raises(CameraUnavailable, match=f"^no V4L2 camera at {tmp_path}/video0$"):
        CvCamera(0)
    (tmp_path / "video0").write_bytes(b"")  # the real ioctl: ENOTTY, no V4L2 node
    with pytest.raises(CameraUnavailable) as e:
        CvCamera(0)
    assert type(e.value) is CameraUnavailable and "in use" not in str(e.value)


def test_the_box_says_camera_busy_at_a_roll_and_finds_it_once_free(held_webcam, monkeypatch):
    """Through play's own wiring (open_camera, then LiveCamera looking again by
    find_live_camera): "Camera busy" on the OLED at a Roll, not "No camera"."""
    from functools import partial

    import cv2

    from companion.dice_input import CameraDice
    from companion.rules import Throw
    from hardware import camera as cameras

    cfg = cam_cfg(source="opencv")
    live = cameras.LiveCamera(partial(cameras.find_live_camera, cfg),
                              open_camera(cfg, say=lambda m: None), retry_every=60)
    dice = CameraDice(live, live=False, read=lambda frame, expect: [], timeout=5)

    def roll():
        dice.start(Throw(count=2))
        for _ in range(500):
            result = dice.poll()
            if result is not None:
                return result
            time.sleep(0.01)
        raise AssertionError("no answer to the Roll")

    class Freed:  # the other program stopped: OpenCV opens the webcam and reads it
        def __init__(self, index, api):
            self.index = index

        def isOpened(self):
            return True

        def set(self, prop, value):
            return True

        def get(self, prop):
            return 0.0

        def read(self):
            return True, np.zeros((48, 64, 3), np.uint8)

        def release(self):
            pass

    try:
        assert roll().error == "Camera busy"
        monkeypatch.setattr(cv2, "VideoCapture", Freed)
        assert roll().error == ""
        assert live.news() == ["Camera back"]
    finally:
        live.close()


def test_a_webcam_whose_stream_cannot_start_says_it_is_held(held_webcam, monkeypatch):
    """OpenCV opened it but no frame came before the reads failed: released, the
    node is asked, and the failure says the other program holds it."""
    import cv2

    class NoStream:
        released = False

        def __init__(self, index, api):
            pass

        def isOpened(self):
            return True

        def set(self, prop, value):
            return True

        def read(self):
            assert not self.released
            return False, None  # VIDIOC_STREAMON: Device or resource busy

        def release(self):
            NoStream.released = True

    monkeypatch.setattr(cv2, "VideoCapture", NoStream)
    cam = CvCamera(0, fail_after=2)
    assert cam.read() is None and not held_webcam.asked  # not asked while held by us
    with pytest.raises(CameraFailed, match="in use by another program"):
        cam.read()
    assert NoStream.released and held_webcam.asked
    with pytest.raises(CameraFailed, match="in use by another program"):
        cam.read()
    assert len(held_webcam.asked) == 1


# ---------------------------------------------------------------- folder

def write_images(folder, n):
    import cv2
    folder.mkdir(exist_ok=True)
    for i in range(n):
        img = np.zeros((48, 64, 3), np.uint8)
        img[:, :, 2] = 10 * (i + 1)                         # red channel marks the image
        cv2.imwrite(str(folder / f"img_{i:02d}.png"), img)


def test_folder_camera_cycles_in_name_order(tmp_path, no_picamera2):
    write_images(tmp_path / "f", 3)
    (tmp_path / "f" / "notes.txt").write_text("not an image")
    cam = open_camera(cam_cfg(folder=str(tmp_path / "f")), say=lambda m: None)
    assert isinstance(cam, FolderCamera)
    reds = [int(cam.read()[0, 0, 2]) for _ in range(4)]
    assert reds == [10, 20, 30, 10]


def test_folder_camera_ends_without_loop(tmp_path):
    write_images(tmp_path / "f", 2)
    cam = FolderCamera(tmp_path / "f", loop=False)
    assert cam.read() is not None and cam.read() is not None
    assert cam.read() is None and cam.ended and not cam.failed
    assert cam.read() is None


def test_folder_camera_missing_and_corrupt_files(tmp_path, caplog):
    write_images(tmp_path / "f", 3)
    (tmp_path / "f" / "img_00.png").write_bytes(b"\x89PNG garbage")
    cam = FolderCamera(tmp_path / "f", loop=True, fail_after=3)
    (tmp_path / "f" / "img_01.png").unlink()                 # vanishes after the listing
    with caplog.at_level("WARNING", logger="hardware.camera"):
        assert cam.read() is None and "img_00.png: not an image OpenCV can decode" in cam.error
        assert cam.read() is None and "img_01.png: no such file" in cam.error
    said = [r.getMessage() for r in caplog.records]  # each photo skipped is in the log
    assert len(said) == 2 and "img_00.png" in said[0] and "img_01.png" in said[1]
    assert int(cam.read()[0, 0, 2]) == 30 and cam.failures == 0
    assert cam.read() is None and cam.read() is None         # the loop meets them again
    assert int(cam.read()[0, 0, 2]) == 30 and not cam.failed  # 2 bad in a row: not failed
    (tmp_path / "f" / "img_02.png").unlink()                 # now every file is bad
    assert cam.read() is None and cam.read() is None
    with pytest.raises(CameraFailed):
        cam.read()
    assert cam.failed


def test_folder_camera_reads_a_name_that_is_not_utf8_and_refuses_a_jpeg_cut_short(tmp_path):
    """cv2.imread died of a segmentation fault on such a name (the box with it), and read
    a JPEG cut short with its missing part grey: now the one is read, the other refused.
    In a child process, so a crash is a failed test rather than the end of the run."""
    import subprocess
    import sys

    import cv2

    folder = tmp_path / "f"
    write_images(folder, 1)
    img = np.zeros((48, 64, 3), np.uint8)
    img[:, :, 2] = 90
    try:
        with open(os.fsencode(folder) + b"/img_01_d\xe9.png", "wb") as f:
            f.write(cv2.imencode(".png", img)[1].tobytes())
    except OSError:
        pytest.skip("this disk takes only UTF-8 names")
    jpeg = cv2.imencode(".jpg", img)[1].tobytes()
    (folder / "img_02.jpg").write_bytes(jpeg[: len(jpeg) // 2])
    child = (
        "import sys; from hardware.camera import FolderCamera\n"
        f"cam = FolderCamera({str(folder)!r}, loop=False)\n"
        "print([None if f is None else int(f[0, 0, 2]) for f in (cam.read(), cam.read())])\n"
        "print(cam.read(), cam.error)\n"
    )
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          cwd=REPO, timeout=60)
    assert done.returncode == 0, done.stderr
    values, third = done.stdout.splitlines()
    assert values == "[10, 90]"
    assert third == "None ValueError: img_02.jpg: cut short: the file ends before its image" \
                    " does (an unfinished copy?)"


def test_folder_camera_unavailable(tmp_path):
    with pytest.raises(CameraUnavailable, match="no folder"):
        FolderCamera(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(CameraUnavailable, match="no images"):
        FolderCamera(tmp_path / "empty")


# ---------------------------------------------------------------- virtual

def test_virtual_roller_is_seeded():
    a, b = VirtualRoller(7), VirtualRoller(7)
    throws = [a.throw(5) for _ in range(20)]
    assert throws == [b.throw(5) for _ in range(20)]
    assert all(len(t) == 5 and set(t) <= set(range(1, 7)) for t in throws)
    assert len(set(throws)) > 1
    sixseven = VirtualRoller(1).throw(200, faces=(2, 3, 4, 5, 6, 7))
    assert set(sixseven) == {2, 3, 4, 5, 6, 7}
    assert VirtualRoller(1).throw(0) == ()


# ---------------------------------------------------------------- focus, sensor mode, webcam node

def with_autofocus(fake):
    """What a Camera Module 3 (imx708) adds to the controls it advertises."""
    fake.camera_controls = {**fake.camera_controls, "AfMode": (0, 2, 0),
                            "LensPosition": (0.0, 32.0, 1.0)}


def test_a_camera_module_3_is_focused_once_at_start_then_its_lens_locked(fake_picamera2):
    with_autofocus(fake_picamera2)
    now = [0.0]
    cam = PiCamera(lock_after=1.0, clock=lambda: now[0])
    fake = fake_picamera2.instances[0]
    assert ("autofocus_cycle",) in fake.calls and cam.focused
    now[0] = 1.0
    cam.read()
    sent = fake.calls[-1][1]
    assert sent["AfMode"] == 0 and sent["LensPosition"] == 3.2   # manual, where AF left it
    assert sent["AeEnable"] is False and sent["AwbEnable"] is False


def test_a_fixed_lens_position_replaces_the_autofocus_cycle(fake_picamera2):
    with_autofocus(fake_picamera2)
    open_camera(cam_cfg(lens_position=3.0), say=pytest.fail)
    fake = fake_picamera2.instances[0]
    assert ("autofocus_cycle",) not in fake.calls
    assert ("set_controls", {"AfMode": 0, "LensPosition": 3.0}) in fake.calls


def test_an_autofocus_that_finds_nothing_sharp_is_said_and_not_fatal(fake_picamera2, caplog):
    with_autofocus(fake_picamera2)
    fake_picamera2.focus_result = False
    cam = PiCamera()
    assert cam.focused is False and "camera.lens_position" in caplog.text
    assert cam.read() is not None


def test_a_camera_without_autofocus_is_not_focused(fake_picamera2):
    cam = PiCamera()
    assert cam.focused is None
    assert ("autofocus_cycle",) not in fake_picamera2.instances[0].calls


def test_unlock_gives_exposure_back_to_the_camera_and_locks_again_later(fake_picamera2):
    now = [0.0]
    cam = PiCamera(lock_after=2.0, clock=lambda: now[0])
    fake = fake_picamera2.instances[0]
    now[0] = 2.0
    cam.read()
    now[0] = 100.0
    cam.unlock()
    assert fake.calls[-1] == ("set_controls", {"AeEnable": True, "AwbEnable": True})
    cam.read()
    assert not cam.locked                     # 2 s to settle on the new light
    now[0] = 102.0
    cam.read()
    assert cam.locked and fake.calls[-1][1]["AeEnable"] is False


@pytest.mark.parametrize("size, chosen", [((640, 480), (2304, 1296)),
                                          ((3000, 2000), (4608, 2592)),
                                          ((9000, 9000), (4608, 2592))])
def test_the_sensor_mode_sees_the_whole_sensor(size, chosen):
    from hardware.camera import full_view_mode

    assert full_view_mode(FakePicamera2.sensor_modes, size)["size"] == chosen


def fake_sysfs(tmp_path, nodes: dict[int, tuple[str, int]]) -> Path:
    """/sys/class/video4linux with videoN -> (driver, index) as a Pi 5 with a webcam has."""
    root = tmp_path / "video4linux"
    for n, (driver, index) in nodes.items():
        node = root / f"video{n}"
        (node / "device").mkdir(parents=True)
        (tmp_path / "drivers" / driver).mkdir(parents=True, exist_ok=True)
        (node / "device" / "driver").symlink_to(tmp_path / "drivers" / driver)
        (node / "index").write_text(f"{index}\n")
    return root


def test_a_webcam_is_preferred_to_the_raw_csi_node_at_video0(tmp_path):
    from hardware.camera import webcam_indices

    sysfs = fake_sysfs(tmp_path, {0: ("rp1-cfe", 0), 1: ("rp1-cfe", 0),
                                  8: ("uvcvideo", 0), 9: ("uvcvideo", 1)})
    order, notes = webcam_indices(0, sysfs)
    assert order == [8]                      # not the CSI nodes, not the UVC metadata node
    assert notes == ["opencv: /dev/video0 is driven by rp1-cfe, not a USB webcam"]
    assert webcam_indices(8, sysfs) == ([8], [])
    assert webcam_indices(0, tmp_path / "none") == ([0], [])   # no sysfs: as configured
