"""Helpers shared by the command modules: output, error mapping, store opening."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ondas.cli.framework import Argument, Option
from ondas.errors import OndasError, UsageError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NoReturn, TypeVar

    from ondas.state.store import Store

    T = TypeVar("T")


StateDirOption = Option(
    None,
    "--state-dir",
    help="Directory holding state.db (default: ./.ondas).",
    envvar="ONDAS_STATE_DIR",
    metavar="PATH",  # also where a command takes it as text (``state get``: no pathlib)
)
JsonOption = Option(False, "--json", help="Machine-readable JSON output.")
ProjectArg = Argument(
    None,
    help="Target project directory (default: the current one); like git, a subdirectory "
    "stands for the repository (or ondas project) it is in.",
)


def state_dir_or_default(state_dir: Path | None) -> Path:
    """Return the state directory, defaulting to ``./.ondas``."""
    from pathlib import Path

    return state_dir if state_dir is not None else Path.cwd() / ".ondas"


def open_store(
    state_dir: Path | str | None, *, create: bool = False, readonly: bool = False
) -> Store:
    """Open the store in ``--state-dir`` (default ``./.ondas``), errors mapped to exit codes.

    Creating a store where none exists sets aside the chain anchors of a deleted one.
    """
    from ondas.runtime.schema import default_schema
    from ondas.state.store import Store

    # Text: reading a store (``ondas state get``) imports no pathlib.
    target = state_dir if state_dir is not None else os.path.join(os.getcwd(), ".ondas")
    if create:
        from pathlib import Path

        from ondas.state.anchors import retire_if_new

        call(lambda: retire_if_new(Path(target)))
    return call(
        lambda: Store.open(target, create=create, readonly=readonly, schema=default_schema())
    )


def fail(err: OndasError) -> NoReturn:
    """End the command with ``err``: the root boundary prints it as one line and exits with
    its code (``--debug`` adds the traceback)."""
    raise err


def usage(message: str) -> NoReturn:
    """Fail with a usage error (exit 2)."""
    fail(UsageError(message))


@contextmanager
def errors_to_exit() -> Iterator[None]:
    """Translate library errors into the CLI's one-line message and exit code."""
    try:
        yield
    except OndasError as err:
        fail(err)


def call(fn: Callable[[], T]) -> T:
    """Call ``fn`` with library errors mapped to exit codes."""
    with errors_to_exit():
        return fn()
    raise AssertionError("unreachable")  # pragma: no cover


def parse_json(text: str, what: str) -> Any:
    """Parse a JSON command-line value or raise a usage error naming it."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} is not valid JSON: {exc.msg}") from exc


def emit_json(value: Any) -> None:
    """Print a JSON document on stdout."""
    print(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False, default=str))


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    """Print rows as plain aligned columns (no colours, no box), headers first."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    for row in [headers, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
