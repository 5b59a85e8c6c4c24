"""`companion read IMAGE... --json` contract and --annotate."""

import argparse
import json

import cv2
import numpy as np
import pytest

from companion.commands import read as read_cmd
from vision.synth import Die, render


def run(argv, capsys):
    p = argparse.ArgumentParser()
    read_cmd.configure(p)
    rc = read_cmd.run(p.parse_args(argv))
    return rc, capsys.readouterr().out


def test_json_contract_with_an_unreadable_file(tmp_path, capsys):
    img, _ = render([Die(5, "white", (160, 120), 56, 0)], size=(320, 240), seed=1)
    good = tmp_path / "good.png"
    cv2.imwrite(str(good), img)
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    missing = tmp_path / "missing.jpg"
    rc, out = run([str(good), str(bad), str(missing), "--json"], capsys)
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["image"] for x in lines] == [str(good), str(bad), str(missing)]
    assert rc == 0
    g = lines[0]
    assert g["error"] is None and set(g) == {"image", "dice", "error"}
    (die,) = g["dice"]
    assert set(die) == {"value", "colour", "bbox", "confidence"}
    assert die["value"] == 5 and die["colour"] is None
    assert len(die["bbox"]) == 4 and all(isinstance(v, int) for v in die["bbox"])
    assert isinstance(die["confidence"], float)
    for x in lines[1:]:
        assert x["dice"] == [] and isinstance(x["error"], str) and x["error"]


def test_values_refuse_a_count_the_dice_cannot_show(tmp_path, capsys):
    img, _ = render([Die(1, "white", (160, 120), 56, 0)], size=(320, 240), seed=1)
    src = tmp_path / "one.png"
    cv2.imwrite(str(src), img)
    _, out = run([str(src), "--json"], capsys)
    (free,) = json.loads(out)["dice"]
    _, out = run([str(src), "--json", "--values", "2-7"], capsys)
    (refused,) = json.loads(out)["dice"]
    assert free["value"] == 1 and free["confidence"] >= 0.6
    assert refused["value"] in range(2, 8) and refused["confidence"] < 0.6


def test_a_values_typo_is_refused_with_the_form_expected(capsys):
    p = argparse.ArgumentParser()
    read_cmd.configure(p)
    for typo in ("1..6", "0-6", "6-1", "x"):
        try:
            p.parse_args(["a.jpg", "--values", typo])
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"--values {typo} was taken")
        assert "like 1-6" in capsys.readouterr().err
    assert p.parse_args(["a.jpg", "--values", "2-7"]).values == range(2, 8)
    assert p.parse_args(["a.jpg", "--values", "6"]).values == range(6, 7)


def test_annotate_writes_images(tmp_path, capsys):
    img, _ = render([Die(3, "blue", (160, 120), 56, 10)], size=(320, 240), seed=2)
    src = tmp_path / "scene.jpg"
    cv2.imwrite(str(src), img)
    out_dir = tmp_path / "ann"
    rc, out = run([str(src), "--annotate", str(out_dir)], capsys)
    assert rc == 0 and "scene.jpg" in out
    drawn = cv2.imread(str(out_dir / "scene.png"))
    assert drawn is not None and drawn.shape == img.shape
    assert (drawn != img).any()


def test_configure_has_no_heavy_imports():
    import importlib
    import sys

    for name in [n for n in sys.modules if n.startswith("companion.commands.read")]:
        del sys.modules[name]
    importlib.import_module("companion.commands.read")
    from pathlib import Path

    src = Path(read_cmd.__file__).read_text(encoding="utf-8").split("def configure")[0]
    assert "import cv2" not in src and "import vision" not in src


def test_bench_reads_photos_as_told(tmp_path):
    """`companion bench vision --values` tells the reader what the dice show, as a game
    does: a set labelled as six-sided dice, one showing 1, read as 67 Six Seven's 2-7."""
    from companion.commands.bench_vision import vision_figures

    img, labels = render([Die(1, "white", (160, 120), 56, 0)], size=(320, 240), seed=1)
    photos = tmp_path / "set"
    (photos / "images").mkdir(parents=True)
    cv2.imwrite(str(photos / "images" / "one.png"), img)
    die = {"value": 1, "bbox": [int(v) for v in labels[0]["bbox"]]}
    row = {"image": "images/one.png", "width": 320, "height": 240, "dice": [die]}
    (photos / "labels.jsonl").write_text(json.dumps(row) + "\n")
    said = []
    free = vision_figures(photos, out=said.append, synthetic=0, speed=False)
    told = vision_figures(photos, out=said.append, synthetic=0, values=range(2, 8), speed=False)
    assert free["set validation"]["right_pct"] == 100.0
    assert told["set validation"]["right_pct"] == 0.0 and told["set validation"]["missed"] == 0
    assert "photos read as dice showing 2-7" in said


