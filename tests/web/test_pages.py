"""The page's documents: the options and odds as the OLED shows them, the history of
finished games with each one's final sheet, the players' statistics."""

from __future__ import annotations

import random
from html import escape

from web_helpers import Played

from companion.rules.risknroll import GAME
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


def finished_game(store, names=("Ann", "Bo"), seed=2) -> int:
    rng = random.Random(seed)
    game = store.new_game("risknroll", 2, {}, list(names))
    state = GAME.new(2)
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance is not None else rng.choice(state.legal_actions())
        store.append(game, action.to_json())
        state = state.apply(action)
    store.finish(game, state.scores(), state.winners())
    return game


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
    ann = html.split("<th scope=\"row\">Ann</th>")[1].split("</tr>")[0]
    assert ann.startswith('<td class="n">2</td>')  # two games
    assert "Risk &#x27;n&#x27; Roll 2000: its dice, pooled" in html and "chi-square" in html
