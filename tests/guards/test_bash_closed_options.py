"""One reading of a program's closed option tables (round 19:
:mod:`ondas.guards.bash_closed_options`), shared by the documentation tools and the stylesheet
compilers, which each walked their arguments by hand before."""

from __future__ import annotations

import pytest

from ondas.guards.bash_base import Word, word_set
from ondas.guards.bash_closed_options import read_options
from tests.guards.test_bash import check

FLAGS = word_set("-q --quiet --map")
VALUED = word_set("-o --out --inc")


def words(*values: str | None) -> list[Word]:
    return [Word(v, v if v is not None else "$X") for v in values]


def test_operands_are_words_without_a_dash_a_lone_dash_and_words_known_only_at_run_time() -> None:
    read = read_options(words("a.css", "-", None, "-q", "b.css"), FLAGS, VALUED)
    assert [w.value for w in read.operands] == ["a.css", "-", None, "b.css"]
    assert read.flags == ["-q"]
    assert read.unknown is None


def test_a_valued_option_takes_the_next_word_or_its_inline_value() -> None:
    read = read_options(words("-o", "out", "--out=dist", "in.css"), FLAGS, VALUED)
    assert [(k, w.value if w else None) for k, w in read.values] == [
        ("-o", "out"),
        ("--out", "dist"),
    ]
    assert [w.value for w in read.operands] == ["in.css"]


def test_a_valued_option_at_the_end_of_the_line_has_no_value() -> None:
    assert read_options(words("in.css", "-o"), FLAGS, VALUED).values == [("-o", None)]


def test_an_inline_only_option_given_bare_is_unknown_and_takes_no_word() -> None:
    read = read_options(words("--inc", "lib"), FLAGS, VALUED, inline_only=word_set("--inc"))
    assert read.unknown == "the option --inc"
    assert [w.value for w in read.operands] == ["lib"]


def test_a_flag_with_a_value_is_unknown_unless_it_takes_an_optional_one() -> None:
    assert read_options(words("--quiet=1"), FLAGS, VALUED).unknown == "the option --quiet=1"
    read = read_options(words("--map=inline"), FLAGS, VALUED, optional_inline=word_set("--map"))
    assert read.unknown is None
    assert [(k, w.value if w else None) for k, w in read.values] == [("--map", "inline")]


def test_the_first_option_not_listed_is_the_one_named() -> None:
    read = read_options(words("--plugin", "x", "--use", "y"), FLAGS, VALUED)
    assert read.unknown == "the option --plugin"


@pytest.mark.parametrize("mode", [{}, {"unattended": True}], ids=["attended", "unattended"])
@pytest.mark.parametrize(
    "command",
    [
        "stylus --out=/etc/profile.d src/main.styl",
        "stylus -o ~/.config src/main.styl",
        "lessc --js src/a.less ~/.bashrc",
        "lessc src/a.less --source-map=/etc/cron.d/x",
        "sassc --sourcemap=inline src/a.scss ~/.profile",
        "documentation build src/index.js --output=/etc/x",
    ],
)
def test_an_output_outside_the_project_is_refused_however_the_option_is_spelled(
    command: str, mode: dict[str, bool]
) -> None:
    assert check(command, **mode).blocked, command


@pytest.mark.parametrize(
    "command",
    [
        "stylus --out=public/css src/main.styl",
        "lessc --math=strict src/a.less dist/a.css",
        "sassc --sourcemap=inline src/a.scss dist/a.css",
        "sass --style=compressed src/a.scss:dist/a.css",
        "taplo fmt --check",
    ],
)
def test_a_known_option_spelled_inline_writing_in_the_project_passes_unattended(
    command: str,
) -> None:
    assert check(command, unattended=True).allowed, command


@pytest.mark.parametrize(
    "command",
    ["sass --charset=x src/a.scss dist/a.css", "lessc --plugin=evil src/a.less dist/a.css"],
)
def test_an_option_not_listed_leaves_the_compiler_unknown_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "unknown-program", (command, verdict.rule)
    assert check(command, sandboxed=True).allowed, command
