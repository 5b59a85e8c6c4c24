"""Fake games built only from the rules core's vocabulary, for tests of the core and the
session: CHARITY, a cut-down Charidice (coloured dice kept over three throws, a request
out of turn by another seat), and SOLO, a cut-down 216 (an Offer of four revealed by
draws from a deck of 70 named cards, an automatic opponent whose ties a player breaks).

Register them only inside a test (`registered(monkeypatch)`), never in `rules.GAMES`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from typing import Any

from companion import rules
from companion.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Draw,
    Game,
    IllegalAction,
    Throw,
    View,
    check_by,
    tuples,
    winners_by_score,
)

# --- a cut-down Charidice: kept dice, donations, a request out of turn -----------------

COLOURS = ("magenta", "blue", "orange", "grey", "yellow", "black")
DICE = tuple(tuple((v, COLOURS[(d + v) % 6]) for v in range(1, 7)) for d in range(6))
"""Six dice on which every colour carries every number exactly once (a test table)."""
DIE_OF = {face: d for d, faces in enumerate(DICE) for face in faces}
ALL_SIX = Throw(6, colours=DICE)


@dataclass(frozen=True)
class Charity:
    """One round: up to three throws of the dice not kept, then the dice of one colour
    are scored and the others donated to the left (5s and 6s double). The player on
    the left may ask, once per game and before the third throw, for the greatest of
    gifts: the donation doubles again."""

    players: int
    totals: tuple[int, ...]
    asked: tuple[bool, ...]
    seat: int = 0
    turns: int = 0
    throws: int = 0
    kept: tuple[tuple[int, str], ...] = ()
    roll: tuple[tuple[int, str], ...] = ()
    gift: bool = False
    game: str = "charity"

    def current_player(self) -> int:
        if self.is_over():
            return TERMINAL
        return self.seat if self.roll else CHANCE

    def turn(self) -> int | None:
        return None if self.is_over() else self.seat

    def chance(self) -> Throw | None:
        if self.is_over() or self.roll:
            return None
        kept = {DIE_OF[face] for face in self.kept}
        free = tuple(faces for d, faces in enumerate(DICE) if d not in kept)
        return Throw(len(free), colours=free, why=f"P{self.seat + 1}: throw {len(free)} dice")

    def legal_actions(self) -> tuple[Action, ...]:
        if self.is_over():
            return ()
        own: list[Action] = []
        if self.roll:
            if self.throws < 3:
                for n in range(len(self.roll)):
                    own += [_faces_action("keep", chosen) for chosen in combinations(self.roll, n)]
            dice = self.kept + self.roll
            own += [Action("score", colour=c) for c in COLOURS if any(c == k for _, k in dice)]
        return (*own, *self._requests())

    def _requests(self) -> tuple[Action, ...]:
        left = (self.seat + 1) % self.players
        if self.throws < 3 and not self.gift and not self.asked[left]:
            return (Action("gift", by=left),)
        return ()

    def apply(self, action: Action) -> Charity:
        if self.is_over():
            raise IllegalAction("The game is over.")
        check_by(self, action)
        if action.kind == "gift":
            if action not in self._requests():
                raise IllegalAction(
                    "Only the player on the left may ask, once, before the 3rd throw."
                )
            asked = tuple(a or p == action["by"] for p, a in enumerate(self.asked))
            return replace(self, asked=asked, gift=True)
        chance = self.chance()
        if chance is not None:
            return replace(self, roll=chance.pairs(action), throws=self.throws + 1)
        if action.kind == "keep":
            action = _faces_action("keep", zip(action.get("dice", ()), action.get("colours", ())))
        if action not in self.legal_actions():
            raise IllegalAction("Keep some dice or score a colour.")
        if action.kind == "keep":
            kept = tuple(zip(action["dice"], action["colours"]))
            return replace(self, kept=tuple(sorted(self.kept + kept)), roll=())
        return self._scored(action["colour"])

    def _scored(self, colour: str) -> Charity:
        dice = self.kept + self.roll
        donated = sum(v * 2 if v >= 5 else v for v, c in dice if c != colour)
        totals = list(self.totals)
        totals[self.seat] += sum(v for v, c in dice if c == colour)
        totals[(self.seat + 1) % self.players] += donated * (2 if self.gift else 1)
        return replace(
            self,
            totals=tuple(totals),
            seat=(self.seat + 1) % self.players,
            turns=self.turns + 1,
            throws=0,
            kept=(),
            roll=(),
            gift=False,
        )

    def label(self, action: Action) -> str:
        return json.dumps(action.to_json())

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def is_over(self) -> bool:
        return self.turns == self.players

    def winners(self) -> tuple[int, ...]:
        return winners_by_score(self.totals) if self.is_over() else ()

    def view(self) -> View:
        return View(
            dice=tuple(v for v, _ in self.roll),
            colours=tuple(c for _, c in self.roll),
            aside=tuple(v for v, _ in self.kept),
            aside_colours=tuple(c for _, c in self.kept),
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _faces_action(kind: str, faces) -> Action:
    pairs = sorted(faces)
    return Action(kind, dice=tuple(v for v, _ in pairs), colours=tuple(c for _, c in pairs))


CHARITY = Game(
    name="charity",
    title="Charity",
    min_players=2,
    max_players=5,
    options=(),
    _new=lambda players, options: Charity(players, (0,) * players, (False,) * players),
    _from_json=lambda data: Charity(**{k: tuples(v) for k, v in data.items()}),
)

# --- a cut-down 216: an Offer of four revealed by draws, an automatic opponent ---------

OBJECTIVES = tuple(f"Objective {i + 1:02}" for i in range(70))
SCORE = {name: 1 + i % 5 for i, name in enumerate(OBJECTIVES)}
OFFER = 4
TARGET = 12


@dataclass(frozen=True)
class Solo:
    """You (seat 0) against an automatic opponent (seat 1). You claim a card of the
    Offer or pass; the opponent takes the lowest card, and when several tie you
    choose which. A card taken is discarded and replaced from the deck in the turn
    that took it; the deck is reshuffled from the discards when it runs out."""

    totals: tuple[int, ...] = (0, 0)
    deck: tuple[int, ...] = (1,) * len(OBJECTIVES)
    discards: tuple[int, ...] = (0,) * len(OBJECTIVES)
    offer: tuple[str, ...] = ()
    seat: int = 0
    done: bool = False  # the seat has taken its card: the turn ends once the Offer is full
    players: int = 2
    over: bool = False
    game: str = "solo"

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if len(self.offer) < OFFER:
            return CHANCE
        return 0  # the opponent's ties are yours to break

    def turn(self) -> int | None:
        return None if self.over else self.seat

    def chance(self) -> Draw | None:
        if self.over or len(self.offer) == OFFER:
            return None
        left = self.deck if any(self.deck) else self.discards
        why = "Refill the Offer" if self.done else f"Offer card {len(self.offer) + 1} of {OFFER}"
        return Draw("Objective", tuple(zip(OBJECTIVES, left)), why=why)

    def _lowest(self) -> tuple[str, ...]:
        low = min(SCORE[c] for c in self.offer)
        return tuple(c for c in self.offer if SCORE[c] == low)

    def legal_actions(self) -> tuple[Action, ...]:
        if self.current_player() != 0:
            return ()
        if self.seat == 1:
            return tuple(Action("choose", card=c) for c in self._lowest())
        return (*(Action("claim", card=c) for c in self.offer), Action("pass"))

    def apply(self, action: Action) -> Solo:
        if self.over:
            raise IllegalAction("The game is over.")
        check_by(self, action)
        chance = self.chance()
        if chance is not None:
            return self._drawn(chance.check(action))
        if action not in self.legal_actions():
            raise IllegalAction("Claim a card of the Offer, or pass.")
        if action.kind == "pass":
            return self._next()
        return self._taken(action["card"])

    def _drawn(self, card: str) -> Solo:
        deck, discards = self.deck, self.discards
        if not any(deck):
            deck, discards = discards, deck
        deck = tuple(n - (name == card) for name, n in zip(OBJECTIVES, deck))
        state = replace(self, deck=deck, discards=discards, offer=self.offer + (card,))
        return state._next() if state.done and len(state.offer) == OFFER else state

    def _taken(self, card: str) -> Solo:
        totals = list(self.totals)
        totals[self.seat] += SCORE[card]
        discards = tuple(n + (name == card) for name, n in zip(OBJECTIVES, self.discards))
        offer = tuple(c for c in self.offer if c != card)
        return replace(self, totals=tuple(totals), discards=discards, offer=offer, done=True)

    def _next(self) -> Solo:
        """The next turn; the opponent's needs nobody unless its lowest cards tie."""
        if self.seat == 1 and max(self.totals) >= TARGET:
            return replace(self, over=True)
        state = replace(self, seat=1 - self.seat, done=False)
        if state.seat == 1 and len(state._lowest()) == 1:
            return state._taken(state._lowest()[0])
        return state

    def label(self, action: Action) -> str:
        return json.dumps(action.to_json())

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def is_over(self) -> bool:
        return self.over

    def winners(self) -> tuple[int, ...]:
        return winners_by_score(self.totals) if self.over else ()

    def view(self) -> View:
        return View(lines=self.offer)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


