"""One ``git status`` per step: the same paths and the same commits as add/rm/diff asked one by one.

Every test builds a real repository holding files in every state a person's or an agent's work
can leave (changed, staged, staged then reverted, staged then deleted, deleted, untracked,
ignored, names with spaces and accents) and compares ondas' answer with what git's own
single-purpose commands say, run on a copy of the same repository.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from ondas.runtime import gitops
from ondas.runtime.schema import default_schema

ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t"}


def git(repo: Path, *args: str) -> str:
    out = subprocess.run(
        ["git", *args],
        cwd=repo,
        capture_output=True,
        check=True,
        env={**os.environ, **ENV, "GIT_COMMITTER_EMAIL": "t@t"},
    )
    return out.stdout.decode("utf-8", errors="surrogateescape")


def names(text: str) -> set[str]:
    return {n for n in text.split("\0") if n}


def write(repo: Path, rel: str, text: str) -> None:
    path = repo / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def every_state(repo: Path) -> list[str]:
    """A repository with one file in each state; returns every path involved (plus one that
    never existed)."""
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    committed = ["same.txt", "edited.txt", "staged.txt", "reverted.txt", "deleted.txt"]
    committed += ["staged-deletion.txt", "dir/kept.txt", "dir/gone.txt", "tracked.log"]
    for rel in committed:
        write(repo, rel, f"{rel}\n")
    write(repo, ".gitignore", "*.log\nbuild/\n")
    git(repo, "add", "-A")
    git(repo, "add", "-f", "tracked.log")
    git(repo, "commit", "-qm", "base")
    write(repo, "edited.txt", "edited\n")
    write(repo, "staged.txt", "staged\n")
    git(repo, "add", "staged.txt")
    write(repo, "reverted.txt", "changed then put back\n")
    git(repo, "add", "reverted.txt")
    write(repo, "reverted.txt", "reverted.txt\n")
    write(repo, "half.txt", "staged\n")
    git(repo, "add", "half.txt")
    write(repo, "half.txt", "staged, then more\n")
    write(repo, "new-then-gone.txt", "x\n")
    git(repo, "add", "new-then-gone.txt")
    (repo / "new-then-gone.txt").unlink()
    (repo / "deleted.txt").unlink()
    (repo / "dir" / "gone.txt").unlink()
    git(repo, "rm", "-q", "staged-deletion.txt")
    write(repo, "tracked.log", "ignored but tracked, changed\n")
    write(repo, "untracked.txt", "u\n")
    write(repo, "with space/é ü.txt", "accents\n")
    write(repo, "ignored.log", "i\n")
    write(repo, "build/out.txt", "o\n")
    write(repo, "mode.sh", "#!/bin/sh\n")
    return [
        *committed,
        "half.txt",
        "new-then-gone.txt",
        "untracked.txt",
        "with space/é ü.txt",
        "ignored.log",
        "build/out.txt",
        "mode.sh",
        "never-existed.txt",
    ]


def legacy_changed(repo: Path) -> set[str]:
    """What ``git diff HEAD`` and ``git ls-files --others`` list (ondas' former two calls)."""
    diff = git(repo, "diff", "--name-only", "-z", "HEAD")
    return names(diff) | names(git(repo, "ls-files", "-z", "--others", "--exclude-standard"))


def legacy_commit(repo: Path, paths: list[str], message: str) -> bool:
    """The former commit: add the present paths, rm the gone ones, commit what is staged
    (names read with ``-z``: the former line-based read missed quoted, accented names)."""
    present = [p for p in paths if (repo / p).exists()]
    gone = [p for p in paths if not (repo / p).exists()]
    git(repo, "add", "-f", "--", *present)
    git(repo, "rm", "-q", "--cached", "--ignore-unmatch", "--", *gone)
    staged = names(git(repo, "diff", "--cached", "--name-only", "-z", "--", *paths))
    if staged:
        git(repo, "commit", "-q", "--no-verify", "-m", message, "--", *sorted(staged))
    return bool(staged)


def outcome(repo: Path) -> tuple[str, str, str, str]:
    """The committed tree, the index, the status and the last subject."""
    return (
        git(repo, "ls-tree", "-r", "HEAD"),
        git(repo, "ls-files", "-s"),
        git(repo, "status", "--porcelain=v1", "-z", "-uall", "--ignored"),
        git(repo, "log", "-1", "--format=%s"),
    )


def test_changed_paths_are_those_of_git_diff_head_and_the_untracked_files(tmp_path: Path) -> None:
    repo = tmp_path / "p"
    every_state(repo)
    head = git(repo, "rev-parse", "HEAD").strip()
    expected = legacy_changed(repo)
    assert "reverted.txt" not in expected and "new-then-gone.txt" not in expected
    assert gitops.head_and_changes(repo) == (head, sorted(expected))
    assert gitops.changed_paths(repo, head) == sorted(expected)


def test_changes_since_an_older_commit_include_what_was_committed_since(tmp_path: Path) -> None:
    repo = tmp_path / "p"
    every_state(repo)
    base = git(repo, "rev-parse", "HEAD").strip()
    write(repo, "later.txt", "later\n")
    git(repo, "add", "later.txt")
    git(repo, "commit", "-qm", "later", "--", "later.txt")
    expected = names(git(repo, "diff", "--name-only", "-z", base))
    expected |= names(git(repo, "ls-files", "-z", "--others", "--exclude-standard"))
    assert "later.txt" in expected
    assert gitops.changed_paths(repo, base) == sorted(expected)


def test_before_the_first_commit_every_indexed_and_untracked_file_is_changed(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "p"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    write(repo, "a.txt", "a\n")
    write(repo, "b.txt", "b\n")
    git(repo, "add", "a.txt")
    assert gitops.head_and_changes(repo) == (None, ["a.txt", "b.txt"])


@pytest.mark.parametrize("chosen", ["all", "some", "none-changed"])
def test_a_commit_of_paths_is_the_one_add_rm_and_diff_made(tmp_path: Path, chosen: str) -> None:
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    paths = every_state(ours)
    if chosen == "some":
        paths = ["edited.txt", "reverted.txt", "half.txt", "deleted.txt", "never-existed.txt"]
    elif chosen == "none-changed":
        paths = ["same.txt", "reverted.txt", "never-existed.txt"]
    shutil.copytree(ours, theirs, symlinks=True)
    made = gitops.commit_paths(ours, paths, "ondas wave-001: test")
    assert (made is not None) == legacy_commit(theirs, paths, "ondas wave-001: test")
    assert outcome(ours) == outcome(theirs)
    if made is not None:
        assert made == git(ours, "rev-parse", "HEAD").strip()


def test_a_commit_never_stages_an_atomic_writes_temp_file(tmp_path: Path) -> None:
    from ondas.state.atomic import temp_prefix

    repo = tmp_path / "p"
    every_state(repo)
    temp = f"{temp_prefix(repo / 'state.json')}abc.tmp"
    write(repo, temp, "half written\n")
    gitops.commit_paths(repo, ["state.json", temp, "edited.txt"], "ondas wave-001: test")
    assert temp not in git(repo, "ls-files", "-z")
    assert "edited.txt" in git(repo, "show", "--name-only", "--format=", "HEAD")


def test_a_repository_found_once_is_not_asked_again_until_its_git_dir_changes(
    tmp_path: Path,
) -> None:
    repo = tmp_path / "p"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    assert gitops.is_repo(repo)
    assert gitops.git_dir(repo) == repo / ".git"
    shutil.rmtree(repo / ".git")
    assert not gitops.is_repo(repo)
    inner = tmp_path / "outer" / "inner"
    inner.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(tmp_path / "outer")], check=True)
    assert gitops.is_repo(tmp_path / "outer")
    assert not gitops.is_repo(inner)  # inside a repository, not the top of one
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", str(other)], check=True)
    (repo / ".git").write_text(f"gitdir: {other / '.git'}\n", encoding="utf-8")
    assert gitops.git_dir(repo) == other / ".git"


