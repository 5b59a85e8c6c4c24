"""Every kind of action every game declares, fuzzed: arguments of the wrong type (true for
a number, null, strings), numbers huge and negative, lists too long, names missing and
names no kind takes. Each is refused with a sentence and leaves the state as it was, or
is taken only if it is legal there (a move in other words, a chance outcome the table
may give): the core's check of an action against its game's declaration
(`core.check_action`) comes before the game's own `play`, so none reaches it unchecked.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import played
from test_rules import _json, assert_sentence

from companion import rules
from companion.rules import Action, IllegalAction

GAMES = [pytest.param(game, id=game.name) for game in rules.GAMES.values()]
WORDS = ("magenta", "grey", "colour", "different", "points", "help", "roll", "bank", "Wild",
         "To 6", "Deuces", "x" * 41, "")
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from((-1, 0, 1, 2, 6, 7, 22, 67, 77, 99, 2**63)),
    st.text(max_size=12),
    st.sampled_from(WORDS),
)
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=8).map(tuple),
                   st.lists(st.integers(1, 7), min_size=0, max_size=9).map(tuple))
NAMES = ("by", "extra", "then", "dice", "colours", "card", "die", "to", "way", "bonus",
         "result", "play", "player")


def twisted(value):
    """A legal argument with one thing wrong: a die of a list or a number given as true,
    as a string or as another value."""
    if isinstance(value, tuple) and value:
        return st.tuples(st.integers(0, len(value) - 1), SCALARS).map(
            lambda change: (*value[:change[0]], change[1], *value[change[0] + 1:]))
    if isinstance(value, int) and not isinstance(value, bool):
        return st.sampled_from((value == 1, str(value), None, -value, value + 2**64))
    return VALUES


@st.composite
def fuzzed(draw, state, kinds, models):
    """An action of a declared kind, most often one of the moves legal in `state`: each
    argument as a move holds it, with one thing wrong, fuzzed, or left out; sometimes a
    name added."""
    here = list(state.legal_actions())
    if state.chance() is not None:
        here.append(state.chance().sample(random.Random(draw(st.integers(0, 99)))))
    if here and draw(st.integers(0, 3)):
        chosen = draw(st.sampled_from(here))
        kind, model = chosen.kind, dict(chosen.args)
    else:
        kind = draw(st.sampled_from(sorted(kinds)))
        model = models.get(kind, {})
    args = {}
    for name in kinds[kind]:
        how = draw(st.sampled_from(("model", "twist", "twist", "fuzz", "leave")))
        if how == "model" and name in model:
            args[name] = model[name]
        elif how == "twist" and name in model:
            args[name] = draw(twisted(model[name]))
        elif how != "leave":
            args[name] = draw(VALUES)
    if draw(st.booleans()):
        args[draw(st.sampled_from(NAMES))] = draw(VALUES)
    return Action(kind, **args)


def refused_or_legal(game, state, action: Action) -> None:
    # an equal state sharing nothing with this one, rebuilt from its JSON (the contract
    # test_rules.py holds every state to): a deep copy of 216's cards took far longer
    before_json = state.to_json()
    before = game.from_json(_json(before_json))
    assert before == state and before is not state
    try:
        after = state.apply(action)
    except IllegalAction as refused:
        assert_sentence(refused)
        assert state == before and state.to_json() == before_json
        return
    assert state == before
    chance = state.chance()
    if chance is not None and action.kind in ("throw", "draw"):
        chance.check(action)  # an outcome the table may give
        return
    # another spelling of a legal move (dice in another order): its names, its result
    names = set(dict(action.args))
    assert any(legal.kind == action.kind and set(dict(legal.args)) == names
               and state.apply(legal) == after for legal in state.legal_actions()), (
        f"{action!r} was taken but is no legal move")
    after.view(), after.legal_actions(), after.chance()  # and the game goes on


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_action_fuzzed_is_refused_with_a_sentence_or_legal(game):
    kinds = type(game.new(game.min_players)).ACTIONS
    states, taken = played(game, game.min_players, {}, 3)
    models: dict[str, dict] = {}
    for action in taken:
        models.setdefault(action.kind, dict(action.args))
    for state in states[:: max(1, len(states) // 40)]:
        for action in state.legal_actions():
            models.setdefault(action.kind, dict(action.args))
    assert set(models) <= set(kinds), "a move was taken that the game does not declare"
    chosen = st.sampled_from(states[:: max(1, len(states) // 25)])

    @settings(max_examples=300, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data):
        state = data.draw(chosen)
        refused_or_legal(game, state, data.draw(fuzzed(state, kinds, models)))

    check()


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_refuses_a_name_it_does_not_take_and_names_one_it_needs(game):
    state = game.new(game.min_players)
    for kind, args in type(state).ACTIONS.items():
        with pytest.raises(IllegalAction, match=f"^{kind.capitalize()} takes no extra"):
            state.apply(Action(kind, extra=1))
        needed = [name for name, arg in args.items() if not arg.optional]
        if needed:
            with pytest.raises(IllegalAction, match=f"^{kind.capitalize()} needs {needed[0]}"):
                state.apply(Action(kind))
