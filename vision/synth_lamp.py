"""Charidice tables rendered a second way, as a held-out check of the colour names.

`vision.synth` paints dice in the camera's own colours and casts the whole frame by one
gain per channel. Real light is not like that, so this renderer shares none of it: each
paint, felt and lamp is a spectrum (31 bands, 400-700 nm); a camera's three overlapping
channel sensitivities see it; the light is per pixel (a key lamp at a height, its
cosine and fall-off, a fill of another colour temperature, the felt's own colour
bounced onto the dice's side faces and a little onto their tops); the dice are cubes
seen by a pinhole camera (side faces shaded by their angle to the lamp), glossy (a
specular spot of the lamp's colour, clipped), their pips pits with a shadowed rim; the
camera balances white for a colour temperature up to 1500 K off the lamp's (or pulls
towards the felt's grey), sets its exposure by the frame's mean (whites may clip),
boosts saturation by a colour matrix, and writes sRGB with noise, blur and JPEG.

Nothing in the reader is tuned on these scenes (benchmarks/charidice_colours.py
`--lamp`, seeds of their own). `table(seed, light)` and `charidice_scene(seed, table,
dice=, values=)` have the signatures of `vision.synth`'s, labels as its.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .reading import COLOURS
from .synth import PIP_LAYOUT, charidice_face, row_centres

#: the wavelengths every spectrum is sampled at, nm
NM = np.arange(400.0, 701.0, 10.0)
#: lights a table is lit by: a tungsten bulb, daylight from a window, a white LED, a
#: tri-phosphor fluorescent tube, and a warm lamp over a table lit by a window too
LIGHTS = ("tungsten", "daylight", "led", "fluorescent", "lamp+window")


def _bump(centre: float, width: float) -> np.ndarray:
    return np.exp(-0.5 * ((NM - centre) / width) ** 2)


def _rise(edge: float, width: float) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(NM - edge) / width))


#: the camera's channel sensitivities (B, G, R): broad and overlapping, as a sensor's
SENSOR = np.stack([_bump(455, 28), _bump(535, 38), _bump(600, 32) + 0.08 * _bump(440, 20)])


def planck(kelvin: float) -> np.ndarray:
    """A black body's spectrum at that temperature, 1 at 560 nm."""
    lam = NM * 1e-9
    e = lam**-5 / np.expm1(1.4388e-2 / (lam * kelvin))
    return e / np.interp(560.0, NM, e)


def paint(rng: np.random.Generator, name: str, dark_pips: bool) -> tuple[np.ndarray, np.ndarray]:
    """(face reflectance, pip reflectance) of one maker's die of a Charidice colour."""
    a, s = float(rng.uniform(0.8, 1.2)), float(rng.uniform(-12, 12))
    face = {
        "magenta": lambda: 0.04 + a * (0.35 * _bump(430 + s, 35) + 0.7 * _rise(600 + s, 14)),
        "blue": lambda: 0.04 + a * rng.uniform(0.2, 0.55) * _bump(460 + s, 32),
        "orange": lambda: 0.04 + a * 0.85 * _rise(585 + s, 12),
        "yellow": lambda: 0.05 + a * 0.8 * _rise(515 + s, 12),
        "grey": lambda: np.full(NM.shape, rng.uniform(0.17, 0.55))
        * (1 + 0.0004 * s * (NM - 550) / 10),
        "black": lambda: np.full(NM.shape, rng.uniform(0.02, 0.05)),
    }[name]()
    pip = np.full(NM.shape, rng.uniform(0.015, 0.05) if dark_pips else rng.uniform(0.7, 0.88))
    return np.clip(face, 0.0, 1.0), pip


