"""The files players edit (216's cards and Help split, Charidice's dice table): a player's
copy in the configuration folder overrides the shipped file, a broken copy is refused with
its line by the game that needs it alone while the shipped file is used, and every stored
game keeps what it was played with, so it replays to its stored result after any edit."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given, settings

from companion import game_data, rules
from companion.commands import config as config_command
from companion.commands import history, replay
from companion.rules.charidice import DICE_FILE
from companion.rules.core import DataError, shipped_text
from companion.rules.two_sixteen_cards import HELP, OBJECTIVES, CatalogueError, read_objectives
from companion.store import Store
from companion.table import Setup, Table
from companion.ui.games import two_sixteen
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import render
from companion.web.sheets import two_sixteen as two_sixteen_sheet
from hardware.buttons import ButtonEvent
from tests.command_run import run
from tests.two_sixteen_symbols import card_symbols

TWO_SIXTEEN, CHARIDICE = rules.get("216"), rules.get("charidice")
TYPO = ("gray   | Triple 1 ", "grey   | Triple 1 ")  # line 7 of the shipped file


def richer(text: str) -> str:
    """The shipped Objective cards, every General Score 5 higher (the x/216 still holds)."""
    return re.sub(r"^(\w+\s*\|[^|]*\|[^|]*\|[^|]*\|\s*)(\d+)",
                  lambda m: f"{m[1]}{int(m[2]) + 5}", text, flags=re.M)


def test_a_players_copy_overrides_the_shipped_file_and_a_bom_is_accepted(tmp_path):
    (tmp_path / OBJECTIVES).write_bytes(b"\xef\xbb\xbf" + richer(shipped_text(OBJECTIVES)).encode())
    used = game_data.in_use(TWO_SIXTEEN, tmp_path)
    assert used.sources == {OBJECTIVES: str(tmp_path / OBJECTIVES), HELP: game_data.SHIPPED}
    assert used.refused == () and used.texts[HELP] == shipped_text(HELP)
    state = TWO_SIXTEEN.new(2, {}, used.texts)
    assert state.card("Triple 6").general == 25
    assert TWO_SIXTEEN.new(2).card("Triple 6").general == 20
    assert game_data.in_use(TWO_SIXTEEN, None).sources[OBJECTIVES] == game_data.SHIPPED


@pytest.mark.parametrize("edit, said", [
    (lambda text: text.replace(*TYPO).encode(),
     "line 7: colour 'grey' is not one of gray, orange, green, purple"),
    (lambda text: text.replace("Triple 1", "Triplé 1").encode("latin-1"),
     "line 7: byte 0xe9 is not UTF-8; save the file as UTF-8"),
    (lambda text: text.replace("| 1 | 20 | 10 |   1", "| 1 | 20 | 10").encode(),
     "line 6: expected 7 fields separated by |, found 6"),
    (lambda text: text.replace("| ? =1 ?   ", "| =2 =1 ?  ").encode(),
     "line 45: Any pair: dice 1 and 2 refer to each other in a circle; give one of them a"
     " symbol of its own (a number, ?, >=4), as in '? =1 ?'"),
])
def test_a_broken_copy_is_refused_with_its_line_and_the_shipped_file_used(tmp_path, edit, said):
    (tmp_path / OBJECTIVES).write_bytes(edit(shipped_text(OBJECTIVES)))
    used = game_data.in_use(TWO_SIXTEEN, tmp_path)
    assert used.refused == (f"216: your {OBJECTIVES} is refused, {said}; the shipped file is"
                            " used.",)
    assert used.texts[OBJECTIVES] == shipped_text(OBJECTIVES)
    assert used.sources[OBJECTIVES] == game_data.SHIPPED
    assert game_data.in_use(CHARIDICE, tmp_path).refused == ()  # the other games never mind


SMALL_DECK = ("gray | Triple 6 | 6 6 6 | 1 | 20 | 10 | 1\n"
              "orange | Sum 7 | ? ? ? sum=7 | 1 | 10 | 5 | 15\n"
              "purple | No 6 | ? ? ? no=6 | 3 | 2 | 1 | -\n")


@given(card_symbols())
@settings(max_examples=60)
def test_every_card_a_player_may_write_is_refused_when_read_or_drawn_everywhere(symbols):
    """Whatever dice symbols a player's copy holds, the reader refuses the card by its line
    and name, or the card is evaluated, drawn on the cards screen and the Offer page at
    128x64 and 128x32, and on the web score sheet, with no exception (a die referring to
    a later die once passed the reader and broke all three)."""
    text = SMALL_DECK + f"green | Mine | {symbols} | 1 | 5 | 3 | -\n"
    try:
        read_objectives(text)
    except CatalogueError as refused:
        assert str(refused).startswith("line 4: ") and "Mine" in str(refused)
        return
    state = TWO_SIXTEEN.new(2, {}, {OBJECTIVES: text, HELP: shipped_text(HELP)})
    assert any(state.card("Mine").matches(roll) for roll in product(range(1, 7), repeat=3))
    picture = two_sixteen.card_picture(state, "Mine")
    naming = Screen("cards", title="Green: which card?", game="216", table=(("Mine", picture),),
                    menu=Menu((MenuItem("Mine", "1 left"),)))
    offer, *_ = two_sixteen.pages(replace(state, offer=("Mine",)), ("Ann", "Bo"))
    for size in ((128, 64), (128, 32)):
        for screen in (naming, offer):
            assert render(screen, size).getbbox()
    html = two_sixteen_sheet.sheet(replace(state, offer=("Mine",)), ("Ann", "Bo"))
    assert html.count('<svg class="die') >= 3


def test_a_charidice_dice_table_of_a_players_own_is_thrown_and_checked_by_line(tmp_path):
    rows = shipped_text(DICE_FILE).splitlines()
    dice = [i for i, row in enumerate(rows) if row and not row.startswith("#")]
    swapped = list(rows)
    swapped[dice[0]], swapped[dice[1]] = rows[dice[1]], rows[dice[0]]
    (tmp_path / DICE_FILE).write_text("\n".join(swapped) + "\n")
    used = game_data.in_use(CHARIDICE, tmp_path)
    assert used.refused == () and used.sources[DICE_FILE] == str(tmp_path / DICE_FILE)
    mine, shipped = CHARIDICE.new(2, {}, used.texts), CHARIDICE.new(2)
    assert mine.chance().colours[0] == shipped.chance().colours[1]
    broken = list(rows)
    broken[dice[2]] = rows[dice[2]].replace("orange", "pink", 1)
    (tmp_path / DICE_FILE).write_text("\n".join(broken) + "\n")
    (refused,) = game_data.in_use(CHARIDICE, tmp_path).refused
    assert refused == (f"Charidice: your {DICE_FILE} is refused, line {dice[2] + 1}: Die 3,"
                       " face 1: 'pink' is not a colour; colours are magenta, blue, orange,"
                       " grey, yellow, black; the shipped file is used.")


def test_a_shipped_file_missing_stops_its_own_game_only(monkeypatch):
    def gone(name):
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(game_data, "shipped_text", gone)
    with pytest.raises(DataError, match="^216 cannot start: its 216_objectives.txt is missing"):
        game_data.in_use(TWO_SIXTEEN, None)
    assert game_data.in_use(rules.get("risknroll"), None).texts == {}
    monkeypatch.setattr(game_data, "shipped_text",
                        lambda name: shipped_text(name).replace(*TYPO))
    with pytest.raises(DataError) as refused:  # an install edited in place, as before
        game_data.in_use(TWO_SIXTEEN, None)
    assert str(refused.value) == ("216 cannot start: the shipped 216_objectives.txt is refused,"
                                  " line 7: colour 'grey' is not one of gray, orange, green,"
                                  " purple.")


def play(game, texts, seed=1):
    rng, state, actions = random.Random(seed), game.new(2, {}, texts), []
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        actions.append(action.to_json())
    return state, actions


def test_a_finished_game_replays_to_its_stored_result_after_the_file_is_edited(
        tmp_path, capsys):
    texts = {OBJECTIVES: richer(shipped_text(OBJECTIVES)), HELP: shipped_text(HELP)}
    end, actions = play(TWO_SIXTEEN, texts)
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game_id = store.new_game("216", 2, {}, ["Ann", "Bob"], version=1, played_with=texts)
        for action in actions:
            store.append(game_id, action)
        store.finish(game_id, end.scores(), end.winners())
        assert store.load(game_id).played_with == texts
    assert TWO_SIXTEEN.replay(2, {}, [rules.Action.from_json(a) for a in actions]
                              ).scores() != end.scores()  # with the shipped cards: another
    assert run(replay, str(game_id), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == list(end.scores()) and out["played_with"] == texts
    assert TWO_SIXTEEN.from_json(out["state"]) == end
    export = tmp_path / "game.json"
    export.write_text(json.dumps(out))
    assert run(replay, str(export), "--json") == 0  # the export carries its cards too
    assert json.loads(capsys.readouterr().out)["scores"] == list(end.scores())
    assert run(history, "--store", str(path), "--json") == 0
    assert json.loads(capsys.readouterr().out)["scores"] == list(end.scores())


def test_the_box_starts_a_game_with_the_shipped_cards_and_says_why(tmp_path):
    (tmp_path / OBJECTIVES).write_text(shipped_text(OBJECTIVES).replace(*TYPO))
    with Store(tmp_path / "companion.db") as store:
        table = Table(store, Setup("216", 2, start="options", data_folder=tmp_path))
        table.handle(ButtonEvent("select", False))  # "Start game"
        assert table.state is not None and table.state.cards == TWO_SIXTEEN.new(2).cards
        assert "line 7: colour 'grey'" in table.screen().note
        record = store.load(table.game_id)
        assert record.played_with == {OBJECTIVES: shipped_text(OBJECTIVES),
                                      HELP: shipped_text(HELP)}


def test_companion_config_says_which_file_is_in_use(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text('[game]\ndefault = "216"\n')
    (tmp_path / HELP).write_text(shipped_text(HELP))
    (tmp_path / OBJECTIVES).write_text(shipped_text(OBJECTIVES).replace(*TYPO))
    assert run(config_command, "--config", str(config)) == 0
    captured = capsys.readouterr()
    assert f"# 216: {HELP}: your copy, {tmp_path / HELP}\n" in captured.out
    assert f"# 216: {OBJECTIVES}: shipped\n" in captured.out
    assert f"# Charidice: {DICE_FILE}: shipped\n" in captured.out
    assert "config warning: 216: your 216_objectives.txt is refused, line 7" in captured.err
