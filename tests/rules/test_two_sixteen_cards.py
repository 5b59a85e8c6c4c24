"""216's catalogue: every card's x/216 by brute force, the score formula, the loader's refusals."""

from __future__ import annotations

import os
import subprocess
import sys
from itertools import permutations, product
from pathlib import Path

import pytest
from hypothesis import given, settings

from companion.rules import two_sixteen
from companion.rules.two_sixteen_cards import (
    OBJECTIVES_FILE,
    CatalogueError,
    general_score,
    in_drawing_order,
    load_help,
    load_objectives,
    read_objectives,
    served_bonus,
)
from tests.two_sixteen_symbols import card_symbols

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


def test_the_score_formula_rounds_the_close_calls_to_the_nearest():
    # 20 x log(216/22) / log(216) is 8.499 and 20 x log(216/145) / log(216) is 1.483
    assert [general_score(22), served_bonus(22)] == [8, 4]
    assert [general_score(145), served_bonus(145)] == [1, 1]


LINE = "gray | Triple 6 | 6 6 6 | 1 | 20 | 10 | 1"
GOOD = [
    LINE,
    "orange | Sum 7 | ? ? ? sum=7 | 1 | 10 | 5 | 15",
    "purple | No 6 | ? ? ? no=6 | 3 | 2 | 1 | -",
]


@pytest.mark.parametrize(("line", "reason"), [
    ("gray | Triple 6 | 6 6 6 | 1 | 20 | 10",
     "line 5: expected 7 fields separated by |, found 6."),
    ("pink | Pinky | 6 6 6 | 1 | 20 | 10 | 1",
     "line 5: colour 'pink' is not one of gray, orange, green, purple."),
    ("gray | A very long name | 6 6 6 | 1 | 20 | 10 | 1",
     "line 5: a card name has 1 to 12 characters, not 'A very long name'."),
    ("gray | Pair | 6 6 | 1 | 10 | 5 | -", "line 5: Pair needs three dice symbols."),
    ("gray | Seven | 7 ? ? | 1 | 20 | 10 | -", "line 5: Seven: die 1 '7' is not a die symbol."),
    # near misses of a symbol are refused, not read as the symbol they resemble
    ("gray | Seven+ | >=7 ? ? | 1 | 20 | 10 | -",
     "line 5: Seven+: die 1 '>=7' is not a die symbol."),
    ("gray | Zero- | <=0 ? ? | 1 | 20 | 10 | -", "line 5: Zero-: die 1 '<=0' is not a die symbol."),
    ("gray | Opp 4 | o4 ? ? | 1 | 20 | 10 | -", "line 5: Opp 4: die 1 'o4' is not a die symbol."),
    ("gray | Opp 12 | ? o12 ? | 1 | 20 | 10 | -",
     "line 5: Opp 12: die 2 'o12' is not a die symbol."),
    ("gray | Not 2 | X2 ? ? | 1 | 20 | 10 | -", "line 5: Not 2: die 1 'X2' is not a die symbol."),
    ("gray | Not X | ? !X ? | 1 | 20 | 10 | -", "line 5: Not X: die 2 '!X' is not a die symbol."),
    ("gray | Me | ? o2 ? | 1 | 20 | 10 | -", "line 5: Me: die 2 cannot refer to itself."),
    ("gray | Me 1 | =1 ? ? | 1 | 20 | 10 | -", "line 5: Me 1: die 1 cannot refer to itself."),
    ("green | Us | =2 =1 ? | 1 | 3 | 2 | -",
     "line 5: Us: dice 1 and 2 refer to each other in a circle; give one of them a symbol of"
     " its own (a number, ?, >=4), as in '? =1 ?'."),
    ("green | All of us | !2 !3 !1 | 1 | 3 | 2 | -",
     "line 5: All of us: dice 1, 2 and 3 refer to each other in a circle; give one of them a"
     " symbol of its own (a number, ?, >=4), as in '? =1 ?'."),
    ("gray | Huge | ? ? ? sum=19 | 1 | 20 | 10 | -", "line 5: Huge: 'sum=19' is not a condition."),
    ("gray | No 7 | ? ? ? no=7 | 1 | 20 | 10 | -", "line 5: No 7: 'no=7' is not a condition."),
    ("gray | Sum6 | ? ? ? sum6 | 1 | 20 | 10 | -", "line 5: Sum6: 'sum6' is not a condition."),
    ("gray | Sum 9 | ? ? ? sum=\u2079 | 1 | 20 | 10 | -",
     "line 5: Sum 9: 'sum=\u2079' is not a condition."),
    ("gray | Never | 6 ? ? no=6 | 1 | 20 | 10 | -", "line 5: no roll of three dice fulfils Never."),
    ("gray | Two 6s | 6 6 ? | 1 | 10 | 5 | 15", "line 5: Two 6s comes up 16 times in 216, not 15."),
    ("gray | Sum 7 | ? ? ? sum=7 | 1 | 10 | 5 | -", "line 5: a second card named Sum 7."),
    ("gray | Two 6s | 6 6 ? | x | 10 | 5 | 16",
     "line 5: copies must be a whole number from 1, not 'x'."),
    ("gray | Two 6s | 6 6 ? | 1 | 0 | 5 | 16",
     "line 5: the General Score must be a whole number from 1, not '0'."),
    ("gray | Two 6s | 6 6 ? | 1 | 10 | -1 | 16",
     "line 5: the Served Game Bonus must be a whole number from 0, not '-1'."),
    ("gray | Two 6s | 6 6 ? | 1 | 10 | 5 | 0",
     "line 5: the x of x/216 must be a whole number from 1, not '0'."),
])
def test_a_bad_line_is_refused_with_its_number_and_reason(tmp_path, line, reason):
    path = tmp_path / "cards.txt"
    path.write_text("# my deck\n" + "\n".join(GOOD) + "\n" + line + "\n")
    with pytest.raises(CatalogueError) as refused:
        load_objectives(path)
    assert str(refused.value) == reason
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