def test_each_unreadable_file_says_why(tmp_path, capsys):
    (tmp_path / "bad.png").write_text("not an image")
    (tmp_path / "photos").mkdir()
    names = [str(tmp_path / n) for n in ("bad.png", "photos", "missing.jpg")]
    rc, out = run([*names, "--json"], capsys)
    errors = [json.loads(x)["error"] for x in out.splitlines()]
    assert rc == 1
    assert "not an image" in errors[0]
    assert errors[1].startswith("a folder, not an image")
    assert errors[2] == "no such file"


def scene(path, value, seed=1):
    """A photo of one white die showing `value`, written to `path`; its bytes."""
    img, _ = render([Die(value, "white", (160, 120), 56, 0)], size=(320, 240), seed=seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), img)
    return path.read_bytes()


def test_annotating_into_the_images_folder_leaves_the_images_as_they_were(
    tmp_path, capsys, monkeypatch
):
    """`read --annotate . photo.png` wrote the annotated copy over the photo."""
    monkeypatch.chdir(tmp_path)
    photo = scene(tmp_path / "photo.png", 4)
    upper = scene(tmp_path / "Upper.PNG", 2)
    rc, out = run(["photo.png", "./Upper.PNG", "--annotate", ".", "--json"], capsys)
    assert rc == 0
    assert (tmp_path / "photo.png").read_bytes() == photo
    assert (tmp_path / "Upper.PNG").read_bytes() == upper
    # "Upper.png" is the photo itself on a disk that ignores case (a Mac's)
    assert [json.loads(x)["annotated"] for x in out.splitlines()] == [
        "./photo-2.png", "./Upper-2.png"
    ]
    assert cv2.imread("photo-2.png") is not None and cv2.imread("Upper-2.png") is not None


def test_images_of_the_same_name_get_an_annotation_each(tmp_path, capsys):
    """a/dice.jpg and b/dice.jpg were both drawn into one out/dice.png, the second over
    the first."""
    first, second = tmp_path / "a" / "dice.jpg", tmp_path / "b" / "dice.jpg"
    scene(first, 2)
    scene(second, 5)
    out_dir = tmp_path / "out"
    rc, out = run([str(first), str(second), "--annotate", str(out_dir)], capsys)
    assert rc == 0
    assert out.splitlines() == [
        f"{first}: 1 die: 2 (annotated: {out_dir / 'dice.png'})",
        f"{second}: 1 die: 5 (annotated: {out_dir / 'dice-2.png'})",
    ]
    drawn = [cv2.imread(str(out_dir / name)) for name in ("dice.png", "dice-2.png")]
    assert [cv2.imread(str(p)).shape for p in (first, second)] == [d.shape for d in drawn]
    assert (drawn[0] != drawn[1]).any()


def test_an_annotation_is_never_named_as_an_image_read_nor_as_another(tmp_path):
    out = tmp_path / "out"
    images = [str(tmp_path / "a" / "dice.jpg"), str(tmp_path / "b" / "dice.jpg"),
              str(out / "dice-2.png"), str(tmp_path / "c" / "dice-2.jpg")]
    assert read_cmd.annotation_paths(images, str(out)) == [
        str(out / name) for name in ("dice.png", "dice-3.png", "dice-2-2.png", "dice-2-3.png")
    ]


def test_an_annotation_that_cannot_be_written_is_an_error_of_its_image(tmp_path, capsys):
    """cv2.imwrite's False was ignored: nothing written, nothing said, exit 0."""
    good, blocked = tmp_path / "good.png", tmp_path / "blocked.png"
    scene(good, 3)
    scene(blocked, 6)
    out_dir = tmp_path / "out"
    (out_dir / "blocked.png").mkdir(parents=True)  # a folder where its copy would go
    unwritten = f"cannot write the annotated image {out_dir / 'blocked.png'}"
    rc, out = run([str(good), str(blocked), "--annotate", str(out_dir), "--json"], capsys)
    written, failed = [json.loads(x) for x in out.splitlines()]
    assert rc == 0  # one image of two went through
    assert written["error"] is None and written["annotated"] == str(out_dir / "good.png")
    assert failed["error"] == unwritten and failed["annotated"] is None
    assert [die["value"] for die in failed["dice"]] == [6]  # read all the same

    p = argparse.ArgumentParser()
    read_cmd.configure(p)
    assert read_cmd.run(p.parse_args([str(blocked), "--annotate", str(out_dir)])) == 1
    said = capsys.readouterr()
    assert said.out == f"{blocked}: 1 die: 6\n"
    assert said.err == f"{blocked}: error: {unwritten}\n"


