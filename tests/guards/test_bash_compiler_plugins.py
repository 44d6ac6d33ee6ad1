"""A compiler, linker or binary tool loading a plugin from the home or another absolute path
outside the project runs code the guard cannot read inside itself, as ``LD_PRELOAD`` does: in
an unattended run without the OS sandbox it is refused as a script run from there is (round
17, ``left17``; only temp areas were judged before). The project's own plugins, the system's
(under ``/usr``, or found by name in the compiler's plugin directory) and relative paths pass;
the attended and sandboxed modes are unchanged, as for scripts."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

FOREIGN = [
    "gcc -fplugin=/home/agent/plug/x.so -c main.c",
    "gcc -fplugin=~/x.so -c main.c",
    "g++-12 -fplugin=$HOME/x.so -c main.cpp",
    "x86_64-linux-gnu-gcc -fplugin=/work/other/x.so -c main.c",
    "clang -fpass-plugin=~/x.so -c main.c",
    "clang -Xclang -load -Xclang ~/x.so -c main.c",
    "clang -Xclang -fpass-plugin=/srv/repo/p.so -c main.c",
    "gcc -Wl,-plugin,/home/agent/x.so main.c",
    "gcc -Wl,--plugin=/home/agent/x.so main.c",
    "gcc -Xlinker -plugin -Xlinker /home/agent/x.so main.c",
    "ld -plugin ~/x.so a.o",
    "ld.gold --plugin=/home/agent/x.so a.o",
    "ar --plugin /home/agent/x.so rcs lib.a a.o",
    "rustc -Z codegen-backend=/home/agent/b.so main.rs",
    "gcc -B ~/bin -c main.c",
    "gcc -specs=/home/agent/x.specs main.c",
    "gcc -wrapper /home/agent/w,-x main.c",
]

OWN_OR_SYSTEM = [
    "gcc -fplugin=./build/plugin.so -c main.c",
    "gcc -fplugin=/work/project/build/plugin.so -c main.c",
    "gcc -fplugin=annobin -c main.c",
    "gcc -fplugin=/usr/lib/gcc/x86_64-linux-gnu/12/plugin/annobin.so -c main.c",
    "clang -Xclang -load -Xclang build/libPass.so -c main.c",
    "clang -fpass-plugin=build/libPass.so -c main.c",
    "gcc -Wl,-plugin,/usr/lib/bfd-plugins/liblto_plugin.so main.c",
    "ar --plugin /usr/libexec/gcc/x86_64-linux-gnu/12/liblto_plugin.so rcs lib.a a.o",
    "rustc -Z codegen-backend=cranelift main.rs",
    "gcc -B build/bin -c main.c",
    "gcc -wrapper gdb,--args -c main.c",
    "gcc -O2 -Wall -c main.c -o main.o",
    "clang -Wl,--gc-sections -o app main.c",
]


@pytest.mark.parametrize("command", FOREIGN)
def test_a_plugin_from_outside_the_project_is_refused_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict)
    for flags in MODES[:2]:
        assert check(command, **flags).allowed, (command, flags)


@pytest.mark.parametrize("command", OWN_OR_SYSTEM)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_the_projects_and_the_systems_plugins_pass(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


def test_a_plugin_in_a_temp_area_stays_refused_unattended() -> None:
    assert check("cc -fplugin=/tmp/p.so -c src/main.c", unattended=True).blocked
    assert check("clang -Xclang -load -Xclang /tmp/x.so -c x.c", unattended=True).blocked
