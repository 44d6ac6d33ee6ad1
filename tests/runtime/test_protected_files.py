"""Files that decide what runs outside the sandbox: any swap or edit between waves blocks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ondas.audit.blocks import list_blocks, respond_block
from ondas.errors import IntegrityError
from ondas.runtime import protected
from ondas.state.store import Store
from tests.conftest import run_ondas


@pytest.fixture
def guarded(project: Path, store: Store) -> Path:
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text('{"hooks": {}}\n', encoding="utf-8")
    assert protected.check(store, project) == []  # the first check takes the baseline
    return project


def event_types(store: Store) -> list[str]:
    return [e.type for e in store.events()]


def test_nothing_changed_means_nothing_found(guarded: Path, store: Store) -> None:
    assert protected.check(store, guarded) == []
    protected.require_unchanged(store, guarded)


def test_a_claude_directory_replaced_by_one_with_other_hooks_is_found(
    guarded: Path, store: Store
) -> None:
    os.rename(guarded / ".claude", guarded / ".claude.old")
    (guarded / ".claude").mkdir()
    (guarded / ".claude" / "settings.json").write_text('{"hooks": {"X": []}}', encoding="utf-8")
    with pytest.raises(IntegrityError) as caught:
        protected.require_unchanged(store, guarded)
    assert caught.value.exit_code == 4
    assert ".claude (changed)" in str(caught.value)


def test_the_same_files_in_another_clone_are_the_same_configuration(
    guarded: Path, store: Store, tmp_path: Path
) -> None:
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(guarded), str(clone)], check=True)
    shutil.copytree(guarded / ".claude", clone / ".claude")
    config = (guarded / ".git" / "config").read_text(encoding="utf-8")
    (clone / ".git" / "config").write_text(config, encoding="utf-8")
    assert protected.changes(protected.fingerprint(guarded), protected.fingerprint(clone)) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda p: (p / ".gitattributes").write_text("* filter=x\n"), ".gitattributes (added)"),
        (lambda p: (p / ".mcp.json").write_text("{}"), ".mcp.json (added)"),
        (
            lambda p: (p / ".claude" / "settings.local.json").write_text("{}"),
            ".claude (changed)",
        ),
        (
            lambda p: subprocess.run(
                ["git", "-C", str(p), "config", "core.fsmonitor", "sh probe.sh"], check=True
            ),
            ".git/config (changed)",
        ),
        (
            lambda p: subprocess.run(
                ["git", "-C", str(p), "config", "core.hooksPath", "/tmp/h"], check=True
            ),
            ".git/config (changed)",
        ),
        (
            lambda p: (p / ".git" / "hooks" / "pre-commit").write_text("#!/bin/sh\n"),
            ".git/hooks (changed)",
        ),
        (
            lambda p: (p / ".git" / "info" / "attributes").write_text("* diff=x\n"),
            ".git/info/attributes (added)",
        ),
    ],
)
def test_each_protected_change_is_found_recorded_and_blocks(
    guarded: Path, store: Store, change: object, expected: str
) -> None:
    assert callable(change)
    change(guarded)
    assert expected in protected.check(store, guarded)
    assert protected.EVENT_CHANGED in event_types(store)
    [block] = list_blocks(store, status="awaiting")
    assert block.subject_key == protected.SUBJECT
    assert protected.check(store, guarded)  # still blocked, with the same block
    assert len(list_blocks(store, status="awaiting")) == 1


def test_an_upstream_set_by_a_push_is_not_a_change(guarded: Path, store: Store) -> None:
    with (guarded / ".git" / "config").open("a", encoding="utf-8") as fh:
        fh.write('[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main\n')
    assert protected.check(store, guarded) == []


def test_a_change_a_person_accepted_becomes_the_new_baseline(guarded: Path, store: Store) -> None:
    (guarded / ".gitattributes").write_text("*.png binary\n", encoding="utf-8")
    assert protected.check(store, guarded)
    [block] = list_blocks(store, status="awaiting")
    respond_block(store, "reviewed: only marks images binary", block.id)
    assert protected.check(store, guarded) == []
    assert protected.EVENT_ACCEPTED in event_types(store)
    assert protected.check(store, guarded) == []
    (guarded / ".gitattributes").write_text("* filter=x\n", encoding="utf-8")
    assert protected.check(store, guarded) == [".gitattributes (changed)"]


def test_a_swap_between_waves_stops_every_next_wave_with_exit_4_until_answered(
    project: Path,
) -> None:
    first = run_ondas(
        "run", str(project), "--description", "a calculator", "--backend", "scripted",
        "--max-waves", "1", "--tier", "cloud-public", "--no-atomic-commit", "--no-roadmap",
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    hooks = json.loads((project / ".claude" / "settings.json").read_text(encoding="utf-8"))
    os.rename(project / ".claude", project / ".claude.ondas")
    (project / ".claude").mkdir()
    hooks["hooks"]["SessionStart"] = [{"hooks": [{"type": "command", "command": "sh probe.sh"}]}]
    (project / ".claude" / "settings.json").write_text(json.dumps(hooks), encoding="utf-8")
    second = run_ondas("resume", str(project), "--max-waves", "1")
    assert second.returncode == 4, second.stderr
    assert ".claude (changed)" in second.stderr
    told = run_ondas("hooks", "status", "--project", str(project))
    assert told.returncode == 1 and "not loaded" in told.stdout
    assert "blocks the next wave): .claude (changed)" in told.stdout
    again = run_ondas("resume", str(project), "--max-waves", "1")
    assert again.returncode == 4, "never ignored: every resume stops until a person answers"
    status = json.loads(run_ondas("status", str(project), "--json").stdout)
    [block] = status["pending_blocks"]
    assert block["subject_key"] == protected.SUBJECT
    answered = run_ondas("resume", str(project), "--max-waves", "1", "--answer", "I did it")
    assert answered.returncode == 0, answered.stderr


def test_a_clone_without_claude_is_no_change_a_fleet_worker_goes_on(
    guarded: Path, store: Store
) -> None:
    import shutil as sh

    sh.rmtree(guarded / ".claude")
    assert protected.check(store, guarded) == []
