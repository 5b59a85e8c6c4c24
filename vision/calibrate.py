"""Calibration of face colours to the dice at hand, from one frame at game setup.

The setup frame: the six Charidice dice showing their 1s (every colour once; any other
value all six show works too). `calibrate(frame)` reads them (`setup_faces`: one or two
dice the face net turned down are found among the finder's candidates), finds which die
is which colour (the one way of giving the six colours to the six dice that fits the
stock references best; where another way fits nearly as well, or a die is far from every colour, the
frame is taken in part: only the dice every near way names alike are learnt, the other
colours left to the look of the dice left out under the likeliest names, else to the stock
references moved by the setup's cast; not learnt, asked where unsure), and keeps what each learnt
colour looks like on these dice, white-balanced by their pips (vision.colour.features).
Those features then stand in for the colours' stock references. Because they are taken
against the pips' white, they hold under another lamp: a calibration is kept on disk
(`save`, `load`) for the next games, and redone on request. The setup frame's white is
kept with them (`Calibration.white_in`): a throw with no white in view (dark-pipped dice
in dim light) is measured against it rather than against the camera's own balance. A
setup whose light pips a lamp and a camera tinted far past white is learnt over them all
the same, but for that lamp only (`Calibration.lamp_only`, `Calibration.under`).

`calibrate(frame, known)` takes the colours' names instead, in reading order (top to
bottom, then left to right; dice laid in one row, left to right however crooked:
`named_order`), for a frame of any faces of known colours: the player's way out of a
setup whose colours could not be told apart (`ColoursUntold`), a row of the six dice
laid in an order the game shows.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .reading import COLOURS

#: names given (`calibrate(frame, known)`) are refused when another order of them fits
#: better by more than this (sum of squared spreads, vision.colour.SPREAD)
AMBIGUOUS_WITHIN = 4.0
#: the setup frame's way of naming the dice is refused when another way fits within
#: this of it: two dice alike in colour. 4 (odds of e^2) until issue 35's fourth part:
#: on hard development setups (seeds 2800-6990) it took one with orange and yellow
#: swapped, their paints as alike as the maker's jitter allows (the orange face the
#: yellower in every feature), by 4.99; right ways of those dice beat the next by 4.2-7
SETUP_MARGIN = 6.0
#: ... or within this share of the best way's own cost: a frame that the stock colours
#: under one cast fit badly (a camera's matrix crushing channels, a cast clipping the
#: pips) tells them apart less than its squared spreads say. On 400 hard development
#: setups (seeds 2000-2790) the ways taken wrong beat the next by at most 0.097 of their
#: cost (a blue whose red was crushed taken for magenta, and the magenta for blue); the
#: right ones it refuses lay at 0.08-0.15 (6 of the 400)
MISFIT_SHARE = 0.12
#: ... or when a die lies further than this (squared spreads) from its colour's stock
#: reference once the cast is out: no Charidice die, or a light too odd to learn from.
#: 60 until the hard tables had a camera matrix: on 40 development tables per light, the
#: one setup taken with colours swapped (a red cast clipping the white pips' red)
#: fitted worst of the 137 taken (57.4); 50 refuses it and one right one (56.6). With
#: MISFIT_SHARE, 200 took 6 more right setups of 400 and none swapped, but it was not
#: judged on setups set aside: left at 50
TOO_FAR = 50.0
#: a setup frame some of whose dice cannot be told apart (TOO_FAR, the margins) is taken
#: in part where at least this many can: their colours learnt, the others' left at the
#: stock references moved by the setup's cast (`Calibration.cast`; asked when unsure, as
#: uncalibrated: `Calibration.doubted`), and the frame's white kept
LEARNT_AT_LEAST = 3
#: ... or, where it would be refused so, this many (`setup_names`: named again with this
#: least): of the 2400 hard development setups, 62 refused for their colours (like no
#: colour 46, two ways alike 11, the order check 5) are told so with two dice, right on
#: 60 (mostly the black and the blue); the other two a magenta learnt from the orange
#: die, the magenta die left out lying on it: told with two, a die left out that looks
#: like a colour learnt (`_like_a_learnt`) keeps the frame refused (setup27: 57 taken,
#: every one right; the guard refuses those two and three right ones)
LEARNT_IF_REFUSED = 2
#: ... or, where every way before refuses it, one die told surely alone (`_one_told`,
#: `setup_names`' last way): of the 1600 plain hard development setups (plain37), 64
#: were refused "like no Charidice colour", their faces clipped or crushed by the light
#: (the best way of the six right on 21); named alone, 17 end with exactly one die
#: told (the black in 11), right in all 17 where no die left out looks like it; through a
#: camera a magenta or an orange so told was wrong on 4 of 14, a black or a blue on none
#: of 232: learnt so only where it is one of these (`ALONE_AT_LAST`)
LEARNT_AT_LAST = 1
ALONE_AT_LAST = ("black", "blue")
#: the file's format
VERSION = 1
#: dice lie in one row (`named_order`) where no centre is further than this share of the
#: dice's median size from the straight line through them, and that line runs more
#: across than down
ROW_WITHIN = 0.5


class ColoursUntold(ValueError):
    """The setup frame shows the six dice, but which is which colour could not be told
    (a die like no colour, two ways alike): the players can name them instead, laid in
    a row in a known order (`calibrate(frame, known)`). A frame not showing the six
    dice, or no white, is a `Refused`: names would not help."""


class Refused(ValueError):
    """A calibration frame, or the names given with it, refused: str() says why whole (the
    command line); `short` says it in the few words a small screen shows for a few
    seconds, as the table asks (its names are a row the players laid)."""

    def __init__(self, whole: str, short: str):
        super().__init__(whole)
        self.short = short


@dataclass(frozen=True)
class Calibration:
    """What each colour shown looks like on the dice at hand: (name, features)."""

    seen: tuple[tuple[str, tuple[float, float, float]], ...] = ()
    #: (name, whether its pips were dark) for the colours shown: makers differ on them
    pips: tuple[tuple[str, bool], ...] = ()
    #: the setup frame's white (BGR, as `vision.colour.frame_white` gave it): the table's
    #: light, for a throw with no white in view (None: kept before whites were)
    white: tuple[float, float, float] | None = None
    #: taken in part: the setup's cast (a shift of features, `_cast`), by which the
    #: colours not learnt are expected off their stock references (None: whole)
    cast: tuple[float, float, float] | None = None
    #: taken over light pips tinted past TINTED_WITHIN (`lamp_only`): it holds only in
    #: frames that show no white either, under the setup's lamp (`under`)
    lamp_only: bool = False
    #: taken in part: what the dice left out look like, named the likeliest way
    #: (`_guessed`): they stand for those colours' references, not learnt (`colours`,
    #: `doubted`: a die named so is asked where the uncalibrated naming differs)
    guessed: tuple[tuple[str, tuple[float, float, float]], ...] = ()

    def colours(self) -> tuple[str, ...]:
        """The colours learnt (a setup frame taken in part learns some of the six)."""
        return tuple(name for name, _x in self.seen)

    def doubted(self, named, uncalibrated, values) -> list[tuple[str | None, float]]:
        """Each die's (colour, sureness) under this calibration (`named`), where it is
        taken in part: a die named a colour it did not learn as sure as the lesser of
        that and the uncalibrated naming (`uncalibrated`), asked (DISAGREE) where that
        names it otherwise. The colours learnt no longer compete with the stock ones as
        they did uncalibrated: three orange dice under a green cast, named yellow 89%
        uncalibrated (grey 10%: asked), were named yellow 96-98% sure with the grey
        learnt and orange not. So a die asked about under a colour learnt, which the
        uncalibrated naming gives a colour not learnt (and no other die of its value,
        `values`), takes that name, asked: the colours left out are those the setup's
        light made unlike their stock, and a learnt grey drew their faded dice (hard
        development tables, 32 per light: of such dice the uncalibrated name was right
        on 22, the calibrated on 4)."""
        from .colour_doubt import DISAGREE
        from .reading import CONFIRM_BELOW

        learnt = set(self.colours())
        out = [(n, p) if n in learnt else (n, min(p, q) if m == n else min(p, DISAGREE))
               for (n, p), (m, q) in zip(named, uncalibrated)]
        for i, ((n, p), (m, _q)) in enumerate(zip(out, uncalibrated)):
            if (n in learnt and p < CONFIRM_BELOW and m is not None and m not in learnt
                    and not any(j != i and values[j] == values[i] and k == m
                                for j, (k, _p) in enumerate(out))):
                out[i] = (m, min(p, DISAGREE))
        return out

    def under(self, faces, frame_light: float | None = None, plain: bool = False):
        """This calibration for a frame of these faces, or None (read uncalibrated) where
        it holds under its setup's lamp only (`lamp_only`) and the frame shows a white of
        its own (`vision.colour.frame_white`): another lamp. Learnt over pips a lamp and a
        camera tinted far past white, the colours are that lamp's: on six such hard
        development tables, thrown under a neutral lamp, they named 77.7% right (3 sure
        mistakes in 103 dice) where uncalibrated named 88.4%."""
        from .colour import frame_white

        if self.lamp_only and frame_white(faces, frame_light, plain) is not None:
            return None
        return self

    def references(self, refs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        """The colour references with the colours shown replaced by what they measured,
        and the Charidice colours not shown moved by the setup's cast (`cast`), or, where
        the setup's dice left out were named the likeliest way, by what those measured
        (`guessed`)."""
        moved = {} if self.cast is None else {
            name: refs[name] + np.asarray(self.cast) for name in COLOURS}
        return {**refs, **moved, **{name: np.asarray(x) for name, x in self.guessed},
                **{name: np.asarray(x) for name, x in self.seen}}

    def dark_pips(self) -> dict[str, bool]:
        """Colour name -> whether these dice's faces of it carry dark pips (those shown)."""
        return dict(self.pips)

    def white_in(self, frame_light: float | None = None) -> np.ndarray | None:
        """The white seen at setup, for a frame with none in view: as light as the
        frame's lightest things (`vision.colour.light_of`) where they are lighter (the
        camera's exposure may have changed); None if none was kept."""
        from .colour import _at, _lightness

        if self.white is None:
            return None
        if frame_light is None:
            return np.asarray(self.white, np.float64)
        return _at(self.white, max(_lightness(self.white), frame_light))

    def to_json(self) -> dict:
        out = {"version": VERSION,
               "colours": {name: [round(v, 4) for v in x] for name, x in self.seen}}
        if self.pips:
            out["dark pips"] = [name for name, dark in self.pips if dark]
        if self.white is not None:
            out["white"] = [round(v, 2) for v in self.white]
        if self.cast is not None:
            out["cast"] = [round(v, 4) for v in self.cast]
        if self.lamp_only:
            out["lamp only"] = True
        if self.guessed:
            out["guessed"] = {name: [round(v, 4) for v in x] for name, x in self.guessed}
        return out

    @classmethod
    def from_json(cls, data) -> Calibration:
        """Refuse, saying what is wrong, anything but a calibration's JSON."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError(f"not a colour calibration of version {VERSION}")
        colours = data.get("colours")
        if not isinstance(colours, dict) or not colours:
            raise ValueError("a colour calibration needs its colours")
        seen = []
        for name, x in colours.items():
            if name not in COLOURS:
                raise ValueError(f"unknown colour {name!r} in the colour calibration")
            if (not isinstance(x, list) or len(x) != 3
                    or not all(isinstance(v, (int, float)) and np.isfinite(v) for v in x)):
                raise ValueError(f"colour {name!r} needs three numbers in the calibration")
            seen.append((name, tuple(float(v) for v in x)))
        white = data.get("white")  # absent in files written before the white was kept
        if white is not None and (
                not isinstance(white, list) or len(white) != 3
                or not all(isinstance(v, (int, float)) and np.isfinite(v) and v > 0
                           for v in white)):
            raise ValueError("the calibration's white needs three positive numbers")
        white = None if white is None else tuple(float(v) for v in white)
        cast = data.get("cast")  # kept by a calibration taken in part only
        if cast is not None and (
                not isinstance(cast, list) or len(cast) != 3
                or not all(isinstance(v, (int, float)) and np.isfinite(v) for v in cast)):
            raise ValueError("the calibration's cast needs three numbers")
        cast = None if cast is None else tuple(float(v) for v in cast)
        lamp_only = data.get("lamp only", False)  # written by setups tinted past white only
        if not isinstance(lamp_only, bool):
            raise ValueError("the calibration's 'lamp only' must be true or false")
        guessed = data.get("guessed", {})  # written by setups taken in part only
        if not isinstance(guessed, dict) or any(
                name not in COLOURS or name in colours or not isinstance(x, list)
                or len(x) != 3 or not all(isinstance(v, (int, float)) and np.isfinite(v)
                                          for v in x) for name, x in guessed.items()):
            raise ValueError("the calibration's guessed colours need three numbers each,"
                             " for colours it did not learn")
        guessed = tuple((name, tuple(float(v) for v in x)) for name, x in guessed.items())
        dark = data.get("dark pips")  # absent in files written before pips were kept
        if dark is None:
            return cls(tuple(seen), white=white, cast=cast, lamp_only=lamp_only,
                       guessed=guessed)
        if not isinstance(dark, list) or not set(dark) <= set(colours):
            raise ValueError("the calibration's dark pips must name colours it has")
        return cls(tuple(seen), tuple((name, name in dark) for name, _x in seen), white, cast,
                   lamp_only, guessed)


def save(calibration: Calibration, path: str | os.PathLike) -> None:
    """Write the calibration (JSON) whole or not at all: a half-written file from a
    power cut must not pass for one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(calibration.to_json(), indent=1) + "\n")
    os.replace(tmp, path)


