"""The machine-readable side of a bench script, the same in every script.

A script prints its human lines as before and calls :func:`record` for each figure. Run with
``--json``, the human lines go to stderr and, at exit, one JSON object goes to stdout:
``{"figures": {name: {"value": float, "unit": str}}}``. ``bench/compare_refs.py`` reads it.
"""

from __future__ import annotations

import atexit
import json
import sys
from typing import TextIO

_FIGURES: dict[str, dict[str, float | str]] = {}
JSON = "--json" in sys.argv[1:]


def record(name: str, value: float, unit: str) -> None:
    """Keep one figure (its name stable across runs and refs) for ``--json``."""
    _FIGURES[name] = {"value": float(value), "unit": unit}


def _dump(out: TextIO) -> None:
    json.dump({"figures": _FIGURES}, out)
    out.write("\n")
    out.flush()


if JSON:
    sys.argv.remove("--json")
    atexit.register(_dump, sys.stdout)
    sys.stdout = sys.stderr
