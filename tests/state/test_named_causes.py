"""Refusals name their real cause and write nothing: a store from a newer ondas, a store server
that cannot be reached, text that is not UTF-8, and ``mcp serve`` fed blank lines."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.app.run import run
from ondas.errors import UsageError

SCRIPTED = ["--backend", "scripted", "--tier", "local"]


def _ondas(
    *args: str | bytes, cwd: Path, env: dict[str, str] | None = None, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env={**os.environ, "ONDAS_NO_COLOR": "1", **(env or {})},
        timeout=120,
    )


def _err(out: subprocess.CompletedProcess[bytes]) -> str:
    return out.stderr.decode("utf-8", errors="replace").strip()


def test_a_store_with_a_future_schema_version_is_newer_for_verify_and_resume_alike(
    started: Path,
) -> None:
    db = started / ".ondas" / "state.db"
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    verify = _ondas("state", "verify", cwd=started)
    resume = _ondas("resume", str(started), cwd=started)
    assert verify.returncode == resume.returncode == 6
    assert _err(verify) == _err(resume)
    assert "newer ondas" in _err(resume) and "integrity" not in _err(resume)
    assert db.read_bytes() == before


def test_an_unreachable_store_server_is_named_not_taken_for_a_missing_store(
    project: Path,
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again below: nothing listens there
    url = f"postgresql://ondas@127.0.0.1:{port}/ondas"
    for args in (("status", str(project)), ("resume", str(project))):
        out = _ondas(*args, cwd=project, env={"ONDAS_STORE_URL": url})
        assert out.returncode == 6, _err(out)
        assert "cannot reach the store server" in _err(out)
        assert "no ondas state" not in _err(out)


@pytest.mark.parametrize("flag", ["--description", "--stack", "--test-command"])
def test_invalid_utf8_text_creates_nothing(project: Path, flag: str) -> None:
    args: list[str | bytes] = ["run", str(project), "--description", "notes", *SCRIPTED]
    if flag == "--description":
        args[3] = b"notes \xff"
    else:
        args += [flag, b"x \xff"]
    out = _ondas(*args, cwd=project)
    assert out.returncode == 2, _err(out)
    assert "UTF-8" in _err(out)
    assert list(project.iterdir()) == []


def test_the_library_refuses_surrogates_before_creating_anything(project: Path) -> None:
    with pytest.raises(UsageError, match="UTF-8"):
        run(project, description="notes", test_command="x \udcff", backend="scripted")
    assert list(project.iterdir()) == []


def test_huge_numbers_create_nothing(project: Path) -> None:
    out = _ondas("run", str(project), "--description", "notes", *SCRIPTED,
                 "--wave-delay", "99999999999999999999999", cwd=project)  # fmt: skip
    assert out.returncode == 2, _err(out)
    assert list(project.iterdir()) == []
    with pytest.raises(UsageError, match="wave-delay"):
        run(project, description="notes", wave_delay=1e23, backend="scripted")
    assert list(project.iterdir()) == []


def test_mcp_serve_skips_blank_lines_and_gives_one_line_per_bad_message(started: Path) -> None:
    env = {"ONDAS_MCP_TOKEN": "not-a-token"}
    blank = _ondas("mcp", "serve", cwd=started, env=env, stdin=b"\n" * 1000)
    assert blank.returncode == 0, _err(blank)
    assert _err(blank) == ""
    bad = _ondas("mcp", "serve", cwd=started, env=env, stdin=b"\n" * 10 + b"garbage\n{}\n")
    assert bad.returncode == 0, _err(bad)
    lines = _err(bad).splitlines()
    assert len(lines) == 2 and all(line.startswith("ondas mcp: ") for line in lines), lines
