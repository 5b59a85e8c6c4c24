"""`companion doctor`: check the config, display, buttons, camera, I2C and the store.

Prints one line per check - OK, MISSING or FAIL - with what to fix, and exits 0 when
every part the box needs works (config, display, buttons, store, and I2C when the
OLED is on I2C), 1 otherwise. A missing camera is reported but not fatal: the dice
can be entered with the buttons. Stop the service first (`sudo systemctl stop
companion`): it holds the GPIO pins and the camera.

It checks what the service uses: with the service installed (/var/lib/companion there)
and no STATE_DIRECTORY set, the store is the service's, not the one in the caller's
home. Run it as the service's user to check as the service runs (its groups, its
permissions): `sudo -u companion companion doctor` (docs/install.md); run as anyone
else, it says so.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from dataclasses import dataclass

OK, MISSING, FAIL = "OK", "MISSING", "FAIL"

SERVICE_USER = "companion"
SERVICE_STATE = "/var/lib/companion"
"""The user and state directory of systemd/companion.service (User=, StateDirectory=)."""


@dataclass
class Check:
    name: str
    status: str
    message: str
    fix: str = ""
    needed: bool = True

    def line(self) -> str:
        text = f"{self.status:<8}{self.name:<9}{self.message}"
        if self.fix and self.status != OK:
            text += f"\n{'':<17}-> {self.fix}"
        return text


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="PATH",
                        help="config file (default: /etc/companion/config.toml)")
    parser.add_argument("--no-display-test", action="store_true",
                        help="open the display without drawing the test pattern")
    parser.add_argument("--snapshot", metavar="PATH",
                        help="write the camera's frame, the dice it reads boxed, to PATH "
                        "(.png, .jpg): to aim and focus the camera")


# --------------------------------------------------------------------------- checks

def check_display(cfg, draw: bool = True) -> Check:
    from hardware.display import LumaDisplay, _open_oled, describe_error
    d = cfg.display
    if not d.is_oled:
        return Check("display", OK, f"stand-in \"{d.driver}\" (display.driver)",
                     needed=d.driver != "none")
    try:
        dev = LumaDisplay(_open_oled(d), name=d.driver)
    except Exception as e:
        msg = describe_error(d, e)
        return Check("display", FAIL, msg.removeprefix("display: "),
                     "wire the OLED and enable the bus, or set display.driver = \"terminal\"")
    try:
        if draw:
            from PIL import Image, ImageDraw
            img = Image.new("1", dev.size)
            dr = ImageDraw.Draw(img)
            dr.rectangle((0, 0, dev.size[0] - 1, dev.size[1] - 1), outline=1)
            dr.text((6, 6), "companion doctor", fill=1)
            dr.text((6, 22), f"{d.driver} {dev.size[0]}x{dev.size[1]}", fill=1)
            dev.show(img)
            dev.set_contrast(d.contrast)
    except Exception as e:
        return Check("display", FAIL, f"{d.driver} opened but drawing failed: "
                     f"{type(e).__name__}: {e}", "check the wiring and display.driver")
    where = (f"I2C bus {d.i2c_port} at 0x{d.i2c_address:02X}" if d.interface == "i2c"
             else f"SPI {d.spi_port}.{d.spi_device}")
    return Check("display", OK, f"{d.driver} {d.width}x{d.height} on {where}"
                 + (" (test pattern shown)" if draw else ""))


def check_buttons(cfg) -> Check:
    b = cfg.buttons
    pins = ", ".join(f"{n}=GPIO{p}" if isinstance(p, int) else f"{n}={p}"
                     for n, p in b.pins.items())
    if b.source == "none":
        return Check("buttons", OK, "none configured (buttons.source = \"none\")", needed=False)
    if b.source == "keyboard":
        return Check("buttons", OK, "keyboard stand-in (buttons.source = \"keyboard\")")
    from hardware.buttons import GpioButtons, gpio_available
    ok, why = gpio_available()
    denied = gpio_denied()
    if not ok:
        status = MISSING if b.source == "auto" else FAIL
        fallback = "; falls back to the keyboard" if b.source == "auto" else ""
        if denied:
            return Check("buttons", status, f"{denied}: permission denied ({why}){fallback}",
                         GPIO_GROUP, needed=b.source == "gpio")
        return Check("buttons", status, f"no GPIO pin factory ({why}){fallback}",
                     "on a Pi: sudo apt install python3-lgpio (or pip install 'lgpio>=0.2.2'); "
                     "elsewhere set buttons.source = \"keyboard\"",
                     needed=b.source == "gpio")
    try:
        src = GpioButtons(b.pins, b.hold_time, b.debounce_ms, b.pull_up)
    except Exception as e:
        text = f"{type(e).__name__}: {e}"
        fix = "check buttons.* pins in the config"
        if denied:
            text, fix = f"{denied}: permission denied; {text}", GPIO_GROUP
        elif "busy" in text.lower() or "in use" in text.lower():
            fix = "a pin is in use: stop the service (sudo systemctl stop companion) and retry"
        return Check("buttons", FAIL, f"cannot claim {pins} ({text})", fix)
    try:
        pressed = [n for n, btn in src.buttons.items() if btn.is_active]
    finally:
        src.close()
    if pressed:
        return Check("buttons", FAIL, f"{pins}: {', '.join(pressed)} reads as pressed at rest",
                     "a button is stuck or wired to the wrong rail; check buttons.pull_up")
    return Check("buttons", OK, f"{pins} ({why}, pull-{'up' if b.pull_up else 'down'})")


GPIO_GROUP = "add the user to the gpio group (sudo usermod -aG gpio $USER), log in again"


def gpio_denied() -> str | None:
    """The GPIO chip this user may not open, if there are chips and it may open none:
    asked of the device nodes, as the I2C check asks /dev/i2c-N, not guessed from what
    gpiozero's error says (lgpio says the same for a chip it may not open and for none)."""
    chips = sorted(glob.glob("/dev/gpiochip*"))
    if not chips or any(os.access(chip, os.R_OK | os.W_OK) for chip in chips):
        return None
    return chips[0]


