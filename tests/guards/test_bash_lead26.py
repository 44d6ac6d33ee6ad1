"""Round 26's lead (issue 30): two holes the round's engineers found, each a class.

- A ``-o`` naming a start-up or configuration file is judged as the write it may be, for
  programs the guard does not know to take ``-o`` as their output: ``svgo a.svg -o ~/.bashrc``
  passed in every mode while ``svgo a.svg --output ~/.bashrc`` was refused (the long spelling
  means an output to every CLI, the short one only to the programs the guard lists).
- sd's and ruplacer's anchored patterns read as they match, line by line: ``sd '^.*$' ''
  FILE`` empties every line and passed (round 25 listed it as an allowed twin).

Every case here is data handed to the guard; none is ever run.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "svgo assets/logo.svg -o ~/.bashrc",
        "svgo a.svg -o=~/.zshrc",
        "svgo a.svg -o~/.profile",
        "terser-like src/a.js -o ~/.ssh/authorized_keys",
        "somegen schema.json -o ~/.config/autostart/x.desktop",
        "mytool build -o ~/.gitconfig",
        "csso a.css -o /etc/cron.d/job",
        "exiftool-ish a.jpg -o /etc/profile.d/x.sh",
    ],
)
def test_a_dash_o_naming_a_configuration_file_is_refused_where_writes_outside_are(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        if mode.get("sandboxed"):
            continue  # the OS sandbox stops a write outside the project, as ``--output``'s
        assert verdict.blocked, (command, mode)
        assert verdict.rule == "write-outside-project", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "svgo a.svg -o .git/hooks/pre-commit",
        "mytool -o .git/config",
    ],
)
def test_a_dash_o_naming_the_projects_protected_state_is_refused_in_every_mode(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.blocked, (command, mode)
        assert verdict.rule == "write-protected-path", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "svgo assets/logo.svg -o assets/logo.min.svg",
        "svgo a.svg -o ./out/a.svg",
        "svgo a.svg -o /tmp/a.svg",
        "mytool build -o dist/app",
        "grep -o 'TODO.*' src/app.py",
        "strings -o build/app",
        "od -o build/blob.bin",
        "mytool -o json src/",
        "mytool -o .cache/out.json",
        "sort -o sorted.txt words.txt",
    ],
)
def test_a_dash_o_naming_a_project_or_temporary_file_passes_in_every_mode(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed or verdict.rule == "unknown-program", (command, mode, verdict.rule)


def test_the_long_and_short_spellings_of_an_output_agree_on_a_start_up_file() -> None:
    for mode in ({}, {"unattended": True}):
        short = check("svgo a.svg -o ~/.bashrc", **mode)
        long = check("svgo a.svg --output ~/.bashrc", **mode)
        assert (short.allowed, short.rule) == (long.allowed, long.rule), mode


# sd matches line by line unless told not to (``-f e``; ``-f s`` alone), and ruplacer always
# does: a pattern matching any one line's text, replaced by nothing, empties every line.


@pytest.mark.parametrize(
    "command",
    [
        "sd '^.*$' '' lib/a.py",
        "sd '^.+$' '' lib/a.py src/b.py",
        "sd -f m '^.*$' '' lib/a.py",
        "sd -f sm '^.*$' '' lib/a.py",
        "sd --flags=i '^.*$' '' lib/a.py",
        "ruplacer '^.*$' '' --go",
    ],
)
def test_a_pattern_matching_every_line_replaced_by_nothing_empties_the_files(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule == "file-destroyed", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "sd -f e '^.*$' '' lib/a.py",
        "sd '^\\s*$' '' lib/a.py",
        "sd '^.*TODO.*$' '' lib/a.py",
        "sd '^.*$' 'x' lib/a.py",
        "sd -p '^.*$' '' lib/a.py",
        "ruplacer '^.*$' ''",
    ],
)
def test_narrow_per_line_patterns_single_line_regexes_and_previews_are_not_file_destroyed(
    command: str,
) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule != "file-destroyed", (command, mode)


# Kubernetes distributions run their bundled clients as verbs: judged as the client typed.


def _plain(command: str) -> str:
    """The bundled client's command line typed directly (``kubectl ARGS``)."""
    for tool in ("kubectl", "helm3", "helm"):
        if f" {tool} " in command:
            rest = command.split(f" {tool} ", 1)[1].removeprefix("-- ")
            return f"{tool.removesuffix('3')} {rest}"
    raise AssertionError(command)


