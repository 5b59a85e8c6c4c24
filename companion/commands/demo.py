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

from companion.commands.folder import output_folder
from companion.commands.play import SIZES


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game name, e.g. risknroll")
    parser.add_argument(
        "--players", type=int, help="number of players (default 3; 2 with --solo)"
    )
    parser.add_argument(
        "--solo", action="store_true",
        help="the game's solo mode, you against its automatic opponent: --option solo=true",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the virtual dice and deck")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. double_millennium=true (repeatable)",
    )
    parser.add_argument(
        "--frames", metavar="DIR", type=output_folder,
        help="also write every OLED frame as PNG and GIF",
    )
    parser.add_argument(
        "--size", choices=SIZES, default="128x64", help="display size for --frames"
    )
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


def self_play(game_name: str, players: int, seed: int, options: dict) -> list:
    """The actions of one game played to the end: seeded chance, the advice's choices."""
    from companion import rules
    from companion.advice import best_action

    state = rules.get(game_name).new(players, options)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        chance = state.chance()
        action = chance.sample(rng) if chance is not None else best_action(state)
        actions.append(action)
        state = state.apply(action)
    return actions


def seat_names(game_name: str, players: int, options: dict) -> tuple[str, ...]:
    """P1, P2, ... but where the game names a seat itself (216 solo: "AI")."""
    from companion import rules
    from companion.session.names import default_names

    return default_names(players, (), rules.get(game_name).default_names(players, options))


def replay_log(game_name: str, players: int, options: dict, actions: list, log=print):
    """Replay `actions`, telling each step as a readable turn log, seats by their names
    (216 solo's "AI"); the final state."""
    from companion import rules
    from companion.session.names import with_names

    game = rules.get(game_name)
    names = seat_names(game_name, players, options)
    state = game.new(players, options)
    seat = None
    for action in actions:
        if state.turn() != seat:
            seat = state.turn()
            scores = " ".join(str(s) for s in state.scores())
            log(f"{names[seat]}'s turn  (scores {scores})")
        text = state.label(action)
        state = state.apply(action)
        message = state.view().message
        if action.kind == "draw":
            text = message or text
        elif message:
            text += f"  -> {message}"
        log(f"  {with_names(text, names)}")
    return state


def run(args: argparse.Namespace) -> int:
    from companion import rules
    from companion.rules import IllegalAction

    log = (lambda *_: None) if args.quiet else print
    if args.players is None:
        args.players = 2 if args.solo else 3
    try:
        options = parse_options(args.option) | ({"solo": True} if args.solo else {})
        title = rules.get(args.game).title
        if args.frames:
            from companion.demo_frames import play_with_frames

            width, _, height = args.size.partition("x")
            actions = play_with_frames(
                args.game, args.players, args.seed, options, args.frames,
                (int(width), int(height)),
            )
        else:
            actions = self_play(args.game, args.players, args.seed, options)
        log(f"{title}: {args.players} players, seed {args.seed}")
        state = replay_log(args.game, args.players, options, actions, log)
    except (IllegalAction, ValueError) as error:
        print(f"companion demo: {error}", file=sys.stderr)
        return 2
    if args.frames:
        log(f"frames: {args.frames}")
    names = seat_names(args.game, args.players, options)
    result = {
        "game": args.game,
        "players": list(names),
        "scores": list(state.scores()),
        "winners": [names[i] for i in state.winners()],
    }
    print(json.dumps(result))
    return 0
