"""Round 17 of issue 30 (unknown17): programs unattended runs refused as unknown, judged by
class in all three modes, with their harmful twins.

- WebAssembly runtimes ``wasmer``, ``iwasm``, ``wasm3`` (and ``wasmedge compile``) run or build
  the project's module; a directory granted and an output are writes; the network granted,
  native code loaded, a module outside the project, a registry package, a REPL: unknown.
- Stylesheet compilers ``lessc`` and ``stylus``: their outputs are writes; ``--js``,
  ``--plugin``, ``--use``, the REPL: unknown.
- Compile-and-run drivers ``tcc -run``, ``nim c -r``/``nim r``, ``crystal run``: the project's
  code runs as ``./app``; code elsewhere, other compilers, link or import options: unknown.
- ``poe TASK``: the project's tasks, as ``just``'s recipes; ``-C DIR`` in a temp area: unknown.
- ``goreleaser build``/``release --snapshot``: the project's local build; publishing is the
  policy's; a configuration outside the project: unknown.
- ``hg``/``jj``: recording verbs known; what drops commits or discards changes refused in every
  mode under git's rules.
- ``cdk --app cdk.out``: a cloud assembly, no command (``deploy`` is the policy's).
- ``tauri signer generate -w KEY``, ``minisign -s KEY``: the key written, not a secret read.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "wasmer run app.wasm",
    "wasmer app.wasm",
    "wasmer run --dir . app.wasm arg",
    "wasmer run --mapdir /data:./data app.wasm",
    "wasmer compile app.wasm -o app.wasmu",
    "wasmer run app.wasm -- --net",
    "iwasm app.wasm",
    "iwasm --dir=. -f main app.wasm",
    "iwasm --map-dir=/data::./data app.wasm",
    "wasm3 --func fib build/fib.wasm 20",
    "wasmedge compile app.wasm app_aot.wasm",
    "lessc styles.less out.css",
    "lessc --include-path=lib --source-map=out.css.map a.less out.css",
    "stylus src -o dist",
    "stylus -c -o public/css styles",
    "tcc -run main.c",
    "tcc -Wall -O2 -DNDEBUG -run src/main.c arg --flag",
    "tcc -o app main.c -lm -Iinclude",
    "nim c -r src/main.nim",
    "nim c -d:release --opt:speed -r src/main.nim arg",
    "nim r src/main.nim",
    "nim c --cc:clang -o:bin/app src/main.nim",
    "nim check src/main.nim",
    "crystal run src/main.cr",
    "crystal src/main.cr",
    "crystal run src/main.cr -- --port 3000",
    "crystal build src/main.cr -o bin/app --release",
    "crystal spec spec/foo_spec.cr",
    "crystal tool format",
    "poe",
    "poe test",
    "poe deploy",  # a task is the project's word, as `just deploy` (left17)
    "poe -C sub test",
    "goreleaser build --snapshot --clean --single-target",
    "goreleaser release --snapshot --clean",
    "goreleaser build -f .goreleaser.ci.yaml --snapshot",
    "hg commit -m 'delete the old parser'",
    "hg update default",
    "hg revert --all",
    "hg rebase -d default",
    "hg -R sub commit -m x",
    "jj new",
    "jj describe -m x",
    "jj abandon",
    "jj squash",
    "jj op restore abc",
    "jj bookmark set main -r @",
    "cdk synth --app cdk.out",
    "cdk diff --app ./cdk.out",
    "cdk ls -a build/cdk.out/",
    "tauri signer generate -w keys/app.key",
    "tauri signer sign -f keys/app.key dist/app.tar.gz",
]
"""Everyday lines of the classes: allowed in every mode."""

UNATTENDED_ONLY = [
    "wasmer run --net app.wasm",
    "wasmer run python/python",
    "wasmer run /tmp/x.wasm",
    "wasmer login",
    "wasmedge app.wasm",
    "iwasm --addr-pool=0.0.0.0/0 app.wasm",
    "iwasm --native-lib=./libx.so app.wasm",
    "iwasm ~/x.wasm",
    "wasm3 --repl app.wasm",
    "wasm3 /tmp/x.wasm",
    "lessc --js a.less",
    "lessc --plugin=less-plugin-clean-css a.less a.css",
    "stylus -u nib src",
    "stylus -i",
    "tcc -run /tmp/x.c",
    "tcc -B/tmp/lib -run main.c",
    "tcc -L/tmp -lx -run main.c",
    "nim c /tmp/x.nim",
    "nim c -r ~/x.nim",
    "nim c --passL:-fplugin=/tmp/x.so src/main.nim",
    "nim c --cc:/tmp/cc src/main.nim",
    "nim c --import:/tmp/x.nim src/main.nim",
    "nim c --path:/tmp src/main.nim",
    "nim e build.nims",
    "nim secret",
    "crystal run /tmp/x.cr",
    "crystal eval 'puts 1'",
    "crystal i",
    "crystal play",
    "crystal build --link-flags=-L/tmp src/main.cr",
    "poe -C /tmp/x test",
    "goreleaser build -f /tmp/x.yaml",
    "goreleaser build --config=~/g.yaml --snapshot",
    "hg pull",
    "hg serve",
    "hg -R /tmp/other commit -m x",
    "jj -R /tmp/x new",
    "jj git fetch",
    "jj fix",
    "cdk diff --app /tmp/cdk.out",
    "cdk ls --app ../x.out",
]
"""What reaches further (network, native code, code outside the project, a REPL, another
configuration): allowed in the sandbox, refused unattended as unknown."""

DESTROYING = [
    ("hg update -C default", "vcs-discard"),
    ("hg up --clean", "vcs-discard"),
    ("hg revert -C file.py", "vcs-discard"),
    ("hg revert --all --no-backup", "vcs-discard"),
    ("hg strip --no-backup -r tip", "vcs-history-loss"),
    ("hg rollback", "vcs-history-loss"),
    ("jj op abandon ..@-", "vcs-history-loss"),
    ("jj util gc", "vcs-history-loss"),
]
"""hg's and jj's verbs that lose work or history: refused in every mode under git's rules."""

