"""Risk 'n' Roll 2000: push your luck with six dice and an Action Card each turn.

Reads like the rulebook (`rulebooks/risk-n-roll-2000.txt`): draw a card (and play or
decline it), throw, set scoring dice aside and hold or roll, belly up, roll out.
Interpretations of unclear sentences are in docs/rulings.md; each is marked
"Ruling" below. The numbers live in SCORING and ACTION_CARDS, so a house rule is an
edit to a table, not to the code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from functools import cache
from itertools import product
from typing import Any

from .core import (
    CHANCE,
    SEAT,
    TERMINAL,
    Action,
    Checked,
    Draw,
    Game,
    IllegalAction,
    Option,
    Phase,
    Throw,
    View,
    chance_label,
    check_by,
    dice_count,
    flag,
    numbers,
    seat,
    tuples,
    winners_by_score,
    word,
)

NAME = "risknroll"
TITLE = "Risk 'n' Roll 2000"
DICE = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 8

SCORING: dict[str, Any] = {
    "single": {1: 10, 5: 50},  # 1s are 10 each, 5s 50 each
    "deuce": 20,  # a 2 under the Deuces card
    "of_a_kind": {3: 300, 4: 400, 5: 500, 6: 2000},  # whatever the face
    "three_pairs": 500,  # these three need all six dice of one throw
    "two_trios": 500,
    "straight": 500,
    "kinds_per_set": 1,  # Ruling: one 3/4/5-of-a-kind per set-aside; 2 = house rule 600
}
TARGET = {"normal": 2000, "double_millennium": 4000}
SCORE_FLOOR: int | None = 0
"""Ruling: a deduction cannot take a score below zero. None lets scores go negative."""


@dataclass(frozen=True)
class ActionCard:
    name: str
    copies: int
    effect: str  # plus_minus, no_harm, bonus, double_time, plague, deuces
    amount: int = 0  # the bonus or the deduction, where the card has one


ACTION_CARDS: tuple[ActionCard, ...] = (
    ActionCard("Plus/Minus", 3, "plus_minus", 200),
    ActionCard("No Harm/No Foul", 4, "no_harm"),
    ActionCard("Bonus Time 300", 2, "bonus", 300),
    ActionCard("Bonus Time 250", 1, "bonus", 250),
    ActionCard("Bonus Time 200", 2, "bonus", 200),
    ActionCard("Bonus Time 150", 1, "bonus", 150),
    ActionCard("Double Time", 4, "double_time"),
    ActionCard("The Plague", 3, "plague", 200),
    ActionCard("Deuces", 4, "deuces"),
)
CARDS_BY_NAME = {c.name: c for c in ACTION_CARDS}
SHORT_NAMES = {"No Harm/No Foul": "No Harm", "The Plague": "Plague"} | {
    c.name: f"Bonus {c.amount}" for c in ACTION_CARDS if c.effect == "bonus"}
"""The card in play as the line of facts names it, beside the turn on a 128-pixel line
("Final turn 1280 · No Harm"); the card's full name is on the screens where it is drawn."""
FULL_DECK = tuple(c.copies for c in ACTION_CARDS)
ROLL_OUT_CARDS = ("plus_minus", "bonus", "plague")
ACTIONS = {
    "draw": {"card": word()},
    "card": {"play": flag()},
    "throw": {"dice": numbers(1, DICE, 1, DICE)},
    "keep": {"dice": numbers(1, DICE, 1, DICE), "then": word("roll", "bank")},
    "target": {"player": seat()},
}
"""Each kind of action and what its arguments hold, checked before `play` (core.Checked)."""
class At:
    """The phases of a turn, named once here with their table (PHASES): `state.phase ==
    At.CHOOSE`, never the name spelt again. Plain strings, as a stored game holds them."""

    DRAW = "draw"
    CARD = "card"
    THROW = "throw"
    CHOOSE = "choose"
    TARGET = "target"
    OVER = "over"


