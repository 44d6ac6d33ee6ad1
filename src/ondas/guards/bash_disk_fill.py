"""Writes that never end: a device of endless bytes (``/dev/zero``, ``/dev/urandom``) or
``yes`` copied into a file with nothing to stop the copy, which runs until the file system is
full (round 25, tune25a).

A full disk fails every program of the machine that writes (the session's own store, other
users' databases and logs), as a fork bomb starves it of processes; the OS sandbox lets the
project's own directory grow without bound, so no mode leaves it to the sandbox. The same
bytes copied a bounded number of times pass: ``dd ... count=N``, ``head -c 1M /dev/zero >
f``, ``yes | head -n 5 > f``, ``od -N 16 /dev/urandom``, and any copy into a device such as
``/dev/null``. Loaded only for a redirect whose statement names ``/dev/`` or ``yes``, and by
``dd`` reading such a device or a pipe.
"""

from __future__ import annotations

from ondas.guards.bash_base import block, command_name, word_set
from ondas.guards.verdict import Verdict

ENDLESS_DEVICES = frozenset({"/dev/zero", "/dev/urandom", "/dev/random", "/dev/full"})
"""Devices whose reads never reach an end (``/dev/full`` reads as zeros)."""

_HEXDUMP = (word_set("-e -f -n -s --format --length --skip"), frozenset({"-n", "--length"}))

FILE_FILTERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "cat": (frozenset(), frozenset()),
    "pv": (
        word_set("-s -L -B -N -i -w -H -d -R -P -A -F -D -x -u --size"),
        frozenset({"-S", "--stop-at-size"}),
    ),
    "base64": (frozenset({"-w", "--wrap"}), frozenset()),
    "base32": (frozenset({"-w", "--wrap"}), frozenset()),
    "basenc": (frozenset({"-w", "--wrap"}), frozenset()),
    "fold": (frozenset({"-w", "--width"}), frozenset()),
    "od": (
        word_set("-A -j -N -S -t -w --address-radix --skip-bytes --strings --format"),
        frozenset({"-N", "--read-bytes"}),
    ),
    "xxd": (
        word_set("-c -g -l -o -s -n -cols -groupsize -len -seek"),
        frozenset({"-l", "-len"}),
    ),
    "hexdump": _HEXDUMP,
    "hd": _HEXDUMP,
    "strings": (word_set("-n -t -e -T -s --bytes --radix --encoding"), frozenset()),
}
"""Programs that copy (or re-encode) the files named, else their standard input, until it
ends: the options that take a value (so the value is no file), and those that stop the copy
after a number of bytes (``od -N 16``, ``pv -S -s 1G``, ``xxd -l 32``, ``hexdump -n 64``)."""

STDIN_FILTERS = frozenset({"tr", "tee"})
"""Programs that copy their standard input through until it ends (their words are sets or
output files, never input)."""

Stage = tuple[list[str | None], str | None]
"""A pipeline's command: its words (the name first), and the file its standard input is
redirected from (``""`` for a here-document or here-string, None for the pipe)."""


def _bounded(name: str, values: list[str | None]) -> bool:
    """Whether an option stops the filter's copy (``-N 16``, ``-N16``, ``--read-bytes=16``, a
    cluster of letters holding it: ``hexdump -vn16``)."""
    bounds = FILE_FILTERS[name][1]
    letters = {b[1] for b in bounds if len(b) == 2}
    for v in values:
        if v is None or not v.startswith("-"):
            continue
        if v.split("=", 1)[0] in bounds:
            return True
        if not v.startswith("--") and letters.intersection(v[1:]):
            return True
    return False


def _inputs(name: str, values: list[str | None]) -> list[str | None] | None:
    """The files a filter reads (``-`` for its standard input), None when one is unknown."""
    takes = FILE_FILTERS[name][0]
    operands: list[str | None] = []
    skip = False
    for v in values:
        if skip:
            skip = False
            continue
        if v is None:
            return None
        if v in takes:
            skip = True
        elif v == "-" or not v.startswith("-"):
            operands.append(v)
    return operands or ["-"]


def endless(stages: list[Stage | None]) -> bool:
    """Whether the last of ``stages`` (a pipeline, first to last) prints without end: ``yes``,
    or a copy whose input is an endless device or an endless stage before it, with no bound."""
    fed = False
    for stage in stages:
        if stage is None:
            fed = False
            continue
        words, redirected = stage
        if redirected is not None:
            fed = redirected in ENDLESS_DEVICES
        name = command_name(words[0]) if words and words[0] is not None else ""
        values = words[1:]
        if name == "yes":
            fed = True
        elif name == "dd":
            sources = [v[3:] for v in values if v is not None and v.startswith("if=")]
            counted = any(v is None or v.startswith("count=") for v in values)
            fed = not counted and (sources[-1] in ENDLESS_DEVICES if sources else fed)
        elif name in STDIN_FILTERS:
            pass  # what came in goes out
        elif name in FILE_FILTERS:
            inputs = _inputs(name, values)
            fed = (
                inputs is not None
                and not _bounded(name, values)
                and any(i in ENDLESS_DEVICES or (i == "-" and fed) for i in inputs)
            )
        else:
            fed = False
    return fed


def lands_in_file(target: str | None) -> bool:
    """A target a copy fills (not a device or a process's descriptor, whose writes the other
    rules judge)."""
    return target is not None and not target.startswith(("/dev/", "/proc/"))


def fills_disk(how: str, target: str, segment: str) -> Verdict:
    return block(
        "disk-fill",
        segment,
        f"{how} writes endless bytes into {target[:80]!r} with nothing to stop them: the file "
        "grows until the disk is full, and every program of the machine that writes fails",
    )
