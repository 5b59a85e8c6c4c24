"""The fake games of tests/fake_games.py played through the session with buttons only:
coloured dice entered by hand, read and rolled, an out-of-turn request at a throw and in
a decision, an Offer drawn from a deck of 70, a decision by a seat not on turn."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from table_helpers import choose, enter_faces, press

from companion.dice_input import VirtualDice
from companion.rules import Action
from companion.session import draw
from companion.table import Setup, Table
from hardware.camera import VirtualRoller
from tests.fake_games import CHARITY, OBJECTIVES, SCORE, SOLO, registered


@pytest.fixture
def games(monkeypatch):
    registered(monkeypatch)


def started(store, game: str, players: int = 2, **kw) -> Table:
    kw.setdefault("clock", lambda: 0.0)
    table = Table(store, Setup(game, players, names=("Ann", "Bob"), start="options"), **kw)
    press(table, "select")  # Start game
    return table


def labels(table) -> list[str]:
    return [item.label for item in table.screen().menu.items]


def test_a_coloured_game_plays_to_the_end_by_buttons_the_gift_asked_at_a_throw(store, games):
    rng = random.Random(3)
    table = started(store, "charity")
    expected = CHARITY.new(2)
    assert table.mode == "throw"
    assert table.screen().hint == "Select: enter dice\nHold Select: act (Bob)"
    press(table, "menu")
    gift = Action("gift", by=1)
    item = f"Bob: {expected.label(gift)}"
    assert labels(table)[:2] == [item, "Back to the game"]  # first, highlighted
    assert table.screen().menu.selected == 0
    choose(table, 0)
    expected = expected.apply(gift)
    assert table.mode == "throw" and table.state == expected
    while table.mode != "over":
        if table.mode == "throw":
            throw = table.state.chance()
            faces = [rng.choice(die) for die in throw.colours]
            enter_faces(table, faces)
            expected = expected.apply(throw.action(tuple(faces)))
        else:
            assert table.mode == "decide"
            index = rng.randrange(len(table.screen().menu.items))
            label = choose(table, index)
            action = next(a for a in expected.legal_actions()
                          if label.endswith(expected.label(a)))
            expected = expected.apply(action)
        assert table.state == expected
    record = store.load(table.game_id)
    assert record.finished and record.scores == expected.scores()
    assert CHARITY.replay(2, {}, [Action.from_json(a) for a in record.actions]) == expected


def test_the_gift_in_a_decision_comes_last_named_and_never_ranked(store, games):
    def advise(state):  # an advisor that would rank the gift first: the menu does not
        from companion.advice import Advice

        return [Advice(a, state.label(a), 10.0 - i, None, i == 0)
                for i, a in enumerate(reversed(state.legal_actions()))]

    table = started(store, "charity", advise=advise)
    first = CHARITY.new(2).chance()
    enter_faces(table, [die[0] for die in first.colours])
    items = table.screen().menu.items
    assert items[-1].label == f'Bob: {table.state.label(Action("gift", by=1))}'
    assert not items[-1].best and not items[-1].detail
    assert items[0].detail == "9" and not any(i.best for i in items)  # the gift's 10 gone
    assert table.screen().title == "Ann" and table.screen().menu.odds == ""
    choose(table, len(items) - 1)
    assert table.state.gift and table.mode == "decide"
    assert not any(i.label.startswith("Bob: ") for i in table.screen().menu.items)


def test_dice_being_entered_stay_when_another_seat_acts(store, games):
    table = started(store, "charity")
    press(table, "select", "up", "select")  # die 1 set, die 2 started from it
    before = table.screen()
    press(table, "menu")
    choose(table, 0)  # Bob's gift
    assert table.state.gift and table.mode == "enter"
    assert table.screen().entry == before.entry and table.screen().cursor == before.cursor


def test_a_coloured_die_steps_only_through_the_faces_the_dice_thrown_carry(store, games):
    table = started(store, "charity")
    throw = table.state.chance()
    every = {face for die in throw.colours for face in die}
    press(table, "select")
    seen = set()
    for _ in range(len(every)):
        press(table, "up")
        screen = table.screen()
        seen.add((screen.entry[0], screen.colours[0]))
    assert seen == every
    assert table.screen().colours[1:] == ("",) * 5  # not entered yet: no colour shown


def test_a_coloured_reading_is_confirmed_and_corrected_by_die(store, games):
    table = started(store, "charity")
    throw = table.state.chance()
    faces = [die[2] for die in throw.colours]
    wrong = list(faces)
    wrong[0] = faces[1]  # a colour misread: two dice read as one face
    table.reading([v for v, _ in wrong], [0.9] * 6, colours=[c for _, c in wrong])
    screen = table.screen()
    value, colour = faces[1]
    assert screen.kind == "confirm"
    assert screen.note == f"Two dice cannot both show {colour} {value}."
    assert labels(table) == ["Correct", "Read again"]
    assert len(screen.flagged) == 1 and "" not in screen.colours
    choose(table, 0)
    die = table.screen().cursor
    assert (table.screen().entry[die], table.screen().colours[die]) in throw.colours[0]
    press(table, "up")  # the flagged die steps through the faces of the die left over
    for _ in range(6):
        screen = table.screen()
        if (screen.entry[die], screen.colours[die]) == faces[0]:
            break
        press(table, "up")
    press(table, "ok")
    assert table.mode == "decide" and table.state.roll == tuple(sorted(faces))


def test_an_impossible_coloured_entry_is_refused_with_the_cores_sentence(store, games):
    table = started(store, "charity")
    table.reading([1, 1, 2, 3, 4, 5], [0.9] * 6,
                  colours=["blue", "blue", "grey", "grey", "grey", "grey"])
    assert table.screen().kind == "confirm"
    assert table.screen().note == "Two dice cannot both show blue 1."


def test_coloured_dice_rolled_virtually_play_to_the_end(store, games):
    table = started(store, "charity", dice=VirtualDice(VirtualRoller(5)))
    steps = 0
    while table.mode != "over" and steps < 200:
        press(table, "ok" if table.mode == "throw" else "select")
        steps += 1
    assert table.mode == "over" and store.load(table.game_id).finished


def test_the_offer_game_plays_to_the_end_by_buttons(store, games):
    """Cards named from a menu of 70 by Up/Down, the automatic opponent's ties broken
    by the seat not on turn."""
    rng = random.Random(6)
    table = started(store, "solo")
    expected = SOLO.new(2)
    ties = 0
    while table.mode != "over":
        if table.mode == "draw":
            assert table.screen().kind == "card"
            index = rng.randrange(len(table.screen().menu.items))
            card = choose(table, index)
            expected = expected.apply(Action("draw", card=card))
        else:
            assert table.mode == "decide"
            if expected.turn() != expected.current_player():
                ties += 1
                assert table.screen().title == "Ann"  # Ann breaks Bob's tie
            label = choose(table, rng.randrange(len(table.screen().menu.items)))
            expected = expected.apply(next(a for a in expected.legal_actions()
                                           if expected.label(a) == label))
        assert table.state == expected
    assert ties and store.load(table.game_id).finished


def test_the_camera_is_told_the_faces_of_the_dice_thrown_and_reads_their_colours(store, games):
    import numpy as np

    from companion.dice_input import CameraDice
    from vision import DieReading

    asked = []
    table = started(store, "charity")
    throw = table.state.chance()
    faces = [die[3] for die in throw.colours]

    def read(frame, expect):
        asked.append(expect)
        return [DieReading(v, c, (20 * i, 0, 20 * i + 15, 15), 0.9)
                for i, (v, c) in enumerate(faces)]

    camera = type("Still", (), {"read": lambda self: np.zeros((48, 64, 3), np.uint8)})()
    table.dice = CameraDice(camera, live=False, read=read)
    press(table, "ok")
    (expect,) = asked
    assert expect.count == 6 and expect.colours == {f for die in throw.colours for f in die}
    assert expect.dice == tuple(frozenset(die) for die in throw.colours)  # one face a die
    assert table.mode == "decide" and table.state.roll == tuple(sorted(faces))


def test_a_game_with_card_groups_names_a_card_group_first_back_returns(store, monkeypatch):
    """Hook 1 (companion.ui.games card_groups): the group, then the card, Back between."""
    registered(monkeypatch, screens=True)
    table = started(store, "solo")
    screen = table.screen()
    assert table.mode == "draw_group" and screen.kind == "card"
    assert labels(table) == [f"Worth {n}" for n in range(1, 6)]
    assert [item.detail for item in screen.menu.items] == ["14 left"] * 5
    assert screen.hint == "Select the card's group"
    press(table, "down", "down", "select")
    screen = table.screen()
    assert table.mode == "draw" and screen.kind == "cards" and screen.game == "solo"
    assert screen.title == "Worth 3: Offer card 1 of 4"
    assert labels(table) == [name for name in OBJECTIVES if SCORE[name] == 3]
    assert screen.table == tuple((name, "3") for name in labels(table))  # card_picture's
    press(table, "back")
    assert table.mode == "draw_group" and table.screen().menu.selected == 2 and not table.steps
    press(table, "select", "down", "select")
    card = OBJECTIVES[7]  # the second card worth 3
    assert table.steps == 1 and table.state.offer == (card,)
    assert list(store.load(table.game_id).actions) == [Action("draw", card=card).to_json()]
    assert table.mode == "draw_group" and table.screen().menu.items[2].detail == "13 left"
    press(table, "down", "down", "select")
    assert card not in labels(table)  # a card in the Offer cannot be named twice
    press(table, "undo")
    assert table.mode == "draw_group" and table.state.offer == ()


def test_a_group_left_empty_is_not_offered(store, monkeypatch):
    registered(monkeypatch, screens=True)
    table = started(store, "solo")
    state = replace(table.state, deck=tuple(int(SCORE[n] != 5) for n in OBJECTIVES))
    naming = draw.naming(table, state.chance())
    assert naming.name == "draw_group"
    assert [item.label for item in naming.choices.items] == [f"Worth {n}" for n in range(1, 5)]


def test_a_virtual_deck_draws_one_from_the_groups(store, monkeypatch):
    registered(monkeypatch, screens=True)
    rng = random.Random(2)
    table = started(store, "solo", deck_rng=random.Random(2))
    assert table.screen().hint == "OK: draw one, Select: a group"
    press(table, "ok")
    assert table.state.offer == (SOLO.new(2).chance().sample(rng)["card"],)
