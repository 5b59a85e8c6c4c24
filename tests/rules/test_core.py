"""The shared rules vocabulary: actions and their JSON, chance events, games, winners."""

from __future__ import annotations

import json
import random

import pytest

from companion.rules import Action, Draw, IllegalAction, Throw
from companion.rules.core import chance_label, winners_by_score
from companion.rules.risknroll import GAME

# --- actions -------------------------------------------------------------------------------


def test_actions_are_equal_whatever_the_order_of_their_arguments():
    a = Action("keep", dice=(1, 5), then="roll")
    b = Action("keep", then="roll", dice=[1, 5])
    assert a == b and hash(a) == hash(b) and a["dice"] == (1, 5) and a.get("x") is None


def test_the_json_form_is_stable_kind_first_then_sorted_keys():
    a = Action("keep", then="roll", dice=(5, 1))
    assert list(a.to_json()) == ["kind", "dice", "then"]
    assert json.dumps(a.to_json()) == '{"kind": "keep", "dice": [5, 1], "then": "roll"}'
    assert repr(a) == 'Action({"dice": [5, 1], "kind": "keep", "then": "roll"})'


@pytest.mark.parametrize(
    "action",
    [
        Action("throw", dice=(1, 2, 6)),
        Action("draw", card="Deuces"),
        Action("card", play=False),
        Action("target", player=2),
        Action("bank"),
    ],
)
def test_an_action_survives_json(action):
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"dice": [1]},
        {"kind": 3},
        {"kind": "throw", "dice": [1.5]},
        {"kind": "keep", "dice": {"a": 1}},
    ],
)
def test_what_is_not_an_action_is_refused(data):
    with pytest.raises(IllegalAction, match="not an action"):
        Action.from_json(data)


def test_action_arguments_must_be_json_scalars_or_sequences():
    with pytest.raises(TypeError):
        Action("throw", dice=1.5)


# --- throws ----------------------------------------------------------------------------


def test_a_throw_returns_the_dice_sorted():
    assert Throw(3).check(Action("throw", dice=(6, 1, 3))) == (1, 3, 6)


@pytest.mark.parametrize(
    "throw, action, message",
    [
        (Throw(6), Action("keep", dice=(1,)), "Throw 6 dice first."),
        (Throw(6), Action("throw", dice=(1, 2, 3, 4, 5)), "Expected 6 dice, got 5."),
        (Throw(2), Action("throw", dice=(1, 2, 3)), "Expected 2 dice, got 3."),
        (Throw(2), Action("throw"), "Expected 2 dice, got 0."),
        (Throw(1), Action("throw", dice=(3, 5)), "Expected 1 die, got 2."),  # not "1 dice"
        (Throw(1), Action("bank"), "Throw 1 die first."),
        (Throw(2), Action("throw", dice=(1, 7)), "A die cannot show 7: faces are 1 to 6."),
        (Throw(2), Action("throw", dice=(0, 1)), "A die cannot show 0: faces are 1 to 6."),
        (Throw(2), Action("throw", dice=(1, True)), "Each die must show a number from 1 to 6."),
        (Throw(2), Action("throw", dice=(1, "2")), "Each die must show a number from 1 to 6."),
        (
            Throw(2, faces=(2, 3, 4, 5, 6, 7)),
            Action("throw", dice=(1, 7)),
            "A die cannot show 1: faces are 2 to 7.",
        ),
    ],
)
def test_a_wrong_throw_is_refused_with_a_clear_sentence(throw, action, message):
    with pytest.raises(IllegalAction) as refused:
        throw.check(action)
    assert str(refused.value) == message


def test_throw_outcomes_are_the_fair_dice_odds():
    odds = dict(Throw(2).outcomes())
    assert len(odds) == 21
    assert odds[(1, 1)] == pytest.approx(1 / 36) and odds[(1, 2)] == pytest.approx(2 / 36)
    assert sum(p for _, p in Throw(6).outcomes()) == pytest.approx(1)


def test_a_sampled_throw_is_sorted_legal_and_seeded():
    throw = Throw(6, faces=(2, 3, 4, 5, 6, 7))
    a, b = throw.sample(random.Random(7)), throw.sample(random.Random(7))
    assert a == b and throw.check(a) == a["dice"]


# --- draws ---------------------------------------------------------------------------------


DECK = Draw("Action Card", (("Deuces", 2), ("The Plague", 0)))


def test_a_drawn_card_is_checked_against_the_cards_left():
    assert DECK.check(Action("draw", card="Deuces")) == "Deuces"


