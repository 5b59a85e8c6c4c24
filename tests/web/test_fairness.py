"""Are the dice fair? The chi-square test computed without SciPy, checked against
values in every statistics table, and the stored throws counted per die."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import Action
from companion.rules.charidice import DICE
from companion.web import fairness
from companion.web.fairness import chi2_critical, chi2_sf, throws_to_tell, upper_gamma


@pytest.mark.parametrize("x, df, p", [
    (3.841459, 1, 0.05), (6.634897, 1, 0.01), (11.070498, 5, 0.05), (15.086272, 5, 0.01),
    (1.145476, 5, 0.95), (4.351460, 5, 0.5), (20.515006, 5, 0.001), (124.342113, 100, 0.05),
])
def test_the_survival_function_matches_the_tables(x, df, p):
    assert chi2_sf(x, df) == pytest.approx(p, rel=1e-5)
    assert chi2_critical(df, p) == pytest.approx(x, rel=1e-5)


@given(st.floats(0, 200))
def test_two_degrees_of_freedom_is_an_exponential(x):
    assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9, abs=1e-300)


@given(st.floats(0.1, 50), st.floats(0, 100))
def test_the_upper_gamma_is_a_probability_falling_with_x(a, x):
    q = upper_gamma(a, x)
    assert 0 <= q <= 1
    assert upper_gamma(a, x + 1) <= q + 1e-12


def test_throws_to_tell_match_cohens_table():
    # Cohen (1988), table 7.4.6: w = 0.1, 5 degrees of freedom, power 0.80 at 0.05: n = 1283
    w = 0.1
    shift = w / math.sqrt(6 * 2)  # one face up and one down by this: w^2 = 2 * 6 * shift^2
    probabilities = [1 / 6 + shift, 1 / 6 - shift, *[1 / 6] * 4]
    assert throws_to_tell(probabilities) == pytest.approx(1283, abs=2)
    with pytest.raises(ValueError):
        throws_to_tell([1 / 6] * 6)


def test_a_bigger_bias_takes_fewer_throws_to_tell():
    needs = [throws_to_tell(fairness.favoured(6, c)) for c in (0.2, 0.25, 0.3, 0.5)]
    assert needs == sorted(needs, reverse=True) and needs[0] > 1000 > needs[-1]


class Stored:
    """A stored game as the store hands it back (the fields weigh reads)."""

    def __init__(self, game, players, actions, version=1):
        self.id, self.game, self.players, self.options = 1, game, players, {}
        self.actions, self.version = [a.to_json() for a in actions], version


def test_risk_n_roll_dice_are_pooled_and_counted_face_by_face():
    from companion.rules.risknroll import GAME

    rng = random.Random(3)
    state, actions = GAME.new(2), []
    while len(actions) < 200 and not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance is not None else rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    thrown = sum(len(a["dice"]) for a in actions if a.kind == "throw")
    report = fairness.weigh([Stored("risknroll", 2, actions)])
    assert [d.name for d in report.dice] == ["Risk 'n' Roll 2000: its dice, pooled"]
    die = report.dice[0]
    assert die.faces == (1, 2, 3, 4, 5, 6) and die.throws == thrown


def test_charidice_counts_each_physical_die_apart():
    from companion.rules.charidice import GAME

    state = GAME.new(2)
    throw = state.chance()
    faces = tuple(die[0] for die in DICE)  # every die shows its 1
    action = throw.action(faces)
    report = fairness.weigh([Stored("charidice", 2, [action])])
    assert len(report.dice) == 6
    assert all(d.throws == 1 and d.counts[0] == 1 for d in report.dice)
    assert {d.name.split("the ")[-1] for d in report.dice} == {f"{c} 1" for _, c in faces}


def test_a_loaded_die_is_found_and_a_fair_one_is_not():
    fair = fairness.Die("fair", (1, 2, 3, 4, 5, 6), (100, 98, 103, 99, 101, 99))
    loaded = fairness.Die("loaded", (1, 2, 3, 4, 5, 6), (60, 60, 60, 60, 60, 200))
    assert fair.p > 0.9 and "nothing unfair" in fair.verdict()
    assert loaded.p < 1e-6 and "look at this die" in loaded.verdict()
    few = fairness.Die("few", (1, 2, 3, 4, 5, 6), (1, 2, 0, 0, 3, 1))
    assert "too few to test" in few.verdict()


def test_a_game_that_cannot_be_replayed_is_counted_as_skipped():
    bad = Stored("risknroll", 2, [Action("throw", dice=(9,))])
    report = fairness.weigh([bad])
    assert report.skipped == 1 and "could not be replayed" in report.summary()


def test_companion_stats_prints_the_players_and_the_dice(tmp_path, capsys):
    import json

    from companion.cli import main
    from companion.rules.risknroll import GAME
    from companion.store import Store

    rng = random.Random(5)
    path = tmp_path / "companion.db"
    with Store(path) as store:
        game = store.new_game("risknroll", 2, {}, ["Ann", "Bo"])
        state = GAME.new(2)
        while not state.is_over():
            chance = state.chance()
            action = chance.sample(rng) if chance is not None else rng.choice(
                state.legal_actions())
            store.append(game, action.to_json())
            state = state.apply(action)
        store.finish(game, state.scores(), state.winners())
    assert main(["stats", "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann: 1 games" in out and "Risk 'n' Roll 2000: its dice, pooled" in out
    assert "chi-square" in out and "more" in out
    assert main(["stats", "--store", str(path), "--json", "--bias", "0.25"]) == 0
    data = json.loads(capsys.readouterr().out)
    (die,) = data["dice"]
    assert die["bias"] == 0.25 and sum(die["counts"]) == die["throws"] > 0
    assert die["throws_to_tell"] == throws_to_tell(fairness.favoured(6, 0.25))
    assert 0 <= die["p"] <= 1 and {p["name"] for p in data["players"]} == {"Ann", "Bo"}
