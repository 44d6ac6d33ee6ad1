"""``ondas doctor``: check what a run needs on this machine (exit 0 all ok, 2 when one fails)."""

from __future__ import annotations

from ondas.cli._common import JsonOption, emit_json
from ondas.cli.framework import Exit


def doctor_command(as_json: bool = JsonOption) -> None:
    """Check Python, git, Claude Code, the SDK, the sandbox, the API key and the store.

    One line per check: ok, warn or fail, and for a failure how to fix it. The API check is
    the probe 'ondas run' makes before it creates anything (no tokens are spent). Postgres
    and Redis are reached when ONDAS_STORE_URL / ONDAS_BROKER_URL name them.

    Exit codes: 0 every check passed (warnings allowed), 2 a check failed.
    """
    from ondas.orchestrator.doctor import FAIL, run_checks

    checks = run_checks()
    failed = [c for c in checks if c.status == FAIL]
    if as_json:
        emit_json({"ok": not failed, "checks": [c.to_dict() for c in checks]})
    else:
        for check in checks:
            print(check.line())
        print("ready: 'ondas run' can start" if not failed else f"{len(failed)} check(s) failed")
    if failed:
        raise Exit(2)
