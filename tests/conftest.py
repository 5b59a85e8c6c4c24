"""Settings every test shares.

Hypothesis's per-example deadline is off for the whole suite: timing is not behaviour,
and a loaded CI machine or a Raspberry Pi would otherwise fail a property by the clock,
not by the rules (speed has its benchmarks: `companion bench`, benchmarks/)."""

from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")
