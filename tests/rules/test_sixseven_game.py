"""A 67 Six Seven game: the reroll situations, skill cards, SIX SEVEN, the board, the end."""

from __future__ import annotations

import pytest
from sixseven_script import REVEAL, at, new, play, turns

from companion import rules
from companion.rules import CHANCE, TERMINAL, Action, IllegalAction, Throw, View
from companion.rules.sixseven import BOARD, FACES, GAME, ROUNDS, wrap


def deciding(players: int = 3, *steps: str, hand: tuple[str, ...] = ()):
    """Colour 0 holding `hand`, after the round's reveal and `steps`."""
    state = play(new(players), *REVEAL)
    hands = (hand,) + state.hands[1:]
    return play(at(state, hands=hands), *steps)


def legal(state) -> set[str]:
    return {state.label(a) for a in state.legal_actions()}


# --- setting up ------------------------------------------------------------------------


def test_the_game_is_registered_with_a_version_and_a_description():
    assert rules.get("sixseven") is GAME
    assert GAME.version == 2 and [o.name for o in GAME.options] == ["chase"]
    assert GAME.options[0].default == "one roll"
    assert GAME.options[0].choices == ("one roll", "keep rolling")
    assert "67" in GAME.description


def test_a_game_stored_under_version_1_replays_keep_rolling():
    """S5 was "keep rolling" under version 1: its games replay under that reading."""
    assert GAME.stored_options(1, {}) == {"chase": "keep rolling"}
    assert GAME.stored_options(2, {"chase": "one roll"}) == {"chase": "one roll"}
    with pytest.raises(rules.RulesChanged, match="version 3 of 67 Six Seven"):
        GAME.stored_options(3, {})


@pytest.mark.parametrize("players", [2, 3, 6])
def test_two_to_six_players_start_with_two_skill_cards_revealed(players):
    state = new(players)
    assert state.current_player() == CHANCE and state.turn() == 0
    assert state.chance().why == "Skill card 1 of 2"
    state = play(state, "reveal To 6")
    assert state.chance().why == "Skill card 2 of 2"
    assert dict(state.chance().cards)["To 6"] == 1
    state = play(state, "reveal To 6")
    assert state.visible == ("To 6", "To 6")
    assert state.chance() == Throw(2, faces=FACES, why=f"{state.name(0)}: throw 2 dice")


@pytest.mark.parametrize("players", [1, 7])
def test_other_numbers_of_players_are_refused(players):
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new(players)


# --- the reroll situations ------------------------------------------------------------


def test_doubles_keep_or_reroll_both():
    state = deciding(3, "throw 4 4")
    assert legal(state) == {"Place 44", "Reroll both"}
    state = play(state, "reroll 4 4")
    assert state.chance() == Throw(2, faces=FACES, why="P1: reroll both dice")


def test_one_6_without_a_7_keeps_either_order_or_rerolls_the_other_die():
    state = deciding(3, "throw 2 6")
    assert legal(state) == {"Place 62", "Place 26", "Reroll the 2"}
    state = play(state, "reroll 2")
    assert state.chance() == Throw(1, faces=FACES, why="P1: reroll 1 die, 6 kept")
    assert state.view().aside == (6,)
    state = play(state, "throw 5")
    assert state.dice == (5, 6) and legal(state) == {"Place 65", "Place 56", "Reroll the 5"}


def test_one_7_without_a_6_rerolls_the_die_that_is_not_the_7():
    state = deciding(3, "throw 7 4")
    assert legal(state) == {"Place 74", "Place 47", "Reroll the 4"}
    with pytest.raises(IllegalAction, match="Only the die that is not the 7 may be rerolled."):
        play(state, "reroll 7")


def test_two_different_values_not_67_are_placed_in_either_order_and_end_the_turn():
    state = deciding(3, "throw 2 3")
    assert legal(state) == {"Place 32", "Place 23"}
    with pytest.raises(IllegalAction, match="cannot be rerolled: place 32 or 23."):
        play(state, "reroll 2 3")
    state = play(state, "place 23")
    assert state.board == ((23, 0),) and state.turn() == 1 and state.phase == "throw"


