"""The bench's readers of the peers take what they should and count the rest.

No peer is vendored: ``bench/guard_corpora.py`` reads each peer's files at a named commit from a
local git mirror. The counts below are those of that commit; the tests that need a mirror are
skipped, saying so, on a machine without it. The format tests use harmless commands written
here, never the peers' cases.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.guards.bench_modules import bench_module


def _bench() -> ModuleType:
    return bench_module("guard_corpora", "guard_corpora_bench")


def _sets_or_skip(name: str) -> dict[str, tuple[int, int]]:
    corpora = _bench().peer_corpora(name)
    if corpora[0].unavailable:
        pytest.skip(f"the peer's mirror is not on this machine: {corpora[0].unavailable}")
    return {c.name: (len(c.cases), c.skipped) for c in corpora}


PEER_COUNTS = {
    "dcg": {
        "harmful": (200, 0),
        "harmful held-out": (218, 0),
        "everyday": (388, 0),
        "everyday held-out": (210, 0),
        "project-destroying (git+rm files)": (16, 0),
    },
    "safety-net": {
        "harmful": (120, 0),
        "harmful held-out": (128, 0),
        "everyday": (103, 0),
        "everyday held-out": (51, 0),
        "project-destroying (git+rm files)": (106, 0),
    },
    "agent-command-guard": {
        "harmful (Block)": (139, 0),
        "review (asks a human)": (63, 0),
        "everyday (Allow)": (76, 0),
    },
    "command-guard-js": {
        "harmful (BLOCK)": (104, 0),
        "ask (asks a human)": (24, 0),
        "everyday (ALLOW)": (61, 0),
    },
    "dippy": {
        "asks a human (not approved) held-out": (4337, 0),
        "everyday (approved) held-out": (5689, 0),
    },
    "aegish": {
        "harmful (BLOCK)": (676, 0),
        "everyday (ALLOW)": (496, 0),
    },
    "bash-guard": {
        "asks a human (DEFER) held-out": (106, 0),
        "everyday (ALLOW) held-out": (86, 0),
    },
    "boucle-bash-guard": {
        "harmful (blocked)": (362, 10),
        "everyday (allowed)": (185, 38),
    },
    "claude-safety-guard": {
        "harmful (BLOCK) held-out": (72, 0),
        "flagged (WARN) held-out": (5, 0),
        "everyday (ALLOW) held-out": (21, 2),
    },
    "cc-safe-setup": {
        "harmful (exit 2) held-out": (86, 0),
        "everyday (exit 0) held-out": (54, 1),
    },
    "agentshield": {
        "harmful (BLOCK) held-out": (65, 0),
        "flagged (AUDIT) held-out": (41, 0),
        "everyday (ALLOW) held-out": (17, 0),
    },
    "schlock": {
        "harmful (BLOCKED) held-out": (300, 0),
        "flagged (HIGH or above) held-out": (169, 0),
        "everyday (allowed) held-out": (121, 0),
    },
    "ai-dev-foundry": {
        "harmful (deny) held-out": (43, 3),
        "asks a human (ask) held-out": (213, 16),
        "everyday (allow) held-out": (442, 33),
    },
    "longline": {
        "harmful (deny) held-out": (367, 3),
        "asks a human (ask) held-out": (1221, 16),
        "everyday (allow) held-out": (1169, 7),
    },
    "infra-command-guard": {
        "asks a human (approval) held-out": (355, 18),
        "everyday (allowed) held-out": (349, 0),
    },
    "shellfirm": {
        "harmful (High or Critical check) held-out": (938, 21),
        "flagged (Medium or Low check) held-out": (101, 0),
        "everyday (no check) held-out": (368, 0),
    },
    "tirith": {
        "harmful (block) held-out": (226, 67),
        "flagged (warn) held-out": (62, 8),
        "everyday (allow) held-out": (214, 32),
    },
    "hardstop": {
        "harmful (dangerous pattern) held-out": (43, 18),
        "everyday (safe or not dangerous) held-out": (33, 17),
    },
    "bash-vet": {
        "harmful (BLOCK) held-out": (43, 29),
        "flagged (REVIEW or CAUTION) held-out": (9, 3),
        "everyday (CLEAN) held-out": (6, 0),
    },
    "nah": {
        "harmful (block) held-out": (605, 94),
        "not blocked (delegate) held-out": (418, 92),
    },
    "cc-toolgate": {
        "harmful (Deny) held-out": (20, 0),
        "asks a human (Ask) held-out": (109, 0),
        "everyday (Allow) held-out": (143, 0),
    },
    "shush": {
        "harmful (block) held-out": (79, 35),
        "asks a human or blocks (ask) held-out": (247, 3),
        "everyday (allow) held-out": (333, 12),
        "allowed after a path check (context) held-out": (25, 2),
        "everyday (golden compound list) held-out": (100, 0),
    },
    "terminal-security": {
        "harmful (disabled) held-out": (52, 3),
        "asks a human (allowedWithPermission) held-out": (125, 6),
        "everyday (allowedWithoutPermission) held-out": (5, 5),
        "not refused (allowedWithPermission kept) held-out": (27, 1),
    },
    "bashguard": {
        "harmful (block) held-out": (143, 0),
        "everyday (allow) held-out": (12, 0),
    },
    "aegis-shellguard": {
        "harmful (Block) held-out": (41, 0),
        "asks a human (Danger or Warn) held-out": (228, 0),
        "everyday (Safe) held-out": (11, 0),
    },
    "zeptoclaw": {
        "harmful (Err) held-out": (77, 16),
        "not blocked (Ok) held-out": (37, 14),
    },
    "deny-dangerous": {
        "harmful (block) held-out": (93, 0),
        "everyday (allow) held-out": (58, 0),
    },
    "acai": {
        "harmful (blocked) held-out": (60, 0),
        "not blocked (blocked: false) held-out": (59, 4),
    },
    "hex-claude-guard": {
        "harmful (deny) held-out": (30, 0),
        "asks a human (ask) held-out": (68, 0),
        "everyday (allow) held-out": (65, 0),
    },
    "gatekeeper": {
        "harmful (deny) held-out": (49, 0),
        "left to review (passthrough) held-out": (72, 3),
        "everyday (allow) held-out": (115, 0),
    },
    "orchestkit": {
        "harmful (deny) held-out": (60, 27),
        "asks a human (ask) held-out": (43, 1),
        "everyday (allow) held-out": (6, 0),
        "not denied (allow or ask) held-out": (81, 3),
    },
    "leash": {
        "harmful (blocked) held-out": (57, 0),
        "not blocked (blocked: false) held-out": (47, 0),
    },
    "opencode-damage-control": {
        "harmful (block) held-out": (88, 4),
        "asks a human (ask) held-out": (94, 0),
        "everyday (nothing matched) held-out": (51, 1),
    },
    "noexec": {
        "harmful (detected) held-out": (687, 7),
        "everyday (nothing detected) held-out": (211, 10),
    },
    "prisodev-damage-control": {
        "harmful (block) held-out": (41, 0),
        "asks a human (ask) held-out": (2, 0),
        "everyday (allow) held-out": (17, 0),
    },
    "pi-destructive-guard": {
        "asks a human (destructive) held-out": (96, 0),
        "everyday (not destructive) held-out": (100, 0),
    },
    "egc-guardian": {
        "harmful (hard block) held-out": (97, 37),
        "not blocked (advisory only) held-out": (26, 0),
        "everyday (allowed) held-out": (31, 0),
    },
    "almost-yolo-guard": {
        "asks a human (ask) held-out": (53, 0),
        "left to review (uncertain) held-out": (30, 3),
        "everyday (allow) held-out": (141, 0),
    },
    "cmd-guard": {
        "harmful (deny) held-out": (50, 1),
        "asks a human (ask) held-out": (39, 0),
        "everyday (no decision) held-out": (30, 1),
    },
    "gatecat": {
        "dangerous (a human approves) held-out": (180, 6),
        "everyday (benign) held-out": (125, 4),
    },
    "sh-guard": {
        "harmful (critical: blocked) held-out": (99, 0),
        "risky (danger: asks) held-out": (117, 0),
        "risky (caution: asks) held-out": (96, 0),
        "everyday (safe) held-out": (116, 0),
    },
    "odek": {
        "harmful (deny) held-out": (74, 29),
        "asks a human (prompt) held-out": (185, 0),
        "everyday (allow) held-out": (144, 2),
    },
    "nsh": {
        "harmful (dangerous) held-out": (38, 0),
        "asks a human (elevated) held-out": (30, 0),
        "everyday (safe) held-out": (9, 2),
    },
    "claude-code-hooks": {
        "harmful (blocked) held-out": (53, 31),
        "everyday (allowed) held-out": (14, 25),
    },
    "bash-gates": {
        "harmful (deny) held-out": (4, 64),
        "asks a human (ask) held-out": (59, 20),
        "everyday (allow) held-out": (16, 25),
    },
    "open-multi-agent": {
        "harmful (high: denied) held-out": (19, 6),
        "asks a human (review) held-out": (15, 2),
        "everyday (safe) held-out": (21, 0),
    },
    "shguard": {
        "harmful (Block) held-out": (424, 2),
        "asks a human (Ask) held-out": (234, 4),
        "everyday (Allow) held-out": (226, 0),
    },
    "pi-permission": {
        "harmful (dangerous: always asks) held-out": (25, 3),
        "asks a human (high) held-out": (168, 0),
        "asks a human (low or medium) held-out": (160, 0),
        "everyday (minimal) held-out": (201, 0),
    },
    "termaxa": {
        "harmful (deny) held-out": (60, 0),
        "asks a human (ask) held-out": (2, 0),
        "everyday (allow) held-out": (18, 0),
    },
    "cc-bash-guardian": {
        "harmful (denied: should_allow False) held-out": (102, 0),
        "everyday (allowed: should_allow True) held-out": (115, 0),
    },
    "cc-self-defense": {
        "harmful (BLOCKED) held-out": (40, 2),
        "not blocked (WARN: the hook only warns) held-out": (6, 0),
        "everyday (PASS: nothing said by the hook tested) held-out": (21, 1),
    },
    "drinking-bird": {
        "harmful (blocked) held-out": (35, 0),
        "everyday (not blocked) held-out": (55, 0),
    },
    "loom": {
        "harmful (deny) held-out": (171, 224),
        "asks a human (ask) held-out": (87, 73),
        "everyday (allow: no decision) held-out": (181, 239),
    },
    "claude-warden": {
        "harmful (deny) held-out": (17, 20),
        "asks a human (ask) held-out": (66, 8),
        "everyday (allow) held-out": (107, 1),
    },
    "hol-guard": {
        "harmful (block) held-out": (85, 0),
        "asks a human (review, require-reapproval) held-out": (236, 0),
        "not blocked (near misses: any decision but block) held-out": (35, 0),
        "everyday (no_match: no rule matched) held-out": (192, 0),
    },
    "openhands-pattern": {
        "harmful (HIGH: confirmed by the user) held-out": (59, 5),
        "not high (MEDIUM, or asserted not HIGH: runs) held-out": (6, 0),
        "everyday (LOW: runs) held-out": (14, 2),
    },
    "consoul": {
        "harmful (BLOCKED: always refused) held-out": (51, 6),
        "asks a human (DANGEROUS) held-out": (30, 0),
        "asks at the default policy (CAUTION) held-out": (43, 0),
        "everyday (SAFE: approved without asking) held-out": (56, 1),
    },
    "coco-shell": {
        "harmful (Deny: refused without a prompt) held-out": (4, 8),
        "asks a human (a security check or analyzer risk) held-out": (78, 0),
        "asks a human (not read-only: prompted in the default mode) held-out": (98, 2),
        "not flagged (near misses: a risk or a Deny asserted absent) held-out": (32, 0),
        "everyday (read-only: runs without a prompt) held-out": (78, 0),
    },
    "koda": {
        "harmful (Destructive: confirmed in every mode) held-out": (15, 5),
        "local mutation (LocalMutation: runs without asking at the default) held-out": (23, 0),
        "everyday (ReadOnly: never asks) held-out": (18, 2),
    },
    "da": {
        "asks a human (Defer: left to the agent's prompt) held-out": (65, 2),
        "everyday (Approve: runs without a prompt) held-out": (83, 0),
    },
    "llxprt-destructive": {
        "harmful (destructive: denied in every mode, YOLO and allow rules included) held-out": (
            389,
            2,
        ),
        "not flagged (near misses: not destructive, left to the policy) held-out": (227, 2),
    },
    "agent-code": {
        "harmful (Destructive: refused before any prompt) held-out": (218, 18),
        "harmful (the Bash tool's input checks: injection and validation refuse) held-out": (
            44,
            4,
        ),
        "asks a human (Risky, or asserted not Safe: a prompt at least) held-out": (11, 0),
        "asks a human (not auto-safe: prompted in Auto mode) held-out": (44, 2),
        "not flagged (near misses: Safe, or the tool's checks pass) held-out": (175, 1),
        "everyday (auto-safe: approved without a prompt in Auto mode) held-out": (15, 0),
    },
    "selfware": {
        "harmful (Err: refused by the safety checker) held-out": (41, 5),
        "not blocked (Ok: the safety checker lets it run) held-out": (11, 0),
    },
    "rain-assistant": {
        "asks a human with a PIN (RED: dangerous) held-out": (85, 4),
        "not dangerous (YELLOW: the Bash tool's ordinary confirmation) held-out": (22, 0),
    },
    "grip": {
        "harmful (blocked: refused by the shell tool and the SDK hook) held-out": (37, 0),
        "not blocked (None: runs; its stated allowances too) held-out": (34, 1),
    },
    "albatross": {
        "asks a human (not obviously non-destructive: approval under dangerous-only) held-out": (
            25,
            0,
        ),
        "everyday (obviously non-destructive: no prompt under dangerous-only) held-out": (11, 0),
    },
    "autodev": {
        "harmful (dangerous: blocked for safety) held-out": (14, 0),
        "not blocked (not dangerous: runs) held-out": (1, 0),
    },
    "pi-safe-shell": {
        "harmful (critical: blocked in every mode but YOLO) held-out": (29, 0),
        "asks a human (danger: confirmation required) held-out": (12, 0),
        "not blocked (caution: runs with a warning) held-out": (27, 0),
        "everyday (safe: runs without a prompt) held-out": (144, 1),
    },
    "agentbox": {
        "harmful (Forbidden: blocked, never executed) held-out": (279, 111),
        "asks a human (Escalated: the approval callback decides) held-out": (318, 0),
        "everyday (Allow: runs without prompting, still sandboxed) held-out": (314, 1),
        "not flagged (Sandboxed: no rule matched; runs in the sandbox unasked) held-out": (327, 0),
    },
    "hermes-approval": {
        "asks a human (dangerous: waits for the user's approval) held-out": (32, 0),
        "not flagged (not dangerous: runs without approval) held-out": (17, 0),
    },
}
"""What each reader takes from its peer's named commit: (cases, entries skipped) per set."""


@pytest.mark.parametrize("peer", sorted(PEER_COUNTS))
def test_each_peers_reader_reads_its_named_commit_to_the_counted_cases(peer: str) -> None:
    assert _sets_or_skip(peer) == PEER_COUNTS[peer]


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


def test_boucle_reader_takes_default_calls_and_counts_configured_or_expanded_ones() -> None:
    text = (
        'assert_blocked "desc" "git status"\n'
        "assert_blocked_contains 'desc' 'git log' 'reason'\n"
        "assert_allowed \"desc\" 'ls -la'\n"
        'assert_allowed "desc" "echo \\$HOME \\"x\\" \\q"\n'
        'assert_allowed "desc" "echo $HOME"\n'
        'BASH_GUARD_CONFIG="$CFG" \\\n  assert_allowed "desc" "pwd"\n'
        'assert_allowed "desc" "printf \'a\n'
        "b'\"\n"
    )
    blocked, allowed = _bench().boucle_bash_guard_corpora(text)
    assert [c.command for c in blocked.cases] == ["git status", "git log"]
    assert [c.command for c in allowed.cases] == [
        "ls -la",
        'echo $HOME "x" \\q',
        "printf 'a\nb'",
    ]
    assert (blocked.skipped, allowed.skipped) == (0, 2)
    assert blocked.harmful and not allowed.harmful
    assert allowed.cases[0].line == 3


