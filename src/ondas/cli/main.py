"""The root of the command line: the command table, the one error boundary, ``run()``.

Groups are declared here by module name and imported only when the command line reaches
them, so ``ondas state get`` loads the state commands alone and ``ondas --help`` loads none.
"""

from __future__ import annotations

import contextlib
import os
import sys

from ondas import __version__
from ondas.cli.framework import App, Exit, dispatch, group_help
from ondas.errors import OndasError, UsageError

PITCH = (
    "Hand a software project to AI coding agents: a deterministic, resumable, audited "
    "spec-driven pipeline run in waves."
)
EXIT_CODES = (
    "exit codes: 0 ok, 1 refused by a rule, 2 usage or bad input, 3 lock busy or limit abort,\n"
    "4 integrity failure (tampering), 5 awaiting a human, 6 missing or invalid state."
)
ROOT_OPTIONS = (
    "options:\n"
    "  --version   print the version and exit\n"
    "  --debug     print the traceback of an unexpected error (or ONDAS_DEBUG=1)\n"
    "  -h, --help  show this help"
)

# (name, module, help) of the user-facing groups, in the order --help shows them.
GROUPS: list[tuple[str, str, str]] = [
    (
        "log",
        "ondas.cli.log_cmd",
        "Read-only views of the audit log: decisions, blocks, waves, refusals.",
    ),
    ("mode", "ondas.cli.mode_cmd", "Claude Code permission regimes behind a forward-only ratchet."),
    (
        "hooks",
        "ondas.cli.hooks_cmd",
        "Install the guard hooks into a project's Claude Code settings; check or remove them.",
    ),
    (
        "guard",
        "ondas.cli.guard_cmd",
        "Check commands, paths, URL whitelists and text for secrets, as the hooks do.",
    ),
    ("tier", "ondas.cli.tier_cmd", "The delivery tier and its quality gate."),
    (
        "state",
        "ondas.cli.state_cmd",
        "The durable store: verify, validate, export, import, recover, history.",
    ),
    ("report", "ondas.cli.report_cmd", "The run report: rebuild report.md and report.html."),
    ("feedback", "ondas.cli.feedback_cmd", "Import the verdicts copied from report.html."),
    ("suggestions", "ondas.cli.suggestions_cmd", "Suggestions about ondas' skills and prompts."),
    ("issue", "ondas.cli.issue_cmd", "Issue drafts: write a redacted draft, publish it with gh."),
    ("recall", "ondas.cli.recall_cmd", "The knowledge DB: what earlier runs decided and learned."),
    ("mcp", "ondas.cli.mcp_cmd", "The MCP server of a run's state operations: serve, install."),
    ("fleet", "ondas.cli.fleet_cmd", "Submissions and workers of a shared fleet: status, answer."),
]

LOG_VIEWS = ("decisions", "blocks", "waves", "refusals")

# (old name, module, function) of renamed commands, still answering but not shown: 'logs'
# read both as the audit views and a detached run's output; 'output' is the second now.
RENAMED: list[tuple[str, str, str]] = [("logs", "ondas.cli.run_cmd", "output_command")]

# (name, module, function) of the top-level commands, in the order --help shows them; each
# module is imported only when its command runs (``ondas status`` loads no fleet code).
COMMANDS: list[tuple[str, str, str]] = [
    ("run", "ondas.cli.run_cmd", "run_command"),
    ("resume", "ondas.cli.run_cmd", "resume_command"),
    ("abort", "ondas.cli.run_cmd", "abort_command"),
    ("status", "ondas.cli.status_cmd", "status_command"),
    ("demo", "ondas.cli.run_cmd", "demo_command"),
    ("doctor", "ondas.cli.doctor_cmd", "doctor_command"),
    ("output", "ondas.cli.run_cmd", "output_command"),
    ("sovai", "ondas.cli.sovai_cmd", "sovai_command"),
    ("submit", "ondas.cli.fleet_cmd", "submit_command"),
    ("worker", "ondas.cli.fleet_cmd", "worker_command"),
    ("panel", "ondas.cli.panel_cmd", "panel_command"),
]

