"""hardware.buttons: our debounce and hold logic (clock injected), gpiozero's MockFactory,
the keyboard stand-in through a pipe and a pseudo-terminal."""

from __future__ import annotations

import os
import pty
import termios
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.buttons import (
    BUTTONS,
    KEYMAP,
    ButtonEvent,
    ButtonLogic,
    Debouncer,
    GpioButtons,
    KeyboardButtons,
    NullButtons,
    ScriptedButtons,
    decode_keys,
    key_help,
    open_buttons,
)

HIGH, LOW = True, False
PINS = {"up": 5, "down": 6, "select": 13, "back": 19, "ok": 26}


# ---------------------------------------------------------------- Debouncer

def test_debouncer_ignores_chatter_and_spikes():
    d = Debouncer(0.03, level=HIGH)
    # press with 4 ms of chatter
    out = []
    for i, lvl in enumerate([LOW, HIGH, LOW, HIGH, LOW]):
        out += d.feed(lvl, 1.000 + i * 0.001)
    assert out == [] and d.level is HIGH
    assert d.deadline == pytest.approx(1.034)
    assert d.poll(1.033) is None
    assert d.poll(1.034) == (LOW, pytest.approx(1.004))
    # a 5 ms spike while pressed is ignored
    assert d.feed(HIGH, 2.0) == [] and d.feed(LOW, 2.005) == []
    assert d.deadline is None and d.poll(3.0) is None and d.level is LOW


def test_debouncer_accepts_a_change_seen_only_at_the_next_edge():
    d = Debouncer(0.03, level=HIGH)
    assert d.feed(LOW, 0.0) == []
    assert d.feed(HIGH, 0.5) == [(LOW, 0.0)]     # the low level lasted 0.5 s: it counted
    assert d.poll(0.53) == (HIGH, 0.5)


def test_debouncer_zero_window_is_immediate():
    d = Debouncer(0, level=HIGH)
    assert d.feed(LOW, 1.0) == [(LOW, 1.0)]
    assert d.feed(LOW, 1.1) == []
    assert d.feed(HIGH, 1.2) == [(HIGH, 1.2)]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0.0001, max_value=0.1), min_size=1, max_size=30))
def test_debouncer_property_accepts_only_levels_that_lasted(gaps):
    """Every accepted level lasted at least the window; the final level is the last raw one."""
    d = Debouncer(0.03, level=HIGH)
    t, lvl, accepted = 0.0, HIGH, []
    edges = []
    for g in gaps:
        t += g
        lvl = not lvl
        edges.append((lvl, t))
        accepted += d.feed(lvl, t)
    end = t + 1.0
    final = d.poll(end)
    if final:
        accepted.append(final)
    times = [e[1] for e in edges] + [end]
    for level, since in accepted:
        i = [e[1] for e in edges].index(since)
        assert edges[i][0] == level
        assert times[i + 1] - since >= 0.03
    assert d.level == lvl


# ---------------------------------------------------------------- ButtonLogic

def run(logic, script):
    """script: list of ("edge", level, t) / ("tick", t); returns events with times."""
    out = []
    for step in script:
        if step[0] == "edge":
            out += [(e, step[2]) for e in logic.edge(step[1], step[2])]
        else:
            out += [(e, step[1]) for e in logic.tick(step[1])]
    return out


def test_short_press_on_release_after_debounce():
    lg = ButtonLogic("ok", hold_time=0.8, debounce=0.03)
    out = run(lg, [("edge", LOW, 0.0), ("edge", HIGH, 0.001), ("edge", LOW, 0.002),
                   ("tick", 0.032), ("edge", HIGH, 0.3), ("tick", 0.33)])
    assert out == [(ButtonEvent("ok", False), 0.33)]


def test_long_press_once_on_hold_and_nothing_on_release():
    lg = ButtonLogic("back", hold_time=0.8, debounce=0.03)
    events = run(lg, [("edge", LOW, 0.0), ("tick", 0.03)])
    assert events == [] and lg.deadline == pytest.approx(0.8)
    assert run(lg, [("tick", 0.79)]) == []
    assert run(lg, [("tick", 0.8)]) == [(ButtonEvent("back", True), 0.8)]
    assert lg.deadline is None
    assert run(lg, [("tick", 2.0), ("edge", HIGH, 3.0), ("tick", 3.03), ("tick", 4)]) == []
    assert not lg.pressed


def test_long_press_without_ticks_is_still_long():
    lg = ButtonLogic("select", hold_time=0.8, debounce=0.03)
    out = run(lg, [("edge", LOW, 0.0), ("edge", HIGH, 1.0), ("tick", 1.03)])
    assert [e for e, _ in out] == [ButtonEvent("select", True)]


