"""The hook path starts fast: it never imports the CLI stack or heavy libraries it does not use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.audit.refusals import list_refusals
from ondas.audit.waves import start_wave
from ondas.state.store import Store
from tests.hooks.conftest import run_installed_hook

HEAVY = ("typer", "click", "rich", "pydantic", "jinja2", "detect_secrets", "mcp", "ondas.cli.main")

PROBE = """
import io, json, sys
from ondas.cli.entry import main
sys.stdin = io.StringIO(sys.argv[1])
code = main(["hook", "pre-tool-use"])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def loaded_modules(payload: dict[str, object]) -> tuple[int, set[str]]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(payload)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["code"], {m.split(".")[0] for m in result["modules"]} | set(result["modules"])


def test_an_unguarded_tool_imports_nothing_heavy(project: Path) -> None:
    code, modules = loaded_modules(
        {"cwd": str(project), "tool_name": "Read", "tool_input": {"file_path": "a"}}
    )
    assert code == 0
    assert not modules & set(HEAVY)
    assert "tree_sitter" not in modules


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [("Bash", {"command": "git status && ls -la"}), ("Write", {"file_path": "a.txt"})],
)
def test_guarded_tools_import_only_their_guard(
    project: Path, tool: str, tool_input: dict[str, str]
) -> None:
    code, modules = loaded_modules(
        {"cwd": str(project), "tool_name": tool, "tool_input": tool_input}
    )
    assert code == 0
    assert not modules & set(HEAVY), sorted(modules & set(HEAVY))
    if tool == "Write":
        assert "tree_sitter" not in modules


# What the installed PreToolUse process does without (see ondas/hooks/__main__.py and the
# Speed section of docs/guardrails.md): each is paid on every tool call.
NOT_IN_PRE_TOOL_USE = (
    "json",
    "pathlib",
    "platformdirs",
    "urllib.parse",
    "fnmatch",
    "dataclasses",
    "typing",
    "runpy",
    "tempfile",
    "shutil",
    "sqlite3",
    "shlex",
    "ondas.guards.bash_contain",
)


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("Bash", {"command": "git status && pytest -q tests && ls -la | grep x > out.txt"}),
        ("Write", {"file_path": "src/a.py", "content": "x = 1\n"}),
    ],
)
def test_the_installed_pre_tool_use_process_imports_only_what_a_check_needs(
    project: Path, tool: str, tool_input: dict[str, str]
) -> None:
    run, modules = run_installed_hook(
        "pre-tool-use", {"cwd": str(project), "tool_name": tool, "tool_input": tool_input}
    )
    assert run.returncode == 0, run.stderr
    assert not modules & set(NOT_IN_PRE_TOOL_USE), sorted(modules & set(NOT_IN_PRE_TOOL_USE))
    if tool == "Write":
        assert not modules & {"re", "enum", "tree_sitter._binding", "collections"}, sorted(modules)


def test_an_allowed_bash_call_loads_the_parser_without_re_or_enum(project: Path) -> None:
    """tree-sitter's extension takes ``re.compile`` and ``enum.IntEnum`` as it loads; the hook
    hands it stand-ins (see ``ondas.guards.bash._stand_ins``) instead of importing both, and
    loads it with the frozen import system's loader, not through the ``importlib`` package."""
    run, modules = run_installed_hook(
        "pre-tool-use",
        {"cwd": str(project), "tool_name": "Bash", "tool_input": {"command": "ls -la | wc -l"}},
    )
    assert run.returncode == 0, run.stderr
    assert not modules & {
        "re",
        "enum",
        "functools",
        "types",
        "collections",
        "importlib",
        "warnings",
    }, sorted(modules)


