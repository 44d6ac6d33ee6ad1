"""The sample sovai build: a tiny ``calc`` package and a scripted plan that exercises the engine.

``ondas demo --sovai`` and the tests build it offline with the scripted backend. The plan
has independent tasks (two of them on one file, so they run in separate worktrees), a
dependent chain, a task the review flags twice (a diagnosis follows), a failing test fixed in
round 2, and one item only a person can do (a blocker).
"""

from __future__ import annotations

from pathlib import Path

from ondas import git as rgit

OPS_BASE = '''"""Operations of calc (each filled in by its own task)."""

# -- mul --


def mul(a, b):
    raise NotImplementedError


# -- spacer: keeps the two tasks' edits apart --
#
#
#
# -- div --


def div(a, b):
    raise NotImplementedError
'''

OPS_MUL = OPS_BASE.replace(
    "def mul(a, b):\n    raise NotImplementedError", "def mul(a, b):\n    return a * b"
)
OPS_DIV = OPS_BASE.replace(
    "def div(a, b):\n    raise NotImplementedError", "def div(a, b):\n    return a / b"
)

PROJECT_FILES: dict[str, str] = {
    "README.md": "# calc\n\nA tiny calculator package.\n",
    "calc/__init__.py": '"""calc."""\n',
    "calc/ops.py": OPS_BASE,
    "tests/__init__.py": "",
    "tests/test_smoke.py": (
        "import unittest\n\nimport calc\n\n\nclass SmokeTest(unittest.TestCase):\n"
        "    def test_imports(self):\n        self.assertTrue(calc.__doc__)\n"
    ),
}


def _test(module: str, name: str, call: str, expected: str) -> str:
    return (
        f"import unittest\n\nfrom calc.{module} import {name}\n\n\n"
        f"class {name.title()}Test(unittest.TestCase):\n"
        f"    def test_{name}(self):\n        self.assertEqual({call}, {expected})\n"
    )


PLAN = f"""# Plan: calc operations

Give calc its basic operations, a small API on top, and publish it.

## T1: add
- files: calc/add.py, tests/test_add.py

```python file=calc/add.py
def add(a, b):
    return a + b
```

```python file=tests/test_add.py
{_test("add", "add", "add(2, 3)", "5")}```

## T2: subtract
- files: calc/sub.py, tests/test_sub.py
- complexity: mechanical

```python file=calc/sub.py
def sub(a, b):
    return a - b
```

```python file=tests/test_sub.py
{_test("sub", "sub", "sub(5, 3)", "2")}```

## T3: multiply in ops
- files: calc/ops.py

```python file=calc/ops.py
{OPS_MUL}```

## T4: divide in ops
- files: calc/ops.py
- note: div by zero raises ZeroDivisionError as Python does

```python file=calc/ops.py
{OPS_DIV}```

## T5: api over add
- files: calc/api.py
- after: T1

```python file=calc/api.py
from calc.add import add


def total(values):
    result = 0
    for value in values:
        result = add(result, value)
    return result
```

## T6: api test
- files: tests/test_api.py
- after: T5

```python file=tests/test_api.py
{_test("api", "total", "total([1, 2, 3])", "6")}```

## T7: format numbers
- files: calc/fmt.py
- check: calc/fmt.py contains "def fmt("
- diagnosis: the module defines format_number, but the API contract names the function fmt

```python file=calc/fmt.py
def format_number(value):
    return f"{{value:,}}"
```

```python file=calc/fmt.py when=diagnosed
def fmt(value):
    return f"{{value:,}}"
```

## T8: power
- files: calc/power.py, tests/test_power.py

```python file=calc/power.py when=attempt-1
def power(a, b):
    return a * b
```

```python file=calc/power.py
def power(a, b):
    return a**b
```

```python file=tests/test_power.py
{_test("power", "power", "power(2, 5)", "32")}```

## Blocker: publish calc to PyPI
- needs you: no PyPI credentials are available to this run, and publishing is irreversible
"""


def make_project(directory: Path, *, remote: Path | None = None) -> Path:
    """Write the calc project as a git repository on ``main`` (pushed to ``remote``)."""
    directory.mkdir(parents=True, exist_ok=True)
    for rel, content in PROJECT_FILES.items():
        path = directory / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    rgit.run(directory, "init", "-q", "-b", "main")
    rgit.run(directory, "add", "-A")
    rgit.run(directory, "commit", "-q", "-m", "chore: calc skeleton", author=True)
    if remote is not None:
        rgit.run(remote.parent, "init", "-q", "--bare", "-b", "main", remote.name)
        rgit.run(directory, "remote", "add", "origin", str(remote))
        rgit.run(directory, "push", "-q", "-u", "origin", "main")
    return directory
