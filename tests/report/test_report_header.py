"""The report's header says whether the sandbox was on and how to run what was built, and every
answer is attributed by one rule: a person, the auto-answer, or a policy."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.app.run import resume
from ondas.audit.blocks import answered_by
from ondas.report.howto import how_to_run, sandbox_state


def test_one_rule_attributes_every_answer() -> None:
    assert answered_by("runtime") == "auto-answer"
    assert answered_by("policy") == "policy"
    for surface in ("cli", "panel", "mcp", "fleet", None):
        assert answered_by(surface) == "person"


def test_an_auto_answered_demo_never_says_a_person_answered(finished: Path) -> None:
    project = finished
    report = (project / ".ondas" / "report.md").read_text()
    assert "A person answered" not in report and "answered by a person" not in report
    assert "answered by the runtime (--auto-answer, recommended option)" in report
    assert "- Sandbox: not used (the scripted backend runs no commands)" in report
    assert "- How to run it: `python -m notes (entry point)`" in report
    html = (project / ".ondas" / "report.html").read_text()
    assert 'id="sandbox">not used' in html and 'id="how-to-run"' in html


def test_a_persons_answer_is_attributed_to_a_person(waiting: Path) -> None:
    project = waiting
    resume(project, answer="an SQLite database", max_waves=1)
    report = (project / ".ondas" / "report.md").read_text()
    assert "answered by a person: an SQLite database" in report


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"README.md": "# wc\n\nSetup:\n\n```bash\npip install -e .\n```\n\n## Usage\n\n"
             "```bash\n$ python -m wc notes.txt\n```\n"},
            "python -m wc notes.txt (from README.md)",
        ),
        ({"README.md": "# x\n\n```sh\npip install x\n./run.sh --fast\n```\n"},
         "./run.sh --fast (from README.md)"),
        ({"pyproject.toml": '[project]\nname = "wc"\n[project.scripts]\nwc = "wc.cli:main"\n'},
         "wc (after pip install .) (entry point)"),
        ({"wc/__main__.py": ""}, "python -m wc (entry point)"),
        ({"main.py": ""}, "python main.py (entry point)"),
        ({"package.json": '{"scripts": {"start": "node ."}}'}, "npm start (entry point)"),
        ({"notes.txt": "nothing to run"}, ""),
    ],
)  # fmt: skip
def test_how_to_run_comes_from_the_readme_or_the_entry_point(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert how_to_run(tmp_path) == expected


def test_the_sandbox_state_follows_the_recorded_settings() -> None:
    assert sandbox_state({"orchestrator": {"backend": "claude-code", "sandbox": True}}).startswith(
        "on"
    )
    assert sandbox_state(
        {"orchestrator": '{"backend": "claude-code", "sandbox": false}'}
    ).startswith("off (--no-sandbox")
    assert sandbox_state({"orchestrator": {"backend": "scripted"}}).startswith("not used")
    assert sandbox_state({}).startswith("unknown")
