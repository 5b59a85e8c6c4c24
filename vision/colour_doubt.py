"""When a colour the odds call sure is asked about all the same, under a colour table.

The odds (vision.colour) measure each face against a white under the same light and
trust that white to have taken out the light's colour. Two things it cannot see:

- **A cast the pips did not take out** (light added to a face rather than scaling it:
  a coloured felt's bounce, a glossy die's sheen, a fill of another colour; a white
  balance the pips were too small or too tinted to give). It moves all the frame's faces
  alike. So the colours are named twice: as measured, and with the one shift of all
  faces alike that best explains them taken out (the shift drawn towards none by
  vision.calibrate.CAST, as the setup calibration takes it out). A die named
  differently the two ways is asked about, under the name with the cast out; one named
  alike is as sure as the less sure of the two namings.
- **A felt of the die's own colour** around it, or a strongly coloured felt around a
  dark or grey die: the camera's balance and the felt's bounce pull such faces towards
  the felt, or away from it, where a colour's odds were not measured. Such a die is
  taken unasked only when its colour is very sure (FELT_SURE).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from .reading import CONFIRM_BELOW

#: the confidence a die named differently with and without the frame's cast is left at
#: (the reader asks below 0.6)
DISAGREE = 0.5
#: a felt whose colour (over the frame's white) lies within this many spreads (root of
#: the summed squares, tint only) of a die's colour's reference is "of the die's colour"
FELT_NEAR = 2.0
#: a felt this colourful (root of the summed squares of log blue/green and red/green
#: over the frame's white) is strongly coloured
FELT_STRONG = 0.6
#: colours a strongly coloured felt pulls: dark or without a hue of their own
PULLED = ("grey",)
#: a die on a felt of its colour, or a pulled colour on a strong felt, is taken
#: unasked only this sure (the probability, sharpened, vision.colour_table.SHARPEN)
FELT_SURE = 0.9


#: a face with a crushed channel (vision.colour.FLOOR) is taken unasked only this sure:
#: it may hold anything up to what a camera clips, so colours lie nearer each other (on
#: the hard development tables 3 of the 4 sure mistakes it added were named at 0.6-0.89)
CRUSHED_SURE = 0.9
#: a face whose tint, at its nearest to the colour it is named, lies beyond every
#: colour's reference (log blue/green or red/green) by more than STRETCHED_BY is
#: stretched: a camera matrix boosting saturation pushes tints out along their hue, so
#: the reference nearest may be another colour's (a blue measured log B/G 2.0 against
#: 0.75, its red crushed, was named magenta 95% sure); it is taken unasked only this sure
STRETCHED_BY, STRETCHED_SURE = 0.3, 0.99
#: with no white in view a crushed face is asked however sure (the channel may be the
#: light's doing), but not where the setup's calibration (`setup_saw`) keeps a white under
#: the table's lamp, learnt the colour the face is named from its own die and saw its pips:
#: such a face is then measured against that white and its colour as this light renders
#: it, and taken unasked this sure. On the development sets (hard 2000+, 150000+-190000+,
#: and through a camera 2000+, 280000+, 810000+, 830000+, 860000+) such crushed faces named
#: 0.97 or surer were 405 right of 405 calibrated, where those the setup did not see were
#: 86 right to 15 wrong at 0.95 (docs/vision-colour.md, "Right colours asked after
#: calibration (calib34)")
CRUSHED_KEPT_SURE = 0.97
#: with no white in view (no white pips, no white die) a face is measured against the
#: camera's own balance, which a lamp or felt may have pulled anywhere: it is taken
#: unasked only this sure (on the hard development tables grey dice under a warm lamp
#: were named orange 90-92% sure so)
NO_WHITE_SURE = 0.95


#: a face named grey whose tint leans towards a colour by more than LEAN_BY (log, along
#: that colour's direction from the grey's reference, within LEAN_COS of it), both as
#: measured and with the frame's cast taken out, is asked: a dye faded towards its white
#: (a camera's overlapping channels, a paint pale to begin with) keeps its hue's
#: direction, where a lamp or a white balance moves every face, and the white, alike. On
#: the hard development tables grey dice named surely leaned 0.26 at most; magentas named
#: grey 91-96% sure, under a white whose red was clipped, 0.5-0.7
LEAN_BY, LEAN_COS = 0.4, 0.8
#: how many times the frame's cast is found, each time from the names the last gave: a
#: second round, on the hard development tables (32 per light, uncalibrated), named 3
#: more dice right and asked an orange named yellow surely (seed 2076), and 2 dice named
#: right surely; a third named one die fewer right
SHIFT_ROUNDS = 2
#: grey lies amid the colours, so a colour faded by a camera's overlapping channels
#: and measured against a white with a channel clipped (the face's too: either way,
#: up to vision.colour.CLIPPED_BY) reaches it by a bound: a face named grey whose
#: nearest point to the grey lies more than this (log, its largest channel) from what
#: was measured is asked. On fresh hard tables (seeds 150000+, 32 per light) magentas
#: named grey 92-99% sure stretched 0.57-0.7 (one, crushed too, 3.7); right sure greys
#: there and on the hard development tables 0.44 at most but one
GREY_STRETCH = 0.5
#: a die like no colour is named by the colour nearest its tint, its lightness weighed
#: with its spread this many times wider: the lightness over a white is what dim light,
#: a white out of view and small pips blurred into their face move most (named by the
#: odds, dim blues and magentas went to black: hard development tables 86.27% -> 87.54%
#: right uncalibrated; by the tint alone 87.17%, black and grey then told by chance)
GUESS_LIGHTNESS = 3.0


#: where no other die of the frame is named a colour surely, and several are asked,
#: nothing shows how strongly this camera renders colour: a camera's matrix, its tone
#: curve and light added (a felt's bounce, flare) fade every dye of the frame towards
#: grey together, and the odds, which know the colours at their paints' strength, name a
#: faded blue, yellow or magenta grey, surely. A die named grey there is asked where its
#: tint leans towards a colour by UNSHOWN_LEAN_BY (LEAN_BY's test, any angle) and at
#: least UNSHOWN_ASKED other dice of the frame are asked: in a throw of two or three
#: dice no colour named surely is common under any camera, and the right greys asked
#: there cost surely right dice (on the hard development tables through
#: vision.synth_camera, 24 per light x 6, uncalibrated, sure mistakes 46 -> 23 for 13
#: right greys asked, where without UNSHOWN_ASKED 0.12 asked 33: docs/vision-colour.md,
#: "Asking a grey where the frame shows no colour and its dice are asked")
UNSHOWN_LEAN_BY, UNSHOWN_ASKED = 0.1, 3
#: with fewer dice asked (at least UNSHOWN_FEW_ASKED: `grey_unshown(fewer=True)`, taken
#: last in vision.reader.named, once the names are given), a grey leaning so is asked
#: where what the frame shows is a fading camera: the dice it names a colour (all asked
#: there) lie at less than UNSHOWN_FADED of their colours' strength (the median, along
#: each colour's direction from the grey's reference; 1: the paint), or none is named a
#: colour. A camera fading every dye puts them at 0.43 (median; colour19's figures), the
#: hard tables' lamps at 0.96 (0.77 at the 10th percentile), and there the greys beside
#: one or two asked dice are right: asked without the fade, they cost up to 0.57 points
#: of surely right on the hard tables (G 180000+), with it 0.16 at most (docs/vision-colour.md,
#: "A grey beside a few asked dice ... (colour27)")
UNSHOWN_FEW_ASKED, UNSHOWN_FADED = 1, 0.5
#: the colours whose sure naming shows the frame renders colour
CHROMATIC = ("magenta", "blue", "orange", "yellow")


def leaning(face, white, refs, spread, cast, kept=None, lean_by: float = LEAN_BY,
            lean_cos: float = LEAN_COS) -> str | None:
    """The colour a face's tint leans towards (LEAN_BY, LEAN_COS) from the grey, as
    measured and with `cast` (features: the other faces' shared shift) out; None if
    none (`lean_by`, `lean_cos`: other bounds than LEAN_BY and LEAN_COS). Its own
    crushed or clipped channels are taken nearest the grey; a channel clipped in its
    white but not in the face is taken as measured: only a bound stretched to its end
    would make such a face grey, and that is what is asked."""
    from . import colour

    m = colour.measure(face.face_bgr, colour.white_for(face, white, kept))
    own = colour.Measured(m.value, np.where(np.asarray(face.face_bgr) >= colour.CEILING,
                                            m.low, m.value), m.high)
    tint = own.nearest(refs["grey"], spread["grey"])[:2] - refs["grey"][:2]
    for name in ("magenta", "blue", "orange", "yellow"):
        d = refs[name][:2] - refs["grey"][:2]
        d = d / np.linalg.norm(d)
        if all(float(t @ d) >= max(lean_by, lean_cos * float(np.linalg.norm(t)))
               for t in (tint, tint - np.asarray(cast)[:2])):
            return name
    return None


def on_distinct(names, values, dice=None) -> bool:
    """Whether the named readings (`names`, None: unnamed, any number) can be faces of
    distinct thrown dice (`dice`: each die's faces, vision.Expect.dice; None: not told,
    always). A die shows one face: `colour_table.resolved` names so, and `guessed`
    keeps to it (clash37: `faded` and `guessed` made the names of 1375 of 5033 camera
    development frames put two readings on one thrown die, calibrated)."""
    if dice is None:
        return True
    items = [(v, n) for v, n in zip(values, names) if n is not None]
    holder: dict[int, int] = {}

    def place(k: int, seen: set) -> bool:
        for d, faces in enumerate(dice):
            if items[k] in faces and d not in seen:
                seen.add(d)
                if d not in holder or place(holder[d], seen):
                    holder[d] = k
                    return True
        return False

    return all(place(k, set()) for k in range(len(items)))


class Guessed(str):
    """A colour name `guessed` gave (a die of no colour, asked), equal to the plain name,
    keeping the name it would have given were the thrown dice not told (`nearest`: its
    nearest colour its value carries that no other die of its value is named, the other
    guesses too by their untold names; None where none was free and none kept). The
    steps that ask a die by the names of the others (`alike_apart`, `alike_unwhite`,
    `grey_unshown`, `magenta_apart`) see a guessed die by that name (`looks`): the
    matching onto distinct dice moves a guess to a colour further from its look, and
    those steps then asked sure dice named right (surely37; guess38: leaving guesses out
    of them instead let the sure mistakes they catch through, 4183, 4233).
    vision.reader.named gives plain names (`plain`)."""
    nearest: str | None

    def __new__(cls, name: str, nearest: str | None = None):
        out = super().__new__(cls, name)
        out.nearest = name if nearest is None else nearest
        return out


def looks(name: str | None) -> str | None:
    """A die's name as the frame-wide steps see it: a `Guessed` one's `nearest`."""
    return name.nearest if isinstance(name, Guessed) else name


def plain(named) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), a `Guessed` name given as the plain name."""
    return [(None if n is None else str(n), p) for n, p in named]


def faded(named, leans, values, allowed) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one leaning towards a colour (`leans`, `leaning`)
    asked (DISAGREE at most), and named that colour where its value may carry it
    (`allowed`) and no other die of its value is named so."""
    out = list(named)
    for i, lean in enumerate(leans):
        if lean is not None:
            name, p = out[i]
            if (values[i], lean) in allowed and not any(
                    j != i and values[j] == values[i] and out[j][0] == lean
                    for j in range(len(out))):
                name = lean
            out[i] = (name, min(p, DISAGREE))
    return out


def stretched(x, refs) -> bool:
    """Whether a face's features (`x`, at its nearest to its name) lie beyond every
    Charidice colour's reference in tint by more than STRETCHED_BY."""
    from .colour import PLAIN

    tints = np.array([r[:2] for n, r in refs.items() if n not in PLAIN])
    return bool(np.any(x[:2] > tints.max(axis=0) + STRETCHED_BY)
                or np.any(x[:2] < tints.min(axis=0) - STRETCHED_BY))


def frame_shift(x: np.ndarray, names, refs, spreads) -> np.ndarray:
    """The one shift of all faces' features alike (log B/G, log R/G, lightness) that
    best explains them as the named colours (None: left out), drawn towards none by
    vision.calibrate.CAST."""
    from .calibrate import CAST

    rows = [i for i, n in enumerate(names) if n is not None]
    if not rows:
        return np.zeros(3)
    r = np.array([x[i] - refs[names[i]] for i in rows])
    w = 1.0 / np.array([spreads[names[i]] for i in rows]) ** 2
    return (r * w).sum(axis=0) / (w.sum(axis=0) + 1.0 / CAST**2)


def agreed(first, second) -> list[tuple[str | None, float]]:
    """Each die's colour named as measured (`first`) and with the frame's shift taken
    out (`second`), both [(name, sureness)]: the second's name (each value's dice stay
    distinct, as the second naming gave them), as sure as the less sure of the two, or
    DISAGREE where the names differ. Where they differ the cast-free name is the better
    guess: on the hard development tables (16 per light, uncalibrated) the first's was
    right on 2 such dice, the second's on 52 (25 of them named no colour first). Where
    both give one name and one gave it as a guess (`Guessed`), the guess is kept, with
    the name it would have had untold (untold38: a plain first black kept over a second
    guessed black that looked magenta, 806036)."""
    return [(a if a == b and isinstance(a, Guessed) and not isinstance(b, Guessed) else b,
             min(p, q) if a == b else min(p, DISAGREE))
            for (a, p), (b, q) in zip(first, second)]


def felt_doubted(named, felt_features, refs, spread) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness) with a felt of its colour around it, or a pulled
    colour on a strongly coloured felt, left under FELT_SURE unless surer: capped at
    DISAGREE. `felt_features`: the felt's features about each die (vision.colour
    .features of `surroundings` over the frame's white), None where no white was seen."""
    out = []
    for (name, p), felt in zip(named, felt_features):
        if name is not None and felt is not None and p < FELT_SURE:
            near = float(np.hypot(*((felt[:2] - refs[name][:2]) / spread[:2])))
            strong = float(np.hypot(*felt[:2])) >= FELT_STRONG
            if near <= FELT_NEAR or (strong and name in PULLED):
                p = min(p, DISAGREE)
        out.append((name, p))
    return out


