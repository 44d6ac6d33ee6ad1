"""Paths as text, as :mod:`pathlib` would print them, for code that must not import it.

``pathlib`` costs a short ``ondas`` process about 3.5 ms of start-up (it loads
``urllib.parse`` and ``ipaddress``), a third of a bare interpreter's: ``ondas status`` and
``ondas state get`` handle their paths with :mod:`os.path` and this, and build ``Path``
objects only where a command needs them.
"""

from __future__ import annotations

import os


def path_text(path: str | os.PathLike[str]) -> str:
    """``str(Path(path))`` without pathlib: repeated ``/`` and ``.`` parts dropped, ``..`` kept.

    On POSIX; elsewhere pathlib itself answers.
    """
    text = os.fspath(path)
    if os.name != "posix":  # pragma: no cover - ondas runs on POSIX systems
        from pathlib import Path

        return str(Path(text))
    root = ""
    if text.startswith("/"):
        # POSIX keeps exactly two leading slashes (implementation-defined), pathlib too.
        root = "//" if text.startswith("//") and not text.startswith("///") else "/"
    parts = [part for part in text.split("/") if part and part != "."]
    return root + "/".join(parts) if root or parts else "."


def project_root(start: str) -> str:
    """The project ``start`` belongs to, found as git finds a repository's top.

    The nearest of ``start`` and its parents holding ``.ondas/`` or ``.git`` (a directory,
    or a worktree's file); ``start`` itself when there is none. ``ondas run`` from a
    subdirectory of a repository then works on the repository, not on a nested one.
    """
    here = os.path.realpath(start)
    while True:
        if os.path.isdir(os.path.join(here, ".ondas")) or os.path.exists(
            os.path.join(here, ".git")
        ):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return os.path.realpath(start)
        here = parent
