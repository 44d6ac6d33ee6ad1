"""The vendored detect-secrets deny-lists match the installed library."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from ondas.guards.secret_patterns import PATTERNS

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gen_secret_patterns.py"


def test_vendored_patterns_match_the_installed_detect_secrets() -> None:
    pytest.importorskip("detect_secrets")
    spec = importlib.util.spec_from_file_location("gen_secret_patterns", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_secret_patterns"] = module
    spec.loader.exec_module(module)
    assert tuple(module.patterns()) == PATTERNS
