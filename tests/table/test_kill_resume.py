"""A session killed at random moments resumes exactly where the store says it was."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from table_helpers import press

from companion import rules
from companion.dice_input import VirtualDice
from companion.rules import Action
from companion.store import Store
from companion.table import Setup, Table
from hardware.camera import VirtualRoller

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
KILLS = 15
KILLS_216 = 8


def replayed(record):
    game = rules.get(record.game)
    actions = [Action.from_json(a) for a in record.actions]
    return game.replay(record.players, record.options, actions)


@pytest.mark.parametrize("game,kills", [("risknroll", KILLS), ("216", KILLS_216)])
def test_killed_at_random_points_it_resumes_to_the_stored_state(tmp_path, game, kills):
    path = tmp_path / "companion.db"
    rng = random.Random(11)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    resumed_steps = []
    for round_ in range(kills):
        child = subprocess.Popen([sys.executable, str(HERE / "play_forever.py"), str(path),
                                  str(round_), game], stdout=subprocess.PIPE, env=env)
        try:
            assert child.stdout.readline() == b"playing\n"
            time.sleep(rng.uniform(0.0, 0.3))
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
        with Store(path) as store:  # a damaged store would raise StoreCorrupt here
            record = store.unfinished()
            table = Table(store, Setup(game, 2, start="options"))
            if record is None:  # killed between two games
                assert table.mode == "setup_options"
                continue
            assert table.game_id == record.id and table.steps == len(record.actions)
            assert table.state.to_json() == replayed(record).to_json()
            assert table.screen().note.startswith(f"Resumed {rules.get(game).title}, ")
            if table.mode == "over":  # killed after the last step, before the result was kept
                assert store.load(record.id).scores == table.state.scores()
            resumed_steps.append(len(record.actions))
    assert len(resumed_steps) >= kills // 2, "the kills should mostly land inside a game"
    with Store(path) as store:
        table = Table(store, Setup(game, 2, start="options"),
                      dice=VirtualDice(VirtualRoller(0)), deck_rng=random.Random(0))
        while table.mode != "over":
            press(table, "ok")
        finished = store.history()
        assert finished and finished[0].id == table.game_id
        for record in finished:
            assert record.scores == replayed(record).scores()
