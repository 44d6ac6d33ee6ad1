"""``ondas demo --sovai`` builds the sample plan offline and pushes it to a local bare remote."""

from __future__ import annotations

from pathlib import Path

from tests.sovai.conftest import git, ondas


def test_demo_sovai_builds_offline_and_prints_the_blockers(tmp_path: Path) -> None:
    out = ondas(tmp_path, "demo", "--sovai", "--dir", "demo")  # relative: the remote too
    assert out.returncode == 5, out.stderr[-2000:]  # built and pushed; its blocker waits
    lines = out.stdout.splitlines()
    assert lines[1:3] == [
        "sovai: built after 3 round(s), pushed to sovai/calc-operations; status awaiting_human",
        "  blocker: publish calc to PyPI",
    ]
    assert git(tmp_path / "demo" / "calc", "status", "--porcelain") == ""
    remote = tmp_path / "demo" / "remote.git"
    assert git(remote, "branch", "--format=%(refname:short)").split() == [
        "main",
        "sovai/calc-operations",
    ]
    assert (tmp_path / "demo" / "calc" / ".ondas" / "sovai-report.html").is_file()
