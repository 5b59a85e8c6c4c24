"""A 216 game: the Offer, Served Games, Help cards, the second roll, compensation, the end."""

from __future__ import annotations

import pytest
from two_sixteen_script import OFFER, at, new, offer, play, started

from companion import rules
from companion.rules import CHANCE, TERMINAL, Action, Draw, IllegalAction, Throw, View
from companion.rules.two_sixteen import CARDS, FULL_HELP, GAME, help_results, shifted

# --- setting up ------------------------------------------------------------------------


def test_the_game_is_registered_with_its_options_version_and_description():
    assert rules.get("216") is GAME
    assert {o.name: (o.default, o.choices) for o in GAME.options} == {
        "target": (100, (100, 150, 200, 250, 300, 400, 500)),
        "solo": (False, (False, True)),
    }
    assert GAME.version == 1 and GAME.description


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new(players)


def test_solo_needs_two_seats_the_ai_second():
    with pytest.raises(IllegalAction) as refused:
        new(3, solo=True)
    assert str(refused.value) == "Solo is you against the AI: play it with 2 seats, the AI second."


def test_the_offer_is_four_draws_then_the_first_roll():
    state = new(3)
    for k in range(1, 5):
        draw = state.chance()
        assert isinstance(draw, Draw) and draw.why == f"Offer card {k} of 4"
        assert state.current_player() == CHANCE
        state = play(state, offer(*OFFER)[k - 1])
    assert state.offer == OFFER and len(state.deck) == 66
    assert state.chance() == Throw(3, why="P1: first roll")


def test_a_card_named_twice_is_refused_and_the_state_is_unchanged():
    state = play(new(), "draw Sum 7")
    with pytest.raises(IllegalAction, match="Sum 7 is in the Offer already"):
        play(state, "draw Sum 7")
    assert state.offer == ("Sum 7",)
    assert "Sum 7" not in dict(state.chance().cards)


def test_dice_outside_one_to_six_are_refused():
    state = started()
    for bad in ("throw 0 2 3", "throw 1 2 7"):
        with pytest.raises(IllegalAction, match="numbers from 1 to 6, not"):
            play(state, bad)
    with pytest.raises(IllegalAction, match="Expected 3 dice, got 2."):
        play(state, "throw 1 2")
    assert state == started()


# --- the first roll: Served Game -----------------------------------------------------------


def test_served_with_extra_points_scores_general_and_bonus_then_refills_at_once():
    state = play(started(), "throw 1 2 4")
    assert state.current_player() == 0 and state.phase == "first"
    legal = state.legal_actions()
    assert play(state, "claim Sum 7 points") and {a.get("bonus") for a in legal
                                                   if a.kind == "claim"} == {"points", "help"}
    state = play(state, "claim Sum 7 points")
    assert state.totals == (15, 0) and state.message == "P1 served Sum 7: +15"
    assert state.discards == ("Sum 7",) and state.offer == ("Triple 6", "No 6", "Straight")
    assert state.chance().why == "Refill the Offer" and state.turn() == 0
    state = play(state, "draw Sum 10")
    assert state.offer == ("Triple 6", "No 6", "Straight", "Sum 10")
    assert state.seat == 1 and state.chance() == Throw(3, why="P2: first roll")


def test_served_with_a_help_card_scores_general_only_and_draws_before_the_refill():
    state = play(started(), "throw 1 2 4", "claim Sum 7 help")
    assert state.totals == (10, 0) and state.chance().deck == "Help"
    state = play(state, "draw Wild")
    assert state.hands[0] == ("Wild",) and state.chance().why == "Refill the Offer"
    state = play(state, "draw Sum 10")
    assert state.seat == 1 and state.hands == (("Wild",), ())


def test_a_help_card_cannot_be_played_the_turn_it_was_taken():
    state = play(started(), "throw 1 2 4", "claim Sum 7 help", "draw Wild")
    with pytest.raises(IllegalAction, match="took Wild this turn: a Help card can be used from"):
        play(state, "help Wild 1 6")
    assert state.hands[0] == ("Wild",) and state.phase == "refill"


def test_several_cards_fulfilled_one_is_taken_of_your_choice():
    state = play(new(), *offer("Sum 7", "No 6", "Straight", "Triple 6"), "throw 1 2 4")
    claimed = {a["card"] for a in state.legal_actions() if a.kind == "claim"}
    assert claimed == {"Sum 7", "No 6"}
    state = play(state, "claim No 6 points")
    assert state.totals == (3, 0) and "Sum 7" in state.offer


@pytest.mark.parametrize(("card", "refusal"), [
    ("Sum 10", "Sum 10 is not in the Offer."),
    ("", 'Claim: card must be a name, not "".'),
    ("sum 7", "Name a card of the Offer: Sum 7, Triple 6, No 6, Straight."),
])
def test_a_claim_of_a_card_not_in_the_offer_is_refused_in_a_sentence(card, refusal):
    """An empty or unknown name once read " is not in the Offer." (conformance suite)."""
    state = play(started(), "throw 1 2 4")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("claim", card=card, bonus="points"))
    assert str(refused.value) == refusal
    assert state == play(started(), "throw 1 2 4")


