"""Nothing cut anywhere (issue 36): every title, note, hint and game message any mode
shows, at 128x64 and 128x32, collected from the real code paths rather than a list
that goes stale: games of every kind played to the end through the session at the
longest names, every refusal the rules give to the actions of other moments, every
refusal of a setup, the resume and abandon notes."""

from __future__ import annotations

import dataclasses
import random
from itertools import product

import pytest
from table_helpers import pick, press
from test_newcomer import LONG_NAMES, table_for

from companion import rules
from companion.rules import IllegalAction
from companion.store import Store
from companion.table import Setup, Table
from companion.ui import text
from companion.ui.model import Menu, MenuItem, Screen
from companion.ui.render import FACT_SEPARATOR, cut_texts, reads_whole, render

SIZES = ((128, 64), (128, 32))


def whole(screen: Screen) -> set[str]:
    """The texts of `screen` a player must read whole: titles, notes, hints, messages,
    the facts line (facts that do not fit are dropped whole, never cut), the selected
    option's label and every option's figures."""
    view = screen.view
    message = view.message if view else ""
    facts = FACT_SEPARATOR.join(view.lines) if view else ""
    texts = {screen.title, screen.note, screen.hint, message, facts}
    if screen.menu and screen.menu.items:
        texts.add(selected(screen).label)
        texts.update(item.detail for item in screen.menu.items)
    return {words for words in texts if words}


def selected(screen: Screen) -> MenuItem:
    items = screen.menu.items
    return items[max(0, min(screen.menu.selected, len(items) - 1))]


def drawn(screen: Screen, size: tuple[int, int]) -> list[str]:
    """Every string `screen` draws at `size`."""
    words, original = [], text.draw

    def record(canvas, xy, shown, face, fill=1, anchor="ls"):
        words.append(shown)
        original(canvas, xy, shown, face, fill, anchor)

    text.draw = record
    try:
        render(screen, size)
    finally:
        text.draw = original
    return words


def cut(screen: Screen) -> list[tuple[tuple[int, int], str]]:
    """What `screen` shows cut at either size, and the selected option's figures where
    they are not shown whole at all (the menu of 128x32 once had one row: "G3 K4 M4 B6
    O6: 23, give 20" and 98 kinds of figures ended in "…" there). A note is news for a
    few seconds: while it takes the screen, the figures may wait."""
    found = [(size, words) for size in SIZES
             for words in sorted(whole(screen) & set(cut_texts(screen, size)))]
    figures = selected(screen).detail if screen.menu and screen.menu.items else ""
    if figures and not screen.note:
        found += [(size, f"not shown: {figures}") for size in SIZES
                  if figures not in drawn(screen, size)]
    return found + lost(screen)


def lost(screen: Screen) -> list[tuple[tuple[int, int], str]]:
    """The game's message (what just happened: "Maximilian plays +2/-2: 5 to 3") where a
    turn screen does not show it whole, each clause ("...; others -200") whole, at
    either size: it stands there until the next step, but for a note's few seconds."""
    message = screen.view.message if screen.view else ""
    if not screen.kind.endswith("turn") or not message or screen.note:
        return []
    clauses = [clause for clause in message.split("; ") if clause]
    return [(size, f"lost: {message}") for size in SIZES
            if not reads_whole(clauses, drawn(screen, size))]


def play_to_the_end(store, name: str, players: int, seed: int):
    """Every screen of a game played by random choices to its end: (table, screen)."""
    table = table_for(store, name, players, seed=seed)
    rng = random.Random(seed)
    press(table, "select")
    for _ in range(3000):
        yield table, table.screen()
        if table.mode == "over":
            return
        if table.mode == "decide":
            items = table.screen().menu.items
            press(table, *["down"] * rng.randrange(len(items)), "select")
        else:
            press(table, "ok")
            table.tick()
    raise AssertionError(f"{name} did not end")