#: frames read before the one looked at: a camera's first frames can be dark or blurred
#: while exposure and focus settle
CAMERA_WARM_UP = 10


def check_camera(cfg, snapshot: str | None = None) -> Check:
    c = cfg.camera
    if c.source in ("virtual", "none"):
        what = "virtual roller" if c.source == "virtual" else "button entry"
        return Check("camera", OK, f"none wanted: {what} (camera.source = \"{c.source}\")",
                     needed=False)
    from hardware.camera import IN_USE, FolderCamera, in_use, probe_cameras
    cam, notes = probe_cameras(c)
    busy_fix = ("stop the program using the camera (the service: sudo systemctl stop "
                f"companion; rpicam-hello, another companion; sudo fuser -v /dev/video{c.index} "
                "names a webcam's), then check again")
    if cam is None:
        fix = ("set camera.folder to a folder of photos of the dice" if c.source == "folder"
               else "connect the camera (rpicam-hello --list-cameras) or a USB webcam")
        found = "no camera found"
        if in_use(notes):
            fix, found = busy_fix, f"a camera found but {IN_USE}"
        return Check("camera", MISSING, f"{found} (" + "; ".join(notes) + ")",
                     f"{fix}; until then the dice are entered with the buttons",
                     needed=c.source != "auto")
    try:
        frame = None
        for _ in range(CAMERA_WARM_UP):
            got = cam.read()
            frame = got if got is not None else frame
            if frame is not None and isinstance(cam, FolderCamera):
                break  # photos, one per throw: the first will do
    except Exception as e:
        fix = busy_fix if in_use([str(e)]) else "check the ribbon cable / USB, then reboot"
        return Check("camera", FAIL, f"{cam.name} opened but gives no frames ({e})",
                     fix, needed=c.source != "auto")
    finally:
        cam.close()
    if frame is None:
        return Check("camera", FAIL, f"{cam.name} opened but gives no frames ({cam.error})",
                     "check the ribbon cable / USB", needed=c.source != "auto")
    h, w = frame.shape[:2]
    return Check("camera", OK, f"{cam.name}, {w}x{h} frames; " + what_the_camera_sees(
        frame, cfg.vision.confidence, snapshot, live=not isinstance(cam, FolderCamera)))


def what_the_camera_sees(frame, sure_from: float, snapshot: str | None,
                         live: bool = True) -> str:
    """The dice read in a frame (how many sure), whether a hand seems to be in view, and
    where the frame was written with the readings boxed: what a person setting up the
    camera needs to aim and focus it. The frame is read as the game will read it (a live
    camera's frames once, whatever their size)."""
    import vision
    from companion.commands.read import annotate
    from vision.hands import hand_in_view

    try:
        readings = vision.read(frame, closer=not live)
    except Exception as e:  # the camera works; entering dice by hand still does too
        return f"the dice reader failed ({type(e).__name__}: {e})"
    sure = sum(1 for r in readings if not r.flag and r.confidence >= sure_from)
    text = f"{len(readings)} dice seen, {sure} of them sure"
    if hand_in_view(frame):
        text += "; a hand (or something skin-coloured) in view"
    if snapshot:
        from vision.image_file import save

        written = save(snapshot, annotate(frame, readings))  # as .png, .jpg: its name says
        text += f"; the frame is in {snapshot}" if written else f"; {snapshot} could not be written"
    return text


