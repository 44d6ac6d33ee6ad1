"""Bad input to every visible command: device paths, FIFOs, symlink loops, huge numbers and
invalid UTF-8 are refused with exit 2, one line on stderr, no traceback, and nothing changes:
the project (its store and git repository included), ``$ONDAS_HOME`` and the Claude Code
config directory hash the same before and after.

The commands and their parameters come from the CLI's own table
(:func:`ondas.cli.framework.command_paths`), so a new command or option is covered without
editing this test. Each command gets every kind of bad value that fits one of its parameters,
and each parameter gets at least one (about 130 invocations, 2 at a time).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from ondas.cli.framework import command_paths, parameters
from ondas.cli.main import build_app
from tests.orchestrator.conftest import SAMPLE

INVALID_UTF8 = os.fsdecode(b"notes \xff\xfe")
HUGE_INT = "99999999999999999999999"
HUGE_FLOAT = "1e23"
WORKERS = 2


@dataclass(frozen=True)
class Bad:
    """One kind of bad value: its text (or where it lives) and a word the refusal names."""

    kind: str
    says: str


UTF8 = Bad("utf8", "UTF-8")
DEVICE = Bad("device", "device")
FIFO = Bad("fifo", "FIFO")
LOOP = Bad("loop", "symlink loop")
INT = Bad("int", "out of range")
FLOAT = Bad("float", "at most")
KINDS = {"str": [UTF8], "Path": [DEVICE, FIFO, LOOP], "int": [INT], "float": [FLOAT]}


@dataclass(frozen=True)
class Inputs:
    """Where the bad (and the plain) inputs live, outside the hashed trees."""

    plain: Path
    fifo: Path
    loop: Path

    def value(self, bad: Bad) -> str:
        return {
            "utf8": INVALID_UTF8,
            "device": "/dev/zero",
            "fifo": str(self.fifo),
            "loop": str(self.loop),
            "int": HUGE_INT,
            "float": HUGE_FLOAT,
        }[bad.kind]

    def plain_value(self, kind: str) -> str:
        return {"str": "x", "Path": str(self.plain), "int": "1", "float": "1"}[kind]


@dataclass(frozen=True)
class Param:
    """A parameter of a command as the test needs it."""

    name: str
    kind: str
    flag: str | None  # None for a positional
    required: bool


def _params(path: tuple[str, ...]) -> list[Param]:
    node = build_app()
    for part in path:
        found = node.child(part)
        assert found is not None, path
        node = found.load() if hasattr(found, "load") else found  # type: ignore[assignment]
    fn = node.fn  # type: ignore[attr-defined]
    out = []
    for name, decl in parameters(fn):
        text = str(fn.__annotations__.get(name, "str")).replace(" ", "").split("|")[0]
        kind = text[5:-1] if text.startswith("list[") else text
        if kind in KINDS:
            flag = None if decl.positional else decl.decls[0]
            out.append(Param(name, kind, flag, decl.required))
    return out


def _invocations(inputs: Inputs) -> list[tuple[str, list[str], Bad]]:
    """(id, argv, bad kind): every applicable kind per command, every parameter at least once."""
    found = []
    for path in command_paths(build_app()):
        params = _params(path)
        for kind, bads in KINDS.items():
            targets = [p for p in params if p.kind == kind]
            for i in range(max(len(targets), len(bads)) if targets else 0):
                target, bad = targets[i % len(targets)], bads[i % len(bads)]
                positionals = [p for p in params if p.flag is None]
                argv = list(path)
                for p in params:
                    earlier = (
                        p.flag is None
                        and target.flag is None
                        and positionals.index(p) < positionals.index(target)
                    )
                    if p is target:
                        value = inputs.value(bad)
                    elif p.required or earlier:
                        value = inputs.plain_value(p.kind)
                    else:
                        continue
                    argv += [value] if p.flag is None else [p.flag, value]
                found.append((f"{' '.join(path)}:{target.name}:{bad.kind}", argv, bad))
    return found


def _tree_hash(*roots: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in sorted(filenames):
                path = Path(dirpath, name)
                if path.is_symlink():
                    out[str(path)] = "link:" + os.readlink(path)
                elif path.is_file():
                    out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
                else:
                    out[str(path)] = "special"
            for name in dirnames:
                out[str(Path(dirpath, name))] = "dir"
    return out


@pytest.fixture(scope="module")
def world(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Path, dict[str, str], Inputs]]:
    root = tmp_path_factory.mktemp("bad-input")
    project, home, inputs_dir = root / "project", root / "home", root / "inputs"
    for d in (project, home, inputs_dir):
        d.mkdir()
    plain = inputs_dir / "plain.txt"
    plain.write_text("x\n", encoding="utf-8")
    fifo = inputs_dir / "fifo"
    os.mkfifo(fifo)
    loop = inputs_dir / "loop"
    loop.symlink_to(loop.name)
    env = {
        **os.environ,
        "ONDAS_HOME": str(home),
        "CLAUDE_CONFIG_DIR": str(home / "claude"),
        "ONDAS_NO_COLOR": "1",
    }
    started = subprocess.run(
        [sys.executable, "-m", "ondas", "run", "--description", SAMPLE, "--backend", "scripted",
         "--tier", "local", "--no-atomic-commit", "--no-roadmap", "--max-waves", "1",
         str(project)],
        cwd=project, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert started.returncode == 0, started.stderr
    yield project, env, Inputs(plain, fifo, loop)


def test_every_visible_command_refuses_bad_paths_numbers_and_text_and_changes_nothing(
    world: tuple[Path, dict[str, str], Inputs],
) -> None:
    project, env, inputs = world
    home = Path(env["ONDAS_HOME"])
    invocations = _invocations(inputs)
    covered = {i.split(":")[0] for i, _, _ in invocations}
    assert len(covered) >= 40, sorted(covered)
    before = _tree_hash(project, home)

    def attempt(item: tuple[str, list[str], Bad]) -> str | None:
        name, argv, bad = item
        out = subprocess.run(
            [sys.executable, "-m", "ondas", *argv],
            cwd=project,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            env=env,
            timeout=120,
        )
        err = out.stderr.decode("utf-8", errors="replace")
        lines = err.strip().splitlines()
        if out.returncode != 2 or len(lines) != 1 or not lines[0].startswith("ondas: "):
            return f"{name}: rc {out.returncode}: {err.strip()[-300:]}"
        if bad.says not in lines[0] or "Traceback" in err:
            return f"{name}: refused for another reason: {lines[0]}"
        return None

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        failures = [f for f in pool.map(attempt, invocations) if f]
    assert not failures, f"{len(failures)} of {len(invocations)}:\n" + "\n".join(failures)
    after = _tree_hash(project, home)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"changed by a refused command: {changed[:20]}"
