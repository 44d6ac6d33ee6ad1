"""Helpers for the wave-dependent limits tests: waves run through the audit layer."""

from __future__ import annotations

from ondas.audit.waves import end_wave, start_wave
from ondas.state.store import Store


def run_wave(store: Store, *aspects: str) -> str:
    """Start a wave, touch ``aspects`` in it, and close it; return its id."""
    from ondas.limits import drift

    wave_id = start_wave(store)
    for aspect in aspects:
        drift.touch(store, aspect)
    end_wave(store, "threshold_proxy_reached")
    return wave_id
