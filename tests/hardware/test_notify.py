"""hardware.notify against a datagram socket bound by the test, as systemd would."""

from __future__ import annotations

import os
import socket

import pytest

from hardware import notify


@pytest.fixture
def sock(tmp_path):
    path = str(tmp_path / "notify.sock")
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    s.settimeout(1)
    yield s, path
    s.close()


def recv(s):
    return s.recv(4096)


def test_no_socket_is_a_no_op():
    env = {}
    assert notify.ready(env) is False
    assert notify.watchdog(env) is False
    assert notify.watchdog_interval(env) is None
    assert notify.status("x", env) is False


def test_messages_arrive(sock):
    s, path = sock
    env = {"NOTIFY_SOCKET": path}
    assert notify.ready(env)
    assert recv(s) == b"READY=1"
    assert notify.status("reading dice\nnow", env)
    assert recv(s) == b"STATUS=reading dice now"
    assert notify.stopping(env)
    assert recv(s) == b"STOPPING=1"
    # no WATCHDOG_USEC: no watchdog ping
    assert notify.watchdog(env) is False


def test_abstract_socket():
    name = f"companion-test-{os.getpid()}"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind("\0" + name)
    s.settimeout(1)
    try:
        assert notify.ready({"NOTIFY_SOCKET": "@" + name})
        assert recv(s) == b"READY=1"
    finally:
        s.close()


def test_watchdog_interval_and_ping(sock):
    s, path = sock
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000"}
    assert notify.watchdog_interval(env) == 15.0
    assert notify.watchdog(env)
    assert recv(s) == b"WATCHDOG=1"
    assert notify.watchdog_interval({**env, "WATCHDOG_PID": str(os.getpid() + 1)}) is None
    assert notify.watchdog_interval({**env, "WATCHDOG_PID": str(os.getpid())}) == 15.0
    assert notify.watchdog_interval({**env, "WATCHDOG_USEC": "junk"}) is None


def test_rate_limited_watchdog(sock):
    s, path = sock
    now = [100.0]
    wd = notify.Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"},
                         clock=lambda: now[0])
    assert wd.interval == 1.0 and wd.timeout == 0.0
    assert wd.kick() and recv(s) == b"WATCHDOG=1"
    now[0] = 100.4
    assert wd.kick() is False and wd.timeout == pytest.approx(0.6)
    now[0] = 101.0
    assert wd.kick() and recv(s) == b"WATCHDOG=1"
    off = notify.Watchdog({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}, enabled=False)
    assert off.kick() is False and off.timeout is None


def test_dead_socket_does_not_raise(tmp_path):
    assert notify.ready({"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}) is False
