"""``ondas panel``: the local web panel of runs (imports nothing heavy until it serves)."""

from __future__ import annotations

from pathlib import Path

from ondas.cli._common import errors_to_exit
from ondas.cli.framework import Argument, Option


def panel_command(
    projects: list[Path] = Argument(
        None, help="Projects to show (besides those registered by earlier runs)."
    ),
    port: int = Option(8700, "--port", min=0, max=65535, help="Port to listen on (0: any free)."),
    host: str = Option(
        "127.0.0.1",
        "--host",
        help="Address to listen on; a non-loopback address also needs --allow-remote.",
    ),
    allow_remote: bool = Option(
        False,
        "--allow-remote",
        help="Accept a non-loopback --host (prints a warning: other machines can connect).",
    ),
    allow_answers: bool = Option(
        False,
        "--allow-answers",
        help="Let the panel answer pending blocks (read-only without it).",
    ),
    only: bool = Option(
        False, "--only", help="Show only the projects named, not the registered ones."
    ),
) -> None:
    """Serve a web panel of executions, waves, decisions and blocks until Ctrl-C.

    Prints a link holding a random access token: every request needs it, and a write (an
    answer, with --allow-answers) also needs the page's CSRF value. Stores are opened
    read-only; a run is never blocked. Exit codes: 2 bad input (a project without ondas
    state, a taken port, a non-loopback --host without --allow-remote, the panel extra
    missing).
    """
    from ondas.panel.server import ServeOptions, serve

    with errors_to_exit():
        serve(
            ServeOptions(
                projects=list(projects or []),
                host=host,
                port=port,
                allow_answers=allow_answers,
                allow_remote=allow_remote,
                include_registered=not only,
            )
        )
