"""The root Typer application; each concept registers its own sub-application here."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import traceback

import typer
from typer.main import get_command

from ondas import __version__
from ondas.errors import OndasError, translate


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="ondas",
        help=(
            "Hand a software project to AI coding agents: a deterministic, resumable, audited "
            "spec-driven pipeline run in waves.\n\n"
            "Exit codes: 0 ok, 1 refused by a rule, 2 usage or bad input, 3 lock busy or limit "
            "abort, 4 integrity failure (tampering), 5 awaiting a human, 6 missing or invalid "
            "state."
        ),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )


# (module, attribute, name) of each sub-application; order is the order in --help.
SUBAPPS: list[tuple[str, str, str]] = [
    ("ondas.cli.state_cmd", "app", "state"),
    ("ondas.cli.hooks_cmd", "app", "hooks"),
    ("ondas.cli.hooks_cmd", "hook_app", "hook"),
    ("ondas.cli.pipeline_cmd", "app", "pipeline"),
    ("ondas.cli.limits_cmd", "app", "limits"),
    ("ondas.cli.tier_cmd", "app", "tier"),
    ("ondas.cli.route_cmd", "app", "route"),
    ("ondas.cli.guard_cmd", "app", "guard"),
    ("ondas.cli.decision_cmd", "app", "decision"),
    ("ondas.cli.block_cmd", "app", "block"),
    ("ondas.cli.wave_cmd", "app", "wave"),
    ("ondas.cli.event_cmd", "app", "event"),
    ("ondas.cli.mode_cmd", "app", "mode"),
    ("ondas.cli.fleet_cmd", "app", "fleet"),
    ("ondas.cli.report_cmd", "app", "report"),
    ("ondas.cli.feedback_cmd", "app", "feedback"),
    ("ondas.cli.suggestions_cmd", "app", "suggestions"),
    ("ondas.cli.issue_cmd", "app", "issue"),
    ("ondas.cli.recall_cmd", "app", "recall"),
    ("ondas.cli.mcp_cmd", "app", "mcp"),
]

# (module, attribute) of modules that register top-level commands on ``app``.
COMMAND_MODULES: list[str] = ["ondas.cli.run_cmd", "ondas.cli.fleet_cmd"]


def _version(value: bool) -> None:
    if value:
        print(f"ondas {__version__}")
        raise typer.Exit(0)


def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    debug: bool = typer.Option(
        False, "--debug", help="Print the traceback of an unexpected error (or ONDAS_DEBUG=1)."
    ),
) -> None:
    """ondas command line."""


def build_app(only: str | None = None) -> typer.Typer:
    """The root application; with ``only``, just that sub-application is imported.

    Importing every command module costs far more than Python's own start-up, so a call such
    as ``ondas state get`` loads the ``state`` module alone.
    """
    root = _new_app()
    root.callback()(_root)
    seen: set[str] = set()
    for module_name, attr, name in SUBAPPS:
        if name in seen or (only is not None and name != only):
            continue
        seen.add(name)
        root.add_typer(getattr(importlib.import_module(module_name), attr), name=name)
    if only is None:
        for module_name in dict.fromkeys(COMMAND_MODULES):
            importlib.import_module(module_name).register(root)
    return root


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return build_app()
    raise AttributeError(name)


def _debug_requested(args: list[str]) -> tuple[bool, list[str]]:
    """``--debug`` before the command (or ``ONDAS_DEBUG=1``) shows tracebacks."""
    debug = os.environ.get("ONDAS_DEBUG", "").strip() not in ("", "0")
    rest = list(args)
    while rest and rest[0] == "--debug":
        debug = True
        rest.pop(0)
    return debug, rest


def _first_line(text: object) -> str:
    lines = str(text).strip().splitlines()
    return lines[0].strip() if lines else ""


def _one_line(err: OndasError) -> int:
    message = _first_line(err) or type(err).__name__
    print(f"ondas: {message}", file=sys.stderr)
    return err.exit_code


def run(args: list[str]) -> int:
    """Run the CLI with ``args`` and return the exit code (never raises SystemExit).

    This is the one error boundary: usage errors and every exception are reported as one
    line on stderr with their documented exit code (see :func:`ondas.errors.translate`);
    ``--debug`` or ``ONDAS_DEBUG=1`` also prints the traceback.
    """
    debug, args = _debug_requested(args)
    names = {name for _, _, name in SUBAPPS}
    only = args[0] if args and args[0] in names else None
    try:
        command = get_command(build_app(only))
        result = command.main(args=args, prog_name="ondas", standalone_mode=False)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        print("ondas: interrupted", file=sys.stderr)
        return 130
    except typer.TyperException as exc:
        message = _first_line(exc.format_message() if hasattr(exc, "format_message") else exc)
        if message:
            print(f"ondas: {message}", file=sys.stderr)
        return int(getattr(exc, "exit_code", 2))
    except SystemExit as exc:
        if exc.code is None:
            return 0
        if isinstance(exc.code, int):
            return exc.code
        print(exc.code, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("ondas: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of our output went away (``ondas ... | head``): nothing to report.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:  # the root boundary: nothing escapes as a traceback
        if debug:
            traceback.print_exc()
        return _one_line(translate(exc))
    return result if isinstance(result, int) and not isinstance(result, bool) else 0
