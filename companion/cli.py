"""The `companion` command: one subcommand per job, each in its own module.

Each module in `companion.commands` has `configure(parser)`, which only declares
arguments, and `run(args) -> int`, which does the work. Heavy imports (OpenCV, the
display stack, the advice tables) stay inside `run`, so start-up on a Pi stays light.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> (module under companion.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "play a game at the table (simulator where there is no hardware)"),
    "demo": ("demo", "play a whole game with virtual dice, the advice as every player"),
    "read": ("read", "read dice from image files"),
    "history": ("history", "list finished games with winners and scores"),
    "replay": ("replay", "rebuild a stored game and print its state"),
    "stats": ("stats", "per-player statistics, and whether the dice are fair"),
    "bench": ("bench", "print speed and accuracy figures"),
    "config": ("config", "show or check the configuration file"),
    "doctor": ("doctor", "check display, buttons, camera, I2C and the store"),
    "learn": ("learn", "teach the dice reader this table's dice from the photos it kept"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table companion: reads the dice, shows every legal option, keeps the score.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        sp.set_defaults(_module=module)
        _load(module).configure(sp)
    return parser


def _load(module: str):
    return importlib.import_module(f"companion.commands.{module}")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    from companion import rules

    try:  # every game's advisor and screens are there, or nothing starts
        rules.check_parts()
    except ImportError as missing:
        print(f"companion: {missing}", file=sys.stderr)
        return 1
    try:
        return int(_load(args._module).run(args) or 0)
    except BrokenPipeError:  # `companion history | head`: the reader has all it wants
        # Python flushes stdout again at exit: point it at /dev/null so that is quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
