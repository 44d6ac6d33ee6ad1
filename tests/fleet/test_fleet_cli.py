"""Fleet commands refuse bad input with one line and exit 2, before touching anything."""

from __future__ import annotations

import pytest

from tests.conftest import run_ondas

NO_SERVERS = {"ONDAS_BROKER_URL": "", "ONDAS_STORE_URL": ""}


@pytest.mark.parametrize(
    "args",
    [
        ["submit", "/nowhere.git", "--description", "x"],
        ["worker"],
        ["worker", "--concurrency", "0"],
        ["fleet", "status"],
        ["fleet", "answer", "sub-0123456789", "--answer", "yes"],
    ],
)
def test_fleet_commands_without_their_servers_exit_2_with_one_line(args: list[str]) -> None:
    result = run_ondas(*args, env=NO_SERVERS)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ondas: "), result.stderr


def test_a_malformed_submission_id_is_a_usage_error() -> None:
    result = run_ondas(
        "fleet",
        "answer",
        "not-an-id",
        "--answer",
        "yes",
        env={"ONDAS_BROKER_URL": "redis://127.0.0.1:1/0", "ONDAS_STORE_URL": "postgresql://x"},
    )
    assert result.returncode == 2, result.stderr