#: felts, cloths and trays (reflectance spectra): purple, green, red, blue, teal and
#: black felt, dark grey cloth, light and dark wood, an orange and a yellow plastic tray,
#: a magenta mat, beige card
FELTS = {
    "purple felt": lambda: 0.05 + 0.3 * _bump(430, 30) + 0.25 * _rise(630, 15),
    "green felt": lambda: 0.04 + 0.3 * _bump(530, 30),
    "red felt": lambda: 0.04 + 0.5 * _rise(600, 12),
    "blue felt": lambda: 0.04 + 0.35 * _bump(465, 30),
    "teal felt": lambda: 0.04 + 0.3 * _bump(495, 35),
    "black felt": lambda: np.full(NM.shape, 0.03),
    "grey cloth": lambda: np.full(NM.shape, 0.09),
    "light wood": lambda: 0.12 + 0.45 * _rise(570, 40),
    "dark wood": lambda: 0.04 + 0.18 * _rise(590, 35),
    "orange tray": lambda: 0.05 + 0.8 * _rise(590, 12),
    "yellow tray": lambda: 0.05 + 0.75 * _rise(520, 12),
    "magenta mat": lambda: 0.05 + 0.4 * _bump(440, 30) + 0.6 * _rise(610, 14),
    "beige card": lambda: 0.35 + 0.3 * _rise(560, 50),
}


def lamp_spectrum(rng: np.random.Generator, light: str) -> tuple[np.ndarray, float]:
    """(the key lamp's spectrum, the colour temperature it is sold as)."""
    if light in ("tungsten", "lamp+window"):
        k = float(rng.uniform(2300, 3300))
        return planck(k), k
    if light == "daylight":
        k = float(rng.uniform(5000, 7500))
        return planck(k), k
    if light == "led":  # a blue die's light and a broad yellow phosphor
        k = float(rng.uniform(2700, 5000))
        blue = (k - 2000) / 3000
        return 0.6 * blue * _bump(450, 11) + _bump(575 - (k - 2700) / 100, 55), k
    k = float(rng.uniform(3000, 5000))  # fluorescent: three phosphor lines on a weak base
    lines = _bump(435, 6) * 0.5 + _bump(545, 7) * rng.uniform(0.8, 1.6) + _bump(612, 9) * 1.1
    return 0.25 * planck(k) + lines, k


def rgb(spectrum: np.ndarray) -> np.ndarray:
    """What the camera's channels (B, G, R) see of a light's spectrum."""
    return SENSOR @ spectrum


@dataclass(frozen=True)
class Table:
    """One table for a session: its lamps, felt, dice and camera."""

    light: str
    seed: int
    felt: str
    felt_r: np.ndarray  # reflectance spectrum
    key: np.ndarray  # the key lamp's spectrum
    fill: np.ndarray  # the fill light's spectrum (a window's, or the lamp's own)
    fill_share: float
    lamp_at: tuple[float, float, float]  # where the key lamp hangs, in die sizes
    dice: tuple  # (name, face reflectance, pip reflectance) per colour
    balance: np.ndarray | None  # the camera's white-balance gains (None: grey world)
    grey_world: float  # how far the camera pulls the frame's mean to grey
    saturation: float  # the camera's colour matrix boost
    exposure: float  # the camera's exposure bias (x of its metered level)
    gloss: float  # the dice's shine
    bounce: float  # how much of the felt's light reaches a die's top face


def table(seed: int, light: str | None = None) -> Table:
    """A random table (seeded) lit by `light` (one of LIGHTS; random if None)."""
    rng = np.random.default_rng(seed)
    light = light or LIGHTS[int(rng.integers(len(LIGHTS)))]
    key, kelvin = lamp_spectrum(rng, light)
    if light == "lamp+window":
        fill, share = planck(float(rng.uniform(5500, 8000))) * 1.0, float(rng.uniform(0.4, 1.2))
    else:
        fill, share = key, float(rng.uniform(0.15, 0.5))
    felt = list(FELTS)[int(rng.integers(len(FELTS)))]
    felt_r = np.clip(FELTS[felt]() * rng.uniform(0.8, 1.2), 0, 1)
    dark = {"yellow"} | ({"grey", "orange"} if rng.random() < 0.3 else set())
    dice = tuple((name, *paint(rng, name, name in dark)) for name in COLOURS)
    wb_kelvin = float(np.clip(kelvin + rng.uniform(-1500, 1500), 2000, 10000))
    if rng.random() < 0.5:  # a preset balance, off from the lamp
        white = rgb(planck(wb_kelvin))
        balance, grey_world = white[1] / white, 0.0
    else:  # automatic: pulled towards the frame's grey
        balance, grey_world = None, float(rng.uniform(0.4, 1.0))
    return Table(light, seed, felt, felt_r, key, fill, share,
                 (float(rng.uniform(-6, 6)), float(rng.uniform(-5, 5)), float(rng.uniform(6, 14))),
                 dice, balance, grey_world, float(rng.uniform(0.2, 0.7)),
                 float(rng.uniform(0.8, 1.5)), float(rng.uniform(0.0, 0.8)),
                 float(rng.uniform(0.0, 0.12)))


