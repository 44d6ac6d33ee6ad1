"""Secrets filter: find secrets in text and replace each with a stable ``[REDACTED:<kind>]``.

Four sources are combined: our own high-signal patterns (cloud and SaaS keys, JWTs, private key
blocks, passwords in URLs), the classes of :mod:`ondas.guards.secret_classes` (keyword-value
pairs, connection strings, ``Authorization`` headers, ``.netrc``, token prefixes, Kubernetes
Secret data), detect-secrets' high-signal plugins vendored into
:mod:`ondas.guards.secret_patterns` (its entropy and keyword plugins are left out because they
flag ordinary prose and hashes), and every value of a given ``.env`` file. Overlapping
findings are merged so no part of a secret survives. Sanitizers for
commit messages, issue bodies and path components build on :func:`scrub`.
"""

from __future__ import annotations

from functools import lru_cache

from ondas.errors import UsageError
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.secret_classes import IGNORECASE, Haystack, class_findings, literal_start
from ondas.record import Record

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing. Nor ``re`` at import: the PostToolUse hook (a process per tool call)
# scans most outputs with literal hints only and never needs it (see Haystack).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from pathlib import Path
    from typing import Any

MIN_ENV_VALUE_LENGTH = 6
"""``.env`` values shorter than this are not redacted: they would erase ordinary words."""

_ENV_NON_SECRETS = frozenset(
    {"true", "false", "yes", "no", "none", "null", "on", "off", "development", "production"}
)

# Ordered: earlier patterns win when two findings start at the same place with the same length.
# Compiled on first use: the PostToolUse hook is a process per tool call and most outputs
# hold none of a pattern's hints, so most patterns are never compiled there.
_PATTERNS: tuple[tuple[str, LazyPattern], ...] = tuple(
    (kind, LazyPattern(literal_start(pattern)))
    for kind, pattern in (
        (
            "private-key",
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:[\s\S]*?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*\Z)",
        ),
        ("aws-access-key", r"A(?<=\bA)(?:KIA|SIA|BIA|CCA|3T[A-Z0-9])[A-Z0-9]{16}\b"),
        (
            "aws-secret-key",
            r"(?i)(?<=aws_secret_access_key)[\"']?\s*[:=]\s*[\"']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])",
        ),
        ("github-token", r"g(?<=\bg)h[pousr]_[A-Za-z0-9]{36,255}\b"),
        ("github-token", r"\bgithub_pat_[A-Za-z0-9_]{22,255}\b"),
        (
            "gitlab-token",
            r"\bgl(?:pat|dt|rt|ptt|ft|cbt|oas|imt|soat|ffct|agent)-[A-Za-z0-9_\-]{20,}",
        ),
        ("slack-token", r"\bxox[abposre]-[A-Za-z0-9\-]{10,}"),
        ("slack-webhook", r"https://hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_\-]+"),
        ("stripe-key", r"[sr](?<=\b[sr])k_(?:live|test)_[A-Za-z0-9]{16,}\b"),
        ("stripe-key", r"\bwhsec_[A-Za-z0-9]{24,}\b"),
        ("anthropic-key", r"\bsk-ant-[A-Za-z0-9_\-]{20,}"),
        ("openai-key", r"\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"),
        ("openai-key", r"\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}\b"),
        ("openai-key", r"\bsk-(?!ant-)[A-Za-z0-9]{32,}\b"),
        ("google-api-key", r"\bAIza[0-9A-Za-z_\-]{35}(?![0-9A-Za-z_\-])"),
        ("google-oauth-secret", r"\bGOCSPX-[A-Za-z0-9_\-]{28}(?![A-Za-z0-9_\-])"),
        ("google-oauth-token", r"\bya29\.[0-9A-Za-z_\-]{20,}"),
        ("huggingface-token", r"\bhf_[A-Za-z0-9]{34,}\b"),
        ("npm-token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("pypi-token", r"\bpypi-AgE[A-Za-z0-9_\-]{50,}"),
        ("jwt", r"\beyJ[A-Za-z0-9_\-]{5,}\.eyJ[A-Za-z0-9_\-]{5,}\.[A-Za-z0-9_\-]{10,}"),
        ("bearer-token", r"(?i)(?<=\bbearer )[A-Za-z0-9\-._~+/]{20,}=*"),
        (
            "url-password",
            r"(?<=[A-Za-z0-9+.\-]://)[^\s:/@'\"]+:[^\s@/'\"]+(?=@[A-Za-z0-9\[])",
        ),
    )
)

