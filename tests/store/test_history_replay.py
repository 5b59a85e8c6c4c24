"""`companion history` lists the stored games; `companion replay` rebuilds one through the rules."""

from __future__ import annotations

import json
import re

import pytest
from stored_games import play

from companion import rules
from companion.commands import history, replay
from companion.store import Store
from tests.command_run import run

RISKNROLL = rules.get("risknroll")
HISTORY_KEYS = {
    "id",
    "status",
    "game",
    "title",
    "players",
    "names",
    "options",
    "started",
    "finished",
    "steps",
    "scores",
    "winners",
    "version",
}
REPLAY_KEYS = {
    "id",
    "game",
    "players",
    "names",
    "options",
    "steps",
    "state",
    "scores",
    "over",
    "winners",
    "version",
}


@pytest.fixture
def games(tmp_path):
    """A store with two finished games (seeds 1 and 2) and one in progress."""
    path = tmp_path / "companion.db"
    with Store(path) as store:
        first = play(store, 1, names=("Ann", "Bob"))
        second = play(store, 2, names=("Ann", "Bob", "Cy"))
        going = play(store, 3, names=("Di", "Ed"), steps=7)
    return path, first, second, going


def test_history_lists_finished_games_newest_first_with_scores_and_winners(games, capsys):
    path, (first, first_end), (second, second_end), (going, _) = games
    assert run(history, "--store", str(path)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"In progress: game {going}, Risk 'n' Roll 2000 with Di, Ed")
    assert "7 steps" in lines[0]
    assert [int(line.split()[0]) for line in lines[1:]] == [second, first]
    for line, end, names in (
        (lines[1], second_end, "Ann Bob Cy"),
        (lines[2], first_end, "Ann Bob"),
    ):
        assert "Risk 'n' Roll 2000" in line
        for seat, (name, score) in enumerate(zip(names.split(), end.scores())):
            won = " (won)" if seat in end.winners() else ""
            assert f"{name} {score}{won}" in line


def test_history_json_is_one_object_per_line_with_the_game_in_progress_first(games, capsys):
    path, (first, first_end), (second, _), (going, _) = games
    assert run(history, "--store", str(path), "--json") == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["id"] for o in objects] == [going, second, first]
    assert all(set(o) == HISTORY_KEYS for o in objects)
    assert objects[0]["status"] == "unfinished" and objects[0]["finished"] is None
    assert objects[0]["steps"] == 7 and objects[0]["scores"] is None
    last = objects[2]
    assert last["status"] == "finished" and last["names"] == ["Ann", "Bob"]
    assert last["scores"] == list(first_end.scores())
    assert last["winners"] == list(first_end.winners())


def test_an_abandoned_game_is_listed_so_that_it_can_be_found_again(games, capsys):
    """playing.md says an abandoned game stays visible; history listed finished ones only."""
    path, (first, _), (second, _), (going, _) = games
    with Store(path) as store:
        store.abandon(going)
    assert run(history, "--store", str(path)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [int(line.split()[0]) for line in lines] == [going, second, first]
    assert lines[0].endswith(f"Di, Ed: abandoned after 7 steps (companion replay {going})")
    assert run(history, "--store", str(path), "--json") == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["status"] for o in objects] == ["abandoned", "finished", "finished"]


def test_history_without_a_store_says_so_and_creates_nothing(tmp_path, capsys):
    path = tmp_path / "nowhere" / "companion.db"
    assert run(history, "--store", str(path)) == 0
    assert "No games yet" in capsys.readouterr().out
    assert not path.parent.exists()


def test_history_of_a_damaged_store_reports_it_and_leaves_it(tmp_path, capsys):
    path = tmp_path / "companion.db"
    torn = (b"\x00torn by a power cut" * 300)[:4096]  # a whole page, not text
    path.write_bytes(torn)
    assert run(history, "--store", str(path)) == 1
    assert "is damaged" in capsys.readouterr().err
    assert path.read_bytes() == torn