#: oversampling: the scene is drawn this many times larger, then shrunk (edges smooth)
OVER = 2
#: the camera's height over the table, in die sizes (pinhole; dice off the centre show sides)
CAMERA_HEIGHT = (9.0, 16.0)


def _lit(t: Table, reflectance: np.ndarray, normal, at, size: float, w: int, h: int,
         top: bool) -> np.ndarray:
    """Camera RGB (linear) of a surface of that reflectance, facing `normal`, at `at`
    (pixels), lit by the key lamp (cosine, fall-off), the fill and the felt's bounce."""
    lx, ly, lz = t.lamp_at
    lamp = np.array([w / 2 + lx * size, h / 2 + ly * size, lz * size])
    d = lamp - np.array([at[0], at[1], size if top else size / 2])
    dist = float(np.linalg.norm(d))
    cos = max(0.0, float(np.dot(normal, d / dist)))
    key = cos * (lz * size / dist) ** 2
    fill = t.fill_share * (1.0 if top else 0.55)
    bounce = t.bounce if top else 0.35 * (0.3 + t.fill_share)
    light = key * t.key + fill * t.fill + bounce * (t.key + t.fill_share * t.fill) * t.felt_r
    return rgb(light * reflectance)


def _face(value: int, face_rgb, pip_rgb, px: int, rng, shine, top: bool
          ) -> np.ndarray:
    """A die's face, px square, linear camera RGB: paint, pits of pips, a specular spot."""
    img = np.empty((px, px, 3), np.float32)
    img[:] = face_rgb
    r = px / 2
    pip_r = px * (0.1 if value == 1 else 0.08) * float(rng.uniform(0.85, 1.2))
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32)
    lx, ly = rng.normal(0, 1, 2)
    for u, v in PIP_LAYOUT[value]:
        cx, cy = r + u * r * 0.92, r + v * r * 0.92
        d = np.hypot(xx - cx, yy - cy)
        inside = np.clip(pip_r - d + 0.5, 0, 1)[..., None]
        # a pit: its rim on the lamp's side lies in shadow
        rim = np.clip(((xx - cx) * lx + (yy - cy) * ly) / (pip_r + 1e-6), 0, 1)[..., None]
        shade = 1.0 - 0.45 * rim * (d[..., None] > 0.55 * pip_r)
        img = img * (1 - inside) + np.asarray(pip_rgb, np.float32) * shade * inside
    edge = np.minimum(np.minimum(xx, px - 1 - xx), np.minimum(yy, px - 1 - yy))
    img *= (0.75 + 0.25 * np.clip(edge / (0.07 * px), 0, 1))[..., None]  # rounded edges
    if top and shine is not None:
        sx, sy = (float(rng.uniform(0.2, 0.8)) * px for _ in range(2))
        wide = px * rng.uniform(0.05, 0.12)
        spot = np.exp(-0.5 * ((xx - sx) ** 2 + (yy - sy) ** 2) / wide**2)
        img += spot[..., None] * np.asarray(shine, np.float32)
    return img