def check_i2c(cfg) -> Check:
    d = cfg.display
    needed = d.is_oled and d.interface == "i2c"
    buses = sorted(glob.glob("/dev/i2c-*"))
    if not buses:
        return Check("i2c", MISSING if needed else OK,
                     "no /dev/i2c-* bus" + ("" if needed else " (not needed by this config)"),
                     "sudo raspi-config nonint do_i2c 0, then reboot", needed=needed)
    dev = f"/dev/i2c-{d.i2c_port}"
    if not needed:
        return Check("i2c", OK, f"{', '.join(buses)} (not used by this config)", needed=False)
    if dev not in buses:
        return Check("i2c", FAIL, f"{dev} missing (have {', '.join(buses)})",
                     "set display.i2c_port to an existing bus")
    if not os.access(dev, os.R_OK | os.W_OK):
        return Check("i2c", FAIL, f"{dev}: permission denied",
                     "add the user to the i2c group (sudo usermod -aG i2c $USER)")
    try:
        from smbus2 import SMBus
    except ImportError:
        return Check("i2c", OK, f"{dev} present (smbus2 missing: address not probed)")
    try:  # a quick write, as i2cdetect probes 0x3C: an OLED need not answer reads
        with SMBus(d.i2c_port) as bus:
            bus.write_quick(d.i2c_address)
    except OSError as e:
        return Check("i2c", FAIL, f"nothing answers at 0x{d.i2c_address:02X} on {dev} ({e})",
                     f"check wiring (SDA GPIO2, SCL GPIO3, 3V3, GND); i2cdetect -y "
                     f"{d.i2c_port} shows the address to put in display.i2c_address")
    return Check("i2c", OK, f"{dev}: a device answers at 0x{d.i2c_address:02X}")


def check_store(cfg) -> Check:
    import sqlite3
    import urllib.parse
    from pathlib import Path
    path = Path(cfg.store.path)
    if path.is_dir():
        return Check("store", FAIL, f"{path} is a folder, not a store file",
                     f"set store.path to a file in it, e.g. {path / 'companion.db'}")
    if path.exists():
        if not os.access(path.parent, os.W_OK | os.X_OK):
            return Check("store", FAIL, f"the folder of {path} is not writable by this user "
                         "(SQLite writes its -wal and -shm files beside the store)",
                         "run as the service user (sudo -u companion companion doctor) "
                         "or fix the folder's owner")
        if not os.access(path, os.R_OK | os.W_OK):
            return Check("store", FAIL, f"{path} is not writable by this user",
                         "run as the service user (sudo -u companion companion doctor) "
                         "or fix the owner")
        try:
            uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
            with sqlite3.connect(uri, uri=True, timeout=5) as db:
                result = [r[0] for r in db.execute("PRAGMA integrity_check")]
            db.close()
        except sqlite3.Error as e:
            return Check("store", FAIL, f"{path} cannot be read as SQLite ({e})",
                         "the companion sets a damaged store aside on start; "
                         "keep a copy of the file for the report")
        if result != ["ok"]:
            return Check("store", FAIL, f"{path} is damaged: {'; '.join(result[:3])}",
                         "the companion sets it aside on the next start; keep a copy")
        from companion.store import NotAStore, Store, StoreCorrupt, StoreError
        try:
            with Store(path, read_only=True) as store:
                damaged = store.damaged()
        except NotAStore as e:
            return Check("store", FAIL, str(e), "set store.path to the companion's store")
        except StoreCorrupt as e:
            return Check("store", FAIL, str(e),
                         "the companion sets it aside on the next start; keep a copy")
        except StoreError as e:  # a newer companion's: the message says what to do
            return Check("store", FAIL, str(e))
        if damaged:
            games = "1 damaged game" if len(damaged) == 1 else f"{len(damaged)} damaged games"
            return Check("store", FAIL, f"{path}: {games}: {'; '.join(damaged[:3])}",
                         "`companion replay ID` shows how far each replays; play keeps a "
                         "damaged game as it is and starts a new one; keep a copy for the report")
        from companion.store_lock import holder
        pid = holder(path)
        in_use = f"; in use by the companion with pid {pid}" if pid else ""
        return Check("store", OK,
                     f"{path} (integrity ok, {path.stat().st_size} bytes{in_use})")
    parent = _existing_parent(path)
    if not parent.is_dir():
        return Check("store", FAIL, f"{path} cannot be created: {parent} is a file, not a folder",
                     "set store.path to a place under a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        return Check("store", FAIL, f"{path} cannot be created ({parent} is not writable)",
                     "set store.path to a writable place, or run under the service "
                     "(StateDirectory=companion)")
    return Check("store", OK, f"{path} (new: created on first game)")


