"""The core carries the games still to come (216, 67 Six Seven, Charidice).

Each risky mechanic is played here by a tiny fake game, kept in this file, built
only from the core's vocabulary: Charidice-like coloured dice kept over three
throws with an out-of-turn request by another seat, and a 216-like Offer revealed
by four draws from a deck of 70 named cards, with an automatic opponent whose ties
a player breaks. See docs/rules-core.md for the mapping of every mechanic.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from typing import Any

import pytest

from companion.rules.core import (
    CHANCE,
    TERMINAL,
    Action,
    Draw,
    Game,
    IllegalAction,
    Throw,
    View,
    actor,
    winners_by_score,
)


def _tuples(value: Any) -> Any:
    """JSON lists back to tuples, at every depth, for a state's from_json."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


# --- coloured dice ---------------------------------------------------------------------

COLOURS = ("magenta", "blue", "orange", "grey", "yellow", "black")
DICE = tuple(tuple((v, COLOURS[(d + v) % 6]) for v in range(1, 7)) for d in range(6))
"""Six dice on which every colour carries every number exactly once (a test table)."""
DIE_OF = {face: d for d, faces in enumerate(DICE) for face in faces}
ALL_SIX = Throw(6, colours=DICE)


def test_a_coloured_throw_gives_its_values_and_its_faces_sorted():
    action = Action(
        "throw",
        dice=(6, 1, 3, 3, 2, 5),
        colours=("magenta", "orange", "black", "magenta", "magenta", "yellow"),
    )
    assert ALL_SIX.check(action) == (1, 2, 3, 3, 5, 6)
    assert ALL_SIX.pairs(action) == (
        (1, "orange"),
        (2, "magenta"),
        (3, "black"),
        (3, "magenta"),
        (5, "yellow"),
        (6, "magenta"),
    )


@pytest.mark.parametrize(
    "throw, dice, colours, message",
    [
        (ALL_SIX, (1, 2, 3, 4, 5, 6), None, "Give the colour of each of the 6 dice."),
        (ALL_SIX, (1, 2, 3, 4, 5, 6), ("blue",) * 5, "Give the colour of each of the 6 dice."),
        (ALL_SIX, (1, 2), ("blue", 3), "Expected 6 dice, got 2."),
        (Throw(2, colours=DICE[:2]), (1, 2), ("blue", 3), "Give the colour of each of the 2 dice."),
        (
            Throw(2, colours=DICE[:2]),
            (1, 1),
            ("blue", "pink"),
            "No die thrown has the face pink 1.",
        ),
        (Throw(2, colours=DICE[:2]), (1, 1), ("blue", "blue"), "Two dice cannot both show blue 1."),
        # die 0 carries the blue 1 and the orange 2
        (
            Throw(2, colours=DICE[:2]),
            (1, 2),
            ("blue", "orange"),
            "Blue 1 and orange 2 are on the same die.",
        ),
        # dice 1 and 4 are thrown again: the blue 1 is on die 0, which was kept
        (
            Throw(2, colours=(DICE[1], DICE[4])),
            (1, 1),
            ("blue", "orange"),
            "No die thrown has the face blue 1.",
        ),
        (Throw(2), (1, 2), ("blue", "grey"), "These dice have no colours."),
    ],
)
def test_an_impossible_coloured_throw_is_refused_with_a_clear_sentence(
    throw, dice, colours, message
):
    args = {"dice": dice} if colours is None else {"dice": dice, "colours": colours}
    with pytest.raises(IllegalAction) as refused:
        throw.check(Action("throw", **args))
    assert str(refused.value) == message


def test_dice_that_carry_faces_alike_are_matched_face_to_die():
    """A game that only knows which faces are left may give dice overlapping faces."""
    x, y, z, w = (1, "blue"), (2, "blue"), (3, "blue"), (4, "grey")
    throw = Throw(3, colours=((x, y, z), (x, y, z), (w,)))
    assert throw.pairs(Action("throw", dice=(4, 1, 1), colours=("grey", "blue", "blue")))
    with pytest.raises(IllegalAction, match="cannot all show at once"):
        throw.check(Action("throw", dice=(1, 2, 3), colours=("blue",) * 3))
    # x is first given to the die that has both faces, then moved to make room for y
    either = Throw(2, colours=((x, y), (x,)))
    assert either.pairs(Action("throw", dice=(2, 1), colours=("blue", "blue"))) == (x, y)
    alike = Throw(2, colours=((x, y), (x, y)))
    assert dict(alike.outcomes()) == {(x, x): 0.25, (x, y): 0.5, (y, y): 0.25}
    assert all(alike.pairs(alike.action(pairs)) == pairs for pairs, _ in alike.outcomes())