def test_an_annotation_folder_that_cannot_be_made_stops_before_reading(tmp_path, capsys):
    img = tmp_path / "dice.png"
    scene(img, 2)
    p = argparse.ArgumentParser(prog="companion read")
    read_cmd.configure(p)
    with pytest.raises(SystemExit) as stop:
        p.parse_args([str(img), "--annotate", str(tmp_path / ("x" * 300))])
    assert stop.value.code == 2
    said = capsys.readouterr()
    assert said.out == "" and "cannot make the folder " in said.err


def test_an_image_without_dice_says_no_dice(tmp_path, capsys):
    """It said "empty.png: 0 dice: " with a dangling colon."""
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), np.full((240, 320, 3), 90, np.uint8))
    assert run([str(empty)], capsys) == (0, f"{empty}: no dice\n")


def two_dice_jpeg(path, **save):
    """A JPEG (through Pillow, which can write progressive ones and EXIF) of a 2 at the
    top and a 6 at the bottom; its bytes."""
    from PIL import Image

    img, _ = render([Die(2, "white", (160, 50), 56, 0), Die(6, "white", (160, 190), 56, 0)],
                    size=(320, 240), seed=3)
    Image.fromarray(img[:, :, ::-1]).save(path, quality=92, **save)
    return path.read_bytes()


