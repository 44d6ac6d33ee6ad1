"""The store's integrity check at a wave's start, as both engines' wave lifecycles run it.

A failed check blocks the run (a human block with subject ``integrity``), lets the engine write
its report through the ``report`` it was handed, and raises :class:`~ondas.errors.IntegrityError`
(exit 4). The first check of a run starts from the newest verified anchor (the full verify when
there is none); later ones verify only the events appended since the last verified checkpoint
(:class:`ondas.state.incremental.Checkpoint`), so a wave's bookkeeping does not grow with the
length of the run, nor a resume's with the length of the log.
"""

from __future__ import annotations

from collections.abc import Callable

from ondas.audit import blocks as blocks_mod
from ondas.errors import IntegrityError
from ondas.state import verify as verify_mod
from ondas.state.execution import get_execution
from ondas.state.incremental import Checkpoint
from ondas.state.store import Store

Report = Callable[[Store, str], object]
"""``(store, backend_label)``: writes the engine's report after a failed check."""


def failed(
    store: Store, found: list[verify_mod.Finding], backend_label: str, report: Report
) -> None:
    """Block (unless the execution is over), write the report, raise :class:`IntegrityError`."""
    detail = "; ".join(str(f) for f in found[:5])
    if not get_execution(store).is_terminal:
        blocks_mod.register_block(
            store,
            question="The state store failed its integrity check (it was changed outside "
            "ondas). See what changed with 'ondas state verify', then rebuild it with "
            "'ondas state recover' and run 'ondas resume'.",
            context_for_answer=detail,
            subject_key="integrity",
        )
    report(store, backend_label)
    raise IntegrityError(
        f"state integrity check failed: {detail} (see 'ondas state verify'; rebuild with "
        "'ondas state recover')"
    )


def check(store: Store, *, backend_label: str, report: Report) -> None:
    """The full check: verify the chain, validate the invariants; on failure see :func:`failed`."""
    found = [*verify_mod.verify(store).findings, *verify_mod.validate(store).findings]
    if found:
        failed(store, found, backend_label, report)


class IntegrityCheck:
    """The check at each wave start, incremental after the first one of a run.

    ``ondas state verify`` always runs the full verify.
    """

    def __init__(self, report: Report) -> None:
        self.checkpoint = Checkpoint()
        self.report = report

    def run(self, store: Store, *, backend_label: str) -> None:
        """Check; on failure block, report, raise (as :func:`check`).

        The schema invariants (``validate``) are checked with each full verify: between two
        waves of one run only ondas writes through the log (every write validated), and a
        change behind its back to a row the log touched is what the incremental verify finds.
        """
        found = list(self.checkpoint.verify(store).findings)
        if self.checkpoint.was_full and not found:
            found = list(verify_mod.validate(store).findings)
        if found:
            self.checkpoint.close()
            failed(store, found, backend_label, self.report)

    def findings(self, store: Store) -> list[verify_mod.Finding]:
        """What the check finds now, without blocking: the wave-end report's integrity line.

        Incremental from the last checkpoint (the events the wave appended), so the next
        wave's check starts from here; a finding drops the checkpoint, and the next
        :meth:`run` is the full verify, which blocks.
        """
        return list(self.checkpoint.verify(store).findings)

    def close(self) -> None:
        """Release the checkpoint's shadow tables."""
        self.checkpoint.close()
