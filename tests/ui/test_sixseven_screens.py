"""67 Six Seven's own screens: its pages' rows, and the facts of a decision that fit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules import View
from companion.rules.sixseven import GAME
from companion.ui import text
from companion.ui.examples import SCREENS
from companion.ui.fonts import SMALL
from companion.ui.games import sixseven
from companion.ui.model import Screen
from companion.ui.render import MORE, cut_texts, render


def test_a_hand_of_more_than_three_cards_goes_on_in_the_next_row_named_again():
    state = GAME.new(3)
    state = replace(state, hands=(("To 6", "To 7", "±1", "±2", "Reroll 2"), (), ("±1",)))
    rows = [row for page in sixseven.pages(state, ("Ann", "Bo", "Cy"))
            if page.kind == "sixseven:cards" for row in page.table]
    assert rows == [("Offer",), ("Ann", "To 6", "To 7", "±1"), ("Ann", "±2", "Reroll 2"),
                    ("Bo",), ("Cy", "±1")]


def test_the_top_marker_waits_until_a_token_has_moved():
    state = GAME.new(3)
    track = sixseven.pages(state, ("Ann", "Bo", "Cy"))[1]
    assert [row[2] for row in track.table] == ["", "", ""]
    tied = replace(state, vp=(2, 2, 0), moved=(0, 1, -1))
    track = sixseven.pages(tied, ("Ann", "Bo", "Cy"))[1]
    assert [row[:3] for row in track.table] == [("Bo", 2, "top"), ("Ann", 2, ""), ("Cy", 0, "")]


def test_the_news_and_facts_show_whole_on_the_lines_they_need(drawn_words):
    """"SIX SEVEN! Ann +2 VP…" (the card played cut off) and "Board 64 Bo…" beside the
    odds label: each now whole, on a line of its own where it needs one, the menu
    keeping two rows; what still does not fit is left out whole, the facts ending in
    MORE (it takes "Round 4/7"'s place: that fact is on "Facts in full")."""
    for name, shown in (("turn-sixseven-67", ["SIX SEVEN! Ann +2 VP",
                                               f"Played ±1: 5 to 6 {MORE}"]),
                        ("turn-sixseven", ["Round 4/7", "Ann to play",
                                           f"Board 64 Bo, 43 Cy {MORE}"])):
        drawn_words.clear()
        render(SCREENS[name], (128, 64))
        assert all(words in drawn_words for words in shown), drawn_words
        assert cut_texts(SCREENS[name]) == []
        assert not any(words.endswith(text.ELLIPSIS) for words in drawn_words)


def test_whose_turn_it_is_reads_whole_where_the_facts_break(drawn_words):
    """The take screen drew "Cy" alone beside "67% dbl% VP", its round on the line
    above, as if the odds were Cy's: the fact says what it is wherever it lands."""
    render(SCREENS["turn-sixseven-take"], (128, 64))
    assert "Cy to play" in drawn_words and "Cy" not in drawn_words, drawn_words


def test_the_game_over_lists_the_crowned_winner_first_even_with_fewer_vp(drawn_words):
    """A double SIX SEVEN wins at once: the winner may hold fewer VP than another."""
    drawn = drawn_words
    screen = Screen("sixseven:over", names=("Ann", "Bo", "Cy"), scores=(12, 9, 4),
                    winners=(2,), view=View(lines=("Cy wins: a double SIX SEVEN",)))
    for size in ((128, 64), (128, 32)):
        drawn.clear()
        render(screen, size)
        names = [words for words in drawn if words in ("Ann", "Bo", "Cy")]
        assert names == ["Cy", "Ann", "Bo"], size


def test_the_last_throws_news_shows_whole_under_the_standings(drawn_words):
    """"Threw 6. Double SIX SEVEN! Bo B wins" was cut to "Threw 6. Double SIX SEVEN!..."."""
    drawn = drawn_words
    news = "Threw 6. Double SIX SEVEN! Bo B wins"
    render(Screen("sixseven:over", names=("Ann", "Bo"), scores=(2, 2), winners=(1,),
                  view=View(lines=("Bo wins: a double SIX SEVEN",)), note=news))
    assert " ".join(drawn[-2:]) == news  # the last two lines drawn


def test_text_wrapped_within_two_lines_cuts_only_the_last():
    words = "Bo scores 8 + bonus 15, gives Ann 7 and the charity bonus of 30 goes to Ann"
    lines = text.wrap_within(SMALL, words, 128, 2)
    assert len(lines) == 2 and lines[0] == text.wrap(SMALL, words, 128)[0]
    assert lines[1].endswith(text.ELLIPSIS) and text.width(SMALL, lines[1]) <= 128
    assert text.wrap_within(SMALL, "Select: new game", 128, 2) == ["Select: new game"]


@pytest.mark.parametrize("size", ((128, 64), (128, 32)))
def test_whose_turn_it_is_stays_in_sight_while_a_note_shows(drawn_words, size):
    """"Resumed game from 21:40" took the facts' line and "Bo to play" left it unmarked
    (128x64 kept "Round 2/7" beside the dice; 128x32 drew the note alone): whose turn it
    is now comes first, the facts left out marked."""
    screen = SCREENS["turn-sixseven-note"]
    render(screen, size)
    assert "Resumed game from 21:40" in drawn_words
    facts = next(words for words in drawn_words if words.startswith("Bo to play"))
    assert facts.endswith(MORE), drawn_words
    assert cut_texts(screen, size) == []


def test_a_note_of_two_lines_marks_whose_turn_it_left_out(drawn_words):
    note = "Resumed game from 21:40, saved by Ann on the 3rd"
    render(replace(SCREENS["turn-sixseven-note"], note=note), (128, 32))
    assert f"{note} {MORE}" in " ".join(drawn_words), drawn_words
