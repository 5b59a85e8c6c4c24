"""What a person may type at the store's commands is answered in sentences: an empty
--store, a game id beyond any integer or one that only looks like a digit, a file of
JSON nested past what json follows, names nobody could tell apart or see; and a store
that only needs reading is read on a disk where nothing can be written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from stored_games import play

from companion import cli
from companion.commands import folder, replay
from companion.config import name_problems
from companion.store import Store
from tests.command_run import run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("command", ["play", "history", "replay", "stats"])
@pytest.mark.parametrize(("path", "said"), [
    ("", "an empty path names no store: give the store's file"),  # not taken for the default
    ("~nobody-qa9/c.db", "~nobody-qa9/c.db: there is no user nobody-qa9 on this machine"),
])
def test_a_store_path_naming_no_file_is_a_sentence(command, path, said, capsys):
    argv = [command, *(["1"] if command == "replay" else []), "--store", path]
    with pytest.raises(SystemExit) as ended:
        cli.main(argv)
    assert ended.value.code == 2
    assert f"argument --store: {said}" in capsys.readouterr().err


def test_a_store_in_a_home_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert folder.store_file("~/c.db") == str(tmp_path / "c.db")


@pytest.fixture
def store_path(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        play(store, 1, names=("Ann", "Bob"))
    return path


def test_a_game_id_beyond_any_integer_is_no_game(store_path, capsys):
    assert run(replay, "99999999999999999999999999999", "--store", str(store_path)) == 1
    assert capsys.readouterr().err == (
        "companion replay: There is no game 99999999999999999999999999999 in the store at "
        f"{store_path}.\n")


def test_a_superscript_two_is_not_a_game_id(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(replay, "²") == 1
    assert capsys.readouterr().err == "companion replay: ²: not a game id or a file.\n"


def test_json_nested_past_what_json_follows_is_refused_in_words(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000)
    assert run(replay, str(deep)) == 1
    assert capsys.readouterr().err == (
        f"companion replay: {deep} is not a game export: its JSON is nested too deeply.\n")


def test_a_stored_step_nested_past_what_json_follows_is_damage_not_a_traceback(store_path):
    import sqlite3

    db = sqlite3.connect(store_path)
    db.execute("UPDATE steps SET action = ? WHERE game_id = 1 AND n = 2", ("[" * 100000,))
    db.commit()
    db.close()
    with Store(store_path) as store:
        assert store.load(1).damage == "step 2 is not JSON"


@pytest.mark.parametrize("name, what", [
    ("A\tB", "a tab"), ("A\nB", "a line break"), ("A\x1b[2J", "an escape character (ESC)"),
    ("A\x00", "a NUL character"), ("A\u200bB", "the character U+200B"),
])
def test_a_name_holding_what_no_screen_can_show_is_refused(name, what):
    assert name_problems(["Ann", name]) == [
        f"the name {name!r} holds {what}, which no screen can show"]


def test_a_name_given_twice_is_refused_once():
    assert name_problems(["Ann", "Bob", "Ann"]) == [
        "the name 'Ann' is given twice: the players must be told apart"]
    assert name_problems(["Ann", "Bob", "ann"]) == []


@pytest.mark.parametrize("names, said", [
    ("Ann,Ann", "the name 'Ann' is given twice: the players must be told apart"),
    ("Ann,B\tb", "the name 'B\\tb' holds a tab, which no screen can show"),
])
def test_play_refuses_such_names_before_it_touches_the_store(tmp_path, capsys, names, said):
    store = tmp_path / "companion.db"
    code = cli.main(["play", "risknroll", "--names", names, "--store", str(store)])
    assert code == 2
    assert capsys.readouterr().err.endswith(f"companion play: {said}\n")
    assert not store.exists()


def test_the_config_refuses_such_names(tmp_path):
    from companion.config import ConfigError, load_config

    config = tmp_path / "config.toml"
    config.write_text('[game]\nplayers = 2\nnames = ["Ann", "Ann"]\n')
    with pytest.raises(ConfigError) as refused:
        load_config(config)
    assert refused.value.errors == [
        "game.names: the name 'Ann' is given twice: the players must be told apart"]


FULL_DISK = """
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # no file may grow: a full disk
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("command", [["history"], ["replay", "1"]])
def test_a_cleanly_closed_store_is_read_on_a_disk_where_nothing_can_be_written(
        store_path, command):
    before = sorted(p.name for p in store_path.parent.iterdir())
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, *command, "--store", str(store_path)],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=store_path.parent)
    assert done.stderr == "" and done.returncode == 0
    assert "Ann" in done.stdout
    after = sorted(p.name for p in store_path.parent.iterdir()
                   if p.stat().st_size or not p.name.endswith(("-shm", "-wal")))
    assert after == before
