"""Labelled synthetic dice scenes for tests and tuning.

`scene(seed, **options)` returns (image BGR uint8, labels) where labels is a list of
{"value", "colour", "bbox", "centre"} for each die's top face. Everything is drawn from
a seeded numpy Generator, so a seed always gives the same picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .reading import COLOURS

# pip centres on a face spanning [-1, 1] x [-1, 1]
_A = 0.52
PIP_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(0, 0)],
    2: [(-_A, -_A), (_A, _A)],
    3: [(-_A, -_A), (0, 0), (_A, _A)],
    4: [(-_A, -_A), (_A, -_A), (-_A, _A), (_A, _A)],
    5: [(-_A, -_A), (_A, -_A), (0, 0), (-_A, _A), (_A, _A)],
    6: [(-_A, -_A), (_A, -_A), (-_A, 0), (_A, 0), (-_A, _A), (_A, _A)],
    7: [(-_A, -_A), (_A, -_A), (-_A, 0), (0, 0), (_A, 0), (-_A, _A), (_A, _A)],
}

# face colour name -> (face BGR, pip BGR). None-coloured dice are "white"/"ivory"/etc.
CHARIDICE_FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "magenta": ((150, 30, 200), (245, 245, 245)),
    "blue": ((190, 90, 25), (245, 245, 245)),
    "orange": ((25, 120, 240), (245, 245, 245)),
    "grey": ((125, 125, 122), (245, 245, 245)),
    "yellow": ((30, 205, 235), (25, 25, 25)),
    "black": ((32, 30, 30), (245, 245, 245)),
}
PLAIN_FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "white": ((238, 240, 240), (20, 20, 20)),
    "ivory": ((205, 230, 238), (25, 25, 25)),
    "red": ((40, 35, 190), (240, 240, 240)),
    "green": ((70, 140, 30), (240, 240, 240)),
}
# dark and deep-coloured plain dice (often marbled, pips white, red, gold or yellow), as
# in many hobby sets; drawn only when a scene asks for `extra` variety (training), so
# the benchmark's scenes stay as they were
DARK_FACES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "navy": ((95, 45, 30), (235, 235, 235)),
    "purple": ((90, 35, 70), (235, 235, 235)),
    "smoke": ((55, 55, 60), (50, 50, 170)),
    "teal": ((110, 120, 30), (40, 200, 230)),
    "wine": ((45, 30, 110), (200, 210, 215)),
    "jade": ((80, 120, 50), (30, 190, 230)),
}
BACKGROUNDS = [(60, 110, 40), (70, 70, 75), (150, 190, 210), (45, 40, 110), (120, 125, 125)]


@dataclass
class Die:
    value: int
    face: str  # key of CHARIDICE_FACES or PLAIN_FACES
    centre: tuple[float, float]
    size: float
    angle: float  # degrees
    side: int = -1  # which edge shows a side face (0..3), -1 none
    pip: tuple[int, int, int] | None = None  # pip BGR (None: the face's own)
    pip_scale: float = 1.0  # pip radius relative to the usual
    spread: float = 1.0  # pip layout spread relative to the usual
    marble: float = 0.0  # strength of a marbled face pattern (0 none .. 1 strong)
    glare: float = 0.0  # strength of a specular highlight on the face (0 none .. 0.7)
    faint: float = 0.0  # how faint some pips may be (translucent dice; 0 none .. 0.6)
    paint: tuple | None = None  # (face BGR, pip BGR) of this set of dice (None: the name's)


def face_colours(name: str):
    return CHARIDICE_FACES.get(name) or PLAIN_FACES.get(name) or DARK_FACES[name]


def _face_patch(
    value: int,
    face: str,
    px: int,
    shade: float = 1.0,
    die: Die | None = None,
    rng: np.random.Generator | None = None,
) -> np.ndarray:
    fbgr, pbgr = die.paint if die is not None and die.paint else face_colours(face)
    if die is not None and die.pip is not None:
        pbgr = die.pip
    patch = np.zeros((px, px, 3), np.uint8)
    f = tuple(int(c * shade) for c in fbgr)
    patch[:] = f
    if die is not None and die.marble > 0 and rng is not None:
        # swirls of a lighter and a darker tone, as on marbled or pearl dice
        swirl = cv2.GaussianBlur(rng.normal(0, 1, (px, px)).astype(np.float32), (0, 0), px / 10)
        swirl = np.sin(swirl / (swirl.std() + 1e-6) * 4.0)
        tone = 1.0 + 0.35 * die.marble * swirl[..., None]
        patch[:] = np.clip(patch.astype(np.float32) * tone, 0, 255).astype(np.uint8)
    # bevelled edge: real dice are rounded, so the rim of a face is darker
    rim = max(2, px // 22)
    cv2.rectangle(patch, (0, 0), (px - 1, px - 1), tuple(int(c * 0.7) for c in f), rim)
    patch[:] = cv2.GaussianBlur(patch, (0, 0), rim * 0.6)
    r = px / 2
    pip_scale, spread = (die.pip_scale, die.spread) if die is not None else (1.0, 1.0)
    pip_r = round(px * (0.085 if value > 1 else 0.11) * pip_scale)
    p = tuple(int(c * (shade if sum(pbgr) > 300 else 1.0)) for c in pbgr)
    faint = die.faint if die is not None and rng is not None else 0.0
    for u, v in PIP_LAYOUT[value]:
        cx, cy = r + u * r * 0.95 * spread, r + v * r * 0.95 * spread
        centre, radius = (int(cx * 16), int(cy * 16)), pip_r * 16
        if faint:  # a pip of a translucent die: partly the face's colour
            a = 1.0 - faint * float(rng.random())
            pip = np.zeros_like(patch)
            cv2.circle(pip, centre, radius, (255, 255, 255), -1, cv2.LINE_AA, shift=4)
            m = pip[..., :1].astype(np.float32) / 255 * a
            patch[:] = (patch * (1 - m) + np.array(p, np.float32) * m).astype(np.uint8)
        else:
            cv2.circle(patch, centre, radius, p, -1, cv2.LINE_AA, shift=4)
    if die is not None and die.glare > 0 and rng is not None and shade == 1.0:
        # a light's reflection, a soft spot or a streak: washes out, but does not hide, pips
        spot = np.zeros((px, px), np.float32)
        c = (int(rng.uniform(0.15, 0.85) * px), int(rng.uniform(0.15, 0.85) * px))
        if rng.random() < 0.5:
            ax = (int(rng.uniform(0.08, 0.3) * px), int(rng.uniform(0.05, 0.2) * px))
        else:
            ax = (int(rng.uniform(0.2, 0.45) * px), int(rng.uniform(0.02, 0.06) * px) + 1)
        cv2.ellipse(spot, c, ax, rng.uniform(0, 180), 0, 360, 1.0, -1)
        spot = cv2.GaussianBlur(spot, (0, 0), px * 0.05)[..., None] * die.glare
        patch[:] = (patch.astype(np.float32) * (1 - spot) + 250 * spot).astype(np.uint8)
    return patch


def _rounded_mask(px: int, radius_frac: float = 0.16) -> np.ndarray:
    m = np.zeros((px, px), np.uint8)
    rr = int(px * radius_frac)
    cv2.rectangle(m, (rr, 0), (px - 1 - rr, px - 1), 255, -1)
    cv2.rectangle(m, (0, rr), (px - 1, px - 1 - rr), 255, -1)
    for cx, cy in ((rr, rr), (px - 1 - rr, rr), (rr, px - 1 - rr), (px - 1 - rr, px - 1 - rr)):
        cv2.circle(m, (cx, cy), rr, 255, -1, cv2.LINE_AA)
    return m


def _quad(d: Die, rng: np.random.Generator, jitter: float) -> np.ndarray:
    a = math.radians(d.angle)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    h = d.size / 2
    pts = []
    for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x = d.centre[0] + h * (su * ux + sv * vx)
        y = d.centre[1] + h * (su * uy + sv * vy)
        pts.append((x, y))
    q = np.array(pts, np.float32)
    q += rng.uniform(-jitter, jitter, q.shape).astype(np.float32) * d.size
    return q


def _paste(img: np.ndarray, patch: np.ndarray, mask: np.ndarray, quad: np.ndarray) -> None:
    px = patch.shape[0]
    src = np.array([[0, 0], [px - 1, 0], [px - 1, px - 1], [0, px - 1]], np.float32)
    H = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    h, w = img.shape[:2]
    x0, y0 = np.floor(quad.min(0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64) @ H
    size = (x1 - x0, y1 - y0)
    wp = cv2.warpPerspective(patch, T, size, flags=cv2.INTER_AREA)
    wm = (
        cv2.warpPerspective(mask, T, size, flags=cv2.INTER_LINEAR).astype(np.float32)[..., None]
        / 255
    )
    roi = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = (roi * (1 - wm) + wp.astype(np.float32) * wm).astype(np.uint8)


def render(
    dice: list[Die],
    *,
    size=(640, 480),
    background=(60, 110, 40),
    seed=0,
    gradient=0.0,
    shadow=True,
    blur=0.0,
    jpeg=None,
    noise=4.0,
    jitter=0.03,
    distractors=(),
    tray_edge=False,
    light=None,
) -> tuple[np.ndarray, list[dict]]:
    """Draw the dice (and distractors) on a textured background; return image, labels.
    `light`: a function of the lit float image (H x W x 3, 0-255 BGR) applied before the
    sensor's noise, blur and JPEG: a lamp's colour, its dimness, the camera's white
    balance (`Table.light`)."""
    rng = np.random.default_rng(seed)
    w, h = size
    img = np.empty((h, w, 3), np.float32)
    img[:] = background
    tex = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 2.0)
    img += tex[..., None] * 10
    if tray_edge:
        t = int(rng.integers(12, 30))
        dark = np.array([35, 35, 40], np.float32)
        img[:t] = dark
        img[:, :t] = dark
        img[:, w - t :] = dark
    img = np.clip(img, 0, 255).astype(np.uint8)
    for kind in distractors:
        _distractor(img, kind, rng)
    labels = []
    tops = []  # top faces are pasted last: a side face lies below every top face
    for d in dice:
        q = _quad(d, rng, jitter)
        px = int(max(32, d.size * 3))
        if shadow:
            sh = np.zeros((h, w), np.uint8)
            off = d.size * 0.12
            cv2.fillConvexPoly(sh, (q + off).astype(np.int32), 255, cv2.LINE_AA)
            sh = cv2.GaussianBlur(sh, (0, 0), d.size * 0.12).astype(np.float32)[..., None] / 255
            img[:] = (img.astype(np.float32) * (1 - 0.45 * sh)).astype(np.uint8)
        if d.side >= 0:
            i = d.side
            p0, p1 = q[i], q[(i + 1) % 4]
            c = q.mean(0)
            mid = (p0 + p1) / 2
            out = (mid - c) / (np.linalg.norm(mid - c) + 1e-6)
            depth = d.size * rng.uniform(0.25, 0.4)
            sq = np.array([p1, p0, p0 + out * depth, p1 + out * depth], np.float32)
            side_val = int(rng.integers(1, 7))
            _paste(img, _face_patch(side_val, d.face, px, 0.62, d, rng), _rounded_mask(px, 0.1), sq)
        tops.append((_face_patch(d.value, d.face, px, 1.0, d, rng), _rounded_mask(px), q))
        x0, y0 = q.min(0)
        x1, y1 = q.max(0)
        colour = d.face if d.face in CHARIDICE_FACES else None
        labels.append(
            {
                "value": d.value,
                "colour": colour,
                "bbox": [float(x0), float(y0), float(x1), float(y1)],
                "centre": [float(d.centre[0]), float(d.centre[1])],
            }
        )
    for patch, mask, q in tops:
        _paste(img, patch, mask, q)
    out = img.astype(np.float32)
    if gradient:
        gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
        gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
        ang = rng.uniform(0, 2 * math.pi)
        out *= (1.0 + gradient * (math.cos(ang) * gx + math.sin(ang) * gy))[..., None]
    if light is not None:
        out = light(out)
    if noise:
        out += rng.normal(0, noise, out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if blur:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if jpeg:
        _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out, labels


def _distractor(img: np.ndarray, kind: str, rng: np.random.Generator) -> None:
    h, w = img.shape[:2]
    cx, cy = int(rng.uniform(0.15, 0.85) * w), int(rng.uniform(0.15, 0.85) * h)
    if kind == "coin":
        r = int(rng.uniform(14, 26))
        col = (60, 150, 190) if rng.random() < 0.5 else (170, 170, 175)
        cv2.circle(img, (cx, cy), r, col, -1, cv2.LINE_AA)
        cv2.circle(img, (cx, cy), int(r * 0.8), tuple(int(c * 0.8) for c in col), 1, cv2.LINE_AA)
    elif kind == "hand":
        palm = rng.uniform(0, 180)
        hand(img, (cx, cy), (120, 150, 205), palm, [rng.uniform(0, 2 * math.pi) for _ in range(4)])
    elif kind == "card":
        rect = ((cx, cy), (90, 130), rng.uniform(0, 180))
        box = cv2.boxPoints(rect).astype(np.int32)
        cv2.fillConvexPoly(img, box, (235, 235, 235), cv2.LINE_AA)
        cv2.putText(img, "A", (cx - 12, cy + 10), cv2.FONT_HERSHEY_SIMPLEX, 1.0, (30, 30, 160), 2)
    elif kind == "shadow":
        sh = np.zeros((h, w), np.uint8)
        cv2.ellipse(sh, (cx, cy), (90, 60), rng.uniform(0, 180), 0, 360, 255, -1)
        sh = cv2.GaussianBlur(sh, (0, 0), 15).astype(np.float32)[..., None] / 255
        img[:] = (img.astype(np.float32) * (1 - 0.5 * sh)).astype(np.uint8)


def hand(img: np.ndarray, centre, colour, palm_angle: float, finger_angles) -> None:
    """Draw a hand seen from above: a palm (140 x 100 px, turned `palm_angle` degrees) and
    fingers 100 px long in the given directions (radians), in one skin colour (BGR)."""
    cx, cy = int(centre[0]), int(centre[1])
    cv2.ellipse(img, (cx, cy), (70, 50), palm_angle, 0, 360, colour, -1, cv2.LINE_AA)
    for a in finger_angles:
        tip = (int(cx + 100 * math.cos(a)), int(cy + 100 * math.sin(a)))
        cv2.line(img, (cx, cy), tip, colour, 22, cv2.LINE_AA)


PIP_COLOURS = [(20, 20, 20), (245, 245, 245), (30, 30, 200), (40, 190, 230), (60, 50, 150)]
DARK_PIP_COLOURS = [(240, 240, 240), (40, 40, 210), (50, 40, 140), (60, 170, 210), (40, 200, 235)]


def varied(d: Die, rng: np.random.Generator, extra: bool = False) -> Die:
    """Real dice differ: pip size and spacing always; plain dice also in pip colour and
    marbling (Charidice faces keep their colours, which the colour names rely on).
    `extra` adds what hobby dice under a lamp show: glare on any die, faint pips (of
    translucent dice), and dark faces with pips of any light or red tone, dim ones too."""

    scale, spread = float(rng.uniform(0.8, 1.25)), float(rng.uniform(0.88, 1.05))
    if d.value >= 6:  # pips a side-step apart: no maker lets them touch
        scale = min(scale, 1.09 * spread)
    d = replace(d, pip_scale=scale, spread=spread)
    if extra:
        if rng.random() < 0.3:
            d = replace(d, glare=float(rng.uniform(0.2, 0.7)))
        if rng.random() < 0.15:
            d = replace(d, faint=float(rng.uniform(0.3, 0.6)))
        if d.face in DARK_FACES:
            if rng.random() < 0.6:
                pip = DARK_PIP_COLOURS[int(rng.integers(len(DARK_PIP_COLOURS)))]
                d = replace(d, pip=pip)
            if rng.random() < 0.6:
                d = replace(d, marble=float(rng.uniform(0.3, 1.0)))
            return d
    if d.face in PLAIN_FACES:
        if rng.random() < 0.3:
            fl = sum(PLAIN_FACES[d.face][0])
            options = [c for c in PIP_COLOURS if abs(sum(c) - fl) > 200]
            d = replace(d, pip=options[int(rng.integers(len(options)))])
        if rng.random() < 0.3:
            d = replace(d, marble=float(rng.uniform(0.3, 1.0)))
    return d


def scene(
    seed: int,
    *,
    n=None,
    values=range(1, 7),
    faces=None,
    touching=False,
    side_faces=False,
    distractors=(),
    size=(640, 480),
    die_size=(42, 70),
    hard=True,
    extra=False,
) -> tuple[np.ndarray, list[dict]]:
    """A random labelled scene; `hard` adds lighting gradient, blur, JPEG noise; `extra`
    (training variety) adds dark hobby dice, faint pips and glare."""
    rng = np.random.default_rng(seed)
    default = list(PLAIN_FACES) + list(CHARIDICE_FACES) + (list(DARK_FACES) if extra else [])
    faces = list(faces or default)
    values = list(values)
    n = int(n if n is not None else rng.integers(1, 7))
    w, h = size
    s = float(rng.uniform(*die_size))
    dice: list[Die] = []
    tries = 0
    while len(dice) < n and tries < 2000:
        tries += 1
        ang = float(rng.uniform(0, 90))
        c = (float(rng.uniform(s * 1.3, w - s * 1.3)), float(rng.uniform(s * 1.3, h - s * 1.3)))
        group = [c]
        if touching and len(dice) + 1 < n and rng.random() < 0.7:
            a = math.radians(ang + 90 * int(rng.integers(0, 4)))
            group.append((c[0] + s * 1.04 * math.cos(a), c[1] + s * 1.04 * math.sin(a)))
        ok = all(s * 1.3 < g[0] < w - s * 1.3 and s * 1.3 < g[1] < h - s * 1.3 for g in group)
        ok = ok and all(math.dist(g, d.centre) > s * 1.75 for g in group for d in dice)
        if not ok:
            continue
        for g in group:
            side = int(rng.integers(0, 4)) if side_faces and rng.random() < 0.6 else -1
            d = Die(int(rng.choice(values)), str(rng.choice(faces)), g, s, ang, side)
            if hard:
                d = varied(d, rng, extra)
            dice.append(d)
    if hard:
        opts = {
            "gradient": float(rng.uniform(0, 0.3)),
            "blur": float(rng.uniform(0, 1.0)),
            "jpeg": int(rng.integers(55, 95)),
            "noise": float(rng.uniform(2, 6)),
        }
    else:
        opts = {"gradient": 0.0, "blur": 0.0, "jpeg": None, "noise": 2.0}
    bg = BACKGROUNDS[int(rng.integers(0, len(BACKGROUNDS)))]
    return render(
        dice,
        size=size,
        background=bg,
        seed=seed + 1,
        distractors=distractors,
        tray_edge=bool(rng.random() < 0.3),
        **opts,
    )


# Charidice: six dice whose 36 faces carry every (value, colour) pair once. Die d's face
# v has colour COLOURS[(d + v - 1) % 6] (a Latin square: the rulebook names no
# layout, and the reader never needs to know which die is which), so the six dice
# showing their 1s show the six colours. Pips are white, dark on the yellow faces
# (CHARIDICE_FACES).


def charidice_face(die: int, value: int) -> str:
    """The colour of one face of one of the six Charidice dice (0..5)."""
    return COLOURS[(die + value - 1) % 6]


def charidice_faces(dice) -> list[tuple[int, str]]:
    """Every (value, colour) face the given dice (0..5) carry."""
    return [(v, charidice_face(d, v)) for d in dice for v in range(1, 7)]


#: lights a table is played under: the lamp's colour as BGR gains, and how bright it is
LIGHTS = ("neutral", "warm", "cool", "dim", "mixed")
#: trays and felts, BGR: green, red, blue and purple felt, light and dark wood, black,
#: grey card, beige, teal, an orange and a yellow plastic tray
TRAYS = [(40, 110, 30), (35, 30, 150), (130, 60, 20), (90, 30, 80), (60, 110, 165),
         (30, 55, 90), (30, 30, 32), (130, 130, 128), (150, 180, 200), (100, 100, 20),
         (30, 100, 215), (40, 190, 215)]


@dataclass(frozen=True)
class Table:
    """One table for a session of games: the lamp, the tray and the camera. The camera's
    automatic white balance pulls the whole frame towards grey (`awb`, 0 none .. 1 all
    the way), so on a red felt every die takes a cyan cast: the table's cast."""

    light: str
    paints: tuple  # ((colour, face BGR, pip BGR), ...): this table's set of dice
    lamp: tuple[float, float, float]  # BGR gains
    other_lamp: tuple[float, float, float] | None  # mixed light: the far side's lamp
    tray: tuple[int, int, int]
    awb: float
    seed: int
    #: the camera's colour matrix (`camera_matrix`): (saturation, overlap); None: none
    camera: tuple[float, float] | None = None

    def light_fn(self, direction: float):
        def lit(img: np.ndarray) -> np.ndarray:
            h, w = img.shape[:2]
            gains = np.asarray(self.lamp, np.float32)
            if self.other_lamp is not None:  # one lamp each side, blended across the view
                gx = np.linspace(0, 1, w, dtype=np.float32)[None, :, None]
                gy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
                t = np.clip(math.cos(direction) * gx + math.sin(direction) * gy, 0, 1)
                t = t / max(float(t.max()), 1e-6)
                gains = gains * (1 - t) + np.asarray(self.other_lamp, np.float32) * t
            out = img * gains
            means = out.reshape(-1, 3).mean(0) + 1e-6
            out *= ((means.mean() / means) ** self.awb).astype(np.float32)
            if self.camera is not None:  # in linear light, clipped at 0 as a sensor's
                m = camera_matrix(*self.camera).astype(np.float32)
                linear = (np.maximum(out, 0) / 255) ** 2.2
                out = 255 * np.maximum(linear @ m.T, 0) ** (1 / 2.2)
            return out
        return lit