def test_a_reroll_may_follow_a_reroll_while_the_situation_allows():
    state = deciding(3, "throw 3 3", "reroll 3 3", "throw 6 6", "reroll 6 6", "throw 6 3",
                     "reroll 3", "throw 3")
    assert state.dice == (3, 6) and "Reroll the 3" in legal(state)


# --- SIX SEVEN ------------------------------------------------------------------------------


def test_a_67_scores_2_vp_at_once_and_is_placed_or_chased():
    state = deciding(3, "throw 7 6", hand=("To 6",))
    assert state.vp == (2, 0, 0) and state.scores() == (2, 0, 0)
    assert state.message == "SIX SEVEN! P1 +2 VP"
    assert legal(state) == {"Place 67", "Chase a double 67"}  # S4: no card at a 67
    with pytest.raises(IllegalAction, match="6 and 7 can be placed as 67 only."):  # S2
        play(state, "place 76")


def test_after_the_chase_no_skill_cards_for_the_rest_of_the_turn():
    state = deciding(3, "throw 6 7", "reroll 6 7", "throw 3 4", hand=("To 6", "±1"))
    assert state.chased and legal(state) == {"Place 43", "Place 34"}
    assert "Cards locked" in state.view().lines
    with pytest.raises(IllegalAction, match="No skill cards after chasing a double SIX SEVEN."):
        play(state, "card To 6 3")
    state = play(state, "place 43")  # S5: the 2 VP stay, the result is the last roll
    assert state.vp == (2, 0, 0) and state.board == ((43, 0),)
    assert state.hands[0] == ("To 6", "±1")


def test_after_the_chase_one_roll_ends_the_turn():
    """S5 by default: "end your turn with the result of that last roll"."""
    for roll, places in (("2 6", {"Place 62", "Place 26"}), ("3 3", {"Place 33"}),
                         ("7 5", {"Place 75", "Place 57"})):
        state = deciding(3, "throw 6 7", "reroll 6 7", f"throw {roll}")
        assert state.chase == "one roll" and legal(state) == places
        with pytest.raises(IllegalAction, match=r"^The chase was the last roll: place \d\d"):
            play(state, f"reroll {roll.split()[0]}")
    state = play(deciding(3, "throw 6 7", "reroll 6 7", "throw 2 6"), "place 26")
    assert state.board == ((26, 0),) and state.vp == (2, 0, 0) and not state.chased
    state = deciding(3, "throw 6 7", "reroll 6 7", "throw 7 6")
    assert state.is_over() and state.winners() == (0,)


def test_after_the_chase_normal_rerolls_go_on_and_a_second_67_wins_at_once():
    state = at(deciding(3, "throw 6 7", "reroll 6 7"), chase="keep rolling")
    state = play(state, "throw 2 6")
    assert legal(state) == {"Place 62", "Place 26", "Reroll the 2"}  # S5, the house rule
    assert GAME.new(3, {"chase": "keep rolling"}).chase == "keep rolling"
    before = at(state, vp=(2, 9, 9))
    state = play(before, "reroll 2", "throw 7")
    assert state.is_over() and state.current_player() == TERMINAL
    assert state.winners() == (0,) and state.scores() == (2, 9, 9)
    assert state.message == "Double SIX SEVEN! P1 wins"
    assert state.view().lines[0] == "P1 wins: a double SIX SEVEN"


def test_a_67_made_with_a_card_scores_but_does_not_win():
    state = deciding(3, "throw 3 7", "card To 6 3", hand=("To 6",))
    assert state.dice == (6, 7) and state.vp == (2, 0, 0) and not state.is_over()
    assert state.message == "SIX SEVEN! P1 +2 VP; Played To 6: 3 to 6"  # S3


def test_the_double_in_two_player_mode_wins_for_the_colours_player():
    state = play(new(2), *REVEAL, *["throw 2 3", "place 32"] * 3, "throw 6 7", "reroll 6 7",
                 "throw 7 6")
    assert state.name(3) == "P2 B" and state.winners() == (1,)


