"""Round 26 of issue 30 (npol26): a relative path into the project in the place of a
sub-command of the project's own program, in all three modes.

The project's own program (``./bin/asc``, ``node bin/asc``, ``python3 tools/gen.py``) has its
sub-commands read as a tool's are (``./manage.py flush``). A word in that place that is a
relative path into the project (a slash, no blank, no ``/``, ``~``, ``..``, ``$``, glob or
``:``) is a file the program is given, not a verb: a part of it named like a destroying verb
(``tests/compiler/empty``) destroys nothing. The words after it are still read as verbs and
options (``./bin/tool data/x purge``, ``--delete``), and a path that leaves the project, a
glob, a URL, a blank, or a program that is not the project's keep being read as before.

MongoDB's ``mongorestore`` and ``mongoimport`` given ``--drop`` with ``--help`` or
``--version`` (anywhere: their go-flags parser prints and exits) or ``mongorestore --dryRun``
(reads the dump, imports nothing) drop nothing; a stop word that may be an earlier option's
value (``-d --help``, ``-h --dryRun``: ``-h`` is ``--host``, ``$X --dryRun``) or a tool that has
no ``--dryRun`` (``mongoimport``) keeps ``--drop`` refused. The unattended mode may still refuse
them by another rule (a network client whose target is not known), so they are tested attended
and sandboxed.
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


MONGO_RUNS_NOTHING = [
    "mongorestore --drop --help",
    "mongorestore --drop --dryRun --archive=backup.archive",
    "mongorestore --dryRun --drop dump/",
    "mongorestore --drop -d app dump/app --dryRun",
    "mongorestore --drop -h db1 --dryRun",
    "mongorestore --version --drop",
    "mongoimport --drop --help",
    "mongoimport --drop -c users --version",
]

MONGO_DROPS = [
    "mongorestore --drop dump/",
    "mongorestore --drop --archive --dryRun",
    "mongorestore --drop -d --help dump/",
    "mongorestore --drop -h --dryRun",
    "mongorestore --drop $X --dryRun",
    "mongoimport --drop --dryRun -c users f.json",
    "mongoimport --drop -c users f.json",
]


@pytest.mark.parametrize("mode", MODES[:2], ids=MODE_IDS[:2])
@pytest.mark.parametrize("command", MONGO_RUNS_NOTHING)
def test_a_mongo_tool_asked_for_help_or_a_dry_run_drops_nothing(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("command", MONGO_DROPS)
def test_a_mongo_drop_without_a_sure_stop_word_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).allowed, command


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
