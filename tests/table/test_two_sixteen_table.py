"""216 at the table: cards named by colour then picture, three plain dice by camera or by
hand, the solo AI named, store, undo and resume, as Risk 'n' Roll is tested."""

from __future__ import annotations

import random
import re
import statistics

import numpy as np
import pytest
from table_helpers import choose, enter_dice, options, pick, press, said_twice

from companion import rules
from companion.dice_input import CameraDice, VirtualDice
from companion.rules import Action
from companion.rules.two_sixteen import CARDS, OBJECTIVES
from companion.store import Store
from companion.table import Setup, Table
from companion.ui.render import cut_texts
from hardware.camera import VirtualRoller
from vision import DieReading

GAME = rules.get("216")
COLOURS = ["Gray", "Orange", "Green", "Purple"]
PRESSES_MEDIAN, PRESSES_WORST = 7, 12
"""Presses to name a card of the full deck, from the draw screen to the stored draw
(docs/figures.md)."""


def new_table(store, solo: bool = False, names=(), **kw) -> Table:
    kw.setdefault("clock", lambda: 0.0)  # notes never expire: the test reads them
    return Table(store, Setup("216", 2, names=names, options={"solo": solo}, start="options"),
                 **kw)


def started(store, solo: bool = False, names=(), **kw) -> Table:
    table = new_table(store, solo, names, **kw)
    press(table, "select")  # "Start game"
    return table


def fewest(menu_size: int, at: int, to: int) -> list[str]:
    """The Up or Down presses from item `at` to item `to` of a menu that wraps."""
    down = (to - at) % menu_size
    return ["down"] * down if down <= menu_size - down else ["up"] * (menu_size - down)


def name_card(table, name: str) -> int:
    """Name `name` from the draw screen in the fewest presses; returns how many."""
    groups = [item.label for item in table.screen().menu.items]
    group = groups.index(CARDS[name].colour.capitalize())
    presses = fewest(len(groups), table.screen().menu.selected, group) + ["select"]
    press(table, *presses)
    cards = [item.label for item in table.screen().menu.items]
    assert table.screen().kind == "cards" and table.screen().game == "216"
    assert (name, CARDS[name].symbols) in table.screen().table  # drawn from the game's cards
    assert cut_texts(table.screen(), (128, 64)) == []  # "Select: this card, Back: gr…"
    more = fewest(len(cards), table.screen().menu.selected, cards.index(name)) + ["select"]
    press(table, *more)
    return len(presses) + len(more)


def test_every_card_is_named_by_colour_then_picture_and_the_presses_are_counted(store):
    table = started(store)
    assert table.mode == "draw_group"
    assert [item.label for item in table.screen().menu.items] == COLOURS
    counts = []
    for card in OBJECTIVES:
        counts.append(name_card(table, card.name))
        assert table.state.offer == (card.name,) and table.steps == 1
        press(table, "undo")
        assert table.mode == "draw_group" and not table.steps
    assert len(counts) == 70 == sum(card.copies for card in OBJECTIVES)
    assert (statistics.median(counts), max(counts)) == (PRESSES_MEDIAN, PRESSES_WORST)


def test_a_card_in_the_offer_cannot_be_named_again(store):
    table = started(store)
    name_card(table, "Sum 7")
    press(table, "down", "select")  # Orange
    assert "Sum 7" not in [item.label for item in table.screen().menu.items]
    press(table, "back")
    assert table.screen().menu.items[1].detail == "17 left"


def test_the_offer_by_buttons_then_three_plain_dice_by_hand(store):
    table = started(store)
    for name in ("Triple 6", "Sum 7", "Any pair", "No 6"):
        name_card(table, name)
    assert table.mode == "throw" and table.screen().title == "P1: first roll"
    enter_dice(table, (2, 2, 3))
    screen = table.screen()
    assert table.mode == "decide" and screen.view.dice == (2, 2, 3)
    assert "Triple 6" in screen.view.lines and "Help: none" in screen.view.lines
    assert "Any pair +3+2" in options(table) and all(item.detail for item in screen.menu.items)


