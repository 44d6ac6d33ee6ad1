"""Text bash itself turns into commands later: builtins that store code or expand a word again.

A word that looks inert when the line is read can run a command when bash evaluates it a
second time: an array subscript in arithmetic (``x='a[$(cmd)]'; (( x ))``, ``let``,
``[[ -v ]]``, ``declare -i``, ``unset``, ``printf -v``), a quoted compound assignment
(``declare -a 'a=($(cmd))'``), a prompt string (``PS4``, ``PS0``, ``PS1``, ``${v@P}``), the
word list of ``compgen -W``, the callback of ``mapfile -C`` and ``compgen -C``, a line put in
the history for ``fc -s`` to run. Each is checked as the command bash will run.
"""

from __future__ import annotations

from ondas.guards.bash_base import (
    PROMPT_VARIABLES,
    Ctx,
    Handler,
    Stdin,
    Word,
    block,
    check_argv,
    check_assignment,
    register,
)
from ondas.guards.lazy_re import DOTALL, LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

EVALUABLE = LazyPattern(r"\w\[[^\]]*(?:\$\(|`)|^\s*\w+(?:\[[^\]]*\])?\+?=\(.*(?:\$\(|`)", DOTALL)
"""Quoted text shaped as an array subscript or a compound assignment holding a command
substitution: bash runs the substitution whenever it evaluates the text arithmetically (or
``declare`` reads the compound assignment), however the text reached that point."""

_SUBSTITUTION = LazyPattern(r"\$\(|`")
HEREDOC_END = "__ONDAS_EXPANDED_TEXT__"
"""The delimiter of the here-document :func:`check_expanded` reads text through."""
_ESCAPED = LazyPattern(r"\\(\n|[$`\\])")


def readable_heredoc(text: str) -> str:
    """An unquoted here-document's ``text`` with the same command substitutions, in a form
    tree-sitter-bash reads them in: escaped ``\\$``, ``\\```, ``\\\\`` made inert text, a
    backslash-newline joined, and each line's leading blanks dropped. The parser reads no
    expansion at all in a body where a line starts with a blank before ``$(``, or with
    ``\\$``: ``cat <<-EOF`` with a tab-indented ``$(rm -rf ~)`` ran it unseen (round 19).
    Blanks before a substitution change nothing it runs."""
    text = _ESCAPED.sub(lambda m: "" if m.group(1) == "\n" else "__", text)
    return "\n".join(line.lstrip(" \t") for line in text.split("\n"))


def check_expanded(text: str, ctx: Ctx, depth: int) -> Verdict:
    """``text`` as bash expands it in double quotes, the command substitutions in it run (an
    unquoted here-document expands its body exactly so, without splitting words)."""
    if not _SUBSTITUTION.search(text):
        return ALLOW
    text = readable_heredoc(text)
    return ctx.check_source(f"cat <<{HEREDOC_END}\n{text}\n{HEREDOC_END}", ctx, depth + 1)


def check_evaluable(text: str, ctx: Ctx, depth: int) -> Verdict:
    """A quoted word whose text bash may evaluate again (see :data:`EVALUABLE`)."""
    if not EVALUABLE.search(text):
        return ALLOW
    return check_expanded(text, ctx, depth)


def _option_values(args: list[Word], options: str) -> tuple[list[Word | None], list[Word]]:
    """The values of the one-letter ``options`` that take one (``-C CMD``, ``-CCMD``), and
    the remaining words."""
    values: list[Word | None] = []
    rest: list[Word] = []
    taking = False
    for word in args:
        if taking:
            values.append(word)
            taking = False
            continue
        text = word.value
        if text is not None and len(text) >= 2 and text[0] == "-" and text[1] in options:
            if len(text) == 2:
                taking = True
            else:
                values.append(Word(text[2:], text[2:]))
            continue
        rest.append(word)
    if taking:
        values.append(None)
    return values, rest


