"""Round 26 (left26a): a tree from outside the project copied whole over a directory of its work
(:mod:`ondas.guards.bash_copy_over`), the copy's twin of round 25's archive unpacked over it;
a search-and-replace tool's regex flags given as an option; writes that fill the disk by more
routes (:mod:`ondas.guards.bash_disk_fill`). Every mode, with the twins that pass. Every case
is data handed to the guard; none is ever run."""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.guards.bash import check_command
from ondas.guards.bash_disk_fill import size_bytes
from tests.guards.conftest import HOME, WHITELIST
from tests.guards.test_bash import MODES, check

_EVERY_MODE = pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])


def _refused_by(command: str, flags: dict[str, bool], rule: str) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


def _passes(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        # a directory's contents over a work directory: /., -T, a glob of every entry
        "cp -r ~/old/. lib",
        "cp -a /var/tmp/snapshot/. app/",
        "cp -Rf /tmp/prev/. tests",
        "cp -rT /opt/template docs",
        "cp --recursive --no-target-directory ~/bak/app app",
        "cp /tmp/stubs/* lib/",
        "cp -r /tmp/prev/* app",
        "cp -r -t lib /tmp/prev/.",
        "cp --target-directory=app -a /tmp/prev/*",
        "install -D -t lib /tmp/stubs/*",
        "mv /tmp/old-app/* app/",
        # a tree landing under its own name in a directory that holds one of that name
        "cp -R /tmp/checkout/lib .",
        "cp -a ~/backup/app ./",
        "cp -r /tmp/a/lib /tmp/b/tests .",
        "cd docs && cp -r /tmp/prev/. .",
        # rsync: SRC/ is SRC's contents, SRC lands as DEST/SRC
        "rsync -a /tmp/prev/ lib/",
        "rsync -rv ~/old/app/ app",
        "rsync --archive /tmp/old/lib .",
        # ditto (as cp -RT), xcopy told to overwrite, robocopy (which overwrites unasked)
        "ditto ~/old/app app",
        "xcopy /tmp/prev lib /E /Y",
        "xcopy C:\\\\bak\\\\app app //S //Y",
        "robocopy /tmp/prev lib /E",
    ],
)
def test_a_tree_from_outside_copied_over_a_work_directory_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_by(command, flags, "undecidable-payload")


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        # one file, new or over one file: not a tree (rm FILE passes)
        "cp /tmp/x.py lib/new_module.py",
        "cp ~/notes/a.md docs/a.md",
        "cp /tmp/fixture.json tests/",
        "mv /tmp/gen.py lib/",
        # into scratch, outside, or into a directory not written as one
        "cp -r /tmp/prev/. build",
        "cp -a ~/assets/. dist/",
        "rsync -a /tmp/prev/ node_modules/pkg/",
        "cp -r lib /tmp/backup",
        "rsync -a app/ /tmp/app-copy/",
        "cp -r /opt/template myapp",
        # the project's own trees (fixtures, vendored copies, build output)
        "cp -r tests/fixtures/. lib/data",
        "cp -a build/generated/* app/generated/",
        "rsync -a dist/ app/static/",
        # told to keep what is there, or not to copy directories
        "cp -rn /tmp/prev/. lib",
        "cp -r --update=none /tmp/prev/. lib",
        "cp -ru ~/old/. app",
        "cp -r --backup=numbered /tmp/prev/. lib",
        "rsync -a --ignore-existing /tmp/prev/ lib/",
        "rsync -au /tmp/prev/ lib/",
        "rsync -an /tmp/prev/ lib/",
        "rsync /tmp/prev/ lib/",
        "xcopy /tmp/prev lib /E",
        "robocopy /tmp/prev lib /E /XO",
        "robocopy /tmp/prev lib a.py b.py",
    ],
)
def test_its_twins_pass(command: str, flags: dict[str, bool]) -> None:
    _passes(command, flags)


@_EVERY_MODE
def test_a_pull_from_another_machine_is_no_copy_over(flags: dict[str, bool]) -> None:
    """``rsync -a host:etc/ backup/`` keeps a mirror: the network's rules judge it, not this."""
    verdict = check("rsync -avz backup-host:etc/nginx/ ./backup/", **flags)
    assert verdict.rule != "undecidable-payload", (flags, verdict.rule)