# --- skill cards ---------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "die", "to"), [
    ("To 6", 3, 6), ("To 7", 2, 7), ("±1", 7, 2), ("±1", 2, 7), ("±1", 4, 5),
    ("±2", 2, 6), ("±2", 7, 3), ("±2", 3, 7), ("±2", 5, 3),
])
def test_cards_that_change_a_die_wrap_inside_2_to_7(card, die, to):
    other = 4 if die != 4 else 5
    state = deciding(3, f"throw {die} {other}", hand=(card, "Reroll 2"))
    step = f"card {card} {die}" + (f" {to}" if card.startswith("±") else "")
    after = play(state, step)
    assert after.dice == tuple(sorted((to, other))) and after.hands[0] == ("Reroll 2",)
    assert after.phase == "decide" and after.deck == state.deck  # discarded, not returned


def test_wrapping_follows_the_rulebook_example():
    assert wrap(2 - 2) == 6 and wrap(7 + 1) == 2 and {wrap(v) for v in range(0, 10)} == set(FACES)


def test_a_shift_card_offers_both_directions_for_each_die():
    state = deciding(3, "throw 2 5", hand=("±2",))
    assert legal(state) == {"Place 52", "Place 25", "Card ±2: 2 to 4", "Card ±2: 2 to 6",
                            "Card ±2: 5 to 3", "Card ±2: 5 to 7"}
    with pytest.raises(IllegalAction) as refused:
        play(state, "card ±2 5 6")
    assert str(refused.value) == "The ±2 card turns the 5 into 3 or 7."  # once "±2 turns..."


def test_reroll_cards_throw_one_or_both_dice_whatever_the_situation():
    state = deciding(3, "throw 2 5", hand=("Reroll 1", "Reroll 2"))
    one = play(state, "card Reroll 1 5")
    assert one.chance().count == 1 and one.kept == (2,) and one.hands[0] == ("Reroll 2",)
    both = play(state, "card Reroll 2")
    assert both.chance().count == 2 and both.hands[0] == ("Reroll 1",)
    assert not both.chased  # a card's reroll is not a chase


def test_as_many_cards_as_held_after_each_roll():
    state = deciding(3, "throw 2 3", "card To 6 2", "card ±1 3 4", "reroll 4",
                     "throw 5", "card To 7 5", hand=("To 6", "±1", "To 7"))
    assert state.vp == (2, 0, 0) and state.hands[0] == ()


def test_a_card_not_held_or_on_a_die_not_shown_is_refused():
    state = deciding(3, "throw 2 3", hand=("To 6",))
    with pytest.raises(IllegalAction, match="P1 holds no To 7 card."):
        play(state, "card To 7 2")
    with pytest.raises(IllegalAction, match="Say which die the card is played on: 2 and 3."):
        play(state, "card To 6 5")
    with pytest.raises(IllegalAction, match="^The die already shows 6.$"):
        play(deciding(3, "throw 2 6", hand=("To 6",)), "card To 6 6")
    with pytest.raises(IllegalAction, match="^To 6 takes no other choice.$"):  # not "already 6"
        state.apply(Action("skill", card="To 6", die=2, to=6))


# --- the round -----------------------------------------------------------------------------


def test_ties_on_a_space_go_to_the_token_placed_later():
    # the rulebook's example: red then yellow on 64; yellow is 2nd, red 3rd
    state = turns(play(new(4), *REVEAL), 72, 64, 64, 32)
    assert state.vp == (3, 1, 2, 0) and state.message.startswith("P1 1st, P4 last")


def test_67_is_the_best_space_then_the_highest_number():
    assert BOARD[:3] == (67, 77, 75) and BOARD[-1] == 22 and 76 not in BOARD
    state = turns(play(new(3), *REVEAL), 77)
    state = play(state, "throw 6 7", "place 67")
    state = turns(state, 22)
    assert state.vp == (2, 2 + 3, 0)  # S1


