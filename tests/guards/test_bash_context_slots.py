"""The guard's context is slotted (round 22, perf22): it sets every slot it declares, and the
walker still saves and restores all of it when it walks a statement once more for another
working directory."""

from __future__ import annotations

import pytest

from ondas.guards.bash_base import Ctx
from tests.guards.test_bash import MODES, check


def _ctx() -> Ctx:
    return Ctx(
        project="/p",
        whitelist=(),
        in_container=False,
        in_venv=False,
        home="/h",
        check_source=lambda source, ctx, depth: check(source),
    )


def test_the_context_sets_every_slot_it_declares() -> None:
    ctx = _ctx()
    assert [name for name in Ctx.__slots__ if not hasattr(ctx, name)] == []


def test_the_context_takes_no_attribute_it_does_not_declare() -> None:
    with pytest.raises(AttributeError):
        _ctx().not_a_slot = True  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("line", "verdicts"),
    [
        # walked once for each directory a failed ``cd`` may leave: what the first walk set is
        # put back before the second
        ("cd build || true; rm -rf ../src", ["rm-recursive-outside-temp"] * 3),
        ("cd build; x=src; cd ..; rm -rf $x", ["rm-recursive-outside-temp"] * 3),
        ("cd build || true; ls", ["allow"] * 3),
    ],
)
def test_a_statement_walked_again_starts_from_the_same_context(
    line: str, verdicts: list[str]
) -> None:
    got = []
    for mode in MODES:
        verdict = check(line, **mode)
        got.append("allow" if verdict.allowed else str(verdict.rule))
    assert got == verdicts
