"""Round 15 of issue 30 (everyday15): the looked-at half of round 15's repositories taught by
class, in all three modes.

- V's ``v`` is known by verb: compiling, running, testing, formatting and checking V code of the
  project (``v run ci/build.vsh task``, ``v test vlib``, ``v -o app .``) are everyday; the code
  must be the project's in unattended runs (a temp area's or the home's is refused, as a script
  there is); ``v -e CODE``, ``-cflags`` that load a program, and the toolchain's own changes
  (``up``, ``self``, ``symlink``) are refused unattended; ``install`` is the package policy's,
  ``share`` the publishing policy's, ``download`` the network's; ``-cc`` names a C compiler or
  is judged as the command it names; ``retry`` runs its words as a shell command line and
  ``timeout`` a program, each judged.
- Racket's ``raco`` is known by verb (``make``, ``test``, ``setup``...; ``raco pkg install`` is the
  package policy's), and ``racket -l LIB [-- ARGS]`` runs an installed library's main, as
  ``python -m MODULE`` does: no REPL, and known unattended unless LIB is one of raco's commands.
- GNU make as ``gmake`` (make's rules), coreutils' ``sync``, Nextflow's ``nf-test``, and zzuf,
  which runs the program it fuzzes (judged) or filters its input, are known.
- FuseSoC's ``run`` runs the flow a core file of the project declares, as make runs a recipe,
  when the cores it reads are the project's (``--cores-root .``); its fetching verbs stay unknown.
- V or Racket code this command line wrote and then has compiled or run is read for what it runs,
  as an interpreter's script is.
- A browser asked only for its version opens nothing.
- A runner's shell text with a word computed at run time is refused by what its known words
  refuse (``v retry -- sudo apt install $PKGS`` is sudo's, the policy's) before being refused as
  computed.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "v run ci/linux_ci.vsh build_v_with_prealloc",
    "v test vlib/v/tests/",
    "v -g .",
    "cd puzzle_vibes && v -prod -g -no-prod-options .",
    "cd ved && v -o ved .",
    "v -d trace_x run examples/hello_world.v",
    "v should-compile-all examples/",
    "VFLAGS=-w v build.vsh release",
    "v -cc gcc -cflags -static examples/http_server.v",
    "v -cc msvc -os windows -o vc/v_win.c cmd/v",
    "v -cc x86_64-w64-mingw32-gcc examples/hello_world.v",
    "v fmt -verify vlib/",
    "v doctor",
    "v wipe-cache",
    "v retry -- git clone https://github.com/vlang/doom-regression-images",
    "v timeout 10 v run examples/hello_world.v",
    "gmake -j4 test",
    "sync",
    "nf-test test --profile debug,test,docker --verbose",
    "raco make typed-racket-test/external/historical-counterexamples.rkt",
    "raco test -em typed-racket-test/test-docs-complete.rkt",
    "raco setup --check-pkg-deps typed typed-racket typed-racket-test",
    "racket -l typed-racket-test -- --unit",
    "racket -l typed-racket-test -- --just typed-racket-test/succeed/cl.rkt",
    "xvfb-run racket -l typed-racket-test -- --guitests",
    "zzuf -R '\\x00-\\x20' -r0.01 < examples/hello_world.v > examples/hello_world_fuzz.v",
    "zzuf -s 0:100 -r 0.01 ./bin/parser examples/a.v",
    "firefox --version",
    "fusesoc --cores-root . run --target=lint --tool=verilator lowrisc:ibex:ibex_simple_system",
    "fusesoc --cores-root=. run --target=sim --setup --build --tool=verilator lowrisc:ibex:tb",
]
"""Everyday lines of the classes (GitHub is in the tests' whitelist)."""

REFUSED = [
    ("v install", "package-install"),
    ("v retry 'v install sdl'", "package-install"),
    ("v retry -- sudo apt install -y $PACKAGES", "privilege-escalation"),
    ("raco pkg install -i --auto typed-racket-test", "package-install"),
    ("raco pkg remove typed-racket", "package-install"),
    ("v share examples/hello_world.v", "remote-mutation"),
    ("v download https://downloads.example.net/x.zip", "network-not-whitelisted"),
    ("v retry -- curl -o x.sh https://downloads.example.net/x.sh", "network-not-whitelisted"),
]
"""Policy refusals of the same programs, in every mode."""

DANGEROUS = [
    "v retry -- rm -rf ~",
    "v retry 'rm -rf ~'",
    "v timeout 10 rm -rf ~",
    "v -cc 'rm -rf ~' a.v",
    "zzuf rm -rf ~",
    "zzuf -r 0.1 sh -c 'rm -rf ~'",
    "gmake --eval 'x:=$(shell rm -rf ~)'",
    "racket -l racket/base -e '(system \"rm -rf ~\")'",
    "printf 'fn main() { os.system(\"rm -rf ~\") }' > x.v && v run x.v",
    "printf '(system \"rm -rf ~\")' > t.rkt && raco test t.rkt",
]
"""What these programs run, judged as the commands they are: refused in every mode."""

UNATTENDED_ONLY = [
    "v ~/.vmodules/sdl/setup.vsh",
    "v test ~/.vmodules/msgpack/",
    "v run /tmp/x.v",
    "v -e 'println(1)'",
    "v run -",
    "v -cc /tmp/evilcc a.v",
    "v -cflags '-wrapper /tmp/x' a.v",
    "v up",
    "v self",
    "v symlink",
    "v gret -r ~/code/doom -t a.toml a b",
    "raco test /tmp/x.rkt",
    "raco docs",
    "racket -l raco -- pkg install foo",
    "racket -l- raco pkg install foo",
    "racket -l setup",
    "racket -l typed-racket-test -t /tmp/x.rkt",
    "racket -l racket/base -i",
    "fusesoc --cores-root /tmp/cores run --target=sim lowrisc:ibex:tb",
    "fusesoc --cores-root . run --build-root /tmp/b --target=sim lowrisc:ibex:tb",
    "fusesoc library add ibex https://github.com/lowRISC/ibex",
]
"""Code outside the project, code the guard cannot read, the toolchain's own changes, raco's
commands run as a library, a browser's start page: left to the sandbox, refused unattended."""


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_15_toolchains_everyday_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), REFUSED, ids=[c for c, _ in REFUSED])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_15_toolchains_install_upload_or_fetch_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", DANGEROUS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_what_a_round_15_runner_runs_is_judged_as_a_command(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "dangerous", (command, flags, verdict.rule)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_code_outside_the_project_or_a_toolchain_change_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category != "policy", (command, verdict.rule)


def test_v_writes_its_output_where_o_names() -> None:
    for flags in MODES:
        verdict = check("v -o .git/hooks/pre-commit a.v", **flags)
        assert verdict.blocked and verdict.rule == "write-protected-path", flags
    assert check("v -o ~/.bashrc a.v").blocked
    assert check("v -o ~/.bashrc a.v", unattended=True).blocked


def test_a_browser_given_a_url_or_nothing_still_reaches_the_network_unattended() -> None:
    verdict = check("firefox --version https://downloads.example.net/", unattended=True)
    assert verdict.blocked and verdict.rule == "network-not-whitelisted"
    verdict = check("firefox", unattended=True)  # its start page
    assert verdict.blocked and verdict.rule == "network-unknown-target"
