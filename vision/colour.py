"""Face colour names with their odds, white-balanced by the dice's own pips.

A face's colour is measured against a white seen under the same light: the die's own
white pips, else (dark pips: the yellow faces, white dice) the median of the frame's
white pips. The lamp's colour, its dimness and the camera's white balance (pulled by a
red felt or a wooden tray) scale face and pips alike, so their ratio is the paint's
colour. Features (`features`): log blue/green, log red/green and the mean log lightness
of the face over that white. Each colour's reference is its paint over white pips
(vision.synth's faces) or, after calibration, what the dice at hand measured.
`odds` gives every name's probability (a Gaussian about each reference, SPREAD wide);
the pips' lightness weighs too: yellow faces carry dark pips, the other five white ones.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

#: white, ivory, red and green dice are no Charidice dice: named None
PLAIN = ("white", "ivory", "red", "green")
#: the spread of a colour's features about its reference (log blue/green, log red/green,
#: log lightness): what warm, cool, dim and mixed light on coloured felt leave of a face
#: white-balanced by its pips (measured on the development tables: 0.13-0.21, 0.10-0.18,
#: 0.08-0.11 per colour), widened so a face between two colours is asked about
SPREAD = np.array([0.25, 0.25, 0.16])
#: a face whose pips are of the other lightness than its colour's (a yellow face with
#: white pips) is this many spreads (squared) further from it: pips are seldom misjudged
#: (the lightest of an orange face on an orange tray), so it weighs, but does not rule
PIPS_AGAINST = 9.0
#: the paint's white, to which references are taken (vision.synth's white pips)
PAINT_WHITE = (245.0, 245.0, 245.0)
#: which pips a grey, orange or magenta die carries the rulebook does not say (white on
#: the stock dice, dark on some makers'): until a calibration has seen them, pips of the
#: other lightness weigh only this much against those colours
PIPS_OPEN, OPEN_PIPS = 2.0, ("grey", "orange", "magenta")
#: a face this far (squared spreads, its pips weighed) from every colour's reference
#: looks like none of them: "no colour" is as likely as its nearest colour there, and
#: likelier beyond, so a face under a light too odd is asked about, not named
NONE_BEYOND = 12.0
#: with no white in view to balance it by (no white pips, no white die), a face is
#: measured against the paint's white, the camera's own balance: the spread is this wide
NO_WHITE_WIDER = 1.6


def features(face_bgr, white_bgr) -> np.ndarray:
    """log B/G, log R/G and mean log lightness of a face over a white under the same light."""
    return _FEATURES @ _logs(face_bgr, white_bgr)


def _logs(face_bgr, white_bgr) -> np.ndarray:
    return np.log(np.maximum(np.asarray(face_bgr, np.float64), 1.0)
                  / np.maximum(np.asarray(white_bgr, np.float64), 1.0))


#: per-channel logs (log B, G, R over a white) -> features (log B/G, log R/G, lightness)
_FEATURES = np.array([[1.0, -1.0, 0.0], [0.0, -1.0, 1.0], [1 / 3, 1 / 3, 1 / 3]])
#: a face's channel darker than this (grey levels) is crushed where a camera's colour
#: matrix could have clipped it (`CLIPS_UNDER`): a matrix boosting saturation clips a
#: strong paint's weakest channel to 0 (a blue face's red, an orange or yellow face's
#: blue, a magenta face's green), and noise and JPEG leave it at a few levels, however
#: much of it the paint has. Against a paint's reference it says only "somewhere between
#: none and what such a matrix clips" (`measure`): as a value it put such faces 2-3 log
#: units beyond their colour, "no colour" every time (docs/vision-colour.md, "Crushed
#: channels"). At 12 a magenta's green in dim light (9-15, no matrix) was taken for
#: crushed, and the die named grey. Only a face's one dark channel is taken so: a face
#: dark in two (a navy die, blue alone lit) is a deep colour of its own (with two free
#: it passed for black), and one dark in every channel (a black die in dim light) is
#: measured as it is.
FLOOR = 8.0
#: ... a channel holding under this share of the face's mean light (linear): what a
#: matrix doubling saturation (a pixel's distance from its grey x 2) clips to 0. So
#: a yellow face whose blue is crushed may hold up to about half its green, never a
#: pale grey's
CLIPS_UNDER = 0.5

#: a channel this light (grey levels) is clipped at the top: the face's holds at least
#: what is measured, a white's likewise, so the face over its white may lie above (the
#: face's clipped) or below (the white's, where it is clipped in one or two channels: a
#: cast) what is measured, by up to CLIPPED_BY (log): a red cast clipping an orange
#: face's red and its white pips' red left it yellow
CEILING, CLIPPED_BY = 250.0, 0.7


#: the neutral colours: their paint has the white's proportions, so a camera's matrix
#: (linear, alike on every pixel) leaves a grey or black face k x its white, and never
#: crushes a channel of it that the white holds (`Measured.neutral_high`)
NEUTRAL = ("grey", "black")
#: a channel read under FLOOR where no matrix crushed it held at most this (grey levels):
#: noise and JPEG about a dark channel
NEUTRAL_DARK = 2 * FLOOR


@dataclass(frozen=True)
class Measured:
    """A face's log B, G, R over its white as measured (`value`), each known only to
    lie between `low` and `high`: equal to it but for a crushed channel (FLOOR,
    CLIPS_UNDER) and a clipped one (CEILING). `neutral_high`: the high bound for a
    neutral paint (NEUTRAL; None: `high`)."""

    value: np.ndarray
    low: np.ndarray
    high: np.ndarray
    neutral_high: np.ndarray | None = None

    def crushed(self) -> bool:
        """Whether a channel is crushed or clipped (known only between bounds)."""
        return bool(np.any(self.high > self.low))

    def features(self) -> np.ndarray:
        """As measured."""
        return _FEATURES @ self.value

    def shifted(self, shift) -> Measured:
        """The face with a cast (in features) taken out."""
        d = np.linalg.solve(_FEATURES, shift)
        return Measured(self.value - d, self.low - d, self.high - d,
                        None if self.neutral_high is None else self.neutral_high - d)

    def nearest(self, ref, spread, neutral: bool = False) -> np.ndarray:
        """The features this face's paint may have that lie nearest `ref` (in
        `spread`s): each bounded channel taken at whatever value within its bounds
        brings it nearest (one at a time, in turn: the distance is a bowl, so this
        settles on its lowest point within the bounds). `neutral`: `ref` is a neutral
        paint's (`neutral_high`)."""
        high = self.high if not neutral or self.neutral_high is None else self.neutral_high
        free = np.flatnonzero(high > self.low)
        logs = self.value.copy()
        if not free.size:
            return _FEATURES @ logs
        s = np.asarray(spread, np.float64)
        r = np.asarray(ref, np.float64)
        for _sweep in range(1 if free.size == 1 else 8):
            for c in free:
                a = _FEATURES[:, c] / s
                t = float(a @ ((r - _FEATURES @ logs) / s)) / float(a @ a)
                logs[c] = np.clip(logs[c] + t, self.low[c], high[c])
        return _FEATURES @ logs

    def stretch(self, ref, spread, neutral: bool = False) -> float:
        """How far (log, the largest channel) the face is taken within its bounds to lie
        nearest `ref` (`nearest`): 0 where nothing is bounded, or it lies so already."""
        logs = np.linalg.solve(_FEATURES, self.nearest(ref, spread, neutral))
        return float(np.abs(logs - self.value).max())

    def distance2(self, ref, spread, neutral: bool = False) -> float:
        """How far (squared spreads) the face lies from a reference at the nearest."""
        return float(np.sum(((self.nearest(ref, spread, neutral) - ref) / spread) ** 2))


