"""Two `companion play` on one store: the second is refused at once and writes nothing,
whether run by hand or as the service; the lock goes with the first, even on kill -9."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def config(tmp_path: Path, frames: str) -> Path:
    """A box with no buttons and no camera that draws to PNG files in `frames`."""
    path = tmp_path / f"{frames}.toml"
    path.write_text(
        f'[display]\ndriver = "png"\npng_dir = "{tmp_path / frames}"\n'
        '[buttons]\nsource = "none"\n[camera]\nsource = "none"\n'
        f'[store]\npath = "{tmp_path / "companion.db"}"\n'
    )
    return path


class Service:
    """`companion play --service` with a socket standing in for systemd."""

    def __init__(self, tmp_path: Path, name: str):
        self.systemd = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.systemd.bind(str(tmp_path / f"{name}.sock"))
        self.systemd.settimeout(30)
        env = {**os.environ, "PYTHONPATH": str(ROOT),
               "NOTIFY_SOCKET": str(tmp_path / f"{name}.sock")}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "play", "--service",
             "--config", str(config(tmp_path, name))],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
        )

    def wait_ready(self) -> None:
        while self.systemd.recv(4096) != b"READY=1":
            pass

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        self.process.stderr.close()
        self.systemd.close()


@pytest.fixture
def service(tmp_path):
    first = Service(tmp_path, "first")
    yield first
    first.close()


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def second_play(config: Path, store: Path, how=("play",)) -> subprocess.CompletedProcess:
    """Another `companion play` (`how`) on `store`, with `config`'s own display."""
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", *how, "--config", str(config),
         "--store", str(store)],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=15, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def in_use(store: Path, pid: int) -> str:
    """What the second play says of a store another holds."""
    return (f"companion play: The game store at {store} is in use by another companion "
            f"(pid {pid}): stop it first, or use --store.\n")


@pytest.mark.parametrize("how", [["play"], ["play", "--service"]], ids=["by hand", "service"])
def test_a_second_play_on_the_store_in_use_is_refused_at_once_and_writes_nothing(
    tmp_path, service, how
):
    service.wait_ready()
    second_config = config(tmp_path, "second")
    before = files(tmp_path)
    second = second_play(second_config, tmp_path / "companion.db", how)
    assert second.returncode == 2
    assert second.stderr == in_use(tmp_path / "companion.db", service.process.pid)
    assert files(tmp_path) == before
    assert not (tmp_path / "second").exists()  # its display never opened
    assert service.process.poll() is None


def test_the_next_start_after_a_kill_9_is_not_blocked(tmp_path, service):
    service.wait_ready()
    service.process.send_signal(signal.SIGKILL)
    service.process.wait()
    assert (tmp_path / "companion.db.lock").exists()
    after = Service(tmp_path, "after")
    try:
        after.wait_ready()
        assert (tmp_path / "companion.db.lock").read_text() == f"{after.process.pid}\n"
    finally:
        after.close()


@pytest.mark.parametrize("link", [Path.symlink_to, Path.hardlink_to], ids=["symbolic", "hard"])
def test_a_second_play_through_a_link_to_the_store_in_use_is_refused(tmp_path, service, link):
    """`ln -s S/games.db S/link.db` (or a hard link) let both run; resuming one game their
    steps interleaved and replay failed at step 3."""
    service.wait_ready()
    other = tmp_path / "link.db"
    link(other, tmp_path / "companion.db")
    second_config = config(tmp_path, "second")
    before = files(tmp_path)
    second = second_play(second_config, other)
    assert second.returncode == 2
    assert second.stderr == in_use(other, service.process.pid)
    assert files(tmp_path) == before
    assert service.process.poll() is None
