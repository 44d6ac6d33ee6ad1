"""The chain's canonical text and digests are exactly json.dumps' and hashlib's."""

from __future__ import annotations

import hashlib
import json
import math

import pytest

from ondas.state.chain import canonical, event_hash, sha256_hex

VALUES: list[object] = [
    {"changes": [{"op": "insert", "table": "t", "row": {"b": 1, "a": None}}], "data": {}},
    {"z": 'ação ✓ \u2028 \x00 "quoted" \\ back', "a": [1, 2.5, -0.0, 1e300, True, False]},
    {"nested": {"deep": [{"k": [[], {}]}]}, "int_keys": {3: "x", 1: "y"}},
    {"big": "line of output\n" * 5000, "float": 0.1 + 0.2, "nan": math.nan, "inf": math.inf},
    "a bare string with \t tab",
    [None, 0, "", {"": ""}],
    12345678901234567890,
]


@pytest.mark.parametrize("value", VALUES)
def test_canonical_text_is_json_dumps_sorted_compact_unicode(value: object) -> None:
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical(value) == expected


def test_a_value_json_refuses_raises_json_error() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        canonical({"when": object()})
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference"):
        canonical(loop)


def test_digests_are_sha256() -> None:
    for data in (b"", b"abc", "ação".encode(), b"x" * 200_000):
        assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_event_hash_covers_every_field() -> None:
    fields = {
        "seq": 7,
        "ts": "2026-01-01T00:00:00.000000+00:00",
        "execution_id": "exec-1",
        "type_": "output_observed",
        "description": "Bash",
        "payload": '{"changes":[],"data":{}}',
        "prev_hash": "0" * 64,
    }
    body = json.dumps(
        {k.rstrip("_"): v for k, v in fields.items()},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    assert event_hash(**fields) == hashlib.sha256(body.encode()).hexdigest()
