"""``ondas mode check`` as a SessionStart hook process, served without the CLI layer."""

from __future__ import annotations

import json
import sys

from ondas.errors import OndasError
from ondas.modes.core import check


def run_check() -> int:
    """Print the hook answer (nothing when the recorded mode is current); return the exit code.

    Exit 0 whenever an answer could be computed, so Claude Code delivers its context; a broken
    template or unreadable file gives the error's own code and one line on stderr.
    """
    try:
        answer = check()
    except OndasError as err:
        print(f"ondas: {err}", file=sys.stderr)
        return err.exit_code
    if answer is not None:
        print(json.dumps(answer, ensure_ascii=False))
    return 0
