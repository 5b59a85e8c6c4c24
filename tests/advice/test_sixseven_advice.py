"""67 Six Seven advice: exact odds beside every option, checked by brute force."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.advice import ADVISORS, for_state, odds_label, sixseven
from companion.advice.sixseven import WIN_VP, later_results, ranking_vp
from companion.rules import Action, Throw
from companion.rules.sixseven import FACES, GAME, ROUNDS


def deciding(dice, hand=(), chased=False, players=4, board=(), chase="one roll"):
    state = GAME.new(players, {"chase": chase}).apply(Action("draw", card="To 6")).apply(
        Action("draw", card="±1"))
    hands = (tuple(hand),) + state.hands[1:]
    return replace(state, phase="decide", dice=dice, hands=hands, chased=chased, board=board)


def brute_win(dice, sweeps=400):
    """The chance a locked turn (after the chase) reaches 67, always rerolling when it
    may: plain repeated sweeps over the situations, no linear algebra."""
    pairs = Throw(2, faces=FACES).outcomes
    singles = list(Throw(1, faces=FACES).outcomes())
    win = {d: 0.0 for d, _ in pairs()}
    for _ in range(sweeps):
        new = {}
        for d in win:
            a, b = d
            if a == b:
                new[d] = sum(p * (1.0 if o == (6, 7) else win[o]) for o, p in pairs())
            elif (6 in d) != (7 in d):
                keep = b if b in (6, 7) else a
                new[d] = sum(p * (1.0 if tuple(sorted((keep, o))) == (6, 7)
                                  else win[tuple(sorted((keep, o)))]) for (o,), p in singles)
            else:
                new[d] = 0.0
        win = new
    return win


def test_the_advisor_is_registered_and_says_what_its_figures_mean():
    assert ADVISORS["sixseven"] == "companion.advice.sixseven"
    advice = for_state(deciding((2, 3)))
    assert [a.label for a in advice] == ["Place 32", "Place 23"]
    assert all(a.detail.startswith("0 0 ") for a in advice)
    assert odds_label("sixseven", advice) == "67% dbl% VP"  # the columns of every detail


@pytest.mark.parametrize("dice", [(2, 6), (4, 7), (5, 5), (3, 4)])
def test_the_chance_of_a_double_after_the_chase_matches_brute_force(dice):
    """Under the house rule "keep rolling" (S5) a chase is often won."""
    advice = for_state(deciding(dice, chased=True, chase="keep rolling"))
    best = advice[0]
    double = float(best.detail.split()[1]) / 100
    assert double == pytest.approx(brute_win(dice)[dice], abs=0.006)
    # the values count each double as WIN_VP: never below what the double alone brings
    assert best.value >= WIN_VP * brute_win(dice)[dice] - 1e-9


def test_after_the_chase_one_roll_places_and_the_chase_is_worth_a_double_1_in_18():
    """S5 by default: the roll after the chase is placed; the chase wins 1/18 of the time."""
    for dice in ((2, 6), (5, 5), (3, 4)):
        advice = for_state(deciding(dice, chased=True))
        assert {a.action.kind for a in advice} == {"place"}
        assert all(a.detail.split()[1] == "0" for a in advice)
    chase = next(a for a in for_state(deciding((6, 7)))
                 if a.action == Action("reroll", dice=(6, 7)))
    assert float(chase.detail.split()[1]) == pytest.approx(100 / 18, abs=0.06)
    kept = next(a for a in for_state(deciding((6, 7), chase="keep rolling"))
                if a.action == Action("reroll", dice=(6, 7)))
    assert float(kept.detail.split()[1]) > 3 * float(chase.detail.split()[1])


def test_later_results_are_a_distribution_and_ranking_vp_is_exact_for_the_last_colour():
    assert sum(later_results()) == pytest.approx(1.0)
    board = ((54, 1), (54, 2), (32, 3))
    state = deciding((2, 3), board=board)
    # the last to place: its token is ahead of the equal 54s
    assert ranking_vp(state, 54) == 3 and ranking_vp(state, 43) == 1
    assert ranking_vp(state, 23) == 0


def test_a_card_that_makes_67_is_worth_its_2_vp_at_least():
    advice = {a.label: a for a in for_state(deciding((3, 7), hand=("To 6",)))}
    assert advice["Card To 6: 3 to 6"].value >= 2 + advice["Place 73"].value - 3
    assert advice["Card To 6: 3 to 6"].best


def _cleared():
    from companion.advice import sixseven

    sixseven.layer_of.cache_clear()
    sixseven.turn_for.cache_clear()
    sixseven.leaf_of.cache_clear()


def test_what_is_kept_between_queries_changes_no_odds():
    """Layers solved for one board and hand serve later queries: the odds are those of a
    query with nothing kept, for another board, another hand, a card played."""
    queries = [deciding((3, 4), hand=("To 7", "Reroll 1", "±2")),
               deciding((3, 4), hand=("To 7", "±2"), board=((54, 1),)),
               deciding((2, 5), hand=("Reroll 1", "±2")),
               deciding((5, 5), hand=("To 7",), chased=True, board=((54, 1),)),
               deciding((3, 4), hand=("±2", "To 7"), players=6)]
    warm = [{a.label: (a.value, a.detail) for a in for_state(state)} for state in queries]
    for state, kept in zip(queries, warm):
        _cleared()
        assert {a.label: (a.value, a.detail) for a in for_state(state)} == kept


def test_the_queries_of_one_turn_share_its_solved_layers():
    from companion.advice import sixseven

    _cleared()
    for_state(deciding((3, 4), hand=("To 7", "±2"), board=((54, 1),)))
    turn = sixseven.turn_for(sixseven.leaf_of(4, (54,)))
    solved = dict(turn.values)
    assert len(solved) == 5  # both cards, To 7, ±2, none, and the lock after a chase
    for_state(deciding((5, 7), hand=("±2",), board=((54, 1),)))  # To 7 played: 5 to 7
    for_state(deciding((2, 2), hand=("±2",), board=((54, 1),)))  # rerolled
    assert turn.values.keys() == solved.keys()
    assert all(turn.values[key] is solved[key] for key in solved)


def last_colour(dice, vp, board=((66, 0), (32, 1), (54, 2)), chase="one roll"):
    """Two players (four colours), the 7th round, the fourth colour (P2's) last to play."""
    state = deciding(dice, players=2, board=board, chase=chase)
    return replace(state, round=ROUNDS, placed=len(board), vp=vp, visible=())


@pytest.mark.parametrize("dice", [(4, 5), (3, 3), (2, 7)])
def test_on_the_last_turn_each_place_is_worth_what_the_game_then_says(dice):
    for vp in ((12, 9, 8, 8), (10, 10, 10, 10), (8, 9, 10, 14)):
        state = last_colour(dice, vp)
        for advice in for_state(state):
            if advice.action.kind == "place":
                after = state.apply(advice.action)
                assert after.is_over()
                assert advice.value == (1.0 if after.winners() == (1,) else 0.0)


def test_on_the_last_turn_a_sure_win_is_placed_not_chased():
    # P2's 67 (its 2 VP counted) takes 1st place and wins 24 to 23; the chase for a
    # double wins only with the double or by ending on 77 or 66 again. For VP, where
    # rerolls go on after the chase (S5's house rule), the chase is worth more (a double
    # counts 10); after one chase roll (S5 by default) placing the 67 is.
    assert sixseven.advise(last_colour((6, 7), (10, 10, 10, 11)), "points")[0].action == (
        Action("place", result=67))
    state = last_colour((6, 7), (10, 10, 10, 11), chase="keep rolling")
    advice = for_state(state)
    assert advice[0].action == Action("place", result=67) and advice[0].value == 1.0
    assert advice[0].detail.endswith("win 100%")
    chase = next(a for a in advice if a.action.kind == "reroll")
    assert 0 < chase.value < 1
    assert sixseven.advise(state, "points")[0].action.kind == "reroll"


def test_before_the_last_round_the_advice_is_the_expected_vp():
    state = deciding((3, 4))
    assert sixseven.advise(state) == sixseven.advise(state, "points")
    with pytest.raises(ValueError, match="no aim"):
        sixseven.advise(state, "fun")


def test_with_five_colours_still_to_play_a_fixed_sample_gives_the_same_chances():
    state = replace(deciding((3, 4), players=6), round=ROUNDS, visible=(),
                    vp=(10, 12, 11, 9, 10, 13))
    first = [(a.action, a.value) for a in sixseven.advise(state)]
    sixseven._leaves.cache_clear()
    assert [(a.action, a.value) for a in sixseven.advise(state)] == first
    assert all(0 <= value <= 1 for _, value in first)
