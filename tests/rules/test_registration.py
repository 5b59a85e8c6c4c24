"""One registration per game: its rules, its advisor and its screens found from one place,
and a part that is missing an error when the companion starts, not a feature gone."""

from __future__ import annotations

import importlib

import pytest

from companion import advice, cli, rules
from companion.rules import Parts
from companion.ui import games


def test_every_game_is_registered_once_with_its_parts_found():
    names = [parts.game.name for parts in rules.REGISTERED]
    assert len(names) == len(set(names)) and set(names) == set(rules.GAMES)
    rules.check_parts()
    for parts in rules.REGISTERED:
        assert rules.PARTS[parts.game.name] is parts and rules.GAMES[parts.game.name] is parts.game
        assert callable(importlib.import_module(parts.advice).advise)
        if parts.screens is not None:
            importlib.import_module(parts.screens)
        if parts.sheet is not None:
            assert callable(importlib.import_module(parts.sheet).sheet)


def test_the_advisors_and_screens_are_those_the_registrations_name():
    assert advice.ADVISORS == {p.game.name: p.advice for p in rules.REGISTERED if p.advice}
    assert games.SCREENS == {p.game.name: p.screens for p in rules.REGISTERED if p.screens}
    from companion.web import sheets

    assert sheets.SHEETS == {p.game.name: p.sheet for p in rules.REGISTERED if p.sheet}


def test_a_part_that_is_not_installed_stops_the_companion_at_start(monkeypatch, capsys):
    broken = Parts(rules.GAMES["sixseven"], "companion.advice.no_such_advisor",
                   "companion.ui.games.sixseven", None)
    other = Parts(rules.GAMES["216"], "companion.advice.two_sixteen", "no_such_package.screens",
                  "companion.web.sheets.two_sixteen")
    monkeypatch.setattr(rules, "REGISTERED", (broken, other))
    with pytest.raises(ImportError) as missing:
        rules.check_parts()
    assert str(missing.value) == (
        "Not installed: 67 Six Seven's advisor companion.advice.no_such_advisor, 216's screens"
        " no_such_package.screens; reinstall the companion.")
    assert cli.main(["history", "--store", "/nonexistent/x.db"]) == 1
    assert capsys.readouterr().err == f"companion: {missing.value}\n"
