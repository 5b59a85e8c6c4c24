"""companion doctor: each check on this machine, with MockFactory, fake I2C and real files."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import types

import numpy as np
import pytest

from companion.commands import doctor
from companion.config import defaults, replace
from companion.store import Store

OK, MISSING, FAIL = doctor.OK, doctor.MISSING, doctor.FAIL


def cfg(**sections):
    return replace(defaults(), **sections)


def run_doctor(tmp_path, toml: str, capsys) -> tuple[int, str]:
    p = tmp_path / "c.toml"
    p.write_text(toml)
    parser = argparse.ArgumentParser()
    doctor.configure(parser)
    rc = doctor.run(parser.parse_args(["--config", str(p), "--no-display-test"]))
    return rc, capsys.readouterr().out


# ---------------------------------------------------------------- display

def test_display_standin_ok_and_missing_oled_fails():
    c = doctor.check_display(cfg(display={"driver": "terminal"}))
    assert c.status == OK and "terminal" in c.message
    c = doctor.check_display(cfg(display={"i2c_port": 99}))
    assert c.status == FAIL and "/dev/i2c-99" in c.message and c.needed
    assert 'display.driver = "terminal"' in c.fix


def test_display_oled_through_a_capturing_bus(monkeypatch):
    sent = []

    class Serial:
        def command(self, *c): pass
        def data(self, d): sent.append(list(d))
        def cleanup(self): pass

    import hardware.display as hd
    real = hd._open_oled
    monkeypatch.setattr(hd, "_open_oled", lambda d, serial=None: real(d, Serial()))
    c = doctor.check_display(defaults())
    assert c.status == OK and "test pattern shown" in c.message
    assert any(any(chunk) for chunk in sent)            # the pattern reached the "chip"


# ---------------------------------------------------------------- buttons

def test_buttons_with_mock_pins(mock_pins):
    c = doctor.check_buttons(defaults())
    assert c.status == OK
    assert "up=GPIO5, down=GPIO6, select=GPIO13, back=GPIO19, ok=GPIO26" in c.message
    from gpiozero import Button
    Button(5).close()                                   # the check released its pins


def test_buttons_pin_in_use(mock_pins):
    from gpiozero import Button
    busy = Button(26)
    try:
        c = doctor.check_buttons(defaults())
        assert c.status == FAIL and "stop the service" in c.fix
    finally:
        busy.close()


def test_buttons_without_gpio(monkeypatch):
    from gpiozero import Device
    monkeypatch.setattr(Device, "pin_factory", None)
    c = doctor.check_buttons(defaults())
    assert c.status == MISSING and not c.needed and "keyboard" in c.message
    c = doctor.check_buttons(cfg(buttons={"source": "gpio"}))
    assert c.status == FAIL and c.needed and "lgpio" in c.fix
    assert doctor.check_buttons(cfg(buttons={"source": "keyboard"})).status == OK


# ---------------------------------------------------------------- camera

def test_a_camera_busy_in_another_program_is_not_to_be_connected(monkeypatch):
    """It said "connect the camera" for a camera another program held."""
    from hardware import camera as cameras

    def busy(*args, **kwargs):
        raise cameras.CameraUnavailable(
            "the Pi camera is in use by another program (RuntimeError: Camera __init__ "
            "sequence did not complete.; RuntimeError: Failed to acquire camera: Device or "
            "resource busy): stop the other program (rpicam-hello, libcamera-still, "
            "another companion), then press Roll")

    monkeypatch.setattr(cameras, "PiCamera", busy)
    c = doctor.check_camera(cfg(camera={"source": "picamera2"}))
    assert c.status == MISSING and "Device or resource busy" in c.message
    assert c.fix.startswith("stop the program using the camera (the service: sudo systemctl "
                            "stop companion;") and "connect" not in c.fix

def test_a_webcam_another_program_holds_is_found_busy_with_how_to_find_it(held_webcam,
                                                                         monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    c = doctor.check_camera(cfg(camera={"source": "opencv"}))
    assert c.status == MISSING and c.needed
    assert c.message.startswith("a camera found but in use by another program (opencv: "
                                "the webcam at ") and "no camera found" not in c.message
    assert "sudo fuser -v /dev/video0 names a webcam's" in c.fix and "connect" not in c.fix


def test_camera_checks(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    c = doctor.check_camera(defaults())
    assert c.status == MISSING and not c.needed and "/dev/video0" in c.message
    assert doctor.check_camera(cfg(camera={"source": "virtual"})).status == OK
    import cv2
    (tmp_path / "f").mkdir()
    cv2.imwrite(str(tmp_path / "f" / "a.png"), np.zeros((48, 64, 3), np.uint8))
    c = doctor.check_camera(cfg(camera={"folder": str(tmp_path / "f")}))
    assert c.status == OK and "64x48" in c.message
    c = doctor.check_camera(cfg(camera={"source": "opencv", "index": 9}))
    assert c.status == MISSING and c.needed
    assert c.fix.startswith("connect the camera")
    c = doctor.check_camera(cfg(camera={"source": "folder", "folder": str(tmp_path / "no")}))
    assert c.status == MISSING and c.needed and c.fix.startswith("set camera.folder")


def test_the_snapshot_is_written_as_its_name_says_even_a_name_not_utf8(tmp_path):
    """--snapshot wrote through cv2.imwrite, which died of a segmentation fault on a name
    that is not UTF-8: written by Python now, as a JPEG or a PNG as the name says. In a
    child process, so a crash fails the test rather than ending the run."""
    import subprocess
    import sys
    from pathlib import Path

    names = [os.fsencode(tmp_path) + b"/view_d\xe9.jpg", os.fsencode(tmp_path) + b"/v.png"]
    child = (
        "import os, sys, numpy as np; from companion.commands import doctor\n"
        "frame = np.full((120, 160, 3), 90, np.uint8)\n"
        "for name in sys.argv[1:]:\n"
        "    print(doctor.what_the_camera_sees(frame, 0.6, os.fsdecode(os.fsencode(name))))\n"
    )
    root = Path(doctor.__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", child, *names], cwd=root,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8", "replace").count("the frame is in") == 2
    assert open(names[0], "rb").read(3) == b"\xff\xd8\xff"  # a JPEG
    assert open(names[1], "rb").read(4) == b"\x89PNG"


def test_camera_check_says_what_the_camera_sees_and_writes_the_frame(tmp_path):
    """Setting up the camera: how many dice it reads, whether a hand seems in view, and
    the frame with the readings boxed, to aim and focus by."""
    import cv2

    from vision.synth import Die, render

    dice = [Die(v, "white", (150 + 150 * i, 240), 60, 10 * i) for i, v in enumerate((2, 5, 6))]
    (tmp_path / "tray").mkdir()
    frame = render(dice, seed=1, noise=2)[0]
    cv2.imwrite(str(tmp_path / "tray" / "a.png"), frame)
    shot = tmp_path / "view.png"
    c = doctor.check_camera(cfg(camera={"folder": str(tmp_path / "tray")}), str(shot))
    assert c.status == OK and "3 dice seen, 3 of them sure" in c.message
    assert "hand" not in c.message and f"the frame is in {shot}" in c.message
    drawn = cv2.imread(str(shot))
    assert drawn.shape == frame.shape and (drawn != frame).any()  # the boxes
    (tmp_path / "hand").mkdir()
    cv2.imwrite(str(tmp_path / "hand" / "a.png"), render(dice, seed=1, distractors=("hand",))[0])
    c = doctor.check_camera(cfg(camera={"folder": str(tmp_path / "hand")}))
    assert "a hand (or something skin-coloured) in view" in c.message
    c = doctor.check_camera(cfg(camera={"folder": str(tmp_path / "tray")}),
                            str(tmp_path / "no" / "such" / "dir.png"))
    assert c.status == OK and "could not be written" in c.message


@pytest.mark.parametrize("live", [True, False])
def test_the_camera_check_reads_the_frame_as_the_game_will(monkeypatch, live):
    """A live camera's frame once, whatever its size; a folder's photo also closer."""
    import vision

    how = []
    monkeypatch.setattr(vision, "read", lambda frame, closer: how.append(closer) or [])
    frame = np.zeros((960, 1280, 3), np.uint8)
    assert doctor.what_the_camera_sees(frame, 0.6, None, live=live) == "0 dice seen, 0 of them sure"
    assert how == [not live]


# ---------------------------------------------------------------- i2c

def fake_bus(monkeypatch, answers: bool):
    monkeypatch.setattr(doctor.glob, "glob", lambda pattern: ["/dev/i2c-1"])
    monkeypatch.setattr(doctor.os, "access", lambda path, mode: True)
    mod = types.ModuleType("smbus2")

    class SMBus:
        def __init__(self, port): self.port = port
        def __enter__(self): return self
        def __exit__(self, *a): pass

        def read_byte(self, address):  # an SSD1306 on I2C is written to, never read
            raise OSError(121, "Remote I/O error")

        def write_quick(self, address):  # i2cdetect's probe at 0x3C: the address acked
            if not answers:
                raise OSError(121, "Remote I/O error")

    mod.SMBus = SMBus
    monkeypatch.setitem(sys.modules, "smbus2", mod)


def test_i2c_missing_bus(monkeypatch):
    monkeypatch.setattr(doctor.glob, "glob", lambda pattern: [])
    c = doctor.check_i2c(defaults())
    assert c.status == MISSING and c.needed and "do_i2c 0" in c.fix
    c = doctor.check_i2c(cfg(display={"driver": "terminal"}))
    assert c.status == OK and not c.needed


def test_i2c_address_answers_or_not(monkeypatch):
    """Probed as i2cdetect probes 0x3C, by a quick write: an OLED that does not answer
    reads is there all the same."""
    fake_bus(monkeypatch, answers=True)
    assert doctor.check_i2c(defaults()).message == "/dev/i2c-1: a device answers at 0x3C"
    fake_bus(monkeypatch, answers=False)
    c = doctor.check_i2c(defaults())
    assert c.status == FAIL and "nothing answers at 0x3C" in c.message and "i2cdetect" in c.fix


# ---------------------------------------------------------------- store

def test_store_new_existing_and_damaged(tmp_path):
    path = tmp_path / "s" / "companion.db"
    c = doctor.check_store(cfg(store={"path": str(path)}))
    assert c.status == OK and "created on first game" in c.message
    with Store(path) as store:
        for n in range(200):
            store.new_game("risknroll", 2, {}, ["Ann", f"Bob {n}"])
    c = doctor.check_store(cfg(store={"path": str(path)}))
    assert c.status == OK and "integrity ok" in c.message
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)         # wreck the header page and schema
    path.write_bytes(bytes(data))
    c = doctor.check_store(cfg(store={"path": str(path)}))
    assert c.status == FAIL, c.message


def test_store_of_another_program(tmp_path):
    """The companion refuses it (it never sets it aside): so must the doctor."""
    path = tmp_path / "photos.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE photos (name TEXT)")
    db.close()
    c = doctor.check_store(cfg(store={"path": str(path)}))
    assert c.status == FAIL and "is not a companion store" in c.message and c.needed
    assert "store.path" in c.fix


def test_store_unwritable(tmp_path, monkeypatch):
    monkeypatch.setattr(doctor.os, "access", lambda p, mode: False)
    c = doctor.check_store(cfg(store={"path": str(tmp_path / "x.db")}))
    assert c.status == FAIL and "not writable" in c.message


def test_store_paths_that_are_not_a_store_file_say_what_is_wrong(tmp_path):
    """A folder as the store and a file where its folder should be were reported as
    "cannot be read as SQLite (disk I/O error)" and "cannot be created (File exists)"."""
    c = doctor.check_store(cfg(store={"path": str(tmp_path)}))
    assert c.status == FAIL and c.message == f"{tmp_path} is a folder, not a store file"
    (tmp_path / "afile").write_text("")
    c = doctor.check_store(cfg(store={"path": str(tmp_path / "afile" / "companion.db")}))
    assert c.status == FAIL and c.message.endswith(f"{tmp_path / 'afile'} is a file, not a folder")
    # a store in a folder this user may not write: tests/store/test_store_read_only.py


# ---------------------------------------------------------------- kept photos

def test_kept_photos_off_counted_and_unwritable(tmp_path):
    from vision.kept_photos import PhotoKeeper

    store = {"path": str(tmp_path / "s" / "companion.db")}
    c = doctor.check_photos(cfg(store=store))
    assert c.status == OK and "not kept" in c.message and not c.needed
    on = cfg(store=store, vision={"keep_photos": True, "keep_limit": 2})
    c = doctor.check_photos(on)
    assert c.status == OK and c.message == f"0 of 2 kept in {tmp_path / 's' / 'photos'}"
    keeper = PhotoKeeper(tmp_path / "s" / "photos")
    for _ in range(2):
        keeper.keep(np.zeros((8, 8, 3), np.uint8), [{"value": 1, "bbox": [0, 0, 8, 8]}])
    c = doctor.check_photos(on)
    assert c.message.startswith("2 of 2 kept") and c.message.endswith("(full: keeping no more)")
    (tmp_path / "file").write_text("")
    c = doctor.check_photos(replace(on, vision={"photos": str(tmp_path / "file" / "p")}))
    assert c.status == FAIL and "cannot be written" in c.message and not c.needed


def test_the_nets_in_use_are_said_the_shipped_ones_or_those_learnt_here(tmp_path):
    import shutil

    from vision import net

    store = {"path": str(tmp_path / "companion.db")}
    c = doctor.check_nets(cfg(store=store))
    assert c.status == OK and not c.needed
    assert c.message == "the dice reader's own (none learnt: companion learn)"
    (tmp_path / "nets").mkdir()
    for shipped in (net.FINDER_FILE, net.FACES_FILE):
        shutil.copyfile(shipped, tmp_path / "nets" / shipped.name)
    c = doctor.check_nets(cfg(store=store))
    assert c.message == (f"learnt at this table, in {tmp_path / 'nets'} (companion learn "
                         "--back: the ones before)")


# ---------------------------------------------------------------- whole command

def test_doctor_exit_0_when_needed_parts_work(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    rc, out = run_doctor(tmp_path, f'''
[display]
driver = "terminal"
[buttons]
source = "keyboard"
[store]
path = "{tmp_path / 'c.db'}"
''', capsys)
    lines = out.splitlines()
    assert rc == 0, out
    assert [line.split()[1] for line in lines if line[:1].isupper() and not
            line.startswith("doctor")] == ["config", "display", "buttons", "camera", "i2c",
                                           "store", "photos", "nets"]
    assert lines[-1] == "doctor: everything needed works"


def test_doctor_exit_1_with_what_to_fix(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    rc, out = run_doctor(tmp_path, f'''
[display]
i2c_port = 98
[store]
path = "{tmp_path / 'c.db'}"
''', capsys)
    assert rc == 1
    assert "FAIL    display  cannot open ssd1306 on I2C bus 98" in out
    assert "-> " in out and "needed part(s) not working: display" in out


def test_doctor_bad_config(tmp_path, capsys):
    rc, out = run_doctor(tmp_path, "[display]\nrotate = 5\n", capsys)
    assert rc == 1 and out.startswith("FAIL    config") and "display.rotate" in out


def test_doctor_module_is_light():
    import subprocess
    code = ("import sys, companion.commands.doctor, companion.commands.config; "
            "print(sorted(m for m in ('cv2','gpiozero','luma','PIL','numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"


# ---------------------------------------------------------------- as the service

def test_doctor_checks_the_services_store_and_says_who_it_runs_as(monkeypatch, tmp_path):
    import pwd

    state = tmp_path / "companion"
    state.mkdir()
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    monkeypatch.delenv("LG_WD", raising=False)
    me = pwd.getpwuid(os.geteuid())
    service = pwd.struct_passwd(("companion", "x", me.pw_uid + 1, 0, "", str(state), ""))
    monkeypatch.setattr(pwd, "getpwnam", lambda name: service)
    notes = doctor.as_the_service(str(state))
    assert os.environ["STATE_DIRECTORY"] == str(state) and os.environ["LG_WD"] == str(state)
    from companion.store import default_store_path

    assert default_store_path() == state / "companion.db"
    assert notes[0] == f"the service is installed: checking its store in {state}"
    assert f"running as {me.pw_name}, not as the service's user companion" in notes[1]
    assert "sudo -u companion companion doctor" in notes[1]


def test_doctor_run_as_the_service_user_elsewhere_is_quiet(monkeypatch, tmp_path):
    import pwd

    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    monkeypatch.setenv("LG_WD", str(tmp_path))
    monkeypatch.setattr(pwd, "getpwnam", lambda name: pwd.getpwuid(os.geteuid()))
    assert doctor.as_the_service(str(tmp_path / "absent")) == []


def gpio_chips(monkeypatch, allowed: bool):
    real_glob = doctor.glob.glob
    monkeypatch.setattr(doctor.glob, "glob", lambda pattern: (
        ["/dev/gpiochip0", "/dev/gpiochip4"] if pattern == "/dev/gpiochip*"
        else real_glob(pattern)))
    monkeypatch.setattr(doctor.os, "access", lambda path, mode: allowed)


def test_a_user_outside_the_gpio_group_is_told_so_not_to_install_lgpio(monkeypatch):
    """gpiozero finds no pin factory when lgpio may not open the chip: the words of its
    error are those of a missing lgpio, so the chip itself is asked, as /dev/i2c-N is."""
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    gpio_chips(monkeypatch, allowed=False)
    c = doctor.check_buttons(cfg(buttons={"source": "gpio"}))
    assert c.status == FAIL and c.message.startswith("/dev/gpiochip0: permission denied (")
    assert c.fix == doctor.GPIO_GROUP and "lgpio" not in c.fix
    gpio_chips(monkeypatch, allowed=True)
    assert "lgpio" in doctor.check_buttons(cfg(buttons={"source": "gpio"})).fix


def test_pins_that_cannot_be_claimed_for_want_of_permission_say_the_group(mock_pins,
                                                                          monkeypatch):
    import gpiozero

    def refused(*args, **kwargs):
        raise gpiozero.GPIOZeroError("could not open gpiochip")  # no 'permission' in it

    monkeypatch.setattr(gpiozero, "DigitalInputDevice", refused)
    gpio_chips(monkeypatch, allowed=False)
    c = doctor.check_buttons(defaults())
    assert c.status == FAIL and c.fix == doctor.GPIO_GROUP
    assert "/dev/gpiochip0: permission denied" in c.message
