"""Schema parts: what each layer contributes to the store, wired explicitly.

A layer (state core, audit, limits, ...) exports one :class:`SchemaPart` holding its migration
steps, its read-only invariants (checked by ``validate``) and its row adapters (used when a
legacy state file is imported). The store opens with one :class:`Schema`, an ordered list of
parts; nothing is registered by importing a module, so the CLI and the library see the same
schema whatever they happened to import.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: opening a store for a read imports neither typing nor
# dataclasses (``ondas status``, ``ondas state get`` start a process each).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any, TypeAlias

    from ondas.state.migrations import Migration
    from ondas.state.store import Store

    # An invariant is (description, check): ``check`` is portable SQL whose rows are
    # offenders (the first column names each), or a function of the store returning
    # offending rows alike.
    InvariantCheck: TypeAlias = str | Callable[[Store], list[Any]]
    Invariant: TypeAlias = tuple[str, InvariantCheck]
    RowAdapter: TypeAlias = Callable[[dict[str, Any]], dict[str, Any]]


def _load(spec: str) -> Any:
    """The object named by ``"module:attribute"``."""
    import importlib

    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


class SchemaPart:
    """One layer's share of the schema (immutable once built).

    ``invariants`` and ``row_adapters`` may be given as ``"module:ATTRIBUTE"``: that module
    is imported only when they are read (by ``validate``, by a legacy import), so opening a
    store for a read does not load them.
    """

    __slots__ = ("_invariants", "_row_adapters", "migrations", "name")

    name: str
    migrations: Sequence[Migration]
    _invariants: Sequence[Invariant] | str
    _row_adapters: Mapping[str, RowAdapter] | str

    def __init__(
        self,
        name: str,
        migrations: Sequence[Migration] = (),
        invariants: Sequence[Invariant] | str = (),
        row_adapters: Mapping[str, RowAdapter] | str | None = None,
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "migrations", migrations)
        object.__setattr__(self, "_invariants", invariants)
        object.__setattr__(self, "_row_adapters", {} if row_adapters is None else row_adapters)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"SchemaPart is immutable (cannot set {name})")

    @property
    def invariants(self) -> Sequence[Invariant]:
        """This part's read-only invariants (imported now if given by name)."""
        if isinstance(self._invariants, str):
            object.__setattr__(self, "_invariants", tuple(_load(self._invariants)))
        assert not isinstance(self._invariants, str)
        return self._invariants

    @property
    def row_adapters(self) -> Mapping[str, RowAdapter]:
        """This part's legacy-import row adapters by table (imported now if given by name)."""
        if isinstance(self._row_adapters, str):
            object.__setattr__(self, "_row_adapters", _load(self._row_adapters))
        assert not isinstance(self._row_adapters, str)
        return self._row_adapters

    def _key(self) -> tuple[object, ...]:
        return (self.name, tuple(self.migrations), tuple(self.invariants), self.row_adapters)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SchemaPart):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.name, tuple(self.migrations)))

    def __repr__(self) -> str:
        steps = [m.name for m in self.migrations]
        return f"SchemaPart(name={self.name!r}, migrations={steps!r})"


class Schema:
    """The ordered parts a store opens with (immutable once built)."""

    __slots__ = ("parts",)

    parts: tuple[SchemaPart, ...]

    def __init__(self, parts: tuple[SchemaPart, ...]) -> None:
        object.__setattr__(self, "parts", parts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Schema is immutable (cannot set {name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Schema):
            return NotImplemented
        return self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        return f"Schema(parts={self.parts!r})"

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
