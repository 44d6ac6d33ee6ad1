"""The executor pool's ordering and concurrency, and the settings' defaults in code."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from ondas.errors import UsageError
from ondas.runtime import pool
from ondas.sovai.settings import SovaiSettings, resolve


def test_batches_put_independent_jobs_together_and_dependent_ones_after() -> None:
    jobs = [
        pool.Job("T1"),
        pool.Job("T2", depends_on=("T1",)),
        pool.Job("T3"),
        pool.Job("T4", parallel=False),
        pool.Job("T5", depends_on=("T2",)),
    ]
    batches, stuck = pool.batches(jobs)
    assert [[j.id for j in b] for b in batches] == [["T1", "T3"], ["T4"], ["T2"], ["T5"]]
    assert stuck == []


def test_a_job_whose_dependency_never_finishes_is_stuck() -> None:
    batches, stuck = pool.batches([pool.Job("T2", depends_on=("T1",))], finished=())
    assert batches == [] and [j.id for j in stuck] == ["T2"]
    batches, stuck = pool.batches([pool.Job("T2", depends_on=("T1",))], finished=("T1",))
    assert [[j.id for j in b] for b in batches] == [["T2"]] and stuck == []


def test_jobs_sharing_a_file_are_named_for_worktrees() -> None:
    batch = [pool.Job("T1", ("a.py",)), pool.Job("T2", ("a.py", "b.py")), pool.Job("T3", ("c",))]
    assert pool.shared(batch) == {"T1", "T2"}


def test_the_pool_runs_a_batch_at_once_and_reports_in_the_calling_thread() -> None:
    barrier = threading.Barrier(4, timeout=120)
    caller = threading.get_ident()
    seen: list[tuple[str, bool]] = []

    def work(job: pool.Job) -> str:
        barrier.wait()  # only passes when all four run at the same time
        return job.id.lower()

    def done(job: pool.Job, result: str) -> None:
        seen.append((result, threading.get_ident() == caller))

    pool.run([pool.Job(f"T{i}") for i in range(4)], work, 4, done)
    assert sorted(seen) == [(f"t{i}", True) for i in range(4)]


@pytest.mark.parametrize("workers", [1, 3])
def test_the_pool_says_once_when_every_job_ended_before_the_last_results_are_handed(
    workers: int,
) -> None:
    jobs = [pool.Job(f"T{i}") for i in range(1, 6)]
    ended: list[str] = []
    seen: list[str] = []
    lock = threading.Lock()

    def work(job: pool.Job) -> str:
        with lock:
            ended.append(job.id)
        return job.id

    def on_settled() -> None:
        assert sorted(ended) == [j.id for j in jobs]
        seen.append("settled")

    pool.run(jobs, work, workers, lambda job, _r: seen.append(job.id), on_settled=on_settled)

    assert seen.count("settled") == 1
    assert sorted(x for x in seen if x != "settled") == [j.id for j in jobs]
    assert seen.index("settled") < len(seen) - 1


def test_the_pool_does_not_say_settled_when_a_job_failed() -> None:
    def work(job: pool.Job) -> str:
        if job.id == "T2":
            raise RuntimeError("boom")
        return job.id

    settled: list[bool] = []
    with pytest.raises(RuntimeError):
        pool.run(
            [pool.Job("T1"), pool.Job("T2")],
            work,
            2,
            lambda _j, _r: None,
            on_settled=lambda: settled.append(True),
        )
    assert settled == []


def test_background_work_hands_back_its_result_or_its_exception() -> None:
    caller = threading.get_ident()
    assert pool.background(lambda: threading.get_ident() != caller, "t").result(timeout=60)

    def fail() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        pool.background(fail, "t").result(timeout=60)


def test_defaults_are_materialised_when_nothing_is_given(tmp_path: Path) -> None:
    settings = resolve("PLAN.md", tmp_path, backend="scripted")
    assert (settings.max_rounds, settings.severity_floor, settings.churn_threshold) == (5, "P1", 2)
    assert settings.parallel == 4
    assert settings.models["diagnose"] == "opus" and settings.effort["mechanical"] == "low"
    stored = SovaiSettings.from_dict({"plan": "PLAN.md"})
    assert stored.max_rounds == 5


def test_config_sets_models_per_role_and_a_typo_is_refused(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text(
        '[sovai]\nmax_rounds = 3\n[sovai.models]\nexecutor = "opus"\n'
    )
    settings = resolve("PLAN.md", tmp_path, backend="scripted", max_rounds=4)
    assert settings.max_rounds == 4 and settings.models["executor"] == "opus"
    assert settings.models["decompose"] == "opus"
    (tmp_path / "config.toml").write_text('[sovai.models]\nexecuter = "opus"\n')
    with pytest.raises(UsageError, match="unknown sovai role 'executer'"):
        resolve("PLAN.md", tmp_path, backend="scripted")


def test_effort_levels_include_the_highest_one_and_diagnosis_uses_it() -> None:
    from ondas.sovai.settings import DEFAULT_EFFORT, EFFORTS

    assert EFFORTS[-1] == "max" and "xhigh" in EFFORTS
    assert DEFAULT_EFFORT["diagnose"] == "max"
    claude_levels = ("low", "medium", "high", "xhigh", "max")  # claude --help, 2.1.197
    assert set(EFFORTS) == set(claude_levels)