def _existing_parent(path):
    """`path`, or its nearest parent that exists: where it would be created."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_photos(cfg) -> Check:
    """Kept photos of the dice (vision.keep_photos): where, how many, and writable."""
    from companion.commands.play import kept_photos_dir
    from vision.kept_photos import PhotoKeeper

    if not cfg.vision.keep_photos:
        return Check("photos", OK, "not kept (vision.keep_photos = false)", needed=False)
    folder = kept_photos_dir(cfg, cfg.store.path)
    parent = _existing_parent(folder)
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        return Check("photos", FAIL, f"{folder} cannot be written",
                     "set vision.photos to a writable folder", needed=False)
    n = PhotoKeeper(folder).count
    full = " (full: keeping no more)" if n >= cfg.vision.keep_limit else ""
    return Check("photos", OK, f"{n} of {cfg.vision.keep_limit} kept in {folder}{full}",
                 needed=False)


def check_nets(cfg) -> Check:
    """The dice reader's nets: the shipped ones, or those learnt at this table."""
    from companion.commands.play import learnt_nets_dir
    from vision.learn import learnt_nets

    folder = learnt_nets_dir(cfg, cfg.store.path)
    if learnt_nets(folder) is None:
        return Check("nets", OK, "the dice reader's own (none learnt: companion learn)",
                     needed=False)
    return Check("nets", OK, f"learnt at this table, in {folder} (companion learn --back: "
                 "the ones before)", needed=False)


def run_checks(cfg, draw: bool = True, snapshot: str | None = None) -> list[Check]:
    checks = []
    for fn, args in ((check_display, (cfg, draw)), (check_buttons, (cfg,)),
                     (check_camera, (cfg, snapshot)), (check_i2c, (cfg,)), (check_store, (cfg,)),
                     (check_photos, (cfg,)), (check_nets, (cfg,))):
        try:
            checks.append(fn(*args))
        except Exception as e:   # a check must never crash the doctor
            name = fn.__name__.removeprefix("check_")
            checks.append(Check(name, FAIL, f"the check itself failed: {type(e).__name__}: {e}"))
    return checks


def as_the_service(state: str = SERVICE_STATE, user: str = SERVICE_USER) -> list[str]:
    """Set up this process as the service's unit does, where the service is installed:
    its state directory (so the store checked is the service's) and lgpio's working
    directory (LG_WD: lgpio makes its pipes there, and the caller's folder may not be
    writable by the service's user). Returns what the person should know about it."""
    import pwd

    notes = []
    if "STATE_DIRECTORY" not in os.environ and os.path.isdir(state):
        os.environ["STATE_DIRECTORY"] = state
        notes.append(f"the service is installed: checking its store in {state}")
    if "LG_WD" not in os.environ:
        here = os.environ.get("STATE_DIRECTORY", "").split(":")[0]
        os.environ["LG_WD"] = here if here and os.access(here, os.W_OK) else "/tmp"
    try:
        service_uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        return notes
    if os.geteuid() != service_uid:
        me = pwd.getpwuid(os.geteuid()).pw_name
        notes.append(f"running as {me}, not as the service's user {user}: permissions and "
                     f"groups are {me}'s; to check as the service runs: "
                     f"sudo -u {user} companion doctor")
    return notes


def run(args: argparse.Namespace) -> int:
    import warnings

    from companion import config as C

    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    os.environ.setdefault("LIBCAMERA_LOG_LEVELS", "3")
    for note in as_the_service():
        print(f"note: {note}")
    try:
        cfg = C.load_config(args.config, say=lambda m: None)
    except C.ConfigError as e:
        print(Check("config", FAIL, str(e), "fix the file; companion config --check").line())
        return 1
    checks = [Check("config", OK, cfg.source or f"{C.DEFAULT_PATH} absent: built-in defaults")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # gpiozero's PinFactoryFallback chatter
        checks += run_checks(cfg, draw=not getattr(args, "no_display_test", False),
                             snapshot=getattr(args, "snapshot", None))
    for c in checks:
        print(c.line())
    bad = [c for c in checks if c.needed and c.status != OK]
    print()
    if bad:
        print(f"doctor: {len(bad)} needed part(s) not working: {', '.join(c.name for c in bad)}")
        return 1
    print("doctor: everything needed works")
    sys.stdout.flush()
    return 0