def test_replay_json_rebuilds_the_stored_game_exactly(games, capsys):
    path, (first, end), *_ = games
    assert run(replay, str(first), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert REPLAY_KEYS <= set(out)
    assert out["id"] == first and out["game"] == "risknroll" and out["players"] == 2
    assert out["names"] == ["Ann", "Bob"] and out["options"] == {}
    assert RISKNROLL.from_json(out["state"]) == end
    assert out["over"] is True
    assert out["scores"] == list(end.scores()) and out["winners"] == list(end.winners())
    with Store(path) as store:
        assert out["steps"] == len(store.load(first).actions) == len(out["actions"])


def test_replay_of_a_game_in_progress_says_whose_turn_it_is(games, capsys):
    path, *_, (going, state) = games
    assert run(replay, str(going), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is False and out["winners"] == [] and out["steps"] == 7
    assert RISKNROLL.from_json(out["state"]) == state
    assert run(replay, str(going), "--store", str(path)) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Game {going}: Risk 'n' Roll 2000, 2 players, 7 of 7 steps replayed.")
    assert "Next: " in text


def test_replay_summary_shows_names_scores_and_the_winner(games, capsys):
    path, (first, end), *_ = games
    assert run(replay, str(first), "--store", str(path)) == 0
    text = capsys.readouterr().out
    winner = ("Ann", "Bob")[end.winners()[0]]
    assert f"Game over: {winner} won." in text
    for name, score in zip(("Ann", "Bob"), end.scores()):
        assert any(line.split()[:2] == [name, str(score)] for line in text.splitlines())


def test_replay_summary_names_the_players_not_their_seats(games, capsys):
    path, (first, _), *_, (going, _) = games
    for game in (first, going):
        assert run(replay, str(game), "--store", str(path)) == 0
        text = capsys.readouterr().out
        assert not re.search(r"\bP[12]\b", text), text


def test_the_json_of_a_replay_is_itself_a_file_that_replays(games, tmp_path, capsys):
    path, (first, _), *_ = games
    run(replay, str(first), "--store", str(path), "--json")
    exported = capsys.readouterr().out
    file = tmp_path / "game.json"
    file.write_text(exported)
    assert run(replay, str(file), "--json") == 0
    assert json.loads(capsys.readouterr().out) == json.loads(exported)


def test_a_minimal_file_with_game_players_and_actions_replays(tmp_path, capsys):
    throw = rules.Action("throw", dice=(1, 1, 1, 2, 3, 4))
    file = tmp_path / "short.json"
    data = {"game": "risknroll", "players": 2, "options": {"action_cards": False}}
    file.write_text(json.dumps({**data, "actions": [throw.to_json()]}))
    assert run(replay, str(file), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    state = RISKNROLL.replay(2, {"action_cards": False}, [throw])
    assert out["id"] is None and out["names"] == ["P1", "P2"]
    assert RISKNROLL.from_json(out["state"]) == state and out["steps"] == 1


def test_a_replay_at_a_decision_shows_the_dice_thrown(tmp_path, capsys):
    throw = rules.Action("throw", dice=(1, 1, 1, 2, 3, 4))
    file = tmp_path / "short.json"
    data = {"game": "risknroll", "players": 2, "options": {"action_cards": False}}
    file.write_text(json.dumps({**data, "actions": [throw.to_json()]}))
    assert run(replay, str(file)) == 0
    text = capsys.readouterr().out
    assert "Next: P1 to play.\n  This turn 0\n  Thrown: 1 1 1 2 3 4" in text


def test_a_step_that_no_longer_replays_is_reported_by_number_with_the_state_before_it(
    tmp_path, capsys
):
    path = tmp_path / "companion.db"
    draw = {"kind": "draw", "card": "Deuces"}
    play_card = {"kind": "card", "play": True}
    impossible = {"kind": "throw", "dice": [9, 9, 9, 9, 9, 9]}
    with Store(path) as store:
        game_id = store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
        for action in (draw, play_card, impossible, {"kind": "keep", "dice": [1], "then": "bank"}):
            store.append(game_id, action)
    assert run(replay, str(game_id), "--store", str(path), "--json") == 1
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["steps"] == 2
    assert out["error"]["step"] == 3 and out["error"]["action"] == impossible
    assert "numbers from 1 to 6, not [9, 9, 9, 9, 9, 9]" in out["error"]["message"]
    before = RISKNROLL.replay(2, {}, [rules.Action.from_json(a) for a in (draw, play_card)])
    assert RISKNROLL.from_json(out["state"]) == before
    assert "step 3 no longer replays" in captured.err and "Traceback" not in captured.err
    assert run(replay, str(game_id), "--store", str(path)) == 1
    captured = capsys.readouterr()
    assert "2 of 4 steps replayed" in captured.out
    assert "step 3 no longer replays" in captured.err


@pytest.mark.parametrize(
    "content, said",
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"game": "risknroll", "players": 2}', "'actions' must be a list"),
        ('{"game": "risknroll", "players": 2, "names": ["A"], "actions": []}', "2 names"),
        ('{"game": "chess", "players": 2, "actions": []}', "Unknown game 'chess'"),
        ('{"game": "risknroll", "players": 9, "actions": []}', "2 to 8 players"),
        ('{"game": "risknroll", "players": 2, "actions": [{"dice": [1]}]}', "not an action"),
    ],
)
def test_a_file_that_is_not_a_replayable_game_is_explained(tmp_path, capsys, content, said):
    file = tmp_path / "game.json"
    file.write_text(content)
    assert run(replay, str(file)) == 1
    captured = capsys.readouterr()
    assert said in captured.err and "Traceback" not in captured.err


def test_replay_of_a_game_not_in_the_store_or_a_missing_store_is_explained(games, capsys):
    path, *_ = games
    assert run(replay, "99", "--store", str(path)) == 1
    assert "There is no game 99" in capsys.readouterr().err
    assert run(replay, "1", "--store", str(path.parent / "other.db")) == 1
    assert "there is no game store at" in capsys.readouterr().err
    assert run(replay, str(path.parent / "missing.json")) == 1
    assert "missing.json" in capsys.readouterr().err


def test_replay_of_a_word_that_is_neither_an_id_nor_a_file_says_so(tmp_path, capsys, monkeypatch):
    """It said "abc: No such file or directory." as if a file had been meant."""
    monkeypatch.chdir(tmp_path)
    assert run(replay, "abc") == 1
    assert capsys.readouterr().err == "companion replay: abc: not a game id or a file.\n"


def test_a_216_solo_game_is_listed_and_replays_exactly_with_the_ai_named(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        done, end = play(store, 4, names=("Ann", "AI"), game_name="216", options={"solo": True})
        going, state = play(store, 5, names=("Ann", "Bob"), steps=9, game_name="216")
    assert run(history, "--store", str(path), "--json") == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(g["id"], g["game"], g["status"]) for g in listed][:2] == [
        (going, "216", "unfinished"), (done, "216", "finished")]
    two_sixteen = rules.get("216")
    for game, expected in ((done, end), (going, state)):
        assert run(replay, str(game), "--store", str(path), "--json") == 0
        out = json.loads(capsys.readouterr().out)
        assert two_sixteen.from_json(out["state"]) == expected
        assert out["over"] is expected.is_over()
    assert run(replay, str(done), "--store", str(path)) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Game {done}: 216, 2 players")
    assert ("Game over: Ann won." if end.winners() == (0,) else "Game over: AI won.") in text


@pytest.mark.parametrize("step", [
    {"kind": "keep", "dice": [True], "colours": ["magenta"]},
    {"kind": "score", "way": "different", "dice": [True], "colours": ["magenta"]},
    {"kind": "keep", "dice": [], "colours": [], "then": "roll"},
    {"kind": "gift", "by": 1, "extra": 1},
])
def test_a_file_holding_an_action_of_the_wrong_shape_names_the_step(tmp_path, capsys, step):
    """A die given as true was taken as a 1 and the replay ended in a TypeError; an
    argument no action takes was ignored."""
    import random

    throw = rules.get("charidice").new(2).chance().sample(random.Random(1)).to_json()
    file = tmp_path / "game.json"
    file.write_text(json.dumps({"game": "charidice", "players": 2, "actions": [throw, step]}))
    assert run(replay, str(file)) == 1
    captured = capsys.readouterr()
    assert "1 of 2 steps replayed" in captured.out
    assert "step 2 no longer replays" in captured.err and "Traceback" not in captured.err
    assert re.search(r"(must be|takes no) ", captured.err)
