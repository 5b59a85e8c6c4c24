"""Buttons -> ButtonEvent: five GPIO buttons on the Pi, the keyboard in a terminal.

Every source has `poll(timeout) -> ButtonEvent | None` (a thread-safe queue inside)
and `close()`. The buttons are `up`, `down`, `select`, `back` and `ok` (Roll/OK).
A short press gives `ButtonEvent(name, long=False)` on release; a press held for
`hold_time` gives ONE `ButtonEvent(name, long=True)` while still held, and nothing
on release.

Debounce and long press are ours (`Debouncer` and `ButtonLogic`, pure logic fed with
(level, time) edges), not gpiozero's `bounce_time`, `hold_time` and `when_held`: see
docs/hardware.md, "Why the buttons' timing is not gpiozero's". gpiozero only delivers
the edges, through a `DigitalInputDevice` each (`when_activated`, `when_deactivated`):
a gpiozero `Button` would also start a hold thread per button, unused here. gpiozero is
imported lazily.
"""

from __future__ import annotations

import os
import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

BUTTONS = ("up", "down", "select", "back", "ok")
QUIT = "quit"


@dataclass(frozen=True)
class ButtonEvent:
    button: str          # one of BUTTONS, or "quit" (keyboard only)
    long: bool = False


# --------------------------------------------------------------------------- pure logic

class Debouncer:
    """Edge-fed debounce: a new level is accepted once it has lasted `window` seconds.

    `feed(level, t)` reports a raw edge; `poll(t)` is called when time passes (at
    `deadline`). Both return the accepted change as (level, since) - `since` is when the
    raw level started - or None. Feeding a level equal to the last raw level is harmless.
    """

    def __init__(self, window: float = 0.03, level: bool = True):
        self.window = float(window)
        self.level = level            # the accepted (debounced) level
        self._raw = level
        self._since = float("-inf")   # when the current raw level started

    @property
    def deadline(self) -> float | None:
        """When poll() may accept a pending change, or None when nothing is pending."""
        return None if self._raw == self.level else self._since + self.window

    @property
    def pending(self) -> tuple[bool, float] | None:
        """The raw level not accepted yet and since when, or None when nothing is pending."""
        return None if self._raw == self.level else (self._raw, self._since)

    def poll(self, t: float) -> tuple[bool, float] | None:
        if self._raw != self.level and t - self._since >= self.window:
            self.level = self._raw
            return self.level, self._since
        return None

    def feed(self, level: bool, t: float) -> list[tuple[bool, float]]:
        out = []
        if level == self._raw:
            return out
        accepted = self.poll(t)        # the previous raw level may have lasted long enough
        if accepted:
            out.append(accepted)
        self._raw, self._since = level, t
        accepted = self.poll(t)        # window 0: accepted at once
        if accepted:
            out.append(accepted)
        return out


class ButtonLogic:
    """One button: raw pin edges -> debounced press -> short/long ButtonEvents.

    `edge(level, t)` with the pin level (True = high); `tick(t)` when time passes (at
    `deadline`). With pull-up wiring (active_low) a low pin is a pressed button.
    """

    def __init__(self, name: str, hold_time: float = 0.8, debounce: float = 0.03,
                 active_low: bool = True):
        self.name = name
        self.hold_time = hold_time
        self.active_low = active_low
        self._deb = Debouncer(debounce, level=active_low)   # idle level: high for pull-up
        self._pressed_at: float | None = None
        self._held = False

    @property
    def pressed(self) -> bool:
        return self._pressed_at is not None

    def _is_pressed(self, level: bool) -> bool:
        return level != self.active_low

    @property
    def deadline(self) -> float | None:
        times = [self._deb.deadline]
        if self._pressed_at is not None and not self._held and self._releasing() is None:
            times.append(self._pressed_at + self.hold_time)
        times = [x for x in times if x is not None]
        return min(times) if times else None

    def _releasing(self) -> float | None:
        """When a release still waiting out its debounce began, or None."""
        pending = self._deb.pending
        return pending[1] if pending and not self._is_pressed(pending[0]) else None

    def _hold_check(self, t: float) -> list[ButtonEvent]:
        """One long event once the press has lasted `hold_time` by `t`; a release still
        being debounced ends the press where it began (a press let go just before
        `hold_time` is short, however long the debounce)."""
        releasing = self._releasing()
        end = t if releasing is None else min(t, releasing)
        if self._pressed_at is not None and not self._held \
                and end - self._pressed_at >= self.hold_time:
            self._held = True
            return [ButtonEvent(self.name, True)]
        return []

    def _accept(self, level: bool, since: float) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        if self._is_pressed(level):
            if self._pressed_at is None:
                self._pressed_at, self._held = since, False
        elif self._pressed_at is not None:
            out += self._hold_check(since)        # held long enough before it was let go
            if not self._held:
                out.append(ButtonEvent(self.name, False))
            self._pressed_at, self._held = None, False
        return out

    def tick(self, t: float) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        accepted = self._deb.poll(t)
        if accepted:
            out += self._accept(*accepted)
        out += self._hold_check(t)
        return out

    def edge(self, level: bool, t: float) -> list[ButtonEvent]:
        out: list[ButtonEvent] = []
        for accepted in self._deb.feed(bool(level), t):
            out += self._accept(*accepted)
        # a hold that passed while no tick came: still one long event, before anything else
        pending = self._deb.pending
        if self._pressed_at is not None and not self._held and pending is not None:
            out += self._hold_check(pending[1])
        return out


