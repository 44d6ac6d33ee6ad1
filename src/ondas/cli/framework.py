"""A small declarative layer over argparse: commands declared as functions, parsed lazily.

Why not Typer or click: importing Typer costs about 45 ms (click, its own click copy,
``inspect``, and pydantic while it coerces values), four times Python's own start-up, on
every ``ondas`` call. ``argparse`` costs about 1 ms once ``re`` is loaded (``json`` loads it
anyway). Measured figures are in ``bench/cli_startup.py``.

A command is a plain function whose parameters default to :func:`Option` or
:func:`Argument`; the annotations (strings, thanks to ``from __future__ import
annotations``) give the type: ``bool`` makes a flag, ``int``/``float``/``Path`` convert,
``list[str]`` repeats. A group's module is imported only when the command line reaches
it, and a plain command line is read without argparse at all (:func:`plain_parse`); argparse
builds the parser of the invoked command only for ``--help`` and for the lines it must judge.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Sequence

from ondas.errors import UsageError

# Not ``typing.TYPE_CHECKING``: short-lived ondas processes (status, state get, hooks)
# skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any

REQUIRED: Any = ...
METAVARS = {"int": "N", "float": "N", "Path": "PATH", "str": "TEXT"}


class Exit(Exception):
    """Leave the command with ``code`` (0 success); raised by commands, caught at the root."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


class Param:
    """A declared option or positional argument of a command."""

    def __init__(
        self,
        default: Any,
        decls: Sequence[str],
        *,
        positional: bool,
        help: str | None = None,
        envvar: str | None = None,
        min: float | None = None,
        max: float | None = None,
        metavar: str | None = None,
        hidden: bool = False,
    ) -> None:
        self.default = default
        self.max = max
        self.decls = tuple(decls)
        self.positional = positional
        self.help = help
        self.envvar = envvar
        self.min = min
        self.metavar = metavar
        self.hidden = hidden

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def Option(
    default: Any,
    *decls: str,
    help: str | None = None,
    envvar: str | None = None,
    min: float | None = None,
    max: float | None = None,
    metavar: str | None = None,
    hidden: bool = False,
) -> Any:
    """Declare an option; ``"--flag/--no-flag"`` gives a boolean pair; ``...`` = required."""
    return Param(
        default,
        decls,
        positional=False,
        help=help,
        envvar=envvar,
        min=min,
        max=max,
        metavar=metavar,
        hidden=hidden,
    )


def Argument(default: Any, *, help: str | None = None, metavar: str | None = None) -> Any:
    """Declare a positional argument (``...`` = required, ``None`` = optional)."""
    return Param(default, (), positional=True, help=help, metavar=metavar)


class Command:
    """One leaf command: the function and how it shows in help."""

    def __init__(self, name: str, fn: Callable[..., Any], hidden: bool = False) -> None:
        self.name = name
        self.fn = fn
        self.hidden = hidden

    @property
    def summary(self) -> str:
        return first_line(self.fn.__doc__ or "")


def _import(module: str) -> Any:
    """The module named ``module``, imported now if needed.

    ``__import__`` rather than ``importlib.import_module``: the importlib package (and the
    ``warnings`` it loads) would add ~0.3 ms to every short ondas process.
    """
    __import__(module)
    return sys.modules[module]


class Lazy:
    """A sub-group imported only when the command line reaches it."""

    def __init__(self, name: str, module: str, attr: str, help: str, hidden: bool = False) -> None:
        self.name = name
        self.module = module
        self.attr = attr
        self.help = help
        self.hidden = hidden

    def load(self) -> App:
        app: App = getattr(_import(self.module), self.attr)
        return app

    @property
    def summary(self) -> str:
        return first_line(self.help)


