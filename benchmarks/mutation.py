"""Mutation testing of one module at a time with mutmut 3: do the tests catch a broken rule?

Run by hand, never in CI (a module takes 10 to 40 minutes on a Raspberry Pi-class
2-core machine). From the checkout's root, with mutmut installed in the venv
(`pip install 'mutmut>=3'`):

    python benchmarks/mutation.py core          # companion/rules/core.py
    python benchmarks/mutation.py risknroll     # companion/rules/risknroll.py
    python benchmarks/mutation.py store         # companion/store.py
    python benchmarks/mutation.py tables        # companion/advice/risknroll_tables.py

Each run copies the checkout to build/mutation/MODULE (the working tree as it is, so
tests not yet committed count), mutates that one module, runs only the tests listed
for it in MODULES, then re-runs every survivor in a fresh pytest process (mutmut forks
its workers from one process, in which a test can pass by state left over from
another). It prints the score and writes build/mutation/MODULE/survivors.txt with the
diff of each survivor. Survivors that change no behaviour (equivalent mutants) are
listed as such in docs/mutation.md, which holds the figures of the last run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MODULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "core": (
        "companion/rules/core.py",
        ("tests/rules", "tests/conformance/test_rules.py", "tests/conformance/test_action_json.py"),
    ),
    "risknroll": (
        "companion/rules/risknroll.py",
        ("tests/rules", "tests/conformance/test_rules.py"),
    ),
    "store": (
        "companion/store.py",
        ("tests/store", "tests/conformance/test_stored_games.py"),
    ),
    "tables": ("companion/advice/risknroll_tables.py", ("tests/advice/test_turn_tables.py",)),
}
"""Module name -> (the file mutated, the tests that must catch its mutants)."""

COPIED = ("companion", "hardware", "vision", "tests", "pyproject.toml")
SKIPPED = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", "mutants")


def prepare(name: str) -> Path:
    """A fresh copy of the checkout set up to mutate one module."""
    path, tests = MODULES[name]
    tests = tuple(t for t in tests if (ROOT / t).exists())
    work = ROOT / "build" / "mutation" / name
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for item in COPIED:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, work / item, ignore=SKIPPED)
        else:
            shutil.copy2(source, work / item)
    selection = ", ".join(f'"{t}"' for t in tests)
    with (work / "pyproject.toml").open("a") as config:
        config.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["companion"]\n'
            f'only_mutate = ["{path}"]\n'
            f"pytest_add_cli_args_test_selection = [{selection}]\n"
            'pytest_add_cli_args = ["-p", "no:cacheprovider", "-x", "-q"]\n'
            "also_copy = [\"hardware\", \"vision\"]\n"
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


def killed_afresh(work: Path, mutant: str, tests: tuple[str, ...]) -> bool:
    """Whether the tests fail with this one mutant active, in a new pytest process."""
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
        cwd=work / "mutants", env=env, capture_output=True,
    )
    return done.returncode != 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", choices=sorted(MODULES))
    parser.add_argument("--jobs", type=int, default=2, help="mutmut's worker processes")
    args = parser.parse_args()
    path, tests = MODULES[args.module]
    tests = tuple(t for t in tests if (ROOT / t).exists())
    work = prepare(args.module)
    print(f"mutating {path} in {work}; tests: {' '.join(tests)}", flush=True)
    print(mutmut(work, "run", "--max-children", str(args.jobs))[-2000:], flush=True)
    found = statuses(work)
    survivors = [m for m, status in found.items() if status == "survived"]
    still = [m for m in survivors if not killed_afresh(work, m, tests)]
    counted = {m: s for m, s in found.items() if s in ("killed", "survived", "timeout")}
    caught = len(counted) - len(still)
    others = sorted({s for s in found.values()} - {"killed", "survived", "timeout"})
    with (work / "survivors.txt").open("w") as out:
        for mutant in still:
            out.write(mutmut(work, "show", mutant) + "\n")
    print(f"{path}: {caught} of {len(counted)} mutants caught "
          f"({100 * caught / max(1, len(counted)):.1f}%); "
          f"{len(survivors) - len(still)} survivors of mutmut's run were caught afresh; "
          f"{len(still)} survive (build/mutation/{args.module}/survivors.txt)"
          + (f"; not run: {', '.join(others)}" if others else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
