"""Learning a table's own dice (vision/learn.py, `companion learn`): the new nets are used
only if they read the kept photos' held-back part better, the nets before are kept and
can be gone back to, and a box without enough photos, or without PyTorch, is told why.

The training itself needs PyTorch, which the companion does not install: those tests run
where it is (`pip install -e '.[learn]'`) and are skipped elsewhere; everything around
it (judging, switching, going back, the reader using the learnt nets) runs everywhere,
with a stand-in trainer."""

import json
import shutil

import numpy as np
import pytest

import vision
from companion.cli import main as cli
from vision import learn, net, synth
from vision.photo_sets import LABELS, load_labels


def kept_set(folder, train=12, held=4, seed=700):
    """A kept-photos set of synthetic throws: `train` training rows, `held` held back."""
    (folder / "images").mkdir(parents=True)
    rows = []
    for k in range(train + held):
        img, labels = synth.scene(seed + k, n=3, faces=["ivory"])
        name = f"images/{k}.png"
        import cv2

        cv2.imwrite(str(folder / name), img)
        rows.append({"image": name, "width": img.shape[1], "height": img.shape[0],
                     "dice": [{"value": d["value"], "bbox": d["bbox"]} for d in labels],
                     "split": "train" if k < train else "validation", "live": False})
    (folder / LABELS).write_text("".join(json.dumps(r) + "\n" for r in rows))
    return folder


def same_nets(photos, out, steps, seed, say):
    """A stand-in trainer: the nets in use, unchanged."""
    new = {}
    for kind, path in zip(("finder", "faces"), net.nets_in_use()):
        new[kind] = out / learn.FILES[kind]
        shutil.copyfile(path, new[kind])
    return new


@pytest.fixture(autouse=True)
def shipped_nets():
    net.use_nets()
    yield
    net.use_nets()


def figures(right, silent):
    return learn.Figures(images=4, dice=12, right=right, silent=silent, exact=0)


def test_better_is_more_right_with_no_more_silent_errors_or_fewer_silent_errors():
    old = figures(10, 1)
    assert figures(11, 1).better_than(old) and figures(11, 0).better_than(old)
    assert figures(10, 0).better_than(old)
    assert not figures(10, 1).better_than(old)  # the same is not better
    assert not figures(12, 2).better_than(old)  # more right, but more taken wrongly unasked
    assert not figures(9, 0).better_than(old)  # fewer silent errors, but fewer right


def test_too_few_kept_photos_are_refused_with_how_many_it_takes(tmp_path):
    with pytest.raises(learn.CannotLearn, match=r"Too few kept photos .*: 0 \(0 held back"):
        learn.learn(tmp_path / "none", tmp_path / "nets", trainer=same_nets)
    photos = kept_set(tmp_path / "kept", train=12, held=2)
    with pytest.raises(learn.CannotLearn, match=r": 14 \(2 held back .* it takes 13 or more, "
                       r"at least 3 held back"):
        learn.learn(photos, tmp_path / "nets", trainer=same_nets)
    assert not (tmp_path / "nets").exists()


def test_nets_no_better_on_the_held_back_photos_are_not_used(tmp_path):
    photos = kept_set(tmp_path / "kept")
    outcome = learn.learn(photos, tmp_path / "nets", trainer=same_nets, say=lambda _: None)
    assert outcome.before == outcome.after  # the same nets read the same
    assert outcome.before.images == 4 and outcome.before.dice == 12  # the held-back part
    assert (outcome.photos, outcome.held_back, outcome.switched) == (12, 4, False)
    assert learn.learnt_nets(tmp_path / "nets") is None
    assert net.nets_in_use() == (net.FINDER_FILE, net.FACES_FILE)
    (record,) = json.loads((tmp_path / "nets" / learn.RECORD).read_text())
    assert record["switched"] is False and record["before"]["dice"] == 12


def test_better_nets_are_used_and_the_ones_before_kept(tmp_path, monkeypatch):
    photos = kept_set(tmp_path / "kept")
    judged = iter([figures(10, 1), figures(12, 0)] * 2)  # before, after; twice
    monkeypatch.setattr(learn, "score", lambda *a: next(judged))
    nets_dir = tmp_path / "nets"
    first = learn.learn(photos, nets_dir, trainer=same_nets, say=lambda _: None)
    assert first.switched
    assert learn.learnt_nets(nets_dir) == (nets_dir / "dice_finder.onnx",
                                           nets_dir / "dice_faces.onnx")
    assert net.nets_in_use() == learn.learnt_nets(nets_dir)  # read with from now on
    assert learn.learnt_nets(nets_dir / "previous") is None  # they replaced the shipped ones
    learn.learn(photos, nets_dir, trainer=same_nets, say=lambda _: None)
    assert learn.learnt_nets(nets_dir / "previous") is not None  # the first learnt, kept
    assert [r["switched"] for r in json.loads((nets_dir / learn.RECORD).read_text())] == [
        True, True]


