"""Presses to enter a throw by hand (companion.dice_entry), over random throws of each
game: median and worst, for two players. "in order" enters the dice from the lowest
value up (the same value: colours in the screen's order); "nearest" enters next the die
that costs fewest presses from what the screen shows (a player who, seeing 3 grey under
the cursor, enters their grey 3 first). Presses count from the entry screen to the
stored throw: Up/Down, Select and OK (the Select that opens the entry is not counted).
Goals (issue 36): Charidice's six dice median <= 14, worst <= 20; six plain dice
median <= 12. docs/playing.md quotes these figures.

    .venv/bin/python benchmarks/entry_presses.py [--throws N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.dice_entry import DiceEntry, Face, next_value, stepped  # noqa: E402
from companion.rules import Throw  # noqa: E402
from companion.rules.charidice import DICE  # noqa: E402


def moves_to(entry: DiceEntry, face: Face) -> list[str]:
    """The fewest presses (Up, Down, and Select where it steps the value) that bring
    the die at the cursor from what it shows to `face`: a breadth-first search over
    the faces it may show, with the model's own steps."""
    options = entry.options_at(entry.cursor)
    moves = {"up": lambda f: stepped(options, f, 1), "down": lambda f: stepped(options, f, -1)}
    if entry.throw.colours is not None and entry.read is None:
        moves["select"] = lambda f: next_value(options, f)
    start = entry.faces[entry.cursor]
    path: dict[Face | None, list[str]] = {start: []}
    frontier = deque([start])
    while face not in path:
        here = frontier.popleft()
        for button, move in moves.items():
            there = move(here)
            if there not in path:
                path[there] = [*path[here], button]
                frontier.append(there)
    return path[face]


def enter(throw: Throw, faces: list[Face], nearest: bool) -> int:
    """Presses to enter `faces` (one per die, any order) by hand, as the player does."""
    entry = DiceEntry.by_hand(throw)
    left = Counter(faces)
    for j in entry.touched:  # filled in by themselves
        left[entry.faces[j]] -= 1
    presses = 0
    while True:
        wanted = [f for f in sorted(+left, key=lambda f: (f[0], f[1] or ""))
                  if f in entry.options_at(entry.cursor)]
        face = min(wanted, key=lambda f: len(moves_to(entry, f))) if nearest else wanted[0]
        before = set(entry.touched)
        for button in [*moves_to(entry, face), "ok"]:
            result = entry.press(button)
            presses += 1
        assert entry.faces[entry.cursor if result is None else 0] is not None
        if result is not None:
            assert sorted(throw.pairs(result) if throw.colours else
                          [(v, None) for v in result["dice"]]) == sorted(faces)
            return presses
        for j in entry.touched - before:
            left[entry.faces[j]] -= 1


def throws(name: str, rng: random.Random, n: int) -> tuple[Throw, list[list[Face]]]:
    throw = {
        "charidice": Throw(6, colours=DICE),
        "plain": Throw(6),
        "sixseven": Throw(6, faces=(2, 3, 4, 5, 6, 7)),
    }[name]
    drawn = []
    for _ in range(n):
        if throw.colours is None:
            drawn.append([(rng.choice(throw.faces), None) for _ in range(throw.count)])
        else:
            drawn.append([rng.choice(die) for die in throw.colours])
    return throw, drawn


GOALS = {"charidice": (14, 20), "plain": (12, None), "sixseven": (12, None)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--throws", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=36)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print(f"{a.throws} random throws each, seed {a.seed}")
    print(f"{'dice':32} {'player':8} {'median':>6} {'mean':>6} {'worst':>5}  goal")
    for name, label in (("charidice", "Charidice, 6 coloured dice"),
                        ("plain", "216 / Risk 'n' Roll, 6 dice 1-6"),
                        ("sixseven", "67 Six Seven, 6 dice 2-7")):
        throw, drawn = throws(name, rng, a.throws)
        median_goal, worst_goal = GOALS[name]
        for nearest in (False, True):
            counts = [enter(throw, faces, nearest) for faces in drawn]
            goal = f"median <= {median_goal}" + (f", worst <= {worst_goal}" if worst_goal else "")
            print(f"{label:32} {'nearest' if nearest else 'in order':8}"
                  f" {statistics.median(counts):>6} {statistics.mean(counts):>6.1f}"
                  f" {max(counts):>5}  {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