def test_the_last_place_takes_one_of_the_two_cards_and_the_other_is_discarded():
    state = turns(play(new(3), "reveal To 6", "reveal ±2"), 54, 32, 43)
    assert state.phase == "take" and state.current_player() == 1 and state.turn() == 1
    assert legal(state) == {"Take To 6", "Take ±2"}
    with pytest.raises(IllegalAction, match="Take To 6 or ±2."):
        play(state, "take To 7")
    state = play(state, "take ±2")
    assert state.hands == ((), ("±2",), ()) and state.visible == ()
    assert state.round == 2 and state.phase == "reveal"
    assert sum(state.deck) == 10  # To 6 was discarded, not returned


def test_start_passes_to_the_most_vp_and_a_tie_to_the_token_on_top():
    state = turns(play(new(3), *REVEAL), 54, 32, 43)  # P1 3, P3 2, P2 0
    state = play(state, "take To 7")
    assert state.start == 0 and state.turn() == 0 and "START to P1" in state.message
    state = turns(play(state, *REVEAL), 22, 55, 43)  # order P1 P2 P3: P2 3, P3 2, P1 0
    assert state.vp == (3, 3, 4)
    state = play(state, "take To 7")
    assert state.start == 2  # P3 leads
    tied = at(state, vp=(5, 5, 1))
    assert tied.start == 2
    assert max(range(3), key=tied.track_key) == 1  # P2 moved later than P1: on top (S9)


def test_seven_rounds_the_last_without_cards_and_the_top_token_wins_a_tie():
    state = new(3)
    for _ in range(ROUNDS - 1):
        left = [name for name, n in state.chance().cards for _ in range(n)]
        state = turns(play(state, f"reveal {left[0]}", f"reveal {left[1]}"), 22, 23, 24)
        state = play(state, f"take {state.visible[0]}")
    assert state.round == ROUNDS and sum(state.deck) == 0 and state.phase == "throw"
    assert state.view().lines[0].startswith("Round 7/7 (last)")
    first = state.turn()
    state = turns(state, 22, 23, 24)
    assert state.is_over() and state.phase == "over" and state.round == ROUNDS
    assert sum(state.scores()) == ROUNDS * (3 + 2 + 0)
    tied = at(state, vp=(9, 9, 3), moved=(5, 7, 6))
    assert tied.winners() == (1,)  # S11: 9 and 9, P2's token on top
    assert tied.view().lines[0] == "P2 wins: tied on 9 VP, P2's token is on top"
    assert at(state, vp=(9, 8, 3)).view().lines[0] == "P1 wins with 9 VP"
    assert first == state.start


def test_four_players_score_3_2_1_0():
    state = turns(play(new(4), *REVEAL), 55, 66, 23, 54)
    assert state.vp == (2, 3, 0, 1)


# --- Two-Player Mode ---------------------------------------------------------------------


def test_two_players_play_four_colours_and_add_their_vp():
    state = play(new(2), *REVEAL)
    assert state.colours == 4
    seats = []
    for result in (54, 32, 43, 22):
        seats.append(state.turn())
        state = turns(state, result)
    assert seats == [0, 1, 0, 1]
    assert [state.name(c) for c in range(4)] == ["P1 A", "P2 A", "P1 B", "P2 B"]
    assert state.vp == (3, 1, 2, 0) and state.scores() == (5, 1)
    assert state.current_player() == 1 and legal(state) == {"Take Reroll 1", "Take To 7"}


