"""Displays: the OLED through luma.oled, or a stand-in (terminal text, PNG frames).

A display is anything with `show(image)` (a PIL image, mode "1", of the display's
`size`), a `size` attribute (width, height) and `close()`. Optional extras, used by
`DimmingDisplay`: `set_contrast(level)` and `set_power(on)`.

`open_display(cfg)` builds one from the [display] config. If the OLED cannot be opened
(no /dev/i2c-1, no permission, nothing at the address), it says why once and falls back
to the terminal stand-in, or (the service, `fallback = "none"`) keeps trying to open it.
An OLED that fails in the middle of a game (a loose wire: luma raises its
`DeviceNotFoundError`, not an OSError) is retried every few seconds by
`ResilientDisplay` and given the last frame when it answers again; the game goes on
without it meanwhile. luma is imported lazily.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image

OLED_DRIVERS = ("ssd1306", "sh1106", "ssd1309")

log = logging.getLogger(__name__)

RETRY_EVERY = 5.0
"""Seconds between attempts to reopen an OLED that failed or was missing."""

_HALF = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}   # ' ', ▀, ▄, █
_UNHALF = {v: k for k, v in _HALF.items()}


def to_halfblocks(image: Image.Image) -> str:
    """The 1-bit image as text, one character per 1x2 pixels (pixel-exact), rows joined by \\n.

    128x64 gives 32 lines of 128 characters. A lit pixel is the top (▀) or bottom (▄)
    half of a cell, both lit is █, neither is a space. An odd last row reads as unlit below.
    """
    img = image.convert("1") if image.mode != "1" else image
    w, h = img.size
    px = img.load()
    lines = []
    for y in range(0, h, 2):
        row = []
        for x in range(w):
            top = 1 if px[x, y] else 0
            bottom = 1 if y + 1 < h and px[x, y + 1] else 0
            row.append(_HALF[top, bottom])
        lines.append("".join(row))
    return "\n".join(lines)


def from_halfblocks(text: str) -> Image.Image:
    """The inverse of to_halfblocks (for tests and tools)."""
    lines = text.split("\n")
    w, h = len(lines[0]), 2 * len(lines)
    img = Image.new("1", (w, h), 0)
    px = img.load()
    for row, line in enumerate(lines):
        for x, ch in enumerate(line):
            top, bottom = _UNHALF[ch]
            px[x, 2 * row] = 255 if top else 0
            px[x, 2 * row + 1] = 255 if bottom else 0
    return img


# A braille cell is 2x4 dots; the bit of each dot (x, y) in the cell, from U+2800.
_BRAILLE_BITS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08),
                 (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80))
_BRAILLE_BLANK = 0x2800


def to_braille(image: Image.Image) -> str:
    """The 1-bit image as text, one braille character per 2x4 pixels (pixel-exact).

    128x64 gives 16 lines of 64 characters: small enough for an 80x24 terminal. A cell
    with no lit pixel is U+2800 (blank braille, not a space, so no tool trims it).
    Pixels beyond an odd width or a height not a multiple of 4 read as unlit.
    """
    img = image.convert("1") if image.mode != "1" else image
    w, h = img.size
    px = img.load()
    lines = []
    for top in range(0, h, 4):
        row = []
        for left in range(0, w, 2):
            code = _BRAILLE_BLANK
            for dx, dy, bit in _BRAILLE_BITS:
                x, y = left + dx, top + dy
                if x < w and y < h and px[x, y]:
                    code |= bit
            row.append(chr(code))
        lines.append("".join(row))
    return "\n".join(lines)


def from_braille(text: str) -> Image.Image:
    """The inverse of to_braille (for tests and tools); a space reads as a blank cell."""
    lines = text.split("\n")
    img = Image.new("1", (2 * len(lines[0]), 4 * len(lines)), 0)
    px = img.load()
    for row, line in enumerate(lines):
        for cell, ch in enumerate(line):
            code = 0 if ch == " " else ord(ch) - _BRAILLE_BLANK
            if not 0 <= code <= 0xFF:
                raise ValueError(f"{ch!r} at line {row + 1}, column {cell + 1} is not braille")
            for dx, dy, bit in _BRAILLE_BITS:
                px[2 * cell + dx, 4 * row + dy] = 255 if code & bit else 0
    return img


def _as_frame(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    if image.size != tuple(size):
        raise ValueError(f"image is {image.size[0]}x{image.size[1]}, "
                         f"the display is {size[0]}x{size[1]}")
    return image if image.mode == "1" else image.convert("1")


# --------------------------------------------------------------------------- displays

class LumaDisplay:
    """A luma device (ssd1306, sh1106, ssd1309, or luma.core.device.dummy in tests)."""

    def __init__(self, device, name: str = "oled"):
        self.device = device
        self.name = name
        self.size = tuple(device.size)
        self.contrast: int | None = None
        self.power = True

    def show(self, image: Image.Image) -> None:
        self.device.display(_as_frame(image, self.size))

    def set_contrast(self, level: int) -> None:
        level = max(0, min(255, int(level)))
        if hasattr(self.device, "contrast"):
            self.device.contrast(level)
        self.contrast = level

    def set_power(self, on: bool) -> None:
        if on:
            self.device.show()           # luma: display on (not: draw an image)
        else:
            self.device.hide()           # luma: display off, contents kept
        self.power = on

    def keep_shown(self) -> None:
        """Leave the last image on the display when it is closed (and when the process
        ends): for a message that must outlive the program, such as why it cannot start."""
        self.device.persist = True

    def close(self) -> None:
        try:
            self.device.cleanup()        # blanks and switches off (unless kept), releases the bus
        except Exception:  # a lost OLED fails the switching off, and luma then never
            _close_quietly(getattr(self.device, "_serial_interface", None))  # frees its bus


def _close_quietly(serial) -> None:
    """Release a luma serial interface (an i2c bus's descriptor), whatever it says."""
    if serial is None:
        return
    try:
        serial.cleanup()
    except Exception:
        pass


class TerminalDisplay:
    """The OLED drawn in a terminal, pixel-exact, in the largest drawing that fits.

    Half-blocks (1x2 pixels a character: 128x64 -> 128x32) when the terminal has room
    for them and `below` more rows (what the caller writes under the screen), else
    braille (2x4 pixels a character: 128x64 -> 64x16, which fits 80x24). The size is
    looked at on every frame, and `redraw_if_resized()` redraws the last frame in the
    drawing that now fits. On a TTY each frame is redrawn in place (ANSI cursor home);
    elsewhere (a log, a pipe) each changed frame is written as plain half-block text
    followed by a blank line.
    """

    name = "terminal"

    def __init__(self, stream=None, size: tuple[int, int] = (128, 64)):
        self.stream = sys.stdout if stream is None else stream
        self.size = tuple(size)
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.below = 0
        self._first = True
        self._last: str | None = None
        self._image: Image.Image | None = None
        self._terminal: tuple[int, int] | None = None
        self.power = True
        self.contrast: int | None = None
        self.frames = 0

    def terminal_size(self) -> tuple[int, int]:
        """(columns, rows) of the terminal now."""
        try:  # the terminal itself: COLUMNS/LINES exported by a shell go stale on resize
            return tuple(os.get_terminal_size(self.stream.fileno()))
        except (AttributeError, ValueError, OSError):
            return tuple(shutil.get_terminal_size())

    def cells(self, terminal: tuple[int, int] | None = None) -> tuple[int, int]:
        """(columns, rows) the screen takes in the drawing chosen for `terminal`."""
        w, h = self.size
        if self._full(terminal or self.terminal_size()):
            return w, (h + 1) // 2
        return (w + 1) // 2, (h + 3) // 4

    def _full(self, terminal: tuple[int, int]) -> bool:
        if not self.tty:
            return True
        columns, rows = terminal
        return columns >= self.size[0] and rows >= (self.size[1] + 1) // 2 + max(self.below, 1)

    def _draw(self, image: Image.Image) -> None:
        self._image = image
        if not self.tty:
            self._write(to_halfblocks(image))
            return
        terminal = self.terminal_size()
        if terminal != self._terminal:
            self._first = True           # a resized terminal keeps stale characters: clear it
            self._terminal = terminal
        self._write(to_halfblocks(image) if self._full(terminal) else to_braille(image))

    def _write(self, text: str) -> None:
        if self.tty:
            prefix = "\x1b[2J\x1b[H" if self._first else "\x1b[H"
            self.stream.write(prefix + text + "\n")
        elif text != self._last:
            self.stream.write(text + "\n\n")
        self._first = False
        self._last = text
        self.stream.flush()
        self.frames += 1

    def show(self, image: Image.Image) -> None:
        self._draw(_as_frame(image, self.size))

    def redraw_if_resized(self) -> bool:
        """Draw the last frame again if the terminal changed size since; True if it did."""
        if not self.tty or self._image is None or self.terminal_size() == self._terminal:
            return False
        self._draw(self._image)
        return True

    def set_contrast(self, level: int) -> None:
        self.contrast = level            # a terminal has no contrast; remembered for tests

    def set_power(self, on: bool) -> None:
        self.power = on
        if not on:
            self._draw(Image.new("1", self.size, 0))

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


class PngDisplay:
    """Each frame to DIR/frame_00000.png, enlarged `scale` times (nearest neighbour);
    with gif=True also DIR/frames.gif at close(). Numbering goes on after the frames
    already in DIR, so a second run (a resumed game) overwrites none of them. A frame is
    written whole under another name, then renamed: whoever watches DIR (a viewer, a
    test) never opens half a PNG."""

    name = "png"

    def __init__(self, directory: str | os.PathLike, size: tuple[int, int] = (128, 64),
                 scale: int = 4, gif: bool = False, gif_duration_ms: int = 200):
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.size = tuple(size)
        self.scale = scale
        self.gif = gif
        self.gif_duration_ms = gif_duration_ms
        self.paths: list[Path] = []
        self._frames: list[Image.Image] = []
        numbers = [int(p.stem[6:]) for p in self.dir.glob("frame_*.png") if p.stem[6:].isdigit()]
        self._first = max(numbers, default=-1) + 1

    def show(self, image: Image.Image) -> None:
        frame = _as_frame(image, self.size)
        big = frame.resize((self.size[0] * self.scale, self.size[1] * self.scale),
                           Image.Resampling.NEAREST)
        path = self.dir / f"frame_{self._first + len(self.paths):05d}.png"
        part = path.with_name(f".{path.name}.part")
        big.save(part, format="PNG")
        os.replace(part, path)
        self.paths.append(path)
        if self.gif:
            self._frames.append(big.convert("L"))

    def close(self) -> Path | None:
        if self.gif and self._frames:
            path = self.dir / "frames.gif"
            first, *rest = self._frames
            first.save(path, save_all=True, append_images=rest, loop=0,
                       duration=self.gif_duration_ms)
            self._frames = []
            return path
        return None


class NullDisplay:
    """No display at all (a headless service with the OLED unplugged)."""

    name = "none"

    def __init__(self, size: tuple[int, int] = (128, 64)):
        self.size = tuple(size)

    def show(self, image: Image.Image) -> None:
        _as_frame(image, self.size)

    def close(self) -> None:
        pass


class DimmingDisplay:
    """Spares the OLED: lower contrast after `dim_after` idle seconds, dark after `blank_after`.

    Activity is `wake()` (call it on every button press) or a `show()` of an image that
    differs from the last one; re-showing the same frame is not activity, so a screen
    redrawn in a loop still dims. `tick()` applies the timers (show() calls it too);
    0 disables a timer. The clock is injected for tests.
    """

    def __init__(self, inner, contrast: int = 255, dim_contrast: int = 16,
                 dim_after: float = 60.0, blank_after: float = 600.0,
                 clock: Callable[[], float] = time.monotonic):
        self.inner = inner
        self.size = inner.size
        self.name = getattr(inner, "name", "display")
        self.contrast = contrast
        self.dim_contrast = dim_contrast
        self.dim_after = dim_after
        self.blank_after = blank_after
        self._clock = clock
        self._last_activity = clock()
        self._last_image: Image.Image | None = None
        self._last_bytes: bytes | None = None
        self.state = "on"                 # "on" | "dim" | "blank"
        self._set_contrast(contrast)

    def _set_contrast(self, level: int) -> None:
        if hasattr(self.inner, "set_contrast"):
            self.inner.set_contrast(level)

    def _power(self, on: bool) -> None:
        if hasattr(self.inner, "set_power"):
            self.inner.set_power(on)
        elif not on:
            self.inner.show(Image.new("1", self.size, 0))

    def wake(self) -> None:
        self._last_activity = self._clock()
        if self.state == "blank":
            self._power(True)
            if self._last_image is not None:
                self.inner.show(self._last_image)
        if self.state != "on":
            self._set_contrast(self.contrast)
        self.state = "on"

    def tick(self) -> str:
        if hasattr(self.inner, "tick"):
            self.inner.tick()  # a failed OLED retried even while the screen stays the same
        idle = self._clock() - self._last_activity
        if self.blank_after and idle >= self.blank_after:
            if self.state != "blank":
                self._power(False)
                self.state = "blank"
        elif self.dim_after and idle >= self.dim_after:
            if self.state == "on":
                self._set_contrast(self.dim_contrast)
                self.state = "dim"
        return self.state

    def show(self, image: Image.Image) -> None:
        frame = _as_frame(image, self.size)
        data = frame.tobytes()
        if data != self._last_bytes:
            self._last_bytes = data
            self._last_image = frame.copy()
            self.wake()
        if self.state != "blank":
            self.inner.show(frame)
        self.tick()

    def close(self):
        return self.inner.close()


def bus_errors() -> tuple[type[BaseException], ...]:
    """What a lost OLED raises: luma's own errors (`DeviceNotFoundError` for EIO and
    EREMOTEIO on I2C, `DevicePermissionError`, ...: subclasses of luma.core.error.Error,
    not of OSError) and the OSErrors luma passes through (ENXIO, ETIMEDOUT)."""
    try:
        from luma.core.error import Error
    except ImportError:
        return (OSError,)
    return (Error, OSError)


class ResilientDisplay:
    """An OLED that may come and go, and a game that goes on meanwhile.

    `open_device()` returns a LumaDisplay or raises. A draw, contrast or power change that
    raises one of `bus_errors()` marks the display failed: it is closed, said once (with
    `say`), and reopened at the first show() or tick() `retry_every` seconds later, again
    and again, quietly. Reopened, it gets the contrast, the last frame and the power
    state it should have, and that is said once too. `display=None` starts failed (an
    OLED missing at boot).
    """

    def __init__(self, open_device: Callable[[], LumaDisplay], display: LumaDisplay | None,
                 size: tuple[int, int], name: str = "oled", retry_every: float = RETRY_EVERY,
                 say: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic):
        self._open = open_device
        self.display = display
        self.size = tuple(size)
        self.name = name
        self.retry_every = retry_every
        self._say = say or log.warning
        self._clock = clock
        self._errors = bus_errors()
        self._next_try = clock() + retry_every
        self._last: Image.Image | None = None
        self.contrast: int | None = None
        self.power = True
        self.keep = False
        self.lost = 0           # times the display was lost (for tests and the log)

    @property
    def failed(self) -> bool:
        return self.display is None

    def _do(self, what: Callable[[LumaDisplay], None]) -> None:
        if self.display is None:
            self.tick()
            return
        try:
            what(self.display)
        except self._errors as e:
            self._lose(e)

    def _lose(self, e: BaseException) -> None:
        display, self.display = self.display, None
        self.lost += 1
        self._next_try = self._clock() + self.retry_every
        self._say(f"display: the {self.name} stopped answering ({type(e).__name__}: {e}); "
                  f"the game goes on, retrying every {self.retry_every:g} s")
        display.close()  # quiet: it swallows the bus's errors

    def tick(self) -> None:
        """Reopen a failed display once `retry_every` has passed since the last try."""
        if self.display is not None or self._clock() < self._next_try:
            return
        self._next_try = self._clock() + self.retry_every
        try:
            display = self._open()
        except Exception:  # whatever the bus or driver says: the next try may work
            return
        try:
            if self.contrast is not None:
                display.set_contrast(self.contrast)
            if self._last is not None:
                display.show(self._last)
            if not self.power:
                display.set_power(False)
            if self.keep:
                display.keep_shown()
        except self._errors:
            display.close()
            return
        self.display = display
        self._say(f"display: the {self.name} answers again")

    def show(self, image: Image.Image) -> None:
        self._last = _as_frame(image, self.size).copy()
        self._do(lambda d: d.show(self._last))

    def set_contrast(self, level: int) -> None:
        self.contrast = max(0, min(255, int(level)))
        self._do(lambda d: d.set_contrast(self.contrast))

    def set_power(self, on: bool) -> None:
        self.power = on
        self._do(lambda d: d.set_power(on))

    def keep_shown(self) -> None:
        self.keep = True
        if self.display is not None:
            self.display.keep_shown()

    def close(self) -> None:
        if self.display is not None:
            self.display.close()


# --------------------------------------------------------------------------- from config

NOP = 0xE3
"""The no-operation command of the SSD1306, SH1106 and SSD1309: a probe that changes nothing."""


def _open_oled(cfg, serial=None):
    """The luma device for cfg (raises when the bus or the chip is not there).

    A missing OLED is tried every few seconds for as long as it is missing, so a try
    must leave nothing behind: the bus this opens is closed when the chip does not
    answer, and the chip is first asked a no-operation, so that no luma device is made
    for an OLED that is not there (each registers an exit hook that holds it for ever).
    """
    from luma.oled import device as oled

    own = serial is None
    if own:
        if cfg.interface == "i2c":
            from luma.core.interface.serial import i2c
            serial = i2c(port=cfg.i2c_port, address=cfg.i2c_address)
        else:
            from luma.core.interface.serial import spi
            serial = spi(port=cfg.spi_port, device=cfg.spi_device,
                         gpio_DC=cfg.spi_dc_pin, gpio_RST=cfg.spi_reset_pin,
                         bus_speed_hz=cfg.spi_speed_hz)
    cls = getattr(oled, cfg.driver)
    try:
        serial.command(NOP)
        return cls(serial, width=cfg.width, height=cfg.height, rotate=cfg.rotate)
    except BaseException:
        if own:
            _close_quietly(serial)
        raise


def describe_error(cfg, exc: BaseException, bus_exists: Callable[[str], bool] = os.path.exists
                   ) -> str:
    """One sentence saying why the OLED did not open and what to do, from the type of
    luma's exception and whether the bus's device node is there: luma raises the same
    DeviceNotFoundError for a bus that is not enabled ("/dev/i2c-1" missing) and for an
    OLED that does not answer on a working bus, and only the first needs a reboot."""
    text = f"{type(exc).__name__}: {exc}"
    node = (f"/dev/i2c-{cfg.i2c_port}" if cfg.interface == "i2c"
            else f"/dev/spidev{cfg.spi_port}.{cfg.spi_device}")
    where = (f"I2C bus {cfg.i2c_port} address 0x{cfg.i2c_address:02X}" if cfg.interface == "i2c"
             else f"SPI {cfg.spi_port}.{cfg.spi_device}")
    hint = _hint(cfg, exc, node, bus_exists)
    return f"display: cannot open {cfg.driver} on {where} ({text}){hint}"


def _hint(cfg, exc: BaseException, node: str, bus_exists: Callable[[str], bool]) -> str:
    try:
        from luma.core import error as luma
    except ImportError:
        luma = None
    bus = "I2C" if cfg.interface == "i2c" else "SPI"
    if isinstance(exc, ImportError):
        return " - install the missing module on the Pi (see docs/install.md)"
    if isinstance(exc, PermissionError) or (
            luma is not None and isinstance(exc, luma.DevicePermissionError)):
        return f" - add the user to the {bus.lower()} and gpio groups, then log in again"
    if not bus_exists(node):
        return (f" - no {node}: enable {bus} (sudo raspi-config nonint do_{bus.lower()} 0) "
                "and reboot")
    if (luma is not None and isinstance(exc, luma.DeviceNotFoundError)) or isinstance(exc, OSError):
        if cfg.interface == "i2c":
            return (" - the bus works but nothing answers there: check the wiring and "
                    f"display.i2c_address (i2cdetect -y {cfg.i2c_port})")
        return " - the bus works but the OLED does not answer: check the wiring and pins"
    return ""


def open_display(cfg, *, stream=None, serial=None, say: Callable[[str], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, dimming: bool = True,
                 bus_exists: Callable[[str], bool] = os.path.exists):
    """The display for a DisplayConfig; `serial` replaces the I2C/SPI bus (tests).

    An OLED that opens is a ResilientDisplay (retried when it fails later). One that does
    not is said once, then replaced by the terminal stand-in (the simulator), or with
    `fallback = "none"` (the service) retried every few seconds until it answers."""
    say = say or (lambda m: print(m, file=sys.stderr))
    size = (cfg.width, cfg.height)
    driver = cfg.driver
    display = None
    if driver in OLED_DRIVERS:
        def open_device():
            return LumaDisplay(_open_oled(cfg, serial), name=cfg.driver)

        fallback = getattr(cfg, "fallback", "terminal")
        try:
            oled = open_device()
        except Exception as e:          # DeviceNotFoundError, PermissionError, ImportError...
            oled = None
            then = (f"retrying every {RETRY_EVERY:g} s" if fallback == "none"
                    else f"using the {fallback} stand-in")
            say(describe_error(cfg, e, bus_exists) + f"; {then}")
            driver = fallback
        if oled is not None or fallback == "none":
            display = ResilientDisplay(open_device, oled, size, cfg.driver, say=say, clock=clock)
    if display is None:
        if driver == "terminal":
            display = TerminalDisplay(stream, size)
        elif driver == "png":
            display = PngDisplay(cfg.png_dir, size, scale=cfg.png_scale)
        else:
            display = NullDisplay(size)
    if dimming and (cfg.dim_after or cfg.blank_after):
        return DimmingDisplay(display, cfg.contrast, cfg.dim_contrast, cfg.dim_after,
                              cfg.blank_after, clock=clock)
    if hasattr(display, "set_contrast"):
        display.set_contrast(cfg.contrast)
    return display
