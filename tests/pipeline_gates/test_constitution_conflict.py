"""An existing project constitution is not rewritten unasked: keep, merge or replace."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.agents.scripted import ScriptedBackend
from ondas.app import run as commands
from ondas.errors import UsageError
from ondas.orchestrator.constitution_check import language, meaning
from tests.orchestrator.conftest import SAMPLE, one, rows

OURS = "# Constitution\n\n## I. Tests first\nEvery change must come with a test.\n"
NOSSA = (
    "# Constituição\n\n## I. Testes primeiro\nToda mudança deve vir com um teste que "
    "prove o princípio de que não se entrega código sem teste.\n"
)


def _start(project: Path, text: str, backend: ScriptedBackend) -> str:
    (project / "docs").mkdir(parents=True)
    (project / "docs" / "constitution.md").write_text(text, encoding="utf-8")
    result = commands.run(
        project, description=SAMPLE, backend=backend, tier="local", auto_answer=True
    )
    assert result.status == "awaiting_human" and result.current_stage == "constitution"
    block = one(project, "SELECT * FROM blocks WHERE subject_key = 'constitution:existing'")
    return str(block["id"])


def test_keep_leaves_the_projects_constitution_untouched_and_the_run_goes_on(
    project: Path,
) -> None:
    backend = ScriptedBackend()
    block_id = _start(project, OURS, backend)
    assert "constitution" not in [r.stage for r in backend.requests]
    result = commands.resume(project, answer="keep", block_id=block_id, backend=backend)
    assert result.status == "completed"
    assert (project / "docs" / "constitution.md").read_text(encoding="utf-8") == OURS
    assert "constitution" not in [r.stage for r in backend.requests]


def test_merge_tells_the_agent_to_keep_every_existing_principle(project: Path) -> None:
    backend = ScriptedBackend()
    block_id = _start(project, OURS, backend)
    commands.resume(project, answer="merge", block_id=block_id, backend=backend, max_waves=1)
    (request,) = [r for r in backend.requests if r.stage == "constitution"]
    assert "chose to MERGE" in request.prompt and "keep every" in request.prompt
    events = rows(project, "SELECT description FROM events WHERE type = 'constitution_conflict'")
    assert [e["description"] for e in events] == ["existing constitution: merge"]


def test_the_options_and_the_consent_are_in_the_constitutions_language(project: Path) -> None:
    backend = ScriptedBackend()
    block_id = _start(project, NOSSA, backend)
    block = one(project, "SELECT question, options FROM blocks WHERE id = ?", (block_id,))
    assert "Manter como está" in block["question"]
    assert '"manter"' in block["options"] and '"substituir"' in block["options"]
    with pytest.raises(UsageError, match="answer one of: manter, mesclar, substituir"):
        commands.resume(project, answer="keep", block_id=block_id, backend=backend)
    assert one(project, "SELECT status FROM blocks WHERE id = ?", (block_id,))[0] == "awaiting"
    result = commands.resume(project, answer="Manter", block_id=block_id, backend=backend)
    assert result.status == "completed"
    assert (project / "docs" / "constitution.md").read_text(encoding="utf-8") == NOSSA


def test_a_constitution_this_run_wrote_is_no_conflict(project: Path) -> None:
    result = commands.run(
        project, description=SAMPLE, backend=ScriptedBackend(), tier="local", auto_answer=True
    )
    assert result.status == "completed"
    assert not rows(project, "SELECT * FROM blocks WHERE subject_key = 'constitution:existing'")


def test_language_and_meaning_are_plain_rules() -> None:
    assert language(NOSSA) == "pt" and language(OURS) == "en"
    assert meaning("SUBSTITUIR", ["manter", "mesclar", "substituir"]) == "replace"
    assert meaning("replace", ["manter", "mesclar", "substituir"]) is None
