"""Risk 'n' Roll advice: what it offers at each decision, and its values played for real."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from companion.advice import Advice, best_action, for_state
from companion.advice.risknroll import advise
from companion.advice.risknroll_last_turn import Stakes, win_table
from companion.advice.risknroll_tables import bust_chance, turn_rules
from companion.rules import Action, risknroll

GAME = risknroll.GAME


def drawn(card: str, players: int = 2):
    return GAME.new(players).apply(Action("draw", card=card))


def thrown(dice: tuple[int, ...], card: str | None = None, **fields):
    state = (
        drawn(card).apply(Action("card", play=True))
        if card
        else GAME.new(2, {"action_cards": False})
    )
    return replace(state, **fields).apply(Action("throw", dice=dice))


def test_every_legal_keep_is_ranked_best_first_with_its_label():
    state = thrown((1, 2, 3, 3, 5, 6))
    advice = advise(state)
    assert {a.action for a in advice} == set(state.legal_actions())
    assert [a.value for a in advice] == sorted((a.value for a in advice), reverse=True)
    assert all(a.label == state.label(a.action) for a in advice)
    assert advice[0].best and not advice[-1].best
    assert best_action(state) == advice[0].action


def test_bank_has_no_bust_chance_and_roll_has_the_next_throws():
    state = thrown((1, 2, 3, 3, 5, 6))
    by_action = {a.action: a for a in advise(state)}
    assert by_action[Action("keep", dice=(1, 5), then="bank")].bust is None
    assert by_action[Action("keep", dice=(1, 5), then="bank")].value == 60
    assert by_action[Action("keep", dice=(1, 5), then="roll")].bust == pytest.approx(bust_chance(4))
    assert by_action[Action("keep", dice=(5,), then="roll")].bust == pytest.approx(bust_chance(5))


def test_with_a_fresh_six_rolling_on_beats_banking():
    advice = advise(thrown((1, 2, 3, 4, 4, 6)))
    assert advice[0].action == Action("keep", dice=(1,), then="roll")


def test_a_big_total_with_one_die_left_banks():
    state = thrown((2, 3, 5), turn_points=1500, dice_left=3)
    assert best_action(state) == Action("keep", dice=(5,), then="bank")


def test_double_time_banks_double_and_an_earned_bonus_adds_it():
    doubled = {
        a.action: a.value
        for a in advise(thrown((1, 3, 4), "Double Time", turn_points=400, dice_left=3))
    }
    assert doubled[Action("keep", dice=(1,), then="bank")] == 820
    bonus = thrown((5, 3), "Bonus Time 250", turn_points=600, dice_left=2, earned=True)
    assert {a.action: a.value for a in advise(bonus)}[Action("keep", dice=(5,), then="bank")] == 900


def test_rolling_out_must_throw_six_and_the_deuces_count():
    state = thrown((2, 5), "Deuces", turn_points=300, dice_left=2)
    advice = {a.action: a for a in advise(state)}
    out = advice[Action("keep", dice=(2, 5), then="roll")]
    assert out.bust == 0.0  # with Deuces six dice always score something
    assert Action("keep", dice=(2, 5), then="bank") not in advice
    assert advice[Action("keep", dice=(2,), then="bank")].value == 320


def test_no_harm_rolls_on_whatever_the_total():
    state = thrown((1, 3, 4), "No Harm/No Foul", turn_points=3000, dice_left=3)
    assert best_action(state) == Action("keep", dice=(1,), then="roll")


def test_the_card_is_played_when_it_helps_and_declined_when_it_cannot():
    assert best_action(drawn("Double Time")) == Action("card", play=True)
    play, decline = sorted(advise(drawn("Double Time")), key=lambda a: not a.action["play"])
    assert play.value == pytest.approx(2 * decline.value)
    plague = advise(drawn("The Plague"))
    assert plague[0].value == pytest.approx(plague[1].value) and all(a.best for a in plague)


def test_plus_minus_takes_the_leader_down():
    state = replace(
        drawn("Plus/Minus", players=4),
        phase="target",
        card_in_play=True,
        totals=(900, 300, 1200, 300),
    )
    advice = advise(state)
    assert [a.action["player"] for a in advice] == [2, 1, 3]
    assert [a.best for a in advice] == [True, False, False]


def three(dice, card: str | None = None, **fields):
    """A throw of a three-player game (the last seat is the third)."""
    if card:
        state = GAME.new(3).apply(Action("draw", card=card)).apply(Action("card", play=True))
    else:
        state = GAME.new(3, {"action_cards": False})
    return replace(state, **fields).apply(Action("throw", dice=dice))


@pytest.mark.parametrize("players, seat", [(2, 1), (3, 1)])
def test_in_the_final_round_a_bank_that_cannot_win_is_never_the_advice(players, seat):
    # 1110 behind: banking 360 is worth 360 points and loses (the last seat's for sure;
    # an earlier seat's unless a later Plus/Minus takes 200 off the leader)
    throw = thrown if players == 2 else three
    state = throw((1, 5, 6, 6, 6, 2), totals=(2510, 1400, 0)[:players], seat=seat,
                  final_round=True)
    advice = advise(state)
    assert advice[0].action["then"] == "roll" and advice[0].best
    banks = [a for a in advice if a.action["then"] == "bank"]
    assert not any(a.best for a in banks)
    assert advice[-len(banks):] == banks


def test_the_last_turn_banks_a_win_in_hand_rather_than_chase_points():
    # the last seat, 100 behind: 1 5 5 banked wins; rolling five dice is worth more
    # points on average but wins only when the turn then banks 100 or more
    state = three((1, 3, 3, 5, 5, 6), totals=(2000, 0, 1900), seat=2, final_round=True)
    advice = advise(state)
    assert advice[0].action == Action("keep", dice=(1, 5, 5), then="bank")
    assert advice[0].best and advice[0].detail == "wins" and advice[0].value == 110
    assert not any(a.best for a in advice[1:])
    richest = max(advice, key=lambda a: a.value)
    assert richest.action["then"] == "roll" and richest.detail.startswith("wins ")
    banks = {a.action["dice"]: a.detail for a in advice if a.action["then"] == "bank"}
    assert banks[(5, 5)] == "ties" and banks[(1, 5)] == "loses"  # 2000 to 2000; 1960
    assert advice[-1].detail == "loses"
    chances = [_percent(a.detail) for a in advice]
    assert chances == sorted(chances, reverse=True)


def test_a_sure_win_banks_rather_than_rolls_on_under_no_harm():
    """Every option wins once the turn points alone do (a belly up keeps them under No
    Harm/No Foul): the star went to the roll worth most points, and the advice rolled
    on until a belly up."""
    state = three((1, 5, 2, 3, 4, 6), "No Harm/No Foul", totals=(2000, 0, 1900), seat=2,
                  final_round=True, turn_points=150)
    advice = advise(state)
    assert all(a.detail == "wins" for a in advice)
    assert advice[0].action == Action("keep", dice=(1, 5), then="bank") and advice[0].best
    assert not any(a.best for a in advice[1:])


def test_small_chances_to_win_are_told_apart():
    state = GAME.new(3).apply(Action("draw", card="Double Time"))
    state = replace(state, totals=(4020, 0, 0), seat=2, final_round=True)
    details = {a.action["play"]: a.detail for a in advise(state)}
    assert details == {True: "wins 0.4%", False: "wins <0.1%"}  # were both "wins 1%"


def _percent(detail: str) -> float:
    """The chance to win a menu shows, in percent (a tie shares the win)."""
    words = {"wins": 100, "ties": 100, "loses": 0}
    if detail in words:
        return words[detail]
    return float(detail.split()[1].strip("<>%"))


def test_the_last_turn_under_double_time_banks_the_win():
    # a demo game's last turn: 780 turn points doubled on 1030 wins against 2550
    state = three((3, 4, 4, 5, 6, 6), "Double Time", totals=(2550, 160, 1030), seat=2,
                  final_round=True, turn_points=780)
    best = advise(state)[0]
    assert best.action == Action("keep", dice=(5,), then="bank") and best.detail == "wins"
    after = state.apply(best.action)
    assert after.is_over() and after.winners() == (2,)


def test_outside_the_final_round_the_last_seats_bank_to_the_target_comes_first():
    state = three((2, 3, 4, 5, 6, 6), totals=(1900, 1950, 1980), seat=2)
    advice = advise(state)
    assert advice[0].action == Action("keep", dice=(5,), then="bank")
    assert advice[0].best and advice[0].detail == "wins"
    assert not any(a.best for a in advice[1:])
    assert all(a.detail is None for a in advice[1:])  # the rest by points, as usual
    earlier = three((2, 3, 4, 5, 6, 6), totals=(1900, 1980, 1950), seat=1)
    assert all(a.detail is None for a in advise(earlier))  # a later seat still plays


def play_last_turn(state, rng: random.Random) -> bool:
    """The rest of the last turn through the rules engine, the advice choosing: won?"""
    seat = state.seat
    while not state.is_over():
        chance = state.chance()
        state = state.apply(chance.sample(rng) if chance else best_action(state))
    return seat in state.winners()


@pytest.mark.parametrize("card", [None, "Plus/Minus", "The Plague", "Double Time"])
def test_the_last_turns_chance_to_win_is_what_the_engine_pays_out(card):
    """From the card decision of the game's last turn, 350 behind the leader: the advised
    chance to win against 1500 turns played out by the engine with seeded dice."""
    state = GAME.new(3).apply(Action("draw", card=card or "The Plague"))
    state = replace(state, totals=(2100, 1950, 1750), seat=2, final_round=True)
    advice = advise(state)
    chosen = advice[0] if card else next(a for a in advice if not a.action["play"])
    start = state.apply(chosen.action)
    played = card if chosen.action["play"] else None
    chance = win_table(turn_rules(played), Stakes.of(state.totals, 2, played)).throw_chance(
        0, 6, False)
    assert chosen.detail == f"wins {round(100 * chance)}%"
    rng = random.Random(7)
    wins = [play_last_turn(start, rng) for _ in range(1500)]
    error = statistics.pstdev(wins) / len(wins) ** 0.5
    assert abs(statistics.fmean(wins) - chance) < 4 * error, (statistics.fmean(wins), chance)


def test_no_advice_while_the_table_supplies_chance_or_for_unknown_games():
    assert advise(GAME.new(2)) == []  # the card draw
    assert advise(drawn("Deuces").apply(Action("card", play=False))) == []  # the throw
    assert for_state(replace(thrown((1, 2, 3, 4, 4, 6)), game="nosuchgame")) == []
    assert isinstance(for_state(thrown((1, 2, 3, 4, 4, 6)))[0], Advice)


def play_turn(card: str | None, rng: random.Random) -> int:
    """One whole turn through the rules engine, the advice choosing, seeded dice."""
    if card:
        state = drawn(card).apply(Action("card", play=True))
    else:
        state = GAME.new(2, {"action_cards": False})
    while state.seat == 0 and state.phase in ("throw", "choose"):
        chance = state.chance()
        state = state.apply(chance.sample(rng) if chance else best_action(state))
    return state.totals[0]


def fresh_turn_value(card: str | None) -> float:
    """The advised value of playing `card` (None: of declining one) before the first throw."""
    values = {a.action["play"]: a.value for a in advise(drawn(card or "The Plague"))}
    return values[card is not None]


@pytest.mark.parametrize(
    "card", [None, "Double Time", "Deuces", "No Harm/No Foul", "Bonus Time 300"]
)
def test_the_expected_turn_score_is_what_the_engine_pays_out(card):
    rng = random.Random(2000)
    turns = [play_turn(card, rng) for _ in range(4000)]
    mean = statistics.fmean(turns)
    error = statistics.stdev(turns) / len(turns) ** 0.5
    assert abs(mean - fresh_turn_value(card)) < 4 * error, (mean, error)


def test_the_expectation_advice_is_kept_for_the_tourney_and_unknown_aims_are_refused():
    state = GAME.new(2).apply(Action("draw", card="The Plague"))
    assert advise(state, "points") == advise(state)
    with pytest.raises(ValueError, match="no aim"):
        advise(state, "fun")
