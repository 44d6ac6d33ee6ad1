"""The hook process does not import ``__future__`` for the ``from __future__ import
annotations`` its modules begin with (round 22, perf22): a stand-in answers the statement, and
any other use of the module gets the real one."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ondas
from tests.hooks.conftest import run_installed_hook

SOURCE = f"import sys; sys.path.insert(0, {str(Path(ondas.__file__).parents[1])!r})\n"


@pytest.mark.parametrize(
    ("tool", "tool_input"),
    [
        ("Bash", {"command": "git status && pytest -q tests"}),
        ("Write", {"file_path": "a.txt", "content": "x"}),
    ],
)
def test_the_hook_process_does_not_import_future(
    tmp_path: Path, tool: str, tool_input: dict[str, str]
) -> None:
    (tmp_path / ".git").mkdir()
    run, modules = run_installed_hook(
        "pre-tool-use", {"cwd": str(tmp_path), "tool_name": tool, "tool_input": tool_input}
    )
    assert run.returncode == 0, run.stderr
    assert "ondas.hooks.entry" in modules
    assert "__future__" not in modules, sorted(modules)


def test_any_other_use_of_future_gets_the_real_module(tmp_path: Path) -> None:
    (tmp_path / "uses_annotations.py").write_text(
        "from __future__ import annotations\n\ndef f(x: Unknown) -> None: ...\n"
    )
    code = SOURCE + textwrap.dedent(
        f"""
        sys.path.insert(0, {str(tmp_path)!r})
        from ondas.hooks.launch import defer_future
        defer_future()
        import uses_annotations
        print(uses_annotations.f.__annotations__["x"])
        print("__file__" not in vars(sys.modules["__future__"]))  # the stand-in
        import __future__
        print("division" in __future__.all_feature_names)  # the real module, loaded
        real = sys.modules["__future__"]
        print(real is not __future__, "__file__" in vars(real))
        print(real.annotations.compiler_flag == 0x1000000)
        """
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["Unknown", "True", "True", "True", "True", "True"]


def test_a_process_that_holds_future_keeps_it() -> None:
    code = SOURCE + textwrap.dedent(
        """
        import __future__
        from ondas.hooks.launch import defer_future
        defer_future()
        print(sys.modules["__future__"] is __future__)
        """
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True"]


def test_the_feature_a_module_bound_reads_as_the_real_one(tmp_path: Path) -> None:
    """Round 23: ``annotations`` was a placeholder string in the hook process, so code that
    inspected the feature (``__future__.annotations.compiler_flag``, the name a module bound)
    failed there and nowhere else."""
    (tmp_path / "uses_annotations.py").write_text("from __future__ import annotations\n")
    code = SOURCE + textwrap.dedent(
        f"""
        sys.path.insert(0, {str(tmp_path)!r})
        from ondas.hooks.launch import defer_future
        defer_future()
        import uses_annotations
        print("__file__" not in vars(sys.modules["__future__"]))  # still the stand-in
        import __future__
        bound = uses_annotations.annotations
        print(__future__.annotations.compiler_flag == 0x1000000)  # loads the real module
        print(bound.compiler_flag == 0x1000000, bound.getOptionalRelease()[:2] == (3, 7))
        real = sys.modules["__future__"]
        print("__file__" in vars(real), bound == real.annotations)
        print(hash(bound) == hash(real.annotations), repr(bound) == repr(real.annotations))
        print(compile("x: Unknown = 1", "m", "exec", bound.compiler_flag) is not None)
        """
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["True"] * 9
