"""Print where bash and the bash guard read a line differently (figures, no asserts).

The guard's verdicts rest on tree-sitter-bash's reading of a line. This script generates random
lines from a benign vocabulary (``echo``, ``cat``, ``printf``, quoting, escapes, substitutions,
expansions, heredocs, compound commands) that hold a marker command ``MARK`` somewhere, and asks
two readers about each line:

- **bash**: bash 5 runs the line inside bubblewrap (read-only root, empty home and ``/tmp``, no
  network, no shared namespaces), and ``command_not_found_handle`` records whether ``MARK``
  ran. The vocabulary runs nothing but the marker, which no program answers to.
- **the guard**: the same line with the marker spelled ``reboot`` (refused in every mode), in
  attended mode.

A line the guard allows and bash runs the marker in is a disagreement: a command bash runs that
the guard did not see. Each is cut down by a minimiser (a smaller line that still disagrees) and
printed. Round 20 found eleven classes this way (``docs/guardrails.md``, the lead's part).

``--vocabulary data`` (round 21) generates another kind of line: the marker reaches a command
word as data, through variables (assigned, appended, read, ``printf -v``, substituted, indirect,
namerefs, arrays, positional parameters), aliases, ``eval``, shells fed by ``-c``, pipes,
here-strings and process substitution, ``xargs``, ``find -exec``, traps, loops and functions,
with assignments that bash keeps or drops (subshells, pipelines, prefixes, conditions). The
marker is spelled whole, split in two pieces, or by hex escape; the guard reads the same line
with ``reboot`` spelled the same way. bash sees the marker as a program on ``PATH`` too, so a
marker run by ``env``, ``xargs`` or ``sh`` counts.

Usage: ``python3 bench/guard_differential.py [--seed N] [--lines N] [--vocabulary syntax|data]
[--json]`` (``--json``: the figures for ``bench/compare_refs.py``, as every bench script). It
needs ``bwrap`` and ``bash``; without them it says so and exits 2.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from _figures import record  # noqa: E402
from tests.guards.test_bash import check  # noqa: E402

B = "\\"
MARKS = ("MARK", B + "MARK", "'MARK'", '"MARK"', "M" + B + "ARK", "$'MARK'", "M''ARK", '"M"ARK')
"""Spellings of the marker command; :func:`for_guard` spells each as ``reboot``."""
_FOR_GUARD = (("M" + B + "ARK", "r" + B + "eboot"), ("M''ARK", "r''eboot"), ('"M"ARK', '"r"eboot'))
_PLAIN = ("a", "b.txt", "-n", "x", "--", "1", "%s", "foo/bar", "~", "*.c", "a=b", "{a,b}", "]]")
_KEYWORDS = ("}", "{", "fi", "done", "in", "esac", "then")
_ESCAPED = ";#'\"\\$`()|& n{}<>!*"
_NAMES = (
    "echo", "true", ":", "cat", "printf %s", "test -n", "[", "eval", "command", "exec", "time",
    "!", "env", "builtin", "declare x", "local", "export x=1", "f", "read -r x <<<", "let",
)  # fmt: skip
_PROLOGUE = (
    "x=abc; y=abc; a=(1 2)\n"
    'command_not_found_handle() { if [ "$1" = MARK ]; then echo ran >> "$OUT"; fi; return 127; }\n'
    "export -f command_not_found_handle\nshopt -s expand_aliases\n"
)


WHOLE, FIRST, SECOND, HEX = "\ue000", "\ue001", "\ue002", "\ue003"
"""Placeholders of the data vocabulary: the marker whole, its two halves, its hex-escaped
spelling (inside ``$'...'``). One character each, so the minimiser cuts them as units."""
_SPELLED = {
    WHOLE: ("MARK", "reboot"),
    FIRST: ("MA", "reb"),
    SECOND: ("RK", "oot"),
    HEX: ("MA" + B + "x52K", "reb" + B + "x6fot"),
}


class Lines:
    """A generator of random lines, reproducible from its seed."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def word(self, d: int) -> str:
        r = self.r
        k = r.randrange(14)
        if k == 0:
            return "'" + r.choice(["a", B, B + B, "$(MARK)", "`MARK`", '"', "a b"]) + "'"
        if k == 1:
            parts = ["a", B + B, B + '"', B + "$", "$x", "'", "${x:-a}"]
            if d < 3:
                parts += ["$(" + self.sequence(d + 1) + ")", "`" + self.sequence(d + 1) + "`"]
                parts += ["${x#" + self.word(d + 1) + "}"]
            return '"' + "".join(r.choice(parts) for _ in range(r.randrange(1, 3))) + '"'
        if k == 2:
            parts = ["a", B + B, B + "'", B + "n", B + "x41", '"', "$(MARK)"]
            return "$'" + "".join(r.choice(parts) for _ in range(r.randrange(1, 3))) + "'"
        if k in {3, 4, 5} and d < 3:
            opening, closing = {3: ("$(", ")"), 4: ("`", "`"), 5: ("<(", ")")}[k]
            return opening + self.sequence(d + 1) + closing
        if k == 6 and d < 3:
            operator = r.choice([":-", "-", "#", "##", "%", "%%", "/a/", "^^", ",", "+", ":?"])
            return "${x" + operator + self.word(d + 1) + "}"
        if k == 7:
            return B + r.choice(_ESCAPED) + r.choice(_PLAIN)
        if k == 8 and d < 3:
            return r.choice(["$((", "$["]) + r.choice(["1", "a[$(" + self.sequence(d + 1) + ")]"])
        if k == 9:
            return r.choice(["${!x}", "${x@Q}", '$"a"', "@(a|b)", "${x[@]}", "$@", "$#", "$?"])
        return r.choice(_PLAIN + _KEYWORDS)

    def simple(self, d: int) -> str:
        r = self.r
        name = r.choice(MARKS) if r.random() < 0.2 else r.choice(_NAMES)
        words = [name, *(self.word(d) for _ in range(r.randrange(4)))]
        if r.random() < 0.2:
            words.append(r.choice([">/dev/null", "2>&1", "<&-", ">&2", "<<<" + self.word(d)]))
        return " ".join(words)

    def compound(self, d: int) -> str:
        r = self.r
        body = self.sequence(d + 1)
        forms = [
            "( " + body + " )",
            "{ " + body + "; }",
            "if " + self.sequence(d + 1) + "; then " + body + "; fi",
            "for x in " + self.word(d) + "; do " + body + "; done",
            "case " + self.word(d) + " in " + r.choice(["*", "a", "a|b"]) + ") " + body + ";; esac",
            "f() { " + body + "; }; f",
            "function g { " + body + "; }; g",
            "[[ " + self.word(d) + r.choice([" == ", " =~ ", " != "]) + self.word(d) + " ]]",
            "coproc " + r.choice(["", "C "]) + "{ " + body + "; }",
            "while false; do " + body + "; done",
            "cat <<"
            + r.choice(["EOF", "'EOF'", B + "EOF", "-EOF"])
            + "\n"
            + r.choice(["a", "$(" + body + ")", "`" + body + "`", "\t$(MARK)", "${x#$(MARK)}"])
            + "\nEOF",
        ]
        return r.choice(["", "", "", "! ", "time ", "! ! "]) + r.choice(forms)

    def sequence(self, d: int) -> str:
        r = self.r
        if d > 3:
            return r.choice(["MARK", "echo a"])
        line = self.compound(d) if d < 3 and r.random() < 0.3 else self.simple(d)
        for _ in range(r.randrange(3)):
            separator = r.choice(
                ["; ", " && ", " || ", "\n", " | ", " & ", " # c\n", " \\\n", "\n\\"]
            )
            line += separator + (self.compound(d) if r.random() < 0.3 else self.simple(d))
        return line

    def lines(self, count: int) -> list[str]:
        seen: dict[str, None] = {}
        while len(seen) < count:
            line = self.sequence(0)
            if "MARK" in line:
                seen.setdefault(line)
        return list(seen)