def test_going_back_swaps_the_nets_in_use_with_the_ones_before(tmp_path):
    nets_dir = tmp_path / "nets"
    assert "No nets were learnt" in learn.go_back(nets_dir)
    nets_dir.mkdir()
    shutil.copyfile(net.FINDER_FILE, nets_dir / "dice_finder.onnx")
    shutil.copyfile(net.FACES_FILE, nets_dir / "dice_faces.onnx")
    (nets_dir / "dice_faces.onnx").write_bytes(net.FACES_FILE.read_bytes() + b"learnt")
    assert "back to the nets it shipped with" in learn.go_back(nets_dir)
    assert learn.learnt_nets(nets_dir) is None
    assert (nets_dir / "previous" / "dice_faces.onnx").read_bytes().endswith(b"learnt")
    assert "back to the nets learnt before" in learn.go_back(nets_dir)  # and again
    assert (nets_dir / "dice_faces.onnx").read_bytes().endswith(b"learnt")
    assert learn.learnt_nets(nets_dir / "previous") is None


def test_the_reader_reads_with_the_learnt_nets_when_there_are_some(tmp_path):
    img, labels = synth.scene(11, n=3, faces=["ivory"])
    shipped = [(r.value, r.bbox) for r in vision.read(img)]
    assert not learn.use_learnt(tmp_path)  # none: the shipped nets
    assert net.nets_in_use() == (net.FINDER_FILE, net.FACES_FILE)
    shutil.copyfile(net.FINDER_FILE, tmp_path / "dice_finder.onnx")
    shutil.copyfile(net.FACES_FILE, tmp_path / "dice_faces.onnx")
    assert learn.use_learnt(tmp_path)
    assert net.nets_in_use() == (tmp_path / "dice_finder.onnx", tmp_path / "dice_faces.onnx")
    assert [(r.value, r.bbox) for r in vision.read(img)] == shipped
    (tmp_path / "dice_faces.onnx").write_bytes(b"not a net")  # the file is what is read
    net.use_nets(tmp_path / "dice_finder.onnx", tmp_path / "dice_faces.onnx")
    with pytest.raises(Exception):  # noqa: B017 (OpenCV's error class varies by version)
        vision.read(img)


def test_companion_learn_says_what_it_needs_and_goes_back(tmp_path, capsys):
    args = ["learn", "--photos", str(tmp_path / "kept"), "--nets", str(tmp_path / "nets")]
    assert cli(args) == 2
    assert "Too few kept photos to learn from" in capsys.readouterr().err
    assert cli(args + ["--back"]) == 0
    assert "No nets were learnt" in capsys.readouterr().out


def test_without_pytorch_learning_says_how_to_get_it(tmp_path, monkeypatch):
    import builtins

    real = builtins.__import__

    def no_torch(name, *a, **k):
        if name == "torch":
            raise ImportError(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_torch)
    with pytest.raises(learn.CannotLearn, match=r"needs PyTorch.*pip install -e '\.\[learn\]'"):
        learn.learn(kept_set(tmp_path / "kept"), tmp_path / "nets")


def test_the_nets_in_use_read_back_into_pytorch_compute_what_opencv_does():
    torch = pytest.importorskip("torch")
    pytest.importorskip("onnx")
    for kind, path, shape in (("finder", net.FINDER_FILE, (1, 3, 96, 128)),
                              ("faces", net.FACES_FILE, (2, 3, net.CROP, net.CROP))):
        x = np.random.default_rng(1).normal(size=shape).astype(np.float32)
        with torch.no_grad():
            mine = learn.torch_net(kind, path).eval()(torch.from_numpy(x)).numpy()
        cv = net.load_net(path)
        cv.setInput(x)
        assert np.abs(cv.forward() - mine).max() < 1e-3


def test_learning_writes_nets_the_reader_loads(tmp_path, monkeypatch):
    pytest.importorskip("torch")
    pytest.importorskip("onnx")
    monkeypatch.setattr(learn, "SYNTHETIC", 4)
    photos = kept_set(tmp_path / "kept")
    said = []
    new = learn.new_nets(photos, tmp_path, {"finder": 2, "faces": 2}, say=said.append)
    assert set(new) == {"finder", "faces"} and all(p.is_file() for p in new.values())
    assert net.nets_in_use() == (net.FINDER_FILE, net.FACES_FILE)  # not switched by itself
    net.use_nets(new["finder"], new["faces"])
    img, _ = synth.scene(3, n=2)
    vision.read(img)  # loads and reads
    assert any("from 12 photos" in s for s in said)
    assert len(load_labels(photos, "validation")) == 4


def test_what_learning_calls_in_the_training_code_is_there():
    """The training itself is skipped where PyTorch is not (CI), so a name moved in
    vision/train would break `companion learn` unseen (train.by_set moved to data once):
    every `train.X`, `data.X` and `nets.X` that vision/learn.py uses is defined there."""
    import ast
    from pathlib import Path

    root = Path(learn.__file__).parent

    def defined(module: str) -> set[str]:
        tree = ast.parse((root / "train" / f"{module}.py").read_text())
        names = set()
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        return names

    have = {m: defined(m) for m in ("train", "data", "nets")}
    used = {(n.value.id, n.attr) for n in ast.walk(ast.parse(Path(learn.__file__).read_text()))
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
            and n.value.id in have}
    assert {("train", "batch"), ("data", "load_photos"), ("nets", "export")} <= used
    assert not [f"{m}.{name}" for m, name in sorted(used) if name not in have[m]]
