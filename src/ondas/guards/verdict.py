"""The result every guard returns: allow, or block naming the rule, its category and the segment.

A refusal's ``category`` tells a rule from a guess: ``policy`` for the specification's rules
(network only to the whitelist, no push or publish, no package managers outside a venv or
container, no privilege escalation, no change to or run on a remote), ``unknown`` for what the
guard cannot see through (a program or a CLI's verb it does not know, a payload or verb
computed at run time, a parse error), ``control`` for
signals to the processes that hold the agent (claude, ondas's servers, the hook forwarders)
and ``dangerous`` for the rest, commands judged to destroy or escape.
"""

from __future__ import annotations

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

_FIELDS = ("allowed", "rule", "segment", "reason", "category")

POLICY = "policy"
DANGEROUS = "dangerous"
UNKNOWN = "unknown"
CONTROL = "control"


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


POLICY_RULES = _names(
    "network-not-whitelisted ls-remote privilege-escalation package-install nix-env git-push "
    "publish docker-push network-unknown-target remote-mutation network-proxy network-listen"
)
"""Rules that are the specification's policy rather than a judgement of harm."""

UNKNOWN_RULES = _names(
    "unknown-program dynamic-command parse-error nesting-too-deep too-long rm-unknown-target "
    "write-unknown-target undecidable-payload bad-input interactive-shell"
)
"""Rules that refuse because the guard cannot tell what would run or where it would write."""


CONTROL_RULES = _names(
    "signal-control kill-all write-claude-config nested-agent state-read run-token"
)
"""Rules that keep the agent's hands off what holds it: the processes (claude, ondas's servers,
the hook forwarders: every process, a process group, a lookup of a control process),
Claude Code's own config directory (its settings, hooks and sessions), a second agent
session started without the run's settings, and the run's own tokens."""


def category_of(rule: str) -> str:
    """The category of a refusal by ``rule``: policy, unknown, control or dangerous."""
    if rule in CONTROL_RULES:
        return CONTROL
    if rule in POLICY_RULES:
        return POLICY
    if rule in UNKNOWN_RULES:
        return UNKNOWN
    return DANGEROUS


class Verdict:
    """Allow or block; a block names its ``rule``, the offending ``segment`` and a ``reason``.

    Immutable. A plain class rather than a dataclass: ``dataclasses`` imports ``inspect``,
    which the PreToolUse hook (a new process per tool call) should not pay for.
    """

    __slots__ = _FIELDS
    allowed: bool
    rule: str | None
    segment: str | None
    reason: str | None
    category: str | None

    def __init__(
        self,
        allowed: bool,
        rule: str | None = None,
        segment: str | None = None,
        reason: str | None = None,
        category: str | None = None,
    ) -> None:
        if category is None and not allowed:
            category = category_of(rule or "")
        values = (allowed, rule, segment, reason, category)
        for name, value in zip(_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Verdict is immutable; cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={v!r}" for n, v in zip(_FIELDS, self._values(), strict=True))
        return f"Verdict({inner})"

    def _values(self) -> tuple[bool, str | None, str | None, str | None, str | None]:
        return (self.allowed, self.rule, self.segment, self.reason, self.category)

    @classmethod
    def allow(cls) -> Verdict:
        """The verdict of a guard that found nothing to refuse."""
        return ALLOW

    @classmethod
    def block(
        cls, rule: str, segment: str | None, reason: str, category: str | None = None
    ) -> Verdict:
        """A refusal naming its rule, the offending segment and a reason the caller can show;
        ``category`` defaults to the rule's (:func:`category_of`)."""
        return cls(False, rule, segment, reason, category)

    @property
    def blocked(self) -> bool:
        """True when the verdict refuses."""
        return not self.allowed

    def message(self) -> str:
        """One line for humans and models: ``[rule] category: reason: segment``."""
        if self.allowed:
            return "allowed"
        where = f": {self.segment}" if self.segment else ""
        return f"[{self.rule}] {self.category}: {self.reason}{where}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``allowed``, ``rule``, ``segment``, ``reason``, ``category``."""
        return dict(zip(_FIELDS, self._values(), strict=True))


ALLOW = Verdict(True)


def first_block(verdicts: Iterable[Verdict]) -> Verdict:
    """Compose veto-style: the first refusal wins, otherwise allow."""
    for verdict in verdicts:
        if not verdict.allowed:
            return verdict
    return ALLOW


def veto(*checks: Callable[[], Verdict]) -> Verdict:
    """Run ``checks`` lazily in order and stop at the first refusal."""
    return first_block(check() for check in checks)