def test_cc_safe_setup_reader_takes_the_default_hooks_bash_commands() -> None:
    text = (
        'test_hook "destructive-guard" \'{"tool_input":{"command":"git status"}}\' 2 "d"\n'
        'test_hook "branch-guard" \'{"tool_input":{"command":"ls"}}\' 0 "d"\n'
        'test_hook "secret-guard" \'{"tool_input":{"file_path":"x"}}\' 0 "d"\n'
        'test_hook "other-hook" \'{"tool_input":{"command":"pwd"}}\' 2 "d"\n'
        '# test_hook "destructive-guard" \'{"tool_input":{"command":"id"}}\' 2 "d"\n'
    )
    blocked, passed = _bench().cc_safe_setup_corpora(text)
    assert [c.command for c in blocked.cases] == ["git status"] and blocked.skipped == 0
    assert [c.command for c in passed.cases] == ["ls"] and passed.skipped == 1
    assert blocked.harmful and not passed.harmful


def test_claude_safety_guard_reader_sorts_by_the_patterns_severity() -> None:
    patterns = (
        'P = [Pattern(id="a-block", severity=Severity.BLOCK),\n'
        '     Pattern(id="a-warn", severity=Severity.WARN)]\n'
    )
    tests = (
        "POSITIVE_CASES: list[tuple[str, str]] = [\n"
        '    ("git status", "a-block"),\n'
        '    ("git log", "a-warn"),\n'
        '    ("pwd", "unknown-id"),\n'
        "]\n"
        'NEGATIVE_CASES: list[str] = ["", "ls -la"]\n'
    )
    block, warn, allow = _bench().claude_safety_guard_corpora(tests, patterns)
    assert [c.command for c in block.cases] == ["git status"] and block.skipped == 1
    assert [c.command for c in warn.cases] == ["git log"] and warn.skipped == 0
    assert [c.command for c in allow.cases] == ["ls -la"] and allow.skipped == 1
    assert block.harmful and warn.harmful and not allow.harmful


def test_agentshield_reader_takes_each_test_case_by_its_expected_decision() -> None:
    text = (
        "package testdata\n"
        '// A comment {Command: `pwd`, ExpectedDecision: "BLOCK"}\n'
        "var Cases = []TestCase{\n"
        "\t{\n"
        '\t\tID:               "TP-X-001",\n'
        "\t\tCommand:          `git status`,\n"
        '\t\tExpectedDecision: "BLOCK",\n'
        '\t\tClassification:   "FN",\n'
        '\t\tTags:             []string{"canonical", "x"},\n'
        "\t},\n"
        '\t{ID: "TN-X-002", Command: "ls \\"a b\\"", ExpectedDecision: "ALLOW"},\n'
        '\t{ID: "TN-X-003", Command: "id", ExpectedDecision: "AUDIT"},\n'
        '\t{ID: "TN-X-004", Command: "a" + "b", ExpectedDecision: "ALLOW"},\n'
        '\t{ID: "TN-X-005", Command: "uname", ExpectedDecision: "REVIEW"},\n'
        "}\n"
    )
    block, audit, allow = _bench().agentshield_corpora([("x_cases.go", text)])
    assert [c.command for c in block.cases] == ["git status"] and block.skipped == 1
    assert [c.command for c in audit.cases] == ["id"] and audit.skipped == 0
    assert [c.command for c in allow.cases] == ['ls "a b"'] and allow.skipped == 1
    assert block.harmful and audit.harmful and not allow.harmful
    assert (block.cases[0].source, block.cases[0].line) == ("x_cases.go", 4)


def test_schlock_reader_takes_the_label_its_tests_assert() -> None:
    accuracy = (
        "BENCHMARK_CASES: list[BenchmarkCase] = [\n"
        '    BenchmarkCase(name="a", command="git log", expected_blocked=True, category="x"),\n'
        '    BenchmarkCase(name="b", command="ls", expected_blocked=False, category="x"),\n'
        '    BenchmarkCase(name="c", command=CMD, expected_blocked=False, category="x"),\n'
        "]\n"
    )
    tests = (
        "@pytest.mark.parametrize('command,description', [('git status', 'd'), (X, 'd')])\n"
        "def test_blocked(safety_rules_path, command, description):\n"
        "    result = validate_command(command, config_path=safety_rules_path)\n"
        "    assert not result.allowed\n"
        "    assert result.risk_level in [RiskLevel.HIGH, RiskLevel.BLOCKED]\n"
        "@pytest.mark.parametrize('command', ['pwd'])\n"
        "def test_flagged(command):\n"
        "    assert validate_command(command).risk_level >= RiskLevel.HIGH\n"
        "@pytest.mark.parametrize('command', ['date'])\n"
        "def test_allowed(command):\n"
        "    result = validate_command(command)\n"
        "    assert result.risk_level != RiskLevel.BLOCKED\n"
        "@pytest.mark.parametrize('command,should_block', [('whoami', True)])\n"
        "def test_branching(command, should_block):\n"
        "    result = validate_command(command)\n"
        "    if should_block:\n"
        "        assert not result.allowed\n"
        "@pytest.mark.parametrize('command', ['uptime'])\n"
        "def test_other_function(command):\n"
        "    result = parse(command)\n"
        "    assert not result.allowed\n"
    )
    blocked, flagged, allowed = _bench().schlock_corpora(accuracy, [("tests/test_x.py", tests)])
    assert [c.command for c in blocked.cases] == ["git status"] and blocked.skipped == 1
    assert [c.command for c in flagged.cases] == ["git log", "pwd"] and flagged.skipped == 0
    assert [c.command for c in allowed.cases] == ["ls", "date"] and allowed.skipped == 1
    assert blocked.harmful and flagged.harmful and not allowed.harmful
    assert blocked.cases[0].source == "tests/test_x.py#test_blocked"


def test_ai_dev_foundry_reader_takes_each_table_and_skips_other_platforms() -> None:
    text = (
        "# header\n"
        "[[allow]]\n"
        'command = "git status"\n'
        'description = "d"\n'
        "\n"
        "[[allow]]\n"
        'command = "ls -G"\n'
        'os = "darwin"\n'
        "[[ask]]\n"
        "command = 'git commit -m \"x\"'\n"
        'os = "linux"\n'
        "[[deny]]\n"
        'description = "no command"\n'
        "[[other]]\n"
        'command = "pwd"\n'
    )
    deny, ask, allow = _bench().ai_dev_foundry_corpora(text)
    assert [c.command for c in allow.cases] == ["git status"] and allow.skipped == 1
    assert [c.command for c in ask.cases] == ['git commit -m "x"'] and ask.skipped == 0
    assert deny.cases == [] and deny.skipped == 1
    assert deny.harmful and ask.harmful and not allow.harmful
    assert (allow.cases[0].line, ask.cases[0].line) == (2, 9)


def test_longline_reader_takes_each_golden_case_by_its_expected_decision() -> None:
    text = (
        "tests:\n"
        "  # a comment\n"
        "  - id: a\n"
        '    command: "git status"\n'
        "    expected:\n"
        "      decision: allow\n"
        "  - id: b\n"
        "    command: 'ls -la'\n"
        "    expected: { decision: ask, rule_id: x }\n"
        "  - id: c\n"
        "    command: pwd\n"
        "    expected:\n"
        "      decision: deny\n"
        "  - id: d\n"
        "    overlay: |\n"
        "      rules: []\n"
        "    command: date\n"
        "    expected: { decision: allow }\n"
        "  - id: e\n"
        "    profile: strict\n"
        "    command: uptime\n"
        "    expected: { decision: deny }\n"
        "  - id: f\n"
        "    expected: { decision: ask }\n"
        "  - id: g\n"
        "    command: whoami\n"
        "    expected: { decision: review }\n"
    )
    deny, ask, allow = _bench().longline_corpora([("tests/golden/x.yaml", text)])
    assert [c.command for c in deny.cases] == ["pwd"] and deny.skipped == 2
    assert [c.command for c in ask.cases] == ["ls -la"] and ask.skipped == 1
    assert [c.command for c in allow.cases] == ["git status"] and allow.skipped == 1
    assert deny.harmful and ask.harmful and not allow.harmful
    assert (allow.cases[0].source, allow.cases[0].line, ask.cases[0].line) == (
        "tests/golden/x.yaml",
        3,
        7,
    )
    other_shapes = _bench().longline_corpora([("y.yaml", "- a\n"), ("z.yaml", "tests: 3\n")])
    assert [(len(c.cases), c.skipped) for c in other_shapes] == [(0, 0)] * 3


def test_shellfirm_reader_sorts_by_the_severity_of_the_expected_checks() -> None:
    config = 'pub const DEFAULT_ENABLED_GROUPS: [&str; 2] = [\n    "base",\n    "git",\n];\n'
    enabled = _bench().shellfirm_default_groups(config)
    assert enabled == {"base", "git"}
    assert _bench().shellfirm_default_groups("fn main() {}") == frozenset()
    checks = [
        "- from: base\n  test: x\n  id: base:one\n  severity: Critical\n"
        "- from: base\n  test: y\n  id: base:two\n  severity: Medium\n",
        "- from: git\n  id: git:three\n  severity: High\n"
        "- from: shell\n  id: shell:four\n  severity: High\n",
    ]
    tests = (
        "---\n"
        "# -- base:one --\n"
        "- test: 'git status'\n"
        '  description: "d"\n'
        '  expect_ids: ["base:one"]\n'
        "- test: ls\n"
        "  expect_ids: []\n"
        "- test: pwd\n"
        '  expect_ids: ["base:two"]\n'
        "- test: date\n"
        '  expect_ids: ["base:two", "git:three"]\n'
        "- test: uptime\n"
        '  expect_ids: ["shell:four"]\n'
        "- test: whoami\n"
        '  expect_ids: ["shell:four", "base:two"]\n'
        "- test: id\n"
        "- expect_ids: []\n"
    )
    harmful, flagged, everyday = _bench().shellfirm_corpora(
        checks, [("shellfirm/tests/checks/x.yaml", tests)], enabled
    )
    assert [c.command for c in harmful.cases] == ["git status", "date"] and harmful.skipped == 2
    assert [c.command for c in flagged.cases] == ["pwd", "whoami"] and flagged.skipped == 0
    assert [c.command for c in everyday.cases] == ["ls"] and everyday.skipped == 1
    assert harmful.harmful and flagged.harmful and not everyday.harmful
    assert (harmful.cases[0].source, harmful.cases[0].line) == ("shellfirm/tests/checks/x.yaml", 3)


def test_infra_guard_reader_takes_the_named_arrays_and_counts_the_rest() -> None:
    commands = (
        "const RELAXED = { ...DEFAULTS, guardUnclassifiedCommands: false };\n"
        "// const DOCKER_ALLOWED = ['uname'];\n"
        "const DOCKER_ALLOWED = [\n"
        '\t"git status",\n'
        "\t'ls -la',\n"
        "];\n"
        'const GIT_APPROVALS = ["pwd", `date ${x}`, "a" + "b", f("c")];\n'
        'const GIT_UNCLASSIFIED = ["uptime"];\n'
        'const OTHER = ["whoami"];\n'
    )
    cloud = (
        "type ProviderCorpus = { reads: string[]; approvals: string[] };\n"
        "const AWS_CORPUS: ProviderCorpus = {\n"
        '\texecutable: "aws",\n'
        '\treads: ["id", `hostname`],\n'
        "\tapprovals: [\n"
        '\t\t"df -h",\n'
        "\t],\n"
        '\tunclassified: ["free"],\n'
        "};\n"
    )
    asks, allowed = _bench().infra_guard_corpora([("a.test.ts", commands), ("b.test.ts", cloud)])
    assert [c.command for c in allowed.cases] == ["git status", "ls -la", "id", "hostname"]
    assert [c.command for c in asks.cases] == ["pwd", "df -h"]
    assert (asks.skipped, allowed.skipped) == (5, 0)
    assert asks.harmful and not allowed.harmful
    assert [(c.source, c.line) for c in asks.cases] == [("a.test.ts", 7), ("b.test.ts", 6)]


def test_tirith_reader_takes_posix_commands_by_their_expected_action() -> None:
    fixtures = (
        "# a comment\n"
        "[[fixture]]\n"
        'name = "a"\n'
        'input = "git status"\n'
        'context = "exec"\n'
        'expected_action = "allow"\n'
        "expected_rules = []\n"
        "\n"
        "[[fixture]]\n"
        'input = "ls -la"\n'
        'context = "exec"\n'
        'shell = "posix"\n'
        'expected_action = "warn"\n'
        "\n"
        "[[fixture]]\n"
        'input = "pwd"\n'
        'context = "exec"\n'
        'expected_action = "block"\n'
        "\n"
        "[[fixture]]\n"
        'input = "date"\n'
        'context = "paste"\n'
        'expected_action = "block"\n'
        "\n"
        "[[fixture]]\n"
        'input = "Get-Date"\n'
        'context = "exec"\n'
        'shell = "powershell"\n'
        'expected_action = "allow"\n'
        "\n"
        "[[fixture]]\n"
        'input = "uptime"\n'
        'context = "exec"\n'
        "raw_bytes = [117, 112]\n"
        'expected_action = "warn"\n'
        "\n"
        "[[fixture]]\n"
        'input = "whoami"\n'
        'context = "exec"\n'
        'expected_action = "review"\n'
        "\n"
        "[[fixture]]\n"
        'input = "key = 1"\n'
        'context = "file"\n'
        'expected_action = "block"\n'
    )
    block, warn, allow = _bench().tirith_corpora([("tests/fixtures/x.toml", fixtures)])
    assert [c.command for c in block.cases] == ["pwd"] and block.skipped == 2
    assert [c.command for c in warn.cases] == ["ls -la"] and warn.skipped == 1
    assert [c.command for c in allow.cases] == ["git status"] and allow.skipped == 1
    assert block.harmful and warn.harmful and not allow.harmful
    assert [(c.source, c.line) for c in (allow.cases[0], warn.cases[0], block.cases[0])] == [
        ("tests/fixtures/x.toml", 2),
        ("tests/fixtures/x.toml", 9),
        ("tests/fixtures/x.toml", 15),
    ]


def test_hardstop_reader_takes_what_its_assertions_say() -> None:
    tests = (
        "from pre_tool_use import check_dangerous, check_safe, is_all_safe\n"
        "class TestDangerousPatterns(TestCase):\n"
        "    def test_one(self):\n"
        '        is_dangerous, msg = check_dangerous("git status")\n'
        "        self.assertTrue(is_dangerous)\n"
        '        self.assertIn("x", msg.lower())\n'
        "    def test_two(self):\n"
        '        is_dangerous, _ = check_all_commands("ls && pwd")\n'
        "        self.assertFalse(is_dangerous)\n"
        "    def test_three(self):\n"
        '        self.assertTrue(check_safe("date"))\n'
        '        self.assertFalse(check_safe("uptime"))\n'
        '        self.assertTrue(pre_tool_use.is_all_safe("ls | wc -l"))\n'
        "    def test_four(self):\n"
        "        is_dangerous, _ = check_dangerous(COMMAND)\n"
        "        self.assertTrue(is_dangerous)\n"
        '        self.assertTrue(other("whoami"))\n'
        "class TestWindowsSafePatterns(TestCase):\n"
        "    def test_dir(self):\n"
        '        self.assertTrue(check_safe("dir"))\n'
    )
    harmful, everyday = _bench().hardstop_corpora([("tests/test_hook.py", tests)])
    assert [c.command for c in harmful.cases] == ["git status"] and harmful.skipped == 1
    assert [c.command for c in everyday.cases] == ["ls && pwd", "date", "ls | wc -l"]
    assert everyday.skipped == 2
    assert harmful.harmful and not everyday.harmful
    assert (harmful.cases[0].source, harmful.cases[0].line) == (
        "tests/test_hook.py#TestDangerousPatterns.test_one",
        4,
    )


