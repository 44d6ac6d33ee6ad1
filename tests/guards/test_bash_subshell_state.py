"""What a subshell changes does not outlive it (round 21, the lead).

bash runs a ``( )`` group, each command of a pipeline, a statement sent to the background with
``&`` and a command substitution in a child shell: a variable, a function or an alias it sets
is gone when it ends. The guard kept them, so a value assigned there stood for the one bash
uses afterwards (``x=~; (x=build); rm -rf $x`` was judged as ``rm -rf build``, and passed in
every mode). Found by ``bench/guard_differential.py --vocabulary data``.

With ``shopt -s lastpipe`` a pipeline's last command runs in the line's shell: a variable it
changes may hold either value afterwards, so it is unknown from then on.

A command's own redirection of its input wins over a pipe into it (bash applies redirections
after the pipe): ``echo | bash <<< CMD`` runs CMD, which the guard had read as the pipe's text.

A job sent to the background runs beside the rest of the line: a script it runs may be written
after it starts (``sh f & printf '...' > f``), so a line that writes files has its jobs checked
again at the end, with what it wrote.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "x=~; (x=build); rm -rf $x",
    'x=~; (x=build; true); rm -rf "$x"',
    "x=~; x=build & rm -rf $x",
    "x=~; x=build & wait; rm -rf $x",
    "x=~; x=build | cat; rm -rf $x",
    "x=~; echo | x=build; rm -rf $x",
    "x=~; echo $(x=build); rm -rf $x",
    "x=~; cat <(x=build); rm -rf $x",
    "x=~; x=build | rm -rf $x",
    "x=~; : | x=build | rm -rf $x",
    "x=~; printf -v x %s build | cat; rm -rf $x",
    "x=~; (export x=build); rm -rf $x",
    "x=~; (declare x=build); rm -rf $x",
    "x=build; shopt -s lastpipe; echo | x=~; rm -rf $x",
    "x=build; shopt -s lastpipe; echo | read x; rm -rf $x",
    "echo | bash <<< 'rm -rf ~'",
    "echo | (bash <<< 'rm -rf ~')",
    "echo | { sh <<< 'rm -rf ~'; }",
    "true | bash <<'EOF'\nrm -rf ~\nEOF",
    "x='rm -rf ~'; echo | (bash <<< \"$x\")",
    "(ls() { :; }); ls() { :; } | cat; rm -rf ~",
    "sh f & printf 'rm -rf ~' > f",
    "bash run.sh & echo 'git push --force origin main' > run.sh; wait",
    "(sleep 1; . ./env.sh) & echo 'rm -rf ~' > env.sh",
    # round 23 (diff23): a later stage's here-string, noted once, with the values the
    # pipeline started with (each stage is a subshell of the line's shell)
    "x='rm -rf ~'; x=ls | bash <<< \"$x\"",
    "x='git push --force'; echo | read x | sh <<< \"$x\" | cat",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_value_set_in_a_subshell_is_not_the_one_bash_uses_after_it(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "x=build; rm -rf $x",
    "x=~; x=build; rm -rf $x",
    "x=~; { x=build; }; rm -rf $x",
    "x=build; (rm -rf $x)",
    "x=build; (x=dist; rm -rf $x); rm -rf $x",
    "x=build; echo hi | cat; rm -rf $x",
    'x=build; ls | grep a; rm -rf "$x"',
    "x=build & wait; ls",
    "(cd build && make) && rm -rf build",
    "echo | bash <<< 'ls -la'",
    "printf 'ls\\n' | cat <<< 'hello'",
    "git log --oneline | head -5",
    "x=build; shopt -s lastpipe; echo | cat; rm -rf $x",
    "sh f & printf 'ls' > f",
    "npm run dev & sleep 2; curl -s localhost:3000 > out.html",
    "make watch & echo started > build.log; wait",
    "x=ls; x='rm -rf ~' | bash <<< \"$x\"",
    "x='ls -la'; echo | x='rm -rf ~' | sh <<< \"$x\" | cat",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_values_of_the_lines_own_shell_still_stand(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule)
