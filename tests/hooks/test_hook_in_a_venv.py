"""The installed hook (``python -I -S .../ondas/hooks/__main__.py``) run by a virtual
environment's interpreter finds that venv's site-packages without running ``site``."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import ondas
from tests.hooks.conftest import tool_call

MAIN = Path(ondas.__file__).resolve().parent / "hooks" / "__main__.py"
GUARD_PACKAGES = ("tree_sitter", "tree_sitter_bash")


def _base_package(name: str) -> Path:
    for directory in site.getsitepackages():
        if (Path(directory) / name).is_dir():
            return Path(directory) / name
    pytest.skip(f"{name} is not installed in the base interpreter's site-packages")


def make_venv(root: Path, *, system_site_packages: bool) -> tuple[Path, Path]:
    """A real venv at ``root`` holding copies of the bash guard's parser packages; returns its
    interpreter and its site-packages directory."""
    venv.EnvBuilder(system_site_packages=system_site_packages, symlinks=True).create(root)
    python = root / "bin" / "python"
    out = subprocess.run(
        [str(python), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        check=True,
    )
    packages = Path(out.stdout.strip())
    for name in GUARD_PACKAGES:
        shutil.copytree(_base_package(name), packages / name)
    return python, packages


def loaded_from(python: Path, project: Path) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run the installed PreToolUse hook on a Bash call with ``-v``; returns the process and
    the line telling where ``tree_sitter``'s binding was loaded from."""
    payload = tool_call(project, "Bash", {"command": "git status && ls | grep x"})
    run = subprocess.run(
        [str(python), "-v", "-I", "-S", str(MAIN), "hook", "pre-tool-use"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=60,
    )
    origin = next(
        (
            line
            for line in run.stderr.splitlines()
            if line.startswith("# extension module 'tree_sitter._binding' loaded from")
        ),
        "",
    )
    return run, origin


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_the_hook_takes_the_guard_packages_from_its_venv(project: Path, tmp_path: Path) -> None:
    python, packages = make_venv(tmp_path / "venv", system_site_packages=False)
    run, origin = loaded_from(python, project)
    assert run.returncode == 0, run.stderr[-2000:]
    assert str(packages / "tree_sitter") in origin, origin


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_a_venv_with_system_packages_puts_its_own_first(project: Path, tmp_path: Path) -> None:
    python, packages = make_venv(tmp_path / "venv", system_site_packages=True)
    run, origin = loaded_from(python, project)
    assert run.returncode == 0, run.stderr[-2000:]
    assert str(packages / "tree_sitter") in origin, origin
