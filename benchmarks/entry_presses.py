"""Presses to enter a throw by hand (companion.dice_entry), over random throws of each
game: median and worst, for two players, in the three orders a player enters dice:
"in order" from the lowest value up (the same value: colours in the screen's order,
K B G M O Y); "as they lie" in the order the dice lie on the table (a random order:
the player does not sort them); "nearest" enters next the die that costs fewest presses
from what the screen shows (a player who, seeing 3 grey under the cursor, enters their
grey 3 first). For each die the player makes the fewest presses the model's own steps
allow (breadth-first search). Presses count from the entry screen to the stored throw:
Up/Down, Select and every OK, the last one included (the Select that opens the entry is
not counted). Goals (issue 36): Charidice's six dice median <= 14, worst <= 20; six
plain dice median <= 12. docs/playing.md and docs/figures.md quote these figures.

    .venv/bin/python benchmarks/entry_presses.py [--throws N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import deque
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


ORDERS = ("in order", "as they lie", "nearest")


def _sort_key(face: Face) -> tuple[int, str]:
    return face[0], face[1] or ""


def enter(throw: Throw, faces: list[Face], order: str) -> int:
    """Presses to enter `faces` (one per die, as they lie) by hand, in `order`."""
    entry = DiceEntry.by_hand(throw)
    left = list(faces)
    for j in entry.touched:  # filled in by themselves
        left.remove(entry.faces[j])
    presses = 0
    while True:
        options = entry.options_at(entry.cursor)
        wanted = [f for f in left if f in options]
        if order == "as they lie":
            face = wanted[0]
        elif order == "in order":
            face = min(wanted, key=_sort_key)
        else:
            face = min(sorted(wanted, key=_sort_key), key=lambda f: len(moves_to(entry, f)))
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
            left.remove(entry.faces[j])


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
        rng.shuffle(drawn[-1])  # as the dice lie
    return throw, drawn


GOALS = {"charidice": (14, 20), "plain": (12, None), "sixseven": (12, None)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--throws", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=36)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print(f"{a.throws} random throws each, seed {a.seed}")
    print(f"{'dice':32} {'order':11} {'median':>6} {'mean':>6} {'worst':>5}  goal")
    for name, label in (("charidice", "Charidice, 6 coloured dice"),
                        ("plain", "216 / Risk 'n' Roll, 6 dice 1-6"),
                        ("sixseven", "67 Six Seven, 6 dice 2-7")):
        throw, drawn = throws(name, rng, a.throws)
        median_goal, worst_goal = GOALS[name]
        for order in ORDERS:
            counts = [enter(throw, faces, order) for faces in drawn]
            goal = f"median <= {median_goal}" + (f", worst <= {worst_goal}" if worst_goal else "")
            print(f"{label:32} {order:11}"
                  f" {statistics.median(counts):>6} {statistics.mean(counts):>6.1f}"
                  f" {max(counts):>5}  {goal}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