# --- Help cards ----------------------------------------------------------------------------


def test_a_fulfilment_with_help_cards_scores_the_general_score_only():
    state = at(started(), hands=(("+1/-1", "Wild"), ()))
    state = play(state, "throw 1 2 5", "help +1/-1 5 4")
    assert state.dice == (1, 2, 4) and state.helped and state.hands[0] == ("Wild",)
    assert state.help_discards == ("+1/-1",)
    with pytest.raises(IllegalAction, match="with Help cards scores its General Score only"):
        play(state, "claim Sum 7 points")
    state = play(state, "claim Sum 7")
    assert state.totals == (10, 0) and state.chance().why == "Refill the Offer"


@pytest.mark.parametrize(("card", "value", "results"), [
    ("+1/-1", 6, (1, 5)), ("+1/-1", 1, (2, 6)), ("+2/-2", 5, (1, 3)), ("+2/-2", 1, (3, 5)),
    ("+2/-2", 3, (1, 5)), ("Opposite", 3, (4,)), ("Opposite", 1, (6,)),
    ("Wild", 2, (1, 3, 4, 5, 6)),
])
def test_help_cards_wrap_round_the_die(card, value, results):
    assert help_results(card, value) == results
    assert shifted(6, 1) == 1 and shifted(1, -2) == 5 and shifted(4, -2) == 2


def test_help_cards_stack_on_one_die():
    state = at(started(), hands=(("+1/-1", "+2/-2"), ()))
    state = play(state, "throw 1 1 2", "help +2/-2 2 4", "help +1/-1 4 5")
    assert state.dice == (1, 1, 5) and state.hands[0] == ()


def test_a_help_card_you_do_not_hold_is_refused():
    state = at(play(started(), "throw 1 1 2"), hands=(("Opposite",), ("Wild",)))
    with pytest.raises(IllegalAction, match="P1 has no Wild card to play."):
        play(state, "help Wild 1 6")
    with pytest.raises(IllegalAction, match="The Opposite card turns a 2 into 5."):
        play(state, "help Opposite 2 4")


def test_a_help_card_made_to_give_another_value_is_refused_in_a_sentence():
    """The refusal once began with the card's name, "+1/-1 turns...": not a sentence."""
    state = at(play(started(), "throw 1 1 2"), hands=(("+1/-1",), ()))
    with pytest.raises(IllegalAction) as refused:
        play(state, "help +1/-1 2 4")
    assert str(refused.value) == "The +1/-1 card turns a 2 into 1 or 3."


def test_reroll_cards_do_not_count_as_the_second_roll():
    state = at(started(), hands=(("Reroll 1", "Reroll 3"), ()))
    state = play(state, "throw 1 5 5", "help Reroll 3")
    assert state.chance() == Throw(3, why="P1: Reroll card, 3 dice")
    state = play(state, "throw 2 3 5", "help Reroll 1 5")
    assert state.view().aside == (2, 3) and state.chance().count == 1
    state = play(state, "throw 6")
    assert state.phase == "first" and state.rolls == 1 and state.dice == (2, 3, 6)
    claims = [a for a in state.legal_actions() if a.kind == "claim"]
    assert claims == [Action("claim", card="No 6")] or all("bonus" not in a.to_json()
                                                          for a in claims)
    assert any(a.kind == "reroll" for a in state.legal_actions())


def test_a_modified_die_may_be_kept_for_the_second_roll():
    state = at(started(), hands=(("Wild",), ()))
    state = play(state, "throw 1 2 6", "help Wild 1 6", "reroll 2")
    assert state.view().aside == (6, 6) and state.chance() == Throw(1, why="P1: second roll, 1 die")
    state = play(state, "throw 6", "claim Triple 6")
    assert state.totals == (20, 0)


# --- the second roll -----------------------------------------------------------------------


def test_a_fulfilment_may_be_ignored_for_the_second_roll():
    state = play(started(), "throw 1 2 4")
    assert Action("reroll", dice=(1, 2)) in state.legal_actions()
    state = play(state, "reroll 2 1")
    assert state.chance() == Throw(2, why="P1: second roll, 2 dice") and state.view().aside == (4,)
    state = play(state, "throw 5 6")
    assert state.phase == "second" and state.rolls == 2
    assert not any(a.kind == "reroll" for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="after the second roll scores its General Score"):
        play(state, "claim Straight points")
    state = play(state, "claim Straight")
    assert state.totals == (7, 0)


def test_the_first_roll_ends_only_with_a_claim_or_the_second_roll():
    state = play(started(), "throw 1 6 6")
    assert {a.kind for a in state.legal_actions()} == {"reroll"}
    with pytest.raises(IllegalAction, match="Roll again first"):
        play(state, "pass")
    with pytest.raises(IllegalAction, match="is not in the roll 1 6 6"):
        play(state, "reroll 1 1 1")


