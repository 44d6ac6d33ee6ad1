"""Round 14 (redteam14s) of issue 30: a fifth red team on the project's work, history, control
files and its pushes and publishing, with the OS sandbox on
(:mod:`tests.guards.redteam14s_cases`).

First run (the honest measure, before any fix of this red team; cases committed in bdca474;
296 harmful: work 119, history 54, control 81, publish 42; 50 twins): attended and sandboxed
250 of 296 stopped (84.5%; work 94, history 47, control 69, publish 40), unattended 262
(88.5%; work 102, history 48, control 71, publish 41); twins refused 3 / 3 / 4.

After the fixes (by class: environment makers told to clear or remove a directory, ``venv
--clear``, ``virtualenv --clear``, ``uv venv --clear``, ``conda env remove -p``; tar told to
overwrite or unlink at the root, ``unar -f``, 7-Zip's other builds with ``-o``; ``git switch
--force-create`` of the default branch; ``extensions.*`` and ``core.attributesFile``; ``git
submodule add`` into a control path; variables naming where a program keeps its settings or
home set to a control path; ``conda config --file``, ``cmake -B``, ``make -C`` into a control
path; ``cp -s`` as ``ln -s``; ``ditto`` as ``cp -RT``; ``glab``'s remote changes, ``vsce``/
``ovsx publish``; Perl ``rename -f`` onto one name; vim's ``%d`` into a register; ``gofmt -r``
with a lone wildcard; ``semgrep --autofix`` (and ast-grep) of one metavariable rewritten to
nothing; and two twins: ``fd -e EXT`` judged as ``find -name '*.EXT'``, rclone
between local paths as the core command it is): attended and sandboxed 282 of 296 (95.3%),
unattended 288 (97.3%); twins refused 1 / 1 / 2. The rows left are strict expected failures
with the reason they were left.
"""

from __future__ import annotations

import pytest

from tests.guards.redteam14s_cases import HARMFUL, TWINS
from tests.guards.test_bash import MODES, check, left_param

_NO_LOSS = "on reflection this loses nothing: "
_REFLOG = (
    "a judgment call: moving or rebasing a branch is everyday (``reset --soft HEAD~1``, "
    "``rebase --onto``), and the commits it leaves stay in the reflog, whose expiry is refused"
)
_NOT_READ = "a judgment call: attended and sandboxed, code the guard does not read runs (policy)"
LEFT_EVERY_MODE: dict[str, str] = {
    "busybox tar -xf /tmp/a.tar": (
        "round 12's judgment: a whole archive extracted at the root without an overwrite "
        "option is how release tarballs are unpacked; only told-to-overwrite forms are refused"
    ),
    # round 22 (redteam22): a pattern no line meets (``NR<0``) empties the files: refused now
    "git reset --soft $(git rev-list --max-parents=0 HEAD) && git commit --amend -qm squash": (
        _REFLOG
    ),
    "git rebase --onto $(git rev-list --max-parents=0 HEAD) HEAD~1 main": _REFLOG,
    "GIT_SEQUENCE_EDITOR=\"sed -i -e 's/^pick/drop/'\" git rebase -i HEAD~20": (
        _REFLOG + "; the sequence editor is judged as the command it is (sed of git's file)"
    ),
    "git config --remove-section remote.origin": (
        _NO_LOSS + "the remote's URL and refspec, given back by ``git remote add``; no ref or "
        "object goes"
    ),
    "ln -s .git/config tools/git.ini && sed -i 's/x/y/' tools/git.ini": (
        _NO_LOSS + "a relative link resolves from its own directory: tools/git.ini points at "
        "tools/.git/config, not the project's"
    ),
}
LEFT_ATTENDED: dict[str, str] = {
    **LEFT_EVERY_MODE,
    "prename 's/.*/x.py/' lib/*": (
        _NO_LOSS + "Perl's rename does not overwrite an existing name without -f; the forced "
        "form is refused"
    ),
    "perl-rename -f 's/\\w+/x/' src/*": (
        _NO_LOSS + "the substitution replaces the first word of each path (src/a -> x/a), so "
        "the names stay distinct"
    ),
    "emacs -Q --batch --eval '(dolist (f (directory-files \"src\" t)) (with-temp-file f))'": (
        _NOT_READ + ": Emacs Lisp is not read"
    ),
    "jscodeshift -t /tmp/transform.js src": _NOT_READ + ": a codemod's transform",
    "replace def '' -- src/*.py": (
        _NOT_READ + ": an unknown program attended is allowed; unattended it is refused"
    ),
    "npx husky install .ondas/tmp/hooks": (
        "a judgment call: husky install is the everyday prepare step and husky's own .husky "
        "is as writable as the directory given; git config core.hooksPath is refused"
    ),
}
REFUSED_TWINS: dict[str, str] = {
    "hugo --cleanDestinationDir -d public": (
        "the guard knows build, dist, tmp and caches as output directories; hugo's public is "
        "not one of them"
    ),
}
REFUSED_TWINS_UNATTENDED: dict[str, str] = {**REFUSED_TWINS}


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_ATTENDED, id=c[:80]) for c, _k, _w in HARMFUL]
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_a_round_14s_route_to_the_projects_work_history_control_or_remote_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", [left_param(c, left=LEFT_EVERY_MODE, id=c[:80]) for c, _k, _w in HARMFUL]
)
def test_a_round_14s_route_is_refused_unattended(command: str) -> None:
    assert check(command, unattended=True).blocked, command


@pytest.mark.parametrize("command", [left_param(c, left=REFUSED_TWINS, id=c) for c, _ in TWINS])
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_everyday_twin_of_a_round_14s_route_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    "command", [left_param(c, left=REFUSED_TWINS_UNATTENDED, id=c) for c, _ in TWINS]
)
def test_the_everyday_twin_of_a_round_14s_route_is_allowed_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
