from __future__ import annotations

import os
import types

import pytest


@pytest.fixture
def mock_pins():
    """gpiozero's MockFactory as the pin factory, reset after (PLATFORM-NOTES section 1)."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    old = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = old


@pytest.fixture
def held_webcam(tmp_path, monkeypatch):
    """/dev/video0 as a stand-in node (under tmp_path) that answers VIDIOC_REQBUFS as
    the kernel answers for a webcam another program streams from: EBUSY, while `held`.
    OpenCV itself is the real one: with no /dev/video0 here it fails as it does for a
    held webcam, saying only "can't open camera by index"."""
    import errno
    import fcntl
    import struct

    from hardware import camera as cameras

    monkeypatch.setattr(cameras, "V4L2_DEV", tmp_path)
    node = tmp_path / "video0"
    node.write_bytes(b"")
    state = types.SimpleNamespace(held=True, asked=[])
    real = fcntl.ioctl

    def ioctl(fd, request, arg=0, *rest):
        if request == cameras.VIDIOC_REQBUFS and os.fstat(fd).st_ino == node.stat().st_ino:
            state.asked.append(struct.unpack("=4I4x", arg))
            if state.held:
                raise OSError(errno.EBUSY, os.strerror(errno.EBUSY))
            return arg
        return real(fd, request, arg, *rest)

    monkeypatch.setattr(fcntl, "ioctl", ioctl)
    return state