def test_bash_vet_reader_takes_the_asserted_verdict_of_each_result() -> None:
    tests = (
        "import pytest\n"
        "def test_clean() -> None:\n"
        '    report = vet_command("git status")\n'
        "    assert report.verdict == Verdict.CLEAN\n"
        '@pytest.mark.parametrize(\n    "cmd",\n    [\n'
        '        "ls -la",\n        "pwd",\n    ],\n)\n'
        "def test_rows(cmd: str) -> None:\n"
        "    report = vet_command(cmd)\n"
        "    assert report.verdict == Verdict.BLOCK\n"
        "    assert any(f.rule_id == 'X' for f in report.findings)\n"
        "def test_rule_only() -> None:\n"
        '    report = vet_command("date")\n'
        "    assert any(f.rule_id == 'Y' for f in report.findings)\n"
        "def test_chain() -> None:\n"
        '    cmd = "uptime"\n'
        "    normal = vet_command(cmd)\n"
        '    chain = vet_command("whoami", command_chain=True)\n'
        "    assert normal.verdict == Verdict.REVIEW\n"
        "    assert chain.verdict == Verdict.BLOCK\n"
        "def test_caution() -> None:\n"
        '    report = vet_command("id")\n'
        "    assert report.verdict == Verdict.CAUTION\n"
    )
    harmful, flagged, everyday = _bench().bash_vet_corpora(tests)
    assert [c.command for c in harmful.cases] == ["ls -la", "pwd"] and harmful.skipped == 2
    assert [c.command for c in flagged.cases] == ["id"] and flagged.skipped == 1
    assert [c.command for c in everyday.cases] == ["git status"] and everyday.skipped == 0
    assert harmful.harmful and flagged.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in harmful.cases] == [
        ("tests/test_scanner.py#test_rows", 8),
        ("tests/test_scanner.py#test_rows", 9),
    ]


def test_nah_reader_takes_bash_rows_at_the_project_root_with_the_benchs_places() -> None:
    fixtures = json.dumps(
        {
            "ctx_fixtures": {"c": {"home": "/home/t"}},
            "observation_fixtures": {
                "root": {"cwd": "/w/p", "roots": [{"kind": "project", "path": "/w/p"}]},
                "out": {"cwd": "/w/o", "roots": [{"kind": "project", "path": "/w/p"}]},
            },
        }
    )
    rows = [
        {"id": "a", "command": "ls /w/p/src /w/pp", "ctx_fixture": "c"},
        {"id": "b", "command": "cat /home/t/notes"},
        {"id": "c", "command": "pwd", "observation_fixture": "out"},
        {"id": "d", "command": "date", "observation_fixture": "nowhere"},
        {"id": "e", "tool": "Read", "input": {"file_path": "x"}},
        {"id": "f", "command": "uptime", "verdict": "ask"},
    ]
    verdicts = ["block", "delegate", "block", "delegate", "block", None]
    lines = []
    for row, verdict in zip(rows, verdicts, strict=True):
        row = {"ctx_fixture": "c", "observation_fixture": "root", **row}
        lines.append(json.dumps({**row, "expected": {"verdict": verdict, "guard": "g"}}))
    text = "\n".join(lines[:3]) + "\n\n" + "\n".join(lines[3:]) + "\n"
    blocked, delegated = _bench().nah_corpora(fixtures, [("corpus/x.jsonl", text)])
    assert [c.command for c in blocked.cases] == ["ls /srv/app/proj/src /w/pp"]
    assert [c.command for c in delegated.cases] == ["cat /home/agent/notes"]
    assert (blocked.skipped, delegated.skipped) == (2, 1)
    assert blocked.harmful and not delegated.harmful
    assert (delegated.cases[0].source, delegated.cases[0].line) == ("corpus/x.jsonl#b", 2)


def test_cc_toolgate_reader_takes_the_tables_checked_with_the_default_config() -> None:
    spec = (
        "// ("
        '"not a case", Deny)\n'
        "const ALLOW_READONLY: &[(&str, Decision)] = &[\n"
        '    ("git status", Allow),\n'
        "    (\n"
        '        "ls -la \\"x\\"", // a comment\n'
        "        Allow,\n"
        "    ),\n"
        '    (r#"echo "q""#, Ask), ("pwd", Deny),\n'
        '    ("date", Maybe), (NAME, Ask),\n'
        "];\n"
        'const CUSTOM: &[(&str, Decision)] = &[("uptime", Allow)];\n'
        "fn spec_allow_readonly() {\n"
        '    assert_table(ALLOW_READONLY, "readonly");\n'
        "}\n"
        "fn spec_custom() {\n"
        "    for (cmd, expected) in CUSTOM.iter() {}\n"
        "}\n"
    )
    deny, ask, allow = _bench().cc_toolgate_corpora(spec)
    assert [c.command for c in allow.cases] == ["git status", 'ls -la "x"']
    assert [c.command for c in ask.cases] == ['echo "q"'] and ask.skipped == 1
    assert [c.command for c in deny.cases] == ["pwd"] and deny.skipped == 1
    assert deny.harmful and ask.harmful and not allow.harmful
    assert [c.line for c in allow.cases] == [3, 5]


SHUSH_TEST = """import { describe, expect, test } from "bun:test";
import { bash, atLeast } from "./eval-helpers";

describe("sets", () => {
  test("a", () => {
    expect(bash("git status").decision).toBe("allow");
    expect(bash("pwd").decision).toBe("block");
    expect(bash('ls "x"').decision).not.toBe("allow");
    expect(bash("date").decision).toMatch(/ask|block/);
    expect(atLeast(bash("uptime").decision, "ask")).toBe(true);
    expect(
      atLeast(bash("whoami").decision, "block"),
    ).toBe(true);
    expect(bash("ls /tmp/project/src /tmp/projects").decision).toBe("context");
  });
  /* expect(bash("not a case").decision).toBe("block"); */
  test("b", () => {
    const result = bash("id");
    expect(result.decision).not.toBe("allow");
    expect(result.decision).not.toBe("block");
  });
  test("c", () => {
    const r = bash("hostname");
    expect(["ask", "block"]).toContain(r.decision);
  });
  test("skipped", () => {
    expect(bash("uname", config).decision).toBe("allow");
    expect(bash("true").decision).not.toBe("block");
    expect(atLeast(bash("tty").decision, "context")).toBe(true);
    expect(bash(`echo ${x}`).decision).toBe("allow");
    expect(bash("cal").reason).toContain("x");
  });
  const safe = ["ls", ["cat a", "read"], name];
  for (const cmd of safe) {
    test(cmd, () => {
      expect(bash(cmd).decision).toBe("allow");
    });
  }
});
describe("again", () => {
  const safe: [string, string][] = [["wc -l a", "x"]];
  for (const [cmd, why] of safe) {
    test(cmd, () => {
      const result = bash(cmd);
      expect(result.decision).toBe("ask");
    });
  }
});
"""


def test_shush_reader_takes_default_config_asserts_by_the_decisions_they_leave() -> None:
    other = 'import { bash } from "./other";\nexpect(bash("ls").decision).toBe("allow");\n'
    golden = "# a note\n\n  git log | head  \nmake test\n"
    sources = [("test/x.test.ts", SHUSH_TEST), ("test/y.test.ts", other)]
    block, review, allow, context, listed = _bench().shush_corpora(sources, golden)
    assert [c.command for c in allow.cases] == ["git status", "ls", "cat a"]
    assert [c.command for c in block.cases] == ["pwd", "whoami"]
    review_commands = ['ls "x"', "date", "uptime", "hostname", "tty", "wc -l a"]
    assert [c.command for c in review.cases] == review_commands
    assert [c.command for c in context.cases] == ["ls /srv/app/proj/src /tmp/projects"]
    assert [c.command for c in listed.cases] == ["git log | head", "make test"]
    assert (block.skipped, review.skipped, allow.skipped) == (3, 0, 3)
    assert block.harmful and review.harmful and not allow.harmful and not context.harmful
    assert not listed.harmful and listed.cases[1].line == 4
    assert [c.line for c in allow.cases] == [6, 33, 33]


TERMINAL_SECURITY_TEST = """import { describe, it, expect } from "vitest";
describe("evaluateTerminalCommandSecurity", () => {
  it("a", () => {
    const result = evaluateTerminalCommandSecurity(
      "allowedWithoutPermission",
      "pwd",
    );
    expect(result).toBe("disabled");
  });
  it("b", () => {
    const result = evaluateTerminalCommandSecurity("allowedWithoutPermission", 'ls "x"');
    expect(result).toBe("allowedWithPermission");
  });
  it("c", () => {
    const result = evaluateTerminalCommandSecurity("allowedWithoutPermission", "date");
    expect(result).toBe("allowedWithoutPermission");
  });
  it("d", () => {
    const r = evaluateTerminalCommandSecurity("allowedWithPermission", "git status");
    expect(r).toBe("allowedWithPermission");
  });
  it("skipped", () => {
    const result = evaluateTerminalCommandSecurity("disabled", "uptime");
    expect(result).toBe("disabled");
    const long = evaluateTerminalCommandSecurity("allowedWithPermission", "echo " + x);
    expect(long).toBe("allowedWithPermission");
    const blank = evaluateTerminalCommandSecurity("allowedWithoutPermission", "  ");
    expect(blank).toBe("allowedWithoutPermission");
    const unasserted = evaluateTerminalCommandSecurity("allowedWithoutPermission", "id");
  });
  describe("Windows-specific", () => {
    it("w", () => {
      const result = evaluateTerminalCommandSecurity("allowedWithoutPermission", "dir");
      expect(result).toBe("allowedWithPermission");
    });
  });
});
"""


def test_terminal_security_reader_labels_by_base_and_asserted_policy() -> None:
    harmful, asks, everyday, kept = _bench().terminal_security_corpora(TERMINAL_SECURITY_TEST)
    assert [c.command for c in harmful.cases] == ["pwd"] and harmful.skipped == 2
    assert [c.command for c in asks.cases] == ['ls "x"'] and asks.skipped == 1
    assert [c.command for c in everyday.cases] == ["date"] and everyday.skipped == 1
    assert [c.command for c in kept.cases] == ["git status"] and kept.skipped == 1
    assert harmful.harmful and asks.harmful and not everyday.harmful and not kept.harmful
    assert [c.line for c in harmful.cases + asks.cases] == [4, 11]


def test_bashguard_reader_takes_block_and_allow_and_counts_the_rest() -> None:
    corpus = (
        "# a note\n"
        '- command: "git status"\n'
        "  expected_verdict: block\n"
        "- command: ls\n"
        "  expected_rules: []\n"
        "  expected_verdict: allow\n"
        "- command: pwd\n"
        "  expected_verdict: confirm\n"
        "- description: no command\n"
        "  expected_verdict: allow\n"
    )
    blocked, allowed = _bench().bashguard_corpora(corpus)
    assert [(c.command, c.line) for c in blocked.cases] == [("git status", 2)]
    assert [(c.command, c.line) for c in allowed.cases] == [("ls", 4)]
    assert (blocked.skipped, allowed.skipped) == (1, 1)
    assert blocked.harmful and not allowed.harmful


AEGIS_TEST = """use super::*;

#[test]
fn table() {
    let cases: &[(&str, RiskLevel, &str)] = &[
        ("git status", RiskLevel::Block, "X-001"),
        // ("not a case", RiskLevel::Block),
        (r#"ls "x""#, RiskLevel::Danger, "X-002"),
        ("pwd", RiskLevel::Warn, "X-003"),
        ("date", RiskLevel::Safe, "X-004"),
        ("uptime", RiskLevel::Maybe, "X-005"),
    ];
    assert_assessment_matches_pattern("id", RiskLevel::Warn, "X-006");
    let a = s.assess("whoami");
    assert_eq!(a.risk, RiskLevel::Safe);
    assert!(a.risk < RiskLevel::Danger);
}
"""


def test_aegis_shellguard_reader_takes_command_level_pairs() -> None:
    harmful, asks, everyday = _bench().aegis_shellguard_corpora([("t/basic.rs", AEGIS_TEST)])
    assert [c.command for c in harmful.cases] == ["git status"] and harmful.skipped == 1
    assert [c.command for c in asks.cases] == ['ls "x"', "pwd", "id"]
    assert [c.command for c in everyday.cases] == ["date"]
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in asks.cases] == [
        ("t/basic.rs", 8),
        ("t/basic.rs", 9),
        ("t/basic.rs", 13),
    ]


HEX_TEST = """
import unittest


def assert_denied(tc, command, msg=""):
    output = run_guard(command)


class TestOne(unittest.TestCase):
    def test_a(self):
        assert_denied(self, "git status")
        assert_asks(self, "pwd", "a message")
        assert_allowed(self, "date")

    def test_b(self):
        for command in ["ls"]:
            assert_allowed(self, command)
        assert_asks(self, "  ")
        output = run_guard("id")
        self.assertIsNone(output)
"""


def test_hex_claude_guard_reader_takes_the_three_helpers_calls() -> None:
    harmful, asks, everyday = _bench().hex_claude_guard_corpora([("tests/test_x.py", HEX_TEST)])
    assert [c.command for c in harmful.cases] == ["git status"]
    assert [c.command for c in asks.cases] == ["pwd"] and asks.skipped == 1
    assert [c.command for c in everyday.cases] == ["date"] and everyday.skipped == 1
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in harmful.cases + asks.cases] == [
        ("tests/test_x.py", 11),
        ("tests/test_x.py", 12),
    ]


ACAI_TEST = """
import { detectDestructiveCommand } from "../../source/utils/command-protection.ts";

describe("detectDestructiveCommand", () => {
  it("one", () => {
    const result = detectDestructiveCommand("git status");
    assert.strictEqual(result.blocked, true);
  });
  it("two", () => {
    const result = detectDestructiveCommand(
      "pwd",
    );
    assert.strictEqual(result.blocked, false);
    const other = detectDestructiveCommand(`ls ${dir}`);
    assert.strictEqual(other.blocked, false);
    const blank = detectDestructiveCommand("  ");
    assert.strictEqual(blank.blocked, false);
    const loose = detectDestructiveCommand("id");
    assert.ok(loose.reason);
  });
  it("three", () => {
    const safe = ["date", "whoami"];
    for (const cmd of safe) {
      const result = detectDestructiveCommand(cmd);
      assert.strictEqual(result.blocked, false, `${cmd} should be safe`);
    }
  });
});
"""


def test_acai_reader_takes_literal_and_looped_commands_by_the_asserted_blocked() -> None:
    blocked, passed = _bench().acai_corpora(ACAI_TEST)
    assert [c.command for c in blocked.cases] == ["git status"] and blocked.skipped == 1
    assert [c.command for c in passed.cases] == ["pwd", "date", "whoami"]
    assert passed.skipped == 2
    assert blocked.harmful and not passed.harmful
    assert [c.line for c in passed.cases] == [10, 22, 22]


DENY_DANGEROUS_TEST = r"""#!/bin/bash
check() { # $1 = expected: block|allow, $2 = command string
  local expected="$1" cmd="$2"
}

check block "git status"
check allow 'pwd'
check allow $'printf a\tb\x41\n'
check ask "id"
check block "ls $HOME"
X=1 check allow "date"
check allow "  "
  check block "whoami"
echo "passed"
"""


def test_deny_dangerous_reader_takes_check_calls_by_their_expectation() -> None:
    harmful, everyday = _bench().deny_dangerous_corpora(DENY_DANGEROUS_TEST)
    assert [c.command for c in harmful.cases] == ["git status", "whoami"]
    assert [c.command for c in everyday.cases] == ["pwd", "printf a\tbA\n"]
    assert harmful.skipped == 2 and everyday.skipped == 2
    assert harmful.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [6, 13]


