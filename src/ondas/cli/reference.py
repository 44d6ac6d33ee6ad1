"""The CLI reference (docs/cli.md), generated from the ``--help`` of every visible command.

Regenerate with ``python -m ondas.cli.reference > docs/cli.md``; a test fails when the file
and the command line disagree.
"""

from __future__ import annotations

import os

from ondas.cli.framework import help_text, walk
from ondas.cli.main import build_app

WIDTH = "100"

HEADER = """# CLI reference

Generated from `ondas --help` and the `--help` of every visible group and command by
`python -m ondas.cli.reference > docs/cli.md` (a test checks it is current). Plumbing used by
hooks, the orchestrator and tests lives under the hidden `ondas internal` group and is not
listed here; see [usage](usage.md#plumbing).
"""


def render() -> str:
    """The whole reference as Markdown, at a fixed width so that it does not depend on the tty."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = WIDTH
    try:
        app = build_app()
        parts = [HEADER, "## ondas\n", "```text", help_text(app, []).rstrip(), "```\n"]
        for path, _ in walk(app):
            title = "ondas " + " ".join(path)
            parts += [f"## {title}\n", "```text", help_text(app, list(path)).rstrip(), "```\n"]
        return "\n".join(parts)
    finally:
        if saved is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = saved


if __name__ == "__main__":
    print(render(), end="")