_TOKEN_CHAR = LazyPattern(r"[A-Za-z0-9_\-.+/=~]")
_ANSI = LazyPattern(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
_CONTROL = LazyPattern(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


class Finding(Record, frozen=True):
    """One secret: its ``kind`` and its span ``[start, end)`` in the scanned text."""

    kind: str
    start: int
    end: int
    source: str

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict; the secret value itself is deliberately left out."""
        return {"kind": self.kind, "start": self.start, "end": self.end, "source": self.source}


def marker(kind: str) -> str:
    """The stable replacement for a secret of ``kind``."""
    return f"[REDACTED:{kind}]"


MEMO_TEXT_MAX = 4096
"""Texts up to this length (without ``.env`` values) are scanned through a memo."""
MEMO_ENTRIES = 512
"""How many texts the memo keeps (at most ``MEMO_ENTRIES * MEMO_TEXT_MAX`` characters)."""


def find_secrets(text: str, *, env_values: Iterable[str] = ()) -> list[Finding]:
    """Every secret in ``text``, sorted by position, overlapping findings merged into one.

    A run scans the same short texts again and again (a row when it is written, then in the
    state export and the report after every wave), and the result is a pure function of the
    text: those are answered from a bounded memo."""
    if len(text) <= MEMO_TEXT_MAX and isinstance(env_values, (tuple, list)) and not env_values:
        return list(_memo_scan(text))
    return _scan(text, env_values)


@lru_cache(maxsize=MEMO_ENTRIES)
def _memo_scan(text: str) -> tuple[Finding, ...]:
    """:func:`_scan` of ``text`` without ``.env`` values, memoised (see :func:`find_secrets`)."""
    return tuple(_scan(text, ()))


def _scan(text: str, env_values: Iterable[str]) -> list[Finding]:
    """Every secret in ``text``: the work behind :func:`find_secrets`, never memoised."""
    hay = Haystack(text)
    raw = [
        *_env_findings(text, env_values),
        *_pattern_findings(text, hay),
        *_detect_secrets_findings(text, hay),
        *(Finding(kind, start, end, "pattern") for kind, start, end in class_findings(text, hay)),
    ]
    return _merge(raw)


def scrub(text: str, *, env_values: Iterable[str] = ()) -> str:
    """``text`` with each secret replaced by ``[REDACTED:<kind>]``; idempotent."""
    findings = find_secrets(text, env_values=env_values)
    if not findings:
        return text
    parts: list[str] = []
    cursor = 0
    for finding in findings:
        parts.append(text[cursor : finding.start])
        parts.append(marker(finding.kind))
        cursor = finding.end
    parts.append(text[cursor:])
    return "".join(parts)


def load_env_values(env_file: str | Path) -> list[str]:
    """The values of a ``.env`` file worth redacting (at least 6 characters, not booleans)."""
    from ondas.pathpolicy import read_bytes

    path = str(env_file)
    try:
        content = read_bytes(path, what="env file").decode("utf-8", errors="replace")
    except OSError as exc:
        raise UsageError(f"cannot read env file {path}: {exc.strerror or exc}") from exc
    values: list[str] = []
    for line in content.splitlines():
        value = _env_line_value(line)
        if value is None:
            continue
        for candidate in {value, *value.splitlines()}:
            candidate = candidate.strip()
            if _worth_redacting(candidate) and candidate not in values:
                values.append(candidate)
    return values


def sanitize_commit_message(text: str, *, env_values: Iterable[str] = ()) -> str:
    """A commit message without secrets, terminal escapes, control characters or noise lines."""
    cleaned = _clean_text(scrub(text, env_values=env_values))
    lines = [line.rstrip() for line in cleaned.split("\n")]
    out: list[str] = []
    for line in lines:
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) if out else "(no message)"


ISSUE_BODY_LIMIT = 60_000
"""Issue trackers cap bodies (GitHub at 65,536 characters); we stay below that."""


def sanitize_issue_body(
    text: str, *, env_values: Iterable[str] = (), limit: int = ISSUE_BODY_LIMIT
) -> str:
    """An issue body without secrets or escapes, with @-mentions defused and a length cap."""
    import re

    cleaned = _clean_text(scrub(text, env_values=env_values))
    cleaned = re.sub(r"(?<![\w`/.@])@([A-Za-z0-9][A-Za-z0-9\-/]*)", r"`@\1`", cleaned)
    if len(cleaned) > limit:
        note = "\n\n[truncated]"
        cleaned = cleaned[: limit - len(note)].rstrip() + note
    return cleaned


_RESERVED_NAMES = frozenset(
    {"con", "prn", "aux", "nul"} | {f"com{i}" for i in range(10)} | {f"lpt{i}" for i in range(10)}
)


def sanitize_path_component(text: str, *, max_length: int = 80) -> str:
    """One safe file or directory name: ASCII ``[a-z0-9._-]``, no leading dot, never empty."""
    import re

    scrubbed = scrub(text)
    scrubbed = re.sub(r"\[REDACTED:[^\]]*\]", "redacted", scrubbed)
    import unicodedata

    ascii_text = unicodedata.normalize("NFKD", scrubbed).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9._-]+", "-", ascii_text.lower())
    slug = re.sub(r"-{2,}", "-", slug)
    slug = re.sub(r"\.{2,}", ".", slug)
    slug = slug.strip("-._")[:max_length].strip("-._")
    if not slug:
        return "untitled"
    if slug.split(".")[0] in _RESERVED_NAMES:
        slug = f"_{slug}"
    return slug


def _clean_text(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _ANSI.compiled.sub("", text)
    return _CONTROL.compiled.sub("", text)


def _worth_redacting(value: str) -> bool:
    return len(value) >= MIN_ENV_VALUE_LENGTH and value.lower() not in _ENV_NON_SECRETS


def _env_line_value(line: str) -> str | None:
    import re

    match = re.match(r"^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.\-]*)\s*[=:]\s?(.*)$", line)
    if not match:
        return None
    raw = match.group(2).strip()
    if raw[:1] in {"'", '"'}:
        quote = raw[0]
        end = raw.find(quote, 1)
        inner = raw[1:end] if end != -1 else raw[1:]
        if quote == '"':
            inner = inner.replace("\\n", "\n").replace('\\"', '"').replace("\\\\", "\\")
        return inner
    import re

    return re.split(r"\s+#", raw, maxsplit=1)[0].strip()


def _env_findings(text: str, env_values: Iterable[str]) -> Iterator[Finding]:
    values = sorted({v for v in env_values if v and _worth_redacting(v)}, key=len, reverse=True)
    for value in values:
        start = text.find(value)
        while start != -1:
            yield Finding("env-value", start, start + len(value), "env")
            start = text.find(value, start + 1)


# Literal fragments one of which every match of a pattern contains: a cheap ``in`` test
# skips a regex scan of the whole text when none of them occurs.
_HINTS = {
    "private-key": ("PRIVATE KEY",),
    "aws-access-key": ("AKIA", "ASIA", "ABIA", "ACCA", "A3T"),
    "aws-secret-key": ("aws_secret_access_key",),
    "github-token": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    "gitlab-token": ("gl",),
    "slack-token": ("xox",),
    "slack-webhook": ("hooks.slack.com",),
    "stripe-key": ("_live_", "_test_", "whsec_"),
    "anthropic-key": ("sk-ant-",),
    "openai-key": ("sk-",),
    "google-api-key": ("AIza",),
    "google-oauth-secret": ("GOCSPX-",),
    "google-oauth-token": ("ya29.",),
    "huggingface-token": ("hf_",),
    "npm-token": ("npm_",),
    "pypi-token": ("pypi-AgE",),
    "jwt": ("eyJ",),
    "bearer-token": ("bearer ",),
    "url-password": ("://",),
}


_LOWERED: dict[tuple[str, ...], tuple[str, ...]] = {}


def _lowered(hints: tuple[str, ...]) -> tuple[str, ...]:
    """``hints`` in lower case, computed once per tuple."""
    lowered = _LOWERED.get(hints)
    if lowered is None:
        lowered = _LOWERED[hints] = tuple(h.lower() for h in hints)
    return lowered


def _folds_case(pattern: LazyPattern) -> bool:
    """Whether ``pattern`` ignores case (by flag or inline ``(?i)``), without importing re."""
    return bool(pattern.flags & IGNORECASE) or pattern.source.startswith("(?i)")


_PATTERN_FOLDS = tuple(_folds_case(pattern) for _, pattern in _PATTERNS)
"""Whether each of :data:`_PATTERNS` ignores case, in the same order."""


def _has_hint(hints: tuple[str, ...], ignore_case: bool, hay: Haystack) -> bool:
    """Whether one of ``hints`` occurs in the text (case-insensitively for a pattern that
    ignores case, where non-ASCII text always counts as a hit: re folds a few non-ASCII
    letters to ASCII)."""
    if not ignore_case:
        return hay.has_any(hints)
    return hay.has_any_folded(_lowered(hints))


def _pattern_findings(text: str, hay: Haystack | None = None) -> Iterator[Finding]:
    hay = hay or Haystack(text)
    for (kind, pattern), folds in zip(_PATTERNS, _PATTERN_FOLDS, strict=True):
        hints = _HINTS.get(kind)
        if hints and not _has_hint(hints, folds, hay):
            continue
        for match in pattern.finditer(text):
            if kind == "aws-secret-key":
                import re

                value = re.search(r"[A-Za-z0-9/+=]{40}$", match.group(0))
                if value:
                    yield Finding(kind, match.start() + value.start(), match.end(), "pattern")
                continue
            if kind == "url-password":
                colon = match.group(0).index(":")
                yield Finding(kind, match.start() + colon + 1, match.end(), "pattern")
                continue
            if match.end() > match.start():
                yield Finding(kind, match.start(), match.end(), "pattern")


class _Gate:
    """A hint beyond one set of literals: each group of ``groups`` must have a literal in the
    text, then ``check`` (a pattern searched for, or a function) must accept the text."""

    __slots__ = ("check", "groups")

    def __init__(
        self, groups: tuple[tuple[str, ...], ...], check: LazyPattern | Callable[[str], bool]
    ) -> None:
        self.groups = groups
        self.check = check

    def admits(self, text: str, has_any: Callable[[tuple[str, ...]], bool]) -> bool:
        """Whether a match of the gated pattern may be in ``text`` (``has_any`` tells whether
        one of some literals is in it)."""
        if not all(has_any(group) for group in self.groups):
            return False
        if isinstance(self.check, LazyPattern):
            return self.check.search(text) is not None
        return self.check(text)


def _shape_table() -> bytes:
    """Byte translation to shapes: a digit reads ``0``, another ``[A-Za-z_-]`` reads ``a``,
    ``:`` stays, anything else reads as a space."""
    table = bytearray(b" " * 256)
    for char in b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-":
        table[char] = ord("a")
    for char in b"0123456789":
        table[char] = ord("0")
    table[ord(":")] = ord(":")
    return bytes(table)


_SHAPES = _shape_table()


def _digit_colon_token(text: str) -> bool:
    """Whether some ``:`` has a digit before it and a ``[0-9A-Za-z_-]`` after it, as every
    Telegram bot token (``\\d{8,10}:[0-9A-Za-z_-]{35}``) has: two substring searches in the
    text translated to character shapes, no regex. Non-ASCII text always passes (``\\d``
    also matches other scripts' digits)."""
    if ":" not in text:
        return False
    if not text.isascii():
        return True
    shapes = text.encode("ascii").translate(_SHAPES)
    return b"0:a" in shapes or b"0:0" in shapes


# What every match of a vendored pattern contains, by the pattern's source: literals, or a
# gate (literals, then a pattern that starts with a literal or a loop). A pattern is scanned
# only when its hint occurs; patterns without an entry (or changed by the generator) always are.
# For a pattern that ignores case the hint is looked for in the lower-cased text, which is
# exact only for ASCII text (re also folds a few non-ASCII letters: Kelvin sign, long s,
# dotless i): text with any other character is always scanned.
_CLOUDANT_GATE = _Gate(
    (("cl",), ("key", "pw", "pass", "token")),
    LazyPattern("cl(?:ou(?:dant)?)?[_\\-]?(?:api)?(?:key|pw|pass|token)"),
)
_DS_HINTS: dict[str, tuple[str, ...] | _Gate] = {
    "(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}": ("A3T", "ABIA", "ACCA", "AKIA", "ASIA"),
    "aws.{0,20}?(?:key|pwd|pw|password|pass|token).{0,20}?[\\'\\\"]([0-9a-zA-Z/+]{40})[\\'\\\"]": (
        "aws",
    ),
    '(?:\\s|=|:|"|^)AKC[a-zA-Z0-9]{10,}(?:\\s|"|$)': ("AKC",),
    '(?:\\s|=|:|"|^)AP[\\dABCDEF][a-zA-Z0-9]{8,}(?:\\s|"|$)': _Gate(
        (("AP",),), LazyPattern("AP[\\dA-F]")
    ),
    "AccountKey=[a-zA-Z0-9+\\/=]{88}": ("AccountKey=",),
    "(?:(?<=\\W)|(?<=^))(?:\\[|)(?:\"|\\'|)(?:cloudant|cl|clou)(?:_|-|)(?:api|)(?:key|pwd|pw"
    "|password|pass|token)(?:\"|\\'|)(?:\\]|)(?: *)(?:=|:|:=|=>| +|::)(?: *)(?:\"|\\'|)"
    "([0-9a-f]{64})(?:\"|\\'|)": _CLOUDANT_GATE,
    "(?:(?<=\\W)|(?<=^))(?:\\[|)(?:\"|\\'|)(?:cloudant|cl|clou)(?:_|-|)(?:api|)(?:key|pwd|pw"
    "|password|pass|token)(?:\"|\\'|)(?:\\]|)(?: *)(?:=|:|:=|=>| +|::)(?: *)(?:\"|\\'|)"
    "([a-z]{24})(?:\"|\\'|)": _CLOUDANT_GATE,
    "(?:https?\\:\\/\\/)[\\w\\-]+\\:([0-9a-f]{64})\\@[\\w\\-]+\\.cloudant\\.com": ("cloudant.com",),
    "(?:https?\\:\\/\\/)[\\w\\-]+\\:([a-z]{24})\\@[\\w\\-]+\\.cloudant\\.com": ("cloudant.com",),
    "[MNO][a-zA-Z\\d_-]{23,25}\\.[a-zA-Z\\d_-]{6}\\.[a-zA-Z\\d_-]{27}": _Gate(
        ((".",), ("M", "N", "O")), LazyPattern("\\.[a-zA-Z\\d_-]{6}\\.")
    ),
    "[0-9a-z]{32}-us[0-9]{1,2}": ("-us",),
    "xox(?:a|b|p|o|s|r)-(?:\\d+-)+[a-z0-9]+": ("xox",),
    "https://hooks\\.slack\\.com/services/T[a-zA-Z0-9_]+/B[a-zA-Z0-9_]+/[a-zA-Z0-9_]+": (
        "hooks.slack.com",
    ),
    "sq0csp-[0-9A-Za-z\\\\\\-_]{43}": ("sq0csp-",),
    "(?:r|s)k_live_[0-9a-zA-Z]{24}": ("k_live_",),
    "\\d{8,10}:[0-9A-Za-z_-]{35}": _Gate(((":",),), _digit_colon_token),
    "://[^:/\\?\\#\\[\\]@!\\$\\&'\\(\\)\\*\\+,;=\\s]+"
    ":([^:/\\?\\#\\[\\]@!\\$\\&'\\(\\)\\*\\+,;=\\s]+)@": ("://",),
    "(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}": ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
    "(glpat|gldt|glft|glsoat|glrt)-[A-Za-z0-9_\\-]{20,50}(?!\\w)": (
        "glpat-",
        "gldt-",
        "glft-",
        "glsoat-",
        "glrt-",
    ),
    "GR1348941[A-Za-z0-9_\\-]{20,50}(?!\\w)": ("GR1348941",),
    "glcbt-([0-9a-fA-F]{2}_)?[A-Za-z0-9_\\-]{20,50}(?!\\w)": ("glcbt-",),
    "glimt-[A-Za-z0-9_\\-]{25}(?!\\w)": ("glimt-",),
    "glptt-[A-Za-z0-9_\\-]{40}(?!\\w)": ("glptt-",),
    "glagent-[A-Za-z0-9_\\-]{50,1024}(?!\\w)": ("glagent-",),
    "gloas-[A-Za-z0-9_\\-]{64}(?!\\w)": ("gloas-",),
    "eyJ[A-Za-z0-9-_=]+\\.[A-Za-z0-9-_=]+\\.?[A-Za-z0-9-_.+/=]*?": ("eyJ",),
    "\\/\\/.+\\/:_authToken=\\s*((npm_.+)|([A-Fa-f0-9-]{36})).*": ("/:_authToken=",),
    "sk-[A-Za-z0-9-_]*[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}": ("T3BlbkFJ",),
    "BEGIN DSA PRIVATE KEY": ("BEGIN DSA PRIVATE KEY",),
    "BEGIN EC PRIVATE KEY": ("BEGIN EC PRIVATE KEY",),
    "BEGIN OPENSSH PRIVATE KEY": ("BEGIN OPENSSH PRIVATE KEY",),
    "BEGIN PGP PRIVATE KEY BLOCK": ("BEGIN PGP PRIVATE KEY BLOCK",),
    "BEGIN PRIVATE KEY": ("BEGIN PRIVATE KEY",),
    "BEGIN RSA PRIVATE KEY": ("BEGIN RSA PRIVATE KEY",),
    "BEGIN SSH2 ENCRYPTED PRIVATE KEY": ("BEGIN SSH2 ENCRYPTED PRIVATE KEY",),
    "PuTTY-User-Key-File-2": ("PuTTY-User-Key-File-2",),
    "pypi-AgEIcHlwaS5vcmc[A-Za-z0-9-_]{70,}": ("pypi-AgEIcHlwaS5vcmc",),
    "pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9-_]{70,}": ("pypi-AgENdGVzdC5weXBpLm9yZw",),
    "SG\\.[a-zA-Z0-9_-]{22}\\.[a-zA-Z0-9_-]{43}": ("SG.",),
    "AC[a-z0-9]{32}": ("AC",),
    "SK[a-z0-9]{32}": ("SK",),
}


def _hinted(source: str, ignore_case: int, hay: Haystack) -> bool:
    """False when the text holds no hint of the pattern (then it cannot match).

    A pattern that ignores case is looked for in the lower-cased text, exact only for ASCII
    text: any other text always counts as a hit."""
    hint = _DS_HINTS.get(source)
    if hint is None:
        return True
    if not ignore_case:
        if isinstance(hint, _Gate):
            return hint.admits(hay.text, hay.has_any)
        return hay.has_any(hint)
    if not hay.ascii:
        return True
    if isinstance(hint, _Gate):
        return hint.admits(hay.lowered, hay.has_any_lower)
    return hay.has_any_lower(_lowered(hint))


def _detect_secrets_findings(text: str, hay: Haystack | None = None) -> Iterator[Finding]:
    hay = hay or Haystack(text)
    for kind, lazy, source, ignore_case in _detect_secrets_patterns():
        if not _hinted(source, ignore_case, hay):
            continue
        regex = lazy.compiled
        for match in regex.finditer(text):
            group = next((i for i in range(1, (regex.groups or 0) + 1) if match.group(i)), 0)
            begin, end = _token_span(text, match.start(group), match.end(group))
            if end > begin:
                yield Finding(kind, begin, end, "detect-secrets")


_VENDORED: list[tuple[tuple[str, LazyPattern, str, int], ...]] = []


def _detect_secrets_patterns() -> tuple[tuple[str, LazyPattern, str, int], ...]:
    """The deny-lists of detect-secrets' token-shaped plugins, vendored (compiled on use), as
    ``(kind, pattern, source, ignores case)``.

    :mod:`ondas.guards.secret_patterns` is generated from detect-secrets at build time
    (scripts/gen_secret_patterns.py), so scrubbing never imports detect-secrets: the
    PostToolUse hook runs once per tool call and cannot pay its ~0.3 s import.
    """
    if not _VENDORED:
        from ondas.guards.secret_patterns import PATTERNS

        _VENDORED.append(
            tuple(
                (kind, LazyPattern(source, flags), source, flags & IGNORECASE)
                for kind, source, flags in PATTERNS
            )
        )
    return _VENDORED[0]


def _token_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen a match to the whole token: some plugins capture only a token's prefix."""
    while start > 0 and _TOKEN_CHAR.match(text[start - 1]):
        start -= 1
    while end < len(text) and _TOKEN_CHAR.match(text[end]):
        end += 1
    return start, end


def _slug(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "secret"


_SOURCE_RANK = {"pattern": 0, "env": 1, "detect-secrets": 2}


def _merge(findings: list[Finding]) -> list[Finding]:
    ordered = sorted(findings, key=lambda f: (f.start, -(f.end - f.start), _SOURCE_RANK[f.source]))
    merged: list[Finding] = []
    for finding in ordered:
        if merged and finding.start < merged[-1].end:
            last = merged[-1]
            if finding.end > last.end:
                merged[-1] = Finding(last.kind, last.start, finding.end, last.source)
            continue
        merged.append(finding)
    return merged