def crushed_channels(face_bgr) -> np.ndarray:
    """Which channels of a face are dark (FLOOR) where a camera's matrix could have
    clipped them (CLIPS_UNDER)."""
    face = np.asarray(face_bgr, np.float64)
    clips = 255.0 * (CLIPS_UNDER * ((face / 255.0) ** 2.2).mean()) ** (1 / 2.2)
    return (face < FLOOR) & (clips > FLOOR)


def measure(face_bgr, white_bgr, clipped: bool = True, dark: int = 1,
            seen: bool = False) -> Measured:
    """A face over a white under the same light, a crushed channel and (`clipped`) one
    clipped at the top (the face's or the white's) as bounds. `dark`: up to how many
    dark channels of a face are taken as crushed (1: a face dark in two is a deep colour
    of its own, see FLOOR). `seen`: the white was seen under the face's very light (its
    own white pips), so a neutral paint's crushed channel is bounded by it
    (`Measured.neutral_high`)."""
    face = np.asarray(face_bgr, np.float64)
    white = np.asarray(white_bgr, np.float64)
    linear = (face / 255.0) ** 2.2
    clips = 255.0 * (CLIPS_UNDER * linear.mean()) ** (1 / 2.2)
    crushed = crushed_channels(face) & (np.sum(face < FLOOR) <= dark)
    value = _logs(face, white)
    # a crushed channel's few levels are noise and JPEG: the paint's may hold anything
    # from none (1 level) to what a matrix clips. Against a white of full channels the
    # lower end never matters; against one dark in that channel (pips a 2000 K lamp left
    # at (17, 176, 251)) an orange's blue at 4 over 17 (log -1.45) could not reach its paint's -2
    low = np.where(crushed, _logs(np.ones(3), white), value)
    high = np.where(crushed, _logs(np.full(3, clips), white), value)
    # a channel at the top holds at least what is measured, a white's at the top at
    # least its own: the face over it may be more, or less
    if clipped:
        # a white clipped in every channel is a bright light, not a cast: its tint is as
        # measured, and so is the face's lightness over it (as a bound it let a grey face
        # lie as dark as a black one, and named it so)
        white_clipped = white >= CEILING
        low = low - np.where(white_clipped & ~white_clipped.all(), CLIPPED_BY, 0.0)
        high = high + np.where(face >= CEILING, CLIPPED_BY, 0.0)
    # a grey or black face under the white's light is k x that white through the
    # camera's matrix, as every pixel is: its channel reads under FLOOR only as dark,
    # never crushed where the white's is not (a blue at (229, 110, 1) under white pips at
    # (254, 197, 123) could reach grey with its red "up to 109")
    neutral = (np.where(crushed, np.minimum(high, _logs(np.full(3, NEUTRAL_DARK), white)),
                        high) if seen else None)
    return Measured(value, low, high, neutral)


