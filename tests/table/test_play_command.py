"""`companion play`'s own decisions, short of running the loop: the command line checked,
presses while the screen is dark, no way to press at all, a terminal too small."""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from dataclasses import replace

import pytest
from PIL import Image

from companion import rules
from companion.commands import play
from companion.config import defaults
from hardware.buttons import ButtonEvent
from hardware.display import DimmingDisplay, NullDisplay, TerminalDisplay


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.configure(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize("players", ["0", "1", "99"])
def test_a_number_of_players_the_game_does_not_allow_is_refused(players):
    with pytest.raises(ValueError, match="2 to 8 players"):
        play._setup(args("risknroll", "--players", players), defaults(), rules)


@pytest.mark.parametrize("argv", [("216", "--players", "1"), ("216", "--names", "Ann")])
def test_one_player_for_216_starts_its_solo_setup(argv, tmp_path):
    """`--players 1` was refused with "216 is for 2 to 6 players", Solo never named."""
    from companion.store import Store
    from companion.table import Table

    setup = play._setup(args(*argv), defaults(), rules)
    assert (setup.players, dict(setup.options), setup.start) == (2, {"solo": True}, "options")
    with Store(tmp_path / "companion.db") as store:
        table = Table(store, setup, clock=lambda: 0.0)
        assert table.mode == "setup_options" and table.screen().title == "216, 1 player + AI"


@pytest.mark.parametrize("lock_there", [False, True])
def test_a_store_path_that_is_no_store_is_refused_leaving_nothing_beside_it(
        tmp_path, capsys, lock_there):
    """`--store notes.txt` once left an empty notes.txt.lock; a lock file there before
    (a store's, say) stays: lock files are never deleted from under another companion."""
    box = tmp_path / "box.toml"
    box.write_text("")
    here = tmp_path / "here"
    here.mkdir()
    notes = here / "notes.txt"
    notes.write_text("Ann 2150\n")
    if lock_there:
        (here / "notes.txt.lock").write_text("")
    assert play.run(args("--store", str(notes), "--config", str(box))) == 1
    assert "is not a companion store" in capsys.readouterr().err
    assert sorted(p.name for p in here.iterdir()) == ["notes.txt"] + (
        ["notes.txt.lock"] if lock_there else [])
    assert notes.read_text() == "Ann 2150\n"


@pytest.mark.parametrize(("names", "said"), [("Ann", "--names gives 1 name for 2 players"),
                                             ("Ann,Bo,Cy", "--names gives 3 names for 2 players")])
def test_names_not_one_a_player_are_refused_in_a_sentence(names, said):
    with pytest.raises(ValueError) as refused:
        play._setup(args("216", "--players", "2", "--names", names), defaults(), rules)
    assert str(refused.value) == said


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    """Stands in for the Table: the presses it was handed."""

    def __init__(self):
        self.events = []

    def handle(self, event) -> None:
        self.events.append(event)


def test_a_press_on_a_dark_screen_only_wakes_it():
    clock, table = Clock(), Recorder()
    display = DimmingDisplay(NullDisplay(), dim_after=60, blank_after=600, clock=clock)
    clock.now = 601
    assert display.tick() == "blank"
    play._press(display, table, ButtonEvent("ok"))  # would have banked or rolled unseen
    assert display.state == "on" and table.events == []
    play._press(display, table, ButtonEvent("ok"))
    assert table.events == [ButtonEvent("ok")]


def test_a_press_on_a_dimmed_screen_counts():
    clock, table = Clock(), Recorder()
    display = DimmingDisplay(NullDisplay(), dim_after=60, blank_after=600, clock=clock)
    clock.now = 61
    assert display.tick() == "dim"
    play._press(display, table, ButtonEvent("down"))
    assert table.events == [ButtonEvent("down")]


def test_the_simulator_with_no_keyboard_says_so_and_stops(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "terminal"\n[buttons]\nsource = "keyboard"\n')
    run = subprocess.run(
        [sys.executable, "-m", "companion.cli", "play", "--config", str(config),
         "--store", str(tmp_path / "companion.db")],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30, check=False,
    )
    assert run.returncode == 2
    assert run.stderr.strip().splitlines()[-1] == (
        "companion play: no keyboard (standard input is not a terminal): "
        "run it in a terminal to play"
    )


def footer_at(monkeypatch, columns: int, rows: int):
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("LINES", str(rows))
    display = TerminalDisplay(io.StringIO())
    display.tty = True
    return display, play._Footer(display, play.Messages())


def test_a_terminal_too_small_is_named_under_the_screen_whatever_else_was_said(monkeypatch):
    display, footer = footer_at(monkeypatch, 60, 20)
    footer.draw("Resumed game from 21:04")
    last = display.stream.getvalue().split("\n")[-2]
    assert last.startswith("Make the terminal at least 64x22 (it is 60x20)")


@pytest.mark.parametrize("columns, rows, screen_rows", [(80, 24, 16), (128, 37, 32)])
def test_the_screen_keys_and_a_long_note_fit_the_terminal_without_scrolling(
    monkeypatch, columns, rows, screen_rows
):
    display, footer = footer_at(monkeypatch, columns, rows)
    display.show(Image.new("1", (128, 64), 1))
    footer.draw("camera: " + "a long sentence about what went wrong " * 8)
    drawn = display.stream.getvalue().split("\x1b[H")[-1]
    lines = drawn.replace("\x1b[K", "").replace("\x1b[J", "").split("\n")
    assert len(lines) <= rows and all(len(line) <= columns for line in lines)
    assert lines[screen_rows - 1] and not lines[screen_rows].startswith(("\u2800", "\u2588"))
    assert lines[-1].endswith("...") and "q: quit" in drawn
    assert footer.too_small() == ""


def test_kept_frames_say_whether_a_live_camera_took_them(tmp_path):
    """The benchmark reads a kept frame as the game read it: once if a live camera took it."""
    from dataclasses import replace
    from types import SimpleNamespace

    from companion.dice_input import CameraDice, VirtualDice

    cfg = defaults()
    cfg = replace(cfg, vision=replace(cfg.vision, keep_photos=True, photos=str(tmp_path)))
    store = SimpleNamespace(path=tmp_path / "companion.db")
    for live in (True, False):
        keeper = play._keeper(cfg, CameraDice(object(), live=live), store, lambda _: None)
        assert keeper.live is live
    assert play._keeper(cfg, VirtualDice(object()), store, lambda _: None) is None


def test_the_display_to_say_a_config_error_on_is_the_files_own_if_that_part_is_right(
    tmp_path
):
    good, bad = tmp_path / "good.toml", tmp_path / "bad.toml"
    good.write_text('[display]\ndriver = "sh1106"\ni2c_address = 0x3d\n[camera]\nsourse = 1\n')
    bad.write_text('[display]\ndriver = "sh1107"\n')
    assert play.display_config(str(good)) == replace(
        defaults().display, driver="sh1106", i2c_address=0x3D)
    assert play.display_config(str(bad)) == defaults().display
    (tmp_path / "binary.toml").write_bytes(b"\xff\xfe[display]")
    assert play.display_config(str(tmp_path / "binary.toml")) == defaults().display


@pytest.fixture
def four_player_game(tmp_path):
    from companion.store import Store

    store = Store(tmp_path / "companion.db")
    game_id = store.new_game("risknroll", 4, {}, ["Ann", "Bo", "Cy", "Di"])
    yield store, game_id
    store.close()


def setup_for(*argv):
    command = args(*argv)
    return play._setup(command, defaults(), rules), command


@pytest.mark.parametrize("argv", [
    ("risknroll", "--players", "2"),
    ("risknroll", "--players", "4", "--names", "Ann,Bo,Cy,Ed"),
])
def test_an_unfinished_game_other_than_asked_for_is_named_and_the_new_one_offered(
    four_player_game, capsys, argv
):
    store, game_id = four_player_game
    asked = []
    play._unfinished_or_new(store, *setup_for(*argv), ask=lambda q: asked.append(q) or "n")
    out = capsys.readouterr().out
    assert out.startswith(f"Game {game_id} is unfinished: Risk 'n' Roll 2000 for 4 players "
                          "(Ann, Bo, Cy, Di), 0 steps.\nYou asked for ")
    assert asked == ["Resume it (r) or abandon it and start the new one (n)? "]
    assert store.unfinished() is None                  # the Table starts the new one
    assert store.history(abandoned=True)[0].id == game_id


def test_resuming_is_one_answer_away_and_a_wrong_one_is_asked_again(four_player_game, capsys):
    store, game_id = four_player_game
    answers = iter(["yes", "R"])
    play._unfinished_or_new(store, *setup_for("risknroll", "--players", "2"),
                            ask=lambda q: next(answers))
    assert "Type r or n, then Enter." in capsys.readouterr().out
    assert store.unfinished().id == game_id


def test_with_nobody_to_ask_the_unfinished_game_is_resumed_and_the_log_says_why(
    four_player_game, capsys, caplog
):
    store, game_id = four_player_game
    play._unfinished_or_new(store, *setup_for("risknroll", "--players", "2"), ask=None)
    assert store.unfinished().id == game_id
    assert "0 steps. You asked for 2 players. Resuming it." in capsys.readouterr().err
    assert "You asked for 2 players" in caplog.text


@pytest.mark.parametrize("argv", [(), ("risknroll",), ("risknroll", "--players", "4"),
                                  ("risknroll", "--names", "Ann,Bo,Cy,Di")])
def test_the_game_asked_for_or_none_named_resumes_without_a_question(four_player_game, argv):
    store, game_id = four_player_game
    play._unfinished_or_new(store, *setup_for(*argv), ask=pytest.fail)
    assert store.unfinished().id == game_id


def test_the_camera_reads_with_the_nets_learnt_beside_the_store_when_there_are_some(tmp_path):
    import shutil
    from types import SimpleNamespace

    from companion.dice_input import CameraDice, VirtualDice
    from vision import net

    store = SimpleNamespace(path=tmp_path / "companion.db")
    said = []
    try:
        play._keeper(defaults(), CameraDice(object(), live=True), store, said.append)
        assert net.nets_in_use() == (net.FINDER_FILE, net.FACES_FILE) and not said
        (tmp_path / "nets").mkdir()
        for shipped in (net.FINDER_FILE, net.FACES_FILE):
            shutil.copyfile(shipped, tmp_path / "nets" / shipped.name)
        play._keeper(defaults(), VirtualDice(object()), store, said.append)  # no camera
        assert net.nets_in_use() == (net.FINDER_FILE, net.FACES_FILE)
        play._keeper(defaults(), CameraDice(object(), live=True), store, said.append)
        assert net.nets_in_use() == (tmp_path / "nets" / "dice_finder.onnx",
                                     tmp_path / "nets" / "dice_faces.onnx")
        nets = tmp_path / "nets"
        assert said == [f"Reading the dice with the nets learnt at this table ({nets})"]
    finally:
        net.use_nets()


def test_the_game_kept_at_q_is_resumed_by_a_command_naming_its_store(tmp_path):
    """After `q` the simulator says how to resume: a game in another store than the
    config's is not resumed by a bare `companion play`."""
    cfg = defaults()
    assert play.resume_command(args(), cfg) == "companion play"
    assert play.resume_command(args("--store", cfg.store.path), cfg) == "companion play"
    other = str(tmp_path / "my games.db")
    assert play.resume_command(args("--store", other), cfg) == \
        f"companion play --store '{other}'"
