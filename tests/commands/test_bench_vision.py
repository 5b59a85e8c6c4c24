"""`companion bench vision` on a photo set someone else made: a file it names that is
missing or damaged is left out and said, and the other photos are still scored."""

from __future__ import annotations

import json

import cv2
import pytest

from companion.commands.bench_vision import (
    failure_figures,
    readable_photos,
    score_photo_set,
    timing_frames,
    vision_figures,
)
from vision import synth


def a_set(tmp_path):
    """A set of one synthetic scene, a photo that is not there and one that is no image."""
    (tmp_path / "images").mkdir()
    img, labels = synth.scene(10_001)
    cv2.imwrite(str(tmp_path / "images" / "good.png"), img)
    (tmp_path / "images" / "torn.jpg").write_bytes(b"\xff\xd8\xff\xe0 not the rest")
    h, w = img.shape[:2]
    rows = [{"image": f"images/{name}", "width": w, "height": h, "dice": labels}
            for name in ("good.png", "gone.jpg", "torn.jpg")]
    (tmp_path / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return labels


def test_photos_that_cannot_be_read_are_left_out_and_named(tmp_path):
    labels = a_set(tmp_path)
    total, failures = score_photo_set(tmp_path)
    assert (total.images, total.dice, total.unreadable) == (1, len(labels), 2)
    assert total.right == len(labels)
    assert failures == ["images/gone.jpg (no such file)",
                        "images/torn.jpg (cut short: the file ends before its image does"
                        " (an unfinished copy?))"]


def test_the_figures_say_how_many_photos_were_left_out(tmp_path):
    a_set(tmp_path)
    lines = []
    figures = vision_figures(tmp_path, out=lines.append, synthetic=0, speed=False)
    set_line = next(s for s in lines if s.startswith(f"{tmp_path.name} validation"))
    assert "images    1" in set_line and "exact 100.00%" in set_line
    assert set_line.endswith("(2 images could not be read, left out)")
    assert figures[f"{tmp_path.name} validation"]["unreadable"] == 2


def test_speed_is_timed_on_frames_that_could_be_read(tmp_path):
    """Rows that say 640x480 but whose file is gone, or of another size, are not timed."""
    (tmp_path / "images").mkdir()
    cv2.imwrite(str(tmp_path / "images" / "small.png"), synth.scene(10_002)[0][:100, :100])
    rows = [{"image": f"images/{n}", "width": 640, "height": 480, "dice": []}
            for n in ("gone.png", "small.png")]
    (tmp_path / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    frames, what = timing_frames([tmp_path], n=3)
    assert len(frames) == 3 and all(f.shape[:2] == (480, 640) for f in frames)
    assert what.startswith("synthetic scenes")  # the speed line says it timed no photo


def test_photos_of_other_sizes_are_timed_apart(tmp_path):
    """A photo not 640x480 is read closer where its dice are small: timed on its own line."""
    (tmp_path / "images").mkdir()
    img = synth.scene(10_002)[0]
    cv2.imwrite(str(tmp_path / "images" / "camera.png"), img)
    cv2.imwrite(str(tmp_path / "images" / "phone.png"), cv2.resize(img, (512, 384)))
    rows = [{"image": f"images/{n}.png", "width": w, "height": h, "dice": []}
            for n, w, h in (("camera", 640, 480), ("phone", 512, 384))]
    (tmp_path / "labels.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    for other, shape in ((False, (480, 640)), (True, (384, 512))):
        frames, what = timing_frames([tmp_path], n=1, other_sizes=other)
        assert [f.shape[:2] for f in frames] == [shape] and what == "photos"


def test_the_photo_benchmarks_go_on_past_a_photo_that_cannot_be_read(tmp_path):
    a_set(tmp_path)
    said = []
    rows = readable_photos(tmp_path, "validation", out=said.append)
    assert [r["image"] for r, _img in rows] == ["images/good.png"]
    assert said == [f"{tmp_path.name}: images/gone.jpg left out: no such file",
                    f"{tmp_path.name}: images/torn.jpg left out: cut short: the file ends"
                    " before its image does (an unfinished copy?)"]


@pytest.mark.parametrize("labelled_on", ["stored pixels", "photo as shown", "square"])
def test_a_phone_photo_turned_by_its_exif_is_scored_as_its_labels_see_it(tmp_path,
                                                                        labelled_on):
    """A phone's JPEG stored on its side with an EXIF orientation (6: show it turned a
    quarter clockwise). Labels made on the stored pixels (as the photo README says boxes
    are) were scored against the photo turned, every die missed; labels made on the
    photo as shown are scored so, the row's width and height saying which. A square
    photo cannot say, and is taken as the README says."""
    from PIL import Image

    from vision.synth import Die, render

    size = (320, 320) if labelled_on == "square" else (320, 240)
    img, _ = render([Die(2, "white", (70, 120), 56, 0), Die(6, "white", (240, 120), 56, 0)],
                    size=size, seed=3)
    exif = Image.Exif()
    exif[0x0112] = 6
    (tmp_path / "images").mkdir()
    Image.fromarray(img[:, :, ::-1]).save(tmp_path / "images" / "phone.jpg", quality=92,
                                          exif=exif)
    stored = [{"value": 2, "bbox": [42, 92, 98, 148]}, {"value": 6, "bbox": [212, 92, 268, 148]}]
    if labelled_on != "photo as shown":
        (w, h), dice = size, stored
    else:  # turned a quarter clockwise: (x, y) -> (h - 1 - y, x)
        w, h = 240, 320
        dice = [{"value": d["value"], "bbox": [239 - d["bbox"][3], d["bbox"][0],
                                               239 - d["bbox"][1], d["bbox"][2]]}
                for d in stored]
    row = {"image": "images/phone.jpg", "width": w, "height": h, "dice": dice}
    (tmp_path / "labels.jsonl").write_text(json.dumps(row) + "\n")
    total, failures = score_photo_set(tmp_path)
    assert (total.right, total.false, failures) == (2, 0, [])


def test_each_line_gives_silent_errors_and_the_share_read_surely(tmp_path):
    a_set(tmp_path)
    lines = []
    figures = vision_figures(tmp_path, out=lines.append, synthetic=0, speed=False)
    f = figures[f"{tmp_path.name} validation"]
    assert (f["silent_per_100"], f["sure_right_pct"]) == (0.0, 100.0)
    set_line = next(s for s in lines if s.startswith(f"{tmp_path.name} validation"))
    assert "silent/100  0.00  sure 100.00%" in set_line


def test_the_failure_set_is_scored_kind_by_kind_and_together():
    """A coin read surely as a die is a silent error: of no die, not asked about."""
    lines = []
    figures = failure_figures(out=lines.append, n=2, kinds=("coins", "small"))
    assert list(figures) == ["failures: coins", "failures: small", "failures: all"]
    assert [s.split("  ")[0] for s in lines] == list(figures)
    every = figures["failures: all"]
    assert every["dice"] == figures["failures: coins"]["dice"] + figures["failures: small"]["dice"]
    for f in figures.values():
        assert 0 <= f["silent_per_100"] and 0 <= f["sure_right_pct"] <= f["right_pct"]


def test_scenes_with_no_die_count_their_sure_readings():
    """An empty tray has no dice to give a rate per 100: a thing read as a die unasked
    would show as 'silent/100 100.00' (one over a floor of one die); it is counted."""
    from companion.commands.bench_vision import figures, line
    from vision.score import Tally

    f = figures(Tally(images=400, dice=0, false=4, silent=1))
    text = line("empty trays (400)", f)
    assert "sure readings of no die 1" in text and "silent/100" not in text
    assert "silent/100  0.00" in line("a set", figures(Tally(images=1, dice=3, right=3)))
