"""The finders' union (vision.net.ALSO_FILE): the shipped finder's candidates kept
exactly, round 18's fine-tune's added where none of them overlaps (docs/vision.md,
"Nineteenth round")."""

import pytest

import vision
from companion.commands.bench_vision import photos_dir
from vision import net
from vision.image_file import load_as_labelled
from vision.photo_sets import load_labels, photo_sets, read_closer
from vision.score import pairs

AWS = [p for p in photo_sets(photos_dir()) if p.name == "aws-dice-workshop"]


def test_the_first_finders_candidates_are_kept_and_the_added_overlap_none(monkeypatch):
    from vision import synth

    img, _labels = synth.render([synth.Die(v, "white", (80 + 90 * v, 120 + 40 * (v % 2)),
                                           50, 20 * v) for v in range(1, 6)],
                                size=(640, 480), seed=19)
    union = net.find_dice(img, net.PEAK_MIN / 2)
    monkeypatch.setitem(net._in_use, "also", None)
    first = net.find_dice(img, net.PEAK_MIN / 2)
    assert union[: len(first)] == first
    firm = [f for f in first if f.score >= net.PEAK_MIN]
    assert not any(net._overlap(f, g) for f in firm for g in union[len(first):])


def test_only_the_shipped_finder_is_read_with_the_second(tmp_path):
    """Nets learnt at a table (or a copy of the shipped finder elsewhere) are read alone;
    the shipped finder, named or not, with the second (vision.learn puts it back so)."""
    import shutil

    shutil.copyfile(net.FINDER_FILE, tmp_path / "dice_finder.onnx")
    try:
        net.use_nets(tmp_path / "dice_finder.onnx", net.FACES_FILE)
        assert net._in_use["also"] is None
        net.use_nets(net.FINDER_FILE, net.FACES_FILE)
        assert net._in_use["also"] == net.ALSO_FILE
    finally:
        net.use_nets()
    assert net._in_use["also"] == net.ALSO_FILE


@pytest.mark.skipif(not AWS, reason="aws-dice-workshop absent")
def test_dice_the_shipped_finder_misses_are_read_with_the_union(monkeypatch):
    """aws training photo Image_105: two 6s the shipped finder alone passes over (two of
    the six dice read) are found by round 18's finder, where no shipped candidate lies,
    and read 6, surely; the dice read before are read as before."""
    (d,) = AWS
    (row,) = [r for r in load_labels(d, "train") if r["image"] == "images/Image_105.jpg"]
    img = load_as_labelled(d / row["image"], row.get("width"), row.get("height"))
    expect = vision.Expect.of(values=range(1, 7))

    def read():
        readings = vision.read(img, expect, closer=read_closer(row))
        return {j: (readings[i].value, readings[i].needs_confirmation)
                for i, j in pairs(readings, row["dice"]).items()}

    # the finders alone: the second face net (test_faces_union.py) reads two more of
    # the shipped finder's candidates here, asked
    monkeypatch.setitem(net._in_use, "faces_also", None)
    union = read()
    monkeypatch.setitem(net._in_use, "also", None)
    alone = read()
    assert len(alone) == 2 and all(union[j] == alone[j] for j in alone)
    added = {j: v for j, v in union.items() if j not in alone}
    assert len(added) == 2
    assert all(v == (row["dice"][j]["value"], False) for j, v in added.items())


def test_the_half_size_look_is_the_shipped_finders_alone(monkeypatch):
    """The half-size look (dice BIG_SIDE wide or wider) is the shipped finder's alone: the
    second finder there cost as much as the first and added no reading on the three
    sets' training rows (speed22, docs/vision.md "Speed"); the full-size look is the
    union, as before."""
    from vision import synth

    img, _labels = synth.render([synth.Die(v, "white", (80 + 90 * v, 120 + 40 * (v % 2)),
                                           50, 20 * v) for v in range(1, 6)],
                                size=(640, 480), seed=19)
    looked = []
    also_for = net._also_for

    def counted(shape):
        looked.append(shape)
        return also_for(shape)

    monkeypatch.setattr(net, "_also_for", counted)
    found = net.find_dice(img)
    assert looked == [(1, 3, 240, 320)]  # the full-size look's input only
    half = net._find_at(img, 0.5, net.BIG_PEAK_MIN, net.HALF_UNION)
    monkeypatch.setitem(net._in_use, "also", None)
    assert half == net._find_at(img, 0.5, net.BIG_PEAK_MIN)
    assert found  # premise: dice found