def counting_git(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``git`` first on PATH that logs each call's arguments, then runs the real one."""
    real = shutil.which("git")
    assert real is not None
    bindir, log = tmp_path / "bin", tmp_path / "git-calls.log"
    bindir.mkdir()
    wrapper = bindir / "git"
    line = "printf '%s ' \"$@\" | tr '\\n' ' '"  # one line per call, even for a multi-line -m
    wrapper.write_text(
        f"#!/bin/sh\n{{ {line}; echo; }} >> '{log}'\nexec '{real}' \"$@\"\n", encoding="utf-8"
    )
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    return log


def subcommands(log: Path) -> list[str]:
    """The git subcommand of each logged call (global options before it skipped)."""
    found = []
    for line in log.read_text(encoding="utf-8").splitlines():
        words = line.split()
        while words and words[0].startswith("-"):
            words = words[2:] if words[0] in ("-c", "-C") else words[1:]
        found.append(words[0] if words else "")
    return found


def test_a_commit_of_a_wave_in_a_known_repository_runs_four_git_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "p"
    every_state(repo)
    paths = ["edited.txt", "staged.txt", "deleted.txt", "dir/gone.txt", "untracked.txt"]
    paths += ["ignored.log", "with space/é ü.txt", "never-existed.txt"]
    assert gitops.is_repo(repo)
    log = counting_git(tmp_path, monkeypatch)
    assert gitops.commit_paths(repo, paths, "ondas wave-001: four") is not None
    assert subcommands(log) == [
        "status",
        "add",
        "commit",
        "log",  # the new commit's id with its line counts, which the report then reuses
    ]
    log.unlink()
    assert gitops.commit_paths(repo, paths, "ondas wave-002: nothing new") is None
    assert subcommands(log) == ["status"]


@pytest.fixture
def prepared(tmp_path: Path) -> Path:
    """A project ``prepare_project`` made ready (a repository, ondas' directories excluded)."""
    from ondas.orchestrator.loop import prepare_project

    project = tmp_path / "p"
    project.mkdir()
    prepare_project(project)
    return project


def wave_of_work(store: Any, project: Path, name: str) -> tuple[str, list[str]]:
    """One wave (snapshot, start, ``name`` written a clock tick before the end, end): its id
    and the paths it changed."""
    from ondas.audit import waves as waves_mod
    from ondas.orchestrator import wavecommit
    from ondas.state.execution import get_execution

    base, before = wavecommit.snapshot(project)
    wave_id = waves_mod.start_wave(store)
    wavecommit.record_start(store, project, wave_id, before, base)
    write(project, name, f"{name}\n")
    time.sleep(0.02)  # a later tick of the clock file times are stamped with
    waves_mod.end_wave(store, "threshold_proxy_reached", next_instruction="continue")
    return wave_id, wavecommit.wave_paths(store, project, get_execution(store).id, wave_id)


def test_a_waves_bookkeeping_runs_five_git_processes_however_long_the_run(
    tmp_path: Path, prepared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ondas.orchestrator.loop import IntegrityCheck, finish_wave
    from ondas.state.execution import create_execution
    from ondas.state.store import Store

    project = prepared
    log = counting_git(tmp_path, monkeypatch)
    per_wave: list[list[str]] = []
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        create_execution(store, project_path=project, description="count")
        check = IntegrityCheck()
        for i in range(4):
            log.unlink(missing_ok=True)
            wave_id, changed = wave_of_work(store, project, f"file{i}.txt")
            assert changed == [f"file{i}.txt"]
            finish_wave(store, project, "t", f"ondas {wave_id}: work", changed, wave_id, check)
            per_wave.append(subcommands(log))
        check.close()
    # start and end snapshots; the report reads HEAD and the wave commits from what the end
    # snapshot and the last commit said; the commit stages from the end snapshot (three)
    expected = ["status", "status", "add", "commit", "log"]
    assert per_wave == [expected] * 4
    assert len(git(project, "log", "--format=%H").split()) == 4


def test_an_artifact_written_after_the_wave_end_snapshot_is_still_committed(
    tmp_path: Path, prepared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ondas.orchestrator.context import layout_for
    from ondas.orchestrator.loop import IntegrityCheck, finish_wave
    from ondas.state.execution import create_execution
    from ondas.state.store import Store

    project = prepared
    with Store.open(project / ".ondas", create=True, schema=default_schema()) as store:
        execution = create_execution(store, project_path=project, description="late")
        artifact = layout_for(execution).artifact_files()[0]
        write(project, artifact, "first\n")
        git(project, "add", artifact)
        git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
        check = IntegrityCheck()
        wave_id, changed = wave_of_work(store, project, "work.txt")
        write(project, artifact, "rewritten after the snapshot\n")  # not listed by it
        log = counting_git(tmp_path, monkeypatch)
        finish_wave(store, project, "t", f"ondas {wave_id}: late", changed, wave_id, check)
        check.close()
    assert "status" in subcommands(log)  # the snapshot no longer holds for the artifact
    shown = git(project, "show", "--name-only", "--format=", "HEAD").split()
    assert artifact in shown and "work.txt" in shown
    assert git(project, "status", "--porcelain", "--", artifact) == ""
