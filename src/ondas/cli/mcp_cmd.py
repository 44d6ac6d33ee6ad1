"""``ondas mcp``: serve the run's state operations as MCP tools, install them for Claude Code."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ondas.cli._common import JsonOption, call, emit_json, usage
from ondas.cli.framework import App, Option

if TYPE_CHECKING:
    from ondas.audit.blocks import Block
    from ondas.state.store import Store

app = App(
    help=(
        "MCP server of the run's state operations (waves, decisions, tasks, skills, human "
        "blocks, operator questions), authorised by a per-execution capability token."
    ),
    no_args_is_help=True,
)

ProjectOption = Option(None, "--project", help="Target project (default: the current directory).")


def _project(project: Path | None) -> Path:
    target = (project or Path.cwd()).resolve()
    if not target.is_dir():
        usage(f"project {target} is not a directory")
    return target


@app.command("serve")
def serve_cmd(
    project: Path = ProjectOption,
    interactive: bool = Option(
        False,
        "--interactive",
        help="A person is at the client: put operator questions to them (MCP elicitation).",
    ),
    elicit_timeout: float = Option(
        300.0,
        "--elicit-timeout",
        min=0.0,
        help="Seconds to wait for the person's answer before leaving a human block.",
    ),
) -> None:
    """Serve the MCP tools over stdio; the token is read from ONDAS_MCP_TOKEN."""
    target = _project(project)
    from ondas.mcp.server import ServerConfig, serve

    serve(
        ServerConfig.from_env(
            target, interactive=interactive, elicit_timeout=elicit_timeout, answer=_answer
        )
    )


def _answer(store: Store, text: str, block_id: str) -> Block:
    """An operator's answer through the MCP client: the one answer call (actor ``mcp``)."""
    from ondas.app.answering import answer

    return answer(store, text, block_id, actor="mcp", project=store.state_dir.parent).block


@app.command("install")
def install_cmd(
    project: Path = ProjectOption,
    ondas_command: str = Option(
        None,
        "--ondas-command",
        help="How Claude Code starts ondas (default: this Python interpreter with -P -m ondas).",
    ),
    as_json: bool = JsonOption,
) -> None:
    """Write the ondas server into <project>/.mcp.json (backup first; idempotent)."""
    target = _project(project)
    from ondas.mcp.install import install

    result = call(lambda: install(target, launcher=ondas_command))
    if as_json:
        emit_json(result.to_dict())
    elif result.changed:
        backup = f" (backup: {result.backup})" if result.backup else ""
        print(f"installed the ondas MCP server in {result.path}{backup}")
    else:
        print(f"the ondas MCP server in {result.path} is already current")


@app.command("token")
def token_cmd(project: Path = ProjectOption) -> None:
    """Issue a capability token for the current execution and print it (never stored)."""
    target = _project(project)
    from ondas.cli._common import open_store
    from ondas.mcp.token import issue

    with open_store(target / ".ondas") as store:
        print(call(lambda: issue(store, "operator")))