@pytest.mark.parametrize("progressive", [False, True])
def test_a_jpeg_cut_short_is_an_error_not_a_reading_of_its_top(tmp_path, capsys, progressive):
    """A JPEG whose end is missing (a copy broken off) was read without a word, the
    missing part grey: the 6 at the bottom went unread (or blurred, progressive), and
    the line said nothing was wrong."""
    whole = tmp_path / "whole.jpg"
    data = two_dice_jpeg(whole, progressive=progressive)
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data[: len(data) * 6 // 10])
    rc, out = run([str(whole), str(cut), "--json"], capsys)
    read, refused = [json.loads(x) for x in out.splitlines()]
    assert [d["value"] for d in read["dice"]] == [2, 6] and read["error"] is None
    assert refused["dice"] == [] and "cut short" in refused["error"]
    assert rc == 0


def test_a_whole_jpeg_with_a_thumbnail_or_bytes_after_its_end_reads(tmp_path, capsys):
    """The cut-short check reads a JPEG's segments: a thumbnail's end in the EXIF and
    data after the image's end (a phone's motion photo) are not taken for its end."""
    from PIL import Image

    thumb = tmp_path / "thumb.jpg"
    Image.new("RGB", (40, 30), (90, 90, 90)).save(thumb)
    exif = Image.Exif()
    exif[0x0112] = 1
    with_exif = tmp_path / "exif.jpg"
    data = two_dice_jpeg(with_exif, exif=exif.tobytes() + thumb.read_bytes())
    trailing = tmp_path / "trailing.jpg"
    trailing.write_bytes(data + b"\x00\x00ftypmp42" + bytes(range(256)) * 4)
    rc, out = run([str(with_exif), str(trailing), "--json"], capsys)
    for line in map(json.loads, out.splitlines()):
        assert line["error"] is None and [d["value"] for d in line["dice"]] == [2, 6]


def companion_read(*argv, **env):
    """`companion read ARGV...` in a process of its own (a crash must not take the tests
    with it), `env` added to its environment: (exit code, stdout lines, stderr)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(read_cmd.__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-m", "companion.cli", "read", *argv], cwd=root,
                          capture_output=True, timeout=120, env={**os.environ, **env})
    return done.returncode, done.stdout.decode("utf-8", "replace").splitlines(), done.stderr


def undecodable_name(tmp_path, value):
    """A photo whose file name is not UTF-8 (a Latin-1 'é' from an old camera or a
    Windows disk), as bytes; skipped where the disk refuses such names."""
    name = bytes(tmp_path) + "/dé.png".encode("latin-1")
    data = scene(tmp_path / "dice.png", value)
    try:
        with open(name, "wb") as f:
            f.write(data)
    except OSError:
        pytest.skip("this disk takes only UTF-8 names")
    return name


def test_an_image_whose_name_is_not_utf8_is_read(tmp_path):
    """OpenCV's imread took the name with Python's stand-ins for its undecodable bytes
    and crashed the process (a segmentation fault): no line for any image."""
    name = undecodable_name(tmp_path, 4)
    rc, lines, err = companion_read(name, str(tmp_path / "dice.png"), "--json")
    assert rc == 0, err
    assert [[d["value"] for d in json.loads(x)["dice"]] for x in lines] == [[4], [4]]
    assert json.loads(lines[0])["image"].encode("utf-8", "surrogateescape") == name


def test_a_phone_photo_turned_by_its_exif_is_read_as_a_viewer_shows_it(tmp_path, capsys):
    """Boxes are in the photo as shown (EXIF orientation 6: turned a quarter clockwise),
    and the annotated copy is drawn on it so."""
    from PIL import Image

    exif = Image.Exif()
    exif[0x0112] = 6
    photo = tmp_path / "phone.jpg"
    two_dice_jpeg(photo, exif=exif)
    _, out = run([str(photo), "--json", "--annotate", str(tmp_path / "ann")], capsys)
    line = json.loads(out)
    centres = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in
               (d["bbox"] for d in line["dice"])]
    assert [d["value"] for d in line["dice"]] == [6, 2]  # one row now, the 6 on the left
    assert centres == [pytest.approx((49, 160), abs=6), pytest.approx((189, 160), abs=6)]
    assert cv2.imread(line["annotated"]).shape == (320, 240, 3)


def test_an_image_whose_name_is_not_utf8_is_annotated(tmp_path):
    """cv2.imwrite took the annotated copy's name (the image's, not UTF-8) and crashed
    the process, as imread did."""
    name = undecodable_name(tmp_path, 3)
    out_dir = tmp_path / "ann"
    rc, lines, err = companion_read(name, "--json", "--annotate", str(out_dir))
    assert rc == 0, err
    written = json.loads(lines[0])["annotated"].encode("utf-8", "surrogateescape")
    assert written == bytes(out_dir) + "/dé.png".encode("latin-1")
    with open(written, "rb") as f:
        assert cv2.imdecode(np.frombuffer(f.read(), np.uint8), cv2.IMREAD_COLOR) is not None


def test_an_image_whose_name_is_not_utf8_is_named_in_plain_output(tmp_path):
    """Printing its name stopped the run with a UnicodeEncodeError where stdout is
    strict UTF-8 (a Pi in en_GB.UTF-8; PYTHONIOENCODING=utf-8 here): the images after
    it were never read. The bytes that are not UTF-8 are shown escaped."""
    name = undecodable_name(tmp_path, 2)
    good = tmp_path / "dice.png"
    rc, lines, err = companion_read(name, str(good), "--annotate", str(tmp_path / "ann"),
                                    PYTHONIOENCODING="utf-8")
    assert rc == 0, err
    assert lines == [
        f"{tmp_path}/d\\xe9.png: 1 die: 2 (annotated: {tmp_path}/ann/d\\xe9.png)",
        f"{good}: 1 die: 2 (annotated: {tmp_path}/ann/dice.png)",
    ]


def test_a_device_or_a_pipe_is_refused_not_read_for_ever(tmp_path):
    """`companion read /dev/zero` read on until memory ran out, and a named pipe waited
    for a writer that never came; both are refused, and the next image is read."""
    import os

    pipe = tmp_path / "pipe.jpg"
    os.mkfifo(pipe)
    good = tmp_path / "dice.png"
    two_dice_jpeg(tmp_path / "dice.jpg")
    cv2.imwrite(str(good), cv2.imread(str(tmp_path / "dice.jpg")))
    rc, lines, err = companion_read("/dev/zero", str(pipe), str(good), "--json")
    refused = [json.loads(x)["error"] for x in lines[:2]]
    assert refused == ["not a file of its own (a device, a pipe or a socket)"] * 2
    assert [d["value"] for d in json.loads(lines[2])["dice"]] == [2, 6] and rc == 0


def test_the_annotation_rounds_a_confidence_down_as_the_reading_does():
    from vision import DieReading

    doubtful = DieReading(3, None, (0, 0, 10, 10), 0.599)
    assert doubtful.needs_confirmation
    assert read_cmd.label(doubtful) == "3 0.59"
    assert read_cmd.label(DieReading(5, "blue", (0, 0, 10, 10), 1.0)) == "5 blue 1.00"
    for conf, shown in ((0.29, "0.29"), (0.57, "0.57"), (0.58, "0.58"), (0.999, "0.99")):
        assert read_cmd.label(DieReading(2, None, (0, 0, 10, 10), conf)) == f"2 {shown}"
