"""Secret classes beyond single token shapes: where a secret sits tells what it is.

Each finder yields ``(kind, start, end)`` spans of the secret value only (the key, scheme or
header name stays readable): keyword-value pairs in env/YAML/JSON/INI/connection strings,
URL userinfo of any scheme (passwords holding ``/`` or ``@``, empty user names),
``Authorization`` headers and API-key headers, ``curl -u``, ``.netrc``, known token prefixes
(Vault, DigitalOcean, Shopify, Docker, Sentry, Twilio, Datadog...), a 40-character AWS secret
beside its access key id in free text, and every value of a Kubernetes Secret's ``data``.
Only the standard library is used: the PostToolUse hook imports this on every tool call.
"""

from __future__ import annotations

from ondas.guards.lazy_re import LazyPattern

# Not ``typing.TYPE_CHECKING``: the PostToolUse hook skips importing typing. Nor ``re``: it is
# imported only when a hint occurs (most tool output holds none).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

Span = tuple[str, int, int]
IGNORECASE = 2
"""``re.IGNORECASE``, without importing re (checked by a test)."""


def literal_start(source: str) -> str:
    """``source`` with a leading ``\\b`` moved behind its first character (``\\bsk-`` reads
    ``s(?<=\\bs)k-``): the same matches, but re finds the candidates of a pattern that starts
    with a literal by scanning for that character at C speed, whereas one that starts with
    ``\\b`` is tried at every position (~30x slower on 64 KB of output). Patterns that start
    with an alternation are written in that form by hand."""
    first = source[2:3]
    if source.startswith("\\b") and (first.isalnum() or first == "_") and first.isascii():
        return f"{first}(?<=\\b{first}){source[3:]}"
    return source


SHORT_TEXT = 2048
"""Texts up to this length are searched for a literal directly (see :class:`Haystack`)."""


