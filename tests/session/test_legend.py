"""Every figure a game's menus show is named on its legend pages (game menu, "What
figures mean"), and every legend page reads whole at both display sizes."""

from __future__ import annotations

import random
import re

import pytest

from companion import rules
from companion.rules.charidice import TAGS
from companion.session.offstage import Offstage, positions
from companion.session.pages import legend
from companion.session.play import decision_menu
from companion.ui.render import MORE, cut_texts


def shapes(text: str) -> set[str]:
    """The kinds of figure in a text: numbers as 9 ("32%" is "9%", "2.8" is "9", "<0.1%"
    is "9%"), words as they are; split at spaces and slashes."""
    return {re.sub(r"[<>]?\d+(\.\d+)?", "9", token) for token in re.split(r"[\s/]+", text)
            if token}


def decisions(game, seed: int):
    return positions(game, random.Random(seed), games=2, most=300)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_every_figure_beside_an_option_is_on_the_games_legend(name):
    """Details such as "26pt give 8" and odds labels such as "pts bust" of random
    positions: each kind of figure in them is one a legend page shows and explains."""
    pages = legend(name)
    assert pages, f"{name} has no legend"
    named = set().union(*(shapes(page.title) for page in pages[1:]))
    seen = set()
    for state in decisions(rules.GAMES[name], seed=5):
        menu = decision_menu(Offstage, state).menu()
        seen |= shapes(menu.odds)
        for item in menu.items:
            seen |= shapes(item.detail)
    assert seen and seen <= named, f"not on the legend: {sorted(seen - named)}"


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_the_star_beside_the_advices_pick_is_on_every_games_legend(name):
    """The star is drawn, not written: its page shows a starred menu row and says, at
    the height where its note fits, what the star means."""
    starred = [page for page in legend(name)
               if page.menu and any(item.best for item in page.menu.items)]
    assert len(starred) == 1 and "advice" in starred[0].note
    assert any(item.best for state in decisions(rules.GAMES[name], seed=5)
               for item in decision_menu(Offstage, state).menu().items)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_the_mark_of_facts_left_out_is_on_every_games_legend(name):
    """The mark a turn screen ends its facts with where it left some out: its page
    shows it and says where those facts are."""
    marked = [page for page in legend(name) if MORE in page.note]
    assert len(marked) == 1 and "Facts in full" in marked[0].note


@pytest.mark.parametrize("name", sorted(rules.GAMES))
@pytest.mark.parametrize("size", [(128, 64), (128, 32)])
def test_every_legend_page_reads_whole(name, size):
    for page in legend(name):
        assert cut_texts(page, size) == [], page.title


def test_charidices_colour_letters_name_the_colours_the_rules_give_them():
    """"G" is grey (a 216 card colour is green): each letter beside its own colour."""
    (page,) = [page for page in legend("charidice") if page.title.startswith("K ")]
    letters, names = page.title.split(), page.note.lower().split(", ")
    assert dict(zip(letters, names, strict=True)) == {tag: c for c, tag in TAGS.items()}