# (name, module, attribute, help) of the plumbing groups: under ``ondas internal``, and still
# answering at their old top-level names (hidden) so scripts and installed hooks keep working.
INTERNAL: list[tuple[str, str, str, str]] = [
    ("hook", "ondas.cli.hooks_cmd", "hook_app", "Claude Code hook entry points (stdin JSON)."),
    ("pipeline", "ondas.cli.pipeline_cmd", "app", "Stage order, validators and templates."),
    ("limits", "ondas.cli.limits_cmd", "app", "Abort triggers and budget proxies."),
    ("route", "ondas.cli.route_cmd", "app", "Model routing for the next wave."),
    ("decision", "ondas.cli.decision_cmd", "app", "Record and list decisions."),
    ("block", "ondas.cli.block_cmd", "app", "Register and answer human blocks."),
    ("wave", "ondas.cli.wave_cmd", "app", "Open, tick, record and close waves."),
    ("event", "ondas.cli.event_cmd", "app", "Add, list and observe audit events."),
]


def build_app() -> App:
    """The root group; no command module is imported until the command line needs it."""
    root = App(help=PITCH, epilog=f"{ROOT_OPTIONS}\n\n{EXIT_CODES}")
    for name, module, attr in COMMANDS:
        root.add_lazy_command(name, module, attr)
    for name, module, attr in RENAMED:
        root.add_lazy_command(name, module, attr, hidden=True)
    for name, module, help_text in GROUPS:
        root.add_lazy(name, module, "app", help_text)
    internal = App(
        help="Plumbing called by hooks, the orchestrator and tests (same behaviour as the "
        "documented commands build on; not a stable interface).",
        hidden=True,
    )
    for name, module, attr, help_text in INTERNAL:
        internal.add_lazy(name, module, attr, help_text)
        root.add_lazy(name, module, attr, help_text, hidden=True)
    root.add_group(internal, "internal")
    return root


def __getattr__(name: str) -> App:
    if name == "app":
        return build_app()
    raise AttributeError(name)


def _root_options(args: list[str]) -> tuple[bool, list[str]]:
    """Strip the root options (``--debug``, ``--version``) before the command."""
    debug = os.environ.get("ONDAS_DEBUG", "").strip() not in ("", "0")
    rest = list(args)
    while rest and rest[0] in ("--debug", "--version"):
        if rest[0] == "--version":
            print(f"ondas {__version__}")
            raise Exit(0)
        debug = True
        rest.pop(0)
    return debug, rest


def _one_line(err: OndasError) -> int:
    lines = str(err).strip().splitlines()
    message = lines[0].strip() if lines else type(err).__name__
    print(f"ondas: {message}", file=sys.stderr)
    return err.exit_code


def run(args: list[str]) -> int:
    """Run the command line ``args`` and return the exit code (never raises SystemExit).

    This is the one error boundary: a usage error or any exception is one line on stderr
    with its documented exit code (see :func:`ondas.errors.translate`); ``--debug`` before
    the command, or ``ONDAS_DEBUG=1``, also prints the traceback.
    """
    debug = os.environ.get("ONDAS_DEBUG", "").strip() not in ("", "0")
    try:
        debug, rest = _root_options(args)
        if not rest:
            print(group_help("ondas", build_app()))
            return 0
        if rest[0] == "logs" and len(rest) > 1 and rest[1] in LOG_VIEWS:
            rest[0] = "log"  # the old alias of 'log'; bare 'logs' is the old name of 'output'
        return dispatch(build_app(), rest)
    except Exit as done:
        return done.code
    except KeyboardInterrupt:
        print("ondas: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader of our output went away (``ondas ... | head``): nothing to report.
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return int(exc.code or 0)
        print(f"ondas: {exc.code}", file=sys.stderr)
        return 1
    except Exception as exc:  # the root boundary: nothing escapes as a traceback
        if debug and not isinstance(exc, UsageError):
            import traceback

            traceback.print_exc()
        from ondas.errors import translate

        return _one_line(translate(exc))
