"""``ondas.record.Record`` builds, compares and refuses as a frozen dataclass would."""

from __future__ import annotations

import pytest

from ondas.record import FrozenInstanceError, Record, asdict, field, replace


class Point(Record, frozen=True):
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)


class Positive(Record, frozen=True):
    n: int

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError(f"n must be positive, got {self.n}")


def test_fields_come_positionally_by_keyword_or_from_their_defaults() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert Point(1).y == 0
    assert Point(1).tags == [] and Point(1).tags is not Point(1).tags
    assert asdict(Point(1, 2, ["a"])) == {"x": 1, "y": 2, "tags": ["a"]}
    assert list(Point(1).__dict__) == ["x", "y", "tags"]
    assert replace(Point(1, 2), y=5) == Point(1, 5)


@pytest.mark.parametrize(
    ("build", "says"),
    [
        (lambda: Point(), "missing required argument 'x'"),
        (lambda: Point(1, 2, [], 4), "takes 3 arguments, 4 given"),
        (lambda: Point(1, x=1), "got multiple values for argument 'x'"),
        (lambda: Point(1, z=1), "got an unexpected keyword argument 'z'"),
    ],
)
def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them(build: object, says: str) -> None:
    with pytest.raises(TypeError, match=says):
        build()  # type: ignore[operator]


def test_a_frozen_record_cannot_change_and_hashes_by_value() -> None:
    point = Point(1, 2, [])
    with pytest.raises(FrozenInstanceError):
        point.x = 3  # type: ignore[misc]
    assert hash(Positive(1)) == hash(Positive(1))


def test_post_init_checks_every_record_built() -> None:
    assert Positive(1).n == 1
    with pytest.raises(ValueError, match="n must be positive, got 0"):
        Positive(0)
    with pytest.raises(ValueError, match="got -1"):
        replace(Positive(1), n=-1)
