"""What a Charidice game's confirmed throws taught the camera (vision.learnt_colours) is
kept beside the store (companion.calibration.KeptLearnt): a restart into the same game
reads with it; another game, or a new calibration, starts afresh; a damaged file is
said in the log and ignored; the file is written whole or not at all."""

from __future__ import annotations

import json
import logging
import os

import numpy as np
import pytest
from table_helpers import choose, enter_faces, pick, press

from companion import calibration
from companion.calibration import LEARNT_FILE, Kept, KeptLearnt
from companion.dice_input import CameraDice
from companion.rules.charidice import DICE
from companion.store import Store
from companion.table import Setup, Table
from vision import DieReading, learnt_colours
from vision.calibrate import Calibration
from vision.learnt_colours import Die, Learnt
from vision.reading import COLOURS

NAMES = ("Ann", "Bo", "Cy")
ONES = [die[0] for die in DICE]  # (value, colour): the six 1s


class StillCamera:
    def read(self):
        return np.zeros((48, 64, 3), np.uint8)


@pytest.fixture
def learning(monkeypatch):
    """Learnt.add_frame as a plain stand-in (no frame measured): each die named is
    learnt twice, at a place of its own, so every colour named is learnt at once."""

    def add_frame(self, frame, boxes, names, answered=None, step=None):
        learnt = [i for i, n in enumerate(names) if n in COLOURS]
        dice = []
        for i in learnt:
            at = (0.1 * i, 0.02 * len(self.casts), -0.05)
            dice += [Die(names[i], at, i % 2 == 0)] * 2
        self.teach(dice, (0.01 * len(self.casts), 0.0, 0.003), False, step)
        return learnt

    monkeypatch.setattr(learnt_colours.Learnt, "add_frame", add_frame)


class Reads:
    """The camera's reader: the six 1s, die 0 unsure (asked); each call's keywords kept."""

    def __init__(self):
        self.asked = []

    def __call__(self, frame, expect, **kwargs):
        self.asked.append(kwargs)
        return [DieReading(v, c, (20 * i, 0, 20 * i + 15, 15), 0.3 if i == 0 else 0.9)
                for i, (v, c) in enumerate(ONES)]


def opened(store, read, **kwargs) -> tuple[Table, CameraDice]:
    """The box started over `store` with a camera (a restart, when a game is in play)."""
    dice = CameraDice(StillCamera(), live=False, read=read)
    table = Table(store, Setup("charidice", 3, names=NAMES, start="options"), dice=dice,
                  clock=lambda: 0.0, calibration=Kept(store.path), **kwargs)
    return table, dice


def begun(store, read) -> tuple[Table, CameraDice]:
    """A new game, its first throw read by the camera, die 0 asked and accepted."""
    table, dice = opened(store, read)
    choose(table, 0)  # Start game
    if table.mode == "calibrate":  # no calibration: Back starts the game uncalibrated
        press(table, "back")
    press(table, "ok")
    assert table.mode == "confirm"
    choose(table, 0)  # Accept: the throw stored, its colours learnt
    assert table.steps == 1
    return table, dice


def test_a_restart_into_the_same_game_reads_with_what_its_throws_taught(
        tmp_path, learning):
    read = Reads()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        taught, game = dice.in_use(), table.game_id
        assert isinstance(taught, learnt_colours.Played)
    assert (tmp_path / LEARNT_FILE).exists()
    with Store(tmp_path / "companion.db") as store:  # the plug pulled, the box started
        table, again = opened(store, read)
        assert table.game_id == game and table.mode == "decide"
        assert again.in_use() == taught
        pick(table, "Keep K1 B1 G1")
        press(table, "ok")  # the next throw read with what the game taught before
        assert read.asked[-1] == {"calibration": taught}
        learnt = again._learning()
        assert learnt.taught == 1 and learnt.base is None


def test_the_colours_kept_go_on_learning_over_the_calibration_they_were_learnt_over(
        tmp_path, learning):
    made = Calibration((("grey", (0.0, 0.0, 0.0)),))
    Kept(tmp_path / "companion.db").save(made)
    read = Reads()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        taught = dice.in_use()
        assert taught.over == made and set(taught.colours()) == set(COLOURS)
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, read)
        assert again.in_use() == taught and again._learning().base is again.calibration
        again.learn(StillCamera().read(), [(0, 0, 9, 9)], ["blue"], {0})  # one more throw
    kept = json.loads((tmp_path / LEARNT_FILE).read_text())
    assert kept["game"] == table.game_id and kept["learnt"]["taught"] == 2


