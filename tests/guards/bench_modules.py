"""The bench scripts under ``bench/`` loaded as modules, once per process, for tests that check
what they read (the scripts are not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_module(script: str, module_name: str) -> ModuleType:
    """``bench/<script>.py`` as the module ``module_name`` (reused when already loaded, so the
    bench's own ``import`` of it sees the same module)."""
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, BENCH / f"{script}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module