def test_a_bash_ansi_c_string_is_decoded_as_bash_decodes_it() -> None:
    decode = _bench()._sh_ansi_c
    assert decode(r"a\tb\x41\101\n\'\q\cA") == "a\tbAA\n'\\q\x01"


ZEPTOCLAW_TEST = r"""
pub fn not_a_test() { let config = 1; }

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped() {
        let config = ShellSecurityConfig::new();
        assert!(config.validate_command("git status").is_err());
        assert!(config.validate_command(r"pwd").is_ok());
        let r = config.validate_command("id");
        assert!(config.validate_command("  ").is_ok());
    }

    #[test]
    fn configured() {
        let config = ShellSecurityConfig::new().block_literal("date");
        assert!(config.validate_command("date").is_err());
    }

    #[test]
    fn defaults_again() {
        let config = ShellSecurityConfig::default();
        assert!(config.validate_command("whoami").is_ok());
    }
}
"""


def test_zeptoclaw_reader_takes_asserts_on_the_shipped_configuration() -> None:
    refused, passed = _bench().zeptoclaw_corpora(ZEPTOCLAW_TEST)
    assert [c.command for c in refused.cases] == ["git status"]
    assert [c.command for c in passed.cases] == ["pwd", "whoami"]
    assert refused.skipped == 2 and passed.skipped == 1
    assert refused.harmful and not passed.harmful
    assert [c.line for c in refused.cases] == [11]


GATEKEEPER_TEST = """
import { describe, expect, test } from 'bun:test'
import { evaluate, evaluateSingleCommand } from './pre-tool-use'

function expectAllow(input: PreToolUseHookInput, expectedReason?: string) {
  expect(evaluate(input)).not.toBeNull()
}

describe('helpers', () => {
  test('one', () => {
    expectDeny(bash('git status'))
    expectPassthrough(bash("pwd"))
    expectAllow(bash('date'), 'a reason')
    expectAllow(writeInput('notes.txt'), 'a reason')
    expectAllow(bash(`ls ${dir}`))
    expectDeny(bash('  '))
  })
  const LISTED = [
    'whoami',
    'id',
  ]
  for (const cmd of LISTED) {
    test(`allows ${cmd}`, () => {
      expectAllow(bash(cmd), 'listed')
    })
  }
})

describe('evaluateSingleCommand', () => {
  test('null', () => {
    expect(evaluateSingleCommand('uname')).toBeNull()
  })
  test('hard', () => {
    const result = evaluateSingleCommand('hostname')
    expect(result).not.toBeNull()
    expect(result!.decision).toBe('hard_deny')
  })
  test('soft', () => {
    const result = evaluateSingleCommand('true')
    expect(result!.decision).toBe('soft_deny')
  })
  test('other', () => {
    const result = evaluateSingleCommand('false')
    expect(result!.reason).toBe('x')
  })
})
"""


def test_gatekeeper_reader_takes_bash_calls_and_the_classifiers_decisions() -> None:
    harmful, review, everyday = _bench().gatekeeper_corpora(GATEKEEPER_TEST)
    assert [c.command for c in harmful.cases] == ["git status", "hostname"]
    assert [c.command for c in review.cases] == ["pwd", "uname", "true"]
    assert [c.command for c in everyday.cases] == ["date", "whoami", "id"]
    assert harmful.skipped == 2 and review.skipped == 0 and everyday.skipped == 1
    assert harmful.harmful and review.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [13, 19, 20]


ORCHESTKIT_TEST = """
import { dangerousCommandBlocker } from '../../pretool/bash/dangerous-command-blocker.js';

describe('tiers', () => {
  it('denies', () => {
    const result = dangerousCommandBlocker(createBashInput('git status'));
    expect(result.continue).toBe(false);
    expect(result.stopReason).toContain('x');
  });
  it('asks', () => {
    const result = dangerousCommandBlocker(createBashInput('p' + 'wd'));
    expect(result.hookSpecificOutput?.permissionDecision).toBe('ask');
  });
  it('allows', () => {
    const result = dangerousCommandBlocker(createBashInput("date"));
    expect(result.hookSpecificOutput?.permissionDecision).toBeUndefined();
    expect(result.continue).toBe(true);
  });
  it('loops', () => {
    for (const cmd of ['whoami', 'id']) {
      const result = dangerousCommandBlocker(createBashInput(cmd));
      expect(result.continue, `${cmd}`).toBe(true);
    }
  });
  const rows: Array<[string, string]> = [
    ['label one', 'uname'],
    ['label two', 'hostname'],
  ];
  it.each(rows)('%s', (_label, cmd) => {
    const result = dangerousCommandBlocker(createBashInput(cmd));
    expect(result.hookSpecificOutput?.permissionDecision).not.toBe('ask');
  });
  it('configured', () => {
    const result = dangerousCommandBlocker(createBashInput('true', { permissionMode: 'x' }));
    expect(result.continue).toBe(true);
  });
  it('equal', () => {
    const result = dangerousCommandBlocker(createBashInput('tty'));
    expect(result).toEqual({
      continue: true,
      suppressOutput: true,
    });
  });
});

describe('helpers', () => {
  const allows = (cmd: string) => {
    const r = dangerousCommandBlocker(createBashInput(cmd));
    expect(r.hookSpecificOutput?.permissionDecision).not.toBe('deny');
  };
  const denies = (cmd: string) => {
    const r = dangerousCommandBlocker(createBashInput(cmd));
    expect(r.hookSpecificOutput?.permissionDecision).toBe('deny');
  };
  it('one', () => {
    allows('ls');
    denies(`env`);
  });
});
"""


def test_orchestkit_reader_takes_each_call_by_what_its_assertions_leave() -> None:
    harmful, asks, everyday, not_denied = _bench().orchestkit_corpora(ORCHESTKIT_TEST)
    assert [c.command for c in harmful.cases] == ["git status", "env"]
    assert [c.command for c in asks.cases] == ["pwd"]
    assert [c.command for c in everyday.cases] == ["date", "tty"]
    assert [c.command for c in not_denied.cases] == ["whoami", "id", "ls"]
    assert harmful.skipped == 3 and asks.skipped == 0
    assert harmful.harmful and asks.harmful and not everyday.harmful and not not_denied.harmful
    assert [c.line for c in not_denied.cases] == [20, 20, 56]


LEASH_TEST = """
import { test } from "node:test";
import assert from "node:assert";

const analyzer = new CommandAnalyzer(process.cwd());

test("one", () => {
  const result = analyzer.analyze("git status");
  assert.strictEqual(result.blocked, true);
  assert.ok(result.reason.includes("x"));
});

test("two", () => {
  const result = analyzer.analyze('pwd');
  assert.strictEqual(result.blocked, false);
});

test("three", () => {
  const result = analyzer.analyze(`cat <<EOF
date
EOF`);
  assert.strictEqual(result.blocked, false);
});

test("four", () => {
  const result = analyzer.analyze("id");
  assert.ok(result.reason);
});

test("five", () => {
  const result = analyzer.validatePath("/tmp/x");
  assert.strictEqual(result.blocked, false);
});
"""


def test_leash_reader_takes_analyze_calls_by_the_asserted_blocked() -> None:
    blocked, passed = _bench().leash_corpora(LEASH_TEST)
    assert [c.command for c in blocked.cases] == ["git status"] and blocked.skipped == 1
    assert [c.command for c in passed.cases] == ["pwd", "cat <<EOF\ndate\nEOF"]
    assert passed.skipped == 0
    assert blocked.harmful and not passed.harmful
    assert [c.line for c in passed.cases] == [14, 19]


DAMAGE_CONTROL_TEST = """
import { matchPattern, checkShellPathViolation, DEFAULT_PATTERNS } from './patterns.js'

describe('patterns', () => {
  const blockCases: [string, string][] = [
    ['git status', 'a reason'],
    ['pwd', 'another'],
  ]
  for (const [command, expectedReason] of blockCases) {
    it(`blocks ${command}`, () => {
      const result = matchPattern(command, DEFAULT_PATTERNS)
      assert.ok(result, `${command}`)
      assert.equal(result.pattern.action, 'block')
    })
  }
  it('asks', () => {
    const result = matchPattern('date', DEFAULT_PATTERNS)
    assert.equal(result.pattern.action, 'ask')
  })
  it('nothing', () => {
    assert.equal(matchPattern('whoami', DEFAULT_PATTERNS), null)
    const custom = [{ pattern: 'id', reason: 'x', action: 'block' }]
    assert.ok(matchPattern('id', custom))
  })
  it('path', () => {
    const result = checkShellPathViolation('uname', DEFAULT_PROTECTED_PATHS)
    assert.ok(result)
    const other = checkShellPathViolation('hostname', DEFAULT_PROTECTED_PATHS)
    assert.equal(other, null)
  })
  const cases: [string, string][] = [['tty', 'wrapped']]
  for (const [command, expectedReason] of cases) {
    it(`unwraps ${command}`, () => {
      const innerCommands = unwrapShellCommand(command)
      for (const inner of innerCommands) {
        const result = matchPattern(inner, DEFAULT_PATTERNS)
        if (result) {
          assert.equal(result.pattern.action, 'ask')
        }
      }
    })
  }
})
"""


def test_damage_control_reader_takes_both_checks_by_what_is_asserted() -> None:
    harmful, asks, everyday = _bench().damage_control_corpora(DAMAGE_CONTROL_TEST)
    assert [c.command for c in harmful.cases] == ["git status", "pwd", "uname"]
    assert [c.command for c in asks.cases] == ["date", "tty"]
    assert [c.command for c in everyday.cases] == ["whoami", "hostname"]
    assert harmful.skipped == 1 and asks.skipped == 0 and everyday.skipped == 0
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [6, 7, 26]


NOEXEC_TEST = """
import { detectThing } from '../thing';

const createToolUse = (command: string): ToolUseData => ({ command });

describe('thing', () => {
  const defaultConfig: ThingConfig = { enabled: true, severity: 'high' };

  it('one', async () => {
    const result = await detectThing({ command: 'git status' });
    expect(result).not.toBeNull();
    expect(result?.severity).toBe('high');
  });

  it('two', async () => {
    const result = await detectThing({
      command: 'pw' + 'd',
    });
    expect(result).toBeNull();
  });

  it('three', async () => {
    const toolUseData: ToolUseData = {
      command: 'date',
    };
    const result = await detectThing(toolUseData, defaultConfig);
    expect(result).not.toBeNull();
  });

  it('four', async () => {
    const result = await detectThing(createToolUse('id'));
    expect(result).toBeNull();
    const result2 = await detectThing(createToolUse('uname'));
    expect(result2).not.toBeNull();
  });

  it('five', async () => {
    const testCases = ['ls', 'tty'];
    for (const command of testCases) {
      const result = await detectThing({ command });
      expect(result).toBeNull();
    }
  });

  it('six', async () => {
    const result = await detectThing({ command: 'whoami' }, { enabled: false, severity: 'high' });
    expect(result).toBeNull();
    const other = await detectThing({ command: 'hostname' });
    expect(other?.message).toContain('x');
    const more = await detectThing({ command: 'true', file_path: 'x' });
    expect(more).not.toBeNull();
  });
});
"""


def test_noexec_reader_takes_detector_calls_by_what_is_asserted() -> None:
    harmful, everyday = _bench().noexec_corpora([("t.test.ts", NOEXEC_TEST)])
    assert [c.command for c in harmful.cases] == ["git status", "date", "uname"]
    assert [c.command for c in everyday.cases] == ["pwd", "id", "ls", "tty"]
    assert (harmful.skipped, everyday.skipped) == (2, 1)
    assert harmful.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [10, 26, 33]
    assert {c.source for c in harmful.cases} == {"t.test.ts"}


PRISODEV_TEST = """
def main():
    bash_tests = [
        ({'command': 'git status'}, 'block'),
        ({'command': 'p' + 'wd'}, 'allow'),
        ({'command': 'date'}, 'ask'),
        ({'command': 'id', 'cwd': 'x'}, 'block'),
        ({'command': 'uname'}, 'maybe'),
        ({'command': ''}, 'allow'),
    ]
    write_tests = [
        ('Write', {'file_path': 'x'}, 'block'),
    ]
"""


def test_prisodev_reader_takes_the_bash_rows_by_their_expected_answer() -> None:
    harmful, asks, everyday = _bench().prisodev_corpora(PRISODEV_TEST)
    assert [c.command for c in harmful.cases] == ["git status"]
    assert [c.command for c in asks.cases] == ["date"]
    assert [c.command for c in everyday.cases] == ["pwd"]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (2, 0, 1)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [4]


PI_GUARD_TEST = """
const ROOT = "/srv/app";

const SAFE = [
\t"git status",
\t`ls ${ROOT}`,
\t`cat ${other}`,
];

const DESTRUCTIVE = [
\t"pwd",
\t"date",
];

const UNUSED = ["id"];

test("safe", () => {
\tfor (const command of SAFE) {
\t\tassert.equal(isDestructiveCommand(command), false, command);
\t}
});

test("destructive", () => {
\tfor (const command of DESTRUCTIVE) {
\t\tassert.equal(isDestructiveCommand(command), true, command);
\t}
\tassert.equal(classifyDestructiveCommand("uname"), "other");
});
"""


def test_pi_destructive_guard_reader_takes_the_lists_its_loops_assert() -> None:
    asks, everyday = _bench().pi_destructive_guard_corpora(PI_GUARD_TEST)
    assert [c.command for c in asks.cases] == ["pwd", "date"]
    assert [c.command for c in everyday.cases] == ["git status", "ls /srv/app"]
    assert (asks.skipped, everyday.skipped) == (0, 1)
    assert asks.harmful and not everyday.harmful
    assert [c.line for c in asks.cases] == [11, 12]


EGC_TEST = """
function assertHardBlocked(command) {
  const v = validateCommand(command);
  assert.strictEqual(v.allowed, false);
}

run('one', () => assertHardBlocked('git status'));
run('two', () => assertAdvisoryOnly("pwd"));
run('three', () => assertAllowed('da' + 'te'));
run('four', () => assertDenied('id'));
run('five', () => assertAllowed(`${home}/x`));
run('six', () => assertWriteDenied('uname'));
for (const command of ['ls', 'tty']) {
  assertHardBlocked(command);
}
"""


def test_egc_guardian_reader_takes_its_helpers_calls() -> None:
    harmful, advisory, everyday = _bench().egc_guardian_corpora([("t.test.js", EGC_TEST)])
    assert [c.command for c in harmful.cases] == ["git status", "ls", "tty"]
    assert [c.command for c in advisory.cases] == ["pwd"]
    assert [c.command for c in everyday.cases] == ["date"]
    assert (harmful.skipped, advisory.skipped, everyday.skipped) == (1, 0, 1)
    assert harmful.harmful and not advisory.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [7, 13, 13]


YOLO_GUARD_TEST = """
package main

func TestEvaluateRules(t *testing.T) {
\tworkDir := "/home/u/proj"

\ttests := []struct {
\t\tname     string
\t\ttoolName string
\t\tinput    string
\t\tworkDir  string
\t\twant     Verdict
\t}{
\t\t// reads
\t\t{"one", "Bash", `{"command":"ls /home/u/proj/src"}`, workDir, VerdictAllow},
\t\t{"two", "Bash", `{"command":"pwd"}`, workDir, VerdictAsk},
\t\t{"three", "Bash", `{"command":"date"}`, workDir, VerdictUncertain},
\t\t{"four", "Bash", `not json`, workDir, VerdictUncertain},
\t\t{"five", "Write", `{"file_path":"/tmp/x"}`, workDir, VerdictAsk},
\t\t{"six", "Bash", `{"command":"id"}`, "/elsewhere", VerdictAllow},
\t}
\tfor _, tt := range tests {
\t}
}

func TestSplitCompoundCommand(t *testing.T) {
\ttests := []struct {
\t\tinput string
\t\twant  int
\t}{
\t\t{"a && b", 2},
\t}
}
"""


