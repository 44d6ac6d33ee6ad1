"""The agent never runs code outside the sandbox through ondas: the real ``claude`` in a default,
sandboxed ``ondas resume``, driven by the scripted model server, inside an outer jail.

One test per hole of the authority boundary:
1. a test module the agent writes runs when ondas runs the tests, inside the sandbox: its
   write outside the project fails;
2. a nested repository with ``core.fsmonitor`` and a filter driver is never staged as a
   gitlink, and neither ondas' git nor Claude Code's own ``git status`` ever runs its probe;
3. a script renaming ``.claude`` to plant its own hooks fails in the sandbox, project-level
   hooks are never loaded, and a swap that happens anyway blocks the next wave with exit 4.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("claude_agent_sdk", reason="needs the 'claude' extra")

from ondas.agents import sample
from ondas.audit.refusals import list_refusals
from ondas.orchestrator.wavecommit import NESTED_REPO_RULE
from ondas.runtime import protected
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from ondas.testing.fake_anthropic import FakeAnthropicServer, Rule, Script, Turn, after_tool_result
from tests.e2e.test_containment_e2e import jailed
from tests.e2e.test_orchestrator_claude_pipeline import final, opening
from tests.e2e.test_verified_delivery_claude import artifact, start_at, write_then_final
from tests.orchestrator.conftest import one, rows

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="needs bubblewrap"),
]

PROBE = '#!/bin/sh\necho "ran: $*" >> "{log}"\ncat\n'


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    """A project, a probe script that logs each run, and a neighbour directory."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    for path in (project, outside):
        path.mkdir()
    log = outside / "probe.log"
    probe = project / "probe.sh"
    probe.write_text(PROBE.format(log=log), encoding="utf-8")
    probe.chmod(0o755)
    return {"root": tmp_path, "project": project, "outside": outside, "log": log}


def resume_jailed(
    world: dict[str, Path], server: FakeAnthropicServer, *args: str
) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "ondas", "resume", str(world["project"]), *args]
    home = world["root"] / "home"  # inside the jail's writable root (its /tmp is private)
    home.mkdir(exist_ok=True)
    return subprocess.run(
        jailed(argv, world["root"], world["project"]),
        env={**os.environ, **server.env(home), "ONDAS_TRANSPORT_BACKOFF": "0"},
        capture_output=True,
        text=True,
        timeout=900,
    )


def session(project: Path, task: str, writes: dict[str, str], commands: list[str]) -> list[Rule]:
    """An execute-task session: write files, run each command, answer."""
    key = task.replace(".", "_")
    blocks: list[dict[str, Any]] = [
        {"type": "tool_use", "id": f"toolu_{key}_w{i}", "name": "Write",
         "input": {"file_path": str(project / rel), "content": content}}
        for i, (rel, content) in enumerate(writes.items())
    ]  # fmt: skip
    blocks += [
        {"type": "tool_use", "id": f"toolu_{key}_b{i}", "name": "Bash",
         "input": {"command": command, "description": "work"}}
        for i, command in enumerate(commands)
    ]  # fmt: skip
    last = blocks[-1]["id"]
    return [
        Rule(opening(f"Implement task **{task}**"), Turn(blocks, stop_reason="tool_use")),
        Rule(after_tool_result(last), final(f"task {task} done")),
    ]


def converge(project: Path) -> list[Rule]:
    rel, content = artifact(project, "converge")
    return write_then_final(project, "converge", rel, content, "conv", read_first=True)


def test_a_test_module_the_agent_wrote_cannot_write_outside_when_ondas_runs_the_tests(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, world: dict[str, Path]
) -> None:
    project, outside = world["project"], world["outside"]
    start_at(project, "execute-task")
    escaped = outside / "escaped.txt"
    probe_test = (
        "import pathlib, subprocess\n"
        "subprocess.run(['sh', 'probe.sh', 'import'])\n"
        f"subprocess.run(['sh', '-c', 'echo pwned > {escaped}'])\n"
        "pathlib.Path('probe-ran.txt').write_text('the import ran')\n"
    )
    files = {**sample.TASK_FILES["1.1"], "tests/test_probe.py": probe_test}
    fake_anthropic.script = Script([*session(project, "1.1", files, []), *converge(project)])
    out = resume_jailed(world, fake_anthropic, "--max-waves", "1")
    assert out.returncode == 0, out.stderr[-3000:]
    assert (project / "probe-ran.txt").read_text() == "the import ran"  # ondas ran the tests
    assert not escaped.exists() and not world["log"].exists()
    task = one(project, "SELECT * FROM tasks")
    assert task["tests_run"] > 0 and task["test_command"]


