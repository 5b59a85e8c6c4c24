"""Risk 'n' Roll 2000 advice: each keep, bank or roll, card and target, ranked.

Values come from the turn tables (`risknroll_tables`): the expected points the turn
finally banks under best play, card effects on the player's own score included.
The Plague's and Plus/Minus's 200 off the opponents are not in the value.

Near the end, points are not what the player wants, the win is:
- the turn that ends the game (the last seat's, in the final round) is ranked by the
  chance to win (`risknroll_last_turn`), then by points;
- the last seat's bank that reaches the target, and so ends the game in the lead, comes
  first outside the final round too;
- earlier in the final round, a bank that leaves the player behind someone is ranked
  last and never best: only a later player's Plus/Minus on the leader could save it.
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules import Action
from companion.rules.risknroll import DICE, At, RiskNRollState, score

from . import Advice, ranked
from .risknroll_last_turn import Stakes, is_last_turn, win_table
from .risknroll_tables import PLAIN, bust_chance, table, turn_rules

AIMS = ("win", "points")
"""What the advice plays for: the win near the end (below), or points throughout."""
ODDS_LABEL = "pts bust"
"""Over the odds column: the points a choice is worth, the chance its next throw is a
belly up (companion.advice.odds_text)."""


def advise(state: RiskNRollState, aim: str = "win") -> list[Advice]:
    """The legal options of `state`, best first; [] while the table supplies chance.
    Aim "points" ranks by points to the end (no chance to win, no bank moved for the
    game's end): the expectation advice, kept for `companion bench advice --tourney`."""
    if aim not in AIMS:
        raise ValueError(f"no aim {aim!r}; aims: {', '.join(AIMS)}")
    if aim == "points" and state.phase in ("choose", "card"):
        maker = _keep if state.phase == At.CHOOSE else _card
        return ranked([maker(state, action) for action in state.legal_actions()])
    if state.phase == At.CHOOSE:
        options = [_keep(state, action) for action in state.legal_actions()]
        if is_last_turn(state):
            chances = [_keep_chance(state, a) for a, *_ in options]
            return _by_chance_to_win(options, chances, [
                _bank_outcome(state, a) if a["then"] == "bank" else _chance_text(chance)
                for (a, *_), chance in zip(options, chances)
            ])
        if state.final_round:
            return _losing_banks_last(state, options)
        if state.seat == state.players - 1:
            return _winning_banks_first(state, options)
        return ranked(options)
    if state.phase == At.CARD:
        options = [_card(state, action) for action in state.legal_actions()]
        if is_last_turn(state):
            chances = [_card_chance(state, a) for a, *_ in options]
            return _by_chance_to_win(options, chances, [_chance_text(c) for c in chances])
        return ranked(options)
    if state.phase == At.TARGET:
        targets = ranked(
            [
                (action, state.label(action), float(state.totals[action["player"]]), None)
                for action in state.legal_actions()
            ]
        )
        return [replace(advice, detail=f"has {advice.value:.0f}") for advice in targets]
    return []


def _by_chance_to_win(options: list, chances: list[float], details: list[str]) -> list[Advice]:
    """The options of the turn that ends the game, by their chance to win (a tie shares
    the win, R25), then a sure win by banking before a sure one by rolling on, then by
    points; the menu shows `details` instead of the points."""
    def rank(i: int) -> tuple:
        action, _, value, _ = options[i]
        # a win made sure ends the game now: a bank before a roll that can only win too
        # (under No Harm/No Foul a sure roll goes on until a belly up)
        sure_roll = chances[i] >= 1 - 1e-9 and action.get("then") != "bank"
        return -round(chances[i], 9), sure_roll, -round(value, 6)

    order = sorted(range(len(options)), key=rank)
    top = rank(order[0])
    return [Advice(*options[i], rank(i) == top, details[i]) for i in order]


def _bank_outcome(state: RiskNRollState, bank: Action) -> str:
    """What a bank that ends the game does: "wins", "ties" (a shared win) or "loses"."""
    winners = _after_bank(state, bank).winners()
    return "loses" if state.seat not in winners else "ties" if len(winners) > 1 else "wins"


def _chance_text(chance: float) -> str:
    """"wins" or "loses" only when certain; otherwise a percentage, to a tenth below 1%
    ("wins 0.4%", "wins <0.1%": two chances 250 times apart read alike as 1%), ">99%"
    short of certain."""
    if chance >= 1 - 1e-9:
        return "wins"
    if chance <= 1e-9:
        return "loses"
    percent = 100 * chance
    if percent < 1:
        return "wins <0.1%" if percent < 0.1 else f"wins {percent:.1f}%"
    return "wins >99%" if percent > 99 else f"wins {round(percent)}%"


def _winning_banks_first(state: RiskNRollState, options: list) -> list[Advice]:
    """The last seat's bank that reaches the target ends the game with the player in the
    lead: a certain win, first whatever its points."""
    wins = {action for action, *_ in options if action["then"] == "bank"
            and state.seat in _after_bank(state, action).winners()}
    if not wins:
        return ranked(options)
    sure = ranked([option for option in options if option[0] in wins])
    rest = ranked([option for option in options if option[0] not in wins])
    return [replace(a, detail="wins") for a in sure] + [replace(a, best=False) for a in rest]


def _losing_banks_last(state: RiskNRollState, options: list) -> list[Advice]:
    """Before the last seat in the final round: a bank that leaves the player behind
    someone can be saved only by a later player's Plus/Minus on the leader, so it goes
    below every other option, unstarred, whatever its points."""
    lost = {action for action, *_ in options if action["then"] == "bank" and _behind(state, action)}
    hopeful = ranked([option for option in options if option[0] not in lost])
    beaten = ranked([option for option in options if option[0] in lost])
    return hopeful + [replace(advice, best=False) for advice in beaten]


def _behind(state: RiskNRollState, bank: Action) -> bool:
    """True if after `bank` (and a Plus/Minus taken off the leader) someone is ahead."""
    after = _after_bank(state, bank)
    others = [total for seat, total in enumerate(after.totals) if seat != state.seat]
    return after.totals[state.seat] < max(others)


def _after_bank(state: RiskNRollState, bank: Action) -> RiskNRollState:
    """The state after `bank`, and after a Plus/Minus it earned taken off the leader."""
    after = state.apply(bank)
    if after.phase == At.TARGET:
        leader = max(after.legal_actions(), key=lambda target: after.totals[target["player"]])
        after = after.apply(leader)
    return after


def _keep_chance(state: RiskNRollState, action: Action) -> float:
    dice, then = action["dice"], action["then"]
    points = state.turn_points + score(dice, _rules(state).deuces)
    card = state.card if state.card_in_play else None
    wins = win_table(_rules(state), Stakes.of(state.totals, state.seat, card))
    return wins.keep_chance(points, state.dice_left - len(dice), state.earned, then)


def _card_chance(state: RiskNRollState, action: Action) -> float:
    card = state.card if action["play"] else None
    wins = win_table(turn_rules(card), Stakes.of(state.totals, state.seat, card))
    return wins.throw_chance(state.turn_points, state.dice_left, False)


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
