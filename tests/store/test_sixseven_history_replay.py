"""67 Six Seven in the store: a finished game in `companion history`, `companion replay`
rebuilding it, and Two-Player Mode (four colours, two seats) stored and replayed."""

from __future__ import annotations

import json
import random
import re

import pytest

from companion import rules
from companion.commands import history, replay
from companion.store import Store
from tests.command_run import run

SIXSEVEN = rules.get("sixseven")


def play(store: Store, seed: int, names, steps: int | None = None):
    """A seeded 67 Six Seven game, stored action by action as the session stores it;
    with `steps`, left unfinished after that many. Returns (id, state)."""
    rng = random.Random(seed)
    state = SIXSEVEN.new(len(names), {})
    game_id = store.new_game("sixseven", len(names), {}, names, version=SIXSEVEN.version)
    while not state.is_over() and (steps is None or steps > 0):
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        store.append(game_id, action.to_json())
        steps = None if steps is None else steps - 1
    if state.is_over():
        store.finish(game_id, state.scores(), state.winners())
    return game_id, state


@pytest.fixture
def games(tmp_path):
    """Finished: 3 players (seed 1), Two-Player Mode (seed 2); Two-Player Mode in progress."""
    path = tmp_path / "companion.db"
    with Store(path) as store:
        three = play(store, 1, ("Ann", "Bob", "Cy"))
        two = play(store, 2, ("Ann", "Bob"))
        going = play(store, 3, ("Di", "Ed"), steps=12)
    return path, three, two, going


def test_finished_games_are_in_history_with_each_seats_vp_and_the_winner(games, capsys):
    path, (three, three_end), (two, two_end), (going, _) = games
    assert run(history, "--store", str(path)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"In progress: game {going}, 67 Six Seven with Di, Ed")
    assert [int(line.split()[0]) for line in lines[1:]] == [two, three]
    for line, end, names in ((lines[1], two_end, ("Ann", "Bob")),
                             (lines[2], three_end, ("Ann", "Bob", "Cy"))):
        assert "67 Six Seven" in line
        for seat, (name, score) in enumerate(zip(names, end.scores())):
            assert f"{name} {score}{' (won)' if seat in end.winners() else ''}" in line
    assert len(two_end.vp) == 4 and len(two_end.scores()) == 2  # two colours per seat
    assert two_end.scores() == (two_end.vp[0] + two_end.vp[2], two_end.vp[1] + two_end.vp[3])


def test_history_json_gives_the_seats_scores_and_winner(games, capsys):
    path, (three, three_end), (two, two_end), _ = games
    assert run(history, "--store", str(path), "--json") == 0
    objects = {o["id"]: o for o in map(json.loads, capsys.readouterr().out.splitlines())}
    for game_id, end in ((three, three_end), (two, two_end)):
        assert objects[game_id]["game"] == "sixseven"
        assert objects[game_id]["title"] == "67 Six Seven"
        assert objects[game_id]["scores"] == list(end.scores())
        assert objects[game_id]["winners"] == list(end.winners())


@pytest.mark.parametrize("which", [1, 2])
def test_replay_json_rebuilds_the_finished_game_exactly(games, capsys, which):
    path, *finished, _ = games
    game_id, end = finished[which - 1]
    assert run(replay, str(game_id), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "sixseven" and out["players"] == end.players
    assert SIXSEVEN.from_json(out["state"]) == end
    assert out["over"] is True
    assert out["scores"] == list(end.scores()) and out["winners"] == list(end.winners())
    with Store(path) as store:
        assert out["steps"] == len(store.load(game_id).actions) == len(out["actions"])


def test_a_two_player_mode_game_in_progress_replays_to_its_colour_with_names(games, capsys):
    path, *_, (going, state) = games
    assert state.colours == 4 and not state.is_over()
    assert run(replay, str(going), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is False and out["steps"] == 12
    assert SIXSEVEN.from_json(out["state"]) == state
    assert run(replay, str(going), "--store", str(path)) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Game {going}: 67 Six Seven, 2 players, 12 of 12 steps replayed.")
    assert not re.search(r"\bP[12]\b", text), text  # "Di A", "Ed B": names, not seats
    assert re.search(r"\b(Di|Ed) [AB]\b", text), text


def test_the_json_of_a_two_player_mode_replay_replays_from_a_file(games, tmp_path, capsys):
    path, _, (two, end), _ = games
    run(replay, str(two), "--store", str(path), "--json")
    exported = capsys.readouterr().out
    file = tmp_path / "game.json"
    file.write_text(exported)
    assert run(replay, str(file), "--json") == 0
    assert json.loads(capsys.readouterr().out) == json.loads(exported)
    assert run(replay, str(file)) == 0
    winner = ("Ann", "Bob")[end.winners()[0]]
    assert f"Game over: {winner} won." in capsys.readouterr().out