def test_two_players_tied_on_summed_vp_the_leading_colours_owner_wins():
    state = at(new(2), phase="over", vp=(6, 4, 2, 4), moved=(1, 2, 3, 4))
    assert state.scores() == (8, 8) and state.winners() == (0,)  # S13: P1 A has 6
    assert state.view().lines[0] == "P1 wins: tied on 8 VP, P1 A's 6 VP are the most"
    state = at(state, vp=(5, 2, 3, 6))
    assert state.winners() == (1,)
    state = at(state, vp=(4, 4, 4, 4), moved=(1, 2, 3, 4))
    assert state.view().lines[0] == "P2 wins: tied on 8 VP, P2 B's token is on top"


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(("steps", "bad", "sentence"), [
    ((), Action("throw", dice=(2, 3)), "Draw a card from the Skill deck first."),
    (REVEAL, Action("throw", dice=(1, 3)),
     r"^Throw: dice must be a list of 1 or 2 numbers from 2 to 7, not \[1, 3\].$"),
    (REVEAL, Action("throw", dice=(3,)), "Expected 2 dice, got 1."),
    ((*REVEAL, "throw 2 3"), Action("place", result=33), "2 and 3 can be placed as 32 or 23"),
    ((*REVEAL, "throw 2 3"), Action("skill", card="Wild"), "There is no skill card 'Wild'."),
    ((*REVEAL, "throw 4 4"), Action("reroll", dice=(4,)), "Doubles: reroll both dice"),
    ((*REVEAL, "throw 4 4"), Action("take", card="To 7"), "Place 44 or reroll."),
    ((*REVEAL, "throw 4 4"), Action("place", result=44, by=1), "P2 may not do that now."),
    ((*REVEAL, "throw 4 4"), Action("place", result=44, by=9), "a seat from 1 to"),
])
def test_bad_input_is_refused_with_a_sentence_and_the_state_unchanged(steps, bad, sentence):
    state = play(new(3), *steps)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=sentence):
        state.apply(bad)
    assert state.to_json() == before


@pytest.mark.parametrize(("steps", "hand", "sentence"), [
    (("throw 4 4",), ("To 6",), "Place 44, reroll or play a skill card."),
    (("throw 2 3",), (), "Place 32 or 23."),
    (("throw 6 7", "reroll 6 7", "throw 3 4"), ("To 6",), "Place 43 or 34."),  # chased
    (("throw 6 7",), ("To 6",), "Place 67 or reroll."),  # S4: place or chase
])
def test_a_move_the_decision_does_not_take_is_told_only_what_the_dice_allow(steps, hand,
                                                                            sentence):
    """Once "Place 44, reroll as the dice allow, or play a skill card." whatever the
    dice and the turn allowed: after the chase it offered both a reroll and a card."""
    state = deciding(3, *steps, hand=hand)
    for move in (Action("take", card="To 7"), Action("throw", dice=(2, 3)),
                 Action("draw", card="To 7")):
        with pytest.raises(IllegalAction) as refused:
            state.apply(move)
        assert str(refused.value) == sentence, move.kind


def test_the_game_over_refuses_everything():
    state = at(new(3), phase="over")
    with pytest.raises(IllegalAction, match="The game is over."):
        play(state, "throw 2 3")


def test_every_kind_of_step_is_labelled_as_the_screen_and_the_log_say_it():
    state = deciding(3, "throw 3 5", hand=("To 6",))
    assert state.label(Action("throw", dice=(5, 3))) == "Threw 3 5"
    assert state.label(Action("draw", card="To 6")) == "Drew To 6"
    assert state.label(Action("place", result=8)) == "Place 8"
    assert state.label(Action("reroll", dice=(6, 7))) == "Chase a double 67"
    assert state.label(Action("reroll", dice=(3, 5))) == "Reroll both"
    assert state.label(Action("reroll", dice=(5,))) == "Reroll the 5"
    assert state.label(Action("skill", card="Reroll 2")) == "Card Reroll 2"
    assert state.label(Action("skill", card="Reroll 1", die=3)) == "Card Reroll 1: the 3"
    assert state.label(Action("skill", card="To 6", die=3)) == "Card To 6: 3 to 6"
    assert state.label(Action("skill", card="±1", die=3, to=4)) == "Card ±1: 3 to 4"
    assert state.label(Action("take", card="To 7")) == "Take To 7"


