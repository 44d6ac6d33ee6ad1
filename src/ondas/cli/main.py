"""The root Typer application; each concept registers its own sub-application here."""

from __future__ import annotations

import importlib

import typer
from typer.main import get_command

from ondas import __version__


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


def run(args: list[str]) -> int:
    """Run the CLI with ``args`` and return the exit code (never raises SystemExit)."""
    names = {name for _, _, name in SUBAPPS}
    only = args[0] if args and args[0] in names else None
    command = get_command(build_app(only))
    try:
        command.main(args=args, prog_name="ondas", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code)
        return 1
    return 0
