"""``ondas guard``: run the pure guard-rails by hand (exit 0 allowed, 1 refused, 2 usage)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from ondas.cli._common import JsonOption, call, emit_json, usage
from ondas.cli.framework import App, Argument, Exit, Option
from ondas.guards.verdict import Verdict

app = App(
    help=(
        "Check commands, paths, URL whitelists and text for secrets, as the hooks do. "
        "Exit 0 when allowed, 1 when refused, 2 on a usage error."
    ),
    no_args_is_help=True,
)
whitelist_app = App(help="The project's URL whitelist.", no_args_is_help=True)
secrets_app = App(help="Find or redact secrets in text read from stdin.", no_args_is_help=True)
app.add_group(whitelist_app, name="whitelist")
app.add_group(secrets_app, name="secrets")

ProjectOption = Option(None, "--project", help="Target project (default: cwd).")
EnvFileOption = Option(None, "--env-file", help="A .env file whose values are secrets too.")


def _render(verdict: Verdict, as_json: bool, extra: dict[str, Any] | None = None) -> None:
    if as_json:
        emit_json({**verdict.to_dict(), **(extra or {})})
    elif verdict.allowed:
        print("allowed")
    else:
        print(f"blocked: {verdict.rule}")
        print(f"category: {verdict.category}")
        print(f"segment: {verdict.segment}")
        print(f"reason: {verdict.reason}")
    raise Exit(0 if verdict.allowed else 1)


@app.command("bash")
def bash_cmd(
    command: str = Option(None, "--command", help="The bash command line to check."),
    project: Path = ProjectOption,
    whitelist: Path = Option(
        None, "--whitelist", help="URL whitelist file (default: <project>/.ondas/whitelist)."
    ),
    in_container: bool = Option(
        None,
        "--in-container/--no-container",
        help="Allow system package installs (default: detect).",
    ),
    in_venv: bool = Option(
        None, "--in-venv/--no-venv", help="Allow pip installs (default: detect $VIRTUAL_ENV)."
    ),
    as_json: bool = JsonOption,
    jsonl: bool = Option(
        False,
        "--jsonl",
        help='Read one {"command": ...} per stdin line; write one verdict per line (exit 0).',
    ),
    unattended: bool = Option(
        False,
        "--unattended",
        help="Check as in an unattended run without the OS sandbox (unknown programs refused).",
    ),
    sandboxed: bool = Option(
        False,
        "--sandboxed",
        help="Check as in a run inside the OS sandbox (writes outside the project left to it).",
    ),
) -> None:
    """Check a bash command line; print the rule and the offending segment when blocked."""
    from ondas.guards import whitelist as whitelist_mod
    from ondas.guards.bash import environment_flags
    from ondas.guards.bash_jsonl import GuardSettings, check_jsonl

    root = project or Path.cwd()
    if whitelist is None and (root / ".ondas" / "whitelist").is_file():
        whitelist = root / ".ondas" / "whitelist"
    patterns = call(lambda: whitelist_mod.load(whitelist)) if whitelist is not None else []
    detected_container, detected_venv = environment_flags()
    settings = GuardSettings(
        project=root,
        whitelist=tuple(patterns),
        in_container=detected_container if in_container is None else in_container,
        in_venv=detected_venv if in_venv is None else in_venv,
        unattended=unattended,
        sandboxed=sandboxed,
        environment=os.environ,
    )
    if unattended and sandboxed:
        usage("give at most one of --unattended (no OS sandbox) or --sandboxed")
    if jsonl == (command is not None):
        usage("give exactly one of --command or --jsonl")
    if jsonl:
        call(lambda: check_jsonl(sys.stdin, sys.stdout, settings))
        raise Exit(0)
    assert command is not None
    _render(settings.check(command), as_json)


@app.command("path")
def path_cmd(
    project: Path = Option(..., "--project", help="The target project."),
    target: str = Option(..., "--target", help="The file to be written."),
    write: bool = Option(False, "--write", help="Check a write (the only guarded access)."),
    as_json: bool = JsonOption,
) -> None:
    """Refuse a write outside the project, after resolving '..' and symlinks."""
    from ondas.guards.paths import check_write

    if not write:
        usage("say --write: only writes are guarded")
    _render(check_write(project, target), as_json)


@app.command("validate-target")
def validate_target_cmd(
    project: Path = Option(..., "--project", help="The directory to hand to the agents."),
    as_json: bool = JsonOption,
) -> None:
    """Refuse a target project that is a system, home, credentials or Claude config directory."""
    from ondas.guards.paths import validate_target

    _render(validate_target(project), as_json)


@whitelist_app.command("check")
def whitelist_check_cmd(
    file: Path = Argument(..., help="The whitelist file, one pattern a line."),
    as_json: bool = JsonOption,
) -> None:
    """Refuse malformed or overly broad patterns (*, **, *://*, https://*, *.com)."""
    from ondas.guards import whitelist as whitelist_mod

    lines = call(lambda: _read_lines(file))
    problems = whitelist_mod.check_patterns(lines)
    patterns = whitelist_mod.load(file)
    if as_json:
        emit_json(
            {
                "allowed": not problems,
                "patterns": len(patterns),
                "problems": [p.to_dict() for p in problems],
            }
        )
    elif problems:
        for problem in problems:
            print(f"line {problem.line}: {problem.pattern}: {problem.reason}")
    else:
        print(f"ok: {len(patterns)} patterns")
    raise Exit(1 if problems else 0)


@secrets_app.command("check")
def secrets_check_cmd(env_file: Path = EnvFileOption, as_json: bool = JsonOption) -> None:
    """Exit 1 when the text on stdin holds a secret; list kinds and positions, never values."""
    from ondas.guards.secrets import find_secrets, load_env_values

    env_values = call(lambda: load_env_values(env_file)) if env_file is not None else []
    findings = find_secrets(sys.stdin.read(), env_values=env_values)
    if as_json:
        emit_json({"allowed": not findings, "findings": [f.to_dict() for f in findings]})
    elif findings:
        for finding in findings:
            print(f"{finding.kind} at {finding.start}-{finding.end} ({finding.source})")
    else:
        print("no secrets found")
    raise Exit(1 if findings else 0)


@secrets_app.command("scrub")
def secrets_scrub_cmd(env_file: Path = EnvFileOption) -> None:
    """Copy stdin to stdout with each secret replaced by [REDACTED:<kind>]."""
    from ondas.guards.secrets import load_env_values, scrub

    env_values = call(lambda: load_env_values(env_file)) if env_file is not None else []
    sys.stdout.write(scrub(sys.stdin.read(), env_values=env_values))


def _read_lines(file: Path) -> list[str]:
    from ondas.errors import UsageError
    from ondas.pathpolicy import read_text

    try:
        return read_text(file, what="whitelist").splitlines()
    except OSError as exc:
        raise UsageError(f"cannot read whitelist {file}: {exc}") from exc
