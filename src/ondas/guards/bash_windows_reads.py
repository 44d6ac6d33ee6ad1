"""Windows' programs that only report, let through unattended (round 25, left25), loaded only
for the lines naming one of them.

Run from Git Bash (or WSL's interop), ``ver``, ``vol``, ``ipconfig``, ``systeminfo``, ``where``,
``tasklist``, ``getmac``, ``driverquery`` and ``chcp`` print what the machine is and holds and
change nothing, in the forms :data:`READS` lists: each program's options that print (``/`` or
``-``, any case; ``/?`` everywhere), those of them that take the next word, and the operands it
reads. Every other form stays a program no rule names (refused unattended): ``ipconfig
/release``, ``/renew``, ``/flushdns`` change the network's state; ``systeminfo /s HOST``,
``tasklist /s HOST``, ``getmac /s HOST`` log in to another machine with ``/u`` and ``/p``.
``dir`` and ``type`` are read as coreutils' ``dir`` and bash's ``type`` already; ``hostname``,
``whoami``, ``tree`` and ``netstat`` have their rules; ``del``, ``rd`` and ``format`` keep theirs
(deletions and formats judged by their targets).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.guards.bash_base import Word

_NONE = "none"
_DRIVE = "drive"
_NAMES = "names"
_DIGITS = "digits"

READS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "ver": (frozenset(), frozenset(), _NONE),
    "vol": (frozenset(), frozenset(), _DRIVE),
    "ipconfig": (
        frozenset({"all", "displaydns", "showclassid", "showclassid6", "allcompartments"}),
        frozenset(),
        _NAMES,  # ``ipconfig /showclassid Ethernet``: an adapter's name
    ),
    "systeminfo": (frozenset({"nh", "fo"}), frozenset({"fo"}), _NONE),
    "where": (frozenset({"r", "q", "f", "t"}), frozenset({"r"}), _NAMES),
    "tasklist": (
        frozenset({"v", "svc", "m", "apps", "fi", "fo", "nh"}),
        frozenset({"fi", "fo"}),
        _NAMES,  # ``tasklist /m ntdll.dll``: a module's name
    ),
    "getmac": (frozenset({"v", "nh", "fo"}), frozenset({"fo"}), _NONE),
    "driverquery": (frozenset({"v", "si", "nh", "fo"}), frozenset({"fo"}), _NONE),
    "chcp": (frozenset(), frozenset(), _DIGITS),  # the console's code page, for its session
}
"""Each program's printing options (without ``/``), those taking the next word, and what its
operands may be: none, a drive (``C:``), names, or a number."""


def _option(value: str) -> str | None:
    """``/all``, ``-all``, ``//all`` (Git Bash's escape of a leading ``/``) as ``all``."""
    if value[:2] == "//":
        return value[2:].lower()
    if value[:1] in {"/", "-"} and len(value) > 1:
        return value[1:].lower()
    return None


def windows_reads(name: str, args: list[Word]) -> bool:
    """Whether ``name ARGS`` is one of :data:`READS`'s reporting forms."""
    row = READS.get(name.lower().removesuffix(".exe"))
    if row is None:
        return False
    options, valued, operands = row
    taken = False
    for word in args:
        value = word.value
        if value is None or "$" in value or "`" in value:
            return False
        if taken:
            taken = False
            continue
        option = _option(value)
        if option == "?":
            return True  # the usage, printed
        if option is not None and not (operands == _DRIVE and value[1:2] == ":"):
            if option not in options:
                return False
            taken = option in valued
            continue
        if operands == _NONE:
            return False
        if operands == _DRIVE and not (len(value) == 2 and value[0].isalpha() and value[1] == ":"):
            return False
        if operands == _DIGITS and not value.isdigit():
            return False
    return not taken
