"""216's score pad: the Offer of four Objective cards, each drawn as its dice (as the
card prints them: a number as its pips, "≥4", "?", "=1" a die equal to the first, "opp"
its opposite), with its general score and bonus; every player's total toward the
target, and the Help cards in every hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.rules.two_sixteen import AI, TwoSixteenState
from companion.rules.two_sixteen_cards import Objective
from companion.ui.games.two_sixteen import card_glyphs
from companion.web.html import Raw, die, esc, name_of, table


def card(name: str, objective: Objective | None) -> str:
    """An Objective card as its dice and conditions, with its name and scores (the game's
    own card: a player's copy of the cards may differ from the shipped ones)."""
    if objective is None:
        return f'<div class="objective">{esc(name)}</div>'
    drawn = []
    for kind, value in card_glyphs(objective.symbols):
        if kind == "pips":
            drawn.append(die(int(value)))
        elif kind == "text":
            drawn.append(die(value, title=value))
        elif value:  # a mark or a condition in words; a plain gap is the page's spacing
            drawn.append(f'<span class="mark">{esc(value)}</span>')
    return (f'<div class="objective o-{esc(objective.colour)}"><span class="dice">'
            f'{"".join(drawn)}</span><span class="scores">{objective.general}'
            f'<small>+{objective.bonus}</small></span><small class="name">{esc(name)}</small>'
            "</div>")


def sheet(state: TwoSixteenState, names: Sequence[str]) -> str:
    turn = state.turn()
    offer = "".join(card(name, state.cards.cards.get(name)) for name in state.offer) or (
        "<p>The Offer is not laid yet.</p>")
    rows = []
    for seat, total in enumerate(state.totals):
        if state.solo and seat == AI:
            hand = "plays none"
        else:
            counts = Counter(state.hands[seat])
            hand = ", ".join(f"{n}x {c}" if n > 1 else c for c, n in counts.items()) or "none"
        rows.append((name_of(names, seat), total, Raw(esc(hand))))
    pad = table(("Player", f"Points (to {state.target})", "Help cards"), rows,
                caption="Score pad", marked=[turn] if turn is not None else ())
    return f'<h2>The Offer</h2><div class="offer">{offer}</div>{pad}'
