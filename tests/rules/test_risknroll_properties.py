"""Risk 'n' Roll under random play: it ends at its target, no score goes below zero, and
the actions a player or a camera might send bounce off.

What every game owes the core (replays, JSON, refusals as sentences, `by`) is checked for
all of them in tests/conformance; these are the properties of this game's own rules.
"""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Action, IllegalAction
from companion.rules.risknroll import ACTION_CARDS, GAME, RiskNRollState

MOST_STEPS = 100_000
"""A game that runs longer than this has stopped ending."""

SENTENCE = re.compile(r"[A-Z0-9][^\n]*[.!?]")
PYTHON_TALK = ("None", "Action(", "Traceback", "{", "}", "()", "'kind'", "tuple", "NoneType")

CARD_NAMES = [c.name for c in ACTION_CARDS]

options = st.fixed_dictionaries({"double_millennium": st.booleans(), "action_cards": st.booleans()})
players = st.integers(2, 8)
seeds = st.integers(0, 2**32 - 1)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 9),
    st.text(max_size=6),
    st.sampled_from(CARD_NAMES + ["roll", "bank", "hold"]),
)
arguments = st.dictionaries(
    st.sampled_from(["dice", "card", "play", "then", "player"]),
    st.one_of(scalars, st.lists(st.one_of(st.integers(0, 7), st.booleans()), max_size=7)),
    max_size=3,
)
actions = st.builds(
    lambda kind, args: Action(kind, **args),
    st.sampled_from(["throw", "draw", "card", "keep", "target", "bank", ""]),
    arguments,
)


def random_game(rng, players: int, options: dict) -> tuple[list[RiskNRollState], list[Action]]:
    """Every state and action of one game played by uniformly random legal choices."""
    state = GAME.new(players, options)
    states, taken = [state], []
    while not state.is_over():
        assert len(taken) < MOST_STEPS
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        taken.append(action)
    return states, taken


@settings(max_examples=30, deadline=None)
@given(seed=seeds, players=players, options=options)
def test_random_legal_play_ends_with_winners_and_replays_through_json(seed, players, options):
    states, taken = random_game(random.Random(seed), players, options)
    final = states[-1]
    assert final.is_over() and final.winners()
    assert max(final.scores()) >= final.target or final.final_round
    assert all(score >= 0 for score in final.scores())

    stored = json.loads(json.dumps([a.to_json() for a in taken]))
    assert GAME.replay(players, options, [Action.from_json(a) for a in stored]) == final
    for state in states[:: max(1, len(states) // 20)] + [final]:
        assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state


def near_legal(state: RiskNRollState):
    """Actions a player or a camera might plausibly send here, legal or not."""
    roll, count = list(state.roll), state.dice_left
    return st.one_of(
        actions,
        st.builds(
            lambda dice, then: Action("keep", dice=dice, then=then),
            st.sets(st.integers(0, len(roll) - 1)).map(lambda picked: [roll[i] for i in picked])
            if roll
            else st.just([1]),
            st.sampled_from(["roll", "bank"]),
        ),
        st.builds(
            lambda dice, then: Action("keep", dice=dice, then=then),
            st.lists(st.integers(0, 7), max_size=7),
            st.sampled_from(["roll", "bank"]),
        ),
        st.builds(
            lambda dice: Action("throw", dice=dice),
            st.lists(st.integers(0, 7), min_size=max(0, count - 1), max_size=count + 1),
        ),
        st.builds(lambda card: Action("draw", card=card), st.sampled_from(CARD_NAMES)),
        st.builds(lambda player: Action("target", player=player), st.integers(-1, 8)),
        st.builds(lambda play: Action("card", play=play), st.booleans() | st.integers(0, 2)),
    )


def in_order(action: Action) -> Action:
    """The action as the rules list it: a keep names its dice in any order (play sorts them)."""
    if action.kind == "keep" and isinstance(action.get("dice"), (list, tuple)):
        return Action("keep", dice=tuple(sorted(action["dice"])), then=action["then"])
    return action


@settings(max_examples=60, deadline=None)
@given(seed=seeds, players=players, options=options, where=st.floats(0, 1), data=st.data())
def test_an_illegal_action_raises_a_sentence_and_changes_nothing(
    seed, players, options, where, data
):
    states, _ = random_game(random.Random(seed), players, options)
    state = states[int(where * (len(states) - 1))]
    for _ in range(12):
        action = data.draw(near_legal(state))
        before = state.to_json()
        try:
            after = state.apply(action)
        except IllegalAction as refused:
            message = str(refused)
            assert SENTENCE.fullmatch(message), message
            assert not any(word in message for word in PYTHON_TALK), message
            assert state.to_json() == before
            continue
        if state.chance() is None:
            assert in_order(action) in state.legal_actions()
        assert state.to_json() == before
        state = after
        if state.is_over():
            break


def test_a_keep_names_its_dice_in_any_order():
    """The buttons and the camera may list the dice kept in any order: it is one keep."""
    tried = 0
    for seed in range(3):
        for state in random_game(random.Random(seed), 3, {})[0]:
            if state.chance() is not None:
                continue
            for action in state.legal_actions():
                if action.kind == "keep" and len(set(action["dice"])) > 1:
                    backwards = Action("keep", dice=list(action["dice"])[::-1], then=action["then"])
                    assert state.apply(backwards).to_json() == state.apply(action).to_json()
                    tried += 1
    assert tried > 20
