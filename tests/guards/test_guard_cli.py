"""``ondas guard ...`` as a real process: exit 0 allowed, 1 refused, 2 usage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_ondas

TOKEN = "ghp_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"


def test_guard_bash_blocks_with_rule_and_segment(project: Path) -> None:
    result = run_ondas("guard", "bash", "--command", "ls && git push -f", "--project", str(project))
    assert result.returncode == 1
    assert "git-push" in result.stdout
    assert "git push -f" in result.stdout


def test_guard_bash_json_shape(project: Path) -> None:
    result = run_ondas(
        "guard", "bash", "--command", "rm -rf ~", "--project", str(project), "--json"
    )
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["allowed"] is False
    assert data["rule"] == "rm-home"
    assert data["segment"] == "rm -rf ~"
    ok = run_ondas("guard", "bash", "--command", "pytest -q", "--project", str(project), "--json")
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["allowed"] is True


def test_guard_bash_uses_the_project_whitelist(project: Path) -> None:
    command = "curl https://example.org/data"
    assert (
        run_ondas("guard", "bash", "--command", command, "--project", str(project)).returncode == 1
    )
    (project / ".ondas").mkdir()
    (project / ".ondas" / "whitelist").write_text("example.org\n", encoding="utf-8")
    assert (
        run_ondas("guard", "bash", "--command", command, "--project", str(project)).returncode == 0
    )


def test_guard_bash_explicit_whitelist_and_missing_file(project: Path, tmp_path: Path) -> None:
    file = tmp_path / "wl"
    file.write_text("example.org\n", encoding="utf-8")
    args = ["guard", "bash", "--command", "curl https://example.org", "--project", str(project)]
    assert run_ondas(*args, "--whitelist", str(file)).returncode == 0
    missing = run_ondas(*args, "--whitelist", str(tmp_path / "nope"))
    assert missing.returncode == 2
    assert missing.stderr.startswith("ondas: ")


def test_guard_bash_without_a_command_is_a_usage_error() -> None:
    assert run_ondas("guard", "bash").returncode == 2


def test_guard_path_refuses_an_escape_and_allows_inside(project: Path) -> None:
    out = run_ondas("guard", "path", "--project", str(project), "--target", "../x", "--write")
    assert out.returncode == 1
    assert "write-outside-project" in out.stdout
    inside = run_ondas(
        "guard", "path", "--project", str(project), "--target", "src/a.py", "--write", "--json"
    )
    assert inside.returncode == 0
    assert json.loads(inside.stdout)["allowed"] is True
    assert run_ondas("guard", "path", "--project", str(project), "--target", "a").returncode == 2


def test_guard_validate_target(project: Path) -> None:
    assert run_ondas("guard", "validate-target", "--project", "/etc").returncode == 1
    assert run_ondas("guard", "validate-target", "--project", str(project)).returncode == 0


def test_guard_whitelist_check(tmp_path: Path) -> None:
    good = tmp_path / "good"
    good.write_text("pypi.org\n*.githubusercontent.com\n", encoding="utf-8")
    assert run_ondas("guard", "whitelist", "check", str(good)).returncode == 0
    bad = tmp_path / "bad"
    bad.write_text("pypi.org\nhttps://*\n", encoding="utf-8")
    result = run_ondas("guard", "whitelist", "check", str(bad), "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["allowed"] is False
    assert data["problems"][0]["line"] == 2
    assert run_ondas("guard", "whitelist", "check", str(tmp_path / "none")).returncode == 2


def test_guard_secrets_scrub_and_check(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DB_PASSWORD=hunter2-hunter2\n", encoding="utf-8")
    text = f"token {TOKEN} and password hunter2-hunter2\n"
    scrubbed = run_ondas("guard", "secrets", "scrub", "--env-file", str(env), input=text)
    assert scrubbed.returncode == 0
    assert scrubbed.stdout == "token [REDACTED:github-token] and password [REDACTED:env-value]\n"
    found = run_ondas("guard", "secrets", "check", "--json", input=text)
    assert found.returncode == 1
    data = json.loads(found.stdout)
    assert data["allowed"] is False
    assert TOKEN not in found.stdout
    clean = run_ondas("guard", "secrets", "check", input="nothing to see\n")
    assert clean.returncode == 0
    missing = run_ondas("guard", "secrets", "scrub", "--env-file", str(tmp_path / "no"), input="")
    assert missing.returncode == 2


@pytest.mark.parametrize(
    "args",
    [
        ["guard"],
        ["guard", "bash"],
        ["guard", "path"],
        ["guard", "validate-target"],
        ["guard", "whitelist", "check"],
        ["guard", "secrets", "check"],
        ["guard", "secrets", "scrub"],
    ],
)
def test_every_guard_command_has_help(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from ondas.cli.main import run

    assert run([*args, "--help"]) == 0
    assert "Usage" in capsys.readouterr().out


def test_guard_bash_jsonl_answers_one_verdict_per_line(project: Path) -> None:
    lines = [
        json.dumps({"command": "ls -la"}),
        json.dumps({"command": "rm -rf 2>/dev/null ~"}),
        "not json",
        json.dumps({"command": "git 2>/dev/null push --force"}),
    ]
    result = run_ondas(
        "guard", "bash", "--jsonl", "--project", str(project), input="\n".join(lines) + "\n"
    )
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["allowed"] for a in answers] == [True, False, False, False]
    assert answers[1]["rule"] == "rm-home"
    assert answers[2]["rule"] == "bad-input"
    assert answers[3]["rule"] == "git-push"
    assert [a.get("category") for a in answers] == [None, "dangerous", "unknown", "policy"]


def test_guard_bash_needs_exactly_one_of_command_or_jsonl(project: Path) -> None:
    result = run_ondas("guard", "bash", "--project", str(project))
    assert result.returncode == 2
    assert "exactly one" in result.stderr


def test_guard_bash_unattended_refuses_unknown_programs(project: Path) -> None:
    args = ("guard", "bash", "--command", "frobnicate --all", "--project", str(project))
    assert run_ondas(*args).returncode == 0
    refused = run_ondas(*args, "--unattended", "--json")
    assert refused.returncode == 1
    assert json.loads(refused.stdout)["rule"] == "unknown-program"
