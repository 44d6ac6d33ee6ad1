"""JSON files of other tools that ondas merges into (``.claude/settings.json``, ``.mcp.json``).

Read as one JSON object (absent = empty; malformed = a usage error naming the file), and
replaced atomically after the old file is copied to ``<name>.bak.<UTC stamp>``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ondas.errors import UsageError


def read_object(path: Path) -> dict[str, Any]:
    """The file as a dict (empty when absent); a malformed file is a usage error."""
    from ondas.pathpolicy import read_text

    try:
        value = json.loads(read_text(path, what="JSON file") or "{}")
    except FileNotFoundError:
        return {}
    except ValueError as exc:
        raise UsageError(f"{path} is not valid JSON ({exc}); fix or move it first") from exc
    if not isinstance(value, dict):
        raise UsageError(f"{path} must hold a JSON object")
    return value


def replace_with_backup(path: Path, data: bytes) -> str | None:
    """Write ``data`` to ``path`` atomically; an existing file is backed up first (its path)."""
    from ondas.pathpolicy import check_writable, read_bytes
    from ondas.state.atomic import atomic_write

    check_writable(path)
    backup = None
    if path.exists():
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
        backup_path = path.with_name(f"{path.name}.bak.{stamp}")
        atomic_write(backup_path, read_bytes(path))
        backup = str(backup_path)
    atomic_write(path, data)
    return backup
