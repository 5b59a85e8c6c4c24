"""Charidice's own game over: the charity bonus, the standings, and the last news whole."""

from __future__ import annotations

from dataclasses import replace

from PIL import Image, ImageDraw

from companion.ui import dice
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


def test_dice_carry_their_colour_letters_at_128x32_beside_each_die():
    """The 128x32 turn drew Charidice's dice without their colours: the letters had no
    line under the dice there. Each is drawn right of its die, the dice one row high."""
    for name in ("turn-colours", "turn-colours-aside", "enter-colours"):
        screen = SCREENS[name]
        blank = ("",) * 6
        if screen.view is not None:
            plain = replace(screen, view=replace(screen.view, colours=blank[:len(screen.view.dice)],
                                                 aside_colours=blank[:len(screen.view.aside)]))
        else:
            plain = replace(screen, colours=blank)
        lit = render(screen, (128, 32)).tobytes() != render(plain, (128, 32)).tobytes()
        assert lit, name
    row = dice.Row((1, 2), colours=("magenta", "blue"), beside=True)
    image = Image.new("1", (128, 14))
    dice.draw_row(ImageDraw.Draw(image), 0, 0, row, dice.MEDIUM)
    first_letter = image.crop((dice.MEDIUM, 0, dice.MEDIUM + 1 + dice.TAG_WIDTH + 1, 14))
    assert first_letter.getbbox() is not None  # M right of the first die, before the next
    assert dice.row_height(row, dice.MEDIUM) == dice.MEDIUM


def test_a_reading_of_six_coloured_dice_asked_about_shows_why_whole_and_apart(drawn_words):
    """The camera's reading of six Charidice dice, three unsure, overflowed its band: the
    title ran into the dice, the letters under the marks into the note, and the note
    ("Blue 2 and black 5 are on the same die.") was cut to "... are on t…". The note takes
    the title's place whole, and the letters stand beside the dice."""
    screen = SCREENS["confirm-charidice"]
    for size in ((128, 64), (128, 32)):
        full = render(screen, size)
        bare = render(replace(screen, entry=(), colours=(), flagged=()), size)
        row = Image.frombytes("1", size, bytes(a ^ b for a, b in zip(full.tobytes(),
                                                                      bare.tobytes())))
        box = row.getbbox()
        assert box is not None
        assert bare.crop(box).getbbox() is None, size  # no text where the dice are
    drawn_words.clear()
    render(screen, (128, 64))
    assert " ".join(drawn_words[:2]) == screen.note