def test_every_bound_from_1_to_6_is_a_slot_symbol_at_least_and_at_most(tmp_path):
    lines = []
    for n in range(1, 7):
        for sign, name, ways in ((">=", f"All {n}+", (7 - n) ** 3), ("<=", f"All {n}-", n ** 3)):
            symbol = f"{sign}{n}"
            lines.append(f"gray | {name} | {symbol} {symbol} {symbol} | 1 | "
                         f"{general_score(ways)} | {served_bonus(ways)} | {ways}")
    path = tmp_path / "cards.txt"
    path.write_text("\n".join(lines) + "\n")
    cards = {card.name: card for card in load_objectives(path)}
    assert [cards[f"All {n}+"].ways for n in range(1, 7)] == [216, 125, 64, 27, 8, 1]
    assert [cards[f"All {n}-"].ways for n in range(1, 7)] == [1, 8, 27, 64, 125, 216]
    assert cards["All 4+"].matches((6, 4, 5)) and not cards["All 4+"].matches((6, 4, 3))
    assert cards["All 3-"].matches((3, 1, 3)) and not cards["All 3-"].matches((4, 1, 3))


@pytest.mark.parametrize(("forward", "drawn", "ways"), [
    ("? =3 6", "? 6 =2", 16),       # die 2 equals die 3, a 6: two 6s
    ("o3 ? 6", "? 6 o2", 30),       # die 1 is the opposite of die 3, a 6: a 6 and a 1
    ("!2 6 ?", "6 !1 ?", 90),       # die 1 is not die 2, a 6: a 6 and another number
    ("=3 ? <=3", "? <=3 =2", 48),   # a low pair
    ("o2 =3 ?", "? =1 o2", 18),     # dice 2 and 3 equal, die 1 their opposite: 2-2-5
])
def test_a_die_may_refer_to_a_later_die_and_is_drawn_after_it(forward, drawn, ways):
    """docs/216-cards.md: `o`, `=` and `!` refer to slot 1, 2 or 3, a later one too; the
    dice fulfil a card in any order on its slots, so the screens draw the dice in an order
    where each refers to one before it, and that card means the same."""
    text = "\n".join([*GOOD, f"green | Forward | {forward} | 1 | 5 | 3 | {ways}",
                      f"green | Drawn | {drawn} | 1 | 5 | 3 | {ways}"])
    *_, ahead, behind = read_objectives(text)
    assert ahead.ways == sum(fulfils(ahead, roll) for roll in product(range(1, 7), repeat=3))
    assert in_drawing_order(ahead.slots) == tuple(drawn.split())
    assert ahead.matching == behind.matching
    assert in_drawing_order(behind.slots) == behind.slots  # already in order: kept


