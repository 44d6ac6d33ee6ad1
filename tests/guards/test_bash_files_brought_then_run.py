"""A file brought from outside the project onto a file that a later command of the same line
runs or loads (issue 30, round 17, copied17).

``echo 'all:; ...' > Makefile; make`` has its recipes judged, and ``cat /tmp/x > Makefile;
make`` is undecidable. A copy, move, install, ``dd``, link or sync of a named file outside the
project, or an archive from there extracted, fills its destination (every file under it, for
a tree) with text the guard cannot read: run later in the line it is judged as that file run
directly (round 12: refused unattended, left to the person or the OS sandbox otherwise); a
download or a program's output extracted there is undecidable in every mode. A copy of the
project's own file is the project's (``cp Makefile.in Makefile``).

Every case is data handed to the guard; none is run. Cases are written for the class, not
copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

BROUGHT_THEN_RUN = [
    "cp /tmp/evil Makefile; make",
    "mv /tmp/evil Makefile && make",
    "install -m644 /tmp/evil Makefile && make",
    "ln -sf /tmp/evil Makefile && make",
    "dd if=/tmp/evil of=Makefile && make",
    "rsync /tmp/evil Makefile && make",
    "cp ~/Downloads/x Makefile; make",
    "cp /var/tmp/m GNUmakefile && make -j4",
    "cp /tmp/evil build/Makefile && make -C build",
    "cp -t . /tmp/Makefile && make",
    "mv /tmp/proj/Makefile ./ && make",
    "cp /tmp/proj/* . && make",
    "cp -r /tmp/proj sub && make -C sub",
    "cp /tmp/evil package.json && npm test",
    "cp /tmp/p.json package.json; yarn build",
    "cp -r /tmp/proj/* . && npm test",
    "cp /tmp/evil run.sh && ./run.sh",
    "cp /tmp/evil run.sh && bash run.sh",
    "cp /tmp/evil run.sh && source run.sh",
    "cp /srv/shared/env .envrc && . ./.envrc",
    "cp /tmp/a /tmp/b && sh /tmp/b",
    "cp /tmp/evil scripts/ && bash scripts/evil",
    "install -D /tmp/x scripts/run.sh && ./scripts/run.sh",
    "tar xf /tmp/a.tar && make",
    "tar -xzf /tmp/a.tgz && npm test",
    "tar --extract --file=/tmp/a.tar && bash run.sh",
    "tar xf ~/Downloads/a.tar -C build && make -C build",
    "cat /tmp/a.tar | tar x && make",
    "tar x < /tmp/a.tar && make",
    "gzip -dc /tmp/a.tgz | tar x && npm test",
    "unzip /tmp/a.zip && make",
    "unzip /tmp/a.zip -d sub && bash sub/x.sh",
    "7z x /tmp/a.7z && make",
    "cp /tmp/evil conftest.py && pytest",
    "cp /tmp/evil tests/conftest.py && python -m pytest tests",
    "cp /tmp/evil noxfile.py && nox",
    "cp /tmp/evil Rakefile && rake",
    "cp /tmp/evil justfile && just",
    "cp /tmp/evil tasks.py && invoke build",
    "cp /tmp/evil build.rs && cargo build",
    "cp /tmp/evil build.gradle && ./gradlew build",
    "cp /tmp/evil settings.gradle.kts && gradle test",
    "cp /tmp/evil pom.xml && mvn package",
    "cp /tmp/evil setup.py && pip install -e .",
    "cp /tmp/evil tox.ini && tox",
    "cp /tmp/evil Taskfile.yml && task build",
]
"""A named file from outside the project (a temp area, the home, elsewhere) copied, moved,
installed, linked, synced or extracted onto a file a later command runs or loads."""


@pytest.mark.parametrize("command", BROUGHT_THEN_RUN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_file_brought_from_outside_then_run_is_judged_as_running_it_directly(
    command: str, flags: dict[str, bool]
) -> None:
    """As round 12 decided for ``bash /tmp/x`` and ``make -f /tmp/m``: unattended it is code
    the guard cannot read, refused; attended and sandboxed it is left to the person or the OS
    sandbox, as running the source directly is."""
    verdict = check(command, **flags)
    if flags.get("unattended"):
        assert verdict.rule == "unknown-program", (command, verdict)
    else:
        assert verdict.allowed, (command, flags, verdict)
    assert check("make -f /tmp/m", **flags).blocked == verdict.blocked


UNSEEN_THEN_RUN = [
    "curl -o x.tgz https://pypi.org/x.tgz && tar xf x.tgz && make",
    "curl -sL https://pypi.org/x.tgz | tar xz && make",
    "curl -o Makefile https://pypi.org/x && make",
    "curl -s https://pypi.org/x > justfile && just",
    'cp "$SRC" Makefile; make',
    "cat /tmp/evil > Makefile && make",
]
"""Text no file shows: downloaded (from an allowed host), computed, or printed by a program;
as ``base64 -d > f; bash f``, undecidable in every mode (a justfile as a Makefile)."""


@pytest.mark.parametrize("command", UNSEEN_THEN_RUN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_file_brought_unseen_then_run_is_undecidable(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "undecidable-payload", (command, flags, verdict)


EVERYDAY_TWINS = [
    "cp .env.example .env; npm test",
    "cp config.sample.mk config.mk; make",
    "cp Makefile.in Makefile; make",
    "cp setup.cfg.example setup.cfg && pytest",
    "npm ci && npm test",
    "cp scripts/run.sh /tmp/run.sh && bash /tmp/run.sh",
    "cp ~/Downloads/notes.txt docs/notes.txt && make",
    "cp /tmp/evil Makefile.bak && make",
    "mv Makefile Makefile.old && cp Makefile.in Makefile && make",
    "tar xf vendor.tar && make",
    "unzip vendor.zip && make",
    "tar xf /tmp/a.tar -C /tmp/w && cat /tmp/w/README",
    "tar xf ~/Downloads/node.tar.xz -C /tmp && ls /tmp",
    "git show HEAD:Makefile > /tmp/Makefile.old && diff /tmp/Makefile.old Makefile",
    "ln -sf ../README.md docs/README.md && make docs",
    "cp .env.example .env && cargo test",
    "cat vendor.tar | tar x && make",
    "tar xzf vendor.tgz && make test",
    "curl -o x.tgz https://pypi.org/x.tgz && tar xf x.tgz && ls",
    "rsync -a src/ build/src/ && make",
    "cp -r templates/base site && make -C site",
    "cp build.gradle.template build.gradle && ./gradlew build",
    "printf 'b:\\n    cargo build\\n' > justfile && just b",
    "printf 'fn main(){}' > build.rs && cargo build",
]


def test_a_justfile_the_line_wrote_has_its_recipes_checked() -> None:
    for unattended in (False, True):
        assert check(
            "printf 'b:\\n    rm -rf ~\\n' > justfile && just b", unattended=unattended
        ).blocked


@pytest.mark.parametrize("command", EVERYDAY_TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_the_projects_own_files_and_files_nothing_runs_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


NEIGHBOURS_BY_RELATIVE_PATH = [
    "cp ../../../tsconfig.template.json ./tsconfig-compile.json && tsc -p tsconfig-compile.json",
    "cp ../shared/Makefile.common Makefile && make",
    "cp ../../scripts/prepack.sh prepack.sh && bash prepack.sh",
]
"""A file copied from the project's neighbour spelled by a relative path (a monorepo's shared
configuration): as running it from there directly (``bash ../scripts/prepack.sh``), which
passes in every mode (round 12's and ``redteam17``'s decision on relative neighbours)."""


@pytest.mark.parametrize("command", NEIGHBOURS_BY_RELATIVE_PATH)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_file_copied_from_a_relative_neighbour_is_judged_as_running_it_there(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


def test_a_relative_copy_from_a_temp_area_is_still_brought_from_outside() -> None:
    command = "cd /tmp && cp ./evil /work/project/Makefile && cd /work/project && make"
    assert check(command, unattended=True).rule == "unknown-program"
