"""Train one of the dice reader's nets and export it to ONNX in vision/.

From the repository's root, in a venv of its own (PyTorch is never a dependency of the
companion):

    python3 -m venv .venv-train && .venv-train/bin/pip install -r vision/train/requirements.txt
    .venv-train/bin/python vision/train/train.py finder --minutes 20
    .venv-train/bin/python vision/train/train.py faces --minutes 20

Samples are drawn afresh every step from the training photographs (60%, `--share`; each
set given equal weight, so photos a box kept of its players' dice count as much as a
public set: `--photos ../shared/dice-photos ~/.local/state/companion/photos`; `--weigh
SET=2` gives one set twice a set's weight) and a pool of
synthetic scenes (40%), heavily augmented (vision/train/data.py), so the nets see
variety rather than many epochs of the same pixels. The held-out photographs give a
validation loss (fixed samples) that is printed beside the training loss. The learning
rate follows a cosine over the time budget. Runs on CPU; `--threads 1` lets the two
nets train side by side on a 2-core machine.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch.nn import functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))

import data  # noqa: E402
import nets  # noqa: E402

from vision.net import CROP  # noqa: E402  (data.py puts the repository on sys.path)

REPO = Path(__file__).resolve().parents[2]
OUT = {"finder": REPO / "vision" / "dice_finder.onnx", "faces": REPO / "vision" / "dice_faces.onnx"}
SYNTH_SEED0 = 1_000_000  # far from the seeds the benchmark and tests use
MARKED_SCENES = 400  # about 1,000 marked dice (`--marks`), a minute to draw


def focal_loss(pred, gt):
    """CenterNet's penalty-reduced focal loss on the heat map."""
    pred = pred.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pos_loss = torch.log(pred) * (1 - pred) ** 2 * pos
    neg_loss = torch.log(1 - pred) * pred**2 * (1 - gt) ** 4 * neg
    n = pos.sum().clamp(min=1)
    return -(pos_loss.sum() + neg_loss.sum()) / n


def finder_loss(out, t):
    heat, reg = out[:, 0], out[:, 1:]
    mask, sw = t[:, 4], t[:, 5]
    n = mask.sum().clamp(min=1)
    size = (F.l1_loss(reg[:, 0], t[:, 1], reduction="none") * sw).sum() / sw.sum().clamp(min=1)
    off = (F.l1_loss(reg[:, 1:], t[:, 2:4], reduction="none") * mask[:, None]).sum() / n
    return focal_loss(heat, t[:, 0]) + size + off