REFUSED_EVERY_MODE = [
    "wasmer run --dir .git/hooks app.wasm",
    "iwasm --dir=/ app.wasm",
    "lessc a.less .git/hooks/pre-commit",
    "tcc -o .git/hooks/pre-commit main.c",
    "tcc -run main.c rm -rf",
    "hg purge --all",
    "jj bookmark delete x",
    "cdk ls --app 'rm -rf ~'",
    "cdk deploy --app 'rm -rf ~'",
]
"""Writes into the repository's control files, a whole-disk grant, a destroying verb given to
the program run, and a command in ``--app``: refused in every mode."""

WRITES_OUTSIDE = [
    "wasmer run --mapdir /data:/etc app.wasm",
    "wasmer run --volume ~/.ssh:/k app.wasm",
    "wasmer compile app.wasm -o ~/.bashrc",
    "wasmedge compile app.wasm ~/.bashrc",
    "lessc a.less ~/.bashrc",
    "lessc --source-map=/etc/x a.less",
    "stylus src -o ~/.config",
    "tcc -o ~/.local/bin/app main.c",
    "nim c --out:/etc/app src/main.nim",
    "crystal build src/main.cr -o ~/.bashrc",
    "tauri signer generate -w ~/.tauri/app.key",
]
"""Outputs and granted directories outside the project: writes outside, attended and
unattended (the sandbox confines them)."""

POLICY = [
    "wasmer publish",
    "goreleaser release --clean",
    "goreleaser release --skip=announce",
    "hg push",
    "jj git push",
    "cdk deploy --app cdk.out",
]
"""Publishing and deploying: the policy's, in every mode."""


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_17_programs_everyday_line_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_what_reaches_further_is_refused_unattended_only(command: str) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize(("command", "rule"), DESTROYING, ids=[c for c, _ in DESTROYING])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_vcs_verb_that_loses_work_or_history_for_good_is_refused(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", REFUSED_EVERY_MODE)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_harmful_twin_is_refused_in_every_mode(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@pytest.mark.parametrize("command", WRITES_OUTSIDE)
@pytest.mark.parametrize("flags", [{}, {"unattended": True}], ids=["attended", "unattended"])
def test_an_output_outside_the_project_is_a_write_outside(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "write-outside-project", (command, verdict.rule)


@pytest.mark.parametrize("command", POLICY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_publishing_and_deploying_stay_the_policys(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category == "policy", (command, flags, verdict.rule)


def test_a_key_option_names_the_key_written_not_a_secret_read() -> None:
    for flags in MODES:
        assert check("minisign -G -s keys/app.key -p keys/app.pub", **flags).rule != (
            "read-secret-file"
        )
        verdict = check("cat keys/app.key", **flags)
        assert verdict.blocked and verdict.rule == "read-secret-file", flags
        verdict = check("tauri build ~/.ssh/id_rsa", **flags)
        assert verdict.blocked, flags
