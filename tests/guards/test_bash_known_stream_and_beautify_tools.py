"""Two ordinary tools known by name with what they write (issue 30, round 23, ``npol23``).

``pv`` (the pipe viewer) copies files or standard input to standard output, showing progress;
it writes a file only for ``-o``/``--output`` (pv 1.8) and ``-P``/``--pidfile``. js-beautify's
programs (``js-beautify``, ``html-beautify``, ``css-beautify``) print the files they are given
formatted, rewrite them with ``-r``/``--replace`` and write ``-o``/``--outfile FILE``. Both were
refused unattended as unknown programs (red team 22's twin ``pv data.sql | sqlite3 app.db``, a
public repository's ``js-beautify -r`` of its sources); they now pass as the other formatters
do, and the files they write are judged as a redirect's, their reads as ``cat``'s.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

PASSES = [
    "pv -L 1m release.iso > build/copy.iso",
    "pv -pterb dump.sql.gz | gunzip > build/dump.sql",
    "pv fixtures/rows.csv | python3 scripts/load.py",
    "pv -o build/copy.bin data.bin",
    "pv -N upload -s 10M archive.tar > /dev/null",
    "tar -cf - src | pv -s 2M > build/src.tar",
    "js-beautify -r src/app.js",
    "js-beautify --replace lib/*.js test/*.js",
    "html-beautify -r -s 2 templates/index.html",
    "css-beautify -o dist/site.css src/site.css",
    "js-beautify --config .jsbeautifyrc src/app.js > build/app.js",
]
"""Their ordinary uses in the project: a copy with progress, a rewrite of its sources."""


@pytest.mark.parametrize("command", PASSES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_tools_ordinary_uses_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


OUTSIDE = [
    "pv -o ~/.bashrc payload",
    "pv -P ~/.profile data.bin > /dev/null",
    "pv --pidfile=/etc/cron.d/job data.bin > /dev/null",
    "pv --output /usr/local/bin/tool bin/tool",
    "js-beautify -r /etc/hosts",
    "html-beautify --replace ~/.config/app/index.html",
    "js-beautify -o ~/.bashrc src/app.js",
    "css-beautify --outfile=/etc/motd src/site.css",
]
"""Twins: a file they write outside the project (the OS sandbox's in a sandboxed run)."""


@pytest.mark.parametrize("command", OUTSIDE)
@pytest.mark.parametrize("flags", [MODES[0], MODES[2]], ids=["attended", "unattended"])
def test_a_file_they_write_outside_the_project_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed and verdict.rule == "write-outside-project", (command, verdict)


REFUSED = [
    ("pv ~/.ssh/id_rsa > key.txt", "read-credentials"),
    ("css-beautify -r .git/hooks/pre-commit", "write-protected-path"),
    ("js-beautify -r .git/config", "write-protected-path"),
]
"""Twins: a secret read, a control file rewritten."""


@pytest.mark.parametrize(("command", "rule"), REFUSED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_secret_read_or_a_control_file_rewritten_is_refused(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert not verdict.allowed and verdict.rule == rule, (command, flags, verdict)
