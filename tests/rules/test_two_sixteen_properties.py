"""216 random play: it never crashes, it ends, replays rebuild it, and wrong moves bounce off."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Action, IllegalAction
from companion.rules.two_sixteen import CARDS, GAME, HELP_EFFECTS, TwoSixteenState

MOST_STEPS = 100_000
SENTENCE = re.compile(r"[A-Z0-9+-][^\n]*[.!?]")
PYTHON_TALK = ("None", "Action(", "Traceback", "{", "}", "()", "'kind'", "tuple", "NoneType")

seeds = st.integers(0, 2**32 - 1)
setups = st.one_of(
    st.tuples(st.just(2), st.fixed_dictionaries({"solo": st.just(True), "target": st.just(100)})),
    st.tuples(st.integers(2, 6), st.fixed_dictionaries({"target": st.sampled_from([100, 150])})),
)


def random_game(rng, players: int, options: dict) -> tuple[list[TwoSixteenState], list[Action]]:
    """Every state and action of one game: chance sampled, a claim taken when there is one
    (else uniformly random legal choices), so that games end in a few hundred steps."""
    state = GAME.new(players, options)
    states, taken = [state], []
    while not state.is_over():
        assert len(taken) < MOST_STEPS
        chance = state.chance()
        if chance:
            action = chance.sample(rng)
        else:
            legal = state.legal_actions()
            claims = [a for a in legal if a.kind == "claim"]
            action = rng.choice(claims if claims and rng.random() < 0.8 else legal)
        state = state.apply(action)
        states.append(state)
        taken.append(action)
    return states, taken


@settings(max_examples=25, deadline=None)
@given(seed=seeds, setup=setups)
def test_random_legal_play_ends_with_a_winner_and_replays_through_json(seed, setup):
    players, options = setup
    states, taken = random_game(random.Random(seed), players, options)
    final = states[-1]
    assert final.is_over() and len(final.winners()) == 1
    assert max(final.scores()) >= final.target
    for state in states:
        cards = len(state.deck) + len(state.discards) + len(state.offer)
        helps = len(state.help_deck) + len(state.help_discards) + sum(map(len, state.hands))
        assert cards == 70 and helps == 30
    stored = json.loads(json.dumps([a.to_json() for a in taken]))
    assert GAME.replay(players, options, [Action.from_json(a) for a in stored]) == final
    for state in states[:: max(1, len(states) // 20)] + [final]:
        assert GAME.from_json(json.loads(json.dumps(state.to_json()))) == state


def near_legal(state: TwoSixteenState):
    """Actions a player, the buttons or a camera might plausibly send here, legal or not."""
    names = st.sampled_from(sorted(CARDS) + list(HELP_EFFECTS) + ["Joker"])
    die = st.integers(0, 7)
    return st.one_of(
        st.builds(lambda d: Action("throw", dice=d), st.lists(die, min_size=1, max_size=4)),
        st.builds(lambda c: Action("draw", card=c), names),
        st.builds(lambda c, b: Action("claim", card=c, bonus=b), names,
                  st.sampled_from(["points", "help", None, 3])),
        st.builds(lambda c, d, t: Action("help", card=c, die=d, to=t), names, die, die),
        st.builds(lambda c, d: Action("help", card=c, die=d), names, die),
        st.builds(lambda d: Action("reroll", dice=d), st.lists(die, max_size=4)),
        st.builds(lambda c: Action("choose", card=c), names),
        st.just(Action("pass")),
        st.builds(lambda by: Action("pass", by=by), st.integers(-1, 7)),
    )


def in_order(action: Action) -> Action:
    """The action as the rules list it: a reroll names its dice in any order (play sorts them)."""
    if action.kind == "reroll":
        return Action("reroll", dice=tuple(sorted(action["dice"])))
    return action


@settings(max_examples=40, deadline=None)
@given(seed=seeds, setup=setups, where=st.floats(0, 1), data=st.data())
def test_an_illegal_action_raises_a_sentence_and_changes_nothing(seed, setup, where, data):
    states, _ = random_game(random.Random(seed), *setup)
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


def test_a_reroll_names_its_dice_in_any_order():
    """The buttons and the camera may list a reroll's dice in any order: it is one reroll."""
    tried = 0
    for seed in range(6):
        for state in random_game(random.Random(seed), 3, {"target": 150})[0]:
            if state.chance() is not None:
                continue
            for action in state.legal_actions():
                dice = list(action.get("dice") or ()) if action.kind == "reroll" else []
                if len(set(dice)) > 1:
                    backwards = Action("reroll", dice=dice[::-1])
                    assert state.apply(backwards).to_json() == state.apply(action).to_json()
                    tried += 1
    assert tried > 20
