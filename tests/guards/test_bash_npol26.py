"""Round 26 of issue 30 (npol26): a relative path into the project in the place of a
sub-command of the project's own program, in all three modes.

The project's own program (``./bin/asc``, ``node bin/asc``, ``python3 tools/gen.py``) has its
sub-commands read as a tool's are (``./manage.py flush``). A word in that place that is a
relative path into the project (a slash, no blank, no ``/``, ``~``, ``..``, ``$``, glob or
``:``) is a file the program is given, not a verb: a part of it named like a destroying verb
(``tests/compiler/empty``) destroys nothing. The words after it are still read as verbs and
options (``./bin/tool data/x purge``, ``--delete``), and a path that leaves the project, a
glob, a URL, a blank, or a program that is not the project's keep being read as before.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "node bin/asc tests/compiler/empty --noEmit",
    "node bin/asc tests/compiler/empty --transform ./tests/transform/index.js --noEmit",
    "./bin/asc tests/compiler/empty",
    "python3 tools/gen.py data/remove/input.json",
    "./scripts/check fixtures/delete-me/case1.txt",
    "bin/run tests/purge/basic",
    "ruby bin/conv samples/drop/list.csv",
    "node scripts/build.js src/destroy/index.ts --minify",
    "./tools/gen data/wipe",
    "php bin/console fixtures/truncate",
]

STILL_REFUSED = [
    "./bin/asc tests/compiler/empty drop",
    "./bin/tool tests/a/empty purge",
    "python3 tools/gen.py data/x/y prune",
    "node bin/asc tests/compiler/delete drop",
    "./bin/tool data/x/empty --delete",
    "./bin/tool /srv/data/delete",
    "./bin/tool ../other/delete",
    "./bin/tool tests/../../wipe",
    "./bin/tool ~/delete",
    "node bin/asc tests/*/empty",
    "./bin/tool s3://bucket/delete",
    './bin/tool "data/x/ delete"',
    "node /tmp/asc tests/compiler/empty",
    "python3 ci/nightly.py prune",
    "node ./scripts/prepublish --reset",
]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", EVERYDAY)
def test_a_project_path_in_a_sub_command_place_is_a_file_not_a_verb(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", STILL_REFUSED)
def test_a_verb_after_it_or_a_path_that_leaves_the_project_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).allowed, command
