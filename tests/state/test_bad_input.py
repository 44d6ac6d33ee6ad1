"""Bad input and unusable stores: one line on stderr, the documented exit code, and the state
exactly as it was (content dump and event count compared before and after)."""

from __future__ import annotations

import errno
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.errors import StateMissing, StateUnwritable, StoreBusy, UsageError, translate
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.orchestrator.conftest import SAMPLE
from tests.state.conftest import CliResult

Cli = Callable[..., CliResult]


def _content(state_dir: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{state_dir / 'state.db'}?mode=ro", uri=True)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _refused(cli: Cli, code: int, *args: str) -> CliResult:
    out = cli(*args)
    assert out.returncode == code, (args, out.returncode, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ondas: "), out.stderr
    return out


BAD_SETS = [
    ("current_stage", '"nope"'),
    ("description", '"\\ud800"'),
    ("description", "[" * 30_000 + "]" * 30_000),
    ("status", '"finished"'),
]


@pytest.mark.parametrize(("field", "value"), BAD_SETS, ids=["stage", "surrogate", "deep", "enum"])
def test_bad_state_set_is_one_line_exit_2_and_writes_nothing(
    started: Path, cli: Cli, field: str, value: str
) -> None:
    sdir = started / ".ondas"
    before = _content(sdir)
    _refused(cli, 2, "state", "set", "--field", field, "--value", value, "--state-dir", str(sdir))
    assert _content(sdir) == before


def test_export_to_a_directory_is_a_usage_error(started: Path, cli: Cli, tmp_path: Path) -> None:
    sdir = started / ".ondas"
    before = _content(sdir)
    _refused(cli, 2, "state", "export", "--output", str(tmp_path), "--state-dir", str(sdir))
    assert _content(sdir) == before


@pytest.mark.parametrize(
    "args",
    [
        ("resume", "--max-waves", "0"),
        ("resume", "--wave-delay", "nan"),
        ("resume", "--wave-delay", "inf"),
        ("resume", "--wave-delay", "-1"),
        ("resume", "--max-waves", "x"),
    ],
    ids=["max-waves-0", "nan", "inf", "negative", "not-a-number"],
)
def test_resume_checks_its_arguments_like_run_before_writing(
    started: Path, cli: Cli, args: tuple[str, ...]
) -> None:
    before = _content(started / ".ondas")
    _refused(cli, 2, args[0], str(started), *args[1:])
    assert _content(started / ".ondas") == before


def test_run_refuses_an_infinite_wave_delay_before_creating_anything(
    project: Path, cli: Cli
) -> None:
    _refused(
        cli,
        2,
        "run",
        str(project),
        "--description",
        SAMPLE,
        "--backend",
        "scripted",
        "--wave-delay",
        "inf",
    )
    assert not (project / ".ondas").exists()


def test_refused_answer_writes_no_lock_event(started: Path, cli: Cli) -> None:
    before = _content(started / ".ondas")
    _refused(cli, 1, "resume", str(started), "--answer", "yes", "--block", "block-999")
    assert _content(started / ".ondas") == before


def test_a_bad_config_toml_is_refused_at_resume_start(started: Path, cli: Cli) -> None:
    (started / ".ondas" / "config.toml").write_text("[budget]\ntool_calls_per_wave = 'many'\n")
    before = _content(started / ".ondas")
    _refused(cli, 2, "resume", str(started))
    assert _content(started / ".ondas") == before


def test_a_bad_config_toml_is_refused_at_run_start(project: Path, cli: Cli) -> None:
    (project / ".ondas").mkdir()
    (project / ".ondas" / "config.toml").write_text("test_command = [\n")
    _refused(cli, 2, "run", str(project), "--description", SAMPLE, "--backend", "scripted")
    assert not (project / ".ondas" / "state.db").exists()


@pytest.mark.parametrize("content", [b"", b"not a database at all\n"], ids=["empty", "text"])
@pytest.mark.parametrize(
    "args",
    [
        ("state", "get"),
        ("state", "set", "--field", "description", "--value", '"x"'),
        ("state", "init"),
        ("wave", "start"),
        ("event", "add", "--type", "note"),
    ],
    ids=["get", "set", "init", "wave-start", "event-add"],
)
def test_an_empty_or_foreign_state_db_is_never_written(
    project: Path, cli: Cli, content: bytes, args: tuple[str, ...]
) -> None:
    sdir = project / ".ondas"
    sdir.mkdir()
    (sdir / "state.db").write_bytes(content)
    _refused(cli, 6, *args, "--state-dir", str(sdir))
    assert (sdir / "state.db").read_bytes() == content
    assert sorted(p.name for p in sdir.iterdir()) == ["state.db"]


def _from_the_future(state_dir: Path) -> None:
    conn = sqlite3.connect(state_dir / "state.db")
    conn.execute(
        "INSERT INTO _migrations (name, applied_at) VALUES ('m999_future_step', '2099-01-01')"
    )
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "args",
    [
        ("state", "set", "--field", "description", "--value", '"x"'),
        ("state", "verify"),
        ("wave", "start"),
        ("event", "add", "--type", "note"),
    ],
    ids=["set", "verify", "wave-start", "event-add"],
)
def test_a_store_from_a_newer_ondas_is_refused_by_every_command(
    started: Path, cli: Cli, args: tuple[str, ...]
) -> None:
    sdir = started / ".ondas"
    _from_the_future(sdir)
    before = _content(sdir)
    out = _refused(cli, 6, *args, "--state-dir", str(sdir))
    assert "upgrade ondas" in out.stderr
    assert _content(sdir) == before


@pytest.mark.parametrize("command", [("resume",), ("abort", "--reason", "stop"), ("status",)])
def test_the_main_commands_refuse_a_store_from_a_newer_ondas(
    started: Path, cli: Cli, command: tuple[str, ...]
) -> None:
    _from_the_future(started / ".ondas")
    before = _content(started / ".ondas")
    out = _refused(cli, 6, command[0], str(started), *command[1:])
    assert "upgrade ondas" in out.stderr
    assert _content(started / ".ondas") == before


def test_a_usage_error_is_one_line_not_a_box(cli: Cli) -> None:
    _refused(cli, 2, "run", "--max-waves", "many", "--description", "x")
    _refused(cli, 2, "no-such-command")


def test_debug_shows_the_traceback_of_an_unexpected_error(started: Path, cli: Cli) -> None:
    deep = "[" * 30_000 + "]" * 30_000
    args = ("state", "set", "--field", "description", "--value", deep)
    out = cli("--debug", *args, "--state-dir", str(started / ".ondas"))
    assert out.returncode == 2
    assert "Traceback" in out.stderr and "RecursionError" in out.stderr


@pytest.mark.parametrize(
    ("exc", "kind", "code"),
    [
        (OSError(errno.ENOSPC, "No space left on device", "/x/state.db"), StateUnwritable, 6),
        (OSError(errno.EROFS, "Read-only file system", "/x"), StateUnwritable, 6),
        (PermissionError(errno.EACCES, "Permission denied", "/x"), StateUnwritable, 6),
        (IsADirectoryError(errno.EISDIR, "Is a directory", "/x"), UsageError, 2),
        (sqlite3.OperationalError("database or disk is full"), StateUnwritable, 6),
        (sqlite3.OperationalError("attempt to write a readonly database"), StateUnwritable, 6),
        (sqlite3.OperationalError("database is locked"), StoreBusy, 3),
        (sqlite3.DatabaseError("file is not a database"), StateMissing, 6),
        (RecursionError("maximum recursion depth exceeded"), UsageError, 2),
        (UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"), UsageError, 2),
    ],
)
def test_translate_maps_environment_faults_to_one_line_and_an_exit_code(
    exc: BaseException, kind: type, code: int
) -> None:
    err = translate(exc)
    assert isinstance(err, kind) and err.exit_code == code
    assert "\n" not in str(err)


def test_a_failing_git_command_is_exit_6_with_gits_own_first_line() -> None:
    failed = subprocess.run(
        ["git", "-C", "/nonexistent-dir", "status"], capture_output=True, text=True
    )
    exc = subprocess.CalledProcessError(
        failed.returncode, ["git", "status"], failed.stdout, failed.stderr
    )
    err = translate(exc)
    assert err.exit_code == 6 and "git status" in str(err)


def test_store_open_of_a_directory_named_state_db_is_state_missing(tmp_path: Path) -> None:
    (tmp_path / "state.db").mkdir()
    with pytest.raises(StateMissing):
        Store.open(tmp_path, schema=default_schema())
