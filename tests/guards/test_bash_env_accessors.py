"""A module's ``env`` accessor in code is no env file (round 20, npol20).

``rails runner 'puts Rails.env'`` and ``mix run -e 'IO.puts Mix.env'`` print the name of the
environment the application runs in; the secret files' rule read the words ``Rails.env`` and
``Mix.env`` as env files' names (``prod.env``) and refused them in every mode, as it had done
for JavaScript's ``process.env`` before that was named. A capitalised constant's ``env``
(Ruby's and Elixir's modules) is read as code where the words are code: an interpreter's or a
console's text of several words, or a word of that code read as a command line. A file named
so by any other program, alone, quoted in the code, or as the last part of a path stays a
secret file."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

MODES: tuple[dict[str, bool], ...] = ({"sandboxed": True}, {}, {"unattended": True})


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "rails runner 'puts Rails.env'",
        "bin/rails runner 'p Rails.env'",
        "bin/rails runner 'puts Rails.env' > out.txt",
        "bundle exec rails runner 'puts Rails.env; puts Rails.version'",
        "mix run -e 'IO.puts Mix.env'",
        "ruby -e 'puts Rails.env'",
    ],
)
def test_a_modules_env_accessor_in_code_is_no_file(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, mode, verdict.rule, verdict.reason)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "cat Prod.env",
        "cat config/Prod.env",
        "cat 'notes Prod.env'",  # a file's name with a space: cat's words are files
        "cp Prod.env notes.txt",
        "grep TOKEN Prod.env",
        "tar czf /tmp/x.tgz Prod.env",
        "rails runner 'puts File.read(\"Prod.env\")'",  # code names a file by a string
        "ruby -e 'puts File.read(\"config/Prod.env\")'",
        "ruby -e \"puts File.read('.env')\"",
        'node -e \'console.log(require("fs").readFileSync("Prod.env", "utf8"))\'',
        "python3 -c 'print(open(\"Secrets.env\").read())'",
        "rails runner 'puts Rails.env' Prod.env",
        "ruby -e 'puts ARGF.read' Prod.env",
        "ruby -e 'puts Rails.env' < Prod.env",
        "cat prod.env",
        "cat config.env",
        "bundle exec cat 'notes Prod.env'",  # the command a runner runs is judged by its name
        "bundle exec rails runner 'puts File.read(\"Prod.env\")'",
    ],
)
def test_an_env_file_named_beside_code_stays_refused(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert not verdict.allowed, (command, mode)
    assert verdict.rule == "read-secret-file", (command, mode, verdict.rule)
