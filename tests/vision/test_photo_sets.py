"""The held-out split rule and the label fixes (vision/photo_sets.py)."""

import json

import pytest

from companion.commands.bench_vision import photos_dir
from vision import photo_sets as ps

SET = "nell-byler-dice_detection"
IMAGE = "images/IMG_20191209_095555.jpg"


def write_set(root, rows, name=SET):
    d = root / name
    (d / "images").mkdir(parents=True)
    (d / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return d


def row(image, split, dice):
    return {"image": image, "split": split, "dice": [{"value": v, "bbox": b} for v, b in dice]}


def test_every_row_not_marked_train_is_held_out(tmp_path):
    d = write_set(tmp_path, [row("a.jpg", "train", []), row("b.jpg", "test", []),
                             row("c.jpg", "valid", []), {"image": "d.jpg", "dice": []}])
    assert [r["image"] for r in ps.load_labels(d, "train")] == ["a.jpg"]
    assert [r["image"] for r in ps.load_labels(d, "validation")] == ["b.jpg", "c.jpg", "d.jpg"]
    assert len(ps.load_labels(d)) == 4


def test_a_fix_changes_only_the_die_it_names(tmp_path):
    box = [141.5, 247.5, 180.6, 280.7]
    other = [300.0, 300.0, 340.0, 340.0]
    d = write_set(tmp_path, [row(IMAGE, "test", [(5, box), (5, other)])])
    (fixed,) = ps.load_labels(d)
    assert [x["value"] for x in fixed["dice"]] == [6, 5]
    (raw,) = ps.load_labels(d, as_labelled=True)
    assert [x["value"] for x in raw["dice"]] == [5, 5]
    assert ps.fixes_applied(d, "validation") == 1 and ps.fixes_applied(d, "train") == 0
    assert ps.fixes_applied(d, limit=0) == 0


def test_a_fix_leaves_a_label_already_corrected_at_the_source(tmp_path):
    d = write_set(tmp_path, [row(IMAGE, "test", [(6, [141.5, 247.5, 180.6, 280.7])])])
    assert ps.fixes_applied(d) == 0
    assert ps.load_labels(d)[0]["dice"][0]["value"] == 6


@pytest.mark.skipif(not ps.photo_sets(photos_dir()), reason="no dice photos")
def test_each_fix_finds_its_label_in_the_real_sets():
    sets = {p.name: p for p in ps.photo_sets(photos_dir())}
    for (name, image), fixes in ps.LABEL_FIXES.items():
        if name in sets:
            (r,) = [x for x in ps.load_labels(sets[name], as_labelled=True) if x["image"] == image]
            assert ps.fixed(name, r)[1] == len(fixes), (name, image)


def test_a_fix_adds_a_die_no_label_names_unless_one_is_there(tmp_path):
    image = "images/IMG_20191208_112353.jpg"
    other = (2, [10.0, 10.0, 50.0, 50.0])
    d = write_set(tmp_path, [row(image, "train", [other])])
    (fixed,) = ps.load_labels(d)
    assert fixed["dice"][1:] == [{"value": 3, "bbox": [295.0, 357.0, 335.0, 398.0]}]
    assert ps.fixes_applied(d) == 1
    d2 = write_set(tmp_path / "labelled", [row(image, "train", [other, (3, [296, 356, 334, 399])])])
    assert ps.fixes_applied(d2) == 0 and len(ps.load_labels(d2)[0]["dice"]) == 2


def test_a_fix_drops_a_label_with_no_die_under_it(tmp_path):
    name = "matteop65-Dice_Detection_Recognition"
    five = (5, [329.0, 182.0, 389.0, 250.0])
    d = write_set(tmp_path, [row("images/train_five_1.jpg", "train",
                                 [(1, [430.0, 177.0, 498.0, 240.0]), five])], name)
    (fixed,) = ps.load_labels(d)
    assert [(x["value"], x["bbox"]) for x in fixed["dice"]] == [five]
    assert ps.fixes_applied(d) == 1


def test_a_burst_set_holds_back_whole_blocks_of_neighbouring_photos(tmp_path):
    """aws-dice-workshop's rows name no split: photos numbered n // 5 alike (a burst of
    one scene is neighbours) go to one side together, about one block in five held out;
    a split a row names still wins."""
    name = "aws-dice-workshop"
    rows = [{"image": f"images/Image_{n}.jpg", "dice": []} for n in range(200)]
    rows[0]["split"] = "train"
    d = write_set(tmp_path, rows, name)
    held = [int(r["image"][13:-4]) for r in ps.load_labels(d, "validation")]
    assert 0 not in held and 20 <= len(held) <= 60
    blocks = {n // ps.BURST_BLOCK for n in held}
    assert all(n in held for b in blocks for n in range(5 * b, 5 * b + 5) if n)
    assert len(ps.load_labels(d, "train")) + len(held) == 200
    assert ps.burst_split(name, "images/Image_56.jpg") == ps.burst_split(
        name, "images/Image_55.jpg")
    other = write_set(tmp_path / "x", [{"image": "images/Image_1.jpg", "dice": []}], "other")
    assert ps.load_labels(other, "train") == []  # a set not named: held out whole


def test_sets_kept_apart_beside_dice_photos_are_taken_with_them(tmp_path):
    write_set(tmp_path / "dice-photos", [], "a")
    write_set(tmp_path / ps.KEPT_APART, [], "b")
    write_set(tmp_path / ps.KEPT_APART, [], "a")  # moved in already: the one inside wins
    names = [(p.parent.name, p.name) for p in ps.photo_sets(tmp_path / "dice-photos")]
    assert names == [("dice-photos", "a"), (ps.KEPT_APART, "b")]
    assert [p.name for p in ps.photo_sets(tmp_path / ps.KEPT_APART)] == ["a", "b"]


@pytest.mark.skipif(not any(p.name == "aws-dice-workshop" for p in ps.photo_sets(photos_dir())),
                    reason="aws-dice-workshop absent")
def test_the_third_source_holds_back_a_fifth_of_its_dice():
    (d,) = [p for p in ps.photo_sets(photos_dir()) if p.name == "aws-dice-workshop"]
    held, train = ps.load_labels(d, "validation"), ps.load_labels(d, "train")
    assert (len(held), len(train)) == (30, 136)
    assert sum(len(r["dice"]) for r in held) == 171
