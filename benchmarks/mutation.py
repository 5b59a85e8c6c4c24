"""Mutation testing of one module at a time with mutmut 3: do the tests catch a broken rule?

Run by hand, never in CI (a module takes 10 to 40 minutes on a Raspberry Pi-class
2-core machine). From the checkout's root, with mutmut installed in the venv
(`pip install 'mutmut>=3'`):

    python benchmarks/mutation.py core          # companion/rules/core.py
    python benchmarks/mutation.py risknroll     # companion/rules/risknroll.py
    python benchmarks/mutation.py store         # companion/store.py
    python benchmarks/mutation.py tables        # companion/advice/risknroll_tables.py
    python benchmarks/mutation.py two_sixteen   # companion/rules/two_sixteen.py; also
    #   two_sixteen_cards, sixseven, charidice: each game's rules module

Each run copies the checkout to build/mutation/MODULE (the working tree as it is, so
tests not yet committed count) and mutates that one module. mutmut runs the module's
own test files against each mutant, the tests that ran the mutated function only,
fastest first. Every mutant they do not catch is then run again in a fresh pytest
process (mutmut forks its workers from one process, in which a test can pass by state
left over from another, or by a cache filled before the fork) against the whole
selection listed for the module in MODULES, the conformance suite's cases of its game
included. A mutant is caught when the whole selection catches it: the conformance
cases' long random games are paid only by the mutants the module's own tests miss.
It prints the score and writes build/mutation/MODULE/survivors.txt with the diff of
each survivor. With `--again`, the mutants the last run did not catch (or had not
reached when stopped) are run against the tests as they are now (after writing tests
that kill them) without mutating again.
Survivors that change no behaviour (equivalent mutants) are listed as such in
docs/mutation.md, with the figures of the last run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "core": (
        "companion/rules/core.py",
        ("tests/rules/test_core.py", "tests/rules/test_core_fit.py",
         "tests/rules/test_risknroll_turns.py", "tests/conformance/test_rules.py",
         "tests/conformance/test_action_json.py"),
    ),
    "risknroll": (
        "companion/rules/risknroll.py",
        ("tests/rules/test_risknroll_game.py", "tests/rules/test_risknroll_turns.py",
         "tests/rules/test_risknroll_scoring.py", "tests/rules/test_risknroll_cards.py",
         "tests/rules/test_risknroll_properties.py", "tests/conformance/test_rules.py::risknroll"),
    ),
    "two_sixteen": (
        "companion/rules/two_sixteen.py",
        ("tests/rules/test_two_sixteen_game.py", "tests/rules/test_two_sixteen_cards.py",
         "tests/rules/test_two_sixteen_properties.py", "tests/conformance/test_rules.py::216"),
    ),
    "two_sixteen_cards": (
        "companion/rules/two_sixteen_cards.py",
        ("tests/rules/test_two_sixteen_cards.py", "tests/rules/test_two_sixteen_game.py"),
    ),
    "sixseven": (
        "companion/rules/sixseven.py",
        ("tests/rules/test_sixseven_game.py", "tests/rules/test_sixseven_properties.py",
         "tests/conformance/test_rules.py::sixseven"),
    ),
    "charidice": (
        "companion/rules/charidice.py",
        ("tests/rules/test_charidice_game.py", "tests/rules/test_charidice_properties.py",
         "tests/conformance/test_rules.py::charidice"),
    ),
    "store": (
        "companion/store.py",
        ("tests/store", "tests/conformance/test_stored_games.py::"),
    ),
    "tables": (
        "companion/advice/risknroll_tables.py",
        ("tests/advice/test_turn_tables.py", "tests/advice/test_risknroll_advice.py::",
         "tests/advice/test_last_turn.py::"),
    ),
}
"""Module name -> (the file mutated, the tests that must catch its mutants). A game's
module is tested by its own tests and the conformance suite's cases of that game
("FILE::GAME": the test ids holding the game's name): the other games' tests never run
its code. mutmut runs the files named whole (`own`); the "FILE::GAME" cases, and a whole
"FILE::" (the store's replays of every game, long 216 games among them), join them for
the mutants those miss."""

COPIED = ("companion", "hardware", "vision", "tests", "pyproject.toml")

FASTEST_FIRST = '''"""Written by benchmarks/mutation.py: each mutant's tests run fastest first.

mutmut gives pytest the tests that ran a mutated function as a set, in no order, so a
mutant that a test of a hundredth of a second kills could first sit through a game
played to 300 points. The durations are the ones mutmut measured (none yet during its
first, measuring pass: the order is then left alone). A test it never measured in a
file it did was written after the run to kill a survivor (`--again`): it comes first;
a file it never measured (the conformance cases a survivor is run against afresh)
comes last, in its own order."""

import json
from pathlib import Path


def pytest_collection_modifyitems(items):
    stats = Path("mutmut-stats.json")
    if not stats.exists():
        return
    took = json.loads(stats.read_text())["duration_by_test"]
    measured = {test.split("::")[0] for test in took}

    def order(item):
        if item.nodeid in took:
            return took[item.nodeid]
        return 0.0 if item.nodeid.split("::")[0] in measured else float("inf")

    items.sort(key=order)
'''
"""The root conftest.py of a mutation run's copy (never of the project itself)."""
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "mutants")


def selected(tests: tuple[str, ...]) -> tuple[str, ...]:
    """The test files, and for "FILE::GAME" the ids of FILE's tests of that game (its
    name in their parameters: "[3-sixseven[defaults]]", "[sixseven]"); "FILE::" is
    the whole file."""
    out = []
    for test in tests:
        file, _, game = test.partition("::")
        if not (ROOT / file).exists():
            continue
        if not game:
            out.append(file)
            continue
        listed = subprocess.run(
            [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
             file], cwd=ROOT, capture_output=True, text=True).stdout.split()
        out += [i for i in listed if "::" in i and re.search(rf"[\[-]{re.escape(game)}[\[\]]", i)]
    return tuple(out)


def own(tests: tuple[str, ...]) -> tuple[str, ...]:
    """The test files named alone: the ones mutmut runs against every mutant."""
    return selected(tuple(test for test in tests if "::" not in test))


def prepare(name: str) -> Path:
    """A fresh copy of the checkout set up to mutate one module."""
    path, tests = MODULES[name]
    tests = own(tests)
    work = ROOT / "build" / "mutation" / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for item in COPIED:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, work / item, ignore=SKIPPED)
        else:
            shutil.copy2(source, work / item)
    (work / "conftest.py").write_text(FASTEST_FIRST)
    selection = ", ".join(f'"{t}"' for t in tests)
    with (work / "pyproject.toml").open("a") as config:
        config.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["companion"]\n'
            f'only_mutate = ["{path}"]\n'
            f"pytest_add_cli_args_test_selection = [{selection}]\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider", "-x", "-q"]\n'
            "also_copy = [\"hardware\", \"vision\", \"conftest.py\"]\n"
        )
    return work