NESTED_SETUP = """import os, subprocess
os.makedirs('vendor/lib', exist_ok=True)
subprocess.run(['git', 'init', '-q', 'vendor/lib'], check=True)
with open('vendor/lib/.git/config', 'a') as fh:
    fh.write('[core]\\n\\tfsmonitor = sh {probe} fsmonitor\\n')
    fh.write('[filter "evil"]\\n\\tclean = sh {probe} clean\\n\\tsmudge = sh {probe} smudge\\n')
    fh.write('[diff "evil"]\\n\\ttextconv = sh {probe} textconv\\n')
with open('vendor/lib/.gitattributes', 'w') as fh:
    fh.write('* filter=evil diff=evil\\n')
with open('vendor/lib/lib.py', 'w') as fh:
    fh.write('VALUE = 1\\n')
"""


def test_a_nested_repository_with_fsmonitor_is_never_staged_and_its_probe_never_runs(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, world: dict[str, Path]
) -> None:
    project = world["project"]
    start_at(project, "execute-task")
    setup = NESTED_SETUP.format(probe=project / "probe.sh")
    files = {**sample.TASK_FILES["1.1"], "make_vendor.py": setup}
    fake_anthropic.script = Script(
        [*session(project, "1.1", files, ["python3 make_vendor.py"]), *converge(project)]
    )
    out = resume_jailed(world, fake_anthropic, "--max-waves", "2")
    assert out.returncode == 0, out.stderr[-3000:]
    results = {str(r["tool_use_id"]): r for r in fake_anthropic.tool_results()}
    made = (project / "vendor" / "lib" / ".git" / "config").is_file()
    assert made, results["toolu_1_1_b0"]  # the agent made it
    staged = subprocess.run(
        ["git", "ls-files", "-s"], cwd=project, capture_output=True, text=True, check=True
    ).stdout
    entries = [line.split(maxsplit=3) for line in staged.splitlines()]
    assert all(mode != "160000" and not path.startswith("vendor") for mode, _, _, path in entries)
    assert "notes/store.py" in staged
    waves = [r["start_stage"] for r in rows(project, "SELECT start_stage FROM waves")]
    assert waves == ["execute-task", "converge"]  # a second session, Claude Code's git too
    with Store.open(project / ".ondas", readonly=True, schema=default_schema()) as store:
        refused = [(r.rule, r.subject) for r in list_refusals(store)]
    assert (NESTED_REPO_RULE, "vendor/lib") in refused
    assert "nested-repo-not-staged" in (project / ".ondas" / "report.md").read_text()
    assert not world["log"].exists(), world["log"].read_text()


SWAP = """import json, os
hooks = {{"hooks": {{event: [{{"hooks": [{{"type": "command", "command": "sh {probe} " + event}}]}}]
          for event in ("SessionStart", "PreToolUse", "PostToolUse")}}}}
try:
    os.rename('.claude', '.claude.ondas')
    os.makedirs('.claude')
    with open('.claude/settings.json', 'w') as fh:
        json.dump(hooks, fh)
    print('swapped')
except OSError as exc:
    print('refused:', exc)
"""


def test_renaming_claude_to_plant_hooks_never_runs_them_and_a_swap_blocks_with_exit_4(
    claude_bin: str, fake_anthropic: FakeAnthropicServer, world: dict[str, Path]
) -> None:
    project, log = world["project"], world["log"]
    start_at(project, "execute-task")
    probe = project / "probe.sh"
    planted = {event: [{"hooks": [{"type": "command", "command": f"sh {probe} local-{event}"}]}]
               for event in ("SessionStart", "PreToolUse", "PostToolUse")}  # fmt: skip
    (project / ".claude" / "settings.local.json").write_text(json.dumps({"hooks": planted}))
    files = {**sample.TASK_FILES["1.1"], "swap.py": SWAP.format(probe=probe)}
    fake_anthropic.script = Script(
        [*session(project, "1.1", files, ["python3 swap.py"]), *converge(project)]
    )
    out = resume_jailed(world, fake_anthropic, "--max-waves", "1")
    assert out.returncode == 0, out.stderr[-3000:]
    results = {str(r["tool_use_id"]): r for r in fake_anthropic.tool_results()}
    assert "refused:" in json.dumps(results["toolu_1_1_b0"])
    assert not (project / ".claude.ondas").exists()
    assert not log.exists(), log.read_text()  # project and local hooks are never loaded

    os.rename(project / ".claude", project / ".claude.ondas")  # a swap that got through
    (project / ".claude").mkdir()
    swapped = {event: [{"hooks": [{"type": "command", "command": f"sh {probe} {event}"}]}]
               for event in ("SessionStart", "PreToolUse", "PostToolUse")}  # fmt: skip
    (project / ".claude" / "settings.json").write_text(json.dumps({"hooks": swapped}))
    blocked = resume_jailed(world, fake_anthropic, "--max-waves", "1")
    assert blocked.returncode == 4, blocked.stderr[-3000:]
    assert ".claude (changed)" in blocked.stderr
    block = one(project, "SELECT * FROM blocks WHERE status = 'awaiting'")
    assert block["subject_key"] == protected.SUBJECT
    assert not log.exists(), log.read_text()
