"""Rebuild ``tests/guards/everyday/commands.txt`` from public repositories' own command lines.

The everyday set is what developers of real projects run: the ``run:`` steps of their GitHub
workflows, the recipes of their Makefiles and justfiles, the lines of their ``scripts/`` and
the shell blocks of their CONTRIBUTING and README files. This script reads those files from
local git mirrors (one ``owner+name/repo`` directory each, as the search tool's ``fetch``
leaves them), keeps each line that is one complete bash command (it parses alone, holds no
``${{ }}`` workflow expression, make variable or GitHub runner variable, is not the tail of
a continued line, reads no variable its own file sets), and writes them grouped under a
``# source: owner/name@commit path`` line. Nothing is run.

Usage: ``python bench/everyday_extract.py MIRROR_ROOT owner/name [owner/name ...]``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ondas.guards.bash import _parser, parser_input  # noqa: E402

OUT = ROOT / "tests" / "guards" / "everyday" / "commands.txt"
_FILES = re.compile(
    r"^(\.github/workflows/[^/]+\.ya?ml|(.*/)?(Makefile|justfile|Justfile)|scripts/[^/.]+(\.sh)?"
    r"|(\.github/)?CONTRIBUTING\.(md|rst)|README\.(md|rst))$"
)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    ).stdout


def _workflow_lines(text: str) -> list[str]:
    lines: list[str] = []
    block: int | None = None
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        if block is not None and (not line.strip() or indent > block):
            lines.append(line.strip())
            continue
        block = None
        match = re.match(r"^(\s*)(?:- )?run:\s*(.*)$", line)
        if match:
            rest = match.group(2).strip()
            if rest in {"|", ">", "|-", ">-"}:
                block = len(match.group(1))
            elif rest:
                lines.append(rest.strip("'\""))
    return lines


def _recipe_lines(text: str) -> list[str]:
    """Recipe lines; one holding ``$(`` has a make expansion (bash's own is ``$$(``)."""
    lines = [line.strip().lstrip("@-").strip() for line in text.splitlines() if line[:1] == "\t"]
    return [line for line in lines if "$(" not in line.replace("$$(", "")]


def _script_lines(text: str) -> list[str]:
    """The lines of a shell script (a ``#!`` naming sh or bash), heredoc bodies left out."""
    first = text.split("\n", 1)[0]
    if not (first.startswith("#!") and re.search(r"\b(ba)?sh\b", first)):
        return []
    return [line.strip() for line in text.splitlines()]


def _without_heredoc_bodies(lines: list[str]) -> list[str]:
    """The lines that are commands: a heredoc's body (up to its end word) is data."""
    out: list[str] = []
    end: str | None = None
    for line in lines:
        if end is not None:
            end = None if line.strip() == end else end
            continue
        heredoc = re.search(r"<<-?\s*['\"]?(\w+)", line)
        end = heredoc.group(1) if heredoc else None
        out.append(line)
    return out


def _doc_lines(text: str) -> list[str]:
    lines: list[str] = []
    fenced = False
    shell = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            shell = fenced and stripped[3:].strip() in {"sh", "bash", "shell", "console", "$"}
            continue
        if stripped.startswith("$ "):
            lines.append(stripped[2:])
        elif fenced and shell:
            lines.append(stripped)
    return lines


def _joined(lines: list[str]) -> list[str]:
    """Lines continued with a trailing backslash joined into the one line bash reads."""
    out: list[str] = []
    carry = ""
    for line in lines:
        if line.endswith("\\"):
            carry += line[:-1].rstrip() + " "
            continue
        out.append(carry + line)
        carry = ""
    return out


def _uses(line: str, assigned: set[str]) -> bool:
    """True when ``line`` reads a variable its own file sets (or a make variable): its meaning
    depends on lines around it, so it is not one complete command on its own."""
    if re.search(r"\$[@<^*?]|\$\$", line):
        return True
    names = re.findall(r"\$\{?([A-Za-z_]\w*)", line)
    return any(name in assigned for name in names)


def _one_command(line: str) -> bool:
    if not line or line.startswith("#") or "${{" in line or ("$(" in line and ")" not in line):
        return False
    if re.search(r"\$\([A-Z_]+\)|\{\{", line) or line.endswith(("\\", "|", "&&", "(", "{")):
        return False
    if re.search(r"\$\{?(GITHUB_|RUNNER_)", line) or line.startswith("-"):
        return False  # a GitHub Actions runner's own variables, or a fragment of a longer line
    first = line.split()[0]
    if first in {"if", "then", "else", "elif", "fi", "do", "done", "for", "while", "case", "esac"}:
        return False
    if first.endswith(":") or first in {"}", ")", "{", "set", "export", "shift", "exit"}:
        return False
    return not _parser().parse(parser_input(line)).root_node.has_error


def extract(mirrors: Path, repo: str) -> tuple[str, list[tuple[str, list[str]]]]:
    path = mirrors / repo.replace("/", "+") / "repo"
    commit = _git(path, "rev-parse", "HEAD").strip()
    groups: list[tuple[str, list[str]]] = []
    for name in _git(path, "ls-tree", "-r", "--name-only", "HEAD").splitlines():
        if not _FILES.match(name):
            continue
        text = _git(path, "show", f"HEAD:{name}")
        if name.startswith(".github/workflows/"):
            lines = _workflow_lines(text)
        elif name.rsplit("/", 1)[-1] in {"Makefile", "justfile", "Justfile"}:
            lines = _recipe_lines(text)
        elif name.startswith("scripts/"):
            lines = _script_lines(text)
        else:
            lines = _doc_lines(text)
        lines = _without_heredoc_bodies(_joined(lines))
        assigned = set(re.findall(r"(?m)^\s*(?:export\s+|local\s+)?([A-Za-z_]\w*)=", text))
        assigned |= set(re.findall(r"echo\s+[\"']?([A-Za-z_]\w*)=", text))  # >> $GITHUB_ENV
        assigned |= set(re.findall(r"\bfor\s+([A-Za-z_]\w*)\s+in\b", text))
        kept = list(
            dict.fromkeys(
                line for line in lines if _one_command(line) and not _uses(line, assigned)
            )
        )
        if kept:
            groups.append((name, kept))
    return commit, groups


def main() -> None:
    mirrors, repos = Path(sys.argv[1]), sys.argv[2:]
    out = [
        "# Everyday developer commands, taken as written from public repositories' own files",
        "# (workflow run steps, Makefile/justfile recipes, scripts/, CONTRIBUTING and README shell",
        "# blocks) by bench/everyday_extract.py; one complete bash command a line. Not edited.",
    ]
    for repo in repos:
        commit, groups = extract(mirrors, repo)
        for name, lines in groups:
            out.append(f"# source: {repo}@{commit} {name}")
            out.extend(lines)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{sum(1 for x in out if not x.startswith('#'))} commands -> {OUT}")


if __name__ == "__main__":
    main()