#: the grey's lightness over white and its spread, uncalibrated: the rulebook's dice are
#: "a light grey", which makers paint anywhere from mid grey (120 of 245) to pale (200),
#: and a pale grey is the lightest thing in its frame but the pips: log 0.85-0.2 below
#: white, about the middle of that, where the stock paint (125) lies at its dark end
GREY_LIGHTNESS, GREY_SPREAD = -0.45, 0.3
#: a black face's lightness over its white spreads as wide, calibrated or not: small white
#: pips blur into the black and look grey, so the white it is measured against is dim
#: (nell-byler's black dice, calibrated on one frame of the day: -1.2 to -2.1)
BLACK_SPREAD = 0.3


@functools.cache
def references() -> dict[str, np.ndarray]:
    """Each colour's stock features: its paint over white (vision.synth's faces), the
    grey's lightness GREY_LIGHTNESS."""
    from .synth import CHARIDICE_FACES, PLAIN_FACES

    refs = {name: features(face, PAINT_WHITE)
            for name, (face, _pip) in {**CHARIDICE_FACES, **PLAIN_FACES}.items()}
    refs["grey"][2] = GREY_LIGHTNESS
    return refs


def spreads(names, calibrated=()) -> np.ndarray:
    """The spread of each colour's features about its reference (rows as `names`): SPREAD,
    the grey's lightness GREY_SPREAD unless a calibration measured these dice's grey,
    the black's BLACK_SPREAD."""
    out = np.tile(SPREAD, (len(names), 1))
    for i, n in enumerate(names):
        if n == "grey" and n not in calibrated:
            out[i, 2] = GREY_SPREAD
        elif n == "black":
            out[i, 2] = BLACK_SPREAD
    return out


