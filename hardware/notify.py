"""sd_notify without dependencies: tell systemd we are ready, alive, busy or stopping.

Every function is a no-op (returns False) when NOTIFY_SOCKET is not set, so the same
code runs in a terminal. With `Type=notify` and `WatchdogSec=` in the unit, call
`ready()` once the display shows its first screen, then `watchdog()` at least every
`watchdog_interval()` seconds from the main loop (not from a side thread: a hung main
loop must stop the pings). `Watchdog` rate-limits that for a loop that turns often.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping

__all__ = [
    "Watchdog",
    "notify",
    "ready",
    "status",
    "stopping",
    "watchdog",
    "watchdog_enabled",
    "watchdog_interval",
]


def _address(env: Mapping[str, str]) -> str | None:
    addr = env.get("NOTIFY_SOCKET")
    if not addr:
        return None
    if addr.startswith("@"):          # abstract namespace
        addr = "\0" + addr[1:]
    return addr


def notify(message: str, env: Mapping[str, str] | None = None) -> bool:
    """Send one datagram (e.g. "READY=1") to $NOTIFY_SOCKET. True if it was sent."""
    env = os.environ if env is None else env
    addr = _address(env)
    if addr is None:
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(addr)
            sock.sendall(message.encode("utf-8"))
        return True
    except OSError:
        return False              # systemd went away: nothing useful to do about it


def ready(env: Mapping[str, str] | None = None) -> bool:
    return notify("READY=1", env)


def status(text: str, env: Mapping[str, str] | None = None) -> bool:
    return notify("STATUS=" + text.replace("\n", " "), env)


def stopping(env: Mapping[str, str] | None = None) -> bool:
    return notify("STOPPING=1", env)


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings (half of WatchdogSec), or None when no watchdog is asked for."""
    env = os.environ if env is None else env
    usec = env.get("WATCHDOG_USEC")
    if not usec or not _address(env):
        return None
    pid = env.get("WATCHDOG_PID")
    if pid and pid.isdigit() and int(pid) != os.getpid():
        return None               # meant for another process
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 2e6 if value > 0 else None


def watchdog_enabled(env: Mapping[str, str] | None = None) -> bool:
    return watchdog_interval(env) is not None


def watchdog(env: Mapping[str, str] | None = None) -> bool:
    """Ping the watchdog ("WATCHDOG=1"), only when systemd asked for one."""
    if watchdog_interval(env) is None:
        return False
    return notify("WATCHDOG=1", env)


class Watchdog:
    """Call `kick()` on every turn of the main loop; it pings at most once per interval."""

    def __init__(self, env: Mapping[str, str] | None = None, enabled: bool = True,
                 clock: Callable[[], float] = time.monotonic):
        self._env = os.environ if env is None else env
        self.interval = watchdog_interval(self._env) if enabled else None
        self._clock = clock
        self._last: float | None = None

    @property
    def timeout(self) -> float | None:
        """How long the loop may block before the next kick (None: forever)."""
        if self.interval is None:
            return None
        if self._last is None:
            return 0.0
        return max(0.0, self._last + self.interval - self._clock())

    def kick(self) -> bool:
        if self.interval is None:
            return False
        now = self._clock()
        if self._last is not None and now - self._last < self.interval:
            return False
        self._last = now
        return notify("WATCHDOG=1", self._env)
