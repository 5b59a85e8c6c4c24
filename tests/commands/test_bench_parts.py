"""`companion bench`: which parts a command line asks for."""

from __future__ import annotations

import pytest

from companion.cli import build_parser
from companion.commands import bench


def parts_of(argv):
    return build_parser().parse_args(["bench", *argv]).parts or bench.PARTS


def test_no_part_means_every_part():
    assert parts_of([]) == ("advice", "vision", "screens")


def test_parts_named_are_the_parts_measured():
    assert parts_of(["vision", "advice"]) == ["vision", "advice"]


def test_an_unknown_part_is_refused_with_the_parts_there_are(capsys):
    with pytest.raises(SystemExit):
        parts_of(["speed"])
    assert "no part 'speed'; parts: advice, vision, screens" in capsys.readouterr().err


def test_the_reader_is_benched_with_other_nets_when_asked(tmp_path, monkeypatch, capsys):
    import shutil

    from vision import net

    seen = []
    monkeypatch.setattr("companion.commands.bench_vision.vision_figures",
                        lambda *a, **k: seen.append(net.nets_in_use()))
    args = build_parser().parse_args(["bench", "vision", "--nets", str(tmp_path)])
    assert bench.run(args) == 2  # no nets there
    assert f"no dice_finder.onnx and dice_faces.onnx in {tmp_path}" in capsys.readouterr().out
    for name in ("dice_finder.onnx", "dice_faces.onnx"):
        shutil.copyfile(net.FINDER_FILE.with_name(name), tmp_path / name)
    try:
        assert bench.run(args) == 0
    finally:
        net.use_nets()
    assert seen == [(tmp_path / "dice_finder.onnx", tmp_path / "dice_faces.onnx")]


def test_the_reader_is_benched_without_its_timing_when_asked(monkeypatch):
    asked = []
    monkeypatch.setattr("companion.commands.bench_vision.vision_figures",
                        lambda *a, **k: asked.append(k["speed"]))
    for argv, speed in ((["vision"], True), (["vision", "--no-speed"], False)):
        assert bench.run(build_parser().parse_args(["bench", *argv])) == 0
        assert asked.pop() is speed


def test_the_advice_tourney_is_asked_for_with_its_pairs(monkeypatch, capsys):
    parse = build_parser().parse_args
    assert parse(["bench", "advice"]).tourney == 0
    assert parse(["bench", "advice", "--tourney"]).tourney == bench.TOURNEY_PAIRS
    monkeypatch.setattr("companion.advice.bench.advice_figures", lambda: None)
    played = []
    monkeypatch.setattr("companion.advice.tourney.tourney",
                        lambda game, pairs: played.append((game, pairs)) or _Line(game))
    assert bench.run(parse(["bench", "advice", "--tourney", "3"])) == 0
    assert ("216", 3) in played and ("charidice", 3) in played
    assert "216: a line" in capsys.readouterr().out


class _Line:
    def __init__(self, game):
        self.game = game

    def line(self):
        return f"{self.game}: a line"
