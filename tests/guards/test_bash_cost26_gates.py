"""Token checks before regular expressions, and find's entries loaded on demand (round 26, cost26).

The in-process pass compiled expressions for code that could never match them: the code
readers' literal-path patterns (``_RECURSIVE_DELETE``, ``_WRITE``, ``_OPEN_FOR_WRITE``...) for
``print(1)``, the literal folds' concatenation for code of one literal, the interactive
clients' line patterns for SQL lines. Each is now searched only when the text holds a word (or
a character) every text it matches holds. These tests check each check is necessary: on
generated text, built from each pattern's own words, quotes and punctuation, no pattern matches
where its check says no, and enough match for that to mean something. The verdicts are the
same as before by construction; the bench's corpora compare them whole.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ondas.guards import bash_code, bash_escapes, bash_literals
from ondas.guards.lazy_re import LazyPattern

_SYNTAX = (
    '"p"',
    "'p'",
    'r"/etc/x"',
    "b'src'",
    '"w"',
    "'a'",
    "'wb'",
    '"r+"',
    '"rf"',
    "'>'",
    '">>"',
    "'+<'",
    '">out"',
    "''",
    '""',
    "(",
    ")",
    "(",
    ",",
    ", ",
    " ",
    " ",
    "\t",
    "\n",
    ".",
    "::",
    ":",
    "=",
    " = ",
    "-",
    "/",
    "{",
    "}",
    "[",
    "]",
    ";",
    "$_",
    "$fh",
    "my ",
    "FH",
    "O_WRONLY",
    "O_TRUNC",
    "mode=",
    "os.getcwd()",
    "Path()",
    "process.cwd()",
    "Dir.pwd",
    "TRUE",
    "true",
    "recursive",
    "recurse",
    "IO",
    "0",
)


def _words(pattern: LazyPattern) -> list[str]:
    """The identifiers a pattern's text spells (``rmtree``, ``writeFileSync``, ``File``), with
    their halves (near misses: ``rmtr``, ``Sync``)."""
    source = re.sub(r"\\[A-Za-z]", " ", pattern.source)  # ``\bopen``: ``open``
    found = [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]*", source) if len(w) > 1]
    return found + [w[: len(w) // 2] for w in found] + [w[len(w) // 2 :] for w in found]


_CALLS = ("(", " (", "( ", "", " ", ".", "(my $f, ", "(FH, ", "::")
_LITERALS = ('"p"', "'p'", 'r"/etc/x"', "b'src'", '">out"', "'+<'", '"w"', "")
_TAILS = (
    "",
    ")",
    ', "w")',
    ", 'a')",
    ", 'rb')",
    ', "rf")',
    ", recursive = TRUE)",
    ", {recursive: true})",
    ', "q")',
    ', "/x/y")',
    ").delete()",
    ").write_text('')",
    ").unlink()",
    ", O_WRONLY)",
    ", mode='w')",
    ", '>', 'f')",
    ", File::WRONLY)",
    "os.getcwd())",
    "Path.cwd())",
    "process.cwd())",
)


def _texts(pattern: LazyPattern, count: int, seed: int) -> list[str]:
    """Text around the pattern's own words: half shaped as a call of a literal (``WORD(
    "p", "w")``), half pieces in any order."""
    rng = random.Random(seed)
    words = _words(pattern)
    texts = []
    for k in range(count):
        if k % 2:
            parts = [rng.choice(("", " ", "x.", "os.", "fs.", "; ", "Path(")), rng.choice(words)]
            parts += [rng.choice(_CALLS), rng.choice(_LITERALS), rng.choice(_TAILS)]
        else:
            parts = [
                rng.choice(words) if rng.random() < 0.4 else rng.choice(_SYNTAX)
                for _ in range(rng.randint(1, 7))
            ]
        texts.append("".join(parts))
    return texts


def _quoted(code: str) -> bool:
    return '"' in code or "'" in code


_CODE_GATES: dict[str, tuple[LazyPattern, Callable[[str], bool]]] = {
    "recursive delete": (
        bash_code._RECURSIVE_DELETE,
        lambda c: _quoted(c) and bash_code._holds(c, bash_code._RECURSIVE_DELETE_WORDS),
    ),
    "flagged recursive delete": (
        bash_code._FLAGGED_RECURSIVE_DELETE,
        lambda c: _quoted(c) and ("recurs" in c or "rf" in c),
    ),
    "delete": (
        bash_code._DELETE,
        lambda c: _quoted(c) and bash_code._holds(c, bash_code._DELETE_WORDS),
    ),
    "perl unlink": (bash_code._PERL_UNLINK, lambda c: _quoted(c) and "unlink" in c),
    "write": (
        bash_code._WRITE,
        lambda c: _quoted(c) and bash_code._holds(c, bash_code._WRITE_WORDS),
    ),
    "open for write": (
        bash_code._OPEN_FOR_WRITE,
        lambda c: _quoted(c) and ("open" in c or "File.new" in c),
    ),
    "second path": (
        bash_code._SECOND_PATH,
        lambda c: _quoted(c) and bash_code._holds(c, bash_code._SECOND_PATH_WORDS),
    ),
    "path write method": (bash_code._PATH_WRITE_METHOD, lambda c: _quoted(c) and "Path" in c),
    "working directory deleted": (bash_code._CWD_DELETE, lambda c: "rm" in c or "remove" in c),
}


@pytest.mark.parametrize("name", sorted(_CODE_GATES))
def test_a_code_reader_pattern_matches_only_code_its_check_lets_through(name: str) -> None:
    pattern, gate = _CODE_GATES[name]
    matched = 0
    for text in _texts(pattern, 12_000, seed=len(name)):
        if pattern.search(text) is not None:
            matched += 1
            assert gate(text), (name, text)
    assert matched >= 3, (name, matched)  # the generator reaches the pattern


@pytest.mark.parametrize(
    ("code", "gated"),
    [
        ("print(1)", True),
        ("import json,sys; print(json.load(sys.stdin))", True),
        ("{print $1}", True),
        ("import shutil; shutil.rmtree('/home/agent')", False),
        ("require('fs').rmSync('/x', {recursive: true})", False),
        ("open('.claude/settings.json','w').write('{}')", False),
        ("Path('src').write_text('')", False),
        ('os.rename("a", "src/main.py")', False),
        ('unlink "x"', False),
    ],
)
def test_code_without_quotes_or_the_patterns_words_is_not_searched(code: str, gated: bool) -> None:
    """``print(1)`` holds no literal: no path pattern is searched (nor compiled) for it; code
    naming a deletion or a write of a literal is searched as before."""
    reached = [name for name, (_, gate) in _CODE_GATES.items() if gate(code)]
    assert (not reached) == gated or (gated and reached == ["working directory deleted"])


_LITERAL_PIECES = (
    '"r"',
    "'m'",
    '"-rf"',
    "'~'",
    '"a\\"b"',
    "'it''s'",
    " ",
    "+",
    ".",
    "..",
    ",",
    "(",
    ")",
    ";",
    "\n",
    "=",
    " = ",
    "p",
    "$p",
    "const ",
    "my ",
    "exec",
    "eval",
    "Function",
    "exec(",
    "eval( ",
    "Function(",
    "exe",
    "val",
    "then ",
    "do ",
    "x",
)


def _literal_texts(count: int) -> list[str]:
    rng = random.Random(26)
    return [
        "".join(rng.choice(_LITERAL_PIECES) for _ in range(rng.randint(1, 9))) for _ in range(count)
    ]


def test_the_concatenation_fold_needs_two_literals() -> None:
    """``_CONCAT`` joins two adjacent literals: code with fewer than four quotes holds no two."""
    matched = 0
    for text in _literal_texts(20_000):
        if bash_literals._CONCAT.search(text) is not None:
            matched += 1
            assert bash_literals._tried(text, ()), text
    assert matched >= 100


def test_a_binding_needs_an_equals_sign_and_an_evaluated_literal_its_call() -> None:
    bindings = evaluated = 0
    for text in _literal_texts(20_000):
        if bash_literals._BINDING.search(text) is not None:
            bindings += 1
            assert "=" in text, text
        if bash_literals._EXEC_LITERAL.search(text) is not None:
            evaluated += 1
            assert "exec" in text or "eval" in text or "Function" in text, text
        found = [m.group(1) for m in bash_literals._EXEC_LITERAL.finditer(text)]
        assert len(bash_literals.evaluated_literals(text)) == len(found), text
    assert bindings >= 20
    assert evaluated >= 20


_CLIENT_HEADS = (
    ".output",
    ".once",
    ".save",
    ".backup",
    ".dump",
    ".read",
    ".import",
    ".shell",
    ".system",
    "\\o",
    "\\g",
    "\\copy t to",
    "\\P",
    "\\!",
    "\\system",
    "!",
    "tee",
    "dump",
    "dump binary",
    "append memory",
    "set logging file",
    "pager",
    "system",
    "shell",
    "platform shell",
    "platform",
    "select",
    "ls",
    "Tee",
    "",
)
_BLANKS = ("", " ", "  ", "\t", "\x0b", "\x0c", "\u3000", "\x1c")
_ARGS = ("", " ", " out.txt", " '|sh'", ' "|cat"', " -x f", " cat /etc/passwd", " ;", "f")


@pytest.mark.parametrize(
    ("name", "pattern", "heads"),
    [
        ("shell", bash_escapes._CLIENT_SHELL, bash_escapes._CLIENT_SHELL_HEADS),
        ("pipe", bash_escapes._CLIENT_PIPE, bash_escapes._CLIENT_PIPE_HEADS),
        ("write", bash_escapes._CLIENT_WRITE, bash_escapes._CLIENT_WRITE_HEADS),
    ],
)
def test_a_client_line_pattern_matches_only_lines_of_its_first_characters(
    name: str, pattern: LazyPattern, heads: frozenset[str]
) -> None:
    """Each line pattern is anchored at the line's first word after its blanks (``\\s``, the
    blanks ``str.lstrip`` drops): a line starting otherwise is not matched."""
    matched = 0
    for blank in _BLANKS:
        for head in _CLIENT_HEADS:
            for arg in _ARGS:
                line = blank + head + arg
                if pattern.match(line) is not None:
                    matched += 1
                    assert line.lstrip()[:1] in heads, (name, line)
    assert matched >= 50, (name, matched)


@pytest.mark.parametrize(
    "text",
    [
        "VACUUM INTO '/tmp/x.db'",
        "vacuum main into 'x.db'",
        "select * INTO OUTFILE '/tmp/o'",
        "ATTACH DATABASE 'x.db' AS x",
        "attach 'x.db' as x",
        'Attach \\"x.db\\"',
        "VACUUM \u0130NTO 'x.db'",
        "select 1 \u0131nto dumpfile 'x'",
    ],
)
def test_a_sql_file_write_is_searched_in_any_case(text: str) -> None:
    """Every SQL file write holds ``into`` or ``attach`` in some case; a text beyond ASCII is
    searched whatever it holds (``(?i)`` lets ``İ`` and ``ı`` match ``i``)."""
    assert bash_escapes._SQL_FILE_WRITE.search(text) is not None
    assert bash_escapes._may_write_sql_file(text)


def test_sql_without_into_or_attach_is_not_searched() -> None:
    assert not bash_escapes._may_write_sql_file("DELETE FROM lessons")
    assert not bash_escapes._may_write_sql_file("~/.local/share/ondas/knowledge.db")


_LOADED = """
import sys
sys.path.insert(0, {src!r})
from ondas.guards.bash import check_command
check_command({command!r}, project="/tmp/p", home="/home/u")
print("ondas.guards.bash_find_entries" in sys.modules)
"""


@pytest.mark.parametrize(
    ("command", "loaded"),
    [
        ("git status && pytest -q tests", False),
        ("rm -rf ~", False),
        ('echo "$(git log --oneline | head -3)"', False),
        ("find . -name '*.orig' | xargs rm", True),
        ("rm $(find . -name '*.pyc')", True),
        ("find build -name '*.o' -exec rm {} +", True),
    ],
)
def test_finds_entries_are_loaded_only_for_a_search_or_listing(command: str, loaded: bool) -> None:
    """``bash_find_entries`` (out of ``bash_base``, which every hook process imports) is
    loaded for a line that lists or deletes through ``find``, not for others."""
    src = str(Path(bash_code.__file__).resolve().parents[2])
    out = subprocess.run(
        [sys.executable, "-c", _LOADED.format(src=src, command=command)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out == str(loaded)