def test_the_hook_path_imports_collections_abc_only_for_type_checking() -> None:
    """``collections.abc`` imports the ``collections`` package (about a tenth of an allowed
    call); the hook path's modules name its classes only in annotations."""
    src = Path(__file__).resolve().parents[2] / "src"
    code = (
        f"import sys; sys.path.insert(0, {str(src)!r}); import ondas.hooks.entry, "
        "ondas.hooks.pre_tool_use, ondas.guards.bash, ondas.guards.bash_known, "
        "ondas.hooks.git_held; print('collections' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "False"


# A refused call records its refusal and exits: no store layer, no typing or dataclasses
# (which pull inspect, ast and dis).
NOT_IN_A_REFUSAL = (
    "typing",
    "dataclasses",
    "inspect",
    "ast",
    "dis",
    "ondas.state.store",
    "ondas.audit.refusals",
)


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [("Bash", {"command": "git push --force"}), ("Write", {"file_path": "/etc/hosts"})],
)
def test_a_refused_call_is_recorded_without_the_store_layer(
    project: Path, store: Store, tool: str, tool_input: dict[str, str]
) -> None:
    start_wave(store)
    run, modules = run_installed_hook(
        "pre-tool-use", {"cwd": str(project), "tool_name": tool, "tool_input": tool_input}
    )
    assert run.returncode == 2, run.stderr
    assert not modules & set(NOT_IN_A_REFUSAL), sorted(modules & set(NOT_IN_A_REFUSAL))
    [refusal] = list_refusals(store)
    assert refusal.tool == tool


def test_a_refused_call_without_a_store_builds_no_schema(project: Path) -> None:
    run, modules = run_installed_hook(
        "pre-tool-use",
        {"cwd": str(project), "tool_name": "Write", "tool_input": {"file_path": "/etc/hosts"}},
    )
    assert run.returncode == 2, run.stderr
    assert not (project / ".ondas").exists()
    assert "ondas.runtime.schema" not in modules, sorted(m for m in modules if "ondas" in m)


def test_loading_the_bash_guard_compiles_no_pattern() -> None:
    """Every rule pattern is a ``LazyPattern``: a flag such as ``re.M`` written at module level
    would import ``re`` (and ``enum``) in every hook process before any command is seen; the
    flags come from :mod:`ondas.guards.lazy_re` (``MULTILINE``, ``DOTALL``)."""
    src = Path(__file__).resolve().parents[2] / "src"
    code = (
        f"import sys; sys.path.insert(0, {str(src)!r}); import ondas.guards.bash, "
        "ondas.guards.bash_code, ondas.guards.bash_infra, ondas.guards.bash_sources, "
        "ondas.guards.bash_output_options, ondas.guards.bash_evaluated; "
        "print(sorted({'re', 'enum'} & set(sys.modules)))"
    )
    run = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "[]"


def test_loading_the_rule_modules_imports_no_typing_and_compiles_no_pattern() -> None:
    """A command naming a rule loads the rule modules; a ``typing`` import for annotations or a
    ``re.compile`` at module level there is paid by every such call (``typing`` pulls
    ``contextlib``; ``re`` pulls ``enum``)."""
    src = Path(__file__).resolve().parents[2] / "src"
    code = (
        f"import sys; sys.path.insert(0, {str(src)!r}); from ondas.guards.bash_base import "
        "_load_rules; _load_rules(); "
        "print(sorted({'typing', 'contextlib', 're', 'enum'} & set(sys.modules)))"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "[]"


EVERYDAY_LINES = (
    "ls -la",
    "git status",
    "pytest -q tests",
    "cat README.md | head -5",
    "npm test",
    "git diff HEAD~1 -- src/",
)


@pytest.mark.parametrize("command", EVERYDAY_LINES)
def test_an_everyday_check_compiles_no_pattern(command: str) -> None:
    """A hook process checks one line: a pattern that every line reaches (the joined-line and
    descriptor patterns did) is compiled on every tool call, so a cheap test of its first
    character comes first."""
    src = Path(__file__).resolve().parents[2] / "src"
    code = (
        f"import gc, sys; sys.path.insert(0, {str(src)!r})\n"
        "from ondas.guards.bash import check_command\n"
        "from ondas.guards.lazy_re import LazyPattern\n"
        "verdict = check_command(sys.argv[1], project='/work/project', home='/home/agent')\n"
        "compiled = [p.source for p in gc.get_objects()\n"
        "            if isinstance(p, LazyPattern) and p._compiled is not None]\n"
        "print(verdict.allowed, compiled)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, command], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "True []"
