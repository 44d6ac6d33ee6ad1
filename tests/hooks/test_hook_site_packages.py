"""The installed hook finds site-packages as ``site`` does, without importing ``site`` (round
21, perf21): the module was about 1% of an allowed Bash call."""

from __future__ import annotations

import os
import site
import sys
from pathlib import Path

import pytest

from ondas.hooks.launch import getsitepackages
from tests.hooks.conftest import run_installed_hook


def test_the_default_prefixes_give_sites_own_directories() -> None:
    assert getsitepackages() == site.getsitepackages()


@pytest.mark.parametrize(
    "prefixes",
    [
        ["/opt/venv"],
        ["/opt/venv", "/opt/venv", ""],
        [sys.prefix, "/usr/local", sys.exec_prefix],
        [],
    ],
)
def test_given_prefixes_give_sites_own_directories(prefixes: list[str]) -> None:
    assert getsitepackages(prefixes) == site.getsitepackages(prefixes)


@pytest.mark.skipif(os.sep != "/", reason="POSIX layout")
def test_the_installed_hook_process_imports_neither_site_nor_re_for_a_redirect(
    tmp_path: Path,
) -> None:
    project = str(tmp_path)
    (tmp_path / ".git").mkdir()
    run, modules = run_installed_hook(
        "pre-tool-use",
        {"cwd": project, "tool_name": "Bash", "tool_input": {"command": "ls > out.txt"}},
    )
    assert run.returncode == 0, run.stderr
    assert not modules & {"site", "re", "enum", "ondas.guards.bash_system"}, sorted(modules)
