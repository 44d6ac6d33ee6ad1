"""Schema parts: what each layer contributes to the store, wired explicitly.

A layer (state core, audit, limits, ...) exports one :class:`SchemaPart` holding its migration
steps, its read-only invariants (checked by ``validate``) and its row adapters (used when a
legacy state file is imported). The store opens with one :class:`Schema`, an ordered list of
parts; nothing is registered by importing a module, so the CLI and the library see the same
schema whatever they happened to import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ondas.state.migrations import Migration

if TYPE_CHECKING:
    from ondas.state.store import Store

# An invariant is (description, check): ``check`` is portable SQL whose rows are offenders
# (the first column names each), or a function of the store returning offending rows alike.
InvariantCheck = str | Callable[["Store"], list[Any]]
Invariant = tuple[str, InvariantCheck]
RowAdapter = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class SchemaPart:
    """One layer's share of the schema."""

    name: str
    migrations: Sequence[Migration] = ()
    invariants: Sequence[Invariant] = ()
    row_adapters: Mapping[str, RowAdapter] = field(default_factory=dict)


@dataclass(frozen=True)
class Schema:
    """The ordered parts a store opens with."""

    parts: tuple[SchemaPart, ...]

    @property
    def migrations(self) -> list[Migration]:
        """Every migration step, part by part, in order."""
        return [m for part in self.parts for m in part.migrations]

    @property
    def invariants(self) -> list[Invariant]:
        """Every invariant of every part."""
        return [i for part in self.parts for i in part.invariants]

    @property
    def row_adapters(self) -> dict[str, RowAdapter]:
        """Legacy-import row adapters by table (a later part wins on a shared table)."""
        out: dict[str, RowAdapter] = {}
        for part in self.parts:
            out.update(part.row_adapters)
        return out

    def known_names(self) -> set[str]:
        """Every migration name this schema recognises, former names included."""
        return {n for m in self.migrations for n in (m.name, *m.former_names)}

    def extended(self, *parts: SchemaPart) -> Schema:
        """This schema with ``parts`` appended."""
        return Schema((*self.parts, *parts))

    def first(self, count: int) -> Schema:
        """This schema cut after its first ``count`` migration steps (for upgrade tests)."""
        out: list[SchemaPart] = []
        left = count
        for part in self.parts:
            if left <= 0:
                break
            steps = tuple(part.migrations)[:left]
            left -= len(steps)
            out.append(SchemaPart(part.name, steps, part.invariants, dict(part.row_adapters)))
        return Schema(tuple(out))
