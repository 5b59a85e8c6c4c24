"""`companion play --service` run as systemd runs it, for the tests of what it says in
the journal and keeps in the store: a notify socket, no terminal, stopped by SIGTERM."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def headless_config(tmp_path: Path, store: Path) -> Path:
    """A config with the display drawn to PNGs in tmp_path/frames, no buttons, no camera,
    and `store` as the store."""
    config = tmp_path / "config.toml"
    config.write_text(
        f'[display]\ndriver = "png"\npng_dir = "{tmp_path / "frames"}"\n'
        '[buttons]\nsource = "none"\n[camera]\nsource = "none"\n'
        f'[store]\npath = "{store}"\n'
    )
    return config


def run_until_ready_then_stop(tmp_path: Path, config: Path) -> tuple[int, bytes, bytes]:
    """`play --service` as systemd starts it, stopped with SIGTERM once it reports
    READY=1: (exit code, stdout, stderr)."""
    address = str(tmp_path / "notify.sock")
    systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    systemd.bind(address)
    systemd.settimeout(30)
    service = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "play", "--service", "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT), "NOTIFY_SOCKET": address},
    )
    try:
        while systemd.recv(4096) != b"READY=1":
            pass
        service.send_signal(signal.SIGTERM)
        out, err = service.communicate(timeout=30)
    finally:
        service.kill()
        service.wait()
        systemd.close()
    return service.returncode, out, err
