"""Instructions executed by one installed ``ondas hook pre-tool-use`` process, counted by
valgrind, next to a bare ``python3 -c pass``.

``bench/hook_latency.py`` times the same processes; on a shared, loaded machine its times move
by more than a change to the guard does. An instruction count does not: valgrind's
``cachegrind`` tool (``--cache-sim=no``) counts the instructions the process executes, which
the machine's load does not change, and with ``PYTHONHASHSEED=0`` the interpreter's own
hashing is the same on every run, so two runs of the same code on the same input give the same
count. This prints, for the hook as ``ondas hooks install`` writes it (``python -I -S
.../ondas/hooks/__main__.py hook pre-tool-use``): an allowed Bash call, a plain ``ls -la``, a
refused ``rm -rf ~``, an allowed ``mkdir -p build && cd build`` (the rules of ``bash_system``
loaded alone, round 24) and a Write call; ``import ondas.guards.bash`` in a plain interpreter; one
in-process pass of ``check_command`` over ``bench/guard_speed.py``'s commands (the corpus and
the containment cases, about 1,100 lines: the per-call check cost without the imports, counted
as a run that checks them all minus the same run that stops before the pass); and
each one's ratio to the hook's interpreter alone (``python3 -I -S -c pass``: no ``site``, as the
hook starts), which is the floor of any hook written in Python. One warm-up run comes first so
modules load from cached bytecode, as from an installed package.

Compare two refs side by side with ``python3 bench/compare_refs.py A B hook_instructions
--repeats 1`` (one round is enough: the counts repeat). valgrind comes from Debian's
``valgrind`` package; without it the script says so and exits 2.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _figures import record

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
EXIT_NO_VALGRIND = 2
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(argv: list[str], stdin: str, env: dict[str, str]) -> int:
    """Instructions one run of ``argv`` executes (valgrind cachegrind's ``I refs``)."""
    proc = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            *argv,
        ],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
    )
    found = _REFS.search(proc.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {argv}: {proc.stderr.strip()[-300:]}")
    return int(found.group(1).replace(",", ""))


PASS_LABEL = "one in-process pass over guard_speed's commands"
_PASS = """
import sys
sys.path[:0] = [{src!r}, {root!r}]
from tests.guards.conftest import HOME, PROJECT, WHITELIST, corpus
from tests.guards.containment_corpus import load
from ondas.guards.bash import check_command
contained = [c for name in ("dangerous", "benign") for cs in load(name).values() for c in cs]
commands = corpus("dangerous.txt") + corpus("benign.txt") + contained
for c in commands[:20]:
    check_command(c, project=PROJECT, home=HOME, whitelist=WHITELIST, in_venv=True)
if sys.argv[1] == "run":
    for c in commands:
        check_command(c, project=PROJECT, home=HOME, whitelist=WHITELIST, in_venv=True)
"""
"""The pass's program: ``warm`` imports and checks the first 20 commands (the rules a check
loads lazily), ``run`` then checks every command once more; the pass is their difference."""


def one_pass(env: dict[str, str]) -> int:
    """Instructions of one in-process pass of ``check_command`` over guard_speed's commands."""
    code = _PASS.format(src=str(SRC), root=str(ROOT))
    argv = [sys.executable, "-c", code]
    subprocess.run([*argv, "run"], capture_output=True, text=True, env=env)  # warm-up
    return instructions([*argv, "run"], "", env) - instructions([*argv, "warm"], "", env)


def main() -> None:
    if shutil.which("valgrind") is None:
        print(
            "hook_instructions: valgrind is not installed (apt-get install valgrind)",
            file=sys.stderr,
        )
        raise SystemExit(EXIT_NO_VALGRIND)
    project = Path(tempfile.mkdtemp(prefix="ondas-bench-icount-"))
    (project / ".git").mkdir()
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(SRC)}
    for name in ("CLAUDE_PROJECT_DIR", "PYTHONDONTWRITEBYTECODE", "CLAUDE_ENV_FILE"):
        env.pop(name, None)

    def call(tool: str, tool_input: dict[str, str]) -> str:
        return json.dumps(
            {
                "cwd": str(project),
                "hook_event_name": "PreToolUse",
                "tool_name": tool,
                "tool_input": tool_input,
            }
        )

    sys.path.insert(0, str(SRC))
    from ondas.hooks.install import default_launcher

    hook = [*shlex.split(default_launcher()), "hook", "pre-tool-use"]
    importer = f"import sys; sys.path.insert(0, {str(SRC)!r}); import ondas.guards.bash"
    cases = [
        (
            "python3 -I -S -c pass (the hook's interpreter alone)",
            [sys.executable, "-I", "-S", "-c", "pass"],
            "",
        ),
        ("python3 -c pass", [sys.executable, "-c", "pass"], ""),
        ("import ondas.guards.bash", [sys.executable, "-c", importer], ""),
        (
            "installed hook (Bash `git status && pytest -q tests`)",
            hook,
            call("Bash", {"command": "git status && pytest -q tests"}),
        ),
        ("installed hook (Bash `ls -la`)", hook, call("Bash", {"command": "ls -la"})),
        ("installed hook (Bash `rm -rf ~`, refused)", hook, call("Bash", {"command": "rm -rf ~"})),
        (
            "installed hook (Bash `mkdir -p build && cd build`)",
            hook,
            call("Bash", {"command": "mkdir -p build && cd build"}),
        ),
        (
            "installed hook (Write)",
            hook,
            call("Write", {"file_path": str(project / "a.txt"), "content": "x"}),
        ),
    ]
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(SRC), str(ROOT / "tests")],
        capture_output=True,
    )
    counts = []
    for _, argv, stdin in cases:
        subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env)  # warm-up
        counts.append(instructions(argv, stdin, env))
    shutil.rmtree(project, ignore_errors=True)
    cases.append((PASS_LABEL, [], ""))
    counts.append(one_pass(env))
    base = counts[0]
    print("instructions executed (valgrind cachegrind, PYTHONHASHSEED=0)")
    print(f"  {'':<56} {'instructions':>14}   {'ratio':>5}")
    for (label, _, _), count in zip(cases, counts, strict=True):
        record(f"{label} instructions", count / 1e6, "M")
        record(f"{label} / interpreter alone", count / base, "ratio")
        print(f"  {label:<56} {count / 1e6:12.1f} M   {count / base:5.2f}")


if __name__ == "__main__":
    main()
