"""npx and bunx read their own options only before the package's name (round 21, npol21).

npm's ``npx`` puts ``--`` before the first positional word, so every later word is the
package's: ``npx eslint -c .eslintrc.json src`` gives eslint its configuration. The guard read
``-c`` anywhere as npx's ``--call`` and ran the next word as a command line (``npx terser
src/app.js -o dist/app.min.js -c -m`` was the unknown program ``-m`` unattended). ``npm exec``
reads its options anywhere before ``--`` and stays read whole; ``npx -c TEXT`` before the
package still runs TEXT, judged as a command line."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({}, {"sandboxed": True}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "npx terser src/app.js -o dist/app.min.js -c -m",
        "npx eslint -c .eslintrc.json src",
        "npx jest -c jest.config.js",
        "npx -- eslint -c x",
        "bunx eslint -c .eslintrc.json src",
    ],
)
def test_a_packages_own_dash_c_after_its_name_is_not_npx_call(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "npx -c 'rm -rf ~'",
        "npx --call 'rm -rf ~'",
        "npx --call='rm -rf ~'",
        "npx -y -c 'rm -rf ~'",
        "npx -p cowsay -c 'rm -rf ~'",
        "bunx -c 'rm -rf ~'",
        "npm exec eslint -c 'rm -rf ~'",
        "npm x eslint --call 'rm -rf ~'",
        "npx terser src/app.js -o src/app.js -c -m",
        "npx terser src/app.js -o ~/.bashrc -c -m",
    ],
)
def test_npx_call_before_the_package_and_npm_exec_call_anywhere_stay_judged(
    command: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    if mode.get("sandboxed") and "~/.bashrc" in command:
        # a write in the home is the sandbox's to stop (the house rule): left to it
        assert verdict.allowed, (command, mode)
        return
    assert verdict.blocked, (command, mode)
