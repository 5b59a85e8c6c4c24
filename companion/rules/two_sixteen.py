"""216: roll three dice up to twice to fulfil one of four Objective cards in the Offer.

Reads like the rulebook (`rulebooks/216.txt`): the Offer of four, the first roll and a
Served Game, Help cards that bend the dice, the second roll of 1 to 3 dice, giving a
card up for a Help card or taking one as compensation, the Offer refilled at once,
100 points finishing the round, tie rounds, and the solo AI challenge. The cards are
data (`two_sixteen_cards`); interpretations of unclear sentences are in
docs/rulings.md, each marked "Ruling" below with its number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from itertools import combinations
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
    kept_text,
    number,
    numbers,
    optional,
    tuples,
    word,
)
from .two_sixteen_cards import (
    HELP,
    HELP_EFFECTS,
    Catalogue,
    Objective,
    catalogue,
    opposite,
    read_help,
    read_objectives,
    shipped,
)
from .two_sixteen_cards import (
    OBJECTIVES as OBJECTIVES_FILE,
)

NAME = "216"
TITLE = "216"
DICE = 3
OFFER = 4
TARGET = 100
TARGETS = (100, 150, 200, 250, 300, 400, 500)
"""The agreed targets a menu offers; ruling T11: any target from 100 to LONGEST is taken."""
LONGEST = 500
MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""Ruling T1: the rulebook gives no player count."""
SHIFTS = {"+1/-1": 1, "+2/-2": 2}
"""Help cards that move a die up or down, wrapping 6 to 1 and 1 to 6."""
AI = 1
"""In solo the AI is the second seat."""
ACTIONS = {
    "draw": {"card": word()},
    "throw": {"dice": numbers(1, 6, 1, DICE)},
    "claim": {"card": word(), "bonus": optional(word("points", "help"))},
    "help": {"card": word(), "die": optional(number(1, 6)), "to": optional(number(1, 6))},
    "reroll": {"dice": numbers(1, 6, 1, DICE)},
    "pass": {},
    "choose": {"card": word()},
}
"""Each kind of action and what its arguments hold, checked before `play` (core.Checked)."""


class At:
    """The phases, named once here with their table (PHASES): `state.phase == At.X`,
    never the name spelt again. Plain strings, as a stored game holds them."""

    OFFER = "offer"
    THROW = "throw"
    FIRST = "first"
    SECOND = "second"
    HELP = "help"
    REFILL = "refill"
    CHOOSE = "choose"
    OVER = "over"


PHASES = {
    At.OFFER: Phase(CHANCE, ("draw",)),  # the table reveals the Offer
    At.THROW: Phase(CHANCE, ("throw",)),  # the first roll, the second, a Reroll card's
    At.FIRST: Phase(SEAT, ("claim", "help", "reroll")),  # after the first roll
    At.SECOND: Phase(SEAT, ("claim", "help", "pass")),  # after the second
    At.HELP: Phase(CHANCE, ("draw",)),  # the table draws a Help card for the seat on turn
    At.REFILL: Phase(CHANCE, ("draw",)),  # the table refills the Offer
    At.CHOOSE: Phase(SEAT, ("choose",)),  # solo: you pick the AI's card among tied ones
    At.OVER: Phase(TERMINAL),
}
"""The phases of a turn, who acts in each and with what (core.Phase)."""

SHIPPED_NAMES = {"SHIPPED_CARDS": "", "OBJECTIVES": "objectives", "CARDS": "cards",
                 "HELP_CARDS": "help", "FULL_DECK": "full_deck", "FULL_HELP": "full_help"}
"""The shipped cards, read when first asked for (so a shipped file gone concerns 216
only): SHIPPED_CARDS, and its OBJECTIVES, CARDS (by name), HELP_CARDS and the decks.
A game is played with its own (`state.cards`): the shipped ones, or a player's copy
of the files (companion.game_data)."""


def __getattr__(name: str) -> Any:
    if name not in SHIPPED_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    cards = shipped()
    return getattr(cards, SHIPPED_NAMES[name]) if SHIPPED_NAMES[name] else cards


