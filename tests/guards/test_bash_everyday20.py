"""Round 20 of issue 30 (everyday20): program families of round 20's repositories' ecosystems
known by their verbs and argument shapes, in all three modes.

- Angular's CLI (``ng``), Kubebuilder, Snapcraft and richgo are known by verb: the verbs that
  build, serve, test, lint, scaffold into the project or run its own declared targets; the
  ones that publish (the policy's), install packages, write the shell's start-up file, build
  on this machine with apt, talk to a store or name an output or configuration elsewhere stay
  unknown unattended. ``ng`` alone prints its usage.
- jasmine, webpack-dev-server, tsc-watch and unparam are known as mocha, webpack, tsup and
  staticcheck are: jasmine's helpers, required modules and configuration and the dev server's
  configuration are code (outside the project refused), tsc-watch's ``--onSuccess`` commands
  are judged as run.
- minikube's ``start`` is known as kind's ``create`` is; ``delete`` destroys.
- zsh's ``zstyle`` setting or looking up a style is known; ``-e`` (code a look-up runs) stays
  unknown unattended.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EVERYDAY = [
    "ng",
    "ng build",
    "ng build --watch --configuration development",
    "ng serve",
    "ng test",
    "ng lint",
    "ng e2e",
    "ng generate component hero",
    "ng g service data",
    "ng run app:server",
    "ng run ssr-project:prerender",
    "ng extract-i18n --format xlf",
    "ng version",
    "ng config projects.app.architect.build.options.sourceMap true",
    "ng cache clean",
    "ng build && ng run app:server",
    "kubebuilder init --domain example.com --repo example.com/op",
    "kubebuilder init --plugins go/v4 --domain example.com",
    "kubebuilder create api --group batch --version v1 --kind CronJob",
    "kubebuilder create webhook --group batch --version v1 --kind CronJob --defaulting",
    "kubebuilder edit --plugins=helm/v2-alpha --force",
    "kubebuilder version",
    "snapcraft init",
    "snapcraft pack",
    "snapcraft pack --use-lxd",
    "snapcraft clean",
    "snapcraft lint my.snap",
    "snapcraft expand-extensions",
    "snapcraft build --shell-after",
    "richgo test -v ./...",
    "richgo test -race -cover ./pkg/...",
    "richgo build ./...",
    "jasmine",
    "jasmine src/**/*_spec.js",
    "npm run build && jasmine spec/a_spec.js",
    "jasmine --config=spec/support/jasmine.json",
    "webpack-dev-server --mode development --hot",
    "webpack-dev-server --config webpack.dev.js",
    "tsc-watch --noClear --onSuccess 'node ./src/index.js'",
    "tsc-watch -p tsconfig.json --onSuccess 'node dist/main.js'",
    "unparam ./...",
    "minikube start --profile=minikube --driver=docker",
    "minikube start",
    "minikube status",
    "zstyle ':omz:update' mode auto",
    "zstyle ':omz:update' frequency 7",
    "zstyle ':omz:plugins:git' aliases no",
    "zstyle ':completion:*' menu select",
    "zstyle -L",
    "zstyle -s ':omz:update' mode value",
    "zstyle -d ':omz:update'",
    "cast block-number",
    "cast balance 0x00000000219ab540356cBB839Cbe05303d7705Fa --ether",
    "cast call 0xabc 'totalSupply()(uint256)'",
    "cast keccak 'transfer(address,uint256)'",
    "cast abi-encode 'f(uint256)' 1",
    "cast to-wei 1 ether",
    "cast balance vitalik.eth --rpc-url mainnet",
    "cast block-number --rpc-url http://localhost:8545",
    "cast tx 0xabc --rpc-url https://github.com/rpc",
]

CHAIN_SENDS = [
    "cast send 0xabc 'transfer(address,uint256)' 0xdef 1 --private-key 0x01",
    "cast send --rpc-url http://localhost:8545 0xabc 'f()'",
    "cast publish 0xf86c",
]

NODE_URLS_UNATTENDED = [
    "cast balance vitalik.eth --ether --rpc-url https://eth.example.org",
    "cast block-number -r https://eth.example.org",
    "cast call --rpc-url=https://eth.example.org 0xabc 'f()'",
    "cast block-number --rpc-url $RPC_URL",
]

UNATTENDED_UNKNOWN_CAST = [
    "cast rpc eth_sendRawTransaction 0xf86c",
    "cast wallet new ~/keys",
    "cast source 0xabc -d src/",
]

UNATTENDED_ONLY = [
    "ng add @angular/material",
    "ng update @angular/core",
    "ng new my-app",
    "ng completion",
    "ng build --output-path /tmp/site",
    "ng build --outputPath=/tmp/site",
    "ng test --karma-config /tmp/karma.conf.js",
    "ng serve --proxy-config /tmp/proxy.conf.js",
    "kubebuilder alpha generate --input-dir . --output-dir /tmp/out",
    "kubebuilder alpha update",
    "snapcraft register my-snap",
    "snapcraft login",
    "snapcraft try",
    "snapcraft remote-build",
    "snapcraft pack --destructive-mode",
    "snapcraft pack -o /tmp/x.snap",
    "richgo test -exec /tmp/runner ./...",
    "richgo test -toolexec /tmp/wrap ./...",
    "richgo run ./cmd/x",
    "minikube ssh",
    "minikube mount /:/host",
    "minikube tunnel",
    "zstyle -e ':x' style 'reply=(x)'",
]

POLICY = [
    ("ng deploy", "remote-mutation"),
    ("snapcraft upload my.snap --release stable", "remote-mutation"),
]

CODE_OUTSIDE = [
    "jasmine --helper=/tmp/evil.js",
    "jasmine --require=/tmp/evil.js",
    "jasmine --config=/tmp/jasmine.json",
    "webpack-dev-server --config /tmp/webpack.config.js",
]

DESTROYING = [
    "tsc-watch --onSuccess 'rm -rf ~'",
    "tsc-watch --onFirstSuccess 'rm -rf /'",
]

DESTROYING_VERBS = ["minikube delete", "minikube delete --all --purge"]


@pytest.mark.parametrize("command", EVERYDAY)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_round_20_ecosystems_everyday_line_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict.rule, verdict.reason)


@pytest.mark.parametrize("command", UNATTENDED_ONLY)
def test_a_verb_that_installs_publishes_or_writes_elsewhere_is_refused_unattended(
    command: str,
) -> None:
    assert check(command, sandboxed=True).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)
    assert command.split()[0] in (verdict.reason or ""), verdict.reason


@pytest.mark.parametrize(("command", "rule"), POLICY, ids=[c for c, _ in POLICY])
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_known_tools_publishing_verb_is_the_policys(
    command: str, rule: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == rule, (command, flags, verdict.rule)
    assert verdict.category == "policy", (command, verdict.category)


@pytest.mark.parametrize("command", CODE_OUTSIDE)
def test_a_test_runners_or_dev_servers_code_from_outside_the_project_is_refused_unattended(
    command: str,
) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category != "policy", (command, verdict.rule)


@pytest.mark.parametrize("command", DESTROYING)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_watchers_success_command_is_judged_as_run_here(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.category != "policy", (command, flags, verdict.rule)


@pytest.mark.parametrize("command", CHAIN_SENDS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_chain_clients_transaction_is_the_policys(command: str, flags: dict[str, bool]) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "remote-mutation", (command, flags, verdict.rule)
    assert verdict.category == "policy", verdict.category


@pytest.mark.parametrize("command", NODE_URLS_UNATTENDED)
def test_a_chain_clients_node_url_is_the_network_policys_unattended(command: str) -> None:
    assert check(command, sandboxed=True).allowed, command
    assert check(command).allowed, command
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.category == "policy", (command, verdict.rule)
    assert verdict.rule.startswith("network"), verdict.rule


@pytest.mark.parametrize("command", UNATTENDED_UNKNOWN_CAST)
def test_a_chain_clients_other_verbs_stay_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)


@pytest.mark.parametrize("command", DESTROYING_VERBS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_local_clusters_destroying_verb_is_still_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.blocked and verdict.rule == "service-destroy", (command, flags, verdict.rule)