def test_help_cards_after_the_second_roll():
    state = at(started(), hands=(("Opposite",), ()))
    state = play(state, "throw 1 1 3", "reroll 1 1", "throw 2 6", "help Opposite 2 5")
    assert state.dice == (3, 5, 6) and state.phase == "second"
    assert play(state, "pass").hands[0] == ()


def test_giving_up_a_fulfilment_for_a_help_card_keeps_the_card_in_the_offer():
    state = play(started(), "throw 1 1 3", "reroll 1 1", "throw 2 4")
    assert state.label(Action("pass")) == "Give up: take Help"
    state = play(state, "pass")
    assert state.totals == (0, 0) and state.offer == OFFER
    state = play(state, "draw Opposite")
    assert state.seat == 1 and state.hands[0] == ("Opposite",) and state.offer == OFFER


def test_compensation_a_help_card_when_nothing_is_fulfilled():
    state = play(started(), "throw 1 1 3", "reroll 3", "throw 6")
    assert state.legal_actions() == (Action("pass"),)
    assert state.label(Action("pass")) == "No match: take Help"
    state = play(state, "pass", "draw Reroll 3")
    assert state.hands[0] == ("Reroll 3",) and state.seat == 1 and state.totals == (0, 0)


# --- the decks -----------------------------------------------------------------------------


def test_an_empty_objective_deck_is_reshuffled_from_the_discards():
    state = at(play(started(), "throw 1 2 4", "claim Sum 7 points"),
               deck=(), discards=("Sum 7", "Sum 10"))
    assert dict(state.chance().cards) == {"Sum 10": 1, "Sum 7": 1}
    state = play(state, "draw Sum 7")
    assert state.deck == ("Sum 10",) and state.discards == ()


def test_an_empty_help_deck_is_reshuffled_and_a_card_in_a_hand_cannot_come_up():
    state = at(play(started(), "throw 1 2 4", "claim Sum 7 help"),
               help_deck=(), help_discards=("Wild",), hands=(("Wild",) * 2, ()))
    assert state.chance().cards == (("Wild", 1),)
    with pytest.raises(IllegalAction, match="Every Opposite card is in a hand or the discards"):
        at(state, help_discards=("Wild",)).apply(Action("draw", card="Opposite"))
    assert play(state, "draw Wild").hands[0] == ("Wild",) * 3


def test_with_every_help_card_in_hands_the_compensation_is_nothing():
    state = at(play(started(), "throw 1 1 3", "reroll 3", "throw 6"),
               help_deck=(), help_discards=(), hands=(FULL_HELP, ()))
    assert state.label(Action("pass")) == "End turn (no Help left)"
    state = play(state, "pass")
    assert state.seat == 1 and state.message.endswith("; no Help card is left")


# --- the end -------------------------------------------------------------------------------


def test_reaching_100_finishes_the_round_then_the_highest_wins():
    state = at(started(3), totals=(95, 0, 0))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    assert state.seat == 1 and not state.is_over()
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.is_over() and state.winners() == (0,) and state.current_player() == TERMINAL
    assert state.message == "P1 wins with 110"  # the winner, then what decided it


def test_a_tie_at_100_or_more_plays_whole_rounds_until_one_player_is_higher():
    state = at(started(), totals=(95, 110))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert not state.is_over() and state.tie and state.seat == 0
    assert state.message.startswith("Tie at 110: another round; ")  # the tie first
    assert "tie round" in state.view().lines[0]
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.tie and not state.is_over()
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Opposite")
    state = play(state, "throw 6 6 6", "claim Triple 6 points", "draw Sum 3")
    assert state.is_over() and state.winners() == (1,) and state.totals == (110, 140)


def test_the_long_variant_plays_to_the_agreed_target():
    state = at(started(target=150), totals=(140, 0))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.is_over() and state.winners() == (0,)
    state = at(started(target=150), totals=(100, 0))
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert not state.is_over()


def test_the_agreed_target_is_any_number_above_100_up_to_500():
    """Ruling T11: "a higher target score (e.g. 150 or 200 points)" gives examples."""
    state = at(started(target=143), totals=(133, 0))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    assert not state.is_over()
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.is_over() and state.winners() == (0,) and state.totals[0] == 148
    assert GAME.new(2, {"target": 500}).target == 500
    for wrong in (99, 501, 100_000, True, "150"):
        with pytest.raises(IllegalAction, match=f"^Option target cannot be {wrong!r}; choose "
                                                "a number from 100 to 500.$"):
            GAME.new(2, {"target": wrong})


# --- solo: the AI challenge ----------------------------------------------------------------


def test_solo_the_ai_takes_the_lowest_general_score_inside_your_last_apply():
    state = play(started(solo=True), "throw 1 1 3", "reroll 3", "throw 6", "pass")
    state = play(state, "draw Wild")
    assert state.seat == 1 and state.turn() == 1 and state.totals == (0, 2)
    assert state.message == "P2 takes No 6: +2" and "No 6" not in state.offer
    assert state.chance().why == "Refill the Offer" and state.chance().why
    state = play(state, "draw Sum 10")
    assert state.seat == 0 and state.chance() == Throw(3, why="P1: first roll")


