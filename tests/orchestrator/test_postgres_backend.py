"""The orchestrator's scripted end-to-end runs on the Postgres store too.

Needs ``ONDAS_TEST_POSTGRES_URL`` (scripts/test.sh starts a throwaway server and exports it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.orchestrator import test_commands_cli as cli_tests

pytestmark = pytest.mark.usefixtures("on_postgres")


@pytest.mark.slow  # the SQLite whole run of test_commands_cli again, on Postgres
def test_demo_runs_every_stage_with_a_block_and_a_resume_on_postgres(tmp_path: Path) -> None:
    cli_tests.test_demo_runs_every_stage_offline_with_one_block_and_a_resume(tmp_path)


@pytest.mark.slow  # the SQLite whole run of test_commands_cli again, on Postgres
def test_sigkill_mid_wave_then_resume_loses_nothing_on_postgres(project: Path) -> None:
    cli_tests.test_sigkill_mid_wave_then_resume_finishes_with_nothing_lost(project)


def test_a_second_process_holding_the_lock_exits_3_on_postgres(project: Path) -> None:
    cli_tests.test_resume_while_another_process_holds_the_lock_exits_3_and_writes_nothing(project)