@functools.cache
def dark_pips(name: str) -> bool:
    """Whether faces of that colour carry dark pips (yellow and plain light dice)."""
    from .synth import CHARIDICE_FACES, PLAIN_FACES

    _face, pip = {**CHARIDICE_FACES, **PLAIN_FACES}[name]
    return sum(pip) < 300


#: pips are taken for white when their colour is this near grey (log blue/green and log
#: red/green): a tungsten lamp leaves white pips at up to -0.66 and 0.34 (0.5 here named
#: no white in a third of the warm and dim development tables); hobby dice's red
#: (1.1), gold (-1.6) and tinted translucent pips (-0.96) lie further out
NEUTRAL_WITHIN = 0.8
#: ... and a die's own white pips stand for its white only this near the frame's white
#: (two lamps over one table differ less; a pip tinted by its face more)
OWN_WITHIN = 0.3


def _tint(bgr) -> np.ndarray:
    b, g, r = np.log(np.maximum(np.asarray(bgr, np.float64), 1.0))
    return np.array([b - g, r - g])


def _white_pips(face) -> bool:
    return face.light_pips and float(np.abs(_tint(face.pip_bgr)).max()) <= NEUTRAL_WITHIN


def _lightness(bgr) -> float:
    return float(np.log(np.maximum(np.asarray(bgr, np.float64), 1.0)).mean())


def _at(bgr, lightness: float) -> np.ndarray:
    """A colour scaled to a lightness (mean log)."""
    return np.asarray(bgr, np.float64) * np.exp(lightness - _lightness(bgr))


#: a face with pips this much darker (grey levels) and no tint is a white die's: a white
WHITE_FACE_ABOVE_PIPS = 56


def light_of(frame: np.ndarray) -> float:
    """How light the frame's lightest things are (the mean log BGR of its lightest 0.5%,
    every 8th pixel of every 8th row): a white at least that light is in view."""
    px = frame[::8, ::8].reshape(-1, 3).astype(np.float64)
    grey = px.mean(axis=1)
    from .witness import median_rows, percentile  # numpy's numbers, without its machinery

    return _lightness(median_rows(px[grey >= percentile(grey, 99.5)]))


def frame_white(faces, frame_light: float | None = None,
                plain: bool = True) -> np.ndarray | None:
    """The frame's white: the median tint of its white pips and (`plain`: plain dice may
    be in play) white dice's faces, as light as the lightest quarter of them (small pips
    are blurred into their dark faces, and look grey; the lightest are the least
    blurred), or as the frame's lightest things (`light_of`) if they are lighter. None
    if there are none. Under a colour table (`plain` False) a light face with dark pips
    is a Charidice die's (a yellow's, or a maker's grey, orange or magenta), never a
    white: a yellow face under a cool lamp, taken for one, was the white its own face
    was measured against, and read grey 92% sure."""
    whites = [f.pip_bgr for f in faces if _white_pips(f)] + [
        f.face_bgr for f in faces if plain and f.pip_contrast <= -WHITE_FACE_ABOVE_PIPS
        and float(np.abs(_tint(f.face_bgr)).max()) <= NEUTRAL_WITHIN]
    if not whites:
        return None
    lightness = float(np.percentile([_lightness(w) for w in whites], 75))
    return _at(np.median(np.asarray(whites, np.float64), axis=0),
               lightness if frame_light is None else max(lightness, frame_light))


