"""216 advice: every claim, Help card, reroll, pass and AI choice, ranked.

What a 216 player weighs is the chance to fulfil an Offer card and what it brings, so
each option's `detail` is "41% 12pt": the chance the turn ends fulfilling a card under
the best play afterwards and the expected points, then the Help cards the turn is
expected to take or spend ("+0.6H", "-1H"), never folded into the points. When the end
is in reach (`two_sixteen_win.in_reach`) the options are ranked by the chance to win
the game instead, shown first ("win 16% 41% 4pt").

A turn ends in points added, Help cards spent and perhaps one taken; a `Worth` says
what such an end is worth: points plus HELP_POINTS a card (expectation), or the chance
to win from there (`two_sixteen_win`). A card is worth taking only while one is left to
take (ruling T6: when every Help card is in a hand, giving up takes nothing). The
look-ahead plays the Help cards that change a die (+1/-1, +2/-2, Opposite, Wild) as
needed; Reroll cards are valued when they are the option ranked, not held back.

Between options of equal worth (to 1e-9) the ranking prefers the higher chance to
fulfil a card, then more expected points, then the legal order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from companion.rules import Action, Throw
from companion.rules.two_sixteen import At, TwoSixteenState, help_results, rerolls, without
from companion.rules.two_sixteen_cards import TRIPLES, Objective

from . import Advice, percent, ranked
from .two_sixteen_win import Standing, in_reach

HELP_POINTS = 3.0
"""What a Help card in hand is taken to be worth, in points (an estimate)."""
MODIFIERS = ("Wild", "Opposite", "+2/-2", "+1/-1")
"""The Help cards that change a die: the ones the look-ahead plays, the dearest first,
so that a way to fulfil a card keeps it when a cheaper card will do."""
BIT = {triple: 1 << i for i, triple in enumerate(TRIPLES)}
CACHE = 1 << 13
"""Entries per look-ahead cache: 20 games of 216 hit as often with it as with 65,536,
and a larger bound only grows the process over an evening (docs/figures.md, memory
over games)."""
OUTCOMES = {k: tuple(Throw(k).outcomes()) for k in (1, 2, 3)}
"""Each throw of k dice with its chance: the sums below run over them."""
AIMS = ("win", "points")
"""What the advice plays for: the win when the end is in reach (else points), or the
expected points of the turn always (the advice before the win was counted, kept for
`companion bench advice --tourney` to measure against)."""


@dataclass(frozen=True, eq=False)
class Worth:
    """What the end of a turn is worth: `of(points added, cards spent, card taken)`.

    `take` is whether giving up or a Served bonus can take a Help card (one is left in
    the deck or the discards). Compared by identity: the look-ahead's caches key on it,
    so the two expectation worths are made once and reused."""

    of: Callable[[int, int, int], float]
    take: bool

    def taking(self, points: int, spent: int) -> float:
        """The end that takes a Help card if one is left, else takes nothing."""
        return self.of(points, spent, int(self.take))


POINTS = {take: Worth(lambda p, s, t: p + HELP_POINTS * (t - s), take) for take in (False, True)}
"""Expected points, a Help card HELP_POINTS: the worth outside the end's reach."""


@cache
def mask(card: Objective) -> int:
    """The rolls that fulfil `card`, as a bitmask over TRIPLES."""
    bits = 0
    for triple in card.matching:
        bits |= BIT[triple]
    return bits


def _changed(dice: tuple[int, ...], die: int, to: int) -> tuple[int, ...]:
    return tuple(sorted(without(dice, die) + (to,)))


@cache
def _moves(dice: tuple[int, ...], card: str) -> tuple[tuple[int, ...], ...]:
    """Every distinct roll one modifier card makes of these dice."""
    return tuple(dict.fromkeys(
        _changed(dice, die, to) for die in set(dice) for to in help_results(card, die)))


@lru_cache(maxsize=CACHE)
def reach(dice: tuple[int, ...], hand: tuple[str, ...]) -> tuple[int, ...]:
    """The rolls these dice can be made into with at most k of the cards in `hand`
    (modifiers only), as bitmasks over TRIPLES indexed by k.

    The order in which cards are played does not change what they can reach (a
    card's +/- is free, and Opposite turns +a into -a), so the first card of the hand
    is either played now or never, and the rest is the same question, smaller."""
    if not hand:
        return (BIT[dice],)
    card, rest = hand[0], hand[1:]
    levels = [*reach(dice, rest), 0]
    for after in _moves(dice, card):
        for k, mask in enumerate(reach(after, rest)):
            levels[k + 1] |= mask
    for k in range(1, len(levels)):
        levels[k] |= levels[k - 1]
    return tuple(levels)


