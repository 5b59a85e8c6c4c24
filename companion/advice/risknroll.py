"""Risk 'n' Roll 2000 advice: each keep, bank or roll, card and target, ranked.

Values come from the turn tables (`risknroll_tables`): the expected points the turn
finally banks under best play, card effects on the player's own score included.
The Plague's and Plus/Minus's 200 off the opponents are not in the value. In the final
round, a bank that leaves the player behind someone is ranked last and never best.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules import Action
from companion.rules.risknroll import DICE, RiskNRollState, score

from . import Advice, ranked
from .risknroll_tables import PLAIN, bust_chance, table, turn_rules


def advise(state: RiskNRollState) -> list[Advice]:
    """The legal options of `state`, best first; [] while the table supplies chance."""
    if state.phase == "choose":
        options = [_keep(state, action) for action in state.legal_actions()]
        return _losing_banks_last(state, options) if state.final_round else ranked(options)
    if state.phase == "card":
        return ranked([_card(state, action) for action in state.legal_actions()])
    if state.phase == "target":
        targets = ranked(
            [
                (action, state.label(action), float(state.totals[action["player"]]), None)
                for action in state.legal_actions()
            ]
        )
        return [replace(advice, detail=f"has {advice.value:.0f}") for advice in targets]
    return []


def _losing_banks_last(state: RiskNRollState, options: list) -> list[Advice]:
    """Nobody plays again after a final-round turn: a bank that leaves the player behind
    someone loses for sure, whatever its points, so it goes below every option that can
    still win, unstarred."""
    lost = {action for action, *_ in options if action["then"] == "bank" and _behind(state, action)}
    hopeful = ranked([option for option in options if option[0] not in lost])
    beaten = ranked([option for option in options if option[0] in lost])
    return hopeful + [replace(advice, best=False) for advice in beaten]


def _behind(state: RiskNRollState, bank: Action) -> bool:
    """True if after `bank` (and a Plus/Minus taken off the leader) someone is ahead."""
    after = state.apply(bank)
    if after.phase == "target":
        leader = max(after.legal_actions(), key=lambda target: after.totals[target["player"]])
        after = after.apply(leader)
    others = [total for seat, total in enumerate(after.totals) if seat != state.seat]
    return after.totals[state.seat] < max(others)


def _rules(state: RiskNRollState):
    return turn_rules(state.card if state.card_in_play else None)


def _keep(state: RiskNRollState, action):
    rules = _rules(state)
    dice, then = action["dice"], action["then"]
    points = state.turn_points + score(dice, rules.deuces)
    left = state.dice_left - len(dice)
    value = table(rules.deuces).keep_value(points, left, rules, state.earned, then)
    bust = None if then == "bank" else bust_chance(left or DICE, rules.deuces)
    return action, state.label(action), value, bust


def _card(state: RiskNRollState, action):
    rules = turn_rules(state.card) if action["play"] else PLAIN
    value = table(rules.deuces).throw_value(state.turn_points, state.dice_left, rules, False)
    return action, state.label(action), value, bust_chance(state.dice_left, rules.deuces)
