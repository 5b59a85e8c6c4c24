"""Decision menus a player can read: the best option first with its figures, then the
rest in groups, each group opening its own short list.

A game declares how its options group beside it: its screen module's
`menu_group(state, action) -> tuple[str, ...]` gives an option's place as a path of
group labels (("Keep", "3 dice") in Charidice, ("Help cards",) in 216; () for the top
list). The session never asks which game it is: it groups by those labels, and by rank
where a list is still too long.

The rules, everywhere: a list of at most `LONGEST` options is shown whole (no groups);
a longer one shows its best option first (at the top only), then its groups in the
order of their best options, a group of one option being that option; a list still
longer than `LONGEST` keeps its first `LONGEST - 1` entries and ends in "More...",
which opens the rest. A group's item shows the figures of its best option. Every option
is then a bounded number of presses away (benchmarks/menu_presses.py measures it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.ui.model import MenuItem

LONGEST = 6
"""The most entries a list shows: a list wraps (Up from the first is the last), so each
of six entries is at most three presses from the top, as in a screen's three rows
scrolled from the middle."""
MORE = "More"


@dataclass(frozen=True)
class Option:
    """One option of a decision: where it goes (group labels), its item, its value."""

    path: tuple[str, ...]
    item: MenuItem
    value: Any


@dataclass(frozen=True)
class Group:
    """An entry that opens its own list: its heading and its entries (item, value)."""

    heading: str
    entries: tuple[tuple[MenuItem, Any], ...]


def arrange(options: Sequence[Option], last: Sequence[Option] = (),
            longest: int = LONGEST) -> list[tuple[MenuItem, Any]]:
    """The top list of a decision's options, ranked best first, then the options `last`
    (another seat's request: always at the end of the top list, never grouped): (item,
    value) entries, a value being an option's own or a `Group`. The requests take room
    in the top list only: the pages its "More..." opens are of the usual length."""
    after = [(o.item, o.value) for o in last]
    if len(options) + len(after) <= longest:
        return [(o.item, o.value) for o in options] + after
    first = [(options[0].item, options[0].value)] if options else []
    entries = first + _grouped(options[1:], 0, longest)
    room = max(2, longest - len(after))  # the top list holds the requests too
    if len(entries) <= room:
        return entries + after
    return [*entries[:room - 1], _group(MORE, _paged(entries[room - 1:], longest))] + after


def _grouped(options: Sequence[Option], depth: int, longest: int) -> list[tuple[MenuItem, Any]]:
    """The entries of one list: options without a group at this depth in place, the
    others gathered in their groups where the first of them stood."""
    order: list[Option | str] = []
    members: dict[str, list[Option]] = {}
    for option in options:
        if len(option.path) <= depth:
            order.append(option)
            continue
        label = option.path[depth]
        if label not in members:
            members[label] = []
            order.append(label)
        members[label].append(option)
    entries = []
    for entry in order:
        if isinstance(entry, Option):
            entries.append((entry.item, entry.value))
            continue
        inside = members[entry]
        if len(inside) == 1:
            entries.append((inside[0].item, inside[0].value))
            continue
        listed = ([(o.item, o.value) for o in inside] if len(inside) <= longest
                  else _grouped(inside, depth + 1, longest))
        entries.append(_group(entry, _paged(listed, longest)))
    return entries


def _group(label: str, entries: Sequence[tuple[MenuItem, Any]]) -> tuple[MenuItem, Group]:
    """The entry opening `entries`, with the figures of its best (first) one."""
    return MenuItem(f"{label}...", entries[0][0].detail), Group(label, tuple(entries))


def _paged(entries: list[tuple[MenuItem, Any]], longest: int) -> list[tuple[MenuItem, Any]]:
    if len(entries) <= longest:
        return entries
    return [*entries[:longest - 1], _group(MORE, _paged(entries[longest - 1:], longest))]


def often_first(often: Sequence[tuple[MenuItem, Any]], rarely: Sequence[tuple[MenuItem, Any]],
                longest: int = LONGEST) -> list[tuple[MenuItem, Any]]:
    """A menu of fixed entries (the game menu): `often`, then "More..." opening
    `rarely` (one entry of `rarely` in place, without a group). Where `often` is longer
    than `longest - 1`, its first `longest - 1` entries, then "More..." opening the rest
    of it first."""
    cut = longest - 1
    rest = [*often[cut:], *rarely]
    if len(rest) <= 1:
        return [*often[:cut], *rest]
    return [*often[:cut], _group(MORE, _paged(rest, longest))]


def presses(entries: Sequence[tuple[MenuItem, Any]]) -> list[tuple[Any, int]]:
    """Every option reachable from a list opened at its first entry, with the fewest
    presses that choose it: Up/Down (the list wraps) to each entry, Select, and so on
    down its groups."""
    reached = []
    for index, (_, value) in enumerate(entries):
        moves = min(index, len(entries) - index) + 1
        if isinstance(value, Group):
            reached += [(v, moves + n) for v, n in presses(value.entries)]
        else:
            reached.append((value, moves))
    return reached
