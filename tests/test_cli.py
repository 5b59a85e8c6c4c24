"""The `companion` command itself: output piped into a reader that stops early, output
folders checked as the command line is read."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.cli import main


def test_a_reader_that_stops_early_gets_no_traceback():
    # `companion config --docs | head -1`: head closes the pipe before all is written.
    child = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "config", "--docs"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    child.stdout.close()
    error = child.stderr.read().decode()
    child.wait(timeout=30)
    assert "Traceback" not in error and "Exception ignored" not in error, error


OUTPUT_COMMANDS = [
    ["read", "dice.jpg", "--annotate"],
    ["demo", "risknroll", "--frames"],
    ["play", "--store", "companion.db", "--frames"],
]


@pytest.mark.parametrize("command", OUTPUT_COMMANDS)
def test_an_output_folder_that_cannot_be_made_is_refused_before_any_work(
    command, tmp_path, monkeypatch, capsys
):
    """demo and play gave a FileNotFoundError traceback (a folder under /proc, say)."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main([*command, "x" * 300])
    assert stop.value.code == 2
    assert "cannot make the folder " in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("folder", ["afile", "afile/frames"])
@pytest.mark.parametrize("command", OUTPUT_COMMANDS)
def test_an_output_folder_that_is_a_file_is_refused_before_any_work(
    command, folder, tmp_path, monkeypatch, capsys
):
    """It was a FileExistsError traceback, after a demo had played its game."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("kept")
    with pytest.raises(SystemExit) as stop:
        main([*command, folder])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(": afile is a file, not a folder\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]
    assert (tmp_path / "afile").read_text() == "kept"
