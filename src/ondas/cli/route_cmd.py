"""``ondas route``: model routing per wave."""

from __future__ import annotations

import sys
from pathlib import Path

from ondas.cli._common import JsonOption, StateDirOption, emit_json, state_dir_or_default
from ondas.cli.framework import App
from ondas.config import KEEP_CURRENT
from ondas.limits.routing import RouteChoice, wave_select
from ondas.runtime.schema import default_schema
from ondas.state.store import Store

app = App(help="Model routing: which model runs the next wave.", no_args_is_help=True)


@app.command("wave-select")
def wave_select_cmd(state_dir: Path = StateDirOption, as_json: bool = JsonOption) -> None:
    """Print haiku, sonnet, opus or keep-current for the open wave; recorded once per wave.

    Never fails: on any problem it prints keep-current (the reason goes to stderr), exit 0.
    """
    try:
        store = Store.open(state_dir_or_default(state_dir), schema=default_schema())
    except Exception as exc:
        choice = RouteChoice(KEEP_CURRENT, fallback_reason=f"{type(exc).__name__}: {exc}")
    else:
        with store:
            choice = wave_select(store)
    if choice.fallback_reason:
        print(f"ondas: route: {choice.fallback_reason}", file=sys.stderr)
    if as_json:
        emit_json(choice.to_dict())
    else:
        print(choice.model)
