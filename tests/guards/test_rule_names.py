"""The guard loads its rule modules only for the command names they register: that list must
name every one of them, or a command would silently miss its rule."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import ondas
from ondas.guards.bash_rule_names import (
    LAZY_RULE_NAMES,
    NET_RULE_NAMES,
    OPTION_RULE_NAMES,
    SYSTEM_RULE_NAMES,
)

# ``-I`` ignores PYTHONPATH: the child is pointed at the ondas this test imported.
SOURCE = f"import sys; sys.path.insert(0, {str(Path(ondas.__file__).parents[1])!r})\n"

# Records which module registers each name, then loads every rule module as a check does.
RECORD = textwrap.dedent(
    """
    import json, sys
    import ondas.guards.bash_base as base

    touched = {}
    original = base.register

    def register(names, handler):
        module = sys._getframe(1).f_globals["__name__"]
        for name in names.split():
            touched.setdefault(name, []).append(module)
        original(names, handler)

    base.register = register
    import ondas.guards.bash
    before = dict(base.HANDLERS)
    base._load_rules()
    print(json.dumps({"touched": touched, "early": sorted(before)}))
    """
)
# What ondas.guards.bash imports before any check (so registered without a load).
EARLY_MODULES = {"ondas.guards.bash_base"}
# Loaded on its own for the names only it registers (NET_RULE_NAMES), before the other rule
# modules otherwise.
NET_MODULE = "ondas.guards.bash_net"
# Loaded with what it imports (bash_net among them), without the others, for the names only it
# registers (SYSTEM_RULE_NAMES).
SYSTEM_MODULE = "ondas.guards.bash_system"

# Each handler as a chain: its function's name, then those of the handlers its closure wraps.
HANDLERS_AFTER = textwrap.dedent(
    """
    import json, sys
    import ondas.guards.bash
    import ondas.guards.bash_base as base

    def chain(handler, depth=0):
        out = [handler.__module__ + "." + handler.__qualname__]
        for cell in (handler.__closure__ or ()) if depth < 6 else ():
            held = cell.cell_contents
            if callable(held) and getattr(held, "__module__", "").startswith("ondas.guards"):
                out.append(chain(held, depth + 1))
        return out

    for step in sys.argv[1:]:
        getattr(base, step)()
    print(json.dumps({name: chain(h) for name, h in sorted(base.HANDLERS.items())}))
    """
)


def registrations() -> dict[str, list[str]]:
    out = subprocess.run(
        [sys.executable, "-I", "-c", SOURCE + RECORD], capture_output=True, text=True, check=True
    )
    data = json.loads(out.stdout)
    touched: dict[str, list[str]] = data["touched"]
    assert {m for mods in touched.values() for m in mods if m in EARLY_MODULES} <= EARLY_MODULES
    assert set(data["early"]) == {n for n, m in touched.items() if set(m) & EARLY_MODULES}
    return touched


def option_rules(touched: dict[str, list[str]]) -> dict[str, frozenset[str]]:
    """The names whose only rule is a row of the runners table that reads some options, each
    with those options (an entry ``-o:key`` is option ``-o``; a row whose verb is an option,
    ``just --command``, reads that option)."""
    from ondas.guards.bash_runners import RUNNERS, Runner

    def read(row: Runner) -> frozenset[str]:
        verb = row.verb[0] if row.verb[:1] and row.verb[0].startswith("-") else None
        return row.options | ({verb} if verb else frozenset())

    out: dict[str, frozenset[str]] = {}
    for names, rows in RUNNERS.items():
        for name in names.split():
            only = set(touched.get(name, [])) == {"ondas.guards.bash_runners"}
            if only and all(r.then and read(r) and not r.alone for r in rows):
                out[name] = frozenset(o for r in rows for o in read(r))
    return out


def test_every_name_a_lazily_loaded_rule_module_registers_is_listed() -> None:
    touched = registrations()
    by_option = option_rules(touched)
    expected = {
        name
        for name, modules in touched.items()
        if set(modules) - EARLY_MODULES - {NET_MODULE} and name not in by_option
    }
    literal = "\n".join(textwrap.wrap(" ".join(sorted(expected)), 86, break_on_hyphens=False))
    assert expected == LAZY_RULE_NAMES, (
        "update LAZY_RULE_NAMES in src/ondas/guards/bash_rule_names.py to:\n" + literal
    )
    system = {name for name, modules in touched.items() if modules == [SYSTEM_MODULE]}
    literal = "\n".join(textwrap.wrap(" ".join(sorted(system)), 86, break_on_hyphens=False))
    assert system == SYSTEM_RULE_NAMES, (
        "update SYSTEM_RULE_NAMES in src/ondas/guards/bash_rule_names.py to:\n" + literal
    )
    net = {name for name, modules in touched.items() if set(modules) == {NET_MODULE}}
    literal = "\n".join(textwrap.wrap(" ".join(sorted(net)), 86, break_on_hyphens=False))
    assert net == NET_RULE_NAMES, (
        "update NET_RULE_NAMES in src/ondas/guards/bash_rule_names.py to:\n" + literal
    )
    assert by_option == OPTION_RULE_NAMES, f"update OPTION_RULE_NAMES to {by_option}"


def test_a_command_whose_only_rule_reads_an_option_loads_the_rules_only_with_it() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        "assert check_command('make test && cc -o app app.c', project='/srv').allowed\n"
        "before = 'ondas.guards.bash_runners' in sys.modules\n"
        "check_command(\"make --eval='all:; true'\", project='/srv')\n"
        "print(before, 'ondas.guards.bash_runners' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", SOURCE + code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["False", "True"]


def test_a_command_without_a_rule_loads_no_rule_module() -> None:
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        "assert check_command('ls -la && pytest -q && git status', project='/srv').allowed\n"
        "print(sorted(m for m in sys.modules if m.startswith('ondas.guards.bash_')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", SOURCE + code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split("'")[1::2] == [
        "ondas.guards.bash_base",
        "ondas.guards.bash_known",
        "ondas.guards.bash_net",
        "ondas.guards.bash_rule_names",
    ]


def _loaded_after(line: str) -> set[str]:
    """The rule modules (``bash_*``) a fresh process holds after checking ``line``."""
    code = (
        "import sys\n"
        "from ondas.guards.bash import check_command\n"
        f"check_command({line!r}, project='/srv')\n"
        "print(*sorted(m for m in sys.modules if m.startswith('ondas.guards.bash_')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", SOURCE + code], capture_output=True, text=True, check=True
    )
    return {m.removeprefix("ondas.guards.") for m in out.stdout.split()}


@pytest.mark.parametrize(
    ("line", "net"),
    [
        ("ls -la && pytest -q", False),
        ("ls > out.txt && pytest -q", False),
        ("cd src && git status", True),
        ("time gh pr list", True),  # a runner: the rule modules, bash_net first
        ("ls > /dev/tcp/example.com/80", True),  # bash's socket: the network rules
    ],
)
def test_the_network_rules_load_only_for_a_line_naming_a_program_of_theirs(
    line: str, net: bool
) -> None:
    assert ("bash_net" in _loaded_after(line)) == net


def _handlers_after(*steps: str) -> object:
    out = subprocess.run(
        [sys.executable, "-I", "-c", SOURCE + HANDLERS_AFTER, *steps],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_loading_bash_system_first_leaves_the_handlers_a_whole_load_leaves() -> None:
    whole = _handlers_after("_load_rules")
    assert _handlers_after("load_net_rules", "load_system_rules", "_load_rules") == whole
    assert _handlers_after("load_system_rules", "_load_rules") == whole
    system_only = _handlers_after("load_system_rules")
    assert isinstance(whole, dict) and isinstance(system_only, dict)
    assert {name: whole[name] for name in SYSTEM_RULE_NAMES} == {
        name: system_only[name] for name in SYSTEM_RULE_NAMES
    }


@pytest.mark.parametrize(
    ("line", "modules"),
    [
        ("cd src && mkdir -p build && cp a b && mv b c && touch d", {"bash_system"}),
        ("rm -rf build", {"bash_system"}),
        ("npm test", {"bash_system", "bash_contain", "bash_runners"}),
    ],
)
def test_a_command_bash_system_alone_rules_loads_only_it(line: str, modules: set[str]) -> None:
    loaded = _loaded_after(line)
    assert modules <= loaded
    if modules == {"bash_system"}:
        assert not loaded & {"bash_contain", "bash_runners", "bash_windows", "bash_desktop"}
