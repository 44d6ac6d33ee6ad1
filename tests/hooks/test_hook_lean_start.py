"""The installed hook's lean start (round 24): ``os`` loads with a stand-in for
``_collections_abc`` (:func:`ondas.hooks.launch.lean_os`), ``_sqlite3`` with one for
``functools`` (:func:`ondas.audit.observe_lean._load_sqlite3`), and the rule modules a ``cd``,
``mkdir`` or ``rm`` loads import neither ``collections`` nor ``functools``. Each test runs the
real entry point (``python -I -S .../ondas/hooks/__main__.py hook pre-tool-use``) or a fresh
``-I -S`` interpreter, and checks that verdicts and values are what they were."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hooks.conftest import run_installed_hook

SRC = Path(__file__).resolve().parents[2] / "src"
HEAVY_STANDARD = {"_collections_abc", "collections", "functools", "types", "reprlib", "operator"}


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("ls -la", 0),
        ("git status && pytest -q tests", 0),
        ("mkdir -p build && cd build && ls", 0),
        ("cp a.txt b.txt && mv b.txt c.txt", 0),
        ("rm -rf ~", 2),
        ("rm -rf /", 2),
        ("cd src && rm -rf ../../x", 2),
    ],
)
def test_the_installed_hook_judges_as_before_without_collections(
    project: Path, command: str, code: int
) -> None:
    run, modules = run_installed_hook(
        "pre-tool-use",
        {"cwd": str(project), "tool_name": "Bash", "tool_input": {"command": command}},
    )
    assert run.returncode == code, run.stderr
    assert not modules & HEAVY_STANDARD, sorted(modules & HEAVY_STANDARD)


@pytest.mark.parametrize(("target", "code"), [("a.txt", 0), ("/etc/passwd", 2)])
def test_a_write_call_is_judged_as_before_without_collections(
    project: Path, target: str, code: int
) -> None:
    run, modules = run_installed_hook(
        "pre-tool-use",
        {
            "cwd": str(project),
            "tool_name": "Write",
            "tool_input": {"file_path": str(project / target), "content": "x"},
        },
    )
    assert run.returncode == code, run.stderr
    assert not modules & HEAVY_STANDARD, sorted(modules & HEAVY_STANDARD)


ENVIRON_PROBE = """
import sys
sys.path.insert(0, {src!r})
if sys.argv[1] == "lean":
    from ondas.hooks.launch import lean_os
    lean_os()
import os
out = {{"lean": "_collections_abc" not in sys.modules}}
env = os.environ
out["get"] = [env.get("ONDAS_PROBE_A"), env.get("ONDAS_PROBE_NONE"), env.get("X_NONE", "d")]
out["in"] = ["ONDAS_PROBE_A" in env, "ONDAS_PROBE_NONE" in env]
out["item"] = env["ONDAS_PROBE_A"]
out["lean_after_reads"] = "_collections_abc" not in sys.modules
out["keys"] = sorted(k for k in env.keys() if k.startswith("ONDAS_PROBE"))
out["items"] = sorted(kv for kv in env.items() if kv[0].startswith("ONDAS_PROBE"))
out["values"] = sorted(v for v in env.values() if v.startswith("probe"))
out["setdefault"] = env.setdefault("ONDAS_PROBE_B", "b")
env.update({{"ONDAS_PROBE_C": "probe-c"}}, ONDAS_PROBE_D="probe-d")
out["pop"] = [env.pop("ONDAS_PROBE_C"), env.pop("ONDAS_PROBE_NONE", "gone")]
out["eq"] = [env == dict(env), env == {{}}, env != dict(env)]
out["or"] = sorted(k for k in (env | {{"ONDAS_PROBE_E": "e"}}) if k.startswith("ONDAS_PROBE"))
out["ror"] = sorted(k for k in ({{"ONDAS_PROBE_F": "f"}} | env) if k.startswith("ONDAS_PROBE"))
import collections.abc
out["isinstance"] = [
    isinstance(env, collections.abc.MutableMapping),
    isinstance(env, collections.abc.Mapping),
    isinstance({{}}, os._Environ.__mro__[1]),
]
out["pathlike"] = [issubclass(type("P", (), {{"__fspath__": lambda s: "x"}}), os.PathLike),
                   isinstance("x", os.PathLike)]
