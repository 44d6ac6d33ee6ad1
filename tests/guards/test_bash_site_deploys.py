"""A documentation or site builder's deploying verb is the policy's (round 15, the lead).

Every case here is data handed to the guard; none is ever run. ``mkdocs gh-deploy`` builds the
site, commits it to the gh-pages branch and pushes that branch; ``hugo deploy`` uploads the
site to a cloud bucket. The specification's policy refuses pushes and publishing, spelled
``git push`` or not; building and serving the site stay everyday work.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "mkdocs gh-deploy",
        "mkdocs gh-deploy --force --clean",
        "hugo deploy --target production",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_site_builders_deploy_is_refused_as_policy(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "policy", (command, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "mkdocs build --strict",
        "mkdocs serve -a 127.0.0.1:8000",
        "mkdocs gh-deploy --help",
        "hugo --minify",
        "hugo server -D",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_building_or_serving_the_site_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
