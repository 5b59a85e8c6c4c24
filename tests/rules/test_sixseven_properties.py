"""67 Six Seven under random play: it never crashes, it ends, replays and JSON rebuild it,
and wrong moves bounce off with a sentence."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Action, IllegalAction
from companion.rules.sixseven import CARD_NAMES, GAME, ROUNDS, SixSevenState

SENTENCE = re.compile(r"[A-Z0-9][^\n]*[.!?]")
PYTHON_TALK = ("None", "Action(", "Traceback", "{", "}", "()", "'kind'", "tuple", "NoneType")

players = st.integers(2, 6)
seeds = st.integers(0, 2**32 - 1)
actions = st.builds(
    lambda kind, args: Action(kind, **args),
    st.sampled_from(["throw", "draw", "place", "reroll", "skill", "take", ""]),
    st.dictionaries(
        st.sampled_from(["dice", "card", "die", "to", "result", "by"]),
        st.one_of(st.none(), st.booleans(), st.integers(-1, 80), st.text(max_size=4),
                  st.sampled_from(CARD_NAMES),
                  st.lists(st.integers(0, 8), max_size=3)),
        max_size=3,
    ),
)


def random_game(rng, players: int) -> tuple[list[SixSevenState], list[Action]]:
    """Every state and action of one game played by random legal choices."""
    state = GAME.new(players)
    states, taken = [state], []
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance else rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
        taken.append(action)
    return states, taken


@settings(max_examples=25, deadline=None)
@given(players, seeds)
def test_random_play_ends_and_replays_and_json_rebuild_every_state(players, seed):
    states, taken = random_game(random.Random(seed), players)
    last = states[-1]
    assert last.winners() and len(last.winners()) == 1
    assert last.round <= ROUNDS and (last.round == ROUNDS or last.winner is not None)
    stored = [Action.from_json(json.loads(json.dumps(a.to_json()))) for a in taken]
    assert GAME.replay(players, {}, stored) == last
    for state in states[:: max(1, len(states) // 20)]:
        assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state
        assert sum(state.deck) + sum(map(len, state.hands)) + len(state.visible) <= 12
        for action in state.legal_actions():
            assert state.label(action) and "None" not in state.label(action)


@settings(max_examples=80, deadline=None)
@given(players, seeds, st.integers(0, 400), actions)
def test_wrong_moves_are_refused_with_a_sentence_and_change_nothing(players, seed, cut, bad):
    states, _ = random_game(random.Random(seed), players)
    state = states[min(cut, len(states) - 1)]
    chance = state.chance()
    legal = state.legal_actions()
    before = state.to_json()
    try:
        state.apply(bad)
    except IllegalAction as refusal:
        sentence = str(refusal)
        assert SENTENCE.fullmatch(sentence), sentence
        assert not any(word in sentence for word in PYTHON_TALK), sentence
    else:
        assert bad in legal or (chance is not None and bad.kind in ("throw", "draw"))
    assert state.to_json() == before