def test_a_tree_into_a_directory_not_there_yet_passes(tmp_path: Path) -> None:
    """Read on the disk: ``cp -r /tmp/vendor/pkg lib`` makes ``lib/pkg`` new when it is not
    there, and replaces its files when it is; a directory not there yet holds nothing."""
    project = tmp_path / "proj"
    (project / "lib").mkdir(parents=True)
    (project / "app").mkdir()
    kwargs: dict[str, object] = {"project": project, "home": HOME, "whitelist": WHITELIST}
    assert check_command("cp -r /tmp/vendor/pkg lib", **kwargs).allowed  # type: ignore[arg-type]
    assert check_command("cp -r /tmp/prev/. newdir", **kwargs).allowed  # type: ignore[arg-type]
    (project / "lib" / "pkg").mkdir()
    verdict = check_command("cp -r /tmp/vendor/pkg lib", **kwargs)  # type: ignore[arg-type]
    assert verdict.blocked and verdict.rule == "undecidable-payload"
    assert check_command("cp -r /tmp/prev/. app", **kwargs).blocked  # type: ignore[arg-type]


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "sd -f s '^.*$' '' lib/a.py",
        "sd --flags s '^.*$' '' lib/a.py lib/b.py",
        "sd --flags=s '\\A.*\\z' '' app/main.go",
        "sd -fs '.+' '' lib/a.rs",
        "sd -f ms '^.*$' '' lib/a.py",
        "sd -f m '^.*$' '' lib/a.py",
        "fastmod -m --accept-all '^.*$' '' lib",
        "fastmod --multiline --accept-all '\\A.+\\z' '' app",
    ],
)
def test_a_replacers_flags_making_its_pattern_a_catch_all_are_read(
    command: str, flags: dict[str, bool]
) -> None:
    _refused_by(command, flags, "file-destroyed")


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "sd -f i 'foo' 'bar' lib/a.py",
        "sd -f s 'start.*end' '' lib/a.py",
        "sd -f s '^.*$' 'header' lib/a.py",
        "sd -f s '^.*$' '' build/report.txt",
        "sd -f c 'Old' 'New' lib/a.py",
        "fastmod -m --accept-all 'foo.*bar' 'baz' lib",
        "fastmod -m '^.*$' '' lib",
    ],
)
def test_a_replacers_ordinary_flags_pass(command: str, flags: dict[str, bool]) -> None:
    _passes(command, flags)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        # tee fed without end, nothing after it to end the pipe
        "yes | tee answers.txt",
        "yes no | tee -a build/answers.log",
        "cat /dev/zero | tee zeros.bin > /dev/null",
        "cat /dev/urandom | base64 | tee -a noise.txt | cat > /dev/null",
        "seq inf | tee numbers.txt",
        # cp and install from an endless device
        "cp /dev/zero big.img",
        "cp /dev/urandom build/noise.bin",
        "install /dev/zero disk.img",
        # endless loops that only print, redirected or appending each time round
        "while :; do echo x; done > spam.txt",
        "until false; do echo x; done >> spam.txt",
        "while true; do printf 'row\\n'; done > rows.csv",
        "for ((;;)); do echo tick; done >> ticks.log",
        "while [ 1 ]; do echo x >> out.log; done",
        "until false; do printf x >> lib/log; done",
        # seq without end
        "seq inf > numbers.txt",
        "seq 1 inf >> numbers.txt",
        "seq -f %g 5 infinity > n.txt",
        # bounded, but at 10 GiB or more
        "head -c 100G /dev/zero > fill.bin",
        "head -c10G /dev/urandom > big.bin",
        "head --bytes=50GB /dev/zero > big.bin",
        "yes | head -c 20G > y.txt",
        "dd if=/dev/zero of=f.img bs=1G count=100",
        "dd if=/dev/urandom of=f.img bs=1M count=20000",
        "fallocate -l 100G big.img",
        "fallocate --length=1T /tmp/fill",
        "fallocate -l20G -n big.img",
    ],
)
def test_a_write_that_fills_the_disk_is_refused(command: str, flags: dict[str, bool]) -> None:
    _refused_by(command, flags, "disk-fill")


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "yes | head -n 3 > f",
        "yes | tee f | head -n 3",
        "yes | head -n 5 | tee answers.txt",
        "yes | tee /dev/null | head -1",
        "echo hi | tee out.txt",
        "make 2>&1 | tee build.log",
        "dd if=/dev/zero of=f bs=1M count=10",
        "head -c 1M /dev/zero > f",
        "head -c 1G /dev/urandom > upload-test.bin",
        "fallocate -l 1G swapfile.img",
        "fallocate -d big.img",
        "truncate -s 1T sparse.img",
        "truncate -s 100G disk.raw",
        "for i in 1 2 3; do echo x; done > f",
        'while read -r l; do echo "$l"; done < in.txt > out.txt',
        "while true; do date; sleep 60; done >> clock.log",
        "while :; do echo x; break; done > f",
        "while true; do curl -s localhost:8000/health >> health.log; sleep 5; done",
        "while :; do echo x > status.txt; done",
        "seq 10 > f",
        "seq 1 2 99 | tee odd.txt",
        "cp /dev/zero /dev/null",
    ],
)
def test_bounded_writes_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed or verdict.rule != "disk-fill", (command, flags, verdict.reason)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("512", 512),
        ("1K", 1024),
        ("1k", 1024),
        ("1M", 1 << 20),
        ("10G", 10 << 30),
        ("10GiB", 10 << 30),
        ("10GB", 10 * 10**9),
        ("2T", 2 << 40),
        ("x", None),
        ("", None),
        ("1Q", None),
    ],
)
def test_sizes_read_as_coreutils_reads_them(text: str, size: int | None) -> None:
    assert size_bytes(text) == size
