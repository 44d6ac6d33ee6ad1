"""Each literal fold is tried only on code holding one of its words (round 25, the lead).

``bash_literals.fold_literals`` rewrites static string expressions in interpreter code
(``"r" + "m"``, ``chr(114)``, ``base64.b64decode("…")``, ``"x"[::-1]``, ``"/".join([…])``)
into the literal they evaluate to. Each fold's expression was compiled the first time any code
with a quote reached it; a fold is now tried only when the code holds a word every text it
matches holds. These tests check the words are necessary: on generated code, the gated folds
give the same text as every fold tried, and no fold matches code without its words."""

from __future__ import annotations

import random

import pytest

from ondas.guards import bash_literals
from ondas.guards.bash_literals import fold_literals

_PIECES = (
    '"r"',
    "'m'",
    '"-rf"',
    '"/etc"',
    "'~'",
    '"\\x2f"',
    "'\\057'",
    '"\\u002f"',
    '"cm0gLXJmIH4="',
    '"C*"',
    '"m"',
    "'m0'",
    '"base64"',
    "'72 6d'",
    " ",
    "\t",
    "+",
    ".",
    "..",
    ",",
    "(",
    ")",
    "[",
    "]",
    "::",
    "-1",
    ";",
    "\n",
    "=",
    "chr",
    "114",
    "109",
    "string.char",
    "String.fromCharCode",
    "pack",
    "unpack",
    "unpack1",
    "first",
    "base64.b64decode",
    "b64decode",
    "base64_decode",
    "decode_base64",
    "Base64.decode64",
    "atob",
    "Buffer.from",
    "toString",
    "bytes.fromhex",
    "decode",
    "reverse",
    "scalar",
    "split",
    "join",
    "jo",
    "in",
    "os.path",
    "Path",
    "File",
    "qw",
    "%w",
    "getattr",
    "os",
    "system",
    "p",
    "const ",
    "my $p",
)


def _all_folds(code: str) -> str:
    """The folds as they ran before round 25: every one tried on every pass."""
    if len(code) > 20_000 or ("'" not in code and '"' not in code and "chr" not in code):
        return code
    for _ in range(6):
        before = code
        for pattern, fold, _words in bash_literals._FOLDS:
            code = pattern.sub(fold, code)
        if code == before:
            break
    return bash_literals._bound_once(code) if bash_literals._BINDING.search(code) else code


def _generated(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 14))) for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_the_gated_folds_give_what_every_fold_tried_gives(seed: int) -> None:
    for code in _generated(seed, 5_000):
        assert fold_literals(code) == _all_folds(code), code


@pytest.mark.parametrize("seed", range(4, 8))
def test_no_fold_matches_code_without_its_words(seed: int) -> None:
    for code in _generated(seed, 5_000):
        for pattern, _fold, words in bash_literals._FOLDS:
            if words and not any(word in code for word in words):
                assert pattern.search(code) is None, (pattern.source[:40], code)


@pytest.mark.parametrize(
    ("code", "folded"),
    [
        ('os.system("r" + "m -rf ~")', 'os.system("rm -rf ~")'),
        ("os.system(chr(114) + chr(109))", 'os.system("rm")'),
        ('os.system(base64.b64decode("cm0gLXJmIH4=").decode())', 'os.system("rm -rf ~")'),
        ('os.system("~ fr- mr"[::-1])', 'os.system("rm -rf ~")'),
        ('os.system(" ".join(["rm", "-rf", "~"]))', 'os.system("rm -rf ~")'),
        ('getattr(os, "system")("x")', 'os.system("x")'),
        ('os.system("\\x72m")', 'os.system("rm")'),
    ],
)
def test_each_fold_still_reads_its_spelling(code: str, folded: str) -> None:
    assert fold_literals(code) == folded
