"""Round 24's left24 (issue 30): round 23's noticed-and-left list closed by class, each with
its examples and allowed twins in the guard's three modes.

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

# (1) a search whose root holds the project reaches the project's files

SANDBOXED = {"sandboxed": True}


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("find /work -name '*.py' -exec rm {} +", "rm-many-files"),
        ("find /work -name '*.py' -exec rm -f {} \\;", "rm-many-files"),
        ("find /work/ -type f -name '*.ts' -exec rm -f {} +", "rm-many-files"),
        ("find /work -iname '*.PY' -delete", "rm-many-files"),
        ("find -L /work -name '*.go' -delete", "rm-many-files"),
        ("cd /tmp && find /work -name '*.rs' -exec rm {} +", "rm-many-files"),
        ("find /work -exec rm {} +", "rm-protected"),
    ],
)
def test_a_search_of_a_directory_holding_the_project_deletes_the_projects_files(
    command: str, rule: str
) -> None:
    """``find /work -name '*.py' -exec rm {} +`` for a project in ``/work/project`` deletes the
    project's sources too, which the sandbox lets go: sandboxed it is judged as a search of the
    project; attended and unattended it stays a deletion outside the project."""
    verdict = check(command, **SANDBOXED)
    assert verdict.blocked and verdict.rule == rule, (command, verdict.rule)
    for mode in MODES:
        assert check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "find /work -name '*.pyc' -delete",
        "find /work -name '*.pyc' -exec rm -f {} +",
        "find /work -maxdepth 1 -name '*.py' -delete",
        "find /work -maxdepth 1 -name '*.py' -exec rm {} +",
        "find /work/other -name '*.py' -exec rm {} +",
        "find /srv -name '*.py' -exec rm {} +",
    ],
)
def test_a_search_that_does_not_reach_the_project_is_left_to_the_sandbox(command: str) -> None:
    """Scratch files of the project, a search one level deep, a sibling directory or another
    tree: the project's sources are not reached, the sandbox fails the rest."""
    verdict = check(command, **SANDBOXED)
    assert verdict.allowed, (command, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "find /work -name '*.py' -exec cat {} +",
        "find /work -name '*.py' -exec grep -l TODO {} +",
        "find / -name '*.py' -print",
    ],
)
def test_a_search_that_reads_what_it_finds_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (2) interpreter code opening a project file in a truncating mode and writing nothing


@pytest.mark.parametrize(
    "command",
    [
        "perl -e 'open(F, \">src/main.py\")'",
        "perl -e 'open F, \">src/app.py\"'",
        'perl -e \'open(my $fh, ">", "src/main.py"); close $fh\'',
        'perl -e \'open(my $fh, "+>", "src/main.py") or die\'',
        "perl -e 'open(F, \"+>src/lib.rs\")'",
        "perl -le 'open(OUT, \">README.md\") || die; close(OUT)'",
        'python3 -c \'with open("src/main.py", "w"): pass\'',
        'python3 -c \'f = open("src/main.py", "w"); f.close()\'',
        'python3 -c \'open("src/main.py", mode="w")\'',
        "python3 -c 'import os; os.close(os.open(\"src/main.py\", os.O_WRONLY | os.O_TRUNC))'",
        'ruby -e \'File.new("src/main.rb", "w")\'',
        'ruby -e \'File.open("src/main.rb", "w").close\'',
        'node -e \'fs.closeSync(fs.openSync("src/index.js", "w"))\'',
        'php -r \'fclose(fopen("src/index.php", "w"));\'',
    ],
)
def test_code_opening_a_project_file_to_truncate_and_writing_nothing_empties_it(
    command: str,
) -> None:
    """A truncating open (Perl's ``>``/``+>``, two- or three-argument; ``"w"``, ``O_TRUNC``)
    empties the file at once; code that then writes nothing leaves it empty, as ``truncate -s
    0`` does."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "file-destroyed", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        'perl -e \'open(F, ">src/main.py"); print F "x"; close F\'',
        'perl -e \'open(my $fh, ">", "src/gen.py") or die; print $fh "x\\n"\'',
        "perl -e 'open(F, \">>src/main.py\")'",
        "perl -e 'open(F, \"+<src/main.py\")'",
        "perl -e 'open(F, \"<src/main.py\"); print <F>'",
        "perl -e 'open(F, \">build/out.log\")'",
        'python3 -c \'open("src/main.py", "a")\'',
        'python3 -c \'open("src/main.py", "r+")\'',
        'python3 -c \'import json; json.dump({}, open("src/data.json", "w"))\'',
        'python3 -c \'with open("src/gen.py", "w") as f: f.write("x = 1\\n")\'',
        'ruby -e \'File.open("src/gen.rb", "w") { |f| f.puts "x" }\'',
        'ruby -e \'File.new("src/gen.rb", "w") << "x"\'',
    ],
)
def test_code_writing_what_it_opens_or_keeping_its_text_passes(command: str) -> None:
    """An open that appends, reads, updates in place (``+<``, ``r+``) or whose file the code
    then writes, or a scratch file: the file is not left empty."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        'perl -e \'open(my $fh, ">", "/etc/motd"); print $fh "x"\'',
        'ruby -e \'File.new("/etc/motd", "w") << "x"\'',
        'python3 -c \'open("/etc/motd", mode="w").write("x")\'',
    ],
)
def test_a_three_argument_perl_open_file_new_and_a_mode_keyword_write_their_file(
    command: str,
) -> None:
    """The path of Perl's three-argument ``open`` is its third argument (the second, ``">"``,
    was read as the path), Ruby's ``File.new`` and Python's ``mode="w"`` open for writing."""
    for mode in ({}, {"unattended": True}):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "write-outside-project", (command, mode)


