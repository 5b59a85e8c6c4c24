"""The rules' and the advice's caches cannot grow without limit over an evening of games
(issue 38: the process grew about 1 MB a minute on a Pi).

A cache keyed by states, throws or positions must have a maxsize; one without must be
finite by construction and listed here with why.
"""

import importlib
import pkgutil

import companion.advice
import companion.rules

FINITE = {
    "core.shipped_text": "one per shipped data file",
    "charidice.read_dice": "one per dice-table text read",
    "charidice.dice_table": "one per dice-table text read",
    "two_sixteen_cards.read_objectives": "one per catalogue text read",
    "two_sixteen_cards.read_help": "one per catalogue text read",
    "two_sixteen_cards.catalogue": "one per catalogue text read",
    "risknroll._score": "sorted dice of at most six: 1,848 at most",
    "risknroll._scoring_sets": "sorted throws of at most six dice",
    "risknroll_tables.throws": "deuces true or false",
    "risknroll_tables.table": "deuces true or false",
    "charidice._best_colour": "no arguments",
    "charidice.keep_index": "no arguments",
    "charidice.waiting_worth": "turns left in a game",
    "sixseven._throw": "dice kept (at most two) and chased",
    "sixseven.later_results": "no arguments",
    "two_sixteen.mask": "one per Objective card",
    "two_sixteen._moves": "sorted three dice and a modifier card",
}


def caches():
    for package in (companion.rules, companion.advice):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            for name, value in vars(module).items():
                if hasattr(value, "cache_info") and value.__module__ == module.__name__:
                    yield f"{info.name}.{name}", value


def test_every_unbounded_cache_is_finite_by_construction():
    unbounded = {name for name, cached in caches() if cached.cache_info().maxsize is None}
    assert unbounded <= set(FINITE), sorted(unbounded - set(FINITE))


def test_the_caches_that_grew_over_games_are_bounded():
    found = dict(caches())
    for name in ("charidice.scoring_choices", "charidice.decisions", "two_sixteen.reach",
                 "two_sixteen.claim_now", "two_sixteen.after_second",
                 "two_sixteen.reroll_value", "two_sixteen.first_value"):
        assert found[name].cache_info().maxsize <= 8192, name
