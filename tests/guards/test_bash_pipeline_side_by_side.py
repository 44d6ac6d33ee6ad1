"""The commands of one pipeline run side by side (round 22, the lead).

bash starts every command of a pipeline at once, so one may read a file another writes:
``sh f | (echo 'git push --force' > f)`` runs the push once the writer wins the race. The
guard walked a pipeline's commands left to right, so ``sh f`` was checked before ``f`` was
written, and passed. A pipeline that writes files is now checked again at the line's end with
what the line wrote, as a background job is (round 21).

tree-sitter-bash hangs the redirect of ``true && sh f | echo CMD > f`` on the whole list,
where bash gives it to ``echo``: a pipeline that ends such a list is checked again too (the
text the list writes is unknown to the guard, so a script run from that file is undecidable).

A pipeline the parser hangs on a here-document (``cat <<EOF | sort > out.txt``) is walked
again as the statement it belongs to, here-document included. Each is walked again in the
directory and shell it started in (``ls | tee list.txt; cd ~`` writes in the project).

Found by ``bench/guard_differential.py --vocabulary data`` (seeds 10-15, round 21's end).
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

REFUSED = [
    "sh f | (echo 'git push --force' > f)",
    "sh f | { echo 'rm -rf ~' > f; }",
    "bash run.sh | (printf 'rm -rf ~\\n' > run.sh)",
    ". ./f | (echo 'git push --force origin main' > f)",
    "cat f | sh | (echo 'rm -rf ~' > f)",
    "true && sh f | echo 'rm -rf ~' > f",
    "true || sh f | echo 'rm -rf ~' > f",
    "cd . && bash f | echo 'git push --force' > f",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", REFUSED)
def test_a_script_another_command_of_its_pipeline_writes_is_judged(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


ALLOWED = [
    "ls | sort > out.txt",
    "cat build.log | grep error > errors.txt",
    "sh build.sh | tee build.log",
    "./run.sh | tee out.log > /dev/null",
    "git log --oneline | head -20 > changes.txt",
    "make 2>&1 | tee make.log | grep -i warning",
    "true && git diff | tee patch.diff > /dev/null",
    "cd . && ls | sort > listing.txt",
    "echo 'echo hi' > f && sh f | tee out.txt",
    "python3 -m pytest -q | tee test.log",
    "cat <<EOF | tee out.txt\nhello $USER\nEOF",
    "cat <<'EOF' | sort > out.txt\nb\na\nEOF",
    "python3 - <<'EOF' | tee out.txt | cat\nprint('hi')\nEOF",
    "sed 's/a/b/' <<EOF | tee -a log.txt\nx\nEOF\necho done",
    'echo "$PGP_SECRET" | base64 -d > key.gpg',
    "for f in *.txt; do cat $f | sort > $f.sorted; done",
    "f() { cat a | sort > b; }; f",
    "ls | tee list.txt; cd ~",
    "git log | head > log.txt; cd /",
]


@pytest.mark.parametrize("flags", MODES)
@pytest.mark.parametrize("command", ALLOWED)
def test_ordinary_pipelines_that_write_files_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