def test_a_reroll_asks_the_camera_for_the_dice_rolled_again_only(store):
    """CameraDice tells the reader three plain dice (1-6), then the dice rolled again."""
    asked = []
    table = started(store, deck_rng=random.Random(1))
    while table.mode != "throw":
        press(table, "ok")

    def read(frame, expect):
        asked.append(expect)
        values = [4, 4, 1][:expect.count]
        return [DieReading(v, None, (20 * i, 0, 20 * i + 15, 15), 0.95)
                for i, v in enumerate(values)]

    camera = type("Still", (), {"read": lambda self: np.zeros((48, 64, 3), np.uint8)})()
    table.dice = CameraDice(camera, live=False, read=read)
    press(table, "ok")
    assert table.mode == "decide" and table.state.dice == (1, 4, 4)
    reroll = Action("reroll", dice=(1, 4))
    pick(table, table.state.label(reroll))
    assert table.mode == "throw" and table.screen().title == "P1: second roll, 2 dice"
    press(table, "ok")
    assert [(e.count, e.values) for e in asked] == [(3, frozenset(range(1, 7))),
                                                    (2, frozenset(range(1, 7)))]
    assert table.state.dice == (4, 4, 4) and table.state.rolls == 2


def test_solo_names_the_second_seat_ai_and_the_ais_turn_is_only_draws(store):
    table = started(store, solo=True, names=("Ann",), deck_rng=random.Random(3),
                    dice=VirtualDice(VirtualRoller(3)))
    assert table.names == ("Ann", "AI") == tuple(store.load(table.game_id).names)
    ai_turns = 0
    while table.mode != "over":
        if table.state.seat == 1:  # the AI's turn: the table draws, Ann breaks a tie
            ai_turns += table.state.phase == "refill"
            assert table.mode in ("draw_group", "draw") or (
                table.state.phase == "choose" and table.screen().title == "Ann")
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    assert ai_turns > 5


def test_a_help_card_owed_is_said_once_the_title_what_to_do_the_note_why(store):
    table = started(store, names=("Ann", "Bo"), deck_rng=random.Random(3),
                    dice=VirtualDice(VirtualRoller(3)))
    notes = set()
    while table.mode != "over":
        screen = table.screen()
        if table.state.phase == "help" and "served" not in screen.note:  # after a pass
            assert screen.title == f"{table.names[table.state.seat]} takes a Help card"
            assert said_twice(screen.title, screen.note) == [], screen.note
            notes.add(re.sub(r"Ann|Bo", "X", screen.note))
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    assert "No match for X" in notes  # giving up the points: a rules test


def test_the_game_over_says_the_winner_first_then_what_decided_it(store):
    """Not "Offer: Pair + 6; Bo wins": the refill that ended the round decided nothing."""
    table = started(store, names=("Ann", "Bo"), deck_rng=random.Random(5),
                    dice=VirtualDice(VirtualRoller(5)))
    while table.mode != "over":
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    winner, = table.state.winners()
    best = table.state.scores()[winner]
    assert table.screen().note == f"{table.names[winner]} wins with {best}"


def test_a_tie_round_says_the_tie_first_then_the_step_that_ended_the_round(store):
    """Not "Offer: Sum 17; tie at 105: another round": as the game over says the winner
    first, the tie comes first and the refill, which decided nothing, after; whole at
    either size."""
    table = started(store, names=("Ann", "Bo"), deck_rng=random.Random(103),
                    dice=VirtualDice(VirtualRoller(103)))
    while not table.state.tie:
        assert table.mode != "over"
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    best = max(table.state.scores())
    screen = table.screen()
    assert re.fullmatch(rf"Tie at {best}: another round; Offer: [\w ,+]+", screen.note)
    assert [cut_texts(screen, size) for size in ((128, 64), (128, 32))] == [[], []]


def new_game_from_the_menu(table, solo: bool) -> None:
    """Abandon the game in play and start another, solo or not."""
    press(table, "menu")
    pick(table, "New game")
    choose(table, 1)  # Abandon, new game
    if (table.screen().menu.items[2].detail == "on") != solo:
        press(table, "down", "down", "select", "up", "up")  # the solo option toggled
    press(table, "select")  # Start game


