"""216 advice: every claim, Help card, reroll, pass and AI choice, ranked by expected points.

What a 216 player weighs is the chance to fulfil an Offer card and what it is worth,
so each option's `detail` is "41% 12pt": the chance the turn ends fulfilling a card
under the best play afterwards, and the expected points.

The value counts a Help card as HELP_POINTS: gained by a Served bonus, a give-up or
the compensation, spent when played. The look-ahead plays the Help cards that change
a die (+1/-1, +2/-2, Opposite, Wild) as needed; Reroll cards are valued when they are
the option ranked, not held back for later.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, lru_cache

from companion.rules import Action, Throw
from companion.rules.two_sixteen import CARDS, TwoSixteenState, help_results, rerolls, without
from companion.rules.two_sixteen_cards import TRIPLES

from . import Advice, ranked

HELP_POINTS = 3.0
"""What a Help card in hand is taken to be worth, in points (an estimate)."""
MODIFIERS = ("Wild", "Opposite", "+2/-2", "+1/-1")
"""The Help cards that change a die: the ones the look-ahead plays, the dearest first,
so that a way to fulfil a card keeps it when a cheaper card will do."""
BIT = {triple: 1 << i for i, triple in enumerate(TRIPLES)}
CACHE = 1 << 16
OUTCOMES = {k: tuple(Throw(k).outcomes()) for k in (1, 2, 3)}
"""Each throw of k dice with its chance: the sums below run over them."""


def _mask(name: str) -> int:
    mask = 0
    for triple in CARDS[name].matching:
        mask |= BIT[triple]
    return mask


MASKS = {name: _mask(name) for name in CARDS}


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


def cards_needed(dice: tuple[int, ...], hand: tuple[str, ...], name: str) -> int | None:
    """The fewest of the `hand`'s modifier cards that fulfil card `name`; None if none can."""
    for k, mask in enumerate(reach(dice, hand)):
        if mask & MASKS[name]:
            return k
    return None


def steps(dice: tuple[int, ...], hand: tuple[str, ...], name: str) -> tuple[Action, ...]:
    """One fewest-cards way to fulfil `name`: the Help cards to play, in order."""
    k = cards_needed(dice, hand, name)
    if k is None:
        return ()
    played = []
    while k:
        card, hand = hand[0], hand[1:]
        if k <= len(hand) and reach(dice, hand)[k] & MASKS[name]:
            continue
        die, to = next((die, to) for die in set(dice) for to in help_results(card, die)
                       if reach(_changed(dice, die, to), hand)[k - 1] & MASKS[name])
        played.append(Action("help", card=card, die=die, to=to))
        dice, k = _changed(dice, die, to), k - 1
    return tuple(played)


def _modifiers(hand: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted((card for card in hand if card in MODIFIERS), key=MODIFIERS.index))


@lru_cache(maxsize=CACHE)
def claim_now(dice, hand, offer, served: bool) -> float | None:
    """The best claim these dice make now, cards spent counted; None if none."""
    best = None
    for name in offer:
        k = cards_needed(dice, hand, name)
        if k is None:
            continue
        card = CARDS[name]
        value = card.general - k * HELP_POINTS
        if served and k == 0:
            value += max(card.bonus, HELP_POINTS)
        best = value if best is None else max(best, value)
    return best


@lru_cache(maxsize=CACHE)
def after_second(dice, hand, offer) -> tuple[float, float]:
    """(value, fulfilled) after the second roll: the best claim, or a Help card instead."""
    claim = claim_now(dice, hand, offer, False)
    if claim is not None and claim >= HELP_POINTS:
        return claim, 1.0
    return HELP_POINTS, 0.0


@lru_cache(maxsize=CACHE)
def reroll_value(dice, kept, hand, offer) -> tuple[float, float]:
    """(value, chance to fulfil) of rolling again all dice but `kept`."""
    value = chance = 0.0
    for thrown, p in OUTCOMES[len(dice) - len(kept)]:
        v, c = after_second(tuple(sorted(kept + thrown)), hand, offer)
        value, chance = value + p * v, chance + p * c
    return value, chance


