"""Writes that never end: a device of endless bytes (``/dev/zero``, ``/dev/urandom``) or
``yes`` copied into a file with nothing to stop the copy, which runs until the file system is
full (round 25, tune25a); round 26 (left26a): ``seq inf``, an endless loop of ``echo`` and
``tee`` fed without end print so too, ``cp /dev/zero F`` copies so, and a bounded copy or
reservation of :data:`FILLS_BYTES` or more (``head -c 100G /dev/zero``, ``dd bs=1G
count=100``, ``fallocate -l 100G``) fills the disk as surely (``truncate -s 1T`` makes a sparse
file, no block written: it passes).

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
from ondas.guards.verdict import ALLOW, Verdict

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

FILLS_BYTES = 10 << 30
"""The size from which a bounded write fills the disk as an endless one does: 10 GiB, past
what a project's test data needs (``head -c 1G /dev/urandom > big.bin`` for an upload test
passes) and near all a CI runner's or a laptop's free space (a GitHub runner has ~14 GB)."""
_UNITS = "KMGTPEZY"


def size_bytes(text: str | None) -> int | None:
    """A size as coreutils reads it: ``100G`` and ``100GiB`` are powers of 1024, ``100GB`` of
    1000, a bare number bytes (``dd``'s ``bs=1M``, ``head -c 5G``, ``fallocate -l 2T``)."""
    if not text:
        return None
    body = text.rstrip("bB")
    power = 1000 if text.endswith(("B", "b")) and not text.endswith(("iB", "ib")) else 1024
    body = body[:-1] if body.endswith("i") else body
    unit = body[-1:].upper()
    if unit in _UNITS:
        body = body[:-1]
    elif text != body:
        return None  # ``b`` alone: 512-byte blocks for head, but rare; no reading
    if not body.isdigit():
        return None
    exponent = _UNITS.index(unit) + 1 if unit in _UNITS else 0
    return int(body) * int(power**exponent)


def _huge(text: str | None) -> bool:
    size = size_bytes(text)
    return size is not None and size >= FILLS_BYTES


def _head_bytes(values: list[str | None]) -> str | None:
    """The count of ``head -c N`` (``-cN``, ``--bytes=N``), or None."""
    for k, v in enumerate(values):
        if v in {"-c", "--bytes"} and k + 1 < len(values):
            return values[k + 1]
        if v is not None and v.startswith("--bytes="):
            return v[8:]
        if v is not None and v.startswith("-c") and len(v) > 2:
            return v[2:]
    return None


def _dd_bytes(values: list[str | None]) -> int | None:
    """What ``dd ... count=N`` copies: N blocks of ``bs=`` (``ibs=``, 512 bytes by default)."""
    found: dict[str, str] = {}
    for v in values:
        key, eq, value = (v or "").partition("=")
        if eq:
            found[key] = value
    count = size_bytes(found.get("count"))
    block = size_bytes(found.get("bs") or found.get("ibs") or "512")
    return count * block if count is not None and block is not None else None


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
        elif name == "seq":
            fed = bool(values) and (values[-1] or "").lower().lstrip("+") in {"inf", "infinity"}
        elif name == "head":
            operands = [v for v in values if v is not None and not v.startswith("-")]
            sized = _head_bytes(values)
            read = operands[-1:] if sized is None or operands[-1:] != [sized] else []
            given = read[0] in ENDLESS_DEVICES if read else fed
            fed = given and _huge(sized)
        elif name == "dd":
            sources = [v[3:] for v in values if v is not None and v.startswith("if=")]
            counted = any(v is None or v.startswith("count=") for v in values)
            given = sources[-1] in ENDLESS_DEVICES if sources else fed
            copied = _dd_bytes(values) if counted else None
            fed = given and (not counted or (copied is not None and copied >= FILLS_BYTES))
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


def fills_disk(how: str, target: str, segment: str, what: str = "endless bytes") -> Verdict:
    return block(
        "disk-fill",
        segment,
        f"{how} writes {what} into {target[:80]!r} with nothing to stop them: the file grows "
        "until the disk is full, and every program of the machine that writes fails",
    )


def reserves(values: list[str | None], target: str | None, segment: str) -> Verdict:
    """``fallocate -l 100G F`` (``--length``, ``-l100G``): the blocks are reserved, so the disk
    is as full as if they were written; sizes under :data:`FILLS_BYTES` pass."""
    for k, v in enumerate(values):
        size = None
        if v in {"-l", "--length"} and k + 1 < len(values):
            size = values[k + 1]
        elif v is not None and v.startswith("--length="):
            size = v[9:]
        elif v is not None and v.startswith("-l") and len(v) > 2:
            size = v[2:]
        if _huge(size) and lands_in_file(target):
            return fills_disk("fallocate", str(target), segment, f"a reservation of {size}")
    return ALLOW


def tee_fills(stages: list[Stage | None], targets: list[list[str | None]]) -> str | None:
    """The file a ``tee`` of the pipeline ``stages`` writes without end (``yes | tee F``,
    ``cat /dev/zero | tee -a F | cat > /dev/null``), or None: fed without end, and every stage
    after it passes what it reads on (a ``head`` after it ends the pipe, and tee with it).
    ``targets``: by stage, the files a tee there writes."""
    if not endless(stages):
        return None
    for k, stage in enumerate(stages):
        if stage is None or not stage[0] or command_name(stage[0][0] or "") != "tee":
            continue
        if not endless(stages[: k + 1]):
            continue
        for target in targets[k]:
            if target is None or lands_in_file(target):
                return target or "a file computed at run time"
    return None
