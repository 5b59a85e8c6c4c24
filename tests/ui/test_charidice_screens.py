"""Charidice's own game over: the charity bonus, the standings, and the last news whole."""

from __future__ import annotations

from companion.ui.examples import SCREENS
from companion.ui.model import Screen, View
from companion.ui.render import render


def test_the_last_throws_news_shows_whole_over_the_standings(drawn_words):
    """"Bo scores 8 + bonus 15, gives Ann 7" was cut to "Bo scores 8 + bonus 15, giv..."."""
    news = "Bo scores 8 + bonus 15, gives Ann 7"
    render(Screen(kind="charidice:over", names=("Ann", "Bo"), scores=(362, 306),
                  winners=(0,), view=View(lines=("Charity bonus 30: Ann",)), note=news))
    assert " ".join(drawn_words[-2:]) == news  # under the standings, on two lines
    assert "Ann" in drawn_words and "Bo" in drawn_words


def test_the_charity_bonus_is_said_once_and_the_news_whole(drawn_words):
    """It read "Charity bonus 30: Ann" above the standings and "Bo scores 15 + bonus 15,
    gives Ann 6; charity bonus..." below, cut: the news's charity clause is left out."""
    render(Screen(kind="charidice:over", names=("Ann", "Bo"), scores=(270, 228),
                  winners=(0,), view=View(lines=("Charity bonus 30: Ann",)),
                  note="Bo scores 15 + bonus 15, gives Ann 6; charity bonus 30 to Ann"))
    assert " ".join(drawn_words[-2:]) == "Bo scores 15 + bonus 15, gives Ann 6"
    assert not any("…" in words or "charity bonus" in words for words in drawn_words)


def test_dice_entry_at_128x32_says_ok_next_as_every_game_does(drawn_words):
    """The coloured entry kept one line of hint under the letters, "Select no., Up/Down
    colour": "OK next" was the clause to go. The letters now stand beside the dice, and
    the hint has its two lines, whole."""
    render(SCREENS["enter-colours"], (128, 32))
    assert drawn_words[-2:] == ["Select no., Up/Down colour,", "OK next"], drawn_words