@pytest.mark.parametrize(
    "action, message",
    [
        (Action("throw", dice=(1,)), "Draw a card from the Action Card deck first."),
        (Action("draw"), "Say which card was drawn from the Action Card deck."),
        (Action("draw", card="Joker"), "There is no card 'Joker' in the Action Card deck."),
        (
            Action("draw", card="The Plague"),
            "Every The Plague card has already been drawn since the last shuffle.",
        ),
    ],
)
def test_a_wrong_draw_is_refused_with_a_clear_sentence(action, message):
    with pytest.raises(IllegalAction) as refused:
        DECK.check(action)
    assert str(refused.value) == message


def test_draw_odds_follow_the_copies_left():
    deck = Draw("d", (("a", 3), ("b", 1), ("c", 0)))
    assert dict(deck.outcomes()) == {"a": 0.75, "b": 0.25}
    rng = random.Random(3)
    assert {deck.sample(rng)["card"] for _ in range(50)} == {"a", "b"}


# --- games -------------------------------------------------------------------------------


def test_options_are_checked_by_name_and_value():
    assert GAME.check_options(None) == {"double_millennium": False, "action_cards": True}
    with pytest.raises(IllegalAction, match="has no option 'turbo'"):
        GAME.new(2, {"turbo": True})
    with pytest.raises(IllegalAction, match="cannot be 'yes'"):
        GAME.new(2, {"double_millennium": "yes"})
    with pytest.raises(IllegalAction, match="cannot be 0"):
        GAME.new(2, {"double_millennium": 0})


def test_replay_applies_the_actions_from_a_new_game():
    actions = [Action("draw", card="Deuces"), Action("card", play=True)]
    state = GAME.replay(2, {}, actions)
    assert state == GAME.new(2).apply(actions[0]).apply(actions[1])


def test_ties_share_the_win():
    assert winners_by_score([10, 30, 30, 5]) == (1, 2)
    assert winners_by_score([0, 0]) == (0, 1)
    assert winners_by_score([-5, -10]) == (0,)


def test_dice_are_counted_in_good_english():
    from companion.rules.core import dice_count

    assert dice_count(1) == "1 die"
    assert dice_count(0) == "0 dice"
    assert dice_count(5) == "5 dice"


def test_an_action_by_a_seat_that_may_not_act_is_refused():
    """A keep named `by` another seat was once taken as the current player's."""
    from companion import rules

    state = rules.get("risknroll").new(2, {"action_cards": False})
    state = state.apply(Action("throw", dice=(1, 2, 3, 4, 6, 6)))
    keep = Action("keep", dice=(1,), then="roll", by=1)
    with pytest.raises(IllegalAction, match="P2 may not do that now"):
        state.apply(keep)
    with pytest.raises(IllegalAction, match="a seat from 1 to 2"):
        state.apply(Action("keep", dice=(1,), then="roll", by=7))


def test_tuples_and_chance_labels():
    from companion.rules import chance_label, tuples

    assert tuples({"a": [1, [2, 3]], "b": "x"}) == {"a": (1, (2, 3)), "b": "x"}
    assert chance_label(Action("throw", dice=(5, 1, 5))) == "Threw 1 5 5"
    assert chance_label(Action("throw", dice=(5, 1), colours=("grey", "blue"))) == \
        "Threw blue 1 grey 5"
    assert chance_label(Action("draw", card="Deuces")) == "Drew Deuces"


# --- options and replays of a game with options of every kind ---------------------------


def _counting_game():
    """A game whose state is its options and the number of actions taken."""
    from dataclasses import dataclass

    from companion.rules import Game, Option

    @dataclass(frozen=True)
    class Counted:
        players: int
        target: int
        colour: str
        steps: int = 0

        def apply(self, action):
            return Counted(self.players, self.target, self.colour, self.steps + 1)

    return Game(
        name="counted", title="Counted", min_players=1, max_players=3,
        options=(Option("target", 100, (100, 200), "points to win"),
                 Option("colour", "red", ("red", "blue"), "the dice")),
        _new=lambda players, options: Counted(players, options["target"], options["colour"]),
        _from_json=lambda data: Counted(**data), version=3,
    )


@pytest.mark.parametrize("value, message", [
    (300, "Option target cannot be 300; choose one of 100, 200."),
    (150, "Option target cannot be 150; choose one of 100, 200."),
    ("100", "Option target cannot be '100'; choose one of 100, 200."),
    (100.0, "Option target cannot be 100.0; choose one of 100, 200."),
    (True, "Option target cannot be True; choose one of 100, 200."),
])
def test_an_option_takes_only_one_of_its_choices_not_any_value_of_its_type(value, message):
    game = _counting_game()
    with pytest.raises(IllegalAction) as refused:
        game.new(2, {"target": value})
    assert str(refused.value) == message
    with pytest.raises(IllegalAction, match="Option colour cannot be 'green'; choose one of red"):
        game.new(2, {"colour": "green"})
    assert game.check_options({"target": 200}) == {"target": 200, "colour": "red"}
    with pytest.raises(IllegalAction) as refused:
        game.new(2, {"speed": 1})
    assert str(refused.value) == "Counted has no option 'speed'; options: target, colour."


