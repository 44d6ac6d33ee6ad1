"""A task runner that runs only the project's own recipes reads a recipe's name as the
project's word, never as a verb whose meaning the guard knows (round 17, ``left17``): ``just
destroy``, ``task purge``, ``invoke release``, ``deno task destroy`` and ``bun run purge`` pass
as ``make destroy``, ``npm run purge``, ``mage destroy`` and ``nox -s destroy`` did. What a
recipe runs is the project's code; a recipe file this line wrote, or one in a temp area, is
still judged. Tools whose tasks are also a framework's, with fixed meanings (``rake db:drop``,
``rails db:drop``, ``rake release``, ``mix ecto.drop``), keep being read by verb."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

RUNNERS = ("make", "just", "task", "invoke", "mage", "npm run", "yarn", "pnpm run", "bun run")
RUNNERS += ("deno task", "nox -s", "cargo make")
TARGETS = ("destroy", "purge", "db-drop", "remove-cache", "rm:node_modules", "deploy", "release")


@pytest.mark.parametrize("runner", RUNNERS)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_recipe_name_is_the_projects_word_for_every_task_runner(
    runner: str, flags: dict[str, bool]
) -> None:
    for target in TARGETS:
        command = f"{runner} {target}"
        verdict = check(command, **flags)
        assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("rake db:drop", "service-destroy"),
        ("rails db:drop", "service-destroy"),
        ("bundle exec rails db:wipe", "service-destroy"),
        ("rake assets:precompile db:reset", "service-destroy"),
        ("mix ecto.drop", "service-destroy"),
        ("rake release", None),
        ("just --justfile <(printf 'x:\\n  rm -rf .git\\n') x", None),
        ("printf 'destroy:\\n\\trm -rf src\\n' > justfile && just destroy", None),
        ("printf 'build:\\n    rm -rf src\\n' > justfile && just build", None),
        ("printf 'x:\\n  rm -rf .git\\n' > build.just && just -f build.just x", "rm-protected"),
        (
            "printf 'tasks:\\n  x:\\n    cmds:\\n      - rm -rf src\\n' > Taskfile.yml && task x",
            None,
        ),
        ("printf 'def x(c):\\n    c.run(\"rm -rf src\")\\n' > tasks.py && invoke x", None),
        ('echo "$X" > justfile && just x', "undecidable-payload"),
        ("just -f /tmp/j destroy", None),
        ("just destroy && rm -rf src", None),
    ],
)
def test_framework_tasks_and_recipes_written_or_unseen_stay_refused(
    command: str, rule: str | None
) -> None:
    for flags in ({"unattended": True}, {"sandboxed": True}):
        if command.startswith("just -f /tmp") and not flags.get("unattended"):
            continue  # a recipe file in a temp area: unseen code, refused unattended only
        verdict = check(command, **flags)
        assert verdict.blocked, (command, flags)
        if rule is not None:
            assert verdict.rule == rule, (command, verdict.rule)


def test_a_recipe_file_written_on_the_line_with_ordinary_commands_runs() -> None:
    for command in (
        "printf 'build:\\n    cargo build\\n' > justfile && just build",
        "printf 'tasks:\\n  x:\\n    cmds:\\n      - go build ./...\\n' > Taskfile.yml && task x",
    ):
        for flags in MODES:
            assert check(command, **flags).allowed, (command, flags)
