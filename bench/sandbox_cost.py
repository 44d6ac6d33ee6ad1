"""What running the project's tests inside the OS sandbox costs: sandboxed / unsandboxed time.

A small project (``ONDAS_BENCH_TESTS`` unittest modules, default 5, one test each) runs its
suite through :func:`ondas.runtime.testrun.run_tests` ``ONDAS_BENCH_REPEAT`` times
(default 15) with the sandbox (bubblewrap: namespaces, read-only binds, tmpfs HOME and /tmp)
and without it (``--no-sandbox``), interleaved so machine load hits both alike. Prints the
median and best time of each and the ratio; also the bare cost of starting a sandbox around
``true``. Asserts nothing.

Run: ``python bench/sandbox_cost.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

from ondas.runtime import sandboxed  # noqa: E402
from ondas.runtime.testrun import run_tests  # noqa: E402

TESTS = int(os.environ.get("ONDAS_BENCH_TESTS", "5"))
REPEAT = int(os.environ.get("ONDAS_BENCH_REPEAT", "15"))


def make_project(root: Path) -> Path:
    project = root / "project"
    (project / "tests").mkdir(parents=True)
    (project / ".git").mkdir()
    (project / ".ondas").mkdir()
    (project / "tests" / "__init__.py").write_text("", encoding="utf-8")
    for i in range(TESTS):
        (project / "tests" / f"test_m{i}.py").write_text(
            "import unittest\n\n\nclass T(unittest.TestCase):\n"
            f"    def test_{i}(self):\n        self.assertEqual({i} + 1, {i + 1})\n",
            encoding="utf-8",
        )
    return project


def timed(project: Path, command: str, sandbox: bool) -> float:
    start = time.perf_counter()
    run = run_tests(project, command, sandbox=sandbox)
    elapsed = time.perf_counter() - start
    assert run.tests_run == TESTS, run.output_tail
    return elapsed


def main() -> None:
    reason = sandboxed.unavailable_reason()
    if reason is not None:
        print(f"no sandbox here: {reason}")
        return
    command = f"{sys.executable} -m unittest discover -s tests -t ."
    with tempfile.TemporaryDirectory() as tmp:
        project = make_project(Path(tmp))
        timed(project, command, True)  # warm the page cache for both
        timed(project, command, False)
        inside: list[float] = []
        outside: list[float] = []
        bare: list[float] = []
        for _ in range(REPEAT):
            inside.append(timed(project, command, True))
            outside.append(timed(project, command, False))
            start = time.perf_counter()
            sandboxed.run(project, "true", timeout=60)
            bare.append(time.perf_counter() - start)
    med_in, med_out = statistics.median(inside), statistics.median(outside)
    print(f"project test run ({TESTS} unittest modules), {REPEAT} runs each, interleaved:")
    print(f"  unsandboxed  median {med_out * 1000:7.1f} ms  best {min(outside) * 1000:7.1f} ms")
    print(f"  sandboxed    median {med_in * 1000:7.1f} ms  best {min(inside) * 1000:7.1f} ms")
    print(f"  ratio sandboxed/unsandboxed: median {med_in / med_out:.2f}, best "
          f"{min(inside) / min(outside):.2f}")  # fmt: skip
    print(f"  a sandbox around 'true': median {statistics.median(bare) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
