"""The argparse side of :mod:`ondas.cli.framework`: help text and the wording of errors.

Imported only to show a command's ``--help`` or to parse a command line the framework's
plain reader declines (see :func:`ondas.cli.framework.call_command`): argparse, and the
``gettext`` and ``locale`` it loads when a parser is built, cost several milliseconds of every
short ``ondas`` process.
"""

from __future__ import annotations

import argparse
import os

from ondas.errors import UsageError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, NoReturn


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line (raised, printed by the root boundary)."""

    def error(self, message: str) -> NoReturn:
        from ondas.cli.framework import short_prog

        raise UsageError(f"{short_prog(self.prog)}{message} (see {self.prog} --help)")


class Formatter(argparse.RawDescriptionHelpFormatter):
    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30, width=help_width())

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "Usage: " if prefix is None else prefix)


def help_width() -> int:
    """The width help text is wrapped to: ``$COLUMNS`` within 60..120, else 100."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    return max(60, min(columns or 100, 120))
