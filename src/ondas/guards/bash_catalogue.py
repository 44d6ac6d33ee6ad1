"""Ordinary tools by what they are: a catalogue from a source we did not write, in unattended runs.

In an unattended run without the OS sandbox a program no rule or table of the guard names is
refused (:func:`ondas.guards.bash_known.unknown_program`). Names added one by one from the
sets we looked at do not reach the programs of a repository nobody looked at; this module
reads a catalogue built from tldr-pages (``bash_catalogue_data``, written by
``bench/tldr_catalogue.py``): a program whose page says it is a linter, a formatter, a
compiler, a converter, a viewer or another tool that reads, builds or converts what it is
given, and says nothing of the network, the machine, other programs or deletion.

Being catalogued is not being trusted with everything (:func:`catalogued`): the caller has
already judged the program's destroying and publishing verbs and its output options as for
any unknown program; here the catalogue lets it run only when

- its first verb is not one its own examples show reaching further (``elm install``), nor a
  verb that reaches the network, installs or runs another program (:data:`REACHING_VERBS`);
- no option names code to run (:data:`CODE_OPTION_WORDS`: ``--exec``, ``--command``,
  ``--plugin``...);
- every word it is given is known (none computed at run time), names no other machine (a URL,
  ``host:path``) and, where it is a path, one inside the project or a temporary directory (not
  the project's protected files): what its arguments can reach is the project's;
- the working directory is the project's.

So a catalogued program may read, build and rewrite the project's files, as ``make`` and
``black`` may, and nothing past them. The table is loaded only when a name is not found in
the eager tables, unattended, and looked up as a substring of its text (no table is built).

Two later tables take their rows on stricter terms (the project's paths alone, no code in a
word, no serving or installing option, first operands read as a command it may run): Debian's
package index (``bash_debian_data``, round 25) and mise's and aqua's registries of developer
tools (``bash_registry_data``, round 26), whose tools are judged by their verb as well
(:data:`REGISTRY_VERBS`).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, classify, word_set

REACHING_VERBS = word_set(
    "install uninstall add remove update upgrade publish deploy release push pull fetch "
    "download upload sync login logout auth register submit send serve server start stop "
    "restart daemon run exec x dlx shell repl console eval watch open edit"
)
"""A first verb that reaches past the files the tool is given: the network, packages, a
server left running, another program or an editor."""

CODE_OPTION_WORDS = word_set(
    "exec execute command cmd run shell hook hooks eval script scripts plugin plugins require "
    "load import preprocessor pp postprocess postprocessor onsuccess on-success with wrapper "
    "compiler cc ccbin launcher editor pager browser escape"
)
"""A word of an option's name (``--exec``, ``--on-success``, ``--plugin-dir``) that names code
the tool runs or loads."""

DELETING_OPTION_WORDS = word_set("delete remove rm purge wipe erase destroy unlink shred")
"""A word of an option's name that deletes (``--delete-input``, ``--remove-source-files``):
the option's deletion is not judged here, so the catalogue does not let it through."""

_REACHED = frozenset({"project", "project-temp", "system-temp", "temp-root"})
_PROJECT = frozenset({"project", "project-temp"})
"""What a Debian-listed program's paths may reach: the project alone, not the shared temp
areas, where anyone may have written the program it runs (``help2man /tmp/x``)."""


DEBIAN_OPTION_WORDS = word_set(
    "serve server listen port daemon host remote url upload download fetch install update "
    "interactive repl console"
)
"""A word of an option's name that, for a program Debian's index names, serves, reaches
another machine or takes code inline (``-e``, ``-c``): its own examples were not read, as
tldr-pages' were, so its options are taken at their word (inline code is caught by
:data:`CODE_CHARACTERS`)."""

CODE_CHARACTERS = frozenset(" \t\n;|&()`$!{}<>'\"\\")
"""A word holding one of these is code or a pattern, not a file or a value; Debian's index
says what a package is, not whether its program evaluates what it is given (``dc -e '!sh'``)."""


def _row(name: str) -> list[str] | None:
    """The catalogue's row of ``name`` (its kind, then its reaching verbs), or None."""
    from ondas.guards.bash_catalogue_data import TABLE

    at = TABLE.find(f"\n{name} ")
    if at < 0:
        return None
    end = TABLE.find("\n", at + 1)
    return TABLE[at + 1 : end].split()[1:]


def debian_listed(name: str) -> bool:
    """Whether Debian's index names ``name`` a program of a package of ordinary tools."""
    from ondas.guards.bash_debian_data import TABLE

    return f"\n{name} " in TABLE


def registry_listed(name: str) -> bool:
    """Whether mise's or aqua's registry names ``name`` the program of a developer tool over
    files (``bash_registry_data``, written by ``bench/registry_catalogue.py``)."""
    from ondas.guards.bash_registry_data import TABLE

    return f"\n{name} " in TABLE


REGISTRY_VERBS = word_set(
    "check lint fmt format fix build compile test validate verify vet inspect analyze analyse "
    "diff compare convert render generate gen doc docs print show list ls info version help "
    "explain parse summary summarize report stats count graph tree tidy completion completions"
)
"""The verbs a tool of a registry's row may be given unattended: they read, check or build the
project's files. Nobody read these tools' verbs (``ollama rm``, ``tuist share``), so any other
word spelled as a verb is taken as one that reaches further."""


