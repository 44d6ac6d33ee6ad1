"""Lines bash reads otherwise than tree-sitter-bash (round 20, the lead).

Found by a differential test: random lines of a benign vocabulary with a marker command, run
by bash inside a jail (read-only root, empty home), against the guard's verdict on the same
line with the marker made a refused command. Each class below ran the marker where the guard
had passed the line:

- bash ends a backquoted command at the first backquote not escaped, inside quotes or not, so
  ``echo `: '`; rm -rf ~; `'` `` runs ``rm``; tree-sitter-bash reads it inside a quoted word
  (the command bash reads is checked, then the rest of the line; two substitutions side by
  side with a quote in the second, which tree-sitter-bash reads as one, pass);
- bash 5.2 cannot parse an escaped parenthesis in an array assigned inside a command
  substitution (``$(a=(\\())``), reports it, and reads on at the next line: a here-document's
  body there runs as commands.

- tree-sitter-bash reads ``! { rm -rf .git; }`` as a command named ``{`` with arguments (``!
  for``, ``! if``, ``! while`` alike), which attended and sandboxed runs let pass as an unknown
  program: the ``!`` before a compound command is now a blank for the parser (it only inverts
  the status). ``coproc { CMD; }`` (no name) was read as a command named ``{`` likewise, and
  ``time`` after ``if``, ``elif``, ``while``, ``until`` before a compound command (bash's
  keyword there too), and ``!`` first in a backquoted command. tree-sitter-bash does not know
  ``coproc``: before a compound command it (and its NAME) are blanks for the parser.

The first two are refused as lines the guard cannot read as bash does.

- Round 22: a reserved word joined to a quote, backslash or expansion (``case''``, ``if""``,
  ``in$y``) is one word to bash, so no reserved word but a command name; tree-sitter-bash
  reads the keyword and the line's structure around it (``$(case'' in*)'...$(CMD)' esac)``
  hid ``CMD`` in a case item, found by the syntax vocabulary's seed 33). Refused as a line
  the guard cannot read as bash does. A comment between a ``!`` and the compound command
  it negates (``! #`` newline ``coproc { CMD;}``, seed 34) is a blank for the parser too.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "echo `: '`; rm -rf ~; `'`",
    "echo \"`: '`; rm -rf ~; `'`\"",
    "x=`printf '`; git push --force; `'`",
    "echo $(a=(\\())<<EOF\nrm -rf ~\nEOF",
    "'' $(a=(\\()\"\")<<EOF\nrm -rf ~\nEOF",
    "! { rm -rf .git; }",
    "! for x in n; do rm -rf ~; done",
    "! if true; then git push --force; fi",
    "! while rm -rf ~; do :; done",
    "! case x in x) rm -rf ~;; esac",
    "! ! { rm -rf ~; }",
    "make | ! { rm -rf .git; }",
    "coproc { rm -rf ~; }",
    "! coproc { git push --force; }",
    "time coproc { 'rm' -rf .git | :; }",
    "coproc { { rm -rf ~; }; }",
    "coproc { ! { rm -rf ~; } }",
    "coproc { if make & rm -rf ~; then :; fi; }",
    "coproc C if true; then git push --force; fi",
    "coproc ( rm -rf .git )",
    "echo `time coproc { rm -rf ~;}`",
    "if time { rm -rf .git; }; then :; fi",
    "while time if rm -rf ~; then :; fi; do break; done",
    "cat <`! function g { rm -rf ~; }; g`",
    # round 21 (the lead): a ``!`` alone on its line, then a compound command
    "!\nfor d in ~; do rm -rf $d; done",
    "!\n{ rm -rf ~; }",
    "ls; !\nif true; then git push --force; fi",
    # round 22 (the lead): a reserved word joined to a quote is a command name to bash, a
    # keyword to tree-sitter-bash, which then reads a case item, a body or a list otherwise
    "t \"$(time case'' in*)'\"'$'\"\\'$(rm -rf ~)' `~` esac)\"",
    "t \"$(case'' in*)'\"'$'\"$(git push --force)' esac)\"",
    "if'' true; then rm -rf ~; fi",
    'while"" false; do :; done; rm -rf ~',
    "for x in$y; do rm -rf ~; done",
    # round 22 (the lead): a comment between ``!`` and the compound command it negates
    "! #\ncoproc { 'rm' -rf ~;}",
    "! # note\n{ rm -rf ~; }",
    "! # x\n# y\nif true; then git push --force; fi",
    "!\n# y\nwhile rm -rf ~; do :; done",
    # round 23 (diff23): ``coproc`` in a backquote in an expansion's pattern, round 21's
    # leftover; each ran the marker in bash and is refused (not reproduced as a disagreement)
    "echo ${x#`coproc { rm -rf ~; }`}",
    'echo "${x%%`coproc C { git push --force; }`}"',
    'echo ${x#"`coproc ( rm -rf ~ )`"}',
    "echo ${x##`! coproc { rm -rf .git; }`}",
    "echo ${x/`coproc if true; then rm -rf ~; fi`/a}",
    "echo ${x^`coproc { echo; } | rm -rf ~`}",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_line_bash_reads_otherwise_is_refused(command: str, flags: dict[str, bool]) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "echo `date`",
    "echo from `git remote get-url origin` `git branch -q | cut -f2 -d' '`",
    'echo "built `git rev-parse --short HEAD` on `date -u`"',
    "echo `echo \\`date\\``",
    'a=(\\( \\)); echo "${a[@]}"',
    'echo $(a=(x y); echo "${a[1]}")',
    "!\nfor f in src/*.py; do wc -l $f; done",
    "! grep -q TODO src/app.py",
    'case "$1" in build) make;; esac',
    "echo if'' fi\"\" done",
    'for f in "$@"; do echo "$f"; done',
    "echo $in$done",
    "git commit -m 'fix: if the case is done'",
    "! # negate\ngrep -q TODO src/app.py",
    "! # none left\nfor f in src/*.py; do grep -q TODO $f; done",
    # round 23 (diff23): a pattern's backquote in single quotes, or escaped, runs nothing
    "echo ${x#'`coproc { rm -rf ~; }`'}",
    "echo ${x#\\`coproc { rm -rf ~; }\\`}",
    "echo ${x#`git rev-parse --short HEAD`}",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_lines_both_parsers_read_alike_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
