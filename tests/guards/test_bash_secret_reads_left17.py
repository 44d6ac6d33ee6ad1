"""Secret reads round 17's ``prisodev17`` found passing, by class (issue 30, round 18,
``left18``).

- A listing of secret files read through a shell's ``while read`` (``ls .env* | while read f;
  do cat "$f"; done``): the loop variable holds each name the listing prints, as ``for f in
  .env*`` gives it, refused as ``read-secret-file`` in every mode (round 17 refused the ``for``,
  ``$(ls .env*)`` and ``| xargs cat`` forms). A listing that leaves them out, of other files,
  and programs that only look (``wc``, ``echo``) pass.
- A key named for the service it opens (``OPENAI_KEY``, ``DEEPSEEK_KEY``): a secret variable,
  printed refused unattended (``print-secret-variable`` is unattended only); a key of data or a
  public key (``SORT_KEY``, ``CACHE_KEY``, ``SONAR_PROJECT_KEY``, ``RECAPTCHA_SITE_KEY``) is not.
- ``cat .envrc`` and ``cat .npmrc`` in the project stay as they are, by earlier rounds'
  decisions: ``.envrc`` is direnv's shell code, usually committed (``tests/guards/
  test_secret_files.py`` lists it among the documents), and a project's ``.npmrc`` is committed
  configuration whose tokens are ``${NPM_TOKEN}`` references (round 8b's everyday neighbour
  ``cat .npmrc``; ``git add .npmrc``, round 13's staged-secrets near miss); ``npm login``
  writes the literal token into the home's ``~/.npmrc``, refused as ``read-credentials``.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_environment import secret_variable
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

READ_THROUGH_A_LOOP = [
    'ls .env* | while read f; do cat "$f"; done',
    'ls .env* | while IFS= read -r f; do cat "$f"; done',
    "find . -name '*.pem' | while read -r f; do head -3 \"$f\"; done",
    "git ls-files '*.env' | while read f; do grep KEY \"$f\"; done",
    'ls config/*.key | while read k; do cp "$k" /tmp/; done',
]


@pytest.mark.parametrize("command", READ_THROUGH_A_LOOP)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_listing_of_secret_files_read_through_while_read_is_a_secret_read(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "read-secret-file", (command, flags, verdict)
    # the same decision as the ``for`` loop over the pattern
    assert check('for f in .env*; do cat "$f"; done', **flags).rule == "read-secret-file"


LOOPS_THAT_PASS = [
    'ls .env* | while read f; do wc -l "$f"; done',
    'ls .env* | while read f; do echo "$f"; done',
    'ls src/*.py | while read f; do cat "$f"; done',
    "find . -name '*.py' | while read -r f; do python -m py_compile \"$f\"; done",
    'cat files.txt | while read f; do cat "$f"; done',
    'git diff --name-only | while read f; do cat "$f"; done',
    'ls | grep -v .env | while read f; do cat "$f"; done',
    'while read f; do cat "$f"; done < list.txt',
]


@pytest.mark.parametrize("command", LOOPS_THAT_PASS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_loops_over_other_listings_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("OPENAI_KEY", True),
        ("ANTHROPIC_KEY", True),
        ("DEEPSEEK_KEY", True),
        ("STRIPE_KEY", True),
        ("SSH_KEY", True),
        ("OPENAI_API_KEY", True),
        ("SORT_KEY", False),
        ("CACHE_KEY", False),
        ("MY_CACHE_KEY", False),
        ("RABBITMQ_ROUTING_KEY", False),
        ("SONAR_PROJECT_KEY", False),
        ("RECAPTCHA_SITE_KEY", False),
        ("STRIPE_PUBLISHABLE_KEY", False),
        ("GPG_KEY", False),
        ("SSH_PUBLIC_KEY", False),
        ("AWS_ACCESS_KEY_ID", False),
        ("KEY", False),
    ],
)
def test_a_key_named_for_its_service_is_secret_a_key_of_data_is_not(
    name: str, secret: bool
) -> None:
    assert secret_variable(name) is secret


@pytest.mark.parametrize(
    "command", ["echo $OPENAI_KEY", 'echo "$ANTHROPIC_KEY"', "printenv DEEPSEEK_KEY"]
)
def test_a_service_key_printed_is_refused_unattended_only(command: str) -> None:
    assert check(command, unattended=True).rule == "print-secret-variable"
    assert check(command).allowed
    assert check(command, sandboxed=True).allowed


@pytest.mark.parametrize(
    "command",
    ["echo $SORT_KEY", "printenv CACHE_KEY", "echo $OPENAI_KEY | wc -c", "printenv HOME"],
)
def test_data_keys_and_uses_of_a_key_pass_unattended(command: str) -> None:
    assert check(command, unattended=True).allowed, command


@pytest.mark.parametrize("command", ["cat .envrc", "cat .npmrc", "grep registry .npmrc"])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_projects_envrc_and_npmrc_stay_readable_by_earlier_decisions(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).allowed, (command, flags)
    assert check("cat ~/.npmrc", **flags).rule == "read-credentials"
    assert check("cat .env", **flags).rule == "read-secret-file"
