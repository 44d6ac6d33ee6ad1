"""Publishing a completed feature: push its branch to ``origin`` and open a pull request.

The branch ``ondas/<feature>`` is pushed with a plain ``git push`` (never ``--force``). With
``gh`` on PATH a pull request is opened whose body is the report's summary; without it the
body is written to ``.ondas/pr.md`` and the ``gh`` command to run is returned. A failed push
leaves every local commit where it is, is recorded (event ``push_failed`` with git's own
error) and stops the feature awaiting a person: ``ondas resume <feature>`` tries again.
The outcome is kept in ``.ondas/publish.json`` of the feature. A relative ``origin`` path is
resolved against the project; the pull request's base is the default branch the remote
names (``git ls-remote --symref``), and the outcome says so when the remote names none.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from ondas import git as rgit
from ondas.runtime.gitops import default_branch, origin_url
from ondas.state.export import atomic_write

PUBLISH_FILE = "publish.json"
PR_FILE = "pr.md"


def load(state_dir: Path) -> dict[str, Any]:
    """The last publishing outcome of a feature (empty before any)."""
    path = state_dir / PUBLISH_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(state_dir: Path, data: dict[str, Any]) -> None:
    atomic_write(state_dir / PUBLISH_FILE, json.dumps(data, indent=2, sort_keys=True).encode())


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(args), cwd=cwd, capture_output=True, text=True, check=False, timeout=300
    )


def summary(state_dir: Path, limit: int = 60) -> str:
    """The report's summary: its first lines, up to the second heading."""
    try:
        text = (state_dir / "report.md").read_text(encoding="utf-8")
    except OSError:
        return "ondas report not found"
    lines: list[str] = []
    headings = 0
    for line in text.splitlines():
        if line.startswith("## "):
            headings += 1
            if headings > 2:
                break
        lines.append(line)
        if len(lines) >= limit:
            break
    return "\n".join(lines).strip()


def publish(worktree: Path, branch: str, title: str) -> dict[str, Any]:
    """Push ``branch`` and open (or prepare) its pull request; return the recorded outcome."""
    sdir = worktree / ".ondas"
    data: dict[str, Any] = {"branch": branch}
    remote = origin_url(worktree)
    if remote is None:
        data.update(status="local", detail="no 'origin' remote: the commits stay local")
        _save(sdir, data)
        return data
    push = rgit.run(
        worktree, "push", remote, f"refs/heads/{branch}:refs/heads/{branch}", check=False
    )
    if push.returncode != 0:
        error = (push.stderr or push.stdout).strip()
        data.update(status="push_failed", remote=remote, error=error[-2000:])
        _save(sdir, data)
        return data
    data.update(status="pushed", remote=remote)
    base, found = default_branch(worktree, remote)
    data.update(base=base, base_source=found)
    body = summary(sdir)
    body_file = sdir / PR_FILE
    atomic_write(body_file, (body + "\n").encode())
    # Without a known base, gh targets the repository's default branch itself.
    command = ["gh", "pr", "create", "--head", branch, *(["--base", base] if base else [])]
    command += ["--title", title, "--body-file", str(body_file)]
    gh = shutil.which("gh")
    if gh is None:
        data.update(
            detail=f"gh is not on PATH: the pull request body is in {body_file}"
            + ("" if base else f"; {found}"),
            pr_command=_quote(command),
        )
    else:
        out = _run(worktree, gh, *command[1:])
        if out.returncode == 0:
            data.update(status="pr_opened", pr=out.stdout.strip().splitlines()[-1:] or [""])
            data["pr"] = data["pr"][0]
        else:
            data.update(pr_error=(out.stderr or out.stdout).strip()[-1000:])
            data.update(pr_command=_quote(command))
    _save(sdir, data)
    return data


def _quote(command: list[str]) -> str:
    import shlex

    return " ".join(shlex.quote(c) for c in command)


def record(worktree: Path, outcome: dict[str, Any]) -> None:
    """Record the outcome as an event of the feature's execution (push_failed or published)."""
    from ondas.audit import events as events_mod
    from ondas.orchestrator.settings import open_project_store

    store = open_project_store(worktree)
    try:
        kind = "push_failed" if outcome.get("status") == "push_failed" else "published"
        text = outcome.get("error") or outcome.get("pr") or outcome.get("detail") or kind
        events_mod.add_event(store, kind, str(text)[:200], data=outcome)
    finally:
        store.close()