def shifted(value: int, by: int) -> int:
    """A die moved by `by`, wrapping: 6 + 1 = 1, 1 - 2 = 5."""
    return (value - 1 + by) % 6 + 1


def help_results(card: str, value: int) -> tuple[int, ...]:
    """What a Help card that changes a die can make of a die showing `value`."""
    if card in SHIFTS:
        by = SHIFTS[card]
        return tuple(sorted({shifted(value, by), shifted(value, -by)}))
    if card == "Opposite":
        return (opposite(value),)
    if card == "Wild":  # Ruling T7: a Wild changes the die
        return tuple(w for w in range(1, 7) if w != value)
    return ()


def without(cards: tuple, card) -> tuple:
    """`cards` with one copy of `card` taken out."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def in_order(cards, order: tuple[str, ...]) -> tuple[str, ...]:
    """A multiset of card names as a tuple, in the order of `order` (the deck's)."""
    counts = Counter(cards)
    return tuple(name for name in dict.fromkeys(order) for _ in range(counts[name]))


def dice_text(dice) -> str:
    return " ".join(str(d) for d in dice)


def hand_text(hand: tuple[str, ...]) -> str:
    """ "+1/-1 x2, Wild": a hand of Help cards in one short line."""
    counts = Counter(hand)
    return ", ".join(name + (f" x{n}" if n > 1 else "") for name, n in counts.items()) or "none"


# --- the state -------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoSixteenState(Checked):
    """Between two actions: the Offer, the decks, the hands, the dice and the scores.

    phase is one of: offer (the table reveals the Offer), throw (the table throws),
    first (decide after the first roll), second (after the second), help (the table
    draws a Help card for the seat on turn), refill (the table refills the Offer),
    choose (solo: you pick the AI's card among tied ones), over.
    `throwing` says which throw is owed: "first", "reroll" (the second roll) or "card"
    (a Reroll Help card). `rolls` counts the normal rolls made this turn.
    """

    players: int
    target: int
    solo: bool
    totals: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    cards: Catalogue
    seat: int = 0
    phase: str = At.OFFER
    offer: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    help_deck: tuple[str, ...] = ()
    help_discards: tuple[str, ...] = ()
    fresh: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    throwing: str = "first"
    rolls: int = 0
    helped: bool = False
    refill_after_help: bool = False
    tie: bool = False
    winner: tuple[int, ...] = ()
    message: str = ""
    game: str = NAME
    ACTIONS = ACTIONS
    PHASES = PHASES

    # -- questions every state answers ---------------------------------------------

    def decider(self) -> int:
        return 0 if self.phase == At.CHOOSE else self.seat  # "you choose" for the AI

    def turn(self) -> int | None:
        return None if self.is_over() else self.seat

    def chance(self) -> Throw | Draw | None:
        who = self._who()
        if self.phase == At.THROW:
            count = DICE - len(self.kept)
            why = {
                "first": f"{who}: first roll",
                "reroll": f"{who}: second roll, {dice_count(count)}",
                "card": f"{who}: Reroll card, {dice_count(count)}",
            }[self.throwing]
            return Throw(count, why=why)
        if self.phase in (At.OFFER, At.REFILL):
            why = f"Offer card {len(self.offer) + 1} of {OFFER}" if self.phase == At.OFFER else (
                "Refill the Offer")
            cards = _counts(self.deck or self.discards, self.cards.full_deck)
            return Draw("Objective", cards, why=why)
        if self.phase == At.HELP:
            cards = _counts(self.help_deck or self.help_discards, self.cards.full_help)
            return Draw("Help", cards, why=f"{who} takes a Help card")
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == At.CHOOSE:
            return tuple(Action("choose", card=name) for name in self._lowest())
        if self.phase not in (At.FIRST, At.SECOND):
            return ()
        actions = [*self._claims(), *self._helps()]
        if self.phase == At.FIRST:
            actions += [Action("reroll", dice=dice) for dice in rerolls(self.dice)]
        else:
            actions.append(Action("pass"))
        return tuple(actions)

    def play(self, action: Action) -> TwoSixteenState:
        check_by(self, action)
        chance = self.chance()
        if isinstance(chance, Draw):
            return self._drawn(self._check_draw(chance, action))
        if chance is not None:
            return self._thrown(chance.check(action))
        if action.kind == "reroll":  # dice in any order (their form checked: core.Checked)
            action = Action("reroll", dice=tuple(sorted(action["dice"])))
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_not(action))
        action = legal[legal.index(action)]
        if action.kind == "claim":
            return self._claimed(action["card"], action.get("bonus"))
        if action.kind == "help":
            return self._helped(action)
        if action.kind == "reroll":
            return self._throw(without_dice(self.dice, action["dice"]), "reroll")
        if action.kind == "pass":
            return self._passed()
        return self._ai_takes(action["card"])

    def label(self, action: Action) -> str:
        kind = action.kind
        if kind in ("throw", "draw"):
            return chance_label(action)
        if kind == "claim":
            card = self.card(action["card"])
            bonus = action.get("bonus")
            if bonus == "points":
                return f"{card.name} +{card.general}+{card.bonus}"
            if bonus == "help":
                return f"{card.name} +{card.general}+Help"
            return f"{card.name} +{card.general}"
        if kind == "help":
            card = action["card"]
            if card == "Reroll 3":
                return "Reroll 3 card"
            if card == "Reroll 1":
                return f"Reroll 1 card: the {action['die']}"  # the die showing it
            return f"{card}: {action['die']} to {action['to']}"
        if kind == "reroll":
            return f"Roll the {dice_text(action['dice'])} again"  # the dice showing them
        if kind == "pass":
            if not self._help_left():
                return "End turn (no Help left)"
            return "Give up: take Help" if self._matches() else "No match: take Help"
        if kind == "choose":
            return f"P{AI + 1} takes {action['card']}"
        return kind

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[int, ...]:
        return self.winner

    def view(self) -> View:
        if self.phase in (At.FIRST, At.SECOND):
            status = f"Roll {self.rolls}/2"
        else:
            status = f"To {self.target}"
        if self.tie:
            status += " tie round"
        lines = [status, *self.offer]
        if not (self.solo and self.seat == AI) and self.phase != At.OVER:
            lines.append(f"Help: {hand_text(self.usable())}")
        return View(
            dice=self.dice if self.phase in (At.FIRST, At.SECOND) else (),
            aside=self.kept if self.phase == At.THROW else (),
            lines=tuple(lines),
            message=self.message,
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    # -- what the seat on turn may do ----------------------------------------------------

    def card(self, name: str) -> Objective:
        """The Objective card `name` of this game's cards."""
        return self.cards.cards[name]

    def usable(self) -> tuple[str, ...]:
        """The Help cards the seat on turn may play: not those taken this turn."""
        hand = self.hands[self.seat]
        for card in self.fresh:
            hand = without(hand, card)
        return hand

    def _matches(self) -> tuple[str, ...]:
        """The Offer's cards (each name once) that the dice fulfil."""
        return tuple(name for name in dict.fromkeys(self.offer)
                     if self.card(name).matches(self.dice))

    def _claims(self) -> list[Action]:
        served = self.phase == At.FIRST and not self.helped
        actions = []
        for name in self._matches():
            if not served:
                actions.append(Action("claim", card=name))
                continue
            actions.append(Action("claim", card=name, bonus="points"))
            if self._help_left():
                actions.append(Action("claim", card=name, bonus="help"))
        return actions

    def _helps(self) -> list[Action]:
        actions = []
        faces = sorted(set(self.dice))
        for card in dict.fromkeys(self.usable()):
            if card == "Reroll 3":
                actions.append(Action("help", card=card))
            elif card == "Reroll 1":
                actions += [Action("help", card=card, die=v) for v in faces]
            else:
                actions += [
                    Action("help", card=card, die=v, to=w)
                    for v in faces for w in help_results(card, v)
                ]
        return actions

    def _lowest(self) -> tuple[str, ...]:
        """The Offer's cards of the lowest General Score, each name once."""
        low = min(self.card(name).general for name in self.offer)
        return tuple(name for name in dict.fromkeys(self.offer) if self.card(name).general == low)

    def _help_left(self) -> bool:
        return bool(self.help_deck or self.help_discards)

    def _who(self) -> str:
        """The seat on turn as messages name it: "P2", which the table says with the
        seat's name (solo's "AI", unless the players named it): one name a seat."""
        return f"P{self.seat + 1}"

    # -- the turn, step by step ---------------------------------------------------------

    def _throw(self, kept: tuple[int, ...], throwing: str) -> TwoSixteenState:
        return replace(self, phase=At.THROW, kept=kept, dice=(), throwing=throwing)

    def _thrown(self, thrown: tuple[int, ...]) -> TwoSixteenState:
        dice = tuple(sorted(self.kept + thrown))
        rolls = {"first": 1, "reroll": 2, "card": self.rolls}[self.throwing]
        state = replace(self, dice=dice, kept=(), rolls=rolls, message="")
        return replace(state, phase=At.FIRST if rolls == 1 else At.SECOND)

    def _helped(self, action: Action) -> TwoSixteenState:
        card, who = action["card"], self._who()
        hands = _with_hand(self.hands, self.seat, without(self.hands[self.seat], card))
        # Ruling T8: a Help card played is discarded at once, whatever the turn brings.
        state = replace(self, hands=hands, help_discards=in_order(
            self.help_discards + (card,), self.cards.full_help), helped=True)
        if card == "Reroll 3":
            return replace(state._throw((), "card"), message=f"{who} plays Reroll 3")
        if card == "Reroll 1":
            die = action["die"]
            return replace(state._throw(without(self.dice, die), "card"),
                           message=f"{who} plays Reroll 1 on a {die}")
        die, to = action["die"], action["to"]
        dice = tuple(sorted(without(self.dice, die) + (to,)))
        return replace(state, dice=dice, message=f"{who} plays {card}: {die} to {to}")

    def _claimed(self, name: str, bonus: str | None) -> TwoSixteenState:
        card, who = self.card(name), self._who()
        points = card.general + (card.bonus if bonus == "points" else 0)
        totals = _with_total(self.totals, self.seat, points)
        if bonus == "points":
            said = f"{who} served {name}: +{points}"
        elif bonus == "help":
            said = f"{who} served {name}: +{points} and a Help card"
        else:
            said = f"{who} fulfils {name}: +{points}"
        state = replace(
            self, totals=totals, offer=without(self.offer, name),
            discards=in_order(self.discards + (name,), self.cards.full_deck), message=said,
        )
        if bonus == "help":
            return replace(state, phase=At.HELP, refill_after_help=True)
        return replace(state, phase=At.REFILL)

    def _passed(self) -> TwoSixteenState:
        # why no card is claimed; the draw that follows says "P1 takes a Help card"
        who = self._who()
        said = f"{who} gives up the points" if self._matches() else f"No match for {who}"
        if not self._help_left():  # Ruling T6: every Help card is in a hand
            return replace(self, message=f"{said}; no Help card is left")._end_turn()
        return replace(self, phase=At.HELP, refill_after_help=False, message=said)

    def _check_draw(self, draw: Draw, action: Action) -> str:
        """The card drawn, or IllegalAction saying why it cannot be the one."""
        name = action.get("card")
        if action.kind == "draw" and isinstance(name, str):
            left = dict(draw.cards)
            if draw.deck == "Objective" and name in self.cards.cards and name not in left:
                if name in self.offer:
                    raise IllegalAction(f"{name} is in the Offer already: name the card drawn.")
                raise IllegalAction(f"{name} is in the discards until the deck runs out.")
            if draw.deck == "Help" and name in HELP_EFFECTS and name not in left:
                raise IllegalAction(f"Every {name} card is in a hand or the discards.")
        return draw.check(action)

    def _drawn(self, name: str) -> TwoSixteenState:
        if self.phase == At.HELP:
            deck, discards = self.help_deck, self.help_discards
            if not deck:  # the rulebook's reshuffle of the discards
                deck, discards = discards, ()
            hand = in_order(self.hands[self.seat] + (name,), self.cards.full_help)
            state = replace(
                self, help_deck=without(deck, name), help_discards=discards,
                hands=_with_hand(self.hands, self.seat, hand), fresh=self.fresh + (name,),
                message=f"{self._who()} takes {name}",
            )
            return replace(state, phase=At.REFILL) if self.refill_after_help else state._end_turn()
        deck, discards = self.deck, self.discards
        if not deck:
            deck, discards = discards, ()
        state = replace(self, deck=without(deck, name), discards=discards,
                        offer=self.offer + (name,), message=f"Offer: {name}")
        if self.phase == At.OFFER and len(state.offer) < OFFER:
            return state
        if self.phase == At.OFFER:
            return replace(state, phase=At.THROW, throwing="first")
        return state._end_turn()

    def _end_turn(self) -> TwoSixteenState:
        """The seat's turn is over: the AI's turn in solo, the end of a round, or the next."""
        if self.solo and self.seat != AI:
            state = replace(self._cleared(), seat=AI)
            lowest = state._lowest()
            if len(lowest) > 1:  # "If there is a tie ... you choose the Objective Card"
                return replace(state, phase=At.CHOOSE)
            return state._ai_takes(lowest[0])
        if self.seat == self.players - 1:
            return self._round_over()
        return replace(self._cleared(), seat=self.seat + 1, phase=At.THROW)

    def _ai_takes(self, name: str) -> TwoSixteenState:
        points = self.card(name).general
        return replace(
            self, totals=_with_total(self.totals, AI, points), offer=without(self.offer, name),
            discards=in_order(self.discards + (name,), self.cards.full_deck), phase=At.REFILL,
            message=f"P{AI + 1} takes {name}: +{points}",
        )

    def _round_over(self) -> TwoSixteenState:
        """The end of a round: the game ends once someone reached the target, unless the
        highest totals tie (Ruling T11); solo's "before the AI" is Ruling T12."""
        state = replace(self._cleared(), seat=0, phase=At.THROW)
        best = max(self.totals)
        if best < self.target:
            return state
        top = tuple(seat for seat, total in enumerate(self.totals) if total == best)
        if len(top) > 1:  # the tie first, as the game over says the winner first; then
            # the step that ended the round (the refill, most often), which decided nothing
            return replace(state, tie=True, message=f"Tie at {best}: another round; "
                                                    f"{self.message}")
        # the winner first, then what decided it (the step that ended the round, a
        # refill most often, decides nothing: the table names it no more at the end)
        said = f"P{top[0] + 1} wins with {best}"
        if self.solo and not self.tie and self.totals[0] >= self.target:
            top = (0,)
            said = (f"You win with {best}" if self.totals[0] == best
                    else f"You win: {self.target} reached before P{AI + 1}")
        return replace(state, phase=At.OVER, winner=top, message=said)

    def _cleared(self) -> TwoSixteenState:
        """Nothing of the turn just played carries over but the scores, cards and Offer."""
        return replace(self, dice=(), kept=(), throwing="first", rolls=0, helped=False,
                       fresh=(), refill_after_help=False)

    # -- refusals in words --------------------------------------------------------------

    def _no_help_now(self, action: Action) -> str:
        card = action.get("card")
        if isinstance(card, str) and card in self.fresh:
            return (f"{self._who()} took {card} this turn: a Help card can be used"
                    " from the turn after.")
        if self.phase == At.CHOOSE:
            return f"Choose P{AI + 1}'s card first."
        return "Help cards are played after a roll, on your own turn."

    def not_now(self, action: Action) -> str:
        """A move the phase does not take (refused by core.Checked): what the phase awaits."""
        if action.kind == "help":
            return self._no_help_now(action)
        if self.chance() is not None:
            return super().not_now(action)
        if self.phase == At.CHOOSE:
            return self._choose_first()
        if self.phase == At.FIRST:
            if action.kind == "pass":
                return "Roll again first: a turn ends after the second roll, or with a claim."
            return "Claim a card, play a Help card, or roll again."
        if action.kind == "reroll":
            return "You have had your second roll: claim a card, or take a Help card."
        return "Claim a card, play a Help card, or end the turn."  # no roll again now

    def _choose_first(self) -> str:
        return f"Choose the card P{AI + 1} takes: {', '.join(self._lowest())}."

    def _why_not(self, action: Action) -> str:
        """Why `action`, a move of this phase (core.Checked), is not legal here: a card
        that is no choice, a claim the dice do not fulfil, a Help card or dice that are
        not there (a pass after the second roll is always legal)."""
        if self.phase == At.CHOOSE:
            return self._choose_first()
        kind = action.kind
        if kind == "claim":
            name = action.get("card")
            if name not in self.offer:
                if name in self.cards.cards:
                    return f"{name} is not in the Offer."
                return f"Name a card of the Offer: {', '.join(dict.fromkeys(self.offer))}."
            if not self.card(name).matches(self.dice):
                return f"{dice_text(self.dice)} does not fulfil {name}."
            if self.phase == At.SECOND or self.helped:
                reason = "after the second roll" if self.phase == At.SECOND else "with Help cards"
                return f"A card fulfilled {reason} scores its General Score only: no bonus."
            return "Choose the Served bonus: points or a Help card."
        if kind == "help":
            return self._why_not_help(action)
        return f"{dice_text(action['dice'])} is not in the roll {dice_text(self.dice)}."

    def _why_not_help(self, action: Action) -> str:
        card, die = action.get("card"), action.get("die")
        if card not in HELP_EFFECTS:
            return f"There is no Help card {card!r}."
        if card not in self.usable():
            return f"{self._who()} has no {card} card to play."
        if card == "Reroll 3":
            return "Reroll 3 rolls all three dice: name no die."
        if die not in self.dice:
            return f"There is no die showing {die} to change." if die is not None else (
                "Name the die to change, by the number it shows.")
        if card == "Reroll 1":
            return "Reroll 1 rolls one die: name it, nothing else."
        results = help_results(card, die)
        return f"The {card} card turns a {die} into {' or '.join(map(str, results))}."


def rerolls(dice: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct choice of 1 to 3 of the dice to roll again, sorted."""
    return tuple(sorted({c for k in range(1, DICE + 1) for c in combinations(dice, k)},
                        key=lambda c: (len(c), c)))


def without_dice(dice: tuple[int, ...], taken: tuple[int, ...]) -> tuple[int, ...]:
    for die in taken:
        dice = without(dice, die)
    return dice


def _counts(cards: tuple[str, ...], order: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """(name, copies) of the cards that can come up, in deck order: what a Draw lists."""
    counts = Counter(cards)
    return tuple((name, counts[name]) for name in dict.fromkeys(order) if counts[name])


def _with_total(totals: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return totals[:seat] + (totals[seat] + points,) + totals[seat + 1:]


def _with_hand(hands, seat: int, hand: tuple[str, ...]):
    return hands[:seat] + (hand,) + hands[seat + 1:]



def _new(players: int, options: Mapping[str, Any], data: Mapping[str, str]
         ) -> TwoSixteenState:
    if options["solo"] and players != 2:
        raise IllegalAction("Solo is you against the AI: play it with 2 seats, the AI second.")
    cards = catalogue(data[OBJECTIVES_FILE], data[HELP])
    return TwoSixteenState(
        players=players,
        target=options["target"],
        solo=options["solo"],
        totals=(0,) * players,
        hands=((),) * players,
        cards=cards,
        deck=cards.full_deck,
        help_deck=cards.full_help,
    )


def _from_json(data: Mapping[str, Any]) -> TwoSixteenState:
    fields = tuples(dict(data))
    return TwoSixteenState(**{**fields, "cards": catalogue(**fields["cards"])})


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option("target", TARGET, TARGETS, "points that end the game (Long Variant: more)",
               between=(TARGET, LONGEST)),
        Option("solo", False, (False, True), "you against the AI (2 seats, the AI second)"),
    ),
    _new=_new,
    _from_json=_from_json,
    version=1,
    description="Roll three dice up to twice to fulfil one of four Objective cards.",
    seat_names=lambda players, options: ("", "AI") if options["solo"] else ("",) * players,
    alone={"solo": True},
    data={OBJECTIVES_FILE: kept_text(read_objectives), HELP: kept_text(read_help)},
)
