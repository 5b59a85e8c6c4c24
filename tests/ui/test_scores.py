"""The scoreboard line and the final standings."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.ui import text
from companion.ui.scores import (
    ENTRY_GAP,
    PAD,
    header_entries,
    player_names,
    shortened,
    standings,
)


def test_three_players_fit_with_whole_names():
    _, seats, entries = header_entries(("Ann", "Bo", "Cy"), (350, 1200, 90), 0, 128)
    assert seats == [0, 1, 2]
    assert entries == ["Ann 350", "Bo 1200", "Cy 90"]


def test_other_names_shorten_before_the_active_one():
    names = ("Ann", "Bo", "Maximilian-Alexander")
    _, seats, entries = header_entries(names, (1650, 1200, 1750), 0, 128)
    assert seats == [0, 1, 2]
    assert entries[0] == "Ann 1650" and entries[2].startswith("M") and len(entries[2]) < 10


@given(
    st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", max_size=25),
             min_size=1, max_size=8),
    st.data(),
)
def test_the_scoreboard_always_fits_and_shows_the_active_player(names, data):
    scores = data.draw(st.lists(st.integers(0, 99999), min_size=len(names), max_size=len(names)))
    active = data.draw(st.none() | st.integers(0, len(names) - 1))
    face, seats, entries = header_entries(names, scores, active, 128)
    width = sum(text.width(face, e) for e in entries) + ENTRY_GAP * (len(entries) - 1)
    width += 2 * PAD if active in seats else 0
    if len(seats) < len(names):
        width += 2 + text.width(face, text.ELLIPSIS)
    assert width <= 128
    assert seats[0] == (active or 0) or seats == list(range(len(names)))
    if active is not None:
        assert active in seats


def test_unnamed_players_are_called_by_seat():
    assert player_names(("Ann", ""), 3) == ["Ann", "P2", "P3"]


def test_standings_are_best_first_ties_in_seat_order():
    assert standings((2050, 1200, 2050, 640)) == [0, 2, 1, 3]


def test_a_name_too_long_for_the_line_loses_letters_never_its_score():
    names = ("",) * 7 + ("Maximilian-Alexander von Hohenzollern-Sigmaringen",)
    face, seats, entries = header_entries(names, (900,) * 7 + (1850,), 7, 128)
    assert seats == [7]
    assert entries[0].endswith(f"{text.ELLIPSIS} 1850")
    assert text.width(face, entries[0]) + 2 * PAD + 2 + text.width(face, text.ELLIPSIS) <= 128


def test_shortened_names_never_read_the_same():
    names = ["Ann", "Anna", "Bo", "P4", "P5", "P6"]
    assert shortened(names, 1) == ["Ann", "Anna", "B", "P4", "P5", "P6"]
    assert shortened(names, 3) == ["Ann", "Anna", "Bo", "P4", "P5", "P6"]
    assert shortened(["Maximilian", "Mary"], 1) == ["Max", "Mar"]
