"""Package tools' own download and build caches in the home, deleted by path (round 19, npol19).

``pip cache purge``, ``go clean -cache``/``-modcache``, ``npm cache clean --force``, ``yarn
cache clean``, ``pre-commit clean``, ``uv cache clean``, ``poetry cache clear`` and ``composer
clear-cache`` pass in every mode: each deletes its tool's cache, which the tool fills again
from the registry or the sources it came from. ``rm -rf ~/.cache/pip`` deletes the same
directory and was refused (``rm-outside-project``) in every mode. :data:`HOME_CACHES` names
those directories at their default places (Linux and macOS), and Gradle's and Cargo's caches,
which their manuals say may be deleted (CI recipes delete ``~/.gradle/caches/modules-2/
modules-2.lock`` before caching). A deletion at or under one of them is a deletion in a cache
area. Deletions only: a write there may plant what the tool runs later (pre-commit's hook
environments, pip's wheels) and stays refused; the shared roots (``~/.cache`` itself, where
tools also keep environments and tokens, ``~/.npm``, ``~/.cargo``) stay refused too. Imported
only for a deletion in the home that is about to be refused.
"""

from __future__ import annotations

import posixpath

from ondas.guards.paths import lexical_inside, relative_below

HOME_CACHES = (
    ".cache/pip",
    "Library/Caches/pip",
    ".cache/go-build",
    "Library/Caches/go-build",
    "go/pkg/mod",
    ".npm/_cacache",
    ".cache/yarn",
    "Library/Caches/Yarn",
    ".cache/pre-commit",
    ".cache/uv",
    ".cache/pypoetry/cache",
    ".cache/pypoetry/artifacts",
    "Library/Caches/pypoetry/cache",
    "Library/Caches/pypoetry/artifacts",
    ".cache/composer",
    ".composer/cache",
    ".gradle/caches",
    ".cargo/registry/cache",
    ".cargo/registry/index",
    ".cargo/registry/src",
    ".cargo/git/db",
    ".cargo/git/checkouts",
)
"""Under the home: each tool's own cache, which its clean verb (or, for Gradle and Cargo, its
manual) deletes whole; the tool fetches or builds it again."""
_BELOW_CACHES = tuple(cache + "/" for cache in HOME_CACHES)


def home_cache(value: str, home: str, cwd: str | None) -> bool:
    """Whether the deletion target ``value`` (as the guard reads it: ``~`` for the home, relative
    to ``cwd``) is one of :data:`HOME_CACHES` or lies in one, after ``..`` is resolved
    (``~/.cache/pip/../../.ssh`` is the home's ``.ssh``). A pattern is read as written, so one
    that may name another directory (``~/.cache/p*``) is none of them."""
    path = home + value[1:] if value == "~" or value.startswith("~/") else value
    if not path.startswith("/"):
        if cwd is None:
            return False
        path = posixpath.join(cwd, path)
    path = posixpath.normpath(path)
    home = posixpath.normpath(home)
    if not lexical_inside(path, home):
        return False
    rel = relative_below(path, home) if path != home else "."
    return rel in HOME_CACHES or rel.startswith(_BELOW_CACHES)
