"""`companion play --service` as systemd runs it: no terminal, READY and WATCHDOG, clean stop."""

from __future__ import annotations

import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

from companion.store import Store
from tests.service_run import headless_config, run_until_ready_then_stop

ROOT = Path(__file__).resolve().parents[2]


def test_the_service_reports_ready_feeds_the_watchdog_and_stops_on_sigterm(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(
        f'[display]\ndriver = "png"\npng_dir = "{tmp_path / "frames"}"\n'
        'dim_after = 0.0\nblank_after = 0.0\n'
        '[buttons]\nsource = "none"\n[camera]\nsource = "none"\n'
        f'[store]\npath = "{tmp_path / "companion.db"}"\n'
        '[game]\ndefault = "risknroll"\nplayers = 2\n'
    )
    address = str(tmp_path / "notify.sock")
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(address)
    systemd.settimeout(30)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NOTIFY_SOCKET": address,
           "WATCHDOG_USEC": "400000"}
    service = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "play", "--service", "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
    )
    try:
        heard = [systemd.recv(4096) for _ in range(4)]
        assert b"READY=1" in heard and b"WATCHDOG=1" in heard
        assert b"STATUS=setting up a game" in heard
        while systemd.recv(4096) != b"WATCHDOG=1":  # still fed while nobody presses
            pass
        service.send_signal(signal.SIGTERM)
        assert service.wait(timeout=30) == 0
        while (message := systemd.recv(4096)) != b"STOPPING=1":
            assert message in (b"WATCHDOG=1",), message
    finally:
        service.kill()
        service.wait()
        systemd.close()
    assert (tmp_path / "frames" / "frame_00000.png").exists()  # the first screen was shown
    with Store(tmp_path / "companion.db") as store:
        assert store.unfinished() is None  # nobody started a game: nothing stored


def test_the_service_starts_on_a_store_whose_game_in_play_has_a_step_that_is_not_json(
    tmp_path
):
    """It used to stop at a JSONDecodeError, again at every restart: the box never came up."""
    store_path = tmp_path / "companion.db"
    with Store(store_path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        store.append(game_id, {"kind": "throw", "dice": [1, 1, 5, 2, 3, 4]})
    db = sqlite3.connect(store_path)
    db.execute("""UPDATE steps SET action = '{"kind":"throw","dice":[2,2' WHERE n = 1""")
    db.commit()
    db.close()
    code, _, err = run_until_ready_then_stop(tmp_path, headless_config(tmp_path, store_path))
    assert code == 0 and b"Traceback" not in err
    with Store(store_path) as store:
        kept = store.load(game_id)
    assert kept.abandoned and kept.actions == ('{"kind":"throw","dice":[2,2',)
    # (changed behind the companion's back, which its tally of the game in play sees too)
    assert kept.damage == "its last step is not the one the companion saved, step 1 is not JSON"


def test_a_damaged_store_set_aside_is_said_once_in_the_journal(tmp_path):
    """It was said twice: printed, then again by the service's messages (to stderr)."""
    store_path = tmp_path / "companion.db"
    store_path.write_bytes(random.Random(2).randbytes(8192))  # pages of no SQLite
    code, _, err = run_until_ready_then_stop(tmp_path, headless_config(tmp_path, store_path))
    said = err.decode().splitlines()
    assert code == 0 and len([line for line in said if "it was moved to" in line]) == 1, said


def test_a_service_that_cannot_start_says_why_on_its_display(tmp_path):
    """A config typo stopped the service with the reason only in the journal: the box
    stayed dark. Its display (here the PNG stand-in) now shows the reason."""
    from PIL import Image

    config = tmp_path / "config.toml"
    config.write_text(
        f'[display]\ndriver = "png"\npng_dir = "{tmp_path / "frames"}"\n'
        '[camera]\nsourse = "none"\n'
    )
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", "--service", "--config", str(config)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2 and "camera.sourse" in done.stderr
    (frame,) = (tmp_path / "frames").glob("frame_*.png")
    from companion.ui.model import Screen
    from companion.ui.render import render

    error = done.stderr.split(": ", 2)[2].strip()
    shown = render(Screen("message", title="Config error",
                          note=f"{error}  See: companion doctor"))
    image = Image.open(frame)
    assert image.resize(shown.size, Image.Resampling.NEAREST).convert("1").tobytes() == (
        shown.tobytes())


def test_a_service_whose_oled_fails_is_not_the_simulator_and_says_so_in_the_journal(
    tmp_path
):
    """With the OLED missing (no I2C here) the service fell back to the terminal stand-in:
    frames of block characters went to the journal, its log to a file beside the store,
    it said nothing on stderr, and it took itself for the simulator (virtual dice)."""
    config = tmp_path / "config.toml"
    config.write_text(
        '[display]\ndriver = "ssd1306"\n[buttons]\nsource = "none"\n'
        f'[camera]\nsource = "auto"\n[store]\npath = "{tmp_path / "companion.db"}"\n'
    )
    code, out, err = run_until_ready_then_stop(tmp_path, config)
    assert code == 0
    assert out == b""  # no frames drawn into the journal
    assert b"companion play: " in err and b"ssd1306" in err  # why the box is dark
    assert not (tmp_path / "companion.log").exists()  # the simulator's log file
