"""Round 21 of issue 30 (everyday21): program families of round 21's repositories' ecosystems
known by their verbs and argument shapes, in all three modes.

- LitGPT is known by verb (``bash_model_hubs``, loaded only for it): training, fine-tuning,
  chatting with and serving a local checkpoint is allowed; what it downloads from the model
  hub (``download REPO``, a model named as a hub repository, ``evaluate``'s benchmarks, a
  dataset that is not local, a configuration given as a URL) is the network policy's
  unattended; its output directory, and the checkpoint ``merge_lora`` and the converters
  write into, are judged as writes in every mode.
- Google's TypeScript style (``gts``), nfpm, CPack and the callgrind viewers are known: gts's
  ``init`` (packages) and nfpm's target elsewhere stay unknown unattended, ``gts fix``'s files
  and CPack's ``-B`` are judged as writes, CPack's ``--config`` is CMake code.
- ``systemd-run --user --scope CMD`` runs CMD now and is judged as CMD; every other form (a
  service, a timer, another machine, user or environment) stays a scheduled job.
- ``git symbolic-ref refs/remotes/R/HEAD refs/remotes/R/BRANCH`` sets a remote's default
  branch, as ``git remote set-head``; HEAD or a branch made a symbolic ref, and ``-d``, are
  history rewrites.
- macOS's ``security login-keychain`` and ``default-keychain`` print the keychain's path;
  with ``-s`` they change it.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "litgpt download list",
    "litgpt chat out/custom-model/final",
    "litgpt serve out/custom-model/final",
    "litgpt serve path/to/microsoft/phi-2/checkpoint --port 8000",
    "litgpt chat checkpoints/microsoft/phi-2",
    "litgpt generate checkpoints/EleutherAI/pythia-160m --prompt 'Hello'",
    "litgpt pretrain EleutherAI/pythia-160m --data TextFiles --data.train_data_path custom/ "
    "--train.max_tokens 10_000 --out_dir out/custom-model",
    "litgpt finetune out/base --data JSON --data.json_path data.json --out_dir out/tuned",
    "litgpt finetune --config config_hub/finetune/phi-2/lora.yaml",
    "litgpt merge_lora out/tuned/final",
    "litgpt convert_from_litgpt out/tuned/final --output_dir out/hf",
    "gts lint",
    "gts check",
    "gts fix",
    "gts fix src/index.ts",
    "gts clean",
    "nfpm package -f nfpm.yaml -p deb -t ./builddir",
    "go run ./gen.go | nfpm package -f /dev/stdin -p rpm -t dist/",
    "cpack",
    "cpack -G TGZ -C Release",
    "cpack --config CPackSourceConfig.cmake",
    "cpack -B build/packages",
    "kcachegrind callgrind.out.1234",
    "kcachegrind $(ls -tr callgrind.out.* | tail -1)",
    "systemd-run --user --scope make -C ./builddir e2e-test",
    "systemd-run --user --scope --quiet --unit=e2e.scope pytest -q",
    "git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/master",
    "git symbolic-ref refs/remotes/upstream/HEAD refs/remotes/upstream/main",
    "git symbolic-ref HEAD",
    "security login-keychain",
    "security default-keychain -d user",
    'loginkeychain="$(security login-keychain | tr -d \' "\')"',
]

HUB_FETCHES = [
    "litgpt download EleutherAI/pythia-160m --tokenizer_only True",
    "litgpt download microsoft/phi-2",
    "litgpt chat microsoft/phi-2",
    "litgpt serve meta-llama/Llama-3.2-3B-Instruct",
    "litgpt finetune microsoft/phi-2 --data JSON --data.json_path d.json --out_dir out/x",
    "litgpt evaluate out/model --tasks mmlu",
    "litgpt finetune out/base",
    "litgpt finetune out/base --data Alpaca2k",
    "litgpt finetune --config https://raw.githubusercontent.com/o/r/main/lora.yaml",
    "litgpt pretrain p --data TextFiles --data.train_data_path https://example.org/texts",
    "litgpt chat $MODEL",
]

WRITES_ELSEWHERE = [
    ("litgpt finetune out/b --data JSON --data.json_path d.json --out_dir=.git/hooks", True),
    ("litgpt convert_to_litgpt .git", True),
    ("litgpt merge_lora ~/models/phi", False),
    ("litgpt download list --checkpoint_dir ~/.config", False),
    ("cpack -B .git/objects", True),
    ("cpack -B ~/packages", False),
    ("gts fix .claude/settings.json", True),
    ("gts fix ~/.bashrc", False),
]
"""Outputs outside the project, and whether the sandboxed mode refuses them too (a control
file of the project: every mode; the home: attended and unattended, the sandbox's own)."""

UNATTENDED_UNKNOWN = [
    "gts init",
    "nfpm package -f nfpm.yaml -t ~/pkgs",
    "nfpm package --target=.git",
    "cpack --config /tmp/CPackConfig.cmake",
    "cpack --config=/tmp/CPackConfig.cmake",
    "litgpt finetune out/base --config /tmp/evil.yaml --data JSON",
]

SCOPED_DESTROYING = [
    "systemd-run --user --scope rm -rf ~",
    "systemd-run --user --scope sh -c 'rm -rf /'",
    "systemd-run --user --scope -q git clean -xfd",
]

SCHEDULED = [
    "systemd-run --user make test",
    "systemd-run --scope make test",
    "systemd-run --user --on-calendar=daily make test",
    "systemd-run --user --scope --on-active=60 make",
    "systemd-run --user --scope -E LD_PRELOAD=/tmp/x.so make",
    "systemd-run --user --scope -p ExecStopPost=/tmp/x make",
    "systemd-run --user --scope --uid=0 make",
    "systemd-run --user --scope -M other make",
    "systemd-run --user --scope -H host make",
]

SYMBOLIC_REWRITES = [
    "git symbolic-ref HEAD refs/heads/other",
    "git symbolic-ref refs/heads/main refs/heads/other",
    "git symbolic-ref -d refs/remotes/origin/HEAD",
    "git symbolic-ref --delete HEAD",
    "git symbolic-ref refs/remotes/origin/HEAD refs/heads/main",
    "git symbolic-ref refs/remotes/origin/HEAD refs/remotes/upstream/main",
    "git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/HEAD",
    "git symbolic-ref refs/remotes/origin/main refs/remotes/origin/master",
]

KEYCHAIN_SET = [
    "security login-keychain -s ~/evil.keychain",
    "security default-keychain -s /tmp/x.keychain",
    "security default-keychain -d user -s x.keychain",
    "security login-keychain -ds x",
    "security delete-keychain login.keychain",
]


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_21_ecosystems_everyday_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", HUB_FETCHES)
def test_what_litgpt_downloads_from_the_hub_is_the_network_policys_unattended(
    command: str,
) -> None:
    assert check(command).allowed, command
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category == "policy", (command, verdict.rule)
    assert verdict.rule in {"network-not-whitelisted", "network-unknown-target"}, verdict.rule


@pytest.mark.parametrize(("command", "sandboxed"), WRITES_ELSEWHERE)
def test_an_output_of_a_known_tool_outside_the_project_is_judged_as_a_write(
    command: str, sandboxed: bool
) -> None:
    assert check(command).blocked, command
    assert check(command, unattended=True).blocked, command
    assert check(command, sandboxed=True).blocked == sandboxed, command


@pytest.mark.parametrize("command", UNATTENDED_UNKNOWN)
def test_a_verb_that_installs_or_code_or_a_target_elsewhere_stays_unknown_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize("command", SCOPED_DESTROYING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_scoped_command_is_judged_as_the_command_it_runs(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule != "scheduled-job", (command, verdict.rule)


@pytest.mark.parametrize("command", SCHEDULED)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_every_other_systemd_run_stays_a_scheduled_job(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "scheduled-job", (command, verdict.rule)


@pytest.mark.parametrize("command", SYMBOLIC_REWRITES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_symbolic_ref_other_than_a_remotes_default_branch_rewrites_history(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "git-history-rewrite", (command, verdict.rule)


@pytest.mark.parametrize("command", KEYCHAIN_SET)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_setting_or_deleting_a_keychain_changes_a_key_store(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "secret-store-mutation", (command, verdict.rule)