def test_coloured_outcomes_follow_the_faces_of_each_die():
    odds = dict(ALL_SIX.outcomes())
    assert len(odds) == 6**6 and sum(odds.values()) == pytest.approx(1)
    same_colour = sum(p for pairs, p in odds.items() if len({c for _, c in pairs}) == 1)
    assert same_colour == pytest.approx(6 / 6**6)
    rest = Throw(2, colours=(DICE[2], DICE[5]))
    assert all(p == pytest.approx(1 / 36) for _, p in rest.outcomes())


def test_every_coloured_outcome_is_a_throw_the_check_accepts():
    throw = Throw(3, colours=(DICE[0], DICE[3], DICE[4]))
    for pairs, _ in throw.outcomes():
        assert throw.pairs(throw.action(pairs)) == pairs


def test_a_sampled_coloured_throw_is_legal_and_seeded():
    a, b = ALL_SIX.sample(random.Random(4)), ALL_SIX.sample(random.Random(4))
    assert a == b and len(ALL_SIX.pairs(a)) == 6
    assert Action.from_json(_json(a.to_json())) == a


def test_a_plain_throw_draws_one_choice_per_die_as_before():
    """Demos and stored simulations depend on the dice drawn from a seeded source."""
    rng = random.Random(11)
    expected = tuple(sorted(rng.choice((2, 3, 4, 5, 6, 7)) for _ in range(2)))
    assert Throw(2, faces=(2, 3, 4, 5, 6, 7)).sample(random.Random(11))["dice"] == expected


def test_a_throw_of_one_die_of_two_to_seven_is_even_odds():
    odds = dict(Throw(1, faces=(2, 3, 4, 5, 6, 7)).outcomes())
    assert odds == {(v,): pytest.approx(1 / 6) for v in range(2, 8)}


def test_a_coloured_throw_needs_faces_for_each_die():
    with pytest.raises(ValueError):
        Throw(3, colours=DICE[:2])
    with pytest.raises(ValueError):
        Throw(2).pairs(Action("throw", dice=(1, 2)))


# --- a cut-down Charidice: kept dice, donations, a request out of turn -----------------


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
    _from_json=lambda data: Charity(**{k: _tuples(v) for k, v in data.items()}),
)
FIRST = Action(
    "throw",
    dice=(1, 2, 3, 4, 1, 5),
    colours=("blue", "blue", "blue", "blue", "grey", "magenta"),
)


def test_dice_kept_stay_aside_and_only_the_others_are_thrown_again():
    state = CHARITY.new(2).apply(FIRST)
    state = state.apply(Action("keep", dice=(2, 1), colours=("blue", "blue")))
    throw = state.chance()
    assert throw.count == 4
    assert set(throw.colours) == set(DICE) - {DICE[DIE_OF[(1, "blue")]], DICE[DIE_OF[(2, "blue")]]}
    assert state.view().aside_colours == ("blue", "blue")
    with pytest.raises(IllegalAction, match="No die thrown has the face blue 2"):
        state.apply(Action("throw", dice=(2, 3, 4, 5), colours=("blue", "orange", "grey", "black")))


def test_the_player_on_the_left_asks_out_of_turn_and_the_turn_stays_put():
    state = CHARITY.new(3).apply(FIRST)
    ask = Action("gift", by=1)
    assert state.current_player() == 0 and ask in state.legal_actions()
    assert actor(state, ask) == 1
    assert actor(state, Action("score", colour="blue")) == 0
    asked = state.apply(ask)
    assert asked.current_player() == 0 and asked.legal_actions() == state.legal_actions()[:-1]
    assert ask not in asked.legal_actions()
    with pytest.raises(IllegalAction, match="player on the left"):
        state.apply(Action("gift", by=2))


def test_a_request_out_of_turn_is_the_only_legal_action_while_the_table_throws():
    state = CHARITY.new(2)
    assert state.current_player() == CHANCE and state.legal_actions() == (Action("gift", by=1),)
    asked = state.apply(Action("gift", by=1))
    assert asked.chance() == state.chance() and asked.legal_actions() == ()


