"""fish's own options, read as its ``getopt_long`` reads them (issue 30, round 21, ``tune21a``).

fish takes its code from options that carry a value, unlike the POSIX shells' ``-c`` flag:
``-c CODE``, ``-cCODE``, ``--command CODE``, ``--command=CODE`` and any unambiguous prefix of
the long name (``--com=CODE``); the option may be given again, and fish runs each value in
turn (``fish -c ls -c CODE``); ``-C``/``--init-command`` runs its value first, then the script
or the interactive session. Loaded only for lines that run ``fish``.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word

FISH_LONG = {
    "command": "c",
    "debug": "d",
    "debug-output": "o",
    "debug-stack-frames": "D",
    "features": "f",
    "init-command": "C",
    "interactive": "i",
    "login": "l",
    "no-config": "N",
    "no-execute": "n",
    "print-debug-categories": "h",  # prints and exits, as ``--help`` does
    "print-rusage-self": "",
    "private": "P",
    "profile": "p",
    "profile-startup": "p",
    "version": "v",
    "help": "h",
}
"""fish's long options (``fish --help``, fish 3 and 4) and the short option each stands for."""
FISH_VALUED = frozenset("cCdoDfp")
"""fish's short options that take a value (``+hPilNnvc:C:p:d:f:D:o:``)."""
_RUNS_NOTHING = frozenset("nvh")
"""fish's options after which it runs no code: ``-n`` (syntax only), ``-v``, ``-h``."""


class FishCall:
    """What one ``fish`` call runs: the code of its ``-c`` options (``commands``; None for a
    value computed at run time) and of its ``-C`` ones (``init``), whether it runs nothing
    (``-n`` reads for syntax; ``--version``, ``--help`` print and exit), and the words after
    its options (a script and its arguments)."""

    __slots__ = ("commands", "init", "no_execute", "rest")

    def __init__(self) -> None:
        self.commands: list[str | None] = []
        self.init: list[str | None] = []
        self.no_execute = False
        self.rest: list[Word] = []


def _long(head: str) -> str | None:
    """The short letter of the long option ``head`` names (whole, or an unambiguous prefix);
    None for an option fish does not know or cannot tell (it stops with an error)."""
    if head in FISH_LONG:
        return FISH_LONG[head]
    matches = [name for name in FISH_LONG if head and name.startswith(head)]
    return FISH_LONG[matches[0]] if len(matches) == 1 else None


def fish_call(args: list[Word]) -> FishCall:
    """``fish``'s arguments read as its option parser reads them: options up to the first
    word that is not one (``+`` in its option string), then a script and its arguments."""
    call = FishCall()

    def take(letter: str, value: str | None) -> None:
        if letter == "c":
            call.commands.append(value)
        elif letter == "C":
            call.init.append(value)

    i = 0
    while i < len(args):
        v = args[i].value
        following = args[i + 1].value if i + 1 < len(args) else ""
        if v is None or v == "--":
            i += 1 if v == "--" else 0
            break
        if v.startswith("--"):
            head, eq, value = v[2:].partition("=")
            letter = _long(head)
            if letter in FISH_VALUED or head == "profile-startup":
                take(letter or "", value if eq else following)
                i += 1 if eq else 2
                continue
            call.no_execute = call.no_execute or letter in _RUNS_NOTHING
            i += 1
            continue
        if len(v) < 2 or v[0] != "-":
            break
        used = 1
        for k, letter in enumerate(v[1:]):
            if letter in FISH_VALUED:
                attached = v[2 + k :]
                take(letter, attached or following)
                used = 1 if attached else 2
                break
            call.no_execute = call.no_execute or letter in _RUNS_NOTHING
        i += used
    call.rest = args[i:]
    return call
