"""The first ten minutes (issue 27): a newcomer who has read no docs can tell what to
press wherever a press is needed, reads every message whole, and is told what a start
or a resume picks up."""

from __future__ import annotations

import dataclasses
import random

import pytest
from table_helpers import press

from companion import rules
from companion.config import NAME_LENGTH
from companion.dice_input import VirtualDice
from companion.store import Store
from companion.table import Setup, Table
from companion.ui.render import cut_texts, render
from hardware.camera import VirtualRoller
from tests.fake_games import registered

LONG_NAMES = ("Maximilian", "Wilhelmina", "Gwendolyne", "Bartholome",
              "Christophe", "Anastasiya", "Frederique", "Jacqueline")
"""Names as long as allowed, of wide letters."""


def test_the_long_names_are_the_longest_allowed():
    assert {len(name) for name in LONG_NAMES} == {NAME_LENGTH}


def table_for(store, game="risknroll", players=2, seed=1, **kw) -> Table:
    kw.setdefault("clock", lambda: 0.0)  # notes never expire: every one is looked at
    return Table(store, Setup(game, players, names=LONG_NAMES[:players], start="options"),
                 dice=VirtualDice(VirtualRoller(seed)), deck_rng=random.Random(seed), **kw)


def drawn(screen, **blank) -> bool:
    """Whether the fields in `blank` change the pixels: they are on the screen."""
    return render(screen) != render(dataclasses.replace(screen, **blank))


def assert_note_and_hint_shown(screen) -> None:
    assert screen.note and drawn(screen, note=""), screen
    if screen.kind == "turn":  # the menu is what to press
        assert drawn(screen, menu=None)
    else:
        assert drawn(screen, hint=" "), screen  # " ": no hint drawn, not the default one
    assert not {screen.note, screen.hint} & set(cut_texts(screen)), screen


def test_the_first_throw_of_a_turn_shows_the_news_and_what_to_press(store):
    """"P1 plays Plus/Minus" took the line of "OK: roll / Select: enter by hand"."""
    table = table_for(store)
    press(table, "select")  # start
    press(table, "ok")  # draw a card
    assert table.mode == "decide"
    press(table, "select")  # play it (or decline it: the first item)
    screen = table.screen()
    assert screen.kind == "throw" and screen.note.startswith("Maximilian ")
    assert screen.hint == "OK: roll the dice\nSelect: enter by hand"
    assert_note_and_hint_shown(screen)


def test_every_mode_awaiting_a_press_shows_a_note_beside_what_to_press(store):
    table = table_for(store, clock=lambda: 100.0)
    press(table, "select", "back")  # draw: "Hold Back to undo"
    assert table.mode == "draw"
    assert_note_and_hint_shown(table.screen())
    press(table, "ok", "back")  # decide
    assert table.mode == "decide"
    assert_note_and_hint_shown(table.screen())
    press(table, "select", "up")  # throw: "Nothing to choose: ..."
    assert table.mode == "throw"
    assert_note_and_hint_shown(table.screen())
    press(table, "select", "ok")  # enter: OK before every die is set
    assert table.mode == "enter"
    assert_note_and_hint_shown(table.screen())


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_message_of_a_random_game_shows_whole_at_the_longest_names(tmp_path, name):
    """Random games at the most and the fewest players: every note (news, hints) and
    every game message on screen is shown whole at 128x64, never cut with "…"."""
    game = rules.get(name)
    for players in (game.max_players, game.min_players):
        with Store(tmp_path / f"{players}.db") as store:
            table = table_for(store, name, players, seed=players)
            rng = random.Random(players)
            press(table, "select")
            for _ in range(120):
                screen = table.screen()
                shown = {screen.note, screen.hint, screen.view.message if screen.view else ""}
                assert not shown & set(cut_texts(screen)), screen
                if table.mode == "over":
                    break
                if table.mode == "decide":
                    press(table, *["down"] * rng.randrange(len(screen.menu.items)), "select")
                else:
                    press(table, "ok")
                    table.tick()


