"""The line of facts under the dice, from real Risk 'n' Roll states, fitted to the OLED's width.

The renderer drops whole the facts that do not fit 128 pixels, the last first, so the
facts that change a player's decision must come first: a declined card must not read as
a card in play, and the final round must not be lost behind the card.
"""

from __future__ import annotations

import pytest

from companion import rules
from companion.rules import Action, View, risknroll
from companion.ui import text
from companion.ui.fonts import BODY
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import (
    MORE,
    cut_texts,
    fitting_facts,
    marked_facts,
    packed_facts,
    reads_whole,
    render,
)

WIDTH = 128


def shown(state) -> str:
    """The facts as the turn and throw screens draw them."""
    return fitting_facts(state.view().lines, WIDTH)


def test_a_declined_card_with_a_long_name_never_reads_as_a_card_in_play(drawn_words):
    """"This turn 0 · Declined Bonus 200" is wider than the line beside "pts bust": the
    card was dropped whole rather than cut ("This turn 0 · Declined Bo…"); it now takes
    a line of its own, whole, the menu keeping two rows."""
    game = rules.get("risknroll")
    state = game.new(2, {}).apply(Action("draw", card="Bonus Time 200"))
    state = state.apply(Action("card", play=False))
    assert shown(state) == "This turn 0"
    assert fitting_facts(state.view().lines, 200) == "This turn 0 · Declined Bonus 200"
    menu = Menu((MenuItem("Roll 6 dice", "283 2%"), MenuItem("Bank", "0")), odds="pts bust")
    screen = Screen("turn", names=("Ann", "Bo"), scores=(0, 0), active=0, view=state.view(),
                    menu=menu)
    render(screen, (WIDTH, 64))
    assert "This turn 0" in drawn_words and "Declined Bonus 200" in drawn_words
    assert "Bank" in drawn_words  # the menu's two rows
    assert cut_texts(screen) == []


def test_facts_pack_whole_into_the_lines_given_and_the_rest_is_dropped_whole():
    lines = ("This turn 0", "Declined Bonus 200")
    assert packed_facts(lines, [90, WIDTH]) == list(lines)
    assert packed_facts(lines, [90]) == ["This turn 0"]
    assert packed_facts(("Round 1/7, throw 1/3",), [40, 40]) == ["Round 1/7, throw 1/3"]
    assert packed_facts(("A", "Round 1/7, throw 1/3"), [40, 40]) == ["A"]
    assert packed_facts(("A", "Round 1/7, throw 1/3"), [40] * 5) == ["A", "Round", "1/7,",
                                                                    "throw", "1/3"]


CARDS = sorted({card.name for card in risknroll.ACTION_CARDS})


@pytest.mark.parametrize("card", CARDS)
def test_in_the_final_round_the_turn_and_every_card_in_play_show_whole(card):
    """"Final round: 2000+" came first and cut the card off ("No Harm/No..."; a Bonus
    Time's amount was always lost): the turn now says it is the last."""
    game = rules.get("risknroll")
    state = game.new(2, {})
    state = game.from_json({**state.to_json(), "totals": [2100, 900], "seat": 1,
                            "final_round": True, "turn_points": 1280})
    state = state.apply(Action("draw", card=card)).apply(Action("card", play=True))
    short = risknroll.SHORT_NAMES.get(card, card)
    assert shown(state) == f"Final turn 1280 · {short}"
    chose = state.apply(Action("throw", dice=(1, 2, 3, 4, 6, 6)))
    assert shown(chose) == f"Final turn 1280 · {short}"


def test_facts_that_do_not_fit_are_dropped_whole_from_the_last():
    lines = ("Round 7/7 (last) · Wilhelmina B", "VP Wilhelmina B 15, Wilhelmina A 13")
    assert fitting_facts(lines, WIDTH) == "Round 7/7 (last)"
    assert fitting_facts(lines, 400) == " · ".join(lines)


