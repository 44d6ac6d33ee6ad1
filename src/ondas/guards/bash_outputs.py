"""What a harmless command prints, for the substitutions that use it (``$(date +%F)``).

``touch "build-$(date +%s).log"`` or ``cd "$(dirname "$f")"`` writes or moves where the output
says; the guard judges the path with the output standing in. A command here changes nothing
and prints a value of a known shape: ``basename`` and ``dirname`` of a static path print what
they compute; ``date`` prints its format with each conversion replaced by a sample of the same
shape (digits for digits, ``12/04/26`` for ``%D``); identity and machine queries print a name
or a number (a user name has no ``/``). Anything else, or an option not listed, is unknown.
Where ``mktemp`` makes its file or directory, and where a tool says it keeps its programs
(``$(npm bin)``), are here too (round 25: out of ``bash``, whose import they cost).
Loaded only when a command line holds such a substitution.
"""

from __future__ import annotations

import posixpath

from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.paths import FRESH_TEMP_NAME, temp_root

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.guards.bash_base import Word

DATE_SAMPLES = {
    "Y": "2026", "C": "20", "y": "26", "G": "2026", "g": "26", "m": "12", "d": "04", "e": " 4",
    "j": "338", "H": "12", "k": "12", "I": "12", "l": "12", "M": "00", "S": "00", "s": "4242",
    "N": "000000000", "u": "4", "w": "4", "U": "48", "W": "48", "V": "49", "a": "Thu",
    "A": "Thursday", "b": "Dec", "h": "Dec", "B": "December", "p": "PM", "P": "pm", "z": "+0000",
    "Z": "UTC", "F": "2026-12-04", "T": "12:00:00", "R": "12:00", "r": "12:00:00 PM",
    "D": "12/04/26", "x": "12/04/26", "X": "12:00:00", "c": "Thu Dec  4 12:00:00 2026",
    "n": "\n", "t": "\t", "%": "%", "q": "4",
}  # fmt: skip
"""A sample of what each ``date`` conversion prints (in the C locale): the shape that counts."""

_CONVERSION = LazyPattern(r"%[-_0^#]?[0-9]*:{0,3}(.)")
_DATE_OPTIONS = frozenset({"-u", "--utc", "--universal"})
_DATE_VALUED = frozenset({"-d", "--date", "-r", "--reference"})

PRINTS = {
    ("nproc",): "4",
    ("whoami",): "agent",
    ("id", "-u"): "1000",
    ("id", "-g"): "1000",
    ("id", "-un"): "agent",
    ("id", "-gn"): "agent",
    ("id", "-u", "-n"): "agent",
    ("hostname",): "host",
    ("hostname", "-s"): "host",
    ("uname",): "Linux",
    ("uname", "-s"): "Linux",
    ("uname", "-m"): "x86_64",
    ("uname", "-r"): "6.1.0-amd64",
    ("uname", "-n"): "host",
    ("uname", "-sm"): "Linux x86_64",
    ("uuidgen",): "0a1b2c3d-0000-4000-8000-000000000000",
    ("getconf", "_NPROCESSORS_ONLN"): "4",
    ("git", "rev-parse", "HEAD"): "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
    ("git", "rev-parse", "--short", "HEAD"): "0a1b2c3",
    ("git", "rev-parse", "--verify", "HEAD"): "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
}
"""Commands that print one value of a fixed shape, which the agent cannot choose: numbers, user
and host names, commit ids. Not branch or tag names: the agent names them, and a branch may be
called ``x;reboot`` (git allows ``;``), which ``sh -c "$(git branch --show-current)"`` runs."""


def printed(values: list[str]) -> str | None:
    """What ``values`` (a command and its static words) prints, without its final newline, or
    None when that is not known here."""
    known = PRINTS.get(tuple(values))
    if known is not None:
        return known
    name, args = values[0], values[1:]
    if name == "date":
        return _date(args)
    if name == "basename":
        return _basename(args)
    if name == "dirname" and args and not any(a.startswith("-") for a in args):
        return "\n".join(_dirname(a) for a in args)
    return None


def _dirname(path: str) -> str:
    """What ``dirname PATH`` prints: ``a/b/`` gives ``a``, ``a`` gives ``.``, ``/a`` gives ``/``."""
    if not path.strip("/"):
        return "/" if path else "."
    head = posixpath.dirname(path.rstrip("/")).rstrip("/")
    if head:
        return head
    return "/" if path.startswith("/") else "."