@pytest.mark.parametrize("debounce", [0.03, 0.3])
def test_a_press_let_go_just_before_the_hold_time_is_short(debounce):
    """The ticker woke at the hold deadline while the release was still being debounced,
    and timed the hold up to then: a short Back became an undo."""
    lg = ButtonLogic("back", hold_time=0.8, debounce=debounce)
    out = run(lg, [("edge", LOW, 0.0), ("tick", debounce), ("edge", HIGH, 0.79)])
    assert lg.deadline == pytest.approx(0.79 + debounce)  # not the hold's, passed meanwhile
    out += run(lg, [("tick", 0.8), ("tick", 0.79 + debounce)])
    assert [e for e, _ in out] == [ButtonEvent("back", False)]


def test_a_spike_in_a_long_press_does_not_make_it_short():
    lg = ButtonLogic("back", hold_time=0.8, debounce=0.03)
    out = run(lg, [("edge", LOW, 0.0), ("tick", 0.03), ("edge", HIGH, 0.79),
                   ("edge", LOW, 0.795), ("tick", 0.8)])
    assert [e for e, _ in out] == [ButtonEvent("back", True)]


def test_glitch_is_not_a_press():
    lg = ButtonLogic("up", debounce=0.03)
    assert run(lg, [("edge", LOW, 0.0), ("edge", HIGH, 0.01), ("tick", 0.05), ("tick", 1)]) == []


def test_pull_down_wiring_inverts_levels():
    lg = ButtonLogic("up", debounce=0.0, active_low=False)
    assert run(lg, [("edge", HIGH, 0.0), ("edge", LOW, 0.1)]) == [(ButtonEvent("up", False), 0.1)]


# ---------------------------------------------------------------- GpioButtons via MockFactory

def test_gpio_short_press_synchronous(mock_pins):
    btns = GpioButtons(PINS, hold_time=0.8, debounce_ms=0)
    try:
        pin = mock_pins.pin(26)
        pin.drive_low()
        assert btns.poll(0) is None           # nothing until release
        pin.drive_high()
        assert btns.poll(0) == ButtonEvent("ok", False)
        assert btns.poll(0) is None
        assert set(btns.buttons) == set(BUTTONS)
    finally:
        btns.close()


def test_gpio_debounce_on_mock_pins(mock_pins):
    btns = GpioButtons(PINS, hold_time=0.8, debounce_ms=20)
    try:
        pin = mock_pins.pin(13)
        for _ in range(5):                    # 10 edges of chatter: MockPin ignores bounce_time
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        time.sleep(0.05)
        pin.drive_high()
        pin.drive_low()                       # release chatter
        pin.drive_high()
        assert btns.poll(1) == ButtonEvent("select", False)
        assert btns.poll(0.1) is None         # exactly one press
    finally:
        btns.close()


def test_gpio_long_press_from_the_ticker_thread(mock_pins):
    btns = GpioButtons(PINS, hold_time=0.1, debounce_ms=5)
    try:
        pin = mock_pins.pin(19)
        pin.drive_low()
        assert btns.poll(1) == ButtonEvent("back", True)   # while still held
        pin.drive_high()
        assert btns.poll(0.1) is None                      # no short one on release
    finally:
        btns.close()


def test_gpio_pin_names_and_pull_down(mock_pins):
    btns = GpioButtons({"up": "GPIO5", "down": "BOARD31"}, debounce_ms=0, pull_up=False)
    try:
        mock_pins.pin(6).drive_high()
        mock_pins.pin(6).drive_low()
        assert btns.poll(0) == ButtonEvent("down", False)
    finally:
        btns.close()


def test_gpio_close_frees_the_pins(mock_pins):
    btns = GpioButtons(PINS, debounce_ms=0)
    btns.close()
    again = GpioButtons(PINS, debounce_ms=0)   # GPIOPinInUse if the pins were still held
    again.close()


def test_gpio_bad_pin_releases_the_others(mock_pins):
    from gpiozero import Button
    from gpiozero.exc import GPIOPinInUse
    busy = Button(26)
    with pytest.raises(GPIOPinInUse):
        GpioButtons(PINS, debounce_ms=0)
    busy.close()
    GpioButtons(PINS, debounce_ms=0).close()


def test_open_buttons_uses_gpio_when_a_factory_exists(mock_pins):
    from companion.config import defaults
    src = open_buttons(defaults().buttons, say=lambda m: None)
    try:
        assert isinstance(src, GpioButtons) and src.pins == PINS
    finally:
        src.close()


def test_open_buttons_falls_back_without_gpio(monkeypatch):
    from gpiozero import Device

    from companion.config import defaults
    monkeypatch.setattr(Device, "pin_factory", None)
    r, w = os.pipe()
    said = []
    with open(r, "rb", buffering=0) as stream:
        src = open_buttons(defaults().buttons, stream=stream, say=said.append)
        assert isinstance(src, NullButtons)   # not a tty and no GPIO here
    os.close(w)
    assert "GPIO not available" in said[0] and "not a terminal" in said[1]