PHASES = {
    At.DRAW: Phase(CHANCE, ("draw",)),  # the table draws an Action Card
    At.CARD: Phase(SEAT, ("card",)),  # play or decline it
    At.THROW: Phase(CHANCE, ("throw",)),  # the table throws `dice_left` dice
    At.CHOOSE: Phase(SEAT, ("keep",)),  # set dice aside, then hold or roll
    At.TARGET: Phase(SEAT, ("target",)),  # Plus/Minus: the opponent who loses points
    At.OVER: Phase(TERMINAL),
}
"""The phases of a turn, who acts in each and with what (core.Phase)."""
"""Cards whose reward is earned by rolling out."""


# --- scoring -----------------------------------------------------------------------


def _face_ways(face: int, count: int, deuces: bool) -> list[tuple[int, int]]:
    """Ways all `count` dice of one face score: (points, kinds used); empty if they can't."""
    single = SCORING["single"].get(face) or (SCORING["deuce"] if deuces and face == 2 else 0)
    ways = [(count * single, 0)] if single else []
    for kind in range(3, count + 1):
        rest = count - kind
        if rest == 0 or single:
            ways.append((SCORING["of_a_kind"][kind] + rest * single, 1))
    return ways


def _six_dice_points(counts: Counter) -> list[int]:
    """The All 6 Dice combinations these six dice make (Ruling: 4 + 2 are three pairs)."""
    sizes = sorted(counts.values())
    points = []
    if sizes == [1] * DICE:
        points.append(SCORING["straight"])
    if all(size % 2 == 0 for size in sizes):
        points.append(SCORING["three_pairs"])
    if sizes == [3, 3]:
        points.append(SCORING["two_trios"])
    return points


def score(dice: tuple[int, ...], deuces: bool = False) -> int | None:
    """Points for setting exactly these dice (from one throw) aside, or None.

    Every die must take part in a combination; the dice score the best way they
    can be split, using at most SCORING["kinds_per_set"] of-a-kinds (Ruling: two
    trios). The All 6 Dice combinations need six dice.
    """
    return _score(tuple(sorted(dice)), deuces, SCORING["kinds_per_set"])


@cache
def _score(dice: tuple[int, ...], deuces: bool, kinds_per_set: int) -> int | None:
    if not dice:
        return None
    counts = Counter(dice)
    splits = [
        sum(points for points, _ in ways)
        for ways in product(*(_face_ways(face, n, deuces) for face, n in counts.items()))
        if sum(kinds for _, kinds in ways) <= kinds_per_set
    ]
    if len(dice) == DICE:
        splits += _six_dice_points(counts)
    return max(splits, default=None)