class Haystack:
    """A text to scan for secrets, with every literal test memoised.

    Every pattern is tried only where one of its literal hints occurs, and many patterns share
    a hint (``://``, ``AKIA``...): each distinct test runs once per text. A test first looks
    for each character of the literal on its own (a ``memchr``, ~50 times faster than a
    substring search), so a literal holding a character the text never uses costs nothing.
    A text of at most :data:`SHORT_TEXT` characters (nearly every row the store writes) is
    searched directly: there the memo costs more than the search it saves.
    """

    __slots__ = ("_chars", "_found", "_lowered", "_short", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._lowered: str | None = None
        self._found: dict[tuple[str, bool], bool] = {}
        self._chars: dict[tuple[str, bool], bool] = {}
        self._short = len(text) <= SHORT_TEXT

    @property
    def lowered(self) -> str:
        """``text.lower()``, computed once."""
        if self._lowered is None:
            self._lowered = self.text.lower()
        return self._lowered

    @property
    def ascii(self) -> bool:
        """Whether the text is ASCII (then its lower-cased form folds case exactly)."""
        return self.text.isascii()

    def _contains(self, needle: str, lower: bool) -> bool:
        key = (needle, lower)
        found = self._found.get(key)
        if found is None:
            hay = self.lowered if lower else self.text
            found = all(self._char(c, lower, hay) for c in needle) and needle in hay
            self._found[key] = found
        return found

    def _char(self, char: str, lower: bool, hay: str) -> bool:
        key = (char, lower)
        found = self._chars.get(key)
        if found is None:
            found = self._chars[key] = char in hay
        return found

    def has(self, needle: str) -> bool:
        """``needle in text``."""
        if self._short:
            return needle in self.text
        return self._contains(needle, False)

    def has_lower(self, needle: str) -> bool:
        """``needle in text.lower()`` (``needle`` given in lower case)."""
        if self._short:
            return needle in self.lowered
        return self._contains(needle, True)

    def has_any(self, needles: tuple[str, ...]) -> bool:
        """Whether one of ``needles`` is in the text."""
        if self._short:
            text = self.text
            return any(needle in text for needle in needles)
        return any(self._contains(needle, False) for needle in needles)

    def has_any_lower(self, needles: tuple[str, ...]) -> bool:
        """Whether one of ``needles`` (given in lower case) is in ``text.lower()``."""
        if self._short:
            lowered = self.lowered
            return any(needle in lowered for needle in needles)
        return any(self._contains(needle, True) for needle in needles)

    def has_folded(self, needle: str) -> bool:
        """Whether ``needle`` may occur ignoring case (see :meth:`has_any_folded`)."""
        return self.has_any_folded((needle.lower(),))

    def has_any_folded(self, needles: tuple[str, ...]) -> bool:
        """Whether one of ``needles`` (given in lower case) may occur ignoring case: always
        true for non-ASCII text (re folds a few non-ASCII letters to ASCII: Kelvin sign, long
        s, dotless i)."""
        return not self.ascii or self.has_any_lower(needles)


_KEY = (
    r"(?=[A-Za-z0-9_.\-]*?(?:passw(?:or)?d|passphrase|_pwd|pwd_|secret|token|api[_\-]?key|apikey"
    r"|access[_\-]?key|secret[_\-]?key|private[_\-]?key|app[_\-]?key|auth[_\-]?key"
    r"|master[_\-]?key|signing[_\-]?key|encryption[_\-]?key|credentials?|client[_\-]?secret"
    r"|session[_\-]?token|secretaccesskey|sessiontoken|identitytoken|registrytoken))"
    r"[A-Za-z0-9_.\-]*+"
)
"""A key: a whole run of name characters holding a secret's name (``DB_PASSWORD``,
``github.token``). What follows a key (a quote, a blank, ``=`` or ``:``) is never a name
character, so the key is the whole run: the run is read once, the name looked for ahead of it
(round 15: a name split around its root read the run again for each root in it, ``token``
5,000 times over took 1.5 s)."""
_KEYWORD_VALUE = LazyPattern(
    r"(?i)(?P<key>(?:" + _KEY + r"|auth|pwd|pass))[\"']?"
    r"(?P<sep>\s*(?:=>|:=|=|:)\s*|\s+(?=[\"']))"
    r"(?:\"(?P<dq>(?:[^\"\\\n]|\\.)*)\"|'(?P<sq>[^'\n]*)'|(?P<bare>[^\s;,&\"'<>()\[\]{}]+))"
)
_SKIP_KEYS = frozenset({"oldpwd", "tokens_in", "tokens_out", "max_tokens", "token_count"})
_PLACEHOLDER = LazyPattern(
    r"^(?:\$|\{\{|<|%\(|\*{3}|x{6,}$|\[REDACTED|redacted|changeme$|none$|null$|true$|false$"
    r"|yes$|no$|undefined$|required$|optional$|string$|str$|bytes$|secret$|password$|token$)",
    IGNORECASE,
)
_URL_USERINFO = LazyPattern(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*)://(?P<user>[^\s:/@'\"]*):(?P<pw>[^\s'\"]+?)"
    r"@(?=[A-Za-z0-9\[][A-Za-z0-9.\-\[\]:%]*(?:[/?#\s'\";,)]|$))"
)
_URL_TOKEN_USER = LazyPattern(
    r"(?i)https?://(?P<user>[a-f0-9]{32}|[A-Za-z0-9_\-]{20,}|x-access-token|oauth2)(?=@)"
)
_AUTH_HEADER = LazyPattern(
    r"(?i)\b(?:proxy-)?authorization\s*[:=]\s*[\"']?(?:(?:basic|bearer|token|digest|negotiate"
    r"|apikey|api-key|sso-key|splunk|dsn)\s+)?(?P<v>[A-Za-z0-9\-._~+/=:,\"]{8,})"
)
_KEY_HEADER = LazyPattern(
    r"(?i)\b(?:x-[a-z0-9\-]*(?:key|token|secret|auth)[a-z0-9\-]*|api-key|apikey|private-token"
    r"|dd-api-key|dd-application-key)\s*:\s*[\"']?(?P<v>[A-Za-z0-9\-._~+/=]{8,})"
)
_CURL_USER = LazyPattern(
    r"(?:^|\s)(?:-u|--user|--proxy-user|-U)\s*[\"']?[^\s:\"']*:(?P<v>[^\s\"']+)"
)
_NETRC = LazyPattern(
    r"(?im)(?:^|\s)(?:password|passwd|account)\s+(?P<v>\S+)"
    r"(?=[^\n]*$)"
)
_NETRC_CONTEXT = LazyPattern(r"(?im)^\s*(?:machine\s+\S+|default\b)|\blogin\s+\S+\s+password\s")
_PREFIXED = (
    ("vault-token", r"\bhv[sbr]\.[A-Za-z0-9_\-]{24,}", ("hvs.", "hvb.", "hvr.")),
    ("digitalocean-token", r"\bdo[opr]_v1_[a-f0-9]{64}\b", ("_v1_",)),
    ("shopify-token", r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b", ("shp",)),
    ("docker-token", r"\bdckr_(?:pat|oat)_[A-Za-z0-9_\-]{20,}", ("dckr_",)),
    ("sentry-token", r"\bsntr[yu]s?_[A-Za-z0-9+/=_\-]{30,}", ("sntr",)),
    ("mailgun-key", r"\bkey-[a-f0-9]{32}\b", ("key-",)),
    ("linear-key", r"\blin_api_[A-Za-z0-9]{40}\b", ("lin_api_",)),
    ("netlify-token", r"\bnfp_[A-Za-z0-9]{36,}\b", ("nfp_",)),
    ("heroku-key", r"\bHRKU-[A-Za-z0-9_\-]{20,}", ("HRKU-",)),
    ("atlassian-token", r"\bATATT3[A-Za-z0-9_\-=]{30,}", ("ATATT3",)),
    ("grafana-token", r"\bglsa_[A-Za-z0-9]{32}_[a-f0-9]{8}\b", ("glsa_",)),
    ("databricks-token", r"\bdapi[a-f0-9]{32}(?:-\d)?\b", ("dapi",)),
    ("newrelic-key", r"\bNRAK-[A-Z0-9]{27}\b", ("NRAK-",)),
    ("azure-sas", r"(?<=[?&]sig=)[A-Za-z0-9%+/=]{20,}", ("sig=",)),
    ("azure-connection", r"(?i)(?<=AccountKey=)[A-Za-z0-9+/=]{20,}", ("ccountkey=",)),
    ("azure-connection", r"(?i)(?<=SharedAccessKey=)[A-Za-z0-9+/=]{20,}", ("accesskey=",)),
    (
        "aws-session-token",
        r"(?:F(?<=\bF)woGZXIvYXdzE|I(?<=\bI)QoJb3JpZ2luX2Vj)[A-Za-z0-9/+=]{40,}",
        ("FwoGZXIvYXdzE", "IQoJb3JpZ2luX2Vj"),
    ),
)
"""(kind, pattern, literal hints): a pattern is scanned only when one of its hints occurs."""
_PREFIX_PATTERNS = tuple(
    (kind, LazyPattern(literal_start(p)), hints, p.startswith("(?i)"))
    for kind, p, hints in _PREFIXED
)
"""(kind, pattern, hints, ignores case): a case-sensitive pattern needs its hint verbatim; one
that ignores case, in the lower-cased text (exact for ASCII text; other text is scanned)."""
_AWS_PAIR = LazyPattern(
    r"A(?<=\bA)(?:KIA|SIA)[A-Z0-9]{16,}[^\n]{0,120}?(?<![A-Za-z0-9/+=])(?P<v>[A-Za-z0-9/+=]{40})"
    r"(?![A-Za-z0-9/+=])"
)
_K8S_SECRET = LazyPattern(r"(?m)^\s*kind:\s*[\"']?Secret\b")
_K8S_DATA = LazyPattern(r"(?m)^(?P<indent>[ \t]*)(?:data|stringData):[ \t]*$")
_YAML_ENTRY = LazyPattern(r"^(?P<indent>[ \t]+)[\"']?[^:\s\"']+[\"']?:[ \t]*(?P<v>\S.*?)[ \t]*$")


def class_findings(text: str, hay: Haystack | None = None) -> Iterator[Span]:
    """Every secret span these classes find in ``text`` (may overlap; the caller merges).

    ``hay`` is ``text``'s :class:`Haystack` when the caller already has one (its memoised
    hint tests are then shared with the caller's other patterns).
    """
    hay = hay or Haystack(text)
    yield from _keyword_values(text, hay)
    if hay.has("://"):
        yield from _url_userinfo(text)
    if hay.has_lower("authorization"):
        yield from _groups("auth-header", _AUTH_HEADER, text)
    if hay.has_any_lower(("key", "token", "secret", "auth")):
        yield from _groups("api-key-header", _KEY_HEADER, text)
    if hay.has_any(("-u", "--user", "-U")):
        yield from _groups("curl-user", _CURL_USER, text)
    if hay.has_any_lower(("password", "account")) and _NETRC_CONTEXT.search(text):
        yield from _groups("netrc-password", _NETRC, text)
    for kind, pattern, hints, ignore_case in _PREFIX_PATTERNS:
        if ignore_case:
            if hay.ascii and not hay.has_any_lower(hints):
                continue
        elif not hay.has_any(hints):
            continue
        for match in pattern.finditer(text):
            yield kind, match.start(), match.end()
    if hay.has_any(("AKIA", "ASIA")):
        yield from _groups("aws-secret-key", _AWS_PAIR, text)
    if hay.has("Secret") and _K8S_SECRET.search(text):
        yield from _k8s_secret_data(text)


def _groups(kind: str, pattern: LazyPattern, text: str) -> Iterator[Span]:
    for match in pattern.finditer(text):
        start = match.start("v")
        value = match.group("v").rstrip("\",'")
        if value and not _PLACEHOLDER.match(value):
            yield kind, start, start + len(value)


_DOTTED_NAME = LazyPattern(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
_KEY_ROOT = LazyPattern(r"passw|passphrase|pwd|pass\b|secret|token|key|auth|credential")
_KEY_CHAR = LazyPattern(r"[A-Za-z0-9_.\-]")


def _keyword_values(text: str, hay: Haystack) -> Iterator[Span]:
    """Key = value pairs, tried only where a key word occurs (a scan of the whole text with the
    full pattern costs ten times more on output that holds none). A key word's name starts
    where its run of name characters does; the walk back to it stops at the key word before
    in the same run, whose start it shares (round 15: each of 1,000 ``token`` in one run
    walked back to the run's start, 17 s)."""
    starts: set[int] = set()
    roots = ("pass", "pwd", "secret", "token", "key", "auth", "cred")
    if not hay.has_any_lower(roots):
        return
    previous_root, previous_run = -1, 0
    for root in _KEY_ROOT.finditer(hay.lowered):
        start = root.start()
        while start > 0 and start != previous_root and _KEY_CHAR.match(text[start - 1]):
            start -= 1
        if start == previous_root:
            start = previous_run
        previous_root, previous_run = root.start(), start
        if start > 0 and text[start - 1] in "\"'":
            start -= 1
        starts.add(start)
    for start in sorted(starts):
        match = _KEYWORD_VALUE.match(text, start)
        if match is None and text[start : start + 1] in {'"', "'"}:
            match = _KEYWORD_VALUE.match(text, start + 1)
        if match is None:
            continue
        key = match.group("key").lower()
        if key in _SKIP_KEYS or key.endswith(("_file", "_path", "_url", "_name", "_id", "_type")):
            continue
        group = next(g for g in ("dq", "sq", "bare") if match.group(g) is not None)
        value = match.group(group)
        if key == "pwd" and value.startswith(("/", "~")):
            continue
        if not _secret_like(value, quoted=group != "bare"):
            continue
        start, end = match.span(group)
        yield "keyword-secret", start, end


def _secret_like(value: str, *, quoted: bool) -> bool:
    value = value.strip()
    if len(value) < 6 or _PLACEHOLDER.match(value) or value.isdigit():
        return False
    if not quoted and _DOTTED_NAME.compiled.fullmatch(value):
        return False
    return not (not quoted and value.endswith(":"))


def _url_userinfo(text: str) -> Iterator[Span]:
    for match in _URL_USERINFO.finditer(text):
        password = match.group("pw")
        if password and not _PLACEHOLDER.match(password):
            yield "url-password", match.start("pw"), match.end("pw")
    for match in _URL_TOKEN_USER.finditer(text):
        user = match.group("user")
        if user.lower() not in {"x-access-token", "oauth2"}:
            yield "url-token", match.start("user"), match.end("user")


def _k8s_secret_data(text: str) -> Iterator[Span]:
    """Every value under a Kubernetes Secret's ``data:``/``stringData:`` block."""
    for block in _K8S_DATA.finditer(text):
        base = len(block.group("indent").expandtabs())
        offset = block.end() + 1
        for line in text[block.end() + 1 :].split("\n"):
            entry = _YAML_ENTRY.match(line)
            if entry is None or len(entry.group("indent").expandtabs()) <= base:
                if line.strip():
                    break
                offset += len(line) + 1
                continue
            start = offset + entry.start("v")
            yield "k8s-secret-data", start, offset + entry.end("v")
            offset += len(line) + 1
