"""Check many bash commands in one process: one JSON object a line in, one verdict a line out.

``ondas guard bash --jsonl`` reads ``{"command": "..."}`` per line and writes ``{"allowed":
bool, "rule": ..., "segment": ..., "reason": ..., "category": ...}`` per line, in order, so corpora
and CI can score thousands of commands without starting a process per command. A line that is
not such an object is answered with ``{"allowed": false, "rule": "bad-input", ...}`` rather
than stopping the stream.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ondas.guards.verdict import Verdict


@dataclass(frozen=True)
class GuardSettings:
    """Everything the bash guard is told about its surroundings, fixed for a batch."""

    project: Path
    whitelist: Sequence[str] = ()
    in_container: bool = False
    in_venv: bool = False
    unattended: bool = False
    home: Path | None = None
    sandboxed: bool = False
    environment: Mapping[str, str] | None = None
    """The environment the commands run in (:func:`~ondas.guards.bash.check_command`);
    ``ondas guard bash`` passes its own; None: not told."""

    def check(self, command: str) -> Verdict:
        """The guard's verdict on one command line."""
        from ondas.guards.bash import check_command

        return check_command(
            command,
            project=self.project,
            whitelist=self.whitelist,
            in_container=self.in_container,
            in_venv=self.in_venv,
            unattended=self.unattended,
            home=self.home,
            sandboxed=self.sandboxed,
            environment=self.environment,
        )


def check_jsonl(stdin: TextIO, stdout: TextIO, settings: GuardSettings) -> int:
    """Answer every line of ``stdin``; returns how many commands were refused."""
    refused = 0
    for line in stdin:
        if not line.strip():
            continue
        verdict = _line_verdict(line, settings)
        refused += 0 if verdict.allowed else 1
        stdout.write(json.dumps(verdict.to_dict(), ensure_ascii=False) + "\n")
        stdout.flush()
    return refused


def _line_verdict(line: str, settings: GuardSettings) -> Verdict:
    try:
        item = json.loads(line)
    except ValueError as exc:
        return Verdict.block("bad-input", line[:80].strip(), f"not JSON: {exc}")
    command = item.get("command") if isinstance(item, dict) else None
    if not isinstance(command, str):
        return Verdict.block(
            "bad-input", line[:80].strip(), 'each line must be {"command": "<text>"}'
        )
    try:
        return settings.check(command)
    except RecursionError:
        return Verdict.block("nesting-too-deep", command[:80], "nested too deep to check")
