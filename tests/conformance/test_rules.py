"""Every game keeps the core's contract under random play: a state is a frozen value that
round-trips through JSON, every refusal is a sentence that changes nothing, an action by a
seat that may not act is refused, every turn starts afresh, and the game ends.

Parametrised over `rules.GAMES` (each game under each of its option settings) and the
fake games of tests/rules/test_core_fit.py, so a game registered later is held to it too.
Modelled on OpenSpiel's python/tests/games_sim_test.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from conformance_games import FAKE_GAMES, TURN_FIELDS, params
from random_play import near_misses, played, random_game

from companion import rules
from companion.rules import CHANCE, TERMINAL, Action, IllegalAction, Throw

SEEDS = (3, 4)
"""Two random games per game and setting: the suite runs in seconds."""
PROBED = 40
"""Steps of each game at which near misses and actions by other seats are tried."""
SENTENCE = re.compile(r"[A-Z0-9][^\n]*[.!?]")
PYTHON_TALK = ("None", "Action(", "Traceback", "{", "}", "()", "'kind'", "tuple", "NoneType")


def _json(value):
    return json.loads(json.dumps(value))


def assert_sentence(refused: IllegalAction) -> None:
    message = str(refused)
    assert SENTENCE.fullmatch(message), message
    assert not any(word in message for word in PYTHON_TALK), message


def players_for(game, options: dict, seed: int) -> int:
    """The fewest players, or (every other seed) a few more, within the game's range and
    what its options allow (216's solo is two seats, and says so)."""
    if seed % 2:
        return game.min_players
    more = min(game.max_players, game.min_players + 2)
    try:
        game.new(more, options)
    except IllegalAction:
        return game.min_players
    return more


def check_whose(state) -> None:
    """current_player, turn, chance and legal_actions tell one story."""
    seat, legal = state.current_player(), state.legal_actions()
    own = [a for a in legal if a.get("by") is None]
    if state.is_over():
        assert seat == TERMINAL and state.turn() is None and state.chance() is None
        assert legal == () and state.winners()
    elif state.chance() is not None:
        assert seat == CHANCE and own == [] and 0 <= state.turn() < state.players
    else:
        assert 0 <= seat < state.players and own and 0 <= state.turn() < state.players
        assert not state.winners()
    for action in legal:
        by = action.get("by")
        assert by is None or (0 <= by < state.players and by != seat)


def check_round_trips(game, state, action: Action) -> None:
    assert dataclasses.is_dataclass(state) and type(state).__dataclass_params__.frozen
    assert game.from_json(_json(state.to_json())) == state
    for each in (*state.legal_actions(), action):
        assert Action.from_json(_json(each.to_json())) == each
        label = state.label(each)
        assert isinstance(label, str) and label.strip()


def check_refusals(game, state, rng: random.Random, fake: bool) -> None:
    """Near misses are refused with a sentence and leave the state as it was; one that is
    taken must be a legal action (or chance outcome) in other words."""
    # an equal state sharing nothing with this one, rebuilt from its JSON (which
    # check_round_trips holds to the state): a deep copy of 216's cards took much longer
    before_json = state.to_json()
    before = game.from_json(_json(before_json))
    assert before == state and before is not state
    legal = state.legal_actions()
    chance = state.chance()
    results = None
    for action in near_misses(state, rng, typed=fake):
        try:
            after = state.apply(action)
        except IllegalAction as refused:
            assert_sentence(refused)
            assert state == before
            continue
        assert state == before
        if action in legal:
            continue
        if chance is not None and action.kind in ("throw", "draw"):
            chance.check(action)  # another spelling of an outcome the chance allows
            continue
        if results is None:
            results = [state.apply(a) for a in legal]
        assert after in results, f"{action!r} was taken but is not legal here"
    # a state's JSON is built from its fields, which `==` compares after each refusal: one
    # look at the end shows that no refusal left a change there either (a JSON per refusal
    # cost 216's long games most of their time)
    assert state.to_json() == before_json


def check_by(state) -> None:
    """An action named as another seat's (`by`) is taken only when that seat may act."""
    legal = state.legal_actions()
    seat = state.current_player()
    for model in legal[:4]:
        args = {k: v for k, v in model.args if k != "by"}
        for by in range(state.players):
            action = Action(model.kind, **args, by=by)
            if action in legal or (by == seat and model.get("by") is None):
                continue
            with pytest.raises(IllegalAction) as refused:
                state.apply(action)
            assert_sentence(refused.value)
        with pytest.raises(IllegalAction, match="Name the player who acts"):
            state.apply(Action(model.kind, **args, by=state.players))


def check_turn_starts(game, states) -> int:
    """Every turn after the first starts as the game's first turn did; returns the turns."""
    first = states[0].to_json()
    fields = TURN_FIELDS.get(game.name, ())
    first_throw = None
    turns, throw_seen = 1, False
    for old, new in zip(states, states[1:]):
        chance = old.chance()
        if isinstance(chance, Throw) and not throw_seen:
            shape = (chance.count, chance.faces, chance.colours)
            if first_throw is None:
                first_throw = shape
            assert shape == first_throw, f"turn {turns} began with another throw"
            throw_seen = True
        if new.is_over() or new.turn() == old.turn():
            continue
        turns, throw_seen = turns + 1, False
        view = new.view()
        assert view.dice == () and view.aside == (), "the last turn's dice are still shown"
        now = new.to_json()
        for name in fields:
            assert now[name] == first[name], f"{name} was not reset for the next turn"
    return turns


@pytest.mark.parametrize("case", params())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_play_keeps_every_contract_to_the_end(case, seed):
    game, rng = case.game, random.Random(seed)
    players = players_for(game, case.options, seed)
    states, taken = random_game(game, players, case.options, seed)
    probed = set(range(0, len(taken), max(1, len(taken) // PROBED)))
    for step, (state, action) in enumerate(zip(states, taken)):
        check_whose(state)
        check_round_trips(game, state, action)
        if step in probed or state.turn() != states[step - 1].turn():
            check_refusals(game, state, rng, case.fake)
    final = states[-1]
    check_whose(final)
    with pytest.raises(IllegalAction) as refused:
        final.apply(taken[-1])
    assert_sentence(refused.value)
    assert game.from_json(_json(final.to_json())) == final
    stored = [Action.from_json(a) for a in _json([a.to_json() for a in taken])]
    assert game.replay(players, case.options, stored) == final
    turns = check_turn_starts(game, states)
    assert turns >= max(2, players) and sum(final.scores()) > 0, "several turns that score"


@pytest.mark.parametrize("case", params())
@pytest.mark.parametrize("seed", SEEDS)
def test_an_action_by_a_seat_that_may_not_act_is_refused(case, seed):
    """Every game's `apply` calls `core.check_by` first: a `by` naming a seat that may not
    act now is refused, never taken as the current player's move."""
    states, taken = played(case.game, players_for(case.game, case.options, seed), case.options,
                           seed)
    for step in range(0, len(taken), max(1, len(taken) // PROBED)):
        check_by(states[step])


def test_every_registered_game_names_the_fields_of_its_turn():
    missing = sorted(set(rules.GAMES) - set(TURN_FIELDS))
    assert not missing, f"add {missing} to TURN_FIELDS in tests/conformance/conformance_games.py"


@pytest.mark.parametrize("case", params(select=lambda case: case.options))
def test_a_non_default_option_changes_the_game_and_its_replay(case):
    game = case.game
    players = game.min_players
    assert game.new(players, case.options) != game.new(players, {})
    states, taken = random_game(game, players, case.options, seed=5)
    assert game.replay(players, case.options, taken) == states[-1]
    try:
        as_defaults = game.replay(players, {}, taken)
    except IllegalAction:
        return
    assert as_defaults != states[-1]


@pytest.mark.parametrize(
    "game", [pytest.param(g, id=g.name) for g in (*rules.GAMES.values(), *FAKE_GAMES)]
)
def test_players_and_options_outside_the_game_are_refused_with_a_sentence(game):
    for players in (game.min_players - 1, game.max_players + 1, "2", None):
        with pytest.raises(IllegalAction) as refused:
            game.new(players)
        assert_sentence(refused.value)
    for players in (game.min_players, game.max_players):
        assert game.new(players).players == players
    with pytest.raises(IllegalAction) as refused:
        game.new(game.min_players, {"no_such_option": True})
    assert_sentence(refused.value)
    for option in game.options:
        for value in option.choices:
            assert game.check_options({option.name: value})[option.name] == value
        for wrong in ("yes", 99, 1.5, (), *(not c for c in option.choices
                                                  if isinstance(c, bool))):
            if any(type(wrong) is type(c) and wrong == c for c in option.choices):
                continue
            with pytest.raises(IllegalAction) as refused:  # (says the value as given)
                game.new(game.min_players, {option.name: wrong})
            assert SENTENCE.fullmatch(str(refused.value))


@pytest.mark.parametrize(
    "game", [pytest.param(g, id=g.name) for g in (*rules.GAMES.values(), *FAKE_GAMES)]
)
def test_the_game_says_who_it_is_for(game):
    assert game.name in rules.GAMES and rules.get(game.name) is game
    assert game.version >= 1 and game.title and game.min_players <= game.max_players
    assert game.new(game.min_players).game == game.name
