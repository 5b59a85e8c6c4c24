"""`companion config`: print the effective configuration, or check a file (--check).

    companion config                       # the effective config as TOML, then which
                                           # data files the games use (216's cards...)
    companion config --check [P]           # "config OK: P" (exit 0) or the errors (exit 2)
    companion config --check --config P    # the same: every command takes --config
    companion config --docs                # the documented example with every key
"""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="PATH",
                        help="config file (default: /etc/companion/config.toml)")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", nargs="?", const=True, default=False, metavar="PATH",
                       help="only check the file (PATH, or --config, or the default): "
                            "exit 0 if it is valid, 2 if not")
    group.add_argument("--docs", action="store_true",
                       help="print the example config with every key, its default and doc")


def run(args: argparse.Namespace) -> int:
    from companion import config as C

    if args.docs:
        sys.stdout.write(C.render_example())
        return 0
    quiet = (lambda m: None) if args.check else None
    if isinstance(args.check, str):  # `--check PATH`, as a hobbyist first types it
        if args.config and args.config != args.check:
            print(f"config error: two files to check: {args.check} and --config {args.config}",
                  file=sys.stderr)
            return 2
        args.config = args.check
    try:
        cfg = C.load_config(args.config, say=quiet)
    except C.ConfigError as e:
        print(f"config error: {e}", file=sys.stderr)
        return 2
    for warning in C.warnings(cfg):
        print(f"config warning: {warning}", file=sys.stderr)
    data, refused = data_files(cfg)
    for warning in refused:
        print(f"config warning: {warning}", file=sys.stderr)
    if args.check:
        print(f"config OK: {cfg.source or C.DEFAULT_PATH + ' (absent: built-in defaults)'}")
        return 0
    sys.stdout.write(C.to_toml(cfg))
    sys.stdout.write("".join(f"{line}\n" for line in data))
    return 0


def data_files(cfg) -> tuple[list[str], list[str]]:
    """Which data file each game uses (a player's copy or the shipped one), as TOML
    comments, and a sentence for every copy refused (companion.game_data)."""
    from companion import game_data, rules
    from companion.rules.core import DataError

    where = game_data.folder(cfg.source)
    lines = [f"\n# Data files: a copy in {where} is used instead of the shipped one."]
    refused = []
    for game in rules.GAMES.values():
        try:
            used = game_data.in_use(game, where)
        except DataError as broken:
            refused.append(str(broken))
            continue
        refused += used.refused
        for name, source in used.sources.items():
            lines.append(f"# {game.title}: {name}: "
                         + ("shipped" if source == game_data.SHIPPED else f"your copy, {source}"))
    return lines, refused
