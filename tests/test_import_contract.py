"""The import contract (``.importlinter``, drawn in docs/architecture.md) holds, and breaks on an
upward import, even one made inside a function."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / ".importlinter"

pytest.importorskip("importlinter", reason="the dev extra brings import-linter")


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the ``ondas`` package found in ``src`` (no cache written)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    code = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", code, "--config", str(CONFIG), "--no-cache"],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def copy_of_src(tmp_path: Path) -> Path:
    """A copy of ``src/ondas`` to plant imports in (bytecode left behind)."""
    src = tmp_path / "src"
    shutil.copytree(
        ROOT / "src" / "ondas", src / "ondas", ignore=shutil.ignore_patterns("__pycache__")
    )
    return src


def test_the_import_contract_holds() -> None:
    out = lint_imports(ROOT / "src")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


PLANTED = [
    # (module, code appended, the import the contract names)
    ("state/lock.py", "\n\ndef _planted() -> None:\n    import ondas.app  # noqa\n", "ondas.app"),
    (
        "sovai/qa.py",
        "\n\ndef _planted() -> None:\n    from ondas.orchestrator import loop  # noqa\n",
        "ondas.orchestrator",
    ),
    ("runtime/pool.py", "\nfrom ondas.sovai import engine  # noqa\n", "ondas.sovai"),
    (
        "fleet/waker.py",
        "\n\ndef _planted() -> None:\n    from ondas.app import run  # noqa\n",
        "ondas.app",
    ),
]


@pytest.mark.parametrize(("module", "code", "named"), PLANTED, ids=[p[0] for p in PLANTED])
def test_a_planted_upward_import_breaks_the_contract(
    tmp_path: Path, module: str, code: str, named: str
) -> None:
    src = copy_of_src(tmp_path)
    with (src / "ondas" / module).open("a", encoding="utf-8") as f:
        f.write(code)
    out = lint_imports(src)
    assert out.returncode == 1, out.stdout + out.stderr
    planted = "ondas." + module.removesuffix(".py").replace("/", ".")
    assert "BROKEN" in out.stdout
    assert planted in out.stdout and named in out.stdout, out.stdout
