"""Kept photos (vision/kept_photos.py): which frames are labelled, and a set on disk that
the benchmark and the training read, survives a torn write and never stops a game."""

import json
import logging

import cv2
import numpy as np

from vision import kept_photos as kp
from vision.photo_sets import load_labels, photo_sets

BOXES = [(10, 10, 40, 40), (60, 10, 90, 40), (110, 10, 140, 40)]


def frame(shade=90):
    img = np.full((120, 160, 3), shade, np.uint8)
    img[10:40, 10:40] = 230  # something to find again after the JPEG round trip
    return img


def test_labels_are_the_values_let_stand_on_the_boxes_read():
    rows = kp.labelled([2, 3, 5], BOXES, [2, 3, 5])
    assert rows == [{"value": v, "bbox": list(b)} for v, b in zip([2, 3, 5], BOXES)]
    corrected = kp.labelled([2, 3, 5], BOXES, [2, 4, 5])
    assert [r["value"] for r in corrected] == [2, 4, 5]
    assert corrected[1]["bbox"] == list(BOXES[1])


def test_frames_whose_labels_would_be_guesses_are_not_labelled():
    assert kp.labelled([2, 3, 5], BOXES, [3, 2, 5]) is None  # two dice changed
    assert kp.labelled([2, 3], BOXES[:2], [2, 3, 6]) is None  # a die the reader missed
    assert kp.labelled([2, 3, 5, 6], BOXES + [(0, 0, 5, 5)], [2, 3, 5]) is None  # one too many
    assert kp.labelled([2, 3, 5], [], [2, 3, 5]) is None  # no boxes


def test_a_kept_frame_is_a_photo_set_the_benchmark_and_training_read(tmp_path):
    keeper = kp.PhotoKeeper(tmp_path / "kept")
    dice = kp.labelled([1, 4, 6], BOXES, [1, 4, 6])
    image = keeper.keep(frame(), dice, game=3, step=7, how="read")
    assert photo_sets(tmp_path / "kept") == [tmp_path / "kept"]  # the folder is the set
    assert photo_sets(tmp_path) == [tmp_path / "kept"]  # and is found under its parent
    (row,) = load_labels(tmp_path / "kept")
    assert row["image"] == image and row["dice"] == dice
    assert (row["width"], row["height"]) == (160, 120)
    assert (row["game"], row["step"], row["how"]) == (3, 7, "read")
    assert row["live"] is True  # a live camera's frame, unless the keeper is told otherwise
    assert row["split"] == kp.split_of(image.split("/")[1])
    back = cv2.imread(str(tmp_path / "kept" / image))
    assert back.shape == (120, 160, 3) and abs(int(back[25, 25, 0]) - 230) < 8
    assert keeper.count == 1 and kp.PhotoKeeper(tmp_path / "kept").count == 1


def test_the_benchmark_reads_a_live_cameras_frame_as_the_game_read_it(tmp_path, monkeypatch):
    """The game reads a live camera's frames once, at any size (vision.read's
    closer=False), so the benchmark scores them so; frames of photos standing in for the
    camera, and the public photo sets, are read as photos (looked at closer)."""
    import vision
    from companion.commands.bench_vision import score_photo_set

    dice = kp.labelled([1], BOXES[:1], [1])
    kp.PhotoKeeper(tmp_path, live=True).keep(frame(), dice)
    kp.PhotoKeeper(tmp_path, live=False).keep(frame(), dice)
    (tmp_path / "labels.jsonl").open("a").write(
        json.dumps({"image": "images/public.jpg", "width": 160, "height": 120, "dice": dice})
        + "\n")
    cv2.imwrite(str(tmp_path / "images" / "public.jpg"), frame())
    looked_closer = []

    def read(img, expect=None, calibration=None, closer=True):
        looked_closer.append(closer)
        return []

    monkeypatch.setattr(vision, "read", read)
    score_photo_set(tmp_path)
    assert [r.get("live") for r in load_labels(tmp_path)] == [True, False, None]
    assert looked_closer == [False, True, True]


def test_one_photo_in_five_is_held_out_by_its_name():
    names = [f"20261130-1200{i:02d}-000000.jpg" for i in range(60)]
    held = [n for n in names if kp.split_of(n) == "validation"]
    assert 6 <= len(held) <= 18
    assert [kp.split_of(n) for n in names] == [kp.split_of(n) for n in names]


def test_keeping_stops_at_the_limit(tmp_path, caplog):
    keeper = kp.PhotoKeeper(tmp_path, limit=2)
    dice = kp.labelled([1], BOXES[:1], [1])
    with caplog.at_level(logging.INFO):
        assert keeper.keep(frame(), dice) and keeper.keep(frame(), dice)
    assert keeper.keep(frame(), dice) is None
    assert len(load_labels(tmp_path)) == 2 and len(list((tmp_path / "images").iterdir())) == 2
    assert "the limit" in caplog.text


def test_an_undone_throw_is_forgotten_with_its_image(tmp_path):
    keeper = kp.PhotoKeeper(tmp_path)
    dice = kp.labelled([1], BOXES[:1], [1])
    first = keeper.keep(frame(), dice, game=1, step=2)
    second = keeper.keep(frame(), dice, game=1, step=5)
    assert keeper.forget(game=1, step=5) == 1
    assert [r["image"] for r in load_labels(tmp_path)] == [first]
    assert not (tmp_path / second).exists() and (tmp_path / first).exists()
    assert keeper.count == 1
    assert keeper.forget(game=1, step=5) == 0  # nothing left to forget


def test_a_torn_last_line_loses_only_itself(tmp_path, caplog):
    keeper = kp.PhotoKeeper(tmp_path)
    dice = kp.labelled([1], BOXES[:1], [1])
    first = keeper.keep(frame(), dice)
    with open(tmp_path / "labels.jsonl", "a") as fh:
        fh.write('{"image": "images/torn.jpg", "dice": [{"val')  # the power went here
    second = kp.PhotoKeeper(tmp_path).keep(frame(), dice)
    with caplog.at_level(logging.WARNING):
        rows = load_labels(tmp_path)
    assert [r["image"] for r in rows] == [first, second]
    assert "line 2 is not a label row" in caplog.text
    lines = (tmp_path / "labels.jsonl").read_text().splitlines()
    assert json.loads(lines[2])["image"] == second


def test_a_folder_that_cannot_be_written_stops_keeping_without_an_error(tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    keeper = kp.PhotoKeeper(blocked / "kept")
    dice = kp.labelled([1], BOXES[:1], [1])
    with caplog.at_level(logging.WARNING):
        assert keeper.keep(frame(), dice) is None
        assert keeper.keep(frame(), dice) is None
    assert caplog.text.count("not keeping photos") == 1


def test_a_frame_that_cannot_be_encoded_is_not_kept_and_says_why(tmp_path, caplog):
    keeper = kp.PhotoKeeper(tmp_path)
    with caplog.at_level(logging.WARNING):
        assert keeper.keep(np.zeros((0, 0, 3), np.uint8), []) is None
    assert "not keeping photos" in caplog.text and keeper.count == 0