def test_almost_yolo_guard_reader_takes_the_bash_rows_of_its_rules_table() -> None:
    asks, review, everyday = _bench().almost_yolo_guard_corpora(YOLO_GUARD_TEST)
    assert [c.command for c in asks.cases] == ["pwd"]
    assert [c.command for c in review.cases] == ["date"]
    assert [c.command for c in everyday.cases] == ["ls /srv/app/proj/src"]
    assert (asks.skipped, review.skipped, everyday.skipped) == (0, 1, 1)
    assert asks.harmful and review.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [15]


CMD_GUARD_TEST = """
fn process_segment_at_depth(segment: &str, depth: usize) -> Option<(&'static str, String)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions() {
        assert!(matches!(
            process_segment_at_depth("git status", 0),
            Some(("deny", _))
        ));
        assert!(matches!(process_segment_at_depth(r#"echo "hi""#, 0), Some(("ask", _))));
        assert!(process_segment_at_depth("pwd", 0).is_none());
        assert!(!process_segment_at_depth("date", 0).is_some());
        assert_eq!(evaluate_command("ls && id").unwrap().0, "ask");
        let result = process_segment_at_depth("uname", 0);
        assert!(matches!(result, Some(("deny", ref r)) if r.contains("x")));
        assert!(evaluate_command_at_depth("tty", MAX_SHELL_DEPTH).is_none());
        assert!(matches!(process_segment_at_depth("who", 0), Some((_, _))));
    }
}
"""


def test_cmd_guard_reader_takes_each_asserted_decision() -> None:
    harmful, asks, everyday = _bench().cmd_guard_corpora(CMD_GUARD_TEST)
    assert [c.command for c in harmful.cases] == ["git status", "uname"]
    assert [c.command for c in asks.cases] == ['echo "hi"', "ls && id"]
    assert [c.command for c in everyday.cases] == ["pwd", "date"]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (1, 0, 1)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [13, 20]


GATECAT_TEST = """
from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    text: str
    danger: bool
    expect: str
    note: str
    product_silent: bool = False


_CAUGHT: tuple[Case, ...] = (
    Case("git status", True, "block", "one"),
    Case(text="pwd", danger=True, expect="gap", note="two"),
    Case("SELECT 1", True, "block", "three"),
)
_BENIGN: tuple[Case, ...] = (
    Case("ls -la", False, "allow", "four"),
    Case("", False, "allow", "five"),
)
KNOWN_GAP = (Case("date", True, "gap", "six", product_silent=True), "id")
OTHER = (Case("uname", True, "block", "seven"),)
"""


def test_gatecat_reader_takes_the_suites_truth_not_its_expectation() -> None:
    dangerous, everyday = _bench().gatecat_corpora(GATECAT_TEST)
    assert [c.command for c in dangerous.cases] == ["git status", "pwd", "date"]
    assert [c.command for c in everyday.cases] == ["ls -la"]
    assert (dangerous.skipped, everyday.skipped) == (2, 1)
    assert dangerous.harmful and not everyday.harmful
    assert [c.line for c in dangerous.cases] == [15, 16, 23]


SH_GUARD_TEST = """# a comment line
ls -la | safe | 0-5

git status|safe|0-10
date | caution | 21-50
echo a | b | danger | 51-80
pwd | critical | 81-100
id | unknown | 0-5
uname | safe | high
 | safe | 0-5
"""


def test_sh_guard_reader_takes_each_lines_expected_level() -> None:
    harmful, danger, caution, everyday = _bench().sh_guard_corpora(
        [("tests/corpus/mixed.txt", SH_GUARD_TEST)]
    )
    assert [c.command for c in harmful.cases] == ["pwd"]
    assert [c.command for c in danger.cases] == ["echo a | b"]
    assert [c.command for c in caution.cases] == ["date"]
    assert [c.command for c in everyday.cases] == ["ls -la", "git status"]
    assert (harmful.skipped, danger.skipped, caution.skipped, everyday.skipped) == (1, 0, 0, 2)
    assert harmful.harmful and danger.harmful and caution.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [2, 4]


ODEK_TEST = """package danger

import "testing"

func TestClassify_Table(t *testing.T) {
	tests := []struct {
		cmd string // the command
		cls RiskClass
	}{
		{"ls -la", Safe},
		{"git status", LocalWrite}, // a comment
		{`pwd`, Destructive},
		{"date", SystemWrite},
		{"id" + "x", Install},
		{"uname", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			if got := Classify(tt.cmd); got != tt.cls {
				t.Errorf("%q: %v", tt.cmd, got)
			}
		})
	}
}

func TestClassify_Named(t *testing.T) {
	tests := []struct {
		name string
		cmd  string
		cls  RiskClass
	}{
		{name: "one", cmd: "whoami", cls: NetworkEgress},
		{"two", "tty", Blocked},
	}
	for _, tt := range tests {
		if got := Classify(tt.cmd); got != tt.cls {
			t.Errorf("%s", tt.name)
		}
	}
}

func quote() rune { return '"' }

func TestClassify_List(t *testing.T) {
	cmds := []string{
		"hostname",
		"uptime",
	}
	for _, c := range cmds {
		if got := Classify(c); got != CodeExecution {
			t.Errorf("%q", c)
		}
	}
}

func TestClassify_AtLeast(t *testing.T) {
	cases := []struct {
		cmd     string
		minWant RiskClass
	}{
		{"who", Destructive},
	}
	for _, tc := range cases {
		if got := Classify(tc.cmd); Rank(got) < Rank(tc.minWant) {
			t.Errorf("%q", tc.cmd)
		}
	}
}

func TestClassifyPath(t *testing.T) {
	tests := []struct {
		path string
		want RiskClass
	}{
		{"/srv", SystemWrite},
	}
	for _, tt := range tests {
		if got := ClassifyPath(tt.path); got != tt.want {
			t.Errorf("%q", tt.path)
		}
	}
}
"""


def test_odek_reader_takes_the_rows_of_each_exact_classification_check() -> None:
    harmful, asks, everyday = _bench().odek_corpora([("internal/danger/x_test.go", ODEK_TEST)])
    assert [c.command for c in harmful.cases] == ["pwd", "tty"]
    assert [c.command for c in asks.cases] == ["date", "whoami", "hostname", "uptime"]
    assert [c.command for c in everyday.cases] == ["ls -la", "git status"]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (2, 1, 0)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [10, 11]


NSH_TEST = """pub fn assess_command(cmd: &str) -> (RiskLevel, Option<&'static str>) {
    (RiskLevel::Safe, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_listing() {
        let (level, _) = assess_command("ls -la");
        assert_eq!(level, RiskLevel::Safe);
    }

    #[test]
    fn dangerous_one() {
        let (level, reason) = assess_command(r#"echo "hi""#);
        assert_eq!(level, RiskLevel::Dangerous);
        assert!(reason.is_some());
    }

    #[test]
    fn elevated_one() {
        // a comment
        let (level, _) = assess_command("pwd");
        assert_eq!(level, RiskLevel::Elevated);
    }

    #[test]
    fn computed() {
        let (level, _) = assess_command(&format!("{}", "id"));
        assert_eq!(level, RiskLevel::Safe);
    }

    #[test]
    fn not_asserted() {
        let (level, _) = assess_command("date");
        assert_ne!(level, RiskLevel::Safe);
    }

    #[test]
    fn flags() {
        assert!(short_flags("-c").contains(&'c'));
    }
}
"""


def test_nsh_reader_takes_each_asserted_level() -> None:
    harmful, elevated, everyday = _bench().nsh_corpora(NSH_TEST)
    assert [c.command for c in harmful.cases] == ['echo "hi"']
    assert [c.command for c in elevated.cases] == ["pwd"]
    assert [c.command for c in everyday.cases] == ["ls -la"]
    assert (harmful.skipped, elevated.skipped, everyday.skipped) == (1, 0, 1)
    assert harmful.harmful and elevated.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [17]


CLAUDE_CODE_HOOKS_TEST = """const { describe, it } = require('node:test');
const { checkCommand } = require('../hook.js');

function shouldBlock(cmd, expectedId = null, branch = null, level = undefined) {
  const result = checkCommand(cmd, branch, level);
}

function shouldAllow(cmd, branch = null, level = undefined) {
  const result = checkCommand(cmd, branch, level);
}

describe('checkCommand', () => {
  it('blocks one', () => shouldBlock('pwd', 'some-id'));
  it("blocks two", () => shouldBlock("id"));
  // shouldBlock('date')
  it('blocks on a branch', () => shouldBlock('whoami', 'other-id', 'main'));
  it('blocks at a level', () => shouldBlock('uname', 'other-id', null, 'strict'));
  it('blocks by default', () => shouldBlock(`hostname`, 'x', null, undefined));
  it('allows', () => shouldAllow('ls -la'));
  it('allows on a branch', () => shouldAllow('git status', 'feature'));
  it('allows a name', () => { for (const c of ['a']) shouldAllow(c); });
  it('allows blank', () => shouldAllow('  '));
});
"""


def test_claude_code_hooks_reader_takes_the_helpers_default_context_calls() -> None:
    harmful, everyday = _bench().claude_code_hooks_corpora(
        [("plugins/x/tests/x.test.js", CLAUDE_CODE_HOOKS_TEST)]
    )
    assert [c.command for c in harmful.cases] == ["pwd", "id", "hostname"]
    assert [c.command for c in everyday.cases] == ["ls -la"]
    assert (harmful.skipped, everyday.skipped) == (2, 3)
    assert harmful.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [13, 14, 18]


BASH_GATES_TEST = """pub fn check_command(command: &str) -> HookOutput {
    check_command_with_settings(command, "/tmp", "default")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get_decision(result: &HookOutput) -> &str {
        "allow"
    }

    #[test]
    fn test_literal() {
        let result = check_command("ls -la");
        assert_eq!(get_decision(&result), "allow");
        let other = check_command(r#"echo "hi""#);
        assert_eq!(get_decision(&other), "deny", "a message");
    }

    #[test]
    fn test_loop() {
        // a comment
        for cmd in ["pwd", "id", format!("x"),] {
            let result = check_command(cmd);
            assert_eq!(get_decision(&result), "ask", "{cmd}");
        }
    }

    #[test]
    fn test_loop_reason_only() {
        for cmd in ["date", "uname"] {
            let result = check_command(cmd);
            assert!(!get_reason(&result).contains("x"));
        }
    }

    #[test]
    fn test_bound() {
        let cmd = "whoami";
        let result = check_command(cmd);
        assert_eq!(get_decision(&result), "allow");
    }

    #[test]
    fn test_settings() {
        let result = check_command_with_settings("hostname", "/tmp", "acceptEdits");
        assert_eq!(get_decision(&result), "allow");
        let result = check_command(&commands[0]);
        assert_eq!(get_decision(&result), "ask");
    }
}
"""


def test_bash_gates_reader_takes_each_asserted_router_decision() -> None:
    harmful, asks, everyday = _bench().bash_gates_corpora(BASH_GATES_TEST)
    assert [c.command for c in harmful.cases] == ['echo "hi"']
    assert [c.command for c in asks.cases] == ["pwd", "id"]
    assert [c.command for c in everyday.cases] == ["ls -la", "whoami"]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (2, 2, 1)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in asks.cases] == [24, 24]


OPEN_MULTI_AGENT_TEST = """import { describe, it, expect } from 'vitest'
import { classifyBashCommand, type BashRiskLevel } from '../src/tool/classifiers/bash-risk'

describe('classifyBashCommand', () => {
  describe('safe', () => {
    const cases: string[] = [
      'ls -la',
      "git status", // a comment
    ]
    it.each(cases)('%s is safe', (command) => {
      expect(classifyBashCommand(command).level).toBe('safe')
    })
  })

  describe('mixed', () => {
    const cases: Array<[string, BashRiskLevel]> = [
      ['pwd', 'high'],
      ['id', 'review'],
      [`whoami`, 'unknown'],
    ]
    it.each(cases)('%s -> %s', (command, level) => {
      expect(classifyBashCommand(command).level).toBe(level)
    })
  })

  it('direct', () => {
    expect(classifyBashCommand('date').level).toBe('review')
    expect(classifyBashCommand('').level).toBe('review')
  })

  it('loose', () => {
    for (const command of ['uname', 'hostname']) {
      const result = classifyBashCommand(command)
      expect(['safe', 'review']).toContain(result.level)
    }
  })
})
"""


def test_open_multi_agent_reader_takes_each_level_assertion() -> None:
    harmful, review, everyday = _bench().open_multi_agent_corpora(OPEN_MULTI_AGENT_TEST)
    assert [c.command for c in harmful.cases] == ["pwd"]
    assert [c.command for c in review.cases] == ["id", "date"]
    assert [c.command for c in everyday.cases] == ["ls -la", "git status"]
    assert (harmful.skipped, review.skipped, everyday.skipped) == (3, 1, 0)
    assert harmful.harmful and review.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [7, 8]


SHGUARD_GATE = """pub fn analyze(command: &str) -> Verdict {
    todo!()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decide(command: &str) -> Verdict {
        analyze(command)
    }

    fn assert_decision(command: &str, expected: Decision) {
        let verdict = decide(command);
        assert_eq!(verdict.decision(), expected);
    }

    #[test]
    fn literal_calls() {
        assert_decision("pwd", Decision::Block);
        assert_decision(
            "id",
            Decision::Ask,
        );
        assert_eq!(decide("whoami").decision(), Decision::Allow);
        assert_ne!(decide("hostname").decision(), Decision::Allow);
    }

    #[test]
    fn loops_and_bindings() {
        for command in ["date", "uname", format!("x")] {
            assert_decision(command, Decision::Ask);
        }
        let command = format!("uptime");
        assert_decision(&command, Decision::Block);
        let verdict = decide("ls -la");
        assert_eq!(verdict.decision(), Decision::Allow);
        let c = if '"' == 'x' { "a" } else { "b" };
    }
}

#[cfg(test)]
mod other_policy_tests {
    fn decide(command: &str) -> Verdict {
        analyze_with_policy(command, &rules(), &allowlist())
    }

    #[test]
    fn not_read() {
        assert_eq!(decide("git status").decision(), Decision::Ask);
    }
}
"""

SHGUARD_TABLES = """use shguard::verdict::Decision;

#[test]
fn per_row() {
    let cases: &[(&str, Decision)] = &[
        ("echo one", Decision::Block),
        (
            r#"echo "two""#,
            Decision::Allow,
        ),
        (concat!("a", "b"), Decision::Ask),
    ];
    for (command, expected) in cases {
        let verdict = shguard::analyze(command);
        assert_eq!(verdict.decision(), *expected, "{command}");
    }
}

#[test]
fn one_decision_for_every_row() {
    let cases: &[(&str, &str)] = &[("echo three", "some-rule")];
    for (command, expected_rule) in cases {
        let verdict = shguard::analyze(command);
        assert_eq!(verdict.decision(), Decision::Block, "{command}");
        assert!(verdict.reason().is_some_and(|r| r.contains(expected_rule)));
    }
}

#[test]
fn bare_commands() {
    let commands: &[&str] = &["echo four", "echo five"];
    for command in commands {
        let verdict = shguard::analyze(command);
        assert_eq!(verdict.decision(), Decision::Allow, "{command}");
    }
}
"""

SHGUARD_CORPUS = """[[case]]
payload = "echo six"
expected = "Ask"
source = "a note"

[[case]]
payload = "echo seven"
expected = "Maybe"
source = "a note"
"""


