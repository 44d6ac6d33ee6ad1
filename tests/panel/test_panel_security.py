"""The panel's response headers and Host check: CSP with no inline script, no framing, no
DNS rebinding — through the ASGI test client and in chromium against a real server."""

from __future__ import annotations

import re

import pytest

from ondas.panel.security import content_security_policy, host_allowed
from ondas.panel.sources import project_for
from tests.panel.conftest import PORT, TOKEN, Shared, make_client

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)


def test_every_response_forbids_framing_and_inline_script_even_a_refusal(shared: Shared) -> None:
    key = project_for(shared.finished).key
    with make_client([shared.finished]) as c:
        refused = c.get("/executions")
        assert refused.status_code == 401
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        pages = [c.get(p) for p in ("/executions", f"/executions/{key}", "/api/version")]
        for response in [refused, *pages]:
            assert response.headers["x-frame-options"] == "DENY"
            assert response.headers["x-content-type-options"] == "nosniff"
            csp = response.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp
            assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";", 1)[0]
        for page in pages[:2]:
            assert page.status_code == 200
            assert INLINE_SCRIPT.search(page.text) is None, "the panel's pages run no inline script"
            assert '<script src="/panel.js">' in page.text
        assert c.get("/panel.js").headers["content-type"].startswith("text/javascript")


def test_a_dns_rebinding_request_with_the_token_is_refused(shared: Shared) -> None:
    with make_client([shared.finished]) as c:
        c.headers["Authorization"] = f"Bearer {TOKEN}"
        for host in (f"attacker.example:{PORT}", "attacker.example", f"127.0.0.1:{PORT + 1}"):
            refused = c.get("/api/executions", headers={"Host": host})
            assert refused.status_code == 421, host
            assert "Host" in refused.json()["error"]
        for host in (f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"[::1]:{PORT}"):
            assert c.get("/api/executions", headers={"Host": host}).status_code == 200, host


@pytest.mark.parametrize(
    ("header", "bound", "allowed"),
    [
        ("127.0.0.1:8700", "127.0.0.1", True),
        ("localhost:8700", "127.0.0.1", True),
        ("evil.example:8700", "127.0.0.1", False),
        ("127.0.0.1:9999", "127.0.0.1", False),
        ("192.168.1.5:8700", "0.0.0.0", True),
        ("evil.example:8700", "0.0.0.0", False),
        ("panel.lan:8700", "panel.lan", True),
        ("evil.example:8700", "panel.lan", False),
        (None, "127.0.0.1", False),
        ("", "127.0.0.1", False),
    ],
)
def test_the_host_header_must_name_the_bound_address(
    header: str | None, bound: str, allowed: bool
) -> None:
    assert host_allowed(header, bound=bound, port=8700) is allowed


def test_the_policy_allows_only_the_given_script_hashes() -> None:
    csp = content_security_policy(("'sha256-abc'",))
    assert "script-src 'self' 'sha256-abc';" in csp
    assert "default-src 'none'" in csp
