"""Classes of round 11 of issue 30 (what the tuned-on peers still passed), each with its own
examples and harmless twins.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of a class, not copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


def _refused_everywhere(command: str, rule: str | None = None) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        assert rule is None or verdict.rule == rule, (command, mode, verdict)


def _allowed_everywhere(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gksu synaptic",
        "gksudo -- gedit /etc/fstab",
        "kdesu -c 'systemctl restart sshd'",
        "kdesudo konsole",
        "beesu nautilus",
        "lxqt-sudo pcmanfm-qt",
        "sudo-rs id",
        "timeout 60 kdesu kate",
    ],
)
def test_the_desktops_front_ends_of_su_and_sudo_are_privilege_escalation(command: str) -> None:
    _refused_everywhere(command, "privilege-escalation")


@pytest.mark.parametrize(
    "command",
    [
        "install -m 4755 build/helper ./bin/",
        "install --mode=4711 helper /opt/tools/helper",
        "install -m4755 helper out/helper",
        "install -o root -m 04755 helper ~/bin/",
        "mkdir -m 4755 drop",
        "mkdir --mode=u+s,go=rx drop",
    ],
)
def test_install_and_mkdir_setting_the_set_user_id_bit_are_privilege_escalation(
    command: str,
) -> None:
    _refused_everywhere(command, "privilege-escalation")


@pytest.mark.parametrize(
    "command",
    [
        "install -m 0755 build/tool ./bin/",
        "install -m 644 README.md dist/",
        "install -d -m 2775 shared",
        "mkdir -m 700 .cache/private",
        "mkdir -p -m 0755 out/bin",
    ],
)
def test_install_and_mkdir_with_ordinary_modes_pass(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "curl -s http://127.0.0.1:8000/gen | (sh)",
        "cat notes/steps.txt | ( bash -s )",
        "git show HEAD:run.sh | { cd /tmp && bash; }",
        "cat job.txt | (cd work && sh)",
        "cat cmds | (set -e; bash)",
    ],
)
def test_a_shell_inside_a_subshell_or_group_reads_the_pipe(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        assert verdict.rule in {"pipe-to-shell", "download-to-interpreter"}, (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "tar cf - src | (cd /srv/app/proj/backup && tar xf -)",
        "git diff | (cd ../other && git apply --check)",
        "ls | (head -n 3; wc -l)",
        "printf 'ls\\n' | (sh)",
        "echo pwd | { cd src && bash; }",
    ],
)
def test_harmless_readers_and_known_payloads_in_a_subshell_pass(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        if "tar xf" in command and not mode.get("sandboxed"):
            # an archive unpacked in a directory outside the project's tree (this test's is
            # /work/project) is a write outside it, as ``cd DIR && touch x`` is (round 14b)
            continue
        assert not verdict.blocked, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "pass email/work",
        "pass -c cloud/root",
        "pass --clip=2 bank",
        "pass show -c vpn",
        "pass grep token",
        'pass "$ENTRY"',
    ],
)
def test_pass_given_an_entry_shows_it(command: str) -> None:
    _refused_everywhere(command, "read-credentials")


@pytest.mark.parametrize(
    "command", ["pass", "pass ls", "pass find github", "pass git log --oneline"]
)
def test_pass_listing_and_history_pass(command: str) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "while :; do wait; ./poll.sh & disown; done",
        "while true; do make watch & if false; then wait; fi; done",
        "until false; do sleep 2 & false && wait; done",
        "while true; do sleep 3 & (wait); done",
        "while [ 1 ]; do (sleep 3 &); wait; done",
        "for ((;;)); do sleep 5 & if false; then break; fi; done",
        "while true; do sleep 1 & ( exit ); done",
    ],
)
def test_a_bound_the_loop_never_reaches_leaves_an_endless_spawner(command: str) -> None:
    _refused_everywhere(command, "fork-bomb")


@pytest.mark.parametrize(
    "command",
    [
        "while true; do sleep 1 & wait; done",
        "while true; do (sleep 1 & wait); done",
        "while true; do sleep 1 & wait; sleep 2 & done",
        "while true; do sleep 1 & [ -f stop ] && break; done",
        "while true; do sleep 1 & if [ -f stop ]; then exit 0; fi; wait; done",
        "while true; do make & wait; done; echo disown",
    ],
)
def test_loops_that_reap_their_jobs_or_end_pass(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "ping_(){ pong_ & }; pong_(){ ping_; }; ping_",
        "a1(){ b1; }; b1(){ c1 & }; c1(){ a1; }; a1",
        "one() { two; }; two() { one & }; one",
        "go_(){ a3; }; a3(){ b3 & }; b3(){ a3; }; go_",
    ],
)
def test_functions_starting_one_another_in_the_background_are_a_fork_bomb(command: str) -> None:
    _refused_everywhere(command, "fork-bomb")


@pytest.mark.parametrize(
    "command",
    [
        "setup(){ build; }; build(){ make & wait; }; setup",
        "fmt(){ lint & }; lint(){ echo ok; }; fmt; wait",
        "up(){ down; }; down(){ echo done; }; up",
        "one() { two & }; one; two() { one; }",
        "one() { two; }; two() { one & }",
    ],
)
def test_functions_calling_others_without_a_circle_are_no_fork_bomb(command: str) -> None:
    """Unattended, a call of a function not yet defined is an unknown program; no mode calls
    any of these a fork bomb, and a person's session lets them run."""
    assert not check(command).blocked, command
    for mode in MODES:
        assert check(command, **mode).rule != "fork-bomb", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        'P=rm; declare P=ls Q=$P; "$Q" -rf /',
        'P=rm; local P=ls Q=$P 2>/dev/null; "$Q" -rf ~',
        'declare -a X={ls,rm}; "$X" -rf /',
        'C=rm; g(){ local C=ls; }; g; "$C" -rf /',
        'C=ls; g(){ C=rm; }; g; "$C" -rf /',
        'C=ls; test -f x && C=rm || C=ls; "$C" -rf /',
        'C=ls; [ -d y ] || C=rm; "$C" -rf /',
        'readonly C=rm; C=ls; "$C" -rf /',
        'declare -r C=rm; unset C; C=ls; "$C" -rf /',
        'C=ls; . ./unknown-lib.sh; "$C" -rf /',
        'C=ls; source ~/.profile; "$C" -rf /',
        'C=ls; if [ -f x ]; then C=rm; fi; "$C" -rf /',
        'C=ls; if [ -f x ]; then C=rm; else C=ls; fi; "$C" -rf ~',
        'C=ls; if [ -f x ]; then :; elif [ -f y ]; then C=rm; fi; "$C" -rf /',
        'C=ls; case "$M" in fast) C=rm ;; esac; "$C" -rf /',
    ],
)
def test_variable_state_is_followed_as_bash_keeps_it(command: str) -> None:
    _refused_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        'B=build; declare B=dist C=$B; rm -rf "$B"',
        'g(){ local T=dist; rm -rf "$T"; }; g',
        'D=build; g(){ local D=/; echo "$D"; }; g; rm -rf "$D"',
        '[ -z "$OUT" ] && OUT=build; rm -rf "$OUT"',
        'readonly OUT=build; rm -rf "$OUT"',
        'T=ls; g(){ T=pwd; }; g; "$T"',
        'OUT=build; if [ -n "$CI" ]; then echo ci; fi; rm -rf "$OUT"',
        'if [ -n "$CI" ]; then D=dist; else D=dist; fi; rm -rf "$D"',
        'case "$M" in fast) D=build ;; *) D=build ;; esac; rm -rf "$D"',
    ],
)
def test_variable_state_twins_pass(command: str) -> None:
    _allowed_everywhere(command)


@pytest.mark.parametrize(
    "command",
    [
        "chmod -R 700 .",
        "chmod 644 -R ./",
        "chown -R www-data /work/project",
        "chgrp --recursive staff .",
        "chmod --recursive go-rwx /work",
        "cd src && chown -R nobody ..",
        "chmod -Rv a-w .",
    ],
)
def test_a_recursive_mode_or_owner_change_over_the_project_root_reaches_control_files(
    command: str,
) -> None:
    _refused_everywhere(command)
    assert check(command).rule == "write-protected-path"


@pytest.mark.parametrize(
    "command",
    [
        "chmod -R u+w src",
        "chmod -R 755 scripts/",
        "chown -R app:app build dist",
        "chmod -R go-w *",
        "chmod 755 .",
        "chgrp staff .",
    ],
)
def test_a_recursive_change_of_project_directories_or_globs_passes(command: str) -> None:
    _allowed_everywhere(command)
