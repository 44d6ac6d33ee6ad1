"""The root Typer application; each concept registers its own sub-application here."""

from __future__ import annotations

import importlib

import typer
from typer.main import get_command

from ondas import __version__

app = typer.Typer(
    name="ondas",
    help=(
        "Hand a software project to AI coding agents: a deterministic, resumable, audited "
        "spec-driven pipeline run in waves.\n\n"
        "Exit codes: 0 ok, 1 refused by a rule, 2 usage or bad input, 3 lock busy or limit "
        "abort, 4 integrity failure (tampering), 5 awaiting a human, 6 missing or invalid state."
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
]

# (module, attribute) of modules that register top-level commands on ``app``.
COMMAND_MODULES: list[str] = []


def _version(value: bool) -> None:
    if value:
        print(f"ondas {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """ondas command line."""


def _register() -> None:
    for module_name, attr, name in SUBAPPS:
        module = importlib.import_module(module_name)
        app.add_typer(getattr(module, attr), name=name)
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(app)


_register()


def run(args: list[str]) -> int:
    """Run the CLI with ``args`` and return the exit code (never raises SystemExit)."""
    command = get_command(app)
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
