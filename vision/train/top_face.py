"""Train the top-face veto (vision/top_face.py): a small net that, from a 40x40 look 2.25
times a reading's size wide centred on it, gives the odds that a die's top face is
centred there (docs/vision.md, "Seventeenth round").

Samples are drawn once (the looks kept as bytes), then trained on for a time budget:

- top faces (class 1): the labelled dice of the three sources' training rows less a
  check fifth of each set (every 5th photo by name), aws-dice-workshop's where the
  shipped pair finds them (`data.found_tops`, obliquely seen ones too), centre moved up
  to 0.12 of a size, size x0.85-1.2; of synthetic scenes (`data.synthetic`: side faces
  drawn in 40%), hard Charidice tables (`data.charidice`) and scenes of dice seen from
  low down (`low_scene`: a top face foreshortened above a side face seen almost face-on);
- no top face (class 0): places 0.55-1.1 of a size from every labelled die (half of them
  straight below one, where a camera in front of the table sees its side face), the
  shipped finder's false candidates (`data.mine_misses`), and `low_scene`'s side faces.

    .venv-train/bin/python vision/train/top_face.py --minutes 12 --threads 1 \
        --photos (the three sets) --out vision/top_face.onnx

then a check on the check fifth and synthetic scenes it never saw (`--check`).
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
from torch import nn
from torch.nn import functional as F

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vision import synth  # noqa: E402
from vision.top_face import LOOK, WIDE, look  # noqa: E402
from vision.train import data, nets  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
FINDER = REPO / "vision" / "dice_finder.onnx"
FACES = REPO / "vision" / "dice_faces.onnx"
SYNTH_SEED0 = 1_100_000  # apart from the face net's 1,000,000+ and every benchmark's
CHECK_SYNTH_SEED0 = 1_200_000  # the check's scenes, never trained on
CHARIDICE_I0 = 1_000  # data.charidice(i): the face net's pool takes i < 600
CHECK_CHARIDICE_I0 = 2_000
LOW_SEED0 = 8_000_000
CHECK_LOW_SEED0 = 8_100_000
REACH = (0.55, 1.1)  # no-top places this far from a die (shares of its size)
BELOW = math.pi / 6  # "straight below": within this angle of the image's down
#: a low scene's top face is a positive if seen at least this open (height / width) ...
TOP_OPEN = 0.3
#: ... and its side face a negative if at least this tall (height / width): face-on
SIDE_TALL = 0.8


class TopFaceNet(nn.Module):
    """Three stride-2 convolutions (40 -> 5), a 64-unit layer over the whole 5x5 map (a
    5x5 convolution, as OpenCV 4 reads no variable-batch Gemm), two logits."""

    def __init__(self, c=(16, 32, 48), units: int = 64):
        super().__init__()
        self.body = nn.Sequential(nets.cbr(3, c[0], 2), nets.cbr(c[0], c[1], 2),
                                  nets.cbr(c[1], c[2], 2))
        self.fc = nn.Sequential(nn.Conv2d(c[2], units, LOOK // 8), nn.ReLU(inplace=True),
                                nn.Dropout(0.2))
        self.head = nn.Conv2d(units, 2, 1)

    def forward(self, x):
        return self.head(self.fc(self.body(x))).flatten(1)


def low_scene(seed: int):
    """Dice seen from low down in front of the table: each a top face foreshortened to
    0.12-0.75 of its width above a side face seen almost face-on (shaded, another value).
    Returns (image, [(cx, cy, size, is_top)...]) of the places to sample: top faces open
    TOP_OPEN or more, side faces SIDE_TALL or more."""
    rng = np.random.default_rng(seed)
    w, h = 640, 480
    bg = np.array(synth.BACKGROUNDS[int(rng.integers(len(synth.BACKGROUNDS)))], np.float32)
    bg = bg * rng.uniform(0.6, 1.3, 3)
    img = np.clip(bg + rng.normal(0, 6, (h, w, 3)), 0, 255).astype(np.uint8)
    faces = list(synth.PLAIN_FACES) + list(synth.CHARIDICE_FACES) + list(synth.DARK_FACES)
    s = float(rng.uniform(28, 95))
    places, boxes = [], []
    for _ in range(int(rng.integers(1, 8))):
        for _try in range(30):
            cx, cy = float(rng.uniform(s, w - s)), float(rng.uniform(s, h - 1.6 * s))
            if all(abs(cx - bx) > 1.15 * s or abs(cy - by) > 1.8 * s for bx, by in boxes):
                break
        else:
            continue
        boxes.append((cx, cy))
        r = float(rng.uniform(0.12, 0.75))  # the top's height / width
        f = math.sqrt(1 - r * r) * float(rng.uniform(0.9, 1.05))  # the side's
        narrow = float(rng.uniform(0.85, 1.0))  # the top's far edge, shorter (perspective)
        tilt = math.radians(float(rng.uniform(-12, 12)))
        d = synth.varied(synth.Die(int(rng.integers(1, 7)), str(rng.choice(faces)),
                                   (cx, cy), s, 0.0), rng, extra=bool(rng.random() < 0.5))
        top = np.array([[-narrow / 2, 0], [narrow / 2, 0], [0.5, r], [-0.5, r]]) * s
        side = np.array([[-0.5, r], [0.5, r], [0.5, r + f], [-0.5, r + f]]) * s
        rot = np.array([[math.cos(tilt), -math.sin(tilt)], [math.sin(tilt), math.cos(tilt)]])
        top, side = top @ rot.T + (cx, cy), side @ rot.T + (cx, cy)
        px = int(max(32, s * 3))
        shade = float(rng.uniform(0.55, 0.9))
        synth._paste(img, synth._face_patch(int(rng.integers(1, 7)), d.face, px, shade, d, rng),
                     synth._rounded_mask(px, 0.1), side.astype(np.float32))
        synth._paste(img, synth._face_patch(d.value, d.face, px, 1.0, d, rng),
                     synth._rounded_mask(px), top.astype(np.float32))
        if r >= TOP_OPEN:
            c = top.mean(0)
            places.append((float(c[0]), float(c[1]), s, True))
        if f >= SIDE_TALL:
            c = side.mean(0)
            places.append((float(c[0]), float(c[1]), s, False))
    blur = float(rng.uniform(0, 1.2))
    if blur > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    ok, enc = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
    return cv2.imdecode(enc, cv2.IMREAD_COLOR), places


def draw(image, cx, cy, size, rng, turn: float, jitter: float, augment: bool = True):
    """A look at (cx, cy), moved up to `jitter` of a size, sized x0.85-1.2, turned up to
    `turn` degrees, mirrored half the time, lit at random (`data.photometric`)."""
    if jitter:
        r, a = rng.uniform(0, jitter) * size, rng.uniform(0, 2 * math.pi)
        cx, cy = cx + r * math.cos(a), cy + r * math.sin(a)
    if not augment:
        return look(image, cx, cy, size)
    size = float(size) * math.exp(rng.uniform(math.log(0.85), math.log(1.2)))
    half = int(size * WIDE * 0.75) + 4
    M = cv2.getRotationMatrix2D((float(cx), float(cy)), rng.uniform(-turn, turn), 1.0)
    M[:, 2] += (half - cx, half - cy)
    if rng.random() < 0.5:
        M[0] = -M[0]
        M[0, 2] += 2 * half - 1
    region = cv2.warpAffine(image, M, (2 * half, 2 * half), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_REPLICATE)
    return look(data.photometric(region, rng), half, half, size)


def near_place(d: np.ndarray, rng, below_share: float = 0.5):
    """(cx, cy, size) of a place REACH of a size from a die, half of them straight below
    one, at least REACH[0] from every die; None if none was found."""
    for _ in range(20):
        k = int(rng.integers(len(d)))
        if rng.random() < below_share:
            a = math.pi / 2 + rng.uniform(-BELOW, BELOW)
        else:
            a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(*REACH) * d[k, 2]
        cx, cy = d[k, 0] + r * math.cos(a), d[k, 1] + r * math.sin(a)
        if np.min(np.hypot(d[:, 0] - cx, d[:, 1] - cy) / d[:, 2]) >= REACH[0]:
            return float(cx), float(cy), float(d[k, 2] * math.exp(rng.uniform(-0.2, 0.2)))
    return None


def scene_samples(sc: data.Scene, rng, n_pos: int, n_neg: int, turn: float,
                  augment: bool = True, every: bool = False):
    """Looks and classes from one labelled scene: `n_pos` top faces (or, `every`, each
    once, unmoved) and `n_neg` places with none (near a die, or a mined false candidate)."""
    d = sc.dice
    known = d[(d[:, 4] != data.IGNORE) & (d[:, 3] > 0)] if len(d) else d
    xs, ys = [], []
    jit = 0.0 if every else 0.12
    tops = range(len(known)) if every else (rng.integers(len(known), size=n_pos)
                                            if len(known) else [])
    for k in tops:
        xs.append(draw(sc.image, *known[k, :3], rng, turn, jit, augment))
        ys.append(1)
    misses = sc.misses if sc.misses is not None else np.zeros((0, 3))
    sized = d[d[:, 3] > 0] if len(d) else d
    for _ in range(n_neg):
        place = None
        if len(misses) and rng.random() < 0.4:
            place = tuple(float(v) for v in misses[int(rng.integers(len(misses)))])
        elif len(sized):
            place = near_place(d if len(sized) == len(d) else sized, rng)
        if place is None:
            continue
        xs.append(draw(sc.image, *place, rng, turn, 0.05 if not every else 0.0, augment))
        ys.append(0)
    return xs, ys


def low_samples(seed: int, rng, per: int, augment: bool = True, every: bool = False):
    img, places = low_scene(seed)
    xs, ys = [], []
    chosen = places if every else [places[int(rng.integers(len(places)))]
                                   for _ in range(per)] if places else []
    for cx, cy, s, top in chosen:
        xs.append(draw(img, cx, cy, s, rng, 10, 0.0 if every else 0.1, augment))
        ys.append(int(top))
    return xs, ys


def check_fifth(scenes):
    """(training part, check part): every 5th photo of each set by name is checked."""
    by = {}
    for sc in scenes:
        by.setdefault(sc.name.split("/")[0], []).append(sc)
    train, check = [], []
    for g in by.values():
        for i, sc in enumerate(sorted(g, key=lambda s: s.name)):
            (check if i % 5 == 4 else train).append(sc)
    return train, check


def load(photos):
    """The training rows of the sets, aws-dice-workshop's tops where the shipped pair finds
    them (obliquely seen ones too: no `oblique`)."""
    return [s for root in photos
            for s in data.load_photos(Path(root), True, (str(FINDER), str(FACES)))]


def gather(photos, synthetic, charidice, low, seed, per_photo=100, per_synth=16,
           check=False, say=print):
    """Samples as bytes: (N x LOOK x LOOK x 3 uint8, N classes)."""
    rng = np.random.default_rng(seed)
    t0 = time.time()
    scenes = load(photos)
    train, chk = check_fifth(scenes)
    photos_used = chk if check else train
    say(f"{len(scenes)} training photos: {len(train)} to train on, {len(chk)} checked;"
        f" {'checking' if check else 'training'} ({time.time() - t0:.0f} s)")
    xs, ys, kinds = [], [], []
    data.mine_misses(photos_used, str(FINDER))
    for sc in photos_used:
        x, y = scene_samples(sc, rng, per_photo // 2, per_photo // 2, 15,
                             augment=not check, every=check)
        xs += x
        ys += y
        kinds += [sc.name.split("/")[0]] * len(x)
    say(f"photos: {len(xs)} samples ({time.time() - t0:.0f} s)")
    s0 = CHECK_SYNTH_SEED0 if check else SYNTH_SEED0
    c0 = CHECK_CHARIDICE_I0 if check else CHARIDICE_I0
    pool = [(data.synthetic(s0 + i), 180) for i in range(synthetic)]
    pool += [(data.charidice(c0 + i), 180) for i in range(charidice)]
    for sc, turn in pool:
        data.mine_misses([sc], str(FINDER))
        x, y = scene_samples(sc, rng, per_synth // 2, per_synth // 2, turn,
                             augment=not check, every=check)
        xs += x
        ys += y
        kinds += [sc.name.split("/")[0] if not sc.name.startswith("synth/") else "synthetic"] \
            * len(x)
    say(f"+ synthetic: {len(xs)} samples ({time.time() - t0:.0f} s)")
    l0 = CHECK_LOW_SEED0 if check else LOW_SEED0
    for i in range(low):
        x, y = low_samples(l0 + i, rng, per_synth, augment=not check, every=check)
        xs += x
        ys += y
        kinds += ["low"] * len(x)
    say(f"+ low scenes: {len(xs)} samples, {sum(ys)} top faces ({time.time() - t0:.0f} s)")
    return np.stack(xs), np.array(ys, np.int64), np.array(kinds)


def to_blob(x: np.ndarray) -> torch.Tensor:
    from vision.top_face import blob

    return torch.from_numpy(blob(list(x)))


def train(x, y, minutes, seed, threads, lr=2e-3, say=print):
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    model = TopFaceNet()
    say(f"top-face net: {sum(p.numel() for p in model.parameters())} parameters")
    xb = to_blob(x)
    yb = torch.from_numpy(y)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    budget, start, step, run = minutes * 60, time.time(), 0, []
    while (frac := (time.time() - start) / budget) < 1.0:
        for g in opt.param_groups:
            g["lr"] = lr * (0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * frac))) \
                * min(1.0, (step + 1) / 100)
        idx = torch.from_numpy(rng.integers(len(yb), size=128))
        xs = xb[idx]
        flip = torch.from_numpy(rng.random(128) < 0.5)
        xs[flip] = xs[flip].flip(3)
        model.train()
        loss = F.cross_entropy(model(xs), yb[idx])
        opt.zero_grad()
        loss.backward()
        opt.step()
        run.append(float(loss))
        step += 1
        if step % 1000 == 0:
            say(f"step {step}  {time.time() - start:5.0f} s  train {np.mean(run):.4f}")
            run = []
    model.eval()
    say(f"{step} steps")
    return model


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--photos", nargs="+", required=True)
    ap.add_argument("--minutes", type=float, default=12.0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--seed", type=int, default=171)
    ap.add_argument("--synthetic", type=int, default=1500)
    ap.add_argument("--charidice", type=int, default=300)
    ap.add_argument("--low", type=int, default=400)
    ap.add_argument("--samples", default=None, help="keep / reuse the drawn samples (.npz)")
    ap.add_argument("--checkpoint", default=None)
    ap.add_argument("--out", default=str(REPO / "vision" / "top_face.onnx"))
    ap.add_argument("--check", action="store_true",
                    help="only check the net at --out on the check fifth and unseen scenes")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    cv2.setNumThreads(1)
    if a.check:
        return check(a)
    if a.samples and Path(a.samples).is_file():
        z = np.load(a.samples)
        x, y = z["x"], z["y"]
    else:
        x, y, _ = gather(a.photos, a.synthetic, a.charidice, a.low, a.seed)
        if a.samples:
            np.savez(a.samples, x=x, y=y)
    print(f"{len(y)} samples, {int(y.sum())} top faces", flush=True)
    model = train(x, y, a.minutes, a.seed, a.threads,
                  say=lambda s: print(s, flush=True))
    if a.checkpoint:
        torch.save(model.state_dict(), a.checkpoint)
    out = Path(a.out)
    shape = (1, 3, LOOK, LOOK)
    nets.export(model, shape, out)
    print(f"wrote {out} ({out.stat().st_size} bytes); OpenCV dnn vs PyTorch: max difference"
          f" {nets.check_export(model, shape, out):.2e}", flush=True)
    return 0


def check(a) -> int:
    """The net at --out on the check fifth (each labelled die once, unmoved; places with
    none) and on 300 synthetic, 60 Charidice and 100 low scenes it never saw."""
    import vision.top_face as tf

    tf.TOP_FACE_FILE = Path(a.out)
    tf._net.cache_clear()
    x, y, kinds = gather(a.photos, 300, 60, 100, a.seed + 1, check=True)
    net = tf._net()
    odds = []
    for i in range(0, len(y), 256):
        net.setInput(tf.blob(list(x[i:i + 256])))
        lg = net.forward().reshape(-1, 2)
        odds.append(1 / (1 + np.exp(lg[:, 0] - lg[:, 1])))
    odds = np.concatenate(odds)
    for k in sorted(set(kinds)) + ["all"]:
        m = np.ones(len(y), bool) if k == "all" else kinds == k
        t, n = m & (y == 1), m & (y == 0)
        print(f"{k:32s} top faces kept {np.mean(odds[t] >= tf.ODDS_MIN) * 100:6.2f}% of"
              f" {t.sum():5d}  (0.5% quantile {np.quantile(odds[t], 0.005) if t.any() else 0:.3f})"
              f"  no top turned down {np.mean(odds[n] < tf.ODDS_MIN) * 100:6.2f}% of {n.sum():5d}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
