"""Regenerate src/ondas/guards/secret_patterns.py from the installed detect-secrets.

The PostToolUse hook scrubs every tool output, so it must not import detect-secrets (~0.3 s):
this script copies the deny-lists of its token-shaped plugins into a plain module at build
time. tests/guards/test_secret_patterns.py fails when the copy and the library disagree.
Run: python scripts/gen_secret_patterns.py > src/ondas/guards/secret_patterns.py
"""

from __future__ import annotations

import re
import sys
from typing import Any

PLUGINS = (
    "ArtifactoryDetector",
    "AWSKeyDetector",
    "AzureStorageKeyDetector",
    "BasicAuthDetector",
    "CloudantDetector",
    "DiscordBotTokenDetector",
    "GitHubTokenDetector",
    "GitLabTokenDetector",
    "JwtTokenDetector",
    "MailchimpDetector",
    "NpmDetector",
    "OpenAIDetector",
    "PrivateKeyDetector",
    "PypiTokenDetector",
    "SendGridDetector",
    "SlackDetector",
    "SquareOAuthDetector",
    "StripeDetector",
    "TelegramBotTokenDetector",
    "TwilioKeyDetector",
)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "secret"


def patterns() -> list[tuple[str, str, int]]:
    """(kind, regex source, flags) of every deny-list regex of the chosen plugins."""
    import detect_secrets
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    del detect_secrets
    mapping: dict[str, Any] = dict(get_mapping_from_secret_type_to_class())
    out = []
    for secret_type, plugin in sorted(mapping.items()):
        if plugin.__name__ in PLUGINS:
            for regex in getattr(plugin, "denylist", ()):
                out.append((slug(secret_type), regex.pattern, int(regex.flags & ~re.UNICODE)))
    return out


def render() -> str:
    """The module text."""
    import detect_secrets

    version = getattr(detect_secrets, "__version__", None)
    if version is None:
        from importlib.metadata import version as dist_version

        version = dist_version("detect-secrets")
    lines = [
        "# ruff: noqa: E501",
        '"""detect-secrets deny-lists, copied at build time by scripts/gen_secret_patterns.py.',
        "",
        f"Generated from detect-secrets {version}; do not edit by hand. The PostToolUse hook",
        "scrubs with these without importing detect-secrets.",
        '"""',
        "",
        "DETECT_SECRETS_VERSION = " + repr(version),
        "",
        "PATTERNS: tuple[tuple[str, str, int], ...] = (",
    ]
    for kind, source, flags in patterns():
        lines.append(f"    ({kind!r}, {source!r}, {flags}),")
    lines.append(")")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())