def camera_matrix(saturation: float, overlap: float) -> np.ndarray:
    """A camera's colour (BGR, linear light): channels that overlap (each takes
    `overlap` of its neighbours' light: blue and red the green's, green half of each),
    then a matrix boosting saturation by `saturation` (a pixel's distance from its own
    grey times 1 + saturation). Whites stay white; a strong paint's weakest channel is
    pushed below 0 (a blue's red, an orange's blue), and a magenta's two lobes reach
    the green channel, so its tint fades."""
    o, s = overlap, saturation
    spill = np.array([[1 - o, o, 0], [o / 2, 1 - o, o / 2], [0, o, 1 - o]])
    return ((1 + s) * np.eye(3) - s / 3 * np.ones((3, 3))) @ spill


#: hard tables' makers (`dice_set(hard=True)`): which faces carry dark pips. The rulebook
#: does not say: the stock dice's (yellow only), or the light colours' too
PIP_SCHEMES = (("yellow",), ("yellow", "grey", "orange"), ("yellow", "grey", "orange", "magenta"))


def dice_set(rng: np.random.Generator, hard: bool = False) -> tuple:
    """One maker's Charidice dice: each colour's paint off the stock one by up to 15% a
    channel, the grey anywhere from mid to pale (the rulebook's dice: a light grey with
    white pips), white pips 215-250, the yellow faces' dark pips 20-60. `hard`: paints
    off by up to 22%, the grey 105-200, and dark pips (10-70) on the faces of one of
    PIP_SCHEMES."""
    out = []
    dark = PIP_SCHEMES[int(rng.integers(len(PIP_SCHEMES)))] if hard else ("yellow",)
    for name in COLOURS:
        face, pip = CHARIDICE_FACES[name]
        if name == "grey":
            face = float(rng.uniform(105, 200) if hard else rng.uniform(120, 190)) \
                + rng.uniform(-5, 5, 3)
        else:
            face = np.asarray(face) * rng.uniform(*((0.78, 1.22) if hard else (0.85, 1.15)), 3)
        if hard:
            pip = (rng.uniform(10, 70, 3) if name in dark
                   else float(rng.uniform(200, 250)) - rng.uniform(0, 12, 3) * [1, 0.5, 0])
        else:
            pip = (rng.uniform(20, 60, 3) if sum(pip) < 300
                   else float(rng.uniform(215, 250)) - rng.uniform(0, 8, 3) * [1, 0.5, 0])
        out.append((name, tuple(int(c) for c in np.clip(face, 0, 255)),
                    tuple(int(c) for c in np.clip(pip, 0, 255))))
    return tuple(out)


