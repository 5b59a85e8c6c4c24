"""Risk 'n' Roll advice: what it offers at each decision, and its values played for real."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from companion.advice import Advice, best_action, for_state
from companion.advice.risknroll import advise
from companion.advice.risknroll_tables import bust_chance
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


def test_in_the_final_round_a_bank_that_cannot_win_is_never_the_advice():
    # Bob's last turn, 1110 behind: banking 360 is worth 360 points and loses for sure.
    state = thrown((1, 5, 6, 6, 6, 2), totals=(2510, 1400), seat=1, final_round=True)
    advice = advise(state)
    assert advice[0].action["then"] == "roll" and advice[0].best
    banks = [a for a in advice if a.action["then"] == "bank"]
    assert not any(a.best for a in banks)
    assert advice[-len(banks):] == banks


def test_in_the_final_round_a_bank_that_takes_the_lead_is_ranked_as_usual():
    state = thrown((1, 5, 6, 6, 6, 2), totals=(2010, 1900), seat=1, final_round=True)
    assert advise(state) == advise(replace(state, final_round=False))


def test_no_advice_while_the_table_supplies_chance_or_for_unknown_games():
    assert advise(GAME.new(2)) == []  # the card draw
    assert advise(drawn("Deuces").apply(Action("card", play=False))) == []  # the throw
    assert for_state(replace(thrown((1, 2, 3, 4, 4, 6)), game="charidice")) == []
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
