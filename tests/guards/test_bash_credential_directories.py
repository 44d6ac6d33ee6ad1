"""Round 16 (harm16, issue 30): a client's directory of keys named whole.

``~/.ssh`` and ``~/.aws`` named as whole directories were already credential paths: a copy,
an archive or a mount of the directory carries the keys in it. The other clients whose key
files the guard knows by directory (``~/.kube/config``, ``~/.docker/config.json``, gcloud's and
Azure's token caches, gh's ``hosts.yml``, Gemini's and Copilot's tokens) passed when their
directory was named whole (``tar czf k.tgz ~/.kube``). Listing them and writing into them are
judged as before.

Every case here is data handed to the guard; none is ever run. Cases are written for this
module as members of the class, not copied from a peer's corpus.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check


@pytest.mark.parametrize(
    "command",
    [
        "tar czf cluster.tgz ~/.kube",
        "zip -qr out/k.zip $HOME/.kube/",
        "cp -a ~/.kube build/kube",
        "rsync -a ~/.docker/ backup/docker/",
        "tar cf - ~/.docker | gzip > d.tgz",
        "cp -r ~/.config/gcloud ./gc",
        "7z a creds.7z ~/.azure",
        "tar czf gh.tgz ~/.config/gh",
        "docker run --rm -v ~/.kube:/root/.kube alpine/k8s:1.29 kubectl get ns",
        "cp -R /home/dev/.azure/ ./az",
        "rsync -a ~/.gemini/ saved/",
        "cp -r ~/.config/github-copilot ./copilot",
    ],
)
def test_a_credential_directory_copied_or_packed_whole_is_refused(command: str) -> None:
    """The directory holds the client's keys or tokens: copying, packing or mounting it
    whole reads them, as ``cat ~/.kube/config`` does."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert not verdict.allowed, (command, mode)
        assert verdict.rule == "read-credentials", (command, mode, verdict.rule)


@pytest.mark.parametrize(
    "command",
    [
        "ls ~/.kube",
        "ls -la ~/.docker/buildx",
        "tar czf notes.tgz ~/.kubernetes-notes",
        "tar czf dist.tgz dist",
        "cp -r ./docker ./build/docker",
        "zip -r site.zip public/.azure-pipelines",
        "kubectl --kubeconfig ./kubeconfig get pods",
        "ls ~/.gemini",
        "cp -r ~/.gemini-notes ./notes",
    ],
)
def test_a_listing_or_a_lookalike_name_passes(command: str) -> None:
    """A listing prints names only; a directory whose name merely starts like a client's
    (``~/.kubernetes-notes``) or the project's own ``docker`` directory is not a store."""
    for mode in MODES:
        verdict = check(command, **mode)
        assert verdict.allowed, (command, mode, verdict.rule)