def _registry_verb_reads(args: list[Word]) -> bool:
    """Whether the first bare word, where it is spelled as a verb (lower-case letters and
    hyphens: ``lint``, ``push``, not ``Dockerfile`` or ``src/a.yml``), is one of
    :data:`REGISTRY_VERBS`."""
    for word in args:
        value = word.value or ""
        if value.startswith("-"):
            continue
        verb = value.replace("-", "")
        return not (verb.isalpha() and verb.islower()) or value in REGISTRY_VERBS
    return True


def _option_names_code(value: str) -> bool:
    name = value.lstrip("-").split("=", 1)[0].lower().replace("_", "-")
    parts = set(name.split("-")) | {name}  # ``-load``, ``--on-success``, ``-shell-escape``
    return bool(parts & (CODE_OPTION_WORDS | DELETING_OPTION_WORDS))


def _reaches_further(value: str, ctx: Ctx, reached: frozenset[str] = _REACHED) -> bool:
    """A word that names another machine or a path outside the project and the temp dirs
    (outside ``reached``)."""
    if "://" in value or (":" in value.split("/", 1)[0] and not value.startswith(("-", ".", "/"))):
        return True  # ``https://host/x``, ``host:path``, ``user@host:dir``
    path = value.split("=", 1)[1] if value.startswith("-") and "=" in value else value
    if value.startswith("-") and "=" not in value:
        return False
    if not path or not ("/" in path or path.startswith(("~", "."))):
        return False  # a plain word: a file of the working directory, or no path at all
    return classify(path, ctx) not in reached


def _glued_path(value: str) -> str | None:
    """The path glued to a short option or a response file's ``@`` (``-o/etc/x``,
    ``-I../inc``, ``-out:bin/a.exe``, ``-o/tmp/plugin:out``, ``@/etc/args``), or None."""
    if value.startswith("@"):
        return value[1:]
    if not value.startswith("-") or value.startswith("--") or "=" in value:
        return None
    body = value[1:]
    at = min((body.find(c) for c in "/~" if c in body), default=-1)
    if at < 0:
        return None
    head = body[:at]
    cut = max(head.rfind(":"), head.rfind(","))
    path = body[cut + 1 :] if cut >= 0 else body[1:]  # after ``-out:``, or the option letter
    return path.split(":", 1)[0]


def _debian_word(value: str, ctx: Ctx) -> bool:
    """A word a program named only by Debian's index may be given."""
    if CODE_CHARACTERS.intersection(value):
        return False
    glued = _glued_path(value)
    if glued is not None and classify(glued, ctx) not in _PROJECT:
        return False
    if not value.startswith("-"):
        return True
    name = value.lstrip("-").split("=", 1)[0].lower().replace("_", "-")
    return not (set(name.split("-")) | {name}) & DEBIAN_OPTION_WORDS


_WRAPPED_POSITIONS = 4
"""How many of the first bare words of a Debian-listed program's arguments are read as the
command it may run (a wrapper's command comes before its own operands)."""

_reading: list[bool] = []


def _runs_refused(args: list[Word], ctx: Ctx) -> bool:
    """Whether the arguments, read from one of their first bare words as a command the program
    may run (``tool rm -rf .``, ``tool curl host``), are refused for more than being unknown.

    Debian's index says what a package is, not whether one of its programs runs its operands as
    ``nohup`` does; a nested listed program is not read again (the outer words are), so the
    work stays linear in the words."""
    if _reading:
        return False
    from ondas.guards.bash_base import check_argv

    _reading.append(True)
    try:
        tried = 0
        for k, word in enumerate(args):
            value = word.value or ""
            if not value or value.startswith("-") or "/" in value or "=" in value:
                continue
            verdict = check_argv(args[k:], ctx, 1, " ".join(a.text for a in args[k:]))
            if not verdict.allowed and verdict.rule != "unknown-program":
                return True
            tried += 1
            if tried == _WRAPPED_POSITIONS:
                break
        return False
    finally:
        _reading.pop()


def catalogued(name: str, args: list[Word], verbs: list[str | None], ctx: Ctx) -> bool:
    """Whether ``name`` is a catalogued tool whose arguments reach only the project."""
    if "\n" in name or " " in name:
        return False
    row = _row(name)
    if row is None:
        registry = not debian_listed(name)
        if registry and not (registry_listed(name) and _registry_verb_reads(args)):
            return False
        if any(w.value is not None and not _debian_word(w.value, ctx) for w in args):
            return False
        if _runs_refused(args, ctx):
            return False
        row = ["debian"]  # round 26 (cat26): the registries' rows on Debian's terms, by verb
    reached = _PROJECT if row == ["debian"] else _REACHED
    verb = verbs[0] if verbs else ""
    if verb is None or verb in row[1:] or verb in REACHING_VERBS:
        return False
    if ctx.cwd is not None and classify(ctx.cwd, ctx) not in reached:
        return False
    for word in args:
        value = word.value
        if value is None:
            return False  # computed at run time: may be anything
        if value.startswith("-") and _option_names_code(value):
            return False
        if _reaches_further(value, ctx, reached):
            return False
        glued = _glued_path(value)  # ``bison -o/etc/cron.d/x``: the path after the letters
        if glued is not None and classify(glued, ctx) not in reached:
            return False
    return True
