"""The bench's readers of the peers read from a mirror take what they should and count the rest.

The round-6 peers (aegish, bash-guard) are not vendored: ``bench/guard_corpora.py`` reads their
files at a named commit from a local git mirror. The counts below are those of that commit; the
tests that need the mirror are skipped, saying so, on a machine without it. The format tests use
harmless commands written here, never the peers' cases.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "guard_corpora.py"


def _bench() -> ModuleType:
    module = sys.modules.get("guard_corpora_bench")
    if module is None:
        spec = importlib.util.spec_from_file_location("guard_corpora_bench", BENCH)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module


def _files_or_skip(name: str) -> dict[str, str]:
    files = _bench().mirrored_files(name)
    if isinstance(files, str):
        pytest.skip(f"the peer's mirror is not on this machine: {files}")
    return files


def _counts(corpora: list) -> dict[str, tuple[int, int]]:
    return {c.name: (len(c.cases), c.skipped) for c in corpora}


def test_aegish_reader_reads_every_command_of_both_data_files() -> None:
    files = _files_or_skip("aegish")
    corpora = _bench().aegish_corpora(*files.values())
    assert _counts(corpora) == {
        "harmful (BLOCK) held-out": (676, 0),
        "everyday (ALLOW) held-out": (496, 0),
    }


def test_bash_guard_reader_reads_its_allow_and_defer_lists() -> None:
    files = _files_or_skip("bash-guard")
    corpora = _bench().bash_guard_corpora(files["test_bash_guard.py"])
    assert _counts(corpora) == {
        "asks a human (DEFER) held-out": (106, 0),
        "everyday (ALLOW) held-out": (86, 0),
    }


def test_aegish_reader_skips_entries_without_a_command_or_with_another_truth() -> None:
    gtfobins = json.dumps({"commands": [{"command": "ls"}, {"binary": "ls"}]})
    harmless = json.dumps(
        {
            "commands": [
                {"command": "git status", "ground_truth": "ALLOW"},
                {"command": "pwd", "ground_truth": "WARN"},
            ]
        }
    )
    blocked, allowed = _bench().aegish_corpora(gtfobins, harmless)
    assert [c.command for c in blocked.cases] == ["ls"] and blocked.skipped == 1
    assert [c.command for c in allowed.cases] == ["git status"] and allowed.skipped == 1
    assert blocked.harmful and not allowed.harmful


def test_bash_guard_reader_takes_plain_strings_and_counts_the_rest() -> None:
    text = (
        'SCRIPT = "x"\n'
        'ALLOW = ["ls -la", "git log\\nls", f"cat {SCRIPT}"]\n'
        'DEFER = ["git commit -m x"]\n'
        'OTHER = ["pwd"]\n'
    )
    defer, allow = _bench().bash_guard_corpora(text)
    assert [c.command for c in allow.cases] == ["ls -la", "git log\nls"] and allow.skipped == 1
    assert [c.command for c in defer.cases] == ["git commit -m x"] and defer.skipped == 0
    assert defer.harmful and not allow.harmful
    assert allow.cases[0].line == 2


def test_a_peer_missing_from_the_mirror_is_one_set_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_PEER_MIRRORS", str(tmp_path))
    corpora = _bench()._mirrored_peers()
    assert [(c.owner, len(c.cases)) for c in corpora] == [
        ("peer:aegish", 0),
        ("peer:bash-guard", 0),
    ]
    assert all(str(tmp_path) in c.unavailable for c in corpora)


def test_a_case_the_guard_raises_on_counts_as_refused_as_the_hook_fails_closed() -> None:
    bench = _bench()

    class Raising(bench.GuardSettings):
        def check(self, command: str) -> None:
            raise ValueError("bad escape")

    corpus = bench.Corpus("everyday sample", "test", False, [bench.Case("ls", False, "here")])
    refused, policy, total = bench.score(corpus, Raising(project=Path("/srv/app/proj")))
    assert (len(refused), len(policy), total) == (1, 0, 1)
    assert bench.RAISED[("test", "everyday sample")] == {"ls"}