@lru_cache(maxsize=CACHE)
def first_value(dice, hand, offer, helped: bool) -> tuple[float, float]:
    """(value, chance to fulfil) after the first roll under the best play."""
    options = [reroll_value(dice, _kept(dice, r), hand, offer) for r in rerolls(dice)]
    claim = claim_now(dice, hand, offer, not helped)
    if claim is not None:
        options.append((claim, 1.0))
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
    odds = []
    for thrown in rerolls(dice):
        kept = _kept(dice, thrown)
        outcomes = [(tuple(sorted(kept + t)), p) for t, p in OUTCOMES[len(thrown)]]
        cards = tuple(
            (name,
             sum(p for t, p in outcomes if MASKS[name] & BIT[t]),
             sum(p for t, p in outcomes if cards_needed(t, hand, name) is not None))
            for name in offer
        )
        odds.append(Odds(thrown, cards, reroll_value(dice, kept, hand, offer)[0]))
    return sorted(odds, key=lambda o: -o.value)


def fulfilments(state: TwoSixteenState) -> list[tuple[str, tuple[Action, ...]]]:
    """Every Offer card the dice fulfil now, and with which Help cards (fewest first)."""
    hand = _modifiers(state.usable())
    return [(name, steps(state.dice, hand, name)) for name in _offer(state)
            if cards_needed(state.dice, hand, name) is not None]


def _offer(state: TwoSixteenState) -> tuple[str, ...]:
    return tuple(dict.fromkeys(state.offer))


def advise(state: TwoSixteenState) -> list[Advice]:
    """The legal options of `state`, best first; [] while the table supplies chance."""
    if state.phase == "choose":
        return _choose(state)
    if state.phase not in ("first", "second"):
        return []
    figures = {action: _figures(state, action) for action in state.legal_actions()}
    options = [(a, state.label(a), v, None) for a, (v, _) in figures.items()]
    return [replace(advice, detail=_detail(*figures[advice.action])) for advice in ranked(options)]


def _detail(value: float, chance: float) -> str:
    return f"{round(100 * chance)}% {value:.0f}pt"


def _figures(state: TwoSixteenState, action: Action) -> tuple[float, float]:
    """(expected points, chance to fulfil) of one option."""
    dice, offer = state.dice, _offer(state)
    hand = _modifiers(state.usable())
    first = state.phase == "first"
    if action.kind == "claim":
        card = CARDS[action["card"]]
        bonus = {"points": card.bonus, "help": HELP_POINTS}.get(action.get("bonus"), 0)
        return card.general + bonus, 1.0
    if action.kind == "reroll":
        return reroll_value(dice, _kept(dice, action["dice"]), hand, offer)
    if action.kind == "pass":
        return (HELP_POINTS if state.help_deck or state.help_discards else 0.0), 0.0
    card = action["card"]
    rest = _modifiers(without(state.usable(), card))
    if card in MODIFIERS:
        after = _changed(dice, action["die"], action["to"])
        value, chance = first_value(after, rest, offer, True) if first else after_second(
            after, rest, offer)
        return value - HELP_POINTS, chance
    kept = () if card == "Reroll 3" else without(dice, action["die"])
    value = chance = 0.0
    for thrown, p in OUTCOMES[len(dice) - len(kept)]:
        after = tuple(sorted(kept + thrown))
        v, c = first_value(after, rest, offer, True) if first else after_second(after, rest, offer)
        value, chance = value + p * v, chance + p * c
    return value - HELP_POINTS, chance


def _choose(state: TwoSixteenState) -> list[Advice]:
    """Solo tie: let the AI take the card you are least likely to fulfil in one roll."""
    options = [(a, state.label(a), -CARDS[a["card"]].ways / 216, None)
               for a in state.legal_actions()]
    return [replace(advice, detail=f"{CARDS[advice.action['card']].ways}/216")
            for advice in ranked(options)]
