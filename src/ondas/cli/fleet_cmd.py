"""``ondas submit``, ``ondas worker`` and ``ondas fleet``: the fleet on Celery + Redis."""

from __future__ import annotations

from ondas.cli._common import JsonOption, call, emit_json, print_table
from ondas.cli.framework import App, Argument, Option

app = App(
    help="The fleet of workers: status of workers and submissions, answers to blocks.",
    no_args_is_help=True,
)


def submit_command(
    remote: str = Argument(..., help="Git remote (URL or path) of the project."),
    description: str = Option(..., "--description", help="What to build."),
    backend: str = Option("claude-code", "--backend", help="Agent backend name."),
    auto_answer: bool = Option(
        False, "--auto-answer", help="Answer structural blocks with the recommended option."
    ),
    wave_delay: float = Option(
        0.0, "--wave-delay", help="Seconds between waves (a Celery countdown)."
    ),
    as_json: bool = JsonOption,
) -> None:
    """Enqueue an execution of the project at REMOTE for the fleet's workers.

    Needs ONDAS_BROKER_URL (redis://) and ONDAS_STORE_URL (postgresql://). Prints the
    submission id; its waves land on the branch ondas/<id> of REMOTE.
    """
    from ondas.fleet.commands import submit

    sub = call(
        lambda: submit(
            remote,
            description=description,
            backend=backend,
            auto_answer=auto_answer,
            wave_delay=wave_delay,
        )
    )
    if as_json:
        emit_json(sub.to_dict())
    else:
        print(sub.id)


def worker_command(
    concurrency: int = Option(1, "--concurrency", help="Waves run at once (processes)."),
    name: str = Option(None, "--name", help="Worker name (default: ondas-<random>@host)."),
) -> None:
    """Run a Celery worker that takes one wave per task from the fleet's queue."""
    import os

    from ondas.fleet.commands import worker_argv

    argv = call(lambda: worker_argv(concurrency, name))
    os.environ["ONDAS_FLEET_CONCURRENCY"] = str(concurrency)
    from ondas.fleet.app import app as celery_app

    celery_app.worker_main(argv=argv)


@app.command("status")
def status_cmd(as_json: bool = JsonOption) -> None:
    """List workers and queued, running, awaiting and finished submissions."""
    from ondas.fleet.commands import status

    report = call(status)
    if as_json:
        emit_json(report)
        return
    print_table(
        ["worker", "host", "concurrency", "alive", "silent (s)"],
        [
            [w["name"], w["host"], str(w["concurrency"]), str(w["alive"]), f"{w['silent_for']:.0f}"]
            for w in report["workers"]
        ],
    )
    print()
    print_table(
        ["submission", "status", "waves", "worker", "remote"],
        [
            [s["id"], s["status"], str(s["waves"]), s["worker"] or "", s["remote"]]
            for s in report["submissions"]
        ],
    )


@app.command("answer")
def answer_cmd(
    submission: str = Argument(..., help="Submission id (sub-...)."),
    answer: str = Option(..., "--answer", help="The answer to the block."),
    block: str = Option(None, "--block", help="Answer this block (default: oldest)."),
    as_json: bool = JsonOption,
) -> None:
    """Answer a human block of a submission and queue its next wave."""
    from ondas.fleet.commands import answer as answer_fn

    result = call(lambda: answer_fn(submission, answer, block))
    if as_json:
        emit_json(result)
    else:
        print(f"{result['block']} answered; {submission} is {result['execution_status']}")
