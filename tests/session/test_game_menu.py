"""The game menu in every game: the often used first, the rest behind "More...", no list
longer than a screen's worth, every entry a few presses away."""

from __future__ import annotations

import random

import pytest

from companion import rules
from companion.session import game_menu, play
from companion.session.menus import LONGEST, Group, presses
from companion.session.pages import facts
from companion.session.play import out_of_turn
from companion.ui.render import cut_texts


class Host:
    """What the game menu asks of the table: names, and the phone page served."""

    names = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
    web_address = "http://10.0.0.2:8067/TOKEN/"

    @staticmethod
    def named(words: str) -> str:
        return words


def moments(name: str, seed: int = 3):
    """Every state of a few random games of `name`, throws and draws included."""
    game = rules.get(name)
    rng = random.Random(seed)
    for players in sorted({game.min_players, game.max_players}):
        state = game.new(players, {})
        for _ in range(150):
            yield state
            if state.is_over():
                break
            chance = state.chance()
            state = state.apply(chance.sample(rng) if chance is not None
                                else rng.choice(state.legal_actions()))


def lengths(entries):
    yield len(entries)
    for _, value in entries:
        if isinstance(value, Group):
            yield from lengths(value.entries)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_the_game_menu_is_short_lists_the_often_used_first(name, monkeypatch):
    monkeypatch.setattr(play.advisors, "request_text", lambda state, action: "wait")
    asked = 0
    for state in moments(name):
        entries = game_menu.entries(Host, state)
        labels = [item.label for item, _ in entries]
        requests = [] if state.is_over() else out_of_turn(state)
        asked += bool(requests)
        assert [v for _, v in entries[:len(requests)]] == requests  # first, highlighted
        assert labels[len(requests)] == "Back to the game"
        assert labels[-2:] == ["Undo last step", "More..."]
        more = [item.label for item, _ in entries[-1][1].entries]
        assert more[-2:] == ["Phone page", "New game"]
        assert max(lengths(entries)) <= LONGEST
        assert max(n for _, n in presses(entries)) <= 6
    assert asked or name != "charidice"  # the gift request was seen at least once



@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_fact_has_a_page_read_whole_at_both_sizes(name):
    """What a turn screen has no room for (beside six dice at 128x32) is one long
    Select away, whole: "Facts in full", a fact a page."""
    seen = set()
    for state in moments(name):
        pages = facts(Host, state)
        view = state.view()
        assert [page.note for page in pages] == [w for w in (view.message, *view.lines) if w]
        for page in pages:
            if page.note in seen:
                continue
            seen.add(page.note)
            for size in ((128, 64), (128, 32)):
                assert cut_texts(page, size) == [], (page.note, size)
    assert seen
