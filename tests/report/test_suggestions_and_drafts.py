"""Suggestions are recorded once; issue drafts are redacted twice, deduplicated, operator-only."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ondas.errors import RuleViolation, UsageError
from ondas.report import suggestions as sug
from ondas.report.drafts import draft, publish
from ondas.runtime.schema import default_schema
from ondas.state.store import Store
from tests.demos import SECRET


def _ondas(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        capture_output=True,
        text=True,
        cwd=project,
        env={**os.environ, **(env or {})},
        timeout=300,
        check=False,
    )


def test_the_same_suggestion_is_recorded_once_and_bad_severity_is_refused(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        first, new = sug.add_suggestion(
            store, severity="defect", subject="skill plan", text="The plan omits the data model."
        )
        again, new_again = sug.add_suggestion(
            store, severity="defect", subject="skill plan", text="the plan omits  the data model."
        )
        with pytest.raises(UsageError):
            sug.add_suggestion(store, severity="urgent", subject="x", text="y")
        assert new and not new_again and again.id == first.id
        assert [s.id for s in sug.list_suggestions(store)] == [first.id]


def test_suggestions_cli_adds_lists_and_renders(finished: Path) -> None:
    out = _ondas(
        finished,
        "suggestions",
        "add",
        "--severity",
        "improvement",
        "--subject",
        "skill clarify",
        "--text",
        "Ask the persistence question before the spec is written.",
    )
    assert out.returncode == 0, out.stderr
    listed = _ondas(finished, "suggestions", "list")
    assert "improvement" in listed.stdout and "skill clarify" in listed.stdout
    rendered = _ondas(finished, "suggestions", "render")
    assert rendered.returncode == 0
    assert "skill clarify" in (finished / ".ondas" / "suggestions.md").read_text()
    bad = _ondas(
        finished, "suggestions", "add", "--severity", "nope", "--subject", "s", "--text", "t"
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_draft_redacts_secrets_paths_and_names_and_refuses_a_duplicate(finished: Path) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        sug.add_suggestion(
            store,
            severity="defect",
            subject="skill execute-task",
            text=f"In {finished}/notes/cli.py the agent printed {SECRET} and an AWS key "
            "AKIAIOSFODNN7EXAMPLE while building notes.",
        )
        made = draft(store, finished / ".ondas")
        with pytest.raises(RuleViolation, match="duplicate-draft"):
            draft(store, finished / ".ondas")
    text = Path(made.path).read_text()
    assert SECRET not in text and "AKIAIOSFODNN7EXAMPLE" not in text
    assert str(finished) not in text and "<project>/<project-name>/cli.py" in text
    assert "building notes" not in text and "building <project-name>" in text
    assert Path(made.path).parent == finished / ".ondas" / "issues"
    assert len(list((finished / ".ondas" / "issues").iterdir())) == 1


def test_publish_is_refused_inside_an_agent_session(
    finished: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        sug.add_suggestion(store, severity="improvement", subject="skill plan", text="Shorter.")
        made = draft(store, finished / ".ondas")
    monkeypatch.setenv("CLAUDECODE", "1")
    with pytest.raises(RuleViolation, match="publish-operator-only"):
        publish(Path(made.path), yes=True)
    monkeypatch.delenv("CLAUDECODE")
    for name in ("CLAUDE_CODE_ENTRYPOINT", "ONDAS_AGENT"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(UsageError, match="--yes"):
        publish(Path(made.path))


def test_publish_hands_the_draft_to_gh(finished: Path, tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    log = tmp_path / "gh.log"
    fake = bindir / "gh"
    fake.write_text(
        f'#!/bin/sh\nprintf \'%s\\n\' "$@" > {log}\ncat "$6" >> {log}\n'
        "echo https://github.com/o/r/issues/7\n"
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    with Store.open(finished / ".ondas", schema=default_schema()) as store:
        sug.add_suggestion(store, severity="improvement", subject="skill plan", text="Shorter.")
        made = draft(store, finished / ".ondas")
    env = {
        "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}",
        "CLAUDECODE": "",
        "CLAUDE_CODE_ENTRYPOINT": "",
        "ONDAS_AGENT": "",
    }
    out = _ondas(finished, "issue", "publish", made.path, "--yes", "--repo", "o/r", env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "https://github.com/o/r/issues/7"
    sent = log.read_text()
    assert "issue\ncreate\n--title\nimprovement: skill plan" in sent
    assert "--repo\no/r" in sent and "Shorter." in sent and "ondas-draft" not in sent
