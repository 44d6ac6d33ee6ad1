"""A command word that is a variable the line does not set: ``$PYTHON -m pytest``, ``"$MAKE" all``.

Claude Code runs each Bash tool call in a process of its own, started with the environment
Claude Code was started with (the one the PreToolUse hook inherits) after sourcing the env
file ``CLAUDE_ENV_FILE`` names, if any; an ``export`` in one call does not reach the next. So a
variable the line neither sets nor unsets has the value it has in the hook's environment
(:attr:`~ondas.guards.bash_base.Ctx.environment`), and bash runs what that value makes:
unquoted, the value split on the default ``IFS`` (not parsed again: a ``;`` in it is a
character of a word), and a word that expands to nothing dropped (``$UNSET a b`` runs ``a b``);
quoted, one word (``"$UNSET" a b`` runs nothing: ``command not found``). The walker
(:mod:`ondas.guards.bash`) reads the command word so, and :func:`check_argv` judges the words as
any command; this module says when the environment cannot tell (:func:`undecided`), and keeps
the value out of every reason (:func:`refused_from_environment`): values may be secrets, and
reasons reach the agent's transcript.

This module is loaded only for a command word that expands a variable.
"""

from __future__ import annotations

from collections.abc import Sequence

from ondas.guards.bash_base import Ctx, block, word_set
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.verdict import POLICY, Verdict, category_of

SHELL_SET = word_set(
    "BASH BASHOPTS BASHPID BASH_ALIASES BASH_ARGC BASH_ARGV BASH_ARGV0 BASH_CMDS BASH_COMMAND "
    "BASH_EXECUTION_STRING BASH_LINENO BASH_LOADABLES_PATH BASH_REMATCH BASH_SOURCE "
    "BASH_SUBSHELL BASH_VERSINFO BASH_VERSION COMP_CWORD COMP_KEY COMP_LINE COMP_POINT "
    "COMP_TYPE COMP_WORDBREAKS COMP_WORDS COPROC DIRSTACK EPOCHREALTIME EPOCHSECONDS EUID "
    "FUNCNAME GROUPS HISTCMD HISTFILE HISTFILESIZE HISTSIZE HOSTNAME HOSTTYPE IFS LINENO "
    "MACHTYPE MAILCHECK OLDPWD OPTARG OPTERR OPTIND OSTYPE PIPESTATUS PPID PS1 PS2 PS3 PS4 PWD "
    "RANDOM READLINE_ARGUMENT READLINE_LINE READLINE_MARK READLINE_POINT REPLY SECONDS "
    "SHELLOPTS SHLVL SRANDOM UID _"
)
"""Variables bash sets itself (at start, or as it runs), whatever the environment holds."""

SHELL_DEFAULTED = word_set("SHELL PATH TERM")
"""Variables bash gives a value of its own when the environment has none (``SHELL``: the
user's login shell; ``PATH``: a default search path)."""

_MAY_SET = LazyPattern(
    r"(?:^|[;&|(){}!\n`]|\b(?:then|do|else|elif)\b)\s*(?:source|\.|eval)\s"
    r"|\b(?:export|declare|typeset|local|readonly|read|mapfile|readarray|getopts|unset|let)\b"
    r"[^;&|\n]*?\s[\"']?[$`]"
    r"|\bprintf\s+(?:-\S+\s+)*-v\s*[\"']?[$`]"
)
"""A line that may set variables it does not name: it sources a file or evaluates text
(``. venv/bin/activate``, ``eval "$(tool env)"``), or declares, reads or unsets names computed
at run time (``export $(cat .env)``, ``printf -v "$n"``)."""

_NAMED = LazyPattern(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)")


def _mentioned(name: str, texts: Sequence[str]) -> bool:
    """Whether ``name`` appears in ``texts`` other than where it is expanded (``$NAME``,
    ``${NAME}``): an assignment, ``unset NAME``, ``read NAME``, ``for NAME in``, ``declare``."""
    bare = re.compile(r"(?<![\w$])(?<!\$\{)" + re.escape(name) + r"(?!\w)")
    return any(name in text and bare.search(text) is not None for text in texts)


def undecided(name: str, ctx: Ctx, texts: Sequence[str], defaulted: bool) -> str | None:
    """Why the environment does not tell the value ``$name`` has where the line runs (as the
    rest of a reason: "..., <why>"); None when it does. ``texts`` are the line and the code
    being read (a ``bash -c`` payload); ``defaulted`` says the expansion writes what to use
    when it is unset (``${NAME:-python3}``)."""
    if "IFS" in ctx.variables:
        return "and this line changes IFS, which splits it"
    if name in SHELL_SET:
        return "which bash sets itself"
    if _mentioned(name, texts):
        return "which this line sets, unsets or reads into at run time"
    if any(_MAY_SET.search(text) is not None for text in texts):
        return "and this line sources a file, evaluates text or sets names computed at run time"
    if ctx.sourced():
        return (
            "and an env file (CLAUDE_ENV_FILE's, or a session hook's) runs before every command "
            "and may set it"
        )
    if not ctx.environment_given:
        # as before round 17: unknown, unless the expansion writes its default
        return None if defaulted else "and the guard was not told the environment it runs in"
    if name in ctx.environment:
        return None
    if name in SHELL_DEFAULTED:
        return "which bash sets itself when the environment has none"
    if ctx.unattended and not defaulted:
        return (
            "which the environment does not set; unattended, the shell snapshot or an env file "
            "may set it, so what runs is undecidable"
        )
    return None


def computed_name_reason(text: str, ctx: Ctx) -> str:
    """The reason of a refusal of a command word computed at run time: the variable it reads
    and why its value is unknown here (never the value)."""
    found = (m.group(1) for m in _NAMED.finditer(text))
    name = next((n for n in found if n != "IFS"), None)  # ``$IFS``: a space
    if name is None:
        return "the command name is computed at run time"
    if name in ctx.variables:
        why = "which this line sets to a value known only at run time"
    else:
        why = undecided(name, ctx, (ctx.line,), False) or "whose value is not known here"
    return f"the command name is computed at run time from ${name}, {why}"


def refused_from_environment(verdict: Verdict, names: tuple[str, ...], segment: str) -> Verdict:
    """``verdict`` (a refusal of the command a command word read from the environment makes),
    its reason and segment replaced by ones that name the variables and show none of their
    values; its rule (and so its category) kept."""
    rule = verdict.rule or "dynamic-command"
    variables = ", ".join(f"${name}" for name in names)
    how = "by the specification's policy" if category_of(rule) == POLICY else "by the guard"
    return block(
        rule,
        segment,
        f"the command name is made from {variables} as the environment the line runs in holds "
        f"it (a variable it lacks expands to nothing), and the command this makes is refused "
        f"{how} ({rule}); the value is not shown",
    )
