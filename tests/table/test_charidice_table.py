"""Charidice at the table: the gift asked from every screen the rulebook allows, dice kept
and the rest entered by hand by their faces, the score sheets, the colour calibration
kept beside the store, a game stopped and taken up again, history and replay."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json

import numpy as np
import pytest
from table_helpers import choose, enter_faces, options, pick, press

from companion import calibration
from companion.calibration import Kept
from companion.commands import history, replay
from companion.dice_input import CameraDice, VirtualDice
from companion.rules.charidice import DICE, GAME
from companion.session.calibrate import taken_in_part, taken_said
from companion.store import Store
from companion.table import Setup, Table
from companion.ui import examples
from companion.ui.games.charidice import ONES
from companion.ui.render import cut_texts
from hardware.camera import VirtualRoller
from vision import DieReading
from vision.calibrate import Calibration, Refused

NAMES = ("Ann", "Bo", "Cy")


def started(store, **kwargs) -> Table:
    table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                  clock=lambda: 0.0, **kwargs)
    choose(table, 0)  # Start game
    if table.mode == "calibrate":  # a camera with no calibration asks first: Back starts
        press(table, "back")
    return table


def labels(table) -> list[str]:
    return [item.label for item in table.screen().menu.items]


def test_the_gift_is_named_at_the_throw_asked_from_the_game_menu_and_listed_in_decisions(store):
    table = started(store)
    assert table.screen().hint.endswith("Hold Select: gift (Bo)")
    enter_faces(table, [die[0] for die in DICE])  # the six 1s
    assert labels(table)[-1] == "Bo asks greatest gift"  # after Ann's choices, unranked
    assert not table.screen().menu.items[-1].best
    pick(table, "Keep K1 B1 G1")
    press(table, "select")  # entering the three other dice by hand...
    press(table, "menu")
    assert "Bo asks greatest gift" in labels(table)
    pick(table, "Bo asks greatest gift")
    assert table.state.gift and table.mode == "enter"  # ... carries on where it was
    assert table.screen().note == "Bo asks Ann for the greatest of gifts"  # said once:
    assert "Gift asked by Bo" not in table.screen().view.lines  # not again as a fact
    press(table, *("up", "ok") * 3)  # the three dice entered: the news gives way to the fact
    assert "Gift asked by Bo" in table.screen().view.lines


def test_a_gift_asked_while_dice_are_entered_is_said_once(store):
    """It read "Bo asks greatest gift. Bo asks Ann for the greatest o...": the request's
    label, taken for a throw's, before the game's own news."""
    table = started(store)
    press(table, "select", "menu")  # entering Ann's first throw by hand
    pick(table, "Bo asks greatest gift")
    assert table.mode == "enter"
    assert table.screen().note == "Bo asks Ann for the greatest of gifts"


def test_dice_kept_leave_the_faces_of_the_other_dice_to_enter_by_hand(store):
    table = started(store)
    enter_faces(table, [die[0] for die in DICE])
    pick(table, "Keep K1 B1 G1")
    throw = table.state.chance()
    free = {face for die in throw.colours for face in die}
    assert throw.count == 3 and len(free) == 18
    assert not free & {face for d in (0, 1, 3) for face in DICE[d]}  # kept dice's faces
    press(table, "select")
    seen = set()
    for _ in range(18):
        press(table, "up")
        seen.add((table.screen().entry[0], table.screen().colours[0]))
    assert seen == free
    # once a face is set, the faces of its die are no longer offered: no clash to refuse
    while (table.screen().entry[0], table.screen().colours[0]) != DICE[2][1]:
        press(table, "up")
    press(table, "ok")
    offered = set()
    for _ in range(12):
        press(table, "up")
        offered.add((table.screen().entry[1], table.screen().colours[1]))
    assert offered == free - set(DICE[2])


def test_the_score_sheets_show_the_four_boxes_a_round_and_the_totals(store):
    table = started(store)
    enter_faces(table, [die[0] for die in DICE])
    pick(table, "K1 B1 G1 M1 O1 Y1: 66")  # six 1s: 6 + 60
    press(table, "menu")
    pick(table, "Score sheets")
    totals = table.screen()
    assert totals.kind == "charidice:totals"
    assert totals.table[0] == ("Ann", 66, 0, 0, 66)
    press(table, "down")
    sheet = table.screen()  # the player to throw first: Bo, round 1 not played yet
    assert sheet.kind == "charidice:sheet" and sheet.title == "Bo"
    assert sheet.table[0] == ("1", "", "", 0, "")  # Ann gave him nothing: written 0
    press(table, "down", "down")
    assert table.screen().title == "Ann" and table.screen().table[0] == ("1", 6, 60, "", 0)
    assert table.screen().table[-1] == ("Tot", 6, 60, 0, 0)
    press(table, "back")
    assert table.mode == "throw"


class StillCamera:
    def __init__(self):
        self.frames = 0

    def read(self):
        self.frames += 1
        return np.zeros((48, 64, 3), np.uint8)


def test_colours_are_calibrated_at_setup_kept_beside_the_store_and_given_to_the_reads(
        tmp_path, monkeypatch):
    shown = []
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: shown.append(colours) or made)
    asked = []

    def read(frame, expect, **kwargs):
        asked.append(kwargs)
        return [DieReading(v, c, (20 * i, 0, 20 * i + 15, 15), 0.9)
                for i, (v, c) in enumerate(die[0] for die in DICE)]

    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False, read=read)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      clock=lambda: 0.0, calibration=Kept(store.path))
        assert labels(table)[-1] == "Calibrate colours"
        choose(table, len(labels(table)) - 1)
        assert table.mode == "calibrate"
        assert table.screen().hint.startswith("Show the six dice, 1s up, apart")
        press(table, "ok")
        assert shown == [tuple(die[0][1] for die in DICE)]
        assert table.mode == "setup_options" and dice.calibration == made
        assert table.screen().menu.items[-1].detail == "kept"
        choose(table, 0)
        press(table, "ok")  # the camera reads the six 1s, calibrated
        assert asked == [{"calibration": made}]
    with Store(tmp_path / "companion.db") as store:  # the next game, the next day
        again = CameraDice(StillCamera(), live=False, read=read)
        Table(store, Setup("charidice", 3), dice=again, calibration=Kept(store.path))
        assert again.calibration == made


def test_a_calibration_that_learnt_fewer_than_it_left_names_what_it_learnt(tmp_path,
                                                                        monkeypatch):
    """A setup taken with its black told alone (five colours left out): the player is
    told the one learnt, not the five not, whole on the smallest screen; the row offered."""
    made = Calibration((("black", (3 / 8, 0.0, -0.5)),))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      clock=lambda: 0.0, calibration=Kept(store.path))
        choose(table, len(labels(table)) - 1)
        press(table, "ok")
        offer = table.screen()
        assert table.mode == "calibrate" and offer.note == "Calibrated only black"
        assert [cut_texts(offer, size) for size in ((128, 64), (128, 32))] == [[], []]
        press(table, "back")
        assert table.said == "Calibrated only black (the rest asked when unsure), kept"
        assert table.screen().menu.items[-1].detail == "1 of 6"


def test_a_calibration_taken_in_part_says_which_colours_it_did_not_learn(tmp_path,
                                                                         monkeypatch):
    """Orange and yellow not told apart at setup: the other four are learnt, the player
    is told which two were not (the reader asks about them when unsure), and the setup
    screen shows how many of the six the kept calibration holds."""
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)
                             if name not in ("orange", "yellow")))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      clock=lambda: 0.0, calibration=Kept(store.path))
        assert table.screen().menu.items[-1].detail == ""
        choose(table, len(labels(table)) - 1)
        press(table, "ok")  # in use at once; the row offered for all six
        assert table.mode == "calibrate" and dice.calibration == made
        press(table, "back")  # the players go on with the four
        assert table.mode == "setup_options" and dice.calibration == made
        assert table.said == "Calibrated all but orange, yellow (asked when unsure), kept"
        assert table.screen().menu.items[-1].detail == "4 of 6"
    with Store(tmp_path / "companion.db") as store:  # kept as taken, in part
        again = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=again,
                      calibration=Kept(store.path))
        assert again.calibration == made
        assert table.screen().menu.items[-1].detail == "4 of 6"


def test_a_calibration_that_holds_under_its_lamp_only_says_so(tmp_path, monkeypatch):
    """Setup pips tinted far past white: the calibration is bound to that lamp (the reader
    reads frames under another light uncalibrated), and the player is told."""
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)),
                       lamp_only=True)
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      clock=lambda: 0.0, calibration=Kept(store.path))
        choose(table, len(labels(table)) - 1)
        press(table, "ok")
        assert dice.calibration == made
        assert table.said == "Colours calibrated for this lamp only, kept for the next games"
        assert [cut_texts(table.screen(), size) for size in ((128, 64), (128, 32))] == [[], []]


def test_what_a_calibration_taken_says_is_whole_on_both_screens(tmp_path):
    """Every part a setup may leave, under one lamp or any, kept or not: the note after it
    is read whole on 128x64 and 128x32 (it shows four seconds)."""
    with Store(tmp_path / "companion.db") as store:
        shown = Table(store, Setup("charidice", 3, start="options")).screen()
    cut = set()
    for mask in range(2 ** len(ONES) - 1):  # every colour learnt but none
        missing = tuple(c for i, c in enumerate(ONES) if mask >> i & 1)
        for lamp_only, kept in itertools.product((False, True), repeat=2):
            said = taken_said(taken_in_part(ONES, missing), lamp_only, kept)
            note = dataclasses.replace(shown, note=said)
            cut.update(*(cut_texts(note, size) for size in ((128, 64), (128, 32))))
    assert not cut


@pytest.mark.parametrize("short", [
    "Dice 5, 6 look magenta, orange: lay the row in order",
    "Dice 1, 2, 3, 4, 5, 6 out of order: lay the row again",
    "The camera sees 5 dice, not 6: lay them in the row",
    "The camera sees no dice: show the six, 1s up, apart",
    "No die's pips look white: light the dice whiter"])
def test_a_row_refused_says_why_in_its_short_form_whole(store, monkeypatch, caplog, short):
    """The reader's refusals are written whole for the command line ("... give the names
    in reading order (top to bottom, then left to right; ...)"); the row says the short
    form, longest cases whole on both screens, the whole in the log."""
    def take(frame, colours, row=False):
        if not row:
            raise calibration.Untold("dice 1 and 5 could be magenta and blue either way")
        raise Refused("the whole of it, for the command line " * 4, short)

    monkeypatch.setattr(calibration, "take", take)
    dice = CameraDice(StillCamera(), live=False)
    table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                  clock=lambda: 0.0, dice=dice)
    choose(table, 0)  # Start game: the calibration asked for first
    press(table, "ok")  # not told apart: the row
    press(table, "ok")  # the row refused
    assert table.mode == "calibrate" and table.said == short
    assert "the whole of it, for the command line" in caplog.text
    assert [cut_texts(table.screen(), size) for size in ((128, 64), (128, 32))] == [[], []]


def test_a_calibration_the_file_cannot_take_is_used_and_says_not_saved(tmp_path,
                                                                       monkeypatch, caplog):
    """A full card or a read-only folder: the calibration is in use for the session, the
    player is told it was not saved, and the reason goes to the log."""
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)

    def full(self, taken):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Kept, "save", full)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      clock=lambda: 0.0, calibration=Kept(store.path))
        choose(table, len(labels(table)) - 1)
        press(table, "ok")
        assert dice.calibration == made and table.mode == "setup_options"
        assert table.said == "Colours calibrated, not saved"
        assert "No space left on device" in caplog.text


def test_a_camera_game_asks_for_the_calibration_before_it_starts(tmp_path, monkeypatch):
    """Start game with a camera and no calibration in use: the calibration screen first,
    Back starting the game uncalibrated; a calibration taken there starts the game with
    it. With a calibration kept, or virtual dice, Start game starts at once."""
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                      clock=lambda: 0.0, dice=dice, calibration=Kept(store.path))
        choose(table, 0)
        assert table.mode == "calibrate" and table.state is None
        assert table.screen().hint.endswith("OK: look, Back: start")
        press(table, "back")
        assert table.mode == "throw" and dice.calibration is None
    with Store(tmp_path / "second.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                      clock=lambda: 0.0, dice=dice, calibration=Kept(store.path))
        choose(table, 0)
        press(table, "ok")  # the six 1s shown: calibrated, and the game starts
        assert table.mode == "throw" and dice.calibration == made
        assert table.said == "Colours calibrated, kept for the next games"
    with Store(tmp_path / "third.db") as store:  # the next game: the calibration kept
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                      clock=lambda: 0.0, dice=dice, calibration=Kept(store.path))
        choose(table, 0)
        assert table.mode == "throw" and dice.calibration == made
    virtual = Table(Store(tmp_path / "v.db"), Setup("charidice", 3, start="options"),
                    dice=VirtualDice(VirtualRoller(1)), clock=lambda: 0.0)
    choose(virtual, 0)
    assert virtual.mode == "throw"


def test_a_calibration_that_fails_says_why_and_virtual_dice_need_none(store, monkeypatch):
    def fails(frame, colours):
        raise ValueError("calibration frame shows 5 dice but 6 names were given")

    monkeypatch.setattr(calibration, "take", fails)
    table = started(store, dice=CameraDice(StillCamera(), live=False))
    press(table, "menu")
    pick(table, "Calibrate colours")
    press(table, "ok")
    assert table.mode == "calibrate" and "shows 5 dice" in table.screen().note
    press(table, "back")
    assert table.mode == "throw"
    virtual = started(Store(store.path.with_name("v.db")), dice=VirtualDice(VirtualRoller(1)))
    press(virtual, "menu")
    pick(virtual, "Calibrate colours")
    press(virtual, "ok")
    assert virtual.mode == "throw"
    assert virtual.said == "No camera: virtual dice need no calibration"


def test_colours_not_told_apart_are_taken_from_the_dice_laid_in_the_game_s_row(store,
                                                                             monkeypatch):
    """The six dice anywhere, their colours not told apart: the screen turns to a row of
    the game's CALIBRATE colours, each die with its letter, and OK calibrates from the
    dice laid so, named in that order. Select goes back to the dice anywhere, Back to
    the throw awaited, nothing of the game changed; a row refused says why and stays."""
    made = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)))
    asked = []

    def take(frame, colours, row=False):
        asked.append(row)
        if not row:
            raise calibration.Untold("dice 1 and 5 (in reading order) could be magenta and"
                                     " blue either way: light the dice better")
        if len(asked) == 2:
            raise ValueError("dice 2, 3 look orange, grey, not grey, orange: give the names"
                             " in reading order")
        return made

    monkeypatch.setattr(calibration, "take", take)
    now = [0.0]
    dice = CameraDice(StillCamera(), live=False)
    table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                  clock=lambda: now[0], dice=dice)
    choose(table, 0)  # Start game: the calibration asked for first
    press(table, "back")  # started uncalibrated: Ann to throw
    before = (table.mode, table.state)
    assert before[0] == "throw"
    press(table, "menu")
    pick(table, "Calibrate colours")
    press(table, "ok")
    assert table.mode == "calibrate" and asked == [False]
    row = table.screen()
    assert row.note == "Colours not told apart: lay the dice in this row"
    assert [cut_texts(row, size) for size in ((128, 64), (128, 32))] == [[], []]
    now[0] += 10
    assert table.screen() == examples.SCREENS["calibrate-row"]
    assert (row.entry, row.colours) == ((1,) * 6, ONES)
    press(table, "ok")  # laid wrong: refused, the row still shown
    assert asked == [False, True] and "reading order" in table.screen().note
    assert table.screen().kind == "enter"
    press(table, "select")  # back to the six anywhere
    now[0] += 10
    assert table.screen() == examples.SCREENS["calibrate"]
    press(table, "ok", "ok")  # refused again, then the row laid right
    assert asked == [False, True, False, True] and dice.calibration == made
    assert (table.mode, table.state) == before
    press(table, "menu")
    pick(table, "Calibrate colours")
    press(table, "ok", "back")  # the row offered, and Back returns all the same
    assert (table.mode, table.state) == before and dice.calibration == made


def test_a_calibration_taken_in_part_offers_the_row_for_all_the_colours(tmp_path,
                                                                        monkeypatch):
    """The six dice anywhere taken in part (orange and yellow not learnt): the part is in
    use and kept at once, and the screen offers the row for all six, not forcing it.
    Back goes on with the part (at Start game: the game starts with it), saying which
    colours it did not learn; the row laid and taken replaces it whole; a row refused
    says why, the part still in use."""
    part = Calibration(tuple((name, (i / 8, 0.0, -0.5)) for i, name in enumerate(ONES)
                             if name not in ("orange", "yellow")))
    whole = Calibration(tuple((name, (i / 8, 0.1, -0.5)) for i, name in enumerate(ONES)))
    asked, rows = [], iter([ValueError("dice 2, 3 look orange, grey, not grey, orange: give"
                                       " the names in reading order"), whole])

    def take(frame, colours, row=False):
        asked.append(row)
        if not row:
            return part
        taken = next(rows)
        if isinstance(taken, Exception):
            raise taken
        return taken

    monkeypatch.setattr(calibration, "take", take)
    now = [0.0]
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, names=NAMES, start="options"),
                      clock=lambda: now[0], dice=dice, calibration=Kept(store.path))
        choose(table, 0)  # Start game: the calibration asked for first
        press(table, "ok")  # taken in part: in use and kept, the row offered
        assert table.mode == "calibrate" and table.state is None and asked == [False]
        assert dice.calibration == part and Kept(store.path).load() == (part, "")
        offer = table.screen()
        assert offer.note == "Calibrated all but orange, yellow"
        assert [cut_texts(offer, size) for size in ((128, 64), (128, 32))] == [[], []]
        now[0] += 10
        assert table.screen() == examples.SCREENS["calibrate-row-part"]
        press(table, "back")  # not forced: the game starts with the four learnt
        assert table.mode == "throw" and dice.calibration == part
        assert table.said == "Calibrated all but orange, yellow (asked when unsure), kept"
        before = table.state
        press(table, "menu")
        pick(table, "Calibrate colours")
        press(table, "ok")  # in part again: the row offered
        press(table, "ok")  # laid wrong: refused, the part still in use, the row shown
        assert asked == [False, False, True] and dice.calibration == part
        assert "reading order" in table.screen().note and table.screen().kind == "enter"
        assert table.screen().hint == "4 of 6 learnt. OK: look\nSelect: apart, Back: return"
        press(table, "ok")  # laid right: all six learnt, back to the throw awaited
        assert asked == [False, False, True, True]
        assert (table.mode, table.state, dice.calibration) == ("throw", before, whole)
        assert table.said == "Colours calibrated, kept for the next games"
        assert Kept(store.path).load() == (whole, "")


@pytest.mark.parametrize("content", ["{not json", '{"gain": [1, 2]}', '["a"]'])
def test_a_damaged_calibration_file_is_said_and_ignored(tmp_path, content):
    (tmp_path / "calibration.json").write_text(content)
    with Store(tmp_path / "companion.db") as store:
        dice = CameraDice(StillCamera(), live=False)
        table = Table(store, Setup("charidice", 3, start="options"), dice=dice,
                      calibration=Kept(store.path))
        assert dice.calibration is None
        note = table.screen().note
        assert note.startswith("Colour calibration ignored") and "calibration.json" in note
        press(table, "ok")  # any press puts the notice away
        assert table.mode == "setup_options"


def test_a_game_stopped_is_taken_up_again_and_undone_step_by_step(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        table = started(store)
        press(table, "menu")
        pick(table, "Bo asks greatest gift")
        enter_faces(table, [die[1] for die in DICE])
        choose(table, 0)  # the advice's best
        before = table.state
    with Store(path) as store:  # the plug pulled: a new session on the same store
        table = Table(store, Setup("charidice", 3), clock=lambda: 0.0)
        assert table.state == before and table.names == NAMES
        press(table, "undo")
        assert table.mode == "decide" and table.state.gift
        press(table, "undo", "undo")
        assert table.state == GAME.new(3) and table.mode == "throw"
        assert store.load(table.game_id).actions == ()


def run(command, *argv: str) -> int:
    parser = argparse.ArgumentParser()
    command.configure(parser)
    return command.run(parser.parse_args(list(argv)))


def test_a_game_played_to_the_end_is_in_the_history_and_replays_exactly(tmp_path, capsys):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        table = started(store, dice=VirtualDice(VirtualRoller(5)))
        while table.mode != "over":
            if table.mode == "throw":
                press(table, "ok")
            else:
                choose(table, 0)  # the advice's best
        end, game_id = table.state, table.game_id
    assert run(history, "--store", str(path)) == 0
    listed = capsys.readouterr().out
    assert "Charidice" in listed and str(max(end.scores())) in listed
    assert run(replay, str(game_id), "--store", str(path), "--json") == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "charidice" and out["names"] == list(NAMES)
    assert GAME.from_json(out["state"]) == end and out["over"] is True


def test_a_first_throw_shows_the_best_then_score_and_keep_groups_each_a_short_list(store):
    """81 options of a first throw were one list: now the best, then "Keep..." and
    "Score...", each opening lists of at most six, Back leaving them."""
    table = started(store)
    enter_faces(table, [die[0] for die in DICE])  # the six 1s
    top = table.screen().menu.items
    assert top[0].best and not top[0].label.endswith("...")
    assert {"Keep...", "Score..."} <= set(labels(table)) and len(top) <= 6
    assert labels(table)[-1] == "Bo asks greatest gift"
    keep = labels(table).index("Keep...")
    assert top[keep].detail  # the figures of the best keep
    choose(table, keep)
    assert table.mode == "decide" and table.screen().note == "Keep..."
    assert all(label.startswith(("Keep", "Throw all")) for label in labels(table))
    press(table, "back")
    assert labels(table)[table.screen().menu.selected] == "Keep..." and not table.screen().note
    everything = options(table)
    assert len(everything) == len(GAME.new(3).apply(
        GAME.new(3).chance().action(tuple(die[0] for die in DICE))).legal_actions())


def test_the_legend_is_a_page_a_figure_from_the_game_menu_and_the_gift_comes_first(store):
    table = started(store)
    enter_faces(table, [die[0] for die in DICE])
    press(table, "menu")
    assert labels(table)[0] == "Bo asks greatest gift" and table.screen().menu.selected == 0
    pick(table, "What figures mean")
    assert table.mode == "legend" and table.screen().title == "Figures"
    press(table, "down")
    assert table.screen().title == "The star" and table.screen().menu.items[0].best
    press(table, "down")
    assert table.screen().title == "26pt give 8" and "8 given to the left" in table.screen().note
    press(table, "back")
    assert table.mode == "decide" and table.steps == 1


def test_a_throw_the_camera_read_is_learnt_for_the_game_and_one_typed_in_is_not(
        store, monkeypatch):
    """A Charidice throw read by the camera with a die asked about, and stored: its
    frame, each die's box and the colour it stands with go to vision.learnt_colours, the
    die asked as the one to learn, and the game's later throws are read with what was
    learnt; a throw entered by hand teaches nothing (no frame). Another game starts
    afresh from the table's calibration."""
    from vision import learnt_colours

    learnt = []
    made = Calibration((("grey", (0.0, 0.0, 0.0)),))
    monkeypatch.setattr(learnt_colours.Learnt, "add_frame",
                        lambda self, frame, boxes, names, answered, step=None:
                        learnt.append((boxes, names, answered)) or [0])
    monkeypatch.setattr(learnt_colours.Learnt, "calibration",
                        lambda self: made if learnt else self.base)

    def read(frame, expect, **kwargs):
        return [DieReading(v, c, (20 * i, 0, 20 * i + 15, 15), 0.3 if i == 0 else 0.9)
                for i, (v, c) in enumerate(die[0] for die in DICE)]

    dice = CameraDice(StillCamera(), live=False, read=read)
    table = started(store, dice=dice)
    assert dice.in_use() is None
    press(table, "ok")  # the camera reads the six 1s, die 0 unsure: asked
    assert table.mode == "confirm"
    choose(table, 0)  # Accept
    assert table.steps == 1
    order = sorted(range(6), key=lambda i: DICE[i][0])
    assert learnt == [([(20 * i, 0, 20 * i + 15, 15) for i in order],
                       [DICE[i][0][1] for i in order], {order.index(0)})]
    assert dice.in_use() is made
    pick(table, "Keep K1 B1 G1")
    enter_faces(table, [DICE[2][1], DICE[4][1], DICE[5][1]])  # typed in
    assert table.steps == 3 and len(learnt) == 1 and dice.in_use() is made
    dice.game = table.game_id + 1  # another game: what this one taught is not its
    assert dice.in_use() is None
