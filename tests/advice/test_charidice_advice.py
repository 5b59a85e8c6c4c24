"""Charidice advice against brute force: the final scores, one throw, two throws."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from itertools import combinations, product
from pathlib import Path
from statistics import mean

import pytest

from companion.advice import best_action, charidice, for_state, prepare_in_background
from companion.advice.charidice import FREE, every_score, final_scores, tables
from companion.rules import Action
from companion.rules.charidice import (
    DICE,
    DICE_FILE,
    DIE_OF,
    GIFT,
    ROUNDS,
    SHIPPED_DICE,
    CharidiceState,
    dice_table,
    donation,
    faces_of,
    points,
    scoring_choices,
)
from companion.rules.core import shipped_text

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))
from cd_script import dice_args, faces, new, play  # noqa: E402

LENA = "throw M1 M2 M3 M4 M6 B6"


def brute_final(dice) -> tuple[int, int]:
    """The best score of six dice by the rules' own list: (points, donation), less given."""
    best = max(
        (sum(points(way, scored)), -donation(f for f in dice if f not in scored))
        for way, scored in scoring_choices(tuple(sorted(dice)))
    )
    return best[0], -best[1]


def config(dice) -> tuple[int, ...]:
    index = [0] * 6
    for face in dice:
        index[DIE_OF[face]] = DICE[DIE_OF[face]].index(face)
    return tuple(index)


def test_the_final_table_is_the_best_legal_score_and_the_least_donation_among_equals():
    pts, given = (a.reshape((6,) * 6) for a in final_scores(DICE))
    rng = random.Random(3)
    for _ in range(300):
        dice = [rng.choice(die) for die in DICE]
        assert (pts[config(dice)], given[config(dice)]) == brute_final(dice)


def last_throw(kept, dice=DICE) -> float:
    """The expected points of keeping `kept` before the last throw, by enumeration."""
    free = [die for die in dice if not set(die) & set(kept)]
    return mean(brute_final([*kept, *thrown])[0] for thrown in product(*free))


@pytest.mark.parametrize("kept", ["M1 M2 M3 M4 M6", "M1 M2 M3 M4", "B2 O2 G2 Y2", "M6 B6 O6"])
def test_a_keep_before_the_last_throw_is_worth_its_exact_expectation(kept):
    assert tables(DICE).keep(faces(kept), 1)[0] == pytest.approx(last_throw(faces(kept)))


def test_a_keep_with_two_throws_left_is_worth_the_best_play_after_it():
    pts = final_scores(DICE)[0].reshape((6,) * 6)
    last = tables(DICE).points[0]

    def one_throw_left(dice) -> float:
        at = config(dice)
        keeps = (
            last[tuple(at[d] if d in kept else FREE for d in range(6))]
            for n in range(6) for kept in combinations(range(6), n)
        )
        return max(pts[at], *keeps)

    kept = faces("M1 M2 M3 M4 M6")
    free = next(die for die in DICE if not set(die) & set(kept))
    expected = mean(one_throw_left([*kept, face]) for face in free)
    assert tables(DICE).keep(kept, 2)[0] == pytest.approx(expected)


def test_after_the_last_throw_every_score_is_ranked_by_its_points():
    state = play(new(3), LENA, "keep", LENA, "keep", LENA)
    advice = for_state(state)
    assert len(advice) == len(state.legal_actions())
    assert [a.label for a in advice[:2]] == [
        "Magenta 1234: 35, give 24", "Magenta 2346: 30, give 13"]
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    assert advice[0].best and not advice[1].best and advice[0].detail == ""


def test_before_a_reroll_the_best_keep_comes_with_its_expected_points_and_gift():
    state = play(new(3), LENA)
    advice = for_state(state)
    top = advice[0]
    assert top.action == Action("keep", dice=(1, 2, 3, 4, 6), colours=("magenta",) * 5)
    value, given = tables(DICE).keep(faces("M1 M2 M3 M4 M6"), 2)
    assert top.value == value and top.detail == f"{value:.0f}pt give {given:.0f}"
    asked = for_state(state.apply(Action("gift", by=1)))
    assert asked[0].detail == f"{value:.0f}pt give {given * GIFT:.0f}"
    assert best_action(state) == top.action