def batch(kind, photos, pool, rng, n, share=0.6, recolour=0.0, faint=0.0, glints=0.0,
          marked=(), marks=0.0, side=0.0):
    """n samples, a `share` of them from the photographs, the rest synthetic; for the face
    net a share `marks` of the places with no die are `marked` dice instead, and a share
    `side` of the photographs' places with no die are side faces (`data.side_face`)."""
    xs, ys = [], []
    for _ in range(n):
        scenes, dice = photos[int(rng.integers(len(photos)))] if rng.random() < share else pool
        if kind == "finder":
            x, y = data.finder_sample(scenes[int(rng.integers(len(scenes)))], rng)
        else:
            sc, k = data.face_source(scenes, dice, marked, rng, marks)
            x, y = data.face_sample(sc, rng, k is not None, k, recolour, faint, glints, side)
        xs.append(x)
        ys.append(y)
    x = torch.from_numpy(np.stack(xs))
    y = torch.from_numpy(np.stack(ys)) if kind == "finder" else torch.tensor(ys)
    return x, y


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("net", choices=["finder", "faces"])
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument(
        "--photos", nargs="+", default=[str(REPO.parent / "shared" / "dice-photos")],
        help="folders of photo sets, or sets (e.g. the photos a box kept: vision.keep_photos)",
    )
    ap.add_argument("--synthetic", type=int, default=1200, help="synthetic scenes in the pool")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--lr", type=float, default=2e-3, help="peak learning rate")
    ap.add_argument("--share", type=float, default=0.6, help="share of samples from photos")
    ap.add_argument(
        "--weigh", nargs="+", default=[], metavar="SET=N",
        help="give a photo set's training photos N times a set's weight (default 1 each)",
    )
    ap.add_argument(
        "--recolour", type=float, default=0.0,
        help="faces: share of photographed light dice recoloured dark or coloured",
    )
    ap.add_argument(
        "--faint", type=float, default=0.0,
        help="faces: share of photographed 2s and 4s given a faint centre pip (3s and 5s)",
    )
    ap.add_argument(
        "--glint", type=float, default=0.0,
        help="faces: share of photographed dice given a glint streak (count kept)",
    )
    ap.add_argument(
        "--marks", type=float, default=0.0,
        help="faces: share of the no-die samples that are dice with a numeral or a maker's"
             " mark for a face (vision/train/marks.py)",
    )
    ap.add_argument(
        "--side", type=float, default=0.0,
        help="faces: share of the photographs' no-die samples placed on a die's side face,"
             " just below its top face (data.side_face)",
    )
    ap.add_argument(
        "--tops", nargs=2, default=None, metavar=("FINDER", "FACES"),
        help="place the top faces of whole-die boxes (aws-dice-workshop's training photos)"
             " where these ONNX nets find them, else ignore the die (data.found_tops)",
    )
    ap.add_argument(
        "--oblique", type=float, default=None, metavar="OFF",
        help="with --tops: ignore a whole-die box whose found top lies OFF of its size or"
             " more from the box's centre (a side face in view; data.found_tops)",
    )
    ap.add_argument(
        "--empty", type=int, default=0,
        help="empty trays with coins added to the synthetic pool: for the face net mined"
             " with --mine, for the finder no-die samples (half at the huge look's size)",
    )
    ap.add_argument(
        "--charidice", type=int, default=0,
        help="hard Charidice tables (setup frames and throws) added to the synthetic pool",
    )
    ap.add_argument("--init", default=None,
                    help="start from this checkpoint (.pt) or exported net (.onnx, e.g. the"
                         " shipped one: its BatchNorm stays folded in)")
    ap.add_argument("--checkpoint", default=None, help="where to save the weights (.pt)")
    ap.add_argument("--out", default=None,
                    help="where to write the ONNX net (default: the shipped one in vision/)")
    ap.add_argument(
        "--mine",
        default=None,
        help="faces: a finder ONNX whose false candidates become hard negatives",
    )
    a = ap.parse_args()
    try:
        weigh = {k: int(v) for k, v in (w.split("=") for w in a.weigh)}
    except ValueError:
        ap.error("--weigh takes SET=N, N a whole number, e.g. nell-byler-dice_detection=2")
    if a.oblique is not None and not a.tops:
        ap.error("--oblique measures where --tops finds a top face: give --tops too")
    torch.set_num_threads(a.threads)
    cv2.setNumThreads(1)
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)

    t0 = time.time()
    train = [s for root in a.photos for s in data.load_photos(Path(root), True, a.tops, a.oblique)]
    held = [s for root in a.photos for s in data.load_photos(Path(root), training=False)]
    if not train or not held:  # before the synthetic pool: say so at once
        print(f"train.py: no {'training' if not train else 'held-out'} photos in "
              f"{' '.join(a.photos)} (--photos: folders of dice-photo sets)", file=sys.stderr)
        return 2
    try:  # before the synthetic pool, as above
        photos = data.by_set(train, weigh)
    except ValueError as exc:
        ap.error(str(exc))
    if a.tops:
        whole = [sc.dice for sc in train if sc.name.startswith("aws-dice-workshop")]
        left = sum(int((d[:, 4] == data.IGNORE).sum()) for d in whole)
        print(f"top faces found by {' and '.join(a.tops)}: {sum(map(len, whole))} whole-die"
              f" boxes, {left} ignored (unclear, not found"
              f"{'' if a.oblique is None else f', or {a.oblique} off centre'})", flush=True)
    pool = [data.synthetic(SYNTH_SEED0 + i) for i in range(a.synthetic)]
    pool += [data.empty_tray(data.EMPTY_SEED0 + i) for i in range(a.empty)]
    pool += [data.charidice(i) for i in range(a.charidice)]
    marked = []
    if a.marks and a.net == "faces":
        scenes = [data.marked(data.marks.SEED0 + i) for i in range(MARKED_SCENES)]
        marked = [(sc, k) for sc in scenes for k in range(len(sc.dice))]
        print(f"{len(marked)} marked dice in {len(scenes)} scenes", flush=True)
    print(
        f"{len(train)} training photos, {len(held)} held out, {len(pool)} synthetic "
        f"({time.time() - t0:.0f} s)",
        flush=True,
    )
    if a.mine:
        n = data.mine_misses(train + pool, a.mine)
        print(f"{n} hard negatives mined with {a.mine}", flush=True)
    held_sets, (synth,) = data.by_set(held), data.by_set(pool)

    kind = a.net
    if a.init and a.init.endswith(".onnx"):  # an exported net, BatchNorm folded in
        from vision.learn import torch_net

        model = torch_net(kind, Path(a.init))
    else:
        model = nets.DiceFinder() if kind == "finder" else nets.FaceReader()
        if a.init:
            model.load_state_dict(torch.load(a.init))
    print(f"{kind}: {sum(p.numel() for p in model.parameters())} parameters", flush=True)
    bs = 16 if kind == "finder" else 128
    vrng = np.random.default_rng(12345)
    val = [batch(kind, held_sets, held_sets[0], vrng, bs) for _ in range(8)]
    loss_of = finder_loss if kind == "finder" else F.cross_entropy
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    lr0 = a.lr
    budget = a.minutes * 60
    start = time.time()
    step, run = 0, []
    while (frac := (time.time() - start) / budget) < 1.0:
        lr = lr0 * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac))) * min(1.0, (step + 1) / 100)
        for g in opt.param_groups:
            g["lr"] = lr
        model.train()
        x, y = batch(kind, photos, synth, rng, bs, a.share, a.recolour, a.faint, a.glint,
                     marked, a.marks, a.side)
        loss = loss_of(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        run.append(float(loss.detach()))
        step += 1
        if step % 200 == 0:
            model.eval()
            with torch.no_grad():
                vl = [float(loss_of(model(vx), vy)) for vx, vy in val]
                extra = ""
                if kind == "faces":
                    acc = np.mean(
                        [float((model(vx).argmax(1) == vy).float().mean()) for vx, vy in val]
                    )
                    extra = f"  val acc {acc:.4f}"
            print(
                f"step {step}  {time.time() - start:5.0f} s  lr {lr:.5f}  "
                f"train {np.mean(run):.4f}  val {np.mean(vl):.4f}{extra}",
                flush=True,
            )
            run = []
    model.eval()
    if a.checkpoint:
        torch.save(model.state_dict(), a.checkpoint)
    shape = (1, 3, 240, 320) if kind == "finder" else (1, 3, CROP, CROP)
    out = Path(a.out) if a.out else OUT[kind]
    nets.export(model, shape, out)
    print(
        f"wrote {out} ({out.stat().st_size} bytes) after {step} steps; "
        f"OpenCV dnn vs PyTorch: max difference {nets.check_export(model, shape, out):.2e}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
