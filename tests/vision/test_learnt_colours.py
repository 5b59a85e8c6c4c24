"""A table's colours learnt from the throws its players confirmed (vision.learnt_colours),
on hard development tables (seeds 2000+): each die's box as the reader gave it, its true
colour as the players confirm it."""

import pytest

import vision
from vision import calibrate, learnt_colours, synth
from vision.learnt_colours import LEARNT_FROM_DICE, Learnt
from vision.reading import COLOURS
from vision.score import pairs


def throws(seed: int, light: str, n: int = 6):
    """The table's first `n` throws: (frame, the dice read's boxes, their true colours)."""
    at = synth.table(seed, light, hard=True)
    for k in range(n):
        img, labels = synth.charidice_scene(seed + 1 + k, at)
        expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
        read = vision.read(img, expect)
        matched = pairs(read, labels)
        dice = [i for i in range(len(read)) if i in matched]
        yield img, [read[i].bbox for i in dice], [labels[matched[i]]["colour"] for i in dice]


def test_a_table_s_confirmed_throws_teach_every_colour_shown_often_enough():
    """Under a warm lamp, six throws confirmed teach the six colours: every one was
    confirmed on LEARNT_FROM_DICE dice or more, and the first throw's colours seen on
    fewer are not learnt yet. Uncalibrated before, the calibration is whole after."""
    learnt = Learnt(None)
    assert learnt.calibration() is None
    for k, (img, boxes, names) in enumerate(throws(2200, "warm")):
        assert learnt.add_frame(img, boxes, names) == list(range(len(names)))
        if k == 0:  # black, grey, grey, orange, black, orange: two of each
            assert set(learnt.colours()) == {"black", "grey", "orange"}
            assert learnt.calibration().cast is not None  # in part: the rest asked
    counts = {c: sum(d.name == c for d in learnt.dice) for c in COLOURS}
    assert set(learnt.colours()) == {c for c, n in counts.items() if n >= LEARNT_FROM_DICE}
    taken = learnt.calibration()
    assert sorted(taken.colours()) == sorted(COLOURS) and taken.cast is None


def test_a_colour_confirmed_on_one_die_is_not_learnt():
    img, boxes, names = next(throws(2100, "neutral", 1))
    assert sorted(names) == ["grey", "orange", "orange", "orange"]
    learnt = Learnt(None)
    learnt.add_frame(img, boxes, names)
    assert learnt.colours() == ("orange",)


@pytest.mark.parametrize("seed, light", [(2100, "neutral"), (2200, "warm"), (3300, "cool")])
def test_a_throw_confirmed_with_two_dice_s_names_swapped_teaches_nothing(seed, light):
    """A sure die read wrong keeps its wrong name (nobody corrects it): where two dice
    of a throw were named each other's colour, another order of the names fits their
    looks clearly better (or the colours' own order says so), and the throw is refused
    whole, as a setup named in the wrong order is."""
    for img, boxes, names in throws(seed, light):
        other = [j for j, n in enumerate(names) if n != names[0]]
        if not other:
            continue
        swapped = list(names)
        swapped[0], swapped[other[0]] = names[other[0]], names[0]
        learnt = Learnt(None)
        assert learnt.add_frame(img, boxes, swapped) == []
        assert learnt.refused == 1 and learnt.calibration() is None


def test_a_setup_s_colours_are_kept_and_play_learns_those_it_left_out():
    """A setup calibration taken in part (its colours kept as it learnt them) is given
    the colours it left out once the throws confirmed them; where play learns nothing
    it lacked, it is the setup's own calibration."""
    at = synth.table(2200, "warm", hard=True)
    setup, _labels = synth.charidice_scene(2200, at, dice=range(6), values=[1] * 6)
    whole = calibrate.calibrate(setup)
    assert sorted(whole.colours()) == sorted(COLOURS)
    part = calibrate.Calibration(whole.seen[:3], whole.pips[:3], whole.white, (0.0, 0.0, 0.0))
    learning = {"whole": Learnt(whole), "part": Learnt(part)}
    for img, boxes, names in throws(2200, "warm"):
        for learnt in learning.values():
            learnt.add_frame(img, boxes, names)
    assert learning["whole"].calibration() is whole
    taken = learning["part"].calibration()
    assert sorted(taken.colours()) == sorted(COLOURS) and taken.cast is None
    assert dict(taken.seen) | dict(part.seen) == dict(taken.seen)  # the setup's kept
    assert taken.white == whole.white


def test_only_the_dice_answered_are_learnt_the_sure_ones_checked():
    """The dice let pass surely are not learnt (a wrong one nobody corrects would teach
    its colour another's look); their names still take part in the throw's checks: a
    sure die named wrong beside the die answered refuses the throw."""
    img, boxes, names = next(throws(2200, "warm", 1))
    learnt = Learnt(None)
    assert learnt.add_frame(img, boxes, names, answered={0, 2}) == [0, 2]
    assert [d.name for d in learnt.dice] == [names[0], names[2]]
    wrong = list(names)
    j = next(j for j, n in enumerate(names) if n != names[0])
    wrong[0], wrong[j] = names[j], names[0]
    assert Learnt(None).add_frame(img, boxes, wrong, answered={2}) == []


