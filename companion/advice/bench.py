"""Advice figures: table build times, query times, and what the tables say.

Printed, never asserted: `companion bench advice` and `benchmarks/advice_bench.py`
show them on this machine and on a Pi. Build times are cold (caches cleared first).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from companion.rules import Action
from companion.rules.risknroll import ACTION_CARDS, DICE, GAME

from . import best_action
from .risknroll import advise
from .risknroll_last_turn import Stakes, WinTable
from .risknroll_tables import (
    ALL_RULES,
    CAP,
    PLAIN,
    TurnTable,
    bust_chance,
    table,
    throws,
    turn_rules,
)

QUERY_STATES = 2000


def advice_figures(out: Callable[[str], None] = print, states: int = QUERY_STATES) -> None:
    """Print build seconds (per card rules and for every table), query ms, and odds."""
    throws.cache_clear()
    table.cache_clear()
    start = time.perf_counter()
    throws(False), throws(True)
    out(f"throw outcomes and choices enumerated: {time.perf_counter() - start:.3f} s")
    for rules in ALL_RULES:
        start = time.perf_counter()
        TurnTable([rules])
        out(f"  table for {_cards_under(rules)} alone: {time.perf_counter() - start:.3f} s")
    throws.cache_clear()
    start = time.perf_counter()
    table(False), table(True)
    out(
        f"every table, cold, as first use builds them (cap {CAP}): "
        f"{time.perf_counter() - start:.3f} s"
    )

    start = time.perf_counter()
    WinTable(turn_rules("The Plague"), Stakes.of((4000, 0), 1, "The Plague"))
    out(
        "last turn's chances to win, the most work (4000 behind under The Plague): "
        f"{time.perf_counter() - start:.3f} s"
    )

    times = sorted(_query_times(states))
    median, p99 = statistics.median(times), times[int(0.99 * (len(times) - 1))]
    out(
        f"advise(): median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms "
        f"over {len(times)} decisions"
    )

    six_seven_figures(out, states // 4)

    out("expected turn score from a fresh turn:")
    out(f"  no card / declined: {_fresh(None):.1f}")
    for name in dict.fromkeys(card.name for card in ACTION_CARDS):
        out(f"  {name}: {_fresh(name):.1f}")
    for deuces in (False, True):
        chances = " ".join(f"{n}:{bust_chance(n, deuces):.4f}" for n in range(1, DICE + 1))
        out(f"bust chance by dice thrown{' (Deuces)' if deuces else ''}: {chances}")
    two_sixteen_figures(out)
    charidice_figures(out, states)


FIVE_HELP = ("+1/-1", "+2/-2", "Opposite", "Reroll 1", "Wild")


def two_sixteen_figures(out: Callable[[str], None] = print, repeats: int = 5) -> None:
    """216: one advice query after the first roll with five Help cards in hand, cold
    (its caches cleared, as at a new turn) and again within the turn; then the same
    near the end (P1 on 95, P2 on 90), where every query plays for the win."""
    from dataclasses import replace

    from companion.rules.two_sixteen import GAME as TWO_SIXTEEN

    from . import two_sixteen

    state = TWO_SIXTEEN.new(2)
    for name in ("Sum 7", "Triple 6", "No 6", "Straight"):
        state = state.apply(Action("draw", card=name))
    state = replace(state, hands=(FIVE_HELP, ())).apply(Action("throw", dice=(1, 1, 3)))
    for said, position in (("", state), (" for the win", replace(state, totals=(95, 90)))):
        cold, warm = [], []
        for _ in range(repeats):
            for cached in (two_sixteen.reach, two_sixteen.claim_now, two_sixteen.after_second,
                           two_sixteen.reroll_value, two_sixteen.first_value):
                cached.cache_clear()
            two_sixteen._winning.cache_clear()
            for times in (cold, warm):
                times.append(_timed(two_sixteen.advise, position))
        out(
            f"216 advise(){said} with five Help cards (wall / CPU): cold median "
            f"{_median_ms(cold)}, again in the turn {_median_ms(warm)}"
        )


def charidice_figures(out: Callable[[str], None] = print, states: int = QUERY_STATES) -> None:
    """Charidice: the cold build of its tables, query ms (wall clock and process CPU,
    as other work on the machine stretches the first; the 7th round's queries play for
    the win), and a fresh turn's worth."""
    from companion.rules import charidice

    from . import charidice as advisor

    for cached in (advisor.tables, advisor.every_score, advisor.keep_index,
                   advisor._best_colour, advisor._win_tables):
        cached.cache_clear()
    wall, cpu = _timed(advisor.prepare)
    out(f"Charidice tables, cold (6^6 dice states, 3 throws; wall / CPU): "
        f"{wall:.3f} / {cpu:.3f} s")
    timed = _query_times(states, charidice.GAME, advisor.advise, cpu=True)
    for name, times in (("wall", [w for w, _ in timed]), ("CPU", [c for _, c in timed])):
        times.sort()
        median, p99 = statistics.median(times), times[int(0.99 * (len(times) - 1))]
        out(
            f"Charidice advise() ({name}): median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, "
            f"max {times[-1] * 1e3:.3f} ms over {len(times)} decisions"
        )
    last_round = _charidice_last_round()
    cold = []
    for _ in range(5):
        advisor._win_tables.cache_clear()
        cold.append(_timed(advisor.advise, last_round))
    out(f"Charidice advise() in the 7th round, a turn's first query (wall / CPU): "
        f"median {_median_ms(cold)}")
    tables = advisor.tables(charidice.DICE)
    fresh = (advisor.FREE,) * advisor.N
    out(
        f"Charidice fresh turn under best play: {tables.points[-1][fresh]:.2f} points, "
        f"{tables.given[-1][fresh]:.2f} donated"
    )


