"""Where `companion play` wires the hardware: a camera looked for again on the box, and
what the hardware has to say shown on the screen."""

from __future__ import annotations

import argparse
import sys

import pytest

from companion.commands import play
from companion.config import defaults, replace
from companion.dice_input import CameraDice, VirtualDice
from hardware.camera import LiveCamera


def args(**kw):
    return argparse.Namespace(camera=None, seed=None, **kw)


@pytest.fixture
def no_camera_here(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "picamera2", None)          # no Pi camera
    monkeypatch.setattr("hardware.camera.V4L2_SYSFS", tmp_path)  # no webcam nodes
    monkeypatch.setenv("OPENCV_LOG_LEVEL", "ERROR")


def test_the_box_without_a_camera_at_start_keeps_looking_for_one(no_camera_here):
    cfg = replace(defaults(), camera={"retry_every": 12.0})
    said = []
    dice = play._dice(args(), cfg, simulator=False, say=said.append)
    try:
        assert isinstance(dice, CameraDice) and isinstance(dice.camera, LiveCamera)
        assert not dice.camera.available and dice.camera.retry_every == 12.0
        assert said and said[0].startswith("camera: none found")
    finally:
        dice.camera.close()


def test_the_simulator_without_a_camera_rolls_virtual_dice(no_camera_here):
    cfg = replace(defaults(), camera={"source": "opencv"})
    assert isinstance(play._dice(args(), cfg, simulator=True, say=lambda _: None), VirtualDice)


def test_a_folder_only_box_without_its_folder_enters_dice_by_hand(no_camera_here, tmp_path):
    cfg = replace(defaults(), camera={"source": "folder", "folder": str(tmp_path / "none")})
    assert play._dice(args(), cfg, simulator=False, say=lambda _: None) is None


def test_news_from_outside_the_game_is_shown_on_the_note_line_for_a_few_seconds(tmp_path):
    """The camera's news ("Camera back") goes to the session, which shows it a while."""
    from companion.store import Store
    from companion.table import LONG_NOTE_SECONDS, Setup, Table

    now = [0.0]
    with Store(tmp_path / "games.db") as store:
        table = Table(store, Setup("risknroll", 2, start="options"), clock=lambda: now[0])
        before = table.screen()
        table.tell("Camera back")
        assert table.screen().note == "Camera back" and table.said == "Camera back"
        now[0] = LONG_NOTE_SECONDS - 0.1
        assert table.screen().note == "Camera back"
        now[0] = LONG_NOTE_SECONDS
        assert table.screen() == before