class DataLines(Lines):
    """Lines where the marker reaches a command word as data (``--vocabulary data``)."""

    def value(self) -> str:
        """A word whose value is the marker, as bash expands it."""
        return self.r.choice(
            [
                WHOLE, '"' + WHOLE + '"', "'" + WHOLE + "'", FIRST + "''" + SECOND,
                "$'" + HEX + "'", FIRST + '"' + SECOND + '"', "$(echo " + WHOLE + ")",
                "`echo " + WHOLE + "`", "$(printf %s " + FIRST + " " + SECOND + ")",
                "${z:-" + WHOLE + "}", "${y:+" + WHOLE + "}", "${y/abc/" + WHOLE + "}",
            ]
        )  # fmt: skip

    def assignment(self) -> str:
        r = self.r
        v = self.value()
        form = r.choice(
            [
                "x=" + v, "x=" + FIRST + "; x+=" + SECOND, "read -r x <<< " + v,
                "printf -v x %s " + v, "declare x=" + v, "export x=" + v, "a=(" + v + ")",
                "a[1]=" + v, "set -- " + v, "mapfile -t a <<< " + v, "x=" + v + "; y=x",
                "x=" + v + "; declare -n n=x", "IFS=, read -r x w <<< " + v + ",a",
                "alias m=" + v + "\n", "x=" + v + " :", "x=" + v + " true",
                "(x=" + v + ")", "{ x=" + v + "; }", "x=" + v + " | cat", "true && x=" + v,
                "false && x=" + v, "if true; then x=" + v + "; fi", "x=" + v + "; x=echo",
                "x=" + v + "; unset x", "f() { x=" + v + "; }; f", "f() { local x=" + v + "; }; f",
                "for x in " + v + "; do :; done", "x=" + v + " &",
                "echo " + v + " > f", "printf '%s\\n' " + v + " > f", "cat > f <<< " + v,
                "echo " + v + " >> f", "tee f <<< " + v + " >/dev/null",
                "echo " + v + " > f; mv f g", "echo " + v + " | tee f", "exec 3<<< " + v,
                "echo " + v + " > f &", "(echo " + v + " > f)", "cp f g",
            ]
        )  # fmt: skip
        return form

    def use(self) -> str:
        r = self.r
        return r.choice(
            [
                "$x", '"$x"', "${x}", "eval \"$x\"", "eval $x", '"${a[@]}"', "${a[1]}",
                "${a[0]}", '"$@"', "$1", "${!y}", "$n", "m", "m a", "bash -c \"$x\"",
                "sh -c \"$x\"", 'echo "$x" | bash', 'bash <<< "$x"', 'source <(echo "$x")',
                '. /dev/stdin <<< "$x"', "trap \"$x\" EXIT", 'xargs env <<< "$x"',
                'echo "$x" | xargs sh -c', 'find /tmp -maxdepth 0 -exec "$x" \\;', 'command "$x"',
                'exec "$x"', 'env "$x"', "time $x", "timeout 2 $x", "${x:+$x}", "$( $x )",
                "`$x`", "x$x", "$x$w", 'printf "%s\\n" "$x" | while read -r c; do $c; done',
                "for c in $x; do $c; done", "f() { $1; }; f $x", "${x@Q}", "${x,,}",
                'builtin eval "$x"', "$(echo $x)", '"$(echo "$x")"', ". ./f", "source f",
                "bash f", "sh f", "bash < f", "chmod +x f; ./f", "bash g", "$(cat f)", "$(< f)",
                'eval "$(cat f)"', "bash <&3", "xargs sh -c < f", "bash -s < f", "bash <(cat f)",
                "awk 'BEGIN{system(\"" + WHOLE + "\")}'", "perl -e 'system \"" + WHOLE + "\"'",
                "python3 -c 'import os; os.system(\"" + WHOLE + "\")'",
                "find . -maxdepth 1 -name f -exec sh {} \\;", "sed -n 1p f | sh",
            ]
        )  # fmt: skip

    def statement(self, d: int) -> str:
        r = self.r
        k = r.random()
        if k < 0.35:
            return self.assignment()
        if k < 0.7:
            return self.use()
        if k < 0.8 and d < 2:
            opening, closing = r.choice([("{ ", "; }"), ("( ", " )"), ("if true; then ", "; fi")])
            return opening + self.data_sequence(d + 1) + closing
        names = ("echo", "true", ":", "cat /dev/null", "printf %s", "test -n", "f", "local")
        return " ".join([r.choice(names), *(r.choice(_PLAIN) for _ in range(r.randrange(3)))])

    def data_sequence(self, d: int) -> str:
        r = self.r
        line = self.statement(d)
        for _ in range(r.randrange(1, 4)):
            line += r.choice(["; ", " && ", " || ", "\n", " | ", " & "]) + self.statement(d)
        return line

    def lines(self, count: int) -> list[str]:
        seen: dict[str, None] = {}
        while len(seen) < count:
            line = self.data_sequence(0)
            if any(p in line for p in (WHOLE, HEX)) or (FIRST in line and SECOND in line):
                seen.setdefault(line)
        return list(seen)