def _date(args: list[str]) -> str | None:
    """``date [-u] [-d WHEN] [+FORMAT]``: the format with each conversion sampled; ``date
    -s`` (which sets the clock) and unknown options are not known."""
    out = "Thu Dec  4 12:00:00 UTC 2026"
    k = 0
    while k < len(args):
        arg = args[k]
        if arg.startswith("+"):
            formatted = _date_format(arg[1:])
            if formatted is None:
                return None
            out = formatted
        elif arg in _DATE_VALUED:
            k += 1
        elif arg.startswith(("-I", "--iso-8601")):
            date_only = arg in {"-I", "-Idate", "--iso-8601", "--iso-8601=date"}
            out = "2026-12-04" if date_only else "2026-12-04T12:00:00+00:00"
        elif not arg.startswith(("--date=", "--reference=")) and arg not in _DATE_OPTIONS:
            return None
        k += 1
    return out


def _date_format(text: str) -> str | None:
    unknown: list[str] = []

    def sample(match: re.Match[str]) -> str:
        letter = match.group(1)
        if letter not in DATE_SAMPLES:
            unknown.append(letter)
            return ""
        return DATE_SAMPLES[letter]

    out = _CONVERSION.sub(sample, text)
    return None if unknown else out


def _basename(args: list[str]) -> str | None:
    """``basename PATH [SUFFIX]``, ``basename -s SUFFIX PATH...``, ``basename -a PATH...``."""
    suffix = ""
    paths: list[str] = []
    many = False
    k = 0
    while k < len(args):
        arg = args[k]
        if arg in {"-s", "--suffix"} and k + 1 < len(args):
            suffix, many = args[k + 1], True
            k += 1
        elif arg.startswith("--suffix="):
            suffix, many = arg.split("=", 1)[1], True
        elif arg in {"-a", "--multiple"}:
            many = True
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            paths.append(arg)
        k += 1
    if not many and len(paths) == 2:
        paths, suffix = paths[:1], paths[1]
    if not paths or (not many and len(paths) != 1):
        return None
    names = []
    for path in paths:
        name = posixpath.basename(path.rstrip("/")) or ("/" if path.startswith("/") else "")
        if suffix and name != suffix and name.endswith(suffix):
            name = name[: -len(suffix)]
        names.append(name)
    return "\n".join(names)


def printf_output(args: list[str]) -> str | None:
    """What ``printf FORMAT [ARG...]`` prints, without its final newline, for a format of
    plain text and ``%s`` conversions (``printf -- '%s' x``; round 21): the format is used
    again while arguments remain, a missing one is empty. Unknown for other conversions,
    escapes and options."""
    if not args or args[0].startswith("-"):
        return None
    pieces = args[0].split("%s")
    if "\\" in args[0] or any("%" in piece for piece in pieces):
        return None
    slots, rest = len(pieces) - 1, args[1:]
    if not slots or not rest:
        return "".join(pieces).rstrip("\n")
    out: list[str] = []
    for start in range(0, len(rest), slots):
        chunk = rest[start : start + slots]
        values = chunk + [""] * (slots - len(chunk))
        filled = zip(values, pieces[1:], strict=True)
        out.append(pieces[0] + "".join(v + piece for v, piece in filled))
    return "".join(out).rstrip("\n")


def echoed(args: list[str]) -> str | None:
    """What ``echo ARGS`` prints, without its final newline: bash's echo reads a leading word
    as options only when it is made of ``n``, ``e`` and ``E`` (``echo -delete`` prints
    ``-delete``; round 21); with ``-e`` a backslash may be an escape, so unknown."""
    k = 0
    escapes = False
    while k < len(args) and len(args[k]) > 1 and args[k][0] == "-" and set(args[k][1:]) <= _ECHO:
        escapes = "e" in args[k] or (escapes and "E" not in args[k])
        k += 1
    words = args[k:]
    if escapes and any("\\" in w for w in words):
        return None
    return " ".join(words).rstrip("\n")


_ECHO = frozenset("neE")
"""The letters of bash's ``echo`` options."""


TOOL_DIRS = {
    ("npm", "bin"): "./node_modules/.bin",
    ("yarn", "bin"): "./node_modules/.bin",
    ("pnpm", "bin"): "./node_modules/.bin",
    ("npm", "root"): "./node_modules",
    ("pnpm", "root"): "./node_modules",
    ("npm", "prefix"): ".",
    ("npm", "root", "-g"): "/usr/local/lib/node_modules",
    ("npm", "bin", "-g"): "/usr/local/bin",
    ("go", "env", "GOPATH"): "~/go",
    ("go", "env", "GOBIN"): "~/go/bin",
    ("go", "env", "GOROOT"): "/usr/local/go",
    ("poetry", "env", "info", "--path"): "~/.cache/pypoetry/virtualenvs/project",
    ("poetry", "env", "info", "-p"): "~/.cache/pypoetry/virtualenvs/project",
    ("pyenv", "root"): "~/.pyenv",
    ("brew", "--prefix"): "/opt/homebrew",
    ("rustc", "--print", "sysroot"): "~/.rustup/toolchains/stable",
    ("python3", "-m", "site", "--user-base"): "~/.local",
    ("python", "-m", "site", "--user-base"): "~/.local",
    ("gem", "env", "gemdir"): "~/.gem",
    ("git", "--exec-path"): "/usr/lib/git-core",
    ("xcode-select", "-p"): "/Applications/Xcode.app/Contents/Developer",
}
"""Substitutions that print where a tool keeps its programs or packages (``$(npm bin)``,
``$(go env GOPATH)``): a stand-in directory of the same kind (``~``: the home, ``.``: the
working directory), so ``$(npm bin)/eslint .`` is judged as the ``eslint`` it runs."""


