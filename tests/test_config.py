"""companion.config: schema, validation messages, loading, the generated docs."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from companion import config as C
from companion.config import ConfigError, from_dict, load_config

ROOT = Path(__file__).resolve().parent.parent


def test_defaults_match_the_issue():
    cfg = C.defaults()
    assert cfg.display.driver == "ssd1306" and cfg.display.i2c_address == 0x3C
    assert (cfg.display.width, cfg.display.height) == (128, 64)
    assert cfg.buttons.pins == {"up": 5, "down": 6, "select": 13, "back": 19, "ok": 26}
    assert cfg.buttons.hold_time == 0.8 and cfg.buttons.debounce_ms == 30
    assert cfg.buttons.pull_up is True
    assert cfg.game.default == "risknroll" and cfg.game.players == 3 and cfg.game.names is None
    assert cfg.service.watchdog is True


def test_every_dataclass_field_is_a_schema_key_and_back():
    for sname, cls in C.SECTION_TYPES.items():
        fields = [f.name for f in dataclasses.fields(cls)]
        assert fields == [k.name for k in C.SCHEMA if k.section == sname], sname
    assert set(C.SECTIONS) == set(C.SECTION_TYPES)
    for key in C.SCHEMA:
        assert key.doc.strip(), key.dotted
        if key.default is not None:   # every default passes its own validation
            _, err = C._check_value(key, key.default)
            assert err is None, err


def test_wrong_choice_names_key_and_allowed_values():
    with pytest.raises(ConfigError) as e:
        from_dict({"display": {"driver": "ssd1305"}})
    assert str(e.value) == ("display.driver: 'ssd1305' is not one of "
                            "ssd1306, sh1106, ssd1309, terminal, png, none")


@pytest.mark.parametrize("data, expected", [
    ({"display": {"adress": 0x3D}},
     "display.adress: unknown key; did you mean display.i2c_address?"),
    ({"buttons": {"hold_tme": 1}}, "did you mean buttons.hold_time?"),
    ({"buton": {}}, "buton: unknown section"),
    ({"buton": {}}, "did you mean buttons?"),
    ({"camera": {"contrast": 3}}, "did you mean display.contrast?"),
    ({"display": {"contrast": 300}}, "display.contrast: 300 is outside 0 to 255"),
    ({"display": {"height": 48}}, "display.height: 48 is not one of 64, 32"),
    ({"display": {"i2c_address": "0x3X"}}, "display.i2c_address: '0x3X' is not a number"),
    ({"display": {"i2c_address": 120}}, "display.i2c_address: 120 (0x78) is outside 0x03 to 0x77"),
    ({"display": {"i2c_address": "0x7A"}},
     "display.i2c_address: 122 (0x7A) is outside 0x03 to 0x77"),
    ({"buttons": {"pull_up": "yes"}}, "buttons.pull_up: 'yes' is not true or false"),
    ({"buttons": {"ok": 40}}, "buttons.ok: 40 is not a GPIO"),
    ({"buttons": {"ok": 5}}, "buttons.ok: pin 5 is already used by buttons.up"),
    ({"buttons": {"down": "GPIO5"}}, "buttons.down: pin GPIO5 is already used by buttons.up"),
    ({"game": {"default": "yahtzee"}}, "game.default: 'yahtzee' is not one of"),
    ({"game": {"names": ["a", "b"]}}, "game.names: 2 names for game.players = 3"),
    ({"game": {"players": 2.5}}, "game.players: 2.5 is not a whole number"),
    ({"display": {"driver": "ssd1309", "height": 32}}, "ssd1309 is 128x64 only"),
    ({"display": 3}, "display: must be a table"),
])
def test_errors_name_the_key(data, expected):
    with pytest.raises(ConfigError) as e:
        from_dict(data)
    assert expected in str(e.value)


@pytest.mark.parametrize("key", [k for k in C.SCHEMA if k.kind == "float"],
                         ids=lambda k: k.dotted)
@pytest.mark.parametrize("text", ["nan", "inf", "-inf"])
def test_a_number_key_refuses_nan_and_infinity(key, text):
    # nan passed every range check: vision.confidence = nan confirmed no reading, ever
    data = tomllib.loads(f"[{key.section}]\n{key.name} = {text}\n")
    with pytest.raises(ConfigError) as e:
        from_dict(data)
    assert str(e.value).startswith(f"{key.dotted}: {text} is not a finite number (")


@pytest.mark.parametrize("written, kept", [
    (5, 5), ("5", "5"), ("GPIO5", "GPIO5"), ("BCM5", "BCM5"), ("BOARD29", "BOARD29"),
    ("J8:29", "J8:29"), ("WPI21", "WPI21"),
    ("gpio5", "GPIO5"), ("board29", "BOARD29"),    # gpiozero only takes upper case
])
def test_a_pin_is_any_name_gpiozero_takes(written, kept):
    assert from_dict({"buttons": {"up": written}}).buttons.up == kept


@pytest.mark.parametrize("written, expected", [
    ("GPIO99", "buttons.up: 'GPIO99' is not a GPIO of the 40-pin header (0 to 27)"),
    ("28", "buttons.up: '28' is not a GPIO of the 40-pin header (0 to 27)"),
    ("pin29", "buttons.up: 'pin29' is not a pin name: write the GPIO (BCM) number, 5 or "
              '"GPIO5" (gpiozero also takes "BCM5", "BOARD29" and "J8:29" for it)'),
    ("BOARD1", "buttons.up: 'BOARD1' is physical pin 1, which is 3V3, not a GPIO"),
    ("J8:41", "buttons.up: 'J8:41' is not a pin of the 40-pin header (1 to 40)"),
    ("GPIO05", "buttons.up: 'GPIO05' is not a name gpiozero takes; write \"GPIO5\""),
])
def test_a_pin_gpiozero_would_refuse_is_refused(written, expected):
    # these passed --check, and then the buttons failed: "PinInvalidPin: GPIO99 is not a
    # valid pin name"
    with pytest.raises(ConfigError) as e:
        from_dict({"buttons": {"up": written}})
    assert str(e.value) == expected


@pytest.mark.parametrize("buttons, expected", [
    ({"up": "gpio6", "down": 6}, "buttons.down: pin 6 is already used by buttons.up"),
    ({"up": 6, "down": "gpio6"}, "buttons.down: pin GPIO6 is already used by buttons.up"),
    ({"down": "BOARD29"},
     "buttons.down: pin BOARD29 (GPIO5) is already used by buttons.up (its default)"),
    ({"up": "J8:31"}, "buttons.up: pin J8:31 (GPIO6) is already used by buttons.down "
                      "(its default)"),
])
def test_two_buttons_on_one_pin_however_written(buttons, expected):
    # a physical or wiringPi name was not seen as the same pin; a clash with a default was
    # said of the key the file does not set
    with pytest.raises(ConfigError) as e:
        from_dict({"buttons": buttons})
    assert e.value.errors == [expected]


def test_a_wrong_pin_is_not_also_reported_as_a_clash_of_its_default():
    with pytest.raises(ConfigError) as e:
        from_dict({"buttons": {"up": "GPIO99", "ok": 5}})   # 5 is only up's default
    assert e.value.errors == [
        "buttons.up: 'GPIO99' is not a GPIO of the 40-pin header (0 to 27)"]


SPI = {"driver": "ssd1306", "interface": "spi"}


@pytest.mark.parametrize("display, up, expected", [
    ({}, 2, "buttons.up: pin 2 is the display's I2C SDA"),
    ({}, "BOARD5", "buttons.up: pin BOARD5 (GPIO3) is the display's I2C SCL"),
    ({"i2c_port": 0}, "GPIO0", "buttons.up: pin GPIO0 is the display's I2C SDA"),
    (SPI, 24, "buttons.up: pin 24 is the display's D/C pin (display.spi_dc_pin)"),
    (SPI, 25, "buttons.up: pin 25 is the display's RES pin (display.spi_reset_pin)"),
    ({**SPI, "spi_dc_pin": 17}, 17, "buttons.up: pin 17 is the display's D/C pin "
                                    "(display.spi_dc_pin)"),
    (SPI, 10, "buttons.up: pin 10 is the display's SPI MOSI"),
    (SPI, 11, "buttons.up: pin 11 is the display's SPI SCLK"),
    (SPI, 8, "buttons.up: pin 8 is the display's SPI CE0 (display.spi_device = 0)"),
    ({**SPI, "spi_device": 1}, 7,
     "buttons.up: pin 7 is the display's SPI CE1 (display.spi_device = 1)"),
    ({**SPI, "spi_port": 1}, 21, "buttons.up: pin 21 is the display's SPI SCLK"),
])
def test_a_button_on_a_pin_the_display_uses_is_refused(display, up, expected):
    with pytest.raises(ConfigError) as e:
        from_dict({"display": display, "buttons": {"up": up}})
    assert e.value.errors == [expected]


@pytest.mark.parametrize("display, up", [
    ({}, 10),                                   # the SPI pins are free with I2C
    ({}, 24),
    (SPI, 2),                                   # and the I2C pins with SPI
    ({**SPI, "spi_dc_pin": 17}, 24),            # the D/C pin moved
    ({**SPI, "spi_device": 1}, 8),              # CE0 is not this display's
    ({"i2c_port": 3}, 2),                       # a bus whose pins the config does not say
    ({"driver": "terminal"}, 2),                # no OLED, no bus
])
def test_a_button_on_a_pin_the_display_leaves_free_is_fine(display, up):
    assert from_dict({"display": display, "buttons": {"up": up}}).buttons.up == up


def test_a_wrong_display_key_is_not_also_a_pin_clash():
    with pytest.raises(ConfigError) as e:       # 24 is only the default D/C pin
        from_dict({"display": {**SPI, "spi_dc_pin": 99}, "buttons": {"up": 24}})
    assert e.value.errors == ["display.spi_dc_pin: 99 is outside 0 to 27"]


def test_all_errors_reported_at_once():
    with pytest.raises(ConfigError) as e:
        from_dict({"display": {"driver": "x", "rotate": 7}, "game": {"players": 0}})
    assert len(e.value.errors) == 3


def test_values_are_converted():
    cfg = from_dict({"display": {"i2c_address": "0x3d", "dim_after": 5},
                     "buttons": {"ok": "GPIO21"},
                     "game": {"players": 2, "names": ["Ann", "Bob"]}})
    assert cfg.display.i2c_address == 0x3D and cfg.display.dim_after == 5.0
    assert isinstance(cfg.display.dim_after, float)
    assert cfg.buttons.pins["ok"] == "GPIO21"
    assert cfg.game.names == ("Ann", "Bob")
    hash(cfg)  # frozen all the way down


def test_store_path_default_follows_state_directory(monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", "/var/lib/companion")
    assert C.defaults().store.path == "/var/lib/companion/companion.db"
    monkeypatch.delenv("STATE_DIRECTORY")
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", "/home/ann")
    assert C.defaults().store.path == "/home/ann/.local/state/companion/companion.db"
    assert from_dict({"store": {"path": "~/x.db"}}).store.path == "/home/ann/x.db"
    blank = from_dict({"store": {"path": ""}, "vision": {"photos": ""}})  # uncommented blanks
    assert blank.store.path == "/home/ann/.local/state/companion/companion.db"
    assert blank.vision.photos is None  # kept photos then go beside the store in use
    assert from_dict({"vision": {"photos": "~/p"}}).vision.photos == "/home/ann/p"


def test_load_missing_default_file_gives_defaults_said_once(monkeypatch, tmp_path):
    monkeypatch.setattr(C, "DEFAULT_PATH", str(tmp_path / "nope.toml"))
    said = []
    cfg = load_config(None, say=said.append)
    assert cfg.source is None and cfg.display == C.defaults().display
    assert len(said) == 1 and "nope.toml" in said[0]


def test_load_missing_explicit_file_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="not found"):
        load_config(str(tmp_path / "nope.toml"))


def test_an_empty_path_is_no_file_given(capsys):
    with pytest.raises(ConfigError) as e:
        load_config("")
    assert str(e.value) == "no config file given (the path is empty)"
    assert run_config_command("--check", "--config", "") == 2
    assert capsys.readouterr().err == "config error: no config file given (the path is empty)\n"


def test_load_file_and_bad_toml(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('[display]\ndriver = "sh1106"\ni2c_address = 0x3D\n')
    cfg = load_config(str(p))
    assert cfg.display.driver == "sh1106" and cfg.display.i2c_address == 0x3D
    assert cfg.source == str(p)
    p.write_text("[display\n")
    with pytest.raises(ConfigError, match="not valid TOML") as e:
        load_config(str(p))
    assert str(p) in str(e.value)


def test_a_file_that_is_not_utf8_is_a_config_error(tmp_path):
    p = tmp_path / "c.toml"
    p.write_bytes(b"\xff\xfe[display]\n")          # UTF-16, as some editors save
    with pytest.raises(ConfigError) as e:
        load_config(str(p))
    assert str(e.value) == (f"{p}: not UTF-8 text (byte 0xff at line 1, column 1): "
                            "save the file as UTF-8")
    p.write_bytes(b'[display]\n# caf\xe9\n')         # Latin-1
    with pytest.raises(ConfigError, match="byte 0xe9 at line 2, column 6"):
        load_config(str(p))


@pytest.mark.parametrize("command, code", [("config", 2), ("doctor", 1), ("play", 2)])
def test_every_command_reports_a_file_that_is_not_utf8(tmp_path, capsys, command, code):
    from companion.cli import main

    p = tmp_path / "c.toml"
    p.write_bytes(b"\xff\xfe[display]\n")
    argv = [command, "--config", str(p)] + (["--check"] if command == "config" else [])
    assert main(argv) == code             # no UnicodeDecodeError traceback
    out = capsys.readouterr()
    assert "not UTF-8 text (byte 0xff" in out.out + out.err


def test_a_byte_order_mark_is_accepted(tmp_path):
    p = tmp_path / "c.toml"
    p.write_bytes('[display]\ncontrast = 99\n'.encode("utf-8-sig"))   # Windows Notepad
    assert load_config(str(p)).display.contrast == 99


def test_effective_toml_round_trips():
    cfg = from_dict({"display": {"driver": "terminal", "i2c_address": 0x3D},
                     "camera": {"seed": 7}, "game": {"players": 2, "names": ["A", "B"]}})
    text = C.to_toml(cfg)
    assert "i2c_address = 0x3D" in text
    assert from_dict(tomllib.loads(text)) == dataclasses.replace(cfg, source=None)


def test_example_config_loads_to_the_defaults_and_uncommented_too():
    example = C.render_example()
    assert from_dict(tomllib.loads(example)) == C.defaults()
    uncommented = "\n".join(
        line[1:] if line.startswith("#") and " = " in line and not line.startswith("# ") else line
        for line in example.splitlines())
    cfg = from_dict(tomllib.loads(uncommented))
    assert cfg.display == C.defaults().display and cfg.buttons == C.defaults().buttons
    assert cfg.game.names == ("Ann", "Bob", "Cy")


def test_docs_are_in_sync_with_the_schema():
    md = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    ex = (ROOT / "docs" / "config.example.toml").read_text(encoding="utf-8")
    hint = "regenerate with: python -m companion.config --write-docs"
    assert md == C.render_markdown(), hint
    assert ex == C.render_example(), hint
    for key in C.SCHEMA:
        assert f"| `{key.name}` |" in md and f"#{key.name} = " in ex


def test_replace_helper():
    cfg = C.replace(C.defaults(), display={"driver": "none"})
    assert cfg.display.driver == "none" and cfg.buttons == C.defaults().buttons


# ---------------------------------------------------------------- `companion config`

def run_config_command(*argv: str) -> int:
    import argparse

    from companion.commands import config as cmd
    parser = argparse.ArgumentParser()
    cmd.configure(parser)
    return cmd.run(parser.parse_args(list(argv)))


def test_config_check_ok_and_bad(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text('[game]\ndefault = "risknroll"\n')
    assert run_config_command("--check", "--config", str(good)) == 0
    assert capsys.readouterr().out == f"config OK: {good}\n"
    bad = tmp_path / "bad.toml"
    bad.write_text('[display]\ndriver = "ssd1305"\n')
    assert run_config_command("--check", "--config", str(bad)) == 2
    err = capsys.readouterr().err
    assert "display.driver: 'ssd1305' is not one of ssd1306, sh1106" in err
    assert run_config_command("--check", "--config", str(tmp_path / "none.toml")) == 2
    assert "not found" in capsys.readouterr().err


def test_config_check_takes_the_file_itself(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text('[game]\ndefault = "risknroll"\n')
    assert run_config_command("--check", str(good)) == 0
    assert capsys.readouterr().out == f"config OK: {good}\n"
    bad = tmp_path / "bad.toml"
    bad.write_text("[display]\ncontrast = 999\n")
    assert run_config_command("--check", str(bad)) == 2
    assert "display.contrast" in capsys.readouterr().err
    # the same file twice is fine; two different files is a mistake, said so
    assert run_config_command("--check", str(good), "--config", str(good)) == 0
    capsys.readouterr()
    assert run_config_command("--check", str(good), "--config", str(bad)) == 2
    assert "two files" in capsys.readouterr().err


def test_config_prints_effective_toml(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text("[display]\ncontrast = 99\n")
    assert run_config_command("--config", str(p)) == 0
    out = capsys.readouterr().out
    assert "contrast = 99" in out and "[service]" in out
    assert from_dict(tomllib.loads(out)).display.contrast == 99
    assert run_config_command("--docs") == 0
    assert capsys.readouterr().out == C.render_example()


def test_hardware_doc_wiring_matches_the_default_pins():
    import re
    doc = (ROOT / "docs" / "hardware.md").read_text(encoding="utf-8")
    names = {"Up": "up", "Down": "down", "Select": "select", "Back": "back", "Roll/OK": "ok"}
    rows = dict(re.findall(r"^\| button ([\w/]+)[^|]*\| GPIO (\d+) \|", doc, re.M))
    assert {names[k]: int(v) for k, v in rows.items()} == C.defaults().buttons.pins
    assert "0x3C" in doc and "Not verified without a Pi" in doc


def test_the_default_game_is_one_play_can_start():
    # `config --check` passing game.default = "216" while `play` refused it was a trap.
    from companion import rules

    for name in rules.GAMES:
        assert from_dict({"game": {"default": name}}).game.default == name
    with pytest.raises(ConfigError, match="game.default"):
        from_dict({"game": {"default": "216" if "216" not in rules.GAMES else "nosuchgame"}})


@pytest.mark.parametrize("players", [1, 9])
def test_players_outside_every_game_are_refused(players):
    # game.players = 1 passed --check; Risk 'n' Roll is for 2 to 8
    with pytest.raises(ConfigError) as e:
        from_dict({"game": {"players": players}})
    assert e.value.errors == [f"game.players: {players} is outside 2 to 8"]


def test_players_are_checked_against_the_configured_game(monkeypatch):
    from companion import rules

    narrow = dataclasses.replace(rules.GAMES["risknroll"], min_players=3, max_players=4)
    monkeypatch.setitem(rules.GAMES, "risknroll", narrow)
    with pytest.raises(ConfigError) as e:
        from_dict({"game": {"default": "risknroll", "players": 2}})
    assert e.value.errors == [f"game.players: 2: {narrow.title} (game.default = \"risknroll\") "
                              "is for 3 to 4 players"]
    assert from_dict({"game": {"players": 4}}).game.players == 4


def test_wrong_players_are_not_also_a_names_mismatch():
    with pytest.raises(ConfigError) as e:
        from_dict({"game": {"players": 0, "names": ["Ann", "Bob"]}})
    assert e.value.errors == ["game.players: 0 is outside 2 to 8"]


def test_a_quarter_turn_is_refused_since_the_screens_are_landscape():
    with pytest.raises(ConfigError, match=r"display\.rotate"):
        from_dict({"display": {"rotate": 1}})


def test_config_check_warns_when_spi_is_chosen_but_its_modules_do_not_import(
        tmp_path, capsys, monkeypatch):
    spi = tmp_path / "spi.toml"
    spi.write_text('[display]\ninterface = "spi"\n')
    cfg = C.load_config(str(spi))
    assert C.warnings(cfg, importable=lambda m: True) == []
    (only,) = C.warnings(cfg, importable=lambda m: m != "spidev")
    assert only.startswith('display.interface = "spi": spidev cannot be imported here')
    assert "sudo apt install python3-spidev" in only
    assert C.warnings(C.defaults(), importable=lambda m: False) == []   # I2C needs neither
    monkeypatch.setattr(C, "_importable", lambda m: False)
    assert run_config_command("--check", str(spi)) == 0    # valid: a warning, not an error
    assert "config warning: display.interface" in capsys.readouterr().err


@pytest.mark.parametrize("key", ["store.path", "vision.photos"])
def test_a_path_in_the_home_of_nobody_here_is_said_in_words(key):
    section, name = key.split(".")
    with pytest.raises(ConfigError) as e:  # pathlib raised "Could not determine home directory"
        from_dict({section: {name: "~nobody-on-this-box/x"}})
    assert f"{key}: ~nobody-on-this-box/x: there is no user nobody-on-this-box" in str(e.value)