GAMES = sorted(rules.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_screen_of_a_game_played_to_the_end_shows_its_words_whole(tmp_path, name):
    game = rules.get(name)
    found = {}
    for players in sorted({game.min_players, game.max_players}):
        with Store(tmp_path / f"{players}.db") as store:
            for _, screen in play_to_the_end(store, name, players, seed=players):
                for where in cut(screen):
                    found.setdefault(where, (screen.kind, players))
    assert found == {}


def refusals(name: str, seed: int = 7) -> set[str]:
    """What the rules say to the actions of one moment tried at the others: every
    state of a game played by random legal actions, every action seen in it."""
    game = rules.get(name)
    rng = random.Random(seed)
    states, actions = [], []
    state = game.new(game.max_players, {})
    for _ in range(400):
        states.append(state)
        if state.is_over():
            break
        chance = state.chance()
        action = chance.sample(rng) if chance is not None else rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    said = set()
    for state, action in product(states[::7], set(actions)):
        try:
            state.apply(action)
        except IllegalAction as why:
            said.add(str(why))
    return said


def setup_refusals(name: str) -> set[str]:
    """What a game says to player counts and options it does not take."""
    game = rules.get(name)
    said = set()
    for players in range(game.min_players, game.max_players + 1):  # as setup offers them
        for key, option in [(None, None), *((o.name, o) for o in game.options)]:
            for value in [None] if option is None else option.choices:
                try:
                    game.new(players, {} if key is None else {key: value})
                except IllegalAction as why:
                    said.add(str(why))
    return said


NAMES, SCORES = LONG_NAMES[:6], (1280, 990, 2000, 40, 15, 600)
MENU = Menu((MenuItem("Bank 1280", "wins"), MenuItem("Roll 3 dice")))


def in_play(words: str) -> list[Screen]:
    """A refusal as the session shows it in play: the note of the screen pressed on."""
    return [
        Screen("turn", names=NAMES, scores=SCORES, active=0, menu=MENU, note=words,
               view=rules.View(dice=(1, 5, 5), lines=("This turn 1280",))),
        Screen("throw", title="Maximilian: throw 6 dice", names=NAMES, scores=SCORES,
               active=0, note=words, hint="OK: roll the dice\nSelect: enter by hand"),
    ]


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_of_the_rules_shows_whole(name):
    said = refusals(name)
    assert said  # the probe reaches the rules' sentences
    found = {where for words in said for screen in in_play(words) for where in cut(screen)}
    assert found == set()


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_of_a_setup_shows_whole(name):
    said = setup_refusals(name)
    if name == "216":
        assert any(words.startswith("Solo is you against the AI") for words in said)
    found = {where for words in said
             for where in cut(Screen("setup", title="Risk 'n' Roll 2000", menu=MENU,
                                     note=words))}
    assert found == set()


@pytest.mark.parametrize("name", GAMES)
def test_resume_and_abandon_notes_show_whole(tmp_path, name):
    game = rules.get(name)
    path = tmp_path / "companion.db"
    with Store(path) as store:
        table = table_for(store, name, game.max_players)
        press(table, "select", *["ok", "select"] * 6)
    again = Table(Store(path), Setup(), clock=lambda: 0.0)
    assert again.screen().note.startswith("Resumed ")
    assert cut(again.screen()) == []
    press(again, "menu")
    pick(again, "New game")
    press(again, "down", "select")  # "Abandon, new game"
    assert again.screen().note == "Game abandoned (kept in the store)"
    assert cut(again.screen()) == []
    assert cut(dataclasses.replace(again.screen(), note="Game abandoned (kept in the store)")) == []


@pytest.mark.parametrize("name", GAMES)
def test_the_game_menu_and_its_more_show_whole(tmp_path, name):
    """Charidice's "Wilhelmina asks greatest gift  wait", at the longest names."""
    game = rules.get(name)
    with Store(tmp_path / "companion.db") as store:
        table = table_for(store, name, game.max_players)
        table.web_address = "http://10.0.0.2:8067/Q2RT7ZMZ5ZQ4AB3C/"
        press(table, "select", "menu")
        assert table.mode == "menu"
        assert cut(table.screen()) == []
        press(table, "up", "select")
        assert table.screen().title == "Game menu, more" and cut(table.screen()) == []


def test_a_message_over_the_dice_is_on_the_turn_screen_at_both_sizes():
    """216's Help card played: the dice changed, the message says how, whole."""
    view = rules.View(dice=(2, 3, 3), lines=("Roll 2/2", "Pair sum 14+"),
                      message="Maximilian plays +2/-2: 5 to 3")
    screen = Screen("turn", names=NAMES[:2], scores=SCORES[:2], active=0, menu=MENU, view=view)
    assert cut(screen) == [] and lost(screen) == []


def test_facts_with_no_room_beside_six_dice_are_one_long_select_away(tmp_path):
    """At 128x32 "Round 1/7, throw 1/3" has no room beside six dice: dropped there
    whole, it is on the game menu's "Facts in full", read whole."""
    with Store(tmp_path / "companion.db") as store:
        table = table_for(store, "charidice", 3)
        press(table, "select", "ok")
        table.tick()
        assert table.mode == "decide"
        fact = table.screen().view.lines[0]
        assert fact.startswith("Round 1/7") and fact not in drawn(table.screen(), (128, 32))
        press(table, "menu")
        pick(table, "Facts in full")
        assert table.mode == "facts"
        shown = []
        for _ in range(len(table.state.view().lines) + 1):
            shown.append(table.screen().note)
            assert cut(table.screen()) == []
            press(table, "down")
        assert fact in shown
        press(table, "back")
        assert table.mode == "decide"
