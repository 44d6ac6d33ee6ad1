"""Several features of one project, each with its own worktree, branch, state and lock.

Real ``ondas`` processes, real git (a local bare ``origin``) and a stub ``gh`` on PATH that
records its arguments.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from ondas.agents import sample
from tests.orchestrator.conftest import SAMPLE, rows

ANSWER = "a JSON file in the working directory"


def ondas(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ondas", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=600,
    )


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, capture_output=True, text=True, check=True
    ).stdout.strip()


def feature(project: Path, name: str, *extra: str, env: dict[str, str] | None = None) -> str:
    out = ondas(
        "run",
        str(project),
        "--feature",
        name,
        "--description",
        SAMPLE,
        "--backend",
        "scripted",
        "--tier",
        "local",
        *extra,
        env=env,
    )
    return f"{out.returncode}\n{out.stderr}"


def repo_with_origin(tmp_path: Path) -> tuple[Path, Path]:
    """A project with one commit on ``main`` and a bare ``origin`` that has it."""
    bare = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(bare))
    project = tmp_path / "proj"
    project.mkdir()
    git(project, "init", "-q", "-b", "main")
    (project / "README").write_text("proj\n")
    git(project, "add", "README")
    git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    git(project, "remote", "add", "origin", str(bare))
    git(project, "push", "-q", "origin", "main")
    return project, bare


def stub_gh(tmp_path: Path) -> tuple[dict[str, str], Path]:
    """A ``gh`` that records its arguments and prints a PR URL."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    record = tmp_path / "gh-calls.jsonl"
    script = bindir / "gh"
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        f"open({str(record)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        "print('https://example.invalid/pr/1')\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return {"PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}, record


def test_two_features_of_one_project_are_resumed_by_short_name(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    assert feature(project, "alpha", "--max-waves", "2").startswith("0\n")
    assert feature(project, "beta", "--max-waves", "4").startswith("5\n")  # clarify asks

    status = json.loads(ondas("status", str(project), "--json").stdout)
    assert status["execution"] is None
    listed = {f["short"]: f for f in status["features"]}
    assert listed["alpha"]["status"] == "in_progress" and listed["alpha"]["waves"] == 2
    assert listed["beta"]["status"] == "awaiting_human" and listed["beta"]["pending"]
    assert listed["alpha"]["branch"] == "ondas/alpha"

    # Each feature: its own store (and lock), spec dir and branch.
    for name in ("alpha", "beta"):
        tree = project / ".ondas" / "features" / name
        assert (tree / ".ondas" / "state.db").is_file()
        assert git(tree, "rev-parse", "--abbrev-ref", "HEAD") == f"ondas/{name}"
        (ex,) = rows(tree, "SELECT project_name FROM executions")
        assert ex["project_name"] == name

    out = ondas("resume", "beta", "--answer", ANSWER, cwd=project)
    assert out.returncode == 0, out.stderr[-2000:]
    out = ondas("resume", "alpha", cwd=project)
    assert out.returncode == 5, out.stderr[-2000:]
    out = ondas("resume", "--feature", "alpha", "--answer", ANSWER, str(project))
    assert out.returncode == 0, out.stderr[-2000:]

    one = json.loads(ondas("status", str(project), "--feature", "alpha", "--json").stdout)
    assert one["execution"]["status"] == "completed"
    assert (project / ".ondas" / "features" / "alpha" / "docs/specs/alpha/review.md").is_file()
    assert (project / ".ondas" / "features" / "beta" / "docs/specs/beta/review.md").is_file()
    report = (project / ".ondas" / "features" / "alpha" / ".ondas" / "report.md").read_text()
    assert "completed" in report
    text = ondas("status", str(project)).stdout
    assert "feature alpha: completed" in text and "feature beta: completed" in text
    index = (project / ".ondas" / "features.md").read_text()
    assert "| alpha | `ondas/alpha` | completed |" in index
    assert "| beta | `ondas/beta` | completed |" in index

    unknown = ondas("resume", "--feature", "gamma", str(project))
    assert unknown.returncode == 6 and "alpha, beta" in unknown.stderr
    bad = ondas("run", str(project), "--feature", "Bad/Name", "--description", SAMPLE)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_a_feature_commits_each_wave_on_its_branch_pushes_it_and_opens_a_pr_with_gh(
    tmp_path: Path,
) -> None:
    project, bare = repo_with_origin(tmp_path)
    env, record = stub_gh(tmp_path)
    main_before = git(project, "rev-parse", "main")
    assert feature(project, "notes", "--auto-answer", env=env).startswith("0\n")

    tree = project / ".ondas" / "features" / "notes"
    waves = rows(tree, "SELECT id, start_stage FROM waves ORDER BY number")
    commits = git(project, "log", "--reverse", "--format=%s", "main..ondas/notes").splitlines()
    # One commit per wave (stage) and one per task, the tasks' before their wave's.
    task_ids = [t for t, _ in sample.TASKS]
    expected = []
    for wave in waves:
        if wave["start_stage"] == "execute-task":
            expected += [f"ondas task {t}: " for t in task_ids]
        expected.append(f"ondas {wave['id']}: {wave['start_stage']} ")
    expected.append("ondas: report of exec-001 (completed)")  # the final report, committed
    assert len(commits) == len(expected) == 11 + 3 + 1
    for prefix, subject in zip(expected, commits, strict=True):
        assert subject.startswith(prefix)
    task_commit = git(
        project, "log", "-1", "--format=%H", "--grep=^ondas task 1.1: ", "ondas/notes"
    )
    files = git(project, "show", "--name-only", "--format=", task_commit).split()
    assert "notes/store.py" in files and "tests/test_store.py" in files
    trailers = git(project, "log", "--format=%(trailers:key=Ondas-Chain-Head)", "main..ondas/notes")
    assert trailers.count("Ondas-Chain-Head") == len(commits)
    # The default branch is untouched, locally and on origin.
    assert git(project, "rev-parse", "main") == main_before
    assert git(bare, "rev-parse", "main") == main_before
    # The branch was pushed as it is.
    assert git(bare, "rev-parse", "ondas/notes") == git(project, "rev-parse", "ondas/notes")

    (call,) = [json.loads(x) for x in record.read_text().splitlines()]
    assert call[:2] == ["pr", "create"]
    args = dict(zip(call[2::2], call[3::2], strict=False))
    assert args["--head"] == "ondas/notes" and args["--base"] == "main"
    body = Path(args["--body-file"]).read_text()
    assert body.startswith("#") and "completed" in body
    status = json.loads(ondas("status", str(project), "--feature", "notes", "--json").stdout)
    assert status["publish"]["status"] == "pr_opened"
    assert status["publish"]["pr"] == "https://example.invalid/pr/1"
    events = rows(tree, "SELECT type FROM events WHERE type = 'published'")
    assert len(events) == 1


def test_a_failed_push_stops_for_a_person_with_gits_error_and_resume_retries_it(
    tmp_path: Path,
) -> None:
    project, bare = repo_with_origin(tmp_path)
    git(project, "remote", "set-url", "origin", str(tmp_path / "missing.git"))
    out = feature(project, "notes", "--auto-answer")
    assert out.startswith("5\n"), out
    assert "does not appear to be a git repository" in out or "missing.git" in out
    tree = project / ".ondas" / "features" / "notes"
    local_head = git(project, "rev-parse", "ondas/notes")
    # 11 waves, 3 tasks and the final report's commit.
    assert len(git(project, "log", "--format=%H", "main..ondas/notes").splitlines()) == 15
    (event,) = rows(tree, "SELECT description FROM events WHERE type = 'push_failed'")
    assert "missing.git" in str(event["description"])
    status = json.loads(ondas("status", str(project), "--feature", "notes", "--json").stdout)
    assert status["publish"]["status"] == "push_failed"

    # Without gh on PATH the pull request is prepared, not opened.
    git(project, "remote", "set-url", "origin", str(bare))
    dirs = os.environ["PATH"].split(os.pathsep)
    env = {"PATH": os.pathsep.join(d for d in dirs if d and not (Path(d) / "gh").exists())}
    retry = ondas("resume", "notes", cwd=project, env=env)
    assert retry.returncode == 0, retry.stderr[-2000:]
    assert git(bare, "rev-parse", "ondas/notes") == local_head
    assert "gh pr create --head ondas/notes --base main" in retry.stderr
    assert (tree / ".ondas" / "pr.md").is_file()


def test_a_relative_origin_is_pushed_from_the_worktree_and_the_pr_targets_the_remote_default(
    tmp_path: Path,
) -> None:
    bare = tmp_path / "origin.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "master", str(bare))
    project = tmp_path / "proj"
    project.mkdir()
    git(project, "init", "-q", "-b", "master")
    (project / "README").write_text("proj\n")
    git(project, "add", "README")
    git(project, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    git(project, "remote", "add", "origin", "../origin.git")  # relative, as a person types it
    git(project, "push", "-q", "origin", "master")  # refs/remotes/origin/HEAD stays unset
    env, record = stub_gh(tmp_path)
    assert feature(project, "notes", "--auto-answer", env=env).startswith("0\n")
    assert git(bare, "rev-parse", "ondas/notes") == git(project, "rev-parse", "ondas/notes")
    (call,) = [json.loads(x) for x in record.read_text().splitlines()]
    args = dict(zip(call[2::2], call[3::2], strict=False))
    assert args["--base"] == "master", "the base is the branch the remote names, not 'main'"
    status = json.loads(ondas("status", str(project), "--feature", "notes", "--json").stdout)
    assert status["publish"]["remote"] == str(bare.resolve())
    assert status["publish"]["base_source"] == f"the remote's HEAD ({bare.resolve()})"


def test_a_remote_that_names_no_default_branch_is_said_so(tmp_path: Path) -> None:
    from ondas.runtime.gitops import default_branch, resolve_url

    base, why = default_branch(tmp_path, str(tmp_path / "missing.git"))
    assert base is None and why.startswith("could not read the default branch of ")
    assert resolve_url("../o.git", tmp_path / "p") == str((tmp_path / "o.git").resolve())
    for url in ("https://h/x.git", "git@h:x.git", "/abs/x.git"):
        assert resolve_url(url, tmp_path) == url