def test_a_first_fact_too_wide_is_cut_on_its_own_line_and_dropped_beside_the_dice():
    lines = ("Round 1/7, throw 1/3",)
    assert fitting_facts(lines, 40) == lines[0]  # the line cuts it with "…", recorded
    assert fitting_facts(lines, 40, first=False) == ""


SIZES = ((WIDTH, 64), (WIDTH, 32))
FACTS = ("Roll 2/2", "Pair sum 14+", "1-1-6", "Help: Opposite, Reroll 3, Wild")


def turn(lines, message="", dice=(2, 3, 3)) -> Screen:
    menu = Menu((MenuItem("Claim 1-1-6", "+3", best=True), MenuItem("End the turn", "0")))
    return Screen("turn", names=("Maximilian", "Wilhelmina"), scores=(0, 2), active=0,
                  view=View(dice=dice, lines=tuple(lines), message=message), menu=menu)


def test_the_mark_ends_the_facts_only_where_some_are_left_out():
    assert marked_facts(("This turn 0",), [WIDTH]) == ["This turn 0"]
    assert marked_facts(("This turn 0", "Declined Bonus 200"), [90, WIDTH]) == [
        "This turn 0", "Declined Bonus 200"]
    assert marked_facts(("This turn 0", "Declined Bonus 200"), [90]) == [f"This turn 0 {MORE}"]
    # no room for the mark beside the last fact: that fact gives way to it
    assert marked_facts(("Round 4/7", "Ann", "Bo"), [text.width(BODY, "Round 4/7 · Ann")]) == [
        f"Round 4/7 {MORE}"]
    assert marked_facts(("Round 1/7, throw 1/3",), [20], cut_first=False) == [MORE]  # 6 dice


@pytest.mark.parametrize("size", SIZES)
def test_a_turn_screen_marks_facts_left_out_and_only_then(drawn_words, size):
    render(turn(FACTS[:1]), size)
    assert not any(MORE in words for words in drawn_words)
    drawn_words.clear()
    render(turn(FACTS), size)
    assert any(words.endswith(MORE) for words in drawn_words), drawn_words
    assert FACTS[-1] not in drawn_words  # left out whole, on "Facts in full"


@pytest.mark.parametrize("size", SIZES)
def test_what_just_happened_stands_whole_on_the_turn_screen(drawn_words, size):
    """216's "Maximilian plays +2/-2: 5 to 3" over the dice it changed: drawn whole at
    both sizes (it was never drawn where there were dice), the facts after it."""
    screen = turn(FACTS[:3], "Maximilian plays +2/-2: 5 to 3")
    render(screen, size)
    assert reads_whole(["Maximilian plays +2/-2: 5 to 3"], drawn_words), drawn_words
    assert "Roll 2/2" in " ".join(drawn_words)
    assert cut_texts(screen, size) == []
    drawn_words.clear()
    render(turn((), "Wilhelmina asks Maximilian for the greatest of gifts",
                dice=(1, 3, 4, 4, 4, 5)), size)
    assert reads_whole(["Wilhelmina asks Maximilian for the greatest of gifts"], drawn_words)


def test_the_throw_screen_marks_facts_left_out(drawn_words):
    """216's throw screen read "To 100 · Sum 5- · 6 & its opp" with two more Objectives
    dropped unmarked: it ends with MORE where some have no room, as the turn screen."""
    facts = ("To 100", "Sum 5-", "6 & its opp", "Pair sum 14+", "No odd", "Help: none")
    render(Screen("throw", title="P1: second roll, 1 die", names=("P1", "AI"),
                  scores=(0, 0), view=View(lines=(" · ".join(facts),)),
                  hint="OK: roll the dice, Select: enter by hand"), (128, 64))
    line = next(words for words in drawn_words if words.startswith("To 100"))
    assert line.endswith(MORE) and "Pair sum 14+" not in line
