from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

from ondas.audit.waves import start_wave
from ondas.errors import RuleViolation, UsageError
from ondas.limits import drift
from ondas.state.execution import get_execution
from ondas.state.store import Store
from ondas.state.verify import verify
from tests.limits.conftest import run_wave

Runner = Callable[..., CompletedProcess[str]]
ASPECTS = ["receipts attached to every approved expense", "approval trail", "monthly CSV export"]


@pytest.fixture
def aspects(store: Store) -> Store:
    drift.init(store, ASPECTS, technical=["PostgreSQL"], operational=["single VM"])
    return store


def test_init_records_the_aspects_and_freezes_them(aspects: Store) -> None:
    assert get_execution(aspects).key_aspects["product"] == ASPECTS
    with pytest.raises(RuleViolation, match="aspects-frozen"):
        drift.init(aspects, ["something else"])
    assert verify(aspects).ok


def test_two_waves_without_aspects_are_ok_and_three_warn(aspects: Store) -> None:
    for _ in range(2):
        run_wave(aspects)
    assert drift.check(aspects).status == "ok"
    run_wave(aspects)
    result = drift.check(aspects)
    assert (result.status, result.details["waves_without_aspect"]) == ("warn", 3)


def test_four_waves_without_aspects_warn_and_five_abort(aspects: Store) -> None:
    for _ in range(4):
        run_wave(aspects)
    assert drift.check(aspects).status == "warn"
    run_wave(aspects)
    result = drift.check(aspects)
    assert (result.status, result.reason) == ("abort", "purpose_drift")


def test_a_wave_touching_an_aspect_resets_the_streak(aspects: Store) -> None:
    for _ in range(4):
        run_wave(aspects)
    run_wave(aspects, "approval trail")
    assert drift.check(aspects).details["waves_without_aspect"] == 0
    run_wave(aspects)
    assert drift.check(aspects).details["waves_without_aspect"] == 1


def test_an_open_wave_that_touched_an_aspect_clears_the_streak(aspects: Store) -> None:
    for _ in range(4):
        run_wave(aspects)
    start_wave(aspects)
    assert drift.check(aspects).details["waves_without_aspect"] == 4
    drift.touch(aspects, "Monthly CSV export")
    assert drift.check(aspects).status == "ok"


def test_waves_before_init_do_not_count(store: Store) -> None:
    for _ in range(5):
        run_wave(store)
    drift.init(store, ASPECTS)
    assert drift.check(store).details["waves_without_aspect"] == 0


def test_touching_an_unknown_aspect_or_before_any_wave_is_refused(aspects: Store) -> None:
    with pytest.raises(UsageError, match="not a key aspect"):
        drift.touch(aspects, "blockchain")
    with pytest.raises(RuleViolation, match="no-wave"):
        drift.touch(aspects, "approval trail")


@pytest.mark.parametrize(
    ("path", "touched"),
    [
        ("src/receipts/upload.py", ["receipts attached to every approved expense"]),
        ("app/approvals/approval_trail.py", ["approval trail"]),
        ("src/export/monthly_csv.py", ["monthly CSV export"]),
        ("infra/postgresql/schema.sql", ["PostgreSQL"]),
        ("README.md", []),
        ("src/ui/theme.css", []),
    ],
)
def test_infer_matches_substrings_and_tokens_of_three_or_more(
    aspects: Store, path: str, touched: list[str]
) -> None:
    all_aspects = [*ASPECTS, "PostgreSQL", "single VM"]
    assert drift.match_aspects(all_aspects, [path]) == touched


def test_infer_touches_the_open_wave(aspects: Store) -> None:
    for _ in range(4):
        run_wave(aspects)
    start_wave(aspects)
    assert drift.infer(aspects, ["src/export/monthly_csv.py"]) == ["monthly CSV export"]
    assert drift.check(aspects).status == "ok"
    assert verify(aspects).ok


def test_cli_infer_reads_changed_paths_from_git(
    aspects: Store, project: Path, ondas_cli: Runner
) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(project), *args], check=True, capture_output=True)

    git("init", "-q")
    git("-c", "user.email=t@e", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "x")
    (project / "receipts.py").write_text("pass\n")
    start_wave(aspects)
    result = ondas_cli(
        "limits",
        "drift",
        "infer",
        "--project",
        str(project),
        "--state-dir",
        str(aspects.state_dir),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "receipts attached to every approved expense\n"


def test_cli_drift_check_exits_3_at_the_fifth_wave(aspects: Store, ondas_cli: Runner) -> None:
    for _ in range(5):
        run_wave(aspects)
    result = ondas_cli("limits", "check", "--state-dir", str(aspects.state_dir))
    assert result.returncode == 3
    assert "[purpose_drift] 5 consecutive waves" in result.stderr
