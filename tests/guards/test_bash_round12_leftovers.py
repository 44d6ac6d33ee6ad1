"""Round 12 of issue 30: holes round 11 noticed and left, closed by class, in all three modes.

- Interpreter code read as a command line (:func:`ondas.guards.bash_code._quiet_check`): the
  code's own calls (``open("f")``, ``print(x)``: a word and a parenthesis, which bash refuses to
  parse; ``format "%d", 1``, Perl's ``open my $f, ...``: a language's built-in function) are not
  programs, a file function's arguments are not an argument vector nor its path a command, and
  the reading goes on past an unknown program in every mode. The real checks stay: shell calls,
  argument vectors, pipes opened by ``open``.
- Start-up files and programs a tool runs that the line did not write, and copies or links of
  them, are judged as running the file directly: make's own variables (``SHELL=``, ``CC=``,
  also through ``MAKEFLAGS``), Perl's ``-Mlib=DIR``, a temp file copied or linked into the
  project (its tool directories included) stay the temp file.
- Copies are followed through ``cd`` (the source is kept as the directory of the copy made
  it), into a temp area's root named without a slash, and through ``-t DIR``.
- A script outside the project and the temp areas (an absolute or home path) that the line did
  not write, run by a shell, ``source`` or an interpreter, is judged unattended as the same file
  run by its path (an unknown program), unless it is an environment script
  (:data:`ondas.guards.bash_base.ENVIRONMENT_SCRIPTS`). Measured on the tuned-on everyday sets:
  without that table four lines would be refused (``. $HOME/.cargo/env``, ``source
  ~/.ghc-wasm/env``, ``. ~/.nix-profile/etc/profile.d/nix.sh``, ``source ~/.bashrc``); with it,
  none. A relative path out of the project is left (eight everyday lines of round 7's
  repositories, ``node ../../scripts/build.js``, run from a package directory of their
  repository).
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


PLANTED_AS_RUN: list[tuple[str, str]] = [
    ("NODE_OPTIONS='--require /tmp/x.js' node app.js", "node /tmp/x.js"),
    ("JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar mvn test", "java -jar /tmp/a.jar"),
    ("PYTHONSTARTUP=/tmp/x.py python3 -i app.py", "python3 /tmp/x.py"),
    ("PERL5OPT='-Mlib=/tmp -MEvil' perl app.pl", "perl /tmp/Evil.pm"),
    ("perl -Mlib=/tmp -MEvil app.pl", "perl /tmp/Evil.pm"),
    ("make SHELL=/tmp/sh all", "/tmp/sh"),
    ("MAKEFLAGS='SHELL=/tmp/sh' make all", "/tmp/sh"),
    ("MAKEFLAGS='CC=/tmp/cc' make all", "/tmp/cc"),
    ("make CC=/tmp/cc", "/tmp/cc"),
    ("ln -sf /tmp/x node_modules/.bin/jest && npm test", "/tmp/x"),
    ("cp /tmp/x .venv/bin/pytest && pytest", "/tmp/x"),
    ("cp /tmp/x ./run.sh && ./run.sh", "/tmp/x"),
    ("ln -s /tmp/x.sh scripts/x.sh && bash scripts/x.sh", "bash /tmp/x.sh"),
    ("mv /tmp/x.sh scripts/ && bash scripts/x.sh", "bash /tmp/x.sh"),
    ("cd /tmp && ./w", "/tmp/w"),
    ("cp scripts/x.sh /tmp/ && cd /tmp && ./y.sh", "/tmp/y.sh"),
]
"""A start-up file, a program a tool runs, or a copy or link of one, that the line did not
write and that lies in (or came from) a temp area, beside the line that runs that file
directly: judged alike in every mode (refused unattended; attended and sandboxed, as a program
in a temp area is, left to the person or the OS sandbox)."""

TEMP_AND_COPIES_ORDINARY = [
    "make CC=clang",
    "make -j4 CFLAGS=-O2 all",
    "make SHELL=/bin/bash all",
    "MAKEFLAGS='-j4' make all",
    "perl -Mlib=lib -MApp app.pl",
    "PERL5OPT='-Mlib=lib' perl app.pl",
    "NODE_OPTIONS='--require ./scripts/setup.js' npm test",
    "NODE_OPTIONS='--max-old-space-size=4096' npm run build",
    "JAVA_TOOL_OPTIONS=-javaagent:lib/jacoco.jar mvn test",
    "ln -sf ../lib/cli.js node_modules/.bin/mytool && npm test",
    "cp /tmp/out.json fixtures/out.json",
    "cp scripts/x.sh /tmp && bash /tmp/x.sh",
    "cp -t /tmp scripts/x.sh && bash /tmp/x.sh",
    "cp scripts/x.sh /tmp/ && cd /tmp && ./x.sh",
    "mkdir -p /tmp/b && cp scripts/x.sh /tmp/b/ && cd /tmp/b && ./x.sh",
    "cmake -S . -B /tmp/build && cd /tmp/build && make",
    "LESSOPEN='| cat %s' less README.md",
]
"""The same tools given the project's own files, plain settings, or a copy of a project file
put in a temp area (into ``/tmp`` named without a slash, by ``-t``, reached through ``cd``)."""


@pytest.mark.parametrize(("command", "direct"), PLANTED_AS_RUN, ids=[c for c, _ in PLANTED_AS_RUN])
def test_an_unseen_start_up_file_or_copy_is_refused_unattended(command: str, direct: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize(("command", "direct"), PLANTED_AS_RUN, ids=[c for c, _ in PLANTED_AS_RUN])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_an_unseen_start_up_file_or_copy_is_judged_as_running_it_directly(
    command: str, direct: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked == check(direct, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", TEMP_AND_COPIES_ORDINARY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_project_files_and_their_copies_in_temp_areas_run_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_lessopen_pipes_from_the_command_after_its_bar(flags: dict[str, bool]) -> None:
    verdict = check("LESSOPEN='|rm -rf .git %s' less README.md", **flags)
    assert verdict.rule == "rm-protected", verdict


SCRIPTS_ELSEWHERE: list[tuple[str, str]] = [
    ("source ~/x.sh", "~/x.sh"),
    (". ~/x.sh", "~/x.sh"),
    ("bash /opt/x.sh", "/opt/x.sh"),
    ("sh /opt/tools/install.sh --force", "/opt/tools/install.sh"),
    ("bash < /opt/x.sh", "/opt/x.sh"),
    ("python3 ~/scripts/x.py", "~/scripts/x.py"),
    ("node /opt/app/x.js", "/opt/app/x.js"),
]
"""A script outside the project and the temp areas, by an absolute or home path, that the line
did not write, run by a shell, ``source`` or an interpreter: its text cannot be seen, so it is
judged as the same file run by its path (an unknown program unattended; attended and sandboxed
unchanged)."""

ENVIRONMENT_SCRIPTS_ORDINARY = [
    "source /etc/os-release",
    '. /etc/os-release && echo "$ID"',
    '. "$HOME/.cargo/env"',
    "source ~/.cargo/env && cargo build",
    "source venv/bin/activate",
    "source ~/.venv/bin/activate && pytest -q",
    ". /opt/ros/humble/setup.bash",
    "source ~/.nvm/nvm.sh",
    'source "$HOME/.sdkman/bin/sdkman-init.sh"',
    ". ~/.nix-profile/etc/profile.d/nix.sh",
    "source ~/miniconda3/etc/profile.d/conda.sh",
    "source /opt/intel/oneapi/setvars.sh",
    "source ~/.bashrc",
    "source scripts/env.sh",
    "bash scripts/check.sh",
]
"""Scripts sourced to set up an environment (data in shell syntax, the shells' own start-up
files, toolchains' environment scripts), and the project's own scripts."""


@pytest.mark.parametrize(
    ("command", "direct"), SCRIPTS_ELSEWHERE, ids=[c for c, _ in SCRIPTS_ELSEWHERE]
)
def test_a_script_outside_the_project_is_refused_unattended(command: str, direct: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize(
    ("command", "direct"), SCRIPTS_ELSEWHERE, ids=[c for c, _ in SCRIPTS_ELSEWHERE]
)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_script_outside_the_project_is_judged_as_running_it_by_its_path(
    command: str, direct: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked == check(direct, **flags).blocked, (command, flags)


@pytest.mark.parametrize("command", ENVIRONMENT_SCRIPTS_ORDINARY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_environment_scripts_and_the_projects_own_scripts_run_in_every_mode(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)