SOLO = Game(
    name="solo",
    title="Solo",
    min_players=2,
    max_players=2,
    options=(),
    _new=lambda players, options: Solo(),
    _from_json=lambda data: Solo(**{k: tuples(v) for k, v in data.items()}),
)


# --- SOLO's screen module (companion.ui.games hooks): cards grouped by score -------------


def card_groups(state: Solo, draw: Draw) -> list[tuple[str, list[tuple[str, int]]]]:
    """The cards a Draw can give, grouped by their score: five groups of 14."""
    return [(f"Worth {score}", [(name, n) for name, n in draw.cards if SCORE[name] == score])
            for score in range(1, 6)]


def card_picture(state: Solo, name: str) -> str:
    """A card's picture: its score."""
    return str(SCORE[name])


def draw_card(canvas, box: tuple[int, int, int, int], picture: str) -> bool:
    """A card as one filled bar a pixel tall per point of its score, from the box's top."""
    if not picture.isdecimal():
        return False
    x0, y0, x1, _ = box
    canvas.rectangle((x0, y0, x1, y0 + int(picture) - 1), fill=1)
    return True


def registered(monkeypatch, screens: bool = False) -> None:
    """CHARITY and SOLO in `rules.GAMES` for one test (monkeypatch undoes it); with
    `screens`, this module is SOLO's screen module (its card groups and pictures)."""
    for game in (CHARITY, SOLO):
        monkeypatch.setitem(rules.GAMES, game.name, game)
    if screens:
        from companion.ui import games

        monkeypatch.setitem(games.SCREENS, SOLO.name, __name__)
