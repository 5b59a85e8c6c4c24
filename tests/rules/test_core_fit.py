"""The core carries the games still to come (216, 67 Six Seven, Charidice).

Each risky mechanic is played here by a tiny fake game (tests/fake_games.py), built
only from the core's vocabulary: Charidice-like coloured dice kept over three
throws with an out-of-turn request by another seat, and a 216-like Offer revealed
by four draws from a deck of 70 named cards, with an automatic opponent whose ties
a player breaks. See docs/rules-core.md for the mapping of every mechanic.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from companion.rules.core import CHANCE, Action, IllegalAction, Throw, actor
from tests.fake_games import (
    ALL_SIX,
    CHARITY,
    COLOURS,
    DICE,
    DIE_OF,
    OBJECTIVES,
    OFFER,
    SOLO,
    TARGET,
    Solo,
)


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


# --- coloured dice ---------------------------------------------------------------------


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
    with pytest.raises(IllegalAction, match="P3 may not do that now"):
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