class LazyCommand:
    """A command whose function lives in ``module.attr``, imported only when it is reached.

    Its summary in a group's help is the first line of the function's docstring, so showing
    the help imports the module; running another command does not.
    """

    def __init__(self, name: str, module: str, attr: str, hidden: bool = False) -> None:
        self.name = name
        self.module = module
        self.attr = attr
        self.hidden = hidden

    def load(self) -> Command:
        fn: Callable[..., Any] = getattr(_import(self.module), self.attr)
        return Command(self.name, fn, self.hidden)

    @property
    def summary(self) -> str:
        return self.load().summary


class App:
    """A group of commands and sub-groups (``hidden`` ones work but stay out of help)."""

    def __init__(
        self,
        help: str = "",
        hidden: bool = False,
        epilog: str = "",
        children: dict[str, Command | App | Lazy | LazyCommand] | None = None,
        no_args_is_help: bool = True,
    ) -> None:
        self.help = help
        self.hidden = hidden
        self.epilog = epilog
        # Shared, not copied: a hidden alias of a group sees commands registered later.
        self.children: dict[str, Command | App | Lazy | LazyCommand] = (
            children if children is not None else {}
        )
        self.no_args_is_help = no_args_is_help

    @property
    def summary(self) -> str:
        return first_line(self.help)

    def command(
        self, name: str | None = None, *, hidden: bool = False
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Register the decorated function as a command of this group."""

        def register(fn: Callable[..., Any]) -> Callable[..., Any]:
            cmd_name = name or fn.__name__.replace("_", "-")
            self.children[cmd_name] = Command(cmd_name, fn, hidden)
            return fn

        return register

    def add_group(self, app: App, name: str, *, hidden: bool | None = None) -> None:
        """Add ``app`` as a sub-group called ``name``."""
        if hidden is not None and hidden != app.hidden:
            app = App(app.help, hidden, app.epilog, app.children, app.no_args_is_help)
        self.children[name] = app

    def add_lazy(
        self, name: str, module: str, attr: str, help: str, *, hidden: bool = False
    ) -> None:
        """Add a sub-group that lives in ``module.attr``, imported on first use."""
        self.children[name] = Lazy(name, module, attr, help, hidden)

    def add_lazy_command(self, name: str, module: str, attr: str, *, hidden: bool = False) -> None:
        """Add the command ``module.attr`` (a function), imported on first use."""
        self.children[name] = LazyCommand(name, module, attr, hidden)

    def child(self, name: str) -> Command | App | None:
        """The command or group called ``name`` (a lazy group is imported now)."""
        found = self.children.get(name)
        if isinstance(found, LazyCommand):
            command = found.load()
            self.children[name] = command
            return command
        if isinstance(found, Lazy):
            loaded = found.load()
            if found.hidden and not loaded.hidden:
                loaded = App(loaded.help, True, loaded.epilog, loaded.children)
            self.children[name] = loaded
            return loaded
        return found

    def visible(self) -> list[tuple[str, Command | App | Lazy | LazyCommand]]:
        """The children shown in help, in registration order."""
        return [(n, c) for n, c in self.children.items() if not c.hidden]


def first_line(text: str) -> str:
    """The first sentence line of a docstring or help text."""
    for line in text.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def dedent_doc(text: str) -> str:
    """A docstring without its indentation (the first line has none; the rest share one)."""
    lines = text.strip("\n").splitlines()
    if not lines:
        return ""
    rest = lines[1:]
    indents = [len(line) - len(line.lstrip()) for line in rest if line.strip()]
    cut = min(indents, default=0)
    return "\n".join([lines[0].strip(), *(line[cut:].rstrip() for line in rest)]).strip()


def short_prog(prog: str) -> str:
    """``"state get: "`` for ``ondas state get``: the root's ``ondas:`` prefix comes later."""
    _, _, rest = prog.partition(" ")
    return f"{rest}: " if rest else ""


INT_LIMIT = 1 << 63
"""Integer options fit the store's 64-bit integers (SQLite, Postgres ``bigint``)."""


def _int(text: str) -> int:
    value = int(text)
    if not -INT_LIMIT <= value < INT_LIMIT:
        raise _type_error(f"is out of range ({text[:30]}...)")
    return value


FLOAT_LIMIT = 1e15


def _float(text: str) -> float:
    value = float(text)
    if not (math.isfinite(value) and abs(value) <= FLOAT_LIMIT):
        raise _type_error(f"must be a finite number of at most {FLOAT_LIMIT:g}, got {text[:30]}")
    return value


def _text(text: str) -> str:
    """A text argument as given, refused unless it is valid UTF-8 (no surrogate escapes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _type_error("is not valid UTF-8 text") from None
    return text


def _path(text: str) -> Any:
    from pathlib import Path

    from ondas.pathpolicy import refusal

    why = refusal(_text(text))
    if why is not None:
        raise _type_error(f"{text} {why}")
    return Path(text)


_int.__name__ = "int"
_float.__name__ = "float"
_text.__name__ = "str"
_path.__name__ = "Path"


def _converter(kind: str) -> Callable[[str], Any]:
    """How an argument's text becomes its value: every value is checked before any command
    runs (integers in the store's range, text valid UTF-8), so a refusal creates nothing."""
    if kind == "int":
        return _int
    if kind == "float":
        return _float
    if kind == "Path":
        return _path
    return _text


def _kind(annotation: str) -> tuple[str, bool]:
    """(base type name, repeatable) of a string annotation such as ``Path | None``."""
    text = annotation.replace(" ", "")
    parts = [p for p in text.split("|") if p != "None"]
    base = parts[0] if parts else "str"
    if base.startswith(("list[", "tuple[")):
        return base[base.index("[") + 1 : -1].split(",")[0], True
    return base, False


def _params(fn: Callable[..., Any]) -> list[tuple[str, str, Param]]:
    """(name, annotation, declaration) of each parameter of ``fn``, read without inspect."""
    code = fn.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    defaults = list(fn.__defaults__ or ())
    by_name: dict[str, Any] = dict(fn.__kwdefaults__ or {})
    positional = names[: code.co_argcount]
    for name, value in zip(positional[len(positional) - len(defaults) :], defaults, strict=True):
        by_name[name] = value
    out = []
    for name in names:
        decl = by_name.get(name)
        if not isinstance(decl, Param):
            raise TypeError(f"{fn.__qualname__}: parameter {name} is not an Option or Argument")
        out.append((name, str(fn.__annotations__.get(name, "str")), decl))
    return out


def _range_check(
    kind: Callable[[str], Any], minimum: float | None, maximum: float | None
) -> Callable[[str], Any]:
    def convert(text: str) -> Any:
        value = kind(text)
        if minimum is not None and value < minimum:
            raise _type_error(f"must be at least {minimum:g}, got {value}")
        if maximum is not None and value > maximum:
            raise _type_error(f"must be at most {maximum:g}, got {value}")
        return value

    convert.__name__ = getattr(kind, "__name__", "value")
    return convert


def _type_error(message: str) -> Exception:
    """argparse's refusal of a value (its message becomes the one-line usage error)."""
    import argparse

    return argparse.ArgumentTypeError(message)


def _default(decl: Param, kind: str) -> Any:
    """The default of a parameter: its environment variable's value when that is set."""
    if decl.envvar and os.environ.get(decl.envvar):
        return _converter(kind)(os.environ[decl.envvar])
    return decl.default


def _required(decl: Param) -> bool:
    """True when the command line must give the option (no environment variable does)."""
    return decl.required and not (decl.envvar and os.environ.get(decl.envvar))


def shown_default(decl: Param, kind: str) -> str | None:
    """How ``--help`` names the default of an option (``None``: nothing worth saying).

    A flag that is off by default and a required option have none; a ``--x/--no-x`` pair
    names the spelling that is on by default; an environment variable is named too.
    """
    if decl.positional or decl.required:
        return None
    env = f"env {decl.envvar}" if decl.envvar else ""
    if kind == "bool":
        pairs = [d.split("/", 1) for d in decl.decls if "/" in d]
        value = ""
        if pairs and decl.default is not None:
            value = pairs[0][0] if decl.default else pairs[0][1]
        text = ", ".join(part for part in (value, env) if part)
        return text or None
    value = "" if decl.default is None else str(decl.default)
    text = ", ".join(part for part in (value, env) if part)
    return text or None


def _help_with_default(decl: Param, kind: str) -> str:
    """The option's help text with ``(default: ...)`` appended unless it already says one."""
    text = decl.help or ""
    shown = shown_default(decl, kind)
    if shown is None or "default" in text.lower():
        return text
    return f"{text} (default: {shown})".strip()


def build_parser(prog: str, fn: Callable[..., Any]) -> argparse.ArgumentParser:
    """The argparse parser of one command function."""
    import argparse

    from ondas.cli._parser import Formatter, Parser

    doc = dedent_doc(fn.__doc__ or "")
    parser = Parser(
        prog=prog, description=doc or None, formatter_class=Formatter, allow_abbrev=False
    )
    for name, annotation, decl in _params(fn):
        kind, repeat = _kind(annotation)
        help_text = argparse.SUPPRESS if decl.hidden else _help_with_default(decl, kind)
        default = _default(decl, kind)
        if decl.positional:
            convert = _converter(kind)
            nargs: Any = None
            if repeat:
                nargs = "+" if decl.required else "*"
            elif not decl.required:
                nargs = "?"
            parser.add_argument(
                name,
                metavar=decl.metavar or name.upper().rstrip("_"),
                nargs=nargs,
                type=convert,
                default=None if decl.required else default,
                help=help_text,
            )
            continue
        if kind == "bool":
            flags = [d for d in decl.decls if "/" not in d]
            pairs = [d.split("/", 1) for d in decl.decls if "/" in d]
            for on, off in pairs:
                parser.add_argument(on, dest=name, action="store_const", const=True, help=help_text)
                parser.add_argument(
                    off, dest=name, action="store_const", const=False, help=argparse.SUPPRESS
                )
            if flags:
                parser.add_argument(*flags, dest=name, action="store_true", help=help_text)
            parser.set_defaults(**{name: bool(default) if default is not None else None})
            continue
        convert = _converter(kind)
        flag = decl.decls[0] if decl.decls else "--" + name.replace("_", "-")
        if decl.min is not None or decl.max is not None:
            convert = _range_check(convert, decl.min, decl.max)
        metavar = decl.metavar or METAVARS.get(kind)
        if metavar is None:
            metavar = flag.lstrip("-").upper().replace("-", "_")
        parser.add_argument(
            *(decl.decls or (flag,)),
            dest=name,
            type=convert,
            action="append" if repeat else "store",
            default=None if decl.required else default,
            required=_required(decl),
            metavar=metavar,
            help=help_text,
        )
    return parser


def plain_parse(fn: Callable[..., Any], args: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments of ``fn`` for a plain command line, read without argparse.

    Plain: every option spelled exactly as declared and each value in the next argument,
    the positionals in one run, each value converting cleanly. Anything else (``--help``,
    ``--opt=value``, a value starting with ``-``, a missing or bad value, an unknown option)
    gives ``None`` and argparse decides and words the error. Why: building an argparse
    parser costs a short command (``ondas status``) about 4 ms of start-up, with ``gettext``
    and ``locale``; the result is the same (tests/cli/test_framework.py compares them).
    """
    options: dict[str, tuple[str, Any, Callable[[str], Any] | None, bool]] = {}
    positionals: list[tuple[str, Callable[[str], Any], Param, Any]] = []
    values: dict[str, Any] = {}
    converters: dict[str, Callable[[str], Any]] = {}
    required: set[str] = set()
    for name, annotation, decl in _params(fn):
        kind, repeat = _kind(annotation)
        default = _default(decl, kind)
        if decl.positional:
            if repeat:
                return None
            positionals.append((name, _converter(kind), decl, default))
            continue
        if kind == "bool":
            for spelling in decl.decls:
                on, slash, off = spelling.partition("/")
                options[on] = (name, True, None, False)
                if slash:
                    options[off] = (name, False, None, False)
            values[name] = bool(default) if default is not None else None
            continue
        convert = _converter(kind)
        if decl.min is not None or decl.max is not None:
            convert = _range_check(convert, decl.min, decl.max)
        for spelling in decl.decls or ("--" + name.replace("_", "-"),):
            options[spelling] = (name, None, convert, repeat)
        values[name] = None if decl.required else default
        converters[name] = convert
        if _required(decl):
            required.add(name)
    seen: set[str] = set()
    given: list[str] = []
    run_ended = False
    i = 0
    try:
        while i < len(args):
            arg = args[i]
            if not arg.startswith("-"):
                if run_ended:
                    return None  # positionals split by options: argparse's rules apply
                given.append(arg)
                i += 1
                continue
            run_ended = bool(given)
            found = options.get(arg)
            if found is None:
                return None
            dest, const, to_value, repeat = found
            seen.add(dest)
            if to_value is None:
                values[dest] = const
                i += 1
                continue
            if i + 1 == len(args) or args[i + 1].startswith("-"):
                return None
            value = to_value(args[i + 1])
            if repeat:
                current = values[dest]
                values[dest] = [*([] if current is None else current), value]
            else:
                values[dest] = value
            i += 2
        if len(given) > len(positionals):
            return None
        for index, (name, convert, decl, default) in enumerate(positionals):
            if index < len(given):
                values[name] = convert(given[index])
            elif decl.required:
                return None
            else:
                values[name] = convert(default) if isinstance(default, str) else default
        if required - seen:
            return None
        for name, convert in converters.items():
            if name not in seen and isinstance(values[name], str):
                values[name] = convert(values[name])  # as argparse converts a str default
    except Exception:  # a value a converter refuses: argparse words the error
        return None
    return values


def _wrap(text: str) -> str:
    """Wrap each paragraph of ``text`` to the help width."""
    import textwrap

    from ondas.cli._parser import help_width

    width = help_width()
    return "\n\n".join(textwrap.fill(p, width) for p in text.split("\n\n"))


def group_help(prog: str, app: App) -> str:
    """The help of a group: usage, description, then its visible commands."""
    lines = [f"Usage: {prog} COMMAND [ARGS]...", ""]
    if app.help:
        lines += [_wrap(dedent_doc(app.help)), ""]
    shown = app.visible()
    if shown:
        width = max(len(n) for n, _ in shown) + 2
        lines.append("commands:")
        for name, child in shown:
            lines.append(f"  {name.ljust(width)}{child.summary}")
        lines.append("")
    if app.epilog:
        lines += [app.epilog, ""]
    lines.append(f"Run '{prog} COMMAND --help' for a command's options.")
    return "\n".join(lines)


def dispatch(app: App, args: list[str], prog: str = "ondas") -> int:
    """Find the command named by ``args`` in ``app``, parse its options, call it.

    Returns the exit code; raises :class:`UsageError` (one line) on a bad command line and
    lets the command's own errors through to the root boundary.
    """
    node: App = app
    rest = list(args)
    while True:
        if not rest:
            if node.no_args_is_help:
                print(group_help(prog, node))
                return 0
            raise UsageError(f"{short_prog(prog)}missing command (see {prog} --help)")
        head = rest[0]
        if head in ("-h", "--help"):
            print(group_help(prog, node))
            return 0
        if head.startswith("-"):
            known = ["--help", "--version", "--debug"] if " " not in prog else ["--help"]
            raise UsageError(
                f"{short_prog(prog)}unknown option {head}{did_you_mean(head, known)} "
                f"(see {prog} --help)"
            )
        found = node.child(head)
        if found is None:
            names = [name for name, _ in node.visible()]
            raise UsageError(
                f"{short_prog(prog)}no such command '{head}'{did_you_mean(head, names)} "
                f"(see {prog} --help)"
            )
        prog = f"{prog} {head}"
        rest = rest[1:]
        if isinstance(found, App):
            node = found
            continue
        return call_command(found.fn, prog, rest)


def call_command(fn: Callable[..., Any], prog: str, args: list[str]) -> int:
    """Parse ``args`` for ``fn`` and call it; an :class:`Exit` gives the code."""
    kwargs = plain_parse(fn, args)
    if kwargs is None:
        parser = build_parser(prog, fn)
        refuse_unknown_options(parser, prog, args)
        kwargs = vars(parser.parse_args(args))
    for name, _, decl in _params(fn):
        if kwargs.get(name) is None and decl.positional and not decl.required:
            kwargs[name] = decl.default
    try:
        fn(**kwargs)
    except Exit as done:
        return done.code
    return 0


def did_you_mean(word: str, choices: Sequence[str]) -> str:
    """`` (did you mean X?)`` for the closest of ``choices`` to ``word``, or ``""``."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def refuse_unknown_options(parser: argparse.ArgumentParser, prog: str, args: Sequence[str]) -> None:
    """Name the first option ``parser`` does not know, with the closest known one.

    Checked before argparse parses: argparse reports a missing required option first, so a
    misspelt ``--descripton`` would read "required: --description" without naming the typo.
    """
    known = parser._option_string_actions
    takes_value = False
    for arg in args:
        if arg == "--":
            return
        is_option = arg.startswith("-") and arg != "-" and not arg[1:2].isdigit()
        if takes_value and not is_option:
            takes_value = False
            continue
        takes_value = False
        if not is_option:
            continue
        flag, eq, _ = arg.partition("=")
        action = known.get(flag)
        if action is None:
            options = [o for o in known if o.startswith("--")]
            raise UsageError(
                f"{short_prog(prog)}no such option {flag}{did_you_mean(flag, options)} "
                f"(see {prog} --help)"
            )
        takes_value = not eq and action.nargs != 0


def walk(
    app: App, *, hidden: bool = False, prefix: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], Command | App]]:
    """Every group and command under ``app`` with its path (lazy groups are imported).

    With ``hidden``, hidden ones too; a hidden alias of a group is listed once per name.
    """
    out: list[tuple[tuple[str, ...], Command | App]] = []
    names = list(app.children) if hidden else [n for n, _ in app.visible()]
    for name in names:
        child = app.child(name)
        if child is None:
            continue
        out.append(((*prefix, name), child))
        if isinstance(child, App):
            out += walk(child, hidden=hidden, prefix=(*prefix, name))
    return out


def command_paths(app: App) -> list[tuple[str, ...]]:
    """Every visible leaf command's path under ``app``."""
    return [path for path, node in walk(app) if isinstance(node, Command)]


def parameters(fn: Callable[..., Any]) -> list[tuple[str, Param]]:
    """(name, declaration) of each option and argument of a command function."""
    return [(name, decl) for name, _, decl in _params(fn)]


def help_text(app: App, path: Sequence[str], prog: str = "ondas") -> str:
    """The ``--help`` text of the group or command at ``path``."""
    node: Command | App | None = app
    for part in path:
        if not isinstance(node, App):
            raise KeyError(part)
        node = node.child(part)
        prog = f"{prog} {part}"
    if node is None:
        raise KeyError(" ".join(path))
    if isinstance(node, App):
        return group_help(prog, node)
    return build_parser(prog, node.fn).format_help()


def echo_err(message: str) -> None:
    """Print one line on stderr."""
    print(message, file=sys.stderr)
