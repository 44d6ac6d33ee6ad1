"""A list ``find`` prints under the project, piped to ``xargs rm``, is judged as the entries its
name test lets through, as ``find ... -exec rm {} +`` judges them (round 16, sbx16)."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.test' | xargs rm -fv",
        "find . -name '*~' | xargs rm -fv",
        "find . -name '*.test' -print0 | xargs -0 rm -f",
        "find . -name '*.test' | sort | xargs rm -f",
    ],
)
def test_a_found_list_of_one_kind_of_generated_file_deleted_by_xargs_passes(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).allowed, command


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "find . -name '*.py' | xargs rm -f",  # the project's sources, wholesale
        "find . -name '*.ts' | xargs rm",
        "find . | xargs rm -f",  # every entry, git's too
        "find . -type f | xargs rm -f",
        "find . -name 'settings.json' | xargs rm -f",  # a control file
        "find . -path './.git/*' | xargs rm -f",
        "find .git -name '*.pack' | xargs rm -f",
        "find .claude -name '*.json' | xargs rm -f",
        "find .. -name 'id_*' | xargs rm -f",  # round 23: a root above the project
        "find . -name '*.test' | xargs rm -rf",  # recursive: directories so named too
        "find . -name src | xargs rm -rf",
        "find . -name '*.txt' | xargs bash",  # the list run, not deleted: unknown
        "find . -name '*.sh' | xargs sh",
        "bash $(find . -name '*.txt')",
    ],
)
def test_a_found_list_reaching_sources_control_files_or_recursing_stays_refused(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).allowed, command
