"""Console-script entry point.

Hook invocations (``ondas hook ...`` or ``ondas internal hook ...``) take a fast path that
imports no command module, because Claude Code starts one process per tool call and the hook
must start quickly.
"""

from __future__ import annotations

import sys

# The hook names served without the CLI layer; anything else (``--help``) goes through the full CLI.
FAST_HOOKS = ("pre-tool-use", "post-tool-use", "session-start")
# The commands that write a run's state over several steps: a stop signal is a request they
# honour at the next step boundary (``ondas.stopping``), installed before anything is written.
STOPPABLE = ("run", "resume", "abort", "demo", "sovai")


def main(argv: list[str] | None = None) -> int:
    """Run the ``ondas`` command line and return its exit code."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["internal"] and args[1:2] == ["hook"]:
        args = args[1:]
    if len(args) == 2 and args[0] == "hook" and args[1] in FAST_HOOKS:
        try:
            from ondas.hooks.entry import run_hook
        except ImportError:  # pragma: no cover - hooks package absent
            pass
        else:
            return int(run_hook(args[1:]))
    if next((a for a in args if a != "--debug"), "") in STOPPABLE:
        from ondas import stopping

        stopping.install()
    if args == ["mode", "check"]:
        from ondas.modes.hook import run_check

        return run_check()
    from ondas.cli.main import run

    return run(args)
