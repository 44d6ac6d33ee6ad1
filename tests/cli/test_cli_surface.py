"""The command line's surface: every visible command answers --help, the reference in
docs/cli.md is current, usage errors are one line, and the hot paths import nothing heavy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.cli import reference
from ondas.cli.framework import App, Command, command_paths, walk
from ondas.cli.main import build_app, run
from tests.conftest import run_ondas

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
BOX = ("╭", "╰", "│", "─", "┌", "└")
HEAVY = ("typer", "click", "rich", "pydantic", "jinja2", "markdown_it", "pygments", "mcp")


def test_every_visible_command_answers_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    app = build_app()
    paths = [path for path, _ in walk(app)]
    assert len(command_paths(app)) >= 20
    for path in [(), *paths]:
        assert run([*path, "--help"]) == 0, path
        out = capsys.readouterr().out
        assert out.startswith("Usage: ondas"), path
        assert "<bool>" not in out and "BOOLEAN" not in out, path


def test_the_cli_reference_in_docs_is_current() -> None:
    expected = reference.render()
    assert DOCS.read_text(encoding="utf-8") == expected, (
        "docs/cli.md is stale: python -m ondas.cli.reference > docs/cli.md"
    )


def test_the_root_help_shows_user_verbs_and_hides_the_plumbing() -> None:
    app = build_app()
    shown = [name for name, _ in app.visible()]
    for name in ("run", "resume", "abort", "status", "demo", "log", "state"):
        assert name in shown
    for name in ("internal", "wave", "limits", "event", "route", "hook", "block", "decision"):
        assert name not in shown
    internal = app.child("internal")
    assert isinstance(internal, App)
    assert {"hook", "wave", "limits", "event", "route", "block", "decision", "pipeline"} <= set(
        internal.children
    )


def test_every_command_leaf_has_a_docstring() -> None:
    for path, node in walk(build_app(), hidden=True):
        if isinstance(node, Command):
            assert (node.fn.__doc__ or "").strip(), path


def test_an_unknown_option_on_any_command_is_one_line_with_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = build_app()
    for path, node in walk(app, hidden=True):
        if not isinstance(node, Command):
            continue
        assert run([*path, "--no-such-option"]) == 2, path
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1, (path, captured.err)
        assert lines[0].startswith("ondas: "), (path, lines)
        assert not any(ch in captured.err for ch in BOX), path


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["nope"], 2),
        (["state", "nope"], 2),
        (["run"], 2),
        (["state", "history", "--since", "-1"], 2),
        (["state", "history", "--limit", "many"], 2),
        (["log", "waves", "--project", "/nonexistent/ondas-project"], 6),
        (["status", "--json", "true"], 2),
        (["status"], 6),
        (["--bogus"], 2),
    ],
)
def test_usage_and_state_errors_print_one_line_and_no_traceback(
    args: list[str], code: int, tmp_path: Path
) -> None:
    result = run_ondas(*args, cwd=tmp_path)
    assert result.returncode == code, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("ondas: ")
    assert "Traceback" not in result.stderr
    assert not any(ch in result.stderr for ch in BOX)


def test_debug_shows_the_traceback_of_an_unexpected_error(tmp_path: Path) -> None:
    state = tmp_path / ".ondas"
    state.mkdir()
    (state / "state.db").write_bytes(b"this is not a sqlite database, only some bytes" * 100)
    plain = run_ondas("state", "history", "--state-dir", str(state))
    assert plain.returncode == 6, plain.stderr
    assert len(plain.stderr.strip().splitlines()) == 1
    debug = run_ondas("--debug", "state", "history", "--state-dir", str(state))
    assert debug.returncode == 6
    assert "Traceback" in debug.stderr
    assert debug.stderr.strip().splitlines()[-1].startswith("ondas: ")


PROBE = """
import json, sys
from ondas.cli.main import run
code = run(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["state", "get", "--field", "status"],
        ["status"],
        ["log", "waves"],
    ],
)
def test_hot_commands_import_no_heavy_library(args: list[str], tmp_path: Path) -> None:
    assert run_ondas("state", "init", cwd=tmp_path).returncode == 0
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["code"] == 0, proc.stderr
    loaded = {m.split(".")[0] for m in result["modules"]}
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    if args == ["--help"]:
        assert not any(m.startswith("ondas.state") for m in result["modules"])


def test_run_help_names_its_defaults_and_a_misspelt_option_names_the_right_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert run(["run", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: claude-code)" in text
    # the tier has no default: it is an opt-in, asked before the first wave when not given
    assert "(an opt-in: asked before the first wave when not given)" in text
    assert run(["run", str(tmp_path), "--descripton", "x"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("ondas: run: no such option --descripton (did you mean --description?)")
    assert list(tmp_path.iterdir()) == []


def test_renamed_commands_answer_at_their_old_names_but_help_shows_only_the_new(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shown = [name for name, _ in build_app().visible()]
    assert "output" in shown and "logs" not in shown and "log" in shown
    assert run(["logs", str(tmp_path)]) == 6  # the old name of 'output'
    assert "no detached run log" in capsys.readouterr().err
