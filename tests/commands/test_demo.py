"""`companion demo`: a whole game by the advice, its log, its JSON line, its frames."""

import json

import pytest
from PIL import Image

from companion.cli import build_parser, main
from companion.commands.demo import self_play


def demo(capsys, *args):
    code = main(["demo", "risknroll", *args])
    out = capsys.readouterr().out.splitlines()
    return code, out, json.loads(out[-1])


def test_demo_prints_a_turn_log_and_the_result_as_one_json_line(capsys):
    code, out, result = demo(capsys, "--players", "3", "--seed", "7")
    assert code == 0
    assert out[0] == "Risk 'n' Roll 2000: 3 players, seed 7"
    assert any(line.startswith("P2's turn") for line in out)
    assert any("banks" in line for line in out)
    assert set(result) == {"game", "players", "scores", "winners"}
    assert result["game"] == "risknroll"
    assert result["players"] == ["P1", "P2", "P3"]
    assert max(result["scores"]) >= 2000
    best = max(result["scores"])
    assert result["winners"] == [f"P{i + 1}" for i, s in enumerate(result["scores"]) if s == best]


def test_the_same_seed_plays_the_same_game_and_another_seed_another():
    assert self_play("risknroll", 2, 11, {}) == self_play("risknroll", 2, 11, {})
    assert self_play("risknroll", 2, 11, {}) != self_play("risknroll", 2, 12, {})


def test_double_millennium_plays_to_4000(capsys):
    _, _, result = demo(capsys, "--players", "2", "--seed", "3", "--option",
                        "double_millennium=true", "--quiet")
    assert max(result["scores"]) >= 4000


def test_frames_come_from_the_session_and_play_the_same_game(capsys, tmp_path):
    _, _, plain = demo(capsys, "--players", "2", "--seed", "5", "--quiet")
    _, _, framed = demo(capsys, "--players", "2", "--seed", "5", "--quiet",
                        "--frames", str(tmp_path))
    assert framed == plain
    pngs = sorted(tmp_path.glob("frame_*.png"))
    assert len(pngs) > 20
    assert Image.open(pngs[0]).size == (512, 256)
    gif = Image.open(tmp_path / "frames.gif")
    assert gif.n_frames > 1


def test_a_bad_option_is_refused_with_a_sentence(capsys):
    code = main(["demo", "risknroll", "--option", "colour=blue"])
    assert code == 2
    assert "no option 'colour'" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["128x64", "128x32", "10x10", "0x0", "abc", "128"])
def test_demo_takes_the_display_sizes_play_takes(size, tmp_path, capsys):
    """A 10x10 display hung the demo, 0x0 failed in Pillow and abc in int(): --size
    takes what play's --size takes, and argparse refuses the rest."""
    taken = []
    for command in (["play"], ["demo", "risknroll", "--frames", str(tmp_path)]):
        try:
            build_parser().parse_args([*command, "--size", size])
            taken.append(True)
        except SystemExit as stop:
            assert stop.code == 2 and "invalid choice" in capsys.readouterr().err
            taken.append(False)
    assert taken == [size.startswith("128x")] * 2


@pytest.mark.parametrize("players", [4, 2])
def test_six_seven_demo_plays_to_one_winner(capsys, players):
    code = main(["demo", "sixseven", "--players", str(players), "--seed", "3"])
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1])
    assert code == 0 and out[0] == f"67 Six Seven: {players} players, seed 3"
    assert result["game"] == "sixseven" and len(result["scores"]) == players
    assert len(result["winners"]) == 1
    assert any("SIX SEVEN" in line for line in out)


def test_a_216_demo_plays_to_100_with_cards_drawn_from_the_draw(capsys):
    code = main(["demo", "216", "--players", "2", "--seed", "1"])
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1])
    assert code == 0 and out[0] == "216: 2 players, seed 1"
    assert any(line.strip().startswith("Offer: ") for line in out)
    assert result["game"] == "216" and max(result["scores"]) >= 100
    assert len(result["winners"]) == 1


def test_a_216_solo_demo_is_you_against_the_ai(capsys):
    code = main(["demo", "216", "--solo", "--seed", "1"])
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1])
    assert code == 0 and result["players"] == ["P1", "AI"]
    assert any("AI takes" in line for line in out) and "AI's turn  (scores 0 3)" in out
    assert main(["demo", "risknroll", "--solo"]) == 2
    assert "no option 'solo'" in capsys.readouterr().err
