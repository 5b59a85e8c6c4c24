"""The line of facts under the dice, from real Risk 'n' Roll states, fitted to the OLED's width.

The renderer drops whole the facts that do not fit 128 pixels, the last first, so the
facts that change a player's decision must come first: a declined card must not read as
a card in play, and the final round must not be lost behind the card.
"""

from __future__ import annotations

import pytest

from companion import rules
from companion.rules import Action, risknroll
from companion.ui.render import fitting_facts

WIDTH = 128


def shown(state) -> str:
    """The facts as the turn and throw screens draw them."""
    return fitting_facts(state.view().lines, WIDTH)


def test_a_declined_card_with_a_long_name_never_reads_as_a_card_in_play():
    """"This turn 0 · Declined Bonus 200" is wider than the line: the card is dropped
    whole rather than cut ("This turn 0 · Declined Bo…")."""
    game = rules.get("risknroll")
    state = game.new(2, {}).apply(Action("draw", card="Bonus Time 200"))
    state = state.apply(Action("card", play=False))
    assert shown(state) == "This turn 0"
    assert fitting_facts(state.view().lines, 200) == "This turn 0 · Declined Bonus 200"


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