def test_the_service_opens_gpio_buttons_that_failed_at_boot_once_they_answer(monkeypatch):
    """GPIO was opened once: if it failed at boot (lgpio or the chip not ready yet), the
    service ran without buttons until restarted. It is now tried every 5 s, quietly,
    and the buttons work from the first try that succeeds."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from companion.config import defaults
    def none_yet(cls):  # as on a Pi whose lgpio cannot open the chip yet
        if Device.pin_factory is None:
            raise RuntimeError("no pin factory yet")
        return Device.pin_factory

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "ensure_pin_factory", classmethod(none_yet))
    now = [0.0]
    said: list[str] = []
    src = open_buttons(defaults().buttons, say=said.append, retry=True, clock=lambda: now[0])
    try:
        assert said == ["buttons: GPIO not available (RuntimeError: no pin factory yet); "
                        "trying again every 5 s"]
        for t in (5.0, 10.0, 15.0):  # still not there: said once only
            now[0] = t
            assert src.poll(0) is None
        assert len(said) == 1
        monkeypatch.setattr(Device, "pin_factory", MockFactory())
        now[0] = 19.0
        assert src.poll(0) is None and src.inner is None  # not 5 s since the last try
        now[0] = 20.0
        assert src.poll(0) is None and isinstance(src.inner, GpioButtons)
        assert said[-1] == "buttons: the GPIO buttons answer now"
        pin = Device.pin_factory.pin(26)
        pin.drive_low()
        time.sleep(0.06)
        pin.drive_high()
        time.sleep(0.06)
        assert src.poll(1.0) == ButtonEvent("ok", False)
    finally:
        src.close()
        Device.pin_factory.reset()


# ---------------------------------------------------------------- keyboard

def test_decode_keys():
    ev, rest = decode_keys("wk\x1b[A\x1bOBsj\r \x7fbq")
    assert [(e.button, e.long) for e in ev] == [
        ("up", False), ("up", False), ("up", False), ("down", False), ("down", False),
        ("down", False), ("select", False), ("ok", False), ("back", False), ("back", False),
        ("quit", False)]
    assert rest == ""
    assert decode_keys("uOm") == ([ButtonEvent("back", True), ButtonEvent("ok", True),
                                   ButtonEvent("select", True)], "")
    assert decode_keys("w\x1b") == ([ButtonEvent("up")], "\x1b")
    assert decode_keys("\x1b[") == ([], "\x1b[")
    assert decode_keys("\x1bw") == ([ButtonEvent("back"), ButtonEvent("up")], "")
    assert decode_keys("\x1b[1;5C") == ([], "")          # unknown sequence swallowed whole


def test_key_help_lists_every_button():
    helps = dict((a, k) for k, a in key_help())
    assert helps["up"] == "Up/w/k" and helps["roll / OK"] == "Space/o"
    assert helps["back"] == "Backspace/Esc/b" and helps["quit"] == "q"
    assert helps["undo (long back)"] == "B/u"
    for b in BUTTONS:
        assert ButtonEvent(b, False) in KEYMAP.values()
        assert ButtonEvent(b, True) in KEYMAP.values()


def test_keyboard_through_a_pipe():
    r, w = os.pipe()
    with open(r, "rb", buffering=0) as stream:
        kb = KeyboardButtons(stream)
        try:
            os.write(w, b"j\x1b[A")
            assert kb.poll(1) == ButtonEvent("down")
            assert kb.poll(1) == ButtonEvent("up")
            os.write(w, b"\x1b")                         # a lone Esc, after ESC_WAIT
            assert kb.poll(1) == ButtonEvent("back")
            os.close(w)                                  # end of input -> quit
            assert kb.poll(1) == ButtonEvent("quit")
        finally:
            kb.close()


def test_keyboard_raw_mode_on_a_pty_is_restored():
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    assert before[3] & termios.ICANON
    with open(slave, "rb", buffering=0, closefd=False) as stream:
        kb = KeyboardButtons(stream)
        during = termios.tcgetattr(slave)
        assert not during[3] & termios.ICANON and not during[3] & termios.ECHO
        os.write(master, b"o")                           # no Enter needed in cbreak mode
        assert kb.poll(1) == ButtonEvent("ok")
        kb.close()
    assert termios.tcgetattr(slave) == before
    os.close(master)
    os.close(slave)


def test_scripted_and_null_sources():
    s = ScriptedButtons(["ok", ("back", True), ButtonEvent("up")])
    assert [s.poll(None), s.poll(None), s.poll(None), s.poll(None)] == [
        ButtonEvent("ok"), ButtonEvent("back", True), ButtonEvent("up"), None]
    n = NullButtons()
    assert n.poll(0.01) is None
    n.close()


def test_no_gpiozero_thread_per_button(mock_pins):
    """Debounce and long press are ButtonLogic's: gpiozero's Button would add a hold
    thread per button that nothing uses; one ticker thread serves the five."""
    import threading

    before = {t.ident for t in threading.enumerate()}
    btns = GpioButtons(PINS, hold_time=0.8, debounce_ms=20)
    try:
        new = [t.name for t in threading.enumerate() if t.ident not in before]
        assert new == ["buttons-ticker"], new
    finally:
        btns.close()