def weighed(faces, values, allowed, calibration=None, frame_light: float | None = None,
            felt_bgr=None, dice=None) -> list[tuple[str | None, float]]:
    """(colour, sureness) per face under a colour table (`allowed` (value, colour)
    faces; `values` each face's read value): vision.colour_table's weighing of the
    odds as measured and with the frame's cast taken out (`agreed`), the felt about each
    die (`felt_bgr`, vision.colour.surroundings; None: not weighed) weighed last.
    A frame with no white in view (and none kept by the calibration) whose light pips
    are tinted past white is weighed against two whites, the camera's own balance and
    those pips (`vision.colour.pips_white`), and taken as `agreed` takes two casts: the
    pips' name, asked where the two differ. Neither white is trusted alone: the pips'
    named 65 more dice right on the hard development tables (32 per light), but alone
    it named yellows grey 95% sure on a dim green-cast table (pips at (62, 165, 83)).
    A frame with a white in view is weighed twice too, the second time with a face's
    crushed channel bounded for grey and black as a neutral paint's under its own white
    pips (vision.colour.NEUTRAL), and taken so: its name, asked where the two differ (on
    the hard development tables, 32 per light, 17 more dice right uncalibrated; taken
    alone, and bounded under the frame's white too, it added 6 sure mistakes).
    `dice`: each thrown die's faces, where the game tells them (vision.Expect.dice):
    no two dice are then named faces of one die (vision.colour_table.resolved).
    Last, a die named grey by a bound stretched far is asked (`grey_stretched`), one
    named grey with dark pips and its green clipped (`grey_topped`), one named grey
    leaning a little towards a colour where no die shows the frame's colours and
    several are asked (`grey_unshown`), and one named
    orange far redder than another orange of its frame (`magenta_apart`)."""
    from . import colour

    calibration = guesses_kept(calibration)
    out = _weighed(faces, values, allowed, calibration, frame_light, felt_bgr, dice=dice)
    if colour.frame_white(faces, frame_light, plain=False) is not None:
        # a grey or black face's crushed channel bounded by its white pips (vision.colour
        # .NEUTRAL): it tells which name, not how sure, so both namings are taken as
        # two casts are (with grey ruled out, oranges crushed in blue were named yellow
        # 94-96% sure, a face lit in red alone orange 97-99%, where nothing tells them)
        out = agreed(out, _weighed(faces, values, allowed, calibration, frame_light,
                                   felt_bgr, neutral=True, dice=dice))
    elif colour.kept_white(calibration, frame_light) is None:
        pips = colour.pips_white(faces, frame_light)
        if pips is not None:
            out = agreed(out, _weighed(faces, values, allowed, calibration, frame_light,
                                       felt_bgr, pips, dice=dice))
    out = grey_stretched(out, faces, calibration, frame_light)
    out = grey_topped(out, faces, calibration)
    out = grey_unshown(out, faces, calibration, frame_light)
    white = colour.frame_white(faces, frame_light, plain=False)
    kept = colour.kept_white(calibration, frame_light)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    return magenta_apart(out, [colour.measured(f, white, kept=kept).features()[1]
                               for f in faces], float(refs["orange"][1]))