def _rounded(px: int) -> np.ndarray:
    m = np.zeros((px, px), np.uint8)
    c = int(px * 0.15)
    cv2.rectangle(m, (c, 0), (px - 1 - c, px - 1), 255, -1)
    cv2.rectangle(m, (0, c), (px - 1, px - 1 - c), 255, -1)
    for x, y in ((c, c), (px - 1 - c, c), (c, px - 1 - c), (px - 1 - c, px - 1 - c)):
        cv2.circle(m, (x, y), c, 255, -1, cv2.LINE_AA)
    return m


def _paste(img: np.ndarray, patch: np.ndarray, quad: np.ndarray) -> None:
    px = patch.shape[0]
    src = np.float32([[0, 0], [px - 1, 0], [px - 1, px - 1], [0, px - 1]])
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    h, w = img.shape[:2]
    warped = cv2.warpPerspective(patch, m, (w, h), flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(_rounded(px), m, (w, h), flags=cv2.INTER_LINEAR)
    a = alpha.astype(np.float32)[..., None] / 255
    img *= 1 - a
    img += warped * a


def charidice_scene(seed: int, at: Table, *, n: int | None = None, dice=None, values=None,
                    size=(640, 480), die_size=(42, 70),
                    row: bool = False) -> tuple[np.ndarray, list[dict]]:
    """A throw of the six Charidice dice (`dice`, 0..5; else 2-6 at random) showing
    `values` (else random) on the table `at`. Labels as vision.synth's: value, colour,
    bbox and centre of each die's top face, and "die". `row`: laid in one row in the
    order of `dice`, left to right (`vision.synth.row_centres`)."""
    rng = np.random.default_rng(seed)
    if dice is None:
        n = int(n if n is not None else rng.integers(2, 7))
        dice = sorted(int(d) for d in rng.choice(6, n, replace=False))
    values = list(values) if values is not None else [int(rng.integers(1, 7)) for _ in dice]
    w, h = size
    W, H = w * OVER, h * OVER
    s = float(rng.uniform(*die_size))
    cam = float(rng.uniform(*CAMERA_HEIGHT)) * s
    bases: list[tuple[float, float]] = []
    while len(bases) < len(dice):
        c = (float(rng.uniform(s * 1.4, w - s * 1.4)), float(rng.uniform(s * 1.4, h - s * 1.4)))
        if all(math.dist(c, o) > s * 1.8 for o in bases):
            bases.append(c)
    if row:
        bases, s = row_centres(seed, len(dice), s, size, 1.4)
    paints = {name: (f, p) for name, f, p in at.dice}
    # the felt: lit per pixel by the key lamp's cosine and fall-off, the fill, a texture
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32) / OVER
    lx, ly, lz = at.lamp_at
    d2 = (xx - (w / 2 + lx * s)) ** 2 + (yy - (h / 2 + ly * s)) ** 2 + (lz * s) ** 2
    key_on_felt = (lz * s) ** 3 / d2**1.5
    shadow = np.zeros((H, W), np.float32)
    for bx, by in bases:  # each die's shadow, cast away from the lamp
        away = np.array([bx - (w / 2 + lx * s), by - (h / 2 + ly * s)])
        off = away / (np.linalg.norm(away) + 1e-6) * s * 0.5 * 12 / lz
        cv2.circle(shadow, (int((bx + off[0]) * OVER), int((by + off[1]) * OVER)),
                   int(s * 0.62 * OVER), 1.0, -1)
    shadow = cv2.GaussianBlur(shadow, (0, 0), s * 0.2 * OVER)
    tex = 1 + 0.07 * cv2.GaussianBlur(rng.normal(0, 1, (H, W)).astype(np.float32), (0, 0), 1.5)
    felt_key, felt_fill = rgb(at.key * at.felt_r), rgb(at.fill * at.felt_r)
    img = ((key_on_felt * (1 - 0.85 * shadow))[..., None] * felt_key
           + (at.fill_share * (1 - 0.4 * shadow))[..., None] * felt_fill) * tex[..., None]
    img = img.astype(np.float32)
    labels = []
    order = sorted(range(len(dice)), key=lambda i: -math.dist(bases[i], (w / 2, h / 2)))
    for i in order:  # nearer the centre last: a die's sides lie behind its neighbours'
        die, value, (bx, by) = dice[i], values[i], bases[i]
        name = charidice_face(die, value)
        face_r, pip_r = paints[name]
        ang = float(rng.uniform(0, math.pi / 2))
        u, v = np.array([math.cos(ang), math.sin(ang)]), np.array([-math.sin(ang), math.cos(ang)])
        corners = [np.array([bx, by]) + s / 2 * (su * u + sv * v)
                   for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

        def seen(p, z):  # pinhole projection from above the frame's centre
            k = cam / (cam - z)
            return np.array([w / 2 + (p[0] - w / 2) * k, h / 2 + (p[1] - h / 2) * k]) * OVER

        top = np.array([seen(c, s) for c in corners])
        px = int(s * 3)
        for j in range(4):  # side faces that face the camera
            a, b = corners[j], corners[(j + 1) % 4]
            mid = (a + b) / 2
            out = (mid - np.array([bx, by])) / (s / 2)
            if np.dot(out, np.array([w / 2, h / 2]) - mid) <= 0:
                continue
            normal = np.array([out[0], out[1], 0.0])
            lit_face = _lit(at, face_r, normal, mid, s, w, h, False)
            lit_pip = _lit(at, pip_r, normal, mid, s, w, h, False)
            side = _face(int(rng.integers(1, 7)), lit_face, lit_pip, px, rng, None, False)
            quad = np.array([seen(b, s), seen(a, s), seen(a, 0), seen(b, 0)])
            _paste(img, side, quad)
        up = np.array([0.0, 0.0, 1.0])
        lit_face = _lit(at, face_r, up, (bx, by), s, w, h, True)
        lit_pip = _lit(at, pip_r, up, (bx, by), s, w, h, True)
        shine = (rgb(at.key) * at.gloss * float(rng.uniform(0.3, 1.5))
                 if rng.random() < 0.6 else None)
        _paste(img, _face(value, lit_face, lit_pip, px, rng, shine, True), top)
        x0, y0 = top.min(0) / OVER
        x1, y1 = top.max(0) / OVER
        labels.append((i, {"value": value, "colour": name,
                           "bbox": [float(x0), float(y0), float(x1), float(y1)],
                           "centre": [float(c) for c in top.mean(0) / OVER],
                           "die": die}))
    img = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA)
    return _camera(img, at, rng), [lab for _i, lab in sorted(labels, key=lambda x: x[0])]