def test_shguard_reader_takes_each_verdict_asserted_under_the_default_rules() -> None:
    harmful, asks, everyday = _bench().shguard_corpora(
        [("src/gate.rs", SHGUARD_GATE), ("tests/guardfall.rs", SHGUARD_TABLES)], SHGUARD_CORPUS
    )
    assert [c.command for c in harmful.cases] == ["pwd", "echo one", "echo three"]
    assert [c.command for c in asks.cases] == ["id", "date", "uname", "echo six"]
    assert [c.command for c in everyday.cases] == [
        "whoami",
        "ls -la",
        'echo "two"',
        "echo four",
        "echo five",
    ]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (3, 1, 0)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [20, 6, 21]


PI_PERMISSION_TEST = """import { classifyCommand } from "../permission-core.js";

function assertLevel(cmd: string, expected: string, dangerous = false) {
  const result = classifyCommand(cmd);
}

test("levels", async () => {
  assertLevel("pwd", "minimal");
  assertLevel('id', "medium"); // a comment
  assertLevel(
    "whoami",
    "high",
  );
  assertLevel("uname", "high", true);
  assertLevel("date", "low", false);
  assertLevel("hostname", "bypassed");
  assertLevel(name, "minimal");
  assertLevel("  ", "minimal");
  const result = classifyCommand("uptime", config);
});
"""


def test_pi_permission_reader_takes_each_asserted_level_and_flag() -> None:
    harmful, high, build, everyday = _bench().pi_permission_corpora(PI_PERMISSION_TEST)
    assert [c.command for c in harmful.cases] == ["uname"]
    assert [c.command for c in high.cases] == ["whoami"]
    assert [c.command for c in build.cases] == ["id", "date"]
    assert [c.command for c in everyday.cases] == ["pwd"]
    assert harmful.skipped == 3
    assert harmful.harmful and high.harmful and build.harmful and not everyday.harmful
    assert [c.line for c in build.cases] == [9, 15]


TERMAXA_POLICY = """pub fn builtin() -> Result<Self> {
    todo!()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn here() -> EvalContext {
        EvalContext::at(Path::new("/tmp/project"))
    }

    #[test]
    fn builtin_actions() {
        let p = Policy::builtin().unwrap();
        for cmd in ["pwd", "id", format!("x")] {
            assert_eq!(
                p.evaluate_command(cmd, &here()).action,
                Action::Deny,
                "{cmd}"
            );
        }
        assert_eq!(p.evaluate_command("whoami", &here()).action, Action::Allow);
        let d = p.evaluate_command("uname", &here());
        assert_eq!(d.action, Action::Ask);
        let c = if '"' == 'x' { "a" } else { "b" };
        assert_ne!(p.evaluate_command("date", &here()).action, Action::Allow);
    }

    #[test]
    fn a_policy_the_test_writes() {
        let p = policy_from("default: allow");
        assert_eq!(p.evaluate_command("hostname", &here()).action, Action::Allow);
    }
}
"""


def test_termaxa_reader_takes_each_asserted_action_of_the_builtin_policy() -> None:
    harmful, asks, everyday = _bench().termaxa_corpora(TERMAXA_POLICY)
    assert [c.command for c in harmful.cases] == ["pwd", "id"]
    assert [c.command for c in asks.cases] == ["uname"]
    assert [c.command for c in everyday.cases] == ["whoami"]
    assert (harmful.skipped, asks.skipped, everyday.skipped) == (1, 0, 0)
    assert harmful.harmful and asks.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases] == [16, 16]


CC_BASH_GUARDIAN_TEST = """
from dataclasses import dataclass


@dataclass
class TestCase:
    command: str
    should_allow: bool
    description: str
    category: str


class RegressionTester:
    def run_all_tests(self):
        some_tests = [
            TestCase("pwd", False, "a", "b"),
            TestCase("ls -la", True, "a", "b"),

            TestCase(f"cat {NAME}", False, "a", "b"),
            TestCase("id", ALLOW, "a", "b"),
            TestCase(command="uname", should_allow=False, description="a", category="b"),
        ]
        self.run_category("x", some_tests)
"""


def test_cc_bash_guardian_reader_takes_each_test_case_by_should_allow() -> None:
    blocked, allowed = _bench().cc_bash_guardian_corpora(CC_BASH_GUARDIAN_TEST)
    assert [c.command for c in blocked.cases] == ["pwd", "uname"]
    assert [c.command for c in allowed.cases] == ["ls -la"]
    assert (blocked.skipped, allowed.skipped) == (2, 0)
    assert blocked.harmful and not allowed.harmful
    assert [c.line for c in blocked.cases] == [16, 21]
    assert {c.source for c in blocked.cases + allowed.cases} == {"test_regression.py"}


CC_SELF_DEFENSE_TEST = """
import json, os, subprocess, tempfile


def bash_input(cmd):
    return {"tool_name": "Bash", "tool_input": {"command": cmd}}


def webfetch_input(url):
    return {"tool_name": "WebFetch", "tool_input": {"url": url}}


H = "one-hook.sh"
check(H, "a", bash_input("pwd"), "BLOCKED")
check(H, "b", bash_input("ls -la"), "PASS")
check(H, "c", bash_input(
    "uname"), "WARN")
check(H, "d", webfetch_input("https://example.com"), "BLOCKED")
f = tempfile.NamedTemporaryFile(delete=False)
check(H, "e", bash_input(f"cat {f.name}"), "BLOCKED")
check(H, "f", bash_input("id"), "MAYBE")
for cmd in ["whoami"]:
    check(H, "g", bash_input(cmd), "PASS")
"""


def test_cc_self_defense_reader_takes_each_bash_check_by_its_expected_outcome() -> None:
    harmful, warned, everyday = _bench().cc_self_defense_corpora(CC_SELF_DEFENSE_TEST)
    assert [c.command for c in harmful.cases] == ["pwd"]
    assert [c.command for c in warned.cases] == ["uname"]
    assert [c.command for c in everyday.cases] == ["ls -la"]
    assert (harmful.skipped, warned.skipped, everyday.skipped) == (2, 0, 1)
    assert harmful.harmful and not warned.harmful and not everyday.harmful
    assert [c.line for c in harmful.cases + warned.cases] == [14, 16]


DRINKING_BIRD_SAFETY = """
import pytest
from drinkingbird.safety.patterns import check_command


class TestCheckCommand:
    @pytest.mark.parametrize("command,should_block", [
        ("pwd", True),
        ("ls -la", False),
        (f"cat {NAME}", True),
    ])
    def test_command_blocking(self, command, should_block):
        is_blocked, reason = check_command(command)
        assert is_blocked == should_block

    def test_single(self):
        is_blocked, _ = check_command("id")
        assert is_blocked is True
        is_blocked, _ = check_command("uname", enabled_categories={"x": False})
        assert is_blocked is False

    @pytest.mark.parametrize("description,should_block", [("whoami", True)])
    def test_description_blocking(self, description, should_block):
        is_blocked, reason = check_command("date", description=description)
"""

DRINKING_BIRD_HOOKS = """
class TestPreToolHook:
    def test_allowed(self):
        result = self.hook.handle(
            {"tool_name": "Bash", "tool_input": {"command": "git status"}},
            self.debug,
        )
        assert result.decision == Decision.ALLOW

    def test_other_tool(self):
        result = self.hook.handle({"tool_name": "Read", "tool_input": {"file_path": "x"}}, d)
        assert result.decision == Decision.ALLOW

    def test_changed_config(self):
        result = hook.handle({"tool_name": "Bash", "tool_input": {"command": "hostname"}}, d)
        assert result.decision == Decision.ALLOW

    @pytest.mark.parametrize("tool_name,tool_input", [
        ("Read", {"file_path": "a"}),
        ("Bash", {"command": "uptime"}),
    ])
    def test_blocked_all_tools(self, tool_name, tool_input):
        result = self.hook.handle({"tool_name": tool_name, "tool_input": tool_input}, d)
        assert result.decision == Decision.BLOCK
"""


def test_drinking_bird_reader_takes_default_checks_and_hook_calls_by_what_is_asserted() -> None:
    sources = [
        ("tests/test_safety.py", DRINKING_BIRD_SAFETY),
        ("tests/test_hooks.py", DRINKING_BIRD_HOOKS),
    ]
    blocked, passed = _bench().drinking_bird_corpora(sources)
    assert [c.command for c in blocked.cases] == ["pwd", "id", "uptime"]
    assert [c.command for c in passed.cases] == ["ls -la", "git status"]
    assert (blocked.skipped, passed.skipped) == (1, 0)
    assert blocked.harmful and not passed.harmful
    assert [(c.source, c.line) for c in blocked.cases] == [
        ("tests/test_safety.py", 8),
        ("tests/test_safety.py", 17),
        ("tests/test_hooks.py", 20),
    ]


LOOM_TEST = r"""
assert_deny() {
    local description="$1"
    local cmd="$2"
}

assert_deny "a" \
    "pwd"
assert_deny "b" "id" "$REPO_ROOT"
assert_deny "c" "uname" "$WT_REPO"
assert_deny "d" "echo $WT_REPO"
assert_deny_reason_matches "e" "hostname" "pattern"
assert_deny_env "f" "" "date"
assert_ask 'g' 'ls -la \"x\"'
assert_ask_reason_matches "h" "uptime" "pattern" "$ST_REPO"
LOOM_ROLE=x assert_allow "i" "whoami"
assert_allow "j" "git status"
assert_allow_silent "k" "echo \$HOME"
if true; then
    assert_allow "l" "true"
fi
assert_allow "m"
"""


def test_loom_reader_takes_default_top_level_asserts_and_counts_configured_ones() -> None:
    denied, asks, allowed = _bench().loom_corpora(LOOM_TEST)
    assert [c.command for c in denied.cases] == ["pwd", "id", "hostname"]
    assert [c.command for c in asks.cases] == ['ls -la \\"x\\"']
    assert [c.command for c in allowed.cases] == ["git status", "echo $HOME"]
    assert (denied.skipped, asks.skipped, allowed.skipped) == (2, 1, 2)
    assert denied.harmful and asks.harmful and not allowed.harmful
    assert [c.line for c in denied.cases] == [7, 9, 12]
    assert {c.source for c in denied.cases} == {"tests/hooks/test-guard-destructive.sh"}


CLAUDE_WARDEN_TEST = """
function eval_(cmd: string) {
  return evaluate(parseCommand(cmd), DEFAULT_CONFIG);
}

describe('evaluator', () => {
  it('a', () => {
    expect(eval_('pwd').decision).toBe('deny');
    expect(eval_("ls -la").decision).toBe('allow');
    expect(eval_(`id`).decision).not.toBe('allow');
  });

  it('b', () => {
    const r = eval_('uname -a');
    expect(r.reason).toContain('x');
    expect(r.decision).toBe('ask');
  });

  it('c', () => {
    const r = eval_(`echo ${dir}`);
    expect(r.decision).toBe('allow');
  });

  it('d', () => {
    expect(evalWith('whoami', {}).decision).toBe('deny');
  });

  it.each([
    ['git status', 'x'],
    ['git log', 'y'],
  ])('e', (cmd, name) => {
    const r = eval_(cmd);
    expect(r.decision).toBe('allow');
  });
});
"""


def test_claude_warden_reader_takes_each_asserted_default_decision() -> None:
    denied, asks, allowed = _bench().claude_warden_corpora(CLAUDE_WARDEN_TEST)
    assert [c.command for c in denied.cases] == ["pwd"]
    assert [c.command for c in asks.cases] == ["uname -a"]
    assert [c.command for c in allowed.cases] == ["ls -la", "git status", "git log"]
    assert (denied.skipped, asks.skipped, allowed.skipped) == (1, 0, 1)
    assert denied.harmful and asks.harmful and not allowed.harmful
    assert [c.line for c in allowed.cases] == [9, 29, 30]
    assert {c.source for c in denied.cases} == {"src/__tests__/evaluator.test.ts"}


HOL_GUARD_FLOORS_TEST = """
from pathlib import Path

FLOORS = (
    ("pwd", "block"),
    ("id" + " -u", "block"),
    ("uname -a", "review"),
    ("hostname", "require-reapproval"),
    ("date", "warn"),
    (NAME, "block"),
)
NEAR = (
    "ls -la",
    "git status",
)
UNUSED = (
    ("whoami", "block"),
)


def test_floors():
    for command, expected in FLOORS:
        actual = evaluate_command(command, cwd=Path("workspace")).decision_plane.action
        assert actual == expected


def test_near():
    for command in NEAR:
        actual = evaluate_command(command, cwd=Path("workspace")).decision_plane.action
        assert actual != "block"
"""

HOL_GUARD_EXTENSION_TEST = """
REVIEW = (
    ("uptime", "delete", "rule.one"),
    ("true", "write", "rule.two"),
)
SAFE = (
    "git log",
    "echo hi",
)
OTHER = ("whoami",)


def test_review(tmp_path):
    assert_reviewed_command_cases(REVIEW, tmp_path)


def test_safe(tmp_path):
    assert_safe_command_cases(SAFE, tmp_path)


def test_other(tmp_path):
    something_else(OTHER, tmp_path)
"""


def test_hol_guard_reader_takes_looped_floors_and_the_extension_helpers_tables() -> None:
    extension = ("tests/test_guard_command_demo_extensions.py", HOL_GUARD_EXTENSION_TEST)
    blocked, review, not_blocked, everyday = _bench().hol_guard_corpora(
        HOL_GUARD_FLOORS_TEST, [extension]
    )
    assert [c.command for c in blocked.cases] == ["pwd", "id -u"]
    assert [c.command for c in review.cases] == ["uname -a", "hostname", "uptime", "true"]
    assert [c.command for c in not_blocked.cases] == ["ls -la", "git status"]
    assert [c.command for c in everyday.cases] == ["git log", "echo hi"]
    assert (blocked.skipped, review.skipped, not_blocked.skipped, everyday.skipped) == (2, 0, 0, 0)
    assert blocked.harmful and review.harmful
    assert not not_blocked.harmful and not everyday.harmful
    assert [c.line for c in blocked.cases] == [5, 6]
    assert {c.source for c in review.cases} == {
        "tests/test_guard_command_critical_floors.py",
        "tests/test_guard_command_demo_extensions.py",
    }


OPENHANDS_TEST = """
import pytest

_OPT = "-" + "la"
_CASES = [
    ("pwd", "a"),
    ("ls " + _OPT, "b"),
]


@pytest.mark.parametrize("command,desc", _CASES)
def test_high(command, desc):
    analyzer = PatternSecurityAnalyzer()
    risk = analyzer.security_risk(make_action(command))
    assert risk == SecurityRisk.HIGH


@pytest.mark.xfail(strict=True)
@pytest.mark.parametrize("command", ["id", pytest.param("uname", id="u")])
def test_known_gap(command):
    assert PatternSecurityAnalyzer().security_risk(make_action(command)) == SecurityRisk.HIGH


def test_low():
    analyzer = PatternSecurityAnalyzer()
    assert analyzer.security_risk(make_action("git status")) == SecurityRisk.LOW


@pytest.mark.parametrize("command", ["date", "true"])
def test_not_high(command):
    assert PatternSecurityAnalyzer().security_risk(make_action(command)) != SecurityRisk.HIGH


def test_medium():
    risk = PatternSecurityAnalyzer().security_risk(make_action("echo " + _OPT))
    assert risk == SecurityRisk.MEDIUM


def test_unknown():
    assert PatternSecurityAnalyzer().security_risk(make_action("hostname")) == SecurityRisk.UNKNOWN


def test_other_tool():
    risk = PatternSecurityAnalyzer().security_risk(make_action("whoami", tool_name="file"))
    assert risk == SecurityRisk.HIGH


def test_built_elsewhere():
    assert EnsembleSecurityAnalyzer().security_risk(make_action("uptime")) == SecurityRisk.HIGH


def test_expression():
    command = "x" * 3
    assert PatternSecurityAnalyzer().security_risk(make_action(command)) == SecurityRisk.LOW
"""