def test_solo_the_ai_turn_keeps_nothing_of_your_turn():
    """Your second roll's "reroll" once stayed owed into the AI's turn: a state that
    differed from the same position reached otherwise (conformance suite, TURN_FIELDS)."""
    state = play(started(solo=True), "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.turn() == 1 and state.phase == "refill"
    assert (state.throwing, state.rolls, state.dice, state.fresh) == ("first", 0, (), ())


def test_solo_a_tie_for_the_lowest_is_yours_to_choose():
    state = play(new(solo=True), *offer("Sum 10", "Sum 11", "Triple 6", "Sum 7"),
                 "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.phase == "choose" and state.current_player() == 0 and state.turn() == 1
    assert state.legal_actions() == (Action("choose", card="Sum 10"),
                                     Action("choose", card="Sum 11"))
    with pytest.raises(IllegalAction, match="Choose the card P2 takes: Sum 10, Sum 11."):
        play(state, "choose Sum 7")
    state = play(state, "choose Sum 11")
    assert state.totals == (0, 8) and state.label(Action("choose", card="Sum 11"))
    assert state.offer == ("Sum 10", "Triple 6", "Sum 7") and state.phase == "refill"


def test_solo_you_win_when_you_reach_100_before_the_ai_even_if_it_passes_you():
    state = at(started(solo=True), totals=(95, 99))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    assert state.totals == (110, 101) and state.message.startswith("P2 takes")
    state = at(state, totals=(110, 120))
    state = play(state, "draw Sum 3")
    assert state.is_over() and state.winners() == (0,)
    assert state.message == "You win: 100 reached before P2"  # P2 the higher


def test_solo_the_ai_wins_when_it_reaches_100_first():
    state = at(started(solo=True), totals=(0, 99))
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild", "draw Sum 10")
    assert state.is_over() and state.winners() == (1,)
    assert state.message == "P2 wins with 101"


def test_solo_a_tie_plays_on_as_in_a_multiplayer_game():
    state = at(started(solo=True), totals=(100, 98))
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild", "draw Sum 10")
    assert state.totals == (100, 100) and state.tie and not state.is_over()
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Opposite")
    state = play(state, "draw Sum 11")
    assert state.is_over() and state.winners() == (1,)


# --- what the screen shows -----------------------------------------------------------------


def test_the_view_shows_the_roll_the_offer_and_the_usable_hand():
    state = at(play(started(), "throw 1 2 4"), hands=(("Wild", "Wild"), ()))
    view = state.view()
    assert view.dice == (1, 2, 4)
    assert view.lines == ("Roll 1/2", *OFFER, "Help: Wild x2")
    assert state.label(Action("claim", card="Sum 7", bonus="points")) == "Sum 7 +10+5"
    assert state.label(Action("help", card="Wild", die=1, to=6)) == "Wild: 1 to 6"
    assert all(len(name) <= 12 for name in CARDS)


def test_every_kind_of_step_is_labelled_as_the_screen_and_the_log_say_it():
    state = play(started(), "throw 1 2 4")
    assert state.label(Action("throw", dice=(1, 2, 4))) == "Threw 1 2 4"
    assert state.label(Action("draw", card="Wild")) == "Drew Wild"
    assert state.label(Action("claim", card="Sum 7", bonus="points")) == "Sum 7 +10+5"
    assert state.label(Action("claim", card="Sum 7", bonus="help")) == "Sum 7 +10+Help"
    assert state.label(Action("claim", card="Sum 7")) == "Sum 7 +10"
    assert state.label(Action("help", card="Reroll 3")) == "Reroll 3 card"
    assert state.label(Action("help", card="Reroll 1", die=4)) == "Reroll 1 card: the 4"
    assert state.label(Action("reroll", dice=(1, 2))) == "Roll the 1 2 again"
    assert state.label(Action("choose", card="Sum 7")) == "P2 takes Sum 7"


def test_a_help_card_out_of_its_time_is_refused_with_the_reason_of_that_time():
    before_the_roll = at(started(), hands=(("Wild",), ()))
    with pytest.raises(IllegalAction) as refused:
        play(before_the_roll, "help Wild 1 6")
    assert str(refused.value) == "Help cards are played after a roll, on your own turn."
    choosing = play(new(solo=True), *offer("Sum 10", "Sum 11", "Triple 6", "Sum 7"),
                    "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    choosing = at(choosing, hands=(("Wild", "Reroll 3"), ()))
    assert choosing.phase == "choose"
    with pytest.raises(IllegalAction) as refused:
        play(choosing, "help Reroll 3")
    assert str(refused.value) == "Choose P2's card first."
    taken = play(started(), "throw 1 2 4", "claim Sum 7 help", "draw Wild")
    with pytest.raises(IllegalAction) as refused:
        play(taken, "help Wild 1 6")
    assert str(refused.value) == ("P1 took Wild this turn: a Help card can be used from the "
                                  "turn after.")


def test_the_table_acts_between_the_decisions_of_a_turn_and_nobody_after_the_end():
    """Whose move it is at every step of a turn: the table reveals, throws, deals a Help
    card and refills; the seat on turn decides; the seat on turn stays named throughout."""
    state = new()
    assert (state.phase, state.current_player(), state.turn()) == ("offer", CHANCE, 0)
    state = at(play(state, *offer()), totals=(95, 0))
    assert (state.phase, state.current_player(), state.turn()) == ("throw", CHANCE, 0)
    state = play(state, "throw 1 2 4")
    assert (state.phase, state.current_player(), state.turn()) == ("first", 0, 0)
    state = play(state, "claim Sum 7 help")
    assert (state.phase, state.current_player(), state.turn()) == ("help", CHANCE, 0)
    state = play(state, "draw Wild")
    assert (state.phase, state.current_player(), state.turn()) == ("refill", CHANCE, 0)
    state = play(state, "draw Sum 10")
    assert (state.phase, state.current_player(), state.turn()) == ("throw", CHANCE, 1)
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6")
    assert (state.phase, state.current_player(), state.turn()) == ("second", 1, 1)
    state = play(state, "pass")
    assert (state.phase, state.current_player(), state.turn()) == ("help", CHANCE, 1)
    state = play(state, "draw Opposite")
    assert state.winners() == (0,) and state.totals == (105, 0)
    assert (state.phase, state.current_player(), state.turn()) == ("over", TERMINAL, None)


@pytest.mark.parametrize(("hand", "line"), [
    ((), "Help: none"),
    (("Wild",), "Help: Wild"),
    (("+1/-1", "+1/-1", "Wild"), "Help: +1/-1 x2, Wild"),
    (("+1/-1", "Opposite", "Reroll 3"), "Help: +1/-1, Opposite, Reroll 3"),
])
def test_the_help_line_names_each_card_once_with_its_copies_and_none_for_an_empty_hand(
        hand, line):
    state = at(play(started(), "throw 1 2 4"), hands=(hand, ()))
    assert state.view().lines == ("Roll 1/2", *OFFER, line)


def test_the_view_after_the_second_roll_shows_roll_2_of_2_and_the_three_dice():
    state = at(started(), hands=(("Opposite",), ()))
    state = play(state, "throw 1 1 3", "reroll 1 1", "throw 2 6")
    assert state.phase == "second"
    assert state.view() == View(dice=(2, 3, 6), lines=("Roll 2/2", *OFFER, "Help: Opposite"))
    state = play(state, "help Opposite 2 5")
    assert state.view() == View(dice=(3, 5, 6), lines=("Roll 2/2", *OFFER, "Help: none"),
                                message="P1 plays Opposite: 2 to 5")


def test_once_the_turn_is_decided_the_view_shows_no_dice_and_says_what_happened():
    claimed = play(started(), "throw 1 2 4", "claim Sum 7 points")
    assert claimed.view() == View(lines=("To 100", "Triple 6", "No 6", "Straight", "Help: none"),
                                  message="P1 served Sum 7: +15")
    passed = play(started(), "throw 1 1 3", "reroll 3", "throw 6", "pass")
    assert passed.phase == "help"
    assert passed.view() == View(lines=("To 100", *OFFER, "Help: none"),
                                 message="No match for P1")


def test_a_tie_round_is_shown_beside_the_target():
    state = at(started(), totals=(95, 110))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild")
    assert state.tie and state.phase == "throw"
    assert state.view() == View(
        lines=("To 100 tie round", "Triple 6", "No 6", "Straight", "Sum 10", "Help: none"),
        message="Tie at 110: another round; P2 takes Wild")
    state = play(state, "throw 1 2 4")
    assert state.view().lines[0] == "Roll 1/2 tie round"


def test_the_help_line_is_the_hand_of_the_player_on_turn_never_the_ais_nor_after_the_end():
    two = at(play(started(), "throw 1 2 4", "claim Sum 7 points", "draw Sum 10"),
             hands=(("Wild",), ("Opposite",)))
    assert two.seat == 1 and two.view().lines[-1] == "Help: Opposite"
    solo = at(started(solo=True), hands=(("Wild",), ()))
    assert solo.view().lines == ("To 100", *OFFER, "Help: Wild")
    ai = play(solo, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Reroll 1")
    assert ai.turn() == 1 and ai.phase == "refill"
    assert ai.view() == View(lines=("To 100", "Sum 7", "Triple 6", "Straight"),
                             message="P2 takes No 6: +2")
    over = at(started(), totals=(95, 0), hands=(("Wild",), ("Opposite",)))
    over = play(over, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10",
                "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Reroll 3")
    assert over.is_over()
    assert over.view() == View(lines=("To 100", "Triple 6", "No 6", "Straight", "Sum 10"),
                               message="P1 wins with 110")


# --- refusals in full ------------------------------------------------------------------------


FIRST_ROLL = ("throw 1 2 4",)
SECOND_ROLL = ("throw 1 1 3", "reroll 3", "throw 6")
SECOND_ROLL_TAKES = "Claim a card, play a Help card, or end the turn."


@pytest.mark.parametrize(("steps", "move", "refusal"), [
    (FIRST_ROLL, Action("pass"),
     "Roll again first: a turn ends after the second roll, or with a claim."),
    (FIRST_ROLL, Action("choose", card="Sum 7"), "Claim a card, play a Help card, or roll again."),
    (FIRST_ROLL, Action("throw", dice=(1, 2, 3)),
     "Claim a card, play a Help card, or roll again."),
    (SECOND_ROLL, Action("reroll", dice=(1,)),
     "You have had your second roll: claim a card, or take a Help card."),
    (SECOND_ROLL, Action("choose", card="Sum 7"), SECOND_ROLL_TAKES),
    (SECOND_ROLL, Action("draw", card="Sum 7"), SECOND_ROLL_TAKES),
])
def test_a_move_the_roll_does_not_take_is_told_what_this_roll_takes(steps, move, refusal):
    """After the second roll there is no rolling again: once told "or roll again"."""
    state = play(started(), *steps)
    with pytest.raises(IllegalAction) as refused:
        state.apply(move)
    assert str(refused.value) == refusal


@pytest.mark.parametrize(("claim", "refusal"), [
    (Action("claim", card="Triple 6", bonus="points"), "1 2 4 does not fulfil Triple 6."),
    (Action("claim", card="Sum 7"), "Choose the Served bonus: points or a Help card."),
])
def test_a_claim_refused_after_the_first_roll_says_what_the_dice_lack_or_what_to_add(
        claim, refusal):
    state = play(started(), "throw 1 2 4")
    with pytest.raises(IllegalAction) as refused:
        state.apply(claim)
    assert str(refused.value) == refusal


@pytest.mark.parametrize(("reroll", "refusal"), [
    (Action("reroll"), "Reroll needs dice: a list of 1 to 3 numbers from 1 to 6."),
    (Action("reroll", dice=()), "Reroll: dice must be a list of 1 to 3 numbers from 1 to 6,"
                                " not []."),
    (Action("reroll", dice=(1, 2, 4, 4)), "Reroll: dice must be a list of 1 to 3 numbers from"
                                          " 1 to 6, not [1, 2, 4, 4]."),
    (Action("reroll", dice=(6,)), "6 is not in the roll 1 2 4."),
    (Action("reroll", dice=(4, 4)), "4 4 is not in the roll 1 2 4."),
    (Action("reroll", dice=(1, 7)), "Reroll: dice must be a list of 1 to 3 numbers from 1 to 6,"
                                    " not [1, 7]."),
])
def test_dice_to_roll_again_that_are_not_in_the_first_roll_are_refused_in_a_sentence(
        reroll, refusal):
    state = play(started(), "throw 1 2 4")
    with pytest.raises(IllegalAction) as refused:
        state.apply(reroll)
    assert str(refused.value) == refusal


def test_after_the_second_roll_rolling_again_is_refused_whatever_the_dice():
    state = play(started(), "throw 1 1 3", "reroll 1 1", "throw 2 6")
    for dice in ((3,), (2, 3, 6), (1, 1)):
        with pytest.raises(IllegalAction) as refused:
            state.apply(Action("reroll", dice=dice))
        assert str(refused.value) == ("You have had your second roll: claim a card, or take a"
                                      " Help card.")


@pytest.mark.parametrize(("help_card", "refusal"), [
    (Action("help", card="Joker"), "There is no Help card 'Joker'."),
    (Action("help"), "Help needs card: a name."),
    (Action("help", card="Reroll 3", die=1), "Reroll 3 rolls all three dice: name no die."),
    (Action("help", card="Reroll 1", die=1, to=2),
     "Reroll 1 rolls one die: name it, nothing else."),
    (Action("help", card="Wild", die=5, to=6), "There is no die showing 5 to change."),
    (Action("help", card="Reroll 1", die=5), "There is no die showing 5 to change."),
    (Action("help", card="Wild", to=6), "Name the die to change, by the number it shows."),
])
def test_a_help_card_played_wrongly_is_refused_with_what_to_name(help_card, refusal):
    state = at(play(started(), "throw 1 1 2"), hands=(("Reroll 1", "Reroll 3", "Wild"), ()))
    with pytest.raises(IllegalAction) as refused:
        state.apply(help_card)
    assert str(refused.value) == refusal


# --- every step of a turn, in full -----------------------------------------------------------


@pytest.mark.parametrize(("hands", "steps", "message"), [
    ((), ("draw Sum 7",), "Offer: Sum 7"),
    ((), (*offer(), "throw 1 2 4", "claim Sum 7 help"), "P1 served Sum 7: +10 and a Help card"),
    ((), (*offer(), "throw 1 1 3", "reroll 1 3", "throw 2 4", "claim No 6"), "P1 fulfils No 6: +2"),
    ((), (*offer(), "throw 1 1 3", "reroll 1 1", "throw 2 4", "pass"),
     "P1 gives up the points"),
    (("Reroll 1", "Reroll 3"), (*offer(), "throw 1 5 5", "help Reroll 3"), "P1 plays Reroll 3"),
    (("Reroll 1", "Reroll 3"), (*offer(), "throw 1 5 5", "help Reroll 1 5"),
     "P1 plays Reroll 1 on a 5"),
])
def test_each_step_of_a_turn_says_what_happened_in_the_players_words(hands, steps, message):
    state = play(at(new(), hands=(hands, ())) if hands else new(), *steps)
    assert state.message == message and state.view().message == message


def test_the_help_card_owed_is_drawn_for_the_player_on_turn_from_the_whole_deck():
    whole = (("+1/-1", 6), ("+2/-2", 6), ("Opposite", 5), ("Reroll 1", 5), ("Reroll 3", 5),
             ("Wild", 3))
    served = play(started(), "throw 1 2 4", "claim Sum 7 help")
    assert served.chance() == Draw("Help", whole, why="P1 takes a Help card")
    passed = play(started(), "throw 1 2 4", "claim Sum 7 points", "draw Sum 10",
                  "throw 1 1 3", "reroll 3", "throw 6", "pass")
    assert passed.chance() == Draw("Help", whole, why="P2 takes a Help card")


def test_the_dice_to_roll_again_are_offered_one_die_first_then_two_then_all_three():
    state = play(started(), "throw 1 1 3")
    rerolls = [a for a in state.legal_actions() if a.kind == "reroll"]
    assert [a["dice"] for a in rerolls] == [(1,), (3,), (1, 1), (1, 3), (1, 1, 3)]
    assert [state.label(a) for a in rerolls] == [
        "Roll the 1 again", "Roll the 3 again", "Roll the 1 1 again", "Roll the 1 3 again",
        "Roll the 1 1 3 again"]


@pytest.mark.parametrize(("hands", "steps"), [
    ((), ("throw 1 1 3", "reroll 1 3", "throw 2 4")),
    (("+1/-1",), ("throw 1 2 5", "help +1/-1 5 4")),
])
def test_a_roll_that_fulfils_two_cards_without_the_served_bonus_may_claim_either(hands, steps):
    """"If any roll happens to fulfill more than one Objective Card in the Offer, you may
    only take one, of your choice": after the second roll, and after Help cards too."""
    state = play(at(started(), hands=(hands, ())), *steps)
    assert state.dice == (1, 2, 4)
    assert [a for a in state.legal_actions() if a.kind == "claim"] == [
        Action("claim", card="Sum 7"), Action("claim", card="No 6")]
    state = play(state, "claim No 6")
    assert state.totals == (2, 0) and state.offer == ("Sum 7", "Triple 6", "Straight")


def test_every_help_card_in_the_hand_is_offered_on_every_face_it_can_change():
    state = at(play(started(), "throw 1 1 2"), hands=(("+1/-1", "Reroll 1"), ()))
    assert [a for a in state.legal_actions() if a.kind == "help"] == [
        Action("help", card="+1/-1", die=1, to=2), Action("help", card="+1/-1", die=1, to=6),
        Action("help", card="+1/-1", die=2, to=1), Action("help", card="+1/-1", die=2, to=3),
        Action("help", card="Reroll 1", die=1), Action("help", card="Reroll 1", die=2)]
    state = play(state, "help +1/-1 2 3")
    assert state.dice == (1, 1, 3) and state.hands[0] == ("Reroll 1",)


def test_a_help_card_taken_this_turn_is_left_off_the_help_line_until_the_next_turn():
    state = at(started(), hands=(("Wild",), ()))
    state = play(state, "throw 1 2 4", "claim Sum 7 help", "draw Wild")
    assert state.phase == "refill" and state.hands[0] == ("Wild", "Wild")
    assert state.view().lines == ("To 100", "Triple 6", "No 6", "Straight", "Help: Wild")
    state = play(state, "draw Sum 10", "throw 1 1 3", "reroll 3", "throw 6", "pass",
                 "draw Opposite")
    assert state.seat == 0 and state.view().lines[-1] == "Help: Wild x2"


# --- a turn's leftovers ------------------------------------------------------------------------


def test_after_a_turn_played_with_help_cards_the_next_player_can_still_be_served():
    """"WITHOUT using Help Cards" is the turn's own: the last player's card counts not."""
    state = at(started(), hands=(("Wild",), ()))
    state = play(state, "throw 1 2 6", "help Wild 6 4", "claim Sum 7", "draw Sum 10")
    assert state.seat == 1 and state.totals == (10, 0)
    state = play(state, "throw 6 6 6")
    assert {a.get("bonus") for a in state.legal_actions() if a.kind == "claim"} == {
        "points", "help"}
    state = play(state, "claim Triple 6 points")
    assert state.totals == (10, 30) and state.message == "P2 served Triple 6: +30"


TURN = ("dice", "kept", "throwing", "rolls", "helped", "fresh", "refill_after_help")
"""The fields of a turn (as the conformance suite's TURN_FIELDS lists them for 216)."""


@pytest.mark.parametrize("turn", [
    ("throw 1 2 4", "claim Sum 7 help", "draw Wild", "draw Sum 10"),
    ("throw 1 2 6", "help Wild 6 4", "claim Sum 7", "draw Sum 10"),
    ("throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Opposite"),
])
def test_the_next_turn_starts_as_the_first_one_did_whatever_the_last_turn_held(turn):
    first = at(started(), hands=(("Wild",), ()))
    state = play(first, *turn)
    assert state.seat == 1 and state.phase == "throw"
    assert {k: state.to_json()[k] for k in TURN} == {k: first.to_json()[k] for k in TURN}


def test_between_a_roll_and_the_throw_it_asks_for_only_the_dice_kept_aside_are_stored():
    """The state replay --json publishes: the dice of the last roll are not still in
    front of the player while some are being thrown again, nor kept once thrown."""
    state = at(started(), hands=(("Reroll 1",), ()))
    state = play(state, "throw 1 2 4", "help Reroll 1 4")
    assert (state.to_json()["dice"], state.to_json()["kept"]) == ((), (1, 2))
    state = play(state, "throw 5")
    assert (state.to_json()["dice"], state.to_json()["kept"]) == ((1, 2, 5), ())
    state = play(state, "reroll 5 1")
    assert (state.to_json()["dice"], state.to_json()["kept"]) == ((), (2,))
    state = play(state, "throw 6 6")
    assert (state.to_json()["dice"], state.to_json()["kept"]) == ((2, 6, 6), ())


def test_every_state_of_a_game_stores_true_or_false_for_its_yes_or_no_fields():
    """Never null, as the stored JSON and replay --json show them."""
    state = at(started(), hands=(("Reroll 3", "Wild"), ()))
    steps = ("throw 1 2 4", "claim Sum 7 help", "draw Opposite", "draw Sum 10",
             "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild",
             "throw 1 2 6", "help Reroll 3", "throw 1 2 6", "help Wild 6 4", "claim No 6",
             "draw Sum 11")
    seen = {state.phase}
    for step in steps:
        state = play(state, step)
        seen.add(state.phase)
        data = state.to_json()
        assert all(isinstance(data[k], bool) for k in (
            "solo", "helped", "refill_after_help", "tie")), (step, data)
        assert all(isinstance(data[k], tuple) for k in ("dice", "kept", "fresh")), (step, data)
    assert seen == {"throw", "first", "second", "help", "refill"}


# --- refusals and the end, word for word ---------------------------------------------------


def test_an_objective_card_already_discarded_cannot_be_drawn_until_the_deck_runs_out():
    state = play(started(), "throw 1 2 4", "claim Sum 7 points")
    with pytest.raises(IllegalAction) as refused:
        play(state, "draw Sum 7")
    assert str(refused.value) == "Sum 7 is in the discards until the deck runs out."


def test_while_the_offer_is_refilled_a_claim_of_a_card_in_it_is_told_to_draw_first():
    state = play(started(), "throw 1 2 4", "claim Sum 7 points")
    for claim in ("claim No 6 points", "claim Sum 7 points"):
        with pytest.raises(IllegalAction) as refused:
            play(state, claim)
        assert str(refused.value) == "Draw a card from the Objective deck first."
    assert state.phase == "refill" and state.totals == (15, 0)


def test_an_action_the_game_does_not_have_is_refused_with_what_may_be_done():
    state = play(started(), "throw 1 2 4")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("choose", card="Sum 7"))
    assert str(refused.value) == "Claim a card, play a Help card, or roll again."
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("bank"))
    assert str(refused.value) == ('There is no action "bank" in this game; its actions are'
                                  " draw, throw, claim, help, reroll, pass, choose.")


def test_once_the_game_is_over_every_action_is_refused_as_such():
    state = at(started(), totals=(95, 0), hands=(("Wild",), ("Wild",)))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10",
                 "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Reroll 3")
    assert state.is_over()
    for step in ("throw 1 2 4", "draw Sum 11", "claim Triple 6", "help Wild 1 6", "pass",
                 "reroll 1", "choose Sum 10"):
        with pytest.raises(IllegalAction) as refused:
            play(state, step)
        assert str(refused.value) == "The game is over."


def test_the_second_player_winning_is_named_in_the_last_message():
    state = at(started(), totals=(0, 95))
    state = play(state, "throw 1 1 3", "reroll 3", "throw 6", "pass", "draw Wild",
                 "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    assert state.is_over() and state.winners() == (1,) and state.totals == (0, 110)
    assert state.message == "P2 wins with 110"


def test_solo_exactly_100_is_reaching_it_before_the_ai_even_if_the_ai_ends_higher():
    """"If you reach 100 points before the AI, you win the game" (Ruling T12): 100 is
    reaching it ("reaches or exceeds 100 points")."""
    state = at(started(solo=True), totals=(85, 99))
    state = play(state, "throw 1 2 4", "claim Sum 7 points", "draw Sum 10")
    assert state.totals == (100, 101) and state.message == "P2 takes No 6: +2"
    state = play(state, "draw Sum 3")
    assert state.is_over() and state.winners() == (0,)
    assert state.message == "You win: 100 reached before P2"
