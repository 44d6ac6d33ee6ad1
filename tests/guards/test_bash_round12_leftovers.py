"""Round 12 of issue 30: holes round 11 noticed and left, closed by class, in all three modes.

- Interpreter code read as a command line (:func:`ondas.guards.bash_code._quiet_check`): the
  code's own calls (``open("f")``, ``print(x)``: a word and a parenthesis, which bash refuses to
  parse; ``format "%d", 1``, Perl's ``open my $f, ...``: a language's built-in function) are not
  programs, a file function's arguments are not an argument vector nor its path a command, and
  the reading goes on past an unknown program in every mode. The real checks stay: shell calls,
  argument vectors, pipes opened by ``open``.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

CODE_CALLS_HARMFUL = [
    "python3 -c 'import os; os.system(\"rm -rf .git\")'",
    'python3 -c \'print(open("x").read()); import os; os.system("rm -rf .git")\'',
    'ruby -e \'format "%d", 1; system("git push -f")\'',
    "perl -e 'open(F, \"| git push -f\"); close F'",
    "perl -e 'open(F, \"rm -rf .git |\"); print <F>'",
    "perl -e 'open F, \"|git push --force\"'",
    "ruby -e 'open(\"|rm -rf .git\") { |f| puts f.read }'",
    'perl -e \'system "rm", "-rf", ".git"\'',
    'ruby -e \'exec "git", "push", "--force"\'',
    "Rscript -e 'unlink(\"src\", recursive = TRUE)'",
    'python3 -c \'import subprocess; open("/tmp/o.sh", "w").write("x"); '
    'subprocess.run(["/tmp/o.sh"])\'',
    'python3 -c \'import subprocess; c = "mytool build && git push origin main"; '
    "subprocess.run(c.split())'",
]
"""Code that runs a refused command: a shell call, an argument vector, a pipe ``open`` starts,
a recursive deletion by a named argument, a file the code wrote and runs, and a command line
after an unknown program (read in every mode, not only where unknown programs pass)."""

CODE_CALLS_ORDINARY = [
    "python3 -c 'import json; print(json.load(open(\"/tmp/out.json\")))'",
    "python3 -c 'import json; print(json.load(open(\"data.json\")))'",
    "python3 -c 'print(format(3.14159, \".2f\"))'",
    "python3 -c \"open('/tmp/out.json')\"",
    "python3 -c 'print(sorted(open(\"names.txt\").read().split()))'",
    'python3 -c \'open("out.json", "w").write("{}")\'',
    'python3 -c \'import json; json.dump({}, open("/tmp/o.json", "w")); '
    'print(open("/tmp/o.json").read())\'',
    'node -e \'const fs = require("fs"); fs.writeFileSync("/tmp/o.json", "{}"); '
    'console.log(fs.readFileSync("/tmp/o.json", "utf8"))\'',
    "ruby -e 'puts format(\"%05d\", 42)'",
    "ruby -e 'format \"%d\", 1'",
    "ruby -e 'File.open(\"/tmp/out.json\") { |f| puts f.read }'",
    "ruby -e 'puts File.open(\"/tmp/out.json\").read'",
    'ruby -e \'File.open("/tmp/out.json", "w") { |f| f.write "x" }\'',
    "ruby -e 'p test(?e, \"/tmp/out.json\")'",
    'perl -e \'open my $fh, "<", "/tmp/out.json" or die; print <$fh>\'',
    'perl -e \'open(my $fh, ">", "/tmp/o.txt"); print $fh "x"\'',
    "perl -le 'print join \",\", sort 3, 1, 2'",
    "perl -le 'print time'",
    'lua -e \'f = io.open("/tmp/out.json"); print(f:read("a"))\'',
    "Rscript -e 'unlink(\"/tmp/scratch\", recursive = TRUE)'",
]
"""The same functions used as their languages mean them: reading and writing files, formatting,
sorting, joining, the time. None was refused in the unattended mode; most were refused attended
and sandboxed as ``open`` (``network-unknown-target``), ``format`` (``disk-format``), or as a
file the line wrote run by its path (``undecidable-payload``)."""


@pytest.mark.parametrize("command", CODE_CALLS_HARMFUL)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_code_that_runs_a_refused_command_is_refused_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", CODE_CALLS_ORDINARY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_languages_own_calls_are_not_read_as_programs_in_any_mode(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