def load(path: str | os.PathLike) -> Calibration | None:
    """The calibration kept at `path`; None if there is none yet. A file that is not
    one raises ValueError naming the file and what to do (calibrate again)."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        return Calibration.from_json(json.loads(path.read_text()))
    except (ValueError, OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"the colour calibration in {path} cannot be read ({exc});"
                         " calibrate again to replace it") from exc


def calibrate(frame: np.ndarray, known: list[str] | None = None) -> Calibration:
    """Calibrate from a frame of Charidice dice: with `known`, their colour names in
    reading order; without, the setup frame of six dice of six colours (their 1s)."""
    from . import colour
    from .reader import read_faces

    faces = (named_order(read_faces(frame, also=False)) if known is not None
             else setup_faces(frame))
    want = len(known) if known is not None else len(COLOURS)
    if len(faces) != want:
        seen = {0: "no dice", 1: "1 die"}.get(len(faces), f"{len(faces)} dice")
        if known is None:
            raise Refused(f"the calibration frame shows {seen}: show the camera the six"
                          " dice, each with its 1 up, apart from each other",
                          f"The camera sees {seen}: show the six, 1s up, apart")
        given = "1 name was" if len(known) == 1 else f"{len(known)} names were"
        raise Refused(f"calibration frame shows {seen} but {given} given"
                      " (one per die, in reading order)",
                      f"The camera sees {seen}, not {len(known)}: lay them in the row")
    if known is not None:
        unknown = sorted(set(known) - set(COLOURS))
        if unknown:
            raise ValueError(f"calibration needs faces named from {', '.join(COLOURS)}"
                             f"; unknown: {', '.join(unknown)}")
        return fitted(faces, list(known), colour.light_of(frame))
    return fitted(faces, setup_names(faces, colour.light_of(frame)), colour.light_of(frame))


def in_a_row(faces: list) -> bool:
    """Whether the faces (three or more) lie in one row: every centre within ROW_WITHIN
    of the straight line through them, the line more across than down."""
    if len(faces) < 3:
        return False
    at = np.array([f.centre for f in faces], np.float64)
    centred = at - at.mean(axis=0)
    _s, _v, (along, across) = np.linalg.svd(centred, full_matrices=False)
    size = float(np.median([f.size for f in faces]))
    return (abs(along[0]) >= abs(along[1])
            and float(np.abs(centred @ across).max()) <= ROW_WITHIN * size)


def named_order(faces: list) -> list:
    """The faces in the order their names are given: dice laid in one row (every centre
    within ROW_WITHIN of the line through them, the line more across than down) left to
    right, however crooked the row; else reading order (as `reader.read_faces` gives
    them). Reading order starts a new row half a die lower than a row's first: a row
    rising to the right, or with a die a third of a size off its line, is broken there,
    and the names given left to right would go to other dice."""
    return sorted(faces, key=lambda f: f.centre[0]) if in_a_row(faces) else faces


#: the dice missing (`setup_faces`) are finder's candidates this near the read dice's
#: median size (reader.NARROW, its inverse): dice of the same set, not specks or a tray
ALIKE_WITHIN = 0.7
#: ... found so where no more than this many of the six are missing
MISSING_AT_MOST = 2
#: ... among the finder's peaks this strong, where its usual ones (net.PEAK_MIN) are not
#: the dice missing: a pale grey whose face the finder too barely tells from the felt
#: peaks at 0.11-0.23 (5 of 800 hard development setups); in those frames, and three
#: more looked at, no other peak off the dice reached 0.09
WEAK_PEAK = 0.1
#: ... or, where neither look gives as many as are missing, its usual peaks down to this
#: share of the median size that show a light pip (NARROW_PIP_ABOVE): a black 1 in dim
#: light, whose dark face the finder barely tells from the felt, sized by its white pip
#: and the face around it at 0.50-0.66 (the five dice missing of 800 hard development
#: setups that read five; over those 800 frames the finder offered no candidate off the
#: dice at 0.5 of the median or more)
NARROW_AT_LEAST = 0.5
#: ... a pip this much lighter than the face (grey levels, `reader.face_colour`): the five
#: blacks' 61-88; bare felt's noise, split in two by lightness, 8-10 at the 99th
#: percentile and 39 at the most (16000 points off the dice of those 800 frames)
NARROW_PIP_ABOVE = 50.0
#: a setup's face seen narrower than this of the faces' median size is measured again at
#: that size (`_at_their_size`): the three blacks taken for greys through the camera on
#: 4000 development setups were seen at 0.50-0.72 of it
SEEN_NARROW = 0.8


def setup_faces(frame: np.ndarray) -> list:
    """The setup frame's faces in reading order: as read, or, where one or two of the
    six are not read, the read ones and the finder's other candidates alike in size, one
    per die, where they are as many as the dice missing (its usual ones, else its weaker
    peaks: WEAK_PEAK, else its usual ones down to NARROW_AT_LEAST that show a light pip),
    taken for their 1s. The face net turns down a pale grey 1 whose
    white pip is barely lighter than its face (on 20 of 200 hard development setups, 16
    of them a grey, 3 a black in dim light), and sometimes two dice of a frame: the
    finder sees them, and six dice are known to be there. A die of 90 px or more the
    finder sees twice, at full and at half size (two candidates within half a die of
    each other): one die. The candidates' colours are then weighed as any die's: where
    one is no die, it is far from every colour left, and is not learnt."""
    from . import net
    from .reader import Face, face_colour, read_faces, reading_order

    faces = read_faces(frame, also=False)  # without the second face net: its own way
    missing = len(COLOURS) - len(faces)
    if not 0 < missing <= MISSING_AT_MOST:
        return _at_their_size(frame, faces)
    for peak, least in ((net.PEAK_MIN, ALIKE_WITHIN), (WEAK_PEAK, ALIKE_WITHIN),
                        (net.PEAK_MIN, NARROW_AT_LEAST)):
        found = _other_dice(frame, faces, net.find_dice(frame, peak), least)
        if len(found) == missing:
            return _at_their_size(frame, reading_order([*faces, *(
                Face(1, (c.cx, c.cy), c.size, 0.0, *face_colour(frame, c.cx, c.cy, c.size))
                for c in found)]))
    return _at_their_size(frame, faces)


def _at_their_size(frame: np.ndarray, faces: list) -> list:
    """The setup's faces, those seen narrower than SEEN_NARROW of their median size
    measured again (`reader.face_colour`) at that median, about their own centre. The
    dice of a set are one size, and a die seen narrow is mostly a dark one (a black 1 in
    dim light, the finder's box about little more than its white pip): its colour disc
    then lies mostly on the 1's large pip, which, the larger part, is taken for the face,
    the black face for dark pips, and the black passes for a dark-pipped grey (through
    the camera on 3 of 4000 development setups, the grey then taken for black)."""
    from dataclasses import replace

    from .reader import face_colour

    if len(faces) < 2:
        return faces
    size = float(np.median([f.size for f in faces]))
    return [replace(f, **dict(zip(("face_bgr", "pip_bgr", "light_pips", "pip_contrast"),
                                  face_colour(frame, *f.centre, size))))
            if f.size < SEEN_NARROW * size else f for f in faces]


def _other_dice(frame: np.ndarray, faces: list, candidates: list,
                least: float = ALIKE_WITHIN) -> list:
    """The finder's candidates off the read faces, alike in size to them (ALIKE_WITHIN;
    down to `least` of their median where a candidate shows a light pip, `_pip_shows`),
    not cut by the frame's edge by more than reader.CUT, one per die (the strongest of
    those within half a die of each other)."""
    from .reader import CUT, on_the_same_die

    size = float(np.median([f.size for f in faces]))
    (h, w), r = frame.shape[:2], 0.5 - CUT
    others: list = []
    for c in sorted(candidates, key=lambda c: -c.score):
        if (not any(on_the_same_die(c, f) for f in faces)
                and least <= c.size / size <= 1 / ALIKE_WITHIN
                and (c.size / size >= ALIKE_WITHIN or _pip_shows(frame, c))
                and min(c.cx, c.cy, w - c.cx, h - c.cy) >= r * c.size
                and not any(np.hypot(c.cx - o.cx, c.cy - o.cy) < 0.5 * min(c.size, o.size)
                            for o in others)):
            others.append(c)
    return others


def _pip_shows(frame: np.ndarray, c) -> bool:
    """Whether the finder's candidate `c` shows a light pip NARROW_PIP_ABOVE over its face
    (a 1's white pip): a speck of felt, its noise split by lightness, has none."""
    from .reader import face_colour

    _face, _pip, light, contrast = face_colour(frame, c.cx, c.cy, c.size)
    return light and contrast >= NARROW_PIP_ABOVE


def setup_names(faces, frame_light: float | None = None) -> list[str | None]:
    """The colour of each of the setup frame's six faces (as `setup_faces` gives them),
    None for a die not told apart surely (the frame taken in part: `_six_colours`), or
    ColoursUntold saying why they cannot be told. Where it would be refused for its
    colours, it is named again with LEARNT_IF_REFUSED as the least told (two): taken so
    unless a die left out looks like a colour learnt (`_like_a_learnt`); every setup
    taken with three or more is named as before. Where that too refuses it, a setup
    whose dice in doubt are "either way" (no die far) is taken with the others named
    alone once (`_either_way`); where that too refuses it, one die told surely alone is
    learnt (`_one_told`)."""
    x, light_pips = measured(faces, frame_light), [f.light_pips for f in faces]
    try:
        return _in_order(faces, _six_colours(x, light_pips))
    except ColoursUntold as first:
        try:
            names = _six_colours(x, light_pips, LEARNT_IF_REFUSED)
            if (sum(n is not None for n in names) < LEARNT_AT_LEAST
                    and _like_a_learnt(x, light_pips, names)):
                raise first
            return _in_order(faces, names, LEARNT_IF_REFUSED)
        except ColoursUntold:
            either = _either_way(x, light_pips)
            if either is not None:
                return _in_order(faces, either)
            one = _one_told(x, light_pips)
            if one is None:
                raise
            return _in_order(faces, one, LEARNT_AT_LAST)


#: pairs of colours whose faces one log ratio of their channels (B, G, R: log(c + 1))
#: orders alike on (nearly) every hard development setup, under any lamp and camera: a
#: cast multiplies a channel of every die of the frame alike, so it moves no die's
#: ratio past another's. (a, b, (i, j)): a's log channel i over channel j exceeds b's.
#: Over the 2388 of 2400 hard development setups showing the six (setup19), the order
#: ran the other way by OUT_OF_ORDER or more on 0.7% at the most (magenta over yellow)
IN_ORDER = (
    ("blue", "orange", (0, 2)), ("blue", "yellow", (0, 2)), ("black", "orange", (0, 2)),
    ("blue", "black", (0, 2)), ("black", "yellow", (0, 2)), ("blue", "grey", (0, 2)),
    ("grey", "orange", (0, 2)), ("magenta", "blue", (2, 1)), ("magenta", "black", (2, 1)),
    ("magenta", "grey", (2, 1)), ("magenta", "yellow", (2, 1)), ("orange", "yellow", (2, 1)),
    ("grey", "yellow", (0, 1)), ("magenta", "orange", (0, 1)),
)
#: ... a pair of dice named so whose ratios run the other way by this much (log) is out
#: of order: the fit of the stock colours named them, but their own colours say
#: otherwise (a magenta whose green a camera's matrix crushed fitted orange better than
#: its own colour, the orange, its blue crushed, magenta)
OUT_OF_ORDER = 0.3


def _out_of_order(face_a, a: str, face_b, b: str) -> bool:
    """Whether face_a named a and face_b named b run against IN_ORDER: not where both
    faces have one of the ratio's channels crushed (`colour.crushed_channels`), which
    says nothing of their order (a magenta and a black, both with red at 2)."""
    from .colour import crushed_channels

    for first, second, (i, j) in IN_ORDER:
        if {a, b} == {first, second}:
            both = crushed_channels(face_a.face_bgr) & crushed_channels(face_b.face_bgr)
            if both[i] or both[j]:
                return False
            la = np.log(np.asarray(face_a.face_bgr, np.float64) + 1)
            lb = np.log(np.asarray(face_b.face_bgr, np.float64) + 1)
            d = (la[i] - la[j]) - (lb[i] - lb[j])
            return (d if a == first else -d) <= -OUT_OF_ORDER
    return False


def _in_order(faces, names: list[str | None], least: int = LEARNT_AT_LEAST
              ) -> list[str | None]:
    """The setup's names (`_six_colours`) less the dice out of order (IN_ORDER): two
    dice named whose own colours order them the other way are both left out, and a
    die named whose colour orders it the other way against a die left out under every
    colour not named (whatever that die is, the name is wrong) is left out, again while
    any is; ColoursUntold where fewer than `least` (LEARNT_AT_LEAST) are left named. On the 2400
    hard development setups (setup19) 15 of the 20 taken with colours swapped ran so (9
    of the 11 magentas learnt as orange), and 2 of the 2164 taken right (one taken whole
    now in part, one refused, whose row is taken)."""
    told = {i: n for i, n in enumerate(names) if n is not None}
    while True:
        open_ = [c for c in COLOURS if c not in told.values()]
        bad: set[int] = set()
        for i, a in told.items():
            for j in range(len(faces)):
                if j == i:
                    continue
                if j in told:
                    if _out_of_order(faces[i], a, faces[j], told[j]):
                        bad |= {i, j}
                elif open_ and all(_out_of_order(faces[i], a, faces[j], b) for b in open_):
                    bad.add(i)
        if not bad:
            break
        told = {i: n for i, n in told.items() if i not in bad}
    if len(told) < least:
        raise ColoursUntold(
            f"dice {', '.join(str(i + 1) for i in range(len(faces)) if i not in told)} (in"
            " reading order) look like other colours than the best fit names them: light"
            " the dice better and calibrate again")
    return [told.get(i) for i in range(len(faces))]


def measured(faces, frame_light: float | None = None) -> list:
    """Each face's colour (`vision.colour.Measured`), white-balanced as `vision.read`
    balances them under a colour table (no plain die in play: a light face with dark
    pips, a maker's grey, is no white die's, whose face would be the white), or over
    its light pips however tinted (`setup_white`); ValueError where no die shows light
    pips: what is kept is each colour over its pips' white, so that it holds under
    another lamp (measured against the camera's own balance, a setup under a strong cast
    was taken with blue and magenta swapped)."""
    from . import colour

    white = setup_white(faces, frame_light)
    # a channel clipped at the top is taken as measured here: as a bound both ways (the
    # face's and its white's clipped) it let an orange and a magenta die trade places
    return [colour.measured(f, white, clipped=False) for f in faces]


#: where no pip of the setup frame looks white (`vision.colour.NEUTRAL_WITHIN`), its
#: light pips are taken for white all the same: the six are Charidice dice, whose light
#: pips are white, and a throw under that lamp, whose pips look no whiter, is measured
#: against the white kept (`Calibration.white_in`). Where their median tint (log
#: blue/green, log red/green) lies this near grey the calibration holds under any lamp;
#: beyond it a lamp and a camera's matrix have stretched or crushed a channel of the
#: white (pips at (17, 191, 239) under a 2000 K lamp), and what is learnt holds under
#: that lamp only (`Calibration.lamp_only`)
TINTED_WITHIN = 1.5


def lamp_only(faces, frame_light: float | None = None) -> bool:
    """Whether the setup frame's white (`setup_white`) is its light pips tinted past
    TINTED_WITHIN: what is learnt over it holds under that lamp only."""
    from . import colour

    pips = [f.pip_bgr for f in faces if f.light_pips]
    return (colour.frame_white(faces, frame_light, plain=False) is None and bool(pips)
            and float(np.abs(colour._tint(np.median(pips, axis=0))).max()) > TINTED_WITHIN)


def setup_white(faces, frame_light: float | None = None) -> np.ndarray:
    """The white the setup frame's faces are measured against (`measured`): the reader's
    (`vision.colour.frame_white`), else its light pips' (TINTED_WITHIN, `lamp_only`);
    ValueError where neither is in view."""
    from . import colour

    white = colour.frame_white(faces, frame_light, plain=False)
    if white is not None:
        return white
    pips = np.asarray([f.pip_bgr for f in faces if f.light_pips], np.float64)
    if len(pips):
        lightness = float(np.percentile([colour._lightness(p) for p in pips], 75))
        return colour._at(np.median(pips, axis=0),
                          lightness if frame_light is None else max(lightness, frame_light))
    # measured against the camera's own balance: it would not hold
    raise Refused("no die's pips look white: light the dice with a whiter lamp"
                  " and calibrate again", "No die's pips look white: light the dice whiter")


def fitted(faces, names: list[str | None], frame_light: float | None = None) -> Calibration:
    """The calibration from faces of one frame and their colour names (reading order;
    None: a die whose colour is not learnt, a setup frame taken in part). Names given
    in another order than the dice are read would teach every colour another's look,
    and each die would then be named wrong unasked: names that another order of them
    fits clearly better are refused."""
    from . import colour

    keep = [i for i, n in enumerate(names) if n is not None]
    x = [m for i, m in enumerate(measured(faces, frame_light)) if i in keep]
    named = [names[i] for i in keep]
    fit = _fit(x, [faces[i].light_pips for i in keep])
    given = fit(named)
    # the best other order, ties broken alike on every run: the message names the same dice
    order = min(sorted(set(itertools.permutations(named))), key=fit)
    if fit(order) < given - AMBIGUOUS_WITHIN:
        moved = [i for i in range(len(named)) if order[i] != named[i]]
        dice = ", ".join(str(keep[i] + 1) for i in moved)
        raise Refused(
            f"dice {dice} look {', '.join(order[i] for i in moved)}, not "
            f"{', '.join(named[i] for i in moved)}: give the names in reading order"
            " (top to bottom, then left to right; a row left to right), and light the"
            " dice well",
            f"Dice {dice} look {', '.join(order[i] for i in moved)}: lay the row in order"
            if len(moved) == 2 else f"Dice {dice} out of order: lay the row again")
    # a crushed channel is kept at the value nearest the stock colour under this cast
    refs, s, shift = colour.references(), colour.spreads(named), _cast(x, named)
    at = [m.nearest(refs[n] + shift, s[i]) for i, (m, n) in enumerate(zip(x, named))]
    seen = tuple((n, tuple(round(float(v), 4) for v in np.mean([at[i] for i, k in enumerate(named)
                                                        if k == n], axis=0)))
                 for n in dict.fromkeys(named))
    pips = tuple((n, sum(not faces[keep[i]].light_pips for i, k in enumerate(named) if k == n)
                  * 2 > named.count(n)) for n in dict.fromkeys(named))
    white = tuple(round(float(v), 2) for v in setup_white(faces, frame_light))
    cast = (None if set(named) >= set(COLOURS)
            else tuple(round(float(v), 4) for v in shift))
    guessed = tuple((n, tuple(round(float(v), 4) for v in g))
                    for n, g in _guessed(faces, names, frame_light, shift))
    return Calibration(seen, pips, white, cast, lamp_only(faces, frame_light), guessed)


def _guessed(faces, names: list[str | None], frame_light: float | None, shift) -> list:
    """[(colour, features)] for the dice of a setup frame taken in part that were left
    out (None in `names`: the six dice, two or more, the colours not named as many), named
    the one way of the colours left that fits best with the named dice's (`_fit`),
    each kept at its nearest to its colour's stock reference under the setup's cast
    (`shift`), as a learnt colour is; [] where fewer than two are left out. Left out because
    another way fitted nearly as well (or a die lay far from its colour), they are
    still the look of these dice under the likeliest names: on the hard development
    setups (seeds 150000-190000, 32 per light) that way was right on 91 of the 102
    taken in part, where the stock references under the cast named the dice left out
    worse (a pale yellow named orange, a dim one grey). Not learnt (`Calibration
    .doubted`): a die named so is asked where the uncalibrated naming differs. A die
    left out alone is not guessed: its colour would be the one left, by elimination,
    whatever it looks like, and where the others were named with two colours swapped
    (the magenta die learnt as orange) it is the other of the two (the orange die,
    guessed magenta), which made the swap surer (a magenta 2 named orange 0.98, hard
    tables, 221025; every such swap there and on the five sets left one die out)."""
    from . import colour

    left = [i for i, n in enumerate(names) if n is None]
    open_ = [c for c in COLOURS if c not in names]
    if len(left) < 2 or len(faces) != len(COLOURS) or len(open_) != len(left):
        return []
    x = measured(faces, frame_light)
    fit = _fit(x, [f.light_pips for f in faces])

    def way(order):
        out = list(names)
        for i, c in zip(left, order):
            out[i] = c
        return out

    best = min(sorted(itertools.permutations(open_)), key=lambda o: fit(way(o)))
    refs, s = colour.references(), colour.spreads(list(best))
    return [(c, x[i].nearest(refs[c] + shift, s[k])) for k, (i, c) in enumerate(zip(left, best))]


#: the light's shift of every face's features alike (a white balance the pips did not
#: undo, an exposure), per feature: shifts within it cost little in `_fit`
CAST = np.array([0.35, 0.35, 0.4])


def _fit(x, light_pips):
    """names (one per face) -> how badly they fit (squared spreads): each face against
    its colour's stock reference, after the one shift of all faces alike that fits them
    best (a cast the pips did not balance; costing (shift / CAST) squared), with
    `colour.pips_against` for pips of the lightness the colour lacks. `x`: the faces'
    `colour.Measured`, a crushed channel counting only where it lies short of its colour."""

    def cost(names) -> float:
        return float(sum(_residuals(x, light_pips, names)))

    return cost


def _cast(x, names) -> np.ndarray:
    """The one shift of all faces' features alike that best explains them as the named
    colours' stock references: a weighted mean, drawn towards none by CAST."""
    from . import colour

    refs = colour.references()
    s = colour.spreads(names)
    r = np.array([m.nearest(refs[n], s[i]) - refs[n] for i, (m, n) in enumerate(zip(x, names))])
    w = 1.0 / s**2
    return (r * w).sum(axis=0) / (w.sum(axis=0) + 1.0 / CAST**2)


def _residuals(x, light_pips, names) -> list[float]:
    """Per face, how badly it fits its colour once the frame's best shift is taken out
    (the shift's own cost shared among the faces), pips weighed."""
    from . import colour

    refs = colour.references()
    s = colour.spreads(names)
    shift = _cast(x, names)
    share = float(np.sum((shift / CAST) ** 2)) / len(names)
    return [m.distance2(refs[n] + shift, s[i]) + share
            + colour.pips_against(n, light_pips[i]) for i, (m, n) in enumerate(zip(x, names))]


def _far(x, light_pips, names) -> list[int]:
    """The faces lying further than TOO_FAR from their colour after the frame's shift."""
    return [i for i, d in enumerate(_residuals(x, light_pips, names)) if d > TOO_FAR]


def _six_colours(x, light_pips, least: int = LEARNT_AT_LEAST) -> list[str | None]:
    """Which of the six dice is which colour: the way of giving them the six colours
    that fits the stock references best once the frame's cast is taken out (`_fit`).
    Where a die is far from its colour (TOO_FAR) or another way fits nearly as well
    (SETUP_MARGIN, MISFIT_SHARE), the frame is taken in part: the dice those ways leave
    in doubt (`_doubted`) are not named (None); the rest keep the best way's colours
    where, told apart alone too (any of the six colours open to each: a die showing
    another face than its 1 makes the six colours a wrong premise), they are named so
    and surely, again and again, while at least LEARNT_AT_LEAST are left; else
    ColoursUntold saying why the whole could not be told (`least`: LEARNT_AT_LEAST, or
    LEARNT_IF_REFUSED where `setup_names` names a refused frame again). A die like no
    colour, crushed to blue alone, is left out before the others are weighed
    (`_all_but_one`); where the whole could not be told and the best way leaves dice
    far, those are left out and the others named alone (`_without_far`), unless a die
    left out looks like a colour learnt."""
    names, doubt, why = _doubted(x, light_pips, range(len(x)))
    told = _all_but_one(x, light_pips, names) or {
        i: n for i, n in enumerate(names) if i not in doubt}
    try:
        return _told_alone(x, light_pips, told, why, least)
    except ColoursUntold:
        rest = _without_far(x, light_pips, names, least)
        if rest is None:
            raise
        return rest


def _told_alone(x, light_pips, told: dict[int, str], why: str,
                least: int = LEARNT_AT_LEAST) -> list[str | None]:
    """The dice `told` ({die: colour}) that, named alone, are named so and surely, again
    and again, while at least `least` (LEARNT_AT_LEAST) are left (None for the others); else
    ColoursUntold(why)."""
    while len(told) < len(x):
        if len(told) < least:
            raise ColoursUntold(why)
        dice = sorted(told)
        alone, doubt, _why = _doubted(x, light_pips, dice)
        kept = {i: n for i, n in zip(dice, alone) if i not in doubt and told[i] == n}
        if kept == told:
            break
        told = kept
    return [told.get(i) for i in range(len(x))]


def _without_far(x, light_pips, names, least: int = LEARNT_AT_LEAST
                 ) -> list[str | None] | None:
    """Where the setup could not be told (`_six_colours`) and the best way of the six
    (`names`) leaves dice far (TOO_FAR): the others named alone (`_told_alone`, from the
    best way's names), their own cost setting the margin; None where fewer than
    `least` (LEARNT_AT_LEAST) are told so, or where a die left out looks like a colour learnt
    from another die (`_like_a_learnt`). A face a camera's matrix crushed to one
    channel lies far from every colour, and its cost, inflating the best way's
    (MISFIT_SHARE), left the others in doubt: 184 of 2400 hard development setups were
    refused so ("looks like no Charidice colour"). Named alone, the far dice's cost
    out, the others took swaps with right ones (9 of 69 on those 184); in each of the 9
    a die left out lay within 0-30 of a colour learnt from another die, and nearer to
    it than to every colour left."""
    far = _far(x, light_pips, names)
    if not far:
        return None
    try:
        told = _told_alone(x, light_pips,
                           {i: n for i, n in enumerate(names) if i not in far}, "", least)
    except ColoursUntold:
        return None
    return None if _like_a_learnt(x, light_pips, told) else told


def _either_way(x, light_pips) -> list[str | None] | None:
    """Where a setup refused for its colours leaves no die far (TOO_FAR) but dice the
    margins call "either way" (`_doubted`): the others named alone once, those named the
    same and surely kept, where at least LEARNT_AT_LEAST are (the dice in doubt and any
    named otherwise left out), and no die left out looks like a colour learnt
    (`_like_a_learnt`), nor lies within SETUP_MARGIN of one (a magenta left out 3 from
    the magenta learnt from the orange die: hard development 153170, through a camera);
    else None. Named alone again and again (`_told_alone`), a camera's washed die named
    grey alone leaves the rest, their cast fitted from fewer dice, in doubt in turn."""
    names, doubt, _why = _doubted(x, light_pips, range(len(x)))
    if not doubt or _far(x, light_pips, names):
        return None
    rest = [i for i in range(len(x)) if i not in doubt]
    if len(rest) < LEARNT_AT_LEAST:
        return None
    alone, again, _why = _doubted(x, light_pips, rest)
    told = {i: n for i, n in zip(rest, alone) if i not in again and names[i] == n}
    if len(told) < LEARNT_AT_LEAST:
        return None
    out = [told.get(i) for i in range(len(x))]
    return None if _like_a_learnt(x, light_pips, out, SETUP_MARGIN) else out


def _one_told(x, light_pips) -> list[str | None] | None:
    """Where every way of `setup_names` refuses the setup: the dice named as
    `_six_colours` names them with LEARNT_AT_LAST (one) as the least told, where that
    tells exactly one die, named one of ALONE_AT_LAST (the black or the blue), and no
    die left out looks like its colour (`_like_a_learnt`); else None. A plain hard
    setup whose light clipped or crushed most faces (one to five far from every colour)
    leaves its black, or its blue, told alone: that colour learnt and the frame's white
    kept, the others left out (guessed, not learnt: asked where the uncalibrated naming
    differs), as any part. A magenta or an orange so told traded with a blue or a
    magenta through a camera (4 of 14)."""
    try:
        names = _six_colours(x, light_pips, LEARNT_AT_LAST)
    except ColoursUntold:
        return None
    told = [n for n in names if n is not None]
    if (len(told) != 1 or told[0] not in ALONE_AT_LAST
            or _like_a_learnt(x, light_pips, names)):
        return None
    return names


def _like_a_learnt(x, light_pips, names: list[str | None], alike: float | None = None
                   ) -> bool:
    """Whether a die left out (None in `names`) lies within TOO_FAR of a colour named to
    another die, and nearer to it than to every colour not named (or, given `alike`,
    within that of it), under the named dice's cast: the six dice each show another
    colour, so one of the two is named wrong."""
    from . import colour

    keep = [i for i, n in enumerate(names) if n is not None]
    named = [names[i] for i in keep]
    shift = _cast([x[i] for i in keep], named)
    refs, open_ = colour.references(), [c for c in COLOURS if c not in named]
    for i in range(len(x)):
        if names[i] is not None:
            continue
        d = {c: x[i].distance2(refs[c] + shift, colour.spreads([c])[0])
             + colour.pips_against(c, light_pips[i]) for c in COLOURS}
        learnt = min(d[c] for c in named)
        if learnt <= TOO_FAR and (not open_ or learnt < min(d[c] for c in open_)):
            return True
        if alike is not None and learnt <= alike:
            return True
    return False


def _all_but_one(x, light_pips, names) -> dict[int, str] | None:
    """{die: colour} for the dice but one, where the best way of the six (`names`) leaves
    one die far (TOO_FAR), that die lies further than TOO_FAR from every colour under the
    others' cast and is lit in blue above all, the other five, named alone (`_doubted`),
    are all told surely, and blue is the colour they leave; else None. A camera's matrix
    crushing a blue face to blue alone ((233, 2, 1)) leaves it like no colour: its cost,
    inflating the best way's (MISFIT_SHARE), left the others in doubt, and refused 3 of
    200 hard development setups whose other five were clear. Not so a face crushed to red
    alone: it may be an orange's or a magenta's, and the other's die, crushed alike, is
    then told surely as the far die's colour (seed 54360: taken so, the magenta learnt
    as orange). Nor a die near some colour: a grey far from the magenta a wrong way gave
    it (4300) left the five alone named wrong as surely."""
    from . import colour

    far = _far(x, light_pips, names)
    if len(far) != 1:
        return None
    five = [i for i in range(len(x)) if i != far[0]]
    alone, doubt, _why = _doubted(x, light_pips, five)
    if doubt or set(COLOURS) - set(alone) != {"blue"} or np.argmax(x[far[0]].value) != 0:
        return None
    refs, m = colour.references(), x[far[0]]
    shift = _cast([x[i] for i in five], alone)
    if any(m.distance2(refs[c] + shift, colour.spreads([c])[0])
           + colour.pips_against(c, light_pips[far[0]]) <= TOO_FAR for c in COLOURS):
        return None
    return dict(zip(five, alone))


def _doubted(x, light_pips, dice) -> tuple[tuple[str, ...], list[int], str]:
    """(the best way of giving the dice `dice` (indices) distinct colours of the six,
    the dice it leaves in doubt, why): those far from their colour (TOO_FAR), and those
    some other way within the margin names otherwise."""
    dice = list(dice)
    xs, pips = [x[i] for i in dice], [light_pips[i] for i in dice]
    fit = _fit(xs, pips)
    ranked = sorted((fit(order), order) for order in itertools.permutations(COLOURS, len(dice)))
    best, names = ranked[0]
    far = _far(xs, pips, names)
    within = max(SETUP_MARGIN, MISFIT_SHARE * best)
    near = [order for cost, order in ranked[1:] if cost - best < within]
    doubt = sorted(set(far) | {i for i in range(len(dice))
                               if any(order[i] != names[i] for order in near)})
    if far:
        why = (f"die {dice[far[0]] + 1} (in reading order) looks like no Charidice colour:"
               " light the dice evenly, with the six 1s up")
    else:
        two = [i for i in range(len(dice)) if names[i] != ranked[1][1][i]][:2]
        why = (f"dice {' and '.join(str(dice[i] + 1) for i in two)} (in reading order) could"
               f" be {' and '.join(names[i] for i in two)} either way: light the dice better"
               " and calibrate again")
    return names, [dice[i] for i in doubt], why
