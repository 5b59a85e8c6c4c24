"""Risk 'n' Roll 2000's score sheet: every player's total toward the target, and the
turn in play (its Action Card, the points at stake, the dice set aside and left)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.risknroll import RiskNRollState
from companion.web.html import Raw, dice, name_of, table


def sheet(state: RiskNRollState, names: Sequence[str]) -> str:
    turn = state.turn()
    rows = [(name_of(names, p), total, max(0, state.target - total))
            for p, total in enumerate(state.totals)]
    sheet = table(("Player", "Total", "To go"), rows, caption=f"Scores (to {state.target})",
                  marked=[turn] if turn is not None else ())
    if turn is None:
        return sheet
    play = [("Whose turn", name_of(names, turn)),
            ("Action card", state.card or "none yet"),
            ("Points this turn", state.turn_points),
            ("Dice aside", Raw(dice(state.aside)) if state.aside else "none"),
            ("Dice left to throw", state.dice_left)]
    if state.final_round:
        play.append(("Final round", "yes: someone reached the target"))
    return sheet + table(("The turn in play", ""), play, classes="sheet turnplay")
