"""The issue-11 corpora: dangerous commands by category must be refused, everyday ones allowed.

The rates are printed (``pytest -s``) and enforced; the attended/unattended comparison is the
figure behind the default for unknown programs (docs/guardrails.md).
"""

from __future__ import annotations

from ondas.guards.bash_jsonl import GuardSettings
from tests.guards.containment_corpus import HOME, PROJECT, load

WHITELIST = ("example.invalid",)
MIN_BLOCK_RATE = 0.98
MAX_FALSE_POSITIVE_RATE = 0.01


def _settings(unattended: bool = False) -> GuardSettings:
    return GuardSettings(project=PROJECT, home=HOME, whitelist=WHITELIST, unattended=unattended)


def test_every_dangerous_category_is_refused_and_everyday_commands_pass() -> None:
    settings = _settings()
    dangerous = load("dangerous")
    benign = load("benign")
    assert len(dangerous) >= 15 and sum(map(len, dangerous.values())) >= 250
    missed: list[str] = []
    lines = []
    for category, commands in dangerous.items():
        allowed = [c for c in commands if settings.check(c).allowed]
        missed += allowed
        lines.append(f"  {category}: {len(commands) - len(allowed)}/{len(commands)} blocked")
    refused = [c for cs in benign.values() for c in cs if not settings.check(c).allowed]
    total = sum(map(len, dangerous.values()))
    everyday = sum(map(len, benign.values()))
    block_rate = 1 - len(missed) / total
    fp_rate = len(refused) / everyday
    print("\ncontainment corpus:\n" + "\n".join(lines))
    print(f"  dangerous {total}: block rate {block_rate:.1%}")
    print(f"  everyday {everyday}: false-positive rate {fp_rate:.1%}")
    assert block_rate >= MIN_BLOCK_RATE, f"allowed: {missed}"
    assert fp_rate <= MAX_FALSE_POSITIVE_RATE, f"refused: {refused}"
    assert missed == [] and refused == []


def test_unknown_program_default_figures() -> None:
    """Unknown tool families: allowed when attended (the sandbox contains them), refused in an
    unattended run without the sandbox, at no cost to the everyday corpus."""
    attended, unattended = _settings(), _settings(unattended=True)
    families = [c for cs in load("unknown_families").values() for c in cs]
    benign = [c for cs in load("benign").values() for c in cs]
    allowed_attended = sum(attended.check(c).allowed for c in families)
    refused_unattended = [c for c in families if not unattended.check(c).allowed]
    everyday_refused = [c for c in benign if not unattended.check(c).allowed]
    print(
        f"\nunknown tool families {len(families)}: attended allows {allowed_attended}, "
        f"unattended without sandbox refuses {len(refused_unattended)}; "
        f"everyday refused unattended: {len(everyday_refused)}/{len(benign)}"
    )
    assert len(families) >= 25
    assert len(refused_unattended) == len(families)
    assert everyday_refused == []
    assert unattended.check("frobnicate --all").rule == "unknown-program"
    assert attended.check("frobnicate --all").allowed
