"""gh issue/pr create, gh repo clone, git fetch and git ls-remote go through the URL whitelist."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ondas.guards.bash import check_command
from ondas.guards.git_remote import TOOLKIT_REPO_ENV, github_repo, remote_url

WHITELIST = ("pypi.org", "github.com/myorg/*")


def _repo(path: Path, origin: str) -> Path:
    path.mkdir()
    subprocess.run(["git", "init", "-q", str(path)], check=True)
    subprocess.run(["git", "-C", str(path), "remote", "add", "origin", origin], check=True)
    return path


def check(command: str, project: Path) -> str | None:
    verdict = check_command(command, project=project, home="/home/u", whitelist=WHITELIST)
    return None if verdict.allowed else verdict.rule


def test_git_fetch_and_ls_remote_of_a_named_remote_check_its_url(tmp_path: Path) -> None:
    inside = _repo(tmp_path / "inside", "https://github.com/myorg/app.git")
    outside = _repo(tmp_path / "outside", "git@evil.example.com:x/y.git")
    for command in ("git fetch", "git fetch origin", "git ls-remote origin", "git pull origin"):
        assert check(command, inside) is None, command
        assert check(command, outside) == "network-not-whitelisted", command
    assert check("git ls-remote https://evil.example.com/r.git", inside) == (
        "network-not-whitelisted"
    )
    assert check("git fetch ../local-mirror", outside) is None  # a path is no network call


def test_gh_issue_and_pr_create_check_the_target_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = _repo(tmp_path / "mine", "git@github.com:myorg/app.git")
    theirs = _repo(tmp_path / "theirs", "https://github.com/someone/else.git")
    assert check("gh issue create --title t --body b", mine) is None
    assert check("gh pr create --fill", mine) is None
    assert check("gh issue create --title t --body b", theirs) == "network-not-whitelisted"
    assert check("gh pr create -R someone/else --fill", mine) == "network-not-whitelisted"
    assert check("gh repo clone someone/else", mine) == "network-not-whitelisted"
    assert check("gh repo clone myorg/lib", mine) is None
    no_remote = tmp_path / "plain"
    no_remote.mkdir()
    # No origin to tell the repository: only a whitelist entry for all of github.com passes.
    assert check("gh issue create -t x -b y", no_remote) == "network-not-whitelisted"
    verdict = check_command(
        "gh issue create -t x -b y", project=no_remote, home="/h", whitelist=("github.com",)
    )
    assert verdict.allowed
    assert check('gh pr create --repo "$R"', mine) == "network-unknown-target"


def test_issue_creation_on_the_toolkits_own_repository_is_the_one_exception(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _repo(tmp_path / "p", "https://github.com/myorg/app.git")
    monkeypatch.setenv(TOOLKIT_REPO_ENV, "ondas-toolkit/ondas")
    assert check("gh issue create -R ondas-toolkit/ondas -t bug -b x", project) is None
    assert check("gh pr create -R ondas-toolkit/ondas --fill", project) == (
        "network-not-whitelisted"
    )
    monkeypatch.delenv(TOOLKIT_REPO_ENV)
    assert check("gh issue create -R ondas-toolkit/ondas -t bug -b x", project) == (
        "network-not-whitelisted"
    )


def test_remote_urls_are_read_from_the_config_as_text(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r", "git@github.com:MyOrg/App.git")
    (repo / "sub").mkdir()
    assert remote_url(str(repo / "sub"), "origin") == "git@github.com:MyOrg/App.git"
    assert remote_url(str(repo), "upstream") is None
    assert github_repo("git@github.com:MyOrg/App.git") == "myorg/app"
    assert github_repo("https://gitlab.com/a/b") is None


def test_open_shows_files_and_sends_urls_through_the_whitelist() -> None:
    env = {"project": Path("/work/project"), "home": Path("/home/agent"), "in_venv": True}
    wl = ("github.com",)
    assert check_command("open ./README.md", whitelist=wl, unattended=True, **env).allowed
    assert check_command("xdg-open https://github.com/o/r", whitelist=wl, **env).allowed
    verdict = check_command("open https://example.net/x", whitelist=wl, **env)
    assert verdict.rule == "network-not-whitelisted"
    assert check_command("open -a Terminal", whitelist=wl, unattended=True, **env).blocked
