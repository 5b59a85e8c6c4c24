"""`read(frame, expect)`: the finder net's candidate top faces -> the face net's pip count
(among the values the dice can show), taken surely only where a second witness counts
the same -> readings with colour and confidence;
`apply_expect` then drops surplus dice and flags what the colour table rules out."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from dataclasses import dataclass, replace

import numpy as np

from .reading import COLOURS, CONFIRM_BELOW, DieReading, Expect


@dataclass(frozen=True)
class Face:
    """A read top face in frame pixels."""

    value: int
    centre: tuple[float, float]
    size: float  # side of the face's upright box, px
    confidence: float
    face_bgr: np.ndarray  # the face's colour, pips left out
    pip_bgr: np.ndarray  # its pips' colour
    light_pips: bool  # its pips are lighter than the face (white pips)
    pip_contrast: float  # how much lighter (grey levels; negative: darker)
    refused: bool = False  # its likeliest count is one the dice cannot show (`values`)
    also: bool = False  # read by the second face net only (`also_seen`): always asked

    def bbox(self, w: int, h: int) -> tuple[int, int, int, int]:
        cx, cy = self.centre
        r = self.size / 2
        return (
            max(0, int(round(cx - r))),
            max(0, int(round(cy - r))),
            min(w - 1, int(round(cx + r))),
            min(h - 1, int(round(cy + r))),
        )


#: without a colour table (plain dice), a face named grey whose pips are less than this
#: much lighter (grey levels) is named None: white, ivory and marbled dice in dim light,
#: with dark or yellow pips, fall to grey, and no white in the frame tells them apart.
#: Under a colour table (a Charidice game: no plain dice) it is not asked, since the
#: Charidice grey is pale, its white pips as little as 25 levels lighter in dim light
LIGHT_PIPS_ABOVE = 56

#: the disc a face's colour is measured in, as a share of the face's upright box: at 45
#: degrees the face's inscribed circle is 0.354 of its box, and a wider disc took in the
#: tray at the corners (0.36 until the Charidice benchmark: a dark felt in the disc of a
#: grey 1 at 40 degrees made its white pip the face and the face "dark pips")
COLOUR_DISC = 0.3


def face_colour(frame: np.ndarray, cx: float, cy: float, size: float):
    """(median BGR of the face, mean BGR of its pips' core, whether the pips are
    lighter than the face, by how many grey levels).

    A disc of COLOUR_DISC x size in the face's middle is split by lightness (Otsu); the
    larger part is the face (pips cover at most about a third of it), the smaller the
    pips, whose part farther than their mean from the face's lightness is their core (a
    pip's blurred rim and the JPEG's blurred colour lie between). A disc of one lightness
    (no pips in it) gives the face's colour as its pips' too, not light: the face is then
    measured against the frame's white."""
    import cv2

    from .witness import median_rows

    h, w = frame.shape[:2]
    r = max(2, int(size * COLOUR_DISC))
    x0, y0 = max(0, int(cx) - r), max(0, int(cy) - r)
    patch = frame[y0 : min(h, int(cy) + r + 1), x0 : min(w, int(cx) + r + 1)]
    yy, xx = np.arange(y0, y0 + patch.shape[0])[:, None], np.arange(x0, x0 + patch.shape[1])
    disc = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    bgr = patch[disc]
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)[disc].reshape(-1, 1)
    _t, light = cv2.threshold(grey, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    light = light.ravel().view(bool)  # 0 or 1
    face = light if np.count_nonzero(light) * 2 >= light.size else ~light
    face_bgr = median_rows(bgr[face]).astype(np.float32)
    if face.all():
        return face_bgr, face_bgr, False, 0.0
    lum = grey.ravel().astype(np.float32)
    pips = lum[~face].mean()
    face_lum = float(lum[face].mean())
    light_pips = float(pips) > face_lum
    core = ~face & ((lum >= pips) if light_pips else (lum <= pips))
    contrast = float(lum[core].mean()) - face_lum
    return face_bgr, bgr[core].mean(axis=0).astype(np.float32), light_pips, contrast


#: the face net's softmax is over-sure; its probability is raised to this power so that
#: CONFIRM_BELOW (0.6) falls where it says 0.9: on the held-out photos, readings under
#: that were right only about 70% of the time, readings above it 98.5%
SHARPEN = 5.0


def confidence(score: float, probs: np.ndarray, value: int) -> float:
    """How sure the reading is: the face net's (sharpened) belief in the value, damped
    when the finder was unsure there is a die at all."""
    return float(probs[value]) ** SHARPEN * min(1.0, score / 0.5)


def check_frame(frame) -> None:
    """Refuse, saying what is needed, a frame the nets cannot read: OpenCV's own errors
    on one ("func != 0 in function 'resize'", or a ZeroDivisionError for an empty frame)
    say nothing to the caller, and 0-1 floats went through and read as no dice."""
    if getattr(frame, "ndim", 0) != 3 or frame.shape[2] != 3:
        what = f"shape {frame.shape}" if hasattr(frame, "shape") else type(frame).__name__
        raise ValueError(f"read() needs a BGR colour frame, H x W x 3, not {what}")
    if frame.dtype != np.uint8:
        raise ValueError(
            f"read() needs a BGR frame of 8-bit pixels (uint8, 0-255), not {frame.dtype}"
        )
    if not frame.size:
        raise ValueError(f"read() needs a frame with pixels; {frame.shape} has no pixels")


def read_faces(frame: np.ndarray, values=None, closer: bool = True,
               weak: list | None = None, also: bool = True) -> list[Face]:
    """The faces read in a BGR frame, in reading order (top to bottom, left to right).

    `closer`: a frame whose long side is not WORK_SIDE (a photo) whose sure dice are
    small (or none) is also read twice and four times as close (MAX_ZOOM,
    `small_or_none`); a live camera's frames never are, whatever their size
    (the camera path passes False): the camera is aimed so the tray fills the view, and a
    read is paid several times a throw.

    `values`, the pip counts the dice can show (None: any), refuses the others: where the
    face net's likeliest count is one these dice cannot show (a 6 taken for a 7), the face
    reads as its likeliest possible count, with the low confidence the net gives that, so
    the player is asked. Whether a die is there at all is decided over every count.
    `weak`: a list, filled with the first look's candidates `faces_at` gives it.
    `also`: False reads without the second face net (`also_seen`; a setup frame's way)."""
    from . import net

    check_frame(frame)
    possible = [v for v in range(1, 8) if values is None or v in values]
    if not possible:  # once read as any count: what the game ruled out passed unasked
        raise ValueError(f"values must hold pip counts from 1 to 7, not {sorted(values)}")
    best = faces_at(frame, possible, weak=weak, also=also)
    zoom = 1.0
    while (closer and zoom < MAX_ZOOM and max(frame.shape[:2]) != net.WORK_SIDE
           and small_or_none(best, frame)):
        zoom *= 2  # a photo, not the camera's frame: are its dice too small to see?
        closer = faces_at(frame, possible, zoom)
        if _sure(closer, unless_against=best) <= _sure(best):
            break
        best = closer
    return best


def witnessed(frame: np.ndarray, faces: list[Face], colours: bool = False) -> list[Face]:
    """The faces, each sure one whose pips a second witness (`witness.pip_count`, which
    fails otherwise than the face net) counts otherwise, or cannot count, made doubtful:
    a reading is taken unasked only when the two agree (docs/vision.md, "Two
    witnesses"). `colours`: their colours are read too (a colour table): the witness
    counts by Otsu's thresholds only, not the steps past them (`witness._steady`): the
    faint-pipped faces only those steps count are where a camera fades the dyes, and a
    colour named wrong surely there was asked for its value before (docs/vision.md,
    gate26)."""
    from . import top_face
    from .witness import pip_count

    # the count first, for each sure face; the look with context (the top-face veto,
    # which `pip_count` takes last) then for the faces whose count agrees, all in one
    # pass of its net: the same verdicts as `pip_count`'s own look, face by face
    sure = [i for i, f in enumerate(faces) if f.confidence >= CONFIRM_BELOW]
    agree = [i for i in sure
             if pip_count(frame, *faces[i].centre, faces[i].size, faces[i].value, False,
                          not colours) == faces[i].value]
    odds = top_face.odds_at(frame, [(*faces[i].centre, faces[i].size) for i in agree])
    taken = {i for i, o in zip(agree, odds) if o >= top_face.ODDS_MIN}
    return [replace(f, confidence=min(f.confidence, UNWITNESSED))
            if i in sure and i not in taken else f for i, f in enumerate(faces)]


#: what a sure reading the second witness does not confirm is cut to: under
#: CONFIRM_BELOW, so the player is asked, but over NARROW_CONFIDENCE, so that a game that
#: knows how many dice were thrown drops a reading of odd size or cut by the edge first
UNWITNESSED = 0.55


#: a frame of another size than the camera's (WORK_SIDE; those are read as fast as the box
#: needs) is also read twice, then four times, as close, and the read with the most sure
#: dice kept: in a phone photo of a whole table, or a small photo, dice 10-20 px wide at
#: WORK_SIDE are missed or read in groups, but closer they read as well as the camera's;
#: closer still, the pips of dice of the usual size are taken for dice, but not surely
#: (docs/vision.md, "Photos of small dice")
MAX_ZOOM = 4.0
#: ... but only where the dice read surely are narrower than this (px at WORK_SIDE), or
#: fewer than two are read surely: dice of one set are alike in size, and closer looks
#: at dice this wide found at most one die more in 150 (matteop65 held out shrunk to 37
#: px: 149 -> 150 right), for 2-8 times the time (a 512x384 photo of 40-px dice: about
#: 150 ms; docs/vision.md, "Speed")
CLOSER_BELOW = 40.0


def small_or_none(faces: list[Face], frame: np.ndarray) -> bool:
    """Whether the dice read surely are narrower than CLOSER_BELOW at WORK_SIDE, or fewer
    than two are read surely (a group of tiny dice can read as one big die): then a
    closer look may find dice too small to see."""
    from . import net

    sure = [f.size for f in faces if f.confidence >= CONFIRM_BELOW]
    scale = min(1.0, net.WORK_SIDE / max(frame.shape[:2]))
    return len(sure) < 2 or float(statistics.median(sure)) * scale < CLOSER_BELOW


def _sure(faces: list[Face], unless_against: list[Face] = ()) -> int:
    """How many faces are read surely, less those where a face of `unless_against` (a
    read from further away) reads another value: a value changed by looking closer is a
    question, not a die gained (a glossy 3 whose centre pip runs into a glare streak,
    doubted at one size, is surely a 2 at twice it)."""
    def against(f: Face) -> bool:
        return any(g.value != f.value and np.hypot(f.centre[0] - g.centre[0],
                                                   f.centre[1] - g.centre[1]) < f.size / 2
                   for g in unless_against)

    return sum(f.confidence >= CONFIRM_BELOW and not against(f) for f in faces)


def faces_at(frame: np.ndarray, possible, zoom: float = 1.0,
             weak: list | None = None, also: bool = True) -> list[Face]:
    """The faces read in a frame, its usual-size dice looked for at `zoom` times
    WORK_SIDE (`net.find_dice`), in reading order. `weak`: a list, filled with the
    first look's candidates down to passed_over.WEAK_PEAK (those from net.PEAK_MIN up
    are the usual ones): vision.passed_over's, from the same finder pass."""
    from . import net
    from .passed_over import WEAK_PEAK

    if weak is None:
        found = net.find_dice(frame, zoom=zoom)
    else:  # one finder pass: its candidates from PEAK_MIN up are find_dice's own
        weak.extend(net.find_dice(frame, WEAK_PEAK, zoom))
        found = [f for f in weak if f.score >= net.PEAK_MIN]
    # the second face net reads the first look's turned-down candidates (`also_seen`)
    turned_down: list | None = [] if also and zoom == 1.0 else None
    dice = _dice(frame, found, possible, turned_down)
    if not any(confidence(f.score, p, v) >= CONFIRM_BELOW for f, p, v in dice):
        dice += _dice(frame, net.find_huge_dice(frame), possible)  # the first read no sure die
    usual = [d for d in dice if not d[0].big]
    big = [d for d in dice if d[0].big and not any(small_dice_there(d, u) for u in usual)]
    faces: list[Face] = []
    for f, p, value in sorted(big, key=_by_score) + sorted(usual, key=_by_score):
        if any(on_the_same_die(f, g) for g in faces):
            continue  # a second peak on a die already read, or a big die's pip
        faces.append(
            Face(
                value,
                (f.cx, f.cy),
                f.size,
                confidence(f.score, p, value),
                *face_colour(frame, f.cx, f.cy, f.size),
                refused=int(np.argmax(p[1:])) + 1 != value,
            )
        )
    faces += also_seen(frame, faces, turned_down, possible)
    faces = alike_in_size(not_bare_table(frame, not_coins(frame, faces)))
    return reading_order(cut_by_the_edge(faces, frame.shape[1], frame.shape[0]))


def _dice(frame: np.ndarray, found, possible, turned_down: list | None = None) -> list:
    """(candidate, probabilities, value) for the candidates the face net sees a die top
    face in, valued at their likeliest `possible` count; the others (usual-look ones,
    not `big`) added to `turned_down`, if given."""
    from . import net

    dice = []
    for f, p in zip(found, net.read_crops(frame, found)):
        if p[1:].max() > p[0]:
            dice.append((f, p, max(possible, key=p.__getitem__)))
        elif turned_down is not None and not f.big:
            turned_down.append(f)
    return dice


#: a reading of the second face net (`also_seen`) is always asked: its confidence is cut
#: to this, under NARROW_CONFIDENCE, so that a game that knows how many dice were thrown
#: drops it before a reading of odd size or cut by the edge
ALSO_CONFIDENCE = 0.45
#: ... and it is taken only where that net's belief in its value is at least this (on
#: the aws training rows, --values 1-6: right 589 -> 607 at 0.5, 608 with no threshold
#: but one more wrong, 602 at 0.7). Only the first look's candidates (zoom 1: the closer
#: looks at a photo, where pips pass for dice, gained nothing) and not the big dice's
#: looks' (where the shipped nets met coins) are read so; each crop once, unturned
ALSO_MIN = 0.5


def also_seen(frame: np.ndarray, faces: list[Face], turned_down: list | None,
              possible) -> list[Face]:
    """The face nets' union: faces the second face net (net.FACES_ALSO_FILE) sees among
    the candidates the face net turned down (`turned_down`), strongest first, off the read
    `faces` and each other, each at its likeliest `possible` count, asked (ALSO_CONFIDENCE
    at most): dice seen obliquely (aws-dice-workshop) the shipped face net says are none
    (docs/vision.md, "The face nets' union"). None with other nets than the shipped ones."""
    from . import net

    # those on a die read already are not read (their crops cost 1 ms each)
    turned_down = [f for f in turned_down or () if not any(on_the_same_die(f, g) for g in faces)]
    probs = net.read_turned_down(frame, turned_down) if turned_down else None
    if probs is None:
        return []
    seen: list[Face] = []
    for f, p in sorted(zip(turned_down, probs), key=lambda d: -d[0].score):
        value = max(possible, key=p.__getitem__)
        if (p[1:].max() <= p[0] or p[value] < ALSO_MIN
                or any(on_the_same_die(f, g) for g in seen)):
            continue
        seen.append(Face(value, (f.cx, f.cy), f.size,
                         min(confidence(f.score, p, value), ALSO_CONFIDENCE),
                         *face_colour(frame, f.cx, f.cy, f.size),
                         refused=int(np.argmax(p[1:])) + 1 != value, also=True))
    return seen


def not_coins(frame: np.ndarray, faces: list[Face]) -> list[Face]:
    """The faces, sure ones of round things without a die's square corners (coins)
    made doubtful: the nets learnt coins as no dice, but coins they never saw (a relief,
    a numeral, a shine) they read as 1s, 2s and 3s surely (`shape.round_not_square`)."""
    from .shape import round_not_square

    return [replace(f, confidence=min(f.confidence, NARROW_CONFIDENCE))
            if f.confidence >= CONFIRM_BELOW and round_not_square(frame, *f.centre, f.size)
            else f for f in faces]


def not_bare_table(frame: np.ndarray, faces: list[Face]) -> list[Face]:
    """The faces, sure ones as wide as the look for huge dice finds (`net.HUGE_SIDE` or
    wider at WORK_SIDE) that show nothing of a die made doubtful: on an empty tray the
    looks for big and huge dice took plain felt with coins on it, or a coin on a
    shadow, for a die whose pips are the coins (`shape.no_die_there`; docs/vision.md,
    "Dice filling the frame")."""
    from . import net, shape

    scale = min(1.0, net.WORK_SIDE / max(frame.shape[:2]))
    return [replace(f, confidence=min(f.confidence, NARROW_CONFIDENCE))
            if f.confidence >= CONFIRM_BELOW and f.size * scale >= net.HUGE_SIDE
            and shape.no_die_there(frame, *f.centre, f.size) else f for f in faces]


#: dice in one frame are alike in size (one set, one camera): a doubtful reading less than
#: this times as wide as the frame's sure dice is a big die's side face or a speck
ALIKE = 0.5
#: ... and a sure one less than this times as wide is doubted: the finder sized a part of
#: a die, or something that is no die (measured: docs/vision.md, "Sure but narrow")
NARROW = 0.7
#: ... and a sure one more than this times as wide is doubted too: a tray's hole or a
#: button read as a big 1 among the dice (right readings reach 1.44 at most, measured:
#: docs/vision.md, "Sure but wide")
WIDE = 2.0
#: what an odd-sized (or cut) reading's confidence is cut to: under CONFIRM_BELOW, so the
#: player checks it, and a game that knows how many dice were thrown drops it first
NARROW_CONFIDENCE = 0.5


def alike_in_size(faces: list[Face]) -> list[Face]:
    """The faces, less doubtful ones much narrower than the sure ones, and sure ones
    rather narrower, or much wider, made doubtful. A face doubtful only because its count
    was refused is a die the player is asked about, never a speck to drop."""
    sure = [f.size for f in faces if f.confidence >= CONFIRM_BELOW]
    if not sure:
        return faces
    median = float(statistics.median(sure))  # np.median's number
    kept = [f for f in faces
            if f.confidence >= CONFIRM_BELOW or f.refused or f.size >= ALIKE * median]
    return [replace(f, confidence=min(f.confidence, NARROW_CONFIDENCE))
            if not NARROW * median <= f.size <= WIDE * median else f for f in kept]


#: a face whose upright box reaches beyond the frame by more than this share of its size
#: is cut by the edge of the view, and its hidden part may hold pips: it is doubted (of
#: 271 readings of synthetic dice 5-45% out of view, all 5 sure mistakes lie beyond
#: this, with 64 sure right ones; docs/vision.md, "Cut by the edge")
CUT = 0.25


def cut_by_the_edge(faces: list[Face], w: int, h: int) -> list[Face]:
    """The faces, those the edge of a w x h frame cuts made doubtful."""
    def beyond(f: Face) -> float:
        (cx, cy), r = f.centre, f.size / 2
        return max(0.0, r - cx, r - cy, cx + r - w, cy + r - h)

    return [replace(f, confidence=min(f.confidence, NARROW_CONFIDENCE))
            if beyond(f) > CUT * f.size else f for f in faces]


def _by_score(d) -> float:
    return -d[0].score


def strength(d, of_value: bool = True) -> float:
    """How strongly a (candidate, probabilities, value) says "a die of this value" (or, not
    `of_value`, "a die here", whatever its value): the finder's heat times the face net's
    sharpened belief."""
    f, p, value = d
    return f.score * float(p[value] if of_value else 1.0 - p[0]) ** SHARPEN


def small_dice_there(big, usual) -> bool:
    """Whether a usual-size reading inside a big-die candidate outweighs it: then the big
    candidate is a group of small dice (or the same die seen at both sizes) and the
    usual readings stand. A group's dice are each sure of their value, while a big die's
    pips, taken for dice at full size, are unsure what they show: so values weigh. But
    a lone small die on a plain table looks like a big 1 at half size, and is surely a
    die even when its pips are hard to count: so against a big 1, being a die weighs
    (a big 1's pip is seldom taken for a die; two in matteop65's 2.5x close-ups were)."""
    if not big[0].holds(usual[0]):
        return False
    return strength(usual, of_value=big[2] != 1) >= strength(big)


def on_the_same_die(f, g: Face) -> bool:
    """Whether candidate f is a second peak on the read face g (within half a die of it)
    or, g being much bigger, one of g's pips (its centre in g's box)."""
    dx, dy = abs(f.cx - g.centre[0]), abs(f.cy - g.centre[1])
    if np.hypot(dx, dy) < 0.5 * min(f.size, g.size):
        return True
    return g.size >= 1.6 * f.size and max(dx, dy) < 0.5 * g.size


def reading_order(faces: list[Face]) -> list[Face]:
    """Rows top to bottom (a die more than half a die lower than a row's first starts a
    new row), each row left to right."""
    rows: list[list[Face]] = []
    for f in sorted(faces, key=lambda f: f.centre[1]):
        if rows and f.centre[1] - rows[-1][0].centre[1] <= 0.5 * rows[-1][0].size:
            rows[-1].append(f)
        else:
            rows.append([f])
    return [f for row in rows for f in sorted(row, key=lambda f: f.centre[0])]


def read(frame: np.ndarray, expect: Expect | None = None, calibration=None,
         closer: bool = True) -> list[DieReading]:
    """Read the dice; with a colour table (`expect.colours`), a die's colour is weighed
    with the other dice's (vision.colour_table) and its confidence is the lesser of its
    value's and its colour's, so an uncertain colour is asked about. Without one the
    colour is only a name: the confidence is the value's, as for plain dice.
    Where the game's count (`expect.count`) says more dice were thrown than were read,
    the finder's other candidates alike in size are added, asked (vision.passed_over):
    the others' colours are named as without them, the added ones' beside those."""
    from .passed_over import named_beside, passed_over

    possible = expect.values if expect is not None else None
    counted = expect is not None and expect.count is not None
    weak: list | None = [] if counted else None
    faces = witnessed(frame, read_faces(frame, possible, closer, weak),
                      colours=expect is not None and expect.colours is not None)
    if counted:
        faces = within_count(faces, expect.count)
    # the shipped face net's faces are named as without the second's (`also_seen`), whose
    # faces are named beside them
    shipped = [f for f in faces if not f.also]
    colours = named(frame, shipped, expect, calibration)
    if len(shipped) < len(faces):
        colours = _in_order(faces, colours,
                            named_also(frame, shipped, colours, expect, calibration,
                                       [f for f in faces if f.also]))
    if counted and len(faces) < expect.count:
        added = passed_over(frame, faces, weak, expect.count - len(faces),
                            [v for v in range(1, 8) if possible is None or v in possible])
        if added:
            colours += named_beside(frame, faces, colours, added, expect, calibration)
            faces = faces + added
            at = {id(f): i for i, f in enumerate(faces)}
            order = [at[id(f)] for f in reading_order(faces)]
            faces, colours = [faces[i] for i in order], [colours[i] for i in order]
    h, w = frame.shape[:2]
    out = [
        DieReading(
            value=f.value,
            colour=name,
            bbox=f.bbox(w, h),
            # down: 0.5996 is not sure
            confidence=math.floor(min(f.confidence, sure) * 1000) / 1000,
        )
        for f, (name, sure) in zip(faces, colours)
    ]
    if expect is not None:
        out = apply_expect(out, expect)
    return out


def within_count(faces: list[Face], count: int) -> list[Face]:
    """The faces, those of the second face net (`also_seen`) beyond the game's `count`
    dropped, weakest first: a die the shipped face net read, sure or asked, never gives
    way to one of them (`apply_expect` then drops the shipped net's doubtful ones beyond
    the count, as without the second net)."""
    also = sorted((i for i, f in enumerate(faces) if f.also), key=lambda i: faces[i].confidence)
    drop = set(also[:max(0, len(faces) - count)])
    return [f for i, f in enumerate(faces) if i not in drop]


def named_also(frame: np.ndarray, faces: list[Face], colours: list, expect: Expect | None,
               calibration, also: list[Face]) -> list[tuple[str | None, float]]:
    """(colour, how sure) of the second face net's faces (`also`), the shipped net's
    `faces` named `colours`: beside them (passed_over.named_beside) under a colour
    table, else named as `named` names them with the others."""
    from .passed_over import named_beside

    if expect is None or expect.colours is None:
        return named(frame, faces + also, expect, calibration)[len(faces):]
    return named_beside(frame, faces, colours, also, expect, calibration)


def _in_order(faces: list[Face], colours: list, also: list) -> list:
    """`colours` of the shipped net's faces and `also` of the others, in `faces`' order."""
    first, rest = iter(colours), iter(also)
    return [next(rest) if f.also else next(first) for f in faces]


def named(frame: np.ndarray, faces: list[Face], expect: Expect | None,
          calibration=None) -> list[tuple[str | None, float]]:
    """(colour, how sure) per face: weighed together under a colour table
    (`expect.colours`), else each a name only (sure: 1.0); none in a colourless frame."""
    from . import colour as colour_mod
    from .colour_doubt import (
        alike_apart,
        alike_unwhite,
        grey_light,
        grey_tinted,
        grey_unshown,
        plain,
        sure_uncalibrated,
        weighed,
        yellow_open,
    )

    if colourless(frame):
        return [(None, 1.0)] * len(faces)
    table = expect is not None and expect.colours is not None  # no plain dice then
    if calibration is not None:  # one bound to its setup's lamp: not under another
        calibration = calibration.under(faces, colour_mod.light_of(frame), not table)
    if not table:
        odds = colour_mod.named(faces, calibration, colour_mod.light_of(frame))
        return [(colour_mod.best(p) if colour_mod.best(p) != "grey"
                 or f.pip_contrast >= LIGHT_PIPS_ABOVE else None, 1.0)
                for f, p in zip(faces, odds)]
    values, light = [f.value for f in faces], colour_mod.light_of(frame)
    felt = colour_mod.surroundings(frame, faces)
    colours = weighed(faces, values, set(expect.colours), calibration, light, felt,
                      expect.dice)
    part = calibration is not None and set(calibration.colours()) < set(COLOURS)
    if part or (calibration is not None and any(p < CONFIRM_BELOW for _n, p in colours)):
        uncalibrated = weighed(faces, values, set(expect.colours), None, light, felt,
                               expect.dice)
        if part:  # taken in part: the colours not learnt are named as uncalibrated
            colours = calibration.doubted(colours, uncalibrated, values)
        colours = sure_uncalibrated(colours, uncalibrated, values, expect.dice)
    # last, once the names are given: a grey beside a few asked dice whose colours show a
    # camera fading them (not in `weighed`: a calibrated die asked takes its uncalibrated
    # name where that is sure, and this asks about a name, never changes one)
    colours = grey_unshown(colours, faces, calibration, light, fewer=True)
    # a grey with dark pips as light as the white, leaning towards yellow: a faded yellow
    colours = grey_light(colours, faces, calibration, light)
    # a grey with white pips tinted beyond the grey's spread: a colour the camera turned
    colours = grey_tinted(colours, faces, calibration, light)
    colours = alike_unwhite(colours, faces, calibration, light)
    colours = alike_apart(colours, faces, calibration, light)
    colours = yellow_open(colours, faces, calibration, light)
    from .learnt_colours import Played

    if isinstance(calibration, Played):  # colours learnt from play: no surer than before
        from .colour_doubt import DISAGREE

        before = named(frame, faces, expect, calibration.over)
        colours = [(n, min(p, q) if n == m else min(p, DISAGREE))
                   for (n, p), (m, q) in zip(colours, before)]
    return plain(colours)


def colourless(frame: np.ndarray) -> bool:
    """Whether the frame holds no colour at all: its three channels equal (a greyscale
    photo, a monochrome camera), where every face is as grey as the Charidice grey or
    black and no colour can be told (a red die was named "grey"). Every 4th pixel of
    every 4th row; a colour camera's noise makes the channels differ everywhere, so
    the first of those rows is looked at alone first: where it holds colour, so does the
    frame (most reads end there, for a twentieth of the time)."""
    s = frame[::4, ::4]
    return _grey(s[:1]) and _grey(s)


def _grey(pixels: np.ndarray) -> bool:
    """Whether no pixel's channels differ by more than 1."""
    s = pixels.astype(np.int16)
    return int((s.max(axis=2) - s.min(axis=2)).max()) <= 1


def apply_expect(readings: list[DieReading], expect: Expect) -> list[DieReading]:
    """Drop doubtful readings beyond `expect.count` and flag (never invent) faces the
    colour table rules out. Values the dice cannot show were refused already, in
    `read_faces`. Sure readings beyond the count are kept: more dice than were thrown
    lie in view (dice set aside but left on the tray), and only the players know which
    were thrown, so the game must ask rather than pick."""
    res = list(readings)
    if expect.count is not None and len(res) > expect.count:
        # drop the least confident doubtful ones (reading order kept): most likely no dice
        sure = sum(not r.needs_confirmation for r in res)
        doubtful = sorted((i for i, r in enumerate(res) if r.needs_confirmation),
                          key=lambda i: res[i].confidence)
        drop = set(doubtful[: len(res) - max(expect.count, sure)])
        res = [r for i, r in enumerate(res) if i not in drop]
    # every die of a repeated pair is flagged: either may be the misread one
    times = Counter((r.value, r.colour) for r in res)
    flagged = []
    for r in res:
        flag = ""
        if expect.colours is not None:
            pair = (r.value, r.colour)
            if r.colour is None:  # no Charidice colour near it: a plain die, or odd light
                flag = f"the colour of this {r.value} could not be told"
            elif pair not in expect.colours:
                flag = f"{r.colour} {r.value} is not a face of these dice"
            elif times[pair] > 1:
                flag = f"another die also reads as {r.colour} {r.value}"
        if flag:
            r = replace(r, flag=flag, confidence=min(r.confidence, 0.3))
        flagged.append(r)
    return flagged
