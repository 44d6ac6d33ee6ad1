"""Print how long the bash guard takes on the crafted lines built to make it slow (figures, no
asserts): the worst cases the guard tests keep (long blank runs, nested calls, thousands of
pipeline stages or copies), each beside a plain line of the same length checked in the same run.

The tests build each line at two small sizes and assert that the guard's work (its function
calls) at most about doubles; this script times each at the size its round found it
(:data:`FULL_SIZES`) and is where their speed is read (a check past the hook's deadline is
refused as ``check-timeout``). ``--json`` prints the
figures for ``bench/compare_refs.py``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from _figures import record  # noqa: E402
from tests.guards.test_bash import MODES, check  # noqa: E402
from tests.guards.test_bash_left14 import LONG_CRAFTED_LINES  # noqa: E402
from tests.guards.test_bash_left15 import CRAFTED_LINES as ROUND15_CRAFTED_LINES  # noqa: E402
from tests.guards.test_bash_round14b_noexec import LONG_CRAFTED_WORDS  # noqa: E402
from tests.guards.test_redteam11 import BLANK_RUN_LINES, ROUND13_WORST_CASES  # noqa: E402

from ondas.guards.bash import MAX_LENGTH  # noqa: E402
from ondas.hooks.entry import CHECK_DEADLINE_SECONDS  # noqa: E402

SETS = {
    "round 11 blank runs": BLANK_RUN_LINES,
    "round 13 patterns": ROUND13_WORST_CASES,
    "round 14 pipelines, copies and blanks": LONG_CRAFTED_LINES,
    "round 14b password stores": LONG_CRAFTED_WORDS,
    "round 15 awk, writefile and ex patterns": ROUND15_CRAFTED_LINES,
}
FULL_SIZES = {
    **dict.fromkeys(BLANK_RUN_LINES, 60_000),
    **dict.fromkeys(ROUND13_WORST_CASES, 60_000),
    "perl-open-pipe-padded": 45_000,
    "pipeline-of-cats": 2_000,
    "pipeline-of-kills": 2_000,
    "pipeline-of-interpreters": 1_000,
    "pipeline-of-secret-printers": 2_000,
    "pipeline-of-here-strings": 2_000,
    "many-moves": 2_500,
    "many-copies": 2_500,
    "shell-calls-without-close": 5_000,
    "shell-calls-with-close": 5_000,
    "code-dump-blanks": 60_000,
    "code-dump-paren-blanks": 45_000,
    "socket-connect-blanks": 60_000,
    "socket-connect-parens": 45_000,
    "socket-bind-blanks": 45_000,
    "keepass-homes": 15_000,
    "keepass-endings": 12_000,
    "chrome-profile": 60_000,
    "proc-roots": 6_000,
    "awk-prints": 2_000,
    "awk-prints-of-strings": 1_250,
    "vim-writefiles": 800,
    "vim-writefile-blanks": 10_000,
    "ex-newlines": 10_000,
    "ex-blank-newlines": 5_000,
}
"""Each crafted line's size as the round that found it wrote it (the tests' builders take it):
the figures stay comparable across rounds."""
MODE_NAMES = ("attended", "sandboxed", "unattended")
REPEATS = 3


def best_seconds(command: str, flags: dict[str, bool]) -> float:
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        check(command, **flags)
        runs.append(time.perf_counter() - start)
    return min(runs)


def plain_line(length: int) -> str:
    """A harmless line as long as ``length``: one word, so the parser and the rules see as many
    characters and nothing to judge."""
    return "echo " + "a" * max(length - 5, 1)


def main() -> None:
    worst = 0.0
    ratios = []
    print(
        f"best of {REPEATS} per mode; the hook refuses a check past "
        f"{CHECK_DEADLINE_SECONDS:g} s and a line over {MAX_LENGTH:,} characters unread"
    )
    for title, cases in SETS.items():
        print(f"\n{title}")
        print(f"  {'case':32} {'chars':>8}  " + "  ".join(f"{m:>12}" for m in MODE_NAMES))
        for name, build in cases.items():
            command = build(FULL_SIZES[name])
            if len(command) > MAX_LENGTH:
                print(f"  {name:32} {len(command):>8}  over {MAX_LENGTH:,}: refused unread")
                continue
            seconds = [best_seconds(command, flags) for flags in MODES]
            plain = best_seconds(plain_line(len(command)), MODES[2])
            ratio = max(seconds) / plain if plain > 0 else float("inf")
            ratios.append(ratio)
            worst = max(worst, *seconds)
            record(f"worst case {name}", max(seconds), "s")
            cells = "  ".join(f"{s:>10.3f} s" for s in seconds)
            print(f"  {name:32} {len(command):>8}  {cells}   plain {plain:.3f} s, x{ratio:.0f}")
    record("worst case slowest", worst, "s")
    record("worst case median ratio to a plain line", statistics.median(ratios), "x")
    print(
        f"\nslowest {worst:.3f} s ({worst / CHECK_DEADLINE_SECONDS:.1%} of the deadline); "
        f"median ratio to a plain line of the same length x{statistics.median(ratios):.1f}"
    )


if __name__ == "__main__":
    main()
