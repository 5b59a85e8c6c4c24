"""The line of facts under the dice, from real Risk 'n' Roll states, cut to the OLED's width.

The renderer cuts a line too long for 128 pixels with "…", so the facts that change a
player's decision must come first: a declined card must not read as a card in play, and
the final round must not be cut off behind the card.
"""

from __future__ import annotations

import pytest

from companion import rules
from companion.rules import Action, risknroll
from companion.ui import text
from companion.ui.fonts import BODY, SMALL
from companion.ui.render import FACT_SEPARATOR

WIDTH = 128


def shown(state) -> str:
    """The facts as the turn and throw screens draw them."""
    return text.fit(FACT_SEPARATOR.join(state.view().lines), WIDTH, (BODY, SMALL))[1]


def test_a_declined_card_with_a_long_name_still_reads_declined():
    game = rules.get("risknroll")
    state = game.new(2, {}).apply(Action("draw", card="Bonus Time 200"))
    state = state.apply(Action("card", play=False))
    assert "eclined" in shown(state)


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
