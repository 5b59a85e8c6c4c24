"""`companion play` in an ordinary 80x24 terminal (tmux), as a newcomer opens one: the
screen drawn in braille, read back pixel for pixel against the frame written as PNG;
made bigger, the same frame in half-blocks. With no config file, starting says one
friendly line instead of why there is no OLED and no GPIO."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from companion.commands.play import NO_GPIO
from companion.config import DEFAULT_PATH
from hardware.display import from_braille, from_halfblocks

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(socket: str, *args: str) -> str:
    return subprocess.run(["tmux", "-L", socket, "-f", os.devnull, *args],
                          capture_output=True, text=True, check=True).stdout


def last_frame(frames: Path) -> Image.Image | None:
    paths = sorted(frames.glob("frame_*.png"))
    if not paths:
        return None
    big = Image.open(paths[-1]).convert("1")
    return big.resize((128, 64), Image.Resampling.NEAREST)


def shown(socket: str, rows: int, decode) -> Image.Image | None:
    lines = tmux(socket, "capture-pane", "-p", "-t", "play").split("\n")[:rows]
    width = 64 if decode is from_braille else 128
    try:  # tmux drops the spaces at the end of a line; blank braille it keeps
        return decode("\n".join(line.ljust(width) for line in lines))
    except (KeyError, ValueError, IndexError):
        return None


def wait_until_same(socket: str, frames: Path, rows: int, decode) -> None:
    """Until the terminal shows exactly the last frame written as PNG (30 s at most)."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        frame, screen = last_frame(frames), shown(socket, rows, decode)
        if frame is not None and screen is not None and screen.tobytes() == frame.tobytes():
            return
        time.sleep(0.1)
    pytest.fail(f"the terminal never showed the last frame:\n"
                f"{tmux(socket, 'capture-pane', '-p', '-t', 'play')}")


def test_a_game_in_80x24_is_drawn_in_braille_and_in_half_blocks_once_the_terminal_grows(
    tmp_path
):
    store, frames = tmp_path / "companion.db", tmp_path / "frames"
    socket = f"companion-small-{os.getpid()}"
    command = (f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m companion.cli "
               f"play risknroll --players 2 --seed 3 --store {shlex.quote(str(store))} "
               f"--frames {shlex.quote(str(frames))}; sleep 60")
    try:
        tmux(socket, "new-session", "-d", "-s", "play", "-x", "80", "-y", "24", command)
        wait_until_same(socket, frames, 16, from_braille)
        if not Path(DEFAULT_PATH).exists():  # a laptop: one friendly line, the reasons logged
            screen = tmux(socket, "capture-pane", "-p", "-t", "play")
            assert NO_GPIO in screen and "not available" not in screen
            log = (tmp_path / "companion.log").read_text()
            assert f"no {DEFAULT_PATH}, using the built-in defaults" in log
            assert "buttons: GPIO not available" in log
        # the first screen stays as it is until a key is pressed: only the resize redraws it
        tmux(socket, "resize-window", "-t", "play", "-x", "140", "-y", "45")
        wait_until_same(socket, frames, 32, from_halfblocks)
        tmux(socket, "resize-window", "-t", "play", "-x", "80", "-y", "24")
        wait_until_same(socket, frames, 16, from_braille)
        assert len(list(frames.glob("frame_*.png"))) == 1

        for key in ("Enter", "Space", "Space"):  # start, draw a card, play the advice
            tmux(socket, "send-keys", "-t", "play", key)
            time.sleep(0.3)
        wait_until_same(socket, frames, 16, from_braille)
        screen = tmux(socket, "capture-pane", "-p", "-t", "play").split("\n")
        assert "q: quit" in "\n".join(screen[16:24])
        assert not any("Make the terminal" in line for line in screen)
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], check=False, capture_output=True)
