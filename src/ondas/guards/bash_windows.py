"""Bash guard rules for PowerShell and cmd.exe started from bash."""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    check_argv,
    check_write_target,
    register,
    rm_targets,
    word_set,
)
from ondas.guards.bash_net import network_url
from ondas.guards.bash_system import DISK_TOOLS, SHUTDOWN_TOOLS, stdin_code
from ondas.guards.lazy_re import re
from ondas.guards.verdict import ALLOW, Verdict


def _powershell(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    value_params = (
        "executionpolicy",
        "windowstyle",
        "inputformat",
        "outputformat",
        "version",
        "configurationname",
        "workingdirectory",
        "psconsolefile",
        "settingsfile",
        "custompipename",
        "encodedarguments",
    )
    i = 0
    while i < len(args):
        word = args[i]
        v = word.value
        if v is None:
            return block("dynamic-command", seg, "PowerShell arguments computed at run time")
        p = v.lower().lstrip("-/") if v[:1] in "-/" else None
        if p is None:
            break
        if p and "command".startswith(p) and p.startswith("c"):
            rest = args[i + 1 :]
            if any(a.value is None for a in rest):
                return block("dynamic-command", seg, "PowerShell code computed at run time")
            text = " ".join(a.value or "" for a in rest)
            if text.strip() == "-":
                return stdin_code(s, ctx, depth, seg, shell=True)
            return check_windows_text(text, ctx, depth + 1, seg)
        if p and ("encodedcommand".startswith(p) or p == "ec") and not p.startswith("ex"):
            encoded = args[i + 1].value if i + 1 < len(args) else None
            from ondas.guards.bash import decode_base64

            decoded = decode_base64(encoded or "")
            if decoded is None or "\x00" in decoded:  # PowerShell reads it as UTF-16LE text
                return block("parse-error", seg, "an encoded command that does not decode")
            return check_windows_text(decoded, ctx, depth + 1, seg)
        if p and "file".startswith(p) and p.startswith("f"):
            return ALLOW
        i += 2 if any(q.startswith(p) for q in value_params) and p else 1
    rest = args[i:]
    if not rest:
        return stdin_code(s, ctx, depth, seg, shell=True) if s is not None else ALLOW
    if any(a.value is None for a in rest):
        return block("dynamic-command", seg, "PowerShell code computed at run time")
    return check_windows_text(" ".join(a.value or "" for a in rest), ctx, depth + 1, seg)


def msys_argument(value: str | None) -> str | None:
    """An argument as Git Bash (MSYS) hands it to a Windows program: a word of the form
    ``//x`` (no other slash) reaches it as ``/x``, so ``cmd //c rd //s //q src`` is cmd's ``/c
    rd /s /q src`` (round 23s)."""
    if value is not None and value.startswith("//") and "/" not in value[2:] and value[2:]:
        return value[1:]
    return value


def _cmd_exe(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    values = [msys_argument(a.value) for a in args]
    for i, v in enumerate(values):
        if v is not None and v.lower() in {"/c", "/k", "/r"}:
            rest = values[i + 1 :]
            if any(v is None for v in rest):
                return block("dynamic-command", seg, "cmd.exe code computed at run time")
            text = " ".join(v or "" for v in rest)
            return check_windows_text(text, ctx, depth + 1, seg, cmd=True)
    if "/?" in values:
        return ALLOW
    from ondas.guards.bash_interactive import interactive

    return interactive(name, args, ctx, seg, s)  # no /c: cmd.exe's prompt


PS_REMOVE = frozenset({"remove-item", "ri", "rm", "del", "erase", "rd", "rmdir", "rimraf"})


def check_windows_text(
    text: str,
    ctx: Ctx,
    depth: int,
    seg: str,
    *,
    statements: bool = True,
    piped: list[str | None] | None = None,
    cmd: bool = False,
) -> Verdict:
    """Check PowerShell or cmd.exe code: dangerous cmdlets anywhere, then (with
    ``statements``) each statement as a command; ``piped``: the words of the pipeline stage
    that feeds the first statement (``Get-ChildItem | Remove-Item`` run from bash); ``cmd``:
    the text is cmd.exe's, whose redirects, paths and file builtins :func:`_cmd_statement`
    reads (round 23s)."""
    from ondas.guards.bash import MAX_DEPTH

    if depth > MAX_DEPTH:
        return block("nesting-too-deep", seg, "shell strings nested too deep to check")
    before: list[str | None] = []
    for statement, fed in _split_statements(text):
        feeding = piped if piped is not None else before if fed else None
        piped = None
        tokens = _ps_tokens(statement)
        if cmd:
            tokens, written = _cmd_statement(tokens)
            for path in written:
                verdict = check_write_target(Word(path, path), ctx, seg)
                if not verdict.allowed:
                    return verdict
        before = list(tokens)
        if not tokens:
            continue
        bare = [t.strip("(){}[]$&@.;'\"`").lower() for t in tokens]
        for k, token in enumerate(bare):
            if token in DISK_TOOLS:
                return block("disk-format", seg, f"{tokens[k]} formats or wipes disks")
            if token in SHUTDOWN_TOOLS:
                return block("shutdown", seg, "shutting down or rebooting the machine")
            if token in {"iex", "invoke-expression", "invoke-command", "icm", "add-type"}:
                return block("dynamic-command", seg, "PowerShell running code built at run time")
            if token in {"start-process", "saps", "start"} and any(
                b == "runas" for b in bare[k + 1 :]
            ):
                return block("privilege-escalation", seg, "starting a process as administrator")
            if token in word_set(
                "invoke-webrequest iwr invoke-restmethod irm curl wget start-bitstransfer"
            ):
                for url in tokens[k + 1 :]:
                    if "://" in url:
                        verdict = network_url(url.strip("'\"()"), ctx, seg)
                        if not verdict.allowed:
                            return verdict
        if not statements:
            continue
        head = bare[0]
        if head in PS_REMOVE:
            recursive = any(
                b in {"-recurse", "-r", "/s", "-rf", "-fr"} or b.startswith("-rec")
                for b in bare[1:]
            )
            targets: list[Word] = []
            skip = False
            for token in tokens[1:]:
                low = token.lower()
                if skip:
                    skip = False
                    continue
                if low in {"-include", "-exclude", "-filter"}:
                    skip = True
                    continue
                if low.startswith("-") or low in {"/s", "/q", "/f"}:
                    continue
                value = (
                    None
                    if token.startswith("$") and not token.lower().startswith("$env:")
                    else token
                )
                if token.lower().startswith(("$env:userprofile", "$home", "$env:homepath")):
                    value = "~" + re.sub(
                        r"(?i)^\$(env:userprofile|home|env:homepath)", "", token
                    ).replace("\\", "/")
                targets.append(Word(value, token))
            if not targets and feeding is not None and "-whatif" not in bare:
                handed = _items_named(feeding)
                if handed is None:
                    return block(
                        "rm-unknown-target",
                        seg,
                        f"{tokens[0]} deletes what the pipeline hands it: every item the listing "
                        "before it names, none named on the line (as ls | xargs rm)",
                    )
                targets = handed
            verdict = rm_targets(targets, recursive, ctx, seg)
            if not verdict.allowed:
                return verdict
            continue
        if head in PS_CONTENT:
            verdict = _ps_content(tokens, feeding, ctx, seg)
            if not verdict.allowed:
                return verdict
        words = [Word(None if t.startswith("$") else t, t) for t in tokens]
        if words[0].value is not None and words[0].value.startswith("&"):
            words = words[1:] or words
        if words and words[0].value in {"&", "."}:
            words = words[1:]
        verdict = check_argv(words, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


PS_CONTENT = frozenset(
    {"clear-content", "clc", "set-content", "sc", "add-content", "ac", "out-file"}
)
"""PowerShell's cmdlets that write a file's content (round 24): ``Clear-Content PATH`` empties
it, ``Set-Content PATH VALUE`` and ``Out-File PATH`` (of what the pipeline hands it) replace
it, ``Add-Content`` appends."""
_PS_CONTENT_VALUED = frozenset(
    {"-encoding", "-stream", "-filter", "-include", "-exclude", "-credential", "-width"}
)
_PS_CONTENT_PATH = frozenset({"-path", "-literalpath", "-pspath", "-lp", "-filepath"})
_PS_CONTENT_VALUE = frozenset({"-value", "-inputobject"})
_PS_NOTHING = frozenset({"$null", "@()"})


def _ps_content(tokens: list[str], feeding: list[str | None] | None, ctx: Ctx, seg: str) -> Verdict:
    """A content cmdlet's files are writes; one left empty (``Clear-Content``, ``Set-Content
    PATH -Value ""``, ``"" | Out-File PATH``: an empty string is no token here) is emptied, as
    ``truncate -s 0`` empties it (round 24)."""
    from ondas.guards.bash_system import beyond_recovery

    cmdlet = tokens[0].lower()
    paths: list[str] = []
    values: list[str] = []
    valued = False
    k = 1
    while k < len(tokens):
        token, low = tokens[k], tokens[k].lower().rstrip(":")
        following = tokens[k + 1] if k + 1 < len(tokens) else None
        if low in _PS_CONTENT_PATH or low in _PS_CONTENT_VALUE or low in _PS_CONTENT_VALUED:
            if low in _PS_CONTENT_VALUE:
                valued = True
                if following is not None and not following.startswith("-"):
                    values.append(following)
            elif low in _PS_CONTENT_PATH and following is not None:
                paths.append(following)
            k += 2 if following is not None and not following.startswith("-") else 1
            continue
        if not token.startswith("-"):
            if paths:
                values.append(token)
            else:
                paths += [part for part in token.split(",") if part]
        k += 1
    if cmdlet in {"clear-content", "clc"}:
        empty = True
    elif cmdlet in {"add-content", "ac"}:
        empty = False
    else:
        given = values if valued or cmdlet != "out-file" else []
        handed = [] if feeding is None else [w for w in feeding if w is not None]
        if feeding is not None and len(handed) != len(feeding):
            handed = ["$unknown"]
        empty = all(v.lower() in _PS_NOTHING for v in given + handed)
    targets = [Word(None if p.startswith("$") else cmd_path(p), p) for p in paths]
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return beyond_recovery(tokens[0], targets, ctx, seg, "empties") if empty else ALLOW


CMD_FILE_BUILTINS = {"copy": "cp", "move": "mv", "ren": "mv", "rename": "mv", "type": "cat"}
"""cmd.exe's file builtins, judged as the Unix programs they match (``copy /y A B`` as ``cp A
B``, ``move`` and ``ren`` as ``mv``)."""


def cmd_path(token: str) -> str:
    """A cmd.exe path as the guard reads paths: backslashes as slashes, a drive (``C:\\x``) as
    Git Bash's ``/c/x``."""
    path = token.replace("\\", "/")
    if len(path) >= 2 and path[1] == ":" and path[0].isalpha():
        return "/" + path[0].lower() + path[2:]
    return path


def _cmd_statement(tokens: list[str]) -> tuple[list[str], list[str]]:
    """A cmd.exe statement's words with its redirects taken out, its paths read as the guard
    reads paths and its file builtins named as their Unix programs, and the files its
    redirects write (``echo {} > .claude\\settings.json``, ``type nul > FILE``; ``nul`` is
    nothing)."""
    words: list[str] = []
    written: list[str] = []
    k = 0
    while k < len(tokens):
        token = tokens[k]
        head = token.lstrip("12")
        if head.startswith(">"):
            target = head.lstrip(">")
            if not target and k + 1 < len(tokens):
                k += 1
                target = tokens[k]
            if target and target.lower() != "nul" and not target.startswith("&"):
                written.append(cmd_path(target))
        else:
            words.append(cmd_path(token) if "\\" in token or token[1:2] == ":" else token)
        k += 1
    if words and words[0].lower() in CMD_FILE_BUILTINS:
        options = [w for w in words[1:] if w[:1] == "/" and len(w) <= 3]
        words = [CMD_FILE_BUILTINS[words[0].lower()]] + [w for w in words[1:] if w not in options]
    return words, written


def _items_named(stage: list[str | None]) -> list[Word] | None:
    """The items a pipeline stage hands on when it names them as paths on the line
    (``Get-Item a.txt b.txt``), else None: a listing's items (``Get-ChildItem``) are known only
    when it runs."""
    words = [w for w in stage if w is not None]
    if len(words) != len(stage) or not words or words[0].lower() not in {"get-item", "gi"}:
        return None
    operands = [  # ``Get-Item a.txt, b.txt``: PowerShell's array of paths
        part
        for w in words[1:]
        if w.lower() not in {"-path", "-literalpath", "-force"}
        for part in w.split(",")
        if part
    ]
    if not operands or any(w.startswith(("-", "$")) for w in operands):
        return None
    return [Word(w, w) for w in operands]


def _split_statements(text: str) -> list[tuple[str, bool]]:
    """The statements of PowerShell or cmd.exe ``text``, each with whether a pipe (one ``|``,
    not ``||``) feeds it."""
    statements: list[tuple[str, bool]] = []
    current: list[str] = []
    quote: str | None = None
    fed = False
    for k, ch in enumerate(text):
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
            current.append(ch)
        elif ch in ";|&\n{}":
            statements.append(("".join(current), fed))
            current = []
            fed = ch == "|" and text[k + 1 : k + 2] != "|" and text[k - 1 : k] != "|"
        else:
            current.append(ch)
    statements.append(("".join(current), fed))
    return [(s.strip(), fed) for s, fed in statements if s.strip()]


def _ps_tokens(statement: str) -> list[str]:
    tokens: list[str] = []
    current: list[str] = []
    quote: str | None = None
    escaped = False
    for ch in statement:
        if escaped:
            current.append(ch)
            escaped = False
        elif ch == "`":
            escaped = True
        elif quote:
            if ch == quote:
                quote = None
            else:
                current.append(ch)
        elif ch in "'\"":
            quote = ch
        elif ch.isspace():
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        tokens.append("".join(current))
    return tokens


def _windows_admin(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Windows' administration tools and PowerShell's service cmdlets, read by verb
    (:mod:`ondas.guards.bash_windows_admin`, imported only for their lines); a verb it does not
    know is judged as a program no rule names."""
    from ondas.guards.bash_windows_admin import windows_admin

    verdict = windows_admin(name, args, ctx, depth, seg, s)
    if verdict is not None:
        return verdict
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


WINDOWS_ADMIN = (
    "sc net net1 schtasks reg bcdedit takeown icacls wmic stop-service start-service "
    "restart-service suspend-service resume-service set-service new-service remove-service "
    "spsv sasv setx runas gsudo psexec psexec64 paexec"
)
"""The names :func:`_windows_admin` judges (``bash_windows_admin.PROGRAMS``, spelled here so
that module loads only for their lines)."""


def _windows_files(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Windows' file copying tools (``robocopy``, ``xcopy``, ``fsutil``) read by their options
    (:mod:`ondas.guards.bash_windows_files`, imported only for their lines); what it does not
    read is judged as a program no rule names."""
    from ondas.guards.bash_windows_files import windows_files

    verdict = windows_files(name, args, ctx, depth, seg, s)
    if verdict is not None:
        return verdict
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


WINDOWS_FILES = "robocopy xcopy fsutil"
"""The names :func:`_windows_files` judges (``bash_windows_files.PROGRAMS``)."""

register("powershell pwsh", _powershell)
register(WINDOWS_FILES, _windows_files)
register("cmd", _cmd_exe)
register(WINDOWS_ADMIN, _windows_admin)