def mutmut(work: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args], cwd=work, text=True, capture_output=True
    )
    return done.stdout + done.stderr


def statuses(work: Path) -> dict[str, str]:
    """Every mutant's status as mutmut recorded it."""
    found = {}
    for line in mutmut(work, "results", "--all", "true").splitlines():
        match = re.match(r"\s+(\S+): (.+)$", line)
        if match:
            found[match[1]] = match[2].strip()
    return found


def passes_unmutated(work: Path, tests: tuple[str, ...]) -> bool:
    """Whether the whole selection passes on the copy with no mutant active: otherwise a
    test that fails anyway (a module changed since its mutants were made) would count as
    catching every mutant."""
    env = {k: v for k, v in os.environ.items() if k != "MUTANT_UNDER_TEST"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests],
                          cwd=work / "mutants", env=env, capture_output=True)
    return done.returncode == 0


def killed_afresh(work: Path, mutant: str, tests: list[str] | tuple[str, ...]) -> bool:
    """Whether the tests fail with this one mutant active, in a new pytest process."""
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
        cwd=work / "mutants", env=env, capture_output=True,
    )
    return done.returncode not in (0, 5)  # 5: no test ran


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", choices=sorted(MODULES))
    parser.add_argument("--jobs", type=int, default=2, help="mutmut's worker processes")
    parser.add_argument("--again", action="store_true",
                        help="only re-run the survivors of the last run, in fresh processes")
    args = parser.parse_args()
    path, tests = MODULES[args.module]
    tests = selected(tests)
    work = ROOT / "build" / "mutation" / args.module
    if args.again:  # the tests as they are now, against the mutants of the last run
        for copy in (work / "tests", work / "mutants" / "tests"):
            shutil.rmtree(copy)
            shutil.copytree(ROOT / "tests", copy, ignore=SKIPPED)
        (work / "mutants" / "conftest.py").write_text(FASTEST_FIRST)
    else:
        work = prepare(args.module)
        print(f"mutating {path} in {work}; mutmut runs {' '.join(own(MODULES[args.module][1]))};"
              f" its survivors are run afresh against {' '.join(tests)}", flush=True)
        print(mutmut(work, "run", "--max-children", str(args.jobs))[-2000:], flush=True)
    if not passes_unmutated(work, tests):
        print(f"The tests fail on the unmutated copy in {work} (the module changed since the "
              f"run, or a test fails on its own): every mutant would look caught. Run "
              f"`benchmarks/mutation.py {args.module}` whole again.")
        return 1
    found = statuses(work)
    # survived, or "no tests" (no test ran the function while mutmut watched: code run
    # at import, or called only from tests outside `own`): the whole selection decides
    doubtful = [m for m, status in found.items() if status not in ("killed", "timeout")]
    with ThreadPoolExecutor(args.jobs) as pool:
        caught_afresh = pool.map(lambda m: killed_afresh(work, m, tests), doubtful)
        still = [m for m, killed in zip(doubtful, caught_afresh) if not killed]
    caught = len(found) - len(still)
    with (work / "survivors.txt").open("w") as out:
        for mutant in still:
            out.write(mutmut(work, "show", mutant) + "\n")
    print(f"{path}: {caught} of {len(found)} mutants caught "
          f"({100 * caught / max(1, len(found)):.1f}%); of the {len(doubtful)} mutmut's run "
          f"did not catch, {len(doubtful) - len(still)} were caught afresh; {len(still)} "
          f"survive (build/mutation/{args.module}/survivors.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
