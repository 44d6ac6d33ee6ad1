"""``ondas doctor`` and the probe ``ondas run`` makes before it creates anything, against the
scripted Anthropic-compatible server (which answers 401 to a wrong key when given one)."""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from ondas.orchestrator.doctor import sandbox_install_line
from ondas.testing.fake_anthropic import FakeAnthropicServer
from tests.conftest import run_ondas, server_url

KEY = "sk-ant-right-key"
# Variables of the machine that would change which credentials the doctor finds.
CLEARED = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A clean home (no Claude Code login), no credentials unless given, no shared store."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    env.pop("ONDAS_STORE_URL", None)
    env.pop("ONDAS_BROKER_URL", None)
    env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"))
    env.update(extra)
    return env


def _doctor(env: dict[str, str]) -> tuple[int, dict[str, dict[str, str]]]:
    out = run_ondas("doctor", "--json", env=env)
    data = json.loads(out.stdout)
    assert data["ok"] is (out.returncode == 0)
    return out.returncode, {c["name"]: c for c in data["checks"]}


def dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def keyed_server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer(api_key=KEY) as server:
        yield server


def test_doctor_passes_when_the_api_accepts_the_key(
    tmp_path: Path, keyed_server: FakeAnthropicServer
) -> None:
    env = _env(tmp_path, ANTHROPIC_BASE_URL=keyed_server.url, ANTHROPIC_API_KEY=KEY)
    code, checks = _doctor(env)
    assert code == 0, checks
    assert list(checks)[:6] == ["python", "git", "claude", "sdk", "sandbox", "api"]
    assert "accepted" in checks["api"]["detail"]
    assert checks["store"]["detail"].startswith("SQLite")
    probes = [r for r in keyed_server.requests if r.path.startswith("/v1/models")]
    assert probes and not keyed_server.message_requests  # no tokens spent


def test_doctor_names_a_refused_key_and_exits_2(
    tmp_path: Path, keyed_server: FakeAnthropicServer
) -> None:
    env = _env(tmp_path, ANTHROPIC_BASE_URL=keyed_server.url, ANTHROPIC_API_KEY="sk-wrong")
    code, checks = _doctor(env)
    assert code == 2
    assert checks["api"]["status"] == "fail"
    assert "refused ANTHROPIC_API_KEY (HTTP 401" in checks["api"]["detail"]
    assert "sk-wrong" not in json.dumps(checks)


def test_doctor_without_a_key_or_login_says_how_to_set_one(tmp_path: Path) -> None:
    out = run_ondas("doctor", env=_env(tmp_path))
    assert out.returncode == 2
    lines = out.stdout.strip().splitlines()
    (api,) = [line for line in lines if line.split()[1:2] == ["api"]]
    assert api.startswith("fail") and "ANTHROPIC_API_KEY" in api and "/login" in api
    assert all(line.split()[0] in ("ok", "warn", "fail") for line in lines[:-1])


def test_a_claude_code_login_counts_without_being_probed(tmp_path: Path) -> None:
    env = _env(tmp_path, ANTHROPIC_BASE_URL=f"http://127.0.0.1:{dead_port()}")
    (Path(env["CLAUDE_CONFIG_DIR"]) / ".credentials.json").write_text("{}")
    _, checks = _doctor(env)
    assert checks["api"]["status"] == "warn" and "login found" in checks["api"]["detail"]


def test_doctor_names_the_missing_sandbox_programs_with_the_install_line(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("git", "claude"):
        found = shutil.which(name)
        assert found is not None
        (bin_dir / name).symlink_to(found)
    code, checks = _doctor(_env(tmp_path, PATH=str(bin_dir)))
    assert code == 2
    sandbox = checks["sandbox"]
    assert sandbox["status"] == "fail" and "bubblewrap and socat not installed" in sandbox["detail"]
    assert "bubblewrap socat" in sandbox["fix"]
    assert checks["git"]["status"] == "ok" and checks["claude"]["status"] == "ok"


def test_the_install_line_follows_the_distribution() -> None:
    assert sandbox_install_line(["debian"]) == "sudo apt-get install bubblewrap socat"
    assert sandbox_install_line(["rocky", "rhel", "fedora"]) == "sudo dnf install bubblewrap socat"
    assert sandbox_install_line(["arch"]) == "sudo pacman -S bubblewrap socat"
    unknown = sandbox_install_line(["plan9"])
    assert "apt-get" in unknown and "dnf" in unknown and "pacman" in unknown


def test_doctor_reaches_postgres_and_redis_when_they_are_set(tmp_path: Path) -> None:
    pg, redis = server_url("ONDAS_TEST_POSTGRES_URL"), server_url("ONDAS_TEST_REDIS_URL")
    if not pg or not redis:
        pytest.skip("no test Postgres/Redis (scripts/test.sh starts them)")
    _, checks = _doctor(_env(tmp_path, ONDAS_STORE_URL=pg, ONDAS_BROKER_URL=redis))
    assert checks["store"]["detail"].startswith("Postgres")
    assert checks["postgres"]["status"] == "ok" and checks["redis"]["status"] == "ok"
    port = dead_port()
    _, down = _doctor(
        _env(
            tmp_path,
            ONDAS_STORE_URL=f"postgresql://u:secret@127.0.0.1:{port}/db",
            ONDAS_BROKER_URL=f"redis://127.0.0.1:{port}/0",
        )
    )
    assert down["postgres"]["status"] == "fail" and down["redis"]["status"] == "fail"
    assert "secret" not in json.dumps(down)


def _nothing_written(project: Path) -> None:
    assert sorted(p.name for p in project.iterdir()) == []


@pytest.mark.parametrize("detach", [False, True])
@pytest.mark.parametrize("failure", ["refused", "unreachable", "no-key"])
def test_run_with_an_unusable_api_exits_2_before_creating_anything(
    tmp_path: Path, project: Path, keyed_server: FakeAnthropicServer, failure: str, detach: bool
) -> None:
    env = {
        "refused": _env(tmp_path, ANTHROPIC_BASE_URL=keyed_server.url, ANTHROPIC_API_KEY="bad"),
        "unreachable": _env(
            tmp_path, ANTHROPIC_BASE_URL=f"http://127.0.0.1:{dead_port()}", ANTHROPIC_API_KEY=KEY
        ),
        "no-key": _env(tmp_path, ANTHROPIC_BASE_URL=keyed_server.url),
    }[failure]
    extra = ["--detach"] if detach else []
    out = run_ondas("run", str(project), "--description", "a notes CLI", *extra, env=env)
    assert out.returncode == 2, out.stderr
    (line,) = out.stderr.strip().splitlines()
    expected = {
        "refused": "refused ANTHROPIC_API_KEY (HTTP 401",
        "unreachable": "cannot reach the model API",
        "no-key": "no API key",
    }[failure]
    assert expected in line and "nothing was started" in line, line
    _nothing_written(project)
    assert not keyed_server.message_requests
