"""The fact check ("data-veracity"): external identifiers an artifact relies on, and their backing.

Invented endpoints, payload fields, flags and library functions are the commonest failure of
autonomous spec work, so after ``specify`` and ``plan`` every external identifier of the
artifact is extracted by code (never by asking a model) and looked up, literally, in two kinds
of source: the repository's own text (files the run itself wrote left out) and the tool
outputs observed in the run that read documentation (a WebFetch, or a Read of a file outside
the project, recorded by the PostToolUse hook; never a Write, Edit or Bash output, which
echo the agent's own words). What neither backs is listed. The artifact's text is data: it
is matched with regular expressions and never run.

What counts as external (and so must be backed):

- ``url``: an absolute http(s) URL (``localhost`` and loopback addresses are the project's own);
- ``endpoint``: an HTTP method followed by a path (``POST /v1/charges``);
- ``field``: a key of a JSON object written in a fenced code block;
- ``flag``: a ``--long-flag`` given to a command that is not the project's own (a flag with no
  command in front of it describes the CLI being designed and is left out);
- ``function``: a dotted call (``stripe.Charge.create(...)``) whose first name is not one of
  the project's own packages;
- ``version``: a pinned dependency (``name==1.2.3``, ``name>=1.2``, ``name@1.2.3``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

KINDS = ("url", "endpoint", "field", "flag", "function", "version")
MAX_IDENTIFIERS = 200
"""More than this many identifiers in one artifact are cut (the count says how many there were)."""

_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)")
_SPAN = re.compile(r"`([^`\n]+)`")
_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`|]+")
_METHOD_PATH = re.compile(r"\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(/[^\s`'\"()<>\[\]|,;]*)")
_JSON_KEY = re.compile(r'"([A-Za-z_$][\w$.-]{0,63})"\s*:')
_FLAG = re.compile(r"(?<![\w-])--([A-Za-z][\w-]{0,63})")
_CALL = re.compile(r"(?<![\w.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\s*\(")
_PIN = re.compile(
    r"(?<![\w/.-])(@?[A-Za-z][\w.-]*(?:/[\w.-]+)?)\s*(==|>=|~=|@\^?|@~?)\s*v?(\d+(?:\.\d+)+)"
)
_PATH_NAME = re.compile(r"(?<![\w.-])([A-Za-z_][\w-]*)/[\w./-]+\.\w+")
_PARAM = re.compile(r"^(\{[^/}]+\}|:[A-Za-z_]\w*|<[^/>]+>)$")
_LOOPBACK = ("localhost", "127.0.0.1", "0.0.0.0", "[::1]")
_WRAPPERS = frozenset({"sudo", "env", "time", "nohup", "exec", "$", ">", "npx", "uv", "poetry"})
_NOT_PACKAGES = frozenset({"self", "this", "cls", "super"})


@dataclass(frozen=True)
class Identifier:
    """One external identifier: its kind, its text as written, and the line it is on."""

    kind: str
    text: str
    line: int


@dataclass(frozen=True)
class Checked:
    """An identifier and what backs it (``repository:<path>`` / ``observed:<id>``), if anything."""

    identifier: Identifier
    backed_by: str | None

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form (for the audit event)."""
        return {
            "kind": self.identifier.kind,
            "text": self.identifier.text,
            "line": self.identifier.line,
            "backed_by": self.backed_by,
        }


def _code_parts(text: str) -> list[tuple[int, str, str]]:
    """``(line, language, code)`` of each fenced-block line and inline code span."""
    out: list[tuple[int, str, str]] = []
    fence: str | None = None
    lang = ""
    for n, line in enumerate(text.splitlines(), 1):
        opened = _FENCE.match(line)
        if opened and (fence is None or opened.group(1) == fence):
            if fence is None:
                fence, lang = opened.group(1), opened.group(2).lower()
            else:
                fence, lang = None, ""
            continue
        if fence is not None:
            out.append((n, lang, line))
        else:
            out.extend((n, "", span) for span in _SPAN.findall(line))
    return out


def _json_blocks(text: str) -> list[tuple[int, str]]:
    """``(line, text)`` of lines inside fenced blocks that are JSON (by label or by shape)."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    lang = ""
    block: list[tuple[int, str]] = []
    for n, line in enumerate(text.splitlines(), 1):
        opened = _FENCE.match(line)
        if opened and (fence is None or opened.group(1) == fence):
            if fence is None:
                fence, lang, block = opened.group(1), opened.group(2).lower(), []
            else:
                body = "\n".join(t for _, t in block).strip()
                if lang in ("json", "jsonc", "json5") or (not lang and body.startswith("{")):
                    out.extend(block)
                fence, lang = None, ""
            continue
        if fence is not None:
            block.append((n, line))
    return out


def own_names(texts: Iterable[str], project_name: str, top_level: Iterable[str] = ()) -> set[str]:
    """Names that are the project's own: its name, its top-level entries, packages in paths."""
    names = {project_name, project_name.replace("-", "_"), *top_level}
    for text in texts:
        names.update(_PATH_NAME.findall(text))
    return {n for n in names if n}


