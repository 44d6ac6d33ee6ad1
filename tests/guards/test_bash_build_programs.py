"""Programs a build runs because a setting names them are judged as commands: a compiler or
cargo runner given as a command line (``CC='sh -c CMD'``, ``cargo --config
'target.X.runner="CMD"'``), npm's script shell given as a flag or variable, an ImageMagick file
name that is a pipe, a compiler cache's compiler. A bare program name (``CC=clang``) is a
program on the PATH and passes. Every command here is data handed to the guard."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("CC='rm -rf /home/agent;' make", "rm-home"),
        ("CC=\"sh -c 'rm -rf /home/agent'\" ./configure", "rm-home"),
        ("CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER='rm -rf /home/agent' cargo test",
         "rm-home"),
        ("cargo run --config 'target.x86_64-unknown-linux-gnu.runner=\"rm -rf /home/agent\"'",
         "rm-home"),
        ("cargo test --config 'target.x86_64-unknown-linux-gnu.runner=[\"sh\", \"-c\", "
         "\"rm -rf /home/agent\"]'", "rm-home"),
        ("cargo test --config \"target.'cfg(unix)'.runner='rm -rf /home/agent'\"",
         "rm-home"),
        ("convert '|rm -rf /home/agent' out.png", "rm-home"),
        ("ccache rm -rf /home/agent", "rm-home"),
        ("npm test --script-shell=/tmp/shell.sh", "package-install"),
        ("npm_config_script_shell=/tmp/shell.sh npm test", "package-install"),
    ],
)  # fmt: skip
def test_a_program_a_build_setting_names_is_judged(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.rule == rule, (command, verdict)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "command",
    [
        "CC=clang make",
        "CXX=g++-12 cmake -S . -B build",
        "RUSTC_WRAPPER=sccache cargo build",
        'CC="ccache gcc" make -j4',
        "cargo build --config 'build.rustc-wrapper=\"sccache\"'",
        "cargo build --config profile.release.lto=true",
        "ccache -s",
        "convert in.png -resize 50% out.png",
    ],
)
def test_an_ordinary_build_setting_passes(command: str, mode: dict[str, bool]) -> None:
    verdict = check(command, **mode)
    assert verdict.allowed, (command, verdict)