def test_another_game_starts_afresh_and_its_first_throw_learnt_replaces_the_file(
        tmp_path, learning):
    read = Reads()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        first = table.game_id
        store.abandon(first)
    with Store(tmp_path / "companion.db") as store:  # restarted: a new game
        table, again = begun(store, Reads())
        assert table.game_id != first
        kept = json.loads((tmp_path / LEARNT_FILE).read_text())
        assert kept["game"] == table.game_id  # the older game's dropped
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, read)
        again.game = first  # the older game: nothing kept for it now
        assert again.in_use() is None


def test_another_game_does_not_read_with_it(tmp_path, learning, caplog):
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, Reads())
        game = table.game_id
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, Reads())
        again.game = game + 1
        with caplog.at_level(logging.INFO, "companion.calibration"):
            assert again.in_use() is None
        assert f"another game's ({game}), not game {game + 1}'s" in caplog.text


def test_a_store_set_aside_whose_new_game_has_the_same_id_does_not_read_with_it(tmp_path):
    """A damaged store set aside, the new one numbers its games from 1 again: the
    game's start time tells the two apart."""
    learnt = Learnt(None, [Die("magenta", (0.1, 0.2, 0.3), False)] * 2, [(0.0, 0.0, 0.0)],
                    taught=1)
    KeptLearnt(tmp_path / "companion.db", lambda game: "2026-12-04T20:00:00+00:00").save(
        1, learnt)
    assert KeptLearnt(tmp_path / "companion.db",
                      lambda game: "2026-12-04T21:00:00+00:00").load(1, None) is None
    assert KeptLearnt(tmp_path / "companion.db",
                      lambda game: "2026-12-04T20:00:00+00:00").load(1, None) == learnt


def test_a_new_calibration_starts_afresh(tmp_path, learning, monkeypatch, caplog):
    read = Reads()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        assert dice.in_use() is not None
    made = Calibration((("grey", (0.0, 0.0, 0.0)),))
    monkeypatch.setattr(calibration, "take", lambda frame, colours: made)
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, read)
        press(table, "menu")
        pick(table, "Calibrate colours")
        press(table, "ok")  # calibrated again: kept beside the store
        assert again.calibration == made
        with caplog.at_level(logging.INFO, "companion.calibration"):
            assert again.in_use() is made
        assert "learnt over another colour calibration" in caplog.text
    with Store(tmp_path / "companion.db") as store:  # and after a restart too
        table, again = opened(store, read)
        assert again.calibration == made and again.in_use() == made


@pytest.mark.parametrize("damage", ["truncated", "garbage", "not json", "wrong shapes",
                                    "binary"])