# --------------------------------------------------------------------------- sources

class ButtonSource:
    """The queue every source shares. Subclasses put events; users poll them."""

    name = "buttons"

    def __init__(self) -> None:
        self._queue: queue.Queue[ButtonEvent] = queue.Queue()
        self.closed = False

    def put(self, event: ButtonEvent) -> None:
        self._queue.put(event)

    def poll(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next event; waits up to `timeout` seconds (None: forever, 0: no wait)."""
        try:
            if timeout is not None and timeout <= 0:
                return self._queue.get_nowait()
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self) -> None:
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ScriptedButtons(ButtonSource):
    """Events given in advance (tests, demos): ButtonEvent, "ok" (short) or ("ok", True)."""

    name = "scripted"

    def __init__(self, events: Iterable[ButtonEvent | str | tuple[str, bool]] = ()):
        super().__init__()
        for e in events:
            if isinstance(e, str):
                e = ButtonEvent(e, False)
            elif isinstance(e, tuple):
                e = ButtonEvent(*e)
            self.put(e)

    def poll(self, timeout: float | None = None) -> ButtonEvent | None:
        return super().poll(0)            # never blocks: an empty script is the end


class NullButtons(ButtonSource):
    """No buttons at all: poll waits its timeout and returns None."""

    name = "none"


class GpioButtons(ButtonSource):
    """gpiozero Buttons -> events, debounced by our own ButtonLogic.

    `pins` maps button name to a GPIO (5 or "GPIO5"). A small daemon thread wakes at
    the next deadline (debounce settled, hold_time reached) while a button is down.
    """

    name = "gpio"

    def __init__(self, pins: dict[str, int | str], hold_time: float = 0.8,
                 debounce_ms: float = 30, pull_up: bool = True, pin_factory=None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__()
        from gpiozero import DigitalInputDevice  # lazy: only where GPIO is wanted

        self._clock = clock
        self._lock = threading.Condition()
        self._logic: dict[str, ButtonLogic] = {}
        self.buttons: dict[str, object] = {}      # keep references: gpiozero frees unreferenced
        self.pins = dict(pins)
        try:
            for name, pin in pins.items():
                b = DigitalInputDevice(pin, pull_up=pull_up, bounce_time=None,
                                       pin_factory=pin_factory)
                self.buttons[name] = b
                self._logic[name] = ButtonLogic(name, hold_time, debounce_ms / 1000.0,
                                                active_low=pull_up)
                b.when_activated = (lambda n=name: self._edge(n, True))
                b.when_deactivated = (lambda n=name: self._edge(n, False))
        except Exception:
            self._close_buttons()
            raise
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="buttons-ticker", daemon=True)
        self._thread.start()

    def _edge(self, name: str, active: bool) -> None:
        logic = self._logic[name]
        level = (not active) if logic.active_low else active
        with self._lock:
            for e in logic.edge(level, self._clock()):
                self.put(e)
            self._lock.notify_all()

    def _run(self) -> None:
        with self._lock:
            while not self._stop:
                deadlines = [d for d in (lg.deadline for lg in self._logic.values())
                             if d is not None]
                if not deadlines:
                    self._lock.wait()
                    continue
                wait = min(deadlines) - self._clock()
                if wait > 0:
                    self._lock.wait(wait)
                    continue
                now = self._clock()
                for logic in self._logic.values():
                    for e in logic.tick(now):
                        self.put(e)

    def _close_buttons(self) -> None:
        for b in self.buttons.values():
            try:
                b.close()
            except Exception:
                pass

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        with self._lock:
            self._stop = True
            self._lock.notify_all()
        self._thread.join(timeout=1)
        self._close_buttons()


class GpioUnavailable(RuntimeError):
    """No pin factory here (the message says why: gpio_available)."""


RETRY_EVERY = 5.0
"""Seconds between attempts to open GPIO buttons that could not be opened (the service)."""


class RetryingButtons(ButtonSource):
    """GPIO buttons that could not be opened at start, opened again every `retry_every`
    seconds until they are (lgpio or the chip not ready at boot, a group granted late):
    opened once, the service ran without buttons until it was restarted. Until then a
    poll waits its timeout and returns nothing, as NullButtons. `open_gpio()` returns
    the buttons or raises."""

    name = "gpio"

    def __init__(self, open_gpio: Callable[[], ButtonSource], retry_every: float = RETRY_EVERY,
                 say: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self._open = open_gpio
        self.retry_every = retry_every
        self._say = say or (lambda m: print(m, file=sys.stderr))
        self._clock = clock
        self._next_try = clock() + retry_every
        self.inner: ButtonSource | None = None

    def poll(self, timeout: float | None = None) -> ButtonEvent | None:
        if self.inner is None and not self.closed and self._clock() >= self._next_try:
            self._next_try = self._clock() + self.retry_every
            try:
                self.inner = self._open()
            except Exception:  # as at the start, said then: the next try may work
                pass
            else:
                self._say("buttons: the GPIO buttons answer now")
        if self.inner is not None:
            return self.inner.poll(timeout)
        return super().poll(timeout)

    def close(self) -> None:
        super().close()
        if self.inner is not None:
            self.inner.close()


# --------------------------------------------------------------------------- keyboard

def _ev(name: str, long: bool = False) -> ButtonEvent:
    return ButtonEvent(name, long)


# The one place that says which key does what; the help screen lists it (key_help()).
KEYMAP: dict[str, ButtonEvent] = {
    "\x1b[A": _ev("up"), "\x1bOA": _ev("up"), "w": _ev("up"), "k": _ev("up"),
    "\x1b[B": _ev("down"), "\x1bOB": _ev("down"), "s": _ev("down"), "j": _ev("down"),
    "\r": _ev("select"), "\n": _ev("select"),
    "\x7f": _ev("back"), "\x08": _ev("back"), "\x1b": _ev("back"), "b": _ev("back"),
    " ": _ev("ok"), "o": _ev("ok"),
    "W": _ev("up", True), "K": _ev("up", True),
    "S": _ev("down", True), "J": _ev("down", True),
    "B": _ev("back", True), "u": _ev("back", True),
    "m": _ev("select", True),
    "O": _ev("ok", True),
    "q": _ev(QUIT), "\x04": _ev(QUIT),
}

KEY_NAMES = {"\x1b[A": "Up", "\x1bOA": None, "\x1b[B": "Down", "\x1bOB": None,
             "\r": "Enter", "\n": None, "\x7f": "Backspace", "\x08": None, "\x1b": "Esc",
             " ": "Space", "\x04": None}

ACTIONS = {
    _ev("up"): "up", _ev("down"): "down", _ev("select"): "select", _ev("back"): "back",
    _ev("ok"): "roll / OK", _ev("up", True): "long up", _ev("down", True): "long down",
    _ev("back", True): "undo (long back)", _ev("select", True): "game menu (long select)",
    _ev("ok", True): "long OK", _ev(QUIT): "quit",
}


def key_help() -> list[tuple[str, str]]:
    """[(keys, action)] in a stable order, e.g. ("Up/w/k", "up"), for a help screen."""
    grouped: dict[ButtonEvent, list[str]] = {}
    for key, ev in KEYMAP.items():
        label = KEY_NAMES.get(key, key)
        if label is None:
            continue
        grouped.setdefault(ev, []).append(label)
    return [("/".join(keys), ACTIONS[ev]) for ev, keys in grouped.items()]


def decode_keys(data: str) -> tuple[list[ButtonEvent], str]:
    """Turn typed characters into events; returns (events, unfinished escape sequence).

    An ESC at the very end stays pending (it may start an arrow key); KeyboardButtons
    treats it as the Esc key when nothing follows within ESC_WAIT seconds.
    """
    events: list[ButtonEvent] = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch == "\x1b":
            if i + 1 >= len(data):
                return events, data[i:]
            nxt = data[i + 1]
            if nxt in "[O":
                if i + 2 >= len(data):
                    return events, data[i:]
                # CSI: parameters then a final byte in @..~
                j = i + 2
                while j < len(data) and not ("@" <= data[j] <= "~"):
                    j += 1
                if j >= len(data):
                    return events, data[i:]
                seq = data[i:j + 1]
                if seq in KEYMAP:
                    events.append(KEYMAP[seq])
                i = j + 1
                continue
            events.append(KEYMAP["\x1b"])
            i += 1
            continue
        if ch in KEYMAP:
            events.append(KEYMAP[ch])
        i += 1
    return events, ""


class KeyboardButtons(ButtonSource):
    """The keyboard as the five buttons (see KEYMAP), read in cbreak mode by a thread.

    The terminal is put in cbreak mode (no echo, no line buffering; Ctrl-C still
    works) and restored on close(). A stream that is not a TTY (a pipe) is read as is.
    """

    name = "keyboard"
    ESC_WAIT = 0.05      # an ESC not followed by '[' within this time is the Esc key

    def __init__(self, stream=None):
        super().__init__()
        self.stream = sys.stdin if stream is None else stream
        self._fd = self.stream.fileno()
        self._saved = None
        if os.isatty(self._fd):
            import termios
            import tty
            self._saved = termios.tcgetattr(self._fd)
            tty.setcbreak(self._fd)
        self._wake_r, self._wake_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="keyboard", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        pending = ""
        while True:
            timeout = self.ESC_WAIT if pending else None
            ready, _, _ = select.select([self._fd, self._wake_r], [], [], timeout)
            if self._wake_r in ready:
                return
            if not ready:             # the escape sequence did not continue: a lone Esc
                pending = pending[1:]
                self.put(KEYMAP["\x1b"])
                events, pending = decode_keys(pending)
                for e in events:
                    self.put(e)
                continue
            try:
                chunk = os.read(self._fd, 64)
            except OSError:
                return
            if not chunk:             # end of input: like q
                self.put(ButtonEvent(QUIT, False))
                return
            events, pending = decode_keys(pending + chunk.decode("utf-8", "replace"))
            for e in events:
                self.put(e)

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass
        self._thread.join(timeout=1)
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass
        if self._saved is not None:
            import termios
            termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)
            self._saved = None


# --------------------------------------------------------------------------- from config

def gpio_available(pin_factory=None) -> tuple[bool, str]:
    """Can gpiozero drive real pins here? (ok, which factory or why not)."""
    import warnings
    try:
        from gpiozero import Device
    except ImportError as e:
        return False, f"gpiozero is not installed ({e})"
    if pin_factory is not None:
        return True, type(pin_factory).__name__
    if Device.pin_factory is not None:
        return True, type(Device.pin_factory).__name__
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")   # a PinFactoryFallback per factory tried
            Device.ensure_pin_factory()
    except Exception as e:  # BadPinFactory: none loads here (not a Pi, no lgpio)
        return False, f"{type(e).__name__}: {e}"
    return True, type(Device.pin_factory).__name__


def open_buttons(cfg, *, stream=None, pin_factory=None,
                 say: Callable[[str], None] | None = None, retry: bool = False,
                 clock: Callable[[], float] = time.monotonic) -> ButtonSource:
    """Buttons from a ButtonsConfig: GPIO, else the keyboard (when stdin is a TTY), else none.
    With `retry` (the service: no keyboard), GPIO that cannot be opened is tried again
    every few seconds (RetryingButtons)."""
    say = say or (lambda m: print(m, file=sys.stderr))
    source = cfg.source
    stream = sys.stdin if stream is None else stream
    if source in ("auto", "gpio"):
        def open_gpio() -> ButtonSource:
            ok, why = gpio_available(pin_factory)
            if not ok:
                raise GpioUnavailable(why)
            return GpioButtons(cfg.pins, cfg.hold_time, cfg.debounce_ms, cfg.pull_up,
                               pin_factory=pin_factory)

        try:
            return open_gpio()
        except Exception as e:
            why = str(e) if isinstance(e, GpioUnavailable) else f"{type(e).__name__}: {e}"
        if retry:
            say(f"buttons: GPIO not available ({why}); trying again every {RETRY_EVERY:g} s")
            return RetryingButtons(open_gpio, say=say, clock=clock)
        say(f"buttons: GPIO not available ({why}); using the keyboard")
        source = "keyboard"
    if source == "keyboard":
        try:
            if os.isatty(stream.fileno()):
                return KeyboardButtons(stream)
            say("buttons: standard input is not a terminal; no buttons")
        except (OSError, ValueError, AttributeError) as e:
            say(f"buttons: no keyboard ({e}); no buttons")
    return NullButtons()