def test_the_request_closes_with_the_third_throw():
    state = CHARITY.new(2)
    for _ in range(2):
        state = state.apply(state.chance().sample(random.Random(1)))
        state = state.apply(Action("keep", dice=(), colours=()))
    assert Action("gift", by=1) in state.legal_actions()  # before the 3rd throw
    state = state.apply(state.chance().sample(random.Random(2)))
    assert state.legal_actions() == tuple(
        Action("score", colour=c) for c in sorted({c for _, c in state.roll}, key=COLOURS.index)
    )
    with pytest.raises(IllegalAction):
        state.apply(Action("gift", by=1))


def test_donations_double_fives_and_sixes_and_the_greatest_gift_doubles_them_again():
    plain = CHARITY.new(2).apply(FIRST).apply(Action("score", colour="blue"))
    assert plain.totals == (1 + 2 + 3 + 4, 1 + 5 * 2)
    gift = CHARITY.new(2).apply(Action("gift", by=1)).apply(FIRST)
    assert gift.apply(Action("score", colour="blue")).totals == (10, 2 * 11)


def test_a_random_charity_game_replays_from_its_json_actions():
    rng = random.Random(5)
    for _ in range(20):
        state, actions = CHARITY.new(3), []
        while not state.is_over():
            chance = state.chance()
            legal = state.legal_actions()
            action = (
                chance.sample(rng)
                if chance and rng.random() < 0.8 or not legal
                else rng.choice(legal)
            )
            state = state.apply(action)
            actions.append(_json(action.to_json()))
            assert CHARITY.from_json(_json(state.to_json())) == state
        assert CHARITY.replay(3, {}, [Action.from_json(a) for a in actions]) == state
        assert sum(state.scores()) > 0 and state.winners()


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
    _from_json=lambda data: Solo(**{k: _tuples(v) for k, v in data.items()}),
)


def _offer(*cards: str) -> Solo:
    state = SOLO.new(2)
    for card in cards:
        state = state.apply(Action("draw", card=card))
    return state


def test_the_offer_is_four_draws_each_from_the_cards_still_in_the_deck():
    state = SOLO.new(2)
    for k in range(OFFER):
        draw = state.chance()
        assert state.current_player() == CHANCE and draw.why == f"Offer card {k + 1} of 4"
        odds = dict(draw.outcomes())
        assert len(odds) == 70 - k and all(p == pytest.approx(1 / (70 - k)) for p in odds.values())
        state = state.apply(Action("draw", card=OBJECTIVES[k]))
    assert state.offer == OBJECTIVES[:OFFER] and state.current_player() == 0
    with pytest.raises(IllegalAction, match="already been drawn"):
        _offer("Objective 07").apply(Action("draw", card="Objective 07"))


def test_an_automatic_turn_needs_no_decision_and_its_refill_is_drawn_in_its_turn():
    state = _offer(*OBJECTIVES[:4]).apply(Action("claim", card="Objective 04"))
    assert state.turn() == 0 and state.chance().why == "Refill the Offer"
    state = state.apply(Action("draw", card="Objective 10"))  # scores 5: Objective 01 is lowest
    assert state.totals == (4, 1) and state.turn() == 1 and state.current_player() == CHANCE
    assert "Objective 01" not in state.offer


def test_a_decision_in_an_automatic_turn_falls_to_a_player_who_is_not_on_turn():
    state = _offer("Objective 01", "Objective 06", "Objective 02", "Objective 03")
    state = state.apply(Action("pass"))
    assert state.turn() == 1 and state.current_player() == 0
    assert state.legal_actions() == (
        Action("choose", card="Objective 01"),
        Action("choose", card="Objective 06"),
    )
    chosen = state.apply(Action("choose", card="Objective 06"))
    assert chosen.totals == (0, 1) and chosen.offer == (
        "Objective 01",
        "Objective 02",
        "Objective 03",
    )


def test_an_empty_deck_is_reshuffled_from_the_discards():
    state = replace(_offer(*OBJECTIVES[:3]), deck=(0,) * 70, discards=(0,) * 69 + (1,))
    assert dict(state.chance().outcomes()) == {"Objective 70": 1.0}
    state = state.apply(Action("draw", card="Objective 70"))
    assert not any(state.deck) and not any(state.discards) and state.current_player() == 0


def test_a_random_solo_game_replays_from_its_json_actions():
    rng = random.Random(8)
    state, actions, draws = SOLO.new(2), [], Counter()
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        draws[action.kind] += 1
        state = state.apply(action)
        actions.append(_json(action.to_json()))
        assert SOLO.from_json(_json(state.to_json())) == state
    assert SOLO.replay(2, {}, [Action.from_json(a) for a in actions]) == state
    assert max(state.scores()) >= TARGET and draws["draw"] > OFFER
