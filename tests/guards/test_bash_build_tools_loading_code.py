"""Build tools that load code named on the line, judged as the other build hooks are (issue 30,
round 20, ``left20``; round 19's ``redteam19`` left five of them).

- ``kotlinc -e EXPR`` / ``kotlin -e`` (``-expression``) evaluates Kotlin: the expression is read
  as code, as ``ghc -e`` and ``jrunscript -e`` are (a shell command it spells is judged).
- sbt's ``-Dsbt.global.base=DIR`` (also ``sbt.boot.directory``, ``sbt.global.plugins``) and its
  launcher's ``-sbt-dir``/``-sbt-boot``/``-sbt-jar`` name Scala code (global plugins and
  settings, the launcher's jars) that sbt loads.
- MSBuild's (and ``dotnet build``'s) import properties (``-p:CustomBeforeMicrosoftCommonTargets=
  FILE``, ``/p:DirectoryBuildPropsPath=``...) name project files imported into the build.
- ``swift build -Xswiftc -load-plugin-executable -Xswiftc PATH#MODULE`` (and ``swiftc``'s own
  ``-load-plugin-library``, ``-plugin-path``) run compiler plugins.
- ``waf --top DIR`` runs ``DIR/wscript``, Python.

Unattended, a file of such code in a temp area that the line did not write is code the guard
cannot read (``unknown-program``), as ``clang -fpass-plugin=/tmp/p.so`` is; attended and
sandboxed such hooks pass, as every build hook does. The project's own files pass.
"""

from __future__ import annotations

import pytest

from ondas.guards.bash_startup import MSBUILD_IMPORTS, SBT_CODE_PROPERTIES
from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

KOTLIN = [
    ("kotlinc -e 'Runtime.getRuntime().exec(\"rm -rf /home/agent\")'", "rm-home"),
    ("kotlin -e 'Runtime.getRuntime().exec(\"rm -rf ~\")'", "rm-home"),
    (
        'kotlinc -expression \'ProcessBuilder("rm", "-rf", "/home/agent").start()\'',
        "rm-recursive-outside-temp",
    ),
    ("kotlinc-jvm -e 'Runtime.getRuntime().exec(\"rm -rf /home/agent\")'", "rm-home"),
]


@pytest.mark.parametrize(("command", "rule"), KOTLIN)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_kotlin_expression_is_read_as_code(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == rule, (command, flags, verdict)


UNSEEN = [
    "sbt -Dsbt.global.base=/tmp/g compile",
    "sbt -Dsbt.boot.directory=/tmp/boot compile",
    "sbt -sbt-dir /tmp/sbt compile",
    "sbt --sbt-boot /tmp/boot test",
    "sbt -sbt-jar /tmp/launcher.jar compile",
    "msbuild -p:CustomBeforeMicrosoftCommonTargets=/tmp/x.targets",
    "msbuild /p:CustomBeforeMicrosoftCommonTargets=/tmp/x.targets",
    "msbuild /property:customaftermicrosoftcommontargets=/tmp/x.targets",
    "dotnet build /p:CustomBeforeMicrosoftCommonTargets=/tmp/x.targets",
    "dotnet test '-p:Configuration=Release;DirectoryBuildPropsPath=/tmp/d.props'",
    "dotnet build -p:ForceImportBeforeCppTargets=/tmp/x.props",
    "swift build -Xswiftc -load-plugin-executable -Xswiftc /tmp/p#M",
    "swift build -Xswiftc -load-plugin-executable -Xswiftc /tmp/p",
    "swift test -Xswiftc -plugin-path -Xswiftc /tmp/plugins",
    "swiftc -load-plugin-library /tmp/libp.dylib a.swift",
    "waf configure --top=/tmp/w",
    "waf --top /tmp/w configure build",
    "waf -t /tmp/w configure",
]
"""Code from a temp area, named by an option, that the line did not write."""


@pytest.mark.parametrize("command", UNSEEN)
def test_code_loaded_from_a_temp_area_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.rule == "unknown-program", (command, verdict)


@pytest.mark.parametrize("command", UNSEEN)
@pytest.mark.parametrize("flags", MODES[:2], ids=MODE_IDS[:2])
def test_build_hooks_pass_attended_and_sandboxed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


TWINS = [
    "kotlinc -e 'println(1)'",
    "kotlinc src/main.kt -d build/classes",
    "kotlin -e 'listOf(1, 2).sum()'",
    "sbt compile",
    "sbt -Dsbt.log.noformat=true test",
    "sbt -Dsbt.global.base=project/global compile",
    "sbt -J-Xmx2G compile",
    "msbuild /p:BeforeBuild=/tmp/x",
    "msbuild -p:Configuration=Release -p:OutDir=/tmp/out/",
    "dotnet build -p:Configuration=Release",
    "dotnet build -p:CustomBeforeMicrosoftCommonTargets=build/x.targets",
    "swift build -Xswiftc -O",
    "swift build -Xswiftc -load-plugin-executable -Xswiftc .build/plugins/p#M",
    "swift build -c release",
    "./waf configure build",
    "waf --top=. configure",
]
"""What passes in every mode: Kotlin that spells no command, ordinary properties, the project's
own files, the project's own waf."""


@pytest.mark.parametrize("command", TWINS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_ordinary_builds_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


def test_the_property_tables_are_spelt_as_the_tools_read_them() -> None:
    assert "custombeforemicrosoftcommontargets" in MSBUILD_IMPORTS
    assert all(name == name.lower() for name in MSBUILD_IMPORTS)  # MSBuild ignores case
    assert "sbt.global.base" in SBT_CODE_PROPERTIES
