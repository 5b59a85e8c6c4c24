"""216's catalogue: every card's x/216 by brute force, the score formula, the loader's refusals."""

from __future__ import annotations

from itertools import permutations, product

import pytest

from companion.rules import two_sixteen
from companion.rules.two_sixteen_cards import (
    OBJECTIVES_FILE,
    CatalogueError,
    general_score,
    load_help,
    load_objectives,
    served_bonus,
)

CATALOGUE = load_objectives()


def fulfils(card, roll) -> bool:
    """A plain reading of a card's symbols for one ordered roll, written apart from the
    engine's: some order of the dice puts each die on a slot it satisfies."""
    total = sum(roll)
    for condition in card.conditions:
        kind, _, number = condition.partition("=")
        if condition == "straight":
            straights = ([1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6], [1, 5, 6], [1, 2, 6])
            if sorted(roll) not in straights:
                return False
        elif condition == "pair+opp":
            a, b, c = sorted(roll)
            if not ((a == b and a + c == 7) or (b == c and a + b == 7)):
                return False
        elif condition == "all-different":
            if len(set(roll)) < 3:
                return False
        elif kind == "no":
            if int(number) in roll:
                return False
        elif kind == "sum>":
            if total < int(number):
                return False
        elif kind == "sum<":
            if total > int(number):
                return False
        elif kind == "sum" and total != int(number):
            return False
    for order in permutations(roll):
        ok = True
        for i, slot in enumerate(card.slots):
            die = order[i]
            ref = order[int(slot[-1]) - 1] if slot[0] in "o=!" else None
            ok &= (slot == "?" or (slot.isdigit() and die == int(slot))
                   or (slot[0] == "o" and die + ref == 7) or (slot[0] == "=" and die == ref)
                   or (slot[0] == "!" and die != ref)
                   or (slot.startswith(">=") and die >= int(slot[2:]))
                   or (slot.startswith("<=") and die <= int(slot[2:])))
        if ok:
            return True
    return False


@pytest.mark.parametrize("card", CATALOGUE, ids=lambda card: card.name)
def test_every_card_comes_up_as_often_as_brute_force_over_the_216_rolls_says(card):
    ways = sum(fulfils(card, roll) for roll in product(range(1, 7), repeat=3))
    assert card.ways == ways == card.odds
    assert card.general == general_score(ways) and card.bonus == served_bonus(ways)


def test_the_shipped_catalogue_is_70_cards_in_four_colours_with_short_names():
    assert sum(card.copies for card in CATALOGUE) == 70
    assert {card.colour for card in CATALOGUE} == {"gray", "orange", "green", "purple"}
    assert all(len(card.name) <= 12 for card in CATALOGUE)
    assert two_sixteen.OBJECTIVES == CATALOGUE


def test_every_symbol_the_rulebook_names_is_on_some_card():
    symbols = " ".join(card.symbols for card in CATALOGUE).split()
    for symbol in ("6", "?", "o1", "=1", "!1", ">=5", "<=3", "sum=7", "sum>=14", "sum<=5",
                   "all-different", "no=6", "pair+opp", "straight"):
        assert symbol in symbols, symbol


def test_the_named_patterns_follow_the_rulebooks_examples():
    cards = {card.name: card for card in CATALOGUE}
    assert all(cards["Straight"].matches(d) for d in ((5, 6, 1), (6, 1, 2), (1, 2, 3), (4, 5, 6)))
    assert not cards["Straight"].matches((6, 1, 3))
    assert cards["Pair&Opp"].matches((2, 2, 5)) and cards["Pair&Opp"].matches((1, 1, 6))
    assert not cards["Pair&Opp"].matches((2, 2, 4))


def test_the_score_formula_rewards_the_rarer_card():
    assert [general_score(n) for n in (1, 6, 36, 108, 215)] == [20, 13, 7, 3, 1]
    assert [served_bonus(n) for n in (1, 6, 36)] == [10, 7, 4]


LINE = "gray | Triple 6 | 6 6 6 | 1 | 20 | 10 | 1"
GOOD = [
    LINE,
    "orange | Sum 7 | ? ? ? sum=7 | 1 | 10 | 5 | 15",
    "purple | No 6 | ? ? ? no=6 | 3 | 2 | 1 | -",
]


@pytest.mark.parametrize(("line", "reason"), [
    ("gray | Triple 6 | 6 6 6 | 1 | 20 | 10", "line 5: expected 7 fields separated by |, found 6."),
    ("pink | Pinky | 6 6 6 | 1 | 20 | 10 | 1", "line 5: colour 'pink' is not one of"),
    ("gray | A very long name | 6 6 6 | 1 | 20 | 10 | 1", "line 5: a card name has 1 to 12"),
    ("gray | Seven | 7 ? ? | 1 | 20 | 10 | -", "line 5: Seven: die 1 '7' is not a die symbol."),
    ("gray | Me | ? o2 ? | 1 | 20 | 10 | -", "line 5: Me: die 2 cannot refer to itself."),
    ("gray | Huge | ? ? ? sum=19 | 1 | 20 | 10 | -", "line 5: Huge: 'sum=19' is not a condition."),
    ("gray | Never | 6 ? ? no=6 | 1 | 20 | 10 | -", "line 5: no roll of three dice fulfils Never."),
    ("gray | Two 6s | 6 6 ? | 1 | 10 | 5 | 15", "line 5: Two 6s comes up 16 times in 216, not 15."),
    ("gray | Sum 7 | ? ? ? sum=7 | 1 | 10 | 5 | -", "line 5: a second card named Sum 7."),
    ("gray | Two 6s | 6 6 ? | x | 10 | 5 | 16", "line 5: copies must be a whole number from 1"),
    ("gray | Two 6s | 6 6 ? | 1 | 0 | 5 | 16", "line 5: the General Score must be a whole number"),
])
def test_a_bad_line_is_refused_with_its_number_and_reason(tmp_path, line, reason):
    path = tmp_path / "cards.txt"
    path.write_text("# my deck\n" + "\n".join(GOOD) + "\n" + line + "\n")
    with pytest.raises(CatalogueError) as refused:
        load_objectives(path)
    assert str(refused.value).startswith(reason)
    assert load_objectives() == CATALOGUE  # the box keeps the catalogue it had


def test_an_edited_catalogue_loads_with_copies_and_unchecked_odds(tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text("\n".join(GOOD) + "\n")
    cards = load_objectives(path)
    assert [(c.name, c.copies, c.odds, c.ways) for c in cards] == [
        ("Triple 6", 1, 1, 1), ("Sum 7", 1, 15, 15), ("No 6", 3, None, 125)]
    path.write_text(LINE + "\n")
    with pytest.raises(CatalogueError, match="1 cards; the Offer of 4 needs at least 5"):
        load_objectives(path)


def test_the_help_deck_is_thirty_cards_of_six_effects_and_bad_lines_are_refused(tmp_path):
    assert [(c.name, c.copies) for c in load_help()] == [
        ("+1/-1", 6), ("+2/-2", 6), ("Opposite", 5), ("Reroll 1", 5), ("Reroll 3", 5), ("Wild", 3)]
    path = tmp_path / "help.txt"
    path.write_text("Wild | 3\nJoker | 2\n")
    with pytest.raises(CatalogueError, match="line 2: 'Joker' is not a Help card"):
        load_help(path)
    path.write_text("Wild | 3\n")
    with pytest.raises(CatalogueError, match="no line for"):
        load_help(path)
    assert OBJECTIVES_FILE.exists()
