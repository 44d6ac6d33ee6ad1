"""The per-execution capability token of the MCP server.

A token is 32 random bytes (URL-safe text) made when an orchestrator starts driving an
execution. Only its sha256 is stored (table ``mcp_tokens``, written through the audit log);
the token itself lives in memory and in the environment of the processes that need it
(``ONDAS_MCP_TOKEN``), never in a file, an event, a report or an error message. A call to the
MCP server is accepted only with a live token of the execution the store currently acts on.

A token carries a **role**, stored with its hash (``issued_for``) and so bound to it on the
server's side: ``agent`` for the agent sessions of an unattended run (agent verbs only),
``operator`` for a person's own Claude Code session (``ondas mcp token``). Nothing the caller
sends or sets chooses the role; rows of the earlier ``orchestrator`` purpose (tokens handed to
agent sessions) count as ``agent``.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from ondas.audit._common import current_execution_id
from ondas.errors import RuleViolation, UsageError
from ondas.state.store import utcnow

# Not ``typing.TYPE_CHECKING``: importing this module imports no typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.state.interface import StateStore

ENV_VAR = "ONDAS_MCP_TOKEN"
TOKEN_BYTES = 32
AGENT = "agent"
OPERATOR = "operator"
PURPOSES = (AGENT, OPERATOR)


@dataclass(frozen=True)
class Grant:
    """What a live token allows: acting on ``execution_id`` in ``role``."""

    execution_id: str
    role: str


def role_of(issued_for: object) -> str:
    """The role a stored token row grants: ``operator`` only when issued for one."""
    return OPERATOR if issued_for == OPERATOR else AGENT


def token_hash(token: str) -> str:
    """The sha256 hex digest stored in place of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def issue(store: StateStore, purpose: str = AGENT, execution_id: str | None = None) -> str:
    """Make a token for the execution (default: the current one) and store its hash."""
    if purpose not in PURPOSES:
        raise UsageError(f"token purpose must be one of {', '.join(PURPOSES)}; got {purpose!r}")
    target = execution_id or current_execution_id(store)
    if purpose == OPERATOR:
        from ondas.state.lock import require_not_driven

        require_not_driven(store, "a person's MCP token")
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with store.transaction(
        "mcp_token_issued", execution_id=target, description=f"for the {purpose}"
    ) as tx:
        if tx.one("SELECT 1 FROM executions WHERE id = ?", (target,)) is None:
            raise UsageError(f"no execution {target!r}")
        tx.insert(
            "mcp_tokens",
            {
                "token_hash": token_hash(token),
                "execution_id": target,
                "issued_for": purpose,
                "issued_at": utcnow(),
                "revoked_at": None,
            },
        )
    return token


def revoke(store: StateStore, token: str) -> bool:
    """Revoke ``token``; ``False`` when it was unknown or already revoked."""
    digest = token_hash(token)
    row = store.one(
        "SELECT execution_id FROM mcp_tokens WHERE token_hash = ? AND revoked_at IS NULL",
        (digest,),
    )
    if row is None:
        return False
    with store.transaction(
        "mcp_token_revoked", execution_id=str(row["execution_id"]), description="token revoked"
    ) as tx:
        return bool(tx.update("mcp_tokens", {"token_hash": digest}, {"revoked_at": utcnow()}))


def check(store: StateStore, token: str | None) -> Grant:
    """The grant of ``token`` when it is a live token of the current execution; else refused.

    The refusal never repeats the token, not even in part.
    """
    if not token:
        raise RuleViolation(
            "mcp-token-missing",
            f"no capability token: the MCP server was started without {ENV_VAR}",
        )
    execution_id = current_execution_id(store)
    row = store.one(
        "SELECT execution_id, revoked_at, issued_for FROM mcp_tokens WHERE token_hash = ?",
        (token_hash(token),),
    )
    if row is None:
        raise RuleViolation(
            "mcp-token-refused", "the capability token is not one this store issued"
        )
    if row["revoked_at"] is not None:
        raise RuleViolation("mcp-token-refused", "the capability token was revoked")
    if row["execution_id"] != execution_id:
        raise RuleViolation(
            "mcp-token-refused",
            f"the capability token belongs to execution {row['execution_id']}, "
            f"not to the current execution {execution_id}",
        )
    return Grant(execution_id, role_of(row["issued_for"]))
