"""The declarative layer over argparse: how options are declared becomes how they parse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ondas.cli.framework import App, Argument, Exit, Option, dispatch, help_text
from ondas.errors import UsageError

seen: dict[str, Any] = {}

app = App(help="A test group.")
sub = App(help="A nested group.")
app.add_group(sub, "sub")
app.add_group(sub, "alias", hidden=True)


@app.command("all")
def all_kinds(
    name: str = Argument(..., help="A required positional."),
    extra: Path = Argument(None, help="An optional positional."),
    count: int = Option(1, "--count", min=1, help="An int with a minimum."),
    ratio: float = Option(0.5, "--ratio", help="A float."),
    tags: list[str] = Option(None, "--tag", help="Repeatable."),
    flag: bool = Option(False, "--flag", help="A plain flag."),
    pair: bool = Option(None, "--on/--off", help="A tri-state pair."),
    where: Path = Option(None, "--where", envvar="ONDAS_TEST_WHERE", help="From the env too."),
    must: str = Option(..., "--must", help="A required option."),
) -> None:
    """Record what was parsed."""
    seen.clear()
    seen.update(locals())


@sub.command("leave")
def leave(code: int = Option(0, "--code", help="Exit code.")) -> None:
    """Leave with a code."""
    raise Exit(code)


@sub.command("secret", hidden=True)
def secret() -> None:
    """Hidden but callable."""
    seen["secret"] = True


def test_types_flags_pairs_lists_and_defaults_parse_as_declared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ONDAS_TEST_WHERE", raising=False)
    assert dispatch(app, ["all", "x", "--must", "m"]) == 0
    assert seen == {
        "name": "x",
        "extra": None,
        "count": 1,
        "ratio": 0.5,
        "tags": None,
        "flag": False,
        "pair": None,
        "where": None,
        "must": "m",
    }
    args = ["all", "x", "p", "--count", "3", "--ratio", "2", "--tag", "a", "--tag", "b"]
    assert dispatch(app, [*args, "--flag", "--off", "--must", "m"]) == 0
    assert seen["extra"] == Path("p") and seen["count"] == 3 and seen["ratio"] == 2.0
    assert seen["tags"] == ["a", "b"] and seen["flag"] is True and seen["pair"] is False
    assert dispatch(app, ["all", "x", "--on", "--must", "m"]) == 0
    assert seen["pair"] is True


def test_an_environment_variable_gives_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ONDAS_TEST_WHERE", "/tmp/somewhere")
    assert dispatch(app, ["all", "x", "--must", "m"]) == 0
    assert seen["where"] == Path("/tmp/somewhere")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["all", "x"], "all: the following arguments are required: --must"),
        (["all", "x", "--must", "m", "--count", "0"], "must be at least 1"),
        (["all", "x", "--must", "m", "--count", "many"], "invalid int value"),
        (["all", "x", "--must", "m", "--cou", "2"], "unrecognized arguments"),
        (["nope"], "no such command 'nope'"),
        (["sub", "--weird"], "sub: unknown option --weird"),
    ],
)
def test_a_bad_command_line_is_one_usage_error(args: list[str], message: str) -> None:
    with pytest.raises(UsageError) as caught:
        dispatch(app, args)
    text = str(caught.value)
    assert message in text and "\n" not in text
    assert caught.value.exit_code == 2


def test_exit_gives_the_code_and_hidden_commands_and_aliases_still_work() -> None:
    assert dispatch(app, ["sub", "leave", "--code", "3"]) == 3
    assert dispatch(app, ["alias", "leave", "--code", "4"]) == 4
    assert dispatch(app, ["sub", "secret"]) == 0 and seen["secret"] is True


def test_help_lists_visible_commands_only_and_shows_no_bool_metavar() -> None:
    group = help_text(app, [])
    assert "  all " in group and "  sub " in group and "alias" not in group
    assert "secret" not in help_text(app, ["sub"])
    command = help_text(app, ["all"])
    assert "--flag " in command and "--on " in command and "--off" not in command
    assert "--count N" in command and "--where PATH" in command and "--must TEXT" in command
    assert "bool" not in command.lower()


def test_a_parameter_without_a_declaration_is_refused_when_parsed() -> None:
    bad = App()

    @bad.command("bad")
    def bad_cmd(x: int = 3) -> None:
        """No Option."""

    with pytest.raises(TypeError):
        dispatch(bad, ["bad"])
