"""``ondas panel`` as a command: bad input refused with exit 2, a real server on a free port."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import httpx2

from tests.panel.conftest import Shared
from tests.panel.serving import ondas_env, panel_process


def _ondas(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        capture_output=True,
        text=True,
        env=ondas_env(),
        timeout=300,
        check=False,
    )


def test_bad_input_is_one_line_on_stderr_and_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        cases = [
            ([str(tmp_path / "missing")], "is not a directory"),
            ([str(empty)], "no ondas state"),
            (["--host", "0.0.0.0"], "--allow-remote"),
            (["--port", "70000"], "at most"),
            (["--port", str(taken.getsockname()[1])], "cannot listen"),
        ]
        for args, expected in cases:
            done = _ondas("panel", *args)
            assert done.returncode == 2, (args, done.stderr)
            lines = done.stderr.strip().splitlines()
            assert len(lines) == 1 and expected in lines[0], (args, done.stderr)
            assert done.stdout == ""
    finally:
        taken.close()


def test_the_panel_serves_the_printed_link_on_loopback(shared: Shared) -> None:
    with panel_process(str(shared.waiting), "--only") as served:
        assert served.first_line.startswith("ondas panel (read-only): http://127.0.0.1:")
        assert httpx2.get(f"{served.base}/executions", timeout=60).status_code == 401
        with httpx2.Client(timeout=60, follow_redirects=True) as client:
            page = client.get(served.url)
            assert page.status_code == 200
            assert str(page.url) == f"{served.base}/executions"
            assert "How do notes survive" in page.text


def test_a_non_loopback_bind_needs_the_flag_and_prints_a_warning(shared: Shared) -> None:
    with panel_process(
        str(shared.waiting), "--only", "--host", "0.0.0.0", "--allow-remote", "--allow-answers"
    ) as served:
        assert served.first_line.startswith("ondas panel (answers allowed): http://0.0.0.0:")
        port = served.base.rsplit(":", 1)[1]
        api = httpx2.get(
            f"http://127.0.0.1:{port}/api/session",
            headers={"Authorization": f"Bearer {served.token}"},
            timeout=60,
        )
        assert api.json()["allow_answers"] is True
        served.proc.terminate()
        _, err = served.proc.communicate(timeout=60)
    assert "WARNING: listening on 0.0.0.0" in err
    assert "answer their blocks" in err


def test_the_command_line_does_not_load_the_panel_server_until_it_serves(tmp_path: Path) -> None:
    probe = (
        "import json, sys\n"
        "from ondas.cli.main import run\n"
        "code = run(sys.argv[1:])\n"
        "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
    )
    for args in (["--help"], ["panel", "--help"]):
        done = subprocess.run(
            [sys.executable, "-c", probe, *args],
            capture_output=True,
            text=True,
            env=ondas_env(),
            cwd=tmp_path,
            timeout=120,
            check=False,
        )
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result["code"] == 0, done.stderr
        loaded = {m.split(".")[0] for m in result["modules"]}
        assert not loaded & {"starlette", "uvicorn", "anyio", "jinja2"}, args
        assert "ondas.panel.app" not in result["modules"]
