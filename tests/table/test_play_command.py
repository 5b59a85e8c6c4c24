"""`companion play`'s own decisions, short of running the loop: the command line checked,
presses while the screen is dark, no way to press at all, a terminal too small."""

from __future__ import annotations

import argparse

import pytest

from companion import rules
from companion.commands import play
from companion.config import defaults


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.configure(parser)
    return parser.parse_args(argv)


@pytest.mark.parametrize("players", ["0", "1", "99"])
def test_a_number_of_players_the_game_does_not_allow_is_refused(players):
    with pytest.raises(ValueError, match="2 to 8 players"):
        play._setup(args("risknroll", "--players", players), defaults(), rules)
