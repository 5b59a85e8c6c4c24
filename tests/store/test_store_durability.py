"""A process killed at any moment loses no acknowledged step and leaves a sound store.

A child appends steps in a loop and prints each step number once `append` has
returned; the test kills it with SIGKILL at random points (during start-up and
creation too), reopens the store, and checks every acknowledged step is there, in
order, with at most one more (committed, but killed before it could say so).
SIGKILL tests that each step is one atomic transaction; `synchronous=FULL`, which
carries this through a power cut, is checked in test_store.py.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time

from companion.store import Store

CHILD = r"""
import sys
from companion.store import Store

store = Store(sys.argv[1])
game = store.unfinished()
game_id = game.id if game else store.new_game("risknroll", 2, {}, ["Ann", "Bob"])
n = len(game.actions) if game else 0
print("open", flush=True)
while True:
    n = store.append(game_id, {"kind": "throw", "dice": [n % 6 + 1], "seq": n + 1})
    print(n, flush=True)
"""

KILLS = 20


def test_steps_survive_sigkill_at_random_points(tmp_path):
    path = tmp_path / "companion.db"
    rng = random.Random(20261130)
    stored = 0
    for kill in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True
        )
        said = []
        if kill % 4 == 0:  # somewhere in start-up, opening or creating the store
            time.sleep(rng.uniform(0, 0.15))
        else:  # somewhere in the append loop
            said = [child.stdout.readline() for _ in range(rng.randint(1, 60))]
            time.sleep(rng.uniform(0, 0.002))
        child.send_signal(signal.SIGKILL)
        child.wait()
        said += child.stdout.read().split()  # printed but not yet read counts too
        child.stdout.close()
        acknowledged = max([stored] + [int(word) for word in said if word.strip().isdigit()])

        db = sqlite3.connect(path)
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        db.close()
        with Store(path) as store:
            game = store.unfinished()
            actions = game.actions if game else ()
        assert acknowledged <= len(actions) <= acknowledged + 1, f"kill {kill}"
        assert [a["seq"] for a in actions] == list(range(1, len(actions) + 1))
        stored = len(actions)
    assert stored > KILLS  # the kills did land among the appends
