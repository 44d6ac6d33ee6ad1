"""Typed inputs of the store operations that take arguments: one frozen record each.

An input's fields are its library function's parameters, spelled once: the MCP tool's
arguments and the ``ondas`` command's flags are checked against them
(``tests/mcp_server/test_one_spelling.py``), renamed only through :data:`SURFACE_NAMES`.
Each surface builds the input once, at its boundary, before it opens the store: an unknown or
missing argument and a rule between the fields (``mode`` needs ``advance``) fail there as one
:class:`~ondas.errors.UsageError` line, whoever calls. The values' own rules (a reason among
the reasons, a score of 0..3) stay in the library function every caller goes through.
"""

from __future__ import annotations

from ondas.errors import UsageError
from ondas.record import Record

# Not ``typing.TYPE_CHECKING``: the store commands are short-lived processes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Self

SURFACE_NAMES: dict[str, str] = {"decision": "decision_id", "class": "class_"}
"""Argument spelled on the surfaces (MCP argument, CLI flag) -> the input's field: ``class``
is a Python keyword; a block's or skill's ``decision`` is a decision id."""


class Input(Record, frozen=True):
    """Base of an operation's input: built from a surface's arguments, handed to the library."""

    @classmethod
    def from_surface(cls, given: Mapping[str, Any]) -> Self:
        """The input of a surface's arguments (``class``, ``decision``... renamed)."""
        fields = {SURFACE_NAMES.get(name, name): value for name, value in given.items()}
        unknown = sorted(set(fields) - set(cls._record_fields))
        if unknown:
            raise UsageError(f"unknown argument(s): {', '.join(unknown)}")
        missing = [
            name
            for name in cls._record_fields
            if name not in fields and name not in cls._record_defaults
        ]
        if missing:
            raise UsageError(f"missing argument(s): {', '.join(missing)}")
        return cls(**fields)

    def arguments(self) -> dict[str, Any]:
        """The library function's keyword arguments."""
        return dict(self.__dict__)


def require_advance(advance: bool, **needing: str | None) -> None:
    """Refuse a stage move (``mode``, ``terminal_phase``, ``next_stage``) without ``advance``."""
    if advance:
        return
    for name, value in needing.items():
        if value is not None:
            raise UsageError(f"--{name.replace('_', '-')} needs --advance")


class CloseWave(Input, frozen=True):
    """``close_wave`` · ``ondas wave end`` · :func:`ondas.audit.waves.end_wave`."""

    reason: str
    advance: bool = False
    terminal_phase: str | None = None
    mode: str | None = None
    next_instruction: str | None = None
    add_stage: str | None = None
    next_scheduled_for: str | None = None
    next_stage: str | None = None

    def __post_init__(self) -> None:
        require_advance(
            self.advance,
            mode=self.mode,
            terminal_phase=self.terminal_phase,
            next_stage=self.next_stage,
        )


class RecordSkill(Input, frozen=True):
    """``record_skill`` · ``ondas wave record-skill`` · :func:`ondas.audit.waves.record_skill`."""

    skill: str
    kind: str = "skill"
    decision_id: str | None = None


class RecordTask(Input, frozen=True):
    """``record_task`` · ``ondas wave record-task`` · :func:`ondas.audit.tasks.record_task`."""

    task_id: str
    title: str | None
    outcome: str
    tests_run: int
    tests_passed: int
    lint_ok: bool | None
    files: Any = None
    """A list of paths or its JSON text; none: no files."""

    def arguments(self) -> dict[str, Any]:
        """The library's arguments: no files is an empty list."""
        return {**self.__dict__, "files": [] if self.files is None else self.files}


class RecordDecision(Input, frozen=True):
    """``record_decision`` · ``ondas decision register`` ·
    :func:`ondas.audit.decisions.register_decision`."""

    agent: str | None
    context: str | None
    options: Any
    """A list of options or its JSON text."""
    choice: str | None
    justification: str | None
    score: int
    stage: str | None = None
    evidence: str | None = None
    references: Any = None
    class_: str = "operational"
    axis: str | None = None
    consent: str | None = None


class RegisterBlock(Input, frozen=True):
    """``register_human_block`` · ``ondas block register`` ·
    :func:`ondas.audit.blocks.register_block`."""

    question: str | None
    decision_id: str | None = None
    context_for_answer: str | None = None
    options: Any = None
    """A list of suggested answers or its JSON text."""
    subject_key: str | None = None
    severity: str = "normal"
