"""Plain record classes for the modules every short-lived ``ondas`` process imports.

``dataclasses`` imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``): about as much CPU
as a bare interpreter's whole start-up. ``ondas status``, ``ondas state get`` and the hooks
start a process each, so the records they read (locks, blocks, waves, tasks, decisions) are
:class:`Record` subclasses instead: the same declaration (annotated fields, defaults,
:func:`field` with ``default_factory``, ``frozen=True``), the same generated ``__init__``
(which calls ``__post_init__`` when the class has one, to check the values), ``__eq__`` and
``__repr__``, and :func:`asdict` / :func:`replace` alike. Type checkers see them as
dataclasses (``dataclass_transform``).

Fields are the class's annotations in order (base classes first), read from
``__annotations__`` as strings (every module using this has ``from __future__ import
annotations``); a ``ClassVar[...]`` annotation is not a field.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: the point of this module is to import neither typing nor
# dataclasses at run time.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    T = TypeVar("T")
    R = TypeVar("R", bound="Record")
else:

    def dataclass_transform(**_kwargs: object) -> object:
        return lambda cls: cls


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record."""


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is made per instance by ``default_factory`` (``list``, ``dict``)."""
    made: Any = _Factory(default_factory)
    return made  # type: ignore[no-any-return]


_MISSING = object()


@dataclass_transform(field_specifiers=(field,))
class Record:
    """Base of a plain record class: subclass it and annotate the fields."""

    if TYPE_CHECKING:
        _record_fields: ClassVar[tuple[str, ...]]
        _record_defaults: ClassVar[dict[str, object]]
        _record_frozen: ClassVar[bool]
        _record_checked: ClassVar[bool]

        def __post_init__(self) -> None: ...

    def __init_subclass__(cls, *, frozen: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        defaults: dict[str, object] = {}
        for klass in reversed(cls.__mro__):
            own = klass.__dict__.get("__annotations__", {})  # noqa: RUF063 (no inspect)
            for name, annotation in own.items():
                if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                    continue
                if name not in names:
                    names.append(name)
                value = klass.__dict__.get(name, _MISSING)
                if value is not _MISSING:
                    defaults[name] = value
                elif name in defaults and klass is cls:
                    del defaults[name]
        for name, value in defaults.items():
            if isinstance(value, _Factory) and name in cls.__dict__:
                delattr(cls, name)
        cls._record_fields = tuple(names)
        cls._record_defaults = defaults
        cls._record_frozen = frozen
        cls._record_checked = hasattr(cls, "__post_init__")
        if not frozen and "__hash__" not in cls.__dict__:
            cls.__hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as dataclasses

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._record_fields
        if args:
            if len(args) > len(fields):
                raise TypeError(f"{self._name()} takes {len(fields)} arguments, {len(args)} given")
            for key, value in zip(fields, args, strict=False):
                if key in kwargs:
                    raise TypeError(f"{self._name()} got multiple values for argument {key!r}")
                kwargs[key] = value
        values = self.__dict__
        given = 0
        for key in fields:
            if key in kwargs:
                values[key] = kwargs[key]
                given += 1
                continue
            default = self._record_defaults.get(key, _MISSING)
            if default is _MISSING:
                raise TypeError(f"{self._name()} missing required argument {key!r}")
            values[key] = default.make() if isinstance(default, _Factory) else default
        if given != len(kwargs):
            unknown = next(key for key in kwargs if key not in values)
            raise TypeError(f"{self._name()} got an unexpected keyword argument {unknown!r}")
        if self._record_checked:
            self.__post_init__()

    def _name(self) -> str:
        return f"{type(self).__name__}()"

    def __setattr__(self, name: str, value: object) -> None:
        if self._record_frozen:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super().__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        if self._record_frozen:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super().__delattr__(name)

    def _record_values(self) -> tuple[object, ...]:
        return tuple(self.__dict__[name] for name in self._record_fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._record_values() == other._record_values()

    def __hash__(self) -> int:
        return hash(self._record_values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self._record_fields)
        return f"{type(self).__qualname__}({shown})"


def asdict(record: Record) -> dict[str, Any]:
    """The fields of ``record`` as a dict, records inside converted too, values deep-copied."""
    return {name: plain(record.__dict__[name]) for name in record._record_fields}


def replace(record: R, **changes: Any) -> R:
    """A copy of ``record`` with ``changes`` applied."""
    values = {name: record.__dict__[name] for name in record._record_fields}
    values.update(changes)
    return type(record)(**values)


def plain(value: object) -> Any:
    """A deep copy of ``value`` with every record in it turned into a dict (as ``asdict``)."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, Record):
        return asdict(value)
    if isinstance(value, list | tuple):
        return type(value)(plain(item) for item in value)
    if isinstance(value, dict):
        return type(value)((plain(k), plain(v)) for k, v in value.items())
    import copy

    return copy.deepcopy(value)
