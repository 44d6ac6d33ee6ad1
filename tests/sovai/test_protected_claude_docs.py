""".claude/docs (pages the runtime regenerates) is not configuration; the rest of .claude is."""

from __future__ import annotations

from pathlib import Path

from ondas.runtime import protected


def test_regenerated_claude_docs_leave_the_protected_fingerprint_alone(tmp_path: Path) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text("{}")
    before = protected.fingerprint(tmp_path)
    (tmp_path / ".claude" / "docs").mkdir()
    (tmp_path / ".claude" / "docs" / "build.md").write_text("# build\n")
    assert protected.changes(before, protected.fingerprint(tmp_path)) == []
    (tmp_path / ".claude" / "settings.json").write_text('{"hooks": {}}')
    assert protected.changes(before, protected.fingerprint(tmp_path)) == [".claude (changed)"]