def pips_white(faces, frame_light: float | None = None) -> np.ndarray | None:
    """The frame's light pips whatever their tint (their median, as light as
    `frame_white` makes a white); None if none. Under a colour table every light pip is
    a Charidice die's white paint, so pips tinted past NEUTRAL_WITHIN alike are a white
    under the lamp and the camera (a 2000 K lamp and a matrix: (17, 191, 239)), as
    vision.calibrate.setup_white holds for the setup frame: where `frame_white` finds
    none, a second white beside the camera's own balance (vision.colour_doubt.weighed)."""
    pips = [f.pip_bgr for f in faces if f.light_pips]
    if not pips:
        return None
    lightness = float(np.percentile([_lightness(p) for p in pips], 75))
    return _at(np.median(np.asarray(pips, np.float64), axis=0),
               lightness if frame_light is None else max(lightness, frame_light))


def white_for(face, frame_white_bgr, kept=None) -> np.ndarray:
    """The white a face is measured against: the tint of its own white pips (where the
    light over it may differ from the frame's), else the frame's white, else the white a
    calibration saw under the table's light (`kept`, vision.calibrate's `white_in`: a
    throw of dark-pipped dice in dim light shows none), else the paint's white (the
    camera's own balance is trusted); as light as the lighter of its pips and the
    frame's white."""
    if frame_white_bgr is None:
        if _white_pips(face):
            return np.asarray(face.pip_bgr, np.float64)
        return np.asarray(PAINT_WHITE if kept is None else kept, np.float64)
    if own_white(face, frame_white_bgr):
        return _at(face.pip_bgr, max(_lightness(face.pip_bgr), _lightness(frame_white_bgr)))
    return frame_white_bgr


def own_white(face, frame_white_bgr) -> bool:
    """Whether a face is measured against its own white pips (`white_for`): white, and
    near the frame's white if there is one (OWN_WITHIN)."""
    return _white_pips(face) and (frame_white_bgr is None or float(np.abs(
        _tint(face.pip_bgr) - _tint(frame_white_bgr)).max()) <= OWN_WITHIN)


def measured(face, frame_white_bgr, clipped: bool = True, kept=None,
             dark: int = 1) -> Measured:
    """A face over its white (`white_for`), a crushed channel (`dark`: up to that many)
    and (`clipped`) one clipped at the top as bounds (`measure`); a neutral paint's
    bounded where the white is the face's own pips (`own_white`), white paint under its
    very light: not the frame's white (under two lamps the light over a die may be
    another: a grey with dark pips, its red crushed under a warmer lamp than the other
    dice's pips, was named blue by it), the camera's balance or a kept white."""
    return measure(face.face_bgr, white_for(face, frame_white_bgr, kept), clipped, dark,
                   own_white(face, frame_white_bgr))


def pips_against(name: str, light_pips: bool, dark: dict[str, bool] | None = None) -> float:
    """How much (squared spreads) a face's pips of that lightness weigh against a colour:
    PIPS_AGAINST where its pips are known (stock, or seen by a calibration: `dark`, name
    -> dark pips), PIPS_OPEN for the colours whose pips makers differ on."""
    if dark and name in dark:
        return PIPS_AGAINST if dark[name] == light_pips else 0.0
    if dark_pips(name) != light_pips:
        return 0.0
    return PIPS_OPEN if name in OPEN_PIPS else PIPS_AGAINST