def test_a_damaged_file_is_said_in_the_log_and_ignored_and_the_game_plays_on(
        tmp_path, learning, caplog, damage):
    read = Reads()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        game = table.game_id
    path = tmp_path / LEARNT_FILE
    text = path.read_text()
    kept = json.loads(text)
    kept["learnt"]["dice"] = [["blue", [1, 2], "yes"]]
    path.write_bytes({"truncated": text[: len(text) // 2].encode(),
                      "garbage": b"[[[[[[[[ {\x01",
                      "not json": b"learnt colours",
                      "wrong shapes": json.dumps(kept).encode(),
                      "binary": bytes(range(256))}[damage])
    with Store(tmp_path / "companion.db") as store:
        with caplog.at_level(logging.INFO, "companion.calibration"):
            table, again = opened(store, read)
            assert table.game_id == game and not table.notice
            pick(table, "Keep K1 B1 G1")
            press(table, "ok")  # read uncalibrated, as before the first throw learnt
        assert read.asked[-1] == {} and table.mode == "confirm"
        assert "Colours learnt in play ignored" in caplog.text
        assert str(path) in caplog.text
        assert again.in_use() is None


def test_an_interrupted_write_leaves_the_old_file_whole_and_no_other(tmp_path,
                                                                     monkeypatch):
    kept = KeptLearnt(tmp_path / "companion.db")
    old = Learnt(None, [Die("magenta", (0.1, 0.2, 0.3), False)] * 2, [(0.0, 0.0, 0.0)],
                 taught=1)
    kept.save(4, old)
    before = kept.path.read_bytes()
    new = Learnt(None, old.dice + [Die("blue", (0.3, 0.2, 0.1), True)] * 2,
                 old.casts * 2, taught=2)

    def cut(*args):  # the plug pulled: the new file half written, never renamed
        raise OSError("power cut")

    for where in ("fsync", "replace"):
        with monkeypatch.context() as m:
            m.setattr(os, where, cut)
            with pytest.raises(OSError):
                kept.save(4, new)
        assert kept.path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == [LEARNT_FILE]
        assert kept.load(4, None) == old
    kept.save(4, new)
    assert kept.load(4, None) == new


def test_a_write_that_fails_in_play_is_said_and_the_game_keeps_it_in_memory(
        tmp_path, learning, monkeypatch, caplog):
    monkeypatch.setattr(KeptLearnt, "save", lambda self, game, learnt: (_ for _ in ()).throw(
        OSError("read-only card")))
    with Store(tmp_path / "companion.db") as store:
        with caplog.at_level(logging.WARNING):
            table, dice = begun(store, Reads())
        assert "colours learnt in play not kept on disk: read-only card" in caplog.text
        assert isinstance(dice.in_use(), learnt_colours.Played)


class Thrown(Reads):
    """The camera's reader: the 1s of the dice thrown, the first unsure."""

    def __call__(self, frame, expect, **kwargs):
        self.asked.append(kwargs)
        ones = [f for f in ONES if expect.colours is None or f in expect.colours]
        return [DieReading(v, c, (20 * i, 0, 20 * i + 15, 15), 0.3 if i == 0 else 0.9)
                for i, (v, c) in enumerate(ones[: expect.count])]


def test_an_undone_throw_no_longer_teaches_the_colours_also_after_a_restart(
        tmp_path, learning):
    """A throw stored wrongly and undone: what it taught is forgotten, the calibration in
    use as before it (issue 35, undo31), and the file kept again: a restart reads so."""
    made = Calibration((("grey", (0.0, 0.0, 0.0)),))
    Kept(tmp_path / "companion.db").save(made)
    read = Thrown()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        first = dice.in_use()
        assert first != made and dice._learning().taught == 1
        pick(table, "Keep K1 B1 G1")
        press(table, "ok")
        choose(table, 0)  # Accept: the second throw stored, its colours learnt
        assert table.steps == 3 and dice._learning().taught == 2
        assert dice.in_use() != first
        press(table, "undo")  # that throw undone
        assert table.steps == 2 and dice.in_use() == first
        assert dice._learning().taught == 1
        game = table.game_id
    kept = json.loads((tmp_path / LEARNT_FILE).read_text())
    assert kept["learnt"]["taught"] == 1
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, read)
        assert table.game_id == game and table.steps == 2
        assert again.in_use() == first
        press(table, "undo")  # the decision undone: the learning left alone
        assert table.steps == 1 and again.in_use() == first
        press(table, "undo")  # the first throw undone: as the calibration alone
        assert table.steps == 0 and again.in_use() == made
    with Store(tmp_path / "companion.db") as store:
        table, again = opened(store, read)
        assert again.in_use() == made


def test_undoing_a_throw_typed_by_hand_leaves_the_learning_alone(tmp_path, learning):
    read = Thrown()
    with Store(tmp_path / "companion.db") as store:
        table, dice = begun(store, read)
        taught = dice.in_use()
        pick(table, "Keep K1 B1 G1")
        enter_faces(table, [DICE[2][1], DICE[4][1], DICE[5][1]])  # typed in
        assert table.steps == 3
        before = (tmp_path / LEARNT_FILE).read_bytes()
        press(table, "undo")
        assert table.steps == 2 and dice.in_use() == taught
        assert dice._learning().taught == 1
        assert (tmp_path / LEARNT_FILE).read_bytes() == before  # not written again


def test_a_file_kept_before_steps_were_kept_still_loads_and_an_undo_leaves_it(tmp_path):
    """A file written by keep30 (no steps, each die of three): read as before; its
    throws' steps are not known, so an undo forgets nothing of them."""
    old = {"version": 1, "over": "none",
           "dice": [["magenta", [0.1, 0.2, 0.3], False]] * 2 + [["blue", [0.3, 0.2, 0.1], True]],
           "casts": [[0.0, 0.0, 0.0], [0.01, 0.0, 0.0]], "lamp only": True,
           "taught": 2, "refused": 1}
    (tmp_path / LEARNT_FILE).write_text(json.dumps(
        {"version": 1, "game": 3, "started": None, "learnt": old}))
    learnt = KeptLearnt(tmp_path / "companion.db").load(3, None)
    assert learnt is not None and learnt.taught == 2 and learnt.refused == 1
    assert [d.step for d in learnt.dice] == [None] * 3 and learnt.lamp_only
    taught = learnt.calibration()
    assert taught.colours() == ("magenta",) and taught.lamp_only
    assert not learnt.forget(0) and not learnt.forget(1)
    assert learnt.calibration() == taught
    assert Learnt.from_json(learnt.to_json()) == learnt
