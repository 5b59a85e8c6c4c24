"""`companion demo GAME`: a whole game with virtual dice, the advice playing every seat.

It shows what the referee does without a table: a readable turn log, then one JSON
line with the result that other tools can rely on (DESIGN.md contract). With
`--frames DIR` the game is played through the real session and screens, and every
OLED frame is written as PNG plus an animated GIF.
"""

from __future__ import annotations

import argparse
import json
import random
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game name, e.g. risknroll")
    parser.add_argument("--players", type=int, default=3, help="number of players (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the virtual dice and deck")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. double_millennium=true (repeatable)",
    )
    parser.add_argument("--frames", metavar="DIR", help="also write every OLED frame as PNG and GIF")
    parser.add_argument("--size", default="128x64", help="display size for --frames")
    parser.add_argument("--quiet", action="store_true", help="print only the final JSON line")


def parse_options(pairs: list[str]) -> dict:
    """`name=value` strings to option values (true/false become booleans)."""
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option {pair!r}: write it as NAME=VALUE")
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "on"):
            options[name.strip()] = True
        elif lowered in ("false", "no", "off"):
            options[name.strip()] = False
        else:
            options[name.strip()] = int(value) if lowered.lstrip("-").isdigit() else value
    return options


def play(game_name: str, players: int, seed: int, options: dict, log=print):
    """Play one game to the end with seeded chance and the advice's best choices."""
    from companion import rules
    from companion.advice import best_action

    game = rules.get(game_name)
    state = game.new(players, options)
    rng = random.Random(seed)
    log(f"{game.title}: {players} players, seed {seed}")
    seat = None
    while not state.is_over():
        chance = state.chance()
        if chance is not None:
            action = chance.sample(rng)
        else:
            action = best_action(state)
            if state.current_player() != seat:
                seat = state.current_player()
                scores = " ".join(str(s) for s in state.scores())
                log(f"P{seat + 1}'s turn  (scores {scores})")
        text = state.label(action)
        state = state.apply(action)
        if state.view().message:
            text += f"  -> {state.view().message}"
        log(f"  {text}")
    return game, state


def run(args: argparse.Namespace) -> int:
    from companion.rules import IllegalAction

    try:
        options = parse_options(args.option)
        if args.frames:
            from companion.demo_frames import play_with_frames

            game, state = play_with_frames(
                args.game, args.players, args.seed, options, args.frames, args.size,
                log=(lambda *_: None) if args.quiet else print,
            )
        else:
            game, state = play(
                args.game, args.players, args.seed, options,
                log=(lambda *_: None) if args.quiet else print,
            )
    except (IllegalAction, ValueError) as error:
        print(f"companion demo: {error}", file=sys.stderr)
        return 2
    result = {
        "game": game.name,
        "players": [f"P{i + 1}" for i in range(args.players)],
        "scores": list(state.scores()),
        "winners": [f"P{i + 1}" for i in state.winners()],
    }
    print(json.dumps(result))
    return 0