# (3) GNU time's output file after its flags


@pytest.mark.parametrize(
    "command",
    [
        "/usr/bin/time -ao timing.txt make",
        "/usr/bin/time -vo timing.txt make test",
        "/usr/bin/time -pao timing.txt pytest -q",
        "/usr/bin/time --append --output timing.txt make",
        "/usr/bin/time --output=timing.txt --verbose npm test",
        "/usr/bin/time -f %e -ao timing.txt make",
        "/usr/bin/time -q -o timing.txt cargo build",
    ],
)
def test_gnu_times_flags_and_output_file_come_before_the_command_it_times(command: str) -> None:
    """``-ao FILE``: ``-a`` then ``-o`` with FILE its value (getopt); ``--output FILE`` takes
    the next word too. The command timed is the word after them (``make``, not the file)."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "/usr/bin/time -ao timing.txt rm -rf ~",
        "/usr/bin/time --output timing.txt rm -rf ~",
        "/usr/bin/time -vo timing.txt git push --force origin main",
    ],
)
def test_the_command_gnu_time_runs_after_its_output_file_is_judged(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).blocked, (command, mode)


def test_gnu_times_output_file_outside_the_project_is_a_write_there() -> None:
    verdict = check("/usr/bin/time -ao ~/.bashrc make")
    assert verdict.blocked, verdict.rule


# (4) a glob in the directories reaching a store of secrets in each


@pytest.mark.parametrize(
    "command",
    [
        "rm */.env",
        "rm ./*/.env",
        "rm apps/*/.env",
        "rm -f */.env.local",
        "rm -f packages/*/.env.test",
        "rm */secrets.json",
        "rm [ab]*/credentials.json",
        "unlink */.env",
        "rm -f */.env*",
    ],
)
def test_a_glob_over_directories_deleting_a_secrets_store_in_each_is_refused(command: str) -> None:
    """``rm */secrets.json`` deletes that store in every directory the glob matches, each as
    ``rm secrets.json`` deletes one (round 23: ``file-destroyed``); only a glob in the last
    part was matched against the env file's names before."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "file-destroyed", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "rm */.env.example",
        "rm -f */server.key",
        "rm */*.pem",
        "rm */*.json",
        "rm build/*/.env",
        "rm -f */.envrc",
    ],
)
def test_a_glob_over_directories_deleting_examples_keys_or_build_copies_passes(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (9b) pulumi's valued options, one list from its command reference


@pytest.mark.parametrize(
    "command",
    [
        # the verb after a valued option the verb-finding list lacked
        "pulumi --tracing-header x destroy --yes",
        "pulumi -f import.json destroy --yes",
        "pulumi --from terraform destroy --yes",
        "pulumi -x urn:a destroy --yes",
        "pulumi --target-replace urn:a destroy --yes",
        # a dry-run spelling that is the value of an option the dry-run list lacked
        "pulumi destroy --secrets-provider --preview-only --yes",
        "pulumi destroy --otel-traces --preview-only --yes",
        "pulumi destroy --memprofilerate --preview-only --yes",
        "pulumi destroy --replace --preview-only --yes",
        "pulumi destroy -x --preview-only --yes",
        # what both lists had
        "pulumi --memprofilerate 1 destroy --yes",
        "pulumi --stack prod destroy --yes",
        "pulumi destroy --exclude --preview-only --yes",
    ],
)
def test_pulumis_valued_options_take_the_next_word(command: str) -> None:
    """cobra gives a valued option the next word whatever it is: it is never the verb, and a
    ``--preview-only`` given as a value is no preview."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "terraform-mutation", (command, mode)


@pytest.mark.parametrize(
    "command",
    [
        "pulumi destroy --preview-only --yes",
        "pulumi destroy -r --preview-only --yes",
        "pulumi destroy --suppress-permalink --preview-only",
        "pulumi destroy --stack dev --preview-only",
        "pulumi --color never preview --stack prod",
        "pulumi -C infra --otel-traces file:///tmp/t.json preview",
        "pulumi refresh --preview-only --exclude urn:a",
        "pulumi stack ls",
    ],
)
def test_pulumis_flags_and_valued_options_leave_a_preview_a_preview(command: str) -> None:
    """``-r``/``--refresh`` and ``--suppress-permalink`` take a value only after ``=``:
    the ``--preview-only`` after them is the flag."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)


# (9a) pnpm's implied run of a package's binary, read once


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("pnpm rimraf ~", "rm-home"),
        ("pnpm --loglevel warn rimraf ~", "rm-home"),
        ("pnpm --config .npmrc.ci rimraf ~", "rm-home"),
        ("pnpm --test-pattern 'x/**' supabase db reset", "service-destroy"),
        ("pnpm -C app prisma migrate reset --force", "service-destroy"),
        ("pnpm unpublish pkg --force", "publish"),
    ],
)
def test_pnpm_running_a_packages_binary_is_judged_as_that_binary(command: str, rule: str) -> None:
    """One reading (``bash_package_programs``) for yarn, pnpm and bun: the options before the
    name (pnpm's valued ones joined from left23's list) skipped, the binary judged."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == rule, (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "pnpm --loglevel warn lint",
        "pnpm format",
        "pnpm clean-db",
        "pnpm stop",
        "pnpm run build",
        "pnpm --filter web test",
    ],
)
def test_pnpm_running_a_script_or_its_own_command_passes(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
