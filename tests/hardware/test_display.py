"""hardware.display through luma's dummy device and a capturing serial interface."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from companion.config import defaults, replace
from hardware.display import (
    DimmingDisplay,
    LumaDisplay,
    NullDisplay,
    PngDisplay,
    ResilientDisplay,
    TerminalDisplay,
    from_halfblocks,
    open_display,
    to_halfblocks,
)


class CapturingSerial:
    """A luma serial interface that keeps what the driver sends (PLATFORM-NOTES 2)."""

    def __init__(self):
        self.commands: list[tuple[int, ...]] = []
        self.sent: list[list[int]] = []      # not named `data`: that is the method

    def command(self, *cmd):
        self.commands.append(cmd)

    def data(self, data):
        self.sent.append(list(data))

    def cleanup(self):
        self.commands.append(("cleanup",))


def decode_pages(buf, width, height) -> Image.Image:
    """SSD1306 page format back to an image: byte = 8 vertical pixels, LSB on top."""
    assert len(buf) == width * height // 8
    img = Image.new("1", (width, height))
    px = img.load()
    for page in range(height // 8):
        for x in range(width):
            byte = buf[page * width + x]
            for bit in range(8):
                px[x, page * 8 + bit] = 255 if byte >> bit & 1 else 0
    return img


def sample(size=(128, 64)) -> Image.Image:
    img = Image.new("1", size)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, size[0] - 1, size[1] - 1), outline=1)
    d.text((4, 4), "Dice:3 5 6", fill=1)
    d.ellipse((90, 10, 120, 40), fill=1)
    d.point((5, size[1] - 3), fill=1)
    return img


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("1").tobytes() == b.convert("1").tobytes()


# ---------------------------------------------------------------- half-blocks

def test_halfblocks_small_exact():
    img = Image.new("1", (3, 4))
    img.putpixel((0, 0), 1)
    img.putpixel((1, 1), 1)
    img.putpixel((2, 0), 1)
    img.putpixel((2, 1), 1)
    img.putpixel((0, 3), 1)
    assert to_halfblocks(img) == "\u2580\u2584\u2588\n\u2584  "


def test_halfblocks_size_and_roundtrip():
    text = to_halfblocks(sample())
    lines = text.split("\n")
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    assert set(text) <= set(" \u2580\u2584\u2588\n")
    assert same(from_halfblocks(text), sample())


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 16), st.integers(1, 8), st.randoms(use_true_random=False))
def test_halfblocks_property(w, rows, rnd):
    img = Image.new("1", (w, rows * 2))
    for x in range(w):
        for y in range(rows * 2):
            img.putpixel((x, y), rnd.choice((0, 1)))
    assert same(from_halfblocks(to_halfblocks(img)), img)


# ---------------------------------------------------------------- luma

def test_luma_dummy_device_shows_the_image():
    from luma.core.device import dummy
    disp = LumaDisplay(dummy(width=128, height=64, mode="1"))
    assert disp.size == (128, 64)
    disp.show(sample())
    assert same(disp.device.image, sample())
    disp.show(sample().convert("L"))          # another mode is converted
    with pytest.raises(ValueError, match="128x32"):
        disp.show(Image.new("1", (128, 32)))


def test_a_luma_display_blanks_on_close_unless_its_image_is_kept():
    """A service that cannot start leaves why on the OLED: luma blanks the display at
    cleanup (and at exit) unless the device persists."""
    from luma.core.device import dummy
    blanked = LumaDisplay(dummy(width=128, height=64, mode="1"))
    blanked.show(sample())
    blanked.close()
    assert blanked.device.image.getbbox() is None
    kept = LumaDisplay(dummy(width=128, height=64, mode="1"))
    kept.show(sample())
    kept.keep_shown()
    kept.close()
    assert same(kept.device.image, sample())


@pytest.mark.parametrize("driver, height", [("ssd1306", 64), ("ssd1306", 32), ("ssd1309", 64)])
def test_open_display_ssd1306_bytes_decode_to_the_image(driver, height):
    serial = CapturingSerial()
    cfg = replace(defaults(), display={"driver": driver, "height": height}).display
    disp = open_display(cfg, serial=serial, say=pytest.fail)
    assert disp.size == (128, height)
    serial.sent.clear()
    disp.show(sample((128, height)))
    assert len(serial.sent) == 1
    assert same(decode_pages(serial.sent[0], 128, height), sample((128, height)))


def test_sh1106_sends_one_page_per_call():
    serial = CapturingSerial()
    cfg = replace(defaults(), display={"driver": "sh1106"}).display
    disp = open_display(cfg, serial=serial, say=pytest.fail, dimming=False)
    serial.sent.clear()
    disp.show(sample())
    assert len(serial.sent) == 8
    assert same(decode_pages(sum(serial.sent, []), 128, 64), sample())


def test_rotation_180_is_applied_by_luma():
    serial = CapturingSerial()
    cfg = replace(defaults(), display={"rotate": 2}).display
    disp = open_display(cfg, serial=serial, say=pytest.fail, dimming=False)
    serial.sent.clear()
    disp.show(sample())
    assert same(decode_pages(serial.sent[0], 128, 64), sample().rotate(180))


def test_contrast_and_power_commands_reach_the_chip():
    serial = CapturingSerial()
    now = [0.0]
    cfg = replace(defaults(), display={"contrast": 200, "dim_contrast": 10,
                                       "dim_after": 5, "blank_after": 20}).display
    disp = open_display(cfg, serial=serial, say=pytest.fail, clock=lambda: now[0])
    assert isinstance(disp, DimmingDisplay)
    assert (0x81, 200) in serial.commands            # SETCONTRAST
    disp.show(sample())
    now[0] = 6
    assert disp.tick() == "dim" and serial.commands[-1] == (0x81, 10)
    now[0] = 21
    assert disp.tick() == "blank" and serial.commands[-1] == (0xAE,)   # DISPLAYOFF
    disp.wake()
    assert (0xAF,) in serial.commands[-3:] and (0x81, 200) in serial.commands[-3:]
    disp.close()
    assert serial.commands[-1] == ("cleanup",)


def test_missing_i2c_falls_back_to_terminal_and_says_why_once():
    said = []
    out = io.StringIO()
    disp = open_display(defaults().display, stream=out, say=said.append)
    assert isinstance(disp.inner, TerminalDisplay)
    assert len(said) == 1
    assert said[0].startswith("display: cannot open ssd1306 on I2C bus 1 address 0x3C")
    assert "/dev/i2c-1" in said[0] and "terminal stand-in" in said[0]
    assert "Traceback" not in said[0]
    disp.show(sample())
    assert to_halfblocks(sample()) in out.getvalue()


def test_missing_oled_with_fallback_none_is_retried():
    """The service (fallback "none") keeps trying an OLED missing at boot."""
    said = []
    cfg = replace(defaults(), display={"fallback": "none", "interface": "spi"}).display
    disp = open_display(cfg, say=said.append, dimming=False)
    assert isinstance(disp, ResilientDisplay) and disp.failed
    assert "SPI 0.0" in said[0] and "retrying every 5 s" in said[0]
    disp.show(sample())  # nothing to draw on, and no error


# ---------------------------------------------------------------- an OLED that fails

class FlakySerial(CapturingSerial):
    """A luma I2C bus that fails the way luma's i2c does when a wire comes loose: after
    `writes` more writes, every command and data write raises luma's DeviceNotFoundError
    (luma.core.error.Error, not OSError) until plug() is called."""

    def __init__(self, writes: int | None = None):
        super().__init__()
        self.writes_left = writes

    def _write(self):
        from luma.core.error import DeviceNotFoundError

        if self.writes_left is not None:
            if self.writes_left <= 0:
                raise DeviceNotFoundError("I2C device not found on address: 0x3C")
            self.writes_left -= 1

    def command(self, *cmd):
        self._write()
        super().command(*cmd)

    def data(self, data):
        self._write()
        super().data(data)

    def plug(self):
        self.writes_left = None


def lost_oled(writes: int, **display):
    serial = FlakySerial()
    now = [0.0]
    said: list[str] = []
    cfg = replace(defaults(), display={"dim_after": 0, "blank_after": 0, **display}).display
    disp = open_display(cfg, serial=serial, say=said.append, clock=lambda: now[0])
    serial.writes_left = writes
    return disp, serial, now, said


def test_an_oled_lost_mid_game_is_retried_and_given_the_last_frame():
    disp, serial, now, said = lost_oled(writes=1)
    disp.show(sample())                   # the 1 write left
    other = Image.new("1", (128, 64), 1)
    disp.show(other)                      # the bus fails: no exception reaches the game
    assert disp.failed and disp.lost == 1
    assert len(said) == 1 and "DeviceNotFoundError" in said[0] and "goes on" in said[0]
    now[0] = 1.0
    disp.show(sample())                   # the frame the game shows now
    for t in (5.0, 10.0, 15.0):           # retried every 5 s, quietly, while unplugged
        now[0] = t
        disp.tick()
    assert disp.failed and len(said) == 1
    serial.plug()
    serial.sent.clear()
    now[0] = 19.0
    disp.tick()
    assert disp.failed                    # not yet 5 s since the last try
    now[0] = 20.0
    disp.tick()
    assert not disp.failed and said[-1] == "display: the ssd1306 answers again"
    assert same(decode_pages(serial.sent[-1], 128, 64), sample())  # the last frame
    assert (0x81, 128) in serial.commands  # its contrast again


def test_a_contrast_change_on_a_lost_oled_is_kept_for_its_return():
    disp, serial, now, said = lost_oled(writes=0, contrast=128)
    disp.set_contrast(40)                 # DimmingDisplay dims: the bus fails
    disp.set_power(False)
    assert disp.failed and len(said) == 1
    serial.plug()
    now[0] = 5.0
    disp.tick()
    assert not disp.failed
    assert serial.commands[-2:] == [(0x81, 40), (0xAE,)]   # dimmed, and still dark


def test_a_dimming_display_retries_its_lost_oled_while_the_screen_stays():
    serial = FlakySerial()
    now = [0.0]
    disp = open_display(defaults().display, serial=serial, say=lambda _: None,
                        clock=lambda: now[0])
    assert isinstance(disp, DimmingDisplay)
    serial.writes_left = 0
    disp.show(sample())
    assert disp.inner.failed
    serial.plug()
    now[0] = 5.0
    disp.tick()                           # what play's loop calls while nothing changes
    assert not disp.inner.failed


def test_an_oled_that_fails_while_reopening_stays_failed():
    disp, serial, now, said = lost_oled(writes=0)
    disp.show(sample())
    serial.writes_left = 3                # answers the start of the init, then fails again
    now[0] = 5.0
    disp.tick()
    assert disp.failed and len(said) == 1


def test_a_program_error_is_not_taken_for_a_lost_oled():
    disp, serial, now, said = lost_oled(writes=None)
    with pytest.raises(ValueError, match="the display is 128x64"):
        disp.show(Image.new("1", (64, 32)))
    assert not disp.failed


@pytest.mark.parametrize("exc, node_there, hint", [
    ("DeviceNotFoundError('I2C device not found: /dev/i2c-1')", False,
     "no /dev/i2c-1: enable I2C (sudo raspi-config nonint do_i2c 0) and reboot"),
    ("DeviceNotFoundError('I2C device not found on address: 0x3C')", True,
     "the bus works but nothing answers there: check the wiring and display.i2c_address"),
    ("OSError(6, 'No such device or address')", True, "nothing answers there"),
    ("DevicePermissionError('I2C device permission denied: /dev/i2c-1')", True,
     "add the user to the i2c and gpio groups"),
    ("ModuleNotFoundError(\"No module named 'spidev'\")", True, "install the missing module"),
])
def test_the_display_hint_follows_the_exception_type_and_the_bus(exc, node_there, hint):
    from luma.core.error import DeviceNotFoundError, DevicePermissionError  # noqa: F401

    from hardware.display import describe_error

    text = describe_error(defaults().display, eval(exc), bus_exists=lambda _: node_there)
    assert hint in text
    assert ("reboot" in text) == (not node_there)


# ---------------------------------------------------------------- stand-ins

class FakeTTY(io.StringIO):
    def isatty(self):
        return True


def test_terminal_tty_redraws_in_place(monkeypatch):
    monkeypatch.setenv("COLUMNS", "128")  # room for half-blocks (test_terminal_drawing: less)
    monkeypatch.setenv("LINES", "40")
    out = FakeTTY()
    t = TerminalDisplay(out)
    t.show(sample())
    t.show(sample())
    text = out.getvalue()
    assert text.startswith("\x1b[2J\x1b[H")
    assert text.count("\x1b[H") == 2
    assert text.split("\x1b[H")[2] == to_halfblocks(sample()) + "\n"


def test_terminal_plain_writes_only_changed_frames():
    out = io.StringIO()
    t = TerminalDisplay(out)
    t.show(sample())
    t.show(sample())
    assert "\x1b" not in out.getvalue()
    assert out.getvalue() == to_halfblocks(sample()) + "\n\n"
    t.show(Image.new("1", (128, 64)))
    assert out.getvalue().count("\n\n") == 2


def test_png_display_frames_and_gif(tmp_path):
    p = PngDisplay(tmp_path / "f", scale=3, gif=True)
    p.show(sample())
    p.show(Image.new("1", (128, 64), 1))
    gif = p.close()
    assert [x.name for x in p.paths] == ["frame_00000.png", "frame_00001.png"]
    first = Image.open(p.paths[0])
    assert first.size == (384, 192)
    assert same(first.resize((128, 64), Image.Resampling.NEAREST), sample())
    with Image.open(gif) as g:
        assert g.n_frames == 2


def test_png_display_never_overwrites_the_frames_of_an_earlier_run(tmp_path):
    earlier = PngDisplay(tmp_path)
    earlier.show(sample())
    earlier.show(sample())
    kept = earlier.paths[1].read_bytes()
    later = PngDisplay(tmp_path)  # `companion play --frames DIR` again, resuming the game
    later.show(Image.new("1", (128, 64), 1))
    assert [x.name for x in later.paths] == ["frame_00002.png"]
    assert earlier.paths[1].read_bytes() == kept


def test_png_display_frame_appears_only_whole(tmp_path, monkeypatch):
    """A watcher of the folder (a viewer, the small-terminal test) never opens a frame
    being written: the PNG is written under a name no frame has, then renamed."""
    written_to = []
    real_save = Image.Image.save

    def save(image, fp, *args, **kwargs):
        written_to.append(Path(fp).name)
        return real_save(image, fp, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "save", save)
    p = PngDisplay(tmp_path / "f")
    p.show(sample())
    p.show(sample())
    assert len(written_to) == 2
    assert not [name for name in written_to if name.startswith("frame_")]
    assert sorted(x.name for x in (tmp_path / "f").iterdir()) == ["frame_00000.png",
                                                                "frame_00001.png"]


def test_open_display_png_driver(tmp_path):
    cfg = replace(defaults(), display={"driver": "png", "png_dir": str(tmp_path),
                                       "png_scale": 1, "dim_after": 0, "blank_after": 0}).display
    disp = open_display(cfg, say=pytest.fail)
    assert isinstance(disp, PngDisplay)
    disp.show(sample())
    assert same(Image.open(tmp_path / "frame_00000.png"), sample())


# ---------------------------------------------------------------- dimming on a stand-in

def test_dimming_blank_and_wake_on_a_terminal():
    now = [100.0]
    out = io.StringIO()
    term = TerminalDisplay(out)
    d = DimmingDisplay(term, contrast=255, dim_contrast=8, dim_after=10, blank_after=30,
                       clock=lambda: now[0])
    d.show(sample())
    now[0] = 109.9
    d.show(sample())                   # the same frame again is not activity
    assert d.state == "on"
    now[0] = 110
    d.show(sample())
    assert d.state == "dim" and term.contrast == 8
    now[0] = 130
    assert d.tick() == "blank" and term.power is False
    frames = term.frames
    d.show(sample())                   # unchanged: stays dark, nothing drawn
    assert d.state == "blank" and term.frames == frames
    d.wake()                           # a button press
    assert d.state == "on" and term.power and term.contrast == 255
    assert out.getvalue().rstrip("\n").endswith(to_halfblocks(sample()))
    now[0] = 200
    d.tick()
    assert d.state == "blank"
    d.show(Image.new("1", (128, 64), 1))   # a new picture wakes it
    assert d.state == "on"


def test_dimming_disabled_with_zero():
    now = [0.0]
    d = DimmingDisplay(NullDisplay(), dim_after=0, blank_after=0, clock=lambda: now[0])
    now[0] = 1e6
    assert d.tick() == "on"


# ---------------------------------------------------------------- an OLED missing for hours

class UnpluggedBus:
    """smbus2.SMBus as luma's i2c opens it, holding a real descriptor as /dev/i2c-1 does;
    while `plugged` is false every write fails as a missing chip does (EREMOTEIO)."""

    plugged = False
    open_buses = 0

    def __init__(self, port):
        self.fd = os.open(os.devnull, os.O_RDWR)
        UnpluggedBus.open_buses += 1

    def _write(self):
        if not UnpluggedBus.plugged:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def write_i2c_block_data(self, address, register, data):
        self._write()

    def i2c_rdwr(self, *messages):
        self._write()

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
            UnpluggedBus.open_buses -= 1


def descriptors() -> int:
    return len(os.listdir(f"/proc/{os.getpid()}/fd"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc here")
def test_an_oled_missing_for_hours_holds_no_more_descriptors_or_devices(monkeypatch):
    """Each failed reopen leaked the i2c bus's descriptor (luma's device init and its
    cleanup() never close it when the chip does not answer) and kept a luma device for
    ever (its exit hook): +720 descriptors an hour, then the watchdog's socket could
    not be opened and systemd killed the service. Ten simulated hours, then the OLED
    comes, goes mid-game for ten more, and comes back: one bus open, as at the start."""
    import atexit

    import smbus2

    monkeypatch.setattr(smbus2, "SMBus", UnpluggedBus)
    monkeypatch.setattr(UnpluggedBus, "plugged", False)
    monkeypatch.setattr(UnpluggedBus, "open_buses", 0)
    now = [0.0]
    cfg = replace(defaults(), display={"fallback": "none", "dim_after": 0,
                                       "blank_after": 0}).display
    fds, hooks = descriptors(), atexit._ncallbacks()
    disp = open_display(cfg, say=lambda _: None, clock=lambda: now[0])

    def hours(count):
        for _ in range(int(count * 3600 / 5)):
            now[0] += 5.0
            disp.tick()

    hours(10)
    assert disp.failed and UnpluggedBus.open_buses == 0
    assert (descriptors(), atexit._ncallbacks()) == (fds, hooks)
    UnpluggedBus.plugged = True
    hours(5 / 3600)
    assert not disp.failed and UnpluggedBus.open_buses == 1
    UnpluggedBus.plugged = False
    disp.show(sample())                   # lost mid-game: closed, though it cannot blank
    assert disp.failed and UnpluggedBus.open_buses == 0
    hours(10)
    UnpluggedBus.plugged = True
    hours(5 / 3600)
    assert not disp.failed
    assert (descriptors(), UnpluggedBus.open_buses) == (fds + 1, 1)
    assert atexit._ncallbacks() <= hooks + 2  # the two devices that answered, no more
    disp.close()
    assert descriptors() == fds
