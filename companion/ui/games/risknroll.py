"""Risk 'n' Roll 2000 on the screens: the shared layouts serve it; it only says how its
decision menu groups (companion.session.menus)."""

from __future__ import annotations

from companion.rules import Action
from companion.rules.core import dice_count
from companion.rules.risknroll import RiskNRollState

LEGEND = (
    ("pts bust", "Points expected this turn; chance of a belly up"),
    ("410 32%", "410 points expected; 32% chance of a belly up"),
    ("1 5 +150 roll 4", "Set 1 5 aside for 150 points, throw the 4 dice left"),
    ("wins 68%", "Last turn: the chance to win the game"),
    ("wins ties loses", "Last turn: what a bank does to the game"),
    ("has 1250", "Plus/Minus: the score of the player it takes from"),
)
"""Every figure of the menus and what it means: the game menu's legend pages."""


def menu_group(state: RiskNRollState, action: Action) -> tuple[str, ...]:
    """A keep under "Roll on" or "Bank" (what follows it), then by the dice set aside."""
    if action.kind != "keep":
        return ()
    then = "Bank" if action["then"] == "bank" else "Roll on"
    return (then, f"{dice_count(len(action['dice']))} aside")
