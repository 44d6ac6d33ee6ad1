"""A JVM option that names a command (``-XX:OnError=CMD``, ``-XX:OnOutOfMemoryError=CMD``) is
judged as that command, on any program's command line or in a variable of JVM options: the
JVM hands it to ``/bin/sh`` when it crashes or runs out of memory. Every command is data."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "java -XX:OnError='rm -rf ~' -cp . Main",
        "java -XX:OnOutOfMemoryError='rm -rf /home/agent' -Xmx1m -cp . Main",
        "sbt -J-XX:OnOutOfMemoryError='rm -rf ~' test",
        "gradle test -Dorg.gradle.jvmargs='-XX:OnError=\"rm -rf ~\"'",
        "JAVA_TOOL_OPTIONS='-XX:OnError=\"rm -rf ~\"' mvn test",
        "export JDK_JAVA_OPTIONS='-XX:OnError=\"rm -rf ~\"'; java -version",
        "MAVEN_OPTS='-XX:OnError=\"rm -rf ~\"' mvn -q test",
        "_JAVA_OPTIONS='-XX:OnOutOfMemoryError=\"rm -rf ~\"' gradle test",
    ],
)
def test_a_command_a_jvm_option_names_is_judged(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.rule == "rm-home", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "java '-XX:OnError=cat hs_err%p.log; echo crashed' -cp . Main",
        "JAVA_OPTS='-Xmx2g -XX:+HeapDumpOnOutOfMemoryError' mvn test",
        "java -XX:+ExitOnOutOfMemoryError -cp build/classes Main",
    ],
)
def test_an_ordinary_jvm_option_passes(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)
