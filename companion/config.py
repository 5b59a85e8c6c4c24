"""The companion's configuration: one TOML file, every key with a default and a doc line.

    cfg = load_config(None)                 # /etc/companion/config.toml, or all defaults
    cfg = load_config("my.toml")            # an explicitly named file must exist

`SCHEMA` below is the single source of truth: validation, the typed dataclasses,
`companion config` output, `docs/config.md` and `docs/config.example.toml` are all
produced from it (`python -m companion.config --write-docs` regenerates the docs; a
test checks they are in sync).

Stdlib only (tomllib, difflib) besides the pure rules registry, so it imports on any
machine; button pins are checked against gpiozero's board data (companion.pi_header),
which needs no Pi.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import os
import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import pi_header, rules
from companion.store import default_store_path

DEFAULT_PATH = "/etc/companion/config.toml"

GAMES = tuple(sorted(rules.GAMES))
"""The games play can start: a game.default that `config --check` passes must be one."""
BUTTON_NAMES = ("up", "down", "select", "back", "ok")
NAME_LENGTH = 10
"""The longest player name: every message naming a player fits two lines of the OLED
with names this long ("Maximilian", "Wilhelmina"; tests/table/test_newcomer.py)."""
OLED_DRIVERS = ("ssd1306", "sh1106", "ssd1309")
_UNSHOWABLE = {"\t": "a tab", "\n": "a line break", "\r": "a line break",
               "\x1b": "an escape character (ESC)", "\x00": "a NUL character"}


def name_problems(names: list[str] | tuple[str, ...]) -> list[str]:
    """What is wrong with player names, one sentence each: too long, empty, holding a
    character no screen can show (a tab, a line break, ESC, NUL: any control or format
    character, which would also break `history`'s lines and a terminal), or given twice
    (two players nobody could tell apart on the screen or in the history)."""
    import unicodedata

    problems = []
    for name in names:
        if not name.strip():
            problems.append(f"the name {name!r} is empty")
        elif len(name) > NAME_LENGTH:
            problems.append(f"the name {name!r} is longer than {NAME_LENGTH} letters")
        odd = [c for c in name if unicodedata.category(c)[0] == "C"
               or unicodedata.category(c) in ("Zl", "Zp")]
        if odd:
            what = _UNSHOWABLE.get(odd[0], f"the character U+{ord(odd[0]):04X}")
            problems.append(f"the name {name!r} holds {what}, which no screen can show")
    for name in dict.fromkeys(n for n in names if names.count(n) > 1):
        problems.append(f"the name {name!r} is given twice: the players must be told apart")
    return problems



class ConfigError(ValueError):
    """A wrong config file. `errors` lists one sentence per problem, each naming its key."""

    def __init__(self, errors: list[str] | str, path: str | None = None):
        self.errors = [errors] if isinstance(errors, str) else list(errors)
        self.path = path
        head = f"{path}: " if path else ""
        if len(self.errors) == 1:
            msg = head + self.errors[0]
        else:
            msg = head + f"{len(self.errors)} problems:\n  " + "\n  ".join(self.errors)
        super().__init__(msg)


# --------------------------------------------------------------------------- schema

@dataclass(frozen=True)
class Key:
    section: str
    name: str
    kind: str                       # "str" | "int" | "float" | "bool" | "list[str]" | "pin"
    default: Any                    # None: no value (optional key, or computed at load time)
    doc: str
    choices: tuple | None = None
    min: float | None = None
    max: float | None = None

    @property
    def dotted(self) -> str:
        return f"{self.section}.{self.name}"


def _k(section, name, kind, default, doc, **kw) -> Key:
    return Key(section, name, kind, default, doc, **kw)


SECTIONS: dict[str, str] = {
    "display": "The OLED (or its stand-in on a machine without one).",
    "buttons": "The five buttons: up, down, select, back, ok (Roll/OK).",
    "camera": "The camera over the dice tray.",
    "vision": "Reading dice from camera frames.",
    "store": "Where games are kept (SQLite).",
    "game": "What `companion play` starts when no game is unfinished.",
    "service": "Running under systemd.",
    "web": "The read-only score-sheet page for the phones at the table (docs/web.md).",
}

SCHEMA: tuple[Key, ...] = (
    # display
    _k("display", "driver", "str", "ssd1306",
       "OLED controller, or a stand-in: terminal (half-blocks), png (frames to png_dir), none",
       choices=("ssd1306", "sh1106", "ssd1309", "terminal", "png", "none")),
    _k("display", "interface", "str", "i2c", "how the OLED is wired", choices=("i2c", "spi")),
    _k("display", "i2c_port", "int", 1, "I2C bus number (/dev/i2c-N)", min=0, max=99),
    _k("display", "i2c_address", "int", 0x3C,
       "I2C address of the OLED (0x3C, sometimes 0x3D); TOML accepts 0x3C", min=0x03, max=0x77),
    _k("display", "spi_port", "int", 0, "SPI bus number (/dev/spidevPORT.DEVICE)", min=0, max=9),
    _k("display", "spi_device", "int", 0, "SPI chip select (CE0 = 0, CE1 = 1)", min=0, max=9),
    _k("display", "spi_dc_pin", "int", 24, "GPIO (BCM) of the OLED's D/C pin, SPI only",
       min=0, max=27),
    _k("display", "spi_reset_pin", "int", 25, "GPIO (BCM) of the OLED's RES pin, SPI only",
       min=0, max=27),
    _k("display", "spi_speed_hz", "int", 8_000_000, "SPI clock", min=500_000, max=32_000_000),
    _k("display", "width", "int", 128, "pixels across", choices=(128,)),
    _k("display", "height", "int", 64, "pixels down", choices=(64, 32)),
    _k("display", "rotate", "int", 0,
       "2 turns the picture upside down (the screens are laid out landscape only)",
       choices=(0, 2)),
    _k("display", "contrast", "int", 128,
       "brightness while in use (255 wears an OLED's pixels out sooner: burn-in)",
       min=0, max=255),
    _k("display", "dim_contrast", "int", 16, "brightness once dimmed", min=0, max=255),
    _k("display", "dim_after", "float", 60.0,
       "seconds without activity before dimming (0 = never)", min=0, max=86400),
    _k("display", "blank_after", "float", 600.0,
       "seconds without activity before the screen goes dark to spare the OLED (0 = never)",
       min=0, max=86400),
    _k("display", "fallback", "str", "terminal",
       "stand-in used when the OLED cannot be opened", choices=("terminal", "none")),
    _k("display", "png_dir", "str", "companion-frames",
       "folder for driver = \"png\" frames"),
    _k("display", "png_scale", "int", 4, "enlargement of png frames (nearest neighbour)",
       min=1, max=16),
    # buttons
    _k("buttons", "source", "str", "auto",
       "gpio, keyboard (terminal stand-in), none; auto = gpio on a Pi, else keyboard",
       choices=("auto", "gpio", "keyboard", "none")),
    _k("buttons", "up", "pin", 5,
       "GPIO of Up: a BCM number, or a name gpiozero takes (\"GPIO5\", \"BCM5\"; "
       "by physical pin \"BOARD29\", \"J8:29\")"),
    _k("buttons", "down", "pin", 6, "GPIO of Down"),
    _k("buttons", "select", "pin", 13, "GPIO of Select"),
    _k("buttons", "back", "pin", 19, "GPIO of Back (long press: undo)"),
    _k("buttons", "ok", "pin", 26, "GPIO of Roll/OK (\"I have thrown, read the dice\" / confirm)"),
    _k("buttons", "pull_up", "bool", True,
       "buttons wired to GND with the internal pull-up (false: wired to 3V3, pulled down)"),
    _k("buttons", "hold_time", "float", 0.8, "seconds held for a long press", min=0.2, max=5),
    _k("buttons", "debounce_ms", "int", 30,
       "a level must stay this long to count (ms)", min=0, max=500),
    # camera
    _k("camera", "source", "str", "auto",
       "picamera2, opencv (USB/V4L2), folder, virtual (random dice), none (button entry); "
       "auto = the first that works of picamera2, opencv, folder",
       choices=("auto", "picamera2", "opencv", "folder", "virtual", "none")),
    _k("camera", "index", "int", 0, "OpenCV camera index (/dev/videoN)", min=0, max=63),
    _k("camera", "folder", "str", "", "a folder of images read one per frame (empty = none)"),
    _k("camera", "loop", "bool", True, "start the folder again at its end"),
    _k("camera", "width", "int", 640,
       "frame width; the dice are found at 640 across and counted on the frame itself "
       "(1280x960: about 1.4 times the time of 640x480 a read; docs/vision.md)",
       min=160, max=4608),
    _k("camera", "height", "int", 480, "frame height", min=120, max=2592),
    _k("camera", "lock_after", "float", 2.0,
       "seconds after start to fix exposure and white balance (0 = only when asked)",
       min=0, max=600),
    _k("camera", "fail_after", "int", 5,
       "failed reads in a row before the camera counts as failed (then: button entry)",
       min=1, max=1000),
    _k("camera", "retry_every", "float", 30.0,
       "seconds between looks for a camera missing or failed (also at each Roll press)",
       min=1, max=3600),
    _k("camera", "lens_position", "float", None,
       "focus of a camera with autofocus (Camera Module 3), in dioptres = 1 / distance in "
       "metres: 3.0 for a tray 33 cm away; unset = one autofocus cycle at start",
       min=0, max=32),
    _k("camera", "seed", "int", None,
       "seed of the virtual roller (unset = a new game each time)"),
    # vision
    _k("vision", "confidence", "float", 0.6,
       "readings below this confidence are confirmed with the buttons; higher asks "
       "more often and is silently wrong less often (the trade-off on real photos: "
       "benchmarks/vision_robustness.py --thresholds 0.5,0.6,0.7)", min=0, max=1),
    _k("vision", "keep_photos", "bool", False,
       "keep each frame the camera read, labelled with the dice the players let stand, "
       "to measure and train the reader on your own dice (docs/vision.md)"),
    _k("vision", "photos", "str", None,
       "folder of the kept photos; unset = \"photos\" beside the store (under the "
       "service, a folder outside /var/lib/companion, and not under /home, also needs "
       "ReadWritePaths= in a drop-in: sudo systemctl edit companion)"),
    _k("vision", "keep_limit", "int", 1000,
       "keep no more photos than this (about 100 KB each at 640x480)", min=1, max=1_000_000),
    _k("vision", "nets", "str", None,
       "folder of the nets learnt from the kept photos (companion learn), read with when "
       "there; unset = \"nets\" beside the store"),
    # store
    _k("store", "path", "str", None,
       "SQLite file; unset = $STATE_DIRECTORY/companion.db under systemd, "
       "else ~/.local/state/companion/companion.db"),
    # game
    _k("game", "default", "str", "risknroll", "game started by default", choices=GAMES),
    _k("game", "players", "int", 3, "number of players (within what game.default allows)",
       min=min(g.min_players for g in rules.GAMES.values()),
       max=max(g.max_players for g in rules.GAMES.values())),
    _k("game", "names", "list[str]", None,
       f"player names in seat order, {NAME_LENGTH} letters at most, each once, no tabs or "
       "other control characters (unset = P1, P2, ...)"),
    # service
    _k("service", "watchdog", "bool", True,
       "answer systemd's watchdog (WatchdogSec in the unit) while the main loop runs; "
       "false only with WatchdogSec=0 in a drop-in (sudo systemctl edit companion), or "
       "systemd restarts the unanswering service every 30 s"),
    # web
    _k("web", "enabled", "bool", False,
       "serve the read-only score-sheet page on the local network while `companion play` "
       "runs; its address, with a token new at each start, is a QR code in the game menu"),
    _k("web", "port", "int", 8067, "TCP port of the page (1024 and up: no root needed)",
       min=1024, max=65535),
)

KEYS: dict[str, Key] = {k.dotted: k for k in SCHEMA}


# --------------------------------------------------------------------------- typed config

@dataclass(frozen=True)
class DisplayConfig:
    driver: str
    interface: str
    i2c_port: int
    i2c_address: int
    spi_port: int
    spi_device: int
    spi_dc_pin: int
    spi_reset_pin: int
    spi_speed_hz: int
    width: int
    height: int
    rotate: int
    contrast: int
    dim_contrast: int
    dim_after: float
    blank_after: float
    fallback: str
    png_dir: str
    png_scale: int

    @property
    def is_oled(self) -> bool:
        return self.driver in OLED_DRIVERS


@dataclass(frozen=True)
class ButtonsConfig:
    source: str
    up: int | str
    down: int | str
    select: int | str
    back: int | str
    ok: int | str
    pull_up: bool
    hold_time: float
    debounce_ms: int

    @property
    def pins(self) -> dict[str, int | str]:
        return {name: getattr(self, name) for name in BUTTON_NAMES}


@dataclass(frozen=True)
class CameraConfig:
    source: str
    index: int
    folder: str
    loop: bool
    width: int
    height: int
    lock_after: float
    fail_after: int
    retry_every: float
    lens_position: float | None
    seed: int | None


@dataclass(frozen=True)
class VisionConfig:
    confidence: float
    keep_photos: bool
    photos: str | None
    keep_limit: int
    nets: str | None


@dataclass(frozen=True)
class StoreConfig:
    path: str


@dataclass(frozen=True)
class GameConfig:
    default: str
    players: int
    names: tuple[str, ...] | None


@dataclass(frozen=True)
class ServiceConfig:
    watchdog: bool


@dataclass(frozen=True)
class WebConfig:
    enabled: bool
    port: int


SECTION_TYPES: dict[str, type] = {
    "display": DisplayConfig, "buttons": ButtonsConfig, "camera": CameraConfig,
    "vision": VisionConfig, "store": StoreConfig, "game": GameConfig, "service": ServiceConfig,
    "web": WebConfig,
}


@dataclass(frozen=True)
class Config:
    display: DisplayConfig
    buttons: ButtonsConfig
    camera: CameraConfig
    vision: VisionConfig
    store: StoreConfig
    game: GameConfig
    service: ServiceConfig
    web: WebConfig
    source: str | None = None        # the file it was read from; None = defaults only

    def to_toml(self) -> str:
        return to_toml(self)


# --------------------------------------------------------------------------- loading

_said: set[str] = set()


def _say_once(msg: str) -> None:
    if msg not in _said:
        _said.add(msg)
        print(msg, file=sys.stderr)


def load_config(path: str | None = None, *, say: Callable[[str], None] | None = None) -> Config:
    """Read and check the config. `path=None` reads DEFAULT_PATH if it exists, else defaults."""
    say = say or _say_once
    if path is None:
        p = Path(DEFAULT_PATH)
        if not p.exists():
            say(f"companion: no {DEFAULT_PATH}, using the built-in defaults")
            return from_dict({}, source=None)
    elif not path:  # Path("") is the current folder: "cannot read: Is a directory"
        raise ConfigError("no config file given (the path is empty)")
    else:
        p = Path(path)
        if not p.exists():
            raise ConfigError(f"config file not found: {path}")
    try:  # utf-8-sig: a leading byte-order mark (Windows Notepad writes one) is dropped
        data = tomllib.loads(p.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise ConfigError(_not_utf8(e), path=str(p)) from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"not valid TOML: {e}", path=str(p)) from None
    except OSError as e:
        raise ConfigError(f"cannot read: {e.strerror or e}", path=str(p)) from None
    return from_dict(data, source=str(p))


def _not_utf8(e: UnicodeDecodeError) -> str:
    """Where the first byte that is not UTF-8 is: a file saved as Latin-1 or UTF-16."""
    before = e.object[:e.start]
    line = before.count(b"\n") + 1
    column = e.start - (before.rfind(b"\n") + 1) + 1
    return (f"not UTF-8 text (byte 0x{e.object[e.start]:02x} at line {line}, "
            f"column {column}): save the file as UTF-8")


def _suggest(word: str, options, prefix: str = "") -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f"; did you mean {prefix}{close[0]}?" if close else ""


def _fmt(v: Any) -> str:
    return repr(v)


def _check_value(key: Key, value: Any) -> tuple[Any, str | None]:
    """Returns (converted value, error or None)."""
    name = key.dotted
    kind = key.kind
    if kind == "bool":
        if not isinstance(value, bool):
            return None, f"{name}: {_fmt(value)} is not true or false"
        return value, None
    if kind == "str":
        if not isinstance(value, str):
            return None, f"{name}: {_fmt(value)} is not a string"
    elif kind == "int":
        if isinstance(value, str) and key.name.endswith("address"):
            try:
                value = int(value, 0)
            except ValueError:
                return None, f"{name}: {value!r} is not a number like 0x3C"
        if isinstance(value, bool) or not isinstance(value, int):
            return None, f"{name}: {_fmt(value)} is not a whole number"
    elif kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return None, f"{name}: {_fmt(value)} is not a number"
        value = float(value)
        if not math.isfinite(value):  # TOML has nan and inf; nan passes every comparison
            return None, f"{name}: {value} is not a finite number ({_allowed(key)})"
    elif kind == "pin":
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            return None, f"{name}: {_fmt(value)} is not a GPIO number or name like \"GPIO5\""
        if isinstance(value, int) and not 0 <= value <= 27:
            return None, f"{name}: {value} is not a GPIO of the 40-pin header (0 to 27)"
        if isinstance(value, str) and not value.strip():
            return None, f"{name}: an empty pin name"
        if isinstance(value, str) and pi_header.gpio(value) is None:
            return None, f"{name}: {value!r} {pi_header.why_not(value)}"
        return (value.upper() if isinstance(value, str) else value), None  # gpiozero's case
    elif kind == "list[str]":
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            return None, f"{name}: {_fmt(value)} is not a list of strings"
        return tuple(value), None
    if key.choices is not None and value not in key.choices:
        allowed = ", ".join(str(c) for c in key.choices)
        return None, f"{name}: {_fmt(value)} is not one of {allowed}"
    if key.min is not None and value < key.min or key.max is not None and value > key.max:
        lo = _show(key, key.min)
        hi = _show(key, key.max)
        shown = f"{value} ({_show(key, value)})" if key.name.endswith("address") else _fmt(value)
        return None, f"{name}: {shown} is outside {lo} to {hi}"
    return value, None


def _show(key: Key, v):
    if v is None:
        return "-"
    if key.name.endswith("address"):
        return f"0x{int(v):02X}"
    if key.kind == "int":
        return str(int(v))
    return f"{v:g}"


def from_dict(data: dict, *, source: str | None = None) -> Config:
    """Validate a parsed TOML document and build the Config (all problems at once)."""
    errors: list[str] = []
    rejected: set[str] = set()     # keys with a wrong value, left out of the cross-key checks
    values: dict[str, dict[str, Any]] = {s: {} for s in SECTIONS}
    if not isinstance(data, dict):
        raise ConfigError("the top level must be a table", path=source)
    for sname, table in data.items():
        if sname not in SECTIONS:
            hint = _suggest(sname, SECTIONS)
            if not hint and sname in {k.name for k in SCHEMA}:
                owner = next(k.section for k in SCHEMA if k.name == sname)
                hint = f"; did you mean {owner}.{sname}?"
            errors.append(f"{sname}: unknown section (allowed: {', '.join(SECTIONS)}){hint}")
            continue
        if not isinstance(table, dict):
            errors.append(f"{sname}: must be a table [{sname}], not a value")
            continue
        for kname, value in table.items():
            key = KEYS.get(f"{sname}.{kname}")
            if key is None:
                names = [k.name for k in SCHEMA if k.section == sname]
                hint = _suggest(kname, names, prefix=f"{sname}.")
                if not hint:
                    elsewhere = [k.dotted for k in SCHEMA if k.name == kname]
                    if elsewhere:
                        hint = f"; did you mean {elsewhere[0]}?"
                errors.append(f"{sname}.{kname}: unknown key{hint} "
                              f"(keys of [{sname}]: {', '.join(names)})")
                continue
            conv, err = _check_value(key, value)
            if err:
                errors.append(err)
                rejected.add(key.dotted)
            else:
                values[sname][kname] = conv
    # cross-key checks
    d = {**{k.name: k.default for k in SCHEMA if k.section == "display"}, **values["display"]}
    if d["driver"] == "ssd1309" and d["height"] != 64:
        errors.append("display.height: the ssd1309 is 128x64 only")
    b = {**{k.name: k.default for k in SCHEMA if k.section == "buttons"}, **values["buttons"]}
    if d["driver"] in OLED_DRIVERS and not any(r.startswith("display.") for r in rejected):
        taken = _display_pins(d)
        for bname in BUTTON_NAMES:
            what = taken.get(pi_header.gpio(b[bname]))
            if what and f"buttons.{bname}" not in rejected:
                errors.append(f"buttons.{bname}: pin {pi_header.label(b[bname])} is the "
                              f"display's {what}")
    seen: dict[int, str] = {}
    for bname in BUTTON_NAMES:
        if f"buttons.{bname}" in rejected:  # its default stands in: no conflict to report
            continue
        pin = pi_header.gpio(b[bname])
        if pin in seen:
            errors.append(_pin_taken(bname, seen[pin], b, written=values["buttons"]))
        seen[pin] = bname
    g = {**{k.name: k.default for k in SCHEMA if k.section == "game"}, **values["game"]}
    if not rejected & {"game.default", "game.players"}:
        game = rules.GAMES[g["default"]]
        if not game.min_players <= g["players"] <= game.max_players:
            errors.append(f"game.players: {g['players']}: {game.title} (game.default = "
                          f"\"{game.name}\") is for {game.min_players} to "
                          f"{game.max_players} players")
    if g["names"] is not None and "game.players" not in rejected \
            and len(g["names"]) != g["players"]:
        errors.append(f"game.names: {len(g['names'])} names for game.players = {g['players']}")
    if g["names"] is not None and "game.names" not in rejected:
        errors += [f"game.names: {problem}" for problem in name_problems(g["names"])]
    for dotted in ("store.path", "vision.photos"):
        sname, kname = dotted.split(".")
        problem = unknown_home(values[sname].get(kname) or "")
        if problem:
            errors.append(f"{dotted}: {problem}")
    if errors:
        raise ConfigError(errors, path=source)

    sections = {}
    for sname, cls in SECTION_TYPES.items():
        kw = {}
        for key in SCHEMA:
            if key.section == sname:
                v = values[sname].get(key.name, key.default)
                if key.dotted == "store.path":  # "" (a blanked example line) is unset too
                    v = str(Path(v).expanduser()) if v else str(default_store_path())
                elif key.dotted == "vision.photos":  # unset: beside the store in use
                    v = str(Path(v).expanduser()) if v else None
                kw[key.name] = v
        sections[sname] = cls(**kw)
    return Config(**sections, source=source)


def unknown_home(path: str) -> str | None:
    """What is wrong with a path that starts with the home of nobody on this machine
    ("~nobodyhere/x.db"), in words, or None: pathlib raises midway for it."""
    if not os.path.expanduser(path).startswith("~"):
        return None
    user = path[1:].split(os.sep, 1)[0]
    return f"{path}: there is no user {user} on this machine"


def _display_pins(d: dict) -> dict[int, str]:
    """GPIO -> what the OLED wired as the [display] keys `d` say uses it for. A bus whose
    pins are not fixed (an I2C bus other than 0 and 1, say) adds none."""
    if d["interface"] == "i2c":
        bus = pi_header.I2C_PINS.get(d["i2c_port"], {})
        return {g: f"I2C {signal}" for g, signal in bus.items()}
    signals, chip_selects = pi_header.SPI_PINS.get(d["spi_port"], ({}, ()))
    used = {g: f"SPI {signal}" for g, signal in signals.items()}
    if d["spi_device"] < len(chip_selects):
        used[chip_selects[d["spi_device"]]] = (f"SPI CE{d['spi_device']} "
                                               f"(display.spi_device = {d['spi_device']})")
    used[d["spi_dc_pin"]] = "D/C pin (display.spi_dc_pin)"
    used[d["spi_reset_pin"]] = "RES pin (display.spi_reset_pin)"
    return used


def _pin_taken(bname: str, first: str, pins: dict, written: dict) -> str:
    """Two buttons on one pin, said of the one the file sets (not of a default it clashes
    with), naming both keys."""
    if bname not in written:
        bname, first = first, bname
    default = "" if first in written else " (its default)"
    return (f"buttons.{bname}: pin {pi_header.label(pins[bname])} is already used by "
            f"buttons.{first}{default}")


def defaults() -> Config:
    return from_dict({})


SPI_MODULES = {"spidev": "python3-spidev", "RPi.GPIO": "python3-rpi-lgpio"}
"""What luma's SPI interface imports (the bus, and the D/C and RES pins), and the apt
package giving each on Pi OS Bookworm (`install.sh --spi` installs both)."""


def warnings(cfg: Config, importable: Callable[[str], bool] | None = None) -> list[str]:
    """What is valid but will not work on this machine, one sentence each: an SPI OLED
    whose modules cannot be imported (the box would fall back to no display)."""
    importable = importable or _importable
    out = []
    if cfg.display.is_oled and cfg.display.interface == "spi":
        missing = [m for m in SPI_MODULES if not importable(m)]
        if missing:
            apt = " ".join(SPI_MODULES[m] for m in missing)
            out.append(f"display.interface = \"spi\": {', '.join(missing)} cannot be imported "
                       f"here, so the OLED will not open; on the Pi: sudo apt install {apt} "
                       "(or systemd/install.sh --spi)")
    return out


def _importable(module: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a missing parent package (RPi of RPi.GPIO)
        return False


# --------------------------------------------------------------------------- output

def _toml_value(v: Any, key: Key | None = None) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        if key is not None and key.name.endswith("address"):
            return f"0x{v:02X}"
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    s = str(v).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{s}"'


def to_toml(cfg: Config) -> str:
    """The effective config as TOML (it loads back to the same Config)."""
    lines = [f"# effective configuration (from {cfg.source or 'built-in defaults'})"]
    for sname in SECTIONS:
        lines.append("")
        lines.append(f"[{sname}]")
        sec = getattr(cfg, sname)
        for key in (k for k in SCHEMA if k.section == sname):
            v = getattr(sec, key.name)
            if v is None:
                lines.append(f"# {key.name} = (unset)")
            else:
                lines.append(f"{key.name} = {_toml_value(v, key)}")
    return "\n".join(lines) + "\n"


def _allowed(key: Key) -> str:
    if key.choices:
        return " | ".join(_toml_value(c, key) for c in key.choices)
    if key.min is not None or key.max is not None:
        return f"{_show(key, key.min)} to {_show(key, key.max)}"
    return {"str": "text", "bool": "true | false", "pin": "GPIO 0 to 27, or its name",
            "list[str]": "list of text", "int": "whole number"}.get(key.kind, key.kind)


def render_markdown() -> str:
    out = [
        "# Configuration",
        "",
        (
            "<!-- generated from companion/config.py SCHEMA by "
            "`python -m companion.config --write-docs`; do not edit by hand -->"
        ),
        "",
        f"One TOML file: `{DEFAULT_PATH}` (or `--config PATH`). Every key is optional; a missing",
        "default file means all defaults. A wrong key or value stops the program with a message",
        "naming the key and what is allowed; `companion config --check` checks a file, and",
        "`companion config` prints the effective configuration. An example with every key:",
        "[`config.example.toml`](config.example.toml).",
        "",
    ]
    for sname, sdoc in SECTIONS.items():
        out += [f"## [{sname}]", "", sdoc, "", "| key | default | allowed | meaning |",
                "|---|---|---|---|"]
        for key in (k for k in SCHEMA if k.section == sname):
            default = "unset" if key.default is None else f"`{_toml_value(key.default, key)}`"
            out.append(f"| `{key.name}` | {default} | {_allowed(key).replace('|', '&#124;')} "
                       f"| {key.doc} |")
        out.append("")
    return "\n".join(out)


def render_example() -> str:
    out = [
        "# Table companion configuration: every key with its default.",
        f"# Installed as {DEFAULT_PATH}. Uncomment and change what differs on your box.",
        "# Generated from companion/config.py (python -m companion.config --write-docs).",
    ]
    for sname, sdoc in SECTIONS.items():
        out += ["", f"# {sdoc}", f"[{sname}]"]
        for key in (k for k in SCHEMA if k.section == sname):
            out.append(f"# {key.doc} ({_allowed(key)})")
            if key.default is None:
                example = {"seed": "42", "lens_position": "3.0",
                           "path": '"/var/lib/companion/companion.db"',
                           "names": '["Ann", "Bob", "Cy"]'}.get(key.name, '""')
                out.append(f"#{key.name} = {example}")
            else:
                out.append(f"#{key.name} = {_toml_value(key.default, key)}")
    return "\n".join(out) + "\n"


DOCS_DIR = Path(__file__).resolve().parent.parent / "docs"


def write_docs(docs_dir: Path = DOCS_DIR) -> list[Path]:
    docs_dir.mkdir(parents=True, exist_ok=True)
    md = docs_dir / "config.md"
    ex = docs_dir / "config.example.toml"
    md.write_text(render_markdown(), encoding="utf-8")
    ex.write_text(render_example(), encoding="utf-8")
    return [md, ex]


def replace(cfg: Config, **sections: dict[str, Any]) -> Config:
    """A copy with some keys changed, e.g. replace(cfg, display={"driver": "terminal"})."""
    new = {s: dataclasses.replace(getattr(cfg, s), **kv) for s, kv in sections.items()}
    return dataclasses.replace(cfg, **new)


if __name__ == "__main__":  # pragma: no cover
    if sys.argv[1:] == ["--write-docs"]:
        for p in write_docs():
            print(p)
    else:
        print("usage: python -m companion.config --write-docs", file=sys.stderr)
        sys.exit(2)