def hard_tray(rng: np.random.Generator) -> tuple[int, int, int]:
    """A felt, cloth or tray of any colour: pale to dark, grey to fully saturated."""
    hsv = np.array([[[rng.uniform(0, 180), rng.uniform(0.3, 1.0) * 255,
                      rng.uniform(0.15, 0.85) * 255]]], np.float32)
    bgr = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0]
    return tuple(int(c) for c in bgr)


#: the share of hard tables whose camera has a colour matrix (`camera_matrix`), its
#: saturation boost and its channels' overlap
HARD_CAMERAS, CAMERA_SATURATION, CAMERA_OVERLAP = 0.5, (0.2, 0.7), (0.0, 0.3)


def table(seed: int, light: str | None = None, tray=None, hard: bool = False) -> Table:
    """A random table (seeded) under `light` (one of LIGHTS; random if None). `hard`:
    lamps further off the camera's white balance (a candle's 2000 K to shade, and a
    green or magenta fluorescent tint), felts and trays of any colour, the camera's
    balance pulled up to 0.9 of the way by them, a maker's dice of `dice_set(hard)`,
    and on HARD_CAMERAS of them a camera's colour matrix (`camera_matrix`): tables
    unlike the reader was tuned on (seeds of their own)."""
    rng = np.random.default_rng(seed)
    light = light or LIGHTS[int(rng.integers(len(LIGHTS)))]

    def lamp(kind: str) -> tuple[float, float, float]:
        if hard:
            tint = rng.uniform(0.9, 1.12)
            b, g, r = {"warm": ((0.35, 0.75), (0.8, 0.97), (1.05, 1.35)),
                       "cool": ((1.1, 1.5), (0.98, 1.08), (0.6, 0.9))}.get(
                kind, ((0.9, 1.1), (0.9, 1.1), (0.9, 1.1)))
            g = (rng.uniform(*b), rng.uniform(*g) * tint, rng.uniform(*r))
        elif kind == "warm":
            g = (rng.uniform(0.5, 0.75), rng.uniform(0.85, 0.97), rng.uniform(1.05, 1.2))
        elif kind == "cool":
            g = (rng.uniform(1.1, 1.3), rng.uniform(1.0, 1.06), rng.uniform(0.72, 0.9))
        else:
            g = tuple(rng.uniform(0.93, 1.07, 3))
        return tuple(float(x) for x in g)

    if light == "dim":
        base = lamp("warm" if rng.random() < 0.5 else "neutral")
        k = rng.uniform(0.3, 0.5)
        gains, other = tuple(float(x * k) for x in base), None
    elif light == "mixed":
        gains, other = lamp("warm"), lamp("cool")
    else:
        gains, other = lamp(light), None
    if tray is None:
        tray = hard_tray(rng) if hard else TRAYS[int(rng.integers(len(TRAYS)))]
    at = Table(light, dice_set(rng, hard), gains, other, tuple(int(c) for c in tray),
               float(rng.uniform(0.0, 0.9 if hard else 0.6)), seed)
    if hard and rng.random() < HARD_CAMERAS:  # drawn last: the other tables stay as they were
        at = replace(at, camera=(float(rng.uniform(*CAMERA_SATURATION)),
                                 float(rng.uniform(*CAMERA_OVERLAP))))
    return at


