"""Helpers shared by the command modules: output, error mapping, store opening."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer

from ondas.errors import OndasError, UsageError
from ondas.state.store import Store

T = TypeVar("T")

StateDirOption = typer.Option(
    None,
    "--state-dir",
    help="Directory holding state.db (default: ./.ondas).",
    envvar="ONDAS_STATE_DIR",
)
JsonOption = typer.Option(False, "--json", help="Machine-readable JSON output.")


def state_dir_or_default(state_dir: Path | None) -> Path:
    """Return the state directory, defaulting to ``./.ondas``."""
    return state_dir if state_dir is not None else Path.cwd() / ".ondas"


def open_store(state_dir: Path | None, *, create: bool = False, readonly: bool = False) -> Store:
    """Open the store in ``--state-dir`` (default ``./.ondas``), errors mapped to exit codes.

    Creating a store where none exists sets aside the chain anchors of a deleted one.
    """
    target = state_dir_or_default(state_dir)
    if create:
        from ondas.state.anchors import retire_if_new

        call(lambda: retire_if_new(target))
    return call(lambda: Store.open(target, create=create, readonly=readonly))


def fail(err: OndasError) -> NoReturn:
    """Print one line on stderr and exit with the error's code."""
    message = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    print(f"ondas: {message}", file=sys.stderr)
    raise typer.Exit(err.exit_code)


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