#: a setup taken in part keeps the look of the dice it left out, named the likeliest way
#: (vision.calibrate's `Calibration.guessed`). A black or grey paint keeps its white's
#: proportions (vision.colour.NEUTRAL): a black or grey guessed with a tint further than
#: this (log blue/green or red/green, from the setup's cast), while another colour is
#: guessed with a look within half of it of no tint, names the two dice exchanged (a blue
#: crushed to blue alone, log blue/green 3-5, guessed black, and the black die blue: on
#: the hard development tables 162010, 172110, 182140). A black tinted past it by a lamp
#: and a matrix, the other guesses tinted too, is guessed right (182010)
NEUTRAL_GUESS = 1.0


def guesses_kept(calibration):
    """The calibration, without its guesses (`Calibration.guessed`: the colours not learnt
    then at their stock references moved by the setup's cast, as before guesses) where
    they name a neutral colour and a chromatic one exchanged (NEUTRAL_GUESS)."""
    from .colour import NEUTRAL

    if calibration is None or not calibration.guessed:
        return calibration
    cast = np.zeros(2) if calibration.cast is None else np.asarray(calibration.cast)[:2]
    tint = {name: float(np.abs(np.asarray(x)[:2] - cast).max())
            for name, x in calibration.guessed}
    if any(tint[n] > NEUTRAL_GUESS for n in tint if n in NEUTRAL) and any(
            tint[n] <= NEUTRAL_GUESS / 2 for n in tint if n not in NEUTRAL):
        return dataclasses.replace(calibration, guessed=())
    return calibration


