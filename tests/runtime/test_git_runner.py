"""The hardened git runner: every program a repository (or an agent) names stays unrun.

Each test plants a probe in a real repository where git would run it, proves plain git runs
it (so the plant is real), then runs ondas' git operations and checks the probe never ran.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from ondas import git as rgit
from ondas.errors import GitFailure
from ondas.runtime import gitops

ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@t",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@t",
}


def plain_git(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Git as anyone would run it, without ondas' hardening."""
    return subprocess.run(
        ["git", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=check,
        env={**os.environ, **ENV},
    )


@pytest.fixture
def probe(tmp_path: Path) -> tuple[Path, Path]:
    """A script that records each time it runs (and passes its stdin through), and its log."""
    log = tmp_path / "probe.log"
    script = tmp_path / "probe.sh"
    script.write_text(f'#!/bin/sh\necho "$0 $*" >> {log}\ncat\n', encoding="utf-8")
    script.chmod(0o755)
    return script, log


def repo_with_commit(path: Path) -> Path:
    path.mkdir(parents=True)
    plain_git(path, "init", "-q")
    (path / "a.txt").write_text("one\n", encoding="utf-8")
    plain_git(path, "add", "a.txt")
    plain_git(path, "commit", "-qm", "base")
    return path


def ran(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def exercise(repo: Path) -> None:
    """The git work of a wave: status, changed paths, commit, diff, log, show, report."""
    (repo / "a.txt").write_text("two\n", encoding="utf-8")
    (repo / "b.txt").write_text("new\n", encoding="utf-8")
    head, changed = gitops.head_and_changes(repo)
    assert {"a.txt", "b.txt"} <= set(changed)
    sha = gitops.commit_paths(repo, ["a.txt", "b.txt"], "ondas wave-001: work")
    assert sha is not None
    rgit.run(repo, "diff", f"{head}..HEAD")
    rgit.run(repo, "log", "-p", "-n", "2")
    rgit.run(repo, "show", "HEAD")
    from ondas.report import gitinfo

    assert "wave-001" in gitinfo.wave_commits(repo)


def test_core_fsmonitor_of_the_repository_never_runs(
    tmp_path: Path, probe: tuple[Path, Path]
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    plain_git(repo, "config", "core.fsmonitor", f"sh {script} fsmonitor")
    plain_git(repo, "status")
    assert ran(log), "plain git runs the fsmonitor (the plant is real)"
    log.unlink()
    exercise(repo)
    assert ran(log) == []


def test_hooks_never_run_even_from_a_hooks_path(tmp_path: Path, probe: tuple[Path, Path]) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    hooks = repo / "myhooks"
    hooks.mkdir()
    for name in ("pre-commit", "post-commit", "commit-msg", "post-checkout", "post-index-change"):
        (hooks / name).write_text(f"#!/bin/sh\nsh {script} {name}\n", encoding="utf-8")
        (hooks / name).chmod(0o755)
    plain_git(repo, "config", "core.hooksPath", str(hooks))
    plain_git(repo, "commit", "-q", "--allow-empty", "-m", "control")
    assert ran(log)
    log.unlink()
    exercise(repo)
    assert ran(log) == []


def test_filter_and_textconv_drivers_named_by_attributes_never_run(
    tmp_path: Path, probe: tuple[Path, Path]
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    plain_git(repo, "config", "filter.evil.clean", f"sh {script} clean")
    plain_git(repo, "config", "filter.evil.smudge", f"sh {script} smudge")
    plain_git(repo, "config", "diff.evil.textconv", f"sh {script} textconv")
    plain_git(repo, "config", "diff.external", f"sh {script} external")
    (repo / ".gitattributes").write_text("*.txt filter=evil\n", encoding="utf-8")
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "attributes").write_text("*.txt diff=evil\n", encoding="utf-8")
    (repo / "c.txt").write_text("c\n", encoding="utf-8")
    plain_git(repo, "add", "c.txt")
    plain_git(repo, "diff", "--cached", "HEAD")
    assert ran(log), "plain git runs the filter and the textconv (the plant is real)"
    plain_git(repo, "reset", "-q")
    log.unlink()
    exercise(repo)
    assert ran(log) == []


def test_a_driver_defined_through_a_config_include_is_neutralised_too(
    tmp_path: Path, probe: tuple[Path, Path]
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    included = tmp_path / "extra.config"
    included.write_text(f'[filter "sly"]\n\tclean = sh {script} clean\n', encoding="utf-8")
    plain_git(repo, "config", "include.path", str(included))
    (repo / ".gitattributes").write_text("*.txt filter=sly\n", encoding="utf-8")
    assert ("filter", "sly") in rgit.driver_names(repo)
    exercise(repo)
    assert ran(log) == []


def test_a_merge_driver_named_by_attributes_fails_closed_instead_of_running(
    tmp_path: Path, probe: tuple[Path, Path]
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    plain_git(repo, "config", "merge.evil.driver", f"sh {script} merge %A")
    (repo / ".gitattributes").write_text("*.txt merge=evil\n", encoding="utf-8")
    plain_git(repo, "add", ".gitattributes")
    plain_git(repo, "commit", "-qm", "attrs")
    plain_git(repo, "checkout", "-qb", "side")
    (repo / "a.txt").write_text("side\n", encoding="utf-8")
    plain_git(repo, "commit", "-qam", "side")
    plain_git(repo, "checkout", "-q", "-")
    (repo / "a.txt").write_text("main\n", encoding="utf-8")
    plain_git(repo, "commit", "-qam", "main")
    out = rgit.run(repo, "merge", "--no-edit", "side", check=False, author=True)
    assert out.returncode != 0
    assert ran(log) == []


def test_config_from_the_environment_and_the_global_file_is_ignored(
    tmp_path: Path, probe: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    global_file = tmp_path / "global.config"
    global_file.write_text(f"[core]\n\tfsmonitor = sh {script} global\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(global_file))
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", f"sh {script} env")
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", f"'core.pager'='sh {script} pager'")
    monkeypatch.setenv("GIT_EXTERNAL_DIFF", f"sh {script} extdiff")
    exercise(repo)
    assert ran(log) == []


def test_local_operations_use_no_transport(tmp_path: Path) -> None:
    repo = repo_with_commit(tmp_path / "p")
    out = rgit.run(repo, "ls-remote", "ext::sh -c touch% /tmp/never", check=False)
    assert out.returncode != 0
    local = rgit.argv(repo, "status")
    assert "protocol.allow=never" in local and "core.fsmonitor=false" in local


def test_a_nested_repository_is_left_out_of_the_commit_and_reported(
    tmp_path: Path, probe: tuple[Path, Path]
) -> None:
    script, log = probe
    repo = repo_with_commit(tmp_path / "p")
    nested = repo / "vendor" / "lib"
    nested.mkdir(parents=True)
    plain_git(nested, "init", "-q")
    plain_git(nested, "config", "core.fsmonitor", f"sh {script} nested-fsmonitor")
    (nested / "x.py").write_text("x = 1\n", encoding="utf-8")
    (repo / "src.py").write_text("y = 2\n", encoding="utf-8")
    _, changed = gitops.head_and_changes(repo)
    assert "vendor/lib/" in changed
    left_out: list[str] = []
    sha = gitops.commit_paths(repo, changed, "ondas wave-001: work", left_out)
    assert sha is not None
    assert left_out == ["vendor/lib"]
    staged = plain_git(repo, "ls-files", "-s").stdout
    assert "160000" not in staged.split() and "src.py" in staged
    assert "vendor" not in plain_git(repo, "show", "--stat", "HEAD").stdout
    gitops.changed_paths(repo, sha)
    assert ran(log) == []


def test_a_directory_holding_a_nested_repository_commits_everything_else(
    tmp_path: Path,
) -> None:
    repo = repo_with_commit(tmp_path / "p")
    (repo / "vendor" / "lib").mkdir(parents=True)
    plain_git(repo / "vendor" / "lib", "init", "-q")
    (repo / "vendor" / "lib" / "x.py").write_text("x\n", encoding="utf-8")
    (repo / "vendor" / "keep.txt").write_text("k\n", encoding="utf-8")
    left_out: list[str] = []
    assert gitops.commit_paths(repo, ["vendor", "vendor/lib/"], "m", left_out) is not None
    assert left_out == ["vendor/lib"]
    files = plain_git(repo, "ls-files", "-s").stdout
    assert "vendor/keep.txt" in files and "160000" not in files.split()


def test_a_failing_git_raises_the_one_git_error(tmp_path: Path) -> None:
    repo = repo_with_commit(tmp_path / "p")
    with pytest.raises(rgit.GitError) as caught:
        rgit.run(repo, "checkout", "-q", "no-such-branch")
    assert isinstance(caught.value, GitFailure) and caught.value.exit_code == 6
    assert "no-such-branch" in str(caught.value)


def test_a_git_that_does_not_finish_in_time_raises_the_one_git_error(tmp_path: Path) -> None:
    repo = repo_with_commit(tmp_path / "p")
    with pytest.raises(rgit.GitError, match="did not finish within"):
        rgit.run(repo, "hash-object", "--stdin", timeout=0.000001)