def _charidice_last_round():
    """Two players, the 7th round, P1's first throw: the rulebook's Lena's dice."""
    from dataclasses import replace

    from companion.rules.charidice import GAME as CHARIDICE
    from companion.rules.charidice import ROUNDS

    faces = ((1, "magenta"), (2, "magenta"), (3, "magenta"), (4, "magenta"),
             (6, "magenta"), (6, "blue"))
    throw = Action("throw", dice=tuple(v for v, _ in faces), colours=tuple(c for _, c in faces))
    return replace(CHARIDICE.new(2).apply(throw), round=ROUNDS)


def _cards_under(rules) -> str:
    names = [card.name for card in ACTION_CARDS if turn_rules(card.name) == rules]
    return ", ".join(["no card"] * (rules == PLAIN) + names)


def _fresh(card: str | None) -> float:
    state = GAME.new(2).apply(Action("draw", card=card or "The Plague"))
    return {a.action["play"]: a.value for a in advise(state)}[card is not None]


def _query_times(count: int, game=GAME, advise=advise, cpu: bool = False) -> list:
    """Seconds per `advise` call at decisions met while the advice plays seeded games
    (with `cpu`, (wall, process CPU) pairs)."""
    rng = random.Random(1)
    state = game.new(4)
    times = []
    while len(times) < count:
        if state.is_over():
            state = game.new(4)
        chance = state.chance()
        if chance:
            state = state.apply(chance.sample(rng))
            continue
        if cpu:
            times.append(_timed(advise, state))
        else:
            start = time.perf_counter()
            advise(state)
            times.append(time.perf_counter() - start)
        state = state.apply(best_action(state))
    return times


def six_seven_figures(out: Callable[[str], None] = print, states: int = 500) -> None:
    """67 Six Seven: advise() at the decisions of seeded games (wall clock and process
    CPU time, as other work on the machine stretches the first), then with three cards
    in hand: cold (nothing built), the first query of a turn, again in the turn."""
    from companion.advice import sixseven

    sixseven.layer_of.cache_clear()
    sixseven.turn_for.cache_clear()
    sixseven.later_results.cache_clear()
    wall, cpu = _six_seven_times(states)
    for name, times in (("wall", wall), ("CPU", cpu)):
        times.sort()
        out(
            f"67 Six Seven advise() ({name}): median {statistics.median(times) * 1e3:.2f} ms, "
            f"p99 {times[int(0.99 * (len(times) - 1))] * 1e3:.2f} ms, "
            f"max {times[-1] * 1e3:.2f} ms over {len(times)} decisions"
        )
    sixseven.layer_of.cache_clear()
    sixseven.turn_for.cache_clear()
    cold = _timed(sixseven.advise, _three_cards((3, 4), ()))
    turns = [_timed(sixseven.advise, _three_cards((3, 4), ((result, 1),)))
             for result in (65, 54, 43, 32, 23)]
    again = [_timed(sixseven.advise, _three_cards(dice, ((32, 1),)))
             for dice in ((2, 5), (4, 4), (2, 6), (5, 7))]
    out(
        "67 Six Seven advise() with three cards (wall / CPU): cold "
        f"{cold[0] * 1e3:.1f} / {cold[1] * 1e3:.1f} ms, a turn's first query "
        f"{_median_ms(turns)}, again in the turn {_median_ms(again)}"
    )


def _three_cards(dice, board):
    from dataclasses import replace

    from companion.rules.sixseven import GAME as SIX_SEVEN
    from companion.rules.sixseven import At

    state = SIX_SEVEN.new(4)
    hands = (("To 7", "Reroll 1", "±2"),) + state.hands[1:]
    return replace(state, phase=At.DECIDE, dice=dice, hands=hands, board=board)


def _timed(function, *args) -> tuple[float, float]:
    """(wall seconds, process CPU seconds) of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    function(*args)
    return time.perf_counter() - wall, time.process_time() - cpu


def _median_ms(times: list[tuple[float, float]]) -> str:
    wall, cpu = zip(*times)
    return f"{statistics.median(wall) * 1e3:.2f} / {statistics.median(cpu) * 1e3:.2f} ms"


def _six_seven_times(count: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per 67 Six Seven `advise` call at decisions of seeded games
    played by the advice."""
    from companion.advice import sixseven
    from companion.rules.sixseven import GAME as SIX_SEVEN

    rng = random.Random(1)
    state = SIX_SEVEN.new(4)
    wall, cpu = [], []
    while len(wall) < count:
        if state.is_over():
            state = SIX_SEVEN.new(4)
        chance = state.chance()
        if chance:
            state = state.apply(chance.sample(rng))
            continue
        start, started = time.perf_counter(), time.process_time()
        advice = sixseven.advise(state)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - started)
        state = state.apply(advice[0].action)
    return wall, cpu
