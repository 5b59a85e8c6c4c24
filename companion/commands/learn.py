"""`companion learn`: teach the dice reader the dice of this table, from the photos the
box kept while playing (vision.keep_photos), and use the new nets only if they read the
kept photos' held-back part better (vision/learn.py). `--back` returns to the nets in use
before. Run it with the service stopped, on the box or on a laptop with the photos
copied over (then copy the nets folder back).
"""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="PATH",
                        help="config file (default: /etc/companion/config.toml)")
    parser.add_argument("--photos", metavar="DIR",
                        help="the kept photos (default: vision.photos, else \"photos\" "
                        "beside the store)")
    parser.add_argument("--nets", metavar="DIR",
                        help="where learnt nets are kept (default: vision.nets, else "
                        "\"nets\" beside the store)")
    parser.add_argument("--back", action="store_true",
                        help="go back to the nets in use before the last learning")
    parser.add_argument("--quick", action="store_true",
                        help="a tenth of the steps: to try it out, not to keep")


def run(args: argparse.Namespace) -> int:
    from companion import config as C
    from companion.commands.play import kept_photos_dir, learnt_nets_dir

    try:
        cfg = C.load_config(args.config, say=lambda m: print(m, file=sys.stderr))
    except C.ConfigError as e:
        print(f"companion learn: {e}", file=sys.stderr)
        return 2
    from vision import learn

    nets = args.nets or learnt_nets_dir(cfg, cfg.store.path)
    if args.back:
        print(learn.go_back(nets))
        return 0
    photos = args.photos or kept_photos_dir(cfg, cfg.store.path)
    learn.use_learnt(nets)
    steps = {k: max(10, v // 10) for k, v in learn.STEPS.items()} if args.quick else None
    try:
        outcome = learn.learn(photos, nets, steps=steps)
    except learn.CannotLearn as why:
        print(f"companion learn: {why}", file=sys.stderr)
        return 2
    minutes = outcome.seconds / 60
    if outcome.switched:
        print(f"The new nets read the held-back photos better: the box reads with them from "
              f"its next start (in {nets}; companion learn --back returns to the old ones). "
              f"{minutes:.1f} minutes.")
    else:
        print(f"The new nets read the held-back photos no better: the box keeps the nets it "
              f"has. {minutes:.1f} minutes. More kept photos, especially corrected ones, "
              "give learning more to go on.")
    return 0
