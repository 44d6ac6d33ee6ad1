"""Round 25 (sand25): an archive from outside the project unpacked whole over a directory of the
project's work, every mode (:mod:`ondas.guards.bash_extract_over`); a search-and-replace
tool's catch-all pattern spelt with anchors.

tar replaces the files an archive holds by default; ``unzip -o``, ``7z -y``/``-aoa`` and
``python3 -m zipfile``/``tarfile -e`` are told to. Whole, into a directory ``rm -r`` refuses,
from an archive that is not the project's own, the work there is replaced with text the line
does not show. Its twins pass: scratch directories and ``/tmp``, the project's own archives
(fixtures, vendored tarballs, build output), members named on the line, tar's and unzip's
keep-what-is-there options, listings, packing, and a whole release tarball in the root.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ondas.guards.bash import check_command
from tests.guards.conftest import HOME, WHITELIST
from tests.guards.test_bash import MODES, check

_EVERY_MODE = pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])


def _passes_but_for_unknown_unattended(command: str, flags: dict[str, bool], rule: str) -> None:
    """A twin passes; unattended it may be refused as a program no rule names, never by ``rule``."""
    verdict = check(command, **flags)
    if not verdict.allowed and flags.get("unattended"):
        assert verdict.rule != rule, (command, verdict.rule, verdict.reason)
        return
    assert verdict.allowed, (command, verdict.rule, verdict.reason)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        # tar into a work directory: -C clustered, long, by prefix, after a cd, on stdin
        "tar -xzf ~/Downloads/old.tgz -C lib",
        "tar xzCf app /tmp/snapshot.tgz",
        "tar --extract --file=/var/tmp/a.tar --directory=tests",
        "tar --direc=docs -x -f /tmp/a.tar",
        "cd app && tar -xf /tmp/backup.tar",
        "tar -x -C lib < /tmp/old.tar",
        "zcat /tmp/old.tar.gz | tar -x -C lib",
        "curl -sL https://example.com/a.tgz | tar -xz -C src",
        # told to replace, in a later cluster or spelt long
        "tar xf /tmp/a.tar -C docs -U",
        "tar -xf /tmp/a.tar --recursive-unlink -C app",
        # renames putting every member under a work directory
        "tar -xf /tmp/a.tar --xform 's,^,lib/,'",
        "bsdtar -xf /tmp/a.zip -s '|^|app/|'",
        # the archive's top directory spilt into the root
        "tar -xzf /tmp/proj-1.0.tgz --strip-components 1",
        "tar --strip-components=2 -xf ~/old.tar",
        # unzip, 7-Zip and Python's archive modules told to overwrite
        "unzip -oq /tmp/old.zip -d lib",
        "unzip -o ~/backup.zip -dapp",
        "7z x /tmp/old.7z -y -olib",
        "7za x -aoa -otests /tmp/t.7z",
        "python3 -m zipfile -e ~/old.zip app",
        "python -m tarfile -e /tmp/old.tgz docs",
    ],
)
def test_an_outside_archive_unpacked_over_the_projects_work_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, command
    assert verdict.rule == "undecidable-payload", (command, verdict.rule)


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        # scratch and outside the project (attended, /tmp is the agent's scratch)
        "tar -xzf /tmp/deps.tgz -C build",
        "tar -xf /tmp/a.tar -C node_modules/.cache",
        "unzip -o /tmp/a.zip -d dist",
        "7z x -y -obuild /tmp/a.7z",
        "python3 -m zipfile -e /tmp/a.zip build",
        "tar -xf /tmp/a.tar --strip-components=1 -C build/pkg",
        "tar -xf /tmp/a.tar --transform 's,^,build/,'",
        "mkdir -p /tmp/x && tar -xf ~/a.tgz -C /tmp/x",
        # the project's own archives: fixtures, vendored tarballs, build output
        "unzip -o fixtures.zip -d tests/fixtures",
        "tar -xzf vendor/deps.tgz -C third_party",
        "tar -xf dist/app.tar --strip-components=1",
        "python3 -m zipfile -e data/sample.zip data",
        "cat assets.tar | tar -x -C static",
        # told to keep what is there, members named, listing, packing, printing
        "tar -xkf /tmp/old.tar -C lib",
        "tar --skip-old-files -xf /tmp/old.tar -C lib",
        "tar --keep-newer-files -C lib -xf /tmp/old.tar",
        "tar -xf /tmp/old.tar -C lib util.py",
        "tar -xOf /tmp/old.tar -C lib",
        "tar -tzf /tmp/old.tgz",
        "tar -czf /tmp/lib.tgz -C lib .",
        "unzip /tmp/old.zip -d lib",
        "unzip -n /tmp/old.zip -d lib",
        "unzip -l /tmp/old.zip",
        "7z x /tmp/old.7z -olib",
        "7z l /tmp/old.7z",
        # a whole release tarball in the root makes its own directory
        "tar xzf /tmp/release-1.2.tgz",
        "bsdtar -xf ~/Downloads/tool.tar",
    ],
)
def test_scratch_own_archives_kept_files_and_release_tarballs_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _passes_but_for_unknown_unattended(command, flags, "undecidable-payload")


def test_a_directory_not_there_yet_is_read_on_the_disk(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "lib").mkdir(parents=True)
    kwargs: dict[str, object] = {
        "project": project,
        "home": HOME,
        "whitelist": WHITELIST,
        "in_venv": True,
        "sandboxed": True,
    }
    assert check_command("tar -xzf /tmp/new.tgz -C tools", **kwargs).allowed  # type: ignore[arg-type]
    refused = check_command("tar -xzf /tmp/old.tgz -C lib", **kwargs)  # type: ignore[arg-type]
    assert refused.rule == "undecidable-payload"


@pytest.mark.parametrize(
    "command",
    [
        "tar -xf /tmp/old.tar -C lib",
        "tar -xvf ../vendor.tar -C lib",
        "unzip -o ~/Downloads/lib.zip -d lib",
        "7z x -y -olib /tmp/lib.7z",
    ],
)
def test_a_directory_git_holds_as_committed_passes(command: str) -> None:
    """Every file under it comes back from git, as ``rm -r`` of it passes then."""
    held = check(command, held=lambda path: path.endswith("/lib"))
    assert held.allowed, (command, held.rule, held.reason)
    assert check(command, held=lambda path: False).blocked, command


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "sd '^[\\s\\S]*$' '' lib/a.py",
        "sd '\\A[\\w\\W]+\\z' '' lib/a.py lib/b.py",
        "sd '^[\\d\\D]*' '' app/main.go",
        "sd '(?s)^.*$' '' lib/a.py",
        "sd '(?m)^.*$' '' lib/a.py",
        "sd '^[^]+$' '' lib/a.rs",
        "fastmod --accept-all '\\A[\\S\\s]*\\Z' '' lib",
        "ruplacer '^[\\s\\S]+' '' --go app",
    ],
)
def test_a_catch_all_pattern_anchored_at_the_ends_empties_the_files(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).rule == "file-destroyed", command


@_EVERY_MODE
@pytest.mark.parametrize(
    "command",
    [
        "sd '^\\s*$' '' lib/a.py",
        "sd -f e '^.*$' '' lib/a.py",
        "sd '^import os$' '' lib/a.py",
        "sd '[\\s\\S]*?' '' lib/a.py",
        "sd '^[\\s\\S]*$' 'new text' lib/a.py",
        "sd '^[\\s\\S]*$' '' build/report.txt",
        "fastmod '^[\\s\\S]*$' '' lib",
        "ruplacer '^[\\s\\S]*$' '' app",
    ],
)
def test_anchored_narrow_patterns_replacements_scratch_and_previews_pass(
    command: str, flags: dict[str, bool]
) -> None:
    _passes_but_for_unknown_unattended(command, flags, "file-destroyed")
