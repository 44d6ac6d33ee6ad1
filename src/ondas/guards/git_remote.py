"""Where ``git fetch origin`` or ``gh issue create`` would go: the URL of a named remote.

The bash guard checks network targets against the whitelist, but ``git fetch``/``pull``/
``ls-remote`` with a remote *name* (or none: ``origin``) and ``gh issue|pr create`` without
``--repo`` name no URL on the command line. The URL is read here from the repository's
``.git/config`` as text (git itself is never run: the guard must not execute anything a tree
an agent wrote configures). Pure apart from that one read; returns ``None`` when it cannot tell.
"""

from __future__ import annotations

import os

from ondas.guards.lazy_re import LazyPattern

_SECTION = LazyPattern(r'^\s*\[\s*remote\s+"([^"]+)"\s*\]\s*$')
_URL = LazyPattern(r"^\s*url\s*=\s*(.+?)\s*$")
_GITHUB = LazyPattern(
    r"(?i)^(?:https?://|ssh://git@|git@)?(github\.com)[/:]([^/\s]+)/([^/\s]+?)"
    r"(?:\.git)?/?$"
)
TOOLKIT_REPO_ENV = "ONDAS_TOOLKIT_REPO"
"""The toolkit's own repository (``owner/name``) where issue creation is allowed as specified;
read from the environment of the hook (set by the operator, never by the agent's command)."""


def _config_file(start: str) -> str | None:
    """The ``config`` of the repository containing ``start`` (a ``.git`` file is followed)."""
    here = os.path.abspath(start)
    while True:
        dot_git = os.path.join(here, ".git")
        if os.path.isdir(dot_git):
            return os.path.join(dot_git, "config")
        if os.path.isfile(dot_git):
            try:
                with open(dot_git, encoding="utf-8") as fh:
                    line = fh.readline().strip()
            except (OSError, UnicodeDecodeError):
                return None
            if line.startswith("gitdir:"):
                gitdir = os.path.join(here, line.split(":", 1)[1].strip())
                common = os.path.join(gitdir, "commondir")
                if os.path.isfile(common):
                    with open(common, encoding="utf-8") as fh:
                        gitdir = os.path.join(gitdir, fh.read().strip())
                return os.path.join(gitdir, "config")
            return None
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def remote_url(start: str | None, name: str) -> str | None:
    """The ``url`` of remote ``name`` in the repository at ``start``, or ``None``."""
    config = _config_file(start) if start else None
    if config is None:
        return None
    try:
        with open(config, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    current = None
    for line in lines:
        section = _SECTION.match(line)
        if section:
            current = section.group(1)
            continue
        if line.strip().startswith("["):
            current = None
            continue
        found = _URL.match(line)
        if found and current == name:
            return found.group(1).strip().strip('"')
    return None


def github_repo(url: str | None) -> str | None:
    """``owner/name`` of a github.com remote URL, or ``None``."""
    match = _GITHUB.match(url or "")
    return f"{match.group(2)}/{match.group(3)}".lower() if match else None


def toolkit_repo() -> str | None:
    """The toolkit's own repository as configured (``owner/name``, lower case), if any."""
    value = os.environ.get(TOOLKIT_REPO_ENV, "").strip().lower()
    return value or None