def cards_needed(dice: tuple[int, ...], hand: tuple[str, ...], card: Objective) -> int | None:
    """The fewest of the `hand`'s modifier cards that fulfil `card`; None if none can."""
    for k, reached in enumerate(reach(dice, hand)):
        if reached & mask(card):
            return k
    return None


def steps(dice: tuple[int, ...], hand: tuple[str, ...], objective: Objective
          ) -> tuple[Action, ...]:
    """One fewest-cards way to fulfil `objective`: the Help cards to play, in order."""
    k = cards_needed(dice, hand, objective)
    if k is None:
        return ()
    played = []
    while k:
        card, hand = hand[0], hand[1:]
        if k <= len(hand) and reach(dice, hand)[k] & mask(objective):
            continue
        die, to = next((die, to) for die in set(dice) for to in help_results(card, die)
                       if reach(_changed(dice, die, to), hand)[k - 1] & mask(objective))
        played.append(Action("help", card=card, die=die, to=to))
        dice, k = _changed(dice, die, to), k - 1
    return tuple(played)


def _modifiers(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted((card for card in hand if card in MODIFIERS), key=MODIFIERS.index))


Figures = tuple[float, float, float, float]
"""(worth, chance to fulfil a card, expected points, expected Help cards taken less
spent) of a position under the best play: compared in that order, so equal worths
go to the likelier fulfilment, then the more points."""


def _end(worth: Worth, points: int, spent: int, taken: int, fulfils: bool) -> Figures:
    return worth.of(points, spent, taken), float(fulfils), float(points), float(taken - spent)


def _mean(pairs) -> Figures:
    total = [0.0, 0.0, 0.0, 0.0]
    for figures, p in pairs:
        for i in range(4):
            total[i] += p * figures[i]
    return tuple(total)


@lru_cache(maxsize=CACHE)
def claim_now(dice, hand, offer, served: bool, spent: int, worth: Worth) -> Figures | None:
    """The best claim these dice make now, `spent` cards already spent; None if none."""
    best = None
    for card in offer:
        k = cards_needed(dice, hand, card)
        if k is None:
            continue
        options = [_end(worth, card.general, spent + k, 0, True)]
        if served and k == 0:
            options.append(_end(worth, card.general + card.bonus, spent, 0, True))
            if worth.take:
                options.append(_end(worth, card.general, spent, 1, True))
        best = max(options) if best is None else max(best, *options)
    return best


@lru_cache(maxsize=CACHE)
def after_second(dice, hand, offer, spent: int, worth: Worth) -> Figures:
    """After the second roll: the best claim, or giving up for a Help card (if one is
    left) instead; a claim worth as much as giving up is made."""
    give_up = _end(worth, 0, spent, int(worth.take), False)
    claim = claim_now(dice, hand, offer, False, spent, worth)
    if claim is not None and claim[0] >= give_up[0]:
        return claim
    return give_up


@lru_cache(maxsize=CACHE)
def reroll_value(dice, kept, hand, offer, spent: int, worth: Worth) -> Figures:
    """Rolling again all dice but `kept`."""
    return _mean((after_second(tuple(sorted(kept + thrown)), hand, offer, spent, worth), p)
                 for thrown, p in OUTCOMES[len(dice) - len(kept)])


@lru_cache(maxsize=CACHE)
def first_value(dice, hand, offer, helped: bool, spent: int, worth: Worth) -> Figures:
    """After the first roll, under the best play."""
    options = [reroll_value(dice, _kept(dice, r), hand, offer, spent, worth)
               for r in rerolls(dice)]
    claim = claim_now(dice, hand, offer, not helped, spent, worth)
    if claim is not None:
        options.append(claim)
    return max(options)


def _kept(dice, thrown) -> tuple[int, ...]:
    for die in thrown:
        dice = without(dice, die)
    return dice


@dataclass(frozen=True)
class Odds:
    """For one reroll choice: each Offer card's chance, without and with the Help cards."""

    reroll: tuple[int, ...]
    cards: tuple[tuple[str, float, float], ...]
    value: float


def reroll_odds(state: TwoSixteenState) -> list[Odds]:
    """For every choice of dice to roll again, the exact chance of then fulfilling each
    Offer card without and with the player's Help cards that change a die, and the
    expected points; best first."""
    dice, hand, offer = state.dice, _modifiers(state.usable()), _offer(state)
    worth = POINTS[_help_left(state)]
    odds = []
    for thrown in rerolls(dice):
        kept = _kept(dice, thrown)
        outcomes = [(tuple(sorted(kept + t)), p) for t, p in OUTCOMES[len(thrown)]]
        cards = tuple(
            (card.name,
             sum(p for t, p in outcomes if mask(card) & BIT[t]),
             sum(p for t, p in outcomes if cards_needed(t, hand, card) is not None))
            for card in offer
        )
        odds.append(Odds(thrown, cards, reroll_value(dice, kept, hand, offer, 0, worth)[0]))
    return sorted(odds, key=lambda o: -o.value)


