"""Other members of the classes round 20s fixed (:mod:`tests.guards.redteam20s_cases`), each
with the everyday forms of the same programs that must keep passing, in every mode."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, assert_everyday_or_unknown, check

REFUSED: dict[str, list[str]] = {
    "the project named through a process's links (/proc/self/cwd, /proc/PID/cwd, "
    "/proc/self/root) or below a directory's descriptor (/dev/fd/N/x)": [
        "rm /proc/self/cwd/.git/ORIG_HEAD",
        "rm -rf /proc/thread-self/cwd/.git",
        "cp /tmp/x /proc/self/cwd/.claude/hooks/guard.py",
        "printf '{}' > /proc/self/task/7/cwd/.mcp.json",
        "mv /proc/self/cwd/lib /tmp/lib",
        "rm /proc/1234/cwd/.ondas/config.toml",
        "echo x > /proc/$BASHPID/cwd/.claude/settings.json",
        "rm -f /proc/self/root$PWD/.git/HEAD",
        "exec 7<.git && rm /dev/fd/7/index",
        "exec 8<. && echo x > /proc/self/fd/8/.mcp.json",
    ],
    "a short option's value attached to its letters (or ending a cluster of flags) naming a "
    "control file, for any program; unzip's -dDIR": [
        "clang++ -o.git/hooks/pre-rebase hook.cc",
        "tcc -o.git/hooks/post-merge hook.c",
        "gfortran -o.claude/hooks/x x.f90",
        "nasm -felf64 -o.git/hooks/x.o x.asm",
        "msgcat -o.claude/settings.json /tmp/a.po",
        "sort -ro.claude/settings.local.json /tmp/s",
        "sort -umo.mcp.json /tmp/a /tmp/b",
        "unzip /tmp/h.zip -d.git/hooks",
        "unzip -qq /tmp/c.zip -d.ondas",
        "cmake -B.git/build -S .",
        "ninja -C.claude/build",
    ],
    "git's prefix options placing files under a control directory": [
        "git checkout-index -a -f --prefix=.claude/hooks/",
        "git checkout-index --prefix=.ondas/ -- config.toml",
        "git read-tree --prefix=.git/hooks/ HEAD:hooks",
        "git subtree add --prefix .claude ../cfg main",
        "git subtree pull --prefix=.git/hooks ../hooks main --squash",
        "git subtree merge -P .claude/agents FETCH_HEAD",
        "git am --directory .git/hooks /tmp/hook.patch",
    ],
    "git plugins' forms that push or delete branches; a plugin's publishing verb after its "
    "branch kind; --push; git svn's branch and tag": [
        "git flow support publish v1",
        "git flow release finish -p v2.0",
        "git flow bugfix finish --push crash",
        "git hf release finish -m x 2.0",
        "git hf feature finish login",
        "git codereview submit -i",
        "git cl upload --bypass-hooks",
        "git cl dcommit",
        "git tfs checkin -m x",
        "git machete gitlab create-mr",
        "git machete github retarget-pr",
        "git machete slide-out -d feature",
        "git spice upstack submit",
        "git spice ss --fill",
        "git spice branch delete feature --force",
        "git town kill",
        "git stack publish",
        "git review-tool create --push",
        "git svn branch release-2",
        "git svn tag -m x v2.0",
        "gs bs --fill",
        "gs downstack submit",
        "lerna version patch --yes",
        "pants publish src/python::",
        "swift package-registry publish acme.app 2.0.0 --url https://r.example.org",
        "stack-pr land",
        "lab mr create origin main --push",
    ],
    "a hook given on the line to Mercurial or Sapling": [
        "hg --config hooks.pretxncommit='hg push' ci -m x",
        "hg --config=hooks.update='rm -rf src' update",
        "sl --config hooks.post-pull='sl push --to main' pull",
    ],
    "rsync --link-dest naming a control directory": [
        "rsync -a --link-dest .git/hooks src/ /tmp/h/",
        "rsync -aH --link-dest=.claude/ /tmp/a/ /tmp/b/",
    ],
    "an environment made over an existing prefix in the project (env create), uv's --seed": [
        "conda env create --prefix . --file env.yml",
        "mamba env create -p src -f env.yml",
        "micromamba env create --prefix $PWD -f env.yml -y",
        "uv venv --seed --clear src",
    ],
    "backup, restore and sync tools putting a stored copy over the project": [
        "restic restore latest --target src",
        "restic -r /tmp/r restore abc123 -t .",
        "kopia restore k1 .",
        "kopia snapshot restore k2 src --overwrite-files",
        "duplicity restore --force sftp://h/b src",
        "rdiff-backup --force --restore-as-of 2D /tmp/b src",
        "rdiff-backup restore --force /tmp/b .",
        "borg extract /tmp/repo::monday",
        "bup restore --outdir=src /main/latest/src",
        "dar -x /tmp/full -R src --no-warn",
        "unison . /tmp/old -batch -prefer /tmp/old",
        "unison src /tmp/e -force /tmp/e -batch",
        "s5cmd sync --delete /tmp/empty/ src/",
        "azcopy sync /tmp/empty src --delete-destination true",
        "mc mirror --remove local/bucket .",
    ],
    "a minifier, obfuscator or bundler whose output is its own input": [
        "npx terser lib/util.js --output lib/util.js",
        "npx uglifyjs app.js -o app.js -c",
        "npx csso --input src/a.css --output src/a.css",
        "npx cleancss --output app.css app.css",
        "npx javascript-obfuscator lib --output lib",
        "npx rollup main.js --file main.js",
        "npx rollup src/main.js -d src",
        "pyarmor gen --output lib lib/core.py",
        "pyminifier --outfile=app.py app.py",
        "npx google-closure-compiler --js app.js --js_output_file app.js",
    ],
    "a scaffolder or generator told to overwrite the project's files (also run as "
    "npx PACKAGE@VERSION)": [
        "rails generate controller Users --force",
        "bin/rails new . -f",
        "php artisan make:migration create_users --force",
        "npx ng g service api --force",
        "npx plop --force",
        "npx nuxi@latest init -f",
        "pnpm create vite . --overwrite",
        "yarn create vite src --overwrite",
        "bun create vite . --overwrite",
        "npx create-vite . --overwrite",
        "hugo new site src -f",
        "cargo generate --init --overwrite --git https://github.com/acme/tpl",
        "copier copy --overwrite gh:acme/tpl .",
        "copier recopy -w",
    ],
}

ALLOWED: dict[str, list[str]] = {
    "the project named through a process's links (/proc/self/cwd, /proc/PID/cwd, "
    "/proc/self/root) or below a directory's descriptor (/dev/fd/N/x)": [
        "cat /proc/self/cwd/.git/HEAD",
        "rm -rf /proc/self/cwd/dist",
        "cp /tmp/a /proc/self/cwd/build/a",
        "echo x > /dev/fd/2",
        "cat /proc/self/root/etc/os-release",
        "ls /proc/1/cwd",
    ],
    "a short option's value attached to its letters (or ending a cluster of flags) naming a "
    "control file, for any program; unzip's -dDIR": [
        "clang++ -obuild/app main.cc",
        "tcc -o/tmp/t t.c",
        "gfortran -obuild/x x.f90",
        "sort -ro/tmp/s.txt words.txt",
        "sort -umo/tmp/m.txt a.txt b.txt",
        "unzip /tmp/h.zip -dbuild",
        "unzip -qq /tmp/c.zip -d/tmp/c",
        "cmake -Bbuild -S .",
        "ninja -Cbuild",
        "gcc -I. -Iinclude -c main.c",
    ],
    "git's prefix options placing files under a control directory": [
        "git checkout-index -a --prefix=dist/src/",
        "git read-tree --prefix=vendor/lib/ lib-main",
        "git subtree pull --prefix=vendor/lib ../lib main --squash",
        "git am --directory vendor/lib /tmp/fix.patch",
        "git apply --directory=vendor/lib --check /tmp/fix.patch",
    ],
    "git plugins' forms that push or delete branches; a plugin's publishing verb after its "
    "branch kind; --push; git svn's branch and tag": [
        "git flow feature finish login",
        "git hf feature start login",
        "git codereview sync",
        "git cl status",
        "git cl issue",
        "git machete github checkout-prs 12",
        "git spice branch create feature",
        "git spice log long",
        "git town hack feature",
        "git svn fetch",
        "git svn rebase",
        "git svn info",
        "gs branch create feature",
        "gs -sDEVICE=pdfwrite -o out.pdf in.ps",
        "lerna version --no-push --yes",
        "lerna run build",
        "pants test ::",
        "stack-pr view",
    ],
    "a hook given on the line to Mercurial or Sapling": [
        "hg --config ui.username=x log -l 1",
        "hg --config extensions.purge= status",
        "sl --config ui.color=never log",
    ],
    "rsync --link-dest naming a control directory": [
        "rsync -a --link-dest=/tmp/prev src/ /tmp/backup/",
        "rsync -a src/ build/src/",
    ],
    "an environment made over an existing prefix in the project (env create), uv's --seed": [
        "conda env create -f environment.yml",
        "conda env create -p /tmp/env -f env.yml",
        "uv venv --seed",
        "uv venv --seed .venv",
    ],
    "backup, restore and sync tools putting a stored copy over the project": [
        "restic restore latest --target /tmp/r",
        "restic -r /tmp/r check",
        "kopia restore k1 /tmp/k",
        "duplicity restore sftp://h/b /tmp/d",
        "rdiff-backup --list-increments /tmp/b",
        "bup restore -C /tmp/r /main/latest/src",
        "unison /tmp/a /tmp/b -batch -force /tmp/a",
        "s5cmd sync src/ s3://bucket/src/",
        "mc ls local/bucket",
        "mc",
    ],
    "a minifier, obfuscator or bundler whose output is its own input": [
        "npx terser lib/util.js --output dist/util.min.js",
        "npx javascript-obfuscator lib --output dist",
        "npx rollup src/main.js -d dist",
        "npx rollup -c",
        "pyarmor gen -O dist src/app.py",
        "npx google-closure-compiler --js app.js --js_output_file dist/app.js",
    ],
    "a scaffolder or generator told to overwrite the project's files (also run as "
    "npx PACKAGE@VERSION)": [
        "rails generate controller Users",
        "bin/rails new /tmp/app --force",
        "php artisan make:migration create_users",
        "npx ng g service api",
        "npx ng new /tmp/app --force",
        "npx nuxi@latest init /tmp/app -f",
        "pnpm create vite /tmp/app --overwrite",
        "npm create vite@latest my-app",
        "npx create-vite /tmp/v --overwrite",
        "hugo new site /tmp/site -f",
        "hugo new posts/x.md",
        "cargo generate --git https://github.com/acme/tpl --name demo",
        "copier copy --overwrite gh:acme/tpl /tmp/out",
        "npx prettier@3 --check .",
    ],
}

_UNKNOWN_UNATTENDED = frozenset(
    {
        "npx ng new /tmp/app --force",
        "npx nuxi@latest init /tmp/app -f",
        "npx create-vite /tmp/v --overwrite",
        "copier copy --overwrite gh:acme/tpl /tmp/out",
        "git flow feature finish login",
        "git flow release start 2.0",
        "git flow hotfix list",
        "git hf feature start login",
        "git codereview change fix",
        "git codereview sync",
        "git cl status",
        "git cl issue",
        "git machete status --list-commits",
        "git machete github checkout-prs 12",
        "git spice branch create feature",
        "git spice log long",
        "git town hack feature",
        "gs branch create feature",
        "restic restore latest --target /tmp/r",
        "kopia restore k1 /tmp/k",
        "duplicity restore sftp://h/b /tmp/d",
        "rdiff-backup --list-increments /tmp/b",
        "bup restore -C /tmp/r /main/latest/src",
        "unison /tmp/a /tmp/b -batch -force /tmp/a",
        "s5cmd sync src/ s3://bucket/src/",
        "mc",
        "npx javascript-obfuscator lib --output dist",
        "pyarmor gen -O dist src/app.py",
        "npx google-closure-compiler --js app.js --js_output_file dist/app.js",
        "gfortran -obuild/x x.f90",
    }
)
"""Twins whose program or verb no rule names: unattended they stay refused as unknown (the
policy); the class is judged in every mode by the refusals above."""


@pytest.mark.parametrize(
    "command", [pytest.param(c, id=c[:70]) for cases in REFUSED.values() for c in cases]
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_another_member_of_a_round_20s_class_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", [pytest.param(c, id=c[:70]) for cases in ALLOWED.values() for c in cases]
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_the_everyday_form_beside_a_round_20s_class_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    assert_everyday_or_unknown(command, flags, _UNKNOWN_UNATTENDED)


def test_a_process_path_reaches_the_working_directory_or_is_unknown() -> None:
    from ondas.guards.bash_base import Ctx, process_path
    from ondas.guards.verdict import ALLOW

    ctx = Ctx("/p", (), False, True, "/home/u", lambda *_: ALLOW, cwd="/p/src")
    assert process_path("/proc/self/cwd/.git/index", ctx) == "/p/src/.git/index"
    assert process_path("/proc/thread-self/cwd", ctx) == "/p/src"
    assert process_path("/proc/self/root/p/.claude", ctx) == "/p/.claude"
    assert process_path("/proc/42/cwd/x", ctx) is None
    assert process_path("/dev/fd/3/settings.json", ctx) is None
    assert process_path("/proc/self/fd/1", ctx) == "/proc/self/fd/1"
    assert process_path("/proc/self/status", ctx) == "/proc/self/status"