def test_openhands_reader_takes_each_pattern_analyzer_assert_by_its_risk() -> None:
    path = "tests/sdk/security/defense_in_depth/test_demo.py"
    high, not_high, low = _bench().openhands_pattern_corpora([(path, OPENHANDS_TEST)])
    assert [c.command for c in high.cases] == ["pwd", "ls -la", "id", "uname"]
    assert [c.command for c in not_high.cases] == ["date", "true", "echo -la"]
    assert [c.command for c in low.cases] == ["git status"]
    assert (high.skipped, not_high.skipped, low.skipped) == (2, 0, 1)
    assert high.harmful and not not_high.harmful and not low.harmful
    assert [c.line for c in high.cases][:2] == [6, 7]
    assert {c.source for c in high.cases} == {path}


CONSOUL_TEST = """
import pytest


class TestLevels:
    @pytest.mark.parametrize(
        "command",
        [
            "pwd",
            "id",
        ],
    )
    def test_blocked(self, analyzer, command):
        risk = analyzer.analyze_command(command)
        assert risk.level == RiskLevel.BLOCKED

    def test_loop(self, analyzer):
        commands = [
            "uname -a",
            "hostname",
        ]
        for cmd in commands:
            risk = analyzer.analyze_command(cmd)
            assert risk.level == RiskLevel.DANGEROUS, "x"

    def test_one_level_tuple(self, analyzer):
        assert analyzer.analyze_command("date").level in (RiskLevel.CAUTION,)

    def test_safe(self, analyzer):
        risk1 = analyzer.analyze_command("ls -la")
        risk2 = analyzer.analyze_command("git status")
        assert risk1.level == risk2.level == RiskLevel.SAFE

    def test_two_levels(self, analyzer):
        risk = analyzer.analyze_command("true")
        assert risk.level in (RiskLevel.DANGEROUS, RiskLevel.CAUTION)

    def test_no_level(self, analyzer):
        assert analyzer.analyze_command("whoami").reason

    def test_blank(self, analyzer):
        assert analyzer.analyze_command("").level == RiskLevel.SAFE
"""


def test_consoul_reader_takes_each_analyzed_command_by_the_asserted_level() -> None:
    blocked, dangerous, caution, safe = _bench().consoul_corpora(CONSOUL_TEST)
    assert [c.command for c in blocked.cases] == ["pwd", "id"]
    assert [c.command for c in dangerous.cases] == ["uname -a", "hostname"]
    assert [c.command for c in caution.cases] == ["date"]
    assert [c.command for c in safe.cases] == ["ls -la", "git status"]
    assert (blocked.skipped, dangerous.skipped, caution.skipped, safe.skipped) == (1, 0, 0, 1)
    assert blocked.harmful and dangerous.harmful and caution.harmful and not safe.harmful
    assert [c.line for c in blocked.cases] == [9, 10]
    assert {c.source for c in safe.cases} == {"tests/ai/tools/permissions/test_analyzer.py"}


COCO_SHELL_ANALYZERS = r"""
use super::*;

#[test]
fn test_risk() {
    let analysis = analyze_command("pwd");
    assert!(
        analysis
            .risks
            .iter()
            .any(|r| r.kind == RiskKind::JqDanger),
        "flagged"
    );
}

#[test]
fn test_risk_and_absent() {
    let analysis = analyze_command(r#"id -u"#);
    assert!(analysis.risks.iter().any(|r| r.kind == RiskKind::CodeExecution));
    assert!(!analysis.risks.iter().any(|r| r.kind == RiskKind::JqDanger));
    let safe = analyze_command("ls -la");
    assert!(!safe.risks.iter().any(|r| r.kind == RiskKind::BraceExpansion));
}

#[test]
fn test_loop() {
    for cmd in &["uname -a", "hostname"] {
        let analysis = analyze_command(cmd);
        assert!(analysis.risks.iter().any(|r| r.kind == RiskKind::BraceExpansion));
    }
}

#[test]
fn test_unasserted() {
    let analysis = analyze_command("date");
    assert!(analysis.risks.iter().all(|r| r.level < RiskLevel::High));
    let mut parser = ShellParser::new();
    let cmd = parser.parse("whoami");
    assert!(cmd.is_ok());
}
"""

COCO_SHELL_CHECKS = r"""
use super::*;

fn has_severity(command: &str, severity: SecuritySeverity) -> bool {
    check_security(command).iter().any(|c| c.severity == severity)
}

#[test]
fn test_checks() {
    let results = check_security("date -u");
    assert!(
        results.iter().any(|c| c.severity == SecuritySeverity::Deny),
        "denied"
    );
    let results = check_security("id");
    assert!(results.iter().any(|c| c.severity == SecuritySeverity::Ask));
    assert!(!results.iter().any(|c| c.severity == SecuritySeverity::Deny));
    let results = check_security("uptime");
    assert!(!results.iter().any(|c| c.severity == SecuritySeverity::Deny));
    assert!(check_security("echo hi").is_empty());
    assert!(has_severity("whoami", SecuritySeverity::Ask));
    assert!(has_id("hostname", SecurityCheckId::BRACE_EXPANSION));
    let results = check_security("tty");
    assert!(results.len() >= 2);
}
"""

COCO_SHELL_READ_ONLY = r"""
use super::*;

#[test]
fn test_read_only() {
    assert!(is_read_only_command("ls"));
    assert!(!is_read_only_command("make"));
    for cmd in &["pwd", "date"] {
        assert!(is_read_only_command(cmd), "{cmd}");
    }
    assert!(!is_read_only_command(""));
    assert_eq!(executable_name("ls -la"), "ls");
}
"""


def test_coco_shell_reader_takes_each_checked_command_by_what_its_test_asserts() -> None:
    harmful, ask, not_read_only, absent, everyday = _bench().coco_shell_corpora(
        COCO_SHELL_ANALYZERS, COCO_SHELL_CHECKS, COCO_SHELL_READ_ONLY
    )
    assert [c.command for c in harmful.cases] == ["date -u"]
    assert [c.command for c in ask.cases] == [
        "pwd",
        "id -u",
        "uname -a",
        "hostname",
        "id",
        "whoami",
    ]
    assert [c.command for c in not_read_only.cases] == ["make"]
    assert [c.command for c in absent.cases] == ["ls -la", "uptime", "echo hi"]
    assert [c.command for c in everyday.cases] == ["ls", "pwd", "date"]
    assert (harmful.skipped, not_read_only.skipped) == (3, 1)
    assert harmful.harmful and ask.harmful and not_read_only.harmful
    assert not absent.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in ask.cases[:1] + ask.cases[4:5]] == [
        ("coco-rs/utils/shell-parser/src/security/analyzers.test.rs", 6),
        ("coco-rs/exec/shell/src/security.test.rs", 15),
    ]


KODA_TEST = r"""
pub fn classify_bash_command(command: &str) -> ToolEffect {
    ToolEffect::ReadOnly
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_loop() {
        for cmd in ["ls", "pwd"] {
            assert_eq!(
                classify_bash_command(cmd),
                ToolEffect::ReadOnly,
                "{cmd} should be read-only"
            );
        }
    }

    #[test]
    fn test_each() {
        assert_eq!(classify_bash_command("cargo build"), ToolEffect::LocalMutation);
        assert_eq!(classify_bash_command("date -u"), ToolEffect::Destructive);
        assert_eq!(classify_bash_command(""), ToolEffect::ReadOnly);
        assert_eq!(classify_bash_command("id"), ToolEffect::Remote);
    }

    #[test]
    fn test_safe() {
        assert!(is_command_safe("whoami"));
        assert!(!is_command_safe("make"));
        assert_eq!(split_command_segments("a | b").len(), 2);
    }
}
"""


def test_koda_reader_takes_each_classified_command_by_the_asserted_effect() -> None:
    harmful, local, everyday = _bench().koda_corpora(KODA_TEST)
    assert [c.command for c in harmful.cases] == ["date -u"]
    assert [c.command for c in local.cases] == ["cargo build"]
    assert [c.command for c in everyday.cases] == ["ls", "pwd", "whoami"]
    assert (harmful.skipped, local.skipped, everyday.skipped) == (2, 0, 1)
    assert harmful.harmful and not local.harmful and not everyday.harmful
    assert {c.source for c in everyday.cases} == {"koda-core/src/bash_safety.rs"}


DA_ENGINE = r"""
pub fn classify(cmd: &str) -> Decision {
    Decision::Defer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn approved(cmd: &str) -> bool {
        matches!(classify(cmd, None, ALL_BUILTIN), Decision::Approve)
    }

    #[test]
    fn engine() {
        assert!(approved("ls -la"));
        assert!(deferred(""));
        assert!(deferred("make"));
    }
}
"""

DA_POLICIES = r"""
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policies() {
        let p: &[&Policy] = &[&READ_ONLY];
        assert!(approves("pwd", p));
        assert!(!approves("cargo build", p));
        assert!(defers(
            "date -u",
            p
        ));
        assert!(approves_with_path("id", Some(Path::new("/tmp")), p));
        for cmd in ["uname", "hostname"] {
            assert!(approves(cmd, p));
        }
    }
}
"""


def test_da_reader_takes_each_asserted_helper_call_by_its_decision() -> None:
    defer, everyday = _bench().da_corpora(
        [("src/engine.rs", DA_ENGINE), ("src/policies.rs", DA_POLICIES)]
    )
    assert [c.command for c in defer.cases] == ["make", "date -u"]
    assert [c.command for c in everyday.cases] == ["ls -la", "pwd", "uname", "hostname"]
    assert (defer.skipped, everyday.skipped) == (2, 0)
    assert defer.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in defer.cases] == [
        ("src/engine.rs", 18),
        ("src/policies.rs", 12),
    ]


LLXPRT_TEST = """
import { describe, it, expect } from 'bun:test';
import { isDestructiveCommand } from '@vybestack/llxprt-code-policy';

const SHARED: ReadonlyArray<[string, boolean]> = [
  ['date -u', true],
  ['uname -a', false],
];

describe('tables', () => {
  it.each([
    ['id -u', 'first'],
    ['whoami', 'second'],
  ])('flags "%s" (%s)', (command) => {
    expect(isDestructiveCommand(command)).toBe(true);
  });
  it.each<[string, boolean]>([
    ['pwd', false],
    ['hostname', true],
    ['', false],
    ...SHARED,
  ])('"%s" -> %s', (command, expected) => {
    expect(isDestructiveCommand(command)).toBe(expected);
  });
  it.each([
    ['ls -la', 'a note', false],
    ...SHARED.filter(([cmd]) => cmd === 'date -u'),
  ])('"%s" (%s) -> %s', (command, description: string, expected: boolean) => {
    expect(isDestructiveCommand(command)).toBe(expected);
  });
  it('one call', () => {
    expect(isDestructiveCommand('echo hi')).toBe(false);
    expect(
      isDestructiveCommand('id'),
    ).toBe(true);
    isDestructiveCommand(`x${y}`);
  });
});
"""


def test_llxprt_reader_takes_each_asserted_command_and_each_shared_table_once() -> None:
    harmful, near = _bench().llxprt_destructive_corpora([("a.test.ts", LLXPRT_TEST)])
    assert [c.command for c in harmful.cases] == ["id -u", "whoami", "hostname", "id", "date -u"]
    assert [c.command for c in near.cases] == ["pwd", "ls -la", "echo hi", "uname -a"]
    assert (harmful.skipped, near.skipped) == (1, 1)
    assert harmful.harmful and not near.harmful
    assert [(c.source, c.line) for c in harmful.cases[:1] + harmful.cases[-1:]] == [
        ("a.test.ts", 12),
        ("a.test.ts", 6),
    ]


AGENT_CODE_SECURITY = r"""
pub fn classify_destructive(cmd: &ParsedCommand) -> DestructivenessLevel {
    DestructivenessLevel::Safe
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify_str(s: &str) -> DestructivenessLevel {
        classify_destructive(&parse_bash(s).unwrap_or_default())
    }

    #[test]
    fn loop_of_parsed() {
        for cmd in ["date -u", "uname \
                     -a"] {
            let parsed = parse_bash(cmd).expect("parses");
            assert_eq!(
                classify_destructive(&parsed),
                DestructivenessLevel::Destructive,
                "{cmd}"
            );
        }
    }

    #[test]
    fn one_each() {
        assert_eq!(classify_str("pwd"), DestructivenessLevel::Safe);
        assert_ne!(classify_str("id"), DestructivenessLevel::Safe);
        let level = classify_str("whoami");
        assert_ne!(level, DestructivenessLevel::Safe);
        assert_ne!(level, DestructivenessLevel::Destructive);
        assert_eq!(classify_str(&format!("{}", 1)), DestructivenessLevel::Safe);
        let _ = parse_bash("hostname");
    }
}
"""

AGENT_CODE_TOOL = r"""
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn injection() {
        assert!(check_shell_injection("ls -la").is_ok());
        assert!(check_shell_injection("id -u").is_err());
        assert!(!check_shell_injection("pwd").is_ok());
        for cmd in ["uptime", "date"] {
            assert!(
                tool.validate_input(&serde_json::json!({"command": cmd}))
                    .is_err(),
                "{cmd}"
            );
        }
        assert!(tool.validate_input(&serde_json::json!({"command": "echo hi"})).is_ok());
        assert!(
            tool.validate_input(&serde_json::json!({
                "command": "whoami",
                "dangerouslyDisableSandbox": true,
            }))
            .is_err()
        );
    }
}
"""

AGENT_CODE_AUTO = r"""
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto() {
        for cmd in ["ls", "pwd"] {
            if !is_auto_safe_shell_command(cmd) {
                continue;
            }
        }
        assert!(is_auto_safe_shell_command("id"));
        for cmd in ["make", ""] {
            assert!(!is_auto_safe_shell_command(cmd), "{cmd}");
        }
    }
}
"""


def test_agent_code_reader_takes_each_command_by_the_level_or_check_asserted() -> None:
    harmful, refused, risky, not_auto, near, everyday = _bench().agent_code_corpora(
        AGENT_CODE_SECURITY, AGENT_CODE_TOOL, AGENT_CODE_AUTO
    )
    assert [c.command for c in harmful.cases] == ["date -u", "uname -a"]
    assert [c.command for c in refused.cases] == ["id -u", "uptime", "date"]
    assert [c.command for c in risky.cases] == ["id", "whoami"]
    assert [c.command for c in not_auto.cases] == ["make"]
    assert [c.command for c in near.cases] == ["pwd", "ls -la", "echo hi"]
    assert [c.command for c in everyday.cases] == ["id"]
    assert [s.skipped for s in (harmful, refused, not_auto, near)] == [4, 1, 1, 1]
    assert harmful.harmful and refused.harmful and risky.harmful and not_auto.harmful
    assert not near.harmful and not everyday.harmful
    assert [(c.source, c.line) for c in harmful.cases] == [
        ("crates/lib/src/tools/bash/bash_security.rs", 16),
        ("crates/lib/src/tools/bash/bash_security.rs", 16),
    ]


SELFWARE_TEST = r"""
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let config = SafetyConfig::default();
        let checker = SafetyChecker::new(&config);
        let call = create_test_call("shell_exec", r#"{"command": "date -u"}"#);
        let result = checker.check_tool_call(&call);
        assert!(result.is_err());
        let call = create_test_call(
            "shell_exec",
            r#"{"command": "ls -la"}"#,
        );
        assert!(checker.check_tool_call(&call).is_ok());
        let call = create_test_call("shell_exec", r#"{"command": "pwd", "cwd": "/tmp"}"#);
        assert!(checker.check_tool_call(&call).is_ok());
        let call = create_test_call("shell_exec", r#"{}"#);
        assert!(checker.check_tool_call(&call).is_ok());
        let call = create_test_call("file_read", r#"{"path": "README.md"}"#);
        assert!(checker.check_tool_call(&call).is_ok());
    }

    #[test]
    fn configured() {
        let config = SafetyConfig {
            allowed_paths: vec![],
            ..Default::default()
        };
        let checker = SafetyChecker::new(&config);
        let call = create_test_call("shell_exec", r#"{"command": "id"}"#);
        assert!(checker.check_tool_call(&call).is_err());
    }
}
"""