def _camera(img: np.ndarray, t: Table, rng: np.random.Generator) -> np.ndarray:
    """Linear camera RGB -> the camera's 8-bit BGR: white balance, exposure (clipping),
    colour matrix, noise, sRGB, vignetting, blur, JPEG."""
    h, w = img.shape[:2]
    if t.balance is not None:
        img = img * t.balance.astype(np.float32)
    else:
        mean = img.reshape(-1, 3).mean(0)
        img = img * ((mean[1] / mean) ** t.grey_world).astype(np.float32)
    img = img * (0.18 * t.exposure / float(img.mean()))
    gy, gx = np.mgrid[0:h, 0:w].astype(np.float32)
    img *= (1 - 0.25 * (((gx - w / 2) / w) ** 2 + ((gy - h / 2) / h) ** 2))[..., None]
    m = (1 + t.saturation) * np.eye(3) - t.saturation / 3 * np.ones((3, 3))
    img = np.clip(img, 0, 1) @ m.T.astype(np.float32)
    img = np.clip(img, 0, None)
    img = img + rng.normal(0, 1, img.shape).astype(np.float32) * np.sqrt(img * 2e-4 + 1e-6)
    img = np.clip(img, 0, 1)
    srgb = np.where(img <= 0.0031308, 12.92 * img, 1.055 * np.power(img, 1 / 2.4) - 0.055)
    out = (srgb * 255 + 0.5).astype(np.uint8)
    out = cv2.GaussianBlur(out, (0, 0), float(rng.uniform(0.3, 1.0)))
    _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(60, 92))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)
