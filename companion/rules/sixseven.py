"""67 Six Seven: two dice numbered 2 to 7, chase a 67, rank on the results board.

Reads like the rulebook (`rulebooks/six-seven.txt`): the skill cards are revealed, each
colour throws, rerolls as the situation of its dice allows, plays skill cards, and
places its token; the round is ranked and scored, the last place takes a card, the
START card passes. Interpretations of unclear sentences are in docs/rulings.md (S1 to
S16); each is marked "Ruling" below. The numbers live in the tables at the top.

Seats and colours: a colour is one token on the boards. With 3 or more players colour
c is seat c. With 2 players (Two-Player Mode) there are four colours, played 0 1 2 3,
and colour c belongs to seat c % 2 (S12). Cards and VP belong to a colour.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
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
    number,
    numbers,
    optional,
    tuples,
    word,
)

NAME = "sixseven"
TITLE = "67 Six Seven"
FACES = (2, 3, 4, 5, 6, 7)
SIX_SEVEN = (6, 7)  # the dice of a SIX SEVEN, always placed as 67 (S2)
ROUNDS = 7
SIX_SEVEN_VP = 2  # gained at once for a 67 (S3)
POSITION_VP = (3, 2)  # 1st, 2nd; every other position 1, and the last 0 plus a card
OTHERS_VP, LAST_VP = 1, 0
VISIBLE = 2  # skill cards revealed each round
LOCKED = "Cards locked"  # the view's line after the chase for a double (S5)
ONE_ROLL, KEEP_ROLLING = "one roll", "keep rolling"
"""Ruling S5, option `chase`: after rerolling a 67 the turn ends with that one roll (the
rulebook's "end your turn with the result of that last roll"), or, as a house rule, the
normal rerolls go on ("You may continue rerolling dice if the normal conditions are met")."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # S14
TWO_PLAYER_COLOURS = 4
SKILL_CARDS: tuple[tuple[str, int], ...] = (
    ("To 6", 2),
    ("To 7", 2),
    ("Reroll 1", 2),
    ("Reroll 2", 2),
    ("±1", 2),
    ("±2", 2),
)
CARD_NAMES = tuple(name for name, _ in SKILL_CARDS)
SHIFT = {"±1": 1, "±2": 2}
SET_TO = {"To 6": 6, "To 7": 7}
BOARD: tuple[int, ...] = (67,) + tuple(sorted(
    {10 * a + b for a in FACES for b in FACES} - {67, 76}, reverse=True))
"""The results board, best space first (S1): 67, then the others highest first. A 6 and a
7 are always 67 (S2), so 76 has no space."""
RANK = {result: i for i, result in enumerate(BOARD)}
_DIE = number(FACES[0], FACES[-1])
ACTIONS = {
    "draw": {"card": word()},
    "throw": {"dice": numbers(FACES[0], FACES[-1], 1, 2)},
    "place": {"result": number(min(BOARD), max(BOARD))},
    "reroll": {"dice": numbers(FACES[0], FACES[-1], 1, 2)},
    "skill": {"card": word(), "die": optional(_DIE), "to": optional(_DIE)},
    "take": {"card": word()},
}
"""Each kind of action and what its arguments hold, checked before `play` (core.Checked)."""


class At:
    """The phases, named once here with their table (PHASES): `state.phase == At.X`,
    never the name spelt again. Plain strings, as a stored game holds them."""

    REVEAL = "reveal"
    THROW = "throw"
    DECIDE = "decide"
    TAKE = "take"
    OVER = "over"


PHASES = {
    At.REVEAL: Phase(CHANCE, ("draw",)),  # the table reveals a skill card
    At.THROW: Phase(CHANCE, ("throw",)),  # the table throws `2 - len(kept)` dice
    At.DECIDE: Phase(SEAT, ("place", "reroll", "skill")),  # place, reroll or play a card
    At.TAKE: Phase(SEAT, ("take",)),  # the last place takes a revealed card
    At.OVER: Phase(TERMINAL),
}
"""The phases of a turn, who acts in each and with what (core.Phase)."""


def wrap(value: int) -> int:
    """A die value taken back inside 2..7: 8 is 2, 1 is 7, 0 is 6."""
    return (value - FACES[0]) % len(FACES) + FACES[0]


def placements(dice: tuple[int, int]) -> tuple[int, ...]:
    """The results two dice may be placed as, best first: both digit orders (S2)."""
    a, b = sorted(dice)
    if (a, b) == SIX_SEVEN:
        return (67,)
    return tuple(sorted({10 * a + b, 10 * b + a}, key=RANK.__getitem__))


def ranking(board: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The colours on the results board, first place first: by space, and on the same
    space the token placed later is ahead."""
    order = sorted(range(len(board)), key=lambda i: (RANK[board[i][0]], -i))
    return tuple(board[i][1] for i in order)


def position_vp(position: int, colours: int) -> int:
    """The VP of a position in the round's ranking (0 is first)."""
    if position == colours - 1:
        return LAST_VP
    return POSITION_VP[position] if position < len(POSITION_VP) else OTHERS_VP


# --- the state -------------------------------------------------------------------------


@dataclass(frozen=True)
class SixSevenState(Checked):
    """Between two actions: the boards, the cards, whose turn, and the dice.

    phase is one of: reveal (the table reveals a skill card), throw (the table throws
    `2 - len(kept)` dice), decide (place, reroll or play a card), take (the last place
    takes a revealed card), over.
    """

    players: int
    colours: int
    vp: tuple[int, ...]
    moved: tuple[int, ...]  # per colour, when its VP token last moved: higher is on top
    clock: int = 0
    round: int = 1
    start: int = 0  # the colour holding the START card
    placed: int = 0  # turns finished this round
    phase: str = At.REVEAL
    deck: tuple[int, ...] = tuple(n for _, n in SKILL_CARDS)
    visible: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()
    board: tuple[tuple[int, int], ...] = ()  # (result, colour) in the order placed
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()  # the die not thrown again by a single reroll
    chased: bool = False  # rerolled a 67 for a double: no more cards this turn
    winner: int | None = None  # the colour that threw a double SIX SEVEN
    chase: str = ONE_ROLL  # S5: what follows the chase, ONE_ROLL or KEEP_ROLLING
    message: str = ""
    game: str = NAME
    ACTIONS = ACTIONS
    PHASES = PHASES

    # -- who is who ------------------------------------------------------------------

    @property
    def colour(self) -> int:
        """The colour whose turn it is (or, in `take`, that takes a card)."""
        if self.phase == At.TAKE:
            return ranking(self.board)[-1]
        return (self.start + self.placed) % self.colours

    def seat_of(self, colour: int) -> int:
        return colour % self.players

    def name(self, colour: int) -> str:
        """P1, P2... or, in Two-Player Mode, P1 A, P2 A, P1 B, P2 B."""
        seat = f"P{self.seat_of(colour) + 1}"
        if self.colours == self.players:
            return seat
        return f"{seat} {'AB'[colour // self.players]}"

    # -- questions every state answers ---------------------------------------------

    def decider(self) -> int:
        return self.seat_of(self.colour)

    def turn(self) -> int | None:
        return None if self.is_over() else self.seat_of(self.colour)

    def chance(self) -> Throw | Draw | None:
        if self.phase == At.THROW:
            count = 2 - len(self.kept)
            verb = "reroll" if self.dice else "throw"
            kept = f", {self.kept[0]} kept" if self.kept else ""  # the die thrown to
            return Throw(count, faces=FACES, why=f"{self.name(self.colour)}: {verb} "
                         f"{'both dice' if count == 2 and verb == 'reroll' else dice_count(count)}"
                         f"{kept}")
        if self.phase == At.REVEAL:
            return Draw("Skill", tuple(zip(CARD_NAMES, self.deck)),
                        why=f"Skill card {len(self.visible) + 1} of {VISIBLE}")
        return None

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase == At.TAKE:
            return tuple(Action("take", card=c) for c in dict.fromkeys(self.visible))
        if self.phase != At.DECIDE:
            return ()
        a, b = self.dice
        actions = [Action("place", result=r) for r in placements(self.dice)]
        if self.chased and self.chase == ONE_ROLL:  # S5: the turn ends with that roll
            return tuple(actions)
        if (a, b) == SIX_SEVEN or a == b:
            actions.append(Action("reroll", dice=(a, b)))
        elif (6 in self.dice) != (7 in self.dice):  # one 6 without a 7, or a 7 without a 6
            actions.append(Action("reroll", dice=(a,)))  # sorted: the 6 or 7 is b
        if (a, b) == SIX_SEVEN or self.chased:  # S4: at a 67 only place or chase
            return tuple(actions)
        for card in dict.fromkeys(self.hand):  # held in the order of CARD_NAMES
            actions += self._card_uses(card)
        return tuple(actions)

    def play(self, action: Action) -> SixSevenState:
        check_by(self, action)
        chance = self.chance()
        if isinstance(chance, Draw):
            return self._revealed(chance.check(action))
        if isinstance(chance, Throw):
            return self._thrown(tuple(sorted(self.kept + chance.check(action))))
        action = self._canonical(action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self._why_not(action))
        if action.kind == "take":
            return self._taken(action["card"])
        if action.kind == "place":
            return self._placed(action["result"])
        if action.kind == "reroll":
            return self._rerolled(action["dice"], chase=self.dice == SIX_SEVEN)
        return self._card_played(action)

    def label(self, action: Action) -> str:
        kind = action.kind
        if kind == "place":
            return f"Place {action['result']}"
        if kind == "reroll":
            dice = action["dice"]
            if tuple(dice) == SIX_SEVEN:
                return "Chase a double 67"
            return "Reroll both" if len(dice) == 2 else f"Reroll the {dice[0]}"
        if kind == "skill":
            card, die = action["card"], action.get("die")
            if card == "Reroll 2":
                return "Card Reroll 2"
            if card == "Reroll 1":
                return f"Card Reroll 1: the {die}"
            return f"Card {card}: {die} to {action.get('to', SET_TO.get(card))}"
        if kind == "take":
            return f"Take {action['card']}"
        if kind in ("throw", "draw"):
            return chance_label(action)
        return kind

    def scores(self) -> tuple[int, ...]:
        """Per seat: the VP of its colour, or of its two colours summed (Two-Player Mode)."""
        totals = [0] * self.players
        for colour, points in enumerate(self.vp):
            totals[self.seat_of(colour)] += points
        return tuple(totals)

    def winners(self) -> tuple[int, ...]:
        """One seat: the double SIX SEVEN's, or the most VP with ties to the token on top."""
        if not self.is_over():
            return ()
        if self.winner is not None:
            return (self.seat_of(self.winner),)
        totals = self.scores()
        tied = {s for s, t in enumerate(totals) if t == max(totals)}
        # S13: among tied seats, the one owning the leading colour (most VP, then on top)
        colours = [c for c in range(self.colours) if self.seat_of(c) in tied]
        return (self.seat_of(max(colours, key=self.track_key)),)

    def verdict(self) -> str:
        """Who won and why, in words: the double, the most VP, or the tie-break (S11, S13)."""
        (seat,) = self.winners()
        who, totals = f"P{seat + 1}", self.scores()
        if self.winner is not None:
            return f"{who} wins: a double SIX SEVEN"
        tied = [s for s, t in enumerate(totals) if t == totals[seat]]
        if len(tied) == 1:
            return f"{who} wins with {totals[seat]} VP"
        if self.colours == self.players:
            return f"{who} wins: tied on {totals[seat]} VP, {who}'s token is on top"
        colours = sorted((c for c in range(self.colours) if self.seat_of(c) in tied),
                         key=self.track_key, reverse=True)
        lead, next_ = colours[0], colours[1]
        why = ("token is on top" if self.vp[lead] == self.vp[next_]
               else f"{self.vp[lead]} VP are the most")
        return f"{who} wins: tied on {totals[seat]} VP, {self.name(lead)}'s {why}"

    def track_key(self, colour: int) -> tuple[int, int]:
        """Where a colour stands on the VP board: its VP, then on top of a tie."""
        return self.vp[colour], self.moved[colour]

    def view(self) -> View:
        """In play: the round and whose turn, the lock after a chase, the board (what a
        result must beat), the cards held, the Offer, then the VP (the scores show them
        too): what a decision needs first; at the end the verdict first."""
        lines = [self.verdict()] if self.is_over() else []
        lines += [f"Round {self.round}/{ROUNDS}"
                 + (" (last)" if self.round == ROUNDS else "")
                 + ("" if self.is_over() else f" · {self.name(self.colour)} to play")]
        playing = not self.is_over()
        if playing and self.chased:
            lines.append(LOCKED)
        if self.board:
            lines.append("Board " + ", ".join(
                f"{self._result_of(c)} {self.name(c)}" for c in ranking(self.board)))
        if playing and self.hand and not self.chased:
            lines.append("Cards " + ", ".join(self.hand))
        if playing and self.visible:
            lines.append("Offer " + ", ".join(self.visible))
        track = sorted(range(self.colours), key=self.track_key, reverse=True)
        lines.append("VP " + ", ".join(f"{self.name(c)} {self.vp[c]}" for c in track))
        return View(dice=self.dice if self.phase in (At.DECIDE,) else (),
                    aside=self.kept, lines=tuple(lines), message=self.message)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    # -- the turn, step by step ----------------------------------------------------

    @property
    def hand(self) -> tuple[str, ...]:
        return self.hands[self.colour]

    def _result_of(self, colour: int) -> int:
        return next(r for r, c in self.board if c == colour)

    def _card_uses(self, card: str) -> list[Action]:
        values = sorted(set(self.dice))
        if card == "Reroll 2":
            return [Action("skill", card=card)]
        if card == "Reroll 1":
            return [Action("skill", card=card, die=v) for v in values]
        if card in SET_TO:
            return [Action("skill", card=card, die=v) for v in values if v != SET_TO[card]]
        shift = SHIFT[card]
        return [Action("skill", card=card, die=v, to=to) for v in values
                for to in sorted({wrap(v - shift), wrap(v + shift)})]

    def _canonical(self, action: Action) -> Action:
        if action.kind == "reroll":  # dice in any order (their form checked: core.Checked)
            return Action("reroll", dice=tuple(sorted(action["dice"])))
        return action

    def _revealed(self, card: str) -> SixSevenState:
        deck = list(self.deck)
        deck[CARD_NAMES.index(card)] -= 1
        visible = self.visible + (card,)
        return replace(self, deck=tuple(deck), visible=visible,
                       phase=At.REVEAL if len(visible) < VISIBLE else At.THROW,
                       message="Offer " + ", ".join(visible))  # "Drew" names the card

    def _thrown(self, dice: tuple[int, ...]) -> SixSevenState:
        """New dice in front of the player: a 67 scores, or wins after a chase."""
        state = replace(self, dice=dice, kept=(), phase=At.DECIDE, message="")
        if dice != SIX_SEVEN:
            return state
        who = self.name(self.colour)
        if self.chased:  # cards are locked after a chase, so this 67 is natural
            return replace(state, phase=At.OVER, winner=self.colour,
                           message=f"Double SIX SEVEN! {who} wins")
        vp = list(self.vp)
        vp[self.colour] += SIX_SEVEN_VP  # S3: with or without a card
        moved = list(self.moved)
        moved[self.colour] = self.clock
        return replace(state, vp=tuple(vp), moved=tuple(moved), clock=self.clock + 1,
                       message=f"SIX SEVEN! {who} +{SIX_SEVEN_VP} VP")

    def _rerolled(self, dice: tuple[int, ...], chase: bool) -> SixSevenState:
        kept = tuple((Counter(self.dice) - Counter(dice)).elements())
        return replace(self, kept=kept, phase=At.THROW, chased=self.chased or chase,
                       message="Chasing a double SIX SEVEN: no more cards" if chase else "")

    def _card_played(self, action: Action) -> SixSevenState:
        card = action["card"]
        hands = list(self.hands)
        held = list(self.hand)
        held.remove(card)
        hands[self.colour] = tuple(held)
        state = replace(self, hands=tuple(hands))
        if card == "Reroll 2":
            return replace(state._rerolled(self.dice, chase=False), message="Played Reroll 2")
        die = action["die"]
        if card == "Reroll 1":
            return replace(state._rerolled((die,), chase=False),
                           message=f"Played Reroll 1 on the {die}")
        to = SET_TO.get(card, action.get("to"))
        dice = list(self.dice)
        dice[dice.index(die)] = to
        after = state._thrown(tuple(sorted(dice)))
        said = f"Played {card}: {die} to {to}"  # the news first: a SIX SEVEN made
        return replace(after, message=f"{after.message}; {said}" if after.message else said)

    def _placed(self, result: int) -> SixSevenState:
        board = self.board + ((result, self.colour),)
        state = replace(self, board=board, placed=self.placed + 1, dice=(), chased=False,
                        message=f"{self.name(self.colour)} places {result}")
        if state.placed < self.colours:
            return replace(state, phase=At.THROW)
        return state._scored()

    def _scored(self) -> SixSevenState:
        """The round's ranking, in VP: 1st moves first (S8), the last takes a card."""
        order = ranking(self.board)
        vp, moved, clock = list(self.vp), list(self.moved), self.clock
        for position, colour in enumerate(order):
            points = position_vp(position, self.colours)
            if points:
                vp[colour] += points
                moved[colour] = clock
                clock += 1
        first, last = order[0], order[-1]
        message = f"{self.name(first)} 1st, {self.name(last)} last"
        state = replace(self, vp=tuple(vp), moved=tuple(moved), clock=clock, message=message)
        if self.round == ROUNDS:  # S10: no cards were revealed, none is taken
            return replace(state, phase=At.OVER)
        return replace(state, phase=At.TAKE)

    def _taken(self, card: str) -> SixSevenState:
        hands = list(self.hands)
        hands[self.colour] = tuple(sorted(self.hand + (card,), key=CARD_NAMES.index))
        return replace(self, hands=tuple(hands),
                       message=f"{self.name(self.colour)} takes {card}")._next_round()

    def _next_round(self) -> SixSevenState:
        start = max(range(self.colours), key=self.track_key)  # S9: ties to the token on top
        state = replace(self, round=self.round + 1, start=start, placed=0, board=(),
                        visible=(), message=f"{self.message}; START to {self.name(start)}")
        return replace(state, phase=At.REVEAL if any(self.deck) else At.THROW)

    def not_now(self, action: Action) -> str:
        """A move the phase does not take (refused by core.Checked): what the phase awaits,
        only what the dice and the turn allow ("Place 43 or 34." once the chase is over)."""
        if self.chance() is not None:
            return super().not_now(action)
        if self.phase == At.TAKE:
            return self._take_one()
        kinds = {a.kind for a in self.legal_actions()}
        can = [f"place {' or '.join(str(r) for r in placements(self.dice))}",
               *(["reroll"] if "reroll" in kinds else []),
               *(["play a skill card"] if "skill" in kinds else [])]
        said = can[0] if len(can) == 1 else f"{', '.join(can[:-1])} or {can[-1]}"
        return f"{said[0].upper()}{said[1:]}."

    def _take_one(self) -> str:
        return f"Take {' or '.join(dict.fromkeys(self.visible))}."

    def _why_not(self, action: Action) -> str:
        """Why `action`, a move of this phase (core.Checked), is not legal here."""
        if self.phase == At.TAKE:
            return self._take_one()
        dice = " and ".join(str(d) for d in self.dice)
        results = " or ".join(str(r) for r in placements(self.dice))
        kind = action.kind
        if kind == "place":
            return f"{dice} can be placed as {results} only."
        if kind == "reroll":
            if self.chased and self.chase == ONE_ROLL:
                return f"The chase was the last roll: place {results}."
            if self.dice == SIX_SEVEN:
                return "A 67 is placed or both dice are rerolled."
            a, b = self.dice
            if a == b:
                return "Doubles: reroll both dice or place them."
            if {6, 7} & {a, b}:
                keep = 6 if 6 in self.dice else 7
                return f"Only the die that is not the {keep} may be rerolled."
            return f"Two different dice cannot be rerolled: place {results}."
        # a skill card: the one kind of move left that this phase takes
        card = action.get("card")
        if self.chased:
            return "No skill cards after chasing a double SIX SEVEN."
        if self.dice == SIX_SEVEN:
            return "A 67 is placed or both dice are rerolled."
        if card not in CARD_NAMES:
            return f"There is no skill card {card!r}."
        if card not in self.hand:
            return f"{self.name(self.colour)} holds no {card} card."
        die = action.get("die")
        if card != "Reroll 2" and die not in self.dice:
            return f"Say which die the card is played on: {dice}."
        if card in SHIFT:
            shift = SHIFT[card]
            return (f"The {card} card turns the {die} into {wrap(die - shift)} or "
                    f"{wrap(die + shift)}.")
        if card in SET_TO and die == SET_TO[card]:
            return f"The die already shows {SET_TO[card]}."
        return f"{card} takes no other choice."


def _new(players: int, options: Mapping[str, Any]) -> SixSevenState:
    colours = TWO_PLAYER_COLOURS if players == 2 else players
    # S6: at setup the tokens are stacked in turn order, so the last colour is on top
    return SixSevenState(players=players, colours=colours, vp=(0,) * colours,
                         moved=tuple(range(-colours, 0)), hands=((),) * colours,
                         chase=options["chase"])


def _from_json(data: Mapping[str, Any]) -> SixSevenState:
    return SixSevenState(**tuples(dict(data)))


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option("chase", ONE_ROLL, (ONE_ROLL, KEEP_ROLLING),
               "after rerolling a 67: one roll ends the turn, or rerolls go on (S5)"),
    ),
    _new=_new,
    _from_json=_from_json,
    version=2,
    readings={1: {"chase": KEEP_ROLLING}},
    description="Two dice 2 to 7: chase a 67, rank on the board, 7 rounds",
)
