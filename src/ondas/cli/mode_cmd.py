"""``ondas mode``: Claude Code permission regimes behind a forward-only ratchet."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from ondas.cli._common import JsonOption, call, emit_json, usage
from ondas.cli.framework import App, Argument, Exit, Option
from ondas.modes import core
from ondas.modes.hook import run_check
from ondas.modes.settings_file import DEFAULT_HOOK_COMMAND
from ondas.modes.templates import MODES, canonical_mode, load_templates

app = App(
    help=(
        "Claude Code permission regimes (default -> advanced -> autonomous) written into "
        "settings.json behind a forward-only ratchet. Files live in $CLAUDE_CONFIG_DIR "
        "(default ~/.claude): settings.json (user settings, the default target) and the state "
        "file ondas-mode.json."
    ),
    no_args_is_help=True,
)

SettingsOption = Option(
    None,
    "--settings",
    help="settings.json to change (default: $CLAUDE_CONFIG_DIR/settings.json, user settings).",
)


@app.command("status")
def status_cmd(settings: Path = SettingsOption, as_json: bool = JsonOption) -> None:
    """Show the recorded mode, when and why it was activated, its history and settings drift."""
    info = call(lambda: core.status(settings=settings))
    if as_json:
        emit_json(info)
        return
    print(_status_text(info))


def _status_text(info: dict[str, Any]) -> str:
    if not info["recorded"]:
        lines = [f"no mode recorded ({info['stateFile']} absent): activation pending (INITIAL)"]
    else:
        last = info["history"][-1] if info["history"] else {}
        lines = [
            f"mode: {info['mode']} (activated {info['activatedAt']}, "
            f"reason {last.get('reason')}{'; ' + last['note'] if last.get('note') else ''})",
            f"settings: {info['settings']}",
        ]
        drift = info["drift"]
        if drift["matches"]:
            lines.append("settings.json matches the template")
        else:
            lines.append("DRIFT: settings.json no longer matches the template:")
            lines.extend(f"  - {d}" for d in drift["differences"])
        if info["pending"]:
            lines.append(f"re-activation pending ({info['pending']})")
        lines.append(f"history ({len(info['history'])}):")
        lines.extend(
            f"  {h['at']}  {h['fromMode'] or '-'} -> {h['mode']}  {h['reason']}"
            + (f"  {h['note']}" if h.get("note") else "")
            for h in info["history"]
        )
    lines.append(f"allowed next: {', '.join(info['allowedTargets'])}")
    lines.append(f"SessionStart hook installed: {'yes' if info['hookInstalled'] else 'no'}")
    return "\n".join(lines)


def _choose_interactively(settings: Path | None) -> str:
    info = call(lambda: core.status(settings=settings))
    options = info["allowedTargets"]
    table = call(load_templates)
    current = info["mode"] or "none"
    print(f"current mode: {current}; the ratchet allows:", file=sys.stderr)
    for i, mode in enumerate(options, 1):
        print(f"  {i}. {mode}: {table[mode].description}", file=sys.stderr)
    print("choose a mode (number or name): ", end="", file=sys.stderr, flush=True)
    answer = sys.stdin.readline().strip()
    if not answer:
        usage("no mode chosen (give MODE, or answer the prompt)")
    if answer.isdigit() and 1 <= int(answer) <= len(options):
        return str(options[int(answer) - 1])
    return call(lambda: canonical_mode(answer))


@app.command("activate")
def activate_cmd(
    mode: str = Argument(
        None,
        help=f"One of {', '.join(MODES)} (aliases avancado, autosuficiente). Omitted in a "
        "terminal: choose interactively.",
    ),
    reason: str = Option(
        None, "--reason", help="Why (free text, recorded as the history entry's note)."
    ),
    force: bool = Option(
        False,
        "--force",
        help="Never lifts the ratchet: a downgrade is refused with or without it.",
    ),
    settings: Path = SettingsOption,
    as_json: bool = JsonOption,
) -> None:
    """Write MODE's permissions into settings.json; refuse to go down the ratchet.

    Exit 1 on a refused downgrade (the message names the only way down: edit the state file
    by hand and set hookSha256 to MANUAL_DOWNGRADE).
    """
    del force
    if mode is None:
        if as_json or not (sys.stdin.isatty() and sys.stderr.isatty()):
            usage("MODE is required (interactive choice only in a terminal without --json)")
        mode = _choose_interactively(settings)
    result = call(lambda: core.activate(mode, settings=settings, note=reason))
    if as_json:
        emit_json(result.to_dict())
        return
    origin = result.from_mode or "none"
    print(f"mode {result.mode} activated ({origin} -> {result.mode}, reason {result.reason})")
    print(f"{core.TAKES_EFFECT}; this one keeps its permissions")
    print(f"settings: {result.settings}")
    if result.backup:
        print(f"backup: {result.backup}")


@app.command("check", hidden=True)
def check_cmd() -> None:
    """SessionStart hook: silent when the recorded mode is current, else ask for activation.

    Prints the hook JSON (hookSpecificOutput.additionalContext) and always exits 0, so that
    Claude Code delivers the message to the model.
    """
    raise Exit(run_check())


@app.command("install-hook")
def install_hook_cmd(
    command: str = Option(
        DEFAULT_HOOK_COMMAND, "--command", help="Command the hook runs (must run 'mode check')."
    ),
    settings: Path = SettingsOption,
    as_json: bool = JsonOption,
) -> None:
    """Install the 'ondas mode check' SessionStart hook into settings.json (idempotent)."""
    result = call(lambda: core.install_hook(settings=settings, command=command))
    if as_json:
        emit_json(result)
    elif result["changed"]:
        print(f"hook installed in {result['settings']}: {result['command']}")
    else:
        print(f"hook already installed in {result['settings']}")