def test_names_given_for_both_seats_win_over_the_ai(store):
    table = started(store, solo=True, names=("Ann", "Bob"))
    assert table.names == ("Ann", "Bob")
    new_game_from_the_menu(table, solo=False)
    assert table.names == ("Ann", "Bob")


def shown_words(table) -> list[str]:
    """Every text of the screen shown: title, note, hint, facts, news, menu items."""
    screen = table.screen()
    view = screen.view
    texts = [screen.title, screen.note, screen.hint, table.said]
    texts += [*view.lines, view.message] if view else []
    texts += [i.label for i in screen.menu.items] if screen.menu else []
    return [t for t in texts if t]


def test_a_solo_seat_named_by_the_players_is_called_that_everywhere(store):
    """Named Bob on the scoreboard, Bob in the news, the menus and the refusals: never
    "AI" for the same seat (its turns, the tie to break, the final verdict)."""
    table = started(store, solo=True, names=("Ann", "Bob"), deck_rng=random.Random(3),
                    dice=VirtualDice(VirtualRoller(3)))
    seen, refusals = [], 0
    while table.mode != "over":
        seen += shown_words(table)
        if table.state.phase == "choose" and refusals < 3:  # a refusal, named
            table.apply(Action("throw", dice=(1, 2, 3)))
            seen.append(table.said)
            refusals += 1
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    seen += shown_words(table)
    assert any("Bob takes" in words for words in seen) and refusals
    assert not [words for words in seen if re.search(r"\bAI\b", words)]


def test_the_ai_does_not_follow_into_a_game_that_is_not_solo(store):
    table = started(store, solo=True, names=("Ann",))
    new_game_from_the_menu(table, solo=False)
    assert table.names == ("Ann", "P2")
    new_game_from_the_menu(table, solo=True)
    assert table.names == ("Ann", "AI")


def test_the_names_of_a_resumed_solo_game_keep_the_ai_only_for_solo(store, tmp_path):
    started(store, solo=True)
    again = new_table(Store(tmp_path / "companion.db"))
    assert again.names == ("P1", "AI")
    new_game_from_the_menu(again, solo=False)
    assert again.names == ("P1", "P2")


def test_a_whole_game_by_buttons_matches_a_direct_replay_and_undo_steps_back(store):
    table = started(store, deck_rng=random.Random(5), dice=VirtualDice(VirtualRoller(5)))
    undone = 0
    while table.mode != "over":
        before = table.state
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
        if table.steps % 37 == 0 and undone < 5:
            press(table, "undo")
            assert table.state == before
            undone += 1
    record = store.load(table.game_id)
    actions = [Action.from_json(a) for a in record.actions]
    assert record.finished and GAME.replay(2, record.options, actions) == table.state
    assert record.scores == table.state.scores() and max(record.scores) >= 100
    assert undone == 5


def test_a_resumed_game_is_where_it_was(store, tmp_path):
    table = started(store, solo=True, deck_rng=random.Random(4), dice=VirtualDice(VirtualRoller(4)))
    for _ in range(15):
        press(table, "ok" if table.mode in ("draw_group", "draw", "throw") else "select")
    press(table, "down", "select")  # into a group, mid-naming: not a stored step
    before = table.state.to_json()
    again = new_table(Store(tmp_path / "companion.db"))
    assert again.game_id == table.game_id and again.state.to_json() == before
    assert again.steps == table.steps and again.names == ("P1", "AI")
    assert again.screen().note.startswith("Resumed 216, ")


@pytest.mark.parametrize("solo", [False, True])
def test_every_216_screen_of_a_game_renders(store, solo):
    from companion.ui.render import render

    table = started(store, solo=solo, deck_rng=random.Random(7), dice=VirtualDice(VirtualRoller(7)))
    for _ in range(60):
        for size in ((128, 64), (128, 32)):
            render(table.screen(), size)
        press(table, "ok" if table.mode in ("draw_group", "throw") else "select")


def test_a_card_drawn_is_named_once_and_a_solo_game_counts_its_one_player(store):
    assert new_table(store, solo=True).screen().title == "216, 1 player + AI"
    table = started(store)
    assert table.screen().title == "Offer card 1 of 4"
    name_card(table, "Triple 6")
    assert table.screen().note == "Offer: Triple 6"  # not "Drew Triple 6. Offer: Triple 6"