def for_bash(line: str) -> str:
    """The line bash reads: the data vocabulary's placeholders spelled as the marker."""
    for placeholder, (marker, _) in _SPELLED.items():
        line = line.replace(placeholder, marker)
    return line


def for_guard(line: str) -> str:
    """The line with every spelling of the marker made ``reboot``."""
    for placeholder, (_, refused) in _SPELLED.items():
        line = line.replace(placeholder, refused)
    for marker, refused in _FOR_GUARD:
        line = line.replace(marker, refused)
    return line.replace("MARK", "reboot")


def has_marker(line: str) -> bool:
    """Whether the line spells the marker (whole, by hex escape, or in both its halves)."""
    whole = "MARK" in line or WHOLE in line or HEX in line
    return whole or (FIRST in line and SECOND in line)


def guard_allows(line: str) -> bool:
    try:
        return check(for_guard(line)).allowed
    except Exception:  # a crash of the guard is a finding of its own, not a disagreement
        return False


def bash_runs_marker(lines: list[str]) -> list[bool]:
    """Whether bash ran the marker in each line: one jailed bash reads them one by one."""
    with tempfile.TemporaryDirectory() as work:
        cases, out = Path(work, "in"), Path(work, "out")
        cases.mkdir()
        out.mkdir()
        for i, line in enumerate(lines):
            (cases / str(i)).write_text(_PROLOGUE + for_bash(line) + "\n")
        # the marker is a program on PATH too, for env, xargs, find and sh; a NUL in its first
        # line keeps ``bash MARK`` (a script looked up on PATH) from running it as one
        driver = (
            'mkdir /tmp/bin; printf "#!/bin/sh\\0\\necho ran >> \\"\\$OUT\\"\\n" > /tmp/bin/MARK; '
            "chmod +x /tmp/bin/MARK; export PATH=/tmp/bin:$PATH; "
            "cd /tmp/in; for f in *; do mkdir /tmp/w$f; "  # each line in a directory of its own
            '(cd /tmp/w$f && OUT=/tmp/out/$f timeout 3 bash -c "$(cat "/tmp/in/$f")" '
            "</dev/null >/dev/null 2>&1); done"
        )
        jail = ["bwrap", "--ro-bind", "/", "/", "--tmpfs", "/root", "--tmpfs", "/home"]
        jail += ["--tmpfs", "/tmp", "--bind", str(cases), "/tmp/in", "--bind", str(out), "/tmp/out"]
        jail += ["--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent"]
        subprocess.run([*jail, "bash", "-c", driver], check=False, timeout=3 * len(lines) + 60)
        ran = {int(p.name) for p in out.iterdir()}
    return [i in ran for i in range(len(lines))]


