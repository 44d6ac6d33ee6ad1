"""Real demo runs (scripted backend, real git, real SQLite) and panels over them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ondas.app.run import demo
from tests.demos import DemoCopies

pytest.importorskip("starlette", reason="pip install 'ondas[panel]'")
pytest.importorskip("httpx", reason="pip install 'ondas[panel]'")

from starlette.testclient import TestClient

from ondas.panel.app import PanelConfig, create_app
from ondas.panel.sources import check_given

TOKEN = "test-token-0123456789abcdef"
PORT = 8700


@dataclass(frozen=True)
class Shared:
    """Two demo projects built once per module, and the $ONDAS_HOME they registered in."""

    home: Path
    waiting: Path
    finished: Path


def _both(base: Path) -> None:
    demo(base / "waiting" / "notes", auto_answer=False)
    demo(base / "finished" / "notes", auto_answer=True)


def _waiting(base: Path) -> None:
    demo(base / "waiting" / "notes", auto_answer=False)


@pytest.fixture(scope="module")
def shared(demo_copies: DemoCopies) -> Shared:
    """A waiting and a finished demo for tests that only read, both registered in one home
    (a fresh copy per module of the pair the session built once: demos take seconds)."""
    base = demo_copies.fresh("panel-shared", _both)
    return Shared(base / "home", base / "waiting" / "notes", base / "finished" / "notes")


@pytest.fixture
def waiting(demo_copies: DemoCopies) -> Path:
    """A fresh demo project stopped at clarify, awaiting a person (block-001): for writers.
    It is registered in the test's $ONDAS_HOME, as the demo run there would have done."""
    base = demo_copies.fresh("panel-waiting", _waiting, home=Path(os.environ["ONDAS_HOME"]))
    return base / "waiting" / "notes"


def make_client(
    projects: list[Path], *, allow_answers: bool = False, registered: bool = True
) -> TestClient:
    """A test client of a panel over ``projects`` (no token sent unless the test adds it)."""
    config = PanelConfig(
        projects=check_given(projects),
        token=TOKEN,
        port=PORT,
        allow_answers=allow_answers,
        include_registered=registered,
    )
    return TestClient(create_app(config), base_url="http://127.0.0.1:8700")


@pytest.fixture
def client(shared: Shared, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A read-only panel over both shared demos, authorised by the Bearer header."""
    monkeypatch.setenv("ONDAS_HOME", str(shared.home))
    with make_client([shared.waiting, shared.finished]) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        yield c


@pytest.fixture
def answering(waiting: Path) -> Iterator[TestClient]:
    """A panel with --allow-answers over the waiting project, authorised by its cookie."""
    with make_client([waiting], allow_answers=True) as c:
        c.cookies.set(f"ondas_panel_{PORT}", TOKEN)
        yield c