def fulfilments(state: TwoSixteenState) -> list[tuple[str, tuple[Action, ...]]]:
    """Every Offer card the dice fulfil now, and with which Help cards (fewest first)."""
    hand = _modifiers(state.usable())
    return [(card.name, steps(state.dice, hand, card)) for card in _offer(state)
            if cards_needed(state.dice, hand, card) is not None]


def _offer(state: TwoSixteenState) -> tuple[Objective, ...]:
    """The Offer's cards, each once, as the game's own cards (a player's copy may differ
    from the shipped cards under the same name)."""
    return tuple(state.card(name) for name in dict.fromkeys(state.offer))


def _help_left(state: TwoSixteenState) -> bool:
    return bool(state.help_deck or state.help_discards)


def worth_of(state: TwoSixteenState, aim: str = "win") -> Worth:
    """What the ends of this turn are worth to the seat on turn: the chance to win when
    the end is in reach and the aim is the win, else expected points."""
    if aim not in AIMS:
        raise ValueError(f"no aim {aim!r}; aims: {', '.join(AIMS)}")
    if aim == "points" or state.solo or not in_reach(state):
        return POINTS[_help_left(state)]
    return _winning(Standing.of(state), _help_left(state))


@lru_cache(maxsize=8)
def _winning(standing: Standing, take: bool) -> Worth:
    """The worth of playing for the win from `standing`: one per standing, so that the
    queries of one turn share the look-ahead's caches."""
    return Worth(cache(standing.chance), take)


def advise(state: TwoSixteenState, aim: str = "win") -> list[Advice]:
    """The legal options of `state`, best first; [] while the table supplies chance."""
    if state.phase == At.CHOOSE:
        return _choose(state)
    if state.phase not in ("first", "second"):
        return []
    worth = worth_of(state, aim)
    figures = {action: _figures(state, action, worth) for action in state.legal_actions()}
    options = [(a, state.label(a), f[0], None, f[1:3]) for a, f in figures.items()]
    winning = worth not in POINTS.values()
    return [replace(advice, detail=_detail(figures[advice.action], winning))
            for advice in ranked(options)]


def _detail(figures: Figures, winning: bool) -> str:
    worth, chance, points, cards = figures
    text = f"{round(100 * chance)}% {points:.0f}pt"
    if abs(cards) >= 0.05:
        text += f"{cards:+.0f}H" if abs(cards - round(cards)) < 0.05 else f"{cards:+.1f}H"
    return f"win {percent(worth)} {text}" if winning else text


def _figures(state: TwoSixteenState, action: Action, worth: Worth) -> Figures:
    """The figures of one option."""
    dice, offer = state.dice, _offer(state)
    hand = _modifiers(state.usable())
    first = state.phase == At.FIRST
    if action.kind == "claim":
        card = state.card(action["card"])
        bonus = action.get("bonus")
        points = card.general + (card.bonus if bonus == "points" else 0)
        return _end(worth, points, 0, int(bonus == "help"), True)
    if action.kind == "reroll":
        return reroll_value(dice, _kept(dice, action["dice"]), hand, offer, 0, worth)
    if action.kind == "pass":
        return _end(worth, 0, 0, int(worth.take), False)
    card = action["card"]
    rest = _modifiers(without(state.usable(), card))
    if card in MODIFIERS:
        after = _changed(dice, action["die"], action["to"])
        if first:
            return first_value(after, rest, offer, True, 1, worth)
        return after_second(after, rest, offer, 1, worth)
    kept = () if card == "Reroll 3" else without(dice, action["die"])
    return _mean(
        (first_value(tuple(sorted(kept + thrown)), rest, offer, True, 1, worth) if first
         else after_second(tuple(sorted(kept + thrown)), rest, offer, 1, worth), p)
        for thrown, p in OUTCOMES[len(dice) - len(kept)])


def _choose(state: TwoSixteenState) -> list[Advice]:
    """Solo tie: let the AI take the card you are least likely to fulfil in one roll."""
    options = [(a, state.label(a), -state.card(a["card"]).ways / 216, None)
               for a in state.legal_actions()]
    return [replace(advice, detail=f"{state.card(advice.action['card']).ways}/216")
            for advice in ranked(options)]
