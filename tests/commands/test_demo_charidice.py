"""`companion demo charidice`: coloured throws, keeps and scores, played to the end."""

import json

from companion.cli import main
from companion.commands.demo import self_play
from companion.rules import charidice


def test_demo_charidice_prints_a_turn_log_and_the_result_as_one_json_line(capsys):
    assert main(["demo", "charidice", "--players", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    result = json.loads(out[-1])
    assert out[0] == "Charidice: 3 players, seed 5"
    assert out[1] == "P1's turn  (scores 0 0 0)"
    assert out[2].startswith("  Threw ") and "magenta" in " ".join(out)
    assert any(line.startswith("  Keep ") for line in out)
    assert sum("scores" in line and "gives P" in line for line in out) == 3 * charidice.ROUNDS
    assert "charity bonus" in out[-2]
    assert result["game"] == "charidice" and result["players"] == ["P1", "P2", "P3"]
    best = max(result["scores"])
    assert result["winners"] == [f"P{i + 1}" for i, s in enumerate(result["scores"]) if s == best]


def test_the_same_seed_plays_the_same_charidice_game():
    actions = self_play("charidice", 2, 11, {})
    assert actions == self_play("charidice", 2, 11, {})
    assert charidice.GAME.replay(2, {}, actions).is_over()