def scoring_sets(
    roll: tuple[int, ...], deuces: bool = False
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct set of dice from `roll` that may be set aside, with its points.

    Best first; all of them, not only the best, because a player may keep fewer
    dice to roll more.
    """
    return _scoring_sets(tuple(sorted(roll)), deuces, SCORING["kinds_per_set"])


@cache
def _scoring_sets(
    roll: tuple[int, ...], deuces: bool, kinds_per_set: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    counts = sorted(Counter(roll).items())
    found = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        chosen = tuple(face for (face, _), n in zip(counts, takes) for _ in range(n))
        points = _score(chosen, deuces, kinds_per_set)
        if points is not None:
            found.append((chosen, points))
    found.sort(key=lambda item: (-item[1], len(item[0]), item[0]))
    return tuple(found)


def dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(str(d) for d in dice)


# --- the state -------------------------------------------------------------------------


@dataclass(frozen=True)
class RiskNRollState(Checked):
    """Between two actions: scores, whose turn, and how far the turn has come.

    phase is one of: draw (the table draws an Action Card), card (play or decline
    it), throw (the table throws `dice_left` dice), choose (set dice aside, then
    hold or roll), target (Plus/Minus: pick the opponent to lose points), over.
    """

    players: int
    target: int
    cards: bool
    totals: tuple[int, ...]
    seat: int = 0
    phase: str = At.DRAW
    deck: tuple[int, ...] = FULL_DECK
    card: str | None = None
    card_in_play: bool = False
    earned: bool = False
    turn_points: int = 0
    dice_left: int = DICE
    roll: tuple[int, ...] = ()
    aside: tuple[int, ...] = ()
    rolled_out: int = 0
    final_round: bool = False
    message: str = ""
    game: str = NAME
    ACTIONS = ACTIONS
    PHASES = PHASES

    # -- questions every state answers ---------------------------------------------

    def turn(self) -> int | None:
        return None if self.is_over() else self.seat

    def chance(self) -> Throw | Draw | None:
        if self.phase == At.THROW:
            return Throw(self.dice_left, why=self._throw_why())
        if self.phase == At.DRAW:
            deck = self.deck if any(self.deck) else FULL_DECK
            return Draw(
                "Action Card",
                tuple((c.name, n) for c, n in zip(ACTION_CARDS, deck)),
                why=f"P{self.seat + 1}: draw an Action Card",
            )
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == At.CARD:
            return (Action("card", play=True), Action("card", play=False))
        if self.phase == At.CHOOSE:
            actions = []
            for dice, _ in scoring_sets(self.roll, self._effect("deuces")):
                if len(dice) == self.dice_left:
                    actions.append(Action("keep", dice=dice, then="roll"))
                else:
                    actions.append(Action("keep", dice=dice, then="bank"))
                    actions.append(Action("keep", dice=dice, then="roll"))
            return tuple(actions)
        if self.phase == At.TARGET:
            return tuple(Action("target", player=p) for p in range(self.players) if p != self.seat)
        return ()

    def play(self, action: Action) -> RiskNRollState:
        check_by(self, action)
        chance = self.chance()
        if chance is not None:
            if isinstance(chance, Draw):
                return self._drawn(chance.check(action))
            return self._thrown(chance.check(action))
        if action.kind == "keep":  # dice in any order (their form checked: core.Checked)
            action = Action("keep", dice=tuple(sorted(action["dice"])), then=action["then"])
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_not(action))
        action = legal[legal.index(action)]  # the table's own form: True, not 1; 1, not True
        if action.kind == "card":
            return self._card_chosen(action["play"])
        if action.kind == "keep":
            return self._kept(action["dice"], action["then"])
        return self._deduct_from(action["player"])

    def label(self, action: Action) -> str:
        kind = action.kind
        if kind == "keep":
            dice = action["dice"]
            points = score(dice, self._effect("deuces"))
            left = self.dice_left - len(dice)
            if action["then"] == "bank":
                return f"{dice_text(dice)} +{points} bank"
            if not left:
                return f"{dice_text(dice)} +{points} roll out"
            return f"{dice_text(dice)} +{points} roll {left}"
        if kind == "card":
            return f"Play {self.card}" if action["play"] else "Decline card"
        if kind == "target":
            return f"-{CARDS_BY_NAME['Plus/Minus'].amount} to P{action['player'] + 1}"
        if kind in ("throw", "draw"):
            return chance_label(action)
        return kind

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[int, ...]:
        return winners_by_score(self.totals) if self.is_over() else ()

    def view(self) -> View:
        # "This turn 350": the points of this turn, named (a bare "Turn 350" read as the
        # turn's number). In the final round every turn is its player's last (R23):
        # "Final turn 350", as short, so the card after it is kept (short names).
        # The dice thrown are the view's own (the throw names their number): no count.
        which = "Final" if self.final_round and not self.is_over() else "This"
        lines = [f"{which} turn {self.turn_points}"]
        if self.card and self.message != self._drew(self.card):
            # said once: by the draw's message while it is the news, then as a fact
            declined = not self.card_in_play and self.phase != At.CARD
            lines.append(("Declined " if declined else "") + SHORT_NAMES.get(self.card, self.card))
        return View(
            dice=self.roll if self.phase == At.CHOOSE else (),
            aside=self.aside,
            lines=tuple(lines),
            message=self.message,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    # -- the turn, step by step ---------------------------------------------------

    def _effect(self, effect: str) -> bool:
        return self.card_in_play and CARDS_BY_NAME[self.card].effect == effect

    def _throw_why(self) -> str:
        if self.rolled_out and not self.aside and self.turn_points:
            return f"P{self.seat + 1} rolled out: throw all {DICE} again"
        return f"P{self.seat + 1}: throw {dice_count(self.dice_left)}"

    def _drawn(self, name: str) -> RiskNRollState:
        deck = list(self.deck if any(self.deck) else FULL_DECK)  # Ruling: reshuffle when empty
        deck[[c.name for c in ACTION_CARDS].index(name)] -= 1
        return replace(
            self, deck=tuple(deck), card=name, phase=At.CARD,
            message=self._drew(name),
        )

    def _drew(self, name: str) -> str:
        return f"P{self.seat + 1} drew {name}"

    def _card_chosen(self, play: bool) -> RiskNRollState:
        word = "plays" if play else "declines"
        return replace(
            self, card_in_play=play, phase=At.THROW, message=f"P{self.seat + 1} {word} {self.card}"
        )

    def _thrown(self, roll: tuple[int, ...]) -> RiskNRollState:
        if scoring_sets(roll, self._effect("deuces")):
            return replace(self, roll=roll, phase=At.CHOOSE, message="")
        if self._effect("no_harm"):
            kept = self.turn_points
            said = (f"No Harm: P{self.seat + 1} keeps {kept}" if kept  # 2 lines on screen
                    else f"No points: P{self.seat + 1} had none to keep")
            return self._end_turn(kept, said)  # the turn ends: no throw is kept
        lost = self.turn_points
        return self._end_turn(
            0, f"Belly up! P{self.seat + 1} loses {lost}" if lost else "Belly up! No points"
        )

    def _kept(self, dice: tuple[int, ...], then: str) -> RiskNRollState:
        points = score(dice, self._effect("deuces"))
        left = self.dice_left - len(dice)
        state = replace(self, turn_points=self.turn_points + points, aside=self.aside + dice)
        if left == 0:  # rolling out: all six dice have scored, throw all six again
            earned = self.card_in_play and CARDS_BY_NAME[self.card].effect in ROLL_OUT_CARDS
            return replace(
                state,
                dice_left=DICE,
                aside=(),
                roll=(),
                rolled_out=self.rolled_out + 1,
                earned=earned,
                phase=At.THROW,
                # why, and the points at stake: the throw's title says what to do
                message=f"All {DICE} dice scored: {state.turn_points} so far",
            )
        if then == "roll":
            return replace(state, dice_left=left, roll=(), phase=At.THROW, message="")
        return state._bank()

    def _bank(self) -> RiskNRollState:
        points = self.turn_points
        card = CARDS_BY_NAME[self.card] if self.card_in_play else None
        notes = []
        if card and card.effect == "double_time":
            points *= 2
            notes.append("doubled")
        if card and self.earned and card.effect in ("bonus", "plus_minus"):
            points += card.amount
            notes.append(f"+{card.amount} bonus")
        totals = list(self.totals)
        totals[self.seat] += points
        message = f"P{self.seat + 1} banks {points}" + (f" ({', '.join(notes)})" if notes else "")
        if card and self.earned and card.effect == "plague":
            short = []  # those the floor kept from losing it all (R16): all end on it
            for p in range(self.players):
                if p != self.seat:
                    before, totals[p] = totals[p], floored(totals[p] - card.amount)
                    if before - totals[p] < card.amount:
                        short.append(f"P{p + 1}")
            message += f"; others -{card.amount}" + (
                f" (to {SCORE_FLOOR}: {', '.join(short)})" if short else "")
        state = replace(self, totals=tuple(totals), message=message)
        if card and self.earned and card.effect == "plus_minus":
            return replace(state, phase=At.TARGET)
        return state._next_turn()

    def _deduct_from(self, player: int) -> RiskNRollState:
        totals = list(self.totals)
        amount = CARDS_BY_NAME[self.card].amount
        before, totals[player] = totals[player], floored(totals[player] - amount)
        return replace(
            self, totals=tuple(totals),
            message=f"{self.message}; {taken(player, before, totals[player], amount)}",
        )._next_turn()

    def _end_turn(self, points: int, message: str) -> RiskNRollState:
        totals = list(self.totals)
        totals[self.seat] += points
        return replace(self, totals=tuple(totals), message=message)._next_turn()

    def _next_turn(self) -> RiskNRollState:
        # Ruling: once anyone has reached the target, the last round stays on.
        final = self.final_round or max(self.totals) >= self.target
        if final and self.seat == self.players - 1:
            phase, seat = At.OVER, self.seat
        else:
            phase, seat = (At.DRAW if self.cards else At.THROW), (self.seat + 1) % self.players
        return replace(
            self,
            seat=seat,
            phase=phase,
            card=None,
            card_in_play=False,
            earned=False,
            turn_points=0,
            dice_left=DICE,
            roll=(),
            aside=(),
            rolled_out=0,
            final_round=final,
        )

    def not_now(self, action: Action) -> str:
        """A move the phase does not take (refused by core.Checked): what the phase awaits."""
        if self.phase == At.CARD:
            return f"Play or decline {self.card} first."
        if self.phase == At.TARGET:
            return f"Choose which opponent loses {CARDS_BY_NAME[self.card].amount} points."
        if self.phase == At.CHOOSE:
            return "Set scoring dice aside first."
        return super().not_now(action)

    def _why_not(self, action: Action) -> str:
        """Why `action`, a move of this phase (core.Checked), is not legal here."""
        if action.kind == "target":  # the one target refused: the seat on turn itself
            amount = CARDS_BY_NAME[self.card].amount
            return f"You cannot take {amount} points from yourself: choose an opponent."
        dice = action["dice"]  # sorted, 1 to 6 of them, each 1 to 6 (core.Checked, apply)
        if Counter(dice) - Counter(self.roll):
            return f"{dice_text(dice)} is not in the throw {dice_text(self.roll)}."
        if score(dice, self._effect("deuces")) is None:
            return f"{dice_text(dice)} does not score: every die set aside must score."
        if len(dice) == self.dice_left:  # bank or any other word: only a roll is legal
            return f"You rolled out: you must throw all {DICE} dice again."
        return f"Choose bank or roll after setting {dice_text(dice)} aside."


def taken(player: int, before: int, after: int, amount: int) -> str:
    """What a deduction took from a player, as the score pad shows it: "P3 -200", or at
    the floor (R16) "P3 -150 to 0" and "P3 stays at 0", not a -200 nobody lost."""
    if before - after >= amount:
        return f"P{player + 1} -{amount}"
    if before == after:
        return f"P{player + 1} stays at {after}"
    return f"P{player + 1} -{before - after} to {after}"


def floored(total: int) -> int:
    """A score after a deduction: not below SCORE_FLOOR (R16)."""
    return total if SCORE_FLOOR is None else max(SCORE_FLOOR, total)


def _new(players: int, options: Mapping[str, Any]) -> RiskNRollState:
    target = TARGET["double_millennium" if options["double_millennium"] else "normal"]
    cards = options["action_cards"]
    return RiskNRollState(
        players=players,
        target=target,
        cards=cards,
        totals=(0,) * players,
        phase=At.DRAW if cards else At.THROW,
    )


def _from_json(data: Mapping[str, Any]) -> RiskNRollState:
    return RiskNRollState(**tuples(dict(data)))


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option("double_millennium", False, (False, True), "play to 4000 instead of 2000"),
        Option("action_cards", True, (True, False), "draw an Action Card each turn"),
    ),
    _new=_new,
    _from_json=_from_json,
)
