"""sudo's forms that print and run nothing (round 26, ``left26b``).

``sudo -l`` lists what the user may run (``-ll`` at length, ``-U USER`` another user's rules);
given a command, ``-l`` prints where the policy finds it, or exits 1 when it is not allowed,
and runs nothing (sudo(8): "If a command is specified and is permitted by the security
policy, the fully-qualified path to the command is displayed along with any command line
arguments"). ``-V`` prints the version, ``-h``/``--help`` the usage; given a word after them
sudo either stops with its usage or, for ``-h``, reads the word as a remote host and runs what
follows, so those two pass only alone. sudo's options end at the first operand, as its getopt
string's ``+`` says: ``sudo ls -l`` runs ``ls``. Every form that runs a command, validates or
caches the credentials (``-v``, ``-S``) or takes any other option stays refused.

Imported only for ``sudo``'s and ``sudo-rs``' lines with arguments (:func:`prints_only`).
"""

from __future__ import annotations

from ondas.guards.bash_base import Word

MODES = frozenset("lVh")
"""The letters that choose a printing mode: list, version, help."""
VALUED = frozenset("Ugu")
"""``-U USER`` (whose rules are listed), ``-u USER``, ``-g GROUP`` (as whom ``-l CMD`` is
checked): each takes a value, the rest of the word or the next word."""
QUIET = frozenset("n")
"""``-n``: never prompt for a password (the listing fails instead)."""
LONG = {
    "--list": "l",
    "--version": "V",
    "--help": "h",
    "--non-interactive": "n",
    "--other-user": "U",
    "--user": "u",
    "--group": "g",
}


def prints_only(args: list[Word]) -> bool:
    """``args`` of ``sudo`` choose a listing (with or without a command, which is not run), or
    the version or usage alone, with no option but those above."""
    modes: set[str] = set()
    operands = False
    k = 0
    while k < len(args):
        v = args[k].value
        k += 1
        if v is None:
            return False
        if v == "--" or not v.startswith("-") or v == "-":
            operands = v != "--" or k < len(args)
            break
        if v.startswith("--"):
            key, eq, _ = v.partition("=")
            letter = LONG.get(key)
            if letter is None or (eq and letter not in VALUED):
                return False
            modes.update(letter if letter in MODES else "")
            k += letter in VALUED and not eq
            continue
        for j, letter in enumerate(v[1:], 1):
            if letter in VALUED:
                k += j == len(v) - 1
                break
            if letter not in MODES and letter not in QUIET:
                return False
            modes.update(letter if letter in MODES else "")
    if k > len(args):
        return False  # a valued option with no value: sudo stops with its usage
    return modes == {"l"} or (modes in ({"V"}, {"h"}) and not operands)
