"""Each store operation is spelled once, by its typed input's fields: they are the library
function's parameters, and the MCP tool's arguments and the internal CLI command's flags are
those fields (renamed only through ``inputs.SURFACE_NAMES``), so a field, argument, flag or
parameter renamed or added on one side fails here."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from ondas.audit import inputs
from ondas.cli.framework import App, Command, parameters, walk
from ondas.cli.main import build_app
from ondas.mcp import operations
from ondas.mcp.server import ServerConfig, build_server

CLI_ONLY = {"state_dir", "as_json"}
"""Flags every store command has that are not arguments of the operation."""


def _library_parameters(fn: Any) -> tuple[set[str], set[str]]:
    """(every parameter after the store, the required ones)."""
    params = list(inspect.signature(fn).parameters.values())[1:]
    names = {p.name for p in params if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)}
    required = {p.name for p in params if p.default is p.empty}
    return names, required


def _mcp_tools(tmp_path: Path) -> dict[str, set[str]]:
    server = build_server(ServerConfig(state_dir=tmp_path, token=None))
    tools = server._tool_manager.list_tools()
    return {t.name: set(t.parameters.get("properties", {})) for t in tools}


def _command(app: App, path: tuple[str, ...]) -> Command:
    for found, node in walk(app, hidden=True):
        if found == path and isinstance(node, Command):
            return node
    raise AssertionError(f"no CLI command {' '.join(path)}")


def _flag_names(command: Command) -> set[str]:
    names = set()
    for name, decl in parameters(command.fn):
        if name in CLI_ONLY:
            continue
        flag = next((d for d in decl.decls if d.startswith("--")), f"--{name}")
        names.add(flag[2:].split("/")[0].replace("-", "_"))
    return names


def _renamed(names: set[str]) -> set[str]:
    return {inputs.SURFACE_NAMES.get(n, n) for n in names}


def _input_fields(input_type: type[inputs.Input] | None) -> set[str]:
    return set() if input_type is None else set(input_type._record_fields)


def _spelling_problems(
    mcp: set[str], cli: set[str], input_type: type[inputs.Input] | None, library_fn: Any
) -> list[str]:
    fields = _input_fields(input_type)
    library, required = _library_parameters(library_fn)
    problems = []
    if _renamed(mcp) != fields:
        problems.append(
            f"MCP {sorted(_renamed(mcp) - fields)}, input {sorted(fields - _renamed(mcp))}"
        )
    if _renamed(cli) != fields:
        problems.append(
            f"CLI {sorted(_renamed(cli) - fields)}, input {sorted(fields - _renamed(cli))}"
        )
    if not fields <= library:
        problems.append(f"not library parameters: {sorted(fields - library)}")
    if not required <= fields:
        problems.append(f"required library parameters missing: {sorted(required - fields)}")
    return problems


@pytest.mark.parametrize("tool", list(operations.OPERATIONS))
def test_tool_flags_and_library_parameters_are_spelled_alike(tool: str, tmp_path: Path) -> None:
    op = operations.OPERATIONS[tool]
    mcp = _mcp_tools(tmp_path)[tool]
    cli = _flag_names(_command(build_app(), op.cli))
    problems = _spelling_problems(mcp, cli, op.input, op.library)
    assert problems == [], f"{tool} / ondas {' '.join(op.cli)}"


def test_every_store_tool_has_its_operation(tmp_path: Path) -> None:
    store_tools = set(_mcp_tools(tmp_path)) - {"collect_optins", "ask_operator"}
    assert store_tools == set(operations.OPERATIONS)
    for tool in operations.OPERATIONS:
        assert callable(getattr(operations, tool))


def test_a_drifted_spelling_is_caught(tmp_path: Path) -> None:
    op = operations.OPERATIONS["close_wave"]
    mcp = _mcp_tools(tmp_path)["close_wave"]
    cli = _flag_names(_command(build_app(), op.cli))
    assert _spelling_problems(mcp, cli, op.input, op.library) == []

    def end_wave(store: object, reason: str, *, advance: bool = False, next_at: str = "") -> None:
        """``next_scheduled_for`` renamed in the library only."""

    renamed = {  # ``next_scheduled_for`` renamed in the input only
        ("next_at" if name == "next_scheduled_for" else name): kind
        for name, kind in inputs.CloseWave.__annotations__.items()
    }
    drifted = type("CloseWave", (inputs.Input,), {"__annotations__": renamed}, frozen=True)

    assert _spelling_problems(mcp, cli, op.input, end_wave)
    assert _spelling_problems(mcp, cli, drifted, op.library)
    assert _spelling_problems(mcp | {"next_at"}, cli, op.input, op.library)
    assert _spelling_problems(mcp, cli - {"next_stage"}, op.input, op.library)


def test_every_store_operation_with_arguments_has_a_typed_input(tmp_path: Path) -> None:
    tools = _mcp_tools(tmp_path)
    for tool, op in operations.OPERATIONS.items():
        assert (op.input is None) == (not tools[tool]), tool
