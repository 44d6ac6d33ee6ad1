"""Shared fixtures. Tests use real SQLite files in tmp_path and real subprocesses."""

from __future__ import annotations

import compileall
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from ondas.runtime.schema import default_schema
from ondas.state.execution import create_execution
from ondas.state.store import Store
from tests.demos import DemoCopies

# Hypothesis's default 200 ms deadline per example and its "too slow" health check are timed
# assertions: on a loaded machine a slow example or a slow draw fails the test, which then
# passes alone ("Flaky"). No property here is about speed.
settings.register_profile("ondas", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ondas")

SRC = Path(__file__).resolve().parents[1] / "src"
# Subprocesses (``python -m ondas``, hooks run by the real claude CLI) import this checkout.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(SRC), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Byte-compile the source once (a no-op when up to date): with PYTHONDONTWRITEBYTECODE=1
    and no .pyc files, every ``ondas`` subprocess and hook call would compile it again."""
    compileall.compile_dir(SRC, quiet=1)


@pytest.fixture(autouse=True)
def _ondas_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Cross-run data (chain anchors, knowledge DB) under a temporary ``$ONDAS_HOME``."""
    home = tmp_path_factory.mktemp("ondas-home")
    monkeypatch.setenv("ONDAS_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def demo_copies(tmp_path_factory: pytest.TempPathFactory) -> DemoCopies:
    """Demo projects built once per session, handed out as fresh copies (tests/demos.py)."""
    return DemoCopies(tmp_path_factory.mktemp("demos"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """An empty target project directory."""
    path = tmp_path / "project"
    path.mkdir()
    return path


@pytest.fixture
def state_dir(project: Path) -> Path:
    """The project's ``.ondas`` directory (not yet created)."""
    return project / ".ondas"


@pytest.fixture
def store(state_dir: Path, project: Path) -> Iterator[Store]:
    """An open store holding one fresh execution."""
    s = Store.open(state_dir, create=True, schema=default_schema())
    create_execution(s, project_path=project, description="a sample run")
    try:
        yield s
    finally:
        s.close()


def run_ondas(
    *args: str, cwd: Path | None = None, input: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m ondas ARGS`` as a real process and capture its output."""
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        input=input,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


@pytest.fixture
def ondas_cli() -> object:
    """The :func:`run_ondas` helper, as a fixture."""
    return run_ondas


@pytest.fixture
def on_postgres(monkeypatch: pytest.MonkeyPatch) -> str:
    """Stores opened from here on live on the test Postgres server, each state directory in a
    schema of its own; the test is skipped where no server is set (never in CI)."""
    url = server_url("ONDAS_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("no Postgres server (ONDAS_TEST_POSTGRES_URL)")
    monkeypatch.setenv("ONDAS_STORE_URL", url)
    monkeypatch.delenv("ONDAS_STORE_SCHEMA", raising=False)
    return url


def server_url(name: str) -> str:
    """A test server's URL from the environment; CI must provide it (never a silent skip)."""
    url = os.environ.get(name, "")
    if not url and os.environ.get("CI"):
        raise RuntimeError(f"CI must provide {name} (scripts/test.sh starts the server)")
    return url
