"""Decision menus a player can read: the best first, then the game's groups, short lists."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from companion.session.menus import (
    LONGEST,
    MORE,
    Group,
    Option,
    arrange,
    often_first,
    presses,
)
from companion.ui.model import MenuItem


def option(n: int, path=()) -> Option:
    return Option(tuple(path), MenuItem(f"o{n}", f"{100 - n}pt", n == 0), n)


def walk(entries, depth=0):
    """Every (value, list length, depth) reached, groups opened."""
    for _, value in entries:
        if isinstance(value, Group):
            yield from walk(value.entries, depth + 1)
        else:
            yield value, len(entries), depth


def test_a_short_menu_is_one_list_in_rank_order():
    options = [option(n, ("Keep",)) for n in range(LONGEST)]
    assert arrange(options) == [(o.item, o.value) for o in options]


def test_a_long_menu_shows_the_best_then_groups_in_the_order_of_their_best():
    options = [option(0, ("Keep",)), option(1, ("Score",)), option(2, ("Keep",)),
               option(3, ("Score",)), option(4, ("Keep",)), option(5, ()), option(6, ("Odd",))]
    entries = arrange(options, [option(7)])
    assert [item.label for item, _ in entries] == ["o0", "Score...", "Keep...", "o5", "o6", "o7"]
    score = entries[1][1]
    assert isinstance(score, Group) and score.heading == "Score"
    assert [v for _, v in score.entries] == [1, 3]
    assert entries[1][0].detail == "99pt"  # the figures of the group's best
    assert [v for _, v in entries[2][1].entries] == [2, 4]  # the best is not repeated


def test_a_list_too_long_even_in_its_group_ends_in_more():
    options = [option(n, ("Keep",)) for n in range(20)]
    entries = arrange(options)
    keep = entries[1][1]
    assert [item.label for item, _ in keep.entries][-1] == "More..."
    assert keep.entries[-1][1].heading == MORE and len(keep.entries) == LONGEST


@given(st.lists(st.lists(st.sampled_from("ABC"), max_size=3), min_size=1, max_size=120),
       st.integers(0, 3))
@example([[]] * 26, 3)  # found by hypothesis: "More..." pages were as short as the top
def test_every_option_once_no_list_too_long_others_last_and_few_presses(paths, others):
    options = [option(n, path) for n, path in enumerate(paths)]
    last = [option(len(paths) + k) for k in range(others)]
    entries = arrange(options, last)
    reached = list(walk(entries))
    assert sorted(v for v, _, _ in reached) == list(range(len(paths) + others))
    assert all(length <= LONGEST for _, length, _ in reached)
    assert [v for _, v in entries[len(entries) - others:]] == [o.value for o in last]
    assert entries[0][1] == 0  # the best first, whatever its group
    counted = dict(presses(entries))
    assert set(counted) == {v for v, _, _ in reached}
    assert max(counted.values()) <= 1 + 4 * (LONGEST // 2 + 1) + (len(paths) // LONGEST) * 2


def test_requests_shorten_the_top_list_only_not_the_pages_more_opens():
    """Three requests of other seats take half the top list: the options left there end
    in "More...", whose pages are of the usual length (they hold no request)."""
    entries = arrange([option(n) for n in range(26)], [option(26 + k) for k in range(3)])
    assert [item.label for item, _ in entries] == ["o0", "o1", "More...", "o26", "o27", "o28"]
    more = entries[2][1]
    assert len(more.entries) == LONGEST and more.entries[-1][0].label == "More..."
    assert max(n for _, n in presses(entries)) <= 14


def entry(name: str) -> tuple[MenuItem, str]:
    return MenuItem(name), name


def test_a_fixed_menu_shows_the_often_used_then_more_opening_the_rest():
    often, rarely = [entry("back"), entry("undo")], [entry("legend"), entry("new")]
    entries = often_first(often, rarely)
    assert [item.label for item, _ in entries] == ["back", "undo", "More..."]
    assert entries[-1][1] == Group(MORE, tuple(rarely))
    assert often_first(often, rarely[1:]) == [*often, rarely[1]]  # one is shown in place


@given(st.integers(0, 20), st.integers(0, 20))
def test_a_fixed_menu_keeps_every_entry_in_order_in_short_lists(often, rarely):
    first = [entry(f"o{n}") for n in range(often)]
    rest = [entry(f"r{n}") for n in range(rarely)]
    entries = often_first(first, rest)
    reached = list(walk(entries))
    assert [v for v, _, _ in reached] == [v for _, v in first + rest]
    assert all(length <= LONGEST for _, length, _ in reached)
    shown = [item.label for item, _ in entries]
    assert shown[:min(often, LONGEST - 1)] == [f"o{n}" for n in range(min(often, LONGEST - 1))]
