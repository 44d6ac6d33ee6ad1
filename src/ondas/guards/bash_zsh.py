"""zsh's ``emulate -c``: words a session whose shell is zsh runs as code.

Claude Code's Bash tool runs a command in the user's own shell, bash or zsh. In bash,
``emulate`` is a program nobody installed (an unknown program, refused unattended); in zsh,
``emulate [-lLR] [{+|-}o OPTION]... MODE -c ARG`` evaluates ARG under MODE's options in the
shell itself, as ``eval`` does (round 21, sh-guard's ``emulate sh -c 'rm -rf /'``, which
passed attended and sandboxed). ARG is checked as a command line of this shell in every mode;
the rest of ``emulate`` (``emulate -L zsh``, ``emulate sh``) sets the shell's options only and
is judged as before.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, block, in_this_shell
from ondas.guards.lazy_re import LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

_CODE_FLAG = LazyPattern(r"-[lLR]*c[lLR]*")
"""``-c`` alone or among emulate's single-letter flags (``-Lc``, ``-cR``): its value is code."""
_OPTION_FLAGS = frozenset({"-o", "+o"})
"""``-o OPTION`` / ``+o OPTION``: an option's name follows, not code."""


def emulated_code(args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """The code ``emulate ... -c ARG`` runs, each ARG checked as a line of this shell."""
    k = 0
    while k < len(args):
        value = args[k].value
        if value in _OPTION_FLAGS:
            k += 2
            continue
        if value is not None and _CODE_FLAG.fullmatch(value) and k + 1 < len(args):
            code = args[k + 1].value
            if code is None:
                return block(
                    "dynamic-command", segment, "emulate -c runs code computed at run time"
                )
            verdict = in_this_shell(code, ctx, 1)
            if not verdict.allowed:
                return verdict
            k += 2
            continue
        k += 1
    return ALLOW
