"""67 Six Seven at the table: dice 2 to 7 read and entered, its pages, Two-Player Mode's
colours, a game stopped and taken up again from the store."""

from __future__ import annotations

import numpy as np
from table_helpers import choose, enter_dice, press

from companion.dice_input import CameraDice
from companion.table import Setup, Table
from vision import DieReading


def started(store, players: int = 2) -> Table:
    names = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay")[:players]
    table = Table(store, Setup("sixseven", players, names=names, start="options"),
                  clock=lambda: 0.0)
    press(table, "select")  # Start game
    press(table, "select", "select")  # the two skill cards revealed, named from the menu
    return table


def test_the_camera_is_told_faces_2_to_7_and_hand_entry_offers_them(store):
    table = started(store)
    assert table.mode == "throw" and table.state.chance().faces == (2, 3, 4, 5, 6, 7)
    asked = []

    def read(frame, expect):
        asked.append(expect)
        return [DieReading(v, None, (20 * i, 0, 20 * i + 15, 15), 0.9)
                for i, v in enumerate((7, 6))]

    camera = type("Still", (), {"read": lambda self: np.zeros((48, 64, 3), np.uint8)})()
    table.dice = CameraDice(camera, live=False, read=read)
    press(table, "ok")
    (expect,) = asked
    assert expect.count == 2 and set(expect.values) == set(range(2, 8))
    assert table.state.dice == (6, 7) and table.state.vp[0] == 2
    press(table, "undo")
    press(table, "select")
    seen = set()
    for _ in range(6):
        press(table, "up")
        seen.add(table.screen().entry[0])
    assert seen == set(range(2, 8))


def test_two_player_mode_names_four_colours_and_its_pages_show_them(store):
    table = started(store)
    assert table.screen().title == "Ann A: throw 2 dice"
    enter_dice(table, (2, 3))
    assert table.screen().kind == "sixseven:turn"  # the dice drawn as "32 or 23"
    choose(table, 0)  # place
    assert table.screen().title == "Bo A: throw 2 dice"
    press(table, "menu")
    choose(table, 1)  # Boards and cards
    board = table.screen()
    assert board.kind == "sixseven:board" and board.table[0][2] == "Ann A"
    press(table, "down")
    track = table.screen()
    assert track.kind == "sixseven:track" and {row[0] for row in track.table} == {
        "Ann A", "Bo A", "Ann B", "Bo B"}
    press(table, "back")
    assert table.mode == "throw"


def test_a_game_stopped_at_any_step_is_taken_up_where_it_was(store):
    table = started(store, 3)
    for _ in range(3):
        enter_dice(table, (4, 5))
        choose(table, 0)
    steps, state = table.steps, table.state
    again = Table(store, Setup("sixseven", 3), clock=lambda: 0.0)  # the plug was pulled
    assert again.steps == steps and again.state == state and again.mode == table.mode
    press(again, "undo")
    assert again.steps == steps - 1 and again.mode == "decide"
