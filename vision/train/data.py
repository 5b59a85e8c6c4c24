"""Training data for the dice reader's nets: labelled photographs and synthetic scenes,
turned into augmented samples for the finder (256x256 at finder scale, with heat, size
and offset targets) and for the face net (CROP x CROP crops, 48x48, with a class 0..7;
dice whose face carries a numeral or a maker's mark, vision/train/marks.py, are class 0).

Photographs come from the development sets (../shared/dice-photos by default): an
image is held out for validation unless its label row says "split": "train" (the
sets' own source splits, about 20% held out). Only training images are ever sampled.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vision import synth  # noqa: E402
from vision.image_file import UnreadableImage, load_as_labelled  # noqa: E402
from vision.net import (  # noqa: E402
    FINDER_SCALE,
    FINDER_STRIDE,
    HUGE_SIDE,
    WORK_SIDE,
    face_crop,
    standardise,
)
from vision.photo_sets import load_labels, photo_sets  # noqa: E402
from vision.train import marks  # noqa: E402

PATCH = 256  # finder training patch side (finder-input pixels)
MATTEOP65_PATTERN = 0.85  # matteop65 boxes surround the pips: pattern side / face side
#: aws-dice-workshop boxes surround the whole die as seen, side faces too: its top face
#: is centred at (0.5, 0.46) of the box, 0.93 box widths wide, in the finder's own sizes
#: (medians of the shipped reader's 546 sure right readings on its training rows)
WHOLE_DIE_TOP = (0.5, 0.46, 0.93)
IGNORE = -1  # the value of a die its labeller could not tell: no sample, no penalty
#: the share of the finder's samples of a tray with no die, or with only dice filling the
#: frame, drawn as the look for dice filling the frame sees it (a quarter size): that look
#: took coins on plain felt for a huge die (docs/vision.md, rounds 2-6), and its scale
#: lies far below the usual samples' (0.35-0.73)
HUGE_VIEW = 0.5


@dataclass
class Scene:
    """A labelled image: dice as rows (cx, cy, size, size_known, value) in pixels."""

    image: np.ndarray
    dice: np.ndarray
    name: str  # "<set>/<image>"
    misses: np.ndarray | None = None  # rows (cx, cy, size): where the finder fired wrongly


def _photo_dice(row: dict, set_name: str) -> np.ndarray:
    rows = []
    boxes = [(IGNORE if d["value"] is None else d["value"], d["bbox"]) for d in row["dice"]]
    if set_name.startswith("aws-dice-workshop"):
        fx, fy, fs = WHOLE_DIE_TOP
        for v, b in boxes:
            w, h = b[2] - b[0], b[3] - b[1]
            rows.append((b[0] + fx * w, b[1] + fy * h, fs * w, 1.0, v))
    elif set_name.startswith("matteop65"):
        # boxes surround the pip pattern; a 1's box is just its pip. Dice in one photo are
        # about the same size, so a face size comes from the photo's 4..6 (else 2, 3) boxes.
        big = [max(b[2] - b[0], b[3] - b[1]) for v, b in boxes if v >= 4]
        mid = [max(b[2] - b[0], b[3] - b[1]) for v, b in boxes if v in (2, 3)]
        ref = big or mid
        face = float(np.median(ref)) / MATTEOP65_PATTERN if ref else 60.0
        for v, b in boxes:
            rows.append(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, face, float(bool(ref)), v))
    else:
        for v, b in boxes:
            rows.append(
                ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, max(b[2] - b[0], b[3] - b[1]), 1.0, v)
            )
    return np.array(rows, np.float32).reshape(-1, 5)


def load_photos(root: Path, training: bool = True, tops=None, oblique=None) -> list[Scene]:
    """The photos of the sets under `root`, one split; `tops` = (finder, face net) ONNX
    files: whole-die boxes' top faces placed where those nets find them (`found_tops`,
    which ignores dice seen `oblique`ly)."""
    scenes = []
    for set_dir in photo_sets(root):
        for row in load_labels(set_dir, "train" if training else "validation"):
            try:  # as the benchmark reads it (vision/image_file.py)
                img = load_as_labelled(set_dir / row["image"], row.get("width"),
                                       row.get("height"))
            except UnreadableImage as exc:
                print(f"skipped {set_dir / row['image']}: {exc}")
                continue
            dice = _photo_dice(row, set_dir.name)
            if tops is not None and set_dir.name.startswith("aws-dice-workshop"):
                dice = found_tops(img, row, dice, *tops, oblique=oblique)
            scenes.append(Scene(img, dice, f"{set_dir.name}/{row['image']}"))
    return scenes


#: the finder's heat a candidate top face needs for `found_tops` (as `mine_misses`)
TOPS_PEAK = 0.1


def found_tops(image: np.ndarray, row: dict, dice: np.ndarray, finder_onnx, faces_onnx,
               oblique: float | None = None):
    """`dice` (rows of `_photo_dice` for the label row's whole-die boxes) with each top
    face placed where the nets find it: of the finder's candidates whose centre lies in
    the box (the usual look and the two-times-closer one the reader takes for small
    dice), the one the face net reads likeliest as the box's value, if that value is its
    likeliest class; its centre and size. A box where none is read so is an ignore
    region (IGNORE). On aws-dice-workshop's training dice WHOLE_DIE_TOP's fixed place
    lies a median 0.07 of a size off the tops the shipped nets find (13% beyond 0.15;
    sizes 0.8-1.2 times theirs), and 69 of 675 (several faces seen alike, blur) are read
    nowhere in their box: positives that loose went with face nets that take a face well
    off a crop's centre for a die (docs/vision.md, "Thirteenth round").

    With `oblique`, a die whose found top lies that many of its sizes or more from its
    box's centre is an ignore region too: the rest of the box is a side face in view, a
    die seen obliquely, and face nets taught such tops as dice read side faces under
    obliquely seen dice as dice (docs/vision.md, "Fourteenth round", "Fifteenth round")."""
    from vision import net

    net.use_nets(finder=finder_onnx, faces=faces_onnx)
    found = net.find_dice(image, TOPS_PEAK) + net.find_dice(image, TOPS_PEAK, zoom=2.0)
    probs = net.read_crops(image, found)
    out = dice.copy()
    for k, lab in enumerate(row["dice"]):
        v = lab["value"]
        if v is None:
            continue
        x0, y0, x1, y1 = lab["bbox"]
        read = [i for i, f in enumerate(found)
                if x0 <= f.cx <= x1 and y0 <= f.cy <= y1 and int(np.argmax(probs[i])) == v]
        if not read:
            out[k, 4] = IGNORE
            continue
        f = found[max(read, key=lambda i: probs[i, v])]
        off = np.hypot(f.cx - (x0 + x1) / 2, f.cy - (y0 + y1) / 2) / f.size
        if oblique is not None and off >= oblique:
            out[k, 4] = IGNORE
            continue
        out[k, :3] = f.cx, f.cy, f.size
    return out


def by_set(scenes: list[Scene], weigh: dict[str, int] | None = None) -> list:
    """[(a set's scenes, [(scene, die index)...])...]: sampling picks a set first, so a set
    with fewer photos or dice is not drowned by the other. A set in `weigh` is listed
    that many times, so it is picked that many times as often; naming a set that is not
    there is an error, not a weight silently lost."""
    groups = {}
    for sc in scenes:
        groups.setdefault(sc.name.split("/")[0], []).append(sc)
    weigh = weigh or {}
    if any(n < 1 for n in weigh.values()):
        raise ValueError(f"a set's weight is a whole number from 1: {weigh}")
    if unknown := sorted(set(weigh) - set(groups)):
        raise ValueError(f"no photo set named {', '.join(unknown)} (sets: {', '.join(groups)})")
    return [(g, [(sc, k) for sc in g for k in range(len(sc.dice)) if sc.dice[k, 4] != IGNORE])
            for name, g in groups.items() for _ in range(weigh.get(name, 1))]


def synthetic(seed: int) -> Scene:
    """One varied synthetic scene (sizes, counts, 1..7 pips, side faces, distractors;
    half of them with dark hobby dice and glare, `synth.scene(extra=True)`); one in
    twenty a close-up."""
    rng = np.random.default_rng(seed)
    kinds = ("coin", "card", "hand", "shadow")
    distractors = tuple(k for k in kinds if rng.random() < 0.2)
    if rng.random() < 0.05:
        return close_up(seed, rng, distractors)
    # dice 24-90 px; one scene in ten has big dice (a camera close by), found at half size
    lo = float(rng.uniform(90, 150) if rng.random() < 0.1 else rng.uniform(24, 60))
    size = (640, 640) if rng.random() < 0.3 else (640, 480)
    n = 0 if rng.random() < 0.06 else int(rng.integers(1, 13 if lo < 90 else 4))
    img, labels = synth.scene(
        seed,
        n=n,
        values=range(1, 8),
        touching=bool(rng.random() < 0.4),
        side_faces=bool(rng.random() < 0.4),
        distractors=distractors,
        size=size,
        die_size=(lo, min(180.0, lo * float(rng.uniform(1.05, 1.5)))),
        extra=bool(rng.random() < 0.5),
    )
    return synthetic_scene(seed, img, labels)


def synthetic_scene(seed: int, img: np.ndarray, labels: list[dict]) -> Scene:
    """A rendered synthetic image and its labels as a training Scene (every die known)."""
    rows = []
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        rows.append((lab["centre"][0], lab["centre"][1], max(x1 - x0, y1 - y0), 1.0, lab["value"]))
    return Scene(img, np.array(rows, np.float32).reshape(-1, 5), f"synth/{seed}")


EMPTY_SEED0 = 3_000_000  # apart from the benchmark's empty trays (50,000+) and every other


def empty_tray(seed: int) -> Scene:
    """A tray with a coin or more and perhaps cards, hands and shadows, and no die: the
    look for dice filling the frame took two coins on plain felt, or a coin on a shadow,
    for a die surely with a face net fine-tuned on the three sources (docs/vision.md,
    round 5), so such trays are mined for its negatives (`--empty`)."""
    rng = np.random.default_rng(seed)
    others = tuple(k for k in ("card", "hand", "shadow") if rng.random() < 0.3)
    img, labels = synth.scene(seed, n=0, distractors=("coin", *others),
                              extra=bool(rng.random() < 0.5))
    return synthetic_scene(seed, img, labels)


CHARIDICE_SEED0 = 7_000_000  # apart from every benchmark's and test's seeds (1000+ .. 900,000+)


def charidice(i: int) -> Scene:
    """The i-th hard Charidice table (`synth.table(hard=True)`: lamps far off the camera's
    white balance, coloured dice on felts and trays of any colour), the lights in turn: even
    i its setup frame of six 1s, odd i a throw. Round 7's finder lost a die of a hard-lit
    setup frame (docs/vision.md, round 8), so such tables join its pool (`--charidice`).
    The lamp renderer (synth_lamp) stays unseen: the reader's judge."""
    seed = CHARIDICE_SEED0 + 10 * i
    at = synth.table(seed, synth.LIGHTS[(i // 2) % len(synth.LIGHTS)], hard=True)
    if i % 2 == 0:
        img, labels = synth.charidice_scene(seed, at, dice=range(6), values=[1] * 6)
    else:
        img, labels = synth.charidice_scene(seed + 1, at)
    return synthetic_scene(seed, img, labels)  # "synth/": one pool, never recoloured


def marked(seed: int) -> Scene:
    """A scene of dice with a numeral, a letter or a maker's mark for a top face
    (`marks.scene`): each die labelled 0, no count."""
    img, labels = marks.scene(seed)
    sc = synthetic_scene(seed, img, labels)
    sc.name = f"marks/{seed}"
    return sc


def close_up(seed: int, rng: np.random.Generator, distractors) -> Scene:
    """A camera right above the tray: one or two dice 180-420 px wide (640-px frame),
    found by the reader's quarter-size look."""
    w, h = (640, 640) if rng.random() < 0.3 else (640, 480)
    s = float(rng.uniform(180, 420))
    n = 2 if s < 230 and rng.random() < 0.5 else 1
    faces = list(synth.PLAIN_FACES) + list(synth.CHARIDICE_FACES) + list(synth.DARK_FACES)
    dice = []
    for k in range(n):  # one anywhere it fits, or two side by side
        if n == 1:
            cx = float(rng.uniform(min(w / 2, 0.55 * s), max(w / 2, w - 0.55 * s)))
        else:
            cx = w / 2 + (k - 0.5) * s * 1.42
        cy = float(rng.uniform(min(h / 2, 0.55 * s), max(h / 2, h - 0.55 * s)))
        value, face = int(rng.integers(1, 8)), str(rng.choice(faces))
        d = synth.Die(value, face, (cx, cy), s, float(rng.uniform(0, 90)))
        dice.append(synth.varied(d, rng, extra=bool(rng.random() < 0.5)))
    img, labels = synth.render(
        dice,
        size=(w, h),
        background=synth.BACKGROUNDS[int(rng.integers(len(synth.BACKGROUNDS)))],
        seed=seed + 1,
        gradient=float(rng.uniform(0, 0.3)),
        blur=float(rng.uniform(0, 2.0)),
        jpeg=int(rng.integers(55, 95)),
        distractors=distractors,
    )
    return synthetic_scene(seed, img, labels)


# ---------------------------------------------------------------- photometric augmentation


def photometric(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Lighting, white balance, hue, shadows, blur, noise and JPEG, at random."""
    x = img.astype(np.float32)
    h, w = x.shape[:2]
    if rng.random() < 0.5:  # hue and saturation (coloured dice and tables)
        hsv = cv2.cvtColor(np.clip(x, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV).astype(
            np.float32
        )
        hsv[..., 0] = (hsv[..., 0] + rng.uniform(0, 180)) % 180
        hsv[..., 1] *= rng.uniform(0.5, 1.3)
        x = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR).astype(
            np.float32
        )
    x *= rng.uniform(0.8, 1.2, 3).astype(np.float32)  # white balance
    m = x.mean()
    x = (x - m) * rng.uniform(0.65, 1.3) + m * rng.uniform(0.6, 1.35)
    if rng.random() < 0.5:  # uneven light
        gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
        gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
        a = rng.uniform(0, 2 * math.pi)
        x *= (1 + rng.uniform(0, 0.45) * (math.cos(a) * gx + math.sin(a) * gy))[..., None]
    if rng.random() < 0.3:  # a soft shadow
        sh = np.zeros((h, w), np.float32)
        c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        ax = (int(rng.uniform(0.1, 0.6) * w), int(rng.uniform(0.1, 0.6) * h))
        cv2.ellipse(sh, c, ax, rng.uniform(0, 180), 0, 360, 1.0, -1)
        sh = cv2.GaussianBlur(sh, (0, 0), max(1.0, 0.1 * min(h, w)))
        x *= (1 - rng.uniform(0.2, 0.55) * sh)[..., None]
    x = np.clip(x, 0, 255)
    if rng.random() < 0.4:
        x = 255 * (x / 255) ** rng.uniform(0.7, 1.4)
    if rng.random() < 0.35:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.3, 1.3))
    x += rng.normal(0, rng.uniform(0, 6), x.shape).astype(np.float32)
    out = np.clip(x, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 96))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if rng.random() < 0.05:
        out = cv2.cvtColor(cv2.cvtColor(out, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    return out


# ---------------------------------------------------------------- finder samples


def finder_sample(scene: Scene, rng: np.random.Generator):
    """(3xPxP input, targets (heat, logsize, offx, offy, centre mask, size weight) at P/4)."""
    h, w = scene.image.shape[:2]
    at_work = min(1.0, WORK_SIDE / max(h, w))
    if np.all(scene.dice[:, 2] * at_work >= HUGE_SIDE) and rng.random() < HUGE_VIEW:
        s = FINDER_SCALE / 4 * at_work * math.exp(rng.uniform(math.log(0.8), math.log(1.25)))
    else:
        s = FINDER_SCALE * math.exp(rng.uniform(math.log(0.7), math.log(1.45)))
    small = cv2.resize(scene.image, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
    d = scene.dice.copy()
    d[:, :3] *= s
    h, w = small.shape[:2]
    if len(d) and rng.random() < 0.8:
        k = int(rng.integers(len(d)))
        px, py = (
            d[k, 0] + rng.uniform(-PATCH / 3, PATCH / 3),
            d[k, 1] + rng.uniform(-PATCH / 3, PATCH / 3),
        )
    else:
        px, py = rng.uniform(0, w), rng.uniform(0, h)
    ang = 90.0 * int(rng.integers(4)) + rng.uniform(-15, 15)
    M = cv2.getRotationMatrix2D((float(px), float(py)), ang, 1.0)
    M[:, 2] += (PATCH / 2 - px, PATCH / 2 - py)
    if rng.random() < 0.5:  # mirror
        M[0] = -M[0]
        M[0, 2] += PATCH - 1
    fill = tuple(float(v) for v in rng.uniform(0, 255, 3))
    patch = cv2.warpAffine(
        small,
        M,
        (PATCH, PATCH),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=fill,
    )
    patch = photometric(patch, rng)
    g = PATCH // FINDER_STRIDE
    heat = np.zeros((g, g), np.float32)
    reg = np.zeros((3, g, g), np.float32)
    mask = np.zeros((g, g), np.float32)
    sw = np.zeros((g, g), np.float32)
    yy, xx = np.mgrid[0:g, 0:g].astype(np.float32)
    for cx, cy, size, known, v in d:
        x, y = M @ np.array([cx, cy, 1.0])
        if not (0 <= x < PATCH and 0 <= y < PATCH):
            continue
        fx, fy = x / FINDER_STRIDE, y / FINDER_STRIDE
        ix, iy = int(fx), int(fy)
        sigma = max(0.7, size / FINDER_STRIDE / 7)
        blob = np.exp(-((xx - ix) ** 2 + (yy - iy) ** 2) / (2 * sigma**2))
        if v == IGNORE:  # no centre to find, and firing near it costs (almost) nothing
            np.maximum(heat, np.minimum(blob, 0.99), out=heat)
            continue
        np.maximum(heat, blob, out=heat)
        heat[iy, ix] = 1.0
        mask[iy, ix] = 1.0
        sw[iy, ix] = known
        reg[:, iy, ix] = (math.log(max(size, 2.0)), fx - ix - 0.5, fy - iy - 0.5)
    x = standardise(patch).transpose(2, 0, 1)
    return x, np.concatenate([heat[None], reg, mask[None], sw[None]])


# ---------------------------------------------------------------- recoloured real dice


def face_mask(region: np.ndarray, cx: float, cy: float, size: float):
    """A soft 0..1 mask of the die around (cx, cy), pips filled in: the pixels near the
    face's colour that hold most of its middle, convex; None where that is not die-shaped."""
    h, w = region.shape[:2]
    lab = cv2.cvtColor(region, cv2.COLOR_BGR2LAB).astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r = np.hypot(xx - cx, yy - cy)
    inner = r < 0.42 * size
    if inner.sum() < 20:
        return None
    light = inner & (lab[..., 0] >= np.percentile(lab[..., 0][inner], 40))  # face, not pips
    dist = np.linalg.norm(lab - np.median(lab[light], axis=0), axis=2)
    near = (dist < max(10.0, 2.5 * float(np.percentile(dist[light], 90)))) & (r < 0.78 * size)
    k = max(3, int(size * 0.22) | 1)
    near = cv2.morphologyEx(
        near.astype(np.uint8), cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    )
    _n, parts = cv2.connectedComponents(near)
    counts = np.bincount(parts[inner], minlength=2)  # the part most of the face's middle is in
    counts[0] = 0
    part = int(np.argmax(counts))
    if counts[part] < 0.5 * inner.sum():
        return None
    contours, _ = cv2.findContours(
        (parts == part).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    mask = np.zeros((h, w), np.float32)
    cv2.fillPoly(mask, [cv2.convexHull(max(contours, key=cv2.contourArea))], 1.0)
    if not 0.55 < mask.sum() / (size * size) < 1.6:
        return None
    return cv2.GaussianBlur(mask, (0, 0), max(0.8, size * 0.03))


def recoloured(region: np.ndarray, cx: float, cy: float, size: float, rng: np.random.Generator):
    """A light die with dark pips (as all of matteop65's are) turned into a dark die with
    light pips, or a coloured one, keeping the photo's shading, blur and table: real dice
    of the kinds the synthetic scenes draw but the real photos lack. Else unchanged."""
    mask = face_mask(region, cx, cy, size)
    inside = mask is not None and mask > 0.9
    if not np.any(inside):
        return region
    grey = cv2.cvtColor(region, cv2.COLOR_BGR2GRAY).astype(np.float32)
    face, pip = np.percentile(grey[inside], [70, 3])
    if face - pip < 40:  # not dark pips on a light face
        return region
    t = np.clip(1.3 * (face - grey) / (face - pip), 0, 1)[..., None]  # 1 on pips, 0 on the face
    k = max(3, int(size * 0.25) | 1)  # closing wipes the pips out: the light across the die
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    lit = cv2.morphologyEx(grey, cv2.MORPH_CLOSE, disc)
    shade = np.clip(lit / face, 0.3, 1.3)[..., None]
    if rng.random() < 0.7:  # a dark die, pips white or light, sometimes red or gold
        fc = rng.uniform(15, 90, 3) * rng.uniform(0.4, 1.0, 3)
        pc = rng.uniform(170, 255, 3) * (rng.uniform(0.3, 1.0, 3) if rng.random() < 0.3 else 1)
    else:  # a coloured die, white or dark pips
        fc = rng.uniform(40, 230, 3)
        pc = rng.uniform(200, 255, 3) if rng.random() < 0.5 else rng.uniform(10, 60, 3)
    die = ((1 - t) * fc + t * pc) * shade
    out = mask[..., None] * die + (1 - mask[..., None]) * region.astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- faint centre pips


def faint_centre(region: np.ndarray, cx: float, cy: float, size: float, rng: np.random.Generator):
    """A photographed 2 or 4 given a faint centre pip in its own pips' tone, as a
    translucent die's 3 or 5 shows it on a sheen; None where its pips cannot be told
    from its face. Trains the second-opinion face net (docs/vision.md)."""
    h, w = region.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= (0.36 * size) ** 2
    grey = cv2.cvtColor(region, cv2.COLOR_BGR2GRAY).astype(np.float32)
    g = grey[disc]
    if g.size < 20:
        return None
    lo, med, hi = np.percentile(g, [3, 50, 97])
    if hi - med >= med - lo:  # light pips
        if hi - med < 40:
            return None
        tone = region[disc & (grey >= hi - 5)].mean(0)
    else:
        if med - lo < 40:
            return None
        tone = region[disc & (grey <= lo + 5)].mean(0)
    r = size * rng.uniform(0.07, 0.1)
    ox, oy = rng.uniform(-0.03, 0.03, 2) * size
    m = ((xx - cx - ox) ** 2 + (yy - cy - oy) ** 2 <= r * r).astype(np.float32)
    m = cv2.GaussianBlur(m, (0, 0), max(0.5, r * 0.3))[..., None] * rng.uniform(0.25, 0.75)
    out = region.astype(np.float32) * (1 - m) + tone * m
    return np.clip(out, 0, 255).astype(np.uint8)


def glint(region: np.ndarray, cx: float, cy: float, size: float, rng: np.random.Generator):
    """A photographed die given a lamp's glint: a thin light streak through or near its
    centre, as on a glossy die's face. Its count stays: what a faint pip is not."""
    h, w = region.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, math.pi)
    along = (xx - cx) * math.cos(a) + (yy - cy) * math.sin(a)
    across = -(xx - cx) * math.sin(a) + (yy - cy) * math.cos(a) - rng.uniform(-0.08, 0.08) * size
    width = rng.uniform(0.015, 0.04) * size
    reach = rng.uniform(0.25, 0.45) * size  # half its length
    m = np.exp(-0.5 * (across / width) ** 2) * np.clip((reach - np.abs(along)) / (0.1 * size), 0, 1)
    m = (m * rng.uniform(0.3, 0.8))[..., None]
    lit = region.astype(np.float32) * (1 - m) + rng.uniform(200, 255) * m
    return np.clip(np.maximum(lit, region), 0, 255).astype(np.uint8)  # light only adds


# ---------------------------------------------------------------- face-net samples


def mine_misses(scenes: list[Scene], finder_onnx: str, peak_min: float = 0.1) -> int:
    """Run a finder over the scenes as the reader does (`net.find_dice`: the full-size
    look and the half-size one for big dice; `net.find_huge_dice`, which the reader takes
    only where it read no sure die, and which then sees coins and hands) and keep its
    candidates that are no die (no label within 0.55 of a size) as hard negatives for
    the face net; returns how many."""
    from vision import net

    faces = net.nets_in_use()[1]
    net.use_nets(finder=finder_onnx, faces=faces)
    total = 0
    for sc in scenes:
        found = net.find_dice(sc.image, peak_min) + net.find_huge_dice(sc.image)
        d = sc.dice
        rows = [
            (f.cx, f.cy, f.size)
            for f in found
            if not len(d) or np.min(np.hypot(d[:, 0] - f.cx, d[:, 1] - f.cy) / d[:, 2]) >= 0.55
        ]
        sc.misses = np.array(rows, np.float32).reshape(-1, 3)
        total += len(rows)
    return total


#: where `side_face` puts a no-die sample: this far below a photographed die's top face
#: (shares of its size), within this angle of straight down
SIDE_REACH = (0.55, 0.9)
SIDE_ANGLE = math.pi / 6


def side_face(scene: Scene, rng: np.random.Generator):
    """(cx, cy, size) of a place just below a photographed die: where a camera looking
    down from in front of the table sees its side face, or None (no die; another die
    there). The face nets trained on aws-dice-workshop (steep oblique views whose top
    faces look like side faces; whole-die boxes, whose side faces lie too near the top
    face to be sampled as no die) read side faces as dice: a matteop65 training photo's
    side 5 under a 1 surely (0.71, 0.72 enlarged twice; the shipped net not at all), and
    crops 0.55-0.8 of a size below its dice's top faces surely 2 -> 6 of 1,717 (docs/vision.md,
    "Twelfth round"). These samples say a face under a top face is no die (`--side`); at
    --side 0.5 (about 5% of the samples) they did not move the fine-tune's side faces."""
    d = scene.dice
    if not len(d) or scene.name.startswith("synth/"):
        return None
    k = int(rng.integers(len(d)))
    a = math.pi / 2 + rng.uniform(-SIDE_ANGLE, SIDE_ANGLE)  # image y points down
    r = rng.uniform(*SIDE_REACH) * d[k, 2]
    cx, cy = d[k, 0] + r * math.cos(a), d[k, 1] + r * math.sin(a)
    if np.min(np.hypot(d[:, 0] - cx, d[:, 1] - cy) / d[:, 2]) < SIDE_REACH[0]:
        return None
    return cx, cy, float(d[k, 2])


def face_source(scenes, dice, marked_dice, rng: np.random.Generator, marks_share: float = 0.0):
    """What a face-net sample shows: (scene, die index), or (scene, None) for a place with
    no die. Three times in four one of `dice` ((scene, index) pairs); else no die, and of
    those a share `marks_share` a marked die of `marked_dice` (class 0 as well)."""
    if rng.random() < 0.75:
        return dice[int(rng.integers(len(dice)))]
    if marked_dice and rng.random() < marks_share:
        return marked_dice[int(rng.integers(len(marked_dice)))]
    return scenes[int(rng.integers(len(scenes)))], None


def face_sample(
    scene: Scene,
    rng: np.random.Generator,
    positive: bool,
    die: int | None = None,
    recolour: float = 0.0,
    faint: float = 0.0,
    glints: float = 0.0,
    side: float = 0.0,
):
    """(3 x CROP x CROP crop, class): a die's face (class = pips) or a place that is not one (0).
    `die` picks the labelled die (else one at random); negatives are, with probability
    `side`, a photographed die's `side_face`, else prefer mined misses. A
    photographed die is `recoloured` with probability `recolour`, and a photographed 2 or
    4 given a `faint_centre` pip (so a 3 or 5) with probability `faint`, and a photographed
    die a `glint` with probability `glints`."""
    d = scene.dice
    below = side_face(scene, rng) if not positive and side and rng.random() < side else None
    if below is not None:
        cx, cy, size = below
        label = 0
    elif not positive and scene.misses is not None and len(scene.misses) and rng.random() < 0.4:
        cx, cy, size = scene.misses[int(rng.integers(len(scene.misses)))]
        r = rng.uniform(0, 0.1) * size
        a = rng.uniform(0, 2 * math.pi)
        cx, cy, label = cx + r * math.cos(a), cy + r * math.sin(a), 0
    elif positive:
        k = int(rng.integers(len(d))) if die is None else die
        cx, cy, size, _known, value = d[k]
        r = rng.uniform(0, 0.09) * size
        a = rng.uniform(0, 2 * math.pi)
        cx, cy = cx + r * math.cos(a), cy + r * math.sin(a)
        label = int(value)
    else:
        h, w = scene.image.shape[:2]
        sizes = d[:, 2] if len(d) else np.array([rng.uniform(25, 80)])
        label = 0
        for _ in range(50):
            size = float(rng.choice(sizes))
            if len(d) and rng.random() < 0.5:  # near a die: between dice, its side face, its edge
                k = int(rng.integers(len(d)))
                a = rng.uniform(0, 2 * math.pi)
                r = rng.uniform(0.55, 1.1) * d[k, 2]
                cx, cy = d[k, 0] + r * math.cos(a), d[k, 1] + r * math.sin(a)
            else:
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if not len(d) or np.min(np.hypot(d[:, 0] - cx, d[:, 1] - cy) / d[:, 2]) >= 0.55:
                break
        size = size * math.exp(rng.uniform(-0.3, 0.3))
    size = float(size) * math.exp(rng.uniform(math.log(0.85), math.log(1.2)))
    half = int(size * 1.25) + 4
    M = cv2.getRotationMatrix2D((float(cx), float(cy)), rng.uniform(0, 360), 1.0)
    M[:, 2] += (half - cx, half - cy)
    if rng.random() < 0.5:
        M[0] = -M[0]
        M[0, 2] += 2 * half - 1
    region = cv2.warpAffine(
        scene.image,
        M,
        (2 * half, 2 * half),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    if label and not scene.name.startswith("synth/") and rng.random() < recolour:
        region = recoloured(region, half, half, size, rng)
    if glints and label and not scene.name.startswith("synth/") and rng.random() < glints:
        region = glint(region, half, half, size, rng)
    if faint and label in (2, 4) and not scene.name.startswith("synth/") and rng.random() < faint:
        painted = faint_centre(region, half, half, size, rng)
        if painted is not None:
            region, label = painted, label + 1
    region = photometric(region, rng)
    crop = face_crop(region, half, half, size)
    return standardise(crop).transpose(2, 0, 1), label
