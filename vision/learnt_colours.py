"""A table's colours learnt from the throws its players confirmed (issue 35, learn29).

At a table the lamp, the camera and the dice stay all evening, and every Charidice throw
the players confirm (the dice asked about answered, the sure ones let pass) is a frame
of faces with their colour names under that light: what a setup frame gives, a little
at a time. `Learnt` keeps what each confirmed throw's dice look like (measured as a
setup's are, over the throw's own white: `vision.calibrate.measured`) and gives the
calibration for the table's next throws (`Learnt.calibration`): the setup's colours
kept as the setup learnt them, each colour it did not learn (all six where there was
no setup, or it was refused) learnt from play once LEARNT_FROM_DICE dice of it were
confirmed, the rest left as the setup left them (or at their stock references moved by
the throws' cast, named as uncalibrated where unsure: `Calibration.doubted`). A throw
read so is named no surer than without what play taught (`Played`).

The safeguards are a setup's: a throw whose names another order of them fits better by
more than `calibrate.AMBIGUOUS_WITHIN` (the order check of `calibrate.fitted`), or
whose named dice run against the colours' order (`calibrate.IN_ORDER`), teaches
nothing; a die further than `calibrate.TOO_FAR` from its colour under the throw's cast
is not learnt. Only the dice the players were asked about and answered are learnt
(`answered`): a sure die is let pass under the name it was read with, and a wrong one
nobody corrects would teach its colour another's look (learning the sure dice too, on
the development tables through a camera 13 colours were learnt so, and the silent
errors nearly doubled); the sure dice's names still count in the throw's checks.
Cheap: a throw costs one measure of its dice (no net) and its order check (the orders
of its names, at most 720). `Learnt.to_json`/`from_json` keep it in a file (the companion
keeps the game in play's beside its store, `companion.calibration.KeptLearnt`), tied to
the calibration it was learnt over (`over`). Each throw remembers the stored step it came
from (`step`), so that an undo forgets what it taught (`Learnt.forget`, issue 35, undo31).
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field

import numpy as np

from .calibrate import Calibration
from .reading import COLOURS

#: a colour is learnt from play once this many confirmed dice of it were learnt (over
#: the table's throws; candidates L1 and L3 of learn29's rule)
LEARNT_FROM_DICE = 2

#: the version of `Learnt.to_json`
VERSION = 1


def over(base) -> str:
    """The identity of the calibration a table learnt over (None: none), as its file
    keeps it: a hash of the calibration's JSON (`Calibration.to_json`, rounded as its
    file is, so the calibration read back from its file is the same one)."""
    if base is None:
        return "none"
    text = json.dumps(base.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Played(Calibration):
    """A calibration with colours learnt from play (`Learnt.calibration`), over `over`
    (the setup's calibration, or None): the reader names a throw with it, each die as
    sure as the lesser of that and the naming with `over` alone, asked where the two
    differ (`vision.reader.named`): play changes the names given, and makes no die surer
    than before (learnt from the dice asked alone, the colours made the reader surer,
    also where wrong: silent dice 10 -> 18 on the development tables through a camera)."""

    over: Calibration | None = None


@dataclass(frozen=True)
class Die:
    """One confirmed die of a throw, as learnt: its colour's name, its features (nearest
    its colour's stock reference under the throw's cast, as `calibrate.fitted` keeps a
    setup's) and whether its pips were dark."""

    name: str
    features: tuple[float, float, float]
    dark_pips: bool
    step: int | None = None  # the stored step of its throw (None: not known)


@dataclass
class Learnt:
    """The confirmed throws of one table so far, learnt on top of its setup's
    calibration (`base`: None where there was none, or it was refused)."""

    base: object = None  # vision.calibrate.Calibration | None
    dice: list[Die] = field(default_factory=list)
    casts: list[tuple[float, float, float]] = field(default_factory=list)
    lamp_only: bool = False
    #: throws taught (any die learnt) and refused (the order checks)
    taught: int = 0
    refused: int = 0
    #: each throw taught (as `casts`): its stored step (None: not known, as in a file
    #: written before steps were kept) and whether a lamp alone lit it
    throws: list[tuple[int | None, bool]] = field(default_factory=list)
    #: the stored steps of the throws refused whose step is known
    refusals: list[int] = field(default_factory=list)

    def __post_init__(self):
        if len(self.throws) < len(self.casts):  # not known: each as the whole was lit
            self.throws = list(self.throws) + [(None, self.lamp_only)] * (
                len(self.casts) - len(self.throws))

    def add_frame(self, frame: np.ndarray, boxes, names, answered=None,
                  step: int | None = None) -> list[int]:
        """Learn a confirmed throw from its camera frame: each die's box (x0, y0, x1,
        y1, as `vision.read` gave it) and its confirmed colour (None: not known, a die
        typed in or left out); `answered`: the dice (indices) the players were asked
        about and answered, the only ones learnt (None: all); `step`: the stored step of
        the throw (what `forget` forgets). Returns which dice (indices) were learnt."""
        from . import colour
        from .reader import Face, face_colour

        faces, named = [], []
        for (x0, y0, x1, y1), name in zip(boxes, names):
            cx, cy, size = (x0 + x1) / 2, (y0 + y1) / 2, float(max(x1 - x0, y1 - y0))
            if name not in COLOURS or size < 4:
                name, size = None, max(size, 4.0)
            faces.append(Face(1, (cx, cy), size, 1.0, *face_colour(frame, cx, cy, size)))
            named.append(name)
        return self.add_faces(faces, named, colour.light_of(frame), answered, step)

    def add_faces(self, faces, names, frame_light: float | None = None,
                  answered=None, step: int | None = None) -> list[int]:
        """Learn a confirmed throw from its faces (`vision.reader.Face`) and their
        confirmed colours (None: not known); returns which (indices) were learnt (none:
        the throw refused). Only the dice `answered` (indices; None: all) are learnt:
        the others' names count in the throw's order checks and cast."""
        from . import calibrate, colour

        keep = [i for i, n in enumerate(names) if n in COLOURS]
        faces, names = [faces[i] for i in keep], [names[i] for i in keep]
        if not faces:
            return []
        try:
            x = calibrate.measured(faces, frame_light)
        except ValueError:  # no light pips: nothing to measure them against
            return []
        pips = [f.light_pips for f in faces]
        if _out_of_order(faces, names) or _reordered(x, pips, names):
            self.refuse(step)
            return []
        far = set(calibrate._far(x, pips, names))
        learn = [i for i in range(len(faces))
                 if i not in far and (answered is None or keep[i] in answered)]
        if not learn:
            return []
        refs, s = colour.references(), colour.spreads([names[i] for i in learn])
        shift = calibrate._cast([x[i] for i in learn], [names[i] for i in learn])
        dice = []
        for k, i in enumerate(learn):
            at = x[i].nearest(refs[names[i]] + shift, s[k])
            dice.append(Die(names[i], tuple(round(float(v), 4) for v in at),
                            not faces[i].light_pips))
        self.teach(dice, tuple(float(v) for v in shift),
                   calibrate.lamp_only(faces, frame_light), step)
        return [keep[i] for i in learn]

    def teach(self, dice, cast, lamp_only: bool, step: int | None = None) -> None:
        """One throw taught: its dice learnt (`Die`), its cast, whether a lamp alone lit
        it, and its stored step (None: not known)."""
        self.dice.extend(Die(d.name, d.features, d.dark_pips, step) for d in dice)
        self.casts.append(tuple(cast))
        self.throws.append((step, bool(lamp_only)))
        self.lamp_only |= bool(lamp_only)
        self.taught += 1

    def refuse(self, step: int | None = None) -> None:
        """One throw refused (the order checks), of stored step `step` (None: not known)."""
        self.refused += 1
        if step is not None:
            self.refusals.append(step)

    def forget(self, step: int) -> bool:
        """Forget the throw of stored step `step` (undone): its dice, its cast, its count,
        as if it had never been learnt (or refused). Whether there was anything to forget
        (none for a throw typed by hand, or one learnt before steps were kept)."""
        gone = {i for i, (at, _lamp) in enumerate(self.throws) if at == step}
        refusals = self.refusals.count(step)
        if not gone and not refusals:
            return False
        self.dice = [d for d in self.dice if d.step != step]
        self.casts = [c for i, c in enumerate(self.casts) if i not in gone]
        self.throws = [t for i, t in enumerate(self.throws) if i not in gone]
        self.lamp_only = any(lamp for _at, lamp in self.throws)
        self.taught -= len(gone)
        self.refusals = [at for at in self.refusals if at != step]
        self.refused -= refusals
        return True

    def to_json(self) -> dict:
        """The throws learnt, plainly: each die (its colour, features, dark pips), each
        throw's cast, whether a lamp alone lit them, the counts, and the calibration they
        were learnt over (`over`; the calibration itself is kept in its own file), and
        the stored step of each die, of each throw taught (with whether a lamp alone lit
        it) and of each throw refused (null: not known)."""
        return {"version": VERSION, "over": over(self.base),
                "dice": [[d.name, list(d.features), d.dark_pips, d.step] for d in self.dice],
                "casts": [list(c) for c in self.casts], "lamp only": self.lamp_only,
                "taught": self.taught, "refused": self.refused,
                "steps": [[at, lamp] for at, lamp in self.throws],
                "refused steps": list(self.refusals)}

    @classmethod
    def from_json(cls, data, base=None) -> Learnt:
        """What `to_json` wrote, learnt over `base` (the calibration in use: None where
        there is none); ValueError, saying what is wrong, for anything else, or for throws
        learnt over another calibration. A file written before steps were kept (no
        "steps", each die of three) is read as before: its throws' steps not known, an
        undo leaves what they taught."""
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise ValueError(f"not colours learnt in play of version {VERSION}")
        if data.get("over") != over(base):
            raise ValueError("learnt over another colour calibration")

        def three(x) -> bool:
            return (isinstance(x, list) and len(x) == 3 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and np.isfinite(v)
                for v in x))

        def count(key: str) -> int:
            n = data.get(key)
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"{key!r} must be a count")
            return n

        def step(x) -> bool:
            return x is None or (isinstance(x, int) and not isinstance(x, bool) and x >= 0)

        dice, casts = data.get("dice"), data.get("casts")
        if not isinstance(dice, list) or not all(
                isinstance(d, list) and len(d) in (3, 4) and d[0] in COLOURS and three(d[1])
                and isinstance(d[2], bool) and step(d[3] if len(d) == 4 else None)
                for d in dice):
            raise ValueError("each die learnt needs a colour, three numbers and its pips")
        if not isinstance(casts, list) or not all(three(c) for c in casts):
            raise ValueError("each throw's cast needs three numbers")
        lamp_only = data.get("lamp only")
        if not isinstance(lamp_only, bool):
            raise ValueError("'lamp only' must be true or false")
        taught, refused = count("taught"), count("refused")
        if taught != len(casts) or (dice and not casts):
            raise ValueError("the throws taught and their casts differ")
        steps = data.get("steps", [[None, lamp_only]] * len(casts))
        if not isinstance(steps, list) or len(steps) != len(casts) or not all(
                isinstance(t, list) and len(t) == 2 and step(t[0]) and isinstance(t[1], bool)
                for t in steps):
            raise ValueError("each throw taught needs its step and its lamp")
        refusals = data.get("refused steps", [])
        if (not isinstance(refusals, list) or len(refusals) > refused
                or not all(at is not None and step(at) for at in refusals)):
            raise ValueError("'refused steps' must be steps, no more than those refused")
        return cls(base, [Die(d[0], tuple(float(v) for v in d[1]), d[2],
                              d[3] if len(d) == 4 else None) for d in dice],
                   [tuple(float(v) for v in c) for c in casts], lamp_only, taught, refused,
                   [(at, lamp) for at, lamp in steps], list(refusals))

    def colours(self) -> tuple[str, ...]:
        """The colours learnt from play (those the setup learnt are kept as its own)."""
        had = set() if self.base is None else set(self.base.colours())
        count: dict[str, int] = {}
        for d in self.dice:
            count[d.name] = count.get(d.name, 0) + 1
        return tuple(c for c in COLOURS if c not in had and count.get(c, 0) >= LEARNT_FROM_DICE)

    def calibration(self):
        """The calibration for the table's next throws: the setup's (`base`) where play
        has learnt no colour it lacked, else the setup's colours and those learnt from
        play (None where neither learnt any)."""
        new = self.colours()
        if not new:
            return self.base
        seen = [(c, tuple(round(float(v), 4) for v in np.mean(
            [d.features for d in self.dice if d.name == c], axis=0))) for c in new]
        pips = [(c, 2 * sum(d.dark_pips for d in self.dice if d.name == c)
                 > sum(d.name == c for d in self.dice)) for c in new]
        base = self.base
        if base is None:
            every = {c for c, _x in seen} >= set(COLOURS)
            cast = None if every else tuple(round(float(v), 4)
                                            for v in np.mean(self.casts, axis=0))
            return Played(tuple(seen), tuple(pips), None, cast, self.lamp_only)
        learnt = dict(base.seen) | dict(seen)
        order = [c for c in COLOURS if c in learnt]
        dark = dict(base.pips) | dict(pips)
        every = set(learnt) >= set(COLOURS)
        cast = None if every else base.cast if base.cast is not None else tuple(
            round(float(v), 4) for v in np.mean(self.casts, axis=0))
        return Played(tuple((c, learnt[c]) for c in order),
                      tuple((c, dark[c]) for c in order if c in dark), base.white, cast,
                      base.lamp_only, tuple((c, x) for c, x in base.guessed if c not in learnt),
                      over=base)


def _out_of_order(faces, names) -> bool:
    """Whether two dice named two colours run against the colours' order
    (`calibrate.IN_ORDER`): one of the two names is wrong."""
    from .calibrate import _out_of_order as out

    return any(a != b and out(faces[i], a, faces[j], b)
               for (i, a), (j, b) in itertools.combinations(enumerate(names), 2))


def _reordered(x, light_pips, names) -> bool:
    """Whether another order of the names fits the dice better by more than
    `calibrate.AMBIGUOUS_WITHIN` (the order check of `calibrate.fitted`)."""
    from .calibrate import AMBIGUOUS_WITHIN, _fit

    if len(set(names)) < 2:
        return False
    fit = _fit(x, light_pips)
    given = fit(names)
    return any(fit(list(order)) < given - AMBIGUOUS_WITHIN
               for order in set(itertools.permutations(names)) if list(order) != names)
