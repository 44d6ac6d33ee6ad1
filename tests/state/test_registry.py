"""The registry of runs under $ONDAS_HOME: written by run/resume/demo, read by the panel."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from ondas.app.run import demo
from ondas.state import registry


def test_register_records_each_project_once_most_recent_first(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    assert registry.register(a)
    assert registry.register(b)
    assert registry.register(a)
    listed = registry.registered()
    assert sorted(listed) == sorted([a.resolve(), b.resolve()])
    data = json.loads(registry.registry_path().read_text())
    assert len(data["projects"]) == 2


def test_an_unwritable_home_does_not_raise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("ONDAS_HOME", str(blocker / "home"))
    assert registry.register(tmp_path) is False
    assert registry.registered() == []


def test_a_corrupt_registry_reads_as_empty_and_is_rewritten(tmp_path: Path) -> None:
    registry.registry_path().parent.mkdir(parents=True, exist_ok=True)
    registry.registry_path().write_text("{half")
    assert registry.registered() == []
    assert registry.register(tmp_path)
    assert registry.registered() == [tmp_path.resolve()]


def _register_many(args: tuple[str, str, int]) -> None:
    import os

    home, base, n = args
    os.environ["ONDAS_HOME"] = home
    for i in range(n):
        registry.register(Path(base) / f"p{i}")


def test_concurrent_writers_all_land(tmp_path: Path) -> None:
    import os

    home = os.environ["ONDAS_HOME"]
    jobs = [(home, str(tmp_path / f"w{w}"), 15) for w in range(4)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        pool.map(_register_many, jobs)
    assert len(registry.registered()) == 60


def test_demo_registers_its_project(tmp_path: Path) -> None:
    result = demo(tmp_path / "notes", auto_answer=False)
    assert Path(result.project).resolve() in registry.registered()
