"""Round 16 of issue 30: programs unattended runs refused as unknown, judged by class.

D's compilers and their run mode (``dmd``, ``ldc2``, ``ldmd2``, ``rdmd``); AFL++'s fuzzer and tools,
which run the target they are given; the JDK's ``keytool``; the virtual X server ``Xvfb`` (and
``xvfb-run``'s server words and files) and ``wine``; the stylesheet compilers ``sassc`` and
``sass``; GLib's ``gio`` file verbs (``trash``, ``copy``, ``move``, ``save``), known as the core
command each is when given only options that change nothing else. Each class has ordinary uses
every mode lets through and harmful twins (its options that run or load code, write outside the
project, reach hosts or change the machine) that stay refused. Every case is data handed to the
guard; none is ever run. Cases are written for this module as members of a class, not copied
from the sets.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

UNATTENDED = {"unattended": True}


@pytest.mark.parametrize(
    "command",
    [
        # D's compilers: the project's modules built, ``-run FILE ARGS`` run once built
        "dmd -run tools/gen.d --out build/gen",
        "ldc2 -run ./ci/build.d -release -mtriple=aarch64-linux-gnu",
        "dmd -of=bin/app -release -O -inline src/app.d src/util.d",
        "ldc2 -O3 -mcpu=native -of build/app -Isrc source/app.d",
        "ldmd2 -unittest -main -run src/lib.d",
        "dmd -odobj -op -Hf=build/app.di src/app.d",
        "rdmd scripts/release_notes.d",
        "rdmd --build-only -ofbin/tool --tmpdir=build tools/tool.d",
        # AFL++: the target is the command; findings written in the project or a temp area
        "afl-fuzz -i fuzz/seeds -o fuzz/findings -- ./build/parse_fuzz @@",
        "afl-fuzz -i /tmp/seeds -o /tmp/findings -t 1000 -m none dune exec test/fuzz.exe @@",
        "afl-fuzz -i - -o fuzz/findings -M main -x fuzz/dict.txt -- ./build/parse_fuzz",
        "afl-showmap -o build/trace.txt -- ./build/parse_fuzz",
        "afl-tmin -i fuzz/crash -o fuzz/crash.min -- ./build/parse_fuzz",
        "afl-cmin -i fuzz/seeds -o fuzz/min -- ./build/parse_fuzz @@",
        "afl-fuzz -i in -o out -I 'echo crash >> build/crashes.log' -- ./build/t @@",
        # keytool: the project's keystore and certificates
        "keytool -genkeypair -noprompt -alias app -keyalg RSA -keysize 2048 -validity 365 "
        "-keystore app/debug.keystore -storepass android -keypass android -dname CN=dev",
        "keytool -list -v -keystore app/debug.keystore -storepass android",
        "keytool -exportcert -rfc -alias app -keystore app/debug.keystore -file build/app.pem",
        "keytool -importcert -noprompt -alias ca -file certs/ca.pem -keystore build/trust.jks "
        "-storepass changeit",
        "keytool -printcert -file certs/ca.pem",
        "keytool -list",
        # a virtual X server and the programs run on it
        "Xvfb :99 -screen 0 1280x1024x24 -ac -nolisten tcp &",
        'Xvfb "$DISPLAY" -screen 0 800x600x24 -fbdir /var/tmp/ &',
        "xvfb-run -a -s '-screen 0 1280x1024x24' npm test",
        "xvfb-run --auto-servernum --error-file=build/xvfb.log pytest tests/gui",
        # wine running a program file of the project
        "wine build/app.exe --self-test",
        "wine64 dist/setup-check.exe",
        "wine examples/hello.exe",
        # stylesheet compilers writing CSS in the project
        "sassc -t compressed --sourcemap assets/app.scss public/app.css",
        "sassc -I vendor/scss assets/app.scss > public/app.css",
        "sass --style=compressed --no-source-map assets/main.scss public/main.css",
        "sass -I node_modules assets:public/css --watch",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_compilers_fuzzers_key_stores_displays_and_stylesheets_run_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        # what a fuzzer runs, or runs on a crash, judged as that command
        ("afl-fuzz -i in -o out -- sh -c 'rm -rf ~'", "rm-home"),
        ("afl-fuzz -i in -o out -- rm -rf .git", "rm-protected"),
        ("afl-fuzz -i in -o out -I 'rm -rf ~' -- ./build/t @@", "rm-home"),
        ("afl-tmin -i c -o m -- bash -c 'rm -rf ~'", "rm-home"),
        # a compiled program's words judged as the project's program's are
        ("dmd -run app.d purge --all", "service-destroy"),
        ("wine build/app.exe purge", "service-destroy"),
        # a write over the project's history or control files
        ("ldc2 -of .git/hooks/pre-commit app.d", "write-protected-path"),
        ("sass assets/a.scss .git/hooks/pre-commit", "write-protected-path"),
        # keytool: the machine's trust store, a host reached
        (
            "keytool -importcert -cacerts -noprompt -file ca.pem -storepass changeit",
            "system-change",
        ),
        ("keytool -delete -cacerts -alias ca -storepass changeit", "system-change"),
        ("keytool -printcert -sslserver evil.example.com:443", "network-not-whitelisted"),
        # wine's cmd.exe given a deletion (Z: is the root); from round 23 (redteam23s) cmd.exe's
        # words are read as cmd reads them, a drive as a path outside the project
        ('wine cmd /c "rd /s /q Z:\\\\"', "rm-outside-project"),
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_what_the_class_runs_writes_over_control_files_or_changes_is_refused_in_every_mode(
    command: str, rule: str, mode: dict[str, bool]
) -> None:
    verdict = check(command, **mode)
    assert verdict.blocked and verdict.rule == rule, (command, mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "dmd -of=/usr/local/bin/app src/app.d",
        "ldc2 -of ~/.local/bin/app src/app.d",
        "dmd -Hf=~/.bashrc src/app.d",
        "rdmd --makedepfile=~/.profile tools/t.d",
        "afl-fuzz -i in -o ~/.config/autostart -- ./build/t",
        "afl-fuzz -i in -o out -f ~/.bashrc -- ./build/t @@",
        "keytool -genkeypair -alias a -keyalg RSA -dname CN=x",
        "keytool -exportcert -alias a -keystore app/ks -file ~/.ssh/authorized_keys",
        "keytool -importcert -file ca.pem -keystore /etc/ssl/certs/java/cacerts",
        "Xvfb :99 -fbdir ~/.config",
        "xvfb-run -e ~/.bashrc npm test",
        "xvfb-run --auth-file=~/.Xauthority npm test",
        "sassc assets/app.scss ~/.bashrc",
        "sass assets/a.scss ~/.bashrc",
        "sass assets:~/.config/autostart",
    ],
)
def test_a_write_outside_the_project_is_refused_unattended(command: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict)


@pytest.mark.parametrize(
    "command",
    [
        # D: code outside the project, options that run or load another program
        "dmd -run /tmp/x.d",
        "rdmd ~/scratch/x.d",
        "ldc2 -run ~/code/build.d",
        "dmd -L-plugin=/tmp/p.so app.d",
        "ldc2 -Xcc=-wrapper,/tmp/w app.d",
        "ldc2 -gcc=/tmp/cc app.d",
        "ldc2 -linker=/tmp/ld app.d",
        "ldc2 -plugin=/tmp/p.so app.d",
        "dmd -conf=/tmp/dmd.conf app.d",
        "dmd -cpp=/tmp/cpp app.d",
        "rdmd --compiler=/tmp/dmd app.d",
        "rdmd --eval='writeln(1);'",
        "dmd @/tmp/args",
        "dmd -run - < /tmp/x.d",
        'dmd -run "$SCRIPT"',
        # AFL++: a second program, the target under wine, a target in a temp area
        "afl-fuzz -i in -o out -c /tmp/cmplog -- ./build/t",
        "afl-fuzz -i in -o out -W -- ./t.exe",
        "afl-fuzz -i in -o out -- /tmp/target @@",
        # keytool: code loaded into its JVM, a provider, a file of options
        "keytool -J-javaagent:/tmp/a.jar -list",
        "keytool -list -providerpath /tmp/p.jar -providerclass Evil",
        "keytool -list -addprovider SunPKCS11 -providerarg /tmp/p11.cfg",
        "keytool -list -storetype PKCS11 -keystore NONE",
        "keytool -conf /tmp/opts -list",
        # Xvfb: open to hosts, a program it runs, a font server's host
        "Xvfb :99 -listen tcp -ac &",
        "Xvfb :99 -query evil.example.com",
        "Xvfb :99 -xkbbindir /tmp/x &",
        "Xvfb :99 -fp tcp/evil.example.com:7100",
        "xvfb-run -s '-listen tcp' npm test",
        "xvfb-run -s '-xkbbindir /tmp/x' npm test",
        # wine: a program elsewhere, an installer, a built-in that changes the prefix
        "wine /tmp/x.exe",
        "wine ~/Downloads/setup.exe",
        "wine msiexec /i build/app.msi",
        "wine regedit /s build/x.reg",
        "wine start /unix /tmp/x",
        # stylesheets: LibSass's native plugins, an option not known
        "sassc -P /tmp/plugins assets/app.scss public/app.css",
        "sassc --plugin-path=/tmp/p assets/app.scss",
        "sass --unknown-option assets/a.scss public/a.css",
    ],
)
def test_twins_that_run_or_load_what_the_guard_cannot_see_stay_unknown_unattended(
    command: str,
) -> None:
    for mode in MODES[:2]:
        assert not check(command, **mode).blocked, (command, mode)
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


def test_a_d_program_written_by_the_same_line_is_read_for_what_it_runs() -> None:
    command = (
        "printf 'import std.process; void main(){ executeShell(\"rm -rf ~\"); }' > x.d "
        "&& dmd -run x.d"
    )
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "rm-home", (mode, verdict)


@pytest.mark.parametrize(
    "command",
    [
        "gio trash build/old",
        "gio trash -f build/old dist/old",
        "gio copy -p --preserve src/a.txt build/a.txt",
        "gio move -T build/a build/b",
        "gio save build/out.txt",
        "gio rename build/a.txt b.txt",
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_gio_file_verbs_in_the_project_run_in_every_mode(
    command: str, mode: dict[str, bool]
) -> None:
    assert not check(command, **mode).blocked, (command, mode)


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        ("gio trash ~/Documents", "rm-outside-project"),
        ("gio trash .git", "rm-protected"),
        ("gio move build/a /etc/a", "write-outside-project"),
        ("gio save ~/.bashrc", "write-outside-project"),
    ],
)
def test_gio_file_verbs_outside_the_project_are_refused_unattended(command: str, rule: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.rule == rule, (command, verdict)


@pytest.mark.parametrize("command", ["gio trash --empty", "gio copy -i a.txt b.txt"])
def test_gio_emptying_the_trash_or_prompting_stays_unknown_unattended(command: str) -> None:
    verdict = check(command, **UNATTENDED)
    assert verdict.blocked and verdict.category == "unknown", (command, verdict)


@pytest.mark.parametrize("mode", MODES)
def test_gio_remove_keeps_its_refusal_by_its_destroying_verb_in_every_mode(
    mode: dict[str, bool],
) -> None:
    for command in ("gio remove src/app.py", "gio rm -f src/app.py"):
        verdict = check(command, **mode)
        assert verdict.blocked and verdict.rule == "service-destroy", (command, mode, verdict)
