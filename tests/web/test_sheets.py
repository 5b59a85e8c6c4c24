"""Each game's sheet on the page follows the game played through the session: the
numbers the rules keep, in the rows the paper keeps them, every name escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from web_helpers import Played

from companion.web import sheets
from companion.web.board import Board, replayed

GAMES = {"charidice": 3, "216": 2, "risknroll": 3, "sixseven": 2}


class Balanced(HTMLParser):
    """Fails on a closing tag that closes nothing open (void elements aside)."""

    VOID = {"meta", "link", "br", "img", "rect", "circle", "image"}

    def __init__(self):
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        assert self.open and self.open[-1] == tag, (tag, self.open[-5:])
        self.open.pop()


def balanced(html: str) -> bool:
    parser = Balanced()
    parser.feed(html)
    return parser.open == []


def play(store, live, game, steps):
    played = Played(store, live, game=game, players=GAMES[game])
    for _ in range(steps):
        played.press("ok" if played.table.mode in ("throw", "draw", "draw_group") else "select")
    return played


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_own_sheet_that_follows_the_steps(store, live, game):
    board = Board(store, live)
    played = play(store, live, game, 1)
    first = board.parts()
    play_on = [played.press("ok" if played.table.mode in ("throw", "draw", "draw_group")
                            else "select") for _ in range(12)]
    assert play_on
    later = board.parts()
    assert later["sheet"] != first["sheet"] or later["turn"] != first["turn"]
    state = replayed(store.load(played.table.game_id))
    assert state == played.table.state  # the page's replay is the session's state
    for part in later.values():
        assert balanced(part)
    assert sheets.SHEETS[game]  # its own module, no generic fallback


def test_charidice_writes_a_round_in_the_scorers_row(store, live):
    played = play(store, live, "charidice", 0)
    while played.table.state.round == 1 and played.table.state.seat == 0:
        played.press("ok" if played.table.mode == "throw" else "select")
    row = played.table.state.sheet[0][0]
    html = Board(store, live).parts()["sheet"]
    ann = html.split('<div class="card')[1]  # Ann's sheet: the first
    first_round = ann.split("<tbody>")[1].split("</tr>")[0]
    assert f'<td class="n">{row[0]}</td><td class="n">{row[1]}</td>' in first_round


def test_216_draws_each_card_of_the_offer_as_its_dice(store, live):
    played = play(store, live, "216", 6)
    offer = played.table.state.offer
    html = Board(store, live).parts()["sheet"]
    assert len(offer) == 4 and html.count('<div class="objective') == 4
    for name in offer:
        assert name in html
    assert html.count('<svg class="die') >= 4


def test_216_draws_a_die_referring_to_a_later_die_as_the_oled_does():
    """The sheet draws a card from the same glyphs as the OLED (`card_glyphs`): "? =3 6"
    (die 2 equals die 3, a 6) as [?] [6]=[6], once an IndexError that broke the page."""
    from companion.rules.two_sixteen_cards import Objective
    from companion.web.sheets.two_sixteen import card

    pair = Objective("Pair of 6", "green", ("?", "=3", "6"), (), 1, 10, 5)
    html = card("Pair of 6", pair)
    dice = html.split('<span class="dice">')[1].split("</span><span")[0]
    assert re.findall(r'aria-label="([^"]+)"|class="mark">([^<]*)<', html)[:4] == [
        ("?", ""), ("6", ""), ("", "="), ("6", "")]
    assert dice.count('<svg class="die') == 3


def test_names_are_escaped_everywhere(store, live):
    from companion.table import Setup, Table

    table = Table(store, Setup("risknroll", 2, names=("<b>x", "A&B"), start="options"),
                  clock=lambda: 0.0)
    table.handle(type("E", (), {"button": "select", "long": False})())
    live.show(table, table.screen())
    parts = Board(store, live).parts()
    text = "".join(parts.values())
    assert "<b>x" not in text and "&lt;b&gt;x" in text and "A&amp;B" in text


def test_the_state_moves_on_with_new_steps_and_is_replayed_after_an_undo(store, live):
    board = Board(store, live)
    played = play(store, live, "risknroll", 6)
    board.parts()
    played.press("ok" if played.table.mode in ("throw", "draw", "draw_group") else "select")
    board.parts()
    assert board._replayed[2] == played.table.state
    from hardware.buttons import ButtonEvent

    played.table.handle(ButtonEvent("back", True))  # undo
    played.live.show(played.table, played.table.screen())
    board.parts()
    assert board._replayed[2] == played.table.state
    played.press("ok" if played.table.mode in ("throw", "draw", "draw_group") else "select")
    board.parts()
    assert board._replayed[2] == played.table.state == replayed(store.load(1))
