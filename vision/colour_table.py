"""Colours named under a colour table (Expect.colours, the Charidice faces): every face
is carried by one die only, and only faces the thrown dice carry can show. Each die's
colour odds (vision.colour.odds) are weighed together: of all ways to give the dice of
one value distinct colours the table allows, each weighs the product of the dice's
odds; the dice take the colours of the likeliest way, and a die's colour's probability
(summed over all ways), sharpened (SHARPEN), is how sure it is. Two dice of one value
that both look orange: the surer one is orange, the other gets its next colour, with
the doubt that carries."""

from __future__ import annotations

import itertools
from collections import defaultdict

#: how sure a die's colour is: its probability raised to this power, so that the reader's
#: threshold (0.6) asks about a colour under 0.88 likely. The odds are Gaussian about
#: references that a maker's paint and a lamp move: on the hard development tables
#: (vision.synth.table(hard=True), seeds 2000+), 15 of the 23 sure colour mistakes were
#: named at 0.6-0.88
SHARPEN = 4.0
#: colour odds below this are taken as none in the weighing, and each die's likeliest
#: this many colours only are weighed: six dice of one value (a Charidice bonus) with
#: every colour possible would be 7^6 ways, a third of a second
NEGLIGIBLE = 1e-4
LIKELIEST = 3


def resolved(values, odds, allowed) -> list[tuple[str | None, float]]:
    """(colour, its probability) per die, given each die's read value, its colour odds
    ({name or None: p}) and the allowed (value, colour) faces. None (no Charidice colour
    near: a plain die, or light too odd) stays a choice any number of dice may take, so
    a die like no colour the table allows is not forced onto one: it is named None, or
    its colour carries the doubt, and the player is asked."""
    out: list[tuple[str | None, float]] = [(None, 0.0)] * len(values)
    groups = defaultdict(list)
    for i, v in enumerate(values):
        groups[v].append(i)
    for v, dice in groups.items():
        colours = {c for w, c in allowed if w == v}
        options = [sorted((c for c, p in odds[i].items()
                           if p > NEGLIGIBLE and (c is None or c in colours)),
                          key=lambda c, i=i: -odds[i][c])[:LIKELIEST] for i in dice]
        marginal = [defaultdict(float) for _ in dice]
        total, best, likeliest = 0.0, -1.0, None
        for pick in itertools.product(*options):
            named = [c for c in pick if c is not None]
            if len(named) != len(set(named)):
                continue  # one face on two dice
            weight = 1.0
            for i, c in zip(dice, pick):
                weight *= odds[i][c]
            total += weight
            if weight > best:
                best, likeliest = weight, pick
            for m, c in zip(marginal, pick):
                m[c] += weight
        if likeliest is not None and total > 0.0:
            for i, m, c in zip(dice, marginal, likeliest):
                out[i] = (c, (m[c] / total) ** SHARPEN)
    return out