def test_the_greatest_gift_is_another_seats_request_and_is_never_ranked():
    state = play(new(3), LENA)
    assert Action("gift", by=1) in state.legal_actions()
    assert all(a.action.kind != "gift" for a in for_state(state))
    assert for_state(new(3)) == []  # the table throws: nothing to decide


def test_a_score_after_the_gift_is_ranked_with_its_doubled_donation():
    state = play(new(3), "gift P2", LENA)
    advice = {a.label: a for a in for_state(state)}
    assert advice["Magenta 2346: 30, give 26"].value == 30


def last_turn(throw: str) -> CharidiceState:
    """P2's turn in the 7th round (the game's last) after "keep B1 B2 B3 B5 B6" and a
    throw of the sixth die: P1 on 270 having donated 40, P2 on 259 having donated 20."""
    rows = (((270, 0, 0, 40),) + ((0, 0, 0, 0),) * 6, ((259, 0, 0, 20),) + ((0, 0, 0, 0),) * 6)
    state = play(new(2), "throw B1 B2 B3 B5 B6 O6", "keep B1 B2 B3 B5 B6", throw)
    return replace(state, sheet=rows, round=ROUNDS, seat=1)


def own_dice() -> CharidiceState:
    """A player's own dice table: the shipped one with the colours of the 6s of dice 1 and
    2 swapped (magenta 6 and blue 6 change dice), so no die holds both magenta 5 and 6."""
    lines = shipped_text(DICE_FILE).splitlines()
    rows = [i for i, line in enumerate(lines) if line and not line.startswith("#")]
    first, second = (lines[i].rsplit("|", 1) for i in rows[:2])
    lines[rows[0]], lines[rows[1]] = f"{first[0]}| {second[1].strip()}", \
        f"{second[0]}| {first[1].strip()}"
    return dice_table("\n".join(lines) + "\n")


def test_a_game_with_its_own_dice_table_is_advised_with_that_tables_odds():
    own = own_dice()
    assert own.dice != DICE
    state = play(replace(new(2), table=own), LENA, "keep M1 M2 M3 M4 M6", "throw B6")
    shipped = play(new(2), LENA, "keep M1 M2 M3 M4 M6", "throw B6")
    advice = {a.action: a.value for a in charidice.advise(state, "points")}
    keeps = [a for a in advice if a.kind == "keep" and len(a["dice"]) >= 4]
    for keep in keeps:  # by the game's own scoring over the faces of its own dice
        assert advice[keep] == pytest.approx(last_throw(faces_of(keep), own.dice))
    # keeping the magenta 1 2 3 4 6: the shipped free die has the magenta 5 (a straight)
    magenta = Action("keep", **dice_args("M1 M2 M3 M4 M6"))
    on_shipped = {a.action: a.value for a in charidice.advise(shipped, "points")}
    assert advice[magenta] < on_shipped[magenta]
    assert on_shipped[magenta] == pytest.approx(last_throw(faces("M1 M2 M3 M4 M6")))
    assert charidice.expected_gift(state) != charidice.expected_gift(shipped)


def test_the_win_in_a_game_with_its_own_dice_table_is_counted_over_that_tables_faces():
    # P2's last turn keeping grey 1 and blue 2 3 4 5: the die thrown has the blue 6 on
    # the player's own dice (a blue straight either way), the magenta 6 on the shipped
    rows = (((270, 0, 0, 40),) + ((0, 0, 0, 0),) * 6, ((259, 0, 0, 20),) + ((0, 0, 0, 0),) * 6)
    keep = Action("keep", **dice_args("G1 B2 B3 B4 B5"))
    chances = []
    for table in (own_dice(), SHIPPED_DICE):
        state = play(replace(new(2), table=table), "throw B2 B3 B4 B5 G1 Y5",
                     "keep B2 B3 B4 B5 G1", "throw Y5")
        state = replace(state, sheet=rows, round=ROUNDS, seat=1)
        chance = next(a.value for a in charidice.advise(state) if a.action == keep)
        free = next(die for die in table.dice if (5, "yellow") in die)
        after = [state.apply(keep).apply(Action("throw", dice=(v,), colours=(c,)))
                 for v, c in free]
        brute = mean(max(share_of_p2(s.apply(a)) for a in s.legal_actions()
                         if a.kind == "score") for s in after)
        assert chance == pytest.approx(brute)
        chances.append(chance)
    assert chances[0] > chances[1]


