"""`companion play` in a real terminal (tmux): keys in, the half-block OLED and key list out."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
HALF_BLOCKS = set("\u2580\u2584\u2588")

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Tmux:
    """A private tmux server (its own socket) running one command in a 140x45 window."""

    def __init__(self, socket: str):
        self.base = ["tmux", "-L", socket, "-f", os.devnull]

    def start(self, command: str) -> None:
        subprocess.run([*self.base, "new-session", "-d", "-s", "play", "-x", "140", "-y", "45",
                        command], check=True)

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run([*self.base, "send-keys", "-t", "play", key], check=True)
            time.sleep(0.05)  # one key per read, as a person types

    def screen(self) -> str:
        return subprocess.run([*self.base, "capture-pane", "-p", "-t", "play"],
                              capture_output=True, text=True, check=True).stdout

    def stop(self) -> None:
        subprocess.run([*self.base, "kill-server"], check=False, capture_output=True)


def wait_for(what, seconds: float = 30.0):
    """Poll until `what()` is true; its last value, or a failure saying what never came."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = what()
        if value:
            return value
        time.sleep(0.1)
    pytest.fail(f"gave up waiting for {getattr(what, '__doc__', None) or what}")


def unfinished(path: Path):
    if not path.exists():
        return None
    with Store(path) as store:
        return store.unfinished()


def steps(path: Path) -> int | None:
    record = unfinished(path)
    return len(record.actions) if record else None


def play_command(store: Path, *more) -> str:
    """A shell line: two players of Risk 'n' Roll 2000 (seed 3) on `store`, then the exit
    status, kept on screen a while."""
    args = " ".join(shlex.quote(str(a)) for a in (*more, "--store", store))
    return (f"cd {shlex.quote(str(ROOT))} && PYTHONPATH={shlex.quote(str(ROOT))} "
            f"{shlex.quote(sys.executable)} -m companion.cli play risknroll --players 2 --seed 3 "
            f"{args}; echo EXIT=$?; sleep 60")


def test_play_in_a_terminal_then_kill_and_resume(tmp_path):
    store = tmp_path / "companion.db"
    play = play_command(store)
    tmux = Tmux(f"companion-test-{os.getpid()}")
    try:
        tmux.start(play)
        wait_for(lambda: "q: quit" in tmux.screen())
        tmux.keys("Enter")  # Start game
        wait_for(lambda: steps(store) == 0)
        tmux.keys("Space", "Space", "Space")  # draw a card, play the advised choice, roll
        wait_for(lambda: steps(store) == 3)
        screen = tmux.screen()
        oled = screen.splitlines()[:32]
        assert all(len(line) <= 128 for line in oled)
        assert sum(ch in HALF_BLOCKS for line in oled for ch in line) > 500
        assert "Enter: select" in screen and "Space/o: roll / OK" in screen
        assert "B/u: undo (long back)" in screen and "q: quit" in screen

        tmux.stop()  # the terminal goes away with the program in it
        with Store(store) as opened:
            before = opened.unfinished()
        assert len(before.actions) == 3
        tmux = Tmux(f"companion-test-{os.getpid()}-again")  # not the server still dying
        tmux.start(play)
        wait_for(lambda: "Resumed Risk 'n' Roll 2000" in tmux.screen())
        tmux.keys("u")  # undo the throw
        wait_for(lambda: steps(store) == 2)
        tmux.keys("Enter", "Up", "Space")  # a die entered by hand, then quit mid-entry
        tmux.keys("q")
        wait_for(lambda: "EXIT=0" in tmux.screen())
        assert f"Game {before.id} is kept" in tmux.screen()
        assert '"steps": 2' in Path(f"{store}.entry").read_text()  # taken up at the next start
    finally:
        tmux.stop()
    with Store(store) as opened:
        after = opened.unfinished()
    assert after.id == before.id and after.actions == before.actions[:2]


def test_a_throw_read_from_a_photo_is_kept_labelled_and_benched(tmp_path):
    """With vision.keep_photos on, the frame of a camera throw lands in a photo set with
    the dice the game stored; `companion bench vision` scores the reader on that set; an
    undo of the throw takes the photo back."""
    import cv2

    from vision import synth
    from vision.photo_sets import load_labels

    store, kept, photos = tmp_path / "companion.db", tmp_path / "kept", tmp_path / "throws"
    photos.mkdir()
    image, labels = synth.scene(0, n=6, faces=synth.PLAIN_FACES)  # read surely: 1 to 6
    cv2.imwrite(str(photos / "throw.png"), image)
    config = tmp_path / "config.toml"
    config.write_text(f'[vision]\nkeep_photos = true\nphotos = "{kept}"\n')
    play = play_command(store, "--config", config, "--camera", photos)
    tmux = Tmux(f"companion-test-kept-{os.getpid()}")
    try:
        tmux.start(play)
        wait_for(lambda: "q: quit" in tmux.screen())
        assert f"Keeping photos of the dice in {kept} (0 so far)" in tmux.screen()
        tmux.keys("Enter")  # Start game
        wait_for(lambda: steps(store) == 0)
        tmux.keys("Space", "Space", "Space")  # draw a card, play the advised choice, read
        # the step is stored first, then its photo kept
        wait_for(lambda: steps(store) == 3 and (kept / "labels.jsonl").exists())
        throw = unfinished(store).actions[-1]
        (row,) = load_labels(kept)
        assert throw == {"kind": "throw", "dice": sorted(d["value"] for d in row["dice"])}
        assert row["live"] is False  # photos standing in for the camera, read as photos
        assert sorted(d["value"] for d in row["dice"]) == sorted(d["value"] for d in labels)
        bench = subprocess.run(
            [sys.executable, "-m", "companion.cli", "bench", "vision", "--photos", str(kept),
             "--limit", "1", "--no-speed"],  # the timing is the bench's, not this test's
            cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
        assert f"kept {row['split']}" in bench.stdout
        assert "right 100.00%" in bench.stdout.split(f"kept {row['split']}")[1].splitlines()[0]
        tmux.keys("u")  # undo the throw: its photo goes too
        wait_for(lambda: steps(store) == 2)
        assert load_labels(kept) == [] and list((kept / "images").iterdir()) == []
        tmux.keys("q")
        wait_for(lambda: "EXIT=0" in tmux.screen())
    finally:
        tmux.stop()