#: a row of dice as a player lays it (`row_centres`): centres this many die sizes apart
#: at least (a die turned 45 degrees spans 1.41), the row this many degrees off level at
#: most, each die this share of a size off the line at most
ROW_STEP, ROW_TILT, ROW_WOBBLE = (1.6, 2.0), 8.0, 0.2


def row_centres(seed: int, n: int, s: float, size, margin: float):
    """(centres, die size) of `n` dice laid in one row across a frame of `size`, left to
    right, a little crooked (ROW_TILT, ROW_WOBBLE), `margin` die sizes clear of the edges;
    the dice made smaller where a row of `s` would not fit. Drawn from a generator of
    its own, so a scene laid in a row draws everything else as it would scattered."""
    rng = np.random.default_rng((seed, 7))
    w, h = size
    s = min(s, w / ((n - 1) * ROW_STEP[0] + 2 * margin))
    step = min(float(rng.uniform(*ROW_STEP)) * s, (w - 2 * margin * s) / (n - 1))
    tilt = math.tan(math.radians(float(rng.uniform(-ROW_TILT, ROW_TILT))))
    y = float(rng.uniform(0.35, 0.65)) * h
    centres = [(w / 2 + (i - (n - 1) / 2) * step,
                y + (i - (n - 1) / 2) * step * tilt + float(rng.uniform(-1, 1)) * ROW_WOBBLE * s)
               for i in range(n)]
    return centres, s