def test_selfware_reader_takes_default_shell_calls_by_the_result_asserted() -> None:
    harmful, allowed = _bench().selfware_corpora(SELFWARE_TEST)
    assert [c.command for c in harmful.cases] == ["date -u"]
    assert [c.command for c in allowed.cases] == ["ls -la"]
    assert (harmful.skipped, allowed.skipped) == (3, 0)
    assert harmful.harmful and not allowed.harmful
    assert [(c.source, c.line) for c in harmful.cases + allowed.cases] == [
        ("src/safety/checker.rs", 10),
        ("src/safety/checker.rs", 15),
    ]


RAIN_TEST = """
import pytest
from permission_classifier import PermissionLevel, classify, _classify_bash_command

COMMON = "git"


class TestBash:
    EXAMPLES = ["date -u", COMMON + " log"]

    @pytest.mark.parametrize("command", ["ls -la", "pwd", ""])
    def test_plain_is_yellow(self, command):
        assert classify("Bash", {"command": command}) == PermissionLevel.YELLOW

    @pytest.mark.parametrize("command", EXAMPLES)
    def test_examples_are_red(self, command):
        result = _classify_bash_command(command)
        assert result == PermissionLevel.RED, f"Expected RED for: {command}"

    def test_one(self):
        assert classify("Bash", {"command": "whoami"}) == PermissionLevel.RED

    def test_blank_is_green(self):
        assert _classify_bash_command("  ") == PermissionLevel.GREEN

    def test_other_tool(self):
        assert classify("Read", {"file_path": "x"}) == PermissionLevel.GREEN

    def test_two_levels(self):
        assert classify("Bash", {"command": "id"}) in (PermissionLevel.RED,)
        assert classify("Bash", {"command": "id -u"}) == PermissionLevel.RED
        assert classify("Bash", {"command": "id -g"}) == PermissionLevel.YELLOW
"""


def test_rain_assistant_reader_takes_bash_commands_by_the_level_asserted() -> None:
    red, yellow = _bench().rain_assistant_corpora(RAIN_TEST)
    assert [c.command for c in red.cases] == ["date -u", "git log", "whoami"]
    assert [c.command for c in yellow.cases] == ["ls -la", "pwd"]
    assert (red.skipped, yellow.skipped) == (4, 1)
    assert red.harmful and not yellow.harmful
    assert [c.line for c in red.cases] == [9, 9, 21]


GRIP_TEST = """
from grip.tools.shell import _is_dangerous

LS = "ls"


class TestShell:
    def test_blocked(self):
        assert _is_dangerous("date -u") is not None
        assert _is_dangerous('whoami') is not None

    def test_runs(self):
        assert _is_dangerous(LS + " -la") is None
        assert _is_dangerous("") is None
        assert _is_dangerous(f"{LS}") is None
        assert _is_dangerous("pwd") == "reason"
"""


def test_grip_reader_takes_each_assertion_of_the_deny_check() -> None:
    blocked, runs = _bench().grip_corpora(GRIP_TEST)
    assert [c.command for c in blocked.cases] == ["date -u", "whoami"]
    assert [c.command for c in runs.cases] == ["ls -la"]
    assert (blocked.skipped, runs.skipped) == (0, 2)
    assert blocked.harmful and not runs.harmful
    assert [c.line for c in blocked.cases + runs.cases] == [9, 10, 13]


ALBATROSS_TEST = """
fn is_obviously_non_destructive(command: &str) -> bool { true }

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain() {
        for command in ["ls -la", "pwd", format!("x")] {
            assert!(is_obviously_non_destructive(command), "{command}");
        }
    }

    #[test]
    fn asks() {
        for command in ["date -u", ""] {
            assert!(!is_obviously_non_destructive(command), "{command}");
        }
        let _ = is_obviously_non_destructive("whoami");
    }

    #[test]
    fn policy() {
        let tool = ShellTool { policy: ApprovalPolicy::DangerousOnly };
        assert!(!tool.require_approval(&json!({ "command": "uname -a" })));
        assert!(tool.require_approval(&json!({ "command": "id" })));
        assert!(tool.require_approval(&json!({ "command": "id", "timeout": 1 })));
    }

    #[test]
    fn other_policy() {
        let tool = ShellTool { policy: ApprovalPolicy::Always };
        assert!(tool.require_approval(&json!({ "command": "hostname" })));
    }
}
"""


def test_albatross_reader_takes_the_classifier_and_dangerous_only_approvals() -> None:
    asks, everyday = _bench().albatross_corpora(ALBATROSS_TEST)
    assert [c.command for c in asks.cases] == ["date -u", "id"]
    assert [c.command for c in everyday.cases] == ["ls -la", "pwd", "uname -a"]
    assert (asks.skipped, everyday.skipped) == (4, 1)
    assert asks.harmful and not everyday.harmful
    assert [c.line for c in everyday.cases] == [10, 10, 26]


AUTODEV_TEST = """
class ShellSafetyCheckTest {
    @Test
    fun testBlocked() {
        val command = "date -u"
        val result = ShellSafetyCheck.checkDangerousCommand(command)
        assertThat(result.first).isTrue()
    }

    @Test
    fun testRuns() {
        val result = ShellSafetyCheck.checkDangerousCommand("ls \\$HOME")
        assertThat(result.first).isFalse()
    }

    @Test
    fun testTemplate() {
        val command = "ls $dir"
        val result = ShellSafetyCheck.checkDangerousCommand(command)
        assertThat(result.first).isTrue()
    }

    @Test
    fun testUnasserted() {
        val result = ShellSafetyCheck.checkDangerousCommand("pwd")
        assertThat(result.second).isEmpty()
    }
}
"""


def test_autodev_reader_takes_each_checked_command_by_the_first_asserted() -> None:
    blocked, runs = _bench().autodev_corpora(AUTODEV_TEST)
    assert [c.command for c in blocked.cases] == ["date -u"]
    assert [c.command for c in runs.cases] == ["ls $HOME"]
    assert (blocked.skipped, runs.skipped) == (2, 0)
    assert blocked.harmful and not runs.harmful
    assert [c.line for c in blocked.cases + runs.cases] == [5, 12]


PI_SAFE_SHELL_CORPUS = """export type ExpectedLevel = 'safe' | 'caution' | 'danger' | 'critical';

export interface CorpusEntry {
  command: string;
  expected: ExpectedLevel;
}

export const CORPUS: CorpusEntry[] = [
  // a section
  { command: 'date -u', expected: 'critical', category: 'c' },
  { command: "ls 'a b'", expected: 'danger', category: 'c', note: 'n' },
  { command: 'echo \\'hi\\'', expected: 'caution', category: 'c' },
  { command: 'pwd', expected: 'safe', category: 'c' },
  { command: '', expected: 'safe', category: 'c' },
  { command: `uname ${x}`, expected: 'safe', category: 'c' },
  { command: 'whoami', expected: 'unknown', category: 'c' },
  { expected: 'danger', category: 'c' },
  OTHER,
];

export function getCorpusStats() {
  return { command: 'id', expected: 'safe' };
}
"""


def test_pi_safe_shell_reader_takes_each_row_by_its_expected_level() -> None:
    critical, danger, caution, safe = _bench().pi_safe_shell_corpora(PI_SAFE_SHELL_CORPUS)
    assert [c.command for c in critical.cases] == ["date -u"]
    assert [c.command for c in danger.cases] == ["ls 'a b'"]
    assert [c.command for c in caution.cases] == ["echo 'hi'"]
    assert [c.command for c in safe.cases] == ["pwd"]
    assert [s.skipped for s in (critical, danger, caution, safe)] == [2, 1, 0, 2]
    assert critical.harmful and danger.harmful and not caution.harmful and not safe.harmful
    assert [c.line for c in critical.cases + danger.cases + caution.cases + safe.cases] == [
        10,
        11,
        12,
        13,
    ]


AGENTBOX_TEST = """package agentbox

import "testing"

func TestDefaultTable(t *testing.T) {
	c := DefaultClassifier()
	tests := []struct {
		name string
		cmd  string
		want Decision
	}{
		{"one", "date -u", Forbidden},
		{"two", `ls -la`, Escalated},
		{"three", "echo \\"hi\\"", Allow},
		{"four", "pwd", Sandboxed},
		{"five", "", Allow},
		{"six", "uname " + "-a", Allow},
		{"seven", "whoami", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.Classify(tt.cmd)
			if r.Decision != tt.want {
				t.Errorf("%q: %v", tt.cmd, r.Decision)
			}
		})
	}
}

func TestArgsTable(t *testing.T) {
	c := DefaultClassifier()
	tests := []struct {
		name string
		cmd  string
		args []string
		want Decision
	}{
		{"args", "id", []string{"-u"}, Forbidden},
	}
	for _, tt := range tests {
		r := c.ClassifyArgs(tt.cmd, tt.args)
		if r.Decision != tt.want {
			t.Errorf("%v", r.Decision)
		}
	}
}

func TestNotAllowed(t *testing.T) {
	c := DefaultClassifier()
	tests := []struct {
		name string
		cmd  string
	}{
		{"a", "hostname"},
		{"b", "tty"},
	}
	for _, tt := range tests {
		r := c.Classify(tt.cmd)
		if r.Decision == Allow {
			t.Errorf("%v", r.Decision)
		}
	}
}

func TestConfigured(t *testing.T) {
	c := NewClassifier(UserRule{Pattern: "x"})
	tests := []struct {
		name string
		cmd  string
		want Decision
	}{
		{"own", "true", Forbidden},
	}
	for _, tt := range tests {
		r := c.Classify(tt.cmd)
		if r.Decision != tt.want {
			t.Errorf("%v", r.Decision)
		}
	}
}
"""


def test_agentbox_reader_takes_the_default_classifiers_decision_tables() -> None:
    files = [("classifier_test.go", AGENTBOX_TEST)]
    forbidden, escalated, allow, sandboxed = _bench().agentbox_corpora(files)
    assert [c.command for c in forbidden.cases] == ["date -u"]
    assert [c.command for c in escalated.cases] == ["ls -la"]
    assert [c.command for c in allow.cases] == ['echo "hi"']
    assert [c.command for c in sandboxed.cases] == ["pwd"]
    assert [s.skipped for s in (forbidden, escalated, allow, sandboxed)] == [3, 0, 2, 0]
    assert forbidden.harmful and escalated.harmful
    assert not allow.harmful and not sandboxed.harmful
    assert [c.line for c in forbidden.cases + escalated.cases + allow.cases] == [12, 13, 14]


HERMES_TEST = """from tools.approval import detect_dangerous_command

PREFIX = "uname"


class TestDetect:
    def test_flag_true(self):
        dangerous, key, desc = detect_dangerous_command("date -u")
        assert dangerous is True
        assert key is not None

    def test_key_none(self):
        is_dangerous, key, desc = detect_dangerous_command("ls -la")
        assert key is None

    def test_bound_name(self):
        cmd = "echo " "hi"
        is_dangerous, key, desc = detect_dangerous_command(cmd)
        assert is_dangerous is False, f"{cmd} flagged"

    def test_module_name_and_two_calls(self):
        dangerous, key, desc = detect_dangerous_command(PREFIX + " -a")
        assert key is not None
        dangerous, key, desc = detect_dangerous_command("pwd")
        assert "x" in desc

    def test_blank_and_unknown(self):
        dangerous, key, desc = detect_dangerous_command("")
        assert dangerous is False
        dangerous, key, desc = detect_dangerous_command(make())
        assert dangerous is True
"""


def test_hermes_reader_takes_each_detection_by_its_first_verdict_assert() -> None:
    asks, runs = _bench().hermes_approval_corpora(HERMES_TEST)
    assert [c.command for c in asks.cases] == ["date -u", "uname -a"]
    assert [c.command for c in runs.cases] == ["ls -la", "echo hi"]
    assert (asks.skipped, runs.skipped) == (2, 1)
    assert asks.harmful and not runs.harmful
    assert [c.line for c in asks.cases + runs.cases] == [8, 22, 13, 18]


@pytest.mark.parametrize("peer", ["pi-safe-shell", "agentbox", "hermes-approval"])
def test_the_round_26_peers_are_held_out_whole(peer: str) -> None:
    bench = _bench()
    assert peer in bench.ROUND26_PEERS
    sections = {key for _, key in bench.SECTIONS}
    for corpus in bench.peer_corpora(peer):
        assert bench._section(corpus) in bench.WHOLE_HELD_OUT & sections


@pytest.mark.parametrize(
    "peer",
    [
        "claude-safety-guard",
        "ai-dev-foundry",
        "infra-command-guard",
        "hardstop",
        "bash-vet",
        "shush",
        "aegis-shellguard",
        "hex-claude-guard",
        "orchestkit",
        "almost-yolo-guard",
        "odek",
        "nsh",
        "bash-gates",
        "pi-permission",
        "loom",
        "openhands-pattern",
        "consoul",
        "coco-shell",
        "da",
        "llxprt-destructive",
        "selfware",
        "grip",
        "albatross",
    ],
)
def test_the_round_7_to_24_peers_are_held_out_whole(peer: str) -> None:
    bench = _bench()
    sections = {key for _, key in bench.SECTIONS}
    for corpus in bench.peer_corpora(peer):
        assert bench._section(corpus) in bench.WHOLE_HELD_OUT & sections


@pytest.mark.parametrize(
    "peer",
    [
        "schlock",
        "cc-safe-setup",
        "longline",
        "shellfirm",
        "tirith",
        "nah",
        "bashguard",
        "zeptoclaw",
        "gatekeeper",
        "noexec",
        "pi-destructive-guard",
        "gatecat",
        "cmd-guard",
        "prisodev-damage-control",
        "deny-dangerous",
        "termaxa",
        "drinking-bird",
        "cc-bash-guardian",
        "sh-guard",
        "shguard",
        "opencode-damage-control",
        "hol-guard",
        "egc-guardian",
        "leash",
        "open-multi-agent",
        "cc-self-defense",
        "claude-warden",
        "koda",
        "agent-code",
        "claude-code-hooks",
        "terminal-security",
        "acai",
        "cc-toolgate",
        "agentshield",
        "rain-assistant",
        "autodev",
    ],
)
def test_a_peer_tuned_on_after_its_held_out_measure_has_a_section_of_its_own(peer: str) -> None:
    bench = _bench()
    for corpus in bench.peer_corpora(peer):
        assert bench._section(corpus) == peer
        assert peer in {key for _, key in bench.SECTIONS} - bench.WHOLE_HELD_OUT


def test_a_peer_missing_from_the_mirror_is_one_set_saying_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONDAS_PEER_MIRRORS", str(tmp_path))
    corpora = [c for name in PEER_COUNTS for c in _bench().peer_corpora(name)]
    assert [(c.owner, len(c.cases)) for c in corpora] == [(f"peer:{n}", 0) for n in PEER_COUNTS]
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


def test_the_bench_lists_every_repository_it_reads_from_a_mirror_with_its_commit() -> None:
    """``--mirrors`` is what a fresh machine fetches: every peer and every everyday repository,
    each once, at the commit its reader pins."""
    bench = _bench()
    listed = bench.mirrored_repositories()
    for peer in bench.MIRRORED_PEERS.values():
        assert listed[peer.repo] == peer.commit
    everyday = bench_module("everyday_extract", "everyday_extract_bench")
    for table in (
        everyday.REPOS,
        everyday.HELD_OUT_REPOS,
        everyday.ROUND_16_REPOS,
        everyday.ROUND_17_REPOS,
        everyday.ROUND_19_REPOS,
        everyday.ROUND_20_REPOS,
        everyday.ROUND_21_REPOS,
        everyday.ROUND_22_REPOS,
        everyday.ROUND_23_REPOS,
        everyday.ROUND_25_REPOS,
    ):
        for repo, commit in table.items():
            assert listed[repo] == commit
    assert list(listed) == sorted(listed, key=str.lower)
