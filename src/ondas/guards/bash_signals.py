"""Bash guard rules for signalling processes: ondas's control processes are not the agent's.

Without the OS sandbox (an unattended ``--no-sandbox`` run) nothing but the guard keeps an
agent from signalling the processes that hold it: the claude process running it, ondas's run
server and MCP server, the hook forwarders. Those are the *control* class (category
``control``): ``kill`` of every process (``-1``), of the caller's process group (``0``) or of
any process group (a negative id), of the parent (``$PPID``), of pids computed from a lookup
of a control process (``$(pgrep -f ondas)``, ``pidof claude | xargs kill``); ``pkill`` and
``killall`` whose pattern would select one. A pattern is judged by what it selects, not by its
spelling: it is tried against the names and command lines the control processes run with
(:data:`CONTROL_PROCESSES`), as ``pkill`` would (``-f``: the whole command line; otherwise the
process name). ``kill %1``, ``kill $!`` (the job the same command started), a literal pid and
``pkill -f 'node server.js'`` stay ordinary work.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    Ctx,
    Stdin,
    Word,
    block,
    command_name,
    piped_any,
    register,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.verdict import ALLOW, Verdict

CONTROL_PROCESSES = (
    ("claude", "claude --print --output-format stream-json"),
    ("claude", "/usr/local/bin/claude --resume session"),
    ("node", "node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js"),
    ("ondas", "/usr/bin/python3 /usr/local/bin/ondas run spec.md"),
    ("ondas", "/usr/bin/python3 /usr/local/bin/ondas serve --port 8765"),
    ("ondas", "/usr/bin/python3 /usr/local/bin/ondas mcp serve"),
    ("python3", "python3 -m ondas run spec.md"),
    ("python3", "python3 -I -S /opt/ondas/src/ondas/hooks/__main__.py pre-tool-use"),
    ("celery", "celery -A ondas.fleet worker"),
)
"""(process name, command line) of the processes an ondas run depends on, as ``ps`` shows
them: the agent (the native ``claude`` binary or the npm package under ``node``), ondas's run
and MCP servers, the hook forwarder, a fleet worker."""

INTERPRETER_NAMES = ("python", "python2", "python3", *(f"python3.{n}" for n in range(6, 20)))
"""The names ondas's own interpreter runs under: the hooks, a detached run and the MCP server
start ``sys.executable`` (``.../venv/bin/python``, ``python3``, ``python3.12``), and ``ps``
shows that file's name. Each selects a control process as ``python3`` does (``killall
python``, ``pkill -x python3.11``)."""


def _control_targets(whole_line: bool) -> list[str]:
    """What a pattern is tried against: the control processes' names (``whole_line``: their
    command lines), and ondas's interpreter under each of its names."""
    if whole_line:
        interpreters = [f"{name} -P -m ondas mcp serve" for name in INTERPRETER_NAMES]
        return [line for _, line in CONTROL_PROCESSES] + interpreters
    return [name for name, _ in CONTROL_PROCESSES] + list(INTERPRETER_NAMES)


CONTROL_WORDS = LazyPattern(r"(?i)ondas|claude|anthropic|hooks?/__main__|pre-tool-use|\bhook")
"""Words that name a control process or its files (``.ondas/run.pid``)."""

SIGNALLERS = word_set("kill pkill killall killall5 skill")
LOOKUPS = word_set("pgrep pidof")
_PGREP_VALUE = word_set(
    "-d --delimiter -g --pgroup -G --group -P --parent -s --session -t --terminal -u --euid "
    "-U --uid -F --pidfile --signal -q --queue --ns --nslist -r --runstates --cgroup --env"
)
"""pgrep/pkill options that take a value (the pattern is the first word that is not one)."""
_SELECTORS = word_set("-u --euid -U --uid -g --pgroup -G --group -s --session -t --terminal")
"""Selections of every process of a user, group, session or terminal: with no pattern they
select the agent's own claude and ondas processes too."""
_KILLALL_VALUE = word_set(
    "-n --ns -o --older-than -s --signal -u --user -y --younger-than -Z --context"
)
"""killall's options that take a value; its others (``-q``, ``-r``, ``-g``, ``-e``, ``-w``)
take none, whatever pgrep's letters mean (``pgrep -q`` is a queue value, ``killall -q`` quiet),
so the next word is a name."""
_KILLALL_SELECTORS = word_set("-u --user")
"""killall's selection of every process of a user (with no name)."""
_SUBSTITUTION = LazyPattern(r"\$\(\s*([^()]*)\)|`([^`]*)`")


def _control(reason: str, seg: str) -> Verdict:
    return block("signal-control", seg, reason)


def _selects_control(pattern: str | None, whole_line: bool, exact: bool = False) -> bool:
    """Whether ``pattern`` (pkill's extended regular expression) selects a control process;
    an unknown pattern or one Python cannot compile does."""
    if pattern is None:
        return True
    if CONTROL_WORDS.search(pattern):
        return True
    try:
        compiled = re.compile(pattern)
    except re.error:
        return True
    for target in _control_targets(whole_line):
        if (compiled.fullmatch(target) if exact else compiled.search(target)) is not None:
            return True
    return False