@given(card_symbols())
@settings(max_examples=100)
def test_every_card_the_reader_accepts_comes_up_as_often_as_brute_force_says(symbols):
    try:
        *_, card = read_objectives("\n".join([*GOOD, f"green | Mine | {symbols} | 1 | 5 | 3 | -"]))
    except CatalogueError as refused:
        assert str(refused).startswith("line 4: ") and "Mine" in str(refused)
        return
    rolls = list(product(range(1, 7), repeat=3))
    assert [card.matches(roll) for roll in rolls] == [fulfils(card, roll) for roll in rolls]
    assert in_drawing_order(card.slots) is not None


def test_a_card_may_score_a_general_score_of_1_and_no_served_bonus(tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text("\n".join(GOOD) + "\npurple | Any roll | ? ? ? | 1 | 1 | 0 | 216\n")
    any_roll = load_objectives(path)[-1]
    assert (any_roll.name, any_roll.general, any_roll.bonus, any_roll.ways) == (
        "Any roll", 1, 0, 216)


def test_a_comment_after_a_card_is_ignored_even_when_it_holds_a_hash_itself(tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text("# my deck # from the shop\n\n" + "\n".join(GOOD)
                    + "  # card #3, the commonest\n")
    assert [(c.name, c.copies, c.odds) for c in load_objectives(path)] == [
        ("Triple 6", 1, 1), ("Sum 7", 1, 15), ("No 6", 3, None)]


def test_the_card_files_are_read_as_utf8_whatever_the_locale(tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text("# Paquet français \u2014 édité\n" + "\n".join(GOOD[:2])
                    + "\npurple | Pas de 6 é | ? ? ? no=6 | 3 | 2 | 1 | -\n", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    script = ("import sys; from companion.rules.two_sixteen_cards import load_objectives; "
              "print(ascii([card.name for card in load_objectives(sys.argv[1])]))")
    # the C locale, and none of Python's own ways round it: the locale's encoding is ASCII
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0",
           "PYTHONCOERCECLOCALE": "0", "PYTHONPATH": str(root)}
    run = subprocess.run([sys.executable, "-c", script, str(path)], cwd=root, env=env,
                         capture_output=True, text=True, encoding="utf-8")
    assert run.stderr == "" and run.returncode == 0
    assert run.stdout == ascii(["Triple 6", "Sum 7", "Pas de 6 é"]) + "\n"


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


SIX = ["+1/-1 | 6", "+2/-2 | 6", "Opposite | 5", "Reroll 1 | 5", "Reroll 3 | 5", "Wild | 3"]


@pytest.mark.parametrize(("lines", "reason"), [
    (["Wild | 3", "Joker | 2"],
     "line 2: 'Joker' is not a Help card; "
     "they are +1/-1, +2/-2, Opposite, Reroll 1, Reroll 3, Wild."),
    ([*SIX, "Wild | 1"], "line 7: Wild is listed twice."),
    (["+1/-1 | six", *SIX[1:]], "line 1: copies must be a whole number from 0, not 'six'."),
    (["+1/-1 | \u00b2", *SIX[1:]], "line 1: copies must be a whole number from 0, not '\u00b2'."),
    (["Wild | 3"], "help.txt: no line for +1/-1, +2/-2, Opposite, Reroll 1, Reroll 3."),
    ([line.split(" | ")[0] + " | 0" for line in SIX], "help.txt: the Help deck has no cards."),
])
def test_a_bad_help_deck_is_refused_with_the_line_and_the_reason_in_full(tmp_path, lines, reason):
    path = tmp_path / "help.txt"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CatalogueError) as refused:
        load_help(path)
    assert str(refused.value) == reason


def test_a_help_deck_may_leave_out_an_effect_with_0_copies(tmp_path):
    path = tmp_path / "help.txt"
    path.write_text("\n".join(SIX[:5]) + "\nWild | 0\n")
    assert [(c.name, c.copies) for c in load_help(path)] == [
        ("+1/-1", 6), ("+2/-2", 6), ("Opposite", 5), ("Reroll 1", 5), ("Reroll 3", 5), ("Wild", 0)]