def test_each_step_says_what_happened_and_the_vp_tokens_stack_in_the_order_they_moved():
    state = play(new(3), "reveal To 6")
    assert state.message == "Offer To 6"
    state = play(state, "reveal ±1")
    assert state.message == "Offer To 6, ±1"
    state = play(at(state, vp=(5, 0, 0), clock=4), "throw 7 6")
    assert state.vp == (7, 0, 0)  # added to the VP already won, not put in their place
    assert (state.moved[0], state.clock) == (4, 5)  # on top of every token moved before
    assert state.message == "SIX SEVEN! P1 +2 VP"
    chasing = play(state, "reroll 7 6")  # the dice in any order
    assert chasing.kept == () and chasing.chased and chasing.phase == "throw"
    assert chasing.message == "Chasing a double SIX SEVEN: no more cards"
    thrown = play(chasing, "throw 2 3")
    assert thrown.message == "" and thrown.chased
    placed = play(thrown, "place 32")
    assert placed.message == "P1 places 32" and not placed.chased
    rerolled = play(placed, "throw 2 6", "reroll 2")
    assert rerolled.message == "" and not rerolled.chased and rerolled.kept == (6,)


def test_a_reroll_card_says_it_was_played_and_locks_nothing():
    state = deciding(3, "throw 2 3", hand=("Reroll 2", "Reroll 1"))
    both = play(state, "card Reroll 2")
    assert both.message == "Played Reroll 2" and both.kept == () and not both.chased
    one = play(state, "card Reroll 1 3")
    assert one.message == "Played Reroll 1 on the 3" and one.kept == (2,) and not one.chased
    assert play(state, "card Reroll 1 2").kept == (3,)


def test_the_round_moves_the_tokens_in_ranking_order_from_the_clock():
    state = at(play(new(3), *REVEAL), clock=10, moved=(3, 2, 1))
    state = turns(state, 32, 54, 43)
    assert state.message == "P2 1st, P1 last"
    first, second = 1, 2
    assert state.moved[first] == 10 and state.moved[second] == 11 and state.clock == 12


# --- what the screen is given, in full (survivors of the second mutation run) ---------


def test_the_view_in_play_shows_the_board_the_cards_the_offer_and_the_vp_track():
    state = at(play(new(3), *REVEAL), hands=((), ("±1", "To 6"), ()), vp=(3, 5, 0),
               moved=(0, 1, -1), clock=2)
    state = play(turns(state, 32), "throw 4 5")
    assert state.view() == View(dice=(4, 5), aside=(), message="", lines=(
        "Round 1/7 · P2 to play", "Board 32 P1", "Cards ±1, To 6", "Offer Reroll 1, To 7",
        "VP P2 5, P1 3, P3 0"))
    played = play(state, "card ±1 4 5")  # no 67 made: the card alone is said
    assert played.view() == View(dice=(5, 5), aside=(), message="Played ±1: 4 to 5", lines=(
        "Round 1/7 · P2 to play", "Board 32 P1", "Cards To 6", "Offer Reroll 1, To 7",
        "VP P2 5, P1 3, P3 0"))
    kept = play(state, "place 54", "throw 2 6", "reroll 2")
    assert kept.view() == View(dice=(), aside=(6,), message="", lines=(
        "Round 1/7 · P3 to play", "Board 54 P2, 32 P1", "Offer Reroll 1, To 7",
        "VP P2 5, P1 3, P3 0"))
    assert kept.chance().why == "P3: reroll 1 die, 6 kept"
    chasing = play(state, "place 54", "throw 6 7", "reroll 6 7")
    assert chasing.view() == View(dice=(), aside=(), lines=(
        "Round 1/7 · P3 to play", "Cards locked", "Board 54 P2, 32 P1", "Offer Reroll 1, To 7",
        "VP P2 5, P1 3, P3 2"), message="Chasing a double SIX SEVEN: no more cards")


