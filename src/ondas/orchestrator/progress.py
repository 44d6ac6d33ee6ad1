"""What the wave loop tells the person (rich) or the machine (JSON lines) while it runs."""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Protocol, TextIO

from rich.console import Console
from rich.markup import escape
from rich.status import Status


class Progress(Protocol):
    """Receives the loop's progress events; ``kind`` names the event, ``data`` its fields."""

    def emit(self, kind: str, **data: Any) -> None:
        """Report one event."""
        ...

    def close(self) -> None:
        """Stop any live display."""
        ...


class Silent:
    """Discards every event (library use, tests)."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []

    def emit(self, kind: str, **data: Any) -> None:
        """Keep the event in memory."""
        self.events.append((kind, data))

    def close(self) -> None:
        """Nothing to stop."""


class JsonLines:
    """One JSON object per event on stdout, flushed at once."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout

    def emit(self, kind: str, **data: Any) -> None:
        """Write ``{"event": kind, ...}`` as one line."""
        line = json.dumps({"event": kind, "ts": time.time(), **data}, default=str)
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Nothing to stop."""


TIPS: dict[str, str] = {
    "briefing": "the briefing frames every later stage; read docs/briefing.md when it closes",
    "constitution": "principles every stage respects; an existing one is kept unless you say",
    "specify": "what to build, not how; every external fact it names must be backed (fact check)",
    "clarify": "structural questions come to you as blocks: ondas resume --answer TEXT",
    "plan": "the technical plan; its endpoints and libraries must be backed (fact check)",
    "checklist": "requirements quality, not tests: each item names what it checks",
    "create-tasks": "small tasks in phases; [P] marks what may run in parallel",
    "execute-task": "a task passes only on test evidence ondas ran itself",
    "converge": "the whole suite runs again; the checklist is ticked only against evidence",
    "review-task": "APPROVED or CHANGES REQUESTED; changes send the run back to execute-task",
    "review-features": "the last look across features; an approved one joins the living spec",
    "roadmap": "features in dependency order; each runs as its own feature branch",
}
"""One short tip per phase, shown the first time a wave of that stage starts."""


class _LiveLine:
    """Re-rendered on every refresh of the status spinner, so the elapsed time keeps moving."""

    def __init__(self, owner: RichProgress) -> None:
        self.owner = owner

    def __rich__(self) -> str:
        return self.owner.line()


class RichProgress:
    """A live status line (stage, elapsed time, tool calls, decisions, cost) plus a log."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.status: Status | None = None
        self.stage = ""
        self.started = time.monotonic()
        self.counters: dict[str, float] = {"tool_calls": 0, "decisions": 0, "cost_usd": 0.0}
        self.tipped: set[str] = set()

    def line(self) -> str:
        """The live status text."""
        elapsed = time.monotonic() - self.started
        c = self.counters
        return (
            f"[bold]{escape(self.stage)}[/bold]  {elapsed:5.0f}s  "
            f"tool calls {c['tool_calls']:.0f}  "
            f"decisions {c['decisions']:.0f}  cost ${c['cost_usd']:.4f}"
        )

    def emit(self, kind: str, **data: Any) -> None:
        """Update the live line and print milestones."""
        for key in self.counters:
            if key in data and isinstance(data[key], int | float):
                self.counters[key] += float(data[key])
        if kind == "wave_started":
            self.stage = str(data.get("stage", ""))
            self.started = time.monotonic()
            self.console.print(
                f"wave {escape(str(data.get('wave')))} · stage [bold]{escape(self.stage)}[/bold]"
            )
            if self.stage in TIPS and self.stage not in self.tipped:
                self.tipped.add(self.stage)
                self.console.print(f"  [dim]tip: {escape(TIPS[self.stage])}[/dim]")
            if self.console.is_terminal and self.status is None:
                self.status = self.console.status(_LiveLine(self))
                self.status.start()
        elif kind == "wave_closed":
            verdict = "advanced" if data.get("advanced") else "not advanced"
            self.console.print(
                escape(f"  closed: {data.get('reason')} ({verdict}) -> {data.get('next_stage')}")
            )
        elif kind in ("task_recorded", "retry", "block", "note"):
            self.console.print(escape(f"  {kind.replace('_', ' ')}: {data.get('message', '')}"))
        if self.status is not None:
            self.status.update(_LiveLine(self))

    def close(self) -> None:
        """Stop the live line."""
        if self.status is not None:
            self.status.stop()
            self.status = None
