"""The outcome of one abort trigger or budget proxy."""

from __future__ import annotations

from typing import Any

from ondas.errors import LimitAbort
from ondas.record import Record, asdict, field

OK, WARN, ABORT = "ok", "warn", "abort"
STATUSES = (OK, WARN, ABORT)


class TriggerResult(Record):
    """``status`` ok, warn or abort; ``reason`` is the termination reason when it aborts."""

    trigger: str
    status: str
    message: str
    reason: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    disabled: bool = False

    @property
    def aborts(self) -> bool:
        """True when the execution must end."""
        return self.status == ABORT

    def line(self) -> str:
        """One human-readable line: ``trigger: STATUS message``."""
        return f"{self.trigger}: {self.status.upper()} {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)

    def raise_if_abort(self) -> TriggerResult:
        """Raise :class:`LimitAbort` carrying the reason when this result aborts."""
        if self.aborts:
            raise LimitAbort(f"[{self.reason}] {self.message}")
        return self
