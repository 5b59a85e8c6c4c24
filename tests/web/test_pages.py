"""The page's documents: the options and odds as the OLED shows them, the history of
finished games with each one's final sheet, the players' statistics."""

from __future__ import annotations

from html import escape

from web_helpers import Played, finished_game

from companion.web import pages
from companion.web.board import Board


def test_the_options_are_the_oleds_with_their_odds_and_the_pick_starred(store, live):
    played = Played(store, live, game="risknroll", players=2)
    while played.table.mode != "decide":
        played.press("ok")
    menu = played.table.screen().menu
    turn = Board(store, live).parts()["turn"]
    assert len(menu.items) >= 2
    for item in menu.items:
        assert escape(item.label) in turn and escape(item.detail) in turn
    assert menu.odds and escape(menu.odds) in turn
    best = [item for item in menu.items if item.best]
    assert best and f"&#9733; {escape(best[0].label)}" in turn


def test_history_lists_finished_games_and_links_each_final_sheet(store):
    first, second = finished_game(store), finished_game(store, ("Cy", "Ann"), seed=3)
    html = pages.history("/T/", store.history(50, True))
    assert html.index(f'href="/T/game/{second}"') < html.index(f'href="/T/game/{first}"')
    record = store.load(first)
    winner = record.names[record.winners[0]]
    assert f"Ann {record.scores[0]}" in html and winner in html
    sheet = pages.game("/T/", store, first)
    assert f"Game over: {winner} won" in sheet
    assert f'<td class="n">{record.scores[0]}</td>' in sheet
    assert "There is no game 99" in pages.game("/T/", store, 99)


def test_the_players_are_counted_by_name_over_the_games(store):
    finished_game(store)
    finished_game(store, ("Cy", "Ann"), seed=3)
    html = pages.stats("/T/", store)
    ann = html.split("<th scope=\"row\">Ann<br>")[1].split("</tr>")[0]
    assert "Risk &#x27;n&#x27; Roll 2000 2</small></th><td class=\"n\">2</td>" in ann
    assert "Risk &#x27;n&#x27; Roll 2000: its dice, pooled" in html and "chi-square" in html