def sure_uncalibrated(named, uncalibrated, values,
                      dice=None) -> list[tuple[str | None, float]]:
    """Each die's (colour, sureness) under a calibration (`named`), one asked about that the
    uncalibrated naming (`uncalibrated`) names another colour surely given that name, asked
    (DISAGREE at most): unless another die of its value is named so, or (`dice`, each thrown
    die's faces, where told) another reading is named a face of the die carrying it. A
    calibration that leaves a die unsure where the stock colours are sure of it has learnt
    that colour from a setup under another light, or guessed it (hard development tables,
    the five of colour16 with 2000+ and through a camera: of such dice the uncalibrated
    name was right on 19, the calibrated on 5). Never surer than it was."""
    out = list(named)
    for i, ((n, p), (m, q)) in enumerate(zip(named, uncalibrated)):
        if p >= CONFIRM_BELOW or q < CONFIRM_BELOW or m is None or m == n:
            continue
        if any(j != i and values[j] == values[i] and k == m for j, (k, _p) in enumerate(out)):
            continue
        if dice is not None:
            carrier = [faces for faces in dice if (values[i], m) in faces]
            if any(j != i and (values[j], k) in faces for faces in carrier
                   for j, (k, _p) in enumerate(out)):
                continue
        out[i] = (m, min(p, DISAGREE))
    return out


#: a magenta whose blue a warm lamp and a camera's matrix crushed reads red over green
#: 0.6-1.1 log (its reference 1.90, orange's 0.69) and is named orange surely; where an
#: orange of the same frame is named orange too it lies lower (0.40 and 0.52 log on the
#: fresh hard tables 160000+ and 170000+), while oranges of one frame lay up to 0.24
#: apart (0.15 at the 90th percentile on the hard development tables: `APART`'s note).
#: A die named orange so far redder than another may be a magenta: it is asked, not
#: renamed (a yellow named orange below a true orange looks the same). With no orange
#: beside it, orange's reference (calibrated or stock) stands for one: on the fresh hard
#: tables 150000+-180000+ (32 per light) 5 such magentas lay above it by 0.33-0.40, and
#: 28 right oranges of about 1000 named surely
MAGENTA_APART = 0.3


