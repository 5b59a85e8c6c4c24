"""Each game declares its phases once (`PHASES`, core.Phase, as boardgame.io declares
phases): who acts in each and with what. Random play holds every game to its table: the
state is always in a declared phase, who acts is the phase's, and every legal move, out of
turn too, and every outcome the table owes is a move of that phase."""

from __future__ import annotations

import random

import pytest
from random_play import played

from companion import rules
from companion.rules import CHANCE, TERMINAL
from companion.rules.core import SEAT

GAMES = [pytest.param(game, id=game.name) for game in rules.GAMES.values()]


@pytest.mark.parametrize("game", GAMES)
def test_every_state_is_in_a_declared_phase_and_moves_as_it_says(game):
    phases = type(game.new(game.min_players)).PHASES
    seen = set()
    for seed in (3, 4):
        states, taken = played(game, game.min_players, {}, seed)
        for state, action in zip(states, (*taken, None)):
            phase = phases[state.phase]
            seen.add(state.phase)
            if phase.acts == SEAT:
                assert 0 <= state.current_player() < state.players
            else:
                assert state.current_player() == phase.acts
            assert state.is_over() == (phase.acts == TERMINAL)
            assert (state.chance() is not None) == (phase.acts == CHANCE)
            kinds = {a.kind for a in state.legal_actions()}
            if state.chance() is not None:
                kinds.add(state.chance().sample(random.Random(0)).kind)
            assert kinds <= set(phase.moves), (state.phase, kinds)
            if action is not None:
                assert action.kind in phase.moves
    assert "over" in seen and len(seen) >= 3
    assert all(set(p.moves) <= set(type(game.new(game.min_players)).ACTIONS)
               for p in phases.values()), "a phase names a move the game does not declare"
