"""Print how much the bash guard stops and wrongly refuses on corpora, whose they are, both modes.

Figures, no assertions. Each set is named with its owner: ``peer:dcg``, ``peer:safety-net``,
``peer:agent-command-guard`` and the others are the peers' own test cases, read as they are at
a named commit from a local git mirror of each peer (``$ONDAS_PEER_MIRRORS/<owner>+<name>/
repo``, default ``/work/.mirror``; see each ``tests/guards/peers/<name>/SOURCE.md``): no peer's
file is kept in this repository, and a peer without a mirror prints "not read" and no rows.
``ondas`` sets were written alongside the guard's rules and are not the measure. The dcg and
safety-net sets marked ``held-out`` were not looked at in the first two rounds of issue 30 and
were in its third (their figures since are tuned on); the second peer was held out until round
4 and is tuned on since; the third peer (``peer:command-guard-js``) was held out until round 5
and is tuned on since (its last held-out figures are in docs/guardrails.md); the fourth peer
(``peer:dippy``) is held out whole: its rows print only with ``--held-out`` (once, at the end
of a round) and ``--misses`` never prints its cases. The fifth peer (``peer:aegish``) was held
out in round 6's first measure and is tuned on since round 6a; the sixth (``peer:bash-guard``)
is held out as the fourth is.

Round 7 of issue 30 read three more peers, held out whole the same way: ``peer:boucle-bash-guard``
(held out in round 7's first measure, tuned on from round 7a: its last held-out figures are in
docs/guardrails.md), ``peer:claude-safety-guard`` (never tuned against) and
``peer:cc-safe-setup`` (held out in rounds 7-8, tuned on from round 9). Round 8 read three
more, held out whole: ``peer:ai-dev-foundry`` (amulya-labs/ai-dev-foundry), never tuned
against, ``peer:agentshield`` (security-researcher-ca/AI-Agentic-Shield), held out in round 8's
to 25's measures and tuned on from round 26, and ``peer:schlock`` (27Bslash6/schlock; tuned on
from round 8b). Round 9 read three more, held
out whole: ``peer:infra-command-guard`` (ramtinJ95/pi-infra-command-guard), never tuned
against, and ``peer:longline`` (devinbarry/longline) and ``peer:shellfirm``
(kaplanelad/shellfirm), both held out in round 9's end measure and tuned on from round 9b.
Round 10 read six more, held out whole: ``peer:hardstop`` (frmoretto/hardstop),
``peer:bash-vet`` (temurkhan13/bash-vet-mcp) and ``peer:shush`` (rjkaes/shush), never tuned
against, ``peer:cc-toolgate`` (butterflyskies/cc-toolgate), held out in round 10's to 24's
measures and tuned on from round 25, and ``peer:tirith`` (sheeki03/tirith)
and ``peer:nah`` (manuelschipper/nah), both held out in round 10's first measure and tuned on
from round 10b. Round 11 read three more, held out whole: ``peer:aegis-shellguard``
(IliasAlmerekov/aegis-shellguard), never tuned against, ``peer:terminal-security``
(continuedev/continue's ``@continuedev/terminal-security``), held out in round 11's to 24's
measures and tuned on from round 25, and ``peer:bashguard`` (sunir/bashguard), held out in
round 11's first measure and tuned on from round 11b. Round 12
read four more, held out whole: ``peer:hex-claude-guard`` (hex/claude-guard), never tuned
against, ``peer:acai`` (travisennis/acai-ts), held out in round 12's to 24's measures and tuned
on from round 25, ``peer:deny-dangerous`` (davidondrej/skills' hook),
held out in round 12's to 17's measures and tuned on from round 18, and ``peer:zeptoclaw``
(qhkm/zeptoclaw), held out in round 12's first measure and tuned on from round 12b. Round 13
read four more, held out whole: ``peer:orchestkit``
(yonatangross/orchestkit's dangerous-command blocker), never tuned against, ``peer:leash``
(melihmucuk/leash), held out in round 13's to 22's measures and tuned on from round 23,
``peer:opencode-damage-control`` (whjvenyl/opencode-damage-control), held
out in round 13's to 21's measures and tuned on from round 22, and ``peer:gatekeeper``
(pleaseai/claude-code-plugins' Gatekeeper), held out in round 13's first measure and tuned on
from round 13b. Round 14 read four more, held out whole: ``peer:egc-guardian``
(Fmarzochi/EGC's Guardian validator), held out in round 14's to 22's measures and tuned on from
round 23, ``peer:prisodev-damage-control``
(Prisodev/claude-code-damage-control), held out in round 14's to 16's measures and tuned on from
round 17, ``peer:noexec`` (emilgelman/noexec's detectors), held out in round 14's first measure and
tuned on from round 14b, and ``peer:pi-destructive-guard``
(mfirdausazizi/destructive-command-guard, a Pi extension), held out in round 14's first measure and
tuned on from round 15. Round 15 read 3 more, held out whole: ``peer:almost-yolo-guard``
(victorarias/almost-yolo-guard's rule engine), never tuned against, ``peer:gatecat``
(BGMLAI/gate.cat's bypass suite), held out in round 15's first measure and tuned on from round 15b,
and ``peer:cmd-guard`` (redodson01/cmd-guard), held out in round 15's measures and tuned on from
round 16. Round 16 read three more, held out whole: ``peer:odek`` (BackendStack21/odek's command
classifier) and ``peer:nsh`` (fluffypony/nsh's risk assessment), never tuned against, and
``peer:sh-guard`` (aryanbhosale/sh-guard's corpus), held out in round 16's to 20's measures and
tuned on from round 21. Round 17 read three more, held out whole: ``peer:bash-gates``
(camjac251/bash-gates's router), never tuned against, ``peer:claude-code-hooks``
(karanb192/claude-code-hooks's block-dangerous-commands and git-safety hooks), held out in
round 17's to 24's measures and tuned on from round 25, and ``peer:open-multi-agent``
(open-multi-agent's bash risk classifier), held out in round 17's to 23's measures and tuned
on from round 24. Round 18 read
three more, held out whole: ``peer:pi-permission`` (vrslev/pi-hooks' permission hook), never
tuned against, ``peer:termaxa`` (termaxa/termaxa's built-in policy), held out in round 18's
measures and tuned on from round 19, and ``peer:shguard`` (tsukasaI/shguard's verdict tests
and bypass corpus), held out in round 18's to 20's measures and tuned on from round 21.
Round 19 read three more, held out whole: ``peer:cc-self-defense``
(goodmeta/claude-code-self-defense's hook tests), held out in round 19's to 23's measures and
tuned on from round 24, and
``peer:cc-bash-guardian`` (RoaringFerrum/claude-code-bash-guardian's regression suite) and
``peer:drinking-bird`` (cognaterra/better-drinking-bird's safety guard), held out in round
19's measures and tuned on from round 20. Round 20 read two more, held out whole:
``peer:loom`` (rjwalters/loom's destructive-command guard test), never tuned against, and
``peer:claude-warden`` (buvis/claude-warden's evaluator tests), held out in round 20's to 23's
measures and tuned on from round 24. Round 21 read three more, held
out whole: ``peer:openhands-pattern`` (OpenHands' software-agent-sdk pattern security
analyzer's tests) and ``peer:consoul`` (goatbytes/consoul's command analyzer tests), never
tuned against, and ``peer:hol-guard`` (hashgraph-online/hol-guard's command floors and command
extensions' contracts), held out in round 21's measures and tuned on from round 22. Round 22
read three more, held out whole: ``peer:coco-shell`` (the security analyzers' tests of coco's
shell parser, in mylinyuzhi/codex) and ``peer:da`` (amenocturne/da's policy tests), never tuned
against, and ``peer:koda`` (lijunzh/koda's Bash classifier tests), held out in round 22's and
23's measures and tuned on from round 24. Round 23 read three
more, held out whole and never tuned against: ``peer:llxprt-destructive`` (the destructive-
command disabled list of vybestack/llxprt-code's policy engine), ``peer:agent-code``
(avala-ai/agent-code's destructive classifier, Bash tool checks and Auto mode), held out in
round 23's measures and tuned on from round 24, and ``peer:selfware`` (architehc/selfware's
safety checker). Round 24 read four more, held out whole: ``peer:grip`` (5unnykum4r/grip's
shell deny list) and ``peer:albatross`` (morganlinton/Albatross's shell approval classifier),
never tuned against, and ``peer:rain-assistant`` (camilo-gutierrez/rain-assistant's permission
classifier) and ``peer:autodev`` (unit-mesh/auto-dev's shell safety check), held out in round
24's and 25's measures and tuned on from round 26.
Round 26 read three more, held out whole and never tuned against: ``peer:pi-safe-shell``
(aslamplr/pi-safe-shell's metrics corpus), ``peer:agentbox`` (zhangyunhao116/agentbox's default
classifier decisions) and ``peer:hermes-approval`` (NousResearch/hermes-agent's dangerous-command
approval, read from a fork's snapshot of its history).

The everyday commands of public repositories (``public repos``) come from eight repositories
looked at while the guard was tuned; ``public repos held-out`` comes, the same way, from
fourteen more that nobody tuned on (``bench/everyday_extract.py``'s ``HELD_OUT_REPOS``): held
out whole, its row printed only with ``--held-out``, its commands never by ``--misses``.
Round 9 took sixteen more the same way (``ROUND_9_REPOS``): ``public repos r9`` is the half
looked at from round 9 on, ``public repos r9 held-out`` the other half, held out whole.
Round 9b took thirteen more (``ROUND_9B_REPOS``), looked at whole: ``public repos r9b``.
Round 10 took eighteen more as round 9 did (``ROUND_10_REPOS``): ``public repos r10`` is the
half looked at from round 10 on, ``public repos r10 held-out`` the other half, held out whole.
Round 11 took sixteen more as round 10 did (``ROUND_11_REPOS``): ``public repos r11`` is the
half looked at from round 11 on, ``public repos r11 held-out`` the other half, held out whole.
Round 12 took sixteen more as round 11 did (``ROUND_12_REPOS``): ``public repos r12`` is the
half looked at from round 12 on, ``public repos r12 held-out`` the other half, held out whole.
Round 13 took sixteen more as round 12 did (``ROUND_13_REPOS``): ``public repos r13`` is the
half looked at from round 13 on, ``public repos r13 held-out`` the other half, held out whole.
Round 14 took sixteen more as round 13 did (``ROUND_14_REPOS``): ``public repos r14`` is the
half looked at from round 14 on, ``public repos r14 held-out`` the other half, held out whole.
Round 15 took sixteen more as round 14 did (``ROUND_15_REPOS``): ``public repos r15`` is the
half looked at from round 15 on, ``public repos r15 held-out`` the other half, held out whole.
Round 16 took sixteen more as round 15 did (``ROUND_16_REPOS``): ``public repos r16`` is the
half looked at from round 16 on, ``public repos r16 held-out`` the other half, held out whole.
Round 17 took sixteen more as round 16 did (``ROUND_17_REPOS``): ``public repos r17`` is the
half looked at from round 17 on, ``public repos r17 held-out`` the other half, held out whole.
Round 19 took sixteen more as round 17 did (``ROUND_19_REPOS``): ``public repos r19`` is the
half looked at from round 19 on, ``public repos r19 held-out`` the other half, held out whole.
Round 20 took sixteen more as round 19 did (``ROUND_20_REPOS``): ``public repos r20`` is the
half looked at from round 20 on, ``public repos r20 held-out`` the other half, held out whole.
Round 21 took sixteen more as round 20 did (``ROUND_21_REPOS``): ``public repos r21`` is the
half looked at from round 21 on, ``public repos r21 held-out`` the other half, held out whole.
Round 22 took sixteen more as round 21 did (``ROUND_22_REPOS``): ``public repos r22`` is the
half looked at from round 22 on, ``public repos r22 held-out`` the other half, held out whole.
Round 23 took sixteen more as round 22 did (``ROUND_23_REPOS``): ``public repos r23`` is the
half looked at from round 23 on, ``public repos r23 held-out`` the other half, held out whole.
Round 25 took sixteen more the same way (``ROUND_25_REPOS``): ``public repos r25`` and ``public
repos r25 held-out``.

Modes: ``sandboxed`` is the default hook (Claude Code's OS sandbox on); ``unattended`` is an
unattended run without the sandbox (``--no-sandbox``: unknown programs and undecidable
payloads refused). A refusal's category (``policy``, ``dangerous``, ``unknown``) comes from the
verdict; "outside policy" counts the refusals that are not the specification's policy (network
only to the whitelist, no push or publish, no package managers outside a venv or container, no
privilege escalation), which is what a user of an everyday command feels as a false refusal.

Usage: ``python bench/guard_corpora.py [--misses SET] [--mode sandboxed|unattended] [--held-out]``;
``--mirrors`` lists the repositories it reads from mirrors (to fetch on a fresh machine).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

import tree_sitter_bash
import yaml
from tree_sitter import Language, Node, Parser

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))  # everyday_extract, beside this script

from ondas.guards.bash_jsonl import GuardSettings  # noqa: E402
from ondas.guards.verdict import Verdict  # noqa: E402

PROJECT = Path("/srv/app/proj")
HOME = Path("/home/agent")
WHITELIST = ("pypi.org", "files.pythonhosted.org", "github.com", "api.github.com")
ENVIRONMENT = {
    "HOME": str(HOME),
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "SHELL": "/bin/bash",
    "USER": "agent",
    "LOGNAME": "agent",
    "LANG": "C.UTF-8",
}
"""The environment every case runs in, pinned so the figures do not depend on who runs the
bench: a plain user session's (no ``CLAUDE_ENV_FILE``, no toolchain variables). A command word
that is a variable the case does not set is judged as its value here (``$SHELL -c ...`` as
``/bin/bash -c ...``); any other variable is unset (``$PYTHON -m pytest`` runs ``-m pytest``
attended and sandboxed, and stays refused unattended)."""

PROJECT_FILES = {
    "dcg": (
        "tests/corpus/true_positives/git_destructive.toml",
        "tests/corpus/true_positives/rm_destructive.toml",
    ),
    "safety-net": ("tests/core/rules-git.test.ts", "tests/core/rules-rm.test.ts"),
}
"""The peers' own files about destroying work and history (git and rm): the sandboxed measure."""

HELD_OUT = {
    "dcg": ("tests/fixtures/destructive_commands.yaml", "tests/fixtures/safe_commands.yaml"),
    "safety-net": ("tests/core/analyze/edge-cases.test.ts",),
}

SECOND_PEER = "agent-command-guard"
"""A peer vendored after the guard's issue-30 changes began, held out whole in rounds 2 and 3
and tuned on from round 4 (its last held-out figures are in docs/guardrails.md)."""
GO_TABLES = {
    "analyzer_test.go": ("TestAnalyzeCorpus",),
    "assignments_test.go": ("TestLiteralAssignmentIsResolved", "TestXargsPayloadIsAnalyzed"),
    "powershell_test.go": ("TestPowerShellAnalysis",),
}
"""The Go test functions of agent-command-guard whose tables hold a command and its decision
(``Allow``, ``Block``, ``Review``) and run with the guard's default configuration."""


@dataclass
class Case:
    command: str
    harmful: bool
    source: str
    line: int = 0


@dataclass
class Corpus:
    name: str
    owner: str
    harmful: bool
    cases: list[Case] = field(default_factory=list)
    skipped: int = 0
    unavailable: str = ""


def _dcg(tree: PeerTree) -> Iterator[Case]:
    for rel in tree.files("tests/corpus", "*.toml"):
        for item in tomllib.loads(tree.read(rel)).get("case", []):
            expected = item.get("expected")
            if expected in {"deny", "allow"} and isinstance(item.get("command"), str):
                yield Case(item["command"], expected == "deny", rel)
    commands = "tests/e2e/fixtures/commands"
    for name, harmful in (("dangerous.txt", True), ("safe.txt", False)):
        for n, line in enumerate(tree.read(f"{commands}/{name}").splitlines(), 1):
            if line.strip() and not line.startswith("#"):
                yield Case(line, harmful, f"{commands}/{name}", n)
    for name in ("heredocs.txt", "edge_cases.txt"):
        lines = tree.read(f"{commands}/{name}").splitlines()
        for n, line in enumerate(lines, 1):
            tag, _, command = line.partition(":")
            if tag not in {"BLOCK", "ALLOW"} or not command:
                continue
            # one line per case: ``\n`` is a newline and ``\t`` a tab (its ``<<-`` cases)
            command = command.replace("\\n", "\n").replace("\\t", "\t")
            heredoc = _HEREDOC.search(command)
            if heredoc and "\n" not in command:  # a heredoc written over the next lines
                for more in lines[n:]:
                    command += "\n" + more
                    if more == heredoc.group(1):
                        break
            yield Case(command, tag == "BLOCK", f"{commands}/{name}", n)
    edge = yaml.safe_load(tree.read("tests/fixtures/edge_cases.yaml"))
    for key, harmful in (("false_negatives", True), ("false_positives", False)):
        for item in edge.get(key) or []:
            yield Case(item["command"], harmful, "tests/fixtures/edge_cases.yaml")
    for name, harmful in (("destructive_commands.yaml", True), ("safe_commands.yaml", False)):
        text = tree.read(f"tests/fixtures/{name}")
        for n, line in enumerate(text.splitlines(), 1):
            match = _YAML_COMMAND.match(line)
            if match:
                yield Case(_yaml_scalar(match.group(1)), harmful, f"tests/fixtures/{name}", n)


_YAML_COMMAND = re.compile(r"^\s*- command: (.*)$")


def _yaml_scalar(text: str) -> str:
    """One ``command:`` value; a few lines of dcg's fixtures are not valid YAML (a ``"`` inside
    a double-quoted scalar), and dcg reads them line by line, so this does too."""
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError:
        value = None
    if isinstance(value, str):
        return value
    text = text.strip()
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'" else text


_HEREDOC = re.compile(r"(?<!<)<<(?!<)-?\s*['\"]?([A-Za-z_]+)['\"]?")
_ASSERT = re.compile(r"\bassert(Blocked|Allowed)\(\s*")


def _js_string(text: str, start: int) -> str | None:
    """The JavaScript string literal at ``text[start]`` (quotes or a backtick without ``${``)."""
    quote = text[start : start + 1]
    if quote not in {"'", '"', "`"}:
        return None
    out: list[str] = []
    i = start + 1
    escapes = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"'}
    while i < len(text):
        c = text[i]
        if c == "\\":
            nxt = text[i + 1]
            if nxt == "\n":
                i += 2
                continue
            if nxt == "x":
                out.append(chr(int(text[i + 2 : i + 4], 16)))
                i += 4
                continue
            if nxt == "u":
                out.append(chr(int(text[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(escapes.get(nxt, nxt))
            i += 2
            continue
        if c == quote:
            tail = text[i + 1 :].lstrip()
            if tail[:1] not in {",", ")"}:
                return None  # concatenated or a method call: not a plain literal
            return "".join(out)
        if quote == "`" and text.startswith("${", i):
            return None
        out.append(c)
        i += 1
    return None


def _in_context(text: str, match: re.Match[str], command: str) -> bool:
    """True when the case runs with a ``cwd`` argument or inside ``withEnv``: its expectation
    depends on a directory or environment flags the bench does not recreate, so it is skipped."""
    test_start = text.rfind("test(", 0, match.start())
    if text.rfind("withEnv(", 0, match.start()) > test_start:
        return True
    i = match.end()
    depth, args = 0, 1
    while i < len(text):
        c = text[i]
        if c in "'\"`":
            end = i + 1
            while end < len(text) and text[end] != c:
                end += 2 if text[end] == "\\" else 1
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0 and text[i + 1 : i + 2].strip() not in {"", ")"}:
            args += 1
        i += 1
    return args > (2 if match.group(1) == "Blocked" else 1)


SAFETY_NET_FILES = (
    "tests/core/analyze/edge-cases.test.ts",
    "tests/core/analyze/find.test.ts",
    "tests/core/rules-git.test.ts",
    "tests/core/rules-rm.test.ts",
)
"""The safety-net test files that hold command cases (the others test its config, audit log,
formatting and parser helpers)."""


def _safety_net(tree: PeerTree) -> Iterator[Case]:
    for rel in SAFETY_NET_FILES:
        text = tree.read(rel)
        for match in _ASSERT.finditer(text):
            command = _js_string(text, match.end())
            if command is not None and not _in_context(text, match, command):
                line = text.count("\n", 0, match.start()) + 1
                yield Case(command, match.group(1) == "Blocked", rel, line)


_GO_TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|`[^`]*`|//[^\n]*|[A-Za-z_][A-Za-z0-9_]*|[{}+:,]|\s+|.', re.S
)
_GO_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _go_string(token: str) -> str:
    """The value of one Go string literal (interpreted ``"..."`` or raw ```...```)."""
    if token[0] == "`":
        return token[1:-1].replace("\r", "")
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[nxt]
            out.append(chr(int(body[i + 2 : i + 2 + width], 16)))
            i += 2 + width
        elif nxt in "01234567":
            out.append(chr(int(body[i + 1 : i + 4], 8)))
            i += 4
        else:
            out.append(_GO_ESCAPES.get(nxt, nxt))
            i += 2
    return "".join(out)


def _go_cases(text: str, function: str) -> Iterator[tuple[int, str, str]]:
    """``(line, command, decision)`` of each table entry in ``function``: an entry in braces
    with one ``Allow``/``Block``/``Review`` and its command as a plain literal (the ``command:``
    field, else the second string); entries built by concatenation or calls are skipped."""
    start = text.find(f"func {function}(")
    end = text.find("\nfunc ", start + 1)
    body = text[start : end if end > 0 else len(text)]
    offset = text.count("\n", 0, start)
    tokens = [(m.group(), m.start()) for m in _GO_TOKEN.finditer(body)]
    tokens = [t for t in tokens if not t[0].isspace() and not t[0].startswith("//")]
    stack: list[int] = []
    for k, (tok, _) in enumerate(tokens):
        if tok == "{":
            stack.append(k)
        elif tok == "}" and stack:
            entry = tokens[stack.pop() + 1 : k]
            if any(t == "{" for t, _ in entry):
                continue
            decisions = [t for t, _ in entry if t in {"Allow", "Block", "Review"}]
            strings = [j for j, (t, _) in enumerate(entry) if t[0] in '"`']
            keyed = [
                j + 2
                for j, (t, _) in enumerate(entry[:-2])
                if t == "command" and entry[j + 1][0] == ":"
            ]
            pick = keyed[0] if keyed else strings[1] if len(strings) > 1 else None
            if len(decisions) != 1 or pick is None or entry[pick][0][0] not in '"`':
                continue
            around = {entry[j][0] for j in (pick - 1, pick + 1) if 0 <= j < len(entry)}
            if "+" in around:
                continue
            line = offset + body.count("\n", 0, entry[pick][1]) + 1
            yield line, _go_string(entry[pick][0]), decisions[0]


def _second_peer(tree: PeerTree) -> list[Corpus]:
    owner = f"peer:{SECOND_PEER}"
    sets = {
        "Block": Corpus("harmful (Block)", owner, True),
        "Review": Corpus("review (asks a human)", owner, True),
        "Allow": Corpus("everyday (Allow)", owner, False),
    }
    for name, functions in GO_TABLES.items():
        text = tree.read(name)
        for function in functions:
            for line, command, decision in _go_cases(text, function):
                target = sets[decision]
                target.cases.append(Case(command, target.harmful, name, line))
    return list(sets.values())


THIRD_PEER = "command-guard-js"
"""A third peer (Yodaisgaming/claude-code-command-guard), vendored at the end of the second
round of issue 30, held out whole in rounds 3 and 4 and tuned on from round 5 (its last
held-out figures are in docs/guardrails.md)."""
_JS_TOKEN = re.compile(
    r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`]*`|//[^\n]*|[A-Za-z_$][\w$]*|\S", re.S
)


def _js_literal(token: str, names: dict[str, str]) -> str | None:
    """A JavaScript string literal's value; a template's ``${NAME}`` of a known constant is
    filled in, any other expression in it makes the value unknown (``None``)."""
    if token[0] == "`":
        body = token[1:-1]
        for name, value in names.items():
            body = body.replace("${" + name + "}", value)
        return None if "${" in body else body
    text = token.replace("\\\n", "")
    return _js_string(text + ")", 0)


def _js_arrays(text: str, home: str) -> dict[str, list[str | None]]:
    """Each top-level ``const NAME = [...]`` of string expressions: literals and ``+`` of
    literals and the file's own string constants (``HOME`` is the bench's home); an element
    built any other way is ``None`` (skipped, counted)."""
    tokens = [t for t in _JS_TOKEN.findall(text) if not t.startswith("//")]
    names: dict[str, str] = {"HOME": home}
    arrays: dict[str, list[str | None]] = {}
    i = 0
    while i < len(tokens) - 3:
        if tokens[i] == "const" and tokens[i + 2] == "=":
            name, first = tokens[i + 1], tokens[i + 3]
            if first[0] in "'\"`" and tokens[i + 4 : i + 5] == [";"]:
                value = _js_literal(first, names)
                if value is not None:
                    names.setdefault(name, value)
            elif first == "[":
                items: list[str | None] = []
                j, depth, parts, ok = i + 4, 0, [], True
                while j < len(tokens):
                    tok = tokens[j]
                    if depth == 0 and tok in {",", "]"}:
                        if parts:
                            items.append("".join(parts) if ok else None)
                        parts, ok = [], True
                        if tok == "]":
                            break
                    elif tok in "([{":
                        depth, ok = depth + 1, False
                    elif tok in ")]}":
                        depth -= 1
                    elif tok == "+" and depth == 0:
                        pass
                    elif tok[0] in "'\"`" and depth == 0:
                        value = _js_literal(tok, names)
                        ok = ok and value is not None
                        parts.append(value or "")
                    elif tok in names and depth == 0:
                        parts.append(names[tok])
                    else:
                        ok = False
                    j += 1
                arrays[name] = items
                i = j
        i += 1
    return arrays


def _third_peer(tree: PeerTree) -> list[Corpus]:
    owner = f"peer:{THIRD_PEER}"
    arrays = _js_arrays(tree.read("test/matrix.test.js"), str(HOME))
    out = []
    for name, label, harmful in (
        ("BLOCK", "harmful (BLOCK)", True),
        ("ASK", "ask (asks a human)", True),
        ("ALLOW", "everyday (ALLOW)", False),
    ):
        items = arrays.get(name, [])
        corpus = Corpus(label, owner, harmful)
        corpus.cases = [Case(c, harmful, f"test/matrix.test.js#{name}") for c in items if c]
        corpus.skipped = len(items) - len(corpus.cases)
        out.append(corpus)
    return out


FOURTH_PEER = "dippy"
"""A fourth peer (ldayton/Dippy, a Claude Code hook that approves safe commands), vendored in
round 4 of issue 30 and never tuned against: every case held out. Its cases say whether the
hook approves a command without asking (``True``: everyday) or asks a human (``False``: a
change, not necessarily harm, so read like the other peers' review sets)."""


def _fourth_peer(tree: PeerTree) -> list[Corpus]:
    """The module-level ``TESTS = [(command, approved), ...]`` of each vendored test file, read
    with :func:`ast.literal_eval`; an entry of any other shape is skipped and counted."""
    import ast

    owner = f"peer:{FOURTH_PEER}"
    approved = Corpus("everyday (approved) held-out", owner, False)
    asks = Corpus("asks a human (not approved) held-out", owner, True)
    skipped = 0
    for path in tree.files("tests", "test_*.py"):
        for node in ast.parse(tree.read(path)).body:
            if not (
                isinstance(node, ast.Assign)
                and [getattr(t, "id", None) for t in node.targets] == ["TESTS"]
                and isinstance(node.value, ast.List)
            ):
                continue
            for element in node.value.elts:
                try:
                    command, ok = ast.literal_eval(element)
                except (ValueError, TypeError, SyntaxError):
                    skipped += 1
                    continue
                if not isinstance(command, str) or not isinstance(ok, bool):
                    skipped += 1
                    continue
                target = approved if ok else asks
                source = path
                target.cases.append(Case(command, target.harmful, source, element.lineno))
    asks.skipped = skipped
    return [asks, approved]


@dataclass(frozen=True)
class MirroredPeer:
    """A peer read, never vendored: its files at ``commit`` in a local git mirror of ``repo``."""

    repo: str
    commit: str


MIRRORED_PEERS = {
    "dcg": MirroredPeer(
        "Dicklesworthstone/destructive_command_guard", "1a52415130fffec249e3c8adde72f58e3c4d6de0"
    ),
    "safety-net": MirroredPeer(
        "kenryu42/claude-code-safety-net", "1819ca2d7527e261fbfaee17237bc54d857a726c"
    ),
    SECOND_PEER: MirroredPeer(
        "tomatoaiu/agent-command-guard", "35560ee19d4edfeeb64c79dee8f8b8dbc4ac14f1"
    ),
    THIRD_PEER: MirroredPeer(
        "Yodaisgaming/claude-code-command-guard", "1225c585dd6b7f7b31539a8195db9181950c93fe"
    ),
    FOURTH_PEER: MirroredPeer("ldayton/Dippy", "2edad4a48d616a191c83417552ddc60eb79b526a"),
    "aegish": MirroredPeer("GuidoBergman/SecBASH", "86eedb3b977f1b9a6094d842aa1e7d4ae5a35379"),
    "bash-guard": MirroredPeer(
        "abellagonzalo/bash-guard", "8bbd64ccbc2102dcdae498f32839e3e4ffa192f6"
    ),
    "boucle-bash-guard": MirroredPeer(
        "Bande-a-Bonnot/Boucle-framework", "f64a29b0cbf08e9193abd33f9df27338389bd5d7"
    ),
    "claude-safety-guard": MirroredPeer(
        "hinanohart/claude-safety-guard", "e94a80ca43413435ecd50651a62ff9450e39eb92"
    ),
    "cc-safe-setup": MirroredPeer(
        "yurukusa/cc-safe-setup", "f6efd6b8f33d369710a301d46b0b01364828eee2"
    ),
    "agentshield": MirroredPeer(
        "security-researcher-ca/AI-Agentic-Shield", "8cad16f6082ce92fc1a0f9cdd54d0365b6310cc0"
    ),
    "schlock": MirroredPeer("27Bslash6/schlock", "e70509b9ddfe90b9d8e77075f3172c18d95fe4ef"),
    "ai-dev-foundry": MirroredPeer(
        "amulya-labs/ai-dev-foundry", "bac16ec90bf6784f3b49f89cc99f50185f81bf85"
    ),
    "longline": MirroredPeer("devinbarry/longline", "89da4bf965dd9f6449c34c8892fa6a342f304caf"),
    "infra-command-guard": MirroredPeer(
        "ramtinJ95/pi-infra-command-guard", "890378848eeab3e4099d20a661776bfb9453ad5a"
    ),
    "shellfirm": MirroredPeer("kaplanelad/shellfirm", "7ebf869770c197bf5591bdcf4003f6373af6c211"),
    "tirith": MirroredPeer("sheeki03/tirith", "3e7c62d46a724f8a05e0b8cddea7005babd677e5"),
    "hardstop": MirroredPeer("frmoretto/hardstop", "8dd937a21672e56512af9746950dbe849bfb3604"),
    "bash-vet": MirroredPeer(
        "temurkhan13/bash-vet-mcp", "6bc654ff163b1df0c2e7caddf8d4a8b63faba2e5"
    ),
    "nah": MirroredPeer("manuelschipper/nah", "04ef756b34f5aeb745ac301c23799936f9f62569"),
    "cc-toolgate": MirroredPeer(
        "butterflyskies/cc-toolgate", "72eb661e94cae6a31741b16176c5e8be5c6a19e8"
    ),
    "shush": MirroredPeer("rjkaes/shush", "e792a662f71a36acb43fc53cdfe9e91bb1d20f76"),
    "terminal-security": MirroredPeer(
        "continuedev/continue", "d0a3c0b626b5bebc3bef4742eec05a0242be0bab"
    ),
    "bashguard": MirroredPeer("sunir/bashguard", "47fd059f020f3c97cb9a7eb282cb4bbe7ebb072d"),
    "aegis-shellguard": MirroredPeer(
        "IliasAlmerekov/aegis-shellguard", "a6731e4abe0048cecdd992bc3c4a73bb458aa32a"
    ),
    "deny-dangerous": MirroredPeer(
        "davidondrej/skills", "648d34f54dd4ca8285ab3ee3031a1290b5f6408c"
    ),
    "zeptoclaw": MirroredPeer("qhkm/zeptoclaw", "6c74d59fc2853cd81df191fb1da02fa514573c8a"),
    "acai": MirroredPeer("travisennis/acai-ts", "06ba979dd2ecf4897e23c60384fa79f06a97d161"),
    "hex-claude-guard": MirroredPeer(
        "hex/claude-guard", "9a7c225517cc2d64691222e4cedf14ff6611f0ab"
    ),
    "gatekeeper": MirroredPeer(
        "pleaseai/claude-code-plugins", "76f81512ede99dfe5be66a9490b0fa363bb67118"
    ),
    "orchestkit": MirroredPeer(
        "yonatangross/orchestkit", "7c4f5aa8453eab32ccfeb2b08b77fe4c31fc6256"
    ),
    "leash": MirroredPeer("melihmucuk/leash", "f3447952a4960c32b11c2df6a53513f9c2e97388"),
    "opencode-damage-control": MirroredPeer(
        "whjvenyl/opencode-damage-control", "b021ba7a2a37c87e06c79b2b3707265db28063e8"
    ),
    "noexec": MirroredPeer("emilgelman/noexec", "8248545ef94c6b0c2ed6e7d5693dafcf29d5049c"),
    "prisodev-damage-control": MirroredPeer(
        "Prisodev/claude-code-damage-control", "4616bfbb88760370cd6be24b91a950d1448acd06"
    ),
    "pi-destructive-guard": MirroredPeer(
        "mfirdausazizi/destructive-command-guard", "5d87abd7429dfe1c166ea934f15020c15d859fd8"
    ),
    "egc-guardian": MirroredPeer("Fmarzochi/EGC", "cf16e7b72256ae4edf06f82f4500c715586c6af1"),
    "almost-yolo-guard": MirroredPeer(
        "victorarias/almost-yolo-guard", "948fda3214fab0241fb892e26f62eb9d09a4d89c"
    ),
    "cmd-guard": MirroredPeer("redodson01/cmd-guard", "629c76762871a3ca987a226541d1e09c68beef4a"),
    "gatecat": MirroredPeer("BGMLAI/gate.cat", "1a3d2ee9e7db20e19978d4f605ce32c363e66029"),
    "sh-guard": MirroredPeer("aryanbhosale/sh-guard", "92005d65b1232946924b524bcad267a29d8a2cb5"),
    "odek": MirroredPeer("BackendStack21/odek", "023bade794f813096c8f61547996b7a52575033c"),
    "nsh": MirroredPeer("fluffypony/nsh", "2ee4b1bea485dc7dbcc65e29d939174cd60ef4fc"),
    "claude-code-hooks": MirroredPeer(
        "karanb192/claude-code-hooks", "811aeb7279e2517efb86acf800b73ff2089f3da8"
    ),
    "bash-gates": MirroredPeer("camjac251/bash-gates", "b5e3a1d577ae9210370c022fa22e603eb9819c64"),
    "open-multi-agent": MirroredPeer(
        "open-multi-agent/open-multi-agent", "16562ed894000522fa2ba1fb810e1c2a41cafe25"
    ),
    "shguard": MirroredPeer("tsukasaI/shguard", "ea1dacf1a00e03c12eb0996f664b7a66dad81120"),
    "pi-permission": MirroredPeer("vrslev/pi-hooks", "c643d435b8fab26a29d4977714a50a4724c7eb80"),
    "termaxa": MirroredPeer("termaxa/termaxa", "f1d7e5641dee7b0cb7d2d24a8706a01d1abd121e"),
    "cc-bash-guardian": MirroredPeer(
        "RoaringFerrum/claude-code-bash-guardian", "9dca6428396f2307e5c1ffe0970f6297e16f8429"
    ),
    "cc-self-defense": MirroredPeer(
        "goodmeta/claude-code-self-defense", "962dd4d6c61fd73885eba890671b15d86bc49dbf"
    ),
    "drinking-bird": MirroredPeer(
        "cognaterra/better-drinking-bird", "992a8c1deda6f9741aef21888dbfe5a93c58e779"
    ),
    "loom": MirroredPeer("rjwalters/loom", "d69aa28f950e701cec67fa4eb0beb0f159160dac"),
    "claude-warden": MirroredPeer(
        "buvis/claude-warden", "e6722798bb3ef8261adf7629430bf568e8f7a6ca"
    ),
    "hol-guard": MirroredPeer(
        "hashgraph-online/hol-guard", "7945de763765d0b3050448ed42871cdeb4371296"
    ),
    "openhands-pattern": MirroredPeer(
        "OpenHands/software-agent-sdk", "611629e6999ad398dc49c761721eefe18d5e6bd9"
    ),
    "consoul": MirroredPeer("goatbytes/consoul", "2aaa34ea43d77f4d26219ba9acf67a9f9f809577"),
    "coco-shell": MirroredPeer("mylinyuzhi/codex", "051b9e2ecb82d5d48183f94646562861b3c8ff87"),
    "koda": MirroredPeer("lijunzh/koda", "79b7046e01f71e0efcc29626a15035ca350abe38"),
    "da": MirroredPeer("amenocturne/da", "e290c2fba5974c95362720168fa7514b7c07ec6f"),
    "llxprt-destructive": MirroredPeer(
        "vybestack/llxprt-code", "f80a695f31260babf750d4ee8fa0e421fc135d23"
    ),
    "agent-code": MirroredPeer("avala-ai/agent-code", "c25b885f124b2e773d6f80c749782eaeb6afd219"),
    "selfware": MirroredPeer("architehc/selfware", "d9aa4f32934c5862693e9a0249ef2b011718a3d5"),
    "rain-assistant": MirroredPeer(
        "camilo-gutierrez/rain-assistant", "5d07d23a3ebd39cfa20fe2023d97046cb69f5584"
    ),
    "grip": MirroredPeer("5unnykum4r/grip", "25ef5da47368e3e5423d491fbc227188d9b60c00"),
    "albatross": MirroredPeer("morganlinton/Albatross", "7de6df0d174f322f79a93f334170328c570cab1e"),
    "autodev": MirroredPeer("unit-mesh/auto-dev", "45a688023fd0cc742165129944758bcdc7656b93"),
    "pi-safe-shell": MirroredPeer(
        "aslamplr/pi-safe-shell", "75dc9d6560d3e55567ec6519707ba89c0871e736"
    ),
    "agentbox": MirroredPeer("zhangyunhao116/agentbox", "e003e7574798ea18fcad57d3a3ade444bc305129"),
    "hermes-approval": MirroredPeer(
        "zagiscoming/hermes-agent", "6e4987e3d748b893a7ba9c05eb66731612421f6a"
    ),
}
"""Every peer, by the name its rows carry. No peer's file is in this repository (see each
``tests/guards/peers/<name>/SOURCE.md``): the bench reads them, as data, at the named commit
from a git mirror at ``$ONDAS_PEER_MIRRORS/<owner>+<name>/repo`` (default ``/work/.mirror``,
where the search tool's ``fetch`` puts its copies)."""


class PeerUnavailable(Exception):
    """The peer's mirror, commit or file is not on this machine."""


class PeerTree:
    """A peer's files at its named commit, read with ``git`` from an argument list (no case
    ever passes through a shell)."""

    def __init__(self, name: str) -> None:
        self.peer = MIRRORED_PEERS[name]
        root = Path(os.environ.get("ONDAS_PEER_MIRRORS", "/work/.mirror"))
        self.git_dir = root / self.peer.repo.replace("/", "+") / "repo"

    def _git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", "--git-dir", str(self.git_dir), *args], capture_output=True, check=False
        )
        if done.returncode != 0:
            raise PeerUnavailable(
                f"no {self.peer.repo} at {self.peer.commit[:12]} in {self.git_dir}"
            )
        return done.stdout.decode("utf-8")

    def read(self, path: str) -> str:
        return self._git("show", f"{self.peer.commit}:{path}")

    def files(self, under: str, pattern: str) -> list[str]:
        """The paths below ``under`` whose file name matches ``pattern``, sorted."""
        names = self._git("ls-tree", "-r", "--name-only", self.peer.commit, "--", under)
        return sorted(n for n in names.splitlines() if fnmatch(n.rsplit("/", 1)[-1], pattern))


def aegish_corpora(gtfobins: str, harmless: str) -> list[Corpus]:
    """aegish's benchmark data: each ``commands`` entry of the GTFOBins file (the peer's
    scorer counts only ``BLOCK`` as right) is harmful, each entry of the harmless file whose
    ``ground_truth`` is ``ALLOW`` everyday; an entry without a string command, or with another
    ground truth, is skipped and counted."""
    owner = "peer:aegish"
    blocked = Corpus("harmful (BLOCK)", owner, True)
    allowed = Corpus("everyday (ALLOW)", owner, False)
    sources = (
        (gtfobins, blocked, "benchmark/data/gtfobins_commands.json", None),
        (harmless, allowed, "benchmark/data/harmless_commands.json", "ALLOW"),
    )
    for text, target, source, truth in sources:
        for n, entry in enumerate(json.loads(text)["commands"]):
            command = entry.get("command") if isinstance(entry, dict) else None
            if not isinstance(command, str) or (truth and entry.get("ground_truth") != truth):
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, f"{source}#{n}"))
    return [blocked, allowed]


def bash_guard_corpora(text: str) -> list[Corpus]:
    """bash-guard's end-to-end lists in ``test_bash_guard.py``, read with :mod:`ast` (never
    imported): ``ALLOW`` (the hook approves) is everyday, ``DEFER`` (it stays silent, so Claude
    Code asks a human) a review set; an element that is not a plain string (an f-string naming
    a fixture script the peer's test writes) is skipped and counted."""
    owner = "peer:bash-guard"
    sets = {
        "DEFER": Corpus("asks a human (DEFER) held-out", owner, True),
        "ALLOW": Corpus("everyday (ALLOW) held-out", owner, False),
    }
    for node in ast.parse(text).body:
        if not (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in sets
            and isinstance(node.value, ast.List)
        ):
            continue
        target = sets[node.targets[0].id]
        for element in node.value.elts:
            if isinstance(element, ast.Constant) and isinstance(element.value, str):
                source = f"test_bash_guard.py#{node.targets[0].id}"
                target.cases.append(Case(element.value, target.harmful, source, element.lineno))
            else:
                target.skipped += 1
    return list(sets.values())


ROUND7_PEERS = ("claude-safety-guard",)
"""Peers read for round 7 of issue 30 (2026-12-04), never tuned against: held out whole, like
dippy and bash-guard (rows only with ``--held-out``, cases never printed by ``--misses``). Of
the other two read then, boucle-bash-guard is tuned on from round 7a (section ``boucle``) and
cc-safe-setup, held out in rounds 7-8, from round 9 (section ``cc-safe-setup``)."""
ROUND7_SECTION = "round7"

_SH_PARSERS: list[Parser] = []
_SH_DOUBLE_QUOTE_ESCAPES = frozenset('$`"\\\n')


def _sh_parser() -> Parser:
    if not _SH_PARSERS:
        _SH_PARSERS.append(Parser(Language(tree_sitter_bash.language())))
    return _SH_PARSERS[0]


def _sh_unescape(text: str, escapable: frozenset[str] | None) -> str:
    """``text`` with bash's backslashes removed: before any character (``escapable`` None,
    unquoted) or only before those a double-quoted string lets it escape; backslash-newline
    joins lines."""
    out: list[str] = []
    i = 0
    while i < len(text):
        nxt = text[i + 1 : i + 2]
        if text[i] == "\\" and nxt and (escapable is None or nxt in escapable):
            if nxt != "\n":
                out.append(nxt)
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


_SH_ANSI_C = re.compile(
    r"\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|[0-7]{1,3}|c.|.)", re.S
)
_SH_ANSI_C_LETTERS = {
    "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r",
    "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?",
}  # fmt: skip


def _sh_ansi_c(body: str) -> str:
    """The value bash gives the body of a ``$'...'`` string (its backslash escapes decoded)."""

    def decode(match: re.Match[str]) -> str:
        code = match.group(1)
        if code[0] in "xuU" and len(code) > 1:
            return chr(int(code[1:], 16))
        if code[0] in "01234567":
            return chr(int(code, 8) & 0xFF)
        if code[0] == "c" and len(code) == 2:
            return chr(ord(code[1].upper()) ^ 0x40)
        return _SH_ANSI_C_LETTERS.get(code, "\\" + code)

    return _SH_ANSI_C.sub(decode, body)


def _sh_word(node: Node, ansi_c: bool = False) -> str | None:
    """The value bash gives one argument, or ``None`` when it depends on the environment the
    peer's test ran in (a ``$`` expansion, a command substitution, a glob or a tilde) or is
    spelled in a way this reader does not decode (``$'...'``, unless ``ansi_c``)."""
    text = (node.text or b"").decode("utf-8")
    if node.type == "ansi_c_string" and ansi_c:
        return _sh_ansi_c(text[2:-1])
    if node.type in {"word", "number"}:
        if text.startswith("~") or any(c in text for c in "*?["):
            return None
        return _sh_unescape(text, None)
    if node.type == "raw_string":
        return text[1:-1]
    if node.type == "string":
        if any(child.type not in {'"', "string_content"} for child in node.children):
            return None
        return _sh_unescape(text[1:-1], _SH_DOUBLE_QUOTE_ESCAPES)
    if node.type == "concatenation":
        parts = [_sh_word(child, ansi_c) for child in node.children]
        return None if any(p is None for p in parts) else "".join(p or "" for p in parts)
    return None


def _sh_calls(
    text: str, names: frozenset[str], ansi_c: bool = False
) -> Iterator[tuple[int, str, list[str | None], bool]]:
    """``(line, name, argument values, prefixed)`` of each top-level simple command of a shell
    file whose name is in ``names``, parsed with tree-sitter-bash (never run); ``prefixed`` says
    the call carries its own variable assignments or redirections (a configuration of the
    peer's hook for that one call); ``ansi_c`` decodes ``$'...'`` arguments."""
    for node in _sh_parser().parse(text.encode("utf-8")).root_node.children:
        name = node.child_by_field_name("name") if node.type == "command" else None
        if name is None or (name.text or b"").decode("utf-8") not in names:
            continue
        arguments = node.children_by_field_name("argument")
        prefixed = any(c.type != "command_name" and c not in arguments for c in node.children)
        values = [_sh_word(a, ansi_c) for a in arguments]
        yield node.start_point[0] + 1, (name.text or b"").decode("utf-8"), values, prefixed


def boucle_bash_guard_corpora(text: str) -> list[Corpus]:
    """Boucle's bash-guard test file: each top-level ``assert_blocked "desc" "command"`` (and
    ``assert_blocked_contains``) is harmful, each ``assert_allowed "desc" "command"`` everyday.
    A call run with a configuration of the hook (``BASH_GUARD_CONFIG=... assert_allowed``), or
    whose command bash would expand, is skipped and counted."""
    owner = "peer:boucle-bash-guard"
    blocked = Corpus("harmful (blocked)", owner, True)
    allowed = Corpus("everyday (allowed)", owner, False)
    arity = {"assert_blocked": 2, "assert_blocked_contains": 3, "assert_allowed": 2}
    for line, name, args, prefixed in _sh_calls(text, frozenset(arity)):
        target = allowed if name == "assert_allowed" else blocked
        command = args[1] if len(args) == arity[name] else None
        if prefixed or command is None:
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, "tools/bash-guard/test.sh", line))
    return [blocked, allowed]


CC_SAFE_SETUP_HOOKS = frozenset({"destructive-guard", "branch-guard", "secret-guard"})
"""The hooks ``npx cc-safe-setup`` installs by default that judge Bash commands (exit 2 blocks);
its hundreds of example hooks each hold their own opinion and are not read."""


def cc_safe_setup_corpora(text: str) -> list[Corpus]:
    """cc-safe-setup's ``test.sh``: each top-level ``test_hook HOOK 'JSON' EXIT "desc"`` of a
    default hook whose JSON holds a Bash ``tool_input.command``: exit 2 (blocked) harmful,
    exit 0 (passed) everyday. A call of such a hook that is prefixed, expanded, or whose JSON
    holds no command is skipped and counted."""
    owner = "peer:cc-safe-setup"
    sets = {
        "2": Corpus("harmful (exit 2) held-out", owner, True),
        "0": Corpus("everyday (exit 0) held-out", owner, False),
    }
    for line, _, args, prefixed in _sh_calls(text, frozenset({"test_hook"})):
        if len(args) != 4 or args[0] not in CC_SAFE_SETUP_HOOKS or args[2] not in sets:
            continue
        target = sets[args[2] or ""]
        try:
            payload = json.loads(args[1] or "")
        except json.JSONDecodeError:
            payload = None
        tool_input = payload.get("tool_input") if isinstance(payload, dict) else None
        command = tool_input.get("command") if isinstance(tool_input, dict) else None
        tool = payload.get("tool_name", "Bash") if isinstance(payload, dict) else None
        if prefixed or not isinstance(command, str) or tool != "Bash":
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, f"test.sh#{args[0]}", line))
    return list(sets.values())


def claude_safety_guard_corpora(tests: str, patterns: str) -> list[Corpus]:
    """claude-safety-guard's catalog tests, read with :mod:`ast` (never imported):
    ``POSITIVE_CASES`` pairs a command with the pattern it must trigger, and that pattern's
    severity in ``patterns.py`` says the set (``BLOCK``: harmful; ``WARN``: flagged, allowed
    by default or asked about when configured, a review set); ``NEGATIVE_CASES`` must be
    allowed (everyday). A blank command, an unknown pattern or an entry of another shape is
    skipped and counted."""
    owner = "peer:claude-safety-guard"
    severity: dict[str, str] = {}
    for node in ast.walk(ast.parse(patterns)):
        if isinstance(node, ast.Call):
            keywords = {k.arg: k.value for k in node.keywords}
            ident, level = keywords.get("id"), keywords.get("severity")
            if isinstance(ident, ast.Constant) and isinstance(level, ast.Attribute):
                severity[str(ident.value)] = level.attr
    sets = {
        "BLOCK": Corpus("harmful (BLOCK) held-out", owner, True),
        "WARN": Corpus("flagged (WARN) held-out", owner, True),
        "ALLOW": Corpus("everyday (ALLOW) held-out", owner, False),
    }
    source = "tests/test_patterns.py"
    for node in ast.parse(tests).body:
        target_node = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target_node = node.targets[0]
        name = target_node.id if isinstance(target_node, ast.Name) else ""
        value = getattr(node, "value", None)
        if name not in {"POSITIVE_CASES", "NEGATIVE_CASES"} or not isinstance(value, ast.List):
            continue
        for element in value.elts:
            try:
                entry = ast.literal_eval(element)
            except (ValueError, TypeError, SyntaxError):
                entry = None
            if name == "NEGATIVE_CASES":
                target, command = sets["ALLOW"], entry
            else:
                pair = entry if isinstance(entry, tuple) and len(entry) == 2 else (None, None)
                level = severity.get(str(pair[1]), "")
                known = level in {"BLOCK", "WARN"}
                target, command = sets[level if known else "BLOCK"], pair[0] if known else None
            if not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, f"{source}#{name}", element.lineno))
    return list(sets.values())


ROUND8_PEERS = ("ai-dev-foundry",)
"""Peers read for round 8 of issue 30 (2026-12-04), never tuned against: held out whole, like
round 7's (rows only with ``--held-out``, cases never printed by ``--misses``). The third,
``schlock``, was held out for round 8's end measure and is tuned on from round 8b; agentshield,
held out in round 8's to 25's measures, is tuned on from round 26 (section ``agentshield``)."""
ROUND8_SECTION = "round8"


def _go_keyed_fields(tokens: list[str]) -> dict[str, str | None]:
    """The ``Key: value`` fields at the top level of one Go composite literal's tokens: a
    value that is one string literal is decoded, any other value (a concatenation, a call,
    a nested literal) is ``None``."""
    parts: list[list[str]] = [[]]
    depth = 0
    for tok in tokens:
        if tok in {"(", "{", "["}:
            depth += 1
        elif tok in {")", "}", "]"}:
            depth -= 1
        if tok == "," and depth == 0:
            parts.append([])
        else:
            parts[-1].append(tok)
    fields: dict[str, str | None] = {}
    for part in parts:
        if len(part) > 2 and part[1] == ":" and part[0].isidentifier():
            value = part[2:]
            plain = len(value) == 1 and value[0][0] in {'"', "`"}
            fields[part[0]] = _go_string(value[0]) if plain else None
    return fields


AGENTSHIELD_CASES = "internal/analyzer/testdata"
"""AgentShield's accuracy corpus: one Go file of ``TestCase`` literals per kingdom of its
taxonomy (``all_cases.go`` and ``types.go`` hold none)."""
AGENTSHIELD_DECISIONS = {
    "BLOCK": ("harmful (BLOCK) held-out", True),
    "AUDIT": ("flagged (AUDIT) held-out", True),
    "ALLOW": ("everyday (ALLOW) held-out", False),
}
"""AgentShield's decisions: ``BLOCK`` never runs, ``AUDIT`` runs and is flagged in its audit
log (a review set, read like the other peers' ask sets), ``ALLOW`` runs."""


def agentshield_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """AgentShield's accuracy corpus (``internal/analyzer/testdata/*_cases.go``), tokenised,
    never compiled or run: each ``TestCase{...}`` literal with a ``Command`` and an
    ``ExpectedDecision`` is a case in the set of that decision. A test case whose command or
    decision is not one plain string literal (or an unknown decision) is skipped and counted."""
    owner = "peer:agentshield"
    sets = {key: Corpus(name, owner, harm) for key, (name, harm) in AGENTSHIELD_DECISIONS.items()}
    unlabelled = sets["BLOCK"]
    for path, text in sources:
        spans = [(m.group(), m.start()) for m in _GO_TOKEN.finditer(text)]
        spans = [s for s in spans if not s[0].isspace() and not s[0].startswith("//")]
        tokens = [tok for tok, _ in spans]
        stack: list[int] = []
        for k, tok in enumerate(tokens):
            if tok == "{":
                stack.append(k)
            elif tok == "}" and stack:
                start = stack.pop()
                fields = _go_keyed_fields(tokens[start + 1 : k])
                if "Command" not in fields and "ExpectedDecision" not in fields:
                    continue
                command, decision = fields.get("Command"), fields.get("ExpectedDecision")
                target = sets.get(decision or "")
                if target is None or not command:
                    (target or unlabelled).skipped += 1
                    continue
                line = text.count("\n", 0, spans[start][1]) + 1
                target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


SCHLOCK_ASSERTIONS = {
    "blocked": frozenset({"not result.allowed", "result.risk_level == RiskLevel.BLOCKED"}),
    "flagged": frozenset(
        {
            "result.risk_level in [RiskLevel.HIGH, RiskLevel.BLOCKED]",
            "result.risk_level in (RiskLevel.HIGH, RiskLevel.BLOCKED)",
            "result.risk_level >= RiskLevel.HIGH",
            "result.risk_level == RiskLevel.HIGH",
        }
    ),
    "allowed": frozenset(
        {
            "result.allowed",
            "result.risk_level != RiskLevel.BLOCKED",
            "result.risk_level == RiskLevel.SAFE",
            "result.risk_level < RiskLevel.HIGH",
            "result.risk_level in [RiskLevel.SAFE, RiskLevel.LOW, RiskLevel.MEDIUM]",
        }
    ),
}
"""The assertions on ``result = validate_command(command)`` that say what schlock must do with
a parametrized test's commands: refuse them (``BLOCKED``, the only level it denies), rate them
``HIGH`` or above (it lets them run with a warning: a review set), or let them run."""


def _schlock_label(function: ast.FunctionDef) -> str | None:
    """The label the test function's top-level assertions give its ``command`` rows, the
    strongest of them; ``None`` when they give none or contradict each other (refused and
    allowed), when an assertion may be conditional (a branch or loop in the body), or when
    ``result`` is not ``validate_command(command...)``."""
    body = function.body
    if any(isinstance(s, (ast.If, ast.For, ast.While, ast.With, ast.Try)) for s in body):
        return None
    validated = any(
        isinstance(s, ast.Assign)
        and [ast.unparse(t) for t in s.targets] == ["result"]
        and isinstance(s.value, ast.Call)
        and ast.unparse(s.value.func) == "validate_command"
        and [ast.unparse(a) for a in s.value.args[:1]] == ["command"]
        for s in body
    )
    said: set[str] = set()
    for statement in body:
        if not isinstance(statement, ast.Assert):
            continue
        text = ast.unparse(statement.test)
        direct = text.replace("validate_command(command).", "result.")
        if direct == text and not validated:
            continue
        said |= {label for label, shapes in SCHLOCK_ASSERTIONS.items() if direct in shapes}
    if "allowed" in said and len(said) > 1:
        return None
    return next((label for label in SCHLOCK_ASSERTIONS if label in said), None)


def schlock_corpora(accuracy: str, tests: list[tuple[str, str]]) -> list[Corpus]:
    """schlock's labelled commands, read with :mod:`ast` (never imported or run). Its
    detection accuracy suite (``tests/accuracy.py``): each ``BenchmarkCase(...)`` of
    ``BENCHMARK_CASES`` with ``expected_blocked=True`` passes only when schlock rates it
    ``HIGH`` or ``BLOCKED`` (flagged), with ``False`` only at ``SAFE``, ``LOW`` or ``MEDIUM``
    (everyday). Its test files: each row of a ``@pytest.mark.parametrize("command, ...")`` test
    whose assertions give one label (:func:`_schlock_label`). A row or entry whose command or
    label is not a literal is skipped and counted; a test without one label is not read."""
    owner = "peer:schlock"
    sets = {
        "blocked": Corpus("harmful (BLOCKED) held-out", owner, True),
        "flagged": Corpus("flagged (HIGH or above) held-out", owner, True),
        "allowed": Corpus("everyday (allowed) held-out", owner, False),
    }
    for node in ast.parse(accuracy).body:
        target_node = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target_node = node.targets[0]
        value = getattr(node, "value", None)
        if not (
            isinstance(target_node, ast.Name)
            and target_node.id == "BENCHMARK_CASES"
            and isinstance(value, ast.List)
        ):
            continue
        for element in value.elts:
            keywords = (
                {k.arg: k.value for k in element.keywords} if isinstance(element, ast.Call) else {}
            )
            command = _literal(keywords.get("command"))
            label = _literal(keywords.get("expected_blocked"))
            if not isinstance(label, bool):
                sets["flagged"].skipped += 1
                continue
            target = sets["flagged" if label else "allowed"]
            if not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            source = "tests/accuracy.py#BENCHMARK_CASES"
            target.cases.append(Case(command, target.harmful, source, element.lineno))
    for path, text in tests:
        for function in ast.walk(ast.parse(text)):
            if not isinstance(function, ast.FunctionDef):
                continue
            marks = [
                d
                for d in function.decorator_list
                if isinstance(d, ast.Call) and ast.unparse(d.func).endswith("mark.parametrize")
            ]
            names = _literal(marks[0].args[0]) if len(marks) == 1 and marks[0].args else None
            argnames = [n.strip() for n in names.split(",")] if isinstance(names, str) else []
            label = _schlock_label(function) if "command" in argnames else None
            rows = marks[0].args[1] if label and len(marks[0].args) > 1 else None
            if label is None or not isinstance(rows, (ast.List, ast.Tuple)):
                continue
            target, index = sets[label], argnames.index("command")
            for row in rows.elts:
                if len(argnames) == 1:
                    command = _literal(row)
                elif isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == len(argnames):
                    command = _literal(row.elts[index])
                else:
                    command = None
                if not isinstance(command, str) or not command.strip():
                    target.skipped += 1
                    continue
                source = f"{path}#{function.name}"
                target.cases.append(Case(command, target.harmful, source, row.lineno))
    return list(sets.values())


AI_DEV_FOUNDRY_CASES = "tests/bash-test-cases.toml"
AI_DEV_FOUNDRY_SETS = {
    "deny": ("harmful (deny) held-out", True),
    "ask": ("asks a human (ask) held-out", True),
    "allow": ("everyday (allow) held-out", False),
}
"""ai-dev-foundry's three answers: ``deny`` refuses, ``ask`` leaves the choice to a person (a
change, not necessarily harm: a review set like dippy's), ``allow`` approves without asking."""


def ai_dev_foundry_corpora(text: str, platform: str = "linux") -> list[Corpus]:
    """ai-dev-foundry's hook test cases, read with :mod:`tomllib`: each ``[[deny]]``,
    ``[[ask]]`` and ``[[allow]]`` table's ``command`` is a case in that set. A case marked for
    another ``os`` than ``platform`` (the peer's own tests run it only there), or without a
    string command, is skipped and counted."""
    owner = "peer:ai-dev-foundry"
    cases = tomllib.loads(text)
    headers: dict[str, list[int]] = {}
    for n, line in enumerate(text.splitlines(), 1):
        header = _TOML_ARRAY_TABLE.match(line)
        if header:
            headers.setdefault(header.group(1), []).append(n)
    out = []
    for key, (name, harmful) in AI_DEV_FOUNDRY_SETS.items():
        corpus = Corpus(name, owner, harmful)
        lines = headers.get(key, [])
        for n, item in enumerate(cases.get(key) or []):
            command = item.get("command") if isinstance(item, dict) else None
            if not isinstance(command, str) or item.get("os", platform) != platform:
                corpus.skipped += 1
                continue
            line = lines[n] if n < len(lines) else 0
            corpus.cases.append(Case(command, harmful, f"{AI_DEV_FOUNDRY_CASES}#{key}", line))
        out.append(corpus)
    return out


_TOML_ARRAY_TABLE = re.compile(r"^\[\[\s*([A-Za-z_-]+)\s*\]\]\s*(?:#.*)?$")


ROUND9_PEERS = ("infra-command-guard",)
"""Peers read for round 9 of issue 30 (2026-12-04), never tuned against: held out whole, like
round 7's and 8's (rows only with ``--held-out``, cases never printed by ``--misses``). The
other two read then, longline and shellfirm, were held out for round 9's end measure and are
tuned on from round 9b (sections ``longline`` and ``shellfirm``)."""
ROUND9_SECTION = "round9"


def _yaml_items(text: str, key: str | None) -> list[tuple[object, int]]:
    """The items of a YAML document's list (the top-level one, or the one under ``key``), each
    with the line it starts on; a document of another shape has none."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    if key is not None:
        if not (isinstance(node, yaml.MappingNode) and isinstance(data, dict)):
            return []
        node = next((v for k, v in node.value if k.value == key), None)
        data = data.get(key)
    if not isinstance(node, yaml.SequenceNode) or not isinstance(data, list):
        return []
    return [(item, n.start_mark.line + 1) for item, n in zip(data, node.value, strict=True)]


LONGLINE_CASES = "tests/golden"
LONGLINE_SETS = {
    "deny": ("harmful (deny) held-out", True),
    "ask": ("asks a human (ask) held-out", True),
    "allow": ("everyday (allow) held-out", False),
}
"""longline's three decisions: ``deny`` refuses, ``ask`` leaves the choice to a person (a
review set like ai-dev-foundry's), ``allow`` approves without asking."""


def longline_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """longline's golden files (``tests/golden/*.yaml``), read with :mod:`yaml`: each entry of
    a file's ``tests`` list is a case in the set of its ``expected.decision``. An entry run
    with its own configuration (an ``overlay`` of rules or a ``profile``: the peer's default
    rules are not what decides it), or without a string command, is skipped and counted; an
    unknown decision is counted with the harmful set."""
    owner = "peer:longline"
    sets = {key: Corpus(name, owner, harm) for key, (name, harm) in LONGLINE_SETS.items()}
    for path, text in sources:
        for item, line in _yaml_items(text, "tests"):
            entry = item if isinstance(item, dict) else {}
            expected = entry.get("expected")
            decision = expected.get("decision") if isinstance(expected, dict) else None
            target = sets.get(str(decision).lower(), sets["deny"])
            command = entry.get("command")
            known = str(decision).lower() in sets
            configured = "overlay" in entry or "profile" in entry
            if not known or configured or not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


SHELLFIRM_SEVERITIES = ("Info", "Low", "Medium", "High", "Critical")
"""shellfirm's severities, weakest first; its agent mode denies ``High`` and above by default
(``auto_deny_severity``) and lets the rest run, which its shell hook challenges a person on."""
_RUST_STR_ARRAY = r"\b{}\s*:\s*\[\s*&str\s*;\s*\d+\s*\]\s*=\s*\[(.*?)\]"


def shellfirm_default_groups(config_rs: str) -> frozenset[str]:
    """The check groups shellfirm enables by default: its ``DEFAULT_ENABLED_GROUPS`` array in
    ``shellfirm/src/config.rs`` (empty when the array is not found)."""
    match = re.search(_RUST_STR_ARRAY.format("DEFAULT_ENABLED_GROUPS"), config_rs, re.DOTALL)
    return frozenset(re.findall(r'"([^"]+)"', match.group(1))) if match else frozenset()


def shellfirm_corpora(
    checks: list[str], tests: list[tuple[str, str]], enabled: frozenset[str]
) -> list[Corpus]:
    """shellfirm's check tests (``shellfirm/tests/checks/*.yaml``), read with :mod:`yaml`: each
    entry's ``test`` is a command and ``expect_ids`` the exact checks of its catalog
    (``shellfirm/checks/*.yaml``) it must match. Matched only by checks of groups enabled by
    default, the strongest one's severity says the set: ``High`` or ``Critical`` harmful (the
    agent mode refuses), lower flagged (a review set: the shell hook challenges a person, the
    agent mode lets it run); no check expected is everyday. An entry whose expected checks
    are all of groups off by default (the peer's default does not judge it), or unknown, or
    without a string command, is skipped and counted."""
    owner = "peer:shellfirm"
    severity: dict[str, int] = {}
    for text in checks:
        for item, _ in _yaml_items(text, None):
            check = item if isinstance(item, dict) else {}
            level = check.get("severity")
            if check.get("from") in enabled and level in SHELLFIRM_SEVERITIES:
                severity[str(check.get("id"))] = SHELLFIRM_SEVERITIES.index(level)
    sets = {
        "harmful": Corpus("harmful (High or Critical check) held-out", owner, True),
        "flagged": Corpus("flagged (Medium or Low check) held-out", owner, True),
        "everyday": Corpus("everyday (no check) held-out", owner, False),
    }
    denied = SHELLFIRM_SEVERITIES.index("High")
    for path, text in tests:
        for item, line in _yaml_items(text, None):
            entry = item if isinstance(item, dict) else {}
            ids = entry.get("expect_ids")
            listed = isinstance(ids, list)
            levels = [severity[i] for i in ids or [] if i in severity] if listed else []
            if ids == []:
                target = sets["everyday"]
            else:
                target = sets["harmful" if not levels or max(levels) >= denied else "flagged"]
            command = entry.get("test")
            judged = listed and (ids == [] or bool(levels))
            if not judged or not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


INFRA_GUARD_CASES = "extensions/infra-command-guard"
INFRA_GUARD_FILES = ("command-policy-corpus.test.ts", "cloud-policy-corpus.test.ts")
INFRA_GUARD_ARRAYS = {
    "ALLOWED": "allowed",
    "reads": "allowed",
    "APPROVALS": "approval",
    "approvals": "approval",
    "UNCLASSIFIED": "unclassified",
    "unclassified": "unclassified",
}
"""The arrays of infra-command-guard's policy corpora, by name (``DOCKER_ALLOWED``) or object
key (``reads:``): what the default settings must let run (``allowed``), what they and the
relaxed ones must hold for approval (``approval``: a known risk) and what only the default
holds (``unclassified``: the peer asks because it cannot classify it, not for a risk)."""


def infra_guard_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """infra-command-guard's policy corpora (``*-policy-corpus.test.ts``), tokenised, never run:
    each string literal of an array named in :data:`INFRA_GUARD_ARRAYS` is a case, ``allowed``
    everyday and ``approval`` asks a human. The peer's tests also run eight to eleven variants
    built from each command (a full path, a quoted name, ``sudo -n``, a global option); those
    are the peer's code, not its cases, and are not read. An ``unclassified`` command, or an
    element that is not one plain string literal, is skipped and counted (with the ask set)."""
    owner = "peer:infra-command-guard"
    asks = Corpus("asks a human (approval) held-out", owner, True)
    allowed = Corpus("everyday (allowed) held-out", owner, False)
    for path, text in sources:
        spans = [(m.group(), m.start()) for m in _JS_TOKEN.finditer(text)]
        spans = [s for s in spans if not s[0].startswith("//")]
        for k in range(len(spans) - 2):
            name, sign, opening = (tok for tok, _ in spans[k : k + 3])
            label = INFRA_GUARD_ARRAYS.get(name.rsplit("_", 1)[-1] if "_" in name else name)
            if label is None or sign not in {"=", ":"} or opening != "[":
                continue
            target = allowed if label == "allowed" else asks
            elements: list[list[tuple[str, int]]] = [[]]
            depth = 0
            for tok, start in spans[k + 3 :]:
                if depth == 0 and tok in {",", "]"}:
                    if tok == "]":
                        break
                    elements.append([])
                    continue
                depth += (tok in {"(", "[", "{"}) - (tok in {")", "]", "}"})
                elements[-1].append((tok, start))
            for element in (e for e in elements if e):
                tok, start = element[0]
                plain = len(element) == 1 and tok[0] in "'\"`"
                command = _js_literal(tok, {}) if plain else None
                if label == "unclassified" or not command or not command.strip():
                    target.skipped += 1
                    continue
                line = text.count("\n", 0, start) + 1
                target.cases.append(Case(command, target.harmful, path, line))
    return [asks, allowed]


ROUND10_PEERS = ("hardstop", "bash-vet", "shush")
"""Peers read for round 10 of issue 30 (2026-12-04), never tuned against: held out whole, like
round 7's, 8's and 9's (rows only with ``--held-out``, cases never printed by ``--misses``).
tirith and nah, read then too, were held out for round 10's first measure and are tuned on
from round 10b (sections ``tirith`` and ``nah``); cc-toolgate, held out in round 10's to 24's
measures, is tuned on from round 25 (section ``cc-toolgate``)."""
ROUND10_SECTION = "round10"

TIRITH_CASES = "tests/fixtures"
TIRITH_FILES_NOT_READ = frozenset({"threatintel.toml", "output.toml"})
"""tirith's fixture files that are not commands judged alone: ``threatintel.toml`` is run
against a test threat database of package and host names that the peer's test loads first, and
``output.toml`` holds a command's output (log lines, escapes, links) that the peer judges with
its output scanner (``engine::analyze_output``), not as a command (round 10b: its ``exec``
context is a placeholder its test ignores)."""
TIRITH_ACTIONS = {
    "block": ("harmful (block) held-out", True),
    "warn": ("flagged (warn) held-out", True),
    "allow": ("everyday (allow) held-out", False),
}
"""tirith's three actions: ``block`` refuses, ``warn`` runs after a warning (a review set, read
like claude-safety-guard's ``WARN``), ``allow`` runs."""


def tirith_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """tirith's golden fixtures (``tests/fixtures/*.toml``), read with :mod:`tomllib`: each
    ``[[fixture]]`` whose ``input`` is a command (``context = "exec"``) is a case in the set of
    its ``expected_action``. A fixture of a file scan (``context = "file"``: its input is a
    file's contents) is not read. Skipped and counted: a pasted input (``paste``: judged as
    terminal text, escapes and all), one for another shell than POSIX (PowerShell, ``cmd``,
    fish), one carrying ``raw_bytes`` (the bytes, not the string, are what is judged), an
    unknown action (counted with the harmful set) and an entry without a string input."""
    owner = "peer:tirith"
    sets = {key: Corpus(name, owner, harm) for key, (name, harm) in TIRITH_ACTIONS.items()}
    for path, text in sources:
        lines = [
            n
            for n, line in enumerate(text.splitlines(), 1)
            if (m := _TOML_ARRAY_TABLE.match(line)) and m.group(1) == "fixture"
        ]
        for n, item in enumerate(tomllib.loads(text).get("fixture") or []):
            entry = item if isinstance(item, dict) else {}
            if entry.get("context") == "file":
                continue
            action = entry.get("expected_action")
            target = sets.get(str(action), sets["block"])
            command = entry.get("input")
            judged = (
                action in sets
                and entry.get("context") == "exec"
                and entry.get("shell", "posix") == "posix"
                and not entry.get("raw_bytes")
            )
            if not judged or not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            line = lines[n] if n < len(lines) else 0
            target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


HARDSTOP_FILES = ("tests/test_hook.py", "tests/test_macos_patterns.py")
"""HardStop's test files that assert its pattern layer on command strings (the others test its
read hook, its state, its risk score, or run the hook with patched settings)."""
HARDSTOP_DANGEROUS = frozenset({"check_dangerous", "check_all_commands"})
HARDSTOP_SAFE = frozenset({"check_safe", "is_all_safe"})


def _called(node: ast.expr | None, names: frozenset[str]) -> ast.Call | None:
    """``node`` when it is a call of a function (or method) named in ``names``."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return node if name in names else None


def hardstop_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """HardStop's pattern-layer tests, read with :mod:`ast` (never imported or run): in each test
    method, ``self.assertTrue`` of a dangerous check (``check_dangerous`` or
    ``check_all_commands`` of a literal, directly or through the name its result was unpacked
    to) is harmful (the hook blocks it); ``self.assertFalse`` of one, or ``self.assertTrue`` of
    a safe check (``check_safe``, ``is_all_safe``), everyday. Skipped and counted: a safe check
    asserted false (not on the safe list: the peer's LLM layer decides, not a label; with the
    everyday set), a case of a ``Windows`` test class (``cmd`` and PowerShell commands), and a
    call whose command is not one string literal."""
    owner = "peer:hardstop"
    harmful = Corpus("harmful (dangerous pattern) held-out", owner, True)
    everyday = Corpus("everyday (safe or not dangerous) held-out", owner, False)
    for path, text in sources:
        for cls in ast.parse(text).body:
            if not isinstance(cls, ast.ClassDef):
                continue
            for method in (m for m in cls.body if isinstance(m, ast.FunctionDef)):
                unpacked: dict[str, ast.Call] = {}
                for statement in method.body:
                    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                        target_node = statement.targets[0]
                        first = target_node.elts[0] if isinstance(target_node, ast.Tuple) else None
                        call = _called(statement.value, HARDSTOP_DANGEROUS)
                        if isinstance(first, ast.Name) and call is not None:
                            unpacked[first.id] = call
                        continue
                    assertion = statement.value if isinstance(statement, ast.Expr) else None
                    said = _called(assertion, frozenset({"assertTrue", "assertFalse"}))
                    if said is None or len(said.args) != 1:
                        continue
                    truth = getattr(said.func, "attr", "") == "assertTrue"
                    arg = said.args[0]
                    danger = _called(arg, HARDSTOP_DANGEROUS)
                    if isinstance(arg, ast.Name) and arg.id in unpacked:
                        danger = unpacked.pop(arg.id)
                    safe = _called(arg, HARDSTOP_SAFE)
                    if danger is not None:
                        target, call = harmful if truth else everyday, danger
                    elif safe is not None:
                        target, call = everyday, safe
                    else:
                        continue
                    command = _literal(call.args[0]) if len(call.args) == 1 else None
                    unlabelled = safe is not None and not truth
                    if unlabelled or "Windows" in cls.name or not isinstance(command, str):
                        target.skipped += 1
                        continue
                    source = f"{path}#{cls.name}.{method.name}"
                    target.cases.append(Case(command, target.harmful, source, call.lineno))
    return [harmful, everyday]


BASH_VET_CASES = "tests/test_scanner.py"
BASH_VET_VERDICTS = {
    "BLOCK": "harmful",
    "REVIEW": "flagged",
    "CAUTION": "flagged",
    "CLEAN": "everyday",
}
"""bash-vet-mcp's verdicts: ``BLOCK`` (a critical or high finding), ``REVIEW`` and ``CAUTION`` (a
medium or low one: the agent is told to look again or ask; a review set), ``CLEAN`` (none)."""


def bash_vet_corpora(text: str) -> list[Corpus]:
    """bash-vet-mcp's scanner tests (``tests/test_scanner.py``), read with :mod:`ast` (never
    imported or run): in each test function, a ``vet_command(...)`` result whose ``verdict`` is
    asserted equal to one ``Verdict`` is a case in that verdict's set, its command the call's
    string literal or, for a test parametrized on that argument, each row. Skipped and counted:
    a call in chain mode (``command_chain=True``, a setting that raises severities), a result
    whose verdict is not asserted (the test checks only which rule fired; with the harmful
    set), ``UNVERIFIED`` (empty input) and a command that is not a string literal."""
    owner = "peer:bash-vet"
    sets = {
        "harmful": Corpus("harmful (BLOCK) held-out", owner, True),
        "flagged": Corpus("flagged (REVIEW or CAUTION) held-out", owner, True),
        "everyday": Corpus("everyday (CLEAN) held-out", owner, False),
    }
    for function in ast.parse(text).body:
        if not isinstance(function, ast.FunctionDef):
            continue
        rows: dict[str, list[ast.expr]] = {}
        for mark in function.decorator_list:
            if isinstance(mark, ast.Call) and ast.unparse(mark.func).endswith("mark.parametrize"):
                name = _literal(mark.args[0]) if mark.args else None
                values = mark.args[1] if len(mark.args) > 1 else None
                if isinstance(name, str) and isinstance(values, (ast.List, ast.Tuple)):
                    rows[name.strip()] = list(values.elts)
        results: dict[str, ast.Call] = {}
        verdicts: dict[str, str] = {}
        for statement in function.body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                call = _called(statement.value, frozenset({"vet_command"}))
                if isinstance(statement.targets[0], ast.Name) and call is not None:
                    results[statement.targets[0].id] = call
            test = statement.test if isinstance(statement, ast.Assert) else None
            if (
                isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Eq)
                and isinstance(test.left, ast.Attribute)
                and test.left.attr == "verdict"
                and isinstance(test.left.value, ast.Name)
                and isinstance(test.comparators[0], ast.Attribute)
            ):
                verdicts[test.left.value.id] = test.comparators[0].attr
        for name, call in results.items():
            label = BASH_VET_VERDICTS.get(verdicts.get(name, ""))
            target = sets[label or "harmful"]
            arg = call.args[0] if call.args else None
            if isinstance(arg, ast.Name) and arg.id in rows:
                commands = [(_literal(row), row.lineno) for row in rows[arg.id]]
            else:
                commands = [(_literal(arg), call.lineno)]
            if label is None or call.keywords:
                target.skipped += len(commands)
                continue
            for command, line in commands:
                if not isinstance(command, str) or not command.strip():
                    target.skipped += 1
                    continue
                source = f"{BASH_VET_CASES}#{function.name}"
                target.cases.append(Case(command, target.harmful, source, line))
    return list(sets.values())


NAH_CASES = "corpus"
NAH_FIXTURES = "corpus/FIXTURES.json"


def _nah_place(fixtures: dict[str, object], row: dict[str, object]) -> tuple[str, str] | None:
    """(project root, home) of a nah corpus row's fixtures when the row runs at the project
    root of one project with a home set, else ``None``."""
    contexts = fixtures.get("ctx_fixtures")
    observations = fixtures.get("observation_fixtures")
    ctx = contexts.get(str(row.get("ctx_fixture"))) if isinstance(contexts, dict) else None
    fixture = str(row.get("observation_fixture"))
    seen = observations.get(fixture) if isinstance(observations, dict) else None
    if not isinstance(ctx, dict) or not isinstance(seen, dict):
        return None
    roots = seen.get("roots") if isinstance(seen.get("roots"), list) else []
    projects = [r.get("path") for r in roots if isinstance(r, dict) and r.get("kind") == "project"]
    home = ctx.get("home")
    if len(projects) != 1 or seen.get("cwd") != projects[0] or not isinstance(home, str):
        return None
    return str(projects[0]), home


def nah_corpora(fixtures_json: str, sources: list[tuple[str, str]]) -> list[Corpus]:
    """nah's behavioural corpus (``corpus/*.jsonl``), read with :mod:`json`: each row with a
    Bash ``command`` is a case in the set of its ``expected.verdict`` (``block`` harmful,
    ``delegate`` not blocked: nah leaves it to the runtime's own permission flow). Its fixture's
    project root and home are written as the bench's (:data:`PROJECT`, :data:`HOME`), so a
    path means the same place to the guard. A row of a native tool (``tool``: Read, Write...)
    is not read. Skipped and counted: a row whose fixture's working directory is not its
    project root (outside the project, or a subdirectory), whose fixtures are unknown, whose
    verdict is neither (with the harmful set) or whose command is not a string."""
    owner = "peer:nah"
    blocked = Corpus("harmful (block) held-out", owner, True)
    delegated = Corpus("not blocked (delegate) held-out", owner, False)
    fixtures = json.loads(fixtures_json)
    fixtures = fixtures if isinstance(fixtures, dict) else {}
    for path, text in sources:
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            row = row if isinstance(row, dict) else {}
            if "tool" in row:
                continue
            expected = row.get("expected")
            verdict = expected.get("verdict") if isinstance(expected, dict) else None
            target = delegated if verdict == "delegate" else blocked
            command = row.get("command")
            place = _nah_place(fixtures, row)
            known = verdict in {"block", "delegate"}
            if not known or place is None or not isinstance(command, str):
                target.skipped += 1
                continue
            for theirs, ours in zip(place, (PROJECT, HOME), strict=True):
                command = re.sub(re.escape(theirs) + r"(?![\w.-])", str(ours), command)
            target.cases.append(Case(command, target.harmful, f"{path}#{row.get('id')}", n))
    return [blocked, delegated]


CC_TOOLGATE_CASES = "tests/disposition_spec.rs"
CC_TOOLGATE_DECISIONS = {
    "Deny": ("harmful (Deny) held-out", True),
    "Ask": ("asks a human (Ask) held-out", True),
    "Allow": ("everyday (Allow) held-out", False),
}
"""cc-toolgate's decisions: ``Deny`` blocks outright, ``Ask`` has Claude Code prompt the person
(mutating and unrecognised commands: a review set like longline's), ``Allow`` runs silently."""
_RUST_TOKEN = re.compile(
    r'r(#*)"(?:.|\n)*?"\1|b?"(?:[^"\\]|\\.|\\\n)*"|//[^\n]*|/\*(?:.|\n)*?\*/|[A-Za-z_]\w*|\S'
)
_RUST_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}


def _rust_string(token: str) -> str | None:
    """The value of one Rust string literal (plain or raw), else ``None``."""
    if re.match(r'r#*"', token):  # an identifier such as ``rm_args`` is no literal
        hashes = len(token) - len(token.lstrip("r#")) - 1
        return token[2 + hashes : len(token) - 1 - hashes]
    if not token.startswith('"'):
        return None
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "\n":
            i += 2
            while i < len(body) and body[i] in " \t\n\r":
                i += 1
        elif nxt == "x":
            out.append(chr(int(body[i + 2 : i + 4], 16)))
            i += 4
        elif nxt == "u":
            end = body.index("}", i)
            out.append(chr(int(body[i + 3 : end], 16)))
            i = end + 1
        else:
            out.append(_RUST_ESCAPES.get(nxt, nxt))
            i += 2
    return "".join(out)


def _rust_tokens(
    text: str, marker: str, pattern: re.Pattern[str] = _RUST_TOKEN
) -> tuple[list[tuple[str, int]], list[str]]:
    """The tokens of ``text`` from the first ``marker`` on (all of it without one), comments
    left out: with their offsets, and alone."""
    start = text.find(marker)
    spans = [(m.group(), m.start()) for m in pattern.finditer(text, max(start, 0))]
    spans = [s for s in spans if not s[0].startswith(("//", "/*"))]
    return spans, [tok for tok, _ in spans]


def cc_toolgate_corpora(text: str) -> list[Corpus]:
    """cc-toolgate's disposition spec (``tests/disposition_spec.rs``), tokenised, never compiled
    or run: each ``const NAME: &[(&str, Decision)] = &[...]`` table that the spec checks with
    ``assert_table`` (``cc_toolgate::evaluate`` with the embedded default configuration) gives
    one case per ``("command", Decision)`` pair, in the set of its decision. Tables checked
    against a custom registry or configuration (escalate-deny, env-gated tools, accumulated
    environment) are not read. An entry whose command is not one string literal or whose
    decision is unknown is skipped and counted (with the harmful set)."""
    owner = "peer:cc-toolgate"
    sets = {k: Corpus(name, owner, harm) for k, (name, harm) in CC_TOOLGATE_DECISIONS.items()}
    checked = set(re.findall(r"\bassert_table\(\s*([A-Z][A-Z0-9_]*)\b", text))
    spans = [(m.group(), m.start()) for m in _RUST_TOKEN.finditer(text)]
    spans = [s for s in spans if not s[0].startswith(("//", "/*"))]
    tokens = [tok for tok, _ in spans]
    for k in range(len(tokens) - 2):
        if tokens[k] != "const" or tokens[k + 1] not in checked:
            continue
        start = tokens.index("=", k) + 1
        if tokens[start : start + 2] != ["&", "["]:
            continue
        depth, entry, first = 0, [], start
        for j in range(start + 2, len(tokens)):
            tok = tokens[j]
            if tok == "(" and depth == 0:
                entry, first = [], j + 1
            elif tok == ")" and depth == 1:
                fields = [t for t in entry if t != ","]
                decision = fields[-1] if fields else ""
                target = sets.get(decision, sets["Deny"])
                command = _rust_string(fields[0]) if len(fields) == 2 else None
                if decision not in sets or command is None:
                    target.skipped += 1
                else:
                    line = text.count("\n", 0, spans[first][1]) + 1
                    target.cases.append(Case(command, target.harmful, CC_TOOLGATE_CASES, line))
            elif depth == 1:
                entry.append(tok)
            if tok in "([{":
                depth += 1
            elif tok in ")]}":
                depth -= 1
                if depth < 0:
                    break
    return list(sets.values())


SHUSH_CASES = "test"
SHUSH_GOLDEN = "test/fixtures/composition-golden.txt"
SHUSH_PROJECT = "/tmp/project"
"""The working directory ``test/eval-helpers.ts``'s ``bash()`` gives every case."""
SHUSH_STRICTNESS = ("allow", "context", "ask", "block")
"""shush's four decisions, least strict first: ``context`` runs after a path check (the hook
answers ``allow``), ``ask`` prompts the person, ``block`` denies."""
SHUSH_SETS = {
    frozenset({"block"}): "block",
    frozenset({"ask"}): "review",
    frozenset({"ask", "block"}): "review",
    frozenset({"context", "ask", "block"}): "review",
    frozenset({"allow"}): "allow",
    frozenset({"context"}): "context",
    frozenset({"allow", "context"}): "context",
}
"""Which set a case joins, by the decisions its assertions leave possible. ``not.toBe("allow")``
leaves ``context`` too (which the hook lets run); it is read as the review set all the same."""
_SHUSH_TOKEN = re.compile(r"/\*.*?\*/|" + _JS_TOKEN.pattern, re.S)
_SHUSH_HELPER = re.compile(r"import\s*\{[^}]*\bbash\b[^}]*\}\s*from\s*\"\./eval-helpers\"")


def _shush_tokens(text: str) -> list[tuple[str, int]]:
    """``text``'s tokens with their offsets, comments and trailing commas (``f(a, )``, as a
    formatter wraps a long call) left out."""
    spans = [(m.group(), m.start()) for m in _SHUSH_TOKEN.finditer(text)]
    spans = [s for s in spans if not s[0].startswith(("//", "/*"))]
    kept = []
    for k, span in enumerate(spans):
        following = spans[k + 1][0] if k + 1 < len(spans) else ""
        if span[0] != "," or following not in {")", "]", "}"}:
            kept.append(span)
    return kept


def _shush_close(tokens: list[str], opening: int) -> int:
    """The index of the bracket closing the one at ``opening`` (or of the last token)."""
    depth = 0
    for k in range(opening, len(tokens)):
        depth += (tokens[k] in "([{") - (tokens[k] in ")]}")
        if depth == 0:
            return k
    return len(tokens) - 1


def _shush_decisions(tokens: list[str], k: int) -> frozenset[str] | None:
    """The decisions a matcher at ``tokens[k]`` (after ``expect(X.decision)``) leaves possible:
    ``.toBe(D)``, ``.not.toBe(D)``, ``.toMatch(/a|b/)``; ``None`` for any other matcher."""
    every = frozenset(SHUSH_STRICTNESS)
    named = _js_literal(tokens[k + 3], {}) if len(tokens) > k + 3 else None
    if tokens[k : k + 3] == [".", "toBe", "("] and tokens[k + 4 : k + 5] == [")"]:
        return frozenset({str(named)}) if named in every else None
    negated = _js_literal(tokens[k + 5], {}) if len(tokens) > k + 5 else None
    if tokens[k : k + 5] == [".", "not", ".", "toBe", "("] and negated in every:
        return every - {negated}
    if tokens[k : k + 4] == [".", "toMatch", "(", "/"]:
        end = tokens.index("/", k + 4) if "/" in tokens[k + 4 :] else k + 4
        body = tokens[k + 4 : end]
        if tokens[end + 1 : end + 2] == [")"] and set(body[1::2]) <= {"|"}:
            return frozenset(body[::2]) if set(body[::2]) <= every else None
    return None


def _shush_at_least(tokens: list[str], k: int) -> frozenset[str] | None:
    """After ``X.decision`` inside ``expect(atLeast(X.decision, D)).toBe(true)``: the decisions
    as strict as ``D`` or stricter; ``None`` for another shape."""
    named = _js_literal(tokens[k + 1], {}) if len(tokens) > k + 1 else None
    if tokens[k : k + 1] != [","] or named not in SHUSH_STRICTNESS:
        return None
    if tokens[k + 2 : k + 9] != [")", ")", ".", "toBe", "(", "true", ")"]:
        return None
    return frozenset(SHUSH_STRICTNESS[SHUSH_STRICTNESS.index(str(named)) :])


def _shush_variable(tokens: list[str], name: str, start: int) -> frozenset[str] | None:
    """The decisions left possible by every assertion on ``name.decision`` from ``start`` to the
    end of the enclosing block; ``None`` when none is asserted or one is of an unknown shape."""
    end, depth = len(tokens), 0
    for k in range(start, len(tokens)):
        depth += (tokens[k] in "([{") - (tokens[k] in ")]}")
        if depth < 0:
            end = k
            break
    possible, asserted = frozenset(SHUSH_STRICTNESS), False
    for k in range(start, end - 3):
        if tokens[k : k + 3] != [name, ".", "decision"]:
            continue
        before, after = tokens[k - 2 : k], k + 3
        if before == ["expect", "("] and tokens[after : after + 1] == [")"]:
            found = _shush_decisions(tokens, after + 1)
        elif before == ["atLeast", "("] and tokens[k - 4 : k - 2] == ["expect", "("]:
            found = _shush_at_least(tokens, after)
        elif before == ["toContain", "("] and tokens[k - 3] == ".":
            listed = tokens[k - 4]
            opening = next((j for j in range(k - 5, start, -1) if tokens[j] == "["), start)
            values = [_js_literal(t, {}) for t in tokens[opening + 1 : k - 5] if t != ","]
            known = tokens[opening - 2 : opening] == ["expect", "("] and listed == ")"
            found = frozenset(str(v) for v in values) if known and values else None
            if found is not None and not found <= set(SHUSH_STRICTNESS):
                found = None
        else:
            found = None
        if found is None:
            return None
        possible, asserted = possible & found, True
    return possible if asserted else None


def _shush_arrays(tokens: list[str]) -> dict[str, list[tuple[int, list[tuple[str | None, int]]]]]:
    """Each ``const NAME = [...]`` array (a type annotation allowed), by name, with the token
    index of each declaration (a name is declared again in another ``describe`` block): for
    each element, its string literal, or the first one of a tuple element, else ``None``;
    with its token index."""
    arrays: dict[str, list[tuple[int, list[tuple[str | None, int]]]]] = {}
    for k in range(len(tokens) - 3):
        if tokens[k] != "const" or not re.fullmatch(r"[A-Za-z_$][\w$]*", tokens[k + 1]):
            continue
        sign = tokens.index("=", k) if "=" in tokens[k : k + 12] else -1
        if sign < 0 or tokens[sign + 1] != "[" or (sign > k + 2 and tokens[k + 2] != ":"):
            continue
        close = _shush_close(tokens, sign + 1)
        elements: list[tuple[str | None, int]] = []
        j = sign + 2
        while j < close:
            first = j
            while j < close and tokens[j] != ",":
                j = _shush_close(tokens, j) + 1 if tokens[j] in "([{" else j + 1
            part = tokens[first:j]
            if part and part[0] == "[" and len(part) > 2 and part[2] in {",", "]"}:
                elements.append((_js_literal(part[1], {}) if part[1][0] in "'\"`" else None, first))
            elif len(part) == 1:
                elements.append((_js_literal(part[0], {}) if part[0][0] in "'\"`" else None, first))
            elif part:
                elements.append((None, first))
            j += 1
        arrays.setdefault(tokens[k + 1], []).append((k, elements))
    return arrays


def _shush_loops(tokens: list[str]) -> list[tuple[str, str, int, int]]:
    """Each ``for (const V of NAME)`` or ``for (const [V, ...] of NAME)`` loop: (V, NAME, first
    and last token of its body)."""
    loops = []
    for k in range(len(tokens) - 6):
        if tokens[k : k + 3] != ["for", "(", "const"]:
            continue
        head_end = _shush_close(tokens, k + 1)
        head = tokens[k + 3 : head_end]
        if len(head) < 3 or head[-2] != "of":
            continue
        var = head[1] if head[0] == "[" else head[0]
        body_end = _shush_close(tokens, head_end + 1) if tokens[head_end + 1] == "{" else head_end
        loops.append((var, head[-1], head_end + 1, body_end))
    return loops


def _shush_possible(tokens: list[str], b: int, close: int) -> frozenset[str] | None:
    """The decisions left possible for the ``bash(...)`` call from ``tokens[b]`` to
    ``tokens[close]``: asserted in place, through ``atLeast``, or on the name it is bound to."""
    after = tokens[close + 1 : close + 4]
    if tokens[b - 2 : b] == ["expect", "("] and after == [".", "decision", ")"]:
        return _shush_decisions(tokens, close + 4)
    if tokens[b - 2 : b] == ["atLeast", "("] and after[:2] == [".", "decision"]:
        return _shush_at_least(tokens, close + 3)
    if b >= 3 and tokens[b - 1] == "=" and tokens[b - 3] in {"const", "let"}:
        return _shush_variable(tokens, tokens[b - 2], close + 1)
    return None


def shush_corpora(sources: list[tuple[str, str]], golden: str) -> list[Corpus]:
    """shush's tests (``test/*.test.ts`` that import ``bash`` from ``./eval-helpers``),
    tokenised, never run: each ``bash(...)`` call with one argument (shush's default
    configuration) whose ``.decision`` is asserted is a case, its command the call's string
    literal or, inside a ``for (const cmd of ARRAY)`` loop, each row of that array. What the
    assertions on it leave possible (``expect(bash(c).decision).toBe(D)`` or ``.not.toBe(D)``
    or ``.toMatch(/a|b/)``, ``expect(atLeast(bash(c).decision, D)).toBe(true)``, the same on a
    ``const r = bash(c)`` in the test, ``expect([...]).toContain(r.decision)``) picks its set by
    :data:`SHUSH_SETS`. Every line of the golden list (``composition-golden.txt``, asserted
    ``allow`` or ``context``) is everyday. The fixture working directory is written as the
    bench's project (:data:`PROJECT`), the only change made to a case. Skipped and counted (in
    the set the assertion names, else with the harmful set): a call with a second argument (a
    per-test configuration), one whose decision is not asserted, is asserted equal to another
    call's (parity tests) or per row of its loop, or leaves another mix possible
    (``not.toBe("block")``; ``not.toBe("allow")`` with ``not.toBe("block")``), and a command
    that is not a string literal."""
    owner = "peer:shush"
    sets = {
        "block": Corpus("harmful (block) held-out", owner, True),
        "review": Corpus("asks a human or blocks (ask) held-out", owner, True),
        "allow": Corpus("everyday (allow) held-out", owner, False),
        "context": Corpus("allowed after a path check (context) held-out", owner, False),
        "golden": Corpus("everyday (golden compound list) held-out", owner, False),
    }

    def add(key: str, command: str | None, source: str, line: int) -> None:
        if command is None or not command.strip():
            sets[key].skipped += 1
            return
        command = re.sub(re.escape(SHUSH_PROJECT) + r"(?![\w.-])", str(PROJECT), command)
        sets[key].cases.append(Case(command, sets[key].harmful, source, line))

    for path, text in sources:
        if not _SHUSH_HELPER.search(text):
            continue
        spans = _shush_tokens(text)
        tokens = [tok for tok, _ in spans]
        arrays, loops = _shush_arrays(tokens), _shush_loops(tokens)
        for b in range(1, len(tokens) - 1):
            if tokens[b : b + 2] != ["bash", "("] or tokens[b - 1] in {".", "function"}:
                continue
            close = _shush_close(tokens, b + 1)
            args = tokens[b + 2 : close]
            depth, commas = 0, 0
            for tok in args:
                depth += (tok in "([{") - (tok in ")]}")
                commas += depth == 0 and tok == ","
            configured = commas > 0
            possible = _shush_possible(tokens, b, close)
            key = SHUSH_SETS.get(possible) if possible is not None else None
            line = text.count("\n", 0, spans[b][1]) + 1
            if len(args) == 1 and args[0][0] not in "'\"`" and not configured:
                loop = [(n, f) for v, n, f, last in loops if v == args[0] and f < b < last]
                name, start = loop[-1] if loop else ("", 0)
                declared = [e for at, e in arrays.get(name, []) if at < start]
                rows = declared[-1] if declared else [(None, b)]
            else:
                literal = _js_literal(args[0], {}) if len(args) == 1 else None
                rows = [(literal, b)]
            for command, at in rows:
                if key is None or configured:
                    sets[key or "block"].skipped += 1
                    continue
                row_line = text.count("\n", 0, spans[at][1]) + 1 if at != b else line
                add(key, command, path, row_line)
    for n, raw in enumerate(golden.splitlines(), 1):
        entry = raw.strip()
        if entry and not entry.startswith("#"):
            add("golden", entry, SHUSH_GOLDEN, n)
    return list(sets.values())


ROUND11_PEERS = ("aegis-shellguard",)
"""Peers read for round 11 of issue 30 (2026-12-04), never tuned against: held out whole, like
round 7's to 10's (rows only with ``--held-out``, cases never printed by ``--misses``).
bashguard, read then too, was held out for round 11's first measure and is tuned on from round
11b (section ``bashguard``); terminal-security, held out in round 11's to 24's measures, is
tuned on from round 25 (section ``terminal-security``)."""
ROUND11_SECTION = "round11"

TERMINAL_SECURITY_CASES = "packages/terminal-security/test/terminalCommandSecurity.test.ts"
TERMINAL_SECURITY_SETS = {
    ("allowedWithoutPermission", "disabled"): "harmful",
    ("allowedWithPermission", "disabled"): "harmful",
    ("allowedWithoutPermission", "allowedWithPermission"): "asks",
    ("allowedWithoutPermission", "allowedWithoutPermission"): "everyday",
    ("allowedWithPermission", "allowedWithPermission"): "kept",
}
"""(base policy, asserted policy) -> set. Continue's policies: ``allowedWithoutPermission`` runs
without asking, ``allowedWithPermission`` asks a person, ``disabled`` refuses."""
TERMINAL_SECURITY_NOT_READ = "Windows-specific"
"""The title of the ``describe`` block of Windows ``cmd``/PowerShell commands, not read (as
tirith's and ai-dev-foundry's Windows cases are not)."""


def terminal_security_corpora(text: str) -> list[Corpus]:
    """Continue's terminal-command security tests (``@continuedev/terminal-security``),
    tokenised, never run: each ``const R = evaluateTerminalCommandSecurity(BASE, COMMAND)``
    whose ``R`` is then asserted with ``expect(R).toBe(POLICY)`` is a case, in the set
    :data:`TERMINAL_SECURITY_SETS` gives (BASE, POLICY). The function keeps the base policy,
    raises it to ``allowedWithPermission`` for a risky command and to ``disabled`` for a
    critical one: from the base ``allowedWithoutPermission`` the asserted policy is the peer's
    label (``disabled`` harmful, ``allowedWithPermission`` asks a human,
    ``allowedWithoutPermission`` everyday); from the base ``allowedWithPermission`` a test that
    the policy stays says only that the command is not critical (a "not refused" set, like
    nah's delegate set). Skipped and counted: another (BASE, POLICY) (a base of ``disabled``
    decides by itself; with the harmful set), the block of Windows commands, and a command that
    is not one string literal or is blank."""
    owner = "peer:terminal-security"
    sets = {
        key: Corpus(name, owner, harm)
        for key, (name, harm) in {
            "harmful": ("harmful (disabled) held-out", True),
            "asks": ("asks a human (allowedWithPermission) held-out", True),
            "everyday": ("everyday (allowedWithoutPermission) held-out", False),
            "kept": ("not refused (allowedWithPermission kept) held-out", False),
        }.items()
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    windows: list[tuple[int, int]] = []
    for k in range(len(tokens) - 2):
        title = _js_literal(tokens[k + 2], {}) if tokens[k + 2][0] in "'\"`" else None
        if tokens[k : k + 2] == ["describe", "("] and title == TERMINAL_SECURITY_NOT_READ:
            windows.append((k, _shush_close(tokens, k + 1)))
    for k in range(3, len(tokens) - 1):
        call = ["const", tokens[k - 2], "=", "evaluateTerminalCommandSecurity", "("]
        if tokens[k - 3 : k + 2] != call:
            continue
        name, close = tokens[k - 2], _shush_close(tokens, k + 1)
        args = tokens[k + 2 : close]
        base = _js_literal(args[0], {}) if args and args[0][0] in "'\"`" else None
        literal = len(args) == 3 and args[1] == "," and args[2][0] in "'\"`"
        command = _js_literal(args[2], {}) if literal else None
        expected = None
        for j in range(close, len(tokens) - 8):
            if tokens[j] == "evaluateTerminalCommandSecurity":
                break
            if tokens[j : j + 4] == ["expect", "(", name, ")"]:
                if tokens[j + 4 : j + 7] == [".", "toBe", "("] and tokens[j + 8] == ")":
                    expected = _js_literal(tokens[j + 7], {})
                break
        key = TERMINAL_SECURITY_SETS.get((str(base), str(expected)))
        target = sets[key or "harmful"]
        windows_case = any(a < k < b for a, b in windows)
        if key is None or windows_case or command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[k][1]) + 1
        target.cases.append(Case(command, target.harmful, TERMINAL_SECURITY_CASES, line))
    return list(sets.values())


BASHGUARD_CASES = "tests/corpus.yaml"


def bashguard_corpora(text: str) -> list[Corpus]:
    """bashguard's regression corpus (``tests/corpus.yaml``, the list its ``test_corpus.py``
    runs through its auditor and default policy), read with :mod:`yaml`: each entry's
    ``command`` is a case in the set of its ``expected_verdict``: ``block`` **harmful**,
    ``allow`` **everyday**. An entry without a string command, or with another verdict (its
    schema names ``confirm``, asks a person; none at the named commit), is skipped and counted
    with the harmful set."""
    owner = "peer:bashguard"
    blocked = Corpus("harmful (block) held-out", owner, True)
    allowed = Corpus("everyday (allow) held-out", owner, False)
    for item, line in _yaml_items(text, None):
        entry = item if isinstance(item, dict) else {}
        verdict, command = entry.get("expected_verdict"), entry.get("command")
        target = allowed if verdict == "allow" else blocked
        if verdict not in {"block", "allow"} or not isinstance(command, str) or not command:
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, BASHGUARD_CASES, line))
    return [blocked, allowed]


AEGIS_SHELLGUARD_CASES = "crates/aegis-scanner/src/scanner/tests"
AEGIS_SHELLGUARD_LEVELS = {"Block": "harmful", "Danger": "asks", "Warn": "asks", "Safe": "everyday"}
"""Aegis's risk levels: ``Block`` is refused without a prompt, ``Danger`` and ``Warn`` pause
for a person's approval (a review set), ``Safe`` runs."""
_RUST_CASE_TOKEN = re.compile(r"'(?:[^'\\\n]|\\.)'|" + _RUST_TOKEN.pattern)


def aegis_shellguard_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """Aegis's scanner tests (``crates/aegis-scanner/src/scanner/tests/*.rs``), tokenised, never
    compiled or run: each string literal directly followed by ``, RiskLevel::LEVEL`` is a case,
    the command and the risk the test asserts the built-in patterns give it (the tables
    ``(command, level, ...)`` its loops assert equal to ``Scanner::assess``, and the helpers
    ``assert_assessment_matches_pattern(command, level, id)``): ``Block`` **harmful**,
    ``Danger`` or ``Warn`` **asks a human**, ``Safe`` **everyday**. Skipped and counted: a pair
    whose level is unknown (with the harmful set). Not read: asserts on a name bound elsewhere
    (``let a = s.assess("...")`` then ``assert_eq!(a.risk, ...)``, ``for cmd in [...]``) and
    comparisons (``a.risk < RiskLevel::Danger``)."""
    owner = "peer:aegis-shellguard"
    sets = {
        "harmful": Corpus("harmful (Block) held-out", owner, True),
        "asks": Corpus("asks a human (Danger or Warn) held-out", owner, True),
        "everyday": Corpus("everyday (Safe) held-out", owner, False),
    }
    for path, text in sources:
        spans = [(m.group(), m.start()) for m in _RUST_CASE_TOKEN.finditer(text)]
        spans = [s for s in spans if not s[0].startswith(("//", "/*"))]
        tokens = [tok for tok, _ in spans]
        for k in range(len(tokens) - 5):
            if tokens[k + 1 : k + 5] != [",", "RiskLevel", ":", ":"]:
                continue
            if not re.match(r'"|r#*"', tokens[k]):
                continue
            key = AEGIS_SHELLGUARD_LEVELS.get(tokens[k + 5])
            target = sets[key or "harmful"]
            command = _rust_string(tokens[k])
            if key is None or not command or not command.strip():
                target.skipped += 1
                continue
            line = text.count("\n", 0, spans[k][1]) + 1
            target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


ROUND12_PEERS = ("hex-claude-guard",)
"""Peers read for round 12 of issue 30 (2026-12-04), never tuned against: held out whole, like
round 7's to 11's (rows only with ``--held-out``, cases never printed by ``--misses``).
zeptoclaw, read then too, was held out for round 12's first measure and is tuned on from round
12b (section ``zeptoclaw``); deny-dangerous, held out in round 12's to 17's measures, is tuned on
from round 18 (section ``deny-dangerous``); acai, held out in round 12's to 24's measures, is
tuned on from round 25 (section ``acai``)."""
ROUND12_SECTION = "round12"

HEX_CLAUDE_GUARD_CASES = "tests"
HEX_CLAUDE_GUARD_ASSERTS = {
    "assert_denied": "harmful",
    "assert_asks": "asks",
    "assert_allowed": "everyday",
}
"""hex/claude-guard's test helpers, each running the hook on one command with its shipped
packs and asserting its answer: ``deny`` (tier 1, refused), ``ask`` (tier 2, a person
confirms), no answer (allowed)."""


def hex_claude_guard_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """hex/claude-guard's tests (``tests/test_*.py``), parsed with :mod:`ast`, never run: each
    call ``assert_denied(self, COMMAND)``, ``assert_asks(self, COMMAND)`` or
    ``assert_allowed(self, COMMAND)`` is a case in the set :data:`HEX_CLAUDE_GUARD_ASSERTS`
    names (**harmful**, **asks a human**, **everyday**). The helpers feed the command to the
    hook script as a Bash tool call with the shipped packs and no configuration. Skipped and
    counted: a call whose command is not one string literal, or is blank. Not read: calls of
    ``run_guard`` followed by other asserts (the explanation printed on stderr, a non-Bash tool,
    invalid input)."""
    owner = "peer:hex-claude-guard"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    for path, text in sources:
        calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)]
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
            if not isinstance(node.func, ast.Name):
                continue
            key = HEX_CLAUDE_GUARD_ASSERTS.get(node.func.id)
            if key is None:
                continue
            target = sets[key]
            command = _literal(node.args[1]) if len(node.args) > 1 else None
            if not isinstance(command, str) or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, path, node.lineno))
    return list(sets.values())


ACAI_CASES = "test/utils/command-protection.test.ts"
ACAI_DETECTOR = "detectDestructiveCommand"


def acai_corpora(text: str) -> list[Corpus]:
    """acai's tests of its destructive-command detector (``command-protection.test.ts``),
    tokenised, never run: each ``const R = detectDestructiveCommand(COMMAND)`` whose ``R`` is
    then asserted with ``assert.strictEqual(R.blocked, true|false)`` is a case, ``true``
    **harmful** (acai refuses the command), ``false`` **not blocked**; when ``COMMAND`` is the
    variable of a ``for (const V of ARRAY)`` loop, each string literal of the array is a case.
    The detector is acai's only verdict on a command's harm, so "not blocked" says what it lets
    through, not that the command is ordinary (read like nah's delegate set). Skipped and
    counted: a call whose command is not a string literal (a template with an expression) or is
    blank, or whose assertion is of another shape."""
    owner = "peer:acai"
    blocked = Corpus("harmful (blocked) held-out", owner, True)
    passed = Corpus("not blocked (blocked: false) held-out", owner, False)
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    arrays = _shush_arrays(tokens)
    loops = _shush_loops(tokens)
    for k in range(3, len(tokens) - 1):
        if tokens[k : k + 2] != [ACAI_DETECTOR, "("]:
            continue
        close = _shush_close(tokens, k + 1)
        args = tokens[k + 2 : close]
        expected = None
        if tokens[k - 3] in {"const", "let"} and tokens[k - 1] == "=":
            name = tokens[k - 2]
            for j in range(close, len(tokens) - 8):
                if tokens[j : j + 3] == [name, ".", "blocked"]:
                    if tokens[j - 4 : j] == ["assert", ".", "strictEqual", "("]:
                        expected = tokens[j + 4] if tokens[j + 3] == "," else None
                    break
        target = passed if expected == "false" else blocked
        commands: list[tuple[str | None, int]] = []
        if len(args) == 1 and args[0][0] in "'\"`":
            commands = [(_js_literal(args[0], {}), spans[k][1])]
        elif len(args) == 1:
            loop = next((lp for lp in loops if lp[0] == args[0] and lp[2] < k <= lp[3]), None)
            declared = arrays.get(loop[1], []) if loop else []
            elements = max((d for d in declared if d[0] < k), default=(0, []))[1]
            commands = [(value, spans[j][1]) for value, j in elements]
        if expected not in {"true", "false"} or not commands:
            target.skipped += max(1, len(commands))
            continue
        for command, offset in commands:
            if command is None or not command.strip():
                target.skipped += 1
                continue
            line = text.count("\n", 0, offset) + 1
            target.cases.append(Case(command, target.harmful, ACAI_CASES, line))
    return [blocked, passed]


DENY_DANGEROUS_CASES = "hooks/test-guard.sh"
DENY_DANGEROUS_LABELS = {"block": "harmful", "allow": "everyday"}
"""The expectations ``check`` takes in davidondrej/skills' guard test: ``block`` (the hook
exits 2, or answers ``deny`` in its Cursor mode) and ``allow``."""


def deny_dangerous_corpora(text: str) -> list[Corpus]:
    """davidondrej/skills' test of its ``deny-dangerous.sh`` hook (``hooks/test-guard.sh``),
    parsed with tree-sitter-bash, never run: each top-level ``check EXPECTED COMMAND`` is a case
    in the set :data:`DENY_DANGEROUS_LABELS` names for ``EXPECTED`` (**harmful**,
    **everyday**). ``check`` runs the installed hook, with its shipped pattern file, on the
    command. Skipped and counted: a call with another expectation or another number of
    arguments, one carrying its own assignments or redirections, and a command bash would
    expand or that is blank."""
    owner = "peer:deny-dangerous"
    sets = {
        "harmful": Corpus("harmful (block) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    for line, _, args, prefixed in _sh_calls(text, frozenset({"check"}), ansi_c=True):
        key = DENY_DANGEROUS_LABELS.get(str(args[0])) if args else None
        target = sets[key or "harmful"]
        command = args[1] if len(args) == 2 else None
        if key is None or prefixed or command is None or not command.strip():
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, DENY_DANGEROUS_CASES, line))
    return list(sets.values())


ZEPTOCLAW_CASES = "src/security/shell.rs"
ZEPTOCLAW_DEFAULTS = (
    ["ShellSecurityConfig", ":", ":", "new", "(", ")"],
    ["ShellSecurityConfig", ":", ":", "default", "(", ")"],
)
"""The constructors of zeptoclaw's shell security configuration with its shipped rules."""


def zeptoclaw_corpora(text: str) -> list[Corpus]:
    """zeptoclaw's shell-security tests (the test module of ``src/security/shell.rs``),
    tokenised, never compiled or run: each ``assert!(config.validate_command(COMMAND).is_err())``
    is **harmful** (the shell tool refuses it), each ``.is_ok()`` **not blocked**, when
    ``config`` was last bound in that test to the shipped rules (:data:`ZEPTOCLAW_DEFAULTS`).
    zeptoclaw's blocklist is its only verdict on a command's harm, so "not blocked" is read like
    nah's delegate set. Skipped and counted: a call on a configuration the test built (its own
    allowlist, blocked literal or pattern, the permissive one), a command that is not one string
    literal or is blank, another assertion shape."""
    owner = "peer:zeptoclaw"
    refused = Corpus("harmful (Err) held-out", owner, True)
    passed = Corpus("not blocked (Ok) held-out", owner, False)
    spans, tokens = _rust_tokens(text, "#[cfg(test)]", _RUST_CASE_TOKEN)
    config: list[str] = []
    for k in range(2, len(tokens) - 1):
        if tokens[k] == "fn":
            config = []
        if tokens[k - 1 : k + 2] == ["let", "config", "="]:
            end = tokens.index(";", k)
            config = tokens[k + 2 : end]
        if tokens[k - 2 : k + 2] != ["config", ".", "validate_command", "("]:
            continue
        close = _shush_close(tokens, k + 1)
        verdict = tokens[close + 1 : close + 5]
        target = passed if verdict == [".", "is_ok", "(", ")"] else refused
        args = tokens[k + 2 : close]
        command = _rust_string(args[0]) if len(args) == 1 else None
        known = verdict in ([".", "is_err", "(", ")"], [".", "is_ok", "(", ")"])
        asserted = tokens[k - 5 : k - 2] == ["assert", "!", "("]
        if config not in ZEPTOCLAW_DEFAULTS or not (known and asserted):
            target.skipped += 1
            continue
        if command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[k][1]) + 1
        target.cases.append(Case(command, target.harmful, ZEPTOCLAW_CASES, line))
    return [refused, passed]


ROUND13_PEERS = ("orchestkit",)
"""Peers read for round 13 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 12's (rows only with ``--held-out``, cases never printed by ``--misses``).
gatekeeper, read then too, was held out for round 13's first measure and is tuned on from round
13b (section ``gatekeeper``); opencode-damage-control, held out in round 13's to 21's measures,
from round 22 (section ``opencode-damage-control``); leash, held out in round 13's to 22's
measures, from round 23 (section ``leash``)."""
ROUND13_SECTION = "round13"


def _block_end(tokens: list[str], start: int) -> int:
    """The index of the bracket closing the block that encloses ``tokens[start]``."""
    depth = 0
    for k in range(start, len(tokens)):
        depth += (tokens[k] in "([{") - (tokens[k] in ")]}")
        if depth < 0:
            return k
    return len(tokens)


def _ts_rows(tokens: list[str], opening: int) -> list[tuple[list[str | None], int]]:
    """The rows of the array literal opening at ``tokens[opening]``: for each element, the
    values of a tuple element (``['a', 'b']``) or of a lone string literal, ``None`` where an
    element is not one string literal; with the element's token index."""
    close = _shush_close(tokens, opening)
    rows: list[tuple[list[str | None], int]] = []
    j = opening + 1
    while j < close:
        first = j
        while j < close and tokens[j] != ",":
            j = _shush_close(tokens, j) + 1 if tokens[j] in "([{" else j + 1
        part = tokens[first:j]
        if part and part[0] == "[":
            inner = part[1:-1]
            values: list[str | None] = []
            for n in range(0, len(inner), 2):
                one = inner[n] if n + 1 >= len(inner) or inner[n + 1] == "," else ""
                values.append(_js_literal(one, {}) if one[:1] in {"'", '"', "`"} else None)
            rows.append((values, first))
        elif len(part) == 1 and part[0][0] in "'\"`":
            rows.append(([_js_literal(part[0], {})], first))
        elif part:
            rows.append(([None], first))
        j += 1
    return rows


def _ts_declared(tokens: list[str], name: str, before: int) -> int | None:
    """The ``[`` opening the last ``const NAME = [...]`` (a type annotation allowed) declared
    before ``tokens[before]``, else ``None``."""
    for k in range(before - 1, -1, -1):
        if tokens[k : k + 2] != ["const", name]:
            continue
        sign = tokens.index("=", k) if "=" in tokens[k : k + 16] else -1
        return sign + 1 if sign > 0 and tokens[sign + 1] == "[" else None
    return None


def _ts_bindings(tokens: list[str]) -> list[tuple[str, int, int, int, int]]:
    """Where a name takes values from an array: each ``for (const V of X)`` loop and each
    ``it.each(X)(TITLE, (P0, P1) => ...)`` callback, ``X`` an array literal or a ``const``
    array: (name, index of its value in a row, the ``[`` opening the rows, first and last token
    of the body)."""
    found = []
    for k in range(len(tokens) - 8):
        if tokens[k : k + 3] == ["for", "(", "const"]:
            head_end = _shush_close(tokens, k + 1)
            names, source = [tokens[k + 3]], k + 5
            if tokens[k + 3] == "[":
                names_end = _shush_close(tokens, k + 3)
                names, source = tokens[k + 4 : names_end : 2], names_end + 2
            if tokens[source - 1] != "of" or source >= head_end:
                continue
            opening = source if tokens[source] == "[" else _ts_declared(tokens, tokens[source], k)
            body_end = _shush_close(tokens, head_end + 1)
            if opening is not None:
                for index, name in enumerate(names):
                    found.append((name, index, opening, head_end + 1, body_end))
        if tokens[k : k + 4] == ["it", ".", "each", "("]:
            close = _shush_close(tokens, k + 3)
            source = k + 4
            opening = source if tokens[source] == "[" else _ts_declared(tokens, tokens[source], k)
            if tokens[close + 1 : close + 2] != ["("] or opening is None:
                continue
            call_end = _shush_close(tokens, close + 1)
            p_open = next((j for j in range(close + 2, call_end) if tokens[j] == "("), call_end)
            p_close = _shush_close(tokens, p_open)
            params, depth, at_start = [], 0, True
            for tok in tokens[p_open + 1 : p_close]:
                if at_start and depth == 0:
                    params.append(tok)
                at_start = tok == "," and depth == 0
                depth += (tok in "([{<") - (tok in ")]}>")
            for index, name in enumerate(params):
                found.append((name, index, opening, p_close, call_end))
    return found


def _ts_command_values(
    tokens: list[str], args: list[str], k: int, bindings: list[tuple[str, int, int, int, int]]
) -> list[tuple[str | None, int]] | None:
    """The commands one argument (``args``) stands for at ``tokens[k]``: a string literal, a
    ``+`` of string literals, or a name bound by an enclosing loop or ``it.each`` (each row's
    value, with its token index); ``None`` for any other argument."""
    if args and all(t[0] in "'\"`" for t in args[::2]) and set(args[1::2]) <= {"+"}:
        parts = [_js_literal(t, {}) for t in args[::2]]
        joined = None if None in parts else "".join(str(p) for p in parts)
        return [(joined, k)]
    if len(args) != 1:
        return None
    enclosing = [b for b in bindings if b[0] == args[0] and b[3] < k <= b[4]]
    if not enclosing:
        return None
    _, index, opening, _, _ = max(enclosing, key=lambda b: b[3])
    rows = _ts_rows(tokens, opening)
    return [(values[index] if index < len(values) else None, j) for values, j in rows]


def _ts_take(
    target: Corpus,
    commands: list[tuple[str | None, int]] | None,
    known: bool,
    where: tuple[str, list[tuple[str, int]], str],
) -> None:
    """Add to ``target`` each command one asserted call stands for (``commands``, from
    :func:`_ts_command_values`), with its line in the file ``where`` names (its text, its
    tokens' spans, its path); a call whose label is not ``known`` or whose commands are not
    known, and each blank or unknown command, is skipped and counted."""
    text, spans, source = where
    if not known or not commands:
        target.skipped += max(1, len(commands or []))
        return
    for command, j in commands:
        if command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[j][1]) + 1
        target.cases.append(Case(command, target.harmful, source, line))


GATEKEEPER_CASES = "plugins/gatekeeper/src/pre-tool-use.test.ts"
GATEKEEPER_HELPERS = {
    "expectDeny": "harmful",
    "expectPassthrough": "review",
    "expectAllow": "everyday",
}
"""Gatekeeper's test helpers, each running its PreToolUse hook on one tool call and asserting
its answer: ``deny`` (its hard deny), no answer (passthrough: its soft deny or no rule, left to
its AI reviewer and Claude Code's prompt), ``allow`` (auto-approved)."""
GATEKEEPER_DECISIONS = {"hard_deny": "harmful", "soft_deny": "review", "allow": "everyday"}
"""The decisions its one-command classifier (``evaluateSingleCommand``) returns."""


def gatekeeper_corpora(text: str) -> list[Corpus]:
    """pleaseai/claude-code-plugins' Gatekeeper tests (``pre-tool-use.test.ts``), tokenised,
    never run: each ``expectDeny(bash(COMMAND))``, ``expectPassthrough(bash(COMMAND))`` or
    ``expectAllow(bash(COMMAND))`` is a case in the set :data:`GATEKEEPER_HELPERS` names
    (**harmful**, **left to review**, **everyday**); when ``COMMAND`` is the variable of a
    ``for (const V of ARRAY)`` loop, each string of the array is a case. The classifier's own
    asserts count the same way: ``expect(evaluateSingleCommand(C)).toBeNull()`` is left to
    review, ``const r = evaluateSingleCommand(C)`` with ``expect(r!.decision).toBe(D)`` goes by
    :data:`GATEKEEPER_DECISIONS`. Skipped and counted: a command that is not a string literal
    or is blank, another assertion shape. Not read: calls on other tools' inputs (Write, Edit,
    WebFetch, hand-built inputs)."""
    owner = "peer:gatekeeper"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "review": Corpus("left to review (passthrough) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    bindings = _ts_bindings(tokens)
    for k in range(3, len(tokens) - 3):
        key = GATEKEEPER_HELPERS.get(tokens[k])
        if key is not None and tokens[k + 1] == "(" and tokens[k - 1] != "function":
            if tokens[k + 2 : k + 4] != ["bash", "("]:
                continue
            args = tokens[k + 4 : _shush_close(tokens, k + 3)]
        elif tokens[k : k + 2] == ["evaluateSingleCommand", "("]:
            close = _shush_close(tokens, k + 1)
            args = tokens[k + 2 : close]
            key = None
            if tokens[k - 2 : k] == ["expect", "("] and tokens[close + 1 : close + 5] == [
                ")",
                ".",
                "toBeNull",
                "(",
            ]:
                key = "review"
            elif tokens[k - 3] in {"const", "let"} and tokens[k - 1] == "=":
                name, end = tokens[k - 2], _block_end(tokens, close + 1)
                for j in range(close, end - 10):
                    if tokens[j : j + 6] == ["expect", "(", name, "!", ".", "decision"]:
                        if tokens[j + 6 : j + 10] == [")", ".", "toBe", "("]:
                            key = GATEKEEPER_DECISIONS.get(str(_js_literal(tokens[j + 10], {})))
                        break
        else:
            continue
        target = sets[key or "harmful"]
        commands = _ts_command_values(tokens, args, k, bindings)
        _ts_take(target, commands, key is not None, (text, spans, GATEKEEPER_CASES))
    return list(sets.values())


ORCHESTKIT_CASES = "src/hooks/src/__tests__/pretool/dangerous-command-blocker.test.ts"
ORCHESTKIT_DECISIONS = frozenset({"deny", "ask", "allow"})
"""The answers of OrchestKit's dangerous-command blocker: ``deny``, ``ask`` and, with no
decision in its output, allowed."""
ORCHESTKIT_SETS = {
    frozenset({"deny"}): "harmful",
    frozenset({"ask"}): "asks",
    frozenset({"allow"}): "everyday",
    frozenset({"allow", "ask"}): "not denied",
}
"""The set a case goes to by what its assertions leave possible."""
_ORCHESTKIT_DECISION = [".", "hookSpecificOutput", "?", ".", "permissionDecision"]


def _orchestkit_matcher(tokens: list[str], at: int) -> frozenset[str] | None:
    """The decisions a matcher at ``tokens[at]`` (after ``expect(R.hookSpecificOutput?.
    permissionDecision)``) leaves possible; ``None`` for another shape."""
    every = ORCHESTKIT_DECISIONS
    if tokens[at : at + 4] == [".", "toBeUndefined", "(", ")"]:
        return frozenset({"allow"})
    if tokens[at : at + 3] == [".", "toBe", "("] and tokens[at + 4 : at + 5] == [")"]:
        named = _js_literal(tokens[at + 3], {})
        return frozenset({str(named)}) if named in every else None
    if tokens[at : at + 5] == [".", "not", ".", "toBe", "("] and tokens[at + 6 : at + 7] == [")"]:
        named = _js_literal(tokens[at + 5], {})
        return every - {str(named)} if named in every else None
    return None


def _orchestkit_possible(tokens: list[str], name: str, start: int) -> frozenset[str] | None:
    """The decisions left possible by every assertion on the hook's result bound to ``name``,
    from ``start`` to the end of the enclosing block: ``expect(R.continue).toBe(false)`` (a
    deny), ``.toBe(true)`` (not a deny), matchers on ``R.hookSpecificOutput?.
    permissionDecision``, ``expect(R).toEqual({continue: true, suppressOutput: true})`` (no
    decision: allowed). Asserts on the reason or the stop message say nothing of the decision
    and are passed over; ``None`` when no decision is asserted or one is of another shape."""
    possible, asserted = ORCHESTKIT_DECISIONS, False
    for j in range(start, _block_end(tokens, start) - 3):
        if tokens[j : j + 3] != ["expect", "(", name]:
            continue
        found: frozenset[str] | None
        if tokens[j + 3 : j + 5] == [".", "continue"]:
            after = j + 7 if tokens[j + 5] == "," else j + 5
            verdict = tokens[after : after + 6]
            found = None
            if verdict[:4] == [")", ".", "toBe", "("] and verdict[5:] == [")"]:
                found = {"false": frozenset({"deny"}), "true": frozenset({"allow", "ask"})}.get(
                    verdict[4]
                )
        elif tokens[j + 3 : j + 8] == _ORCHESTKIT_DECISION:
            after = j + 10 if tokens[j + 8] == "," else j + 8
            found = _orchestkit_matcher(tokens, after + 1) if tokens[after] == ")" else None
        elif tokens[j + 3 : j + 7] == [")", ".", "toEqual", "("]:
            body = tokens[j + 7 : _shush_close(tokens, j + 6)]
            allowed = ["{", "continue", ":", "true", ",", "suppressOutput", ":", "true", "}"]
            found = frozenset({"allow"}) if body == allowed else None
        else:
            continue
        if found is None:
            return None
        possible, asserted = possible & found, True
    return possible if asserted else None


def orchestkit_corpora(text: str) -> list[Corpus]:
    """OrchestKit's tests of its dangerous-command blocker (``dangerous-command-blocker.test.
    ts``), tokenised, never run: each ``const R = dangerousCommandBlocker(createBashInput(C))``
    is a case, in the set :data:`ORCHESTKIT_SETS` names for what the assertions on ``R`` leave
    possible (:func:`_orchestkit_possible`): **harmful** (``deny``), **asks a human**
    (``ask``), **everyday** (no decision), **not denied** (``continue: true``, or ``not.toBe(
    'deny')``: allowed or asked). ``C`` is a string literal, a ``+`` of literals, or a name
    bound by an enclosing ``for (const V of ARRAY)`` or ``it.each(ROWS)`` (each row's value).
    The file's helpers (``const allows = (cmd) => {...}``) count the same way at each call.
    Skipped and counted (in the set the assertions name, else with the harmful set): a call in
    a permission mode the test sets (``createBashInput(C, {permissionMode})``), on an input
    built apart, a command that is not a string literal or is blank, assertions of another
    shape or another mix."""
    owner = "peer:orchestkit"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
        "not denied": Corpus("not denied (allow or ask) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    bindings = _ts_bindings(tokens)
    helpers: dict[str, tuple[str, int, int]] = {}
    for h in range(len(tokens) - 8):
        if tokens[h] == "const" and tokens[h + 2 : h + 4] == ["=", "("]:
            p_close = _shush_close(tokens, h + 3)
            if tokens[p_close + 1 : p_close + 4] == ["=", ">", "{"]:
                body_end = _shush_close(tokens, p_close + 3)
                helpers[tokens[h + 1]] = (tokens[h + 4], p_close + 3, body_end)
    decided: dict[str, frozenset[str] | None] = {}
    calls: list[tuple[int, list[str], frozenset[str] | None]] = []
    for k in range(3, len(tokens) - 4):
        if tokens[k : k + 2] != ["dangerousCommandBlocker", "("]:
            continue
        close = _shush_close(tokens, k + 1)
        bound = tokens[k - 3] in {"const", "let"} and tokens[k - 1] == "="
        inner = tokens[k + 2 : k + 4] == ["createBashInput", "("]
        args = tokens[k + 4 : _shush_close(tokens, k + 3)] if inner else []
        possible = _orchestkit_possible(tokens, tokens[k - 2], close + 1) if bound else None
        owner_helper = next(
            (n for n, (p, b, e) in helpers.items() if b < k < e and args == [p]), None
        )
        if owner_helper is not None:
            decided[owner_helper] = possible
            continue
        if not inner or "," in args or tokens[_shush_close(tokens, k + 3) + 1] != ")":
            sets["harmful"].skipped += 1
            continue
        calls.append((k, args, possible))
    for k in range(1, len(tokens) - 2):
        if tokens[k] in decided and tokens[k + 1] == "(" and tokens[k - 1] != "const":
            calls.append((k, tokens[k + 2 : _shush_close(tokens, k + 1)], decided[tokens[k]]))
    for k, args, possible in sorted(calls, key=lambda c: c[0]):
        key = ORCHESTKIT_SETS.get(possible) if possible is not None else None
        target = sets[key or "harmful"]
        commands = _ts_command_values(tokens, args, k, bindings)
        _ts_take(target, commands, key is not None, (text, spans, ORCHESTKIT_CASES))
    return list(sets.values())


LEASH_CASES = "packages/core/test/command-analyzer.test.js"


def leash_corpora(text: str) -> list[Corpus]:
    """leash's tests of its command analyzer (``command-analyzer.test.js``), tokenised, never
    run: each ``const R = analyzer.analyze(COMMAND)`` whose ``R`` is then asserted with
    ``assert.strictEqual(R.blocked, true|false)`` is a case, ``true`` **harmful** (leash
    refuses the command), ``false`` **not blocked**. The analyzer is built on the test's working
    directory and refuses what changes files outside it (and a few catastrophic commands), so
    "not blocked" says what it lets through, not that a command is ordinary (read like nah's
    delegate set). Skipped and counted: a command that is not a string literal or is blank,
    another assertion shape. Not read: ``analyzer.validatePath`` (a path, not a command)."""
    owner = "peer:leash"
    blocked = Corpus("harmful (blocked) held-out", owner, True)
    passed = Corpus("not blocked (blocked: false) held-out", owner, False)
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    bindings = _ts_bindings(tokens)
    for k in range(3, len(tokens) - 3):
        if tokens[k - 2 : k + 2] != ["analyzer", ".", "analyze", "("]:
            continue
        close = _shush_close(tokens, k + 1)
        expected = None
        if tokens[k - 5] in {"const", "let"} and tokens[k - 3] == "=":
            name = tokens[k - 4]
            for j in range(close, _block_end(tokens, close + 1) - 8):
                if tokens[j : j + 8] == [
                    "assert",
                    ".",
                    "strictEqual",
                    "(",
                    name,
                    ".",
                    "blocked",
                    ",",
                ]:
                    expected = tokens[j + 8] if tokens[j + 9 : j + 10] == [")"] else None
                    break
        target = passed if expected == "false" else blocked
        commands = _ts_command_values(tokens, tokens[k + 2 : close], k, bindings)
        _ts_take(target, commands, expected in {"true", "false"}, (text, spans, LEASH_CASES))
    return [blocked, passed]


DAMAGE_CONTROL_CASES = "src/patterns.test.ts"
DAMAGE_CONTROL_CHECKS = {
    "matchPattern": "DEFAULT_PATTERNS",
    "checkShellPathViolation": "DEFAULT_PROTECTED_PATHS",
}
"""opencode-damage-control's two checks of a shell command, each with its shipped list: its
patterns (a match's ``action`` is ``block`` or ``ask``) and its protected paths (a violation
blocks)."""
DAMAGE_CONTROL_ACTIONS = {"block": "harmful", "ask": "asks"}


def _damage_control_key(tokens: list[str], k: int, close: int) -> str | None:
    """The set a check's call at ``tokens[k]`` (its arguments closing at ``close``) goes to by
    what is asserted of its result: ``assert.equal(R.pattern.action, A)`` by
    :data:`DAMAGE_CONTROL_ACTIONS`, ``assert.ok(R)`` on a path violation harmful,
    ``assert.equal(R, null)`` (nothing matched) everyday; ``None`` for another shape."""
    if tokens[k - 4 : k] == ["assert", ".", "equal", "("] and tokens[close + 1 : close + 3] == [
        ",",
        "null",
    ]:
        return "everyday"
    if not (tokens[k - 3] in {"const", "let"} and tokens[k - 1] == "="):
        return None
    name, key = tokens[k - 2], None
    for j in range(close, _block_end(tokens, close + 1) - 5):
        if tokens[j : j + 5] == ["assert", ".", "equal", "(", name]:
            if tokens[j + 5 : j + 7] == [",", "null"]:
                return "everyday"
            if tokens[j + 5 : j + 10] == [".", "pattern", ".", "action", ","]:
                return DAMAGE_CONTROL_ACTIONS.get(str(_js_literal(tokens[j + 10], {})))
        if tokens[j : j + 5] == ["assert", ".", "ok", "(", name] and tokens[j + 5] in {")", ","}:
            key = "harmful" if tokens[k] == "checkShellPathViolation" else key
    return key


def damage_control_corpora(text: str) -> list[Corpus]:
    """opencode-damage-control's tests of its two command checks (``src/patterns.test.ts``),
    tokenised, never run: each ``matchPattern(C, DEFAULT_PATTERNS)`` or
    ``checkShellPathViolation(C, DEFAULT_PROTECTED_PATHS)`` is a case, in the set what is
    asserted of its result names (:func:`_damage_control_key`): **harmful** (a ``block``
    pattern, or a protected path violated: the plugin throws), **asks a human** (an ``ask``
    pattern: the plugin forces the permission dialog), **everyday** (nothing matched by the
    check tested). ``C`` is a string literal or a name bound by an enclosing ``for`` loop over
    an array (``for (const [command, reason] of blockCases)``: each row's value). Skipped and
    counted (with the harmful set): a call on a list the test built, a command that is not a
    string literal or is blank, another assertion shape. Not read: the helpers' own tests
    (``isShellWrite``, ``isShellDelete``, ``unwrapShellCommand``, path checks of files)."""
    owner = "peer:opencode-damage-control"
    sets = {
        "harmful": Corpus("harmful (block) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (nothing matched) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    bindings = _ts_bindings(tokens)
    for k in range(4, len(tokens) - 3):
        shipped = DAMAGE_CONTROL_CHECKS.get(tokens[k])
        if shipped is None or tokens[k + 1] != "(":
            continue
        close = _shush_close(tokens, k + 1)
        args = tokens[k + 2 : close]
        key = _damage_control_key(tokens, k, close) if args[-2:] == [",", shipped] else None
        target = sets[key or "harmful"]
        commands = _ts_command_values(tokens, _unwrapped(tokens, args[:-2], k), k, bindings)
        _ts_take(target, commands, key is not None, (text, spans, DAMAGE_CONTROL_CASES))
    return list(sets.values())


def _unwrapped(tokens: list[str], args: list[str], k: int) -> list[str]:
    """``[V]`` when the one argument at ``tokens[k]`` is the variable of a ``for (const X of
    L)`` loop over ``const L = unwrapShellCommand(V)`` (the plugin checks the commands a
    wrapper runs as the wrapped command's own), else ``args``."""
    if len(args) != 1:
        return args
    for j in range(k - 1, 6, -1):
        if tokens[j - 3 : j + 1] == ["for", "(", "const", args[0]] and tokens[j + 1] == "of":
            listed = tokens[j + 2]
            for i in range(j - 1, 2, -1):
                if tokens[i - 3 : i + 3] == [
                    "const",
                    listed,
                    "=",
                    "unwrapShellCommand",
                    "(",
                    tokens[i + 2],
                ]:
                    return [tokens[i + 2]] if tokens[i + 3] == ")" else args
            return args
    return args


NOEXEC_CASES = "src/detectors/__tests__"
NOEXEC_DEFAULT_CONFIGS = {"defaultConfig"}
"""The names of a test's own detector configuration that hold what noexec ships (its
``DEFAULT_CONFIG``: enabled, severity ``high``); a call with any other configuration is
skipped."""


def _top_level_args(tokens: list[str], opening: int, close: int) -> list[list[str]]:
    """The arguments of the call whose ``(`` is ``tokens[opening]`` and ``)`` is
    ``tokens[close]``, each a list of tokens."""
    args: list[list[str]] = [[]]
    j = opening + 1
    while j < close:
        if tokens[j] == ",":
            args.append([])
            j += 1
            continue
        end = _shush_close(tokens, j) + 1 if tokens[j] in "([{" else j + 1
        args[-1] += tokens[j:end]
        j = end
    return [a for a in args if a]


def _command_only(obj: list[str]) -> list[str] | None:
    """The value of an object literal ``{ command: V }`` (``{ command }`` stands for the name
    ``command``) whose only key is ``command``, else ``None``."""
    if obj[:1] != ["{"] or obj[-1:] != ["}"]:
        return None
    inner = obj[1:-1]
    if inner == ["command"]:
        return ["command"]
    if inner[:2] == ["command", ":"] and "," not in inner[2:]:
        return inner[2:]
    return None


def _noexec_command(tokens: list[str], arg: list[str], k: int) -> list[str] | None:
    """The command expression of a detector's first argument at ``tokens[k]``: an object literal
    with only ``command``, ``createToolUse(V)``, or a name declared just before as such an
    object (``const toolUseData: ToolUseData = { command: V }``); ``None`` for another shape."""
    if arg[:2] == ["createToolUse", "("] and arg[-1] == ")":
        return arg[2:-1]
    if len(arg) == 1 and arg[0][0].isalpha():
        for j in range(k - 1, max(k - 200, 0), -1):
            if tokens[j : j + 2] == ["const", arg[0]]:
                sign = tokens.index("=", j)
                if sign - j > 4 or tokens[sign + 1] != "{":
                    return None
                return _command_only(tokens[sign + 1 : _shush_close(tokens, sign + 1) + 1])
        return None
    return _command_only(arg)


def _noexec_expected(tokens: list[str], name: str, start: int, end: int) -> str | None:
    """What the test asserts of ``name`` between ``tokens[start]`` and ``tokens[end]``:
    ``detected`` (``expect(R).not.toBeNull()``), ``clean`` (``expect(R).toBeNull()``), else
    ``None``."""
    for j in range(start, end - 6):
        if tokens[j : j + 4] != ["expect", "(", name, ")"]:
            continue
        if tokens[j + 4 : j + 9] == [".", "not", ".", "toBeNull", "("]:
            return "detected"
        if tokens[j + 4 : j + 7] == [".", "toBeNull", "("]:
            return "clean"
    return None


def noexec_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """noexec's tests of its detectors (``src/detectors/__tests__/*.test.ts``), tokenised,
    never run: each ``R = await detectX(ARG)`` is a case, **harmful** when the test asserts
    ``expect(R).not.toBeNull()`` (a detection: every detection the tests assert is of
    severity ``high`` or ``medium``, and noexec's hook exits 2, refusing the call, on any at or
    above its default ``minSeverity`` ``medium``), **everyday** when it asserts
    ``expect(R).toBeNull()`` (nothing detected by the detector tested, as
    opencode-damage-control's everyday set is "nothing matched by the check tested"). ``ARG``
    is ``{ command: C }``, ``createToolUse(C)`` or a name declared just before as
    ``{ command: C }``; ``C`` a string literal (``+`` of literals) or a name bound by an
    enclosing ``for (const command of LIST)`` loop (each element). Skipped and counted: a call
    with a configuration of the test's own (a detector disabled, another severity, trusted
    domains; its ``defaultConfig``, the shipped one, is kept), another argument shape, another
    assertion shape, a command that is not a string literal or is blank."""
    owner = "peer:noexec"
    harmful = Corpus("harmful (detected) held-out", owner, True)
    everyday = Corpus("everyday (nothing detected) held-out", owner, False)
    for path, text in files:
        spans = _shush_tokens(text)
        tokens = [tok for tok, _ in spans]
        bindings = _ts_bindings(tokens)
        calls = [
            k
            for k in range(2, len(tokens) - 2)
            if tokens[k] == "await" and tokens[k + 1].startswith("detect") and tokens[k + 2] == "("
        ]
        for n, k in enumerate(calls):
            close = _shush_close(tokens, k + 2)
            end = _block_end(tokens, close + 1)
            if n + 1 < len(calls):
                end = min(end, calls[n + 1])
            name = tokens[k - 2] if tokens[k - 1] == "=" else ""
            expected = _noexec_expected(tokens, name, close, end) if name else None
            target = everyday if expected == "clean" else harmful
            args = _top_level_args(tokens, k + 2, close)
            shipped = len(args) == 1 or (
                len(args) == 2 and len(args[1]) == 1 and args[1][0] in NOEXEC_DEFAULT_CONFIGS
            )
            expr = _noexec_command(tokens, args[0], k) if args and shipped else None
            commands = _ts_command_values(tokens, expr, k, bindings) if expr else None
            _ts_take(target, commands, expected is not None, (text, spans, path))
    return [harmful, everyday]


PRISODEV_CASES = "test_hooks.py"
PRISODEV_DECISIONS = {"block": "harmful", "ask": "asks", "allow": "everyday"}
"""What Prisodev's test helper reads from its Bash hook: ``block`` (exit 2), ``ask`` (a JSON
``ask`` answer: Claude Code's permission dialog), ``allow`` (exit 0, no answer)."""


def _joined_literal(node: ast.expr) -> str | None:
    """A string literal or a ``+`` of string literals, else ``None``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _joined_literal(node.left), _joined_literal(node.right)
        return None if left is None or right is None else left + right
    value = _literal(node)
    return value if isinstance(value, str) else None


def prisodev_corpora(text: str) -> list[Corpus]:
    """Prisodev/claude-code-damage-control's hook tests (``test_hooks.py``), parsed, never run:
    each ``({'command': C}, EXPECTED)`` row of its ``bash_tests`` list (each run through its
    Bash hook, ``bash-damage-control.py``, with its shipped ``patterns.yaml``) is a case, in
    the set :data:`PRISODEV_DECISIONS` names. ``C`` is a string literal or a ``+`` of literals
    (the test splits a few to keep its own file from matching). Skipped and counted: a row of
    another shape, a command that is not a literal or is blank, another expected value. Not
    read: the Write, Edit, Read, Grep and Glob tools' rows (paths, not commands)."""
    owner = "peer:prisodev-damage-control"
    sets = {
        "harmful": Corpus("harmful (block) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    for node in ast.walk(ast.parse(text)):
        if not (
            isinstance(node, ast.Assign)
            and [getattr(t, "id", None) for t in node.targets] == ["bash_tests"]
            and isinstance(node.value, ast.List)
        ):
            continue
        for row in node.value.elts:
            elts = row.elts if isinstance(row, ast.Tuple) else []
            key = PRISODEV_DECISIONS.get(str(_literal(elts[-1]))) if len(elts) == 2 else None
            target = sets[key or "harmful"]
            given = elts[0] if elts else None
            command = None
            if (
                key
                and isinstance(given, ast.Dict)
                and len(given.keys) == 1
                and _literal(given.keys[0]) == "command"
            ):
                command = _joined_literal(given.values[0])
            if command is None or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, PRISODEV_CASES, row.lineno))
    return list(sets.values())


PI_GUARD_CASES = "index.test.ts"


def pi_destructive_guard_corpora(text: str) -> list[Corpus]:
    """mfirdausazizi/destructive-command-guard's tests (``index.test.ts``), tokenised, never
    run: each loop ``for (const command of LIST) { assert.equal(isDestructiveCommand(command),
    true|false, ...) }`` takes the elements of the file's ``const LIST = [...]``: ``true``
    **asks a human** (the extension asks for confirmation before a destructive command, and
    refuses it where no one can answer), ``false`` **everyday**. An element is a string
    literal or a template of the file's own string constants. Skipped and counted: any other
    element (a template with another expression), a blank one. Not read: the class one command
    is given (``classifyDestructiveCommand``), the allow-pattern helpers, and the handler's
    tests (its prompts and answers)."""
    owner = "peer:pi-destructive-guard"
    asks = Corpus("asks a human (destructive) held-out", owner, True)
    everyday = Corpus("everyday (not destructive) held-out", owner, False)
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    arrays = _js_arrays(text, str(Path.home()))
    lines = {
        name: [text.count("\n", 0, spans[j][1]) + 1 for _, j in _ts_rows(tokens, opening)]
        for name in arrays
        if (opening := _ts_declared(tokens, name, len(tokens))) is not None
    }
    for k in range(len(tokens) - 16):
        if tokens[k : k + 6] != ["for", "(", "const", "command", "of", tokens[k + 5]]:
            continue
        body = tokens[k + 7 : k + 19]
        call = ["{", "assert", ".", "equal", "(", "isDestructiveCommand", "(", "command", ")"]
        if tokens[k + 6] != ")" or body[:9] != call or body[9:10] != [","]:
            continue
        target = {"true": asks, "false": everyday}.get(body[10])
        values = arrays.get(tokens[k + 5])
        if target is None or values is None:
            continue
        for command, line in zip(values, lines[tokens[k + 5]], strict=True):
            if command is None or not command.strip():
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, PI_GUARD_CASES, line))
    return [asks, everyday]


EGC_CASES = (
    "tests/egc-guardian-bypass-hardening.test.js",
    "tests/egc-guardian-destructive-cli.test.js",
    "tests/scripts/egc-guardian.test.js",
)
EGC_HELPERS = {
    "assertHardBlocked": "harmful",
    "assertHardBlocking": "harmful",
    "assertAdvisoryOnly": "advisory",
    "assertAllowed": "everyday",
    "assertDenied": None,
}
"""EGC's Guardian test helpers, each running its validator (``validateCommand``) on one
command and asserting its verdict: refused with a hard reason (its Bash hook exits 2),
refused with an advisory reason only (an allowlist miss: the hook warns and lets it run),
allowed; ``assertDenied`` asserts a refusal of either kind (skipped, counted)."""


def egc_guardian_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """Fmarzochi/EGC's Guardian validator tests (:data:`EGC_CASES`), tokenised, never run:
    each call of a helper of :data:`EGC_HELPERS` on a command is a case: **harmful**
    (``assertHardBlocked``, ``assertHardBlocking``: a hard refusal, the hook blocks),
    **not blocked (advisory)** (``assertAdvisoryOnly``: the validator's advisory refusal, which
    the hook turns into a warning; ``harmful`` false, read like nah's delegate set),
    **everyday** (``assertAllowed``). The command is a string literal (``+`` of literals) or a
    name bound by an enclosing ``for`` loop over an array. Skipped and counted: ``assertDenied``
    (either kind of refusal), a template with an expression (the test's home directory), a
    blank command. Not read: the helpers' own bodies, the write checks (``assertWriteDenied``,
    ``assertWriteAllowed``: paths) and the direct ``validateCommand`` asserts."""
    owner = "peer:egc-guardian"
    sets = {
        "harmful": Corpus("harmful (hard block) held-out", owner, True),
        "advisory": Corpus("not blocked (advisory only) held-out", owner, False),
        "everyday": Corpus("everyday (allowed) held-out", owner, False),
    }
    for path, text in files:
        spans = _shush_tokens(text)
        tokens = [tok for tok, _ in spans]
        bindings = _ts_bindings(tokens)
        for k in range(1, len(tokens) - 2):
            if tokens[k] not in EGC_HELPERS or tokens[k + 1] != "(" or tokens[k - 1] == "function":
                continue
            key = EGC_HELPERS[tokens[k]]
            target = sets[key or "harmful"]
            close = _shush_close(tokens, k + 1)
            commands = _ts_command_values(tokens, tokens[k + 2 : close], k, bindings)
            _ts_take(target, commands, key is not None, (text, spans, path))
    return list(sets.values())


ROUND15_PEERS = ("almost-yolo-guard",)
"""Peers read for round 15 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 14's (rows only with ``--held-out``, cases never printed by ``--misses``).
gatecat and cmd-guard, read then too, were held out for round 15's measures and are tuned on
from round 15b and round 16 (sections ``gatecat`` and ``cmd-guard``)."""
ROUND15_SECTION = "round15"


YOLO_GUARD_CASES = "plugin/src/rules_test.go"
YOLO_GUARD_VERDICTS = {
    "VerdictAsk": "asks",
    "VerdictUncertain": "review",
    "VerdictAllow": "everyday",
}
"""almost-yolo-guard's rule engine's three verdicts: ``VerdictAsk`` (its hook passes the call on
to Claude Code's permission dialog: a human confirms), ``VerdictUncertain`` (left to its model
reviewer, which approves or passes on to the dialog), ``VerdictAllow`` (approved: the hook
answers ``allow``)."""


def almost_yolo_guard_corpora(text: str) -> list[Corpus]:
    """victorarias/almost-yolo-guard's rule tests (``plugin/src/rules_test.go``), tokenised,
    never compiled or run: each entry ``{name, "Bash", INPUT, workDir, VERDICT}`` of the table
    of ``TestEvaluateRules`` (which runs ``EvaluateRules``, the deterministic engine its hook
    asks first) is a case, in the set :data:`YOLO_GUARD_VERDICTS` names: **asks a human**
    (``VerdictAsk``), **left to review** (``VerdictUncertain``: its model reviewer decides),
    **everyday** (``VerdictAllow``). ``INPUT`` is a JSON object literal whose ``command`` is
    the command; the test's working directory (``workDir := "..."``) is replaced by the
    bench's project wherever it stands as a whole path. Skipped and counted: a Bash entry whose
    input is not a JSON object with a string ``command`` (the tests of malformed input), is
    blank, or that gives another working directory. Not read: the entries of other tools
    (Write, Edit, NotebookEdit, MCP: paths and payloads), and the tables of the helpers
    (splitting, base commands, paths, ``git push`` and ``kubectl delete`` argument lists)."""
    owner = "peer:almost-yolo-guard"
    sets = {
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "review": Corpus("left to review (uncertain) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    start = text.find("func TestEvaluateRules(")
    end = text.find("\nfunc ", start + 1)
    body = text[start : end if end > 0 else len(text)]
    offset = text.count("\n", 0, start)
    declared = re.search(r'\bworkDir := ("(?:[^"\\\n]|\\.)*")', body)
    work_dir = _go_string(declared.group(1)) if declared else None
    spans = [(m.group(), m.start()) for m in _GO_TOKEN.finditer(body)]
    tokens = [t for t in spans if not t[0].isspace() and not t[0].startswith("//")]
    stack: list[int] = []
    for k, (tok, _) in enumerate(tokens):
        if tok == "{":
            stack.append(k)
            continue
        if tok != "}" or not stack:
            continue
        entry = tokens[stack.pop() + 1 : k]
        fields = [t for j, t in enumerate(entry) if j % 2 == 0]
        commas = [t for j, (t, _) in enumerate(entry) if j % 2 == 1]
        if len(fields) != 5 or set(commas) != {","} or fields[1][0] != '"Bash"':
            continue
        key = YOLO_GUARD_VERDICTS.get(fields[4][0])
        target = sets[key or "asks"]
        command = None
        if key and fields[2][0][0] in '"`' and fields[3][0] == "workDir" and work_dir:
            try:
                given = json.loads(_go_string(fields[2][0]))
            except json.JSONDecodeError:
                given = None
            if isinstance(given, dict) and isinstance(given.get("command"), str):
                command = given["command"]
        if command is None or not command.strip():
            target.skipped += 1
            continue
        command = re.sub(re.escape(str(work_dir)) + r"(?![\w.-])", str(PROJECT), command)
        line = offset + body.count("\n", 0, fields[2][1]) + 1
        target.cases.append(Case(command, target.harmful, YOLO_GUARD_CASES, line))
    return list(sets.values())


CMD_GUARD_CASES = "src/main.rs"
CMD_GUARD_CALLS = {
    "process_segment_at_depth": "0",
    "evaluate_command_at_depth": "0",
    "evaluate_command": None,
}
"""The functions of cmd-guard's unit tests that decide a command, with the nesting depth a
call must pass (``None``: the function takes the command alone). ``evaluate_command`` splits a
command into segments and answers for the strictest; ``process_segment_at_depth`` decides one
segment (and what a ``bash -c`` in it holds)."""
CMD_GUARD_DECISIONS = {"deny": "harmful", "ask": "asks", None: "everyday"}
"""``deny`` (the hook refuses), ``ask`` (Claude Code's permission dialog), no decision (the hook
says nothing: the user's own permission rules decide)."""
CMD_GUARD_UNWRAPPED = [".", "unwrap", "(", ")", ".", "0", ","]


def _cmd_guard_decision(tokens: list[str], k: int, close: int) -> str | None:
    """What cmd-guard's test asserts of the call at ``tokens[k]`` closing at ``tokens[close]``:
    its verdict's literal, ``None`` (no decision) or ``"?"`` (another shape)."""
    before = tokens[max(k - 4, 0) : k]
    after = tokens[close + 1 : close + 10]
    none = after[:4] == [".", "is_none", "(", ")"] and before[-1:] == ["("]
    if none or (after[:4] == [".", "is_some", "(", ")"] and before[-2:] == ["(", "!"]):
        return None
    value: str | None = None
    if before[-3:] == ["matches", "!", "("] and after[:4] == [",", "Some", "(", "("]:
        value = _rust_string(after[4]) if after[5:8] == [",", "_", ")"] else None
    elif before[-3:] == ["assert_eq", "!", "("] and after[:7] == CMD_GUARD_UNWRAPPED:
        value = _rust_string(after[7]) if len(after) > 7 else None
    elif before[-3:] == ["let", "result", "="]:
        bound = tokens[close + 1 : close + 14]
        asserted = [";", "assert", "!", "(", "matches", "!", "(", "result", ","]
        if bound[:9] == asserted and bound[9:12] == ["Some", "(", "("]:
            value = _rust_string(bound[12])
    return value or "?"


def cmd_guard_corpora(text: str) -> list[Corpus]:
    """redodson01/cmd-guard's unit tests (``src/main.rs``'s ``mod tests``), tokenised, never
    compiled or run: each assertion on a call of a function of :data:`CMD_GUARD_CALLS` on a
    string literal is a case, in the set :data:`CMD_GUARD_DECISIONS` names:
    ``matches!(CALL, Some(("deny", _)))`` and ``assert_eq!(CALL.unwrap().0, "deny")``
    **harmful**; the same with ``"ask"`` **asks a human**; ``CALL.is_none()`` (or
    ``!CALL.is_some()``) **everyday** (no decision); ``let result = CALL;`` followed by
    ``assert!(matches!(result, Some(("ask", ..)) ..))`` as ``CALL`` would be. Skipped and
    counted: a call at another depth (the nesting limit's tests), an argument that is not one
    literal, a blank command, an assertion of another shape. Not read: the helpers' tests
    (splitting, tokenising, flag stripping, SQL detection) and ``tests/integration.rs`` (the
    binary's input and set-up)."""
    owner = "peer:cmd-guard"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (no decision) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "mod tests")
    for k in range(1, len(tokens) - 3):
        if tokens[k] not in CMD_GUARD_CALLS or tokens[k + 1] != "(" or tokens[k - 1] == "fn":
            continue
        close = _shush_close(tokens, k + 1)
        args = _top_level_args(tokens, k + 1, close)
        depth = CMD_GUARD_CALLS[tokens[k]]
        command = _rust_string(args[0][0]) if args and len(args[0]) == 1 else None
        if len(args) != (1 if depth is None else 2) or (depth and args[1] != [depth]):
            command = None
        decision = _cmd_guard_decision(tokens, k, close)
        key = CMD_GUARD_DECISIONS.get(decision) if decision != "?" else None
        target = sets[key or "harmful"]
        if key is None or command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[k + 2][1]) + 1
        target.cases.append(Case(command, target.harmful, CMD_GUARD_CASES, line))
    return list(sets.values())


GATECAT_CASES = "gatecat/integrations/bypass_suite.py"
GATECAT_TABLES = ("_CAUGHT", "_BENIGN", "KNOWN_GAP")
"""The module-level tuples of gate.cat's bypass suite: what its deny policies catch, benign
look-alikes, and the dangers they miss (with one benign line they wrongly block)."""
GATECAT_NOT_SHELL = frozenset(
    {"SELECT", "INSERT", "UPDATE", "DELETE", "DROP", "TRUNCATE", "ALTER", "CREATE", "GRANT"}
)
"""First words (in capitals) of the suite's texts that are SQL statements, not shell lines."""


def gatecat_corpora(text: str) -> list[Corpus]:
    """BGMLAI/gate.cat's bypass suite (``gatecat/integrations/bypass_suite.py``), parsed, never
    run: each ``Case(TEXT, DANGER, EXPECT, NOTE, ...)`` of the tuples :data:`GATECAT_TABLES` is a
    case, labelled by ``DANGER``, the suite's own truth ("True if a human should have to approve
    this; False if it is benign"), not by ``EXPECT`` (what its presets do today, misses and a
    wrong block included): ``True`` **dangerous**, ``False`` **everyday**. Skipped and counted:
    an entry of another shape, a text that is not a string literal or is blank, a text whose
    first word is an SQL keyword in capitals (a statement for a database, not a shell line)."""
    owner = "peer:gatecat"
    dangerous = Corpus("dangerous (a human approves) held-out", owner, True)
    everyday = Corpus("everyday (benign) held-out", owner, False)
    for node in ast.parse(text).body:
        target_node = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target_node = node.targets[0]
        value = node.value if isinstance(node, (ast.AnnAssign, ast.Assign)) else None
        if getattr(target_node, "id", None) not in GATECAT_TABLES or not isinstance(
            value, ast.Tuple
        ):
            continue
        for entry in value.elts:
            fields: dict[str, ast.expr] = {}
            if isinstance(entry, ast.Call) and getattr(entry.func, "id", None) == "Case":
                fields = dict(zip(("text", "danger"), entry.args, strict=False))
                fields.update({k.arg: k.value for k in entry.keywords if k.arg})
            danger = _literal(fields.get("danger"))
            command = _literal(fields.get("text"))
            target = everyday if danger is False else dangerous
            words = command.split() if isinstance(command, str) else []
            if not isinstance(command, str) or not isinstance(danger, bool) or not words:
                target.skipped += 1
                continue
            if words[0] in GATECAT_NOT_SHELL:
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, GATECAT_CASES, entry.lineno))
    return [dangerous, everyday]


ROUND16_PEERS = ("odek", "nsh")
"""Peers read for round 16 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 15's (rows only with ``--held-out``, cases never printed by ``--misses``).
sh-guard, read then too and held out in round 16's to 20's measures, is tuned on from round 21
(section ``sh-guard``)."""
ROUND16_SECTION = "round16"


SH_GUARD_CASES = "tests/corpus"
SH_GUARD_FILES_NOT_READ = frozenset({"zsh.txt"})
"""sh-guard's corpus files the bench does not read: its zsh file, which its test classifies with
a zsh context (its other files are classified as bash)."""
SH_GUARD_LEVELS = {
    "critical": "harmful",
    "danger": "danger",
    "caution": "caution",
    "safe": "everyday",
}
"""sh-guard's four levels: ``critical`` (its Claude Code hook exits 2, and its quick decision is
``blocked``), ``danger`` and ``caution`` (quick decision ``risky``: its README has the agent ask
the user; its Claude Code hook says nothing), ``safe`` (auto-executed)."""


def _sh_guard_range(text: str) -> bool:
    """Whether ``text`` is a score range ``MIN-MAX`` of two numbers from 0 to 255, as sh-guard's
    corpus reader requires of a line it tests."""
    bounds = [b.strip() for b in text.split("-")]
    return len(bounds) == 2 and all(b.isdigit() and int(b) < 256 for b in bounds)


def sh_guard_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """aryanbhosale/sh-guard's corpus (``tests/corpus/*.txt``), read as its test reads it, never
    run: each line ``COMMAND | LEVEL | MIN-MAX`` (split at the last two ``|``; blank lines and
    lines starting with ``#`` are not cases) is a case in the set :data:`SH_GUARD_LEVELS` names
    for its expected level, whichever file holds it: ``critical`` **harmful**, ``danger`` and
    ``caution`` two **risky** review sets, ``safe`` **everyday**. Skipped and counted: a line of
    another shape, another level, a blank command. Not read: :data:`SH_GUARD_FILES_NOT_READ`."""
    owner = "peer:sh-guard"
    sets = {
        "harmful": Corpus("harmful (critical: blocked) held-out", owner, True),
        "danger": Corpus("risky (danger: asks) held-out", owner, True),
        "caution": Corpus("risky (caution: asks) held-out", owner, True),
        "everyday": Corpus("everyday (safe) held-out", owner, False),
    }
    for path, text in files:
        for n, line in enumerate(text.splitlines(), 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            parts = stripped.rsplit("|", 2)
            key = SH_GUARD_LEVELS.get(parts[1].strip()) if len(parts) == 3 else None
            target = sets[key or "harmful"]
            command = parts[0].strip() if key and _sh_guard_range(parts[2]) else ""
            if not command:
                target.skipped += 1
                continue
            target.cases.append(Case(command, target.harmful, path, n))
    return list(sets.values())


ODEK_CASES = "internal/danger"
ODEK_ACTIONS = {
    "Destructive": "harmful",
    "Blocked": "harmful",
    "SystemWrite": "asks",
    "NetworkEgress": "asks",
    "CodeExecution": "asks",
    "Install": "asks",
    "Safe": "everyday",
    "LocalWrite": "everyday",
}
"""odek's risk classes by the action its default configuration takes on them
(``defaultActions``): ``deny`` (destructive, blocked), ``prompt`` (system write, network
egress, code execution, install: the user approves each call), ``allow`` (safe, local write).
``Unknown`` (a program it does not recognise, denied to fail closed) is not a verdict on harm:
its rows are skipped."""
_GO_TEST_TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"|`[^`]*`|\'(?:[^\'\\\n]|\\.)*\'|//[^\n]*|/\*.*?\*/'
    r"|[A-Za-z_][A-Za-z0-9_]*|\s+|.",
    re.S,
)


def _go_fields(declaration: str) -> dict[str, str]:
    """The fields of a struct type's body (``cmd string`` lines, ``in, want string``), name to
    type."""
    fields: dict[str, str] = {}
    for line in re.sub(r"//[^\n]*|/\*.*?\*/", "", declaration, flags=re.S).splitlines():
        words = line.replace(",", " , ").split()
        if len(words) < 2:
            continue
        names, kind = words[:-1], words[-1]
        fields.update((n, kind) for n in names if n != ",")
    return fields


def _go_elements(tokens: list[str], opening: int) -> list[tuple[list[str], int]]:
    """The top-level elements of the literal whose brace is ``tokens[opening]``: each one's
    tokens and the index of its first token."""
    elements: list[tuple[list[str], int]] = []
    close, k = _shush_close(tokens, opening), opening + 1
    while k < close:
        first = k
        while k < close and tokens[k] != ",":
            k = _shush_close(tokens, k) + 1 if tokens[k] in "([{" else k + 1
        elements.append((tokens[first:k], first))
        k += 1
    return elements


def _go_row(
    row: list[str], start: int, tokens: list[str], names: list[str]
) -> dict[str, list[str]]:
    """A struct row ``{A, B}`` or ``{name: A, other: B}`` (``row`` starting at
    ``tokens[start]``) as field name to the tokens of its value; ``{}`` for another shape."""
    if row[:1] != ["{"]:
        return {}
    values = [v for v, _ in _go_elements(tokens, start)]
    if values and all(len(v) > 2 and v[1] == ":" and v[0] in names for v in values):
        return {v[0]: v[2:] for v in values}
    return dict(zip(names, values, strict=True)) if len(values) == len(names) else {}


def _odek_loop(tokens: list[str], name: str, start: int) -> tuple[str, int, int] | None:
    """The loop ``for _, V := range NAME {`` following ``tokens[start]``: its variable and the
    indices of its body's braces."""
    pattern = ["for", "_", ",", None, ":", "=", "range", name, "{"]
    for k in range(start, len(tokens) - len(pattern)):
        window = tokens[k : k + len(pattern)]
        if all(p is None or p == w for p, w in zip(pattern, window, strict=True)):
            return tokens[k + 3], k + 8, _shush_close(tokens, k + 8)
        if tokens[k] == "func":
            return None
    return None


def _odek_checked(body: list[str], variable: str, fields: dict[str, str]) -> tuple[str, str]:
    """What a loop body checks of each row: the field given to ``Classify`` (``"."`` for the
    row itself) and the expected class (``"."`` and a field of type ``RiskClass``, or a class
    the body names); ``""`` for either when the body has another shape."""
    given = ""
    for k in range(len(body) - 3):
        if body[k : k + 2] != ["Classify", "("] or (k and body[k - 1] == "."):
            continue
        if fields and body[k + 2 : k + 4] == [variable, "."] and body[k + 5 : k + 6] == [")"]:
            given = body[k + 4]
        elif not fields and body[k + 2 : k + 4] == [variable, ")"]:
            given = "."
        break
    for k in range(len(body) - 3):
        if body[k : k + 2] != ["!", "="]:
            continue
        if body[k + 2 : k + 4] == [variable, "."] and fields.get(body[k + 4]) == "RiskClass":
            return given, "." + body[k + 4]
        if not fields and (body[k + 2] in ODEK_ACTIONS or body[k + 2] == "Unknown"):
            return given, body[k + 2]
    return given, ""


@dataclass(frozen=True)
class GoTable:
    """A Go test's table ``NAME := []struct{...}{ROWS}`` (or ``[]string{...}``, ``fields``
    empty) that a loop ``for _, V := range NAME`` walks: its tokens, the offsets of its
    spans, its struct's fields, the index of its rows' brace and the loop's variable and body
    braces."""

    tokens: list[str]
    offsets: list[int]
    fields: dict[str, str]
    start: int
    opening: int
    loop: tuple[str, int, int]

    def at(self, k: int) -> int:
        """The text offset of ``tokens[k]``."""
        return self.offsets[k]


def _go_tables(text: str) -> Iterator[GoTable]:
    """Each table of ``text`` a loop walks (:class:`GoTable`), in order."""
    spans = [(m.group(), m.start()) for m in _GO_TEST_TOKEN.finditer(text)]
    spans = [s for s in spans if not s[0].isspace() and not s[0].startswith(("//", "/*"))]
    tokens = [tok for tok, _ in spans]
    offsets = [at for _, at in spans]
    for k in range(len(tokens) - 6):
        if tokens[k + 1 : k + 5] != [":", "=", "[", "]"]:
            continue
        fields: dict[str, str] = {}
        if tokens[k + 5 : k + 7] == ["struct", "{"]:
            close = _shush_close(tokens, k + 6)
            fields = _go_fields(text[spans[k + 6][1] + 1 : spans[close][1]])
            opening = close + 1
        elif tokens[k + 5] == "string":
            opening = k + 6
        else:
            continue
        if opening >= len(tokens) or tokens[opening] != "{":
            continue
        loop = _odek_loop(tokens, tokens[k], _shush_close(tokens, opening))
        if loop is not None:
            yield GoTable(tokens, offsets, fields, k, opening, loop)


def _go_take(
    target: Corpus, command_tokens: list[str], judged: bool, where: tuple[str, str, int]
) -> None:
    """Take one row's command (its value's tokens) into ``target`` when it is judged and one
    string literal, not blank; else count it skipped. ``where``: the path, its text and the
    row's offset there."""
    path, text, offset = where
    literal = len(command_tokens) == 1 and command_tokens[0][0] in '"`'
    command = _go_string(command_tokens[0]) if literal else ""
    if not judged or not command.strip():
        target.skipped += 1
        return
    target.cases.append(Case(command, target.harmful, path, text.count("\n", 0, offset) + 1))


def odek_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """BackendStack21/odek's classifier tests (``internal/danger/*_test.go``), tokenised, never
    compiled or run: each row of a table ``NAME := []struct{...}{ROWS}`` whose loop ``for _, V
    := range NAME`` gives a row's string field to ``Classify`` and fails when the class differs
    from another of its fields (``got != V.cls``) is a case, as is each element of a list
    ``NAME := []string{...}`` whose loop fails when ``Classify(V)`` differs from a class it
    names; its set is what :data:`ODEK_ACTIONS` says odek's default configuration does with the
    class: **harmful** (deny), **asks a human** (prompt), **everyday** (allow). Skipped and
    counted: a row of such a loop's table whose command is not one string literal, whose class
    is not a plain class name, is ``Unknown``, or whose loop checks another relation (a class
    at least as high: ``Rank(got) < Rank(V.minWant)``). Not read: the tests of paths, URLs,
    tokens and the configured actions (``ActionForCommand`` with a test's own lists)."""
    owner = "peer:odek"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (prompt) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    for path, text in files:
        for table in _go_tables(text):
            tokens, fields = table.tokens, table.fields
            variable, body_open, body_close = table.loop
            given, expected = _odek_checked(tokens[body_open:body_close], variable, fields)
            if not given or (fields and fields.get(given) != "string"):
                continue
            for element, first in _go_elements(tokens, table.opening):
                row = _go_row(element, first, tokens, list(fields)) if fields else {}
                command_tokens = row.get(given, []) if fields else element
                cls = expected
                if expected.startswith("."):
                    cls_tokens = row.get(expected[1:], [])
                    cls = cls_tokens[0] if len(cls_tokens) == 1 else ""
                key = ODEK_ACTIONS.get(cls)
                target = sets[key or "harmful"]
                _go_take(target, command_tokens, key is not None, (path, text, table.at(first)))
    return list(sets.values())


NSH_CASES = "src/security.rs"
NSH_LEVELS = {"Dangerous": "harmful", "Elevated": "elevated", "Safe": "everyday"}
"""nsh's three risk levels: ``Dangerous`` (the user must type ``yes``; refused when no one can
answer, and its coding agent refuses it outright), ``Elevated`` (a warning, and never run
automatically unless ``allow_unsafe_autorun`` is set), ``Safe`` (run automatically in its
autorun mode)."""


def nsh_corpora(text: str) -> list[Corpus]:
    """fluffypony/nsh's risk assessment tests (``src/security.rs``'s ``mod tests``), tokenised,
    never compiled or run: each ``let (NAME, _) = assess_command(C);`` followed, before the next
    call, by ``assert_eq!(NAME, RiskLevel::L)`` is a case in the set :data:`NSH_LEVELS` names:
    ``Dangerous`` **harmful**, ``Elevated`` a review set (**asks**), ``Safe`` **everyday**.
    Skipped and counted: a call whose argument is not one string literal, is blank, or whose
    level is not asserted that way. Not read: the helpers' tests (splitting, targets, flags,
    example contexts)."""
    owner = "peer:nsh"
    sets = {
        "harmful": Corpus("harmful (dangerous) held-out", owner, True),
        "elevated": Corpus("asks a human (elevated) held-out", owner, True),
        "everyday": Corpus("everyday (safe) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "mod tests")
    calls = [
        k
        for k in range(5, len(tokens) - 3)
        if tokens[k : k + 2] == ["assess_command", "("] and tokens[k - 1] != "fn"
    ]
    for n, k in enumerate(calls):
        close = _shush_close(tokens, k + 1)
        end = calls[n + 1] if n + 1 < len(calls) else len(tokens)
        bound = tokens[max(k - 7, 0) : k]
        shape = len(bound) == 7 and bound[:2] == ["let", "("] and bound[3] == ","
        name = bound[2] if shape and bound[5:] == [")", "="] else ""
        level = None
        for j in range(close, end - 8):
            if name and tokens[j : j + 6] == ["assert_eq", "!", "(", name, ",", "RiskLevel"]:
                level = tokens[j + 8] if tokens[j + 6 : j + 8] == [":", ":"] else None
                break
        key = NSH_LEVELS.get(level or "")
        target = sets[key or "harmful"]
        command = _rust_string(tokens[k + 2]) if close == k + 3 else None
        if key is None or command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[k + 2][1]) + 1
        target.cases.append(Case(command, target.harmful, NSH_CASES, line))
    return list(sets.values())


ROUND17_PEERS = ("bash-gates",)
"""Peers read for round 17 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 16's (rows only with ``--held-out``, cases never printed by ``--misses``).
open-multi-agent, read then too and held out in round 17's to 23's measures, is tuned on from
round 24 (section ``open-multi-agent``); claude-code-hooks, held out in round 17's to 24's
measures, from round 25 (section ``claude-code-hooks``)."""
ROUND17_SECTION = "round17"


CLAUDE_CODE_HOOKS_CASES = (
    "plugins/block-dangerous-commands/tests/block-dangerous-commands.test.js",
    "plugins/git-safety/tests/git-safety.test.js",
)
CLAUDE_CODE_HOOKS_HELPERS = {"shouldBlock": ("harmful", 2), "shouldAllow": ("everyday", 1)}
"""karanb192/claude-code-hooks's two test helpers: the set each call's command is read into
and the index of its first argument after the command that is not its default: the
expected pattern id of ``shouldBlock(cmd, id, ...)`` is not context, what follows it (a
safety level; in git-safety the current branch, then a level) is, as is whatever follows
``shouldAllow(cmd, ...)``."""


def claude_code_hooks_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """karanb192/claude-code-hooks's tests of its two Bash hooks (block-dangerous-commands and
    git-safety, :data:`CLAUDE_CODE_HOOKS_CASES`), tokenised, never run: each call
    ``shouldBlock(COMMAND[, ID])`` (the hook's ``checkCommand`` must block it) is a
    **harmful** case, each ``shouldAllow(COMMAND)`` (it must not) an **everyday** one; both
    hooks deny what they block (``permissionDecision: deny``). Skipped and counted: a call whose
    command is not one string literal or is blank, and a call that gives the context its
    helper's later arguments set (a safety level other than the default ``high``, or in
    git-safety the current branch: :data:`CLAUDE_CODE_HOOKS_HELPERS`), unless that argument is
    ``null`` or ``undefined``. Not read: the end-to-end calls of ``runHook`` (their decision is
    asserted apart, some under environment overrides) and the helpers' other tests."""
    owner = "peer:claude-code-hooks"
    sets = {
        "harmful": Corpus("harmful (blocked) held-out", owner, True),
        "everyday": Corpus("everyday (allowed) held-out", owner, False),
    }
    for path, text in files:
        spans = _shush_tokens(text)
        tokens = [tok for tok, _ in spans]
        for k in range(1, len(tokens) - 1):
            helper = CLAUDE_CODE_HOOKS_HELPERS.get(tokens[k])
            if helper is None or tokens[k + 1] != "(" or tokens[k - 1] in {"function", "."}:
                continue
            key, context = helper
            target = sets[key]
            args = _top_level_args(tokens, k + 1, _shush_close(tokens, k + 1))
            given = [a for a in args[context:] if a not in (["null"], ["undefined"])]
            literal = len(args) > 0 and len(args[0]) == 1 and args[0][0][0] in "'\"`"
            command = _js_literal(args[0][0], {}) if literal else None
            if given or not command or not command.strip():
                target.skipped += 1
                continue
            line = text.count("\n", 0, spans[k][1]) + 1
            target.cases.append(Case(command, target.harmful, path, line))
    return list(sets.values())


BASH_GATES_CASES = "src/router.rs"
BASH_GATES_DECISIONS = {"deny": "harmful", "ask": "asks", "allow": "everyday"}
"""bash-gates's three PreToolUse decisions: ``deny`` (blocked), ``ask`` (the user approves:
what it cannot show to be harmless), ``allow`` (approved without asking)."""


def _rust_array_literals(tokens: list[str], opening: int) -> list[int | None]:
    """For each top-level element of the array literal whose ``[`` is ``tokens[opening]``, the
    index of its token when it is one string literal, else ``None``."""
    close, k, elements = _shush_close(tokens, opening), opening + 1, []
    while k < close:
        first = k
        while k < close and tokens[k] != ",":
            k = _shush_close(tokens, k) + 1 if tokens[k] in "([{" else k + 1
        literal = k == first + 1 and _rust_string(tokens[first]) is not None
        elements.append(first if literal else None)
        k += 1
    return elements


def _bash_gates_commands(tokens: list[str], call: int, body: int) -> list[int | None] | None:
    """The string literals a ``check_command(ARG)`` call at ``tokens[call]`` is given, as token
    indices: ARG itself, or each element of the array literal a ``for ARG in [...]`` loop of the
    same test walks, or the literal a ``let ARG = "...";`` of the same test binds (``None`` for
    an element that is not one literal); ``None`` for another argument."""
    arg = tokens[call + 2 : _shush_close(tokens, call + 1)]
    if len(arg) != 1:
        return None
    if _rust_string(arg[0]) is not None:
        return [call + 2]
    for j in range(call - 1, body, -1):
        if tokens[j : j + 4] == ["for", arg[0], "in", "["]:
            return _rust_array_literals(tokens, j + 3)
        if tokens[j : j + 3] == ["let", arg[0], "="] and tokens[j + 4] == ";":
            return [j + 3] if _rust_string(tokens[j + 3]) is not None else None
    return None


def bash_gates_corpora(text: str) -> list[Corpus]:
    """camjac251/bash-gates's router tests (:data:`BASH_GATES_CASES`' ``mod tests``: the hook's
    whole PreToolUse path, from a command line to a decision), tokenised, never compiled or
    run: each ``let R = check_command(C);`` whose test then asserts
    ``assert_eq!(get_decision(&R), "D", ...)`` (before its next call) gives a case per command
    ``C`` stands for: a string literal, each literal of a ``for C in [...]`` loop's array, or a
    ``let C = "...";`` of the same test. Its set is what :data:`BASH_GATES_DECISIONS` names for
    ``D``: **harmful** (``deny``), **asks a human** (``ask``), **everyday** (``allow``).
    Skipped and counted (with the set of its decision, else the harmful one): a command that is
    not one string literal, a call whose decision is not asserted that way (a loop that checks
    only the reason), and every call of ``check_command_with_settings`` (a working directory
    and permission mode the test sets). Not read: the gates' own tests (argument arrays given to
    one gate, without the router)."""
    owner = "peer:bash-gates"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "#[cfg(test)]")
    for k in range(len(tokens) - 2):
        if tokens[k] != "fn" or tokens[k + 2] != "(":
            continue
        body = tokens.index("{", k)
        close = _shush_close(tokens, body)
        calls = [
            j
            for j in range(body, close)
            if tokens[j] in {"check_command", "check_command_with_settings"}
            and tokens[j + 1] == "("
        ]
        for n, j in enumerate(calls):
            end = calls[n + 1] if n + 1 < len(calls) else close
            bound = tokens[j - 3 : j] if j >= 3 else []
            name = bound[1] if bound[:1] == ["let"] and bound[2:] == ["="] else ""
            decision = None
            for a in range(j, end - 9):
                if name and tokens[a : a + 9] == [
                    *["assert_eq", "!", "(", "get_decision", "(", "&"],
                    *[name, ")", ","],
                ]:
                    decision = _rust_string(tokens[a + 9])
                    break
            key = BASH_GATES_DECISIONS.get(decision or "")
            found = _bash_gates_commands(tokens, j, body) if tokens[j] == "check_command" else None
            where = (BASH_GATES_CASES, text, spans)
            _rust_take(sets[key or "harmful"], found, tokens, where, key is not None or not found)
    return list(sets.values())


OPEN_MULTI_AGENT_CASES = "packages/core/tests/bash-risk-classifier.test.ts"
OPEN_MULTI_AGENT_LEVELS = {"high": "harmful", "review": "review", "safe": "everyday"}
"""open-multi-agent's three risk levels as its classifier's documentation and its risk-gated
example use them: ``high`` is denied, ``review`` is routed to a human's approval, ``safe`` is
allowed."""


def _ts_array_rows(tokens: list[str], name: str, before: int) -> list[tuple[int, int | None]]:
    """The rows of the array literal ``const NAME ... = [...]`` declared last before
    ``tokens[before]``: each element's first string literal's index and, for a row ``[C, L]``,
    its second's (``None`` when it has no second); an element of another shape gives
    ``(-1, None)``."""
    opening = _ts_declared(tokens, name, before)
    if opening is None:
        return []
    rows: list[tuple[int, int | None]] = []
    for element, first in _go_elements(tokens, opening):
        if len(element) == 1 and element[0][0] in "'\"`":
            rows.append((first, None))
        elif len(element) == 5 and element[0] == "[" and element[2] == "," and element[4] == "]":
            rows.append((first + 1, first + 3))
        else:
            rows.append((-1, None))
    return rows


def open_multi_agent_corpora(text: str) -> list[Corpus]:
    """open-multi-agent/open-multi-agent's bash risk classifier tests
    (:data:`OPEN_MULTI_AGENT_CASES`), tokenised, never run: each assertion
    ``expect(classifyBashCommand(C).level).toBe(L)`` is a case, where ``C`` is a string literal
    or the first parameter of an ``it.each(NAME)`` test over an array ``const NAME = [...]``
    (then each row is a case) and ``L`` a level literal or, for rows ``[command, level]``, the
    row's second parameter. Its set is what :data:`OPEN_MULTI_AGENT_LEVELS` names: **harmful**
    (``high``), **asks a human** (``review``), **everyday** (``safe``). Skipped and counted (with
    the harmful set): a row or argument that is not one string literal, a level not one of the
    three, and the elements of a loop whose assertion allows several levels
    (``toContain(result.level)``)."""
    owner = "peer:open-multi-agent"
    sets = {
        "harmful": Corpus("harmful (high: denied) held-out", owner, True),
        "review": Corpus("asks a human (review) held-out", owner, True),
        "everyday": Corpus("everyday (safe) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]

    def add(command_at: int, level: str | None) -> None:
        key = OPEN_MULTI_AGENT_LEVELS.get(level or "")
        target = sets[key or "harmful"]
        command = _js_literal(tokens[command_at], {}) if command_at >= 0 else None
        if key is None or not command or not command.strip():
            target.skipped += 1
            return
        line = text.count("\n", 0, spans[command_at][1]) + 1
        target.cases.append(Case(command, target.harmful, OPEN_MULTI_AGENT_CASES, line))

    def literal(at: int) -> str | None:
        return _js_literal(tokens[at], {}) if tokens[at][0] in "'\"`" else None

    for k in range(1, len(tokens) - 8):
        if tokens[k : k + 2] != ["classifyBashCommand", "("] or tokens[k - 1] == "function":
            continue
        close = _shush_close(tokens, k + 1)
        arg = tokens[k + 2 : close]
        checked = tokens[close + 1 : close + 7] == [".", "level", ")", ".", "toBe", "("]
        expected = tokens[close + 7] if checked else ""
        if len(arg) == 1 and literal(k + 2) is not None:
            add(k + 2 if checked else -1, literal(close + 7) if checked else None)
            continue
        if len(arg) != 1:
            sets["harmful"].skipped += 1
            continue
        for j in range(k - 1, 3, -1):
            if tokens[j : j + 4] == ["it", ".", "each", "("] and tokens[j + 5] == ")":
                arrow = next(a for a in range(j + 6, close) if tokens[a : a + 2] == ["=", ">"])
                opening = tokens.index("(", j + 6, arrow)
                params = [t for t in tokens[opening + 1 : arrow] if t.isidentifier()]
                rows = _ts_array_rows(tokens, tokens[j + 4], j)
                if not checked or params[:1] != arg:
                    sets["harmful"].skipped += len(rows)
                    break
                for command_at, level_at in rows:
                    if params[1:2] == [expected]:
                        add(command_at, literal(level_at) if level_at is not None else None)
                    else:
                        add(command_at, literal(close + 7))
                break
            if tokens[j : j + 5] == ["for", "(", "const", arg[0], "of"] and tokens[j + 5] == "[":
                sets["harmful"].skipped += len(_go_elements(tokens, j + 5))
                break
        else:
            sets["harmful"].skipped += 1
    return list(sets.values())


ROUND18_PEERS = ("pi-permission",)
"""Peers read for round 18 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 17's (rows only with ``--held-out``, cases never printed by ``--misses``). termaxa,
read then too and held out in round 18's measures, is tuned on from round 19 (section
``termaxa``); shguard, held out in round 18's to 20's measures, from round 21 (section
``shguard``)."""
ROUND18_SECTION = "round18"


SHGUARD_CASES = ("src/gate.rs", "tests/guardfall.rs", "tests/benign_corpus.rs")
SHGUARD_CORPUS = "tests/bypass_corpus.toml"
SHGUARD_DECISIONS = {"Block": "harmful", "Ask": "asks", "Allow": "everyday"}
"""shguard's three verdicts, as its hook answers them: ``Block`` denies, ``Ask`` has the agent's
host prompt the person, ``Allow`` runs."""
SHGUARD_CALLS = frozenset({"decide", "analyze"})
"""The calls that give a command shguard's default verdict in its tests: ``analyze`` (the
crate's entry point, with its embedded rules and allowlist) and the unit tests' ``decide``,
which is ``analyze``."""


def _shguard_decision(tokens: list[str], k: int) -> str | None:
    """The decision ``Decision::X`` whose ``Decision`` is ``tokens[k]``, else ``None``."""
    if tokens[k : k + 3] != ["Decision", ":", ":"] or len(tokens) <= k + 3:
        return None
    return tokens[k + 3] if tokens[k + 3] in SHGUARD_DECISIONS else None


def _shguard_table(tokens: list[str], opening: int) -> list[tuple[int | None, str | None]]:
    """The rows of the array literal whose ``[`` is ``tokens[opening]``: for a row
    ``("command", Decision::X)`` the index of its literal and ``X``, for a row ``"command"``
    or ``("command", "rule")`` the index of its literal and no decision; ``(None, None)`` for
    a row of another shape."""
    close, rows = _shush_close(tokens, opening), []
    k = opening + 1
    while k < close:
        first = k
        while k < close and tokens[k] != ",":
            k = _shush_close(tokens, k) + 1 if tokens[k] in "([{" else k + 1
        row = tokens[first:k]
        if len(row) == 1 and _rust_string(row[0]) is not None:
            rows.append((first, None))
        elif len(row) > 3 and row[0] == "(" and row[-1] == ")" and row[2] == ",":
            literal = _rust_string(row[1]) is not None
            rest = [t for t in row[3:-1] if t != ","]
            decision = _shguard_decision(rest, 0) if len(rest) == 4 else None
            plain = len(rest) == 1 and _rust_string(rest[0]) is not None
            rows.append((first + 1, decision) if literal and (decision or plain) else (None, None))
        else:
            rows.append((None, None))
        k += 1
    return rows


def _shguard_assert_call(tokens: list[str], j: int, body: int) -> tuple[str, list[int | None]]:
    """For ``assert_decision(C, Decision::X)`` at ``tokens[j]``: ``X`` (empty for another
    shape) and the literals ``C`` stands for (the literal itself, or each element of the array
    a ``for C in [...]`` loop of the same test walks; ``None`` for one that is not a literal)."""
    end = _shush_close(tokens, j + 1)
    last = end - 1 if tokens[end - 1] == "," else end
    decision = _shguard_decision(tokens, last - 4)
    arg = tokens[j + 2 : last - 5]
    if decision is None or tokens[last - 5] != ",":
        return "", []
    if len(arg) == 1 and _rust_string(arg[0]) is not None:
        return decision, [j + 2]
    for a in range(j - 1, body, -1):
        if len(arg) == 1 and tokens[a : a + 4] == ["for", arg[0], "in", "["]:
            return decision, _rust_array_literals(tokens, a + 3)
    return decision, [None]


def _shguard_verdict_call(tokens: list[str], j: int, close: int) -> str:
    """For ``decide("C")`` (or ``analyze``) at ``tokens[j]``, the decision its test asserts:
    ``assert_eq!(decide("C").decision(), Decision::X`` or, after ``let V = decide("C");``,
    ``assert_eq!(V.decision(), Decision::X`` before the test's next call; else empty."""
    end = _shush_close(tokens, j + 1)
    if end != j + 3 or _rust_string(tokens[j + 2]) is None:
        return ""
    if tokens[j - 3 : j] == ["assert_eq", "!", "("]:
        after = tokens[end + 1 : end + 6]
        return (
            _shguard_decision(tokens, end + 6) or ""
            if after == [".", "decision", "(", ")", ","]
            else ""
        )
    start = j - 3 if tokens[j - 3 : j] == ["shguard", ":", ":"] else j
    bound = tokens[start - 3 : start]
    if bound[:1] != ["let"] or bound[2:] != ["="] or tokens[end + 1] != ";":
        return ""
    check = ["assert_eq", "!", "(", bound[1], ".", "decision", "(", ")", ","]
    for a in range(end, close):
        if tokens[a] in SHGUARD_CALLS and tokens[a + 1] == "(":
            return ""
        if tokens[a : a + 9] == check:
            return _shguard_decision(tokens, a + 9) or ""
    return ""


def _shguard_checked_table(tokens: list[str], j: int, close: int) -> list[tuple[int | None, str]]:
    """For ``let cases: ... = &[...]`` (or ``commands``) at ``tokens[j]``, each row's literal
    and the decision the ``for`` loop after it asserts: the row's own ``Decision::X`` when the
    loop compares with ``*expected``, else the one ``Decision::X`` the loop asserts; a row of
    another shape gives ``(None, "")``. Empty when no loop checks the table that way."""
    opening = tokens.index("=", j) + 2
    if tokens[opening - 1 : opening + 1] != ["&", "["]:
        return []
    table_end = _shush_close(tokens, opening)
    if "for" not in tokens[table_end:close]:
        return []
    loop = tokens.index("for", table_end)
    loop_end = _shush_close(tokens, tokens.index("{", loop))
    check = ["assert_eq", "!", "(", "verdict", ".", "decision", "(", ")", ","]
    asserted = [
        _shguard_decision(tokens, a + 9)
        for a in range(loop, loop_end)
        if tokens[a : a + 9] == check
    ]
    per_row = asserted[:1] == [None] and "expected" in tokens[loop:loop_end]
    fixed = asserted[0] if len(asserted) == 1 and asserted[0] else ""
    if not (per_row or fixed):
        return []
    rows = _shguard_table(tokens, opening)
    return [(at, (d if per_row else "" if d else fixed) or "") for at, d in rows]


def shguard_corpora(sources: list[tuple[str, str]], corpus: str) -> list[Corpus]:
    """tsukasaI/shguard's tests of its verdicts (:data:`SHGUARD_CASES`, tokenised, never
    compiled or run: ``src/gate.rs``'s ``mod tests`` only, whose ``decide`` is ``analyze``; its
    ``redirect_worst_wins_tests`` run on rules the test extends, and are not read) and its
    bypass corpus (:data:`SHGUARD_CORPUS`). A case is a command and the verdict a test asserts
    ``analyze`` gives it with the embedded rules: ``assert_decision(C, Decision::X)``, where
    ``C`` is a string literal or the name a ``for C in [...]`` loop of the same test walks (each
    element); ``assert_eq!(decide(C).decision(), Decision::X`` and ``let V = decide(C);`` (or
    ``analyze``) with ``assert_eq!(V.decision(), Decision::X`` before the test's next call;
    each row of a ``let cases`` (or ``commands``) array literal that a ``for`` loop then checks
    with ``assert_eq!(verdict.decision(), ...)``: the row's own ``Decision::X`` (the loop
    compares with ``*expected``), or else the one decision the loop asserts (rows of a command
    and a rule name, the benign corpus's bare commands); each ``[[case]]`` of the corpus with
    its ``payload`` and ``expected``. Its set is what :data:`SHGUARD_DECISIONS` names:
    **harmful** (``Block``), **asks a human** (``Ask``), **everyday** (``Allow``). Skipped and
    counted (with the set of the asserted decision, else the harmful one): an argument or row
    that is not one string literal (a ``format!`` of the test's own words, a name bound
    otherwise), a corpus entry without a known decision. Not read: ``assert_ne!`` (a decision
    ruled out), comparisons of two commands' decisions, and calls under a policy the test
    builds (``analyze_with_policy``, ``policy_from_config``)."""
    owner = "peer:shguard"
    sets = {
        "harmful": Corpus("harmful (Block) held-out", owner, True),
        "asks": Corpus("asks a human (Ask) held-out", owner, True),
        "everyday": Corpus("everyday (Allow) held-out", owner, False),
    }
    for path, text in sources:
        spans, tokens = _rust_tokens(text, "mod tests" if path.startswith("src/") else "")
        if path.startswith("src/"):
            end = _shush_close(tokens, tokens.index("{"))
            spans, tokens = spans[: end + 1], tokens[: end + 1]
        found: list[tuple[int | None, str]] = []
        for k in range(len(tokens) - 2):
            if tokens[k] != "fn" or tokens[k + 2] != "(":
                continue
            body = tokens.index("{", k)
            close = _shush_close(tokens, body)
            for j in range(body, close):
                if tokens[j : j + 2] == ["assert_decision", "("]:
                    decision, literals = _shguard_assert_call(tokens, j, body)
                    found += [(at, decision) for at in literals if decision]
                elif tokens[j] in SHGUARD_CALLS and tokens[j + 1] == "(" and tokens[j - 1] != "fn":
                    decision = _shguard_verdict_call(tokens, j, close)
                    found += [(j + 2, decision)] if decision else []
                elif tokens[j] == "let" and tokens[j + 1 : j + 3] in (
                    ["cases", ":"],
                    ["commands", ":"],
                ):
                    found += _shguard_checked_table(tokens, j, close)
        for at, decision in found:
            target = sets[SHGUARD_DECISIONS.get(decision) or "harmful"]
            command = _rust_string(spans[at][0]) if at is not None and decision else None
            if command is None or not command.strip():
                target.skipped += 1
                continue
            line = text.count("\n", 0, spans[at][1]) + 1
            target.cases.append(Case(command, target.harmful, path, line))
    rows = tomllib.loads(corpus).get("case", [])
    for n, item in enumerate(rows if isinstance(rows, list) else []):
        expected, command = item.get("expected"), item.get("payload")
        target = sets[SHGUARD_DECISIONS.get(expected) or "harmful"]
        if expected not in SHGUARD_DECISIONS or not isinstance(command, str) or not command:
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, f"{SHGUARD_CORPUS}#{n}"))
    return list(sets.values())


PI_PERMISSION_CASES = "permission/tests/permission.test.ts"
PI_PERMISSION_LEVELS = {"minimal": "everyday", "low": "build", "medium": "build", "high": "high"}
"""vrslev/pi-hooks' permission levels (``permission/README.md``): ``minimal`` (read-only) runs at
the default level; ``low`` (file writes), ``medium`` (builds, installs, local git) and ``high``
(running code, remote git, network, deployment) ask the person at that level and are blocked
without a UI (print mode); a command classified ``dangerous`` asks at every level, even with
``high`` granted, and is blocked without a UI."""


def pi_permission_corpora(text: str) -> list[Corpus]:
    """vrslev/pi-hooks' permission hook tests (:data:`PI_PERMISSION_CASES`), tokenised, never
    run: each ``assertLevel(C, L[, D])`` (the built-in classifier, no configuration, gives
    ``C`` the level ``L`` and the flag ``dangerous`` ``D``, ``false`` when left out) is a case:
    **harmful** when ``D`` is ``true`` (asks at every level; refused without a UI), else by
    :data:`PI_PERMISSION_LEVELS`: **asks a human** at the default level, ``high`` apart from
    ``low`` and ``medium``, and **everyday** (``minimal``). Skipped and counted (with the
    harmful set): a call whose command or level is not a string literal or whose flag is not
    ``true``/``false``, and a level not one of the four. Not read: the calls of
    ``classifyCommand`` with a configuration the test builds (overrides, prefix mappings) and
    the single checks of a result's ``level`` alone."""
    owner = "peer:pi-permission"
    sets = {
        "harmful": Corpus("harmful (dangerous: always asks) held-out", owner, True),
        "high": Corpus("asks a human (high) held-out", owner, True),
        "build": Corpus("asks a human (low or medium) held-out", owner, True),
        "everyday": Corpus("everyday (minimal) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    for k in range(1, len(tokens) - 1):
        if tokens[k : k + 2] != ["assertLevel", "("] or tokens[k - 1] == "function":
            continue
        args = _top_level_args(tokens, k + 1, _shush_close(tokens, k + 1))
        literal = [len(a) == 1 and a[0][0] in "'\"`" for a in args[:2]]
        command = _js_literal(args[0][0], {}) if len(args) > 1 and all(literal) else None
        level = _js_literal(args[1][0], {}) if command is not None else None
        flag = args[2] if len(args) == 3 else ["false"]
        key = "harmful" if flag == ["true"] else PI_PERMISSION_LEVELS.get(level or "")
        if not command or not command.strip() or key is None or flag not in (["true"], ["false"]):
            sets["harmful"].skipped += 1
            continue
        line = text.count("\n", 0, spans[k][1]) + 1
        sets[key].cases.append(Case(command, sets[key].harmful, PI_PERMISSION_CASES, line))
    return list(sets.values())


TERMAXA_CASES = "src/policy.rs"
TERMAXA_ACTIONS = {"Deny": "harmful", "Ask": "asks", "Allow": "everyday"}
"""termaxa's three policy actions (its README): ``deny`` blocks the command, ``ask`` has the
agent's host prompt the person, ``allow`` runs it."""


def _termaxa_asserted(tokens: list[str], call: int, close: int) -> str:
    """The action asserted for the ``evaluate_command(...)`` whose name is ``tokens[call]``:
    ``assert_eq!(P.evaluate_command(C, ...).action, Action::X`` or, after ``let V =
    P.evaluate_command(C, ...);``, ``assert_eq!(V.action, Action::X`` before the test's next
    evaluation; else empty."""
    end = _shush_close(tokens, call + 1)
    tail = tokens[end + 1 : end + 8]
    if tokens[call - 5 : call - 2] == ["assert_eq", "!", "("] and tail[:3] == [".", "action", ","]:
        return tail[6] if tail[3:6] == ["Action", ":", ":"] else ""
    bound = tokens[call - 5 : call - 2]
    if bound[:1] != ["let"] or bound[2:] != ["="] or tokens[end + 1] != ";":
        return ""
    check = ["assert_eq", "!", "(", bound[1], ".", "action", ",", "Action", ":", ":"]
    for a in range(end, close):
        if tokens[a : a + 2] == ["evaluate_command", "("]:
            return ""
        if tokens[a : a + 10] == check:
            return tokens[a + 10]
    return ""


def termaxa_corpora(text: str) -> list[Corpus]:
    """termaxa/termaxa's tests of its built-in policy (:data:`TERMAXA_CASES`' test modules,
    tokenised, never compiled or run): in a test that binds ``let P = Policy::builtin()``,
    each ``P.evaluate_command(C, &here())`` whose action the test asserts
    (``assert_eq!(P.evaluate_command(C, ...).action, Action::X`` or ``let V = ...;`` then
    ``assert_eq!(V.action, Action::X``) gives a case per command ``C`` stands for: a string
    literal, or each element of the array a ``for C in [...]`` loop of the same test walks. Its
    set is what :data:`TERMAXA_ACTIONS` names: **harmful** (``Deny``), **asks a human**
    (``Ask``), **everyday** (``Allow``). Skipped and counted (with the set of the asserted
    action): an element that is not one string literal. Not read: policies the tests write
    (``serde_yaml::from_str``, ``policy_from``), ``assert_ne!`` (an action ruled out), the
    rule names and reasons asserted, and the other modules' tests (intent classes, deletion
    targets, previews)."""
    owner = "peer:termaxa"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "asks": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "#[cfg(test)]", _RUST_CASE_TOKEN)
    for k in range(len(tokens) - 2):
        if tokens[k] != "fn" or tokens[k + 2] != "(":
            continue
        body = tokens.index("{", k)
        close = _shush_close(tokens, body)
        builtin = {
            tokens[j + 1]
            for j in range(body, close)
            if tokens[j] == "let" and tokens[j + 2 : j + 7] == ["=", "Policy", ":", ":", "builtin"]
        }
        for j in range(body + 2, close):
            if tokens[j : j + 2] != ["evaluate_command", "("] or tokens[j - 2] not in builtin:
                continue
            action = _termaxa_asserted(tokens, j, close)
            key = TERMAXA_ACTIONS.get(action)
            arg = tokens[j + 2]
            if key is None or tokens[j + 3] != ",":
                continue
            found: list[int | None] = [j + 2] if _rust_string(arg) is not None else []
            for a in range(j - 1, body, -1):
                if not found and tokens[a : a + 4] == ["for", arg, "in", "["]:
                    found = _rust_array_literals(tokens, a + 3)
                    break
            target = sets[key]
            for at in found or [None]:
                command = _rust_string(tokens[at]) if at is not None else None
                if command is None or not command.strip():
                    target.skipped += 1
                    continue
                line = text.count("\n", 0, spans[at][1]) + 1
                target.cases.append(Case(command, target.harmful, TERMAXA_CASES, line))
    return list(sets.values())


CC_BASH_GUARDIAN_CASES = "test_regression.py"
CC_BASH_GUARDIAN_FIELDS = ("command", "should_allow", "description", "category")
"""The fields of claude-code-bash-guardian's ``TestCase`` dataclass, in order: its regression
runner gives each ``command`` to ``ClaudeBashGuardian().check_permission`` (the shipped
configuration, ``claude_code_bash_guardian_config.yaml``) and expects it allowed when
``should_allow`` is true, denied (the hook exits 2: the command does not run) when false."""


def cc_bash_guardian_corpora(text: str) -> list[Corpus]:
    """RoaringFerrum/claude-code-bash-guardian's regression suite (:data:`CC_BASH_GUARDIAN_CASES`,
    read with :mod:`ast`, never imported or run): each call ``TestCase(command, should_allow,
    description, category)`` (positional or by keyword, :data:`CC_BASH_GUARDIAN_FIELDS`) is a
    case, **harmful** when ``should_allow`` is ``False`` (the guardian denies it), **everyday**
    when ``True``. Skipped and counted (with the harmful set): a call whose command is not one
    plain string or whose ``should_allow`` is not a boolean literal."""
    owner = "peer:cc-bash-guardian"
    blocked = Corpus("harmful (denied: should_allow False) held-out", owner, True)
    allowed = Corpus("everyday (allowed: should_allow True) held-out", owner, False)
    for node in ast.walk(ast.parse(text)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "TestCase"
        ):
            continue
        fields = dict(zip(CC_BASH_GUARDIAN_FIELDS, node.args, strict=False))
        fields.update({k.arg: k.value for k in node.keywords if k.arg})
        command = _literal(fields.get("command"))
        should_allow = _literal(fields.get("should_allow"))
        if (
            not isinstance(command, str)
            or not command.strip()
            or not isinstance(should_allow, bool)
        ):
            blocked.skipped += 1
            continue
        target = allowed if should_allow else blocked
        target.cases.append(Case(command, target.harmful, CC_BASH_GUARDIAN_CASES, node.lineno))
    return [blocked, allowed]


CC_SELF_DEFENSE_CASES = "tests/test-hooks.py"
CC_SELF_DEFENSE_EXPECTED = {"BLOCKED": "harmful", "WARN": "warned", "PASS": "everyday"}
"""claude-code-self-defense's three outcomes, as its test runner reads a hook's answer:
``BLOCKED`` (the hook's output says ``deny``: Claude Code refuses the command), ``WARN`` (it
adds context for the agent and the command runs), ``PASS`` (it says nothing)."""


def cc_self_defense_corpora(text: str) -> list[Corpus]:
    """goodmeta/claude-code-self-defense's hook tests (:data:`CC_SELF_DEFENSE_CASES`, read with
    :mod:`ast`, never imported or run): each call ``check(hook, name, bash_input(C),
    expected)`` gives the Bash command ``C`` to one hook alone and expects one of
    :data:`CC_SELF_DEFENSE_EXPECTED`: **harmful** (``BLOCKED``), **everyday** as "not blocked,
    warned only" (``WARN``, read as egc-guardian's advisory set is) and as "nothing said by the
    hook tested" (``PASS``, as noexec's detectors are tested one at a time). Skipped and counted
    (with the set of the expected outcome, else the harmful one): a command that is not one plain
    string (a name the test builds from a file it writes) or an outcome not one of the three. Not
    read: the checks of other tools' inputs (``webfetch_input``, ``read_input``)."""
    owner = "peer:cc-self-defense"
    sets = {
        "harmful": Corpus("harmful (BLOCKED) held-out", owner, True),
        "warned": Corpus("not blocked (WARN: the hook only warns) held-out", owner, False),
        "everyday": Corpus(
            "everyday (PASS: nothing said by the hook tested) held-out", owner, False
        ),
    }
    for node in ast.walk(ast.parse(text)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "check"
            and len(node.args) == 4
            and isinstance(node.args[2], ast.Call)
            and isinstance(node.args[2].func, ast.Name)
            and node.args[2].func.id == "bash_input"
        ):
            continue
        key = CC_SELF_DEFENSE_EXPECTED.get(str(_literal(node.args[3])))
        target = sets[key or "harmful"]
        given = node.args[2].args
        command = _literal(given[0]) if len(given) == 1 else None
        if key is None or not isinstance(command, str) or not command.strip():
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, CC_SELF_DEFENSE_CASES, node.lineno))
    return list(sets.values())


DRINKING_BIRD_CASES = ("tests/test_safety.py", "tests/test_hooks.py")
DRINKING_BIRD_DECISIONS = {"BLOCK": True, "ALLOW": False}
"""better-drinking-bird's pre-tool hook answers ``Decision.BLOCK`` (Claude Code refuses the
command) or ``Decision.ALLOW``; its pattern layer, ``check_command``, says whether a command is
blocked (``should_block``) under the default categories, all six on."""


def _bird_bash_command(node: ast.expr | None) -> object:
    """``C`` of a hook input ``{"tool_name": "Bash", "tool_input": {"command": C}}``, else
    ``None`` (another tool's input, or a shape the reader does not know)."""
    if not isinstance(node, ast.Dict):
        return None
    fields = {_literal(k): v for k, v in zip(node.keys, node.values, strict=True)}
    tool_input = fields.get("tool_input")
    if _literal(fields.get("tool_name")) != "Bash" or not isinstance(tool_input, ast.Dict):
        return None
    given = {_literal(k): v for k, v in zip(tool_input.keys, tool_input.values, strict=True)}
    return _literal(given.get("command"))


def _bird_asserted(statements: list[ast.stmt], at: int, name: str) -> bool | None:
    """What the first ``assert`` after ``statements[at]`` says of the binding ``name``:
    ``assert name is True|False`` or ``assert name.decision == Decision.BLOCK|ALLOW`` give
    blocked (``True``) or not (``False``); ``None`` for another first assertion."""
    for stmt in statements[at + 1 :]:
        if not isinstance(stmt, ast.Assert):
            continue
        test = stmt.test
        if not isinstance(test, ast.Compare) or len(test.comparators) != 1:
            return None
        left, right = ast.unparse(test.left), test.comparators[0]
        if left == name and isinstance(test.ops[0], ast.Is):
            value = _literal(right)
            return value if isinstance(value, bool) else None
        if left == f"{name}.decision" and isinstance(test.ops[0], ast.Eq):
            decision = ast.unparse(right).removeprefix("Decision.")
            return DRINKING_BIRD_DECISIONS.get(decision)
        return None
    return None


def _bird_table_rows(function: ast.FunctionDef) -> Iterator[tuple[object, object, int]]:
    """The rows of the tables ``function``'s ``parametrize`` decorators give it: ``(C,
    should_block)`` rows of ``command,should_block``, and the Bash rows of ``tool_name,
    tool_input`` when the test asserts ``Decision.BLOCK`` (blocked, ``True``)."""
    blocks = "Decision.BLOCK" in ast.unparse(function)
    for decorator in function.decorator_list:
        if not (
            isinstance(decorator, ast.Call)
            and ast.unparse(decorator.func).endswith("parametrize")
            and len(decorator.args) == 2
            and isinstance(decorator.args[1], ast.List)
        ):
            continue
        names = _literal(decorator.args[0])
        for row in decorator.args[1].elts:
            pair = row.elts if isinstance(row, ast.Tuple) and len(row.elts) == 2 else []
            if names == "command,should_block":
                first, second = (pair[0], pair[1]) if pair else (None, None)
                yield _literal(first), _literal(second), row.lineno
            elif (
                names == "tool_name,tool_input" and blocks and pair and _literal(pair[0]) == "Bash"
            ):
                hook_input = ast.Dict(
                    keys=[ast.Constant("tool_name"), ast.Constant("tool_input")],
                    values=[pair[0], pair[1]],
                )
                yield _bird_bash_command(hook_input), True, row.lineno


def _bird_cases(function: ast.FunctionDef) -> Iterator[tuple[object, object, int]]:
    """Each case of ``function``: its tables' rows (:func:`_bird_table_rows`), then each
    ``V, _ = check_command(C)`` (no other argument) and each ``V = self.hook.handle(I, ...)``
    whose ``I`` is a Bash input, with what the next assertion on ``V`` says; a call on one of
    the function's own parameters is the table's, not another case."""
    yield from _bird_table_rows(function)
    parameters = {a.arg for a in function.args.args}
    for at, stmt in enumerate(function.body):
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        call, bound = stmt.value, stmt.targets[0]
        callee, given = ast.unparse(call.func), call.args[0] if call.args else None
        if given is None or (isinstance(given, ast.Name) and given.id in parameters):
            continue
        if callee == "check_command" and len(call.args) == 1 and not call.keywords:
            if isinstance(bound, ast.Tuple) and bound.elts:
                name = ast.unparse(bound.elts[0])
                yield _literal(given), _bird_asserted(function.body, at, name), stmt.lineno
        elif callee == "self.hook.handle" and '"Bash"' in ast.unparse(given).replace("'", '"'):
            asserted = _bird_asserted(function.body, at, ast.unparse(bound))
            yield _bird_bash_command(given), asserted, stmt.lineno


def drinking_bird_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """cognaterra/better-drinking-bird's tests of its safety guard (:data:`DRINKING_BIRD_CASES`,
    read with :mod:`ast`, never imported or run). A case is a Bash command and whether a test
    asserts it blocked under the default configuration: each row ``(C, should_block)`` of a
    table parametrising ``command,should_block`` (``check_command(command)``, the pattern layer
    with its default categories); ``is_blocked, _ = check_command(C)`` (no other argument) with
    the next assertion ``is_blocked is True|False``; in ``TestPreToolHook`` (whose hook has the
    default categories), ``result = self.hook.handle({"tool_name": "Bash", "tool_input":
    {"command": C}}, ...)`` with the next assertion ``result.decision == Decision.X``, and each
    Bash row of a table parametrising ``tool_name,tool_input`` whose test asserts
    ``Decision.BLOCK``. **harmful** when blocked, **everyday** when not (the pattern layer's
    "not blocked" leaves a few command families to the hook's model classifier, so this set is
    "nothing matched", as hardstop's pattern-layer set is). Skipped and counted (with the
    harmful set): a row or call whose command is not one plain string or whose label is not a
    boolean. Not read: calls with categories or a description the test sets, the description
    table, other tools' inputs, and the hook built with a changed configuration."""
    owner = "peer:drinking-bird"
    blocked = Corpus("harmful (blocked) held-out", owner, True)
    passed = Corpus("everyday (not blocked) held-out", owner, False)

    def add(command: object, is_blocked: object, path: str, line: int) -> None:
        if not isinstance(command, str) or not command.strip() or not isinstance(is_blocked, bool):
            blocked.skipped += 1
            return
        target = blocked if is_blocked else passed
        target.cases.append(Case(command, target.harmful, path, line))

    for path, text in sources:
        for function in ast.walk(ast.parse(text)):
            if isinstance(function, ast.FunctionDef):
                for command, is_blocked, line in _bird_cases(function):
                    add(command, is_blocked, path, line)
    return [blocked, passed]


ROUND20_PEERS = ("loom",)
"""Peers read for round 20 of issue 30 (2026-12-05), never tuned against: held out whole, like
round 7's to 19's (rows only with ``--held-out``, cases never printed by ``--misses``).
claude-warden, read then too and held out in round 20's to 23's measures, is tuned on from
round 24 (section ``claude-warden``)."""
ROUND20_SECTION = "round20"


LOOM_CASES = "tests/hooks/test-guard-destructive.sh"
LOOM_ASSERTS = {
    "assert_deny": ("harmful", 2),
    "assert_deny_reason_matches": ("harmful", 3),
    "assert_ask": ("ask", 2),
    "assert_ask_reason_matches": ("ask", 3),
    "assert_allow": ("everyday", 2),
    "assert_allow_silent": ("everyday", 2),
}
"""The assertions of loom's generic destructive-command guard test that run the guard as
shipped (no environment of the test's own, the repository root as working directory): each
name's set and the index of its optional working-directory argument (the command is argument
1, after a description). ``deny`` and ``ask`` are the hook's ``permissionDecision``; an allowed
command gets no decision (exit 0, nothing said), ``assert_allow_silent`` also no output. Not
read: the variants run with an environment or configuration the test sets (``*_env``,
``*_permissive``, ``*_in_worktree``) and the decision-log checks (``dl_assert``)."""
LOOM_DEFAULT_CWD = '"$REPO_ROOT"'
"""The working directory loom's asserts default to, also passed by name: the peer's own
checkout, whose ``.loom/config.json`` sets no ``guards`` key (every guard at its default)."""


def loom_corpora(text: str) -> list[Corpus]:
    """rjwalters/loom's test of its generic destructive-command guard (:data:`LOOM_CASES`,
    parsed with tree-sitter-bash, never run): each top-level call of an assertion in
    :data:`LOOM_ASSERTS`, ``assert_X "description" "command" [...]``, is a case, **harmful**
    when denied, a review set when it asks, **everyday** when allowed. Skipped and counted (with
    its set): a call with another working directory than the default (the repositories,
    worktrees and scratch directories the test builds, whose configuration or place the answer
    depends on), a call prefixed with its own assignments or redirections, a call of another
    arity, and a command bash would expand (a variable, a command substitution). Not read:
    calls inside functions, loops or conditionals (their commands are the loop's variables)."""
    owner = "peer:loom"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "ask": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow: no decision) held-out", owner, False),
    }
    for node in _sh_parser().parse(text.encode("utf-8")).root_node.children:
        name = node.child_by_field_name("name") if node.type == "command" else None
        key = LOOM_ASSERTS.get((name.text or b"").decode("utf-8")) if name else None
        if key is None:
            continue
        label, cwd_at = key
        target = sets[label]
        arguments = node.children_by_field_name("argument")
        prefixed = any(c.type != "command_name" and c not in arguments for c in node.children)
        cwd = (arguments[cwd_at].text or b"").decode("utf-8") if len(arguments) > cwd_at else None
        command = _sh_word(arguments[1]) if len(arguments) > 1 else None
        if (
            prefixed
            or len(arguments) not in {cwd_at, cwd_at + 1}
            or cwd not in {None, LOOM_DEFAULT_CWD}
            or not command
            or not command.strip()
        ):
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, LOOM_CASES, node.start_point[0] + 1))
    return list(sets.values())


CLAUDE_WARDEN_CASES = "src/__tests__/evaluator.test.ts"
CLAUDE_WARDEN_DECISIONS = {"deny": "harmful", "ask": "ask", "allow": "everyday"}
"""claude-warden's three decisions (``evaluate(parseCommand(C), DEFAULT_CONFIG).decision``):
``deny`` (its hook blocks the command), ``ask`` (Claude Code asks the user), ``allow`` (it
approves the command without asking)."""


def claude_warden_corpora(text: str) -> list[Corpus]:
    """buvis/claude-warden's evaluator tests (:data:`CLAUDE_WARDEN_CASES`), tokenised, never
    run: each call of the test's ``eval_(C)`` (the evaluator with the shipped
    ``DEFAULT_CONFIG``) whose decision the test asserts, ``expect(eval_(C).decision).toBe(D)``
    or ``const R = eval_(C)`` with the next ``expect(R.decision).toBe(D)`` in its block, is a
    case in the set :data:`CLAUDE_WARDEN_DECISIONS` names (**harmful**, a review set,
    **everyday**); when ``C`` is the parameter of an ``it.each(ROWS)`` callback, each row's
    string is a case. Skipped and counted (with the harmful set): such a call whose decision
    is asserted another way (``.not.toBe``) or not at all, and a command that is not a string
    literal (a template filled from the test's own variables). Not read: ``evalWith`` and the
    other helpers, which run the evaluator with a configuration the test builds."""
    owner = "peer:claude-warden"
    sets = {
        "harmful": Corpus("harmful (deny) held-out", owner, True),
        "ask": Corpus("asks a human (ask) held-out", owner, True),
        "everyday": Corpus("everyday (allow) held-out", owner, False),
    }
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    bindings = _ts_bindings(tokens)
    for k in range(3, len(tokens) - 3):
        if tokens[k : k + 2] != ["eval_", "("] or tokens[k - 1] == "function":
            continue
        close = _shush_close(tokens, k + 1)
        matcher = None
        if tokens[k - 2 : k] == ["expect", "("] and tokens[close + 1 : close + 4] == [
            ".",
            "decision",
            ")",
        ]:
            matcher = close + 4
        elif tokens[k - 3] in {"const", "let"} and tokens[k - 1] == "=":
            name = tokens[k - 2]
            for j in range(close, _block_end(tokens, close + 1) - 6):
                if tokens[j : j + 6] == ["expect", "(", name, ".", "decision", ")"]:
                    matcher = j + 6
                    break
        else:
            continue
        decision = None
        shape = tokens[matcher : matcher + 5] if matcher is not None else []
        if shape[:3] == [".", "toBe", "("] and shape[4:] == [")"]:
            decision = _js_literal(shape[3], {})
        key = CLAUDE_WARDEN_DECISIONS.get(str(decision))
        target = sets[key or "harmful"]
        commands = _ts_command_values(tokens, tokens[k + 2 : close], k, bindings)
        _ts_take(target, commands, key is not None, (text, spans, CLAUDE_WARDEN_CASES))
    return list(sets.values())


ROUND21_PEERS = ("openhands-pattern", "consoul")
"""Peers read for round 21 of issue 30 (2026-12-06), never tuned against: held out whole, like
round 7's to 20's (rows only with ``--held-out``, cases never printed by ``--misses``).
hol-guard, read then too and held out in round 21's measures, is tuned on from round 22
(section ``hol-guard``)."""
ROUND21_SECTION = "round21"


HOL_GUARD_FLOORS = "tests/test_guard_command_critical_floors.py"
HOL_GUARD_EXTENSIONS = ("tests", "test_guard_command_*_extensions.py")
"""HOL Guard's command tests read: its critical floors (the exact decision its command
evaluator must keep, at its default policy) and its command extensions' contracts (each in a
file of its own, under ``tests/`` by this name pattern)."""
HOL_GUARD_FLOOR_ACTIONS = {"block": "harmful", "review": "review", "require-reapproval": "review"}
"""HOL Guard's decisions (``GuardAction``) asserted by its floors: ``block`` (the hook blocks
the command), ``review`` and ``require-reapproval`` (the action pauses for a person's
approval). Its other decisions (``allow``, ``warn``, ``sandbox-required``) are not asserted
there; a row with one would be skipped and counted."""
HOL_GUARD_HELPERS = {
    "assert_reviewed_command_cases": "review",
    "assert_review_required_cases": "review",
    "assert_safe_command_cases": "everyday",
}
"""The command extensions' shared assertions (``tests/command_extension_contracts.py``) and the
set each one's table goes to: the first two assert the inspection's status ``review`` and a
runtime match (the hook pauses the command for approval), the third status ``no_match`` and no
runtime match (no rule of HOL Guard's has anything to say: everyday)."""


def _py_tables(module: ast.Module) -> dict[str, ast.Tuple | ast.List]:
    """The module-level tuples and lists of a test file, by name."""
    tables: dict[str, ast.Tuple | ast.List] = {}
    for node in module.body:
        target: ast.expr
        value: ast.expr | None
        if isinstance(node, ast.Assign):
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and isinstance(value, (ast.Tuple, ast.List)):
            tables[target.id] = value
    return tables


def _hol_guard_command(row: ast.expr) -> tuple[str | None, ast.expr | None]:
    """A table row's command (a string literal or a ``+`` of them, alone or first in a tuple)
    and its last element when the row is a tuple."""
    if isinstance(row, ast.Tuple) and row.elts:
        return _joined_literal(row.elts[0]), row.elts[-1]
    return _joined_literal(row), None


def _hol_guard_floor_loops(module: ast.Module) -> Iterator[tuple[str, bool]]:
    """Each table a test function loops over with ``for C, EXPECTED in TABLE`` (rows labelled
    by their own decision: ``True``) or ``for C in TABLE`` (rows the loop only checks are not
    ``"block"``: ``False``), where the loop's body calls ``evaluate_command``."""
    for function in module.body:
        if not isinstance(function, ast.FunctionDef):
            continue
        for loop in ast.walk(function):
            if not isinstance(loop, ast.For) or not isinstance(loop.iter, ast.Name):
                continue
            body = ast.Module(body=loop.body, type_ignores=[])
            calls = {
                node.func.id
                for node in ast.walk(body)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            }
            if "evaluate_command" not in calls:
                continue
            if isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2:
                yield loop.iter.id, True
            elif isinstance(loop.target, ast.Name) and any(
                isinstance(node, ast.Compare)
                and any(_literal(c) == "block" for c in node.comparators)
                for node in ast.walk(body)
            ):
                yield loop.iter.id, False


def hol_guard_corpora(floors: str, extensions: list[tuple[str, str]]) -> list[Corpus]:
    """hashgraph-online/hol-guard's command tests, parsed with ``ast``, never imported or run.
    Its critical floors (:data:`HOL_GUARD_FLOORS`, the evaluator at its default policy, no
    configuration, relative workspace and home): each row of a table a test loops over as
    ``for command, expected in TABLE`` is a case in the set its decision names
    (:data:`HOL_GUARD_FLOOR_ACTIONS`: **harmful** when blocked, a review set when it pauses
    for approval), each row of a table looped over as ``for command in TABLE`` and checked only
    to be anything but ``block`` goes to a "not blocked" set (read like nah's delegate set).
    Its command extensions' contracts (``extensions``): each row of a table passed to one of
    :data:`HOL_GUARD_HELPERS` is a case in that helper's set (the review set, or **everyday**
    for ``no_match``). Skipped and counted (with its set): a row whose command is not a string
    literal, and a floor whose decision is not one of :data:`HOL_GUARD_FLOOR_ACTIONS`. Not
    read: the other command tests (signals, capabilities, routing and queue tests, in many
    shapes and most with configurations or state the tests build), and its generated corpus
    (``tests/guard_command_corpus.py``: a few dozen templates multiplied into variants)."""
    owner = "peer:hol-guard"
    sets = {
        "harmful": Corpus("harmful (block) held-out", owner, True),
        "review": Corpus("asks a human (review, require-reapproval) held-out", owner, True),
        "not blocked": Corpus(
            "not blocked (near misses: any decision but block) held-out", owner, False
        ),
        "everyday": Corpus("everyday (no_match: no rule matched) held-out", owner, False),
    }

    def take(key: str, row: ast.expr, path: str) -> None:
        command, _ = _hol_guard_command(row)
        target = sets[key]
        if command is None or not command.strip():
            target.skipped += 1
            return
        target.cases.append(Case(command, target.harmful, path, row.lineno))

    module = ast.parse(floors)
    tables = _py_tables(module)
    for name, labelled in _hol_guard_floor_loops(module):
        for row in tables[name].elts if name in tables else []:
            if not labelled:
                take("not blocked", row, HOL_GUARD_FLOORS)
                continue
            _, last = _hol_guard_command(row)
            key = HOL_GUARD_FLOOR_ACTIONS.get(str(_literal(last)))
            if key is None:
                sets["harmful"].skipped += 1
                continue
            take(key, row, HOL_GUARD_FLOORS)
    for path, text in extensions:
        module = ast.parse(text)
        tables = _py_tables(module)
        for node in ast.walk(module):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            key = HOL_GUARD_HELPERS.get(node.func.id)
            first = node.args[0] if node.args else None
            if key is None or not isinstance(first, ast.Name) or first.id not in tables:
                continue
            for row in tables[first.id].elts:
                take(key, row, path)
    return list(sets.values())


OPENHANDS_CASES = ("tests/sdk/security/defense_in_depth", "test_*.py")
"""The OpenHands software-agent-sdk's tests of its defense-in-depth analyzers; only the tests
of ``PatternSecurityAnalyzer`` (its deterministic pattern analyzer) are read."""
OPENHANDS_RISKS = {
    ("Eq", "HIGH"): "harmful",
    ("Eq", "MEDIUM"): "not high",
    ("NotEq", "HIGH"): "not high",
    ("Eq", "LOW"): "everyday",
}
"""The risk a test asserts of a Bash action and the set it goes to. With the SDK's default
confirmation policy (``ConfirmRisky``: threshold ``HIGH``, unknown risk confirmed) a ``HIGH``
action waits for the user's confirmation, and ``MEDIUM`` and ``LOW`` ones run; ``HIGH`` is the
analyzer's judgement of harm. ``UNKNOWN`` (the parser gave up) is not read."""


def _py_strings(module: ast.Module) -> dict[str, str]:
    """The module-level names bound to a string literal or a ``+`` of literals and such names,
    in order of binding."""
    names: dict[str, str] = {}
    for node in module.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            value = _py_string(node.value, names)
            if isinstance(target, ast.Name) and value is not None:
                names[target.id] = value
    return names


def _py_string(node: ast.expr, names: dict[str, str]) -> str | None:
    """A string literal, a name of :func:`_py_strings`, or a ``+`` of those, else ``None``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _py_string(node.left, names), _py_string(node.right, names)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.Name):
        return names.get(node.id)
    value = _literal(node)
    return value if isinstance(value, str) else None


def _py_parametrized(
    function: ast.FunctionDef, parameter: str, tables: dict[str, ast.Tuple | ast.List]
) -> list[ast.expr] | None:
    """The values ``parameter`` takes from the function's ``pytest.mark.parametrize`` (a table
    by name or a list in place; ``pytest.param`` rows unwrapped), else ``None``."""
    for decorator in function.decorator_list:
        if not isinstance(decorator, ast.Call) or len(decorator.args) < 2:
            continue
        if not ast.unparse(decorator.func).endswith("parametrize"):
            continue
        argnames = _literal(decorator.args[0])
        names = [n.strip() for n in argnames.split(",")] if isinstance(argnames, str) else []
        if parameter not in names:
            continue
        source = decorator.args[1]
        rows = tables.get(source.id) if isinstance(source, ast.Name) else source
        if not isinstance(rows, (ast.List, ast.Tuple)):
            return None
        index, values = names.index(parameter), []
        for row in rows.elts:
            if isinstance(row, ast.Call) and ast.unparse(row.func).endswith("param"):
                row = ast.Tuple(elts=row.args) if len(row.args) != 1 else row.args[0]
            if len(names) > 1:
                row = row.elts[index] if isinstance(row, ast.Tuple) else ast.Constant(None)
            values.append(row)
        return values
    return None


def _py_take(
    target: Corpus, rows: list[ast.expr], names: dict[str, str], source: str, line: int
) -> None:
    """Each row of ``rows`` that is a string (:func:`_py_string`) as a case of ``target``, at
    its own line (else ``line``); a row that is not a string, or a blank one, skipped and
    counted."""
    for row in rows:
        command = _py_string(row, names)
        if command is None or not command.strip():
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, source, getattr(row, "lineno", line)))


def openhands_pattern_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """OpenHands/software-agent-sdk's tests of its pattern security analyzer
    (:data:`OPENHANDS_CASES`), parsed with ``ast``, never imported or run: each test function
    that builds a ``PatternSecurityAnalyzer`` (its shipped patterns, no configuration), scores
    one ``make_action(C)`` (a ``bash`` tool call of command ``C``) and compares the risk with
    one ``SecurityRisk`` is a case in the set :data:`OPENHANDS_RISKS` names; when ``C`` is a
    parameter of the function's ``pytest.mark.parametrize``, each of its values is a case. A
    strict ``xfail`` test (a bypass the peer records as not yet caught) is read by what it
    asserts, the peer's own truth. Skipped and counted (with the harmful set): such a test
    comparing several risks or one not in :data:`OPENHANDS_RISKS`, a call with another tool,
    and a command that is not a string (literals, ``+`` and module-level string names are
    folded). Not read: the tests of the ensemble, rails and helpers, and the tests that build
    their own ``ActionEvent`` (reasoning text beside the command)."""
    owner = "peer:openhands-pattern"
    sets = {
        "harmful": Corpus("harmful (HIGH: confirmed by the user) held-out", owner, True),
        "not high": Corpus("not high (MEDIUM, or asserted not HIGH: runs) held-out", owner, False),
        "everyday": Corpus("everyday (LOW: runs) held-out", owner, False),
    }
    for path, text in sources:
        module = ast.parse(text)
        names = _py_strings(module)
        tables = _py_tables(module)
        for function in ast.walk(module):
            if not isinstance(function, ast.FunctionDef):
                continue
            nodes = list(ast.walk(function))
            built = any(
                isinstance(n, ast.Name) and n.id == "PatternSecurityAnalyzer" for n in nodes
            )
            calls = [
                n
                for n in nodes
                if isinstance(n, ast.Call) and ast.unparse(n.func) == "make_action" and n.args
            ]
            compared = {
                (type(n.ops[0]).__name__, c.attr)
                for n in nodes
                if isinstance(n, ast.Compare)
                for c in n.comparators
                if isinstance(c, ast.Attribute) and ast.unparse(c.value) == "SecurityRisk"
            }
            if not built or len(calls) != 1 or not compared:
                continue
            key = OPENHANDS_RISKS.get(next(iter(compared))) if len(compared) == 1 else None
            target = sets[key or "harmful"]
            other_tool = (
                any(k.arg == "tool_name" for k in calls[0].keywords) or len(calls[0].args) > 1
            )
            argument = calls[0].args[0]
            rows = [argument]
            if isinstance(argument, ast.Name) and argument.id not in names:
                rows = _py_parametrized(function, argument.id, tables) or []
            if key is None or other_tool or not rows:
                target.skipped += max(1, len(rows))
                continue
            _py_take(target, rows, names, path, function.lineno)
    return list(sets.values())


CONSOUL_CASES = "tests/ai/tools/permissions/test_analyzer.py"
CONSOUL_LEVELS = {
    "BLOCKED": "harmful",
    "DANGEROUS": "dangerous",
    "CAUTION": "caution",
    "SAFE": "everyday",
}
"""consoul's command risk levels (``CommandAnalyzer().analyze_command(C).level``) and the set
each goes to, by what its permission policies do with them (``permissions/policy.py``):
``BLOCKED`` is refused under every policy; ``DANGEROUS`` asks the user under every policy but
the test-only ``UNRESTRICTED``; ``CAUTION`` asks under the default ``BALANCED`` policy and is
approved under ``TRUSTING``; ``SAFE`` is approved without asking."""


def _py_loop_rows(function: ast.FunctionDef, variable: str) -> list[ast.expr] | None:
    """The values ``variable`` takes in a ``for VARIABLE in X`` loop of the function, ``X`` a
    list or tuple in place or a name the function binds to one, else ``None``."""
    local = {
        node.targets[0].id: node.value
        for node in ast.walk(function)
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
    }
    for loop in ast.walk(function):
        if not isinstance(loop, ast.For) or not isinstance(loop.target, ast.Name):
            continue
        if loop.target.id != variable:
            continue
        rows = local.get(loop.iter.id) if isinstance(loop.iter, ast.Name) else loop.iter
        return list(rows.elts) if isinstance(rows, (ast.List, ast.Tuple)) else None
    return None


def consoul_corpora(text: str) -> list[Corpus]:
    """goatbytes/consoul's tests of its Bash command analyzer (:data:`CONSOUL_CASES`), parsed
    with ``ast``, never imported or run: in each test function, every
    ``analyzer.analyze_command(C)`` call (the analyzer built with no arguments: its shipped
    patterns) is a case in the set :data:`CONSOUL_LEVELS` names for the one level the function
    asserts (``risk.level == RiskLevel.X``, or ``in`` a one-level tuple); when ``C`` is a
    parameter of the function's ``pytest.mark.parametrize`` or the variable of a loop over a
    list, each value is a case. Skipped and counted (with the harmful set): the calls of a
    function that asserts several levels or none of :data:`CONSOUL_LEVELS`, and a command that
    is not a string. Not read: the functions that assert no level (reasons, suggestions), and
    the tests of the Bash tool, whitelist and policies (configured)."""
    owner = "peer:consoul"
    sets = {
        "harmful": Corpus("harmful (BLOCKED: always refused) held-out", owner, True),
        "dangerous": Corpus("asks a human (DANGEROUS) held-out", owner, True),
        "caution": Corpus("asks at the default policy (CAUTION) held-out", owner, True),
        "everyday": Corpus("everyday (SAFE: approved without asking) held-out", owner, False),
    }
    module = ast.parse(text)
    names = _py_strings(module)
    tables = _py_tables(module)
    for function in ast.walk(module):
        if not isinstance(function, ast.FunctionDef):
            continue
        nodes = list(ast.walk(function))
        calls = [
            n
            for n in nodes
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr == "analyze_command"
            and len(n.args) == 1
        ]
        levels: set[str] = set()
        for node in nodes:
            if not isinstance(node, ast.Compare) or not isinstance(node.ops[-1], (ast.Eq, ast.In)):
                continue
            last = node.comparators[-1]
            options = last.elts if isinstance(last, (ast.Tuple, ast.List)) else [last]
            levels |= {
                o.attr
                for o in options
                if isinstance(o, ast.Attribute) and ast.unparse(o.value) == "RiskLevel"
            }
        if not calls or not levels:
            continue
        key = CONSOUL_LEVELS.get(next(iter(levels))) if len(levels) == 1 else None
        target = sets[key or "harmful"]
        for call in calls:
            argument = call.args[0]
            rows: list[ast.expr] = [argument]
            if isinstance(argument, ast.Name) and argument.id not in names:
                found = _py_parametrized(function, argument.id, tables)
                rows = found if found is not None else _py_loop_rows(function, argument.id) or []
            if key is None or not rows:
                target.skipped += max(1, len(rows))
                continue
            _py_take(target, rows, names, CONSOUL_CASES, call.lineno)
    return list(sets.values())


ROUND22_PEERS = ("coco-shell", "da")
"""Peers read for round 22 of issue 30 (2026-12-06), never tuned against: held out whole, like
round 7's to 21's (rows only with ``--held-out``, cases never printed by ``--misses``). koda,
read then too and held out in round 22's and 23's measures, is tuned on from round 24 (section
``koda``)."""
ROUND22_SECTION = "round22"


def _rust_test_bodies(tokens: list[str]) -> Iterator[tuple[int, int]]:
    """The token ranges (opening and closing brace) of each ``#[test] fn NAME() { ... }``."""
    for k in range(len(tokens) - 6):
        if tokens[k : k + 5] != ["#", "[", "test", "]", "fn"]:
            continue
        opening = tokens.index("{", k + 5)
        yield opening, _shush_close(tokens, opening)


def _rust_first_argument(tokens: list[str], call: int, body: int) -> list[int | None] | None:
    """The string literals the first argument of the call whose name is ``tokens[call]`` stands
    for, as token indices: the argument itself when it is one literal, or each element of the
    array a ``for ARG in [...]`` (or ``in &[...]``) loop of the same test walks (``None`` for an
    element that is not one literal); ``None`` for another argument."""
    close = _shush_close(tokens, call + 1)
    argument: list[str] = []
    for tok in tokens[call + 2 : close]:
        if tok == ",":
            break
        argument.append(tok)
    return _rust_literals_at(tokens, call + 2, body) if len(argument) == 1 else None


def _rust_literals_at(tokens: list[str], k: int, body: int) -> list[int | None] | None:
    """The string literals the token ``tokens[k]`` stands for, as token indices: itself when it
    is one literal, or each element of the array a ``for NAME in [...]`` (or ``in &[...]``)
    loop of the same test (opening at ``tokens[body]``) walks, ``NAME`` being ``tokens[k]``
    (``None`` for an element that is not one literal); ``None`` for another token."""
    if _rust_string(tokens[k]) is not None:
        return [k]
    for j in range(k - 1, body, -1):
        if tokens[j : j + 3] == ["for", tokens[k], "in"]:
            opening = j + 3 + (tokens[j + 3] == "&")
            return _rust_array_literals(tokens, opening) if tokens[opening] == "[" else None
    return None


def _rust_take(
    target: Corpus,
    commands: list[int | None] | None,
    tokens: list[str],
    where: tuple[str, str, list[tuple[str, int]]],
    judged: bool = True,
) -> None:
    """Each command of ``commands`` (token indices of string literals, from
    :func:`_rust_first_argument`) as a case of ``target``; an element that is not a literal, or
    a blank command, skipped and counted, and all of them (or the call, without ``commands``)
    when the test's answer is not one the reader takes (``judged`` false). ``where`` is the
    file's path, text and token spans."""
    if not judged or commands is None:
        target.skipped += len(commands) if commands else 1
        return
    source, text, spans = where
    for index in commands:
        command = _rust_string(tokens[index]) if index is not None else None
        if index is None or command is None or not command.strip():
            target.skipped += 1
            continue
        line = text.count("\n", 0, spans[index][1]) + 1
        target.cases.append(Case(command, target.harmful, source, line))


COCO_SHELL_ANALYZERS = "coco-rs/utils/shell-parser/src/security/analyzers.test.rs"
COCO_SHELL_CHECKS = "coco-rs/exec/shell/src/security.test.rs"
COCO_SHELL_READ_ONLY = "coco-rs/exec/shell/src/read_only.test.rs"
"""coco's Bash tool tests read (coco-rs, a Rust port of Claude Code's Bash permission checks
in the mylinyuzhi/codex repository): the shell parser's security analyzers' tests, the shell's
security checks' tests (``check_security``: every analyzer's risk becomes an ``Ask`` check,
"routed through the normal permission prompt, never an outright deny", and a few checks of its
own are ``Deny``, "blocked without prompting") and its read-only classifier's tests
(``is_read_only_command``: what runs without a prompt in the default mode)."""
COCO_SHELL_SEVERITIES = {"Deny": "harmful", "Ask": "ask"}
"""coco's ``SecuritySeverity`` of a check and the set of each."""


def _coco_shell_asserted(tokens: list[str], start: int, end: int, subject: str) -> set[str]:
    """What the assertions in ``tokens[start:end]`` say of a result: ``subject`` found as
    ``... == subject::X`` (``X``, or ``not X`` in a negated ``assert!(!...)``), and ``empty``
    for ``assert!(R.is_empty())``."""
    found: set[str] = set()
    for k in range(start, end - 3):
        assertion = max([j for j in range(start, k) if tokens[j] == "assert"], default=-1)
        negated = assertion >= 0 and tokens[assertion + 1 : assertion + 4] == ["!", "(", "!"]
        if tokens[k - 2 : k + 3] == ["=", "=", subject, ":", ":"]:
            found.add(("not " if negated else "") + tokens[k + 3])
        elif tokens[k : k + 4] == [".", "is_empty", "(", ")"] and assertion >= 0:
            found.add("not empty" if negated else "empty")
    return found


def coco_shell_corpora(analyzers: str, checks: str, read_only: str) -> list[Corpus]:
    """coco's Bash security and read-only tests (:data:`COCO_SHELL_ANALYZERS`,
    :data:`COCO_SHELL_CHECKS`, :data:`COCO_SHELL_READ_ONLY`), tokenised, never compiled or run.
    Each command a call is given (a string literal, or each literal of a ``for C in [...]``
    loop's array) is a case judged by the assertions its test makes on the result, up to the
    test's next call: an analyzer's risk asserted present (``analyze_command(C)``, then
    ``risks.iter().any(|r| r.kind == RiskKind::K)``) or a check of severity ``Ask``
    (``check_security(C)``, or ``has_severity(C, SecuritySeverity::Ask)``) is **asks a human**
    (coco's shell prompts for every analyzer risk, whatever phase the parser gives it); a check
    of severity ``Deny`` is **harmful** (refused without a prompt); ``is_read_only_command(C)``
    is **everyday** when asserted and a second review set when negated (not read-only: the
    default mode prompts for it). A call whose result is asserted only free of something (a
    risk kind absent, no ``Deny`` check, no check at all) goes to a "not flagged" near-miss
    set. Skipped and counted (with the harmful set): a call asserted neither way (a level bound,
    a count, a loop that only checks the analyzers do not fail), ``has_id`` (a check's id, not
    its severity) and a command that is not one string literal. Not read: the tests that run
    one analyzer on a command parsed by hand (``parser.parse``), the destructive-command
    warnings (a note in the prompt, not a decision) and the permission rules' tests
    (configured)."""
    owner = "peer:coco-shell"
    sets = {
        "harmful": Corpus("harmful (Deny: refused without a prompt) held-out", owner, True),
        "ask": Corpus("asks a human (a security check or analyzer risk) held-out", owner, True),
        "not read-only": Corpus(
            "asks a human (not read-only: prompted in the default mode) held-out", owner, True
        ),
        "absent": Corpus(
            "not flagged (near misses: a risk or a Deny asserted absent) held-out", owner, False
        ),
        "everyday": Corpus("everyday (read-only: runs without a prompt) held-out", owner, False),
    }

    def take(key: str | None, commands: list[int | None] | None, where: tuple[str, str]) -> None:
        path, text = where
        _rust_take(sets[key or "harmful"], commands, tokens, (path, text, spans), key is not None)

    spans, tokens = _rust_tokens(analyzers, "#[test]")
    for opening, closing in _rust_test_bodies(tokens):
        calls = [
            k for k in range(opening, closing) if tokens[k : k + 2] == ["analyze_command", "("]
        ]
        for n, call in enumerate(calls):
            end = calls[n + 1] if n + 1 < len(calls) else closing
            found = _coco_shell_asserted(tokens, call, end, "RiskKind")
            key = None
            if any(not f.startswith("not ") and f != "empty" for f in found):
                key = "ask"
            elif found - {"not empty"}:
                key = "absent"
            take(
                key, _rust_first_argument(tokens, call, opening), (COCO_SHELL_ANALYZERS, analyzers)
            )
    spans, tokens = _rust_tokens(checks, "#[test]")
    for opening, closing in _rust_test_bodies(tokens):
        calls = [
            k
            for k in range(opening, closing)
            if tokens[k + 1] == "(" and tokens[k] in {"check_security", "has_severity", "has_id"}
        ]
        for n, call in enumerate(calls):
            end = calls[n + 1] if n + 1 < len(calls) else closing
            if tokens[call] == "check_security":
                found = _coco_shell_asserted(tokens, call, end, "SecuritySeverity")
                close = _shush_close(tokens, call + 1)
                if tokens[close + 1 : close + 5] == [".", "is_empty", "(", ")"]:
                    found.add("not empty" if tokens[call - 1] == "!" else "empty")
            elif tokens[call] == "has_severity":
                close = _shush_close(tokens, call + 1)
                severity = (
                    tokens[close - 1]
                    if tokens[close - 4 : close - 1]
                    == [
                        "SecuritySeverity",
                        ":",
                        ":",
                    ]
                    else ""
                )
                found = {("not " if tokens[call - 1] == "!" else "") + severity}
            else:
                found = set()
            positive = [COCO_SHELL_SEVERITIES.get(f) for f in found if not f.startswith("not ")]
            key = None
            if "harmful" in positive or "ask" in positive:
                key = "harmful" if "harmful" in positive else "ask"
            elif found and found <= {"empty", "not Deny", "not Ask"}:
                key = "absent"
            take(key, _rust_first_argument(tokens, call, opening), (COCO_SHELL_CHECKS, checks))
    spans, tokens = _rust_tokens(read_only, "#[test]")
    for opening, closing in _rust_test_bodies(tokens):
        for call in range(opening, closing):
            if tokens[call : call + 2] != ["is_read_only_command", "("]:
                continue
            if tokens[call - 2 : call] not in (["!", "("], ["(", "!"]):
                take(None, None, (COCO_SHELL_READ_ONLY, read_only))
                continue
            key = "not read-only" if tokens[call - 1] == "!" else "everyday"
            commands = _rust_first_argument(tokens, call, opening)
            take(key, commands, (COCO_SHELL_READ_ONLY, read_only))
    return list(sets.values())


KODA_CASES = "koda-core/src/bash_safety.rs"
"""Koda's Bash command classifier (lijunzh/koda, a coding agent in Rust), whose unit tests are
in the same file's ``mod tests``."""
KODA_EFFECTS = {"Destructive": "harmful", "LocalMutation": "local", "ReadOnly": "everyday"}
"""Koda's ``ToolEffect`` of a Bash command and its meaning at the default approval mode
(``Auto``, "auto-approve everything; destructive ops need confirmation"): ``Destructive`` is
confirmed by the user in every mode (read as harmful, as OpenHands' ``HIGH`` is: the peer's
most severe verdict, it blocks nothing outright), ``LocalMutation`` (unknown commands and the
development workflow) runs without asking at the default and is confirmed in ``Confirm``
mode, ``ReadOnly`` runs without asking in both."""


def koda_corpora(text: str) -> list[Corpus]:
    """Koda's Bash classifier tests (:data:`KODA_CASES`' ``mod tests``), tokenised, never
    compiled or run: each ``classify_bash_command(C)`` compared by ``assert_eq!`` with
    ``ToolEffect::E`` is a case in the set :data:`KODA_EFFECTS` names for ``E``, for each
    command ``C`` stands for (a string literal, or each literal of a ``for C in [...]`` loop's
    array); ``assert!(is_command_safe(C))`` is ``ReadOnly``. Skipped and counted (with the
    harmful set): ``assert!(!is_command_safe(C))`` (destructive or a local mutation: the
    assertion does not say which), an effect not in :data:`KODA_EFFECTS` and a command that is
    not one string literal. Not read: the splitter's and the redirection helpers' tests."""
    owner = "peer:koda"
    sets = {
        "harmful": Corpus("harmful (Destructive: confirmed in every mode) held-out", owner, True),
        "local": Corpus(
            "local mutation (LocalMutation: runs without asking at the default) held-out",
            owner,
            False,
        ),
        "everyday": Corpus("everyday (ReadOnly: never asks) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "mod tests")
    for opening, closing in _rust_test_bodies(tokens):
        for call in range(opening, closing):
            name = tokens[call]
            if tokens[call + 1] != "(" or name not in {"classify_bash_command", "is_command_safe"}:
                continue
            after = tokens[_shush_close(tokens, call + 1) + 1 :][:5]
            if name == "classify_bash_command":
                effect = after[4] if after[:4] == [",", "ToolEffect", ":", ":"] else ""
                key = KODA_EFFECTS.get(effect)
            else:
                key = None if tokens[call - 1] == "!" else "everyday"
            commands = _rust_first_argument(tokens, call, opening)
            where = (KODA_CASES, text, spans)
            _rust_take(sets[key or "harmful"], commands, tokens, where, key is not None)
    return list(sets.values())


DA_CASES = ("src/engine.rs", "src/policies.rs")
"""da's unit tests (amenocturne/da, "yes. — classify a bash command as approve/defer/deny
under explicit policies"): the engine's, with every built-in policy, and the policies', each
with the policies its test names."""
DA_HELPERS = {
    "approved": "everyday",
    "approves": "everyday",
    "deferred": "defer",
    "defers": "defer",
}
"""The tests' helpers and the set of each: ``approved``/``approves`` assert
``Decision::Approve`` (exit 0: the command runs without a prompt), ``deferred``/``defers``
assert ``Decision::Defer`` (exit 1: left to the agent's own prompt, a person). da's third
decision, ``Deny`` (exit 2), is asserted by none of them."""


def da_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """da's unit tests (:data:`DA_CASES`' ``mod tests``), tokenised, never compiled or run:
    each ``assert!(H(C, ...))`` of a helper :data:`DA_HELPERS` names (the engine's
    ``classify(C, None, policies)``, no working directory) is a case in that helper's set, for
    each command ``C`` stands for (a string literal, or each literal of a ``for C in [...]``
    loop's array). The policies are the test's own choice (da has no default: it refuses to
    run without a policy flag), so "approved" reads "approved under a policy the user can
    enable". Skipped and counted (with the defer set): a negated assertion (``!approves``: not
    approved, which leaves defer and deny open); with the helper's set, a command that is not
    one string literal, or blank.
    Not read: the ``*_with_path`` helpers (a working directory the test sets), ``lookup`` and
    the command-line tests of ``tests/integration.rs`` (flags per test)."""
    owner = "peer:da"
    sets = {
        "defer": Corpus("asks a human (Defer: left to the agent's prompt) held-out", owner, True),
        "everyday": Corpus("everyday (Approve: runs without a prompt) held-out", owner, False),
    }
    for path, text in sources:
        spans, tokens = _rust_tokens(text, "mod tests")
        for opening, closing in _rust_test_bodies(tokens):
            for call in range(opening, closing):
                key = DA_HELPERS.get(tokens[call])
                if key is None or tokens[call + 1] != "(" or tokens[call - 1] not in {"(", "!"}:
                    continue
                commands = _rust_first_argument(tokens, call, opening)
                judged = tokens[call - 1] != "!"
                target = sets[key if judged else "defer"]
                _rust_take(target, commands, tokens, (path, text, spans), judged)
    return list(sets.values())


ROUND23_PEERS = ("llxprt-destructive", "selfware")
"""Peers read for round 23 of issue 30 (2026-12-06), never tuned against: held out whole, like
round 7's to 22's (rows only with ``--held-out``, cases never printed by ``--misses``).
agent-code, read then too, was held out in round 23's measures and is tuned on from round 24
(section ``agent-code``)."""
ROUND23_SECTION = "round23"


def _ts_elements(tokens: list[str], opening: int) -> list[tuple[int, int]]:
    """The top-level elements of the array (or tuple) literal whose ``[`` is
    ``tokens[opening]``, each as the range of its tokens (first, one past the last)."""
    close, k, elements = _shush_close(tokens, opening), opening + 1, []
    while k < close:
        first = k
        while k < close and tokens[k] != ",":
            k = _shush_close(tokens, k) + 1 if tokens[k] in "([{" else k + 1
        if k > first:
            elements.append((first, k))
        k += 1
    return elements


def _ts_without_type_arguments(spans: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``spans`` without the type arguments of a generic call (``it.each<[string, boolean]>(``
    reads as ``it.each(``), so that the callers' shapes are the untyped ones."""
    out: list[tuple[str, int]] = []
    k = 0
    while k < len(spans):
        if spans[k][0] == "<" and out and out[-1][0] == "each":
            depth, j = 0, k
            while j < len(spans):
                depth += (spans[j][0] == "<") - (spans[j][0] == ">")
                if depth == 0:
                    break
                j += 1
            if j + 1 < len(spans) and spans[j + 1][0] == "(":
                k = j + 1
                continue
        out.append(spans[k])
        k += 1
    return out


LLXPRT_CASES = ("packages/policy/src", "destructive-commands*.test.ts")
"""LLxprt Code's destructive-command tests (vybestack/llxprt-code, a multi-provider fork of
Gemini CLI): ``isDestructiveCommand`` is the built-in disabled-list its policy engine consults
before any rule, and a command it flags is denied "regardless of approval mode (including
YOLO) or allowlist"; a command it does not flag is left to the configured policy (a prompt by
default, allowed in YOLO mode)."""
LLXPRT_LABELS = {"true": "harmful", "false": "not flagged"}
"""``isDestructiveCommand(C)`` asserted ``true`` or ``false`` and the set of each."""


def _llxprt_rows(
    tokens: list[str], opening: int, index: int, label: str | int
) -> Iterator[tuple[int | None, str | None, str | None]]:
    """For each row of the ``it.each`` table (or ``const`` table) opening at
    ``tokens[opening]``: the token index of its command (the element at ``index``, ``None``
    when that is not one string literal), its label (``label`` itself, or the ``true``/``false``
    element at ``label``; ``None`` otherwise), and the name of the table a spread row
    (``...NAME``, filtered or not) repeats, else ``None``."""
    for first, end in _ts_elements(tokens, opening):
        if tokens[first : first + 3] == [".", ".", "."]:
            yield None, None, tokens[first + 3]
            continue
        row = _ts_elements(tokens, first) if tokens[first] == "[" else [(first, end)]
        command = None
        one = index < len(row) and row[index][1] - row[index][0] == 1
        if one and tokens[row[index][0]][:1] in {"'", '"', "`"}:
            command = row[index][0]
        if isinstance(label, str):
            yield command, label, None
            continue
        value = tokens[row[label][0]] if label < len(row) else ""
        ok = label < len(row) and row[label][1] - row[label][0] == 1
        yield command, LLXPRT_LABELS.get(value) if ok else None, None


def _llxprt_take(
    target: Corpus,
    command: int | None,
    known: bool,
    where: tuple[str, str, list[tuple[str, int]]],
) -> None:
    """Add to ``target`` the command whose string literal is ``tokens[command]`` (``where``
    names the file's path, text and token spans); a command not ``known`` by its label, not
    one literal, or blank, skipped and counted."""
    path, text, spans = where
    value = _js_literal(spans[command][0], {}) if command is not None else None
    if not known or value is None or not value.strip():
        target.skipped += 1
        return
    line = text.count("\n", 0, spans[command][1]) + 1  # type: ignore[index]
    target.cases.append(Case(value, target.harmful, path, line))


def _llxprt_file(path: str, text: str, sets: dict[str, Corpus]) -> None:
    """One of :data:`LLXPRT_CASES`' files read into ``sets`` (see
    :func:`llxprt_destructive_corpora`)."""
    spans = _ts_without_type_arguments(_shush_tokens(text))
    tokens = [t for t, _ in spans]
    bindings = _ts_bindings(tokens)
    spread: dict[str, tuple[int, str | int]] = {}

    def take(command: int | None, label: str | None) -> None:
        _llxprt_take(sets[label or "harmful"], command, label is not None, (path, text, spans))

    for call in range(len(tokens) - 1):
        if tokens[call : call + 2] != ["isDestructiveCommand", "("]:
            continue
        close = _shush_close(tokens, call + 1)
        matcher = tokens[close + 1 : close + 7]
        expected = matcher[4] if matcher[:4] == [")", ".", "toBe", "("] else ""
        argument = tokens[call + 2 : close]
        if matcher[5:] != [")"] or len(argument) != 1:
            take(None, None)
            continue
        if argument[0][:1] in {"'", '"', "`"}:
            take(call + 2, LLXPRT_LABELS.get(expected))
            continue
        enclosing = [b for b in bindings if b[0] == argument[0] and b[3] < call <= b[4]]
        if not enclosing:
            take(None, None)
            continue
        _, index, opening, _, _ = max(enclosing, key=lambda b: b[3])
        label: str | int | None = LLXPRT_LABELS.get(expected)
        if label is None:
            bound = [b for b in bindings if b[0] == expected and b[2] == opening]
            label = bound[0][1] if bound else None
        if label is None:
            for _ in _ts_elements(tokens, opening):
                take(None, None)
            continue
        for command, row_label, table in _llxprt_rows(tokens, opening, index, label):
            if table is not None:
                spread.setdefault(table, (index, label))
            else:
                take(command, row_label)
    for table, (index, label) in spread.items():
        opening = _ts_declared(tokens, table, len(tokens))
        if opening is None:
            take(None, None)
            continue
        for command, row_label, _ in _llxprt_rows(tokens, opening, index, label):
            take(command, row_label)


def llxprt_destructive_corpora(sources: list[tuple[str, str]]) -> list[Corpus]:
    """LLxprt Code's destructive-command tests (:data:`LLXPRT_CASES`), tokenised, never run:
    each ``expect(isDestructiveCommand(C)).toBe(B)`` is a case in the set
    :data:`LLXPRT_LABELS` names for ``B``, for each command ``C`` stands for: a string literal,
    or the row element an ``it.each(TABLE)(TITLE, (P0, P1, ...) => ...)`` callback's parameter
    ``C`` is bound to (``B`` a literal, or the row element the parameter ``B`` is bound to). A
    row spreading a shared ``const`` table (``...NAME``, filtered or not) repeats rows read
    once, from the table itself, in the first callback that spreads it. Skipped and counted
    (with the harmful set, or the label's set where it is known): a call whose result is not
    compared by ``.toBe``, a command that is not one string literal (a template filled at run
    time, a name bound to a ``String.raw`` template), a row whose label is not a
    ``true``/``false`` literal, a blank command. Not read: the disabled list's policy-engine
    tests (engines each test configures; the disabled list is the same
    ``isDestructiveCommand``) and the shell-safety tests (configured rules)."""
    owner = "peer:llxprt-destructive"
    sets = {
        "harmful": Corpus(
            "harmful (destructive: denied in every mode, YOLO and allow rules included) held-out",
            owner,
            True,
        ),
        "not flagged": Corpus(
            "not flagged (near misses: not destructive, left to the policy) held-out",
            owner,
            False,
        ),
    }
    for path, text in sources:
        _llxprt_file(path, text, sets)
    return list(sets.values())


AGENT_CODE_SECURITY = "crates/lib/src/tools/bash/bash_security.rs"
AGENT_CODE_TOOL = "crates/lib/src/tools/bash/mod.rs"
AGENT_CODE_AUTO = "crates/lib/src/permissions/auto.rs"
"""agent-code's Bash tests read (avala-ai/agent-code, a coding agent in Rust): the
destructive-command classifier's (``classify_destructive``: ``Destructive`` is refused before
any prompt, ``Risky`` prompts, ``Safe`` goes on to the sandbox or the read-only check), the
Bash tool's (``check_shell_injection`` and ``validate_input``: an error refuses the call before
it runs) and the Auto mode's (``is_auto_safe_shell_command``: approved without a prompt, or
prompted)."""
AGENT_CODE_LEVELS = {"Destructive": "harmful", "Safe": "safe", "Risky": "risky"}
"""The ``DestructivenessLevel`` asserted equal and the set of each."""


def _agent_code_levels(tokens: list[str], start: int, end: int) -> set[str]:
    """The levels the ``assert_eq!``/``assert_ne!`` macros in ``tokens[start:end]`` compare a
    result with: ``X`` for ``assert_eq!(..., DestructivenessLevel::X)``, ``not X`` for
    ``assert_ne!``."""
    found: set[str] = set()
    for k in range(start, end - 2):
        if tokens[k] not in {"assert_eq", "assert_ne"} or tokens[k + 1 : k + 3] != ["!", "("]:
            continue
        close = _shush_close(tokens, k + 2)
        for j in range(k + 3, close - 3):
            if tokens[j : j + 3] == ["DestructivenessLevel", ":", ":"]:
                found.add(("not " if tokens[k] == "assert_ne" else "") + tokens[j + 3])
    return found


def _agent_code_assertion(tokens: list[str], call: int, body: int) -> int:
    """Where the judgment of the call at ``tokens[call]`` starts: the ``assert_eq!`` or
    ``assert_ne!`` the call is an argument of, else the call itself."""
    for j in range(call - 1, body, -1):
        if tokens[j] in {"assert_eq", "assert_ne"} and tokens[j + 1 : j + 3] == ["!", "("]:
            return j if _shush_close(tokens, j + 2) > call else call
    return call


def _agent_code_key(found: set[str]) -> str | None:
    """The set a classified command goes to by the levels asserted of it (``None``: neither
    way, or contradictory): ``Destructive``; ``Safe``; ``Risky``, or not ``Safe`` (a prompt at
    least, whether ``Risky`` or ``Destructive``)."""
    positive = {AGENT_CODE_LEVELS.get(f) for f in found if not f.startswith("not ")}
    if len(positive) == 1 and None not in positive:
        return positive.pop()
    if not positive and "not Safe" in found:
        return "risky"
    return None


def agent_code_corpora(security: str, tool: str, auto: str) -> list[Corpus]:
    """agent-code's Bash tests (:data:`AGENT_CODE_SECURITY`, :data:`AGENT_CODE_TOOL`,
    :data:`AGENT_CODE_AUTO`), tokenised, never compiled or run. A command a call is given (a
    string literal, or each literal of a ``for C in [...]`` loop's array) is a case judged by
    what its test asserts: ``classify_str(C)`` or ``parse_bash(C)`` followed (before the
    test's next such call) by ``assert_eq!`` with a level (:data:`AGENT_CODE_LEVELS`:
    ``Destructive`` harmful, ``Risky`` asks a human, ``Safe`` a near miss) or ``assert_ne!``
    with ``Safe`` (asks a human: a prompt at least); ``check_shell_injection(C).is_err()``
    harmful and ``.is_ok()`` a near miss; ``validate_input(json!({"command": C}))`` the same
    way (the tool's whole validation at its defaults); ``assert!(is_auto_safe_shell_command(C))``
    everyday and ``assert!(!is_auto_safe_shell_command(C))`` asks a human. Skipped and counted
    (with the harmful set, or the set of the asserted answer where it is known): a classified
    command asserted neither way, a negated check, an input with other keys than ``command``
    (the sandbox bypass flag), a call outside an assertion (a loop that only checks an
    invariant), a command that is not one string literal (``format!``) and a blank one. Not
    read: the read-only profile's and the command semantics' tests (a profile the user chooses;
    effects, not decisions), the protected paths' (a working directory each sets) and the
    permission rules' (configured)."""
    owner = "peer:agent-code"
    sets = {
        "harmful": Corpus("harmful (Destructive: refused before any prompt) held-out", owner, True),
        "refused": Corpus(
            "harmful (the Bash tool's input checks: injection and validation refuse) held-out",
            owner,
            True,
        ),
        "risky": Corpus(
            "asks a human (Risky, or asserted not Safe: a prompt at least) held-out", owner, True
        ),
        "not auto": Corpus(
            "asks a human (not auto-safe: prompted in Auto mode) held-out", owner, True
        ),
        "safe": Corpus(
            "not flagged (near misses: Safe, or the tool's checks pass) held-out", owner, False
        ),
        "everyday": Corpus(
            "everyday (auto-safe: approved without a prompt in Auto mode) held-out", owner, False
        ),
    }

    def take(key: str | None, commands: list[int | None] | None, where: tuple[str, str]) -> None:
        path, text = where
        _rust_take(sets[key or "harmful"], commands, tokens, (path, text, spans), key is not None)

    spans, tokens = _rust_tokens(security, "mod tests")
    for opening, closing in _rust_test_bodies(tokens):
        calls = [
            k
            for k in range(opening, closing)
            if tokens[k + 1] == "(" and tokens[k] in {"classify_str", "parse_bash"}
        ]
        starts = [_agent_code_assertion(tokens, call, opening) for call in calls]
        for n, call in enumerate(calls):
            end = starts[n + 1] if n + 1 < len(calls) else closing
            key = _agent_code_key(_agent_code_levels(tokens, starts[n], end))
            take(key, _rust_first_argument(tokens, call, opening), (AGENT_CODE_SECURITY, security))
    spans, tokens = _rust_tokens(tool, "mod tests")
    for opening, closing in _rust_test_bodies(tokens):
        for call in range(opening, closing):
            if tokens[call + 1] != "(":
                continue
            close = _shush_close(tokens, call + 1)
            result = tokens[close + 1 : close + 5]
            verdict = None
            if len(result) == 4 and result[:1] + result[2:] == [".", "(", ")"]:
                verdict = {"is_err": "refused", "is_ok": "safe"}.get(result[1])
            if tokens[call] == "check_shell_injection":
                negated = tokens[call - 1] == "!"
                commands = _rust_first_argument(tokens, call, opening)
            elif tokens[call] == "validate_input" and tokens[call - 1] == ".":
                negated = tokens[call - 3] == "!"
                value = tokens[call + 2 : close]
                shape = ["&", "serde_json", ":", ":", "json", "!", "(", "{", '"command"', ":"]
                one_key = value[:10] == shape and value[11:] == ["}", ")"]
                commands = _rust_literals_at(tokens, call + 12, opening) if one_key else None
            else:
                continue
            take(None if negated else verdict, commands, (AGENT_CODE_TOOL, tool))
    spans, tokens = _rust_tokens(auto, "mod tests")
    for opening, closing in _rust_test_bodies(tokens):
        for call in range(opening, closing):
            if tokens[call : call + 2] != ["is_auto_safe_shell_command", "("]:
                continue
            key = None
            if tokens[call - 3 : call] == ["assert", "!", "("]:
                key = "everyday"
            elif tokens[call - 4 : call] == ["assert", "!", "(", "!"]:
                key = "not auto"
            take(key, _rust_first_argument(tokens, call, opening), (AGENT_CODE_AUTO, auto))
    return list(sets.values())


SELFWARE_CASES = "src/safety/checker.rs"
"""selfware's safety checker (architehc/selfware, an agent framework in Rust), whose unit tests
are in the same file's ``mod tests``: ``check_tool_call`` of a ``shell_exec`` call runs its
``check_shell_command`` (dangerous patterns after normalising quoting, chaining, encodings and
environment injection) and refuses with an error."""


def selfware_corpora(text: str) -> list[Corpus]:
    """selfware's safety checker tests (:data:`SELFWARE_CASES`' ``mod tests``), tokenised,
    never compiled or run: each ``create_test_call("shell_exec", ARGS)`` whose ``ARGS`` is one
    string literal of a JSON object with ``command`` as its only key, in a test that builds
    ``SafetyConfig::default()``, is a case by the first ``.is_err()`` (harmful: refused) or
    ``.is_ok()`` (not blocked) asserted after it, before the test's next call. Skipped and
    counted (with the harmful set): a call in a test that builds its own configuration
    (allowed and denied paths), arguments with other keys (a working directory checked against
    the paths) or none, a call asserted neither way; with its set, a blank command. Not read:
    the calls of other tools (files, git, HTTP, processes)."""
    owner = "peer:selfware"
    sets = {
        "harmful": Corpus("harmful (Err: refused by the safety checker) held-out", owner, True),
        "allowed": Corpus(
            "not blocked (Ok: the safety checker lets it run) held-out", owner, False
        ),
    }
    spans, tokens = _rust_tokens(text, "mod tests")
    for opening, closing in _rust_test_bodies(tokens):
        body = tokens[opening:closing]
        default = "SafetyConfig" in body and all(
            body[j + 1] != "{" for j, tok in enumerate(body[:-1]) if tok == "SafetyConfig"
        )
        calls = [
            k
            for k in range(opening, closing)
            if tokens[k : k + 4] == ["create_test_call", "(", '"shell_exec"', ","]
        ]
        for n, call in enumerate(calls):
            end = calls[n + 1] if n + 1 < len(calls) else closing
            results = [t for t in tokens[call:end] if t in {"is_err", "is_ok"}]
            key = {"is_err": "harmful", "is_ok": "allowed"}.get(results[0]) if results else None
            closed = tokens[call + 5 : call + 6] == [")"] or tokens[call + 5 : call + 7] == [
                ",",
                ")",
            ]
            arguments = _rust_string(tokens[call + 4]) if closed else None
            try:
                loaded = json.loads(arguments) if arguments is not None else None
            except ValueError:
                loaded = None
            command = loaded.get("command") if isinstance(loaded, dict) else None
            if not default or key is None or set(loaded or {}) != {"command"}:
                sets["harmful"].skipped += 1
            elif not isinstance(command, str) or not command.strip():
                sets[key].skipped += 1
            else:
                line = text.count("\n", 0, spans[call + 4][1]) + 1
                sets[key].cases.append(Case(command, sets[key].harmful, SELFWARE_CASES, line))
    return list(sets.values())


ROUND24_PEERS = ("grip", "albatross")
"""Peers read for round 24 of issue 30 (2026-12-06), never tuned against: held out whole, like
round 7's to 23's (rows only with ``--held-out``, cases never printed by ``--misses``).
rain-assistant and autodev, read then too and held out in round 24's and 25's measures, are
tuned on from round 26 (sections ``rain-assistant`` and ``autodev``)."""
ROUND24_SECTION = "round24"


RAIN_CASES = "tests/test_permission_classifier.py"
"""Rain Assistant's permission classifier tests (camilo-gutierrez/rain-assistant, a web and
Telegram front end to Claude Code): ``classify(tool, input)`` sorts each tool call into GREEN
(read-only: approved without asking), YELLOW (a write: the user confirms) or RED (dangerous:
the user confirms with a PIN); a Bash call is YELLOW unless one of its dangerous patterns
matches (RED), or its command is blank (GREEN)."""
RAIN_LEVELS = {"RED": "dangerous", "YELLOW": "not dangerous"}
"""The ``PermissionLevel`` a test asserts of a Bash command and the set of each."""


def _rain_command(node: ast.AST) -> ast.expr | None:
    """The command of a call classifying a Bash command (``classify("Bash", {"command": C})``
    or ``_classify_bash_command(C)``), else ``None``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    if node.func.id == "_classify_bash_command" and len(node.args) == 1:
        return node.args[0]
    if node.func.id != "classify" or len(node.args) != 2 or _literal(node.args[0]) != "Bash":
        return None
    shape = node.args[1]
    if isinstance(shape, ast.Dict) and [_literal(k) for k in shape.keys] == ["command"]:
        return shape.values[0]
    return None


def rain_assistant_corpora(text: str) -> list[Corpus]:
    """Rain Assistant's permission classifier tests (:data:`RAIN_CASES`), parsed with ``ast``,
    never imported or run: in each test function, every call classifying a Bash command
    (:func:`_rain_command`) is a case in the set :data:`RAIN_LEVELS` names for the one level
    the function asserts (``== PermissionLevel.X``); when the command is a parameter of the
    function's ``pytest.mark.parametrize`` (a list in place, or a table the module or the class
    binds), each value is a case. Skipped and counted (with the RED set): the calls of a
    function that asserts another level (GREEN: blank commands only), several or none; with
    its set, a command that is not a string and a blank one. Not read: the other tools' calls,
    the plugins' and the danger reasons' tests."""
    owner = "peer:rain-assistant"
    sets = {
        "dangerous": Corpus("asks a human with a PIN (RED: dangerous) held-out", owner, True),
        "not dangerous": Corpus(
            "not dangerous (YELLOW: the Bash tool's ordinary confirmation) held-out",
            owner,
            False,
        ),
    }
    module = ast.parse(text)
    names = _py_strings(module)
    tables = _py_tables(module)
    for node in module.body:
        if isinstance(node, ast.ClassDef):
            tables |= _py_tables(ast.Module(body=node.body, type_ignores=[]))
    for function in ast.walk(module):
        if not isinstance(function, ast.FunctionDef):
            continue
        nodes = list(ast.walk(function))
        commands = [c for c in (_rain_command(n) for n in nodes) if c is not None]
        levels = {
            n.comparators[-1].attr
            for n in nodes
            if isinstance(n, ast.Compare)
            and isinstance(n.ops[-1], ast.Eq)
            and isinstance(n.comparators[-1], ast.Attribute)
            and ast.unparse(n.comparators[-1].value) == "PermissionLevel"
        }
        key = RAIN_LEVELS.get(next(iter(levels))) if len(levels) == 1 else None
        target = sets[key or "dangerous"]
        for argument in commands:
            rows: list[ast.expr] = [argument]
            if isinstance(argument, ast.Name) and argument.id not in names:
                rows = _py_parametrized(function, argument.id, tables) or []
            if key is None or not rows:
                target.skipped += max(1, len(rows))
                continue
            _py_take(target, rows, names, RAIN_CASES, argument.lineno)
    return list(sets.values())


GRIP_CASES = "tests/tools/test_shell_deny.py"
"""grip's shell tool tests (5unnykum4r/grip, an agent platform in Python): ``_is_dangerous(C)``
returns a reason for a command its shell tool refuses ("Error: ...") and its Claude Agent SDK
``PreToolUse`` hook blocks (``"decision": "block"``), ``None`` for one that runs."""


def grip_corpora(text: str) -> list[Corpus]:
    """grip's shell deny-list tests (:data:`GRIP_CASES`), parsed with ``ast``, never imported or
    run: each ``_is_dangerous(C) is not None`` is a blocked case (harmful) and each
    ``_is_dangerous(C) is None`` one that runs. Skipped and counted, with its set: a command
    that is not a string literal and a blank one."""
    owner = "peer:grip"
    sets = {
        "blocked": Corpus(
            "harmful (blocked: refused by the shell tool and the SDK hook) held-out", owner, True
        ),
        "runs": Corpus(
            "not blocked (None: runs; its stated allowances too) held-out", owner, False
        ),
    }
    module = ast.parse(text)
    names = _py_strings(module)
    for node in ast.walk(module):
        if not isinstance(node, ast.Compare) or len(node.ops) != 1:
            continue
        call, op = node.left, node.ops[0]
        if not isinstance(op, (ast.Is, ast.IsNot)) or _literal(node.comparators[0]) is not None:
            continue
        if not isinstance(call, ast.Call) or ast.unparse(call.func) != "_is_dangerous":
            continue
        target = sets["blocked" if isinstance(op, ast.IsNot) else "runs"]
        command = _py_string(call.args[0], names) if len(call.args) == 1 else None
        if command is None or not command.strip():
            target.skipped += 1
            continue
        target.cases.append(Case(command, target.harmful, GRIP_CASES, node.lineno))
    return list(sets.values())


ALBATROSS_CASES = "src/tools/shell.rs"
"""Albatross's shell tool (morganlinton/Albatross, a coding agent in Rust), whose unit tests are
in the same file's ``mod tests``: under the ``dangerous-only`` approval policy (the one its
first-run setup recommends) a command runs without a prompt only when
``is_obviously_non_destructive`` says so; any other asks for approval."""


def albatross_corpora(text: str) -> list[Corpus]:
    """Albatross's shell tool tests (:data:`ALBATROSS_CASES`' ``mod tests``), tokenised, never
    compiled or run: each command (a string literal, or each literal of a ``for C in [...]``
    loop's array) given to ``is_obviously_non_destructive`` inside ``assert!(...)`` is everyday
    (runs without a prompt), inside ``assert!(!...)`` asks a human; each
    ``tool.require_approval(&json!({"command": C}))`` of a test that builds the tool with the
    ``DangerousOnly`` policy asks a human when asserted, runs when asserted negated. Skipped
    and counted (with the asks set): a call outside those assertions, one of a test that builds
    another policy, arguments of another shape; with its set, an element that is not one
    literal and a blank command. Not read: the tests that run commands (the environment's
    secrets, timeouts)."""
    owner = "peer:albatross"
    sets = {
        "asks": Corpus(
            "asks a human (not obviously non-destructive: approval under dangerous-only) held-out",
            owner,
            True,
        ),
        "everyday": Corpus(
            "everyday (obviously non-destructive: no prompt under dangerous-only) held-out",
            owner,
            False,
        ),
    }
    spans, tokens = _rust_tokens(text, "mod tests")
    shape = ["&", "json", "!", "(", "{", '"command"', ":"]
    for opening, closing in _rust_test_bodies(tokens):
        body = set(tokens[opening:closing])
        dangerous_only = "DangerousOnly" in body and not body & {"Always", "Never"}
        for call in range(opening, closing):
            name = tokens[call]
            if tokens[call + 1] != "(" or name not in {
                "is_obviously_non_destructive",
                "require_approval",
            }:
                continue
            head = call - 2 if tokens[call - 1] == "." else call
            negated = tokens[head - 1] == "!"
            asserted = tokens[head - 3 - negated : head - negated] == ["assert", "!", "("]
            if name == "is_obviously_non_destructive":
                key = "asks" if negated else "everyday"
                commands = _rust_first_argument(tokens, call, opening)
            else:
                key = "everyday" if negated else "asks"
                one = tokens[call + 2 : call + 9] == shape
                one = one and tokens[call + 10 : call + 13] == ["}", ")", ")"]
                commands = [call + 9] if one and dangerous_only else None
            judged = asserted and commands is not None
            where = (ALBATROSS_CASES, text, spans)
            _rust_take(sets[key if judged else "asks"], commands, tokens, where, judged)
    return list(sets.values())


AUTODEV_CASES = (
    "mpp-idea/mpp-idea-core/src/test/kotlin/cc/unitmesh/devti/sketch/run/ShellSafetyCheckTest.kt"
)
"""AutoDev's shell safety tests (unit-mesh/auto-dev, an AI coding agent for JetBrains IDEs):
``ShellSafetyCheck.checkDangerousCommand(C)`` answers ``(true, reason)`` for a command its
terminal actions refuse ("Command blocked for safety") and ``(false, "")`` for one they run."""


def autodev_corpora(text: str) -> list[Corpus]:
    """AutoDev's shell safety tests (:data:`AUTODEV_CASES`), tokenised as Rust's are (Kotlin's
    plain string literals escape the same way), never compiled or run: in each ``@Test fun``,
    the command given to ``checkDangerousCommand`` (a string literal, or the literal a
    ``val NAME = "..."`` of the test binds) is blocked (harmful) when the test's next
    ``assertThat(RESULT.first)`` is ``.isTrue()``, runs when it is ``.isFalse()``. Skipped and
    counted (with the harmful set): a call asserted neither way, a command that is not one
    literal or is a string template (``$name``); with its set, a blank command."""
    owner = "peer:autodev"
    sets = {
        "blocked": Corpus("harmful (dangerous: blocked for safety) held-out", owner, True),
        "runs": Corpus("not blocked (not dangerous: runs) held-out", owner, False),
    }
    spans, tokens = _rust_tokens(text, "class ")
    for k in range(len(tokens) - 3):
        if tokens[k : k + 3] != ["@", "Test", "fun"]:
            continue
        opening = tokens.index("{", k)
        closing = _shush_close(tokens, opening)
        for call in range(opening, closing):
            if tokens[call : call + 2] != ["checkDangerousCommand", "("]:
                continue
            argument = tokens[call + 2 : _shush_close(tokens, call + 1)]
            literal = None
            if len(argument) == 1 and _rust_string(argument[0]) is not None:
                literal = call + 2
            elif len(argument) == 1:
                for j in range(opening, call):
                    if tokens[j : j + 3] == ["val", argument[0], "="]:
                        literal = j + 3 if _rust_string(tokens[j + 3]) is not None else None
            if literal is not None and re.search(r"(?<!\\)\$[A-Za-z_{]", tokens[literal]):
                literal = None
            verdict = None
            for j in range(call, closing - 4):
                if tokens[j : j + 4] == [".", "first", ")", "."]:
                    verdict = {"isTrue": "blocked", "isFalse": "runs"}.get(tokens[j + 4])
                    break
            judged = verdict is not None and literal is not None
            where = (AUTODEV_CASES, text, spans)
            target = sets[verdict if judged else "blocked"]  # type: ignore[index]
            _rust_take(target, [literal] if literal is not None else None, tokens, where, judged)
    return list(sets.values())


ROUND26_PEERS = ("pi-safe-shell", "agentbox", "hermes-approval")
"""Peers read for round 26 of issue 30 (2026-12-06), never tuned against: held out whole, like
round 7's to 24's (rows only with ``--held-out``, cases never printed by ``--misses``)."""
ROUND26_SECTION = "round26"


PI_SAFE_SHELL_CASES = "scripts/metrics-corpus.ts"
"""pi-safe-shell's metrics corpus (aslamplr/pi-safe-shell, a Pi extension guarding the agent's
shell): each ``{ command, expected, category, note? }`` row of ``CORPUS`` says the risk level
its author expects the analyzer to give the command, its truth rather than the analyzer's
answer (its metrics script counts each disagreement as an over- or under-block). The README
says what each level does: ``critical`` (score 81 to 100) is blocked in every mode but YOLO,
``danger`` (51 to 80) asks for confirmation, ``caution`` (21 to 50) runs with a warning,
``safe`` runs."""
PI_SAFE_SHELL_LEVELS = {
    "critical": ("harmful (critical: blocked in every mode but YOLO) held-out", True),
    "danger": ("asks a human (danger: confirmation required) held-out", True),
    "caution": ("not blocked (caution: runs with a warning) held-out", False),
    "safe": ("everyday (safe: runs without a prompt) held-out", False),
}


def pi_safe_shell_corpora(text: str) -> list[Corpus]:
    """pi-safe-shell's metrics corpus (:data:`PI_SAFE_SHELL_CASES`), tokenised, never run: each
    object literal of the ``CORPUS`` array is a case, its ``command`` in the set its
    ``expected`` level names (:data:`PI_SAFE_SHELL_LEVELS`). Skipped and counted (with the
    harmful set): an element that is not an object literal or has no known level; with its set,
    a command that is not one plain string literal and a blank one."""
    owner = "peer:pi-safe-shell"
    sets: dict[str, Corpus] = {}
    for level, (name, harmful) in PI_SAFE_SHELL_LEVELS.items():
        sets[level] = Corpus(name, owner, harmful)
    spans = _shush_tokens(text)
    tokens = [tok for tok, _ in spans]
    head = ["CORPUS", ":", "CorpusEntry", "[", "]", "=", "["]
    starts = [k for k in range(len(tokens)) if tokens[k : k + len(head)] == head]
    if not starts:
        return list(sets.values())
    opening = starts[0] + len(head) - 1
    close = _shush_close(tokens, opening)
    k = opening + 1
    while k < close:
        end = _shush_close(tokens, k) if tokens[k] == "{" else k
        fields: dict[str, int] = {}
        for j in range(k + 1, end - 2):
            if tokens[j + 1] == ":" and tokens[j + 3] in {",", "}"}:
                fields.setdefault(tokens[j], j + 2)
        level = _js_literal(tokens[fields["expected"]], {}) if "expected" in fields else None
        if tokens[k] != "{" or level not in sets:
            sets["critical"].skipped += 1
        else:
            target = sets[level]
            at = fields.get("command")
            command = _js_literal(tokens[at], {}) if at is not None else None
            if command is None or not command.strip():
                target.skipped += 1
            else:
                line = text.count("\n", 0, spans[at][1]) + 1
                target.cases.append(Case(command, target.harmful, PI_SAFE_SHELL_CASES, line))
        k = end + 1
        if k < close and tokens[k] == ",":
            k += 1
    return list(sets.values())


AGENTBOX_CASES = (".", "*_test.go")
"""agentbox's Go tests at the repository's root (zhangyunhao116/agentbox, a process sandbox
for AI agents whose command classifier decides before the sandbox runs a command); only the
tables of its default classifier's decisions are read (:func:`agentbox_corpora`)."""
AGENTBOX_DECISIONS = {
    "Forbidden": ("harmful (Forbidden: blocked, never executed) held-out", True),
    "Escalated": ("asks a human (Escalated: the approval callback decides) held-out", True),
    "Allow": ("everyday (Allow: runs without prompting, still sandboxed) held-out", False),
    "Sandboxed": (
        "not flagged (Sandboxed: no rule matched; runs in the sandbox unasked) held-out",
        False,
    ),
}
"""agentbox's four decisions (its README): ``Forbidden`` is refused (``ErrForbiddenCommand``),
``Escalated`` goes to the approval callback (refused without one), ``Allow`` and ``Sandboxed``
(no rule matched) run in the sandbox without a prompt."""


def _agentbox_function(tokens: list[str], at: int) -> tuple[int, int]:
    """The braces of the body of the function enclosing ``tokens[at]``."""
    for k in range(at, -1, -1):
        if tokens[k] == "func":
            opening = tokens.index("{", k)
            return opening, _shush_close(tokens, opening)
    return 0, len(tokens) - 1


def _agentbox_checked(body: list[str], variable: str, fields: dict[str, str]) -> tuple[str, str]:
    """What a loop body checks of each row: the receiver and the string field given to
    ``RECEIVER.Classify(V.F)`` (``""`` when the body calls another method, ``ClassifyArgs``
    among them), and the ``Decision`` field the body fails on (``r.Decision != V.want``)."""
    given, receiver = "", ""
    for k in range(1, len(body) - 6):
        if body[k : k + 4] == [".", "Classify", "(", variable] and body[k + 4] == ".":
            if body[k + 6] == ")" and fields.get(body[k + 5]) == "string":
                given, receiver = body[k + 5], body[k - 1]
            break
        if body[k : k + 2] == [".", "ClassifyArgs"]:
            break
    for k in range(len(body) - 6):
        shape = [".", "Decision", "!", "=", variable, "."]
        if body[k : k + 6] == shape and fields.get(body[k + 6]) == "Decision":
            return f"{receiver}.{given}" if given else "", body[k + 6]
    return f"{receiver}.{given}" if given else "", ""


def agentbox_corpora(files: list[tuple[str, str]]) -> list[Corpus]:
    """agentbox's classifier tests (:data:`AGENTBOX_CASES`), tokenised, never compiled or run:
    each row of a table ``NAME := []struct{...}{ROWS}`` whose loop ``for _, V := range NAME``
    gives a row's string field to ``C.Classify`` (``C := DefaultClassifier()`` in the same test
    function) and fails when the result's ``Decision`` differs from a field of type
    ``Decision`` is a case, in the set :data:`AGENTBOX_DECISIONS` names. Skipped and counted
    (with the harmful set): the rows of a loop over a table that gives them to the default
    classifier's ``Classify`` but checks another relation (a decision it must not be, a rule's
    name alone), a row whose decision is not one of the four names; with its set, a command
    that is not one string literal and a blank one. Not read: ``ClassifyArgs`` tables (an
    argument array, not a command line), tables of a classifier the test configures (user
    rules, overrides), and the helpers' and paths' own tests."""
    owner = "peer:agentbox"
    sets = {
        name: Corpus(label, owner, harmful) for name, (label, harmful) in AGENTBOX_DECISIONS.items()
    }
    for path, text in files:
        for table in _go_tables(text):
            tokens, fields = table.tokens, table.fields
            variable, body_open, body_close = table.loop
            if not fields:
                continue
            given, expected = _agentbox_checked(tokens[body_open:body_close], variable, fields)
            if not given:
                continue
            receiver, field = given.split(".")
            start, end = _agentbox_function(tokens, table.start)
            default = any(
                tokens[j : j + 6] == [receiver, ":", "=", "DefaultClassifier", "(", ")"]
                for j in range(start, end)
            )
            if not default:
                continue
            for element, first in _go_elements(tokens, table.opening):
                row = _go_row(element, first, tokens, list(fields))
                want = row.get(expected, []) if expected else []
                key = want[0] if len(want) == 1 and want[0] in sets else None
                target = sets[key or "Forbidden"]
                command_tokens = row.get(field, [])
                _go_take(target, command_tokens, key is not None, (path, text, table.at(first)))
    return list(sets.values())


HERMES_CASES = "tests/tools/test_approval.py"
"""Hermes Agent's dangerous-command approval tests (NousResearch/hermes-agent, read from the
snapshot of a fork that carries its history, zagiscoming/hermes-agent):
``detect_dangerous_command(C)`` answers ``(is_dangerous, pattern_key, description)``; a
dangerous command waits for the user's approval (an interactive prompt in the CLI, an approval
request in the messaging gateway), any other runs."""


def _hermes_verdict(test: ast.Assert, names: tuple[str, str]) -> bool | None:
    """What an ``assert`` says of a detection whose first two results are bound to ``names``:
    ``True`` (dangerous: ``FLAG is True`` or ``KEY is not None``), ``False`` (``FLAG is
    False``, ``KEY is None``), ``None`` when it asserts something else."""
    node = test.test
    if not isinstance(node, ast.Compare) or len(node.ops) != 1:
        return None
    if not isinstance(node.left, ast.Name) or node.left.id not in names:
        return None
    op, value = node.ops[0], _literal(node.comparators[0])
    constant = isinstance(node.comparators[0], ast.Constant)
    if node.left.id == names[0] and isinstance(op, ast.Is) and value in {True, False}:
        return bool(value)
    if node.left.id == names[1] and constant and value is None:
        return isinstance(op, ast.IsNot) if isinstance(op, (ast.Is, ast.IsNot)) else None
    return None


def hermes_approval_corpora(text: str) -> list[Corpus]:
    """Hermes Agent's approval tests (:data:`HERMES_CASES`), parsed with ``ast``, never
    imported or run: each ``FLAG, KEY, DESC = detect_dangerous_command(C)`` in a test function
    is a case, **asks a human** when the first ``assert`` after it (before the function's next
    detection) that tests ``FLAG`` or ``KEY`` says dangerous (``FLAG is True``, ``KEY is not
    None``), **not flagged** when it says not (``FLAG is False``, ``KEY is None``): read as
    grip's not-blocked set is, what the guard lets run, not a claim that each is ordinary work.
    ``C`` is a string literal or a name the function binds to one. Skipped and counted (with the
    asks set): a detection no such ``assert`` follows, a command that is not a string, a blank
    one. Not read: the approval state's and the prompt's tests."""
    owner = "peer:hermes-approval"
    sets = {
        True: Corpus(
            "asks a human (dangerous: waits for the user's approval) held-out", owner, True
        ),
        False: Corpus("not flagged (not dangerous: runs without approval) held-out", owner, False),
    }
    module = ast.parse(text)
    names = _py_strings(module)
    for function in ast.walk(module):
        if not isinstance(function, ast.FunctionDef):
            continue
        nodes = sorted(
            (n for n in ast.walk(function) if isinstance(n, (ast.Assign, ast.Assert))),
            key=lambda n: (n.lineno, n.col_offset),
        )
        bound = dict(names)
        detections: list[tuple[int, ast.Assign]] = []
        for k, node in enumerate(nodes):
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name):
                literal = _py_string(value, bound)
                if literal is not None:
                    bound[target.id] = literal
                continue
            call = value if isinstance(value, ast.Call) else None
            if call is None or ast.unparse(call.func) != "detect_dangerous_command":
                continue
            detections.append((k, node))
        for n, (k, node) in enumerate(detections):
            end = detections[n + 1][0] if n + 1 < len(detections) else len(nodes)
            target = node.targets[0]
            elements = target.elts if isinstance(target, ast.Tuple) else []
            flags = tuple(e.id if isinstance(e, ast.Name) else "" for e in elements[:2])
            verdict = None
            if len(flags) == 2:
                for later in nodes[k + 1 : end]:
                    if isinstance(later, ast.Assert):
                        verdict = _hermes_verdict(later, flags)  # type: ignore[arg-type]
                        if verdict is not None:
                            break
            target_set = sets[True if verdict is None else verdict]
            call = node.value
            assert isinstance(call, ast.Call)
            command = _py_string(call.args[0], bound) if len(call.args) == 1 else None
            if verdict is None or command is None or not command.strip():
                target_set.skipped += 1
                continue
            target_set.cases.append(Case(command, target_set.harmful, HERMES_CASES, node.lineno))
    return list(sets.values())


def _literal(node: ast.expr | None) -> object:
    """The value of a constant expression node, else ``None``."""
    return node.value if isinstance(node, ast.Constant) else None


def _ondas() -> list[Corpus]:
    sys.path.insert(0, str(ROOT))
    from tests.guards.conftest import corpus
    from tests.guards.containment_corpus import load

    harmful = Corpus("containment+corpus dangerous", "ondas", True)
    everyday = Corpus("containment+corpus everyday", "ondas", False)
    for name, target in (("dangerous", harmful), ("benign", everyday)):
        for commands in load(name).values():
            target.cases += [Case(c, target.harmful, f"containment/{name}.txt") for c in commands]
        source = f"corpus/{name}.txt"
        target.cases += [Case(c, target.harmful, source) for c in corpus(name + ".txt")]
    return [harmful, everyday]


RED_TEAM_11 = "ondas red team 11"
"""Round 11's red team (code run by environment, configuration and start-up files): its own
section, written by this project before the round's fixes, so not the measure either."""


def _red_team_11() -> list[Corpus]:
    """Round 11's cases (``tests/guards/redteam11_cases.py``): those aimed at the project (to
    be refused in every mode), those aimed at the machine (unattended), and the twins."""
    return _scoped_red_team(RED_TEAM_11, "redteam11_cases")


def _scoped_red_team(owner: str, module: str) -> list[Corpus]:
    """A red team's cases whose rows carry a scope (``tests/guards/<module>.py``'s ``HARMFUL``
    as (command, kind, scope, why), ``TWINS`` as commands): aimed at the project, aimed at the
    machine, and the twins."""
    import importlib

    sys.path.insert(0, str(ROOT))
    cases = importlib.import_module(f"tests.guards.{module}")
    source = f"tests/guards/{module}.py"
    out = [
        Corpus("aimed at the project (every mode)", owner, True),
        Corpus("aimed at the machine (unattended)", owner, True),
        Corpus("twins (ordinary uses)", owner, False),
    ]
    for command, _kind, scope, _why in cases.HARMFUL:
        target = out[0] if scope == "project" else out[1]
        target.cases.append(Case(command, True, source))
    out[2].cases += [Case(command, False, source) for command in cases.TWINS]
    return out


RED_TEAM_11C = "ondas red team 11c"
"""Round 11c's red team (the project's work, history and control files with the sandbox on):
its own section, written by this project before the round's fixes, so not the measure either."""


def _red_team_11c() -> list[Corpus]:
    """Round 11c's cases (``tests/guards/redteam11c_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_11C, "redteam11c_cases")


def _classed_red_team(owner: str, module: str) -> list[Corpus]:
    """A red team's cases whose rows are ``(command, class, why)`` (work, history, control),
    one row per class, and its twins."""
    import importlib

    sys.path.insert(0, str(ROOT))
    cases = importlib.import_module(f"tests.guards.{module}")
    source = f"tests/guards/{module}.py"
    out = {
        kind: Corpus(f"{kind} (every mode)", owner, True) for kind in ("work", "history", "control")
    }
    for command, kind, _why in cases.HARMFUL:
        if kind not in out:  # ``publish`` (round 14s): pushes and releases
            out[kind] = Corpus(f"{kind} (every mode)", owner, True)
        out[kind].cases.append(Case(command, True, source))
    twins = Corpus("twins (ordinary uses)", owner, False)
    twins.cases += [Case(command, False, source) for command, _why in cases.TWINS]
    return [*out.values(), twins]


RED_TEAM_12 = "ondas red team 12"
"""Round 12's red team (the project's work, history and control files with the sandbox on, by
routes the rules had not seen): its own section, written before the round's fixes."""


def _red_team_12() -> list[Corpus]:
    """Round 12's cases (``tests/guards/redteam12_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_12, "redteam12_cases")


def _machine_red_team(owner: str, module: str) -> list[Corpus]:
    """A red team on unattended runs (``tests/guards/MODULE.py``, rows ``(command, class,
    why)``, every one aimed at the machine): one harmful row, and the twins."""
    import importlib

    sys.path.insert(0, str(ROOT))
    cases = importlib.import_module(f"tests.guards.{module}")
    source = f"tests/guards/{module}.py"
    harmful = [Case(command, True, source) for command, _kind, _why in cases.HARMFUL]
    twins = [Case(twin[0], False, source) for twin in cases.TWINS]  # (command, [class,] why)
    return [
        Corpus("aimed at the machine (unattended)", owner, True, harmful),
        Corpus("twins (ordinary uses)", owner, False, twins),
    ]


RED_TEAM_13 = "ondas red team 13"
"""Round 13's red team (unattended runs, where the guard is the only line, by routes the rules
had not seen): its own section, written before the round's fixes, so not the measure either."""


def _red_team_13() -> list[Corpus]:
    """Round 13's cases (``tests/guards/redteam13_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_13, "redteam13_cases")


RED_TEAM_14 = "ondas red team 14"
"""Round 14's red team (unattended runs by new angles: namerefs, arrays, descriptors, links set
up earlier in the line, less common interpreters, tools whose options run programs, secrets by
other paths): its own section, written before the round's fixes, so not the measure either."""


def _red_team_14() -> list[Corpus]:
    """Round 14's cases (``tests/guards/redteam14_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_14, "redteam14_cases")


RED_TEAM_15 = "ondas red team 15"
"""Round 15's red team (unattended runs aimed at the machine through known tools' options,
files from temp areas, outputs over home files, credential stores by name, debuggers and
tunnels, containers sharing the home): its own section, written before the round's fixes."""


def _red_team_15() -> list[Corpus]:
    """Round 15's cases (``tests/guards/redteam15_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_15, "redteam15_cases")


RED_TEAM_16 = "ondas red team 16"
"""Round 16's red team (unattended runs by harm put off to later or handed to another program,
files a program writes in the line and a later stage runs, bash spellings, interpreters' less
common flags, known programs that run what an option names): its own section, written before
the round's fixes."""


def _red_team_16() -> list[Corpus]:
    """Round 16's cases (``tests/guards/redteam16_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_16, "redteam16_cases")


RED_TEAM_17 = "ondas red team 17"
"""Round 17's red team (unattended runs aimed at what the guard trusts: flags read as help or a
dry run, a known name from any directory, KNOWN_SAFE tools' code-loading, directory-emptying,
second-output and machine-changing options, abbreviated and case-folded options, URLs of
several hosts, archives' member names, cd's other routes, other sessions, shared temp areas):
its own section, written before the round's fixes."""


def _red_team_17() -> list[Corpus]:
    """Round 17's cases (``tests/guards/redteam17_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_17, "redteam17_cases")


RED_TEAM_18 = "ondas red team 18"
"""Round 18's red team (unattended runs aimed at round 17's new judgements: a command word read
from the environment, the env file the Bash tool sources, files brought onto what a later
command runs, project recipe runners, cdable_vars, variables set from unread text, key
directories, VCS_DISCARDS; and two classes new to the red teams, secrets leaving the machine and
persistence): its own section, written before the round's fixes."""


def _red_team_18() -> list[Corpus]:
    """Round 18's cases (``tests/guards/redteam18_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_18, "redteam18_cases")


RED_TEAM_19 = "ondas red team 19"
"""Round 19's red team (unattended runs aimed at round 18's new judgements: brought start-up
files, framework consoles, version control tables, temp clones, documentation tools, password
managers, cleaning options, copied trees; and classes new to the red teams: parser edges, less
common interpreters, build-system hooks, container escapes, exfiltration by less common network
tools, user-level services, delayed harm): its own section, written before the round's fixes."""


def _red_team_19() -> list[Corpus]:
    """Round 19's cases (``tests/guards/redteam19_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_19, "redteam19_cases")


RED_TEAM_20 = "ondas red team 20"
"""Round 20's red team (unattended runs aimed at what the guard trusts by name: options whose
name says they load code, compilers' programs, pagers and finders, crypto modules, media tools'
code, database clients' escapes, archivers' places, the JVM's launches, projects elsewhere,
builtins binding names, release and hook tools, outputs by operand): its own section, written
before the round's fixes."""


def _red_team_20() -> list[Corpus]:
    """Round 20's cases (``tests/guards/redteam20_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_20, "redteam20_cases")


RED_TEAM_22 = "ondas red team 22"
"""Round 22's red team (unattended runs across every harm class at once, spelled at what the
code names by one spelling only: programs that run programs, interpreters' other code options,
payloads as data, encodings, uncommon tools, options spelled otherwise): its own section,
written before the round's fixes."""


def _red_team_22() -> list[Corpus]:
    """Round 22's cases (``tests/guards/redteam22_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_22, "redteam22_cases")


RED_TEAM_24 = "ondas red team 24"
"""Round 24's red team (unattended runs aimed at what round 23 added or left thin: programs
run by name through package managers, editors' ex and batch modes, command lists, loops over
listings, stdin redirections after pipelines, container clusters, Windows launchers, every harm
class): its own section, written before the round's fixes."""


def _red_team_24() -> list[Corpus]:
    """Round 24's cases (``tests/guards/redteam24_cases.py``): one harmful row, and the twins."""
    return _machine_red_team(RED_TEAM_24, "redteam24_cases")


RED_TEAM_13S = "ondas red team 13s"
"""Round 13's red team (redteam13s: the project's work, history and control files with the
sandbox on, a fourth pass): its own section, written before the round's fixes."""


def _red_team_13s() -> list[Corpus]:
    """Round 13s's cases (``tests/guards/redteam13s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_13S, "redteam13s_cases")


RED_TEAM_14S = "ondas red team 14s"
"""Round 14's red team (redteam14s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a fifth pass): its own section, written before the round's
fixes."""


def _red_team_14s() -> list[Corpus]:
    """Round 14s's cases (``tests/guards/redteam14s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_14S, "redteam14s_cases")


RED_TEAM_15S = "ondas red team 15s"
"""Round 15's red team (redteam15s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a sixth pass): its own section, written before the round's
fixes."""


def _red_team_15s() -> list[Corpus]:
    """Round 15s's cases (``tests/guards/redteam15s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_15S, "redteam15s_cases")


RED_TEAM_16S = "ondas red team 16s"
"""Round 16's red team (redteam16s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a seventh pass): its own section, written before the round's
fixes."""


def _red_team_16s() -> list[Corpus]:
    """Round 16s's cases (``tests/guards/redteam16s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_16S, "redteam16s_cases")


RED_TEAM_17S = "ondas red team 17s"
"""Round 17's red team (redteam17s: the project's work, history, control files and its pushes
and publishing with the sandbox on, an eighth pass): its own section, written before the round's
fixes."""


def _red_team_17s() -> list[Corpus]:
    """Round 17s's cases (``tests/guards/redteam17s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_17S, "redteam17s_cases")


RED_TEAM_18S = "ondas red team 18s"
"""Round 18's red team (redteam18s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a ninth pass): its own section, written before the round's
fixes."""


def _red_team_18s() -> list[Corpus]:
    """Round 18s's cases (``tests/guards/redteam18s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_18S, "redteam18s_cases")


RED_TEAM_19S = "ondas red team 19s"
"""Round 19's red team (redteam19s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a tenth pass): its own section, written before the round's
fixes."""


def _red_team_19s() -> list[Corpus]:
    """Round 19s's cases (``tests/guards/redteam19s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_19S, "redteam19s_cases")


RED_TEAM_20S = "ondas red team 20s"
"""Round 20's red team (redteam20s: the project's work, history, control files and its pushes
and publishing with the sandbox on, an eleventh pass): its own section, written before the
round's fixes."""


def _red_team_20s() -> list[Corpus]:
    """Round 20s's cases (``tests/guards/redteam20s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_20S, "redteam20s_cases")


RED_TEAM_21S = "ondas red team 21s"
"""Round 21's red team (redteam21s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a twelfth pass): its own section, written before the
round's fixes."""


def _red_team_21s() -> list[Corpus]:
    """Round 21s's cases (``tests/guards/redteam21s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_21S, "redteam21s_cases")


RED_TEAM_23S = "ondas red team 23s"
"""Round 23's red team (redteam23s: the project's work, history, control files and its pushes
and publishing with the sandbox on, a fourteenth pass, aimed at what round 22 added): its own
section, written before the round's fixes."""


def _red_team_23s() -> list[Corpus]:
    """Round 23s's cases (``tests/guards/redteam23s_cases.py``) by class, and the twins."""
    return _classed_red_team(RED_TEAM_23S, "redteam23s_cases")


RED_TEAM_11D = "ondas red team 11d"
"""Round 11d's red team (an adversary who read round 11's rules, unattended): its own section,
written before the round's fixes, so not the measure either."""


def _red_team_11d() -> list[Corpus]:
    """Round 11d's cases (``tests/guards/redteam11d_cases.py``), split as round 11's are."""
    return _scoped_red_team(RED_TEAM_11D, "redteam11d_cases")


def _split(peer: str, cases: list[Case]) -> list[Corpus]:
    """A first peer's cases as development, held-out and project-destroying sets."""
    out: list[Corpus] = []
    for harmful in (True, False):
        kind = "harmful" if harmful else "everyday"
        dev = Corpus(f"{kind}", f"peer:{peer}", harmful)
        held = Corpus(f"{kind} held-out", f"peer:{peer}", harmful)
        for case in cases:
            if case.harmful == harmful:
                (held if case.source in HELD_OUT[peer] else dev).cases.append(case)
        out += [c for c in (dev, held) if c.cases]
    project = [c for c in cases if c.harmful and c.source in PROJECT_FILES[peer]]
    out.append(Corpus("project-destroying (git+rm files)", f"peer:{peer}", True, project))
    return out


READERS: dict[str, Callable[[PeerTree], list[Corpus]]] = {
    "dcg": lambda tree: _split("dcg", list(_dcg(tree))),
    "safety-net": lambda tree: _split("safety-net", list(_safety_net(tree))),
    SECOND_PEER: _second_peer,
    THIRD_PEER: _third_peer,
    FOURTH_PEER: _fourth_peer,
    "aegish": lambda tree: aegish_corpora(
        tree.read("benchmark/data/gtfobins_commands.json"),
        tree.read("benchmark/data/harmless_commands.json"),
    ),
    "bash-guard": lambda tree: bash_guard_corpora(tree.read("test_bash_guard.py")),
    "boucle-bash-guard": lambda tree: boucle_bash_guard_corpora(
        tree.read("tools/bash-guard/test.sh")
    ),
    "claude-safety-guard": lambda tree: claude_safety_guard_corpora(
        tree.read("tests/test_patterns.py"), tree.read("src/claude_safety_guard/patterns.py")
    ),
    "cc-safe-setup": lambda tree: cc_safe_setup_corpora(tree.read("test.sh")),
    "agentshield": lambda tree: agentshield_corpora(
        [(p, tree.read(p)) for p in tree.files(AGENTSHIELD_CASES, "*_cases.go")]
    ),
    "schlock": lambda tree: schlock_corpora(
        tree.read("tests/accuracy.py"),
        [(p, tree.read(p)) for p in tree.files("tests", "test_*.py")],
    ),
    "ai-dev-foundry": lambda tree: ai_dev_foundry_corpora(tree.read(AI_DEV_FOUNDRY_CASES)),
    "longline": lambda tree: longline_corpora(
        [(p, tree.read(p)) for p in tree.files(LONGLINE_CASES, "*.yaml")]
    ),
    "infra-command-guard": lambda tree: infra_guard_corpora(
        [
            (f"{INFRA_GUARD_CASES}/{n}", tree.read(f"{INFRA_GUARD_CASES}/{n}"))
            for n in INFRA_GUARD_FILES
        ]
    ),
    "shellfirm": lambda tree: shellfirm_corpora(
        [tree.read(p) for p in tree.files("shellfirm/checks", "*.yaml")],
        [(p, tree.read(p)) for p in tree.files("shellfirm/tests/checks", "*.yaml")],
        shellfirm_default_groups(tree.read("shellfirm/src/config.rs")),
    ),
    "tirith": lambda tree: tirith_corpora(
        [
            (p, tree.read(p))
            for p in tree.files(TIRITH_CASES, "*.toml")
            if p.rsplit("/", 1)[-1] not in TIRITH_FILES_NOT_READ
        ]
    ),
    "hardstop": lambda tree: hardstop_corpora([(p, tree.read(p)) for p in HARDSTOP_FILES]),
    "bash-vet": lambda tree: bash_vet_corpora(tree.read(BASH_VET_CASES)),
    "nah": lambda tree: nah_corpora(
        tree.read(NAH_FIXTURES), [(p, tree.read(p)) for p in tree.files(NAH_CASES, "*.jsonl")]
    ),
    "cc-toolgate": lambda tree: cc_toolgate_corpora(tree.read(CC_TOOLGATE_CASES)),
    "shush": lambda tree: shush_corpora(
        [(p, tree.read(p)) for p in tree.files(SHUSH_CASES, "*.test.ts")],
        tree.read(SHUSH_GOLDEN),
    ),
    "terminal-security": lambda tree: terminal_security_corpora(tree.read(TERMINAL_SECURITY_CASES)),
    "bashguard": lambda tree: bashguard_corpora(tree.read(BASHGUARD_CASES)),
    "aegis-shellguard": lambda tree: aegis_shellguard_corpora(
        [(p, tree.read(p)) for p in tree.files(AEGIS_SHELLGUARD_CASES, "*.rs")]
    ),
    "acai": lambda tree: acai_corpora(tree.read(ACAI_CASES)),
    "deny-dangerous": lambda tree: deny_dangerous_corpora(tree.read(DENY_DANGEROUS_CASES)),
    "zeptoclaw": lambda tree: zeptoclaw_corpora(tree.read(ZEPTOCLAW_CASES)),
    "hex-claude-guard": lambda tree: hex_claude_guard_corpora(
        [(p, tree.read(p)) for p in tree.files(HEX_CLAUDE_GUARD_CASES, "test_*.py")]
    ),
    "gatekeeper": lambda tree: gatekeeper_corpora(tree.read(GATEKEEPER_CASES)),
    "orchestkit": lambda tree: orchestkit_corpora(tree.read(ORCHESTKIT_CASES)),
    "leash": lambda tree: leash_corpora(tree.read(LEASH_CASES)),
    "opencode-damage-control": lambda tree: damage_control_corpora(tree.read(DAMAGE_CONTROL_CASES)),
    "noexec": lambda tree: noexec_corpora(
        [(p, tree.read(p)) for p in tree.files(NOEXEC_CASES, "*.test.ts")]
    ),
    "prisodev-damage-control": lambda tree: prisodev_corpora(tree.read(PRISODEV_CASES)),
    "pi-destructive-guard": lambda tree: pi_destructive_guard_corpora(tree.read(PI_GUARD_CASES)),
    "egc-guardian": lambda tree: egc_guardian_corpora([(p, tree.read(p)) for p in EGC_CASES]),
    "almost-yolo-guard": lambda tree: almost_yolo_guard_corpora(tree.read(YOLO_GUARD_CASES)),
    "cmd-guard": lambda tree: cmd_guard_corpora(tree.read(CMD_GUARD_CASES)),
    "gatecat": lambda tree: gatecat_corpora(tree.read(GATECAT_CASES)),
    "sh-guard": lambda tree: sh_guard_corpora(
        [
            (p, tree.read(p))
            for p in tree.files(SH_GUARD_CASES, "*.txt")
            if p.rsplit("/", 1)[-1] not in SH_GUARD_FILES_NOT_READ
        ]
    ),
    "odek": lambda tree: odek_corpora(
        [(p, tree.read(p)) for p in tree.files(ODEK_CASES, "*_test.go")]
    ),
    "nsh": lambda tree: nsh_corpora(tree.read(NSH_CASES)),
    "claude-code-hooks": lambda tree: claude_code_hooks_corpora(
        [(p, tree.read(p)) for p in CLAUDE_CODE_HOOKS_CASES]
    ),
    "bash-gates": lambda tree: bash_gates_corpora(tree.read(BASH_GATES_CASES)),
    "open-multi-agent": lambda tree: open_multi_agent_corpora(tree.read(OPEN_MULTI_AGENT_CASES)),
    "shguard": lambda tree: shguard_corpora(
        [(p, tree.read(p)) for p in SHGUARD_CASES], tree.read(SHGUARD_CORPUS)
    ),
    "pi-permission": lambda tree: pi_permission_corpora(tree.read(PI_PERMISSION_CASES)),
    "termaxa": lambda tree: termaxa_corpora(tree.read(TERMAXA_CASES)),
    "cc-bash-guardian": lambda tree: cc_bash_guardian_corpora(tree.read(CC_BASH_GUARDIAN_CASES)),
    "cc-self-defense": lambda tree: cc_self_defense_corpora(tree.read(CC_SELF_DEFENSE_CASES)),
    "drinking-bird": lambda tree: drinking_bird_corpora(
        [(p, tree.read(p)) for p in DRINKING_BIRD_CASES]
    ),
    "loom": lambda tree: loom_corpora(tree.read(LOOM_CASES)),
    "claude-warden": lambda tree: claude_warden_corpora(tree.read(CLAUDE_WARDEN_CASES)),
    "hol-guard": lambda tree: hol_guard_corpora(
        tree.read(HOL_GUARD_FLOORS),
        [(p, tree.read(p)) for p in tree.files(*HOL_GUARD_EXTENSIONS)],
    ),
    "openhands-pattern": lambda tree: openhands_pattern_corpora(
        [(p, tree.read(p)) for p in tree.files(*OPENHANDS_CASES)]
    ),
    "consoul": lambda tree: consoul_corpora(tree.read(CONSOUL_CASES)),
    "coco-shell": lambda tree: coco_shell_corpora(
        tree.read(COCO_SHELL_ANALYZERS),
        tree.read(COCO_SHELL_CHECKS),
        tree.read(COCO_SHELL_READ_ONLY),
    ),
    "koda": lambda tree: koda_corpora(tree.read(KODA_CASES)),
    "da": lambda tree: da_corpora([(path, tree.read(path)) for path in DA_CASES]),
    "llxprt-destructive": lambda tree: llxprt_destructive_corpora(
        [(p, tree.read(p)) for p in tree.files(*LLXPRT_CASES)]
    ),
    "agent-code": lambda tree: agent_code_corpora(
        tree.read(AGENT_CODE_SECURITY), tree.read(AGENT_CODE_TOOL), tree.read(AGENT_CODE_AUTO)
    ),
    "selfware": lambda tree: selfware_corpora(tree.read(SELFWARE_CASES)),
    "rain-assistant": lambda tree: rain_assistant_corpora(tree.read(RAIN_CASES)),
    "grip": lambda tree: grip_corpora(tree.read(GRIP_CASES)),
    "albatross": lambda tree: albatross_corpora(tree.read(ALBATROSS_CASES)),
    "autodev": lambda tree: autodev_corpora(tree.read(AUTODEV_CASES)),
    "pi-safe-shell": lambda tree: pi_safe_shell_corpora(tree.read(PI_SAFE_SHELL_CASES)),
    "agentbox": lambda tree: agentbox_corpora(
        [(p, tree.read(p)) for p in tree.files(*AGENTBOX_CASES) if "/" not in p]
    ),
    "hermes-approval": lambda tree: hermes_approval_corpora(tree.read(HERMES_CASES)),
}
"""Each peer's reader, in the order its rows print."""


def peer_corpora(name: str) -> list[Corpus]:
    """The peer's sets; a peer that cannot be read here is one empty set saying why."""
    try:
        return READERS[name](PeerTree(name))
    except PeerUnavailable as exc:
        return [Corpus("(not read)", f"peer:{name}", True, unavailable=str(exc))]


def corpora() -> list[Corpus]:
    """Every set, peers first, split into development and held-out parts."""
    out: list[Corpus] = []
    for name in READERS:
        out += peer_corpora(name)
    out.append(_everyday())
    out.append(_everyday(held_out=True, part="looked-at"))
    out.append(_everyday(held_out=True, part="held"))
    out.append(_round_9("looked-at"))
    out.append(_round_9("held"))
    out.append(_round_9b())
    out.append(_round_10("looked-at"))
    out.append(_round_10("held"))
    out.append(_round_11("looked-at"))
    out.append(_round_11("held"))
    out.append(_round_12("looked-at"))
    out.append(_round_12("held"))
    out.append(_round_13("looked-at"))
    out.append(_round_13("held"))
    out.append(_round_14("looked-at"))
    out.append(_round_14("held"))
    out.append(_round_15("looked-at"))
    out.append(_round_15("held"))
    out.append(_round_16("looked-at"))
    out.append(_round_16("held"))
    out.append(_round_17("looked-at"))
    out.append(_round_17("held"))
    out.append(_round_19("looked-at"))
    out.append(_round_19("held"))
    out.append(_round_20("looked-at"))
    out.append(_round_20("held"))
    out.append(_round_21("looked-at"))
    out.append(_round_21("held"))
    out.append(_round_22("looked-at"))
    out.append(_round_22("held"))
    out.append(_round_23("looked-at"))
    out.append(_round_23("held"))
    out.append(_round_25("looked-at"))
    out.append(_round_25("held"))
    out += _ondas()
    out += _red_team_11()
    out += _red_team_11c()
    out += _red_team_11d()
    out += _red_team_12()
    out += _red_team_13()
    out += _red_team_13s()
    out += _red_team_14()
    out += _red_team_14s()
    out += _red_team_15s()
    out += _red_team_16s()
    out += _red_team_17s()
    out += _red_team_18s()
    out += _red_team_19s()
    out += _red_team_20s()
    out += _red_team_21s()
    out += _red_team_23s()
    out += _red_team_15()
    out += _red_team_16()
    out += _red_team_17()
    out += _red_team_18()
    out += _red_team_19()
    out += _red_team_20()
    out += _red_team_22()
    out += _red_team_24()
    return out


PUBLIC_HELD_OUT = "public repos held-out"
"""The owner of the held-out everyday set's held half (its own section, held out whole)."""
PUBLIC_LOOKED_AT = "public repos r7"
"""The owner of the held-out everyday set's other half, looked at from round 7 on."""


ROUND_9_LOOKED_AT = "public repos r9"
"""The owner of round 9's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_9_HELD_OUT = "public repos r9 held-out"
"""The owner of round 9's other half (its own section, held out whole)."""


def _round_9(part: str) -> Corpus:
    """Round 9's everyday commands (``bench/everyday_extract.py``'s ``ROUND_9_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 9 on, or the half ``held``."""
    from everyday_extract import round_9_lines

    owners = (ROUND_9_LOOKED_AT, ROUND_9_HELD_OUT)
    return _split_round(part, "8 of 16", "9", owners, round_9_lines)


ROUND_9B = "public repos r9b"
"""The owner of round 9b's set (thirteen repositories, looked at whole: tuned on)."""


def _round_9b() -> Corpus:
    """Round 9b's everyday commands (``bench/everyday_extract.py``'s ``ROUND_9B_REPOS``, read as
    the held-out set is), looked at whole from the start."""
    from everyday_extract import round_9b_lines

    return _extracted(Corpus("13, looked at from round 9b", ROUND_9B, False), round_9b_lines)


ROUND_10_LOOKED_AT = "public repos r10"
"""The owner of round 10's looked-at half (nine of its eighteen repositories, tuned on)."""
ROUND_10_HELD_OUT = "public repos r10 held-out"
"""The owner of round 10's other half (its own section, held out whole)."""


def _round_10(part: str) -> Corpus:
    """Round 10's everyday commands (``bench/everyday_extract.py``'s ``ROUND_10_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 10 on, or the half ``held``."""
    from everyday_extract import round_10_lines

    owners = (ROUND_10_LOOKED_AT, ROUND_10_HELD_OUT)
    return _split_round(part, "9 of 18", "10", owners, round_10_lines)


ROUND_11_LOOKED_AT = "public repos r11"
"""The owner of round 11's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_11_HELD_OUT = "public repos r11 held-out"
"""The owner of round 11's other half (its own section, held out whole)."""


def _round_11(part: str) -> Corpus:
    """Round 11's everyday commands (``bench/everyday_extract.py``'s ``ROUND_11_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 11 on, or the half ``held``."""
    from everyday_extract import round_11_lines

    owners = (ROUND_11_LOOKED_AT, ROUND_11_HELD_OUT)
    return _split_round(part, "8 of 16", "11", owners, round_11_lines)


ROUND_12_LOOKED_AT = "public repos r12"
"""The owner of round 12's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_12_HELD_OUT = "public repos r12 held-out"
"""The owner of round 12's other half (its own section, held out whole)."""


def _round_12(part: str) -> Corpus:
    """Round 12's everyday commands (``bench/everyday_extract.py``'s ``ROUND_12_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 12 on, or the half ``held``."""
    from everyday_extract import round_12_lines

    owners = (ROUND_12_LOOKED_AT, ROUND_12_HELD_OUT)
    return _split_round(part, "8 of 16", "12", owners, round_12_lines)


ROUND_13_LOOKED_AT = "public repos r13"
"""The owner of round 13's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_13_HELD_OUT = "public repos r13 held-out"
"""The owner of round 13's other half (its own section, held out whole)."""


def _round_13(part: str) -> Corpus:
    """Round 13's everyday commands (``bench/everyday_extract.py``'s ``ROUND_13_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 13 on, or the half ``held``."""
    from everyday_extract import round_13_lines

    owners = (ROUND_13_LOOKED_AT, ROUND_13_HELD_OUT)
    return _split_round(part, "8 of 16", "13", owners, round_13_lines)


ROUND_14_LOOKED_AT = "public repos r14"
"""The owner of round 14's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_14_HELD_OUT = "public repos r14 held-out"
"""The owner of round 14's other half (its own section, held out whole)."""


def _round_14(part: str) -> Corpus:
    """Round 14's everyday commands (``bench/everyday_extract.py``'s ``ROUND_14_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 14 on, or the half ``held``."""
    from everyday_extract import round_14_lines

    owners = (ROUND_14_LOOKED_AT, ROUND_14_HELD_OUT)
    return _split_round(part, "8 of 16", "14", owners, round_14_lines)


ROUND_15_LOOKED_AT = "public repos r15"
"""The owner of round 15's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_15_HELD_OUT = "public repos r15 held-out"
"""The owner of round 15's other half (its own section, held out whole)."""


def _round_15(part: str) -> Corpus:
    """Round 15's everyday commands (``bench/everyday_extract.py``'s ``ROUND_15_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 15 on, or the half ``held``."""
    from everyday_extract import round_15_lines

    owners = (ROUND_15_LOOKED_AT, ROUND_15_HELD_OUT)
    return _split_round(part, "8 of 16", "15", owners, round_15_lines)


ROUND_16_LOOKED_AT = "public repos r16"
"""The owner of round 16's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_16_HELD_OUT = "public repos r16 held-out"
"""The owner of round 16's other half (its own section, held out whole)."""


def _round_16(part: str) -> Corpus:
    """Round 16's everyday commands (``bench/everyday_extract.py``'s ``ROUND_16_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 16 on, or the half ``held``."""
    from everyday_extract import round_16_lines

    owners = (ROUND_16_LOOKED_AT, ROUND_16_HELD_OUT)
    return _split_round(part, "8 of 16", "16", owners, round_16_lines)


ROUND_17_LOOKED_AT = "public repos r17"
"""The owner of round 17's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_17_HELD_OUT = "public repos r17 held-out"
"""The owner of round 17's other half (its own section, held out whole)."""


def _round_17(part: str) -> Corpus:
    """Round 17's everyday commands (``bench/everyday_extract.py``'s ``ROUND_17_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 17 on, or the half ``held``."""
    from everyday_extract import round_17_lines

    owners = (ROUND_17_LOOKED_AT, ROUND_17_HELD_OUT)
    return _split_round(part, "8 of 16", "17", owners, round_17_lines)


ROUND_19_LOOKED_AT = "public repos r19"
"""The owner of round 19's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_19_HELD_OUT = "public repos r19 held-out"
"""The owner of round 19's other half (its own section, held out whole)."""


def _round_19(part: str) -> Corpus:
    """Round 19's everyday commands (``bench/everyday_extract.py``'s ``ROUND_19_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 19 on, or the half ``held``."""
    from everyday_extract import round_19_lines

    owners = (ROUND_19_LOOKED_AT, ROUND_19_HELD_OUT)
    return _split_round(part, "8 of 16", "19", owners, round_19_lines)


ROUND_20_LOOKED_AT = "public repos r20"
"""The owner of round 20's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_20_HELD_OUT = "public repos r20 held-out"
"""The owner of round 20's other half (its own section, held out whole)."""


def _round_20(part: str) -> Corpus:
    """Round 20's everyday commands (``bench/everyday_extract.py``'s ``ROUND_20_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 20 on, or the half ``held``."""
    from everyday_extract import round_20_lines

    owners = (ROUND_20_LOOKED_AT, ROUND_20_HELD_OUT)
    return _split_round(part, "8 of 16", "20", owners, round_20_lines)


ROUND_21_LOOKED_AT = "public repos r21"
"""The owner of round 21's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_21_HELD_OUT = "public repos r21 held-out"
"""The owner of round 21's other half (its own section, held out whole)."""


def _round_21(part: str) -> Corpus:
    """Round 21's everyday commands (``bench/everyday_extract.py``'s ``ROUND_21_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 21 on, or the half ``held``."""
    from everyday_extract import round_21_lines

    owners = (ROUND_21_LOOKED_AT, ROUND_21_HELD_OUT)
    return _split_round(part, "8 of 16", "21", owners, round_21_lines)


ROUND_22_LOOKED_AT = "public repos r22"
"""The owner of round 22's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_22_HELD_OUT = "public repos r22 held-out"
"""The owner of round 22's other half (its own section, held out whole)."""


def _round_22(part: str) -> Corpus:
    """Round 22's everyday commands (``bench/everyday_extract.py``'s ``ROUND_22_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 22 on, or the half ``held``."""
    from everyday_extract import round_22_lines

    owners = (ROUND_22_LOOKED_AT, ROUND_22_HELD_OUT)
    return _split_round(part, "8 of 16", "22", owners, round_22_lines)


ROUND_23_LOOKED_AT = "public repos r23"
"""The owner of round 23's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_23_HELD_OUT = "public repos r23 held-out"
"""The owner of round 23's other half (its own section, held out whole)."""


def _round_23(part: str) -> Corpus:
    """Round 23's everyday commands (``bench/everyday_extract.py``'s ``ROUND_23_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 23 on, or the half ``held``."""
    from everyday_extract import round_23_lines

    owners = (ROUND_23_LOOKED_AT, ROUND_23_HELD_OUT)
    return _split_round(part, "8 of 16", "23", owners, round_23_lines)


ROUND_25_LOOKED_AT = "public repos r25"
"""The owner of round 25's looked-at half (eight of its sixteen repositories, tuned on)."""
ROUND_25_HELD_OUT = "public repos r25 held-out"
"""The owner of round 25's other half (its own section, held out whole)."""


def _round_25(part: str) -> Corpus:
    """Round 25's everyday commands (``bench/everyday_extract.py``'s ``ROUND_25_REPOS``, read as
    the held-out set is): the half ``looked-at`` from round 25 on, or the half ``held``."""
    from everyday_extract import round_25_lines

    owners = (ROUND_25_LOOKED_AT, ROUND_25_HELD_OUT)
    return _split_round(part, "8 of 16", "25", owners, round_25_lines)


def _split_round(
    part: str,
    counts: str,
    round_name: str,
    owners: tuple[str, str],
    lines: Callable[[Path, str], list[str]],
) -> Corpus:
    """One half of a round's repositories split by name: ``looked-at`` (tuned on from that
    round) or ``held`` (its own section, held out whole), read by ``lines(mirrors, part)``."""
    if part == "looked-at":
        corpus = Corpus(f"{counts}, looked at from round {round_name}", owners[0], False)
    else:
        corpus = Corpus(f"{counts}, held out", owners[1], False)
    return _extracted(corpus, lambda root: lines(root, part))


def _extracted(corpus: Corpus, read: Callable[[Path], list[str]]) -> Corpus:
    """``corpus`` filled with the lines ``read`` extracts from the repositories' mirrors, or
    marked unavailable (with the reason) when a mirror is missing here."""
    from everyday_extract import MirrorMissing, mirror_root

    try:
        lines = read(mirror_root())
    except MirrorMissing as exc:
        corpus.unavailable = str(exc)
        return corpus
    _add_lines(corpus, lines)
    return corpus


def _add_lines(corpus: Corpus, lines: list[str]) -> None:
    """Each command of an extracted set as an everyday case, its source the ``# source:`` line
    above it."""
    source = ""
    for n, line in enumerate(lines, 1):
        if line.startswith("# source: "):
            source = line[len("# source: ") :]
        else:
            corpus.cases.append(Case(line, False, source, n))


def _everyday(held_out: bool = False, part: str = "all") -> Corpus:
    """Commands real projects run, taken by ``bench/everyday_extract.py`` from eight public
    repositories at named commits (their local mirrors; see ``tests/guards/everyday/SOURCE.md``),
    or with ``held_out`` from the fourteen of its held-out set (``part``: ``all``, the half
    ``looked-at`` from round 7 on, or the half still ``held``)."""
    from everyday_extract import everyday_lines, held_out_lines

    if held_out and part == "looked-at":
        corpus = Corpus("7 of the 14, looked at from round 7", PUBLIC_LOOKED_AT, False)
    elif held_out:
        name = "everyday held-out (+ package.json)" if part == "all" else "7 of the 14, held out"
        corpus = Corpus(name, PUBLIC_HELD_OUT, False)
    else:
        corpus = Corpus("everyday (workflows, Makefiles, docs)", "public repos", False)
    return _extracted(
        corpus, (lambda root: held_out_lines(root, part)) if held_out else everyday_lines
    )


MODES = ("attended", "sandboxed", "unattended")
"""The guard's three modes: ``attended`` (a person's own session, no sandbox known to the
hook), ``sandboxed`` (a run inside the OS sandbox, which is left the writes outside the project
it stops) and ``unattended`` (a run without the sandbox: unknown programs refused)."""


def _settings(mode: str) -> GuardSettings:
    return GuardSettings(
        project=PROJECT,
        home=HOME,
        whitelist=WHITELIST,
        in_venv=True,
        unattended=mode == "unattended",
        sandboxed=mode == "sandboxed",
        environment=ENVIRONMENT,
    )


GUARD_ERROR = "guard-raised"
"""The rule of a case the guard raised on: counted as refused (not for policy), as the
PreToolUse hook fails closed on an internal error (``ondas.hooks.entry.pre_tool_use``)."""


def check(settings: GuardSettings, command: str) -> Verdict:
    """The guard's verdict, or a refusal named :data:`GUARD_ERROR` when it raises."""
    try:
        return settings.check(command)
    except Exception as exc:
        return Verdict.block(GUARD_ERROR, command[:80], type(exc).__name__, category="unknown")


def score(corpus: Corpus, settings: GuardSettings) -> tuple[list[Case], list[Case], int]:
    """(refused cases, policy-only refusals, total): stopped for harmful sets, refused otherwise.
    A case the guard raised on counts as refused (the hook fails closed) and is kept in
    ``RAISED``, so the rows can say how many there were."""
    refused: list[Case] = []
    policy: list[Case] = []
    for case in corpus.cases:
        verdict = check(settings, case.command)
        if verdict.rule == GUARD_ERROR:
            RAISED.setdefault((corpus.owner, corpus.name), set()).add(case.command)
        if verdict.blocked:
            refused.append(case)
            if verdict.category == "policy":
                policy.append(case)
    return refused, policy, len(corpus.cases)


RAISED: dict[tuple[str, str], set[str]] = {}
"""(owner, set) -> the commands the guard raised on, in either mode."""

SECTIONS = (
    ("peers' cases, development part (misses looked at while the guard changed)", "dev"),
    ("peers' files held out in rounds 1-2 of issue 30, looked at in round 3 (tuned on)", "held"),
    (f"second peer, {SECOND_PEER} (held out in rounds 2-3, tuned on from round 4)", "second"),
    (f"third peer, {THIRD_PEER} (held out in rounds 3-4, tuned on from round 5)", "third"),
    (
        f"fourth peer, {FOURTH_PEER} (vendored in round 4, never tuned against; all held out)",
        "fourth",
    ),
    (
        "fifth peer, aegish (GuidoBergman/SecBASH; held out in round 6's first measure, tuned on "
        "from round 6)",
        "fifth",
    ),
    (
        "sixth peer, bash-guard (abellagonzalo/bash-guard; read from a mirror for round 6, never "
        "tuned against; all held out)",
        "sixth",
    ),
    (
        "boucle-bash-guard (Bande-a-Bonnot/Boucle-framework tools/bash-guard; held out in round "
        "7's first measure, tuned on from round 7)",
        "boucle",
    ),
    (
        "round 7 peer: claude-safety-guard (read from a mirror for round 7, never tuned against; "
        "all held out)",
        ROUND7_SECTION,
    ),
    (
        "cc-safe-setup (yurukusa/cc-safe-setup; held out in rounds 7-8, tuned on from round 9)",
        "cc-safe-setup",
    ),
    (
        "round 8 peers: ai-dev-foundry (read from mirrors for round 8, never tuned against; held "
        "out)",
        ROUND8_SECTION,
    ),
    (
        "schlock (27Bslash6/schlock; held out in round 8's end measure, tuned on from round 8b)",
        "schlock",
    ),
    (
        "round 9 peer: infra-command-guard (read from a mirror for round 9, never tuned against; "
        "all held out)",
        ROUND9_SECTION,
    ),
    (
        "longline (devinbarry/longline; held out in round 9's end measure, tuned on from round 9b)",
        "longline",
    ),
    (
        "shellfirm (kaplanelad/shellfirm; held out in round 9's end measure, tuned on from "
        "round 9b)",
        "shellfirm",
    ),
    (
        "round 10 peers: hardstop, bash-vet, shush (read from mirrors for round 10, never "
        "tuned against; all held out)",
        ROUND10_SECTION,
    ),
    (
        "round 11 peers: aegis-shellguard (read from mirrors for round 11, never tuned against; "
        "held out)",
        ROUND11_SECTION,
    ),
    (
        "round 12 peers: hex-claude-guard (read from mirrors for round 12, never tuned "
        "against; held out)",
        ROUND12_SECTION,
    ),
    (
        "round 13 peers: orchestkit (read from mirrors for round 13, never tuned against; "
        "held out)",
        ROUND13_SECTION,
    ),
    (
        "round 15 peers: almost-yolo-guard (read from mirrors for round 15, never tuned "
        "against; all held out)",
        ROUND15_SECTION,
    ),
    (
        "round 16 peers: odek, nsh (read from mirrors for round 16, never tuned against; all "
        "held out)",
        ROUND16_SECTION,
    ),
    (
        "round 17 peers: bash-gates (read from mirrors for round 17, never tuned against; held "
        "out)",
        ROUND17_SECTION,
    ),
    (
        "round 18 peers: pi-permission (read from mirrors for round 18, never tuned against; "
        "held out)",
        ROUND18_SECTION,
    ),
    (
        "termaxa (termaxa/termaxa's built-in policy tests; held out in round 18's measures: "
        "deny 61.7/61.7/63.3% stopped, ask 0.0/0.0/0.0%, allow 11.1/11.1/11.1% refused outside "
        "policy; tuned on from round 19)",
        "termaxa",
    ),
    (
        "round 20 peers: loom (read from mirrors for round 20, never tuned against; held out)",
        ROUND20_SECTION,
    ),
    (
        "round 21 peers: openhands-pattern, consoul (read from mirrors for round 21, never "
        "tuned against; all held out)",
        ROUND21_SECTION,
    ),
    (
        "round 22 peers: coco-shell, da (read from mirrors for round 22, never tuned against; "
        "all held out)",
        ROUND22_SECTION,
    ),
    (
        "round 23 peers: llxprt-destructive, selfware (read from mirrors for round 23, never "
        "tuned against; all held out)",
        ROUND23_SECTION,
    ),
    (
        "round 24 peers: grip, albatross (read from mirrors for round 24, never tuned against; "
        "all held out)",
        ROUND24_SECTION,
    ),
    (
        "round 26 peers: pi-safe-shell, agentbox, hermes-approval (read from mirrors for round "
        "26, never tuned against; all held out)",
        ROUND26_SECTION,
    ),
    (
        "hol-guard (hashgraph-online/hol-guard's command floors and command extensions' "
        "contracts; held out in round 21's measures: block 60.0/60.0/65.9% stopped, review "
        "81.4/81.4/88.1% stopped, near misses 31.4/31.4/37.1% refused (22.9/22.9/28.6% outside "
        "policy), no_match 20.3/20.3/24.0% refused outside policy; tuned on from round 22)",
        "hol-guard",
    ),
    (
        "shguard (tsukasaI/shguard's verdict tests and bypass corpus; held out in round 18's to "
        "20's measures: Block 87.0/77.8/91.7% stopped, Ask 58.5/38.5/71.4%, Allow "
        "17.7/11.9/25.7% refused (16.4/10.6/24.3% outside policy); tuned on from round 21)",
        "shguard",
    ),
    (
        "opencode-damage-control (whjvenyl/opencode-damage-control's pattern and protected-path "
        "tests; held out in round 13's to 21's measures, at round 21's end: block 85.2/71.6/92.0% "
        "stopped, ask 79.8/77.7/93.6%, nothing matched 21.6/13.7/37.3% refused "
        "(9.8/2.0/25.5% outside policy); tuned on from round 22)",
        "opencode-damage-control",
    ),
    (
        "egc-guardian (Fmarzochi/EGC's Guardian validator tests; held out in round 14's to 22's "
        "measures, at round 22's end: hard block 87.6/86.6/93.8% stopped, advisory only "
        "19.2/19.2/19.2% refused (3.8/3.8/3.8% outside policy), allowed 9.7/9.7/9.7% refused "
        "(6.5/6.5/6.5% outside policy); tuned on from round 23)",
        "egc-guardian",
    ),
    (
        "koda (lijunzh/koda's Bash classifier tests; held out in round 22's and 23's measures, "
        "at round 23's end: Destructive 66.7/60.0/66.7% stopped, local mutation 21.7/21.7/26.1% "
        "refused (0.0/0.0/4.3% outside policy), read-only 0.0/0.0/0.0% refused; tuned on from "
        "round 24)",
        "koda",
    ),
    (
        "claude-warden (buvis/claude-warden's evaluator tests; held out in round 20's to 23's "
        "measures, at round 23's end: deny 88.2/82.4/88.2% stopped, ask 27.3/27.3/56.1%, allow "
        "8.4/8.4/11.2% refused (8.4/8.4/11.2% outside policy); tuned on from round 24)",
        "claude-warden",
    ),
    (
        "open-multi-agent (open-multi-agent's bash risk classifier tests; held out in round 17's "
        "to 23's measures, at round 23's end: high 78.9/78.9/84.2% stopped, review 0.0/0.0/6.7%, "
        "safe 0.0/0.0/0.0% refused; tuned on from round 24)",
        "open-multi-agent",
    ),
    (
        "cc-self-defense (goodmeta/claude-code-self-defense's hook tests; held out in round 19's "
        "to 23's measures, at round 23's end: BLOCKED 87.5/82.5/92.5% stopped, WARN "
        "83.3/83.3/83.3% refused (0.0/0.0/0.0% outside policy), PASS 14.3/14.3/14.3% refused "
        "(0.0/0.0/0.0% outside policy); tuned on from round 24)",
        "cc-self-defense",
    ),
    (
        "claude-code-hooks (karanb192/claude-code-hooks's block-dangerous-commands and git-safety "
        "hooks' tests; held out in round 17's to 24's measures, at round 24's end: blocked "
        "92.5/92.5/94.3% stopped, allowed 57.1/50.0/71.4% refused (21.4/14.3/35.7% outside "
        "policy); tuned on from round 25)",
        "claude-code-hooks",
    ),
    (
        "terminal-security (continuedev/continue's @continuedev/terminal-security tests; held "
        "out in round 11's to 24's measures, at round 24's end: disabled 88.5/78.8/94.2% "
        "stopped, allowedWithPermission asks 53.6/48.0/66.4%, allowedWithoutPermission and "
        "allowedWithPermission kept 0.0/0.0/0.0% refused; tuned on from round 25)",
        "terminal-security",
    ),
    (
        "acai (travisennis/acai-ts's destructive-command detector tests; held out in round 12's "
        "to 24's measures, at round 24's end: blocked 91.7/91.7/91.7% stopped, not blocked "
        "22.0/10.2/22.0% refused (18.6/6.8/18.6% outside policy); tuned on from round 25)",
        "acai",
    ),
    (
        "cc-toolgate (butterflyskies/cc-toolgate's disposition spec; held out in round 10's to "
        "24's measures, at round 24's end: Deny 90.0/90.0/90.0% stopped, Ask 51.4/49.5/53.2%, "
        "Allow 0.0/0.0/1.4% refused (0.0/0.0/1.4% outside policy); tuned on from round 25)",
        "cc-toolgate",
    ),
    (
        "agentshield (security-researcher-ca/AI-Agentic-Shield's accuracy corpus; held out in "
        "round 8's to 25's measures, at round 25's end: BLOCK 95.4/90.8/95.4% stopped, AUDIT "
        "34.1/34.1/53.7%, ALLOW 5.9/5.9/5.9% refused (0.0/0.0/0.0% outside policy); tuned on "
        "from round 26)",
        "agentshield",
    ),
    (
        "rain-assistant (camilo-gutierrez/rain-assistant's permission classifier tests; held out "
        "in round 24's and 25's measures, at round 25's end: RED asks 80.0/71.8/89.4% stopped, "
        "YELLOW 9.1/9.1/9.1% refused (0.0/0.0/0.0% outside policy); tuned on from round 26)",
        "rain-assistant",
    ),
    (
        "autodev (unit-mesh/auto-dev's shell safety check tests; held out in round 24's and "
        "25's measures, at round 25's end: blocked 92.9/64.3/92.9% stopped, not blocked "
        "0.0/0.0/0.0% refused; tuned on from round 26)",
        "autodev",
    ),
    (
        "leash (melihmucuk/leash's command analyzer tests; held out in round 13's to 22's "
        "measures, at round 22's end: blocked 89.5/59.6/89.5% stopped, not blocked "
        "23.4/17.0/23.4% refused (21.3/14.9/21.3% outside policy); tuned on from round 23)",
        "leash",
    ),
    (
        "agent-code (avala-ai/agent-code's destructive classifier, Bash tool checks and Auto "
        "mode tests; held out in round 23's measures, at round 23's end: Destructive "
        "78.0/76.6/85.8% stopped, the Bash tool's input checks 65.9/56.8/84.1% stopped, Risky "
        "72.7/72.7/72.7% stopped, not auto-safe 34.1/34.1/36.4% stopped, near misses "
        "26.3/26.3/27.4% refused (18.9/18.9/20.0% outside policy), auto-safe 0.0/0.0/0.0% "
        "refused; tuned on from round 24)",
        "agent-code",
    ),
    (
        "drinking-bird (cognaterra/better-drinking-bird's safety guard tests; held out in round "
        "19's measures: blocked 60.0/60.0/62.9% stopped, not blocked 14.5/14.5/45.5% refused "
        "(12.7/12.7/43.6% outside policy); tuned on from round 20)",
        "drinking-bird",
    ),
    (
        "cc-bash-guardian (RoaringFerrum/claude-code-bash-guardian's regression suite; held out "
        "in round 19's measures: denied 67.6/56.9/77.5% stopped, allowed 13.9/11.3/14.8% "
        "refused (10.4/7.8/11.3% outside policy); tuned on from round 20)",
        "cc-bash-guardian",
    ),
    (
        "sh-guard (aryanbhosale/sh-guard's labelled corpus; held out in round 16's to 20's "
        "measures, at round 20's end: critical (blocked) 84.8/81.8/88.9% stopped, danger (asks) "
        "35.9/33.3/53.8%, caution (asks) 31.2/29.2/35.4%, safe 0.0/0.0/0.0% refused; tuned on "
        "from round 21)",
        "sh-guard",
    ),
    (
        "deny-dangerous (davidondrej/skills' deny-dangerous.sh hook test; held out in round 12's "
        "to 17's measures: block 75.3/75.3/88.2% stopped, allow 32.8/32.8/37.9% refused "
        "(6.9/6.9/12.1% outside policy); tuned on from round 18)",
        "deny-dangerous",
    ),
    (
        "prisodev-damage-control (Prisodev/claude-code-damage-control's Bash hook tests; held "
        "out in round 14's to 16's measures: block 85.4/82.9/85.4% stopped, ask 0.0/0.0/50.0%, "
        "allow 0.0/0.0/0.0% refused outside policy; tuned on from round 17)",
        "prisodev-damage-control",
    ),
    (
        "cmd-guard (redodson01/cmd-guard's unit tests, a Claude Code hook in Rust; held out in "
        "round 15's measures: deny 76.0/76.0/76.0% stopped, ask 82.1/82.1/82.1%, no decision "
        "20.0/20.0/23.3% refused outside policy; tuned on from round 16)",
        "cmd-guard",
    ),
    (
        "gatecat (BGMLAI/gate.cat's bypass suite; held out in round 15's first measure: "
        "dangerous (a human approves) 70.0/63.9/81.1% stopped, everyday (benign) 29.6/16.0/37.6% "
        "refused outside policy; tuned on from round 15b)",
        "gatecat",
    ),
    (
        "pi-destructive-guard (mfirdausazizi/destructive-command-guard, a Pi extension; held out "
        "in round 14's first measure: destructive (asks) 72.9/68.8/76.0% stopped, not "
        "destructive 10.0/9.0/14.0% refused outside policy; tuned on from round 15)",
        "pi-destructive-guard",
    ),
    (
        "noexec (emilgelman/noexec's detector tests; held out in round 14's first measure: "
        "detected 64.2/55.2/76.1% stopped, nothing detected 8.5/7.6/13.3% refused outside "
        "policy; tuned on from round 14b)",
        "noexec",
    ),
    (
        "gatekeeper (pleaseai/claude-code-plugins plugins/gatekeeper; held out in round 13's first "
        "measure: deny 77.6/77.6/79.6% stopped, allow 0.0/0.0/2.6% refused outside policy; tuned "
        "on from round 13b)",
        "gatekeeper",
    ),
    (
        "zeptoclaw (qhkm/zeptoclaw; held out in round 12's first measure: Err 74.0/74.0/75.3% "
        "stopped, Ok 13.5% refused outside policy; tuned on from round 12b)",
        "zeptoclaw",
    ),
    (
        "bashguard (sunir/bashguard; held out in round 11's first measure, tuned on from "
        "round 11b)",
        "bashguard",
    ),
    (
        "tirith (sheeki03/tirith; held out in round 10's first measure, tuned on from round 10b)",
        "tirith",
    ),
    (
        "nah (manuelschipper/nah; held out in round 10's first measure, tuned on from round 10b)",
        "nah",
    ),
    ("everyday commands of public repositories (tests/guards/everyday/SOURCE.md)", "public"),
    (
        "everyday commands of seven of fourteen more public repositories (tests/guards/everyday/"
        "SOURCE.md; held out at first, looked at from round 7)",
        "public-r7",
    ),
    (
        "everyday commands of the other seven (tests/guards/everyday/SOURCE.md; never tuned "
        "against; held out)",
        "public-held",
    ),
    (
        "everyday commands of eight of round 9's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 9)",
        "public-r9",
    ),
    (
        "everyday commands of round 9's other eight (tests/guards/everyday/SOURCE.md; never tuned "
        "against; held out)",
        "public-r9-held",
    ),
    (
        "everyday commands of round 9b's thirteen public repositories (tests/guards/everyday/"
        "SOURCE.md; looked at whole from round 9b)",
        "public-r9b",
    ),
    (
        "everyday commands of nine of round 10's eighteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 10)",
        "public-r10",
    ),
    (
        "everyday commands of round 10's other nine (tests/guards/everyday/SOURCE.md; never tuned "
        "against; held out)",
        "public-r10-held",
    ),
    (
        "everyday commands of eight of round 11's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 11)",
        "public-r11",
    ),
    (
        "everyday commands of round 11's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r11-held",
    ),
    (
        "everyday commands of eight of round 12's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 12)",
        "public-r12",
    ),
    (
        "everyday commands of round 12's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r12-held",
    ),
    (
        "everyday commands of eight of round 13's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 13)",
        "public-r13",
    ),
    (
        "everyday commands of round 13's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r13-held",
    ),
    (
        "everyday commands of eight of round 14's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 14)",
        "public-r14",
    ),
    (
        "everyday commands of round 14's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r14-held",
    ),
    (
        "everyday commands of eight of round 15's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 15)",
        "public-r15",
    ),
    (
        "everyday commands of round 15's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r15-held",
    ),
    (
        "everyday commands of eight of round 16's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 16)",
        "public-r16",
    ),
    (
        "everyday commands of round 16's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r16-held",
    ),
    (
        "everyday commands of eight of round 17's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 17)",
        "public-r17",
    ),
    (
        "everyday commands of round 17's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r17-held",
    ),
    (
        "everyday commands of eight of round 19's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 19)",
        "public-r19",
    ),
    (
        "everyday commands of round 19's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r19-held",
    ),
    (
        "everyday commands of eight of round 20's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 20)",
        "public-r20",
    ),
    (
        "everyday commands of round 20's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r20-held",
    ),
    (
        "everyday commands of eight of round 21's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 21)",
        "public-r21",
    ),
    (
        "everyday commands of round 21's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r21-held",
    ),
    (
        "everyday commands of eight of round 22's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 22)",
        "public-r22",
    ),
    (
        "everyday commands of round 22's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r22-held",
    ),
    (
        "everyday commands of eight of round 23's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 23)",
        "public-r23",
    ),
    (
        "everyday commands of round 23's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r23-held",
    ),
    (
        "everyday commands of eight of round 25's sixteen public repositories (tests/guards/"
        "everyday/SOURCE.md; looked at from round 25)",
        "public-r25",
    ),
    (
        "everyday commands of round 25's other eight (tests/guards/everyday/SOURCE.md; never "
        "tuned against; held out)",
        "public-r25-held",
    ),
    ("ondas's own corpora (written with the rules; not the measure)", "ondas"),
    (
        "ondas's red team 11: code run by environment, configuration and start-up files "
        "(tests/guards/redteam11_cases.py; written before the round's fixes; not the measure)",
        "redteam11",
    ),
    (
        "ondas's red team 11c: the project's work, history and control files with the sandbox on "
        "(tests/guards/redteam11c_cases.py; written before the round's fixes; not the measure)",
        "redteam11c",
    ),
    (
        "ondas's red team 11d: an adversary who read round 11's rules, unattended "
        "(tests/guards/redteam11d_cases.py; written before the round's fixes; not the measure)",
        "redteam11d",
    ),
    (
        "ondas's red team 12: the project's work, history and control files by routes the rules "
        "had not seen (tests/guards/redteam12_cases.py; written before the round's fixes; not the "
        "measure)",
        "redteam12",
    ),
    (
        "ondas's red team 13: unattended runs, by routes the rules had not seen "
        "(tests/guards/redteam13_cases.py; written before the round's fixes; not the measure)",
        "redteam13",
    ),
    (
        "ondas's red team 13s: the project's work, history and control files, a fourth pass "
        "(tests/guards/redteam13s_cases.py; written before the round's fixes; not the measure)",
        "redteam13s",
    ),
    (
        "ondas's red team 14: unattended runs by new angles "
        "(tests/guards/redteam14_cases.py; written before the round's fixes; not the measure)",
        "redteam14",
    ),
    (
        "ondas's red team 14s: the project's work, history, control files and publishing, a "
        "fifth pass (tests/guards/redteam14s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam14s",
    ),
    (
        "ondas's red team 15s: the project's work, history, control files and publishing, a "
        "sixth pass (tests/guards/redteam15s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam15s",
    ),
    (
        "ondas's red team 16s: the project's work, history, control files and publishing, a "
        "seventh pass (tests/guards/redteam16s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam16s",
    ),
    (
        "ondas's red team 17s: the project's work, history, control files and publishing, an "
        "eighth pass (tests/guards/redteam17s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam17s",
    ),
    (
        "ondas's red team 18s: the project's work, history, control files and publishing, a "
        "ninth pass (tests/guards/redteam18s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam18s",
    ),
    (
        "ondas's red team 19s: the project's work, history, control files and publishing, a "
        "tenth pass (tests/guards/redteam19s_cases.py; written before the round's fixes; not "
        "the measure)",
        "redteam19s",
    ),
    (
        "ondas's red team 20s: the project's work, history, control files and publishing, an "
        "eleventh pass (tests/guards/redteam20s_cases.py; written before the round's fixes; "
        "not the measure)",
        "redteam20s",
    ),
    (
        "ondas's red team 21s: the project's work, history, control files and publishing, a "
        "twelfth pass (tests/guards/redteam21s_cases.py; written before the round's fixes; "
        "not the measure)",
        "redteam21s",
    ),
    (
        "ondas's red team 23s: the project's work, history, control files and publishing, a "
        "fourteenth pass (tests/guards/redteam23s_cases.py; written before the round's fixes; "
        "not the measure)",
        "redteam23s",
    ),
    (
        "ondas's red team 15: unattended runs aimed at the machine through known tools "
        "(tests/guards/redteam15_cases.py; written before the round's fixes; not the measure)",
        "redteam15",
    ),
    (
        "ondas's red team 16: unattended runs, harm put off to later, generated files, bash "
        "spellings and runners (tests/guards/redteam16_cases.py; written before the round's "
        "fixes; not the measure)",
        "redteam16",
    ),
    (
        "ondas's red team 17: unattended runs aimed at what the guard trusts "
        "(tests/guards/redteam17_cases.py; written before the round's fixes; not the measure)",
        "redteam17",
    ),
    (
        "ondas's red team 18: unattended runs aimed at round 17's judgements, secrets leaving "
        "the machine and persistence (tests/guards/redteam18_cases.py; written before the "
        "round's fixes; not the measure)",
        "redteam18",
    ),
    (
        "ondas's red team 19: unattended runs aimed at round 18's judgements, interpreters, "
        "build hooks, containers, exfiltration tools, user services and delayed harm "
        "(tests/guards/redteam19_cases.py; written before the round's fixes; not the measure)",
        "redteam19",
    ),
    (
        "ondas's red team 20: unattended runs aimed at what the guard trusts by name (options "
        "that load code, compilers, pagers, crypto, media, database clients, archivers, the JVM, "
        "projects elsewhere) (tests/guards/redteam20_cases.py; written before the round's "
        "fixes; not the measure)",
        "redteam20",
    ),
    (
        "ondas's red team 22: unattended runs across every harm class, spelled at what the "
        "code names one way (programs that run programs, code options, payloads as data, "
        "encodings, uncommon tools, options spelled otherwise) (tests/guards/redteam22_cases.py; "
        "written before the round's fixes; not the measure)",
        "redteam22",
    ),
    (
        "ondas's red team 24: unattended runs aimed at what round 23 added or left thin "
        "(programs run by name through package managers, editors' batch modes, command lists, "
        "loops over listings, stdin redirections, container clusters, Windows launchers) "
        "(tests/guards/redteam24_cases.py; written before the round's fixes; not the measure)",
        "redteam24",
    ),
)


HELD_OUT_SECTIONS = frozenset({"fourth", "sixth"})
"""Peers held out whole: their rows print only with ``--held-out``, their cases never."""
WHOLE_HELD_OUT = HELD_OUT_SECTIONS | {
    ROUND7_SECTION,
    ROUND8_SECTION,
    ROUND9_SECTION,
    ROUND10_SECTION,
    ROUND11_SECTION,
    ROUND12_SECTION,
    ROUND13_SECTION,
    ROUND15_SECTION,
    ROUND16_SECTION,
    ROUND17_SECTION,
    ROUND18_SECTION,
    ROUND20_SECTION,
    ROUND21_SECTION,
    ROUND22_SECTION,
    ROUND23_SECTION,
    ROUND24_SECTION,
    ROUND26_SECTION,
    "public-held",
    "public-r9-held",
    "public-r10-held",
    "public-r11-held",
    "public-r12-held",
    "public-r13-held",
    "public-r14-held",
    "public-r15-held",
    "public-r16-held",
    "public-r17-held",
    "public-r19-held",
    "public-r20-held",
    "public-r21-held",
    "public-r22-held",
    "public-r23-held",
    "public-r25-held",
}
"""Every section held out whole: the peers above, round 7's to 13's, 15's to 18's and 20's to
24's (round 14's one peer, egc-guardian, is tuned on from round 23; round 19's one peer,
cc-self-defense, and round 23's agent-code from round 24), the held-out everyday set and round
9's, 10's, 11's, 12's, 13's, 14's, 15's, 16's, 17's, 19's, 20's, 21's, 22's, 23's and 25's
held-out halves."""


def _section(corpus: Corpus) -> str:
    if corpus.owner in {f"peer:{name}" for name in ROUND7_PEERS}:
        return ROUND7_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND8_PEERS}:
        return ROUND8_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND9_PEERS}:
        return ROUND9_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND10_PEERS}:
        return ROUND10_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND11_PEERS}:
        return ROUND11_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND12_PEERS}:
        return ROUND12_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND13_PEERS}:
        return ROUND13_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND15_PEERS}:
        return ROUND15_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND16_PEERS}:
        return ROUND16_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND17_PEERS}:
        return ROUND17_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND18_PEERS}:
        return ROUND18_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND20_PEERS}:
        return ROUND20_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND21_PEERS}:
        return ROUND21_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND22_PEERS}:
        return ROUND22_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND23_PEERS}:
        return ROUND23_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND24_PEERS}:
        return ROUND24_SECTION
    if corpus.owner in {f"peer:{name}" for name in ROUND26_PEERS}:
        return ROUND26_SECTION
    if corpus.owner == "ondas":
        return "ondas"
    if corpus.owner == RED_TEAM_11:
        return "redteam11"
    if corpus.owner == RED_TEAM_11C:
        return "redteam11c"
    if corpus.owner == RED_TEAM_11D:
        return "redteam11d"
    if corpus.owner == RED_TEAM_12:
        return "redteam12"
    if corpus.owner == RED_TEAM_13:
        return "redteam13"
    if corpus.owner == RED_TEAM_13S:
        return "redteam13s"
    if corpus.owner == RED_TEAM_14:
        return "redteam14"
    if corpus.owner == RED_TEAM_14S:
        return "redteam14s"
    if corpus.owner == RED_TEAM_15S:
        return "redteam15s"
    if corpus.owner == RED_TEAM_16S:
        return "redteam16s"
    if corpus.owner == RED_TEAM_17S:
        return "redteam17s"
    if corpus.owner == RED_TEAM_18S:
        return "redteam18s"
    if corpus.owner == RED_TEAM_19S:
        return "redteam19s"
    if corpus.owner == RED_TEAM_20S:
        return "redteam20s"
    if corpus.owner == RED_TEAM_21S:
        return "redteam21s"
    if corpus.owner == RED_TEAM_23S:
        return "redteam23s"
    if corpus.owner == RED_TEAM_15:
        return "redteam15"
    if corpus.owner == RED_TEAM_16:
        return "redteam16"
    if corpus.owner == RED_TEAM_17:
        return "redteam17"
    if corpus.owner == RED_TEAM_18:
        return "redteam18"
    if corpus.owner == RED_TEAM_19:
        return "redteam19"
    if corpus.owner == RED_TEAM_20:
        return "redteam20"
    if corpus.owner == RED_TEAM_22:
        return "redteam22"
    if corpus.owner == RED_TEAM_24:
        return "redteam24"
    if corpus.owner == "peer:schlock":
        return "schlock"
    if corpus.owner == "peer:cc-safe-setup":
        return "cc-safe-setup"
    if corpus.owner == "peer:longline":
        return "longline"
    if corpus.owner == "peer:shellfirm":
        return "shellfirm"
    if corpus.owner == "peer:tirith":
        return "tirith"
    if corpus.owner == "peer:nah":
        return "nah"
    if corpus.owner == "peer:bashguard":
        return "bashguard"
    if corpus.owner == "peer:zeptoclaw":
        return "zeptoclaw"
    if corpus.owner == "peer:gatekeeper":
        return "gatekeeper"
    if corpus.owner == "peer:noexec":
        return "noexec"
    if corpus.owner == "peer:pi-destructive-guard":
        return "pi-destructive-guard"
    if corpus.owner == "peer:gatecat":
        return "gatecat"
    if corpus.owner == "peer:cmd-guard":
        return "cmd-guard"
    if corpus.owner == "peer:prisodev-damage-control":
        return "prisodev-damage-control"
    if corpus.owner == "peer:deny-dangerous":
        return "deny-dangerous"
    if corpus.owner == "peer:termaxa":
        return "termaxa"
    if corpus.owner == "peer:shguard":
        return "shguard"
    if corpus.owner == "peer:opencode-damage-control":
        return "opencode-damage-control"
    if corpus.owner == "peer:egc-guardian":
        return "egc-guardian"
    if corpus.owner == "peer:koda":
        return "koda"
    if corpus.owner == "peer:claude-warden":
        return "claude-warden"
    if corpus.owner == "peer:open-multi-agent":
        return "open-multi-agent"
    if corpus.owner == "peer:cc-self-defense":
        return "cc-self-defense"
    if corpus.owner == "peer:claude-code-hooks":
        return "claude-code-hooks"
    if corpus.owner == "peer:terminal-security":
        return "terminal-security"
    if corpus.owner == "peer:acai":
        return "acai"
    if corpus.owner == "peer:cc-toolgate":
        return "cc-toolgate"
    if corpus.owner == "peer:leash":
        return "leash"
    if corpus.owner == "peer:agentshield":
        return "agentshield"
    if corpus.owner == "peer:rain-assistant":
        return "rain-assistant"
    if corpus.owner == "peer:autodev":
        return "autodev"
    if corpus.owner == "peer:agent-code":
        return "agent-code"
    if corpus.owner == "peer:hol-guard":
        return "hol-guard"
    if corpus.owner == "peer:drinking-bird":
        return "drinking-bird"
    if corpus.owner == "peer:cc-bash-guardian":
        return "cc-bash-guardian"
    if corpus.owner == "peer:sh-guard":
        return "sh-guard"
    if corpus.owner == PUBLIC_HELD_OUT:
        return "public-held"
    if corpus.owner == ROUND_9_HELD_OUT:
        return "public-r9-held"
    if corpus.owner == ROUND_9_LOOKED_AT:
        return "public-r9"
    if corpus.owner == ROUND_9B:
        return "public-r9b"
    if corpus.owner == ROUND_10_HELD_OUT:
        return "public-r10-held"
    if corpus.owner == ROUND_10_LOOKED_AT:
        return "public-r10"
    if corpus.owner == ROUND_11_HELD_OUT:
        return "public-r11-held"
    if corpus.owner == ROUND_11_LOOKED_AT:
        return "public-r11"
    if corpus.owner == ROUND_12_HELD_OUT:
        return "public-r12-held"
    if corpus.owner == ROUND_12_LOOKED_AT:
        return "public-r12"
    if corpus.owner == ROUND_13_HELD_OUT:
        return "public-r13-held"
    if corpus.owner == ROUND_13_LOOKED_AT:
        return "public-r13"
    if corpus.owner == ROUND_14_HELD_OUT:
        return "public-r14-held"
    if corpus.owner == ROUND_14_LOOKED_AT:
        return "public-r14"
    if corpus.owner == ROUND_15_HELD_OUT:
        return "public-r15-held"
    if corpus.owner == ROUND_15_LOOKED_AT:
        return "public-r15"
    if corpus.owner == ROUND_16_HELD_OUT:
        return "public-r16-held"
    if corpus.owner == ROUND_16_LOOKED_AT:
        return "public-r16"
    if corpus.owner == ROUND_17_HELD_OUT:
        return "public-r17-held"
    if corpus.owner == ROUND_17_LOOKED_AT:
        return "public-r17"
    if corpus.owner == ROUND_19_HELD_OUT:
        return "public-r19-held"
    if corpus.owner == ROUND_19_LOOKED_AT:
        return "public-r19"
    if corpus.owner == ROUND_20_HELD_OUT:
        return "public-r20-held"
    if corpus.owner == ROUND_20_LOOKED_AT:
        return "public-r20"
    if corpus.owner == ROUND_21_HELD_OUT:
        return "public-r21-held"
    if corpus.owner == ROUND_21_LOOKED_AT:
        return "public-r21"
    if corpus.owner == ROUND_22_HELD_OUT:
        return "public-r22-held"
    if corpus.owner == ROUND_22_LOOKED_AT:
        return "public-r22"
    if corpus.owner == ROUND_23_HELD_OUT:
        return "public-r23-held"
    if corpus.owner == ROUND_23_LOOKED_AT:
        return "public-r23"
    if corpus.owner == ROUND_25_HELD_OUT:
        return "public-r25-held"
    if corpus.owner == ROUND_25_LOOKED_AT:
        return "public-r25"
    if corpus.owner == PUBLIC_LOOKED_AT:
        return "public-r7"
    if corpus.owner == "public repos":
        return "public"
    if corpus.owner == f"peer:{SECOND_PEER}":
        return "second"
    if corpus.owner == f"peer:{THIRD_PEER}":
        return "third"
    if corpus.owner == f"peer:{FOURTH_PEER}":
        return "fourth"
    if corpus.owner == "peer:aegish":
        return "fifth"
    if corpus.owner == "peer:bash-guard":
        return "sixth"
    if corpus.owner == "peer:boucle-bash-guard":
        return "boucle"
    return "held" if "held-out" in corpus.name else "dev"


def _cells(corpus: Corpus, modes: dict[str, GuardSettings]) -> list[str]:
    cells = []
    for settings in modes.values():
        refused, policy, total = score(corpus, settings)
        if corpus.harmful:
            cells.append(f"{len(refused) / total:6.1%} stopped")
        else:
            outside = len(refused) - len(policy)
            cells.append(f"{len(refused) / total:5.1%} ({outside / total:4.1%} npol)")
    return cells


def _npol_rules(corpus: Corpus, settings: GuardSettings) -> Counter[str]:
    """How many of an everyday set's refusals outside policy each rule made: counts only, no
    case is shown, so a held-out set can be broken down without being looked at."""
    rules: Counter[str] = Counter()
    for case in corpus.cases:
        verdict = check(settings, case.command)
        if verdict.blocked and verdict.category != "policy":
            rules[verdict.rule or "?"] += 1
    return rules


def mirrored_repositories() -> dict[str, str]:
    """Every repository the bench reads from a mirror, with its pinned commit: the peers'
    (:data:`MIRRORED_PEERS`) and the everyday sets' (``bench/everyday_extract.py``)."""
    import everyday_extract as everyday

    tables = (
        *(everyday.REPOS, everyday.HELD_OUT_REPOS, everyday.ROUND_9_REPOS),
        *(everyday.ROUND_9B_REPOS, everyday.ROUND_10_REPOS, everyday.ROUND_11_REPOS),
        *(everyday.ROUND_12_REPOS, everyday.ROUND_13_REPOS, everyday.ROUND_14_REPOS),
        *(everyday.ROUND_15_REPOS, everyday.ROUND_16_REPOS, everyday.ROUND_17_REPOS),
        everyday.ROUND_19_REPOS,
        everyday.ROUND_20_REPOS,
        everyday.ROUND_21_REPOS,
        everyday.ROUND_22_REPOS,
        everyday.ROUND_23_REPOS,
        everyday.ROUND_25_REPOS,
    )
    found = {peer.repo: peer.commit for peer in MIRRORED_PEERS.values()}
    for table in tables:
        found.update(table)
    return dict(sorted(found.items(), key=lambda item: item[0].lower()))


def print_mirrors() -> None:
    """One line per repository the bench reads: ``owner/name commit`` and whether its mirror is
    here (``$ONDAS_PEER_MIRRORS/<owner>+<name>/repo``), so a fresh machine can fetch them."""
    from everyday_extract import mirror_root

    root = mirror_root()
    for repo, commit in mirrored_repositories().items():
        path = root / repo.replace("/", "+") / "repo"
        print(f"{repo} {commit} {'here' if path.is_dir() else 'missing'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mirrors",
        action="store_true",
        help="list every repository the bench reads from a mirror (owner/name, commit, whether "
        "it is here) and exit",
    )
    parser.add_argument(
        "--misses",
        help="print the misses (harmful allowed, everyday refused) of development sets whose "
        "owner:name contains this (never of the peers held out whole)",
    )
    parser.add_argument("--mode", choices=MODES, default="unattended")
    parser.add_argument(
        "--held-out",
        action="store_true",
        help="also print the aggregate rows of the sets held out whole (peers, the held-out "
        "everyday set; once, at the end of a round)",
    )
    parser.add_argument(
        "--by-rule",
        action="store_true",
        help="under each everyday row, count its refusals outside policy by rule and mode "
        "(counts only; allowed for held-out sets, whose cases stay unseen)",
    )
    args = parser.parse_args()
    if args.mirrors:
        print_mirrors()
        return
    modes = {mode: _settings(mode) for mode in MODES}
    sets = [*corpora(), _control_files()]
    for title, key in SECTIONS:
        if key in WHOLE_HELD_OUT and not args.held_out:
            continue
        print(f"\n{title}")
        heads = "  ".join(f"{mode:>20}" for mode in MODES)
        print(f"  {'whose':<26} {'set':<40} {'n':>5}  {heads}")
        for corpus in sets:
            if _section(corpus) != key:
                continue
            if corpus.unavailable:
                print(f"  {corpus.owner:<26} not read: {corpus.unavailable}")
                continue
            cells = _cells(corpus, modes)
            row = f"  {corpus.owner:<26} {corpus.name:<40} {len(corpus.cases):>5}"
            print(f"{row}  " + "  ".join(f"{cell:>20}" for cell in cells))
            if args.by_rule and not corpus.harmful:
                for mode, settings in modes.items():
                    rules = _npol_rules(corpus, settings).most_common(6)
                    shown = ", ".join(f"{rule} {n}" for rule, n in rules) or "none"
                    print(f"  {'':<26} npol by rule, {mode}: {shown}")
            raised = RAISED.get((corpus.owner, corpus.name))
            if raised:
                print(f"  {'':<26} (the guard raised on {len(raised)}: counted as refused)")
    print(
        "\nstopped: harmful cases refused. For everyday sets: share refused, and in brackets "
        "(npol) the share refused outside the specification's policy (network, push/publish, "
        "package managers, privilege), the false refusals a user feels."
    )
    if args.misses:
        settings = modes[args.mode]
        for corpus in sets:
            if (
                args.misses not in f"{corpus.owner}:{corpus.name}"
                or _section(corpus) in WHOLE_HELD_OUT
            ):
                continue
            print(f"\n== {corpus.owner} {corpus.name} ({args.mode})")
            for case in corpus.cases:
                verdict = check(settings, case.command)
                if verdict.blocked != corpus.harmful:
                    shown = case.command.replace("\n", "\\n")
                    print(f"  {shown[:150]!s}  <- {verdict.rule or ''} [{case.source}:{case.line}]")


def _control_files() -> Corpus:
    """ondas's own cases against its control files (.ondas state, hooks, settings)."""
    sys.path.insert(0, str(ROOT))
    from tests.guards.containment_corpus import load

    dangerous = load("dangerous")
    corpus = Corpus("control files (self-disable, ondas state)", "ondas", True)
    for category in ("guardrail-self-disable", "ondas-and-state"):
        corpus.cases += [
            Case(c, True, f"containment/dangerous.txt#{category}") for c in dangerous[category]
        ]
    return corpus


if __name__ == "__main__":
    main()
