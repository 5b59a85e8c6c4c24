"""`companion play --service` with web.enabled serves the page beside the game, and a
camera's reading reaches the page's snapshot (its frame, boxes and values)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
from web_helpers import get

from companion.dice_input import CameraDice
from companion.rules import Throw
from companion.web.live import Live

ROOT = Path(__file__).resolve().parents[2]


def test_the_service_serves_the_page_with_a_token_of_its_own(tmp_path):
    with socket.socket() as probe:  # a free port on this machine
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "config.toml"
    config.write_text(
        f'[display]\ndriver = "png"\npng_dir = "{tmp_path / "frames"}"\n'
        '[buttons]\nsource = "none"\n[camera]\nsource = "none"\n'
        f'[store]\npath = "{tmp_path / "companion.db"}"\n'
        '[game]\ndefault = "charidice"\nplayers = 2\n'
        f"[web]\nenabled = true\nport = {port}\n"
    )
    service = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "play", "--service", "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        for line in service.stderr:
            found = re.search(rf"page is at HTTP://\S+:{port}/([A-Z2-7]{{16}})/", line)
            if found:
                break
        else:
            raise AssertionError("the service never said where its page is")
        token = found.group(1)
        status, _, body = get(f"http://127.0.0.1:{port}/{token}/", timeout=10)
        assert status == 200 and b"Table companion" in body
        assert get(f"http://127.0.0.1:{port}/")[0] == 403
    finally:
        service.send_signal(signal.SIGTERM)
        service.communicate(timeout=30)
    assert service.returncode == 0


class OneFrame:
    """A camera that always gives the same frame."""

    def __init__(self, frame):
        self.frame = frame

    def read(self):
        return self.frame


def test_a_camera_reading_is_published_with_its_frame_boxes_and_values():
    from vision import DieReading

    frame = np.zeros((48, 64, 3), np.uint8)
    readings = [DieReading(5, None, (1, 2, 11, 12), 0.9),
                DieReading(2, None, (20, 2, 30, 12), 0.3)]
    dice = CameraDice(OneFrame(frame), live=False, read=lambda frame, expect: readings)
    live = Live()
    dice.seen_by = live.saw
    dice.start(Throw(2))
    result = dice.poll()
    photo = live.snapshot().photo
    assert result.values == (5, 2) and photo.values == (5, 2)
    assert photo.boxes == ((1, 2, 11, 12), (20, 2, 30, 12))
    assert photo.frame is not frame and np.array_equal(photo.frame, frame)
    assert live.snapshot().photo_id == 1


def test_a_box_without_the_pages_libraries_says_so_and_plays_on(monkeypatch, store):
    import builtins

    from companion.commands import play
    from companion.config import defaults

    real = builtins.__import__

    def no_uvicorn(name, *args, **kwargs):
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    said = []
    assert play._web_page(defaults(), store, None, said.append) == (None, None)
    assert said == ["The score-sheet page needs uvicorn: run `pip install -e .` in the "
                    "companion's folder (systemd/install.sh does); the page is off"]
