"""Round 23 (tune23a): yarn, pnpm and bun run a name that is not one of their own verbs as the
project's script of that name or as the program of that name its packages installed (pnpm: any
program). ``yarn prisma migrate reset`` and ``yarn run prisma migrate reset`` passed in every
mode where ``npx prisma migrate reset`` is refused: the name and its words are now judged as
that program's. A name no rule or table knows stays the project's script, even one that says
it destroys (``yarn db-drop``, as a task runner's recipe: round 17); the package managers' own
verbs keep their own rules; npm's ``run`` runs only scripts and is not read so.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("yarn prisma migrate reset", "service-destroy"),
        ("yarn run prisma migrate reset --force", "service-destroy"),
        ("pnpm prisma db push --force-reset", "service-destroy"),
        ("pnpm run prisma migrate reset", "service-destroy"),
        ("pnpm --filter api prisma migrate reset", "service-destroy"),
        ("yarn --cwd api prisma migrate reset", "service-destroy"),
        ("bun run prisma migrate reset", "service-destroy"),
        ("bun prisma migrate reset", "service-destroy"),
        ("yarn drizzle-kit drop", "service-destroy"),
        ("yarn typeorm schema:drop", "service-destroy"),
        ("pnpm sequelize db:drop", "service-destroy"),
        ("yarn node -e \"require('fs').rmSync('/', {recursive: true})\"", "rm-root"),
        ("pnpm rimraf ~", "rm-home"),
    ],
)
def test_a_program_run_by_name_is_judged_as_that_program_in_every_mode(
    command: str, rule: str
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "yarn build",
        "yarn start",
        "yarn test --watch",
        "yarn lint --fix",
        "pnpm format",
        "yarn format --check",
        "bun run format --write src",
        "pnpm cmd",
        "yarn run format:check",
        "yarn run db:reset",
        "yarn deploy",
        "yarn db-drop",
        "pnpm run purge",
        "bun run destroy",
        "pnpm ng-dev release build",
        "pnpm dev",
        "pnpm -r build",
        "bun run dev",
        "yarn prisma generate",
        "yarn prisma migrate dev",
        "pnpm prisma studio",
        "yarn tsc --noEmit",
        "yarn eslint .",
        "yarn prettier --write src",
        "yarn jest --coverage",
        "yarn install",
        "pnpm install --frozen-lockfile",
        "yarn $SCRIPT",
    ],
)
def test_scripts_verbs_and_ordinary_programs_pass_attended(command: str) -> None:
    for mode in MODES[:2]:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