def magenta_apart(named, red_green,
                  ref: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named orange asked (DISAGREE at most) where its
    red over green (`red_green`, log, over its white) lies more than MAGENTA_APART above
    another die's of the frame named orange, or above the orange's reference (`ref`).
    A guessed die counts by its look (`looks`)."""
    low = min([rg for (n, _p), rg in zip(named, red_green) if looks(n) == "orange"]
              + ([] if ref is None else [ref]), default=0.0)
    return [(n, min(p, DISAGREE)) if looks(n) == "orange" and rg - low > MAGENTA_APART
            else (n, p) for (n, p), rg in zip(named, red_green)]


def grey_unshown(named, faces, calibration=None, frame_light: float | None = None,
                 fewer: bool = False) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named grey surely asked (DISAGREE) where no other
    die of the frame is named a colour (CHROMATIC) surely, at least UNSHOWN_ASKED others
    are asked, and its tint leans towards a colour by UNSHOWN_LEAN_BY (`leaning`, as
    measured and with the cast of the other dice named surely out): the frame does not
    show how faded this camera's colours are. Its name is kept. `fewer`: instead, one
    beside UNSHOWN_FEW_ASKED to UNSHOWN_ASKED - 1 asked dice, where those named a colour
    are faded (`_faded`; a guessed die by its look, `looks`) or none is (taken last, in
    vision.reader.named)."""
    from . import colour

    if not any(n == "grey" and p >= CONFIRM_BELOW for n, p in named):
        return list(named)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    dark = None if calibration is None else calibration.dark_pips()
    spread = dict(zip(refs, colour.spreads(list(refs), dark or ())))
    white = colour.frame_white(faces, frame_light, plain=False)
    kept = colour.kept_white(calibration, frame_light)
    x = np.array([m.features() if n is None else m.nearest(refs[n], spread[n])
                  for m, n in zip((colour.measured(f, white, kept=kept) for f in faces),
                                  (looks(n) for n, _p in named))])
    out = list(named)
    for i, ((n, p), f) in enumerate(zip(named, faces)):
        asked = sum(q < CONFIRM_BELOW for j, (_m, q) in enumerate(named) if j != i)
        if n != "grey" or p < CONFIRM_BELOW or any(
                j != i and m in CHROMATIC and q >= CONFIRM_BELOW
                for j, (m, q) in enumerate(named)) or not (
                UNSHOWN_FEW_ASKED <= asked < UNSHOWN_ASKED and _faded(
                    x, [looks(m) if j != i else None for j, (m, _q) in enumerate(named)],
                    refs)
                if fewer else asked >= UNSHOWN_ASKED):
            continue
        # the cast of the other dice named surely: an asked die's name (a faded blue
        # named black) would take the fade itself for the frame's cast
        cast = frame_shift(x, [m if j != i and q >= CONFIRM_BELOW else None
                               for j, (m, q) in enumerate(named)], refs, spread)
        if leaning(f, white, refs, spread, cast, kept, UNSHOWN_LEAN_BY, 0.0) is not None:
            out[i] = (n, min(p, DISAGREE))
    return out


#: a maker's orange may carry dark pips as the yellow does (the rulebook does not say:
#: `vision.colour.OPEN_PIPS`), and a camera's matrix, lending the green some of the red,
#: draws an orange's red over green down onto the yellow's while a yellow's barely
#: moves: orange dice with dark pips were named yellow at 0.13-0.31 log (the yellow's
#: reference 0.14), 61-98% sure, on the development tables through a camera (860000+;
#: 862131, 860063). So where the orange's pips are not known (uncalibrated, or a
#: calibration that did not see an orange), a dark-pipped face named yellow whose red
#: over green lies above YELLOW_REDDER below the yellow's reference is taken unasked only
#: YELLOW_SURE sure: the right yellows lie about it alike, but are named surer (on the
#: camera development sets, 2000+ and 150000+, 8 of 13 such oranges lay under 0.9, 31
#: of 570 right yellows)
YELLOW_SURE, YELLOW_REDDER = 0.9, 0.05


def yellow_open(named, faces, calibration=None,
                frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named yellow under YELLOW_SURE asked (DISAGREE at
    most) where its pips are dark, the orange's pips are not known (no calibration, or one
    that did not see them) and its red over green (log, over its white) lies above the
    yellow's reference less YELLOW_REDDER. The names are kept. Taken last, in
    vision.reader.named."""
    from . import colour

    dark = {} if calibration is None else calibration.dark_pips()
    if "orange" in dark or not any(n == "yellow" and CONFIRM_BELOW <= p < YELLOW_SURE
                                   for n, p in named):
        return list(named)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    white = colour.frame_white(faces, frame_light, plain=False)
    kept = colour.kept_white(calibration, frame_light)
    bound = float(refs["yellow"][1]) - YELLOW_REDDER
    return [(n, min(p, DISAGREE)) if n == "yellow" and CONFIRM_BELOW <= p < YELLOW_SURE
            and not f.light_pips
            and colour.measured(f, white, kept=kept).features()[1] >= bound else (n, p)
            for f, (n, p) in zip(faces, named)]


def alike_unwhite(named, faces, calibration=None,
                  frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), every die asked (DISAGREE at most) where a frame of two
    or more shows no white (none in view, none kept by the calibration) and all its dice
    are named one colour of CHROMATIC: measured against the camera's own balance, a cast
    the camera left in (a felt's bounce, a lamp) tints every face alike, and nothing
    tells it from the dye (a perturbed development table, 2052: two dark-pipped greys
    and a magenta named magenta 96-97% sure). A guessed die counts by its look
    (`looks`). Taken last, in vision.reader.named."""
    from . import colour

    names = {looks(n) for n, _p in named}
    if (len(named) < 2 or len(names) != 1 or not names <= set(CHROMATIC)
            or colour.frame_white(faces, frame_light, plain=False) is not None
            or colour.kept_white(calibration, frame_light) is not None):
        return list(named)
    return [(n, min(p, DISAGREE)) for n, p in named]


#: two dice of a frame named two different colours whose features as measured (log B/G,
#: log R/G and lightness over the same white) lie within ALIKE_APART of each other, in
#: SPREAD (a die's spread about its colour's reference), are both asked (`alike_apart`):
#: the light and the camera that moved one moved the other alike, and nothing in the
#: frame tells which name is the wrong one (the perturbed development tables, 4233: a blue
#: named magenta 95% sure beside a blue named blue, 0.24 apart). The lightness counts: a
#: grey and a black share a tint, and by the tint alone within 0.5 the hard development
#: tables lose 50 right sure dice (docs/vision-colour.md, "Two dice alike named two
#: colours (colour28)")
ALIKE_APART = 0.75


def alike_apart(named, faces, calibration=None,
                frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), two dice named two different colours asked (DISAGREE
    at most) where their features as measured lie within ALIKE_APART spreads of each
    other (a guessed die by its look, `looks`). The names are kept. Taken last, in
    vision.reader.named."""
    from . import colour

    look = [looks(n) for n, _p in named]
    idx = [i for i, n in enumerate(look) if n is not None]
    if len({look[i] for i in idx}) < 2:
        return list(named)
    white = colour.frame_white(faces, frame_light, plain=False)
    kept = colour.kept_white(calibration, frame_light)
    x = {i: colour.measured(faces[i], white, kept=kept).features() / colour.SPREAD
         for i in idx}
    out = list(named)
    for a in idx:
        for b in idx:
            if (a < b and look[a] != look[b]
                    and float(np.linalg.norm(x[a] - x[b])) <= ALIKE_APART):
                for i in (a, b):
                    out[i] = (named[i][0], min(named[i][1], DISAGREE))
    return out


def _faded(x, names, refs) -> bool:
    """Whether the dice named a colour (CHROMATIC; None: left out) lie, at the median, at
    less than UNSHOWN_FADED of their colours' strength (features `x`, their tint along
    the colour's direction from the grey's reference), or none is named a colour."""
    g = refs["grey"][:2]
    s = [float((x[j][:2] - g) @ (refs[m][:2] - g) / ((refs[m][:2] - g) @ (refs[m][:2] - g)))
         for j, m in enumerate(names) if m in CHROMATIC]
    return not s or float(np.median(s)) < UNSHOWN_FADED


def grey_topped(named, faces, calibration=None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named grey asked (DISAGREE at most) where its
    pips are dark and its green clipped (vision.colour.CEILING), unless a calibration
    saw these dice's grey faces and their pips. A yellow's pips are dark and its green
    its brightest channel: a camera's matrix fading it towards grey leaves that green
    clipped, and a clipped green hides how much more it held than a pale grey's. On
    the fresh hard tables 170000+ (32 per light) 6 yellows were named grey 90-96%
    sure so; a grey's white pips rule the yellow out."""
    from . import colour

    if calibration is not None and "grey" in calibration.dark_pips():
        return list(named)
    return [(n, min(p, DISAGREE)) if n == "grey" and p > DISAGREE and not f.light_pips
            and float(f.face_bgr[1]) >= colour.CEILING else (n, p)
            for f, (n, p) in zip(faces, named)]


