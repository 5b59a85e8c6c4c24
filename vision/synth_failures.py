"""Synthetic scenes of what a reader never trained on gets wrong (GitHub issue 28).

`failure_scene(kind, seed)` returns (image BGR uint8, labels) as `synth.scene` does, for
one of KINDS: things on the table that are no dice (coins, playing cards, a checked
cloth), dice unlike the trained ones (symbols or numerals on faces, glitter,
see-through), dice lying awkwardly (touching, stacked, tilted so a side face shows) and
cameras unlike the trained one (fisheye, glare and over-exposure, greyscale, small
dice). `failure_set(kind, n, seeds=REPORTING)` yields a kind's benchmark scenes.

None of these is ever trained on. Tuning uses the DEVELOPMENT seeds; figures are
reported on the REPORTING seeds, never looked at while tuning. The dice show 1-6, as a
game's do: score them reading with `Expect(values=1..6)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import cv2
import numpy as np

from . import synth
from .synth import PIP_LAYOUT, Die

KINDS = (
    "coins", "cards", "gingham", "symbols", "glitter", "see-through", "touching",
    "stacked", "tilted", "fisheye", "glare", "greyscale", "small",
)
DEVELOPMENT = 300_000  # seeds for looking and tuning: DEVELOPMENT + 1000 x kind + i
REPORTING = 400_000  # seeds for the figures: REPORTING + 1000 x kind + i
FACES = list(synth.PLAIN_FACES) + list(synth.CHARIDICE_FACES)


def failure_set(kind: str, n: int = 40, seeds: int = REPORTING) -> Iterator:
    """The n scenes of one kind, from the given seed range."""
    k = KINDS.index(kind)
    for i in range(n):
        yield failure_scene(kind, seeds + 1000 * k + i)


def failure_scene(kind: str, seed: int) -> tuple[np.ndarray, list[dict]]:
    if kind not in KINDS:
        raise ValueError(f"no failure kind {kind!r}; kinds: {', '.join(KINDS)}")
    rng = np.random.default_rng(seed)
    if kind == "greyscale":  # the usual scenes, seen by a monochrome camera
        img, labels = synth.scene(seed, n=int(rng.integers(2, 7)))
        grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
        return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), [{**lab, "colour": None} for lab in labels]
    if kind == "small":  # a camera higher than the trained one: dice 30-45 px
        return synth.scene(seed, n=int(rng.integers(3, 9)), die_size=(30, 45))
    return _BUILDERS[kind](rng)


# ---- layout and drawing -------------------------------------------------------------


def _centres(rng, n: int, s: float, w: int, h: int, apart: float = 1.75, taken=()) -> list:
    """Up to n centres for things about s wide, inside the frame and `apart` x s from
    each other and from `taken` (centre, width) pairs."""
    out: list[tuple[float, float]] = []
    for _ in range(400):
        if len(out) == n:
            break
        c = (float(rng.uniform(s * 1.2, w - s * 1.2)), float(rng.uniform(s * 1.2, h - s * 1.2)))
        if all(math.dist(c, o) > s * apart for o in out) and all(
            math.dist(c, t) > (s + tw) * apart / 2 for t, tw in taken
        ):
            out.append(c)
    return out


def _dice(rng, centres, s: float, faces=FACES, vary=True) -> list[Die]:
    dice = []
    for c in centres:
        d = Die(int(rng.integers(1, 7)), str(rng.choice(faces)), c, s, float(rng.uniform(0, 90)))
        dice.append(synth.varied(d, rng) if vary else d)
    return dice


def _table(rng, w: int, h: int, colour=None) -> np.ndarray:
    bg = colour or synth.BACKGROUNDS[int(rng.integers(len(synth.BACKGROUNDS)))]
    img = np.empty((h, w, 3), np.float32)
    img[:] = bg
    tex = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 2.0)
    img += tex[..., None] * 10
    return np.clip(img, 0, 255).astype(np.uint8)


def _corners(d: Die, rng, tilt: float = 0.0, towards: float = 0.0):
    """(top face quad, offset of the die's bottom in the image): a die tilted `tilt`
    degrees (towards the image direction `towards`) shows its top face foreshortened and
    the side faces on that side, as deep as the offset."""
    q = synth._quad(d, rng, 0.02)
    if not tilt:
        return q, np.zeros(2, np.float32)
    t = np.array([math.cos(math.radians(towards)), math.sin(math.radians(towards))], np.float32)
    c = q.mean(0)
    along = (q - c) @ t
    q = q - np.outer(along * (1 - math.cos(math.radians(tilt))), t)
    return q.astype(np.float32), t * d.size * math.sin(math.radians(tilt))


def _side_value(top: int, rng) -> int:
    """A face next to the top one: neither it nor its opposite (they add up to 7)."""
    return int(rng.choice([v for v in range(1, 7) if v not in (top, 7 - top)]))


Patch = Callable[[Die, int, float, np.random.Generator], np.ndarray]


def _plain_patch(d: Die, px: int, shade: float, rng) -> np.ndarray:
    return synth._face_patch(d.value, d.face, px, shade, d, rng)


def _draw_die(img, d: Die, rng, *, tilt=0.0, towards=0.0, side_shade=(0.55, 0.9),
              patch: Patch = _plain_patch) -> dict:
    """Draw one die (shadow, the side faces a tilt shows, its top face); its label."""
    h, w = img.shape[:2]
    q, off = _corners(d, rng, tilt, towards)
    px = int(max(32, d.size * 3))
    sh = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(sh, (q + d.size * 0.12 + off).astype(np.int32), 255, cv2.LINE_AA)
    sh = cv2.GaussianBlur(sh, (0, 0), d.size * 0.12).astype(np.float32)[..., None] / 255
    img[:] = (img.astype(np.float32) * (1 - 0.45 * sh)).astype(np.uint8)
    c = q.mean(0)
    for i in range(4):
        p0, p1 = q[i], q[(i + 1) % 4]
        out = (p0 + p1) / 2 - c
        if float(out @ off) <= 1e-3:
            continue  # this side faces away
        side = Die(_side_value(d.value, rng), d.face, d.centre, d.size, d.angle, pip=d.pip,
                   pip_scale=d.pip_scale, spread=d.spread, marble=d.marble)
        shade = float(rng.uniform(*side_shade))
        sq = np.array([p1, p0, p0 + off, p1 + off], np.float32)
        synth._paste(img, patch(side, px, shade, rng), synth._rounded_mask(px, 0.1), sq)
    synth._paste(img, patch(d, px, 1.0, rng), synth._rounded_mask(px), q)
    x0, y0 = q.min(0)
    x1, y1 = q.max(0)
    return {
        "value": d.value,
        "colour": d.face if d.face in synth.CHARIDICE_FACES else None,
        "bbox": [float(x0), float(y0), float(x1), float(y1)],
        "centre": [float(c[0]), float(c[1])],
    }


def _finish(img: np.ndarray, rng, hard: bool = True) -> np.ndarray:
    """The camera: a lighting gradient, noise, blur and JPEG, as `synth.scene` has."""
    h, w = img.shape[:2]
    out = img.astype(np.float32)
    if hard:
        gx = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
        gy = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
        a = rng.uniform(0, 2 * math.pi)
        out *= (1.0 + rng.uniform(0, 0.3) * (math.cos(a) * gx + math.sin(a) * gy))[..., None]
    out += rng.normal(0, rng.uniform(2, 6), out.shape).astype(np.float32)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if hard:
        out = cv2.GaussianBlur(out, (0, 0), float(rng.uniform(0.3, 1.0)))
        _ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out


def _scene(rng, n=(2, 7), s=(42, 70), table=None, things=(), patch: Patch = _plain_patch,
           tilt=(0.0, 0.0)):
    """A scene of n dice s px wide on `table` (an image, else a plain one), beside
    `things`: (width, draw(img, centre, width, rng)) pairs placed where no die is."""
    w, h = 640, 480
    img = _table(rng, w, h) if table is None else table
    size = float(rng.uniform(*s))
    spots = _centres(rng, int(rng.integers(*n)) + len(things), max(size, 1.0), w, h)
    placed = []
    for (width, draw), c in zip(things, spots[::-1]):
        draw(img, c, width, rng)
        placed.append(c)
    dice = _dice(rng, [c for c in spots if c not in placed], size)
    labels = [_draw_die(img, d, rng, tilt=float(rng.uniform(*tilt)),
                        towards=float(rng.uniform(0, 360)), patch=patch) for d in dice]
    return _finish(img, rng), labels


# ---- things that are no dice --------------------------------------------------------

METALS = [(60, 150, 190), (175, 175, 180), (70, 110, 175), (120, 165, 185)]


def _coin(img, c, width, rng) -> None:
    """A metal coin: round, shaded, a rim, and a relief (a numeral, dots, a head)."""
    r = width / 2
    h, w = img.shape[:2]
    base = np.array(METALS[int(rng.integers(len(METALS)))], np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = (xx - c[0]) / r, (yy - c[1]) / r
    inside = dx * dx + dy * dy <= 1.0
    a = rng.uniform(0, 2 * math.pi)
    shine = 1.0 + 0.35 * (math.cos(a) * dx + math.sin(a) * dy)  # metal: bright to one side
    spot = np.exp(-((dx - 0.4 * math.cos(a)) ** 2 + (dy - 0.4 * math.sin(a)) ** 2) / 0.08)
    coin = base[None, None] * shine[..., None] + 90 * spot[..., None]
    coin = np.clip(coin, 0, 255)
    relief = np.zeros((h, w), np.uint8)
    cx, cy = int(c[0]), int(c[1])
    cv2.circle(relief, (cx, cy), int(r * 0.82), 255, max(1, int(r * 0.06)), cv2.LINE_AA)
    what = rng.integers(3)
    if what == 0:
        text = str(int(rng.choice([1, 2, 5, 10, 20, 50])))
        scale = r / 30
        (tw, th), _b = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
        cv2.putText(relief, text, (cx - tw // 2, cy + th // 2), cv2.FONT_HERSHEY_SIMPLEX,
                    scale, 255, max(1, int(r / 12)), cv2.LINE_AA)
    elif what == 1:  # dots and stars round a crest
        for _ in range(int(rng.integers(2, 7))):
            u, v = rng.uniform(-0.55, 0.55, 2)
            cv2.circle(relief, (int(cx + u * r), int(cy + v * r)), max(1, int(r * 0.1)), 255, -1,
                       cv2.LINE_AA)
    else:  # a head in profile
        cv2.ellipse(relief, (cx, cy), (int(r * 0.35), int(r * 0.5)), rng.uniform(0, 180), 0, 360,
                    255, -1, cv2.LINE_AA)
    relief = cv2.GaussianBlur(relief.astype(np.float32) / 255, (0, 0), max(0.6, r * 0.03))
    emboss = cv2.filter2D(relief, -1, np.array([[-1, 0, 0], [0, 0, 0], [0, 0, 1]], np.float32))
    coin += (emboss * 120 - relief * 25)[..., None]
    m = inside[..., None]
    img[:] = np.where(m, np.clip(coin, 0, 255), img).astype(np.uint8)
    cv2.circle(img, (cx, cy), int(r), tuple(int(v * 0.6) for v in base), max(1, int(r * 0.05)),
               cv2.LINE_AA)


def _suit(img, centre, size: float, suit: int, colour) -> None:
    x, y, s = centre[0], centre[1], size / 2
    if suit == 0:  # diamond
        pts = np.array([[x, y - s], [x + s * 0.7, y], [x, y + s], [x - s * 0.7, y]])
        cv2.fillConvexPoly(img, pts.astype(np.int32), colour, cv2.LINE_AA)
    elif suit == 1:  # heart
        for u in (-0.45, 0.45):
            cv2.circle(img, (int(x + u * s), int(y - s * 0.25)), int(s * 0.5), colour, -1,
                       cv2.LINE_AA)
        pts = np.array([[x - s * 0.95, y - s * 0.05], [x + s * 0.95, y - s * 0.05], [x, y + s]])
        cv2.fillConvexPoly(img, pts.astype(np.int32), colour, cv2.LINE_AA)
    else:  # club or spade: round lobes and a stem
        for u, v in ((0, -0.45), (-0.45, 0.1), (0.45, 0.1)):
            cv2.circle(img, (int(x + u * s), int(y + v * s)), int(s * 0.42), colour, -1,
                       cv2.LINE_AA)
        cv2.line(img, (int(x), int(y)), (int(x), int(y + s)), colour, max(1, int(s * 0.2)))


#: where a playing card's suit symbols sit, on a card spanning [-1, 1] x [-1, 1]
CARD_PIPS = {
    2: [(0, -0.6), (0, 0.6)], 3: [(0, -0.6), (0, 0), (0, 0.6)],
    4: [(-0.45, -0.6), (0.45, -0.6), (-0.45, 0.6), (0.45, 0.6)],
    5: [(-0.45, -0.6), (0.45, -0.6), (0, 0), (-0.45, 0.6), (0.45, 0.6)],
    6: [(-0.45, -0.6), (0.45, -0.6), (-0.45, 0), (0.45, 0), (-0.45, 0.6), (0.45, 0.6)],
    7: [(-0.45, -0.6), (0.45, -0.6), (0, -0.3), (-0.45, 0), (0.45, 0), (-0.45, 0.6),
        (0.45, 0.6)],
    8: [(u, v) for u in (-0.45, 0.45) for v in (-0.6, -0.2, 0.2, 0.6)],
    10: [(u, v) for u in (-0.45, 0.45) for v in (-0.6, -0.2, 0.2, 0.6)] + [(0, -0.4), (0, 0.4)],
}


def _card(img, c, width, rng) -> None:
    """A playing card (63 x 88 mm beside 16-mm dice): white, its suit symbols laid
    out much as a die's pips, a rank in two corners."""
    cw, ch = width * 0.72, width
    a = float(rng.uniform(0, 180))
    box = cv2.boxPoints(((c[0], c[1]), (cw, ch), a)).astype(np.float32)
    px, py = 180, 250
    card = np.full((py, px, 3), 238, np.uint8)
    cv2.rectangle(card, (0, 0), (px - 1, py - 1), (190, 190, 190), 2)
    rank = int(rng.choice(list(CARD_PIPS)))
    suit = int(rng.integers(3))
    colour = (30, 30, 180) if suit < 2 else (25, 25, 25)
    for u, v in CARD_PIPS[rank]:
        _suit(card, (px / 2 + u * px * 0.4, py / 2 + v * py * 0.4), px * 0.2, suit, colour)
    for x, y in ((8, 30), (px - 32, py - 12)):
        cv2.putText(card, str(rank), (x, y), cv2.FONT_HERSHEY_SIMPLEX, 0.9, colour, 2,
                    cv2.LINE_AA)
    src = np.array([[0, 0], [px - 1, 0], [px - 1, py - 1], [0, py - 1]], np.float32)
    mask = synth._rounded_mask(py, 0.05)[:, :px]
    mask[:, -int(py * 0.05):] = synth._rounded_mask(py, 0.05)[:, -int(py * 0.05):]
    _paste_rect(img, card, mask, box, src)


def _paste_rect(img, patch, mask, quad, src) -> None:
    H = cv2.getPerspectiveTransform(src, quad)
    h, w = img.shape[:2]
    wp = cv2.warpPerspective(patch, H, (w, h), flags=cv2.INTER_AREA)
    wm = cv2.warpPerspective(mask, H, (w, h)).astype(np.float32)[..., None] / 255
    img[:] = (img * (1 - wm) + wp * wm).astype(np.uint8)


def _gingham(rng, w: int, h: int, die: float) -> np.ndarray:
    """A checked cloth: bands of a colour across white, crossing darker, squares about
    as wide as a die, turned a little, with a weave's texture."""
    period = die * float(rng.uniform(0.6, 1.4))
    colour = np.array([(40, 40, 190), (150, 80, 30), (40, 120, 40), (35, 35, 35), (90, 40, 40)]
                      [int(rng.integers(5))], np.float32)
    white = np.array([235, 235, 235], np.float32)
    a = math.radians(float(rng.uniform(-20, 20)))
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    u = (xx * math.cos(a) + yy * math.sin(a)) / period
    v = (-xx * math.sin(a) + yy * math.cos(a)) / period
    band_u = (np.floor(u) % 2 == 0).astype(np.float32)
    band_v = (np.floor(v) % 2 == 0).astype(np.float32)
    strength = (band_u + band_v)[..., None] / 2  # 0 white, 0.5 a band, 1 both
    img = white * (1 - strength) + colour * strength
    weave = rng.normal(0, 1, (h, w)).astype(np.float32)
    img += cv2.GaussianBlur(weave, (0, 0), 0.7)[..., None] * 8
    return np.clip(img, 0, 255).astype(np.uint8)


def _coins(rng):
    s = float(rng.uniform(42, 70))
    coins = [(s * float(rng.uniform(0.8, 1.3)), _coin) for _ in range(int(rng.integers(2, 5)))]
    return _scene(rng, n=(2, 5), s=(s, s), things=coins)


def _cards(rng):
    s = float(rng.uniform(40, 60))
    cards = [(s * float(rng.uniform(3.0, 4.0)), _card)
             for _ in range(int(rng.integers(1, 3)))]
    return _scene(rng, n=(2, 5), s=(s, s), things=cards)


def _checked(rng):
    s = float(rng.uniform(42, 70))
    return _scene(rng, s=(s, s), table=_gingham(rng, 640, 480, s))


# ---- dice unlike the trained ones ---------------------------------------------------


def _symbol_patch(d: Die, px: int, shade: float, rng) -> np.ndarray:
    """A face with a printed numeral (numbered dice), or, on a die's 1 or 6, a maker's
    symbol in place of the pips; other faces as usual."""
    kind = (d.marble * 1000 + d.spread * 100) % 1  # per die, the same on every face
    if kind < 0.5 or d.value in (1, 6):
        blank = Die(1, d.face, d.centre, d.size, d.angle, pip_scale=0.0, marble=d.marble)
        patch = synth._face_patch(1, d.face, px, shade, blank, rng)  # a face, no pips
        r = px // 2
        colour = tuple(int(c) for c in (d.pip or synth.face_colours(d.face)[1]))
        if kind < 0.5:
            text = str(d.value)
            scale = px / 55
            (tw, th), _b = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, max(1, px // 25))
            cv2.putText(patch, text, (r - tw // 2, r + th // 2), cv2.FONT_HERSHEY_DUPLEX, scale,
                        colour, max(1, px // 25), cv2.LINE_AA)
            if d.value == 6:
                cv2.line(patch, (r - tw // 2, r + th // 2 + px // 14),
                         (r + tw // 2, r + th // 2 + px // 14), colour, max(1, px // 30))
        else:  # a star, a crest or a skull-like mark
            n = int(5 + (kind * 10) % 3)
            pts = [(r + (px * (0.32 if i % 2 == 0 else 0.14)) * math.cos(math.pi * i / n),
                    r + (px * (0.32 if i % 2 == 0 else 0.14)) * math.sin(math.pi * i / n))
                   for i in range(2 * n)]
            cv2.fillPoly(patch, [np.array(pts, np.int32)], colour, cv2.LINE_AA)
        return patch
    return synth._face_patch(d.value, d.face, px, shade, d, rng)


def _symbols(rng):
    return _scene(rng, patch=_symbol_patch)


def _glitter_patch(d: Die, px: int, shade: float, rng) -> np.ndarray:
    """A glittery die: specks of light and dark all over the face, pips as usual."""
    patch = synth._face_patch(d.value, d.face, px, shade, d, rng).astype(np.float32)
    specks = (rng.random((px, px)) < 0.04).astype(np.float32)
    specks = cv2.dilate(specks, np.ones((2, 2), np.uint8))
    sign = np.where(rng.random((px, px)) < 0.6, 1.0, -0.6).astype(np.float32)
    patch += (specks * sign * 110)[..., None]
    return np.clip(patch, 0, 255).astype(np.uint8)


def _glitter(rng):
    return _scene(rng, patch=_glitter_patch)


def _see_through_patch(d: Die, px: int, shade: float, rng) -> np.ndarray:
    """A see-through coloured die: the face pale and its far side's pips (the opposite
    face, mirrored, a little shifted) showing faintly between the near ones."""
    patch = synth._face_patch(d.value, d.face, px, shade, d, rng).astype(np.float32)
    far = np.zeros((px, px), np.float32)
    r = px / 2
    du, dv = rng.uniform(-0.12, 0.12, 2)
    for u, v in PIP_LAYOUT[7 - d.value]:
        cv2.circle(far, (int(r - (u * 0.8 + du) * r), int(r + (v * 0.8 + dv) * r)),
                   int(px * 0.07), 1.0, -1, cv2.LINE_AA)
    far = cv2.GaussianBlur(far, (0, 0), px * 0.02)[..., None] * float(rng.uniform(0.25, 0.45))
    pip = np.array(d.pip or synth.face_colours(d.face)[1], np.float32)
    patch = patch * (1 - far) + pip * far
    return np.clip(patch * 0.75 + 60, 0, 255).astype(np.uint8)  # pale: light through it


def _see_through(rng):
    return _scene(rng, patch=_see_through_patch)


# ---- dice lying awkwardly -----------------------------------------------------------


def _touching(rng):
    """Dice in rows and corners of two or three, face to face (gaps of 0-4%)."""
    w, h = 640, 480
    img = _table(rng, w, h)
    s = float(rng.uniform(40, 66))
    labels = []
    groups = _centres(rng, int(rng.integers(2, 4)), s * 2.2, w, h, apart=1.1)
    for g in groups:
        ang = float(rng.uniform(0, 90))
        a = math.radians(ang)
        steps = [(math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a))]
        cells = [(0, 0), (1, 0)] + ([(1, 1)] if rng.random() < 0.5 else [(2, 0)])
        cells = cells[: int(rng.integers(2, 4))]
        for i, j in cells:
            gap = s * float(rng.uniform(1.0, 1.04))
            c = (g[0] + gap * (i * steps[0][0] + j * steps[1][0] - 0.5 * steps[0][0]),
                 g[1] + gap * (i * steps[0][1] + j * steps[1][1] - 0.5 * steps[0][1]))
            if not (s < c[0] < w - s and s < c[1] < h - s):
                continue
            d = Die(int(rng.integers(1, 7)), str(rng.choice(FACES)), c, s,
                    ang + float(rng.uniform(-6, 6)))
            labels.append(_draw_die(img, synth.varied(d, rng), rng))
    return _finish(img, rng), labels


def _stacked(rng):
    """Dice on dice: one lying on another, off its centre, hiding half its top face or
    more (the lower die is labelled; reading what shows of it is no reading of it)."""
    w, h = 640, 480
    img = _table(rng, w, h)
    s = float(rng.uniform(42, 66))
    stacks = int(rng.integers(1, 3))
    spots = _centres(rng, stacks + int(rng.integers(1, 4)), s * 1.3, w, h)
    labels = []
    for k, c in enumerate(spots):
        d = synth.varied(Die(int(rng.integers(1, 7)), str(rng.choice(FACES)), c, s,
                             float(rng.uniform(0, 90))), rng)
        labels.append(_draw_die(img, d, rng))
        if k < stacks:
            a = rng.uniform(0, 2 * math.pi)
            off = s * float(rng.uniform(0.25, 0.5))
            top = (c[0] + off * math.cos(a), c[1] + off * math.sin(a))
            up = synth.varied(Die(int(rng.integers(1, 7)), str(rng.choice(FACES)), top, s * 1.06,
                                  float(rng.uniform(0, 90))), rng)
            labels.append(_draw_die(img, up, rng, tilt=float(rng.uniform(0, 12)),
                                    towards=float(rng.uniform(0, 360))))
    return _finish(img, rng), labels


def _tilted(rng):
    """Dice leaning on something (up to 30 degrees) so a side face's pips show."""
    return _scene(rng, tilt=(8.0, 30.0))


# ---- cameras unlike the trained one -------------------------------------------------


def _fisheye(rng):
    """A wide lens close by: dice 45-80 px, the frame barrel-distorted: the middle
    enlarged 1.25-1.45 times, the corners where they were, squeezed between."""
    img, labels = _scene(rng, s=(45, 80), n=(2, 6))
    h, w = img.shape[:2]
    k = float(rng.uniform(0.25, 0.45))  # source radius = r (1 + k r^2) / (1 + k)
    half = math.hypot(w, h) / 2
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = (xx - w / 2) / half, (yy - h / 2) / half
    f = (1 + k * (dx * dx + dy * dy)) / (1 + k)
    out = cv2.remap(img, (w / 2 + dx * f * half).astype(np.float32),
                    (h / 2 + dy * f * half).astype(np.float32), cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_REFLECT)

    def moved(x, y):  # where a point of the flat scene lands: r_u = r (1 + k r^2) / (1 + k)
        u, v = (x - w / 2) / half, (y - h / 2) / half
        ru = math.hypot(u, v)
        r = ru
        for _ in range(30):
            r = ru * (1 + k) / (1 + k * r * r)
        s = r / ru if ru else 1.0
        return w / 2 + u * s * half, h / 2 + v * s * half

    out_labels = []
    for lab in labels:
        x0, y0, x1, y1 = lab["bbox"]
        pts = [moved(x, y) for x in (x0, (x0 + x1) / 2, x1) for y in (y0, (y0 + y1) / 2, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out_labels.append({**lab, "bbox": [min(xs), min(ys), max(xs), max(ys)],
                           "centre": list(moved(*lab["centre"]))})
    return out, out_labels


def _glare(rng):
    """A close-up under a hard lamp: dice 55-110 px with strong shine, the frame
    over-exposed and blooming, so light runs into the pips."""
    w, h = 640, 480
    img = _table(rng, w, h)
    s = float(rng.uniform(55, 110))
    dice = _dice(rng, _centres(rng, int(rng.integers(2, 5)), s, w, h), s)
    labels = []
    for d in dice:
        d.glare = float(rng.uniform(0.6, 0.95))
        labels.append(_draw_die(img, d, rng))
    f = img.astype(np.float32) * float(rng.uniform(1.2, 1.6))
    bright = np.clip(f - 200, 0, None)
    f += cv2.GaussianBlur(bright, (0, 0), s * 0.08) * float(rng.uniform(0.5, 1.2))
    return _finish(np.clip(f, 0, 255).astype(np.uint8), rng), labels


_BUILDERS = {
    "coins": _coins, "cards": _cards, "gingham": _checked, "symbols": _symbols,
    "glitter": _glitter, "see-through": _see_through, "touching": _touching,
    "stacked": _stacked, "tilted": _tilted, "fisheye": _fisheye, "glare": _glare,
}
