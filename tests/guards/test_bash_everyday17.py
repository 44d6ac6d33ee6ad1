"""Round 17 of issue 30 (everyday17): the looked-at half of round 17's repositories taught by
class, in all three modes.

- A version option after a CLI's verb is that verb's option (``serverless deploy -v`` deploys
  verbosely): it no longer makes a deploying verb pass as a usage request, in any mode; ``TOOL
  -v`` and ``TOOL --version`` before any verb, and ``--help`` anywhere, still print only.
- Local verbs of service CLIs: the Firebase emulators and functions shell, ``firebase serve``,
  Serverless Framework's ``offline``, Azure Functions Core Tools' ``start``/``host start`` run the
  project's code on this machine (known unattended); ``--export-on-exit DIR`` is judged as a
  write; ``firebase deploy``, ``func azure ...`` are the policy's; deletions destroy;
  ``emulators:exec`` and ``login`` stay unknown unattended.
- fish's plugin manager ``fisher install``/``update``/``remove`` installs outside the project:
  the policy's, as ``npm install -g`` is. Go's ``dep ensure`` fills the project's vendor/
  (known); Deployer's ``dep deploy`` is the policy's.
- TypeScript runners (``tsx``, ``ts-node``, and ``ts-node-dev`` now judged as them) preload
  with node's ``-r``/``--import``: a preload in a temp area is refused unattended, as node's is.
- JavaScript app tools: Create React App's scripts, Vinxi and TSLint known (their configuration,
  rules and outputs judged); NestJS's CLI known by verb (``new``/``add`` run the package
  manager, ``--exec`` is judged as the command it runs).
- qemu's system emulators (``bash_emulators``, loaded only for their lines) boot the project's
  disk image or kernel: known unattended when each is the project's; what the guest may write
  (a disk image, ``-drive file=`` unless read-only, ``-D``, ``-serial file:``, a shared host
  directory) is judged as a write in every mode (``-hda /dev/sda`` writes a device); images
  outside the project, network and socket backends, the monitor, plugins, standard input and any
  other option are refused unattended.
- A bare-metal build's images and listings (``*.bin``, ``*.elf``, ``*.dis``...) are files:
  ``rm -rf *.bin`` deletes files, as ``rm -rf *.o`` does; ``rm -rf bin`` is a directory.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "firebase emulators:start --only functions",
    "npm run build && firebase functions:shell",
    "firebase serve --only hosting",
    "firebase emulators:start --import ./seed --export-on-exit ./seed",
    "serverless offline start",
    "npm run build && sls offline start",
    "serverless offline --apiKey your-api-key-that-is-at-least-characters-long",
    "func start",
    "func host start",
    "serverless --version",
    "fly deploy --help",
    "fisher list",
    "dep ensure -v",
    "dep status",
    "ts-node-dev --no-notify --respawn --transpile-only src/server",
    "ts-node-dev -r dotenv/config --respawn src/index.ts",
    "ts-node -r tsconfig-paths/register src/index.ts",
    "react-scripts start",
    "react-scripts build",
    "react-scripts test",
    "vinxi dev",
    "vinxi build",
    "tslint -p tsconfig.json -c tslint.json",
    "tslint '*.ts'",
    "tslint --fix src/*.ts",
    "nest build",
    "nest start --debug --watch",
    "nest generate controller cats",
    "rm -rf *.bin *.dis *.o os-image.bin *.elf",
    "rm -rf kernel/*.o boot/*.bin drivers/*.o boot/*.o",
    "rm -rf build/*.img firmware.uf2 out.hex",
    "qemu-system-i386 -fda os-image.bin",
    "qemu-system-i386 -s -fda os-image.bin -d guest_errors,int &",
    "qemu-system-x86_64 -kernel build/kernel.elf -nographic -serial stdio -m 512M",
    "qemu-system-x86_64 -drive format=raw,file=target/x86_64/debug/bootimage.bin",
    "qemu-system-x86_64 -drive file=disk.img,if=virtio -snapshot",
    "qemu-system-x86_64 -nic none -kernel k.elf",
    "qemu-system-x86_64 --version",
]

EMULATOR_WRITES = [
    ("qemu-system-x86_64 -hda /dev/sda", "device-write"),
    ("qemu-system-x86_64 -drive file=/dev/nvme0n1,format=raw", "device-write"),
    ("qemu-system-x86_64 -drive file=.git/hooks/pre-commit,format=raw", "write-protected-path"),
    ("qemu-system-x86_64 -virtfs local,path=/,mount_tag=h,security_model=none", None),
    ("qemu-system-x86_64 -virtfs local,path=~,mount_tag=h,security_model=none", None),
]

EMULATOR_OUTSIDE = [
    "qemu-system-x86_64 -hda ~/vm.img",
    "qemu-system-x86_64 -D ~/.bashrc -kernel k.elf",
    "qemu-system-x86_64 -serial file:/etc/passwd -kernel k.elf",
]

POLICY = [
    ("serverless deploy -v", "remote-mutation"),
    ("fly deploy -v", "remote-mutation"),
    ("firebase deploy -v", "remote-mutation"),
    ("cdk deploy -v", "remote-mutation"),
    ("vercel deploy --version", "remote-mutation"),
    ("firebase deploy --only functions", "remote-mutation"),
    ("func azure functionapp publish myapp", "remote-mutation"),
    ("dep deploy production", "remote-mutation"),
    ("fisher install jorgebucaran/nvm.fish", "package-install"),
    ("fisher install ~/path/to/plugin", "package-install"),
    ("fisher update", "package-install"),
    ("fisher remove jorgebucaran/nvm.fish", "package-install"),
    ("fisher list | fisher remove", "package-install"),
]

DESTROYING = [
    "firebase functions:delete hello",
    "firebase firestore:delete --all-collections",
    "firebase database:remove /",
    "firebase emulators:exec 'rm -rf ~'",
    "nest start --exec 'rm -rf ~'",
    "serverless remove -v",
    "rm -rf ~/*.img",
    "rm -rf /*.bin",
]

STILL_DIRECTORIES = [
    "rm -rf bin",
    "rm -rf ./bin ./vendor",
    "rm -rf src/*.bin src",
]

UNATTENDED_ONLY = [
    "firebase login",
    "firebase init",
    "firebase emulators:exec 'npm test'",
    "serverless invoke -f hello",
    "func init",
    "dep ssh",
    "nest new app",
    "nest add @nestjs/swagger",
    "ts-node-dev /tmp/x.ts",
    "ts-node-dev ~/x.ts",
    "ts-node-dev -r /tmp/hook.js src/index.ts",
    "ts-node -r /tmp/hook.js src/index.ts",
    "tsx --import /tmp/hook.mjs src/index.ts",
    "vinxi build --config /tmp/app.config.ts",
    "tslint -r /tmp/rules src/a.ts",
    "qemu-system-x86_64 -drive file=/tmp/x.iso,media=cdrom",
    "qemu-system-x86_64 -cdrom ~/Downloads/x.iso",
    "qemu-system-x86_64 -kernel /tmp/bzImage",
    "qemu-system-x86_64 -serial tcp:example.com:4444 -kernel k.elf",
    "qemu-system-x86_64 -netdev user,id=n0,hostfwd=tcp::2222-:22 -kernel k.elf",
    "qemu-system-x86_64 -virtfs local,path=./shared,mount_tag=h,security_model=none",
    "qemu-system-x86_64 -monitor stdio -kernel k.elf",
    "qemu-system-x86_64 -vnc :0 -kernel k.elf",
    "qemu-system-x86_64 -plugin /tmp/x.so -kernel k.elf",
    "qemu-system-x86_64 -drive file=nbd://example.com:10809 -kernel k.elf",
    "qemu-system-x86_64 -nographic -kernel k.elf <<< 'x'",
    "qemu-system-x86_64 -device usb-host,hostbus=1,hostaddr=2 -kernel k.elf",
]


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_17_projects_everyday_line_is_allowed(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize(("command", "rule"), POLICY, ids=[c for c, _ in POLICY])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_deploy_after_a_verbose_option_or_a_plugin_install_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)
    assert verdict.category == "policy", (command, verdict.category)


@pytest.mark.parametrize("command", DESTROYING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_what_destroys_is_refused_in_every_mode(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)


@pytest.mark.parametrize("command", STILL_DIRECTORIES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_directory_named_like_an_image_is_still_a_directory(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "rm-recursive-outside-temp", (command, flags)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_a_verb_that_logs_in_runs_others_or_code_outside_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule in {"unknown-program"}, (command, verdict.rule)


def test_the_emulators_export_and_tslint_report_are_judged_as_writes() -> None:
    for command in (
        "firebase emulators:start --export-on-exit ~/x",
        "firebase emulators:start --export-on-exit=/etc/x",
        "tslint -o ~/.bashrc src/a.ts",
        "tslint --out ~/.bashrc src/a.ts",
    ):
        for flags in ({}, {"unattended": True}):
            verdict = check(command, **flags)
            assert verdict.blocked and verdict.rule == "write-outside-project", (command, flags)
        assert check(command, sandboxed=True).allowed, command  # the sandbox stops it there
    for flags in MODES:
        verdict = check("firebase emulators:start --export-on-exit .git/hooks", **flags)
        assert verdict.blocked and verdict.rule == "write-protected-path", flags


@pytest.mark.parametrize(("command", "rule"), EMULATOR_WRITES, ids=[c for c, _ in EMULATOR_WRITES])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_device_or_protected_file_given_to_an_emulators_guest_is_refused_in_every_mode(
    command: str, rule: str | None, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked, (command, flags)
    assert rule is None or verdict.rule == rule, (command, flags, verdict.rule)


@pytest.mark.parametrize("command", EMULATOR_OUTSIDE)
def test_a_file_outside_the_project_an_emulator_writes_is_left_to_the_sandbox(
    command: str,
) -> None:
    for flags in ({}, {"unattended": True}):
        verdict = check(command, **flags)
        assert verdict.blocked and verdict.rule == "write-outside-project", (command, flags)
    assert check(command, sandboxed=True).allowed, command
