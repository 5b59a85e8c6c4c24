"""Are the dice fair? Every stored throw counted by face, a chi-square test of each die,
and how many throws it would take to tell a die biased by a given amount.

Each stored game is replayed (as `companion replay` does) so that every throw is
counted against the dice actually thrown: the faces of its game's dice (1-6, 2-7 for
67) and, where the game tells dice apart (Charidice's faces each on one die), per
physical die; otherwise a game's dice are pooled. The test needs no SciPy: the
chi-square survival function is the regularised upper incomplete gamma function,
computed here (series and continued fraction, as in Numerical Recipes, 6.2), and the
power of the test comes from the noncentral chi-square, a Poisson mixture of central
ones.

    report = weigh(store.history(abandoned=True) + unfinished)
    for die in report.dice: print(die.name, die.counts, die.p)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from companion import rules
from companion.rules import Action, Throw

ALPHA = 0.05
"""The test's level: a fair die is called unfair 1 time in 20."""
POWER = 0.8
"""The chance of telling a biased die asked of `throws_to_tell`."""
FAVOURED = 0.2
"""The bias asked about by default: one face comes up 1 time in 5 (a fair six-sided die:
1 in 6), the others sharing the rest evenly."""
MIN_EXPECTED = 5
"""Fewer throws than this expected of a face, and the chi-square test does not hold."""


# --- the distributions -------------------------------------------------------------


def upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the regularised upper incomplete gamma function."""
    if a <= 0:
        raise ValueError("a must be positive")
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # the series of P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        for _ in range(10_000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * front)
    tiny = 1e-300  # Lentz's continued fraction of Q(a, x)
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, front * h)


def chi2_sf(x: float, df: int) -> float:
    """The chance that a chi-square variable of `df` degrees of freedom is at least `x`."""
    return upper_gamma(df / 2, x / 2)


def chi2_critical(df: int, alpha: float = ALPHA) -> float:
    """The x with chi2_sf(x, df) = alpha (bisection: sf falls as x grows)."""
    low, high = 0.0, 10.0 * df + 100
    for _ in range(200):
        mid = (low + high) / 2
        if chi2_sf(mid, df) > alpha:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def ncx2_sf(x: float, df: int, nc: float) -> float:
    """The noncentral chi-square's survival function: a Poisson(nc/2) mixture of central
    chi-squares with df + 2j degrees of freedom."""
    half = nc / 2
    if half == 0:
        return chi2_sf(x, df)
    total = 0.0
    top = int(half + 12 * math.sqrt(half) + 60)
    for j in range(top):
        weight = math.exp(-half + j * math.log(half) - math.lgamma(j + 1))
        total += weight * chi2_sf(x, df + 2 * j)
    return min(1.0, total)


def throws_to_tell(probabilities: Sequence[float], alpha: float = ALPHA,
                   power: float = POWER) -> int:
    """How many throws the chi-square test needs to call a die whose faces come up with
    `probabilities` unfair, `power` of the time, at level `alpha` (fair: all equal)."""
    k = len(probabilities)
    fair = 1 / k
    effect = sum((p - fair) ** 2 / fair for p in probabilities)  # Cohen's w squared
    if effect == 0:
        raise ValueError("a fair die cannot be told from a fair die")
    critical = chi2_critical(k - 1, alpha)
    low, high = 0.0, 1.0
    while ncx2_sf(critical, k - 1, high) < power:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if ncx2_sf(critical, k - 1, mid) < power:
            low = mid
        else:
            high = mid
    return math.ceil(high / effect)


def favoured(faces: int, chance: float = FAVOURED) -> tuple[float, ...]:
    """A die whose first face comes up with `chance`, the others sharing the rest."""
    rest = (1 - chance) / (faces - 1)
    return (chance, *(rest,) * (faces - 1))


# --- the stored throws -------------------------------------------------------------


@dataclass(frozen=True)
class Die:
    """The throws of one die (or of a game's dice pooled), face by face, and the test."""

    name: str
    faces: tuple
    counts: tuple[int, ...]

    @property
    def throws(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> tuple[float, ...]:
        return (self.throws / len(self.faces),) * len(self.faces)

    @property
    def chi2(self) -> float:
        e = self.throws / len(self.faces)
        return sum((c - e) ** 2 / e for c in self.counts) if e else 0.0

    @property
    def df(self) -> int:
        return len(self.faces) - 1

    @property
    def p(self) -> float:
        return chi2_sf(self.chi2, self.df) if self.throws else 1.0

    @property
    def enough(self) -> bool:
        """Whether the test holds: at least MIN_EXPECTED throws expected of each face."""
        return self.throws / len(self.faces) >= MIN_EXPECTED

    def to_tell(self, chance: float = FAVOURED) -> int:
        """Throws of this die (in all) to tell one whose face comes up with `chance`."""
        return throws_to_tell(favoured(len(self.faces), chance))

    def verdict(self, chance: float = FAVOURED) -> str:
        k = len(self.faces)
        need = self.to_tell(chance)
        more = max(0, need - self.throws)
        telling = (f"Telling a die whose one face comes up {_odds(chance)} (fair: 1 in {k}) "
                   f"takes about {need:,} throws of it")
        telling += f": {more:,} more." if more else ": there were enough."
        head = f"{self.throws:,} throws"
        if not self.enough:
            return (f"{head}: too few to test (fewer than {MIN_EXPECTED} expected of a "
                    f"face). {telling}")
        test = f"chi-square {self.chi2:.1f} ({self.df} degrees of freedom), p = {_p(self.p)}"
        if self.p < ALPHA:
            finding = (f"counts this far from even come from a fair die less than "
                       f"{ALPHA:.0%} of the time: look at this die")
        else:
            finding = "nothing unfair seen"
        return f"{head}; {test}: {finding}. {telling}"


def _odds(chance: float) -> str:
    inverse = 1 / chance
    if abs(inverse - round(inverse)) < 0.05:
        return f"1 time in {inverse:.0f}"
    return f"{chance:.0%} of the time"


def _p(p: float) -> str:
    return f"{p:.3f}" if p >= 0.001 else f"{p:.1e}"


@dataclass(frozen=True)
class Report:
    dice: tuple[Die, ...]
    games: int
    skipped: int
    """Games that could not be replayed (damaged, or stored under other rules)."""

    def summary(self) -> str:
        throws = sum(d.throws for d in self.dice)
        said = (f"{throws:,} dice counted from {self.games} "
                f"game{'' if self.games == 1 else 's'}"
                + (f" ({self.skipped} could not be replayed)" if self.skipped else "") + ".")
        tested = [d for d in self.dice if d.enough]
        if len(tested) > 1:
            said += (f" With {len(tested)} dice tested, one may look unfair by chance "
                     f"(each {ALPHA:.0%} of the time): a die that does again over the next "
                     "games is worth a look.")
        return said


def stored_throws(records: Iterable) -> Iterator[tuple[str, Throw, Action] | None]:
    """(game, the throw asked for, the throw action) for every stored throw of dice,
    found by replaying each game; None once for a game that cannot be replayed."""
    for record in records:
        try:
            game = rules.get(record.game)
            game.check_stored(record.version, record.id)
            state = game.new(record.players, record.options)
            for stored in record.actions:
                action = Action.from_json(stored)
                chance = state.chance()
                state = state.apply(action)  # a throw the rules refuse is never counted
                if isinstance(chance, Throw) and action.kind == "throw":
                    yield game.name, chance, action
        except (rules.IllegalAction, ValueError, TypeError, KeyError, AttributeError):
            yield None


def weigh(records: Sequence) -> Report:
    """Every stored throw counted per die (or per game's dice, pooled)."""
    counts: dict[tuple, dict] = {}
    names: dict[tuple, str] = {}
    faces_of: dict[tuple, tuple] = {}
    skipped = 0
    for found in stored_throws(records):
        if found is None:
            skipped += 1
            continue
        name, throw, action = found
        title = rules.get(name).title
        if throw.colours is None:
            key = (name, throw.faces)
            names[key] = f"{title}: its dice, pooled"
            faces_of[key] = throw.faces
            tally = counts.setdefault(key, {})
            for value in throw.check(action):
                tally[value] = tally.get(value, 0) + 1
        else:
            for face in throw.pairs(action):
                owners = [die for die in throw.colours if face in die]
                die = tuple(sorted(owners[0])) if len(owners) == 1 else None
                key = (name, die) if die is not None else (name, "pooled")
                if die is not None:
                    low = die[0]
                    names[key] = f"{title}: the die with the {low[1]} {low[0]}"
                    faces_of[key] = die
                else:
                    names[key] = f"{title}: its dice, pooled"
                    faces_of[key] = tuple(sorted({f for d in throw.colours for f in d}))
                tally = counts.setdefault(key, {})
                tally[face] = tally.get(face, 0) + 1
    dice = []
    for key in sorted(counts, key=lambda k: names[k]):
        faces = faces_of[key]
        shown = tuple(f[0] if isinstance(f, tuple) else f for f in faces)
        dice.append(Die(names[key], shown, tuple(counts[key].get(f, 0) for f in faces)))
    return Report(tuple(dice), games=len(records), skipped=skipped)
