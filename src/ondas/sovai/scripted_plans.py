"""Scripted plans generated for benchmarks and tests (the scripted backend plays them)."""

from __future__ import annotations


def independent_plan(count: int) -> str:
    """A plan of ``count`` independent tasks, each writing its own module and test."""
    sections = [f"# Plan: {count} independent tasks\n"]
    for i in range(1, count + 1):
        sections.append(
            f"## T{i}: module m{i}\n- files: calc/m{i}.py, tests/test_m{i}.py\n\n"
            f"```python file=calc/m{i}.py\nVALUE = {i}\n```\n\n"
            f"```python file=tests/test_m{i}.py\nimport unittest\n\nfrom calc.m{i} import VALUE\n"
            f"\n\nclass M{i}Test(unittest.TestCase):\n    def test_value(self):\n"
            f"        self.assertEqual(VALUE, {i})\n```\n"
        )
    return "\n".join(sections)