#: a yellow's pips are dark and its green and red as light as its white: a camera fading
#: the dye (its matrix's overlapping channels, a warm white balance taken out by the white
#: pips) leaves a yellow face nearly as light as that white, its blue only a little below
#: its green, and the odds, which know the Charidice grey as a light grey with pips of
#: either lightness (vision.colour.GREY_LIGHTNESS, GREY_SPREAD), name it grey surely. A die
#: named grey surely with dark pips, lighter over the frame's white than the grey's
#: reference by more than GREY_LIGHTER_BY (the grey's lightness spread, GREY_SPREAD: the
#: pale end of the greys makers paint, -0.15 log), and leaning towards yellow by
#: UNSHOWN_LEAN_BY (along yellow's direction from the grey's reference, as measured), is
#: asked: on the perturbed
#: development tables (vision.synth_camera; 2000+, 280000+, 810000+, 830000+, 860000+)
#: 10 yellows named grey 88-96% sure so, beside 7 right greys (of about 680 named surely)
GREY_LIGHTER_BY = 0.3


def grey_light(named, faces, calibration=None,
               frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named grey surely asked (DISAGREE at most) where its
    pips are dark, its lightness over the frame's white lies above the grey's reference by
    more than GREY_LIGHTER_BY and its tint leans towards yellow by UNSHOWN_LEAN_BY, unless
    a calibration saw these dice's grey faces (their lightness and pips are then known).
    Its name is kept. Taken last, in vision.reader.named."""
    from . import colour

    if not any(n == "grey" and p >= CONFIRM_BELOW for n, p in named) or (
            calibration is not None and "grey" in calibration.dark_pips()):
        return list(named)
    white = colour.frame_white(faces, frame_light, plain=False)
    if white is None:  # against the camera's own balance a lightness tells nothing
        return list(named)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    grey = refs["grey"]
    towards = refs["yellow"][:2] - grey[:2]
    towards = towards / np.linalg.norm(towards)
    out = list(named)
    for i, ((n, p), f) in enumerate(zip(named, faces)):
        if n != "grey" or p < CONFIRM_BELOW or f.light_pips:
            continue
        x = colour.measured(f, white).features()
        lean = float((x[:2] - grey[:2]) @ towards)
        if x[2] - grey[2] > GREY_LIGHTER_BY and lean >= UNSHOWN_LEAN_BY:
            out[i] = (n, min(p, DISAGREE))
    return out


#: a grey's pips are white, and a camera that turns a magenta's, an orange's or a blue's
#: hue (its matrix's overlapping channels) can leave such a face as light as a grey and
#: tinted less than any colour's reference: the odds, which know the grey's tint within
#: its spread (0.25 log) and every colour farther, then name it grey surely. A die named
#: grey surely with white pips whose tint over the frame's white lies farther than
#: GREY_TINTED from the grey's reference, measured with no channel clipped or crushed,
#: is asked. On the camera development tables (2000+, 280000+, 810000+, 830000+, 860000+,
#: 845000+; uncalibrated) 8 white-pipped dice named grey wrongly so (6 oranges, 2
#: magentas, 0.39-0.6 log off the grey), beside 2 right greys of 217 with white pips
#: named surely. Where a channel is clipped (a coloured lamp clipping the pips, a white
#: estimated over 255) the tint is known only between bounds: the plain hard tables'
#: right greys lie there up to 0.7 log off, so those are left sure
GREY_TINTED = 0.3
#: Where a channel is clipped or crushed: the tint nearest the grey's reference the bounds
#: allow (`vision.colour.Measured.nearest`) lies farther than this from it (tint35: on the
#: camera development sets the right white-pipped greys so measured reach within 0.2 at
#: the nearest, 6 of the 10 wrong ones stay beyond it)
GREY_TINTED_BOUNDED = 0.2


def grey_tinted(named, faces, calibration=None,
                frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named grey surely asked (DISAGREE at most) where its
    pips are white and its tint (log B/G, log R/G over the frame's white), measured with
    no channel clipped or crushed, lies farther than GREY_TINTED from the grey's
    reference, or, with one so, lies farther than GREY_TINTED_BOUNDED at the nearest its
    bounds allow (tint35), unless a calibration saw these dice's grey faces. Not where no
    white is in view. Its name is kept. Taken last, in vision.reader.named."""
    from . import colour

    if not any(n == "grey" and p >= CONFIRM_BELOW for n, p in named) or (
            calibration is not None and "grey" in calibration.dark_pips()):
        return list(named)
    white = colour.frame_white(faces, frame_light, plain=False)
    if white is None:
        return list(named)
    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    grey = refs["grey"][:2]
    kept = colour.kept_white(calibration, frame_light)
    dark = None if calibration is None else calibration.dark_pips()
    spread = colour.spreads(["grey"], dark or ())[0]
    out = list(named)
    for i, ((n, p), f) in enumerate(zip(named, faces)):
        if n != "grey" or p < CONFIRM_BELOW or not f.light_pips:
            continue
        m = colour.measured(f, white, kept=kept)
        if not m.crushed():
            far = float(np.linalg.norm(m.features()[:2] - grey)) > GREY_TINTED
        else:
            near = m.nearest(refs["grey"], spread, neutral=True)
            far = float(np.linalg.norm(near[:2] - grey)) > GREY_TINTED_BOUNDED
        if far:
            out[i] = (n, min(p, DISAGREE))
    return out


def grey_stretched(named, faces, calibration=None,
                   frame_light: float | None = None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named grey asked (DISAGREE at most) where the
    face reaches the grey only by a bound stretched more than GREY_STRETCH
    (`vision.colour.Measured.stretch`): taken last, after every naming."""
    from . import colour

    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    dark = None if calibration is None else calibration.dark_pips()
    spread = colour.spreads(["grey"], dark or ())[0]
    white = colour.frame_white(faces, frame_light, plain=False)
    kept = colour.kept_white(calibration, frame_light)
    return [(n, min(p, DISAGREE)) if n == "grey" and p > DISAGREE and colour.measured(
        f, white, kept=kept).stretch(refs["grey"], spread, neutral=True) > GREY_STRETCH
        else (n, p) for f, (n, p) in zip(faces, named)]


def _weighed(faces, values, allowed, calibration=None, frame_light: float | None = None,
             felt_bgr=None, other_white=None, neutral: bool = False,
             dice=None) -> list[tuple[str | None, float]]:
    """`weighed` against one white (`other_white`: the white for a frame with none in
    view, where the calibration keeps none; None: the camera's own balance), `neutral`:
    with a crushed channel bounded for grey and black (vision.colour.odds), `dice`: the
    thrown dice's faces (vision.colour_table.resolved)."""
    from . import colour

    refs = (colour.references() if calibration is None
            else calibration.references(colour.references()))
    dark = None if calibration is None else calibration.dark_pips()
    kept = colour.kept_white(calibration, frame_light, other_white)
    white = colour.frame_white(faces, frame_light, plain=False)
    # a crushed channel is a bound, not a value (vision.colour.FLOOR): such a face's odds
    # may miss its colour, so the other dice's faces rename it but never make it surer
    crushed = [colour.measured(f, white, clipped=False, kept=kept).crushed() for f in faces]
    first = told(values, colour.named(faces, calibration, frame_light, False,
                                      kept=other_white, neutral=neutral), allowed, dice, crushed)
    names = [n for n, _p in first]
    spread = dict(zip(refs, colour.spreads(list(refs), dark or ())))
    measured = [colour.measured(f, white, kept=kept) for f in faces]
    # each face as near its first name as its crushed channels allow (vision.colour.FLOOR)
    bounded = [c for c in colour.NEUTRAL if neutral]
    x = np.array([m.features() if n is None else m.nearest(refs[n], spread[n], n in bounded)
                  for m, n in zip(measured, names)])
    # the cast found from the first names, then once more from the names it gives
    # (SHIFT_ROUNDS)
    second, xs = first, x
    for _round in range(SHIFT_ROUNDS):
        shift = frame_shift(xs, [n for n, _p in second], refs, spread) if len(faces) \
            else np.zeros(3)
        second = told(values, colour.named(faces, calibration, frame_light, False,
                                           shift, other_white, neutral), allowed, dice, crushed)
        xs = np.array([m.features() if n is None else m.nearest(refs[n], spread[n],
                                                                n in bounded)
                       for m, (n, _p) in zip(measured, second)])
    out = agreed(first, second)
    # a crushed channel is a bound, not a value: its face is taken unasked only very
    # sure, and never with no white in view (the channel may be the light's doing)
    # (a channel clipped at the top is not held so: on the easy development tables it
    # asked about bright yellows and oranges named right)
    out = [(n, min(p, DISAGREE)) if c and (p < CRUSHED_SURE or white is None and not (
        p >= CRUSHED_KEPT_SURE and setup_saw(calibration, n, frame_light))) else (n, p)
           for (n, p), c in zip(out, crushed)]
    # a tint stretched beyond every colour's, or measured with no white, only very sure
    out = [(n, min(p, DISAGREE)) if (p < STRETCHED_SURE and stretched(xi, refs))
           or (white is None and p < NO_WHITE_SURE) else (n, p) for (n, p), xi in zip(out, x)]
    # a grey (or no colour) leaning towards a colour, more than the other faces' cast
    # explains, may be that colour faded
    leans = [leaning(f, white, refs, spread,
                     frame_shift(x, names[:i] + [None] + names[i + 1:], refs, spread), kept)
             if n in ("grey", None) else None for i, ((n, _p), f) in enumerate(zip(out, faces))]
    out = faded(out, leans, values, allowed)
    if felt_bgr is not None and white is not None:
        felt = [colour.features(b, white) for b in felt_bgr]
        out = felt_doubted(out, felt, refs, colour.SPREAD)
    # a die of no colour, named by its tint more than its lightness (GUESS_LIGHTNESS)
    wide = np.array([1.0, 1.0, GUESS_LIGHTNESS])
    far = [{c: m.distance2(refs[c], spread[c] * wide, c in bounded)
            for c in refs if c not in colour.PLAIN}
           if n is None else {} for m, (n, _p) in zip(measured, out)]
    out = guessed(out, far, values, allowed, dice=dice)
    # orange and yellow told apart by each other, under the one light
    out = told_apart(out, [m.features()[1] for m in measured], values, allowed)
    # an asked face lit in one channel only (a camera's matrix clipping the other two: a
    # blue at (254, 2, 2), an orange at (2, 3, 254)) has the noise's tint, far from every
    # colour: as values its two dark channels named such blues and oranges magenta. It is
    # named again, as a die of no colour, with both as bounds (up to what such a matrix
    # clips), its lit channel as measured (a bound at the top too let a blue reach grey).
    # Last: as measured its red over green still sets it apart from an orange or yellow.
    # (Hard development tables, 16 per light: 14 more dice named right, uncalibrated.)
    two = [p < CONFIRM_BELOW and int(np.sum(colour.crushed_channels(f.face_bgr))) == 2
           for f, (_n, p) in zip(faces, out)]
    far = [{c: colour.measured(f, white, False, kept, dark=2).distance2(
        refs[c], spread[c] * wide, c in bounded) for c in refs if c not in colour.PLAIN}
           if t else {} for f, t in zip(faces, two)]
    return guessed([(None, p) if t else (n, p) for t, (n, p) in zip(two, out)], far, values,
                   allowed, keep=out, dice=dice)


def setup_saw(calibration, name: str | None, frame_light: float | None = None) -> bool:
    """Whether the setup's calibration (under colours learnt in play, `Played`, the one
    they were learnt over: play alone never counts) keeps a white for a frame with none
    in view, learnt colour `name` from its own die and saw that die's pips."""
    from .learnt_colours import Played

    setup = calibration.over if isinstance(calibration, Played) else calibration
    return (setup is not None and name is not None and name in setup.colours()
            and name in setup.dark_pips() and setup.white_in(frame_light) is not None)


def told(values, odds, allowed, dice=None, crushed=None) -> list[tuple[str | None, float]]:
    """vision.colour_table.resolved with the thrown dice's faces (`dice`, where told), but
    a face with a crushed channel (`crushed`, per face) taken as `agreed` takes two casts,
    with its naming without them: renamed by the other dice's faces, never made surer.
    Ruling out a die's other colours made it sure where its odds missed its colour (a
    magenta crushed in blue, orange 0.67 and grey 0.33: the grey 4 lay on the die of a
    blue 2 read surely, so orange was left, 97% sure)."""
    from .colour_table import resolved

    named = resolved(values, odds, allowed, dice)
    if dice is None or not any(crushed or ()):
        return named
    alone = agreed(resolved(values, odds, allowed), named)
    return [a if c else n for n, a, c in zip(named, alone, crushed)]


def guessed(named, far, values, allowed, keep=None,
            dice=None) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), one named no colour given the nearest colour (`far`:
    per die, colour -> squared spreads) of those its value may carry that no other die of
    its value is named, asked (DISAGREE at most): the player is asked either way, and
    confirms a name rather than picking one (on the hard development tables 43 dice of
    1894 more named right uncalibrated by the odds' likeliest colour, 36 calibrated).
    `keep`: each die's name to keep where no colour is free (else it stays unnamed).
    `dice` (vision.Expect.dice, where told): the nearest of those colours with which the
    names still fit distinct thrown dice (`on_distinct`), where one does. A name given so
    is `Guessed`, keeping the nearest free colour by value alone (`Guessed.nearest`),
    free of the other guesses' untold names, as the dice untold would be named (untold38:
    a second guess's taken against the first's moved name lost its look, 814143)."""
    out = list(named)
    # each die's name as it would be untold, the guesses so far by their untold names
    untold = [looks(n) for n, _p in named]
    for i, (name, p) in enumerate(named):
        if name is not None:
            continue
        if keep is not None:
            out[i] = keep[i]
            untold[i] = looks(keep[i][0])
        free = [c for c in far[i] if (values[i], c) in allowed
                and not any(j != i and values[j] == values[i] and out[j][0] == c
                            for j in range(len(out)))]
        seen = [c for c in far[i] if (values[i], c) in allowed
                and not any(j != i and values[j] == values[i] and untold[j] == c
                            for j in range(len(untold)))]
        if seen:
            untold[i] = min(seen, key=lambda c: far[i][c])
        if free:
            others = [n for n, _p in out]
            fits = [c for c in free
                    if on_distinct(others[:i] + [c] + others[i + 1:], values, dice)]
            out[i] = (Guessed(min(fits or free, key=lambda c: far[i][c])),
                      min(p, DISAGREE))
            out[i][0].nearest = untold[i]
    return out


#: orange and yellow paints overlap (a maker's paint up to 22% off the stock in each
#: channel), but in one frame an orange face's red over green lies above a yellow one's:
#: on the hard development tables 0.52 log (median; 0.15 at the 10th percentile) where a
#: frame held both, while dice of one colour lay within 0.02-0.15 (90th percentile) of
#: each other. So the dice named orange or yellow that fall in two groups by red over
#: green, more than APART between them, are the redder orange, the others yellow
APART = 0.25


def told_apart(named, red_green, values, allowed) -> list[tuple[str | None, float]]:
    """Each die's (name, sureness), those named orange or yellow renamed by their red over
    green (`red_green`, log, over their white) where they fall in two groups (APART): the
    redder orange, the others yellow. A die renamed is asked (DISAGREE at most); nothing
    changes where a sure die would be renamed, or a value would not carry the name, or
    two dice of one value would take one colour."""
    dice = sorted((i for i, (n, _p) in enumerate(named) if n in ("orange", "yellow")),
                  key=lambda i: red_green[i])
    gaps = [k for k in range(1, len(dice))
            if red_green[dice[k]] - red_green[dice[k - 1]] > APART]
    if len(gaps) != 1:
        return list(named)
    out = list(named)
    for k, i in enumerate(dice):
        name, p = named[i]
        want = "yellow" if k < gaps[0] else "orange"
        if want != name:
            if p >= CONFIRM_BELOW or (values[i], want) not in allowed:
                return list(named)
            out[i] = (want, min(p, DISAGREE))
    taken = [(v, n) for v, (n, _p) in zip(values, out) if n is not None]
    return out if len(taken) == len(set(taken)) else list(named)
