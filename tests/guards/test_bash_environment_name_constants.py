"""``Rails.env`` in Ruby code is the application's environment name, not an env file (issue 30,
round 20, ``left20``; rounds 19 and 19s left ``bin/rails runner 'puts Rails.env'`` refused as
reading an env file, every mode).

A ``*.env`` file is a secret (``prod.env``), and the word ``Rails.env`` ends so. Ruby's and
Elixir's handles on the environment's name are constants, spelt with their capital
(``Rails.env``, ``Mix.env``, ``Hanami.env``): as JavaScript's ``process.env`` is, they are read
as code's words. A file spelt so in a path, or in lower case, stays a secret; code that reads
the env file itself stays refused.
"""

from __future__ import annotations

import pytest

from ondas.guards.secret_files import named_secrets
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]


@pytest.mark.parametrize(
    "command",
    [
        "bin/rails runner 'puts Rails.env'",
        "rails runner 'puts Rails.env'",
        "bundle exec rails runner 'p Rails.env'",
        "rails runner 'puts \"#{Rails.env}: #{User.count}\"'",
        "ruby -e 'puts ::Rails.env'",
        "mix run -e 'IO.puts Mix.env()'",
        "echo 'puts Rails.env' | rails console",
        "bin/rails runner 'puts Rails.env.production?'",
    ],
)
@pytest.mark.parametrize("flags", MODES[:2], ids=MODE_IDS[:2])
def test_the_environment_name_in_code_is_no_file(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "bin/rails runner 'puts File.read(\".env\")'",
        "rails runner 'puts File.read(\"prod.env\")'",
        "cat rails.env",
        "cat config/app.env",
        "ruby -e 'puts File.read(\"deploy.env\")'",
    ],
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_env_file_read_stays_refused(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "read-secret-file", (command, flags, verdict)


def test_only_the_constants_spelling_is_code() -> None:
    assert named_secrets("puts Rails.env", code="text") == []
    assert named_secrets("IO.puts Mix.env()", code="text") == []
    assert named_secrets("cat rails.env") == ["rails.env"]
    assert named_secrets("cat deploy/Rails.env") == ["deploy/Rails.env"]
