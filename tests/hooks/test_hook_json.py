"""The hooks' JSON reader (``json``'s own C scanner, without importing ``json``) agrees with
``json.loads`` on values and on what it refuses."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ondas.hooks.entry import loads

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(JSON_VALUES, st.sampled_from(["", " ", "\n", "\t\r\n "]))
def test_any_json_document_reads_as_json_loads_reads_it(value: object, pad: str) -> None:
    text = pad + json.dumps(value) + pad
    assert loads(text) == json.loads(text)


def test_special_numbers_and_escapes_read_the_same() -> None:
    text = '[NaN, Infinity, -Infinity, "\\u00e9\\n", 1e400, -0.0, 12345678901234567890]'
    ours, theirs = loads(text), json.loads(text)
    assert math.isnan(ours[0]) and ours[1:] == theirs[1:]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "{", '{"a":1} x', "\ufeff{}", '{"a":"\x01"}', '{"a":1,}', "[1,2", "nul"],
)
def test_bad_documents_raise_the_same_error(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as ours:
        loads(text)
    with pytest.raises(json.JSONDecodeError) as theirs:
        json.loads(text)
    assert (ours.value.msg, ours.value.pos) == (theirs.value.msg, theirs.value.pos)