out["copy"] = type(env.copy()).__name__
import json
print(json.dumps(out))
"""


def _probe(mode: str) -> dict[str, object]:
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", ENVIRON_PROBE.format(src=str(SRC)), mode],
        capture_output=True,
        text=True,
        env={"ONDAS_PROBE_A": "probe-a", "PATH": "/usr/bin:/bin"},
        check=True,
        timeout=60,
    )
    result: dict[str, object] = json.loads(run.stdout)
    return result


def test_os_environ_under_the_stand_in_reads_and_writes_as_the_real_one() -> None:
    lean, plain = _probe("lean"), _probe("plain")
    assert lean.pop("lean") is True and lean.pop("lean_after_reads") is True
    assert plain.pop("lean") is False and plain.pop("lean_after_reads") is False
    assert lean == plain
    assert lean["isinstance"] == [True, True, True]


def test_a_process_that_holds_os_keeps_it() -> None:
    code = (
        f"import sys, os; sys.path.insert(0, {str(SRC)!r}); held = os; "
        "from ondas.hooks.launch import lean_os; lean_os(); import os; print(os is held)"
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True
    )
    assert run.stdout.strip() == "True"


SQLITE_PROBE = """
import sys
sys.path.insert(0, {src!r})
from ondas.audit import observe_lean
conn = observe_lean.sqlite3.connect(":memory:")
conn.execute("CREATE TABLE t (x)")
for i in range(300):  # past the statement cache's 128 entries, and each one again
    conn.execute(f"INSERT INTO t VALUES ({{i % 150}})")
    conn.execute("SELECT count(*) FROM t WHERE x = ?", (i,)).fetchone()
functools = "functools" in sys.modules
import json
print(json.dumps({{
    "functools": functools,
    "rows": conn.execute("SELECT count(*), sum(x) FROM t").fetchone(),
    "module": observe_lean.sqlite3.__name__,
}}))
"""


def test_sqlite3_loads_without_functools_and_caches_statements() -> None:
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", SQLITE_PROBE.format(src=str(SRC))],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(run.stdout) == {
        "functools": False,
        "rows": [300, sum(i % 150 for i in range(300))],
        "module": "_sqlite3",
    }


def test_the_lru_cache_stand_in_caches_as_functools_does() -> None:
    import functools

    from ondas.audit.observe_lean import _lru_cache

    calls: list[int] = []

    def square(x: int) -> int:
        calls.append(x)
        return x * x

    for maxsize in (2, 0, -1, None):
        calls.clear()
        ours, theirs = _lru_cache(maxsize)(square), functools.lru_cache(maxsize)(square)
        for x in (1, 2, 1, 3, 1, 2):
            assert ours(x) == theirs(x) == x * x
        ours_calls = len(calls) // 2
        assert ours.cache_info() == theirs.cache_info(), (maxsize, ours_calls)


MAIN_PROBE = """
import sys
fake = type(sys)("ondas.hooks.launch")
fake.run = lambda: print(sys.path[0])
sys.modules["ondas.hooks.launch"] = fake
code = compile(open({main!r}).read(), {main!r}, "exec")
exec(code, {{"__name__": "__main__", "__file__": sys.argv[1]}})
"""


@pytest.mark.parametrize(
    "script",
    [
        "/opt/venv/lib/python3.12/site-packages/ondas/hooks/__main__.py",
        "/home/u/.local/lib/site-packages/ondas/hooks/__main__.py",
        "/a/./src/ondas/hooks/__main__.py",
        "/a/x/../src/ondas/hooks/__main__.py",
        "/a//src/ondas/hooks/__main__.py",
        "//a/src/ondas/hooks/__main__.py",
        "/ondas/hooks/__main__.py",
    ],
)
def test_the_hook_script_puts_its_package_parent_first_as_os_path_would(script: str) -> None:
    import posixpath

    main = SRC / "ondas" / "hooks" / "__main__.py"
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", MAIN_PROBE.format(main=str(main)), script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    expected = posixpath.dirname(posixpath.dirname(posixpath.dirname(posixpath.abspath(script))))
    assert run.stdout.strip() == expected


FALLBACK_OS = """
import sys
sys.path.insert(0, {src!r})
from ondas.hooks import launch
launch._stand_in_abc = lambda: type(sys)("_collections_abc")  # holds none of os's names
launch.lean_os()
import os
print(os.environ.get("ONDAS_PROBE_A"), type(sys.modules["_collections_abc"].Mapping).__name__)
"""


def test_os_loads_as_it_is_when_the_stand_in_does_not_hold_what_it_takes() -> None:
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", FALLBACK_OS.format(src=str(SRC))],
        capture_output=True,
        text=True,
        env={"ONDAS_PROBE_A": "probe-a", "PATH": "/usr/bin:/bin"},
        check=True,
        timeout=60,
    )
    assert run.stdout.split() == ["probe-a", "ABCMeta"]


FALLBACK_SQLITE = """
import sys
sys.path.insert(0, {src!r})
import builtins
real_import = builtins.__import__
def refusing(name, *args, **kwargs):  # a _sqlite3 that takes more than lru_cache from functools
    module = real_import(name, *args, **kwargs)
    if name == "_sqlite3" and not hasattr(sys.modules["functools"], "reduce"):
        raise AttributeError("module 'functools' has no attribute 'reduce'")
    return module
builtins.__import__ = refusing
from ondas.audit import observe_lean
builtins.__import__ = real_import
connection = observe_lean.sqlite3.connect(":memory:")
print(observe_lean.sqlite3.__name__, connection.execute("SELECT 1").fetchone()[0])
"""


def test_sqlite3_loads_as_it_is_when_the_functools_stand_in_falls_short() -> None:
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", FALLBACK_SQLITE.format(src=str(SRC))],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert run.stdout.split() == ["_sqlite3", "1"]
