"""`companion bench`: which parts a command line asks for."""

from __future__ import annotations

import pytest

from companion.cli import build_parser
from companion.commands import bench


def parts_of(argv):
    return build_parser().parse_args(["bench", *argv]).parts or bench.PARTS


def test_no_part_means_every_part():
    assert parts_of([]) == ("advice", "vision", "screens")


def test_parts_named_are_the_parts_measured():
    assert parts_of(["vision", "advice"]) == ["vision", "advice"]


def test_an_unknown_part_is_refused_with_the_parts_there_are(capsys):
    with pytest.raises(SystemExit):
        parts_of(["speed"])
    assert "no part 'speed'; parts: advice, vision, screens" in capsys.readouterr().err
