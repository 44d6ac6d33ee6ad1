"""The declarative layer over argparse: how options are declared becomes how they parse."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ondas.cli.framework import (
    App,
    Argument,
    Command,
    Exit,
    Option,
    build_parser,
    dispatch,
    help_text,
    parameters,
    plain_parse,
    walk,
)
from ondas.cli.main import build_app
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
        (["all", "x", "--must", "m", "--cou", "2"], "no such option --cou (did you mean --count?)"),
        (["all", "x", "--mst", "m"], "all: no such option --mst (did you mean --must?)"),
        (["all", "x", "--must", "--flag", "--zzz"], "no such option --zzz"),
        (["nope"], "no such command 'nope'"),
        (["sbu", "leave"], "no such command 'sbu' (did you mean sub?)"),
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


def test_help_names_every_default_an_option_has() -> None:
    command = " ".join(help_text(app, ["all"]).split())
    assert "An int with a minimum. (default: 1)" in command
    assert "A float. (default: 0.5)" in command
    assert "From the env too. (default: env ONDAS_TEST_WHERE)" in command
    assert "A plain flag. (default" not in command and "A required option. (default" not in command


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


def _argparse_reading(fn: Any, args: list[str]) -> dict[str, Any] | None:
    """What argparse makes of ``args`` (``None`` when it refuses them)."""
    try:
        return vars(build_parser("ondas x", fn).parse_args(args))
    except (UsageError, SystemExit):
        return None


def _sample_lines(fn: Any) -> list[list[str]]:
    """Command lines for ``fn``: its required options alone, then each option and flag added,
    positionals before and after the options, repeats, and lines argparse must judge."""
    samples = {"int": "3", "float": "0.5", "Path": "some/dir", "str": "text"}
    must: list[str] = []
    extra: list[list[str]] = []
    positionals: list[str] = []
    for name, decl in parameters(fn):
        kind = str(fn.__annotations__.get(name, "str")).replace(" ", "").split("|")[0]
        kind = kind[kind.index("[") + 1 : -1] if "[" in kind else kind
        if decl.positional:
            positionals.append(samples.get(kind, "text"))
            continue
        for spelling in decl.decls or ("--" + name.replace("_", "-"),):
            for flag in spelling.split("/"):
                if kind == "bool":
                    extra.append([flag])
                elif decl.required:
                    must += [flag, samples.get(kind, "text")]
                else:
                    extra += [[flag, samples.get(kind, "text")], [flag, "x", flag, "y"]]
    lines = [must, [*positionals, *must], [*must, *positionals], positionals]
    lines += [[*must, *e] for e in extra] + [[*positionals, *must, *e] for e in extra]
    lines += [[*must, "--help"], [*must, "--nope"], [*must, "-x"], [*positionals, "a", "b", "c"]]
    lines += [[*must, *e[:1], "-1"] for e in extra if len(e) > 1]
    return lines


def test_the_plain_reader_agrees_with_argparse_on_every_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for key in [k for k in os.environ if k.startswith("ONDAS_")]:
        monkeypatch.delenv(key)
    commands = [node for _, node in walk(build_app(), hidden=True) if isinstance(node, Command)]
    commands.append(Command("all", all_kinds))
    read = 0
    for command in commands:
        for line in _sample_lines(command.fn):
            plain = plain_parse(command.fn, line)
            if plain is not None:
                read += 1
                assert plain == _argparse_reading(command.fn, line), (command.name, line)
    assert read > 200


@pytest.mark.parametrize(
    "line",
    [
        ["x", "--must", "m", "--help"],
        ["x", "--must=m"],
        ["x", "--must", "m", "--count", "0"],
        ["x", "--must", "m", "--count", "-3"],
        ["x", "--must", "m", "--cou", "2"],
        ["x"],
        ["--must", "m"],
        ["x", "--must", "m", "p", "q"],
        ["x", "--must", "m", "p"],
        ["x", "--must"],
    ],
)
def test_the_plain_reader_leaves_to_argparse_what_it_must_judge(line: list[str]) -> None:
    assert plain_parse(all_kinds, line) is None


def test_a_plain_command_line_is_read_without_importing_argparse() -> None:
    code = (
        "import sys\n"
        "from ondas.cli.main import run\n"
        "code = run(['state', 'get', '--state-dir', sys.argv[1], '--field', 'status'])\n"
        "print(code, 'argparse' in sys.modules, 'locale' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "/nonexistent-ondas-dir"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.split() == ["6", "False", "False"], done.stderr