def _command(code: str) -> str | None:
    """The command a line of shell starts with, past wrappers and ``VAR=value`` prefixes."""
    words = code.strip().split()
    while words and (words[0] in _WRAPPERS or re.match(r"^[A-Za-z_]\w*=", words[0])):
        words = words[1:]
    if not words or words[0].startswith("-"):
        return None
    if re.match(r"^python3?$", words[0]) and len(words) > 2 and words[1] == "-m":
        return words[2]
    return words[0].rsplit("/", 1)[-1]


def _is_loopback(url: str) -> bool:
    host = url.split("://", 1)[1].split("/", 1)[0].split("@")[-1]
    return any(host == lo or host.startswith(lo + ":") for lo in _LOOPBACK)


def extract(text: str, own: set[str]) -> list[Identifier]:
    """The external identifiers of ``text`` in order of appearance, each once."""
    found: dict[tuple[str, str], Identifier] = {}

    def add(kind: str, value: str, line: int) -> None:
        found.setdefault((kind, value), Identifier(kind, value, line))

    for n, line in enumerate(text.splitlines(), 1):
        for url in _URL.findall(line):
            url = url.rstrip(".,;:!?*_")
            if not _is_loopback(url):
                add("url", url, n)
        for method, path in _METHOD_PATH.findall(line):
            add("endpoint", f"{method} {path.rstrip('.:')}", n)
        for name, op, version in _PIN.findall(line):
            if not name.lower().startswith(("http", "www.")):
                add("version", f"{name}{op}{version}", n)
    for n, line in _json_blocks(text):
        for key in _JSON_KEY.findall(line):
            add("field", key, n)
    for n, _lang, code in _code_parts(text):
        command = _command(code)
        if command is not None and command not in own:
            for flag in _FLAG.findall(code):
                add("flag", f"--{flag}", n)
        for name in _CALL.findall(code):
            first = name.split(".", 1)[0]
            if first not in own and first not in _NOT_PACKAGES:
                add("function", name, n)
    ordered = sorted(found.values(), key=lambda i: (i.line, KINDS.index(i.kind), i.text))
    return ordered


def _path_pattern(path: str) -> re.Pattern[str]:
    parts = [p for p in path.split("?", 1)[0].rstrip("/").split("/")]
    pattern = "/".join(
        r"[^/\s`'\"]+" if _PARAM.match(p) else re.escape(p) for p in parts if p or parts == [""]
    )
    return re.compile(("/" if not pattern.startswith("/") else "") + pattern + r"(?![\w-])")


def _word(value: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])")


def backs(identifier: Identifier, text: str) -> bool:
    """True when ``text`` holds ``identifier`` literally (paths up to their placeholders)."""
    kind, value = identifier.kind, identifier.text
    if kind == "url":
        bare = value.split("#", 1)[0].split("?", 1)[0].rstrip("/")
        if bare in text:
            return True
        host, _, path = bare.split("://", 1)[1].partition("/")
        return bool(path) and host in text and bool(_path_pattern("/" + path).search(text))
    if kind == "endpoint":
        return bool(_path_pattern(value.split(" ", 1)[1]).search(text))
    if kind in ("field", "flag", "function"):
        return bool(_word(value).search(text))
    name, version = re.split(r"==|>=|~=|@\^?|@~?", value.lstrip("@"), maxsplit=1)
    name = value[0] + name if value.startswith("@") else name
    version_re, name_re = _word(version), _word(name.lower())
    return any(
        version_re.search(line) and name_re.search(line.lower()) for line in text.splitlines()
    )


def check(identifiers: Iterable[Identifier], sources: Iterable[tuple[str, str]]) -> list[Checked]:
    """Each identifier with the first source (``(label, text)``) that backs it, or ``None``."""
    pool = list(sources)
    out: list[Checked] = []
    for identifier in identifiers:
        label = next((name for name, text in pool if backs(identifier, text)), None)
        out.append(Checked(identifier, label))
    return out


DOC_TOOLS = frozenset({"Read", "WebFetch", "WebSearch"})
"""Tools whose observed output can back an identifier: reads of documentation. Write, Edit and
Bash outputs echo what the agent itself wrote or printed, so they never back anything."""
_FILE_PATH = re.compile(r'"filePath":\s*"((?:[^"\\]|\\.)*)"')


def observed_backs(tool: str, output: str, project: Path) -> bool:
    """True when an observed output may serve as a source: a web read, or a Read of a file
    outside the project (files inside it are the repository source, as they were before the
    run; a Read whose path cannot be told is left out)."""
    if tool not in DOC_TOOLS:
        return False
    if tool != "Read":
        return True
    found = _FILE_PATH.search(output)
    if found is None:
        return False
    try:
        path = Path(found.group(1).encode().decode("unicode_escape")).resolve()
    except (OSError, ValueError, UnicodeError):
        return False
    return not path.is_relative_to(project.resolve())


def repository_sources(
    files: Iterable[Path], project: Path, *, max_bytes: int = 1_000_000
) -> list[tuple[str, str]]:
    """``(repository:<path>, text)`` of each readable text file among ``files``."""
    out: list[tuple[str, str]] = []
    for path in files:
        try:
            if not path.is_file() or path.stat().st_size > max_bytes:
                continue
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        out.append((f"repository:{path.relative_to(project).as_posix()}", text))
    return out