def charidice_scene(
    seed: int, at: Table, *, n: int | None = None, dice=None, values=None,
    size=(640, 480), die_size=(42, 70), row: bool = False,
) -> tuple[np.ndarray, list[dict]]:
    """A throw of Charidice dice on a table: `dice` (0..5; else n of the six, 2-6 if n
    is None, at random) showing `values` (one per die; else at random). Labels as
    `scene`'s, plus "die". `row`: the dice laid in one row in the order of `dice`, left
    to right (`row_centres`), the scene otherwise drawn as scattered."""
    rng = np.random.default_rng(seed)
    if dice is None:
        n = int(n if n is not None else rng.integers(2, 7))
        dice = sorted(int(d) for d in rng.choice(6, n, replace=False))
    values = list(values) if values is not None else [int(rng.integers(1, 7)) for _ in dice]
    w, h = size
    s = float(rng.uniform(*die_size))
    centres: list[tuple[float, float]] = []
    while len(centres) < len(dice):
        c = (float(rng.uniform(s * 1.3, w - s * 1.3)), float(rng.uniform(s * 1.3, h - s * 1.3)))
        if all(math.dist(c, o) > s * 1.75 for o in centres):
            centres.append(c)
    if row:
        centres, s = row_centres(seed, len(dice), s, size, 1.3)
    paints = {name: (face, pip) for name, face, pip in at.paints}
    drawn = [varied(Die(v, charidice_face(d, v), c, s, float(rng.uniform(0, 90)),
                        paint=paints[charidice_face(d, v)]), rng)
             for d, v, c in zip(dice, values, centres)]
    img, labels = render(
        drawn, size=size, background=at.tray, seed=seed + 1,
        gradient=float(rng.uniform(0, 0.3)), blur=float(rng.uniform(0, 1.0)),
        jpeg=int(rng.integers(55, 95)),
        noise=float(rng.uniform(5, 9) if at.light == "dim" else rng.uniform(2, 6)),
        tray_edge=bool(rng.random() < 0.3), light=at.light_fn(float(rng.uniform(0, 6.3))),
    )
    for lab, d in zip(labels, dice):
        lab["die"] = d
    return img, labels


def charidice_expect(dice, count: int | None = None):
    """What a game tells the reader of a throw of these Charidice dice (0..5): how many,
    and the faces they carry, as (value, colour) like the rules core's faces."""
    from .reading import Expect

    return Expect.of(count=count if count is not None else len(dice),
                     dice=[charidice_faces([d]) for d in dice])