def share_of_p2(state) -> float:
    winners = state.winners()
    return 1 / len(winners) if 1 in winners else 0.0


def test_on_the_last_turn_each_score_is_worth_what_the_game_then_says():
    state = last_turn("throw O6")
    for advice in for_state(state):
        if advice.action.kind == "score":
            assert advice.value == share_of_p2(state.apply(advice.action))


def test_on_the_last_turn_a_sure_win_is_scored_not_thrown_for_a_straight():
    # Blue 1236 gives P1 22 but makes P2 the top donor (42 to 40): 306 to 292 with the
    # charity bonus. Throwing the sixth die for the straight wins only when it lands
    # blue 4 or another 6 to give; the expectation advice threw (38 points on average).
    state = last_turn("throw O6")
    advice = for_state(state)
    assert advice[0].label == "Blue 1236: 27, give 22" and advice[0].detail == "win 100%"
    keep = next(a for a in advice if a.action == Action("keep", **dice_args("B1 B2 B3 B5 B6")))
    after = [state.apply(keep.action).apply(Action("throw", dice=(v,), colours=(c,)))
             for v, c in DICE[DIE_OF[(6, "orange")]]]
    brute = mean(max(share_of_p2(s.apply(a)) for a in s.legal_actions() if a.kind == "score")
                 for s in after)
    assert keep.value == pytest.approx(brute) and keep.detail == f"win {round(100 * brute)}%"
    assert charidice.advise(state, "points")[0].action.kind == "keep"


def test_before_the_last_round_the_advice_is_the_expectation():
    state = play(new(2), LENA)
    assert charidice.advise(state) == charidice.advise(state, "points")
    with pytest.raises(ValueError, match="no aim"):
        charidice.advise(state, "fun")


def test_the_tables_are_built_ahead_in_the_background():
    tables.cache_clear()
    every_score.cache_clear()
    prepare_in_background(("charidice", "216")).join()
    assert tables.cache_info().currsize == 1 and every_score.cache_info().currsize == 1


def test_the_player_on_the_left_asks_for_the_gift_when_this_turn_gives_more_than_waiting():
    # Lena's dice in the 6th round: her best keep (magenta 1 2 3 4 6) is expected to give
    # 11.4, more than waiting for P1's one turn left is worth (8.9), so P2 asks now;
    # in the 1st round the best of six later turns is worth more (14.2)
    lena = replace(play(new(2), LENA), round=ROUNDS - 1)
    assert charidice.expected_gift(lena) == pytest.approx(11.39, abs=0.01)
    assert charidice.asks(lena) and not charidice.asks(lena, "points")
    assert not charidice.asks(replace(lena, round=1))
    plain = play(new(2), "throw B1 G1 O1 K1 Y1 M1")  # six 1s of six colours: all scored
    assert charidice.expected_gift(plain) < charidice.waiting_worth(1)
    assert charidice.asks(replace(plain, round=ROUNDS))  # no later turn to wait for
    assert not charidice.asks(play(plain, "gift P2"))  # asked already
    fresh = new(2)  # before the first throw: a fresh turn gives 7.90 on average
    assert charidice.expected_gift(fresh) == pytest.approx(7.90, abs=0.01)
    assert charidice.request_text(fresh, Action("gift", by=1)) == "wait"
    assert charidice.request_text(replace(fresh, round=ROUNDS), Action("gift", by=1)) == "ask now"


def test_waiting_for_the_gift_is_worth_more_the_more_turns_are_left():
    worth = [charidice.waiting_worth(turns) for turns in range(ROUNDS)]
    assert worth[0] == 0 and worth == sorted(worth) and len(set(worth)) == ROUNDS