def disagrees(line: str) -> bool:
    return has_marker(line) and guard_allows(line) and bash_runs_marker([line])[0]


def minimised(line: str) -> str:
    """A shorter line that still disagrees (delta debugging over characters)."""
    parts = 2
    while len(line) > 1:
        size = max(1, len(line) // parts)
        for start in range(0, len(line), size):
            shorter = line[:start] + line[start + size :]
            if shorter and disagrees(shorter):
                line, parts = shorter, max(parts - 1, 2)
                break
        else:
            if size == 1:
                break
            parts = min(len(line), parts * 2)
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--vocabulary", choices=("syntax", "data"), default="syntax")
    options = parser.parse_args()
    if shutil.which("bwrap") is None or shutil.which("bash") is None:
        print("guard_differential: needs bwrap and bash on PATH", file=sys.stderr)
        return 2
    start = time.monotonic()
    kind = DataLines if options.vocabulary == "data" else Lines
    lines = kind(options.seed).lines(options.lines)
    allowed = [line for line in lines if guard_allows(line)]
    ran = [line for line, hit in zip(allowed, bash_runs_marker(allowed), strict=True) if hit]
    found = [minimised(line) for line in ran]
    seconds = time.monotonic() - start
    print(
        f"{len(lines)} {options.vocabulary} lines (seed {options.seed}): the guard allowed "
        f"{len(allowed)}, bash ran "
        f"the marker in {len(ran)} of those ({seconds:.0f} s)"
    )
    for line in found:
        print("  " + json.dumps(for_bash(line)))
    record("differential lines allowed by the guard", len(allowed), "lines")
    record("differential lines where bash ran the marker", len(ran), "lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
