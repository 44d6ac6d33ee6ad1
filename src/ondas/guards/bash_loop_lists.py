"""A ``for`` loop's list printed by a listing whose output has a known shape.

``for i in $(seq 1 10)`` and ``for f in $(ls *.txt)`` take the words a command prints, which
the guard does not know, so their variable was unknown in the body (``mkdir dir_$i``, ``cp $f
backup/$f`` were ``write-unknown-target``). Two listings print words of a known shape: ``seq``
with integer operands prints integers, and ``ls`` with no option prints names without a ``/``
that do not start with a dot, so that a body given one acts on an entry of the working
directory, as ``for f in *`` binds it. Any other option, a pipe, a quoted or computed word
leaves the list unknown, as before (round 20, tune20b).

Round 21 (``left21``): the lines a pipe feeds a ``while read`` loop, by the same shapes and
``echo``/``printf`` of static words (:func:`printed_lines`), imported only for such a loop.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word

_NOT_PLAIN = frozenset("()`'\"\\$;|&<>{}\n")
"""Characters no plain listing of :func:`printed_words` holds (quotes, expansions, lists)."""
_SAMPLES = 3
"""Values of a long ``seq`` kept: each is an integer, so the first, the second and the last
stand for the rest."""


def printed_words(text: str) -> list[Word] | None:
    """The words the command substitution ``text`` (``$(seq 1 10)``, `` `ls *.txt` ``) prints,
    for a listing of known shape; None when they are unknown."""
    if text.startswith("$(") and text.endswith(")"):
        inner = text[2:-1]
    elif len(text) > 1 and text.startswith("`") and text.endswith("`"):
        inner = text[1:-1]
    else:
        return None
    argv = inner.split()
    if not argv or not _NOT_PLAIN.isdisjoint(inner):
        return None
    if argv[0] == "seq":
        return _integers([a for a in argv[1:] if a != "-w"])
    if argv[0] == "ls":
        return _names([a for a in argv[1:] if a != "-1"])
    return None


def _integer(text: str) -> bool:
    digits = text[1:] if text.startswith("-") else text
    return digits.isascii() and digits.isdigit() and len(digits) <= 9


def _integers(operands: list[str]) -> list[Word] | None:
    if not 1 <= len(operands) <= 3 or not all(_integer(a) for a in operands):
        return None
    numbers = [int(a) for a in operands]
    first, step, last = (1, 1, numbers[0]) if len(numbers) == 1 else (numbers[0], 1, numbers[-1])
    if len(numbers) == 3:
        step = numbers[1]
    if step == 0:
        return None
    values = range(first, last + (1 if step > 0 else -1), step)
    kept = list(values[: _SAMPLES - 1]) + ([values[-1]] if len(values) >= _SAMPLES else [])
    return [Word(str(n), str(n)) for n in kept]


def _names(operands: list[str]) -> list[Word] | None:
    """``ls`` with no option prints names without a ``/`` (of the working directory, or of
    what its operands name): an operand that names a file is printed as it matched
    (``ls *.pem`` prints the ``.pem`` files, ``ls .env*`` the dot names its glob matches), one
    that names a directory prints its entries, which the loop body then finds in the working
    directory, as with ``*``. Round 23 (diff23): the operands were dropped, so ``ls *.pem |
    while read f; do cat "$f"; done`` read ``cat *``, where ``ls *.pem | sort | while ...``
    and ``ls *.pem | xargs cat`` were read as the listing of secrets they are."""
    if any(a.startswith("-") or "/" in a for a in operands):
        return None  # ``ls src/`` prints another directory's entries
    return [Word("*", "*"), *(Word(a, a) for a in dict.fromkeys(operands))]


def printed_lines(argv: list[Word]) -> list[str] | None:
    """The lines ``argv`` prints when they are known: ``echo``/``printf`` of static words
    (each way bash's and sh's builtins may print them), ``seq``'s integers and ``ls``'s entries
    (as ``*``); None otherwise. Each line as ``read NAME`` binds it: blanks around it cut."""
    values = [w.value for w in argv]
    if not values or None in values:
        return None
    name = values[0]
    if name in {"echo", "printf"}:
        from ondas.guards.bash_system import printed_texts

        texts = printed_texts(str(name), [str(v) for v in values[1:]])
        if None in texts:
            return None
        lines = [line.strip(" \t") for t in texts if t is not None for line in t.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()  # the newline that ends the last line
        return list(dict.fromkeys(lines))
    if name in {"seq", "ls"}:
        words = printed_words("$(" + " ".join(w.text for w in argv) + ")")
        return None if words is None else [str(w.value) for w in words]
    return None
