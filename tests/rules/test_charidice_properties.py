"""Charidice under random play, and its dice table: what must hold in every game."""

from __future__ import annotations

import json
import random
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import CHANCE, TERMINAL, Action, IllegalAction, actor
from companion.rules.charidice import (
    COLOURS,
    DICE,
    DICE_COLOURS,
    DIE_OF,
    GAME,
    ROUNDS,
    TAGS,
    check_dice,
)
from companion.ui.dice import COLOUR_TAGS
from vision.reading import COLOURS as CAMERA_COLOURS

SENTENCE = re.compile(r"[A-Z0-9][^\n]*[.!?]")


def _json(data):
    return json.loads(json.dumps(data))


def random_game(rng: random.Random, players: int):
    """Every state and action of a game of random legal choices; the gift now and then."""
    state = GAME.new(players)
    states, taken = [state], []
    while not state.is_over():
        legal = state.legal_actions()
        chance = state.chance()
        requests = [a for a in legal if actor(state, a) != state.current_player()]
        if requests and rng.random() < 0.2:
            action = rng.choice(requests)
        elif chance is not None:
            action = chance.sample(rng)
        else:
            action = rng.choice([a for a in legal if a not in requests])
        state = state.apply(action)
        states.append(state)
        taken.append(action)
    return states, taken


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_random_play_ends_after_7_rounds_and_replays_from_json(seed, players):
    states, taken = random_game(random.Random(seed), players)
    over = states[-1]
    assert over.is_over() and over.current_player() == TERMINAL and over.winners()
    assert sum(1 for a in taken if a.kind == "score") == ROUNDS * players
    assert sum(1 for a in taken if a.kind == "gift") <= players
    stored = [Action.from_json(_json(a.to_json())) for a in taken]
    assert GAME.replay(players, {}, stored) == over
    for state in states[:: max(1, len(states) // 10)] + [over]:
        assert GAME.from_json(_json(state.to_json())) == state
    # every point received was donated: the 3rd and 4th columns balance
    assert sum(over.donated()) == sum(r[2] for rows in over.sheet for r in rows)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_state_answers_consistently_at_every_step(seed):
    states, _ = random_game(random.Random(seed), 3)
    for state in states[:-1]:
        throw = state.chance()
        assert (state.current_player() == CHANCE) == (throw is not None)
        assert state.turn() == state.seat
        view = state.view()
        assert len(view.dice) == len(view.colours) and len(view.aside) == len(view.aside_colours)
        assert len(view.dice) + len(view.aside) in (0, 6) or throw is not None
        for action in state.legal_actions():
            assert state.label(action)
        if throw is not None:
            kept = {DIE_OF[f] for f in state.kept}
            assert throw.count == 6 - len(kept) and state.throws < 3


actions = st.builds(
    lambda kind, args: Action(kind, **args),
    st.sampled_from(["throw", "keep", "score", "gift", "pass", ""]),
    st.dictionaries(
        st.sampled_from(["dice", "colours", "way", "by"]),
        st.one_of(
            st.none(), st.integers(-1, 7), st.sampled_from([*COLOURS, "colour", "different"]),
            st.lists(st.integers(0, 7), max_size=7),
            st.lists(st.sampled_from([*COLOURS, "pink"]), max_size=7),
        ),
        max_size=4,
    ),
)


@cache
def some_states(seed: int) -> tuple:
    return tuple(random_game(random.Random(seed), 3)[0])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 5), step=st.integers(0, 200), action=actions)
def test_any_action_is_taken_or_refused_with_a_sentence_leaving_the_state_unchanged(
    seed, step, action
):
    states = some_states(seed)
    state = states[min(step, len(states) - 1)]
    before = state.to_json()
    try:
        after = state.apply(action)
    except IllegalAction as refusal:
        assert SENTENCE.fullmatch(str(refusal)), str(refusal)
        assert "None" not in str(refusal) and "Action(" not in str(refusal)
    else:
        assert after != state
    assert state.to_json() == before


# --- the dice table -------------------------------------------------------------------


def test_the_colours_are_the_cameras_and_the_screens():
    assert COLOURS == CAMERA_COLOURS and len(COLOURS) == 6
    assert TAGS == COLOUR_TAGS


def test_the_table_holds_the_36_faces_once_each_six_per_die():
    assert len(DICE) == 6 and all(len(die) == 6 for die in DICE)
    assert sorted(f for die in DICE for f in die) == sorted(
        (v, c) for v in range(1, 7) for c in COLOURS)
    assert all(DICE[DIE_OF[face]].count(face) == 1 for face in DIE_OF)


@pytest.mark.parametrize("table, message", [
    (DICE_COLOURS[:5], "The dice table has 5 dice; Charidice has 6."),
    ((DICE_COLOURS[0][:5],) + DICE_COLOURS[1:], "Die 1 has 5 faces: give the colour of its"),
    ((("pink",) + DICE_COLOURS[0][1:],) + DICE_COLOURS[1:],
     "Die 1, face 1: 'pink' is not a colour; colours are magenta, blue"),
    ((DICE_COLOURS[0],) * 6, "Blue 1 is on die 1 and die 2: each colour carries each number"),
])
def test_a_broken_table_is_refused_saying_where(table, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        check_dice(table)