def _callback(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``mapfile -C CMD``, ``compgen -C CMD``, ``complete -C CMD``: CMD is run as a command;
    ``compgen -W WORDS`` expands WORDS again."""
    for word in _option_values(args, "C")[0]:
        if word is None or word.value is None:
            return block("dynamic-command", seg, f"{name} runs a command computed at run time")
        verdict = ctx.check_source(word.value, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    if name in {"compgen", "complete"}:
        for word in _option_values(args, "W")[0]:
            if word is not None and word.value is not None:
                verdict = check_expanded(word.value, ctx, depth)
                if not verdict.allowed:
                    return verdict
    return ALLOW


def _history(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``history -s LINE`` puts LINE where ``fc -s`` and ``!!`` run it again."""
    if args and args[0].value == "-s":
        words = args[1:]
        if any(w.value is None for w in words):
            return block("dynamic-command", seg, "a history line computed at run time")
        return ctx.check_source(" ".join(w.value or "" for w in words), ctx, depth + 1)
    return ALLOW


def _printf(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``printf -v NAME FORMAT``: an assignment to NAME (a prompt, ``PROMPT_COMMAND``), whose
    NAME may hold a subscript bash evaluates."""
    if len(args) < 2 or args[0].value != "-v":
        return ALLOW
    target = args[1].value
    if target is None:
        return block("dynamic-command", seg, "printf -v assigns a variable named at run time")
    verdict = check_evaluable(target, ctx, depth)
    if not verdict.allowed:
        return verdict
    fmt = args[2].value if len(args) > 2 else ""
    value = fmt if fmt is not None and "%" not in fmt and "\\" not in fmt else None
    if target in PROMPT_VARIABLES:
        return ALLOW if value is None else check_expanded(value, ctx, depth)
    return check_assignment(target, value, ctx, depth, seg)


def _let(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``let EXPR...``: each expression is evaluated, its subscripts expanded again."""
    for word in args:
        if word.value is not None:
            verdict = check_expanded(word.value, ctx, depth)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _opening(value: str | None) -> bool:
    """Whether a word is only the openings of groups (``{``, ``(``, ``{ {``) or negations
    (``coproc { ! { CMD; }; }``)."""
    return (
        bool(value) and not (value or "").replace("{", "").replace("(", "").replace("!", "").strip()
    )


def _coproc(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``coproc NAME { CMD; }`` and ``coproc { CMD; }``: tree-sitter reads NAME (or ``{``) as
    the command; bash runs CMD."""
    if len(args) >= 3 and args[1].value in {"{", "("}:
        return check_argv(args[2:], ctx, depth, seg, s)
    if len(args) >= 2 and _opening(args[0].value):
        while len(args) >= 2 and _opening(args[0].value):
            args = args[1:]  # ``coproc { { CMD; }; }`` (tree-sitter-bash: one word ``{ {``)
        return check_argv(args, ctx, depth, seg, s)
    return check_argv(args, ctx, depth, seg, s)


def _enable(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``enable -f FILE NAME`` loads a builtin from a shared object: machine code the guard
    cannot read, run inside the shell itself by the next ``NAME`` (even ``cd``)."""
    for word in args:
        v = word.value
        if v is None or (v.startswith("-") and "f" in v[1:] and not v.startswith("--")):
            return block(
                "dynamic-command",
                seg,
                "enable -f loads a builtin from a shared object, code the guard cannot read",
            )
    return ALLOW


def _then_as_before(handler: Handler) -> Handler:
    """``handler``, then the default rule these builtins had before it (an output option such
    as ``history -w FILE``, a name unattended runs do not know)."""

    def checked(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        verdict = handler(name, args, ctx, depth, seg, s)
        if not verdict.allowed:
            return verdict
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, seg, s, name)

    return checked


def _turned_off(values: list[str | None], ctx: Ctx) -> None:
    """Note the builtins ``enable -n NAME...`` turns off (``?``: a name not known) and those
    ``enable NAME...`` turns back on (:attr:`~ondas.guards.bash_base.Ctx.builtins_off`)."""
    flags = "".join(v[1:] for v in values if v is not None and v.startswith("-"))
    names = {v if v is not None else "?" for v in values if v is None or not v.startswith("-")}
    if "n" in flags:
        ctx.builtins_off = ctx.builtins_off | names
    elif not flags and "?" not in names:
        ctx.builtins_off = ctx.builtins_off - names


def _enable_then_as_before(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """:func:`_enable`, then: ``enable -n NAME...`` turns builtins off (the names are then
    found on ``PATH``, as any program's are), which unattended runs allowed before round 14
    took ``-n`` out of what makes an unknown program a dry run; anything else as before."""
    values = [a.value for a in args]
    _turned_off(values, ctx)
    if "-n" in values and all(v is not None and (v == "-n" or v[:1] != "-") for v in values):
        return ALLOW  # ``enable -n echo``
    return _then_as_before(_enable)(name, args, ctx, depth, seg, s)


register("mapfile readarray compgen complete", _then_as_before(_callback))
register("history", _then_as_before(_history))
register("printf", _then_as_before(_printf))
register("let", _then_as_before(_let))
register("coproc", _coproc)
register("enable", _enable_then_as_before)