def test_the_view_of_the_last_round_and_of_the_end_shows_only_what_is_left():
    last = at(play(new(3), *REVEAL), round=ROUNDS)
    assert last.view().lines == ("Round 7/7 (last) · P1 to play", "Offer Reroll 1, To 7",
                                 "VP P3 0, P2 0, P1 0")  # S6: the last colour on top
    over = turns(at(last, visible=(), hands=(("To 6",), (), ())), 32, 54, 43)
    assert over.view() == View(dice=(), aside=(), message="P2 1st, P1 last", lines=(
        "P2 wins with 3 VP", "Round 7/7 (last)", "Board 54 P2, 43 P3, 32 P1",
        "VP P2 3, P3 2, P1 0"))
    double = play(at(play(new(3), *REVEAL), hands=(("To 6",), (), ())),
                  "throw 6 7", "reroll 6 7", "throw 7 6")
    assert double.view() == View(dice=(), aside=(), message="Double SIX SEVEN! P1 wins",
                                 lines=("P1 wins: a double SIX SEVEN", "Round 1/7",
                                        "VP P1 2, P3 0, P2 0"))


def test_the_tokens_start_stacked_in_turn_order_one_place_a_colour():
    assert new(3).moved == (-3, -2, -1) and new(2).moved == (-4, -3, -2, -1)


def test_a_card_taken_joins_the_hand_in_card_order_and_the_start_passes():
    state = at(play(new(3), *REVEAL), hands=((), (), ("Reroll 1",)))
    state = turns(state, 54, 43, 32)
    assert state.phase == "take" and state.colour == 2
    state = play(state, "take To 7")
    assert state.hands[2] == ("To 7", "Reroll 1") and state.visible == ()
    assert state.message == "P3 takes To 7; START to P1"
    state = play(state, *REVEAL, "throw 2 3", "place 32", "throw 2 3", "place 32", "throw 2 4")
    assert [state.label(a) for a in state.legal_actions()] == [
        "Place 42", "Place 24", "Card To 7: 2 to 7", "Card To 7: 4 to 7",
        "Card Reroll 1: the 2", "Card Reroll 1: the 4"]


def test_a_reroll_card_leaves_the_turn_unchased():
    state = deciding(3, "throw 2 3", hand=("Reroll 2", "Reroll 1"))
    assert play(state, "card Reroll 2").chased is False
    assert play(state, "card Reroll 1 3").chased is False


def test_tied_seats_in_two_player_mode_are_split_by_the_two_leading_colours():
    state = at(new(2), phase="over", vp=(5, 5, 1, 1), moved=(3, 2, 1, 0))
    assert state.verdict() == "P1 wins: tied on 6 VP, P1 A's token is on top"
    state = at(state, vp=(6, 5, 0, 1))
    assert state.verdict() == "P1 wins: tied on 6 VP, P1 A's 6 VP are the most"


@pytest.mark.parametrize("steps, hand, bad, sentence", [
    (("throw 6 7",), (), Action("reroll", dice=(6,)), "A 67 is placed or both dice are rerolled."),
    (("throw 6 7",), ("To 6",), Action("skill", card="To 6", die=7),
     "A 67 is placed or both dice are rerolled."),
    (("throw 2 6",), (), Action("reroll", dice=(6,)),
     "Only the die that is not the 6 may be rerolled."),
    (("throw 6 7", "reroll 6 7", "throw 2 3"), ("To 6",), Action("skill", card="To 6", die=2),
     "No skill cards after chasing a double SIX SEVEN."),
    (("throw 2 3",), ("To 6",), Action("skill", card=None),
     "Skill: card must be a name, not null."),
    (("throw 2 3",), ("Reroll 2",), Action("skill", card="Reroll 2", die=3),
     "Reroll 2 takes no other choice."),
    (("throw 2 3",), ("Reroll 2",), Action("skill", card="Reroll 2", die=9),
     "Skill: die must be a number from 2 to 7, not 9."),
    (("throw 2 3",), ("To 6",), Action("skill", card="To 6", die=True),
     "Skill: die must be a number from 2 to 7, not true."),
    (("throw 2 3",), (), Action("place", result=23, extra=1),
     "Place takes no extra: it takes result."),
])
def test_each_refusal_is_said_in_full(steps, hand, bad, sentence):
    state = deciding(3, *steps, hand=hand)
    with pytest.raises(IllegalAction) as refused:
        state.apply(bad)
    assert str(refused.value) == sentence