def test_a_throw_read_with_colours_learnt_from_play_is_named_no_surer_than_without():
    """Learnt from the dice asked alone, the colours made the reader surer, also where
    wrong: a die is now as sure as the lesser of its naming with and without what play
    taught, asked where the two name it otherwise (`Played`). (The dim table since
    untold38: the three dice play renamed on the warm one are named so without it, a
    guess kept to distinct thrown dice.)"""
    from vision.colour_doubt import DISAGREE
    from vision.learnt_colours import Played

    surer = renamed = 0
    for seed, light in [(2200, "warm"), (3300, "cool"), (2200, "dim")]:
        at = synth.table(seed, light, hard=True)
        learnt = Learnt(None)
        for img, boxes, names in throws(seed, light):
            learnt.add_frame(img, boxes, names)
        taken = learnt.calibration()
        assert isinstance(taken, Played) and taken.over is None
        for k in range(6, 12):
            img, labels = synth.charidice_scene(seed + 1 + k, at)
            expect = synth.charidice_expect(sorted(lab["die"] for lab in labels))
            plain, played = vision.read(img, expect), vision.read(img, expect, calibration=taken)
            assert [r.bbox for r in plain] == [r.bbox for r in played]
            for a, b in zip(plain, played):
                assert b.confidence <= (a.confidence if a.colour == b.colour else DISAGREE)
                surer += not b.needs_confirmation and (a.needs_confirmation
                                                       or a.colour != b.colour)
                renamed += a.colour != b.colour
    assert surer == 0 and renamed > 0


def test_what_a_table_learnt_is_kept_plainly_and_read_back_the_same(tmp_path):
    """`Learnt.to_json` through a file and back (`from_json`) over the same calibration,
    read back from its own file: the same throws learnt, the same calibration for the
    next throws; over another calibration, or damaged, it is refused saying why."""
    import json

    at = synth.table(2200, "warm", hard=True)
    setup, _labels = synth.charidice_scene(2200, at, dice=range(6), values=[1] * 6)
    whole = calibrate.calibrate(setup)
    part = calibrate.Calibration(whole.seen[:3], whole.pips[:3], whole.white, (0.0, 0.0, 0.0))
    calibrate.save(part, tmp_path / "calibration.json")
    again = calibrate.load(tmp_path / "calibration.json")  # the next start's
    assert learnt_colours.over(again) == learnt_colours.over(part)
    assert len({learnt_colours.over(c) for c in (None, part, whole)}) == 3
    seen = list(throws(2200, "warm", 4))
    for base in (None, again):
        learnt = Learnt(base)
        for img, boxes, names in seen:
            learnt.add_frame(img, boxes, names, answered={0, 1})
        learnt.add_frame(*seen[0][:2], seen[0][2][::-1])  # swapped: refused
        assert learnt.taught == 4 and learnt.refused == 1 and learnt.colours()
        back = Learnt.from_json(json.loads(json.dumps(learnt.to_json())), base)
        assert back == learnt and back.calibration() == learnt.calibration()
    with pytest.raises(ValueError, match="another colour calibration"):
        Learnt.from_json(learnt.to_json(), whole)
    for damage in ({"dice": [["red", [0, 0, 0], False]]}, {"casts": [[0, 0]]},
                   {"taught": -1}, {"taught": 9}, {"lamp only": "no"}, {"version": 0},
                   {"dice": [["grey", [0, float("nan"), 0], True]]}):
        with pytest.raises(ValueError):
            Learnt.from_json(learnt.to_json() | damage, again)


def test_an_undone_throw_is_forgotten_as_if_never_learnt():
    """Each throw learnt with its stored step: forgetting a step (an undo) leaves the
    learning as it was before that throw, to the calibration and the counts, kept so
    through its file (issue 35, undo31); a step that taught nothing forgets nothing."""
    learnt, before = Learnt(None), []
    for step, (img, boxes, names) in enumerate(throws(2200, "warm", 3)):
        before.append(Learnt.from_json(learnt.to_json()))
        assert learnt.add_frame(img, boxes, names, step=step)
    img, boxes, names = next(throws(2100, "neutral", 1))
    swapped = ["grey" if n != "grey" else "orange" for n in names]
    assert learnt.add_frame(img, boxes, swapped, step=3) == [] and learnt.refused == 1
    assert not learnt.forget(7)
    assert learnt.forget(3) and learnt.refused == 0
    kept = Learnt.from_json(learnt.to_json())
    assert kept == learnt and [d.step for d in kept.dice][-1] == 2
    for step in (2, 1):
        assert learnt.calibration() != before[step].calibration()
        assert learnt.forget(step)
        assert learnt == before[step] and learnt.calibration() == before[step].calibration()
    assert Learnt.from_json(learnt.to_json()) == learnt and learnt.taught == 1
