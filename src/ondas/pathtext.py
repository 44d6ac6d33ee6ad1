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