_MKTEMP_LONG = ("--directory", "--dry-run", "--quiet", "--suffix", "--tmpdir")


def mktemp_fresh(args: list[str], tmpdir: str | None) -> str | None:
    """The guard's placeholder (:data:`~ondas.guards.paths.FRESH_TEMP_NAME`) for the directory
    ``mktemp -d ARGS`` makes, when GNU's options put it in a temp area: no template (``tmp.XXX``
    in ``$TMPDIR``, else ``/tmp``), or a template of one name with ``-t`` (in ``$TMPDIR``, else
    ``-p``'s directory, else ``/tmp``) or ``-p DIR``/``--tmpdir[=DIR]`` (in DIR, else
    ``$TMPDIR``, else ``/tmp``). ``tmpdir`` is ``$TMPDIR`` (None: computed at run time). A
    template without these is made in the working directory, one with a slash where it says,
    ``-u`` makes nothing: None, as for an option not known."""
    directory = dry = short_t = dest = False
    dir_arg = ""
    templates: list[str] = []
    i = 0
    while i < len(args):
        value = args[i]
        i += 1
        if value == "--":
            templates += args[i:]
            break
        if value.startswith("--"):
            key, eq, given = value.partition("=")
            full = [o for o in _MKTEMP_LONG if o.startswith(key)]
            if len(full) != 1:
                return None
            if full[0] == "--tmpdir":
                dest, dir_arg = True, given
            elif full[0] == "--suffix" and not eq:
                i += 1
            directory = directory or full[0] == "--directory"
            dry = dry or full[0] == "--dry-run"
            continue
        if not value.startswith("-") or value == "-":
            templates.append(value)
            continue
        for j, letter in enumerate(value[1:], 1):
            if letter == "p":
                dest = True
                dir_arg = value[j + 1 :] or (args[i] if i < len(args) else "")
                i += 0 if value[j + 1 :] else 1
                break
            if letter not in "dqut":
                return None
            directory = directory or letter == "d"
            dry = dry or letter == "u"
            short_t = short_t or letter == "t"
    if not directory or dry or len(templates) > 1 or tmpdir is None:
        return None
    if templates and ("/" in templates[0] or not (short_t or dest)):
        return None  # ``mktemp -d x.XXX`` is made in the working directory
    env = tmpdir or "/tmp"
    places = {env, dir_arg or env} if short_t else {dir_arg or env}
    if not all(p.startswith("/") and temp_root(posixpath.normpath(p)) for p in places):
        return None
    return posixpath.join(posixpath.normpath(dir_arg or env), FRESH_TEMP_NAME)


def mktemp_path(args: list[Word]) -> str | None:
    """Where ``mktemp ARGS`` creates its file: a placeholder under the temp directory it uses,
    or the template when it names a directory (``mktemp /tmp/out.XXXX``) or, given no ``-t``,
    ``-p`` or ``--tmpdir``, has no slash (GNU makes ``mktemp x.XXXX`` in the working
    directory)."""
    base = "/tmp"
    template: str | None = None
    bare: str | None = None
    for i, arg in enumerate(args):
        value = arg.value
        if value is None:
            return None
        if value in {"-p", "--tmpdir"} and i + 1 < len(args):
            base = args[i + 1].value or ""
        elif value.startswith("--tmpdir="):
            base = value.split("=", 1)[1]
        elif (
            not value.startswith("-")
            and (i == 0 or args[i - 1].value not in {"-p", "--tmpdir"})
            and "/" in value
        ):
            template = value  # ``mktemp /tmp/out.XXXX``, ``mktemp build/x.XXXX``: made there
        elif not value.startswith("-") and (i == 0 or args[i - 1].value not in {"-p", "--tmpdir"}):
            bare = value
    dest = any(
        (w.value or "").startswith("--tmpdir")
        or re.fullmatch(r"-[a-z]*[tp][a-z]*", w.value or "") is not None
        for w in args
    )
    if template is None and bare is not None and not dest:
        return bare  # ``mktemp -d x.XXXX``: with no ``-t``/``-p``/``--tmpdir``, made right here
    if template is not None:
        return template if base == "/tmp" else None
    if not base.startswith("/"):
        return None
    return posixpath.join(base, "mktemp.XXXXXXXX")
