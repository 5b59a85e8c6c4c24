"""Any JSON a store or an export may hold is an action or refused as one, never a crash."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Action, IllegalAction


@settings(max_examples=100, deadline=None)
@given(
    data=st.dictionaries(
        st.text(max_size=6),
        st.recursive(
            st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6)),
            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
            max_leaves=6,
        ),
        max_size=4,
    )
    | st.builds(dict, kind=st.text(max_size=6), dice=st.lists(st.integers(), max_size=7))
)
def test_any_json_is_an_action_or_refused(data):
    try:
        action = Action.from_json(data)
    except IllegalAction:
        return
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