@pytest.mark.parametrize(
    "command",
    [
        "minikube kubectl -- delete ns prod",
        "minikube -p dev kubectl -- delete deployment api",
        "k3s kubectl delete ns prod",
        "k0s kubectl apply -f deploy.yaml",
        "microk8s kubectl scale deploy api --replicas=0",
        "microk8s helm3 uninstall app",
        "k3s kubectl run x --image=xmrig/xmrig",
    ],
)
def test_a_distributions_bundled_client_is_judged_as_the_client(command: str) -> None:
    for mode in MODES:
        verdict, plain = check(command, **mode), check(_plain(command), **mode)
        assert verdict.blocked, (command, mode)
        assert verdict.rule == plain.rule, (command, mode, verdict.rule, plain.rule)


@pytest.mark.parametrize(
    "command",
    [
        "minikube kubectl -- get pods -A",
        "k3s kubectl get nodes",
        "microk8s kubectl describe pod api-1",
        "k0s kubectl logs api-1",
    ],
)
def test_a_distributions_bundled_client_reading_passes_as_the_client_does(command: str) -> None:
    for mode in MODES:
        verdict, plain = check(command, **mode), check(_plain(command), **mode)
        assert verdict.allowed == plain.allowed, (command, mode, verdict.rule)
    assert check(command).allowed


def test_a_distributions_other_verbs_keep_the_programs_default() -> None:
    for command in ("minikube status", "minikube start", "k3s server", "k3s --debug agent"):
        for mode in MODES:
            assert check(command, **mode).rule not in {"kubectl-mutation", "helm-mutation"}
    assert check("minikube delete --all").blocked


def test_a_distribution_built_by_the_project_and_run_by_its_path_is_the_projects_program() -> None:
    """``./k0s sysinfo`` in k0s's own repository (its CI runs the binary it built) is the
    project's program, as ``./cmd`` is; its destroying verbs are still read."""
    for mode in MODES:
        assert check("./k0s sysinfo", **mode).allowed, mode
        assert check("bin/minikube status", **mode).allowed, mode
        assert check("./k0s kubectl delete ns prod", **mode).blocked, mode


@pytest.mark.parametrize(
    "command",
    [
        "ls -o /etc",
        "ls -o ~/.config",
        "grep -o '/etc/[a-z]*' notes.txt",
        "rg -o ~/.cache notes.txt",
        "od -o ~/.bashrc",
        "strings -o /etc/ld.so.cache",
        "ps -o pid,cmd",
        "mytool -o '/etc/*.conf' src",
    ],
)
def test_a_dash_o_that_is_a_flag_or_a_pattern_names_no_file_to_write(command: str) -> None:
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.rule not in {"write-outside-project", "write-protected-path"}, (
            command,
            mode,
            verdict.rule,
        )


@pytest.mark.parametrize(
    "command",
    [
        "sd -f s '^[\\s\\S]*$' '' src/main.py",
        "sd -f i '^[\\s\\S]*$' '' src/main.py",
        "sd --flags=e '[\\s\\S]*' '' src/main.py",
        "sd -f s '.*' '' src/main.py",
    ],
)
def test_a_pattern_matching_every_byte_empties_the_file_whatever_the_flags(command: str) -> None:
    for mode in MODES:
        assert check(command, **mode).rule == "file-destroyed", (command, mode)
