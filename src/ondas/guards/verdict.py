"""The result every guard returns: allow, or block naming the rule and the offending segment."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class Verdict:
    """Allow or block; a block names its ``rule``, the offending ``segment`` and a ``reason``."""

    allowed: bool
    rule: str | None = None
    segment: str | None = None
    reason: str | None = None

    @classmethod
    def allow(cls) -> Verdict:
        """The verdict of a guard that found nothing to refuse."""
        return ALLOW

    @classmethod
    def block(cls, rule: str, segment: str | None, reason: str) -> Verdict:
        """A refusal naming its rule, the offending segment and a reason the caller can show."""
        return cls(False, rule, segment, reason)

    @property
    def blocked(self) -> bool:
        """True when the verdict refuses."""
        return not self.allowed

    def message(self) -> str:
        """One line for humans and models: ``[rule] reason: segment``."""
        if self.allowed:
            return "allowed"
        where = f": {self.segment}" if self.segment else ""
        return f"[{self.rule}] {self.reason}{where}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the keys ``allowed``, ``rule``, ``segment``, ``reason``."""
        return asdict(self)


ALLOW = Verdict(True)


def first_block(verdicts: Iterable[Verdict]) -> Verdict:
    """Compose veto-style: the first refusal wins, otherwise allow."""
    for verdict in verdicts:
        if not verdict.allowed:
            return verdict
    return ALLOW


def veto(*checks: Callable[[], Verdict]) -> Verdict:
    """Run ``checks`` lazily in order and stop at the first refusal."""
    return first_block(check() for check in checks)
