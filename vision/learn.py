"""Learn a table's own dice: fine-tune the reader's nets on the photos the box kept at
this table (vision.kept_photos), and switch to them only if they read the kept photos'
held-back part better than the nets in use.

A source the nets never trained on (other dice, cloth, camera) reads worse (docs/vision.md,
"A source never seen"); the frames the players confirmed are labelled photos of exactly
that source. Learning starts from the nets in use (their ONNX weights, BatchNorm folded,
read back into the PyTorch nets of vision/train), trains both for a fixed number of steps
(so a Pi and a laptop learn the same), mixing the kept photos' training part (60%) with
synthetic scenes (40%, so what the nets knew is not forgotten), then reads the held-back
part (one kept photo in five, by name) with the old and the new nets. Better: more dice
right with no more silent errors, or as many right with fewer.

The learnt nets live in a folder of their own (`nets/` beside the store): the nets in use
there, the ones they replaced in `previous/`, and what was measured in `learnt.json`.
PyTorch is needed only here (`pip install -e '.[learn]'`); the companion never imports it
otherwise.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path

from vision import net
from vision.photo_sets import load_labels

FILES = {"finder": "dice_finder.onnx", "faces": "dice_faces.onnx"}
RECORD = "learnt.json"
PREVIOUS = "previous"
STEPS = {"finder": 300, "faces": 500}
"""Fine-tuning steps per net: 16 patches a finder step, 128 crops a face-net step."""
LR = 3e-4  # peak learning rate: a tenth of training from scratch, the nets are close
SYNTHETIC = 300  # synthetic scenes mixed in
MIN_TRAIN = 10  # kept photos to learn from, at least
MIN_HELD_BACK = 3  # kept photos held back to judge by, at least


class CannotLearn(Exception):
    """Learning cannot start: the sentence says why and what to do."""


@dataclass(frozen=True)
class Figures:
    """How a pair of nets read a set of photos."""

    images: int
    dice: int
    right: int
    silent: int  # wrong readings taken unasked
    exact: int

    def better_than(self, other: Figures) -> bool:
        """More dice right with no more silent errors, or as many with fewer."""
        return (self.right > other.right and self.silent <= other.silent) or (
            self.right >= other.right and self.silent < other.silent)

    def __str__(self) -> str:
        pct = 100 * self.right / max(1, self.dice)
        errors = "error" if self.silent == 1 else "errors"
        return (f"{self.right} of {self.dice} dice right ({pct:.1f}%), {self.silent} silent "
                f"{errors}, {self.exact} of {self.images} photos exact")


@dataclass(frozen=True)
class Outcome:
    """What one learning did."""

    photos: int  # kept photos learnt from
    held_back: int
    before: Figures
    after: Figures
    switched: bool
    seconds: float


def learnt_nets(folder: str | os.PathLike) -> tuple[Path, Path] | None:
    """The (finder, faces) files learnt at this table, or None if there are none."""
    folder = Path(folder)
    files = tuple(folder / FILES[k] for k in ("finder", "faces"))
    return files if all(f.is_file() for f in files) else None


def use_learnt(folder: str | os.PathLike) -> bool:
    """Read with the nets learnt at this table, if there are any; whether there were."""
    files = learnt_nets(folder)
    if files is not None:
        net.use_nets(*files)
    return files is not None


def score(finder: Path, faces: Path, photos: Path, split: str | None) -> Figures:
    """The photos (a kept set and split) read with these nets, as the benchmark reads."""
    from vision.score import score_photo_set

    before = net.nets_in_use()
    net.use_nets(finder, faces)
    try:
        t, _ = score_photo_set(photos, split=split)
    finally:
        net.use_nets(*before)
    return Figures(t.images, t.dice, t.right, t.silent, t.exact)


def torch_net(kind: str, onnx_file: Path):
    """The PyTorch net of vision/train with the weights of an exported ONNX file: the
    export folds each BatchNorm into its convolution, so the net is folded alike first."""
    import onnx
    import torch
    from onnx import numpy_helper

    from vision.train import nets

    model = nets.fuse_bn(nets.DiceFinder() if kind == "finder" else nets.FaceReader())
    weights = {w.name: torch.from_numpy(numpy_helper.to_array(w).copy())
               for w in onnx.load(str(onnx_file)).graph.initializer}
    model.load_state_dict(weights)
    return model


def fine_tune(kind: str, model, photos: list, pool: list, steps: int, seed: int = 0,
              say=print):
    """Train `model` for `steps` on the kept photos (60% of samples) and synthetic scenes,
    the learning rate warming up, then falling along a cosine."""
    import numpy as np
    import torch
    from torch.nn import functional as F

    from vision.train import data, train

    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    sets, synth = data.by_set(photos), data.by_set(pool)[0]
    loss_of = train.finder_loss if kind == "finder" else F.cross_entropy
    opt = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=1e-4)
    size = 16 if kind == "finder" else 128
    model.train()
    start = time.monotonic()
    for step in range(steps):
        fall = 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / steps))
        lr = LR * min(1.0, (step + 1) / 20) * fall
        for group in opt.param_groups:
            group["lr"] = lr
        x, y = train.batch(kind, sets, synth, rng, size)
        loss = loss_of(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (step + 1) % 100 == 0:
            say(f"  {kind}: step {step + 1} of {steps} ({time.monotonic() - start:.0f} s)")
    return model.eval()


def learn(photos: str | os.PathLike, nets_dir: str | os.PathLike, steps: dict | None = None,
          seed: int = 0, threads: int | None = None, say=print, trainer=None) -> Outcome:
    """Fine-tune the nets in use on the kept photos at `photos`; switch to the new ones
    (in `nets_dir`, the replaced ones kept in its `previous/`) only if they read the
    held-back part better. Raises CannotLearn with a sentence when it cannot start.
    `trainer(photos, out, steps, seed, say)` makes the new nets (default `new_nets`)."""
    photos, nets_dir = Path(photos).expanduser(), Path(nets_dir).expanduser()
    steps = {**STEPS, **(steps or {})}
    train_rows = load_labels(photos, "train") if photos.is_dir() else []
    held_rows = load_labels(photos, "validation") if photos.is_dir() else []
    if len(train_rows) < MIN_TRAIN or len(held_rows) < MIN_HELD_BACK:
        raise CannotLearn(
            f"Too few kept photos to learn from in {photos}: {len(train_rows) + len(held_rows)}"
            f" ({len(held_rows)} held back to judge by); it takes {MIN_TRAIN + MIN_HELD_BACK}"
            f" or more, at least {MIN_HELD_BACK} held back. Keep photos while playing "
            "(vision.keep_photos = true): each throw the camera read and the players let "
            "stand is one."
        )
    if trainer is None:
        try:
            import torch
        except ImportError:
            raise CannotLearn(
                "Learning needs PyTorch, which the companion does not install by itself: "
                "pip install -e '.[learn]' in the companion's folder (about 200 MB)."
            ) from None
        torch.set_num_threads(threads or os.cpu_count() or 1)
        trainer = new_nets
    start = time.monotonic()
    finder_now, faces_now = net.nets_in_use()
    say(f"Reading the {len(held_rows)} held-back photos with the nets in use...")
    before = score(finder_now, faces_now, photos, "validation")
    say(f"  {before}")
    work = Path(tempfile.mkdtemp(prefix="companion-learn-"))
    try:
        new = trainer(photos, work, steps, seed, say)
        say("Reading the held-back photos with the new nets...")
        after = score(new["finder"], new["faces"], photos, "validation")
        say(f"  {after}")
        switched = after.better_than(before)
        if switched:
            _install(new, nets_dir)
            net.use_nets(*learnt_nets(nets_dir))
        outcome = Outcome(len(train_rows), len(held_rows), before, after, switched,
                          time.monotonic() - start)
        _record(nets_dir, outcome)
        return outcome
    finally:
        shutil.rmtree(work, ignore_errors=True)


def new_nets(photos: Path, out: Path, steps: dict | None = None, seed: int = 0,
             say=print) -> dict[str, Path]:
    """Both nets in use fine-tuned on a kept set's training part, written to `out` as
    ONNX files: {"finder": path, "faces": path}. Needs PyTorch."""
    from vision.train import data, nets

    steps = {**STEPS, **(steps or {})}
    finder_now, faces_now = net.nets_in_use()
    scenes = data.load_photos(Path(photos), training=True)
    pool = [data.synthetic(seed * 100_000 + 2_000_000 + i) for i in range(SYNTHETIC)]
    new: dict[str, Path] = {}
    try:
        for kind, now in (("finder", finder_now), ("faces", faces_now)):
            if kind == "faces":  # a face net learns "no die" where the new finder errs
                data.mine_misses(scenes + pool, str(new["finder"]))
            say(f"Learning the {'finder' if kind == 'finder' else 'face net'} "
                f"from {len(scenes)} photos ({steps[kind]} steps)...")
            model = fine_tune(kind, torch_net(kind, now), scenes, pool, steps[kind], seed, say)
            new[kind] = Path(out) / FILES[kind]
            shape = (1, 3, 240, 320) if kind == "finder" else (1, 3, net.CROP, net.CROP)
            nets.export(model, shape, new[kind])
    finally:
        net.use_nets(finder_now, faces_now)
    return new


def _install(new: dict[str, Path], nets_dir: Path) -> None:
    """The new nets in `nets_dir`, the ones there before (if any) in its `previous/`;
    each file is whole or absent, never half written."""
    previous = nets_dir / PREVIOUS
    previous.mkdir(parents=True, exist_ok=True)
    learnt_before = learnt_nets(nets_dir) is not None
    for kind, name in FILES.items():
        if learnt_before:
            os.replace(nets_dir / name, previous / name)
        else:  # they replace the shipped nets: going back is going to those
            (previous / name).unlink(missing_ok=True)
        shutil.copyfile(new[kind], nets_dir / (name + ".new"))
        os.replace(nets_dir / (name + ".new"), nets_dir / name)


def _record(nets_dir: Path, outcome: Outcome) -> None:
    nets_dir.mkdir(parents=True, exist_ok=True)
    path = nets_dir / RECORD
    try:
        history = json.loads(path.read_text())
    except (OSError, ValueError):
        history = []
    history.append({"when": datetime.now().isoformat(timespec="seconds"), **asdict(outcome)})
    spare = path.with_suffix(".json.new")  # whole or not at all, as the nets
    spare.write_text(json.dumps(history, indent=1) + "\n")
    os.replace(spare, path)


def go_back(nets_dir: str | os.PathLike) -> str:
    """Swap the nets in use with the ones they replaced (the shipped ones if none were
    learnt before); a sentence saying what the reader now uses. Again swaps them back."""
    nets_dir = Path(nets_dir).expanduser()
    previous = nets_dir / PREVIOUS
    if learnt_nets(nets_dir) is None and learnt_nets(previous) is None:
        return f"No nets were learnt in {nets_dir}: the reader uses the nets it shipped with."
    previous.mkdir(parents=True, exist_ok=True)
    for name in FILES.values():
        now, before, spare = nets_dir / name, previous / name, nets_dir / (name + ".swap")
        if now.exists():
            os.replace(now, spare)
        if before.exists():
            os.replace(before, now)
        if spare.exists():
            os.replace(spare, before)
    uses = "the nets it shipped with" if learnt_nets(nets_dir) is None else "the nets learnt before"
    return (f"The reader is back to {uses}; the others are kept in {previous} "
            "(companion learn --back again to use them).")