def test_replay_starts_from_the_stored_options_and_players():
    game = _counting_game()
    state = game.replay(3, {"target": 200, "colour": "blue"}, [Action("x"), Action("y")])
    assert (state.players, state.target, state.colour, state.steps) == (3, 200, "blue", 2)
    with pytest.raises(IllegalAction) as refused:
        game.replay(4, {}, [])
    assert str(refused.value) == "Counted is for 1 to 3 players."


def test_a_game_stored_under_other_rules_is_refused_with_a_sentence():
    from companion.rules import RulesChanged

    game = _counting_game()
    game.check_stored(3, 12)
    with pytest.raises(RulesChanged) as refused:
        game.check_stored(2, 12)
    assert str(refused.value) == ("Game 12 was stored under rules version 2 of Counted; "
                                  "this companion has version 3: it cannot be replayed safely.")
    with pytest.raises(RulesChanged, match="^This game was stored under rules version 4 "):
        game.check_stored(4)
    assert isinstance(refused.value, IllegalAction)


# --- messages a mutation test found unchecked -----------------------------------------------


def test_impossible_throws_and_faces_are_named_in_full():
    with pytest.raises(ValueError, match="^3 dice thrown but 2 sets of faces$"):
        Throw(3, colours=(((1, "blue"),), ((2, "blue"),)))
    with pytest.raises(ValueError, match=r"^these dice have no colours: use check\(\)$"):
        Throw(2).pairs(Action("throw", dice=(1, 2)))
    for action in (Action("throw"), Action("throw", dice=5)):
        with pytest.raises(IllegalAction) as refused:
            Throw(6).check(action)
        assert str(refused.value) == "Expected 6 dice, got 0."
    x, y, z = (1, "blue"), (2, "blue"), (3, "blue")
    with pytest.raises(IllegalAction) as refused:
        Throw(3, colours=((x, y, z), (x, y, z), ((4, "grey"),))).check(
            Action("throw", dice=(1, 2, 3), colours=("blue",) * 3))
    assert str(refused.value) == "These faces cannot all show at once: some share a die."
    with pytest.raises(ValueError, match="is not a chance outcome$"):
        chance_label(Action("keep", dice=(1,)))


def test_check_by_takes_seat_0_out_of_turn_and_refuses_seats_not_at_the_table():
    from dataclasses import dataclass

    from companion.rules import check_by

    @dataclass(frozen=True)
    class Asking:
        players: int = 2

        def legal_actions(self):
            return (Action("gift", by=0),)

    check_by(Asking(), Action("gift", by=0))
    check_by(Asking(), Action("gift"))
    for by, message in ((1, "P2 may not do that now."),
                        (2, "Name the player who acts: a seat from 1 to 2."),
                        (-1, "Name the player who acts: a seat from 1 to 2."),
                        (True, "Name the player who acts: a seat from 1 to 2."),
                        ("P1", "Name the player who acts: a seat from 1 to 2.")):
        with pytest.raises(IllegalAction) as refused:
            check_by(Asking(), Action("gift", by=by))
        assert str(refused.value) == message


def test_an_argument_that_is_not_json_is_named_and_a_missing_one_is_a_key_error():
    with pytest.raises(TypeError) as refused:
        Action("keep", dice={1, 5})
    assert str(refused.value) == "action argument {1, 5} is not a JSON scalar or sequence"
    with pytest.raises(KeyError) as missing:
        Action("keep", dice=(1,))["then"]
    assert missing.value.args == ("then",)
    assert Action("keep", dice=(1,)).get("then", "bank") == "bank"


def test_a_game_with_no_options_says_so_when_given_one():
    from companion import rules

    with pytest.raises(IllegalAction) as refused:
        rules.get("charidice").check_options({"solo": True})
    assert str(refused.value) == "Charidice has no option 'solo'; options: none."


@pytest.mark.parametrize("game, players, options, names", [
    ("risknroll", 3, None, ("", "", "")),
    ("216", 3, None, ("", "", "")),
    ("216", 2, {"solo": True}, ("", "AI")),
    ("216", 2, {"solo": True, "target": 300}, ("", "AI")),
])
def test_only_seats_the_game_names_itself_get_a_name_from_it(game, players, options, names):
    from companion import rules

    assert rules.get(game).default_names(players, options) == names


def test_the_default_names_are_asked_with_the_options_checked():
    from companion import rules

    with pytest.raises(IllegalAction, match="^216 has no option 'double'"):
        rules.get("216").default_names(2, {"double": True})
