"""Colours named under a colour table (Expect.colours, the Charidice faces): every face
is carried by one die only, and only faces the thrown dice carry can show. Each die's
colour odds (vision.colour.odds) are weighed together: of all ways to give the dice of
one value distinct colours the table allows, each weighs the product of the dice's
odds; the dice take the colours of the likeliest way, and a die's colour's probability
(summed over all ways), sharpened (SHARPEN), is how sure it is. Two dice of one value
that both look orange: the surer one is orange, the other gets its next colour, with
the doubt that carries. Where the game tells each thrown die's faces (Expect.dice), the
ways are only those naming no two dice faces of one die: an orange 3 and a grey 4, one
Charidice die's two faces, are never both named."""

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


def resolved(values, odds, allowed, dice=None) -> list[tuple[str | None, float]]:
    """(colour, its probability) per die, given each die's read value, its colour odds
    ({name or None: p}) and the allowed (value, colour) faces. None (no Charidice colour
    near: a plain die, or light too odd) stays a choice any number of dice may take, so
    a die like no colour the table allows is not forced onto one: it is named None, or
    its colour carries the doubt, and the player is asked. `dice`: each thrown die's
    faces (vision.Expect.dice), where the game tells them: the readings are then named
    faces of distinct dice (a die shows one face), not only distinct faces."""
    out: list[tuple[str | None, float]] = [(None, 0.0)] * len(values)
    options = []
    for i, v in enumerate(values):
        colours = {c for w, c in allowed if w == v}
        options.append(sorted((c for c, p in odds[i].items()
                               if p > NEGLIGIBLE and (c is None or c in colours)),
                              key=lambda c, i=i: -odds[i][c])[:LIKELIEST])
    if dice is not None:
        return _on_distinct_dice(values, options, odds, dice)
    groups = defaultdict(list)
    for i, v in enumerate(values):
        groups[v].append(i)
    for group in groups.values():
        marginal = [defaultdict(float) for _ in group]
        total, best, likeliest = 0.0, -1.0, None
        for pick in itertools.product(*(options[i] for i in group)):
            named = [c for c in pick if c is not None]
            if len(named) != len(set(named)):
                continue  # one face on two dice
            weight = 1.0
            for i, c in zip(group, pick):
                weight *= odds[i][c]
            total += weight
            if weight > best:
                best, likeliest = weight, pick
            for m, c in zip(marginal, pick):
                m[c] += weight
        if likeliest is not None and total > 0.0:
            for i, m, c in zip(group, marginal, likeliest):
                out[i] = (c, (m[c] / total) ** SHARPEN)
    return out


def _on_distinct_dice(values, options, odds, dice) -> list[tuple[str | None, float]]:
    """`resolved` where each thrown die's faces are told: every reading is given a colour
    and a die carrying that face, no die twice (None: no die), weighed as there. The
    ways are summed over the dice used so far (a bitmask), not one by one: six readings
    of three colours each are 729 ways, 12 ms a weighing so (0.2 ms summed)."""
    carriers = defaultdict(list)
    for d, faces in enumerate(dice):
        for face in faces:
            carriers[face].append(1 << d)
    picks = [[(c, bit) for c in opts for bit in ([0] if c is None else carriers[(v, c)])]
             for v, opts in zip(values, options)]
    n = len(values)
    ahead: list[dict[int, float]] = [{} for _ in range(n + 1)]  # the ways from i on
    most: list[dict[int, float]] = [{} for _ in range(n + 1)]  # the likeliest from i on

    def rest(i, used):
        if i == n:
            return 1.0, 1.0
        if used not in ahead[i]:
            total = best = 0.0
            for c, bit in picks[i]:
                if not used & bit:
                    t, b = rest(i + 1, used | bit)
                    total += odds[i][c] * t
                    best = max(best, odds[i][c] * b)
            ahead[i][used], most[i][used] = total, best
        return ahead[i][used], most[i][used]

    total, best = rest(0, 0)
    if total <= 0.0:
        return [(None, 0.0)] * n
    # the likeliest way, then each reading's colour's share of all ways
    named, used, before = [], 0, {0: 1.0}
    for i in range(n):
        c, bit = next((c, bit) for c, bit in picks[i] if not used & bit
                      and odds[i][c] * rest(i + 1, used | bit)[1] >= most[i][used])
        named.append(c)
        used |= bit
    out = []
    for i in range(n):
        share, after = 0.0, defaultdict(float)
        for mask, w in before.items():
            for c, bit in picks[i]:
                if not mask & bit:
                    step = w * odds[i][c]
                    after[mask | bit] += step
                    if c == named[i]:
                        share += step * rest(i + 1, mask | bit)[0]
        before = after
        out.append((named[i], (share / total) ** SHARPEN))
    return out
