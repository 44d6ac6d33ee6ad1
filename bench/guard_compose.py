"""Does the bash guard's verdict survive wrapping? Figures, no asserts.

The guard's design (docs/guardrails.md, "Design for commands it has never seen") says whatever
reaches a shell or an interpreter is checked as a command of its own, after decoding what bash
decodes. This bench puts that claim to a mechanical test: every one-line command of ondas's
containment corpus that the guard refuses on its own (``dangerous.txt``) is wrapped in each of
the ways below (a ``-c`` string, a pipe into a shell, a here-string, a heredoc, ``eval``, a
script written then run, a runner such as ``timeout``, an interpreter's ``system`` call, a
group, a function, quoting of the program name, ...), and every one-line command it allows
(``benign.txt``) is wrapped in the ways that change nothing a command does (``-c``, a group,
``time``, redirections of its output). Per wrapper it prints how many wrapped harmful commands
are still stopped and how many wrapped everyday commands are newly refused, in both modes.

The wrapped commands are built by this script, so this measures how well the guard's
composition generalises, not how it does on commands it has never seen (``guard_corpora.py``
holds those figures). Nothing here is run; the commands are only passed to the guard as data.

``--misses WRAPPER`` prints the wrapped commands of that wrapper the guard gets wrong.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from tests.guards.containment_corpus import load  # noqa: E402
from tests.guards.wrappers import EVERYDAY_WRAPPERS, HARMFUL_WRAPPERS, applies  # noqa: E402

from ondas.guards.bash import check_command  # noqa: E402

PROJECT = "/srv/app/proj"
HOME = "/home/agent"
WHITELIST = ("pypi.org", "files.pythonhosted.org", "github.com")


def _one_line(commands: dict[str, list[str]]) -> list[str]:
    return [c for cs in commands.values() for c in cs if "\n" not in c and "'" not in c]


def _blocked(command: str, unattended: bool) -> bool:
    try:
        verdict = check_command(
            command,
            project=PROJECT,
            home=HOME,
            whitelist=WHITELIST,
            in_venv=True,
            unattended=unattended,
        )
    except Exception:  # the hook fails closed
        return True
    return verdict.blocked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", help="print the wrapped commands this wrapper gets wrong")
    parser.add_argument("--mode", choices=("sandboxed", "unattended"), default="sandboxed")
    args = parser.parse_args()
    if args.misses is not None and args.misses not in HARMFUL_WRAPPERS:
        parser.error(f"unknown wrapper {args.misses!r} (have: {', '.join(HARMFUL_WRAPPERS)})")
    harmful = _one_line(load("dangerous"))
    everyday = _one_line(load("benign"))
    bases = {
        mode: (
            [c for c in harmful if _blocked(c, mode == "unattended")],
            [c for c in everyday if not _blocked(c, mode == "unattended")],
        )
        for mode in ("sandboxed", "unattended")
    }
    if args.misses is not None:
        wrap = HARMFUL_WRAPPERS[args.misses]
        stopped, allowed = (
            [c for c in cases if applies(args.misses, c)] for cases in bases[args.mode]
        )
        for command in stopped:
            if not _blocked(wrap(command), args.mode == "unattended"):
                print(f"harmful allowed: {wrap(command)!r}")
        if args.misses in EVERYDAY_WRAPPERS:
            for command in allowed:
                if _blocked(wrap(command), args.mode == "unattended"):
                    print(f"everyday refused: {wrap(command)!r}")
        return
    print(
        f"bases (one-line, stopped/allowed alone): sandboxed {len(bases['sandboxed'][0])} "
        f"harmful, {len(bases['sandboxed'][1])} everyday; unattended "
        f"{len(bases['unattended'][0])} harmful, {len(bases['unattended'][1])} everyday"
    )
    print(f"  {'wrapper':<30} {'harmful stopped':>33} {'everyday refused':>33}")
    print(f"  {'':<30} {'sandboxed':>16} {'unattended':>16} {'sandboxed':>16} {'unattended':>16}")
    totals = {k: [0, 0] for k in ("hs", "hu", "es", "eu")}
    for name, wrap in HARMFUL_WRAPPERS.items():
        cells = []
        for mode, key in (("sandboxed", "hs"), ("unattended", "hu")):
            stopped = [c for c in bases[mode][0] if applies(name, c)]
            n = sum(_blocked(wrap(c), mode == "unattended") for c in stopped)
            totals[key][0] += n
            totals[key][1] += len(stopped)
            cells.append(f"{100 * n / len(stopped):.1f}%")
        for mode, key in (("sandboxed", "es"), ("unattended", "eu")):
            if name not in EVERYDAY_WRAPPERS:
                cells.append("-")
                continue
            allowed = [c for c in bases[mode][1] if applies(name, c)]
            n = sum(_blocked(wrap(c), mode == "unattended") for c in allowed)
            totals[key][0] += n
            totals[key][1] += len(allowed)
            cells.append(f"{100 * n / len(allowed):.1f}%")
        print(f"  {name:<30} " + " ".join(f"{cell:>16}" for cell in cells))
    print(
        f"  {'all wrappers':<30} "
        + " ".join(f"{100 * a / b:>15.1f}%" for a, b in (totals[k] for k in totals))
    )


if __name__ == "__main__":
    main()