def odds(face, frame_white_bgr, refs, dark: dict[str, bool] | None = None,
         plain: bool = True, shift=None, kept=None,
         neutral: bool = False) -> dict[str | None, float]:
    """Probability of each Charidice colour name for a face, and of None (a plain die, or
    none near: NONE_BEYOND), given the colours' references (`references`, or a
    calibration's) and, where a calibration saw them, their pips (`dark`). `plain`
    False: no plain die is in play (a Charidice game's), so a grey die with dark pips
    is not taken for a white one in dim light. `shift`: a cast to take out of the face's
    features first (vision.colour_doubt.frame_shift); `kept`: a calibration's white,
    for a frame with none in view (`white_for`); `neutral`: a crushed channel bounded
    for grey and black as a neutral paint's (`Measured.neutral_high`)."""
    m = measured(face, frame_white_bgr, kept=kept)
    if shift is not None:
        m = m.shifted(shift)
    names = [n for n in refs if plain or n not in PLAIN]
    spread = spreads(names, dark or ()) * (
        NO_WHITE_WIDER if frame_white_bgr is None and not _white_pips(face) else 1.0)
    # a plain die's colour against the face as measured: a yellow face whose blue is
    # crushed may hold as much blue as an ivory die, which it is not
    x = m.features()
    d2 = np.array([float(np.sum(((x - refs[n]) / s) ** 2)) if n in PLAIN
                   else m.distance2(refs[n], s, neutral and n in NEUTRAL)
                   for n, s in zip(names, spread)])
    d2 += np.array([pips_against(n, face.light_pips, dark) for n in names])
    low = min(float(d2.min()), NONE_BEYOND)
    w = np.exp(-0.5 * (d2 - low))
    none = float(np.exp(-0.5 * (NONE_BEYOND - low)))
    total = float(w.sum()) + none
    out: dict[str | None, float] = {None: none / total}
    for name, p in zip(names, (w / total).tolist()):
        key = None if name in PLAIN else name
        out[key] = out.get(key, 0.0) + p
    return out


def named(faces, calibration=None, frame_light: float | None = None, plain: bool = True,
          shift=None, kept=None, neutral: bool = False) -> list[dict[str | None, float]]:
    """`odds` for every face of one frame (they share its white; `frame_light`:
    `light_of` the frame; `plain`: whether plain dice may be in play; `shift`: a cast
    to take out of every face; `kept`: the white for a frame with none in view where
    the calibration keeps none, `pips_white`; `neutral`: as `odds`)."""
    white = frame_white(faces, frame_light, plain)
    refs = references() if calibration is None else calibration.references(references())
    dark = None if calibration is None else calibration.dark_pips()
    kept = kept_white(calibration, frame_light, kept)
    return [odds(f, white, refs, dark, plain, shift, kept, neutral) for f in faces]


def kept_white(calibration=None, frame_light: float | None = None, other=None):
    """The white for a frame with none in view (`white_for`'s `kept`): the calibration's
    (`white_in`), else `other`; None: the camera's own balance."""
    kept = None if calibration is None else calibration.white_in(frame_light)
    return other if kept is None else kept


#: the ring about a die whose colour is its felt's (`surroundings`): from this to that
#: many times its box from its centre (a die's side faces lie within 0.75)
RING = (0.85, 1.25)


def surroundings(frame: np.ndarray, faces) -> list[np.ndarray]:
    """The median BGR of the table in a ring about each die (RING)."""
    h, w = frame.shape[:2]
    out = []
    for f in faces:
        (cx, cy), s = f.centre, f.size
        r = int(s * RING[1])
        x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
        patch = frame[y0:min(h, int(cy) + r + 1), x0:min(w, int(cx) + r + 1)]
        yy, xx = np.mgrid[y0:y0 + patch.shape[0], x0:x0 + patch.shape[1]]
        d = np.hypot(xx - cx, yy - cy)
        ring = patch[(d >= RING[0] * s) & (d <= RING[1] * s)]
        out.append(np.median(ring.reshape(-1, 3), axis=0).astype(np.float32) if ring.size
                   else np.asarray(f.face_bgr, np.float32))
    return out


def best(p: dict[str | None, float]) -> str | None:
    return max(p, key=lambda k: p[k])
