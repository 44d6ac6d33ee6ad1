"""A finding: one thing a validator objects to, with a severity that decides validity."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

SEVERITIES = ("critical", "error", "warning")
BLOCKING = frozenset({"critical", "error"})


@dataclass(frozen=True)
class Finding:
    """``severity`` is critical, error or warning; ``rule`` a dotted name like ``tasks.phase``."""

    severity: str
    rule: str
    detail: str

    def line(self) -> str:
        """The ``FINDING|<severity>|<rule>|<detail>`` line printed by the CLI."""
        detail = " ".join(self.detail.split())
        return f"FINDING|{self.severity}|{self.rule}|{detail}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


def is_ok(findings: Iterable[Finding]) -> bool:
    """True when no finding is critical or an error (warnings do not block)."""
    return not any(f.severity in BLOCKING for f in findings)
