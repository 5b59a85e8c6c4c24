"""Risk 'n' Roll 2000 on the screens: the shared layouts serve it; it only says how its
decision menu groups (companion.session.menus)."""

from __future__ import annotations

from companion.rules import Action
from companion.rules.core import dice_count
from companion.rules.risknroll import RiskNRollState


def menu_group(state: RiskNRollState, action: Action) -> tuple[str, ...]:
    """A keep under "Roll on" or "Bank" (what follows it), then by the dice set aside."""
    if action.kind != "keep":
        return ()
    then = "Bank" if action["then"] == "bank" else "Roll on"
    return (then, f"{then}, {dice_count(len(action['dice']))} aside")