LONG_NOTES = (
    "Threw 2 2 3 4 6 6. No Harm: Wilhelmina keeps 1280",
    "Threw 2 2 3 4 6 6. Belly up! Wilhelmina loses 1280",
    "Threw 2 2 3 4 6 6. No points: Wilhelmina had none to keep",
    "Resumed Risk 'n' Roll 2000, Wilhelmina to play",
    "Resumed 67 Six Seven, Round 7/7 (last), Wilhelmina to play",
    "Undone: Wilhelmina plays Bonus Time 300",
)
"""Long-lived notes at their longest, the random games aside."""


@pytest.mark.parametrize("note", LONG_NOTES)
def test_the_longest_notes_show_whole_on_every_screen_of_a_game(store, note):
    table = table_for(store, players=8)
    press(table, "select")
    seen = set()
    while len(seen) < 3:  # a draw, a decision, a throw
        seen.add(table.mode)
        screen = dataclasses.replace(table.screen(), note=note)
        assert not {note, screen.hint} & set(cut_texts(screen)), (table.mode, screen)
        press(table, "ok" if table.mode != "decide" else "select")


@pytest.mark.parametrize(("game", "hint"), [("charity", "Select: start"),
                                            ("risknroll", "Select: change or start")])
def test_the_options_screen_offers_a_change_only_where_there_is_one(
    store, monkeypatch, game, hint
):
    registered(monkeypatch)  # "charity": a game without options
    assert table_for(store, game).screen().hint == hint


def test_a_resumed_game_says_which_game_and_whose_turn(store, tmp_path):
    table = table_for(store)
    press(table, "select", "ok", "select")  # start, draw, play or decline: the throw
    again = Table(Store(tmp_path / "companion.db"), Setup("risknroll", 2, start="options"),
                  clock=lambda: 0.0)
    assert again.screen().note == "Resumed Risk 'n' Roll 2000, Maximilian to play"
    assert cut_texts(again.screen()) == []


def test_a_resumed_game_with_rounds_says_the_round(store, tmp_path):
    table = table_for(store, "sixseven")
    press(table, "select")
    again = Table(Store(tmp_path / "companion.db"), Setup(), clock=lambda: 0.0)
    assert again.screen().note.startswith("Resumed 67 Six Seven, Round 1/7")
    seat = again.state.turn()
    # the round alone from its facts line ("Round 1/7 · P1 A"): no seat number unnamed
    assert again.screen().note == (
        f"Resumed 67 Six Seven, Round 1/7, {LONG_NAMES[seat]} to play")


def play_to_the_end(table) -> None:
    while table.mode != "over":
        press(table, "select" if table.mode == "decide" else "ok")
        table.tick()


def test_a_restart_after_a_game_ended_shows_its_final_standings(store, tmp_path):
    play_to_the_end(table_for(store))
    again = Table(Store(tmp_path / "companion.db"), Setup(), clock=lambda: 0.0)
    screen = again.screen()
    assert again.mode == "over" and screen.kind == "over" and screen.winners
    assert screen.note.startswith("Last game, ended ")
    press(again, "select")  # at once: no hold for standings read before
    assert again.mode == "setup_options" and again.screen().title.startswith("Risk 'n' Roll")


def test_a_restart_after_an_abandoned_game_or_naming_a_game_chooses_one(store, tmp_path):
    play_to_the_end(table_for(store))
    named = Table(Store(tmp_path / "companion.db"), Setup("216", 2, start="options"))
    assert named.mode == "setup_options"  # the game named on the command line
    table = table_for(store)
    press(table, "select", "menu", "up", "select")  # More...
    press(table, "up", "select", "down", "select")  # New game, Abandon
    assert store.unfinished() is None
    again = Table(Store(tmp_path / "companion.db"), Setup())
    assert again.mode == "setup_game"
