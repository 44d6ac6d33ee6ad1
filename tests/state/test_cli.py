"""`ondas state ...`: help on every command, --json everywhere, one-line errors with the right
exit code and the state untouched on bad input."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.cli.framework import App, Command, parameters, walk
from ondas.cli.main import build_app
from ondas.runtime.schema import default_schema
from ondas.state import lock
from ondas.state.execution import get_execution, terminate
from ondas.state.store import Store
from tests.conftest import run_ondas
from tests.state.conftest import CliResult

STATE_COMMANDS = [
    "init",
    "get",
    "set",
    "verify",
    "validate",
    "export",
    "import",
    "recover",
    "lock",
    "history",
]
VISIBLE_STATE_COMMANDS = ["verify", "validate", "export", "import", "history"]
WIDE = {"COLUMNS": "200", "TERM": "dumb", "NO_COLOR": "1"}


def test_root_help_lists_the_state_command() -> None:
    result = run_ondas("--help", env=WIDE)
    assert result.returncode == 0
    assert "state" in result.stdout


def test_state_help_lists_the_user_commands_and_hides_the_plumbing(
    cli: Callable[..., CliResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in WIDE.items():
        monkeypatch.setenv(name, value)
    result = cli("state", "--help")
    assert result.returncode == 0
    for name in VISIBLE_STATE_COMMANDS:
        assert f" {name} " in result.stdout, name
    listed = [line.split()[0] for line in result.stdout.split("commands:")[1].splitlines()[1:-2]]
    assert not {"init", "get", "set", "lock"} & set(listed)
    lock_help = cli("state", "lock", "--help")
    for name in ("acquire", "release", "check"):
        assert f" {name} " in lock_help.stdout, name


def test_every_command_and_option_has_help_text() -> None:
    root = build_app()
    state = root.child("state")
    assert isinstance(state, App)
    assert sorted(state.children) == sorted(STATE_COMMANDS)
    for path, node in walk(root, hidden=True):
        if isinstance(node, App):
            assert node.help.strip(), f"ondas {' '.join(path)} has no help"
            continue
        assert isinstance(node, Command)
        assert (node.fn.__doc__ or "").strip(), f"ondas {' '.join(path)} has no help"
        for name, decl in parameters(node.fn):
            assert (decl.help or "").strip(), f"{' '.join(path)} {name}"


def test_every_state_command_answers_its_help(cli: Callable[..., CliResult]) -> None:
    for name in STATE_COMMANDS:
        result = cli("state", name, "--help")
        assert result.returncode == 0, name
        assert "Usage:" in result.stdout


def test_init_with_no_arguments_in_a_project_directory(tmp_path: Path) -> None:
    real = tmp_path / "my Project"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    result = run_ondas("state", "init", cwd=link)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "exec-001"
    with Store.open(link / ".ondas", schema=default_schema()) as store:
        execution = get_execution(store)
    assert execution.status == "in_progress"
    assert execution.current_stage == "briefing"
    assert execution.project_path == str(real.resolve())
    assert execution.project_name == "my-project"
    assert execution.description == ""
    assert execution.invocation_type == "cli"
    assert execution.finished_at is None


def test_init_with_options_records_them(cli: Callable[..., CliResult], project: Path) -> None:
    result = cli(
        "state",
        "init",
        "--project",
        str(project),
        "--description",
        "a todo API",
        "--stack",
        "python",
        "--tier",
        "local",
        "--roadmap",
        "--atomic-commit",
        "--aspects",
        '{"product": ["lists"], "operational": ["docker"]}',
        "--json",
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["description"] == "a todo API" and doc["suggested_stack"] == "python"
    assert doc["delivery_tier"] == "local"
    assert doc["roadmap_mode"] is True and doc["atomic_commit"] is True
    assert doc["key_aspects"] == {"product": ["lists"], "technical": [], "operational": ["docker"]}


@pytest.mark.parametrize(
    "args",
    [
        ["--tier", "moon"],
        ["--aspects", "{bad json"],
        ["--aspects", "[1]"],
        ["--aspects", '{"mystic": ["x"]}'],
        ["--aspects", '{"product": [""]}'],
        ["--project", "/does/not/exist"],
    ],
)
def test_init_with_bad_input_exits_2_and_creates_nothing(
    cli: Callable[..., CliResult], project: Path, args: list[str]
) -> None:
    result = cli("state", "init", "--state-dir", str(project / ".ondas"), *args)
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith("ondas: ") and len(result.stderr.strip().splitlines()) == 1
    assert not (project / ".ondas").exists()


def test_second_init_while_active_is_refused(store: Store, cli: Callable[..., CliResult]) -> None:
    before = store.events()
    result = cli("state", "init", "--state-dir", str(store.state_dir))
    assert result.returncode == 1
    assert "[execution-active]" in result.stderr
    assert store.events() == before


def test_get_reads_dotted_paths(store: Store, cli: Callable[..., CliResult]) -> None:
    with store.transaction("seed", execution_id="exec-001") as tx:
        tx.add_metrics("exec-001", {"tool_calls": 4})
        tx.insert(
            "key_aspects",
            {"execution_id": "exec-001", "kind": "product", "position": 0, "aspect": "lists"},
        )
        tx.insert(
            "extras", {"execution_id": "exec-001", "key": "legacy", "value": '{"a": {"b": [7]}}'}
        )
    sd = ("--state-dir", str(store.state_dir))
    assert cli("state", "get", "--field", "status", *sd).stdout == "in_progress\n"
    assert cli("state", "get", "--field", "status", "--json", *sd).stdout == '"in_progress"\n'
    assert cli("state", "get", "--field", "metrics.tool_calls", *sd).stdout == "4.0\n"
    assert cli("state", "get", "--field", "key_aspects.product.0", *sd).stdout == "lists\n"
    assert cli("state", "get", "--field", "extra.legacy.a.b.0", *sd).stdout == "7\n"
    assert cli("state", "get", "--field", "finished_at", *sd).stdout == "null\n"
    whole = json.loads(cli("state", "get", *sd).stdout)
    assert whole["id"] == "exec-001" and whole["metrics"] == {"tool_calls": 4.0}
    for bad in ("nope", "metrics.nope", "key_aspects.product.9", "status.x", "", "."):
        result = cli("state", "get", "--field", bad, *sd)
        assert result.returncode == 2, bad
        assert len(result.stderr.strip().splitlines()) == 1


def test_set_changes_several_fields_in_one_event(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    before = len(store.events())
    result = cli(
        "state",
        "set",
        "--field",
        "current_stage",
        "--value",
        '"plan"',
        "--field",
        "next_instruction",
        "--value",
        '"write the plan"',
        "--field",
        "roadmap_mode",
        "--value",
        "true",
        "--as-operator",
        "--state-dir",
        str(store.state_dir),
        "--json",
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["current_stage"], doc["next_instruction"], doc["roadmap_mode"]) == (
        "plan",
        "write the plan",
        True,
    )
    events = store.events()
    assert len(events) == before + 1
    [update] = [c for c in events[-1].payload["changes"] if c.get("table") == "executions"]
    assert update["values"] == {
        "current_stage": "plan",
        "next_instruction": "write the plan",
        "roadmap_mode": 1,
    }
    assert events[-1].payload["data"]["decision_id"] == "dec-001"


def test_set_terminal_status_needs_finished_at_in_the_same_write(
    store: Store, cli: Callable[..., CliResult]
) -> None:
    sd = ("--state-dir", str(store.state_dir))
    refused = cli(
        "state", "set", "--field", "status", "--value", '"completed"', "--as-operator", *sd
    )
    assert refused.returncode == 1 and "[terminal-needs-finished-at]" in refused.stderr
    assert get_execution(store).status == "in_progress"
    done = cli(
        "state",
        "set",
        "--field",
        "status",
        "--value",
        '"completed"',
        "--field",
        "finished_at",
        "--value",
        '"2026-12-02T10:00:00+00:00"',
        "--field",
        "termination_reason",
        "--value",
        '"completed"',
        "--as-operator",
        *sd,
    )
    assert done.returncode == 0, done.stderr
    assert get_execution(store).status == "completed"
    final = cli("state", "set", "--field", "description", "--value", '"late"', *sd)
    assert final.returncode == 1 and "[execution-terminal]" in final.stderr


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--field", "status"],
        ["--value", '"x"'],
        ["--field", "id", "--value", '"exec-9"'],
        ["--field", "started_at", "--value", '"2020-01-01"'],
        ["--field", "metrics.tool_calls", "--value", "3"],
        ["--field", "status", "--value", "completed"],
        ["--field", "status", "--value", '"paused"'],
        ["--field", "roadmap_mode", "--value", '"yes"'],
        ["--field", "current_stage", "--value", '"two words"'],
        ["--field", "current_stage", "--value", "null"],
        ["--field", "description", "--value", "42"],
        ["--field", "delivery_tier", "--value", '"moon"'],
        ["--field", "finished_at", "--value", '"yesterday"'],
        ["--field", "status", "--value", '"in_progress"', "--field", "bogus", "--value", "1"],
        ["--execution", "exec-404", "--field", "description", "--value", '"x"'],
        ["--bogus-option"],
    ],
)
def test_set_with_bad_input_exits_2_with_one_line_and_changes_nothing(
    store: Store, cli: Callable[..., CliResult], args: list[str]
) -> None:
    before = store.events()
    snapshot = get_execution(store)
    result = cli("state", "set", *args, "--state-dir", str(store.state_dir))
    expected = 6 if "exec-404" in args else 2
    assert result.returncode == expected, (args, result.stderr)
    assert result.stderr.startswith("ondas: ")
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stdout == ""
    assert store.events() == before
    assert get_execution(store) == snapshot


@pytest.mark.parametrize(
    "args",
    [
        ["get"],
        ["set", "--field", "description", "--value", '"x"'],
        ["verify"],
        ["validate"],
        ["export"],
        ["history"],
        ["lock", "check"],
    ],
)
def test_commands_without_a_store_exit_6_and_create_nothing(
    cli: Callable[..., CliResult], tmp_path: Path, args: list[str]
) -> None:
    result = cli("state", *args, "--state-dir", str(tmp_path / ".ondas"))
    assert result.returncode == 6
    assert "ondas run" in result.stderr and "state init" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / ".ondas").exists()


def test_a_file_that_is_not_a_store_is_reported_not_overwritten(
    cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    state_dir = tmp_path / ".ondas"
    state_dir.mkdir()
    (state_dir / "state.db").write_bytes(b"not a database at all" * 100)
    result = cli("state", "get", "--state-dir", str(state_dir))
    assert result.returncode == 6
    assert (state_dir / "state.db").read_bytes() == b"not a database at all" * 100


def test_every_command_speaks_json(
    store: Store, cli: Callable[..., CliResult], tmp_path: Path
) -> None:
    sd = ("--state-dir", str(store.state_dir), "--json")
    pid = str(os.getpid())
    outputs = {
        "get": cli("state", "get", *sd),
        "get field": cli("state", "get", "--field", "current_stage", *sd),
        "set": cli("state", "set", "--field", "next_instruction", "--value", '"plan"', *sd),
        "verify": cli("state", "verify", *sd),
        "validate": cli("state", "validate", *sd),
        "history": cli("state", "history", *sd),
        "lock acquire": cli("state", "lock", "acquire", "--pid", pid, *sd),
        "lock check": cli("state", "lock", "check", *sd),
        "lock release": cli("state", "lock", "release", "--pid", pid, *sd),
        "export": cli("state", "export", "-o", str(tmp_path / "s.json"), *sd),
    }
    terminate(store, status="completed", reason="done")
    outputs["import"] = cli("state", "import", str(tmp_path / "s.json"), *sd)
    outputs["init"] = cli(
        "state", "init", "--project", str(tmp_path), "--json", "--state-dir", str(tmp_path / "new")
    )
    for name, result in outputs.items():
        assert result.returncode in (0, 3), (name, result.stderr)
        json.loads(result.stdout)


def test_history_lists_and_filters_the_log(store: Store, cli: Callable[..., CliResult]) -> None:
    lock.acquire(store, pid=os.getpid())
    lock.release(store, pid=os.getpid())
    sd = ("--state-dir", str(store.state_dir))
    every = json.loads(cli("state", "history", "--json", *sd).stdout)
    assert [e["seq"] for e in every] == [1, 2, 3]
    assert [e["type"] for e in every] == ["execution_created", "lock_acquired", "lock_released"]
    assert all(len(e["hash"]) == 64 for e in every)
    assert every[1]["prev_hash"] == every[0]["hash"]
    typed = json.loads(cli("state", "history", "--type", "lock_released", "--json", *sd).stdout)
    assert [e["seq"] for e in typed] == [3]
    since = json.loads(
        cli("state", "history", "--since", "1", "--limit", "1", "--json", *sd).stdout
    )
    assert [e["seq"] for e in since] == [2]
    table = cli("state", "history", *sd)
    assert table.returncode == 0 and "lock_acquired" in table.stdout


def test_a_damaged_database_is_one_line_exit_6(store: Store, cli: Callable[..., CliResult]) -> None:
    store.close()
    db = store.state_dir / "state.db"
    data = bytearray(db.read_bytes())
    data[4096:12288] = b"\xff" * 8192
    db.write_bytes(bytes(data))
    for args in (["get"], ["verify"], ["history"]):
        result = cli("state", *args, "--state-dir", str(store.state_dir))
        assert result.returncode in (4, 6), (args, result.stderr)
        assert result.stderr.startswith("ondas: ")
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
