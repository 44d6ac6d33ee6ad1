"""The one exception tree of ondas, and the one place where exit codes are mapped.

Every error a caller can see derives from :class:`OndasError`. The CLI turns an error into
one line on stderr and the exit code carried by its class; the library never calls
``sys.exit`` itself.
"""

from __future__ import annotations


class OndasError(Exception):
    """Base of every ondas error; ``exit_code`` is what the CLI exits with."""

    exit_code: int = 1


class UsageError(OndasError):
    """The caller passed bad input (unknown field, malformed JSON, bad enum value)."""

    exit_code = 2


class RuleViolation(OndasError):
    """A runtime rule refused the operation; the message names the rule in brackets."""

    exit_code = 1

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        super().__init__(f"[{rule}] {message}")


class LockBusy(OndasError):
    """The execution lock is held by another holder."""

    exit_code = 3


class LimitAbort(OndasError):
    """An abort trigger fired: the execution must end gracefully."""

    exit_code = 3


class IntegrityError(OndasError):
    """The audit chain or the materialised tables were tampered with."""

    exit_code = 4


class AwaitingHuman(OndasError):
    """The execution waits for a human answer before it can go on."""

    exit_code = 5


class StateMissing(OndasError):
    """No state store exists where one was expected, or it cannot be read."""

    exit_code = 6


class InvalidState(OndasError):
    """The store breaks a schema invariant (enum, link, counter, id sequence)."""

    exit_code = 6


class StateUnwritable(OndasError):
    """A file ondas had to write could not be written; what was there before is kept."""

    exit_code = 6


class StoreBusy(OndasError):
    """SQLite stayed busy past every retry."""

    exit_code = 3


class SandboxUnavailable(OndasError):
    """The OS sandbox an unattended run needs cannot be enabled on this machine."""

    exit_code = 2


EXIT_OK = 0
"""Documented exit codes: 0 ok, 1 refused by a rule, 2 usage, 3 lock busy or limit abort,
4 integrity, 5 awaiting a human, 6 missing or invalid state."""