def _lookup_selects_control(words: list[str | None]) -> bool:
    """``pgrep [options] PATTERN`` / ``pidof NAME...``: whether the pids it prints include a
    control process."""
    if not words:
        return False
    name = command_name(words[0] or "")
    if name not in LOOKUPS:
        return False
    args = words[1:]
    if name == "pidof":
        names = [a for a in args if a is None or not a.startswith("-")]
        return not names or any(_selects_control(n, False, exact=True) for n in names)
    return _pattern_selects(args, name)


def _pattern_selects(args: list[str | None], name: str) -> bool:
    """pgrep/pkill/killall arguments: whether they select a control process."""
    whole = False
    exact = name == "killall"
    valued = _KILLALL_VALUE if exact else _PGREP_VALUE
    selectors = _KILLALL_SELECTORS if exact else _SELECTORS
    patterns: list[str | None] = []
    selector = False
    i = 0
    while i < len(args):
        v = args[i]
        if v is None:
            patterns.append(None)
        elif v == "--":
            patterns.extend(args[i + 1 :])
            break
        elif v.startswith("--"):
            option = v.split("=", 1)[0]
            whole = whole or option == "--full"
            exact = exact and option != "--regexp"
            selector = selector or option in selectors
            if option in valued and "=" not in v:
                i += 1
        elif v.startswith("-") and len(v) > 1:
            if v in valued:
                selector = selector or v in selectors
                i += 1
            elif v[1:].isdigit() or (len(v) > 2 and v[1:].isupper()):
                pass  # a signal (``killall -TERM x``, ``pkill -9 x``)
            else:
                letters = v[1:]
                whole = whole or ("f" in letters and name != "killall")
                exact = exact and "r" not in letters
                for k, letter in enumerate(letters):
                    option = "-" + letter
                    selector = selector or option in selectors
                    if option in valued:
                        if k == len(letters) - 1:
                            i += 1
                        break
        else:
            patterns.append(v)
        i += 1
    if not patterns:
        return selector or name == "killall5"
    return any(_selects_control(p, whole, exact) for p in patterns)


def _computed_target(word: Word, ctx: Ctx) -> bool:
    """Whether a pid computed at run time may be a control process."""
    text = word.text
    if text in {"$!", "${!}"} or text.startswith("%"):
        return False  # the job this command started
    if re.search(r"\$\{?PPID\b", text) or CONTROL_WORDS.search(text):
        return True
    import shlex  # here: only a pid computed at run time needs it, not every hook

    for match in _SUBSTITUTION.finditer(text):
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        for stage in inner.split("|"):
            try:
                words: list[str | None] = list(shlex.split(stage))
            except ValueError:
                return True
            if _lookup_selects_control(words):
                return True
    return False


def _piped_lookup(s: Stdin | None, ctx: Ctx) -> bool:
    """``pgrep -f ondas | xargs kill``: pids read from a lookup of a control process."""
    if s is None or s.kind != "pipe":
        return False
    return piped_any(s, ctx, "control lookup", _control_lookup)


def _control_lookup(stage: list[Word]) -> bool:
    if any(CONTROL_WORDS.search(w.text) for w in stage):
        return True
    return _lookup_selects_control([w.value for w in stage])


def _kill(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    targets: list[Word] = []
    i = 0
    options = True
    while i < len(args):
        word = args[i]
        v = word.value
        if options and v == "--":
            options = False
        elif options and v in {"-s", "-n"}:
            i += 1  # the signal's name or number
        elif options and v in {"-l", "-L", "--list", "--table"}:
            return ALLOW
        elif options and i == 0 and v is not None and v.startswith("-") and len(v) > 1:
            pass  # ``-9``, ``-KILL``, ``-SIGTERM``: the signal
        else:
            options = False
            targets.append(word)
        i += 1
    for word in targets:
        v = word.value
        if v is None or word.text == "<stdin>":
            if word.text == "<stdin>" and _piped_lookup(s, ctx):
                return _control(
                    "signalling the pids of a lookup of ondas's or claude's processes", seg
                )
            if v is None and word.text.startswith("-"):
                return _control(
                    f"signalling a process group computed at run time ({word.text}): the "
                    "agent's own group holds claude and ondas's processes",
                    seg,
                )
            if v is None and _computed_target(word, ctx):
                return _control(
                    f"signalling a pid computed from {word.text!r}, which may be ondas's or "
                    "claude's own process",
                    seg,
                )
            continue
        if v in {"-1", "1"}:
            return block("kill-all", seg, "signalling every process or init")
        if v == "0" or (v.startswith("-") and v[1:].isdigit()):
            return _control(
                f"signalling process group {v}: the agent's own group holds claude and ondas's "
                "processes",
                seg,
            )
    if not targets and _piped_lookup(s, ctx):
        return _control("signalling the pids of a lookup of ondas's or claude's processes", seg)
    return ALLOW


def _pkill(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    values = [a.value for a in args]
    if name == "killall5" or _pattern_selects(values, name):
        return _control(
            f"{name} {' '.join(a.text for a in args)} would select ondas's or claude's own "
            "processes (the run server, the hook forwarder, the agent)".replace("  ", " "),
            seg,
        )
    return ALLOW


register("kill", _kill)
register("pkill killall killall5 skill", _pkill)
