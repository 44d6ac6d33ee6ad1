"""The vocabulary the bash guard's rules share: words, context, paths, option parsing.

:mod:`ondas.guards.bash` parses the command line and hands every simple command to
:func:`check_argv` as a list of :class:`Word` (a static value, or None when bash computes it
at run time). The rules live in :mod:`~ondas.guards.bash_system` (privilege, files, shells
and wrappers), :mod:`~ondas.guards.bash_net` (git and network), :mod:`~ondas.guards.bash_infra`
(packages, infrastructure, cloud, databases) and :mod:`~ondas.guards.bash_windows`
(PowerShell and cmd.exe); each registers its handlers by command name.
"""

from __future__ import annotations

import os
import posixpath
import stat

from ondas.guards.bash_rule_names import (
    LAZY_RULE_NAMES,
    NET_RULE_NAMES,
    OPTION_RULE_NAMES,
    SYSTEM_RULE_NAMES,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.paths import (
    AGENT_SECRETS,
    RUN_SECRETS,
    STATE_STORE_FILES,
    TEMP_ROOTS,
    fresh_temp,
    hook_gate,
    lexical_inside,
    protected_reason,
    temp_root,
)
from ondas.guards.secret_files import secret_hint
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Container, Iterator, Mapping, Sequence


class Word:
    """One shell word: ``value`` is None when it is only known at run time.

    The classes here are plain slotted classes, not dataclasses, to keep ``inspect`` out of
    the hook process (see :class:`~ondas.guards.verdict.Verdict`).
    """

    __slots__ = ("braces", "environment", "inner", "kind", "readings", "text", "value")

    def __init__(
        self,
        value: str | None,
        text: str,
        kind: str = "word",
        inner: str | None = None,
        braces: bool = False,
        readings: tuple[str, ...] = (),
        environment: tuple[str, ...] = (),
    ) -> None:
        self.value = value
        self.text = text
        self.kind = kind
        self.inner = inner
        self.braces = braces
        self.readings = readings
        """For a word unknown only for the session's environment variables after a known
        start (``build/$NAME.txt``, ``gh_${TAG#v}.txt``): the word with each empty and with
        each one name (:data:`ENVIRONMENT_NAME`), which a write target is judged as."""
        self.environment = environment
        """For a command word read from the environment the line runs in (``$PYTHON -m
        pytest``), the variables it came from: a refusal names them and never shows their
        values (:mod:`ondas.guards.bash_command_words`)."""

    def __repr__(self) -> str:
        return f"Word({self.value!r}, {self.text!r}, {self.kind!r})"


class Stdin:
    """Where a command's standard input comes from: a ``pipe``, static ``text``, or a ``file``."""

    __slots__ = ("kind", "text", "upstream")

    def __init__(self, kind: str, upstream: list[list[Word]], text: str | None) -> None:
        self.kind = kind
        self.upstream = upstream
        self.text = text


MAX_READINGS = 6
"""Directories the guard follows the shell into at once; beyond them one is unknown."""

MAX_READING_WALKS = 256
"""Statements walked again for another reading of the working directory in one check; past
them the directory is unknown (a path relative to it is judged as unknown)."""

DirectoryState = tuple[
    str | None,
    tuple[str | None, ...],
    tuple[str | None, ...] | None,
    tuple[tuple[str | None, ...], ...],
    tuple[str | None, ...],
    frozenset[str],
    bool,
]
"""The working directory, its other readings, where a failure leaves it, the ``pushd`` stack,
``$OLDPWD``'s readings, the builtins turned off and ``errexit`` (:meth:`Ctx.directory`)."""


def containing(path: str, directories: Container[str]) -> str | None:
    """The nearest of ``directories`` (normalised) that ``path`` is or lies under, found by
    its ancestors (a lookup each, however many there are: round 17, 2,000 ``cp -r`` made a
    scan of each list quadratic), None when none holds it."""
    current = posixpath.normpath(path)
    while True:
        if current in directories:
            return current
        parent = posixpath.dirname(current)
        if parent == current or not parent:
            return None
        current = parent


class Written(dict[str, "str | None"]):
    """Files a command line writes, by absolute path -> their text (None: unknown). A path in
    a directory of :attr:`unnamed` (a file written there under a name the session's
    environment gives, ``> "scripts/$NAME.sh"``) is one it may have written, text unknown,
    for every rule that asks (``bash scripts/a.sh``, ``make``, ``npm test`` after it)."""

    __slots__ = ("unnamed",)

    def __init__(self) -> None:  # empty, as ``dict()`` made it: no ``dict.__init__`` call
        self.unnamed: set[str] = set()

    def _unnamed(self, path: object) -> bool:
        return isinstance(path, str) and containing(path, self.unnamed) is not None

    def __contains__(self, path: object) -> bool:
        return super().__contains__(path) or (bool(self.unnamed) and self._unnamed(path))

    def __getitem__(self, path: str) -> str | None:
        if not super().__contains__(path) and self.unnamed and self._unnamed(path):
            return None
        return super().__getitem__(path)

    def get(self, path: str, default: str | None = None) -> str | None:  # type: ignore[override]
        if super().__contains__(path):
            return super().__getitem__(path)
        return None if self.unnamed and self._unnamed(path) else default

    def copy(self) -> Written:
        """A copy that stays :class:`Written`, :attr:`unnamed` included (``dict.copy`` gives a
        plain dict: a line walked again for another directory lost both, round 22)."""
        twin = Written()
        twin.update(self)
        twin.unnamed = set(self.unnamed)
        return twin


class Ctx:
    """What the rules know about the surroundings; ``cwd`` follows ``cd`` (None: unknown).

    Slotted, as :class:`Word` is: every rule reads it and every check makes one (no instance
    dict grown on each check); each attribute is described where :meth:`__init__` sets it,
    and a test checks that it sets every slot."""

    __slots__ = (
        "_sourced",
        "aliases",
        "assigned",
        "brought",
        "brought_trees",
        "builtins_off",
        "cdable_vars",
        "check_source",
        "claude_dir",
        "code_reading",
        "copied_trees",
        "copies",
        "copies_unread",
        "cwd",
        "cwd_also",
        "cwd_failed",
        "cwd_previous",
        "cwd_stack",
        "dotglob",
        "env_file",
        "environment",
        "environment_given",
        "errexit",
        "errexit_ignored",
        "file_links",
        "functions",
        "held",
        "home",
        "in_container",
        "in_venv",
        "jobs",
        "line",
        "links",
        "loops",
        "names",
        "nullglob",
        "orphaned",
        "path_changed",
        "path_in_temp",
        "piped",
        "project",
        "readings_left",
        "relative_links",
        "rename_matches",
        "renamed",
        "runners",
        "sandboxed",
        "secret_written",
        "seen",
        "session_env",
        "shell_errexit",
        "shell_runners",
        "this_shell",
        "traps",
        "unattended",
        "unread_trees",
        "variables",
        "variables_unseen",
        "venv_left",
        "whitelist",
        "write_targets",
        "written",
    )

    def __init__(
        self,
        project: str | None,
        whitelist: tuple[str, ...],
        in_container: bool,
        in_venv: bool,
        home: str,
        check_source: Callable[[str, Ctx, int], Verdict],
        cwd: str | None = None,
        unattended: bool = False,
        sandboxed: bool = False,
        held: Callable[[str], bool] | None = None,
        environment: Mapping[str, str] | None = None,
        session_env: Callable[[], bool] | None = None,
    ) -> None:
        self.project = project
        self.environment: Mapping[str, str] = {} if environment is None else environment
        """The environment the line runs in (the hook's own: Claude Code starts each Bash
        command with the environment it was started with). Read only for a command word that
        is a variable the line does not set (:mod:`ondas.guards.bash_command_words`) and for
        the file ``CLAUDE_ENV_FILE`` names; empty unless given."""
        self.environment_given = environment is not None
        """Whether the caller said what the environment is: when not, a variable the line does
        not set is unknown (a command word of one stays refused, as before round 17)."""
        self.session_env = session_env
        """Asks whether Claude Code sources env files its session hooks wrote before each Bash
        command (``<config>/session-env/<session>/``, which the PreToolUse hook's environment
        does not show); None: none are (the bench, ``ondas guard bash``). Asked only for a
        command word read from the environment, once a check (:meth:`sourced`)."""
        self._sourced: bool | None = None
        env_file = self.environment.get("CLAUDE_ENV_FILE", "")
        self.env_file = posixpath.normpath(env_file) if env_file.startswith("/") else None
        """The env file Claude Code sources before every Bash command (``CLAUDE_ENV_FILE``),
        absolute; None when the environment names none. Writing it is refused in every mode."""
        config_dir = self.environment.get("CLAUDE_CONFIG_DIR")
        if config_dir:  # most checks: not set, nothing to read
            config_dir = config_dir.strip()
            if config_dir.startswith("~/"):
                config_dir = home + config_dir[1:]
        self.claude_dir = (
            posixpath.normpath(config_dir) if config_dir and config_dir[:1] == "/" else None
        )
        """Claude Code's config directory when the environment moves it (``CLAUDE_CONFIG_DIR``,
        absolute): its settings, hooks and sessions, control files as ``~/.claude`` is (round
        18, ``left18``); None when the environment names none."""
        self.whitelist = whitelist
        self.in_container = in_container
        self.in_venv = in_venv
        self.home = home
        self.check_source = check_source
        self.cwd = cwd
        self.cwd_also: tuple[str | None, ...] = ()
        """Other directories the shell may be in (:meth:`readings`): after a ``cd`` that may
        have failed and a ``;`` or ``||`` (``cd build; rm -rf src``) it is where it was or where
        the ``cd`` went, and each command is judged in each (refused if any reading refuses)."""
        self.cwd_failed: tuple[str | None, ...] | None = None
        """Where the shell is if the command just checked failed (a ``cd`` that may not find
        its directory stays where it was); None: where it is now. The walker reads it at the
        ``;``, ``&&`` or ``||`` that follows."""
        self.cwd_stack: list[tuple[str | None, ...]] = []
        """The readings ``pushd`` left behind, for ``popd`` to go back to."""
        self.cwd_previous: tuple[str | None, ...] = (None,)
        """The readings before the last ``cd`` (``$OLDPWD``, where ``cd -`` goes)."""
        self.builtins_off: frozenset[str] = frozenset()
        """Builtins this shell turned off (``enable -n cd``; ``?`` for a name not known): the
        name then runs a program found on ``PATH``, in a process of its own."""
        self.errexit = False
        """``set -e`` is on in this shell (``set -o errexit``, ``bash -e``): a plain statement
        that fails ends it, so a ``cd`` that may fail is followed only where it succeeded."""
        self.errexit_ignored = 0
        """How many contexts that ignore ``errexit`` the walk is in (an ``if``/``while``
        condition, left of ``&&``/``||``, after ``!``): in them a failure goes on."""
        self.shell_errexit = False
        """The next child shell checked starts with ``-e`` (``bash -e -c CODE``, a script
        whose first line is ``#!/bin/bash -e``)."""
        self.this_shell = False
        """The next source checked runs in the line's own shell (``eval``, ``source``, an
        alias, a function called): a ``cd`` in it moves the line; any other source checked
        (``bash -c``, a recipe, a hook) is a child process whose ``cd`` does not."""
        self.shell_runners = 0
        """How many of :attr:`runners` run the shell whose code is being checked (``bash -c``):
        those after them run the command in a process of its own."""
        self.readings_left = MAX_READING_WALKS
        """Statements that may still be walked once more for another reading of the working
        directory (:data:`MAX_READING_WALKS`)."""
        self.unattended = unattended
        self.sandboxed = sandboxed
        """The command runs inside the OS sandbox (:mod:`ondas.hooks.sandbox`), which stops
        every write outside the project: such writes are left to it (:data:`LEFT_TO_SANDBOX`)."""
        self.held = held
        """Asks git whether everything under an absolute path of the project is committed and
        unchanged, with nothing untracked or ignored under it (:func:`git_holds`); None where
        no repository can be asked (the bench, ``ondas guard bash``)."""
        self.line = ""
        """The command line as given, for the checks that judge it whole."""
        self.names: list[str] = []
        """The commands checked so far, in order."""
        self.variables: dict[str, str | None] = {}
        self.variables_unseen = False
        """A command of this line may have set variables the guard cannot read (a sourced file
        it has not read, ``declare $(cat f)``): from then on a variable the line did not
        assign has no value the guard knows, the environment's (``$TMPDIR``, ``$HOME``) and
        the stand-in of an environment variable in a write target included."""
        self.seen: set[str] = set()
        self.written = Written()
        """Files this command line writes, by absolute path: their text, None when unknown."""
        self.secret_written: dict[str, str] = {}
        """Files this command line writes a secret variable's value to, by the path as written
        (and absolute), with the variable's name (``printf %s "$TOKEN" > msg``)."""
        self.traps: list[str] = []
        """Trap commands and exported functions this command line sets: they run later (when
        the shell exits, in a child shell), with the variables and working directory of then,
        so they are checked again at the end."""
        self.jobs: list[str] = []
        """Statements this command line sends to the background (``sh f &``): a job runs beside
        the rest of the line, so a file the line writes after starting it may be what the job
        reads (``sh f & printf '...' > f``); checked again at the end when the line wrote files
        (round 21)."""
        self.functions: dict[str, tuple[str, bool]] = {}
        """Functions this command line defines: their body, and whether it passed where it was
        defined (a body refused only for a value unknown there, ``cleanup() { rm -rf "$tmp";
        }``, is checked again where it is called, with the values then)."""
        self.aliases: dict[str, str] = {}
        """Aliases this command line defines (bash expands them in scripts with
        ``expand_aliases``; the guard always does, which errs on the side of checking)."""
        self.path_changed = False
        self.venv_left = False
        """Whether the line left the virtualenv it runs in (round 22, redteam22): ``PATH`` set
        without its old value (``PATH=/usr/bin:/bin pip``), ``env -i``, or a pip or python
        named by a system directory (``/usr/bin/python3 -m pip``); pip then installs into the
        machine's or the user's site, as outside a virtualenv."""
        """This command line set ``PATH`` (or pointed a name at a file with ``hash -p``) before
        the command being checked: a bare name is no longer known to be the project's own tool
        (:mod:`ondas.guards.bash_local`)."""
        self.path_in_temp = False
        """PATH was set to hold a temporary directory: a name bash looks up may be any file."""
        self.loops: dict[str, list[str | None]] = {}
        """The ``for`` loops whose body is being checked: their variable -> the words it takes
        (globs as written, None unknown), whatever value the body is checked with; a body that
        moves each onto one file (``for f in src/*.py; do mv "$f" x.py; done``) deletes them."""
        self.renamed: dict[str, str] = {}
        """Names this line gave files by moving them (``mv src src.bak``, ``rename 's/$/.bak/'
        src/*.py``): the new name or glob made absolute -> the old one as written; deleting
        the new name later in the line deletes the old file (:func:`renamed_from`)."""
        self.links: dict[str, str] = {}
        """Symbolic links this line made: the link's absolute path -> the absolute path it
        points at; a path through the link names what it points at (``ln -s .. build/p && rm
        -rf build/p/src`` deletes the project's ``src``: :func:`through_links`)."""
        self.relative_links: set[str] = set()
        """Those of :attr:`links` whose text is relative: moved, they point elsewhere."""
        self.file_links: dict[str, str] = {}
        """Trees this line made of links to another tree's files (``cp -rs SRC DEST``: DEST's
        directories are its own, each file a link to SRC's): DEST -> SRC, absolute. A write
        through one lands in SRC's file; a deletion removes only links."""
        self.copied_trees: dict[str, str] = {}
        """Trees this line copied (``cp -r``, ``cp -a``) or moved whole: the destination ->
        the source, absolute. They copy a symbolic link as a link, with its text: a path
        under the copy goes through the links on disk in the source
        (:func:`through_copied_links`)."""
        self.unread_trees: list[str] = []
        """Directories this line extracted an archive into (``tar x``, ``unzip``): what the
        archive holds is unread, so any of its entries may be a link to anywhere."""
        self.rename_matches = 0
        """Globs compared with :attr:`renamed` so far (:data:`RENAME_MATCHES`)."""
        self.orphaned = False
        """This line made a branch without history (``git checkout --orphan``, ``switch
        --orphan``): a rename of the current branch over the default one then replaces its
        history (round 24)."""
        self.dotglob = False
        """This line made globs match names that begin with a dot (``shopt -s dotglob``, or
        ``GLOBIGNORE`` set to a value): ``*`` then names ``.git`` and ``.claude`` too."""
        self.nullglob = False
        """This line made a glob that matches nothing expand to nothing (``shopt -s
        nullglob``): a program given only such globs may be given no operand at all, and
        ``find`` then searches the working directory (round 17s)."""
        self.cdable_vars = False
        """This line made ``cd NAME`` go where the variable NAME says when there is no
        directory NAME (``shopt -s cdable_vars``, round 17s)."""
        self.copies: dict[str, str] = {}
        """Files this line copied from a file it did not write (absolute destination -> source
        as written): ``cp scripts/x.sh /tmp/x.sh`` puts the project's script in a temp area.
        A program the line built there from its sources (``go build -o /tmp/app ./cmd/app``)
        or a virtual environment's own programs are recorded as copies of those sources."""
        self.copies_unread: list[str] = []
        self.brought: dict[str, str] = {}
        """Files this line filled from a named file outside the project (``cp /tmp/x
        Makefile``): absolute destination -> the source as written. Also :attr:`written` with
        text unknown; run later, they are judged as that source run directly
        (:func:`brought_code`)."""
        self.brought_trees: dict[str, str] = {}
        """Directories every file of which may be one this line brought so (``tar xf
        /tmp/a.tar``, ``cp -r /tmp/p sub``), the same way."""
        """Destinations recorded in :attr:`copies` since the check of planted project tools
        last read them (round 14: it read every copy after each, 2,500 ``cp`` 8 s)."""
        self.assigned: dict[str, str | None] = {}
        """Variables assigned in front of the command being checked, with their values (None:
        computed): ``GOCACHE=src go clean -cache`` tells go where its cache is."""
        self.write_targets: list[str] = []
        """Where this command line writes (a redirect, a ``cp``/``mv``/``ln`` destination), as
        absolute paths: a project tool under one of them may be replaced before it runs."""
        self.runners: list[str] = []
        """The programs that run the command being checked, outermost first (``timeout``,
        ``npx``); ``fetched`` marks a package fetched to run it (``npx --package``)."""
        self.code_reading = ""
        """Set while text that only may be a command line is read as one
        (:func:`ondas.guards.bash_code.read_as_code`): ``"string"`` for a string literal of
        interpreter code, ``"code"`` for the code itself; empty for a command line bash runs."""
        self.piped: dict[tuple[str, int], tuple[list[Word], bool]] = {}
        """What :func:`piped_any` found so far: (question, id of a stage's words) -> the words
        (held, so the id stays theirs) and whether that stage or one before it answers yes."""

    def assigned_unseen(self) -> None:
        """A command may have set any variable (:attr:`variables_unseen`): what the line
        assigned before is no longer known (``T=echo; . ./lib.sh; "$T" ...``), nor the
        environment's values."""
        self.variables.update(dict.fromkeys(self.variables))
        self.variables_unseen = True

    def sourced(self) -> bool:
        """Whether an env file runs before the command and may set any variable: the one
        ``CLAUDE_ENV_FILE`` names, or one a session hook wrote (:attr:`session_env`)."""
        if self._sourced is None:
            self._sourced = "CLAUDE_ENV_FILE" in self.environment or bool(
                self.session_env is not None and self.session_env()
            )
        return self._sourced

    @property
    def oldpwd(self) -> str | None:
        """The previous working directory (``$OLDPWD``, ``~-``, where ``cd -`` goes) where this
        line's ``cd`` made it one known directory (:attr:`cwd_previous`); None: unknown."""
        return self.cwd_previous[0] if len(self.cwd_previous) == 1 else None

    def readings(self) -> tuple[str | None, ...]:
        """Every directory the shell may be in, the likeliest (``cwd``) first."""
        return (self.cwd, *self.cwd_also)

    def read_as(self, readings: Sequence[str | None]) -> None:
        """Make ``readings`` the directories the shell may be in (the first the likeliest); past
        :data:`MAX_READINGS` the rest are one unknown directory."""
        unique = tuple(dict.fromkeys(readings))
        if not unique:
            return
        if len(unique) > MAX_READINGS:
            unique = tuple(dict.fromkeys((*unique[: MAX_READINGS - 1], None)))
        self.cwd, self.cwd_also = unique[0], unique[1:]

    def directory(self) -> DirectoryState:
        """What a subshell inherits of the working directory, to be put back after it."""
        return (
            self.cwd,
            self.cwd_also,
            self.cwd_failed,
            tuple(self.cwd_stack),
            self.cwd_previous,
            self.builtins_off,
            self.errexit,
        )

    def enter(self, state: DirectoryState) -> None:
        """Put back a state :meth:`directory` saved (a subshell's ``cd`` does not outlive it)."""
        self.cwd, self.cwd_also, self.cwd_failed, stack, self.cwd_previous = state[:5]
        self.builtins_off, self.errexit = state[5], state[6]
        self.cwd_stack = list(stack)

    @property
    def exits_on_failure(self) -> bool:
        """A plain statement that fails here ends the shell (``set -e``, not ignored)."""
        return self.errexit and not self.errexit_ignored


def in_this_shell(source: str, ctx: Ctx, depth: int) -> Verdict:
    """``source`` checked as code the line's own shell runs (``eval``, ``source``, an alias or
    a function called): a ``cd`` in it moves the line, as one in a child shell does not."""
    ctx.this_shell = True
    return ctx.check_source(source, ctx, depth)


def piped_any(s: Stdin, ctx: Ctx, question: str, test: Callable[[list[Word]], bool]) -> bool:
    """Whether a stage piped into ``s`` passes ``test`` (``question`` names it), each stage
    tested once per command line: every later stage of a pipeline is given the list of the
    stages before it, so asking each list whole made a pipeline of sinks (``| kill``, ``|
    python3``) quadratic (round 14: 2000 stages 18 s). A stage's list of words is made once
    and always follows the same stages, so the answer for the stages up to it is kept."""
    stages = s.upstream
    k = len(stages)
    while k > 0 and (question, id(stages[k - 1])) not in ctx.piped:
        k -= 1
    found = ctx.piped[(question, id(stages[k - 1]))][1] if k > 0 else False
    for stage in stages[k:]:
        found = found or test(stage)
        ctx.piped[(question, id(stage))] = (stage, found)
    return found


def note_written(ctx: Ctx, path: str, text: str | None, append: bool = False) -> None:
    """Remember that this command line writes ``text`` to ``path`` (None: text unknown), so a
    shell, interpreter or make that runs the file later in the line reads that text
    (:func:`ondas.guards.bash_system.written_script`)."""
    if ctx.cwd is not None:
        path = posixpath.normpath(posixpath.join(ctx.cwd, path))
    if append and path in ctx.written:
        before = ctx.written[path]
        text = None if before is None or text is None else before + "\n" + text
    ctx.written[path] = text


def written_text(ctx: Ctx, path: str) -> tuple[bool, str | None]:
    """Whether this command line wrote ``path`` before, and the text it wrote (None: unknown)."""
    if path not in ctx.written and ctx.cwd is not None:
        path = posixpath.normpath(posixpath.join(ctx.cwd, path))
    return path in ctx.written, ctx.written.get(path)


def word_set(names: str) -> frozenset[str]:
    """The set of the space-separated ``names``."""
    return frozenset(names.split())


if TYPE_CHECKING:
    Handler = Callable[[str, list[Word], Ctx, int, str, "Stdin | None"], Verdict]
else:  # read only in annotations, which ``from __future__ import annotations`` leaves as text
    Handler = "Callable[[str, list[Word], Ctx, int, str, Stdin | None], Verdict]"

TEMP_NAMES = word_set(
    "tmp temp .tmp build dist out target node_modules __pycache__ "
    ".pytest_cache .mypy_cache .ruff_cache .cache .tox .nox htmlcov "
    "coverage .coverage .next .nuxt .parcel-cache .turbo .eggs .venv venv "
    ".gradle .hypothesis _build site "
    # build output and caches of more toolchains, each regenerated by its tool
    ".nyc_output .sass-cache .angular .svelte-kit .docusaurus .expo .output .vite .astro "
    ".wrangler .parcel-cache storybook-static elm-stuff _site .stack-work dist-newstyle "
    ".zig-cache zig-cache zig-out .dart_tool .build DerivedData .eslintcache .stylelintcache "
    ".ipynb_checkpoints .pytype .pyre .benchmarks "
    # round 12: executed notebooks of the Jupyter Sphinx builders (myst-nb, jupyter-sphinx) and
    # their cache, Jekyll's and Quarto's caches, automake's dependency files and CMake's fetched
    # dependencies, each regenerated by the next build
    "jupyter_execute .jupyter_cache .jekyll-cache .quarto .deps _deps "
    # round 13: autoconf's cache, which autoreconf and autoconf write again on the next run
    "autom4te.cache"
)
"""Directory names inside a project that are scratch space (``rm -r`` is allowed there)."""
FILE_SUFFIXES = word_set(
    "json lock log txt md rst py pyc js mjs cjs ts tsx jsx css scss html xml yaml yml toml "
    "cfg ini csv tsv db sqlite sqlite3 tgz zip tar gz bz2 xz whl jar war so o a dylib dll exe "
    "map pid out err tmp bak swp orig rej "
    # packages a build writes, each one file (``pkg_*.deb``, ``app-1.2.dmg``)
    "deb rpm apk ipa aab dmg msi msix nupkg snupkg gem crate snap appimage vsix xpi "
    # round 11: the files a Debian source build writes beside them (``rm -rf *.dsc``)
    "dsc changes buildinfo udeb ddeb "
    # round 17: the images, firmware and listings a bare-metal or OS build writes (``rm -rf
    # *.bin *.dis *.elf``: a boot sector, its disassembly, the linked kernel)
    "bin elf img iso hex dis lst uf2"
)
"""Extensions of files (``package-lock.json``, ``app.log``): ``rm -r`` of such a name
deletes one file, as ``rm`` does, not a directory's tree."""

DEFAULT_BRANCHES = frozenset({"main", "master", "trunk", "develop", "production", "release"})
SHELLS = frozenset(
    {"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "yash"}
    | {"oksh", "loksh", "posh", "hush", "osh", "ysh", "nu", "xonsh", "elvish"}
)
"""Shells: ``-c TEXT`` (and a script, or standard input) is a command line; the shells of the
second line speak other languages (nushell, xonsh, elvish, oils' ysh) whose ``-c`` text is still
read as bash would read it, which sees their programs and paths."""
DOWNLOADERS = word_set(
    "curl wget wget2 fetch aria2c http https xh lwp-request iwr irm "
    "invoke-webrequest invoke-restmethod nc ncat netcat socat ftp tftp scp "
    "sftp"
)
DECODERS = frozenset({"base64", "base32", "basenc", "xxd", "uudecode", "openssl", "certutil"})
_VERSIONED_INTERPRETERS = frozenset({"python", "pypy", "perl", "php", "lua"})
"""Interpreters also called with a version suffix (``python3.11``, ``perl5``, ``lua5.4``)."""
UNLISTED_INTERPRETERS = frozenset(
    {
        *("julia", "guile", "racket", "groovy", "erl", "escript", "bb", "clojure", "r", "ocaml"),
        *("tclsh", "octave", "raku"),  # round 16s
        "chibi-scheme",  # round 22: an R7RS Scheme
    }
)
"""Interpreters whose code the guard reads for what the others' reveals (a shell call, a
deletion, a write), but whose own libraries it does not know: an unattended run still refuses
them as programs no rule names (:func:`ondas.guards.bash_contain.interpreter`), unless all they
are given is a script of the project (``julia bench/run.jl``, ``ocaml boot/bootstrap.ml``),
the project's own code as ``./run.jl`` is."""
NODE_RUNNERS = frozenset(
    {"tsx", "ts-node", "ts-node-dev", "coffee", "lsc", "babel-node", "sucrase-node", "esno"}
    | {"vite-node", "jiti"}
)
"""Programs that run a script (or ``-e`` code) on node, compiling it from another language
first: TypeScript (tsx, ts-node), CoffeeScript (round 22: ``coffee -e CODE``, ``coffee
script.coffee``), LiveScript (``lsc``), Babel's and Sucrase's, Vite's and jiti's runners. Their
code is judged as node's (:func:`ondas.guards.bash_contain.interpreter`)."""
_INTERPRETERS = frozenset(
    {
        *("ruby", "node", "nodejs", "deno", "bun", "rscript", "jshell", "osascript"),
        *("elixir", "luajit"),
        *NODE_RUNNERS,  # round 17: ts-node-dev, ts-node restarted on each change
        *UNLISTED_INTERPRETERS,
    }
)
_GLOB = LazyPattern(r"[*?\[]")


def _has_glob(text: str) -> bool:
    """Whether ``text`` holds a pattern character (``*``, ``?``, ``[``), as
    ``_GLOB.search(text)`` finds one, without running a pattern: a write into the project
    (``ls > out.txt``) no longer imports ``re`` in the hook process."""
    return "*" in text or "?" in text or "[" in text


def is_interpreter(name: str) -> bool:
    """True for a program that runs code given on its command line (``python3 -c ...``).

    Plain string tests rather than a regular expression: this runs for every command without
    a rule of its own, and most commands then need no :mod:`re` at all.
    """
    return name in _INTERPRETERS or name.rstrip("0123456789.") in _VERSIONED_INTERPRETERS


def _code_words(name: str, ctx: Ctx) -> str:
    """Which of ``name``'s words may be code, for the secret files' rule: ``"word"`` in
    interpreter code read as a command line, ``"text"`` for an interpreter's or a console's
    (``ruby -e CODE``, ``rails runner CODE``) and a runner's (``bundle exec rails runner
    CODE``: the command it runs is judged again by its own name), ``""`` for any other
    program's (file names)."""
    if ctx.code_reading == "code":
        return "word"
    if is_interpreter(name) or name in CONSOLE_NAMES:
        return "text"
    from ondas.guards.bash_runners import RUNNERS

    return "text" if name in RUNNERS else ""


def block(rule: str, segment: str, reason: str) -> Verdict:
    """Shorthand for :meth:`Verdict.block`."""
    return Verdict.block(rule, segment, reason)


WINDOWS_LAUNCHERS = (".exe", ".cmd", ".bat", ".com", ".ps1")
"""The endings Windows runs a program by (``PATHEXT``'s, and PowerShell's scripts): installers
put a program's launcher there under its own name (``gcloud.cmd``, ``az.cmd``, ``npm.cmd``,
``terraform.exe``, ``Scoop``'s ``.ps1`` shims), which runs that program with its words (round
23, left23)."""


def command_name(value: str) -> str:
    """The canonical name of a command word: basename, lower case, no Windows launcher ending
    (:data:`WINDOWS_LAUNCHERS`)."""
    # string operations, not regular expressions: this runs for every command
    name = value.replace("\\", "/").rsplit("/", 1)[-1].lower()
    if name.endswith(WINDOWS_LAUNCHERS) and len(name) > 4:
        name = name[:-4]
    if name[-1:].isdigit():
        name = unversioned(name)
    if "-" in name and (name.count("-") >= 2 or name.startswith(("avr-", "msp430-"))):
        name = cross_tool(name)
    if name.startswith("mkfs"):
        return "mkfs"
    if name.startswith("pip") and not name[3:].strip("0123456789."):
        return "pip"
    return name


_PATTERN_CHARS = frozenset("*?[")


def globbed(word: Word) -> bool:
    """Whether bash may expand ``word`` to file names: an unquoted word, or a concatenation
    whose unquoted part holds a pattern (``.en[v]`` and ``id_rs[a]`` parse as concatenations)."""
    return word.kind == "word" or (word.kind == "concatenation" and pathname_pattern(word.text))


def pathname_pattern(text: str) -> bool:
    """Whether ``text``, a word as written, holds a pattern bash expands to file names: an
    unquoted, unescaped ``*``, ``?`` or ``[...]`` (``/???/bin/ba*``, ``/usr/bin/r[m]``). Quoted
    text, ``$?``/``$*`` and what ``${...}``/``$(...)`` hold are not patterns; ``[`` alone is
    the ``test`` builtin's name (round 11b)."""
    if not _PATTERN_CHARS.intersection(text):
        return False
    quote = ""
    i, end = 0, len(text)
    while i < end:
        c = text[i]
        if quote:
            if c == "\\" and quote != "'":
                i += 1
            elif c == quote[-1]:
                quote = ""
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        elif c == "$":
            nxt = text[i + 1 : i + 2]
            if nxt == "'":
                quote, i = "$'", i + 1  # ``$'...'``: backslashes escape, a quote ends it
            elif nxt in {"{", "("}:
                depth, i = 1, i + 2
                while i < end and depth:
                    depth += {"{": 1, "(": 1, "}": -1, ")": -1}.get(text[i], 0)
                    i += 1
                continue
            else:
                i += 1  # ``$?``, ``$*``, ``$@``: parameters
        elif c in "*?" or (c == "[" and "]" in text[i + 2 :]):
            return True
        i += 1
    return False


def unversioned(name: str) -> str:
    """``name`` without a version suffix: a hyphen and a number (``gcc-13``, ``g++-12``,
    ``clang-format-21``, ``llvm-ar-18``), or a dotted version glued to it (``python3.12``,
    ``pip3.11``, ``lua5.4``, ``bash5.2``). Digits that belong to the name stay (``bzip2``,
    ``base64``, ``python3``, ``gpg2``): judged as themselves."""
    base = name.rstrip("0123456789.")
    if len(base) > 1 and base[-1] == "-" and base[-2] != "-":
        return base[:-1]
    if base and base[-1] != "-" and "." in name[len(base) :]:
        return base
    return name


TARGET_ARCHES = word_set(
    "x86_64 amd64 i386 i486 i586 i686 aarch64 aarch64_be arm arm64 armeb armel armhf armv5 "
    "armv5te armv6 armv7 armv7a armv7l armv7hl armv8 riscv32 riscv64 mips mipsel mips64 mips64el "
    "powerpc powerpc64 powerpc64le ppc ppc64 ppc64le s390x sparc sparc64 loongarch64 m68k sh4 "
    "alpha hppa avr xtensa or1k thumbv6m thumbv7m thumbv7em"
)
"""The machine part that opens a GNU target triplet (``x86_64-linux-gnu``, ``arm-none-eabi``,
``aarch64-linux-android21``, ``x86_64-w64-mingw32``)."""
CROSS_TOOLS = word_set(
    "gcc g++ cc c++ clang clang++ ld ld.bfd ld.gold ld.lld as ar nm objdump readelf size strings "
    "strip gcov gdb objcopy addr2line"
)
"""A toolchain's programs that cross toolchains install under the target's prefix
(``x86_64-linux-gnu-gcc``, ``arm-none-eabi-objdump``, ``aarch64-linux-android21-clang++``):
the same programs for another machine, judged by their rules (``-wrapper``, ``-o``, gdb's
commands) as the plain names are."""


def cross_tool(name: str) -> str:
    """``name`` without a target triplet before a toolchain program of :data:`CROSS_TOOLS`
    (``x86_64-linux-gnu-gcc`` is ``gcc``); any other name unchanged."""
    arch, _, rest = name.partition("-")
    tool = rest.rsplit("-", 1)[-1]
    if arch in TARGET_ARCHES and tool in CROSS_TOOLS and (rest != tool or arch in BARE_ARCHES):
        return tool
    return name


BARE_ARCHES = word_set("avr msp430")
"""Targets whose toolchains name their programs after the machine alone (round 19: AVR's
``avr-gcc``, ``avr-objcopy``, ``avr-size``; ``msp430-gcc``)."""


_UNDER_VARIABLE = LazyPattern(
    r'^"?\$(?:\{(?P<b>[A-Za-z_]\w*)\}|(?P<n>[A-Za-z_]\w*))(?P<rest>(?:/[\w.+-]+)+)"?$'
)
"""A literal path under the directory a variable names: ``$VAR/a/b``, ``"${VAR}/a/b"``."""
_INSTALL_VARIABLE = LazyPattern(r"[A-Z][A-Z0-9_]*_(?:HOME|ROOT|PREFIX)")
"""A toolchain's install variable (``ANDROID_HOME``, ``JAVA_HOME``, ``CONDA_PREFIX``)."""


def under_session_variable(text: str, ctx: Ctx) -> tuple[str, list[str]] | None:
    """The variable and the literal path's parts after it, for a word ``$VAR/a/b`` whose
    variable this line does not set, so the session's environment names the directory, and
    whose parts neither stay nor climb (``.``, ``..``); None otherwise."""
    match = _UNDER_VARIABLE.match(text)
    if match is None:
        return None
    name = match.group("b") or match.group("n")
    parts = match.group("rest").split("/")[1:]
    if name in ctx.variables or any(part in {".", ".."} for part in parts):
        return None
    return name, parts


def installed_program(text: str, ctx: Ctx) -> str | None:
    """The name of the program ``text`` runs from a toolchain's install directory that the
    environment names and this line does not set (``$ANDROID_HOME/emulator/emulator``,
    ``"${JAVA_HOME}/bin/java"``, ``$CONDA_PREFIX/bin/python``); None otherwise. With the OS
    sandbox on, such a program runs inside it as one given by its path does
    (``/opt/android/emulator/emulator``), and is judged by its name (``$TOOL_HOME/bin/rm -rf .``
    as rm); unattended, where the directory may be anything, it stays a name computed at run
    time."""
    found = under_session_variable(text, ctx)
    if found is None or _INSTALL_VARIABLE.fullmatch(found[0]) is None:
        return None
    return found[1][-1]


def shadowed(program: Verdict, stand_in: Verdict) -> Verdict:
    """The verdict on a command whose name an alias or a function of the line stands in for
    (``stand_in``'s verdict), given ``program``, the verdict on the program of that name run
    as written: bash runs the program once the stand-in is gone or not seen (``unset -f``,
    ``unalias``, a child shell, an alias defined on the same line), so a refusal of the
    program stands. Only its refusal as an unknown program does not: a name the line
    defines (``ll``, ``deploy``) is rarely a program's."""
    if program.allowed or program.rule == "unknown-program":
        return stand_in
    return program


def check_argv(
    argv: list[Word], ctx: Ctx, depth: int, segment: str, stdin: Stdin | None = None
) -> Verdict:
    """Check one simple command; wrappers are unwrapped and their inner command checked."""
    if not argv:
        return ALLOW
    head = argv[0]
    if head.value is None and ctx.sandboxed:
        installed = installed_program(head.text, ctx)
        if installed is not None:
            head = Word(installed, head.text)  # ``$ANDROID_HOME/emulator/emulator``: by its name
    if head.environment:
        # ``$PYTHON -m pytest``: the words bash makes of the variable's value, judged as any
        # command; a refusal names the variable and keeps its value out of the reason
        from ondas.guards.bash_command_words import refused_from_environment

        plain = Word(head.value, head.text, head.kind)
        verdict = check_argv([plain, *argv[1:]], ctx, depth, segment, stdin)
        if verdict.allowed:
            return verdict
        return refused_from_environment(verdict, head.environment, segment)
    if head.value is None:
        from ondas.guards.bash_command_words import computed_name_reason

        return block("dynamic-command", segment, computed_name_reason(head.text, ctx))
    if head.kind != "raw_string" and pathname_pattern(head.text):
        return block(
            "dynamic-command",
            segment,
            f"the command name {head.text[:60]!r} is a pattern bash expands at run time to "
            "whatever file matches it",
        )
    name = command_name(head.value)
    args = argv[1:]
    if head.value[:1] == "/" and name.startswith(("pip", "python")):
        # round 22: ``/usr/bin/python3 -m pip install x`` is the machine's pip, not the venv's
        ctx.venv_left = ctx.venv_left or head.value.startswith(SYSTEM_PROGRAM_DIRS)
    if name in _GUARD_CHANGERS and any(a.value is None and "ondas" in a.text for a in args):
        return block(
            "ondas-state-mutation",
            segment,
            f"{name} is given a path computed from where ondas is installed: ondas is the guard "
            "that checks every command, and changing its files turns the checks off",
        )
    if "=" in head.value:
        ctx.names.append(name)
        return _as_it_reads(head.value, args, ctx, depth, segment, stdin)
    if not name:
        return ALLOW
    ctx.names.append(name)
    if ctx.aliases and depth <= 6:
        key = head.value if head.value in ctx.aliases else name  # ``alias gcc-13=...``
        if key in ctx.aliases:
            alias = ctx.aliases.pop(key)  # an alias is not expanded inside itself
            try:
                rest = " ".join(_quoted(a) for a in args)
                verdict = in_this_shell(f"{alias} {rest}", ctx, depth + 1)
                if verdict.allowed:
                    # bash may run the word itself: an alias defined on the same line, a
                    # quoted or escaped word (``\rm``), a path (``/bin/rm``), ``unalias``,
                    # aliases not expanded in a shell without ``expand_aliases``
                    verdict = shadowed(check_argv(argv, ctx, depth + 1, segment, stdin), verdict)
                return verdict
            finally:
                ctx.aliases[key] = alias
    if ctx.written and "/" in head.value and written_text(ctx, head.value)[0]:
        from ondas.guards.bash_system import written_script

        verdict = written_script(head.value, ctx, depth, segment, run=True)
        if not verdict.allowed:
            return verdict
    if name.startswith("git-") and len(name) > 4 and name not in HANDLERS:
        # ``git-filter-repo ARGS`` is ``git filter-repo ARGS``: git runs its sub-commands so
        sub = Word(name[4:], name[4:])
        verdict = check_argv([Word("git", "git"), sub, *args], ctx, depth + 1, segment, stdin)
        if not verdict.allowed:
            return verdict
    if name in _CONTAINER_CLIS:
        from ondas.guards.bash_known import spelled_out

        args = spelled_out(name, args)  # ``docker run -itv /:/host``: ``-i -t -v /:/host``
    verdict = _judged(head.value, name, args, ctx, depth, segment, stdin)
    if verdict.allowed and (name in _MAKERS or name.startswith("python")):
        from ondas.guards.bash_made import note_made

        note_made(name, args, ctx)  # ``gcc -o /tmp/t t.c``, ``python3 -m venv /tmp/v``
    if (
        verdict.allowed
        and name not in _LISTS_ONLY
        and name not in DEVICE_TOOLS
        and not _images_a_disk(name, args)
    ):
        device = next_value(args, raw_device)
        if device is not None:  # its writes had their rules above; what is left reads it
            return reads_raw_device(name, device, segment)
    if verdict.allowed and next_value(args, mining_pool) is not None:
        from ondas.guards.bash_contain import POOL_TEXT_TOOLS  # loaded only for such a word

        if name not in POOL_TEXT_TOOLS:
            return mining(name, segment)  # ``./xmrig -o stratum+tcp://pool:3333``: round 24
    if verdict.allowed and name not in _LISTS_ONLY:
        store = next_value(args, lambda value: state_store(value, ctx))
        if store is not None:  # a write to it has its own rule, which spoke first
            return block(
                "state-read",
                segment,
                f"{name} is given {store!r}: the ondas store (audit log, token hashes) is the "
                "runtime's; the agent reads its run through ondas's read commands",
            )
    return verdict


_CONTAINER_CLIS = frozenset({"docker", "podman", "nerdctl"})
"""Container engines whose ``run`` options bundled in one word are spelled out before any rule
reads them (:func:`ondas.guards.bash_known.spelled_out`)."""


def next_value(args: Sequence[Word], test: Callable[[str], bool]) -> str | None:
    """The first known, non-empty value of ``args`` that passes ``test``, or None. A plain loop,
    as :func:`value_among` and :func:`value_holding`: these run for every command, where a
    generator expression costs twice the loop."""
    for word in args:
        value = word.value
        if value and test(value):
            return value
    return None


def value_among(args: Sequence[Word], values: Container[str | None]) -> bool:
    """Whether the value of one of ``args`` is one of ``values``."""
    for word in args:  # noqa: SIM110 (see :func:`next_value`)
        if word.value in values:
            return True
    return False


def value_holding(args: Sequence[Word], part: str) -> bool:
    """Whether the known value of one of ``args`` holds ``part``."""
    for word in args:
        value = word.value
        if value is not None and part in value:
            return True
    return False


def _as_it_reads(
    spelled: str, args: list[Word], ctx: Ctx, depth: int, segment: str, stdin: Stdin | None
) -> Verdict:
    """A ``NAME=VALUE`` word where a program is named, judged as the line reads (harm12).

    Bash takes such a word as an assignment only before the command and with a valid NAME, and
    a wrapper that runs its words (``timeout``, ``nice``, ``nohup``, ``command``, ``xargs``)
    never does: ``timeout 30 GIT_SSH_COMMAND=/tmp/x git fetch`` and ``A-B=2 git reset --hard``
    run a program named by the whole word (usually none: "not found"). The line reads as a
    variable set for the command after it, and that reading is judged too: the variable by its
    rule, the rest as the command it names. As bash runs it, the word names no program a rule
    knows (no program's name holds ``=``: not ``ssh`` for ``X=/tmp/ssh``, a file under a
    directory ``X=``), and is let through as it was before, in every mode: longline's everyday
    set holds ``timeout 30 GIT_EDITOR=true git status``."""
    key, _eq, value = spelled.partition("=")
    if key and key[0] not in "0123456789" and key.replace("_", "a").isalnum() and key.isascii():
        verdict = check_assignment(key, value, ctx, depth, segment)
        if not verdict.allowed:
            return verdict
    return check_argv(args, ctx, depth, segment, stdin) if args else ALLOW


SCAFFOLDERS_NAMED = word_set(
    "rails php ng plop nuxi create-vite npm yarn pnpm bun hugo cargo copier"
)
_OVERWRITING = word_set("--force -f --overwrite -w")
"""Generators judged for their overwriting forms before their own rules
(:data:`ondas.guards.bash_scaffolders.SCAFFOLDERS`, loaded only for lines that overwrite;
round 20s)."""


def _judged(
    spelled: str,
    name: str,
    args: list[Word],
    ctx: Ctx,
    depth: int,
    segment: str,
    stdin: Stdin | None,
) -> Verdict:
    """The verdict of the rules on one command named ``name`` (spelled ``spelled``)."""
    if unseen_program(spelled, ctx):
        # ``/tmp/w``, ``/tmp/gh status``: a temp directory holds whatever anyone wrote there
        # (the agent too, unattended); the name of the file says nothing of what it runs, as
        # ``/tmp/x.sh`` says nothing, so it is no ``w`` or ``gh`` the rules know
        where_from = unread_place(posixpath.dirname(spelled) or "/", ctx) or "a temporary area"
        return block(
            "unknown-program",
            segment,
            f"{spelled} lies in {where_from}, under a name that says nothing of what it runs; "
            "unattended runs without the OS sandbox refuse unknown programs",
        )
    if ctx.unattended and ctx.path_in_temp and "/" not in spelled and name not in SHELL_BUILTINS:
        # ``PATH=/tmp gh pr view``: bash finds the name in the temp directory first
        return block(
            "unknown-program",
            segment,
            f"{spelled} is looked up on a PATH this line set to a temporary directory, where "
            "any program may have been written under that name; unattended runs without the "
            "OS sandbox refuse unknown programs",
        )
    if ctx.written:
        from ondas.guards.bash_sources import written_sources

        verdict = written_sources(name, args, ctx, depth, segment)  # ``> m.go; go run m.go``
        if not verdict.allowed:
            return verdict
    if name in RECIPE_FILE_READERS:
        substituted = next((a for a in args if a.kind == "process_substitution"), None)
        if substituted is not None:  # ``make -f <(printf 'x:\n\trm -rf src\n')``
            from ondas.guards.bash_system import _procsub

            return _procsub(substituted, segment)
    if ctx.unattended and name in RECIPE_RUNNERS and ctx.cwd is not None:
        verdict = _recipes_in_temp(name, args, ctx, segment)  # ``cd /tmp/w && make``
        if not verdict.allowed:
            return verdict
    temp_args = (
        ctx.unattended
        and (name in UNSEEN_CODE_PROGRAMS or name in PRELOADERS)
        and _names_temp(args, ctx)
    )
    if (
        ctx.unattended
        and name in UNSEEN_CODE_PROGRAMS
        and not temp_args
        and (STDIN_FILES.intersection(a.value for a in args) or _attached_stdin(args))
    ):
        temp_args = True  # ``cmake -P /dev/stdin <<< TEXT``: code read from standard input
    if temp_args and name in UNSEEN_CODE_PROGRAMS:
        from ondas.guards.bash_startup import unseen_code_options

        verdict = unseen_code_options(name, args, ctx, segment)  # ``make -f /tmp/mk``
        if not verdict.allowed:
            return verdict
    if name in MEDIA_PROGRAMS:
        from ondas.guards.bash_media import media_words

        verdict = media_words(name, args, ctx, depth, segment)  # ``convert ephemeral:F out``
        if not verdict.allowed:
            return verdict
    if ctx.unattended and name in UNSEEN_CODE_PROGRAMS and value_holding(args, "://"):
        from ondas.guards.bash_startup import fetched_script

        verdict = fetched_script(name, args, ctx, segment)  # ``streamlit run https://h/app.py``
        if not verdict.allowed:
            return verdict
    if ctx.unattended and (
        temp_args if name in UNSEEN_CODE_PROGRAMS or name in PRELOADERS else _names_temp(args, ctx)
    ):
        from ondas.guards.bash_named_code import named_code

        verdict = named_code(name, args, ctx, segment)  # ``jest --globalSetup /tmp/s.js``
        if not verdict.allowed:
            return verdict
    if ctx.unattended and plugin_loader(name):
        from ondas.guards.bash_plugins import foreign_plugin

        verdict = foreign_plugin(name, args, ctx, segment)  # ``gcc -fplugin=/home/u/p.so``
        if not verdict.allowed:
            return verdict
    if ctx.unattended and name in KEY_DIRECTORY_COPIERS:
        from ondas.guards.bash_key_directories import copied_key_directory

        verdict = copied_key_directory(name, args, ctx, segment)  # ``cp -r ~/.kube ./k``
        if not verdict.allowed:
            return verdict
    if (
        ((ctx.written or temp_args) and name in PRELOADERS)
        or (ctx.written and ctx.path_changed)
        or (name in {"node", "nodejs"} and any("data:" in a.text for a in args))
    ):
        from ondas.guards.bash_startup import loaded_at_start

        verdict = loaded_at_start(spelled, name, args, ctx, depth, segment)  # ``node -r FILE``
        if not verdict.allowed:
            return verdict
    if name not in KEY_USERS:
        written = _copy_destination(name, args)
        for word in args:
            if word.value is not None and word is not written and credential_word(word, ctx):
                return _reads_credentials(name, word.value, segment)
            if word.value is None and (
                process_secrets(word.text)
                or ("XDG_RUNTIME_DIR" in word.text and credential_file(word.text))
            ):
                # ``/proc/$(pgrep node)/environ``: some process's environment, its secrets
                return _reads_credentials(name, word.text, segment)
            if word.value is None and word is not written and "/." in word.text:
                pattern = unknown_parts_as_glob(word.text)
                if pattern is not None and credential_file(pattern):
                    # ``cat ~/.ssh/$f`` (a loop over ``ls ~/.ssh``): some file of the store,
                    # as ``cat ~/.ssh/*`` reads them all (round 24)
                    return _reads_credentials(name, word.text, segment)
    elif name in COPIERS:  # ``scp ~/.ssh/id_rsa host:`` copies the key; ``scp -i KEY`` uses it
        for word in positionals(args, _COPIER_VALUE):
            if word.value is not None and credential_word(word, ctx):
                return _reads_credentials(name, word.value, segment)
    elif name in {"gpg", "gpg2"} and any(
        ("password-store" in (w.value or "") or _decrypts(args)) and credential_word(w)
        for w in positionals(args, _GPG_VALUED)
    ):  # ``gpg -d ~/.password-store/site.gpg`` prints the password, as ``pass show`` does;
        # round 15: any credential store it decrypts (``gpg -d ~/.authinfo.gpg``)
        entry = next(w.value for w in positionals(args, _GPG_VALUED) if credential_word(w))
        return _reads_credentials(name, entry or "", segment)
    elif name == "git" and (read := _git_reads_credential(args)) is not None:
        return _reads_credentials(name, read, segment)  # ``git hash-object -w ~/.ssh/id_rsa``
    elif name not in LOOKERS:  # ``git diff /dev/null /etc/shadow`` reads a machine secret
        for word in args:
            v = word.value
            if v is not None and "etc" in v and credential_file(v, system_only=True):
                return _reads_credentials(name, v, segment)
    if name in PROGRAM_CLEAN_WORDS or gives_clean_word(args):
        from ondas.guards.bash_output_options import cleaned_directories

        verdict = cleaned_directories(name, args, ctx, segment)  # ``make clean BUILDDIR=src``
        if not verdict.allowed:
            return verdict
    if name in SCAFFOLDERS:
        from ondas.guards.bash_output_options import scaffolded

        verdict = scaffolded(name, args, ctx, segment)  # ``rails new . --force``
        if not verdict.allowed:
            return verdict
    if ctx.renamed and name in CLEANED_BY_DEFAULT:
        from ondas.guards.bash_output_options import cleaned_by_default

        verdict = cleaned_by_default(name, args, ctx, segment)  # ``mv src target/ && cargo clean``
        if not verdict.allowed:
            return verdict
    if name in TRANSPILERS:
        from ondas.guards.bash_output_options import compiled_over_input

        verdict = compiled_over_input(name, args, ctx, segment)  # ``babel src -d src``
        if not verdict.allowed:
            return verdict
    if (
        ctx.unattended
        and (name in DEBUG_SERVERS or name.startswith("python"))
        and ("0.0.0.0" in segment or "*" in segment or "::" in segment or "bind_all" in segment)
    ):
        from ondas.guards.bash_sockets import open_debugger

        verdict = open_debugger(name, args, ctx, segment)  # ``node --inspect=0.0.0.0``
        if not verdict.allowed:
            return verdict
    if name in ARGV_AFTER_OPTION or name in PIPED_OUTPUTS:
        verdict = _option_commands(name, args, ctx, depth, segment, stdin)
        if not verdict.allowed:
            return verdict
    if name in URL_OPENERS and "://" in segment:
        from ondas.guards.bash_net import network_url

        for word in args:  # round 15: ``ffmpeg -i https://HOST/a.mp4``: an input fetched
            if word.value is not None and _URL_INPUT.match(word.value):
                verdict = network_url(word.value, ctx, segment)
                if not verdict.allowed:
                    return verdict
    if ctx.unattended and name in FOREIGN_BUILDS:
        for place in option_values(args, FOREIGN_BUILDS[name], frozenset({"-C", "-f"})):
            if place.value is not None and classify(place.value, ctx) in {"home", "home-inside"}:
                return block(
                    "unknown-program",
                    segment,
                    f"{name} runs the build file of {place.value}, in the home outside the "
                    "project (another repository's recipes); unattended runs without the OS "
                    "sandbox refuse code they did not see",
                )
    if name in INSTALL_PLACES:
        verdict = _install_places(name, args, ctx, segment)  # ``make install PREFIX=~/.local``
        if not verdict.allowed:
            return verdict
    if name in DATABASE_CLIENTS:
        from ondas.guards.bash_net import database_hosts

        verdict = database_hosts(name, args, ctx, segment)  # ``psql -h HOST``
        if not verdict.allowed:
            return verdict
    if name in RULED_OUTPUTS:
        from ondas.guards.bash_output_options import output_files

        verdict = output_files(name, args, ctx, segment)  # ``tar --index-file=~/.bashrc``
        if not verdict.allowed:
            return verdict
    if name in TREE_READERS:
        from ondas.guards.bash_credential_paths import tree_of_credentials

        tree = tree_of_credentials(name, args, ctx)
        if tree is not None:
            return _reads_credentials(name, tree, segment)
    for word in args:
        v = word.value if word.value is not None else word.text  # ``"$DIR/.env"``: its name
        # whether bash expands it matters only for a word that holds a pattern character
        glob = word.value is not None and not _PATTERN_CHARS.isdisjoint(v) and globbed(word)
        if v and secret_hint(v, glob=glob):
            from ondas.guards.bash_secret_files import reads_secret_file

            verdict = reads_secret_file(name, args, segment, _code_words(name, ctx))
            if not verdict.allowed:
                return verdict
            break
    if stdin is not None and stdin.kind == "pipe" and name in NAME_LIST_READERS:
        from ondas.guards.bash_system import stdin_payloads

        for text in stdin_payloads(stdin) or ():
            if text is not None and credential_file(text):
                return _reads_credentials(name, text, segment)
    if name in IMAGE_MAGICK and any((word.value or "").startswith("|") for word in args):
        for word in args:  # ``convert '|CMD' out.png``: a file name ImageMagick opens as a pipe
            if (word.value or "").startswith("|"):
                verdict = ctx.check_source(str(word.value)[1:], ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
    if value_holding(args, "-XX:On"):
        for word in args:  # ``java -XX:OnError=CMD``, ``sbt -J-XX:OnOutOfMemoryError=CMD``
            verdict = jvm_commands(word.value or "", ctx, depth, segment, word=True)
            if not verdict.allowed:
                return verdict
    if name in PACKAGE_SOURCES_OF:
        for word in args:
            if word.value is not None and "://" in word.value:
                verdict = package_source(word.value, ctx, segment)
                if not verdict.allowed:
                    return verdict
    if ctx.unattended and name in ENV_DUMPERS:
        from ondas.guards.bash_environment import environment_dump

        verdict = environment_dump(name, args, segment)  # ``env``, ``export -p``: every secret
        if not verdict.allowed:
            return verdict
    if name in PROCESS_ATTACHERS:
        attached = attaches(name, args)
        if attached is not None:
            return block(
                "read-credentials",
                segment,
                f"{name} {attached} attaches to a running process: its memory holds that "
                "process's secrets (tokens, keys, typed passwords), as /proc/PID/mem does, and "
                "code run in it acts as that process",
            )
    if name in ABBREVIATING:
        args = unabbreviated(name, args)  # ``tar --to-comm=CMD`` is ``--to-command=CMD``
    leads = SECRET_PRINTERS.get(name)
    if leads is not None and (not leads or value_among(args, leads)):
        from ondas.guards.bash_printers import prints_secret

        printed = prints_secret(name, args)
        if printed is not None:
            return block(
                "read-credentials",
                segment,
                f"{name} {printed} prints a stored secret (a token, password or key), which is "
                "not the agent's to read or ship",
            )
    if name == "shopt" and any(a.value == "-s" for a in args):
        options = {a.value for a in args}
        ctx.dotglob = ctx.dotglob or "dotglob" in options  # later globs match .git, .claude
        ctx.nullglob = ctx.nullglob or "nullglob" in options  # a glob may vanish
        ctx.cdable_vars = ctx.cdable_vars or "cdable_vars" in options  # cd NAME: $NAME
    if name in SCAFFOLDERS_NAMED and any(
        (a.value or "").split("=", 1)[0] in _OVERWRITING for a in args
    ):
        from ondas.guards.bash_scaffolders import scaffolded_over

        verdict = scaffolded_over(name, args, ctx, segment)  # ``rails g model X --force``
        if not verdict.allowed:
            return verdict
    interpreter = is_interpreter(name)
    if (
        interpreter
        or (name in LAZY_RULE_NAMES and name not in SYSTEM_RULE_NAMES)
        or (name in OPTION_RULE_NAMES and _option_rule(name, args))
    ):
        _load_rules()
    elif name in SYSTEM_RULE_NAMES:
        load_system_rules()  # ``rm``, ``cd``, ``mkdir``: bash_system's rules, not every module's
    elif name in NET_RULE_NAMES:
        load_net_rules()
    handler = HANDLERS.get(name)
    if (
        handler is not None
        and (name in WINDOWS_SYSTEM_PROGRAMS or name in CLUSTER_DISTRIBUTIONS)
        and _projects_own(spelled, ctx)
    ):
        handler = None  # ``./cmd``, ``tools/format``: the project's own program, not Windows'
    if handler is None and interpreter:
        handler = HANDLERS.get("python")
    if handler is None:
        if project_program(spelled, ctx):
            from ondas.guards.bash_known import destroying

            if name in CONSOLE_NAMES:
                from ondas.guards.bash_consoles import console_code

                verdict = console_code(name, args, ctx, depth, segment, stdin)
                if not verdict.allowed:
                    return verdict  # ``bin/rails runner CODE``, ``./manage.py shell -c CODE``
            return destroying(name, args, segment, own=True)  # ``./manage.py flush``
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, segment, stdin, spelled)
    printing = (
        name not in PASS_THROUGH
        and name not in OPTION_RULE_NAMES
        and _help_or_dry_run(args, name, posix="POSIXLY_CORRECT" in ctx.line)
    )
    code_rule = HANDLERS.get("python")
    checked = len(ctx.names)
    ctx.runners.append(name)
    try:
        verdict = handler(name, args, ctx, depth, segment, stdin)
        if (
            printing
            and handler is not code_rule
            and not verdict.allowed
            and len(ctx.names) == checked
            and verdict.rule not in STILL_RUN_BY_DRY_RUN
        ):
            # ``git push --force --dry-run``, ``rm -rf / --help``: the verb's effect is skipped;
            # not what runs before it (a config's command, a transport, a command it was
            # handed, checked as a command of its own), where it connects, nor an
            # interpreter's code (``python3 -c CODE --help`` hands ``--help`` to CODE)
            verdict = ALLOW
        if verdict.allowed and interpreter and code_rule is not None and handler is not code_rule:
            # an interpreter that is also a package manager (``bun``): its package rules above,
            # then its code (``bun -e CODE``) as every interpreter's
            verdict = code_rule(name, args, ctx, depth, segment, stdin)
        return verdict
    finally:
        ctx.runners.pop()


_SYSTEM_SECRETS = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@{])/+(?:proc/+[^/\s'\"]+/+root/+)*(?:[^/\s'\"]*/+\.\./+)*(?:\.\./+)*"
    r"(?:etc/*(?=['\"\s);,}]|$)|etc/+(?:(?:g?shadow-?|master\.passwd|security/+opasswd"
    r"|krb5\.keytab|ssh/+ssh_host_\w+_key|ssh/*)(?=['\"\s);,}]|$)|ssl/+private\b"
    r"|kubernetes/+(?:(?:super-)?admin|controller-manager|scheduler|kubelet)\.conf\b"
    r"|kubernetes/+pki\b|wireguard\b|NetworkManager/+system-connections\b)"
    r"|proc/+(?:[^/\s'\"]+/+)+(?:environ|mem)\b|(?:var/+)?run/+secrets\b)"
)
"""The machine's own secrets, spelled through ``..``, ``//``, ``file://``, ``if=`` or ``@``;
``/etc`` and ``/etc/ssh`` whole hold them (``diff -r /tmp/empty /etc``, ``tar -czf x.tgz /etc``)."""
_PROCESS_SECRETS = LazyPattern(r"/proc/.*/(?:environ|mem)\b")


_RAW_DEVICES = LazyPattern(
    r"(?:^|[\s'\"=:(,<>@])(?:/dev/+(?:(?:sd|hd|vd|xvd)[a-z]+\d*|nvme\d+n\d+(?:p\d+)?"
    r"|mmcblk\d+(?:p\d+)?|dm-\d+|md\d+|r?disk\d+(?:s\d+)*|root|mem|kmem|port"
    r"|mapper/+(?!control\b)[\w.-]+|disk/+by-[\w-]+/+[^/\s'\"]+)|/proc/+kcore)"
    r"(?=['\"\s);,}]|$)"
)
DEVICE_TOOLS = word_set(
    "lsblk blkid fdisk sfdisk gdisk sgdisk cgdisk parted partprobe partx kpartx smartctl "
    "hdparm sdparm blockdev cryptsetup mount umount findmnt losetup lvm pvs pvdisplay "
    "pvcreate pvremove pvresize vgs vgdisplay lvs lvdisplay mdadm mkswap swapon swapoff fsck "
    "e2fsck tune2fs dumpe2fs resize2fs e2label xfs_info xfs_admin btrfs zpool eject udevadm "
    "file df wipefs mkfs mke2fs blkdiscard badblocks nvme growpart diskutil newfs fstrim "
    "vgcreate vgextend vgreduce vgchange vgscan pvscan lvcreate lvextend lvchange lvscan "
    "echo printf cp"
)
"""Programs that act on a device by its name, its partition table, its file system's or its
volume manager's metadata (``lsblk /dev/sda``, ``fdisk -l``, ``smartctl -a``, ``vgcreate``),
or have rules of their own for what they do to it (``mkfs``, ``wipefs``): not readers of its
contents. ``cp`` of a disk to a file, like ``dd if=DISK of=FILE``, makes an image of it, a
backup a peer's everyday set holds; what reads the image later is not seen here."""


def _images_a_disk(name: str, args: Sequence[Word]) -> bool:
    """``dd if=DISK of=FILE``: a disk image written to a file, not printed."""
    return name == "dd" and any(
        (a.value or "").startswith("of=") and a.value not in {"of=/dev/stdout", "of=-"}
        for a in args
    )


def raw_device(value: str) -> bool:
    """Whether ``value`` (an argument, or code handed to an interpreter) names a raw disk or
    partition (``/dev/sda2``, ``/dev/nvme0n1p1``, ``/dev/mapper/root``, ``/dev/disk/by-uuid/X``,
    macOS's ``/dev/rdisk0``) or the machine's memory (``/dev/mem``, ``/dev/kmem``,
    ``/proc/kcore``): read whole, it holds every file and every process's secrets, past the
    file permissions that keep ``/etc/shadow`` and the keys from the agent (round 11b)."""
    return ("/dev/" in value or "kcore" in value) and _RAW_DEVICES.search(value) is not None


MINING_POOL_PATTERN = r"(?i)(?:^|[^a-z0-9])stratum[0-9]?(?:\+[a-z]+)*://"
"""What :func:`mining_pool` finds, as a regular expression (its tests compare the two): read
by a scan, since compiling it cost every line holding ``://`` about 4.7 M instructions."""


def mining_pool(value: str) -> bool:
    """Whether ``value`` holds a mining pool's address: the stratum protocol's URL
    (``stratum+tcp://``, ``stratum+ssl://``, ``stratum2+tcp://``), whose only use is a miner's
    link to its pool (round 24): ``stratum`` in any case, not after a letter or digit, one digit
    at most, any ``+PROTOCOL`` parts, then ``://``."""
    if "://" not in value:
        return False
    low = value.lower()
    size = len(low)
    start = low.find("stratum")
    while start >= 0:
        before = low[start - 1] if start else ""
        if not ("a" <= before <= "z" or "0" <= before <= "9"):
            at = start + 7
            if at < size and "0" <= low[at] <= "9":
                at += 1
            while at < size and low[at] == "+":
                end = at + 1
                while end < size and "a" <= low[end] <= "z":
                    end += 1
                if end == at + 1:
                    break
                at = end
            if low.startswith("://", at):
                return True
        start = low.find("stratum", start + 1)
    return False


def mining(name: str, segment: str) -> Verdict:
    return block(
        "crypto-mining",
        segment,
        f"{name} mines cryptocurrency for a pool: the machine's processors and power spent for "
        "the wallet given, the mark of a stolen machine",
    )


def reads_raw_device(name: str, value: str, segment: str) -> Verdict:
    return block(
        "read-credentials",
        segment,
        f"{name} is given {value[:80]!r}: a raw disk or the machine's memory holds every file "
        "and process's secrets (keys, tokens, password hashes), read past the file permissions",
    )


PROCESS_ATTACHERS = word_set(
    "gdb lldb gcore jmap jcmd py-spy rbspy memray pyrasite pyrasite-shell frida frida-trace ltrace"
)
"""Debuggers and memory dumpers that can attach to a process already running: they read its
memory (and a debugger writes it), as ``/proc/PID/mem`` gives it (round 11b); injectors that
attach to run code inside it (round 14: ``memray attach PID`` loads its tracker through gdb,
``pyrasite PID payload.py``, ``frida -p PID``). Started on a program of their own (``gdb
./a.out``, ``lldb -- ./prog``, ``memray run``) or a core file they pass. The system call
tracer (``strace -p``) sees a process's calls to the kernel and the first bytes of their
buffers, neither its memory nor a line of code run in it: a peer's everyday set runs ``strace
-p`` and it is left. The library call tracer does see memory (round 16): ``ltrace -p PID``
prints the arguments of the process's library calls, the strings a program compares a typed
password with and the text it hands its TLS library before encryption."""


_GDB_VALUED = word_set(
    "ex eval-command iex init-eval-command x command ix init-command cd d directory s symbols "
    "e exec se c core b l tty D data-directory p pid"
)
"""gdb's options that take a value (one dash or two, as gdb reads them)."""


_GLUED_PID = LazyPattern(r"-p[\d$`\"']")
"""gdb's ``-p`` with its process id glued to it (``-p4242``, ``-p$(pgrep node)``)."""


_FRIDA_ATTACH = word_set("-p --attach-pid -n --attach-name -N --attach-identifier -F")
"""frida's options that attach to a running process (``-F``: the frontmost app)."""


def _positional(values: list[str], valued: frozenset[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for v in values:
        if skip:
            skip = False
        elif v.startswith("-"):
            skip = "=" not in v and v.lstrip("-") in valued
        else:
            out.append(v)
    return out


def attaches(name: str, args: Sequence[Word]) -> str | None:
    """The words by which ``name`` attaches to a running process (``gdb -p PID``, ``gdb
    PROGRAM PID``, ``gdb -ex 'attach PID'``, ``lldb --attach-pid``, ``gcore PID``, ``jmap
    -dump:... PID``, ``jcmd PID GC.heap_dump``), or None."""
    values = [a.text if a.value is None else a.value for a in args]
    if any(v in {"--help", "-h", "--version"} for v in values):
        return None
    if name == "gdb" and "--args" in values:  # the rest is the program's command line
        values = values[: values.index("--args") + 2]
    positional = _positional(values, _GDB_VALUED if name == "gdb" else frozenset())
    if name in {"gcore", "pyrasite", "pyrasite-shell"}:
        return "PID" if positional else None
    if name == "memray":  # ``memray attach PID``: its tracker injected into the process
        return "attach" if positional[:1] == ["attach"] else None
    if name in {"frida", "frida-trace"}:
        return next((v for v in values if v.split("=", 1)[0] in _FRIDA_ATTACH), None)
    if name == "jmap":
        return next((v for v in values if v.startswith("-dump")), None)
    if name == "jcmd":
        return next((v for v in positional if v.lower() == "gc.heap_dump"), None)
    if name == "ltrace":  # ``ltrace -p PID``: the library calls' arguments, read in memory
        return next((v for v in values if v == "-p" or _GLUED_PID.match(v)), None)
    if name in {"py-spy", "rbspy"}:  # ``py-spy dump --pid N``: reads the process's memory
        if "--" in values:
            values = values[: values.index("--")]  # ``py-spy record -- CMD``: CMD's own
        return next((v for v in values if v.split("=", 1)[0] in {"-p", "--pid"}), None)
    for k, v in enumerate(values):
        key = v.split("=", 1)[0]
        following = values[k + 1] if k + 1 < len(values) else ""
        if name == "gdb" and (key.lstrip("-") in {"p", "pid"} or _GLUED_PID.match(v)):
            return v
        if name == "gdb" and key in {"-ex", "--ex", "-eval-command", "--eval-command"}:
            verb = (following.split() or [""])[0]
            if len(verb) >= 3 and "attach".startswith(verb):
                return f"{v} {following!r}"
        if name == "lldb" and key in {"-p", "--attach-pid", "-n", "--attach-name"}:
            return v
        if name == "lldb" and key in {"-o", "--one-line", "-O", "--one-line-before-file"}:
            text = following.split()
            if text[:1] == ["attach"] or text[:2] == ["process", "attach"]:
                return f"{v} {following!r}"
    if name == "gdb" and len(positional) >= 2 and positional[1].isdigit():
        return f"{positional[0]} {positional[1]}"  # ``gdb PROGRAM PID``
    return None


def process_secrets(text: str) -> bool:
    """Whether ``text``, a path computed at run time (``/proc/$(pgrep node)/mem``), names a
    process's environment or memory: its tokens, keys and typed passwords (round 10b)."""
    return _PROCESS_SECRETS.search(text) is not None


KEY_USERS = word_set(
    "ssh ssh-add ssh-keygen ssh-copy-id ssh-keyscan scp sftp gpg gpg2 gpg-agent git chmod "
    "chown ls test [ [[ stat rm echo printf mkdir rmdir touch"
)
"""Programs that use a credential for its purpose or only look at the file (``ssh -i KEY``,
``chmod 600 ~/.ssh/id_rsa``, ``test -f``), or make or remove a name without opening what it
holds (``mkdir -p ~/.gnupg``); deleting or writing one is the deletion and write rules'
business."""
PACKAGE_SOURCES_OF = word_set(
    "npm pnpm yarn bun pip pip3 uv poetry pdm pipenv hatch cargo go gem bundle composer conda "
    "mamba micromamba mvn gradle dotnet nuget deno npx bunx pnpx helm conan"
)
"""Package managers: a URL among their arguments is where they fetch from (``--registry URL``,
``config set registry URL``, ``source add NAME URL``, ``gem sources -a URL``); and the
programs that fetch the code they run (``deno run https://...``, ``npx https://.../x.tgz``).
Round 24: helm's chart repositories and chart URLs (``helm repo add NAME URL`` fetches the
repository's index at once), conan's remotes."""
_SOURCE_VARIABLE = LazyPattern(
    r"(?i)^(?:(?:PIP|NPM_CONFIG|YARN|PNPM|BUN_CONFIG|UV|POETRY|PDM|PIPENV|CARGO|BUNDLE|GEM"
    r"|COMPOSER|CONDA|MAVEN|GRADLE|NUGET)_\w*(?:INDEX|REGISTR|MIRROR|SOURCE|REPO|URL|LINKS)"
    r"|GOPROXY$|GOSUMDB$)"
)
"""Environment variables that point a package manager at a source (``PIP_INDEX_URL``,
``NPM_CONFIG_REGISTRY``, ``UV_INDEX_URL``, ``GOPROXY``, ``BUNDLE_MIRROR__...``)."""
_URL_IN = LazyPattern(r"(?i)[a-z][a-z0-9+.\-]*://[^\s'\",;]+")


def package_source(value: str, ctx: Ctx, segment: str) -> Verdict:
    """Every URL in ``value`` is a host a package manager will fetch from: the whitelist's."""
    from ondas.guards.bash_net import network_url

    for match in _URL_IN.finditer(value):
        url = match.group(0)
        if url.startswith(("file:", "git+file:")):
            continue
        verdict = network_url(
            url.split("+", 1)[-1] if url.startswith("git+") else url, ctx, segment
        )
        if not verdict.allowed:
            return verdict
    return ALLOW


COPIERS = word_set("scp sftp rsync")
"""Programs of :data:`KEY_USERS` whose operands are files they copy: a key among them leaves."""
_COPIER_VALUE = word_set("-i -F -o -P -c -l -S -J -e --rsh")
GPG_SECRET_EXPORTS = word_set("--export-secret-keys --export-secret-subkeys")
"""gpg's options that print the user's private keys."""
CREDENTIAL_HELPERS = tuple(
    f"docker-credential-{helper}"
    for helper in ("desktop", "osxkeychain", "wincred", "pass", "secretservice", "ecr-login")
)
"""Docker's credential helpers: ``get`` prints a registry's user and password."""
SECRET_PRINTERS = {
    "keyring": word_set("get"),
    **dict.fromkeys(("npm", "pnpm", "yarn"), word_set("config get")),
    "gh": word_set("auth"),
    "glab": word_set("auth"),
    "gpg": GPG_SECRET_EXPORTS,
    "gpg2": GPG_SECRET_EXPORTS,
    "kubectl": word_set("config"),
    **dict.fromkeys(CREDENTIAL_HELPERS, word_set("get")),
    "gcloud": word_set("auth config"),
    "aws": word_set("configure sts sso"),
    "az": word_set("account"),
    "heroku": word_set("auth:token"),
    "doctl": word_set("auth"),
    "git": word_set("credential credential-store credential-cache"),
    "security": word_set("find-generic-password find-internet-password dump-keychain export"),
    "secret-tool": word_set("lookup search"),
    "getent": word_set("shadow gshadow"),
    "keyctl": word_set("print read pipe"),
    "vault": word_set("print"),
    "pass": frozenset(),  # given no command, pass shows the entry named
    "passage": frozenset(),  # round 19: pass's age-encrypted fork, the same commands
    "gopass": word_set("show cat otp"),
    "bw": word_set("get list export unlock login serve"),
    "rbw": word_set("get code"),
    "lpass": word_set("show export"),
    "keepassxc-cli": word_set("show export clip attachment-export"),
    "op": word_set("signin"),
    "kwallet-query": word_set("-r --read-password"),
    "dotenv": word_set("get list -p"),
    "dotenvx": word_set("get keypair"),
}
"""Programs with a verb that prints a stored secret, by the words that lead to one: only a
command holding one of them loads :mod:`ondas.guards.bash_printers` (none: every command of
the program does)."""
_GPG_VALUED = word_set(
    "--homedir -o --output -r --recipient -u --local-user --default-key --trust-model "
    "--keyring --secret-keyring --trustdb-name --options"
)


def _decrypts(args: list[Word]) -> bool:
    return any(a.value in {"-d", "--decrypt"} for a in args)


_GIT_FILE_READS = word_set("-F --file --contents")


def _git_reads_credential(args: list[Word]) -> str | None:
    """A credential store git is told to read into its objects or print (round 15): a file
    ``hash-object`` stores, a message file (``commit -F``, ``tag -F``, ``notes add -F``),
    ``blame --contents``."""
    values = [a.value for a in args]
    hashing = "hash-object" in values
    for k, word in enumerate(args):
        v = word.value
        if v is None:
            continue
        key, eq, given = v.partition("=")
        if eq and key in _GIT_FILE_READS and credential_file(given):
            return given
        before = values[k - 1] if k else None
        if (hashing or before in _GIT_FILE_READS) and credential_word(word):
            return v
    return None


LOOKERS = word_set("ls test [ [[ stat chmod chown rm echo printf")
"""The programs of :data:`KEY_USERS` that only look at a machine secret's file (none of them
uses ``/etc/shadow`` for its purpose, as ``ssh -i`` uses a key: ``git diff`` reads it)."""
NAME_LIST_READERS = word_set("cpio zip tar bsdtar gtar pax afio rsync")
"""Programs that read the names of the files they copy or archive from standard input
(``cpio -o``, ``zip -@``, ``tar -T -``, ``rsync --files-from=-``)."""


def state_store(value: str, ctx: Ctx) -> bool:
    """Whether ``value`` names the project's ondas store (its token hashes and audit log),
    which the sandbox keeps unreadable (``denyRead``); the guard keeps it so without one."""
    if "state.db" not in value or ctx.project is None:
        return False
    base = ctx.cwd or ctx.project
    path = posixpath.normpath(posixpath.join(base, value.split("=", 1)[-1]))
    return any(path == posixpath.join(ctx.project, name) for name in STATE_STORE_FILES)


def _option_rule(name: str, args: list[Word]) -> bool:
    """A command whose only rule reads some of its options (``make --eval``, ``gcc -wrapper``)
    and is given one of them (written whole, with ``=VALUE`` or, one-letter, with the value
    attached)."""
    options = OPTION_RULE_NAMES[name]
    for word in args:
        v = word.value
        if v is not None and v[:1] == "-" and (v.split("=", 1)[0] in options or v[:2] in options):
            return True
    return False


COPY_WRITERS = word_set("cp install")
"""Copiers whose last operand is only written: a credential store named there is a write (``cp
ci/gradle.properties ~/.gradle/gradle.properties``, a CI step), judged by the write rules
(outside the project; with the sandbox on, the sandbox's), not a read of the store."""
COPY_OPTION_VALUES = word_set("-t --target-directory -S --suffix -m --mode -o --owner -g --group")
"""Options of ``cp``, ``mv`` and ``install`` that take the next word as their value."""
_ATTACHED_T = frozenset({"-t"})


def _copy_destination(name: str, args: Sequence[Word]) -> Word | None:
    """The operand ``cp``/``install`` only writes (the last, with two or more operands and no
    ``-t``/``--target-directory``, which names it instead), or None."""
    if name not in COPY_WRITERS:
        return None
    directories = option_values(args, TARGET_DIRECTORY, _ATTACHED_T, short_equals=False)
    if next(directories, None) is not None:
        return None  # ``cp -t DIR SRC...``, ``cp -tDIR SRC...``: the last operand is a source
    operands = positionals(args, COPY_OPTION_VALUES)
    return operands[-1] if len(operands) > 1 else None


_UNKNOWN_PART = LazyPattern(r"\$\{[^}]*\}|\$\([^)]*\)|\$[A-Za-z_]\w*|\$[0-9@*]|`[^`]*`")
"""A part of a word known only at run time: a variable, a substitution."""


def unknown_parts_as_glob(text: str) -> str | None:
    """The word ``text`` (as written) with the home's spellings read as ``~`` and every other
    part known only at run time as ``*`` (``"$HOME/.ssh/$f"`` is ``~/.ssh/*``): the files it
    may name, as a pattern; None for a word whose start is itself unknown."""
    plain = text.replace('"', "")
    for home in ("${HOME}", "$HOME"):
        if plain.startswith(home):
            plain = "~" + plain[len(home) :]
    if "'" in plain or plain.startswith("$") or plain.startswith("`"):
        return None
    return _UNKNOWN_PART.sub("*", plain)


def _reads_credentials(name: str, value: str, segment: str) -> Verdict:
    return block(
        "read-credentials",
        segment,
        f"{name} is given {value[:80]!r}: a credential store outside the project (keys, cloud "
        "and registry tokens, the machine's password hashes) is not the agent's to read or ship",
    )


def credential_file(value: str, *, system_only: bool = False) -> bool:
    """Whether ``value`` (an argument, or code handed to an interpreter) names a credential
    store under a home directory: private keys (any file of ``.ssh`` but ``*.pub``,
    ``known_hosts``, ``config``, ``authorized_keys``), shell and client histories (typed
    passwords and tokens: ``.bash_history``, ``.psql_history``...),
    ``~/.gnupg`` (but its ``*.conf`` settings: ``gpg.conf``, ``gpg-agent.conf``), cloud and
    registry tokens, Claude's and Codex's own credentials and account
    file (``~/.claude.json``) and other AI agents' stores of provider keys and tokens (round
    12b: zeptoclaw's config, Gemini CLI's OAuth file, Copilot's, opencode's, Continue's config),
    database and vault clients' (``.my.cnf``, ``.vault-token``),
    keyrings, macOS keychains and browsers' password stores (a service user's home under
    ``/var/lib`` counts as a home); or the machine's own secrets: password hashes
    (``/etc/shadow``, ``gshadow``, BSD's ``master.passwd``), SSH host keys, TLS private keys,
    Kerberos keytabs, the kubeconfigs and keys a control-plane node keeps
    (``/etc/kubernetes/admin.conf``, ``/etc/kubernetes/pki``), and a process's
    environment or memory (``/proc/self/environ``, ``/proc/PID/mem`` by any spelling of PID),
    however the path is spelled (``/../etc/shadow``,
    ``file:///etc/shadow``, ``if=``, ``@`` response files). ``system_only``: only the latter.
    A home's stores are :func:`~ondas.guards.bash_credential_paths.home_store`'s, asked only
    for a value holding a part of every path it reads."""
    if not system_only and (
        "/." in value
        or "/Keychains" in value
        or "containers/" in value
        or "/Library/" in value
        or ".kdb" in value
    ):
        from ondas.guards.bash_credential_paths import home_store

        if home_store(value):
            return True
    hinted = "etc/" in value or "/environ" in value or "/mem" in value or "run/secrets" in value
    return hinted and _SYSTEM_SECRETS.search(value) is not None


def credential_word(word: Word, ctx: Ctx | None = None) -> bool:
    """Whether the word ``word`` names a credential store (:func:`credential_file`), or is an
    unquoted pattern bash expands to a machine secret (``/etc/shado?``, ``/etc/sh[a]dow``).
    Given ``ctx``, a path through ``..`` is judged by the file it reaches
    (:func:`through_parents`)."""
    value = word.value
    if value is None:
        return False
    if ctx is not None and ".." in value:
        value = through_parents(value, ctx)
    if credential_file(value):
        return True
    if ("/e" in value or "/p" in value) and not _PATTERN_CHARS.isdisjoint(value) and globbed(word):
        from ondas.guards.bash_credential_paths import glob_system_secret

        return glob_system_secret(value)
    return False


def through_parents(value: str, ctx: Ctx) -> str:
    """The file a path through ``..`` reaches, resolved as its words read (round 20, tune20b):
    ``~/../../etc/shadow`` and ``../../../etc/shadow`` (from the project) are ``/etc/shadow``,
    ``~/../../etc/passwd`` is ``/etc/passwd``, not a ``passwd`` under a dot entry ``..`` of the
    home. Left as spelled: a value that is no plain path (an option's ``=``, a variable, a
    space), another user's ``~name``, a path relative to a directory the guard lost, and
    ``/proc/PID/root`` (a link the kernel follows before its ``..``)."""
    if ".." not in value or "/proc/" in value or not _PLAIN_PATH.isdisjoint(value):
        return value
    if value.startswith("~"):
        if value != "~" and not value.startswith("~/"):
            return value
        path = ctx.home + value[1:]
    elif value.startswith("/"):
        path = value
    elif ctx.cwd is None:
        return value
    else:
        path = posixpath.join(ctx.cwd, value)
    if ".." not in path.split("/"):
        return value
    return posixpath.normpath(path)


_PLAIN_PATH = frozenset("=:@,;'\" $`{}()<>|&*?[]\t\n\\")
"""Characters no plain path word of :func:`through_parents` holds."""


FIND_WRITES = word_set("-fprint -fprint0 -fprintf -fls")
"""``find`` primaries whose first argument is a file find creates or truncates."""


TREE_READERS = word_set("grep egrep fgrep rg ag ack gitleaks trufflehog detect-secrets ggshield")
"""Programs that print what they find in every file of a directory they are given (``grep
-r``, ``rg``; round 22: secrets scanners, whose findings and reports hold the secrets,
``gitleaks detect -s ~``, ``trufflehog filesystem ~``, ``detect-secrets scan ~``): a directory
above a credential store hands them its keys, into the transcript.
Archiving or copying a whole home (``tar czf home.tgz ~/``) is a backup people make; what the
archive then meets (an upload, a commit) is judged where it goes."""
_LISTS_ONLY = frozenset({"ls", "dir", "vdir", "stat", "du", "test", "[", "[["})
"""Programs that look at a file's name and metadata, not its contents."""
_GUARD_CHANGERS = frozenset(
    {"chmod", "chown", "chattr", "rm", "mv", "cp", "ln", "tee", "truncate", "install", "dd"}
    | {"sed", "perl", "shred", "unlink", "touch", "setfacl"}
)
"""Programs that change a file they are given (round 22): given a path computed from the
guard's own place (``chmod -x "$(command -v ondas)"``, ``$(python3 -c 'import ondas;...')``),
they change the guard."""
CLEAN_WORDS = word_set(
    "clean distclean mrproper clobber realclean maintainer-clean cleanall clean-all veryclean "
    "purge prune clear --clearCache --clear-cache --emptyOutDir --empty-out-dir -cache "
    "-modcache -testcache -fuzzcache --clean --cache-clear"
)
"""Words that make a build tool or a package manager delete its own build output or cache: a
goal or verb (``make clean``, ``npm cache clean``, ``pip cache purge``, ``pnpm store prune``) or
an option (``jest --clearCache``, ``vite --emptyOutDir``, ``go clean -cache``); where that
directory is set is :func:`ondas.guards.bash_output_options.cleaned_directories`'s to judge."""
CONSOLE_NAMES = word_set("manage.py django-admin artisan rails mix flask prisma")
"""Web frameworks' consoles whose code :mod:`ondas.guards.bash_consoles` reads (the keys of its
table, kept literal here; a test compares them)."""
PROGRAM_CLEAN_WORDS = frozenset({"ccache", "nx", "cabal", "swift"})
"""Programs whose cache-clearing options or verbs are their own (``ccache -C``, ``nx reset``)."""


_TURNED_OFF = frozenset({"false", "0", "f", "no", "off"})


def gives_clean_word(args: Sequence[Word], words: frozenset[str] = CLEAN_WORDS) -> bool:
    """One of ``args`` is a :func:`clean_word` of ``words`` (a loop, calling it only for an
    option given a value: every command with arguments asks)."""
    for word in args:
        v = word.value
        if v is not None and (v in words or (v[:1] == "-" and "=" in v and clean_word(v, words))):
            return True
    return False


def clean_word(value: str, words: frozenset[str] = CLEAN_WORDS) -> bool:
    """``value`` is one of ``words``, or an option of them given a value that does not turn it
    off (``--emptyOutDir=true``; round 18s)."""
    if value in words:
        return True
    if value[:1] != "-" or "=" not in value:
        return False
    key, _eq, given = value.partition("=")
    return key in words and given.lower() not in _TURNED_OFF


SCAFFOLDERS = word_set(
    "rails dotnet cookiecutter copier degit tiged giget yo openapi-generator "
    "openapi-generator-cli swagger-codegen gomplate"
)
"""Project generators :func:`ondas.guards.bash_output_options.scaffolded` judges (the keys of
its table, kept literal here; a test compares them)."""
TRANSPILERS = word_set("babel swc coffee terser uglifyjs esbuild typedoc")
"""Source-to-source compilers :func:`ondas.guards.bash_output_options.compiled_over_input`
judges (the keys of its table, kept literal here)."""
LINE_FILTERS = word_set("grep egrep fgrep rg head tail sort uniq")
"""Programs that pass on whole lines of their input or drop them (without ``-o``)."""


def listing_glob(
    stages: Sequence[Sequence[Word]], ctx: Ctx, *, deleted: bool = False
) -> str | None:
    """Where the lines of a listing by ``find`` or ``ls`` can point
    (:func:`ondas.guards.bash_find_entries.listing_glob`), else None; a listing by another
    program loads no module (round 26)."""
    if not stages or not stages[0] or stages[0][0].value is None:
        return None
    if command_name(stages[0][0].value) not in {"find", "ls"}:
        return None
    from ondas.guards.bash_find_entries import listing_glob as listed

    return listed(stages, ctx, deleted=deleted)


_FIND_FILTERS = word_set("-name -iname -path -ipath -wholename -iwholename -regex -iregex")


def _source_name(name: str) -> bool:
    """A literal file name that may be a source in any directory: of a source kind
    (``main.py``, ``index.ts``), or without an extension (``x``, ``Makefile``, a script in
    ``bin``); not a dotfile (``.DS_Store``, ``.env``) nor a name of another kind
    (``npm-debug.log``, ``config.json``)."""
    stem, dot, suffix = name.rpartition(".")
    if not dot:
        return True
    return bool(stem) and suffix.lower() in SOURCE_SUFFIXES


def _one_level(args: Sequence[str | None]) -> bool:
    """``find`` looks no deeper than its roots' own entries (``-maxdepth 0`` or ``1``)."""
    return any(a == "-maxdepth" and args[k + 1] in {"0", "1"} for k, a in enumerate(args[:-1]))


CONTROL_SAMPLES = (
    ".git/config",
    ".git/HEAD",
    ".git/index",
    ".git/hooks/pre-commit",
    ".claude/settings.json",
    ".claude/settings.local.json",
    ".ondas/state.db",
    ".ondas/config.toml",
    ".ondas/whitelist",
    ".mcp.json",
    ".gitattributes",
)
"""Files of a project that only git, ondas and Claude Code write, one of each kind."""
HISTORY_SAMPLES = (
    ".git/objects/pack/pack-0.pack",
    ".git/objects/pack/pack-0.idx",
    ".git/objects/00/0000000000000000000000000000000000000",
    ".git/refs/heads/main",
    ".git/logs/HEAD",
    ".git/packed-refs",
)
"""Round 19s: the history's own files, which a find narrowed by name reaches (``find . -name
'*.pack' -delete``, ``-name '*.idx' -exec rm``, ``-path '*/refs/heads/*'``) though it reaches
none of :data:`CONTROL_SAMPLES`; a glob is matched against them only when it is deeper than
those (``.g*/objects/pack/*.pack``)."""
_FOUND_SAMPLES = CONTROL_SAMPLES + HISTORY_SAMPLES
CREDENTIAL_SAMPLES = (
    ".ssh/id_rsa",
    ".ssh/id_ed25519",
    ".ssh/id_ecdsa",
    ".aws/credentials",
    ".netrc",
    ".gnupg/private-keys-v1.d/key.key",
    ".config/gh/hosts.yml",
    ".docker/config.json",
    ".kube/config",
    ".git-credentials",
    ".pgpass",
    ".pypirc",
    ".npmrc",
    ".bash_history",
    ".claude/.credentials.json",
    ".codex/auth.json",
    ".zeptoclaw/config.json",
    ".gemini/oauth_creds.json",
    ".config/github-copilot/hosts.json",
)
"""Credential stores under a home directory (:func:`credential_file`), one of each kind: what
a glob or a search may reach that a literal path would name."""
_NAME_TESTS = word_set("-name -iname")
_PATH_TESTS = word_set("-path -ipath -wholename -iwholename")
_REGEX_TESTS = word_set("-regex -iregex")


def glob_names_sensitive(
    parts: Sequence[str], samples: Sequence[str], *, dotglob: bool = False
) -> str | None:
    """The sample (a relative path) that the glob ``parts`` (the components of a pattern, as
    bash matches them: a leading dot only by a dot, unless ``dotglob``) names or lies above,
    else None."""
    from fnmatch import fnmatchcase

    for sample in samples:
        names = sample.split("/")
        if len(parts) > len(names):
            continue
        if all(
            fnmatchcase(name, part) and (dotglob or part[:1] == "." or name[:1] != ".")
            for part, name in zip(parts, names, strict=False)
        ):
            return "/".join(names[: len(parts)])
    return None


WINDOWS_SYSTEM_PROGRAMS = word_set(
    "cmd diskpart format powershell sc net net1 schtasks reg bcdedit takeown icacls wmic"
)
"""Programs Windows installs only in its own system directory (``cmd.exe``, ``format.com``):
one run by a path into the project (``./cmd serve``, ``tools/format``) is the project's program
of that name, judged as :func:`project_program`'s are, not the Windows program (round 20,
tune20b); round 22 (tune22b): its administration tools too (``sc``, ``net``, ``reg``...,
:mod:`ondas.guards.bash_windows_admin`). ``pwsh``, which installs anywhere, keeps its reading."""


CLUSTER_DISTRIBUTIONS = word_set("k3s k0s microk8s minikube")
"""Kubernetes distributions whose verbs are their bundled clients (``k3s kubectl ARGS``:
:mod:`ondas.guards.bash_contain`'s rule); one built by the project and run by its path (``./k0s
sysinfo`` in k0s's own repository) is the project's own program, as ``./cmd`` is."""


def _projects_own(path: str, ctx: Ctx) -> bool:
    """A :func:`project_program` this line did not copy, link, move or write there (``cp
    /c/Windows/System32/cmd.exe ./cmd && ./cmd /c ...`` runs Windows' program)."""
    if not project_program(path, ctx):
        return False
    full = at_cwd(path, ctx)
    return not (full in ctx.copies or full in ctx.written or full in ctx.renamed)


def project_program(path: str, ctx: Ctx) -> bool:
    """A program no rule names, of the project itself, run by a path into it (``scripts/lint``,
    ``./target/debug/app``, ``"$(pwd)/bin/check"``): known as ``make`` and ``pytest`` are,
    which run the project's code too (a script this command line wrote was checked for what it
    holds). In an unattended run the file must also resolve inside the project: a link to
    ``/usr/bin/shred`` is shred, not the project's code (:mod:`ondas.guards.bash_local`)."""
    if "/" not in path or path.startswith("~"):
        return False
    if classify(path, ctx) not in {"project", "project-temp"}:
        return False
    if ctx.unattended:
        from ondas.guards.bash_local import stays_inside

        return stays_inside(path, ctx)
    return True


def _quoted(word: Word) -> str:
    """A word as it was written when its value is unknown, else its value quoted for bash."""
    if word.value is None:
        return word.text
    from shlex import quote

    return quote(word.value)


PASS_THROUGH = word_set(
    "sh bash zsh dash ksh mksh ash fish csh tcsh yash eval source . alias trap env xargs "
    "nohup setsid unbuffer chronic builtin coproc time command exec nice ionice stdbuf "
    "caffeinate timeout watch flock script busybox wsl python find parallel sem strace ltrace "
    "catchsegv valgrind firejail unshare sudo su doas pkexec run0 gosu runuser awk gawk mawk "
    "nawk powershell pwsh cmd sudo-rs su-rs gksu gksudo kdesu kdesudo beesu lxsudo lxqt-sudo "
    "emcmake emconfigure emmake"
)
"""Commands whose ``--help`` may belong to a command they run: no help/dry-run shortcut."""


ASKS_VERSION_OR_HELP = word_set("--version -v --help -h")
"""Options that make a CLI print its version or usage and run nothing else."""


OWN_DRY_RUN = {
    "terraform": "-dry-run",
    "tofu": "-dry-run",
    "hg": "--print",
    "chg": "--print",
    "sl": "--print",
    "aws": "--generate-cli-skeleton",
    "pulumi": "--preview-only",
}
"""A program's own spelling of a dry run (``terraform state mv -dry-run``; Mercurial's and
Sapling's ``purge --print``, round 18, lists what it would delete). Round 23 (npol23): the AWS
CLI's ``--generate-cli-skeleton`` (bare, ``input``, ``yaml-input``, or ``output``, answered by a
stubbed client) prints a skeleton and calls nothing; pulumi's ``destroy``, ``refresh`` and
``import`` take ``--preview-only`` (a verb without it stops on the unknown flag)."""
SHORT_DRY_RUN = {
    "rsync": "efBTM@",
    "rclone": "",
    "borg": "aPerC",
    "borg2": "aPerC",
    "restic": "rpoetHi",
}
"""Programs whose short ``-n`` is a dry run (``rsync -avn``), with their short options that
take a value: an ``n`` after one of those in a cluster is that option's value (``-en``).
Round 22: rclone's, borg's and restic's ``-n`` is their ``--dry-run`` (``rclone -vn purge
R:``, ``borg prune -Pfoo -n``, ``restic forget -n``; borg's ``-a``, ``-P``, ``-e``, ``-r``,
``-C`` take a value, as restic's ``-r``, ``-p``, ``-o``, ``-e``, ``-t``, ``-H``, ``-i`` do)."""
VERB_SHORT_DRY_RUN = {"gsutil": ("rsync", "ajxy", frozenset({"-h", "-o", "-u", "-i"}))}
"""Programs whose short ``-n`` is a dry run for one verb only (round 25, ``left25``: gsutil's
``rsync -n``; its ``cp -n`` skips existing objects): the verb, its short options that take a
value, and the program's global options before the verb that take the next word (``gsutil
-o Boto:x=y rsync -n``). Read as Python's ``getopt.getopt`` reads them: clusters (``-rnd``),
a valued letter's value attached or next (``-x -n``), options ending at the first operand."""
NOT_A_DRY_RUN = frozenset({"none", "false", "no", "off", "0", "", "f"})
"""Values that turn a ``--dry-run=VALUE`` off (``f`` is false to a Go boolean flag)."""
NEGATED_DRY_RUN = frozenset({"--no-dry-run", "--no-dryrun"})
"""Options that cancel a dry run given earlier on the line (the AWS CLI's ``--no-dry-run``)."""
KUBECTL_VALUED = word_set(
    "-n --namespace --context --cluster -s --server --kubeconfig --user --token --as "
    "--as-group --as-uid -f --filename -l --selector -o --output -c --container "
    "--request-timeout -v --v --cache-dir --certificate-authority --client-certificate "
    "--client-key --password --username --tls-server-name --profile --profile-output "
    "--log-file --log-dir --vmodule --log-flush-frequency --stderrthreshold "
    "--field-selector --grace-period --cascade --timeout --field-manager --template -k "
    "--kustomize --for --replicas --type -p --patch"
)
"""kubectl's options (global and of its verbs) that take the next word as their value: a
global one before the verb (``--request-timeout 30s delete``) does not make its value the
verb, and a ``--dry-run`` that is an option's value (``-f --dry-run``) is no dry run."""
HELM_VALUED = word_set(
    "-n --namespace --kube-context --kubeconfig --kube-token --kube-apiserver "
    "--kube-as-user --kube-as-group --kube-ca-file --kube-tls-server-name --burst-limit "
    "--qps --registry-config --repository-config --repository-cache --content-cache "
    "--description --timeout --cascade -o --output --version -f --values --set "
    "--set-string --set-file --set-json --post-renderer --post-renderer-args"
)
"""helm's options that take the next word as their value (as :data:`KUBECTL_VALUED`)."""
BACKUP_OPTION_VALUES = {
    "rclone": "--config --log-file --log-level --log-format --backup-dir --bwlimit --transfers "
    "--checkers --filter --filter-from --include --include-from --exclude --exclude-from "
    "--files-from --max-age --min-age --max-size --min-size --max-depth --suffix --user-agent "
    "--stats --retries --low-level-retries --timeout --contimeout --cache-dir --temp-dir "
    "--password-command --order-by --compare-dest --copy-dest --max-transfer --tpslimit --dump "
    "--header --stats-log-level",
    "restic": "-r --repo --repository-file -p --password-file --password-command -o --option -e "
    "--exclude -t --target -H --host -i --include --cache-dir --tag --path",
    "borg": "-r --repo -a --match-archives --glob-archives -P --prefix -e --exclude -C",
    "borg2": "-r --repo -a --match-archives --glob-archives -P --prefix -e --exclude -C",
}
"""The backup tools' options that take a value, as text split only for a line that runs one
(round 22: ``rclone --config --dry-run purge R:`` reads ``--dry-run`` as the config file;
``restic -r -n forget`` names a repository ``-n``)."""


def valued_options(name: str) -> frozenset[str]:
    """The options of ``name`` that take the next word as their value, as far as the tables
    know them (:data:`OPTION_VALUES`, :data:`BACKUP_OPTION_VALUES`)."""
    valued = OPTION_VALUES.get(name)
    if valued is None:
        text = BACKUP_OPTION_VALUES.get(name)
        valued = word_set(text) if text is not None else frozenset()
    return valued


OPTION_VALUES = {
    "kubectl": KUBECTL_VALUED,
    "oc": KUBECTL_VALUED,
    "helm": HELM_VALUED,
    "gh": word_set(
        "-X --method -H --header -f -F --field --raw-field -q --jq -t --template "
        "--hostname --input --cache -p --preview -R --repo -b --body --title -m "
        "--milestone -l --label -a --assignee --notes -n"
    ),
    "git": word_set(
        "-C -c --git-dir --work-tree --namespace --config-env --repo --receive-pack --exec -o "
        "--push-option -m --message -F --file --author --date --template --replace-text "
        "--replace-message --paths-from-file --path --path-rename --mailmap"
    ),
    **dict.fromkeys(("chmod", "chown", "chgrp"), word_set("--reference")),
    "pulumi": word_set(  # global, then up/preview/refresh/destroy/import (round 24: one list)
        "--color -C --cwd --memprofilerate --otel-traces --profiling --tracing --tracing-header "
        "-v --verbose -s --stack -c --config --config-file -m --message -p --parallel -t "
        "--target --target-replace --replace -x --exclude --policy-pack --policy-pack-config "
        "--secrets-provider --exec-kind --exec-agent --plan --save-plan --import-file "
        "--import-pending-creates -f --file --from --generate-resources -o --out --parent "
        "--provider --properties --remote-agent-pool-id --remote-env --remote-env-secret "
        "--remote-executor-image --remote-executor-image-password "
        "--remote-executor-image-username --remote-git-auth-access-token "
        "--remote-git-auth-password --remote-git-auth-ssh-private-key "
        "--remote-git-auth-ssh-private-key-path --remote-git-auth-username --remote-git-branch "
        "--remote-git-commit --remote-git-repo-dir --remote-pre-run-command"
    ),
}
"""Options of CLIs with a dry run whose value is the next word: a dry-run or help spelling in
that place is the option's value (``helm uninstall x --description --dry-run``, ``gh api
--template --help``, ``git push --force --repo --help``, ``chmod -R --reference --help /``), not
a request to print. Round 23 (npol23): pulumi's (cobra's pflag gives a valued option the next
word whatever it is: ``pulumi destroy --stack --preview-only --yes`` names a stack). Round 24
(left24): pulumi's one list, read also to find its verb (``pulumi --stack prod destroy``), from
its command reference: the global options and those of ``up``, ``preview``, ``refresh``,
``destroy`` and ``import`` that take a string, a number or a list; ``-f`` is ``import``'s
``--file`` (``--skip-preview``, a flag, elsewhere: read as valued, a dry run then not seen);
``-r``/``--refresh``, ``--suppress-permalink`` and ``--attach-debugger`` take only
``=VALUE``."""


def _short_dry_run(value: str, takes_value: str) -> bool:
    """``-n`` alone or in a cluster of short options (``-avn``), not as an option's value."""
    if not value.startswith("-") or value.startswith("--") or "n" not in value:
        return False
    head = value[1 : value.index("n")]
    return (not head or head.isalpha()) and not set(head) & set(takes_value)


def _help_or_dry_run(args: Sequence[Word], name: str = "", posix: bool = False) -> bool:
    """``--help`` or a dry run among a command's options, or the program's own spelling of a
    dry run (:data:`OWN_DRY_RUN`, :data:`SHORT_DRY_RUN`): it only prints (the verb's effect;
    see :data:`STILL_RUN_BY_DRY_RUN`). As the programs read their flags, the last dry-run
    setting wins (``--dry-run=client --dry-run=none``, ``--dry-run --no-dry-run``, ``-dry-run
    -dry-run=false``), and a spelling that is another option's value (:data:`OPTION_VALUES`)
    is none. A shell builtin reads ``--help`` only as its first word and has no dry run
    (``kill -9 -1 --help`` kills); under ``POSIXLY_CORRECT`` (``posix``: the line names it) GNU
    programs stop reading options at the first operand (``rm -rf ~ --help`` removes ~), and
    ``--no-n`` undoes a short ``-n`` (round 17). A help option given a value is a boolean
    flag's, the last one winning as cobra's and Go's flags read it (round 22: ``docker system
    prune --help --help=false`` prunes; ``--help=true`` prints the usage)."""
    if name in SHELL_BUILTINS:
        return bool(args) and args[0].value == "--help"
    own = OWN_DRY_RUN.get(name)
    short = SHORT_DRY_RUN.get(name)
    valued = valued_options(name)
    by_verb = VERB_SHORT_DRY_RUN.get(name)
    verb_read = False
    printing = False
    helping = False
    taken = False
    for word in args:
        v = word.value
        if v is None:
            return helping
        if v == "--":
            break
        if taken:
            taken = False
            continue
        if not v.startswith("-"):
            if posix:
                break  # the first operand ends the options
            if by_verb is None and verb_read:
                break  # getopt's: the verb's first operand ends its options
            taken = v in valued  # every spelling below starts with a dash
            if by_verb is not None:
                if v == by_verb[0]:  # ``gsutil rsync -n``
                    short = by_verb[1]
                    valued = frozenset(f"-{c}" for c in short)
                verb_read = True
                by_verb = None
            continue
        if v == "--help":
            helping = True
        elif v.startswith("--help="):
            helping = v[7:].lower() not in NOT_A_DRY_RUN  # ``--help=false``: the last one wins
        if v in {"--dry-run", "--dryrun"} or v == own:
            printing = True  # ``--dryrun`` is the AWS CLI's spelling
        elif v.startswith("--dry-run=") or (own is not None and v.startswith(own + "=")):
            printing = v.split("=", 1)[1].lower() not in NOT_A_DRY_RUN
        elif v in NEGATED_DRY_RUN:
            printing = False
        elif short is not None and _short_dry_run(v, short):
            printing = True
        elif short is not None and v == "--no-n":
            printing = False  # ``rsync -an --no-n``: the implied option turned off
        taken = v in valued or (by_verb is not None and v in by_verb[2])
    return printing or helping


STILL_RUN_BY_DRY_RUN = frozenset(
    {
        *("git-config-tamper", "dynamic-command", "undecidable-payload", "parse-error"),
        *("network-not-whitelisted", "network-unknown-target", "network-proxy", "ls-remote"),
        *("read-credentials", "read-secret-file", "run-token", "state-read", "environment-dump"),
    }
)
"""Refusals a ``--dry-run`` or ``--help`` does not lift: they judge what the program does before
its verb (reading a config that names a command, ``git -c core.fsmonitor=CMD commit
--dry-run``), where it connects (a dry-run push still talks to the remote) or what it reads."""


COMMAND_VARIABLES = frozenset(
    [
        "GIT_SSH_COMMAND",
        "GIT_SSH",
        "GIT_PAGER",
        "PAGER",
        "GIT_EDITOR",
        "EDITOR",
        "VISUAL",
        "GIT_SEQUENCE_EDITOR",
        "GIT_EXTERNAL_DIFF",
        "GIT_ASKPASS",
        "SSH_ASKPASS",
        "SUDO_ASKPASS",
        "PROMPT_COMMAND",
        "GIT_PROXY_COMMAND",
        "MANPAGER",
        "LESSOPEN",
        "LESSCLOSE",
        "FCEDIT",
    ]
)
"""Environment variables whose value a program runs as a command; so is any variable named
for a pager, an editor, a browser or an external diff (``CRASHPAGER``, ``SYSTEMD_PAGER``,
``KUBE_EDITOR``, ``GH_BROWSER``, ``KUBECTL_EXTERNAL_DIFF``)."""
COMMAND_VARIABLE_ENDINGS = (
    *("PAGER", "EDITOR", "BROWSER", "EXTERNAL_DIFF", "_COMMAND", "_CMD"),
    *("_RSH", "PASSCOMMAND"),
)
"""Endings of a variable's name that say a program runs its value as a command (round 20:
``FZF_DEFAULT_COMMAND``, the command fzf runs for its list; ``SYSTEMD_PAGER``; round 22: a
remote shell, ``BORG_RSH``, ``RSYNC_RSH``, ``CVS_RSH``, and a command printing a passphrase,
``BORG_PASSCOMMAND``, ``BORG_NEW_PASSCOMMAND``)."""
CONFIG_VARIABLE_ENDINGS = (
    *("RC", "RC_USER", "RCFILE", "_CONF", "_CONFIG", "_CONFIG_FILE", "_CONFIG_PATH"),
    *("_CONFIG_DIR", "_MODULES", "_PLUGINS", "_PLUGIN_PATH", "_PLUGIN_DIR"),
)
"""Endings of a variable's name that say it points a program at a configuration file (which
may name commands or libraries) or a directory of modules it loads (round 20:
``OPENSSL_CONF``, ``OPENSSL_MODULES``, ``TIGRC_USER``, ``RIPGREP_CONFIG_PATH``): unattended,
a path in a place of unread code is refused as that code (:func:`unseen_temp_code`)."""
CODE_VARIABLES = frozenset({"PERL5DB"})
"""Environment variables whose value an interpreter runs as code (perl's debugger hook)."""

PROMPT_VARIABLES = frozenset({"PS0", "PS1", "PS2", "PS3", "PS4"})
"""Variables bash expands as prompts (``PS4`` at each ``set -x`` trace line): the command
substitutions in their value run at each expansion."""

SOURCED_VARIABLES = frozenset({"BASH_ENV", "ENV"})
"""Environment variables naming a file a shell sources before it runs anything."""

_TAMPER_VARIABLES = LazyPattern(
    r"^(GIT_CONFIG_(PARAMETERS|COUNT|KEY_\d+|VALUE_\d+|GLOBAL|SYSTEM|NOSYSTEM)|GIT_DIR"
    r"|GIT_WORK_TREE|GIT_INDEX_FILE|GIT_OBJECT_DIRECTORY|GIT_TEMPLATE_DIR|LD_PRELOAD"
    r"|LD_LIBRARY_PATH|LD_AUDIT|DYLD_INSERT_LIBRARIES|GIT_EXEC_PATH|GIT_ALLOW_PROTOCOL"
    r"|GIT_SSL_\w+|GIT_TRACE2_(ENV_VARS|CONFIG_PARAMS)|GCONV_PATH|DOTNET_STARTUP_HOOKS"
    r"|DYLD_\w*_PATH|DYLD_IMAGE_SUFFIX)$"
)
"""Variables that re-point git's configuration, the programs it runs (``GIT_EXEC_PATH``, the
transports ``GIT_ALLOW_PROTOCOL`` lets in: ``ext::CMD``), its TLS checks (``GIT_SSL_NO_VERIFY``,
``GIT_SSL_CAINFO``...) or what its traces copy out (environment variables, config values), or
inject code into every program (the loader's, iconv's and .NET's start-up modules). macOS's
loader, dyld, searches its ``DYLD_*_PATH`` variables (``DYLD_LIBRARY_PATH``,
``DYLD_FRAMEWORK_PATH``, their ``FALLBACK_`` and ``VERSIONED_`` forms, ``DYLD_ROOT_PATH``)
before the paths a program was linked with, and tries each library under the name
``DYLD_IMAGE_SUFFIX`` makes first, as ``LD_LIBRARY_PATH`` is searched (round 24)."""

STARTUP_VARIABLES = frozenset(
    {
        *("NODE_OPTIONS", "PERL5OPT", "RUBYOPT", "TAR_OPTIONS", "MANOPT", "PYTEST_ADDOPTS"),
        "MAKEFLAGS",
        *("PYTHONSTARTUP", "R_PROFILE_USER", "R_PROFILE", "LUA_INIT", "PYTEST_PLUGINS"),
        *("KUBECONFIG", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE", "PIP_CONFIG_FILE"),
        *("NPM_CONFIG_USERCONFIG", "NPM_CONFIG_GLOBALCONFIG", "CARGO_HOME", "BAZELRC"),
        # round 13: go's flags, and files and directories of start-up code or configuration
        # (psql's and curl's and wget's rc files, zsh's and every XDG tool's directory)
        *("GOFLAGS", "GOENV", "PSQLRC", "CURL_HOME", "WGETRC", "ZDOTDIR", "XDG_CONFIG_HOME"),
        *("TF_CLI_CONFIG_FILE", "DOCKER_CONFIG", "GRADLE_USER_HOME", "IPYTHONDIR"),
        *("SCREENRC", "MYSQL_HOME"),
        # round 16: less's key files, whose ``#env`` section sets LESSOPEN (a command)
        *("LESSKEYIN", "LESSKEY", "LESSKEY_SRC"),
        # round 18: GNU make's own MAKEFLAGS, just's justfile, directory and chooser
        *("GNUMAKEFLAGS", "JUST_JUSTFILE", "JUST_WORKING_DIRECTORY", "JUST_CHOOSER"),
        # round 19: build files of code named by a variable (bundler's Gemfile, composer's
        # composer.json, cmake's toolchain file)
        *("BUNDLE_GEMFILE", "COMPOSER", "CMAKE_TOOLCHAIN_FILE", "RUSTFLAGS"),
        "FZF_DEFAULT_OPTS",  # round 20: fzf's options, whose ``--bind`` runs commands
    }
)
"""Variables giving a program more options, a start-up file of code or a configuration file
(:mod:`ondas.guards.bash_startup` reads each as what it stands for)."""
LOADER_PATH_VARIABLES = frozenset(
    {
        "PYTHONPATH",
        "PYTHONUSERBASE",
        "PYTHONHOME",
        "PYTHONPYCACHEPREFIX",
        "NODE_PATH",
        "PERL5LIB",
        "PERLLIB",
        "RUBYLIB",
        "GEM_PATH",
        "GEM_HOME",
        "CLASSPATH",
        "LUA_PATH",
        "LUA_CPATH",
        "R_LIBS",
        "R_LIBS_USER",
        "JULIA_LOAD_PATH",
        "JULIA_DEPOT_PATH",
        "MAKEFILES",  # round 15: makefiles make reads before the project's
    }
)
"""Variables naming directories an interpreter loads modules from (and, for Python, its
``sitecustomize`` and ``.pth`` files): an entry in a temp area puts unseen code first."""
UNSEEN_CODE_PROGRAMS = frozenset(
    {
        *("awk", "gawk", "mawk", "nawk", "sed", "gsed", "make", "gmake", "cmake", "ctest", "gdb"),
        *("pytest", "py.test", "tox", "cargo", "bazel", "npm", "pnpm", "yarn", "git"),
        *("just", "task", "deno", "bun", "go", "perl", "ruby"),
        "poe",  # round 17: ``-C DIR``, another project's pyproject.toml and its tasks
        *("invoke", "rake", "mise"),  # round 18: their collections, rakefiles, directories
        "composer",  # round 19: ``-d DIR``, another project's composer.json and its scripts
        # round 13: shared objects, plugins, filters, init scripts and configuration files
        *("ssh-keygen", "openssl", "gcc", "g++", "cc", "c++", "clang", "clang++", "rustc"),
        *("pandoc", "gradle", "gradlew", "mvn", "mvnw", "psql", "sqlite3", "curl", "wget"),
        *("latexmk", "exiftool", "lldb", "mysql", "mariadb", "doxygen"),
        *("vim", "vi", "nvim", "view", "ex", "gvim"),  # round 14: -u, -S
        # round 15: configuration files that are code, build files, scripts by operand
        *("pylint", "mypy", "coverage", "pre-commit", "sphinx-build", "mkdocs", "gunicorn"),
        *("nox", "ninja", "java", "dotnet", "kotlinc", "tmux", "docker", "podman"),
        *("streamlit", "zig", "papermill", "swift", "kotlin", "runghc", "runhaskell"),
        # round 16: build and task files that are code, test runners' required files, ssh's
        # configuration and libraries, JavaScript tools' configuration files and plugins
        *("scons", "premake5", "doit", "mage", "meson", "uvicorn", "hyperfine"),
        *("ansible-inventory", "phpunit", "rspec", "act", "ssh", "scp", "sftp", "less"),
        *("node", "nodejs", "asciidoctor", "typedoc", "jsdoc", "markdownlint"),
        *("markdownlint-cli2", "prettier", "eslint", "mocha", "jest", "vitest", "webpack"),
        *("webpack-cli", "rollup", "vite", "babel", "stylelint", "postcss", "tsup", "gradio"),
        "prove",
        *("vinxi", "tslint"),  # round 17: their configuration, rules and formatters
        # round 17: known tools whose options or operands load code (bash_startup's tables)
        *("rubocop", "standardrb", "javac", "scalac", "ld", "ld.gold", "ld.bfd", "ld.lld"),
        *("clang-tidy", "cppcheck", "cmake-format", "luacheck", "git-cliff", "protoc", "ant"),
        *("dune", "checkov", "phpstan", "jekyll", "erlc", "gpgconf", "pyright", "basedpyright"),
        *("actionlint", "msbuild", "mdbook", "pdoc", "regendoc", "autoconf", "autoreconf"),
        *("sbt", "waf", "swiftc"),  # round 20: sbt's global base, waf's top, swift plugins
        *("jasmine", "webpack-dev-server"),  # round 20: their configuration, helpers, modules
        "cpack",  # round 21: its CMake configuration
        # round 20: another project's directory given to its runner, prek's configuration and
        # try-repo, a GNAT project, ansible-lint's rules, a TeX document from elsewhere
        *("poetry", "pdm", "prek", "gprbuild", "ansible-lint"),
        *("pdflatex", "xelatex", "lualatex", "latex", "tex", "pdftex", "luatex"),
        "pants",  # round 21: its configuration files' plugins
    }
)
"""Programs given code or commands in a file by an option or operand
(:func:`ondas.guards.bash_startup.unseen_code_options` reads which)."""
MEDIA_PROGRAMS = frozenset(
    {
        *("convert", "magick", "identify", "composite", "montage", "mogrify", "compare"),
        *("stream", "display", "animate", "import", "conjure", "exiftool"),
    }
)
"""ImageMagick's programs and ExifTool, whose words may hold a script, a deletion or Perl
(round 20: :mod:`ondas.guards.bash_media`)."""
ARGV_AFTER_OPTION = {"ctest": word_set("--test-command")}
"""Programs that run the words after an option as a command (round 15: ``ctest
--build-and-test SRC BUILD --test-command CMD ARGS``)."""
PIPED_OUTPUTS = {
    "psql": word_set("-o --output -L --log-file"),
    **dict.fromkeys(("mysql", "mariadb"), word_set("--tee")),
}
"""Programs whose output option takes ``|COMMAND``, a pipe to a shell command (round 15:
``psql -o '|sh'``)."""


def _option_commands(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, stdin: Stdin | None
) -> Verdict:
    """The command after one of :data:`ARGV_AFTER_OPTION`'s options, and the ``|COMMAND`` of
    one of :data:`PIPED_OUTPUTS`'s, checked as commands."""
    after = ARGV_AFTER_OPTION.get(name, frozenset())
    for k, word in enumerate(args):
        if word.value in after:
            return check_argv(args[k + 1 :], ctx, depth, seg, stdin)
    piped = PIPED_OUTPUTS.get(name, frozenset())
    for target in option_values(args, piped) if piped else ():
        if target.value is None:
            return block("dynamic-command", seg, f"{name} output to a target computed later")
        if target.value.startswith("|"):
            return ctx.check_source(target.value[1:], ctx, depth + 1)
    return ALLOW


URL_OPENERS = word_set(
    "ffmpeg ffprobe ffplay pandoc convert magick identify montage composite xmllint xsltproc "
    "exiftool"
)
"""Programs that open a URL given as a file, input or output (round 15; round 17: document
and image converters, XML tools, and ffmpeg's streaming outputs)."""
_URL_INPUT = LazyPattern(
    r"^(?:https?|ftps?|rtmp[st]?|rtsp|rtp|tcp|udp|tls|srt|gopher|icecast|mms[ht]?|wss?|sftp"
    r"|scp|smb|dict|telnet)://"
)
FOREIGN_BUILDS = {
    **dict.fromkeys(("make", "gmake"), word_set("-C --directory -f --file --makefile")),
    "ninja": word_set("-C -f"),
}
"""Build tools told to run another directory's build file (round 15: ``make -C
~/src/other clean``); a temp area's is :mod:`ondas.guards.bash_startup`'s."""
CLEANED_BY_DEFAULT = {
    "npm": ("ci", "node_modules"),
    "cargo": ("clean", "target"),
    "mvn": ("clean", "target"),
    "mvnw": ("clean", "target"),
    "gradle": ("clean", "build"),
    "gradlew": ("clean", "build"),
}
"""Programs whose verb deletes a directory of theirs by default (``npm ci`` its
``node_modules``, ``cargo clean`` its ``target``): read only on a line that moved files, where
the directory may now hold the project's work (round 16s: ``mv src target/ && cargo clean``)."""
INSTALL_PLACES = word_set("make gmake cmake")
"""Build tools told where their install step writes: make's ``PREFIX=``/``DESTDIR=``-style
variables, ``cmake --install --prefix DIR`` (round 15)."""
_INSTALL_PLACE_VARIABLE = LazyPattern(
    r"^(?:DESTDIR|PREFIX|prefix|EPREFIX|exec_prefix|BINDIR|bindir|LIBDIR|libdir|INSTALL_?DIR"
    r"|INSTALL_PREFIX|CMAKE_INSTALL_PREFIX)=(.+)$"
)


def _install_places(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Where a build tool is told to install, judged as a write target: outside the project
    (``~/.local``, ``/usr/local``) it installs for the user or the machine."""
    if ctx.in_container:
        return ALLOW
    places = [
        Word(m.group(1), a.text)
        for a in args
        if a.value is not None and (m := _INSTALL_PLACE_VARIABLE.match(a.value)) is not None
    ]
    if name == "cmake" and any(a.value == "--install" for a in args):
        places += list(option_values(args, frozenset({"--prefix"})))
    for place in places:
        if place.value is not None:
            verdict = check_write_target(place, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


DEBUG_SERVERS = word_set(
    "node nodejs deno bun java jupyter jupyter-notebook jupyter-lab tensorboard"
)
"""Programs :func:`ondas.guards.bash_sockets.open_debugger` reads (kept here as a literal so a
command costs a set lookup)."""
HOST_VARIABLES = word_set("GH_HOST GITLAB_HOST")
"""Variables naming the host a CLI sends its requests (and its stored token) to (round 15):
judged as that host's URL is."""
DATABASE_CLIENTS = word_set(
    "psql pg_dump pg_dumpall pg_restore pg_isready pgbench mysql mariadb mysqldump mysqladmin "
    "redis-cli mongosh mongo mongodump mongorestore"
)
"""Database clients whose host option or connection URI names the server they talk to (round
17; ``bash_net.database_hosts``)."""
ABBREVIATING = {
    "tar": word_set(
        "--to-command --use-compress-program --checkpoint-action --remove-files --rsh-command "
        "--new-volume-script --info-script --absolute-names --index-file --directory "
        "--transform --xform"
    ),
    "sort": word_set("--compress-program --output --files0-from"),
    # round 22 (redteam22): coreutils' movers and copiers read ``--target-dir=DIR`` as
    # ``--target-directory=DIR``; ``--strip`` stays itself (not ``--strip-program``)
    "install": word_set("--strip-program --strip --target-directory"),
    **dict.fromkeys(("mv", "cp"), word_set("--target-directory")),
    # round 23s: ``ln --forc`` replaces its destination as ``--force`` does; truncate's every
    # long option is listed, so that a prefix of any length is read (``--si=0``)
    "ln": word_set("--target-directory --force"),
    "truncate": word_set("--size --no-create --io-blocks --reference"),
    "env": word_set("--chdir --split-string"),
    "wget": word_set(
        "--execute --post-file --body-file --output-document --directory-prefix --input-file "
        "--use-askpass --config"
    ),
    "date": word_set("--set --file"),
    "split": word_set("--filter"),
    "git": word_set(
        "--upload-pack --receive-pack --exec --open-files-in-pager --extcmd --separate-git-dir "
        "--template --unsafe-paths"
    ),
    # round 22 (redteam22): pip's option parser (optparse) reads a unique prefix as the option
    # (``--targ=DIR``, ``--extra-index=URL``); ``--pre`` stays itself (not ``--prefix``)
    **dict.fromkeys(
        ("pip", "pip3"),
        word_set(
            "--target --prefix --pre --root --user --index-url --extra-index-url --find-links "
            "--break-system-packages"
        ),
    ),
    # round 18: gpg's own parser reads prefixes too (``--export-secret-key``); its other
    # ``--export`` options are listed so that they stay themselves
    **dict.fromkeys(
        ("gpg", "gpg2"),
        GPG_SECRET_EXPORTS
        | word_set(
            "--export --export-options --export-filter --export-ownertrust --export-ssh-key"
        ),
    ),
}
"""Programs that read any unambiguous prefix of a long option as the option (GNU
``getopt_long``, git's parse-options), with the long options their rules look for (round 17:
``tar --to-comm=CMD``, ``git grep --open-files-in-p=CMD``). A prefix of three letters or more
is read as the first of them it begins; a prefix the program finds ambiguous stops it, so the
reading refuses nothing that would run."""


def _attached_stdin(args: list[Word]) -> bool:
    """Whether an option names standard input in its own word (``-f-``, ``--file=-``,
    ``-f/dev/stdin``; round 21), as ``-f -`` does in two."""
    for word in args:
        v = word.value
        if v is None or v[:1] != "-":
            continue
        if v.partition("=")[2] in STDIN_FILES or (v[1:2] != "-" and v[2:] in STDIN_FILES):
            return True
    return False


WHOLLY_LISTED = frozenset({"truncate"})
"""Programs of :data:`ABBREVIATING` whose every long option is listed there: a prefix of one
letter or more is read as the option it begins (round 23s: ``truncate --si=0``)."""


def unabbreviated(name: str, args: list[Word]) -> list[Word]:
    """``args`` with each abbreviated long option of :data:`ABBREVIATING` written whole."""
    options = ABBREVIATING[name]
    out: list[Word] = []
    for word in args:
        v = word.value
        if v == "--":
            out.extend(args[len(out) :])
            break
        if v is None or not v.startswith("--"):
            out.append(word)
            continue
        head, eq, value = v.partition("=")
        if (len(head) >= 5 or name in WHOLLY_LISTED) and len(head) > 2 and head not in options:
            whole = next((o for o in sorted(options) if o.startswith(head)), None)
            if whole is not None:
                word = Word(whole + eq + value, word.text, word.kind, word.inner, word.braces)
        out.append(word)
    return out


RULED_OUTPUTS = word_set(
    "tar zstd unzstd lz4 brotli mysql mariadb redis-cli time pip pip3 uv poetry hyperfine psql pdm "
    "gpg gpg2"
)
"""Programs with rules of their own whose output options (``bash_output_options``'s
``PROGRAM_OUTPUTS``: ``tar --index-file``, ``zstd -o``, ``mysql --tee``, ``redis-cli --rdb``;
round 16s: GNU ``time -o``, ``pip --log``, ``uv pip compile -o``, ``poetry export -o``,
``hyperfine --export-json``; round 22: ``gpg -o FILE``) are judged as writes too (round 15)."""
STDIN_FILES = frozenset({"/dev/stdin", "/dev/fd/0", "/proc/self/fd/0", "-"})
"""Names a program opens to read its standard input."""
RECIPE_FILE_READERS = word_set("make gmake bmake just task rake ninja scons")
"""Programs that read their recipes from a file they are given: given a process substitution
(``make -f <(printf ...)``, ``just --justfile <(...)``), the recipes are code produced at run
time, as ``bash <(...)`` runs (round 16s; ``printf ... | make -f -`` is read)."""
RECIPE_RUNNERS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("make", "gmake", "bmake", "just", "task", "rake", "tox", "nox", "ninja", "pytest"),
        frozenset({""}),
    ),
    **dict.fromkeys(("py.test", "gradle", "mvn", "ant", "sbt", "mix", "scons"), frozenset({""})),
    **dict.fromkeys(
        ("npm", "pnpm", "yarn", "bun"),
        frozenset(
            {"run", "run-script", "test", "t", "start", "stop", "restart", "build"}
            | {"install", "i", "ci", "rebuild", "exec", "x"}
        ),
    ),
    "cargo": frozenset({"build", "b", "run", "r", "test", "t", "check", "c", "bench"}),
    "go": frozenset({"run", "test", "generate"}),
    "deno": frozenset({"task"}),
    "composer": frozenset({"run-script", "run", "test"}),
    "dotnet": frozenset({"build", "run", "test", "msbuild", "pack"}),
}
"""Programs that run the recipes of the directory they work in (a makefile, ``package.json``'s
scripts, ``build.rs``, ``conftest.py``, ``build.ninja``...), and the verbs that do (``""``: any
invocation). Unattended, run where the line moved into a temp area, those recipes are code the
guard has not read, as ``make -C /tmp/w`` names them (:func:`_recipes_in_temp`)."""


def _recipes_in_temp(name: str, args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """``cd /tmp/w && make``: a recipe runner (:data:`RECIPE_RUNNERS`) working in a temp area
    runs recipes anyone may have written there, unless the line made that directory a copy of
    the project's (``cp -r . /tmp/w``)."""
    cwd = str(ctx.cwd)
    if not unread_place(cwd, ctx) or known_copy(cwd, ctx):
        return ALLOW
    verbs = RECIPE_RUNNERS[name]
    words = [w.value for w in args]
    if words and all(w in {"--version", "-V", "--help", "-h", "version", "help"} for w in words):
        return ALLOW
    verb = next((w for w in words if w is None or not w.startswith("-")), "")
    if "" not in verbs and verb not in verbs:
        return ALLOW
    return block(
        "unknown-program",
        segment,
        f"{name} runs the recipes of {cwd}, a temporary directory where any code may have been "
        "written, which this line did not write; unattended runs without the OS sandbox refuse "
        "code they cannot read",
    )


PLUGIN_LOADERS = frozenset(
    {
        *("gcc", "g++", "cc", "c++", "clang", "clang++", "ld", "ld.bfd", "ld.gold", "ld.lld"),
        *("lld", "opt", "llc", "rustc", "ar", "nm", "ranlib"),
    }
)
"""Compilers, linkers and binary tools that load a plugin named by an option
(:mod:`ondas.guards.bash_plugins`)."""


KEY_DIRECTORY_COPIERS = frozenset(
    {"cp", "rsync", "tar", "bsdtar", "gtar", "zip", "7z", "7za", "7zz"}
)
"""Copiers and archivers that may take a client's key directory whole into the project
(:mod:`ondas.guards.bash_key_directories`)."""


def plugin_loader(name: str) -> bool:
    """``name`` is one of :data:`PLUGIN_LOADERS`, also versioned or for a target
    (``gcc-12``, ``clang-18``, ``x86_64-linux-gnu-gcc``)."""
    if name in PLUGIN_LOADERS:
        return True
    if "-" not in name:
        return False
    return name.rstrip("0123456789.").rstrip("-").rsplit("-", 1)[-1] in PLUGIN_LOADERS


PRELOADERS = frozenset(
    {"node", "nodejs", "ruby", "php", "pytest", "py.test", "tsx", "ts-node", "ts-node-dev"}
)
"""Programs that load a module or file named by an option before their own work
(:func:`ondas.guards.bash_startup.loaded_at_start`); round 17: the TypeScript runners, which
take node's ``-r``/``--require``/``--import`` as node does."""
SQL_PRINTING_VERBS = word_set("sqlflush")
"""The verbs of ``bash_sql.SQL_PRINTERS`` (a test compares them): a command naming one that
writes a file gets that module asked what SQL it wrote (round 21)."""
STARTUP_FILE = LazyPattern(
    r"(?:sitecustomize|usercustomize|conftest)\.py$|\.pythonrc|\.pth$|rc$|rc\.yml$|profile$"
    r"|\.zshenv$|\.zlogin$|config\.fish$|Rprofile\.site$|\.gitconfig$|/config$"
    r"|/config\.toml$|\.gitmodules$|pip\.conf$|pip\.ini$|pytest\.ini$|tox\.ini$|setup\.cfg$"
    r"|\.bash_(?:login|logout|aliases)$|/\.(?:husky|githooks)/[^/]+$"
)
"""The names of start-up and configuration files (a quick test of a path this line wrote:
:func:`ondas.guards.bash_startup.planted_startup_files` is loaded only when one matches)."""
_STARTUP_HINTS = (
    ".py",
    ".pth",
    "profile",
    ".zshenv",
    ".zlogin",
    "config",
    ".gitmodules",
    "pip.conf",
    ".ini",
    "setup.cfg",
    ".bash_",
    "husky",
    "githooks",
    "rc.yml",
)
"""A literal piece of each name :data:`STARTUP_FILE` matches but ``rc$`` (a test reads them
off the pattern, so a name added to it is covered here too)."""


def startup_file(path: str) -> bool:
    """Whether ``path`` names a start-up or configuration file (:data:`STARTUP_FILE`). The
    pattern runs only on a path that holds one of :data:`_STARTUP_HINTS` or ends in ``rc``: a
    line writing ``out.txt`` imports no ``re`` in the hook process."""
    if not path.endswith(("rc", "rc\n")) and not any(h in path for h in _STARTUP_HINTS):
        return False
    return STARTUP_FILE.search(path) is not None


_OFF = frozenset({"false", "0", "f"})

_PROGRAM_VARIABLES = LazyPattern(
    r"^(?:CC|CXX|CPP|LD|AR|AS|FC|F77|NM|RANLIB|STRIP|OBJCOPY|HOSTCC|CC_FOR_BUILD|CXX_FOR_BUILD"
    r"|CONFIG_SHELL|RUSTC|RUSTDOC|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC"
    r"|CARGO_BUILD_RUSTC_WRAPPER|CARGO_TARGET_\w+_(?:RUNNER|LINKER)|CMAKE_\w+_LAUNCHER"
    r"|CCACHE_PREFIX)$"
)
"""Variables naming a program that a build runs (make's and configure's compilers, cargo's
compiler, wrapper, runner and linker, cmake's compiler launchers)."""


def more_than_a_program_name(value: str) -> bool:
    """A setting that names a program holds more than a bare name (``CC=clang``, a program
    found on the PATH): a path or a command line, judged as one."""
    return any(c in value for c in " \t;|&$`()<>/")


_NPM_COMMAND_KEYS = frozenset(("script-shell", "shell", "node-options", "onload-script"))
"""npm config keys, given as ``npm_config_KEY`` variables, that name what npm runs."""

_JVM_COMMAND = LazyPattern(
    r"-XX:(?:OnError|OnOutOfMemoryError)=(?:\"(?P<p1>[^\"]*)\"|'(?P<p2>[^']*)'|(?P<p3>\S*))"
)
"""A JVM option whose value the JVM hands ``/bin/sh`` when it crashes or runs out of memory,
on a command line or in a variable of JVM options (``JAVA_TOOL_OPTIONS``, ``MAVEN_OPTS``)."""
_JVM_OPTION_VARIABLES = LazyPattern(r"^(?:JAVA_TOOL_OPTIONS|JDK_JAVA_OPTIONS|\w*_OPTS|\w*OPTIONS)$")


def jvm_commands(text: str, ctx: Ctx, depth: int, seg: str, word: bool = False) -> Verdict:
    """Each command a JVM option in ``text`` names (:data:`_JVM_COMMAND`), checked as the
    command line it is (the JVM splits it at ``;``, as the shell does). In one word of a
    command line (``word``) the value is the rest of the word; in a variable of options the
    JVM splits at blanks outside double quotes."""
    for match in _JVM_COMMAND.finditer(text):
        command = next((g for g in match.groups() if g is not None), "")
        if word and match.group("p3") is not None:
            command = text[match.start() :].split("=", 1)[1]
        if command:
            verdict = ctx.check_source(command, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _project_libraries(name: str, value: str | None, ctx: Ctx) -> bool:
    """``LD_LIBRARY_PATH=build/lib``: a library search path of the project's own directories
    only, which adds no code the agent could not run as the project's own program; so for
    dyld's search paths (``DYLD_FRAMEWORK_PATH=build/Products/Debug``)."""
    if not value or not library_path(name):
        return False
    for inherited in (f"${{{name}:+:${name}}}", f"${{{name}:+:${{{name}}}}}"):
        value = value.replace(inherited, "")  # ``build${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}``
    return all(
        d in {f"${name}", f"${{{name}}}"}  # the inherited value, already in effect
        or (d and "$" not in d and classify(d, ctx) in {"project", "project-temp"})
        for d in value.split(":")
    )


def library_path(name: str) -> bool:
    """A loader's library search path: ``LD_LIBRARY_PATH`` or one of dyld's ``DYLD_*_PATH``."""
    return name == "LD_LIBRARY_PATH" or (name[:5] == "DYLD_" and name[-5:] == "_PATH")


SHELL_BUILTINS = word_set(
    ". : [ [[ alias bg bind break builtin caller cd command compgen complete compopt continue "
    "declare dirs disown echo enable eval exec exit export false fc fg getopts hash help "
    "history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly "
    "return set shift shopt source suspend test times trap true type typeset ulimit umask "
    "unalias unset wait"
)
"""bash's builtins: run without a PATH lookup (``PATH=/tmp/x; echo hi`` runs bash's echo)."""


WORLD_WRITABLE = ("/run/lock", "/var/lock", "/dev/mqueue", "/var/crash")
"""Directories besides the temp roots that every user may write (sticky, mode 1777 on common
systems): a program found there is whatever anyone put there."""
_PROC_ROOT = LazyPattern(r"^/proc/(?:self|thread-self|\d+)/root(?=/|$)")
_PROC_CWD = LazyPattern(r"^/proc/(?:self|thread-self)/cwd(?=/|$)")


def _absolute(path: str, ctx: Ctx) -> str | None:
    """``path`` made absolute and normalised as bash and the kernel read it (``~``, the working
    directory, ``/proc/self/cwd``, ``/proc/self/root``); None when it is relative to an unknown
    working directory."""
    if not path:
        return None
    if path.startswith("~") and (path == "~" or path.startswith("~/")):
        path = ctx.home + path[1:]
    if not path.startswith("/"):
        if ctx.cwd is None:
            return None
        path = posixpath.join(ctx.cwd, path)
    if ctx.cwd is not None and _PROC_CWD.match(path):
        path = ctx.cwd + _PROC_CWD.sub("", path)
    path = "/" + posixpath.normpath(path).lstrip("/")
    return "/" + posixpath.normpath(_PROC_ROOT.sub("", path)).lstrip("/")


ARRIVAL_ROOTS = ("/media", "/mnt", "/run/media", "/Volumes", "/srv", "/var/www")
"""Where files arrive from elsewhere: removable and network disks, shares, served web roots."""
HOME_ARRIVALS = ("Downloads", "Desktop", ".local/share/Trash")
"""The home's directories that hold what came from the network or a desktop (downloads, the
desktop, the trash), not what the user or the project wrote and read; not ``~/.cache``, where
tools keep their own environments (poetry's virtualenvs, pre-commit's hooks)."""


def unread_place(path: str, ctx: Ctx) -> str | None:
    """Where ``path`` lies when that is a place holding code nobody here read (round 17), as a
    phrase for a refusal: a temp area (:func:`_temp_area`), the home's downloads, desktop and trash
    (:data:`HOME_ARRIVALS`), and by an absolute or home path a mounted, shared or served disk
    (:data:`ARRIVAL_ROOTS`), another repository beside the project or another directory's
    installed packages (``node_modules``); None elsewhere (the project, the system's and the
    user's installed programs, the rest of the home, other users' homes, and a path relative
    out of the project, which everyday lines run from a package's own directory spell)."""
    if _temp_area(path, ctx):
        return "a temporary directory, where anyone may have written it"
    full = _absolute(path, ctx)
    if full is None:
        return None
    where = classify(full, ctx)
    home = posixpath.normpath(ctx.home)
    if where == "home-inside":
        rel = posixpath.relpath(full, home)
        if any(rel == a or rel.startswith(a + "/") for a in HOME_ARRIVALS):
            return "the home's downloads, desktop or trash, where it arrived from elsewhere"
    if where not in {"outside", "home-inside"} or not path.startswith(("/", "~")):
        return None  # ``node ../../scripts/b.js``: everyday from a package's own directory
    if "/node_modules/" in full + "/":
        return "another directory's installed packages"
    if where == "home-inside":
        return None
    if any(
        lexical_inside(full, root)
        and (ctx.project is None or not lexical_inside(ctx.project, root))
        for root in ARRIVAL_ROOTS
    ):  # not a root the project itself lies in (a project under ``/srv``)
        return "a mounted, shared or served disk, where it arrived from elsewhere"
    if (
        ctx.project is not None
        and _neighbour(full, ctx.project)
        and full != posixpath.dirname(posixpath.normpath(ctx.project))
    ):  # not the parent itself: ``cd ..; npm run docs`` from a monorepo's package
        return (
            "another repository or directory beside the project, whose code this run did not read"
        )
    return None


def _temp_area(path: str, ctx: Ctx) -> bool:
    """``path`` lies in (or is) a system temp area or another world-writable directory, where
    anyone may have written a file, however it is spelled: relative to a working directory the
    line moved into (``cd /tmp && ./w``), through ``/proc/self/root`` or ``/proc/self/cwd``, or
    as a pattern bash expands to one (``/t?p/x.sh``)."""
    full = _absolute(path, ctx)
    if full is None:
        return False
    path = full
    where = classify(path, ctx)
    if where in {"system-temp", "temp-root"}:
        return True
    if where not in {"outside", "device"}:
        return False  # the project (also one under /tmp), the home
    if any(lexical_inside(path, r) for r in ("/dev/shm", *WORLD_WRITABLE)):
        return True
    roots = (*TEMP_ROOTS, *WORLD_WRITABLE)
    if not _PATTERN_CHARS.intersection(path):
        return False
    import fnmatch

    parts = path.strip("/").split("/")
    for root in roots:
        want = root.strip("/").split("/")
        if len(parts) >= len(want) and all(
            fnmatch.fnmatchcase(w, p) for w, p in zip(want, parts, strict=False)
        ):
            return True  # ``/t?p/x.sh``, ``/???/x.sh``: bash may expand it into the area
    return False


_VENV_PROGRAMS = frozenset(
    {
        *("python", "python3", "pip", "pip3", "activate", "activate.fish", "activate.csh"),
        *("Activate.ps1", "activate.nu", "activate_this.py", "deactivate.nu"),
    }
)
"""The files a new virtual environment writes into its ``bin`` (python and pip over any that
were there before)."""
_BUILDERS = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "rustc", "go", "tcc"})
_IN_PLACE = frozenset({"sed", "gsed", "perl", "ruby", "ed", "ex", "tee", "truncate", "patch"})
_MAKERS = _BUILDERS | _IN_PLACE | {"virtualenv", "uv", "cmake"}


def _names_temp(args: list[Word], ctx: Ctx) -> bool:
    """Whether a word names a temp area, alone or after ``=`` or a short option (``-I/tmp``,
    ``--file=/tmp/x``, ``auto_prepend_file=/tmp/p.php``): only such a line pays for the
    temp-code checks of :mod:`ondas.guards.bash_startup`."""
    for word in args:
        v = word.value
        if v and "/" in v:
            if v[0] == "@" and unread_place(v[1:], ctx):
                return True  # an argument file (``java @/tmp/args``)
            tail = v.rsplit("=", 1)[-1]
            if unread_place(tail, ctx) or (v[:1] == "-" and unread_place(v[2:], ctx)):
                return True
            if ":/" in tail and any(unread_place(p, ctx) for p in tail.split(":")[1:]):
                return True  # a path list (``-cp build:/tmp/lib``)
    return False


def at_cwd(path: str, ctx: Ctx) -> str:
    """``path`` made absolute from the working directory (``/`` when it is unknown) and
    normalised: the key of :attr:`Ctx.copies`."""
    return posixpath.normpath(posixpath.join(ctx.cwd or "/", path))


def note_renamed(new: str, old: str, ctx: Ctx) -> None:
    """Record that this line moved ``old`` (a path or glob) to ``new`` (:attr:`Ctx.renamed`), by
    the name the file had before the line moved it at all (``mv a b; mv b c`` moved ``a`` to
    ``c``, ``mv a b; mv b a`` moved nothing)."""
    full_new, full_old = at_cwd(new, ctx), at_cwd(old, ctx)
    if full_old in ctx.links:  # ``ln -s .. a && mv a build/p``: the link moves with its name
        pointed = ctx.links.pop(full_old)
        if full_old in ctx.relative_links:  # its text read from its new directory
            ctx.relative_links.discard(full_old)
            text = posixpath.relpath(pointed, posixpath.dirname(full_old))
            pointed = posixpath.normpath(posixpath.join(posixpath.dirname(full_new), text))
            ctx.relative_links.add(full_new)
        ctx.links[full_new] = pointed
    first = ctx.renamed.pop(full_old, None)
    if first is None:
        first = old if ctx.cwd is None else full_old
    if at_cwd(first, ctx) != full_new:
        ctx.renamed[full_new] = first


def note_link(link: str, pointed: str, ctx: Ctx, *, from_cwd: bool = False) -> None:
    """Record that this line made ``link`` a symbolic link to ``pointed`` (:attr:`Ctx.links`),
    a relative ``pointed`` read from the link's own directory, as the kernel reads it, or from
    the working directory (``from_cwd``: ``ln -r``, which writes the link relative for it)."""
    if ctx.cwd is None and not link.startswith("/"):
        return  # where the link is cannot be told
    full = at_cwd(link, ctx)
    if pointed.startswith("~"):
        ctx.links[full] = pointed  # :func:`classify` reads the home
    elif from_cwd:
        ctx.links[full] = at_cwd(pointed, ctx)
    else:
        ctx.links[full] = posixpath.normpath(posixpath.join(posixpath.dirname(full), pointed))
    ctx.relative_links.discard(full)
    if from_cwd or not pointed.startswith(("/", "~")):
        ctx.relative_links.add(full)  # ``ln -r`` writes the link relative to where it is


LINK_HOPS = 8
"""How many links :func:`through_links` follows one after another (a link to a link)."""

ANYWHERE = "\x00anywhere"
"""Where a link points when the guard cannot read it: one made by code from a computed path
(``os.symlink(os.getcwd(), "build/p")``), or an entry of an archive the line extracted."""


def through_links(path: str, ctx: Ctx, *, writing: bool = False) -> str | None:
    """``path`` (a path or glob) with a link this line made among its directories replaced by
    what the link points at (``build/p/src`` after ``ln -s .. build/p``; ``build/s/`` with its
    trailing slash names the directory ``build/s`` points at, as the kernel reads it); None
    when it goes through none. The link itself (``rm build/s``) is the link. A write
    (``writing``) also lands through a tree of file links (:attr:`Ctx.file_links`).
    :data:`ANYWHERE` when a link on the way points where the guard cannot tell: one of
    unread target, or an entry of an archive this line extracted (:attr:`Ctx.unread_trees`:
    ``tar xf a.tar -C build && rm -rf build/p/src``, where ``p`` may be a link to ``~``)."""
    if ctx.cwd is None and not path.startswith("/"):
        return None
    if path.startswith("~"):
        return None
    full = posixpath.join(ctx.cwd or "/", path)
    resolved = None
    links = {**ctx.links, **ctx.file_links} if writing and ctx.file_links else ctx.links
    for _ in range(LINK_HOPS):
        norm = posixpath.normpath(full)
        trailing = full.endswith(("/", "/."))
        if ctx.unread_trees and _under_unread_entry(norm, trailing, ctx):
            return ANYWHERE
        for link, pointed in links.items():
            if norm.startswith(link + "/") or (norm == link and trailing):
                if pointed == ANYWHERE:
                    return ANYWHERE
                full = pointed + norm[len(link) :] + ("/" if norm == link else "")
                break
        else:
            return resolved
        resolved = full
    return resolved


def through_copied_links(path: str, ctx: Ctx, *, final: bool = False) -> str | None:
    """``path`` under a tree this line copied (:attr:`Ctx.copied_trees`) with the first
    directory on the way that is a symbolic link in the source (``lstat``) replaced by where
    its copy points: its text read from the copy's directory, as the kernel reads it there
    (``ln -s "$PWD" vendor/p`` earlier, then ``cp -a vendor /tmp/v && rm -rf /tmp/v/p/src``
    deletes the project's ``src``); None when it goes through none. With ``final`` (a write)
    the last name is looked at too: the copy of a file link is a link with the same text, and a
    write opens what it points at (``rsync -a src/ dst/ && echo x > dst/rc``)."""
    if path.startswith("~") or (ctx.cwd is None and path[:1] != "/"):
        return None
    full = posixpath.join(ctx.cwd or "/", path)
    norm = posixpath.normpath(full)
    trailing = full.endswith(("/", "/."))
    for dest in _copied_trees_holding(norm, ctx.copied_trees):
        source = ctx.copied_trees[dest]
        parts = norm[len(dest) + 1 :].split("/")
        walked, copied = source, dest
        for k, part in enumerate(parts if trailing or final else parts[:-1]):
            if any(c in part for c in "*?["):
                return None
            walked, copied = walked + "/" + part, copied + "/" + part
            try:
                if not stat.S_ISLNK(os.lstat(walked).st_mode):
                    continue
                text = os.readlink(walked)
            except (OSError, ValueError):
                return None
            landed = posixpath.normpath(posixpath.join(posixpath.dirname(copied), text))
            rest = "/".join(parts[k + 1 :])
            return landed + "/" + rest if rest else landed + ("/" if trailing else "")
    return None


def _copied_trees_holding(norm: str, trees: dict[str, str]) -> list[str]:
    """The trees of ``trees`` that ``norm`` lies strictly under, in the order the line copied
    them, found by ``norm``'s ancestors: a lookup each, however many trees the line copied (a
    scan of every tree for every path made 2,500 ``mv`` on one line quadratic, round 18)."""
    found: list[str] = []
    current = posixpath.dirname(norm)
    while True:
        if current in trees and norm.startswith(current + "/"):
            found.append(current)
        parent = posixpath.dirname(current)
        if parent == current or not parent:
            break
        current = parent
    if len(found) > 1:
        order = {dest: k for k, dest in enumerate(trees)}
        found.sort(key=order.__getitem__)
    return found


def note_unread_tree(directory: str, ctx: Ctx) -> None:
    """Record that this line extracted an archive into ``directory`` (:attr:`Ctx.unread_trees`),
    made absolute from the working directory; nothing when that is unknown."""
    if directory.startswith("~") or (ctx.cwd is None and not directory.startswith("/")):
        return
    ctx.unread_trees.append(at_cwd(directory, ctx))


_OUTSIDE_THE_PROJECT = frozenset(
    {"home", "home-inside", "system-temp", "temp-root", "escape", "outside"}
)
"""Where a file the line copies, links or extracts holds text the guard cannot read
(:func:`classify`'s names): not the project, nor a device, nor a path it cannot place."""


def brought_from_outside(source: str, ctx: Ctx) -> bool:
    """``source``, a file this line did not write, lies outside the project: a copy or link
    of it (``cp /tmp/x Makefile``, ``ln -s ~/x run.sh``) brings text the guard cannot read.
    A relative path is not (``cp ../../tsconfig.base.json tsconfig.json``: a monorepo's shared
    file): a copy gets the verdict running the file directly gets, and a script or plugin given
    by a relative path from the project is its neighbour, run as such (``bash ../tools/x.sh``;
    round 12's and ``redteam17``'s decision). From a temp area (``cd /tmp && cp ./x ...``) it is
    judged where it lies."""
    relative = not source.startswith(("/", "~"))
    if relative and (ctx.cwd is None or classify(ctx.cwd, ctx) in {"project", "project-temp"}):
        return False
    return classify(source, ctx) in _OUTSIDE_THE_PROJECT


def note_brought(dest: str, source: str, ctx: Ctx, *, tree: bool = False) -> None:
    """``dest`` (a file, or with ``tree`` every file under it) now holds what ``source``, a
    named file outside the project, holds: written with text unknown (:attr:`Ctx.brought`)."""
    full = at_cwd(dest, ctx)
    if tree:
        ctx.brought_trees[full] = source
        note_unnamed_directory(full, ctx)
    else:
        ctx.brought[full] = source
        ctx.written[full] = None


def brought_code(path: str, ctx: Ctx, seg: str, runner: str) -> Verdict | None:
    """The verdict on running ``path`` (absolute) when this line brought it from a named file
    outside the project: as running that file directly (round 12's decision, ``bash /tmp/x``,
    ``make -f /tmp/m``): refused unattended as code the guard cannot read, left to the person
    or the OS sandbox otherwise. None when the line did not bring it (its text is unknown for
    another reason: the judgement of a file written unseen applies)."""
    origin = ctx.brought.get(path)
    if origin is None and ctx.brought_trees:
        holder = containing(path, ctx.brought_trees)
        origin = None if holder is None else ctx.brought_trees[holder]
    if origin is None:
        return None
    if not ctx.unattended:
        return ALLOW
    return block(
        "unknown-program",
        seg,
        f"{runner} runs {path}, which this line brought from {origin}, outside the project, "
        "without showing its text; unattended runs without the OS sandbox refuse code they "
        "cannot read",
    )


def note_brought_tree(source: str | None, directory: str, ctx: Ctx) -> None:
    """An archive extracted, or a tree copied, into ``directory`` from a ``source`` outside the
    project, named at run time (None) or written by this line with text the guard cannot see
    (``curl -o a.tgz URL && tar xf a.tgz``): every file there may be one it brought, text
    unknown, for a make, npm, pytest or shell that runs one later in the line (``tar xf
    /tmp/a.tar && make``, ``cp -r /tmp/p/. . && make``)."""
    if directory.startswith("~") or (ctx.cwd is None and not directory.startswith("/")):
        return
    if source is not None and ctx.brought.get(at_cwd(directory, ctx)) == source:
        ctx.brought_trees[at_cwd(directory, ctx)] = source  # the copy just recorded it
        note_unnamed_directory(at_cwd(directory, ctx), ctx)
    elif source is not None and brought_from_outside(source, ctx):
        note_brought(directory, source, ctx, tree=True)
    elif source is None or written_text(ctx, source) == (True, None):
        note_unnamed_directory(at_cwd(directory, ctx), ctx)


def _under_unread_entry(norm: str, trailing: bool, ctx: Ctx) -> bool:
    """``norm`` goes through an entry of an archive this line extracted, which may be a link:
    it lies below the entry (``build/p/src`` after ``tar xf a.tar -C build``; ``build/p/``
    with its slash), and the entry is no directory already on disk (the archive cannot make
    a non-empty directory a link)."""
    for tree in ctx.unread_trees:
        prefix = tree.rstrip("/") + "/"
        if not norm.startswith(prefix):
            continue
        rest = norm[len(prefix) :]
        entry, slash, _below = rest.partition("/")
        if not entry or not (slash or trailing) or any(c in entry for c in "*?["):
            continue
        try:
            if stat.S_ISDIR(os.lstat(prefix + entry).st_mode):
                continue
        except (OSError, ValueError):
            pass
        return True
    return False


def through_disk_links(path: str, ctx: Ctx, *, final: bool = False) -> str | None:
    """``path`` (in the project or a temp area) with a symbolic link already on disk among its
    directories replaced by where it points: one an earlier call made (``ln -s .. build/p``,
    then ``rm -rf build/p/src``; ``ln -s "$PWD" /tmp/p``, then ``rm -rf /tmp/p/src``), or a
    checkout or an archive brought; None when it goes through none. Each directory of the path
    under the project's root (the temp area's) is looked at with ``lstat`` (a glob's
    directories up to its first pattern), so only paths the line deletes or writes pay it.
    With ``final`` (a write) the last name is looked at too: a write opens what a file link
    points at (``cp -as "$PWD/.claude" build/c`` earlier, then ``echo x >
    build/c/settings.json`` writes the project's settings), where a deletion removes the
    link."""
    if ctx.project is None or path.startswith("~") or (ctx.cwd is None and path[:1] != "/"):
        return None
    full = posixpath.join(ctx.cwd or "/", path)
    norm = posixpath.normpath(full)
    root = posixpath.normpath(ctx.project)
    if not norm.startswith(root + "/"):
        root = temp_root(norm) or ""  # ``ln -s "$PWD" /tmp/p`` earlier, ``rm -rf /tmp/p/src``
        if not root or norm == root:
            return None
    parts = norm[len(root) + 1 :].split("/")
    trailing = full.endswith(("/", "/."))
    current = root
    for k, part in enumerate(parts if trailing or final else parts[:-1]):
        if any(c in part for c in "*?["):
            return None
        current = current + "/" + part
        try:
            if not stat.S_ISLNK(os.lstat(current).st_mode):
                continue
            real, real_root = os.path.realpath(current), os.path.realpath(root)
        except (OSError, ValueError):
            return None
        if real == real_root or real.startswith(real_root + "/"):
            real = root + real[len(real_root) :]  # the project's root as the line names it
        rest = "/".join(parts[k + 1 :])
        return (real + "/" + rest if rest else real + ("/" if trailing else "")).replace("//", "/")
    return None


def judged_through_links(
    word: Word,
    ctx: Ctx,
    judge: Callable[[Word], Verdict],
    segment: str,
    *,
    writing: bool,
) -> Verdict:
    """``judge`` of where ``word``'s path lands when it goes through a link (one this line
    made, :func:`through_links`, else one on disk, :func:`through_disk_links`), with the line's
    links set aside while it judges (the landing is already read through them); ALLOW when it
    goes through none. Deletions and writes (``writing``) ask it besides judging the path as
    written; a path through a link the guard cannot read is refused as an unknown target."""
    assert word.value is not None
    made = ctx.links or ctx.unread_trees or (writing and ctx.file_links)
    through = through_links(word.value, ctx, writing=writing) if made else None
    if through == ANYWHERE:
        return block(
            "write-unknown-target" if writing else "rm-unknown-target",
            segment,
            "the path goes through what this line made unread (an archive's entries, a link "
            "computed by code), which may be a link to anywhere",
        )
    if through is None and ctx.copied_trees:
        through = through_copied_links(word.value, ctx, final=writing)
    through = through if through is not None else through_disk_links(word.value, ctx, final=writing)
    if through is None:
        return ALLOW
    saved = ctx.links, ctx.file_links, ctx.unread_trees, ctx.copied_trees
    ctx.links, ctx.file_links, ctx.unread_trees, ctx.copied_trees = {}, {}, [], {}
    try:
        return judge(Word(through, word.text))
    finally:
        ctx.links, ctx.file_links, ctx.unread_trees, ctx.copied_trees = saved


RENAME_MATCHES = 4096
"""How many comparisons of a glob with the names this line moved files to its deletions may
make (an everyday line makes a handful); past them :func:`renamed_from` gives up."""
UNFOLLOWED = ""
"""What :func:`renamed_from` answers when it gave up: a deletion it cannot follow."""


def renamed_from(path: str, ctx: Ctx) -> str | None:
    """The name a file this line moved had before, when ``path`` (a path or glob) names it:
    ``src.bak`` after ``mv src src.bak``, ``src/*.bak`` after ``rename 's/$/.bak/'
    src/*.py`` (the glob matches the new names' own glob, ``src/*.py.bak``); a plain name is
    looked up, a glob compared with each name (:data:`RENAME_MATCHES` in all, then
    :data:`UNFOLLOWED`)."""
    full = at_cwd(path, ctx)
    old = ctx.renamed.get(full)
    if old is not None or not any(c in full for c in "*?["):
        return old
    from fnmatch import fnmatchcase  # only for lines that moved a file: not on the hook's path

    for new, old in ctx.renamed.items():
        ctx.rename_matches += 1
        if ctx.rename_matches > RENAME_MATCHES:
            return UNFOLLOWED
        if fnmatchcase(new, full):
            return old
    return None


def renamed_under(path: str, ctx: Ctx) -> str | None:
    """The first name of a file this line moved into the directory ``path`` (a plain path):
    ``src`` after ``mv src build/`` when ``path`` is ``build``; a recursive deletion of
    ``path`` deletes it (round 16s: ``mv -t dist src lib && rm -rf dist`` passed)."""
    prefix = at_cwd(path, ctx).rstrip("/") + "/"
    return next((old for new, old in ctx.renamed.items() if new.startswith(prefix)), None)


def note_copy(dest: str, source: str, ctx: Ctx) -> None:
    """Record that this line makes ``dest`` a copy (or link, or build) of ``source``, a file it
    did not write: both as the working directory of now makes them (``cp x.sh /tmp/ && cd /tmp
    && ./x.sh`` runs the project's ``x.sh``), and whatever the line wrote to ``dest`` before is
    gone."""
    full = at_cwd(dest, ctx)
    ctx.written.pop(full, None)
    ctx.copies[full] = source if ctx.cwd is None else at_cwd(source, ctx)
    ctx.copies_unread.append(full)


def known_copy(path: str, ctx: Ctx) -> bool:
    """``path`` is a copy this line made of a file outside the temp areas, a program it built
    from such sources, or a program of a virtual environment it made (:attr:`Ctx.copies`)."""
    if not ctx.copies:
        return False
    full = at_cwd(path, ctx)
    if full in ctx.copies:  # a copy, or a link or in-place edit after the venv was made
        origin = ctx.copies[full]
        return not _temp_area(origin, ctx) and origin not in STDIN_FILES
    parent = posixpath.dirname(full)
    return posixpath.basename(full) in _VENV_PROGRAMS and ctx.copies.get(parent, None) == ""


def unseen_copy(path: str, ctx: Ctx) -> bool:
    """``path`` is a copy or link this line made of a file in a temp area that it did not
    write (``cp /tmp/x ./run.sh``, ``ln -s /tmp/x.sh scripts/x.sh``): it holds that file's
    unseen code wherever it lies, as an in-place edit of a temp copy does."""
    if not ctx.copies:
        return False
    origin = ctx.copies.get(at_cwd(path, ctx))
    return bool(origin) and (_temp_area(origin or "", ctx) or origin in STDIN_FILES)


def unknown_unattended(name: str, why: str, ctx: Ctx, seg: str) -> Verdict:
    """Unattended, ``name`` refused as unknown for ``why`` (``is given the option -P``); in
    the other modes it runs (inside the OS sandbox, or with a person at hand)."""
    if not ctx.unattended:
        return ALLOW
    return block(
        "unknown-program", seg, f"{name} {why}; unattended runs without the OS sandbox refuse it"
    )


def unseen_program(spelled: str, ctx: Ctx) -> bool:
    """Unattended, the program named by the path ``spelled`` is one the guard cannot read: it
    lies in a temp area (``/tmp/w``, ``cd /tmp && ./w``) and is no copy this line made of a
    file elsewhere, or it is a copy this line made of such a file (:func:`unseen_copy`)."""
    if not ctx.unattended or "/" not in spelled:
        return False
    if unread_place(posixpath.dirname(spelled) or "/", ctx) and not known_copy(spelled, ctx):
        return True
    return unseen_copy(spelled, ctx)


def unseen_temp_code(path: str, ctx: Ctx, seg: str) -> Verdict:
    """Unattended, a script in a temp area that this line did not write (``source /tmp/x.sh``,
    ``python /tmp/evil.py``) is code the guard cannot read, as ``/tmp/w`` run by its path is;
    a script the line wrote is checked for its text instead."""
    if not ctx.unattended or written_text(ctx, path)[0]:
        return ALLOW
    if unseen_copy(path, ctx):
        return block(
            "unknown-program",
            seg,
            f"{path} is a copy this line made of a file in a temporary directory that it did not "
            "write; unattended runs without the OS sandbox refuse code they cannot read",
        )
    place = unread_place(path, ctx)
    if place is None or known_copy(path, ctx):
        return ALLOW  # ``cp scripts/check.sh /tmp/c.sh && bash /tmp/c.sh``: the project's script
    return block(
        "unknown-program",
        seg,
        f"{path} lies in {place}, and this line did not write it; unattended runs without the "
        "OS sandbox refuse code they cannot read",
    )


ENVIRONMENT_SCRIPTS = (
    *("/etc/os-release", "/usr/lib/os-release", "/etc/lsb-release"),
    *("/etc/profile", "/etc/profile.d/*", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshenv"),
    *("~/.profile", "~/.bash_profile", "~/.bash_login", "~/.bashrc", "~/.bash_aliases"),
    *("~/.zshrc", "~/.zprofile", "~/.zshenv"),
    *("/usr/share/bash-completion/bash_completion", "/etc/bash_completion"),
    *("*/bin/activate", "*/.cargo/env", "*/.ghcup/env", "*/.ghc-wasm/env", "*/.poetry/env"),
    *("*/.deno/env", "~/.local/bin/env", "*/nvm.sh", "*/sdkman-init.sh", "*/.rvm/scripts/rvm"),
    *("*/asdf.sh", "*/etc/profile.d/*", "/opt/ros/*/setup.*sh", "/opt/ros/*/local_setup.*sh"),
    *("*/setvars.sh", "*/emsdk_env.sh", "*/share/spack/setup-env.sh"),
    *("/lib/lsb/init-functions", "/etc/init.d/functions", "/etc/rc.d/init.d/functions"),
)
"""Scripts outside the project that are sourced to set up an environment, not to do work
(fnmatch patterns; ``~`` is the home): data in shell syntax (``/etc/os-release``), the shells'
own start-up files (every login or interactive shell runs them anyway), and the environment
scripts of installed toolchains, which set ``PATH`` and variables (a virtual environment's
``activate``, ``~/.cargo/env``, nvm, sdkman, rvm, asdf, conda's and nix's ``profile.d``, ROS's
``setup.bash``, oneAPI's ``setvars.sh``, emsdk, spack), and the distribution's init-script
function libraries, which define the functions init scripts call (``log_daemon_msg``,
``start_daemon``)."""


def environment_script(path: str, ctx: Ctx) -> bool:
    """``path`` (absolute, or from the home) is one of :data:`ENVIRONMENT_SCRIPTS`."""
    import fnmatch

    if path == "~" or path.startswith("~/"):
        path = ctx.home + path[1:]
    home = ctx.home.rstrip("/")
    return any(
        fnmatch.fnmatchcase(path, home + p[1:] if p.startswith("~") else p)
        for p in ENVIRONMENT_SCRIPTS
    )


_SESSION_ONLY = frozenset({"TMPDIR", "TMP", "TEMP", "PWD", "OLDPWD", "REPLY", "_"})


def environment_script_under_variable(text: str, ctx: Ctx) -> bool:
    """``. "$NVM_DIR/nvm.sh"``, ``source "$VIRTUAL_ENV/bin/activate"``: one of the toolchain
    environment scripts of :data:`ENVIRONMENT_SCRIPTS` (its ``*/`` entries), under a directory
    named by a variable of the session's environment (:func:`under_session_variable`), which
    the line cannot change. Not a temp directory's variable (``$TMPDIR``), nor the working
    directory's, nor one the line reads or loops over (named anywhere in the line but as a
    reference: ``read D``, ``for D in``, ``printf -v D``)."""
    found = under_session_variable(text, ctx)
    if found is None or found[0] in _SESSION_ONLY:
        return False
    name, parts = found
    for other in re.finditer(rf"\b{name}\b", ctx.line):
        before = ctx.line[: other.start()]
        if not before.endswith(("$", "${")):
            return False  # named elsewhere than as a reference: ``read``, ``for``, ``printf -v``
    return environment_script("/<environment>/" + "/".join(parts), ctx)


def unseen_script(path: str, ctx: Ctx, seg: str) -> Verdict:
    """Unattended, the script a shell, ``source`` or an interpreter runs, that this line did not
    write: in a temp area, code the guard cannot read (:func:`unseen_temp_code`); elsewhere
    outside the project, by an absolute or home path (``bash /opt/x.sh``, ``source ~/x.sh``,
    ``python3 ~/x.py``), judged as the same file run by its path (an unknown program, unless
    its name is one the rules know: ``sh /bin/sh`` is ``/bin/sh``), unless it is an
    environment script (:data:`ENVIRONMENT_SCRIPTS`); a pattern of the root's entries
    (``sh /*.sh``, what ``find / -exec sh {} +`` runs) is such a path too. A relative path out
    of the project (``node ../../scripts/build.js``) is left: everyday lines run from a
    package's directory of the same repository read so when their directory is lost."""
    verdict = unseen_temp_code(path, ctx, seg)
    if not verdict.allowed or not ctx.unattended or written_text(ctx, path)[0]:
        return verdict
    where = classify(path, ctx)
    if known_copy(path, ctx) or where not in {"home", "home-inside", "outside", "root-glob"}:
        return ALLOW
    if credential_file(path):
        return ALLOW  # ``python < ~/.gnupg/...``: the credential rules name what it reads
    full = path if path.startswith(("/", "~")) else at_cwd(path, ctx)
    if environment_script(posixpath.normpath(full) if full.startswith("/") else full, ctx):
        return ALLOW
    return check_argv([Word(path, path)], ctx, 1, seg)


_TEMP_VARIABLE = LazyPattern(
    r"^\$(?:\{(?:TMPDIR|TMP|TEMP)(?::?[-=][^}]*)?\}|(?:TMPDIR|TMP|TEMP)\b)"
)
_DEFAULTED = LazyPattern(r"^\$\{\w+:?[-=]([^}]*)\}")


_KEEPS_THE_VENV = ("$PATH", "${PATH", "VIRTUAL_ENV", "venv", "CONDA_PREFIX")
"""Words in a ``PATH`` value that keep the virtualenv's programs first or at all: the old value
(``$PATH:~/bin``), the virtualenv named (``$VIRTUAL_ENV/bin``, ``.venv/bin``)."""
SYSTEM_PROGRAM_DIRS = ("/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/usr/sbin/")
"""Directories of the machine's own programs: a pip or python named by one is not the
virtualenv's (round 22)."""


def keeps_the_venv(value: str | None, ctx: Ctx) -> bool:
    """Whether a ``PATH`` value keeps the virtualenv's programs (:data:`_KEEPS_THE_VENV`, or
    the first entry of the ``PATH`` the line runs with, where ``$PATH`` was expanded); a
    value computed at run time (None: ``$PATH:~/bin`` with ``PATH`` unknown) is taken to."""
    if value is None or any(v in value for v in _KEEPS_THE_VENV):
        return True
    first = ctx.environment.get("PATH", "").split(":", 1)[0]
    return bool(first) and first in value


def note_path(value: str | None, ctx: Ctx) -> None:
    """``PATH=VALUE``: whether one of its entries is a temp area (``/tmp/bin:$PATH``), read as
    bash does: ``$TMPDIR`` (and ``${TMPDIR:-/tmp}``) is a temp directory, an unknown variable
    with a default may be that default, and an empty entry is the working directory."""
    if value is None:
        return
    for entry in re.split(r":(?![^{}]*\})", value):  # not the colon of ``${TMPDIR:-/tmp}``
        entry = _TEMP_VARIABLE.sub("/tmp", entry)
        entry = _DEFAULTED.sub(lambda m: m.group(1), entry)
        if _temp_area(entry or ".", ctx):
            ctx.path_in_temp = True
            return


_CONFIG_PLACE_VARIABLES = LazyPattern(
    r"^(?:[A-Z0-9]+_)*(?:[A-Z0-9]*(?:HOME|CONFIG)|CONFIG_?FILE|[A-Z][A-Z0-9]*[A-RT-Z0-9]RC)$"
    r"|^(?:ZDOTDIR|IPYTHONDIR|JUPYTER_CONFIG_DIR|GOENV|AWS_SHARED_CREDENTIALS_FILE)$"
    r"|^GIT_TRACE\w*$|^PIP_LOG(?:_FILE)?$"
)
"""Variables naming where a program keeps its settings or its home, by their shape: a home
(``HOME``, ``CARGO_HOME``, ``GNUPGHOME``, ``XDG_CONFIG_HOME``), a configuration
(``KUBECONFIG``, ``NPM_CONFIG_USERCONFIG``, ``PIP_CONFIG_FILE``), a tool's rc file glued to its
name (``CONDARC``, ``PSQLRC``, ``WGETRC``), and the few named otherwise (``ZDOTDIR``): set to a
control path, the program's own writes land in it. Not a word that only ends in those letters:
``SRC`` (a source directory) or a bare ``RC`` (a release candidate, a return code), which
round 15 found refused (``SRC=.claude make``). Round 16s: git's traces (``GIT_TRACE``,
``GIT_TRACE2_EVENT``... given an absolute path, git appends to that file) and pip's log."""


_OUTPUT_PLACE_VARIABLES = LazyPattern(
    r"(?:DIR|DIRECTORY|FILE|PREFIX|CACHE|COVERAGE|OUTPUT|REPORT|_LOG|FOLDER|TARGET|HISTORY|BIN"
    r"|BASE|_HOME|_ROOT)$"
)
"""Variables naming where a program writes, by their shape (round 17s): a cache, a temp or work
directory, a data, report or log file, a prefix (``COVERAGE_FILE``, ``MYPY_CACHE_DIR``,
``CARGO_TARGET_DIR``, ``GOCACHE``, ``TMPDIR``, ``PYTHONPYCACHEPREFIX``, ``NODE_V8_COVERAGE``,
``JEST_JUNIT_OUTPUT_FILE``); round 18s: a folder, an install target or base, a history file,
where binaries or a tool's home go (``YARN_CACHE_FOLDER``, ``PIP_TARGET``, ``PYTHONUSERBASE``,
``PSQL_HISTORY``, ``GOBIN``, ``CARGO_INSTALL_ROOT``, ``PRE_COMMIT_HOME``). Not search paths
(``PYTHONPATH``), nor git's (``GIT_DIR=.git``), which the git rules judge."""
_OPTION_VARIABLES = LazyPattern(r"(?:OPTS|OPTIONS|FLAGS|_ARGS)$")
"""Variables whose value is options a program adds to its command line (``PYTEST_ADDOPTS``,
``GOFLAGS``, ``NODE_OPTIONS``): an option there naming a control file is one on the line."""


def _places_in_control(name: str, value: str, ctx: Ctx, seg: str) -> Verdict:
    """``COVERAGE_FILE=.ondas/state.db pytest --cov``, ``TMPDIR=.claude pytest``,
    ``PYTEST_ADDOPTS=--junitxml=.claude/settings.json``: a variable that tells a program where to
    write (:data:`_OUTPUT_PLACE_VARIABLES`), or options it adds (:data:`_OPTION_VARIABLES`),
    naming a control file: the program's writes land in git's, ondas's or the hooks' files."""
    upper = name.upper()
    if _OUTPUT_PLACE_VARIABLES.search(upper):
        places = [value]
    elif _OPTION_VARIABLES.search(upper):
        places = [w.rsplit("=", 1)[-1].rsplit(":", 1)[-1] for w in value.split()]
    else:
        return ALLOW
    for place in places:
        whole_repository = place.rstrip("/").removeprefix("./") == ".git"
        if place and not whole_repository and classify(place, ctx) == "protected":
            return block(
                "write-protected-path",
                seg,
                f"{name} tells a program to write in {place}, a control file of the project "
                "(git's, ondas's or the hooks')",
            )
    return ALLOW


def _no_git_configuration(name: str, value: str | None) -> bool:
    """``GIT_CONFIG_GLOBAL=/dev/null``, ``GIT_CONFIG_SYSTEM=``, ``GIT_CONFIG_NOSYSTEM=1``: git
    reads no file for that level (an empty name is no file git can open; ``/dev/null`` holds
    nothing) or, for ``NOSYSTEM``, skips the system's or reads it as usual: git reads less
    configuration, none the line chose (round 24)."""
    if name == "GIT_CONFIG_NOSYSTEM":
        return True
    return name in {"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"} and value in {"", "/dev/null"}


def _git_config_pairs(name: str, ctx: Ctx, depth: int) -> bool:
    from ondas.guards.bash_startup import git_config_pairs

    return git_config_pairs(name, ctx, depth)


def check_assignment(
    name: str, value: str | None, ctx: Ctx, depth: int, seg: str, *, environment: bool = True
) -> Verdict:
    """``NAME=value``: a variable a program runs as a command is checked as one; variables that
    re-point git's configuration or inject code into every program are refused. Without
    ``environment`` (round 22: ``file=.git/config`` alone, a lower-case name neither exported
    nor set for a command) the value names no place a program writes: programs read upper-case
    variables (POSIX leaves lower-case names to applications), and the shell's own use of
    ``$file`` is judged where it is written to."""
    if name == "PATH":
        ctx.path_changed = True
        note_path(value, ctx)
        if not keeps_the_venv(value, ctx):
            ctx.venv_left = True  # ``PATH=/usr/bin:/bin; pip install x``: the system's pip
    if (
        _TAMPER_VARIABLES.match(name)
        and not _no_git_configuration(name, value)
        and not _project_libraries(name, value, ctx)
        and not (name.startswith("GIT_CONFIG_") and _git_config_pairs(name, ctx, depth))
    ):
        return block(
            "env-injection", seg, f"{name} changes what git or every program loads and runs"
        )
    if (
        value
        and environment
        and _CONFIG_PLACE_VARIABLES.search(name.upper())
        and classify(value, ctx) == "protected"
    ):
        # ``HOME=.claude git config --global``, ``PIP_CONFIG_FILE=.mcp.json pip config set``:
        # the program's own settings, written where it is told, land in a control file
        return block(
            "write-protected-path",
            seg,
            f"{name} makes a program keep its settings (or write its trace or log) in {value}, "
            "a control file of the project (git's, ondas's or the hooks')",
        )
    if value and environment and not name.upper().startswith("GIT_"):
        verdict = _places_in_control(name, value, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "TF_CLI_ARGS" or name.startswith("TF_CLI_ARGS_"):
        for word in (value or "").split():
            key, _eq, given = word.partition("=")
            if key in {"-destroy", "--destroy", "-replace"} and given.lower() not in _OFF:
                return block(
                    "terraform-mutation",
                    seg,
                    f"{name} adds {word} to terraform's command line: it destroys real "
                    "infrastructure",
                )
    if value is not None and "-XX:On" in value and _JVM_OPTION_VARIABLES.match(name):
        verdict = jvm_commands(value, ctx, depth, seg)  # ``JAVA_TOOL_OPTIONS=-XX:OnError=CMD``
        if not verdict.allowed:
            return verdict
    if (
        ctx.unattended
        and value
        and (
            name in LOADER_PATH_VARIABLES
            or ("agent" in value and _JVM_OPTION_VARIABLES.match(name))
        )
    ):
        from ondas.guards.bash_startup import loader_path

        verdict = loader_path(name, value, ctx, seg)  # ``PYTHONPATH=/tmp``, ``-javaagent:``
        if not verdict.allowed:
            return verdict
    if name[:11].lower() == "npm_config_":
        name = name.upper()  # npm reads its variables without regard to case
    if name in HOST_VARIABLES and value:
        from ondas.guards.bash_net import network_url

        host = value if "://" in value else f"https://{value}"
        verdict = network_url(host, ctx, seg)  # ``GH_HOST=x.example.net gh api user``
        if not verdict.allowed:
            return verdict
    if name in STARTUP_VARIABLES:
        from ondas.guards.bash_startup import option_variable

        verdict = option_variable(name, value, ctx, depth, seg)  # ``NODE_OPTIONS='-r FILE'``
        if not verdict.allowed:
            return verdict
    elif ctx.unattended and value and name.endswith(CONFIG_VARIABLE_ENDINGS):
        for path in value.split(":"):  # ``OPENSSL_CONF=/tmp/o.cnf``, ``TIGRC_USER=/tmp/t``
            verdict = unseen_temp_code(path, ctx, seg)
            if not verdict.allowed:
                return verdict
    if _PROGRAM_VARIABLES.match(name) and value and more_than_a_program_name(value):
        # ``CC='sh -c CMD' make``, ``CARGO_TARGET_..._RUNNER='CMD' cargo test``
        return ctx.check_source(value, ctx, depth + 1)
    key = name.lower().replace("_", "-")
    if key.startswith("npm-config-") and key[11:] in _NPM_COMMAND_KEYS:
        return block("package-install", seg, f"{name} names a command npm runs for scripts")
    if name.endswith("BROWSER") and value is not None and value.lower() in {"none", ""}:
        return ALLOW  # ``BROWSER=none``: no browser is opened
    if name in COMMAND_VARIABLES or name.endswith(COMMAND_VARIABLE_ENDINGS):
        if value is None:
            return block("dynamic-command", seg, f"{name} set to a command computed at run time")
        if name.startswith("LESS"):  # ``LESSOPEN='| lesspipe %s'``: less pipes from the command
            value = value.lstrip().removeprefix("|").removeprefix("|").removeprefix("-")
        return ctx.check_source(value, ctx, depth + 1)
    if value is not None and "://" in value and _SOURCE_VARIABLE.search(name):
        verdict = package_source(value, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name.startswith("BASH_FUNC_") and value is not None and value.lstrip().startswith("()"):
        # ``BASH_FUNC_ls%%=() { ...; }``: a child bash defines ls as this function and runs it
        return ctx.check_source(value.lstrip()[2:], ctx, depth + 1)
    if name in PROMPT_VARIABLES and value is not None:
        from ondas.guards.bash_evaluated import check_expanded

        return check_expanded(value, ctx, depth)  # a prompt's substitutions run when shown
    if name in SOURCED_VARIABLES:
        if value is None:
            return block("dynamic-command", seg, f"{name} names a file computed at run time")
        if "$" in value or "`" in value:
            from ondas.guards.bash_evaluated import check_expanded

            expanded = check_expanded(value, ctx, depth)  # the shell expands the name first
            if not expanded.allowed:
                return expanded
        if value.startswith(("/dev/", "/proc/")) and value not in DISCARDING_DEVICES | {
            "/dev/null"
        }:
            return block(
                "dynamic-command",
                seg,
                f"{name} makes a shell read its start-up code from {value}, a descriptor whose "
                "content the guard does not follow into the child",
            )
        return ctx.check_source(f". {_quoted(Word(value, value))}", ctx, depth + 1)
    if name in CODE_VARIABLES:
        if value is None:
            return block("dynamic-command", seg, f"{name} set to code computed at run time")
        from ondas.guards.bash_code import check_code

        return check_code(value, ctx, depth, seg)
    if name in {"DOCKER_HOST", "CONTAINER_HOST"}:
        from ondas.guards.bash_contain import engine_host

        remote = engine_host(value, ctx, seg)
        if remote is not None:
            return remote
    if name.lower() in PROXY_VARIABLES and not ctx.unattended and value:
        # the sandbox's own proxy is on loopback; one elsewhere must be on the whitelist
        from ondas.guards.bash_net import network_url

        return network_url(value if "://" in value else f"http://{value}", ctx, seg)
    if ctx.unattended and name.lower() in PROXY_VARIABLES:
        return block(
            "network-proxy",
            seg,
            f"{name} sends the network through a proxy the whitelist cannot judge",
        )
    if ctx.unattended and name == "PATH" and value is not None and "PATH" not in value:
        # a PATH replaced by one in a temp directory (extending ``$PATH`` is ordinary work)
        for entry in value.split(":"):
            if entry and classify(entry, ctx) in {"system-temp", "temp-root"}:
                return block(
                    "path-hijack",
                    seg,
                    f"PATH entry {entry} is in a temp directory every user can write: later "
                    "command names would run what is put there",
                )
    return ALLOW


PROXY_VARIABLES = frozenset({"http_proxy", "https_proxy", "all_proxy", "ftp_proxy"})
"""Variables (either case) that send programs' network traffic through a proxy."""


DISCARDING_DEVICES = frozenset({"/dev/zero", "/dev/full"})
"""Devices whose writes are thrown away (``/dev/zero``) or fail (``/dev/full``): writing to
them changes nothing, as writing to ``/dev/null`` changes nothing."""


TARGET_DIRECTORY = word_set("-t --target-directory")
"""The option naming the directory ``cp``, ``mv``, ``ln`` and ``install`` copy into."""


def option_values(
    args: Sequence[Word],
    options: frozenset[str],
    attached: frozenset[str] = frozenset(),
    short_equals: bool = True,
) -> Iterator[Word]:
    """The value of each of ``options`` among ``args``, as a word: ``OPT VALUE`` and
    ``--opt=VALUE`` (``-o=VALUE`` too unless ``short_equals`` is False), and ``-oVALUE`` for the
    short options of ``attached``. A value only known at run time is yielded as it is (its
    ``value`` None): what that means is the caller's rule."""
    for i, word in enumerate(args):
        v = word.value
        if v is None or not v.startswith("-"):
            continue
        key, eq, value = v.partition("=")
        if eq and key in options and (short_equals or key.startswith("--")):
            yield Word(value, v)
        elif v in options:
            if i + 1 < len(args):
                yield args[i + 1]
        elif not v.startswith("--") and len(v) > 2 and v[:2] in attached:
            yield Word(v[2:], v)


IMAGE_MAGICK = word_set(
    "convert magick mogrify identify composite montage compare stream display import gm"
)
"""ImageMagick's and GraphicsMagick's programs: a file name starting with ``|`` is a command
whose output they read."""


ENV_DUMPERS = word_set("env printenv export declare typeset set ps")
"""Commands that print every environment variable given no name: only they load
:mod:`ondas.guards.bash_environment`, which judges them."""


_AGENT_SECRET_READ = LazyPattern(
    r"(?:\$\{?[#!]?|(?:environ|getenv|env|ENV|printenv|-p)[\s\[(.'\"]*(?:get\s*\(\s*['\"])?)"
    r"(" + "|".join(AGENT_SECRETS) + r")\b"
)
"""A read of an agent model credential: an expansion (``$NAME``, ``${NAME}``), ``printenv``,
``declare -p``, code's lookups (``os.environ["NAME"]``, ``getenv("NAME")``, ``process.env.NAME``,
``ENV["NAME"]``); an assignment or ``unset`` is none."""


_AGENT_SECRET_PRESENCE = LazyPattern(
    r"(?:\[\[?|\btest)\s+-[nz]\s+\"?\$\{?(?:" + "|".join(AGENT_SECRETS) + r")\}?\"?"
    r"(?=\s*(?:\]\]?|;|&&|\|\||\)|$))"
    r"|\$\{(?:" + "|".join(AGENT_SECRETS) + r"):?\+[^$`}\\]*\}"
    r"|\$\{#(?:" + "|".join(AGENT_SECRETS) + r")\}"
)
"""Whether an agent model credential is set, asked without its value: ``[ -n "$NAME" ]``,
``test -z``, ``${NAME:+set}``, its length ``${#NAME}``."""


def run_secret_named(command: str) -> str | None:
    """The run token (:data:`~ondas.guards.paths.RUN_SECRETS`) that ``command`` names anywhere
    (``$ONDAS_RUN_TOKEN``, ``printenv``, ``os.environ[...]``, a header), an indirect
    expansion of ondas's variables (``${!ONDAS_@}``), or the agent's model credential
    (:data:`~ondas.guards.paths.AGENT_SECRETS`) that it reads (asking whether it is set reads
    nothing); None when it names none."""
    if "ANTHROPIC_" in command or "CLAUDE_CODE_OAUTH" in command:
        read = _AGENT_SECRET_READ.search(_AGENT_SECRET_PRESENCE.sub(" ", command))
        if read is not None:
            return read.group(1)
    if "ONDAS" not in command:
        return None
    for name in RUN_SECRETS:
        if name in command:
            return name
    return "ONDAS_*" if "!ONDAS" in command else None


ENVIRONMENT_NAME = "env-value"
"""The one file name an environment variable stands for in a write target's readings."""


def commit_gate(value: str, ctx: Ctx) -> bool:
    """``value`` (a path in the project) is one of its commit gates (``paths.HOOK_GATES``)."""
    if ctx.project is None:
        return False
    path = absolute_path(value, ctx)
    if path is None or not path.startswith(ctx.project.rstrip("/") + "/"):
        return False
    return hook_gate(path[len(ctx.project.rstrip("/")) + 1 :].split("/"))


def absolute_path(path: str, ctx: Ctx) -> str | None:
    """``path`` made absolute and normal (``~`` the home, a relative path under the working
    directory); None when it is relative and the working directory unknown."""
    if path == "~" or path.startswith("~/"):
        path = ctx.home + path[1:]
    if not path.startswith("/"):
        if ctx.cwd is None:
            return None
        path = posixpath.join(ctx.cwd, path)
    return posixpath.normpath(path)


def check_write_target(word: Word, ctx: Ctx, segment: str) -> Verdict:
    """Refuse a write (redirect, cp/mv destination, ...) outside the project or temp areas.
    A target unknown only for the session's environment variables after a start the line
    names (``build/$NAME.txt``) is judged as each of its :attr:`Word.readings`."""
    if word.kind == "process_substitution":
        return ALLOW  # ``tee >(sha256sum)``: a pipe into commands the walk checks
    if word.value is None and word.readings:
        for reading in word.readings:
            verdict = check_write_target(Word(reading, word.text), ctx, segment)
            if not verdict.allowed:
                return verdict
        _unnamed_write(word.readings[-1], ctx)
        return ALLOW
    if word.value is None:
        return block("write-unknown-target", segment, "the write target is computed at run time")
    if (ctx.env_file is not None and absolute_path(word.value, ctx) == ctx.env_file) or (
        ctx.env_file is None and "CLAUDE_ENV_FILE" in word.text
    ):  # round 18: ``>> "${CLAUDE_ENV_FILE:-/dev/null}"``, the file unknown here
        return block(
            "write-claude-config",
            segment,
            "the env file CLAUDE_ENV_FILE names is sourced before every later Bash command: it "
            "is written by the user and Claude Code's session hooks, not by a command the agent "
            "runs",
        )
    verdict = judged_through_links(  # ``ln -s .. build/p && echo x > build/p/.git/config``
        word, ctx, lambda landed: check_write_target(landed, ctx, segment), segment, writing=True
    )
    if not verdict.allowed:
        return verdict
    where = classify(word.value, ctx)
    if where == "device" and posixpath.normpath(word.value) in DISCARDING_DEVICES:
        return ALLOW  # ``dd of=/dev/zero``: a sink, as ``/dev/null`` is
    if where == "device":
        return block("device-write", segment, "writing to a device")
    if where == "protected":
        return block("write-protected-path", segment, "the path holds git, ondas or hook state")
    if where == "unknown":
        return block("write-unknown-target", segment, "the working directory is unknown here")
    if (where == "home-inside" or ctx.claude_dir is not None) and claude_config(word.value, ctx):
        return block(
            "write-claude-config",
            segment,
            "an agent's own settings, hooks and sessions (Claude Code's, Codex's) are written by "
            "the agent program, not by a command it runs",
        )
    if where in {"root", "root-glob", "home", "home-inside", "outside", "escape"}:
        if ctx.sandboxed and where in LEFT_TO_SANDBOX:
            return ALLOW  # the OS sandbox fails it: ``Read-only file system``
        return block("write-outside-project", segment, "writes must stay inside the project")
    if ctx.cwd is not None and where in {"project", "project-temp"}:
        target = posixpath.normpath(posixpath.join(ctx.cwd, word.value))
        glob = min((i for i in map(target.find, "*?[") if i >= 0), default=-1)
        if glob >= 0:  # ``node_*/.bin/x``: the directory before the pattern
            target = target[:glob].rsplit("/", 1)[0] or "/"
        ctx.write_targets.append(target)
    return ALLOW


def _unnamed_write(named: str, ctx: Ctx) -> None:
    """A write whose file name the environment gives (``named``: its reading with
    :data:`ENVIRONMENT_NAME`): every file of its directory may be the one written, for a later
    run of a script or tool there (``> "scripts/$NAME"; bash scripts/a.sh``)."""
    head = named[: named.index(ENVIRONMENT_NAME)].rsplit("/", 1)
    directory = posixpath.join(ctx.cwd or "/", head[0] if len(head) > 1 else ".")
    note_unnamed_directory(posixpath.normpath(directory), ctx)


def note_unnamed_directory(directory: str, ctx: Ctx) -> None:
    """Every file of ``directory`` (absolute) may be one this line wrote, text unknown
    (:attr:`Written.unnamed`)."""
    ctx.written.unnamed.add(directory)
    ctx.write_targets.append(directory)
    ctx.written.setdefault(posixpath.join(directory, ENVIRONMENT_NAME), None)


LEFT_TO_SANDBOX = frozenset({"home-inside", "outside", "escape", "temp-root"})
"""Where a write or deletion is left to the OS sandbox in a sandboxed run (:func:`classify`'s
names): a path in someone's directory outside the project, which the sandbox makes read-only,
so the command fails there (and PostToolUse records a ``sandbox`` refusal) while the rest of
its line runs. The temp directory is emptied inside it too (``rm -rf /tmp/*``: the sandbox
lets a command write only the project and the session's own temp directory). Recursive
deletions elsewhere outside the project (``rm -rf /some/path``), the root, a
whole home directory, a deletion climbing out of the project (``rm ../x``), devices, Claude
Code's settings and ondas's own state stay refused: the worst losses keep a second line, and
control files are the guard's own job."""

AGENT_CONFIG = (".claude", ".claude.json", ".codex")
"""Under the home directory: Claude Code's config directory and file (settings, hooks, MCP
servers, sessions) and Codex's, whose hooks would run for a later session."""


def claude_config(path: str, ctx: Ctx) -> bool:
    """Whether ``path`` (under the home directory) is an agent's own config (:data:`AGENT_CONFIG`;
    ``~/.claude.json.backup`` too), or lies in the directory ``CLAUDE_CONFIG_DIR`` names
    (:attr:`Ctx.claude_dir`, anywhere)."""
    if path.startswith("~/"):
        path = ctx.home + path[1:]
    path = posixpath.normpath(path)
    if ctx.claude_dir is not None and lexical_inside(path, ctx.claude_dir):
        return True
    for name in AGENT_CONFIG:
        config = posixpath.join(ctx.home, name)
        if lexical_inside(path, config) or (name.endswith(".json") and path.startswith(config)):
            return True
    return False


_DIFF_HEADER = LazyPattern(
    r"(?m)^(?:\+\+\+|---) (?P<p1>\S+)|^diff --git a/(?P<p2>\S+) b/(?P<p3>\S+)"
)


def diff_writes(text: str, ctx: Ctx, segment: str) -> Verdict:
    """The files a unified or git diff in ``text`` writes (its ``---``/``+++``/``diff --git``
    headers), each judged as a write target with and without its first component, since
    ``patch -p1`` and ``git apply`` strip it."""
    for match in _DIFF_HEADER.finditer(text):
        for path in (match.group("p1"), match.group("p2"), match.group("p3")):
            if not path or path == "/dev/null":
                continue
            stripped = path.split("/", 1)[1] if "/" in path else path
            for each in (path, stripped):
                verdict = check_write_target(Word(each, each), ctx, segment)
                if not verdict.allowed:
                    return verdict
    return ALLOW


SESSION_RUNTIME = LazyPattern(
    r"^/(?:private/)?(?:var/)?tmp/(?:\.(?:X11|ICE|XIM|font|Test)-unix|\.X\d+-lock|ssh-|tmux-\d"
    r"|systemd-private-|pulse-|\.s\.PGSQL|mysqlx?\.sock|claude-|vscode-|gpg-)"
)
"""Entries of a temp area that other sessions keep there: the display's sockets and locks,
ssh agents', tmux servers', systemd's private directories, PulseAudio's, database sockets,
other agents' and editors' runtime directories (round 17)."""


def session_runtime(value: str, ctx: Ctx) -> bool:
    """Whether ``value`` is an entry of a temp area another session keeps there
    (:data:`SESSION_RUNTIME`)."""
    full = _absolute(value, ctx)
    return full is not None and SESSION_RUNTIME.search(full) is not None


_STACK_TILDE = LazyPattern(r"^~[+-]?[0-9]+(?:/|$)")
"""A tilde naming an entry of the directory stack (``~1``, ``~+1``, ``~-0``)."""


def classify(value: str, ctx: Ctx) -> str:
    """Where a path points: root, root-glob, home, home-inside, escape, outside, device, null,
    protected, project, project-temp, system-temp, temp-root or unknown (purely lexical)."""
    path = value
    if path[1:2] == ":" and re.match(r"^[A-Za-z]:([\\/].*)?$", path):
        rest = path[2:].strip("\\/")
        return "root" if not rest else "root-glob" if _GLOB.fullmatch(rest) else "outside"
    if path.startswith("~"):
        if path == "~" or path.startswith("~/"):
            path = ctx.home + path[1:]
        elif (path == "~+" or path.startswith("~+/")) and ctx.cwd is not None:
            path = ctx.cwd + path[2:]  # ``~+`` is the working directory ($PWD)
        elif path == "~-" or path.startswith("~-/"):
            if ctx.oldpwd is None:
                return "unknown"  # the previous directory: after ``cd DIR``, DIR may be inside
            path = ctx.oldpwd + path[2:]  # ``~-`` is the previous one ($OLDPWD)
        elif _STACK_TILDE.match(path) or path == "~+" or path.startswith("~+/"):
            # round 21s: ``~1``, ``~+2``, ``~-0`` are entries of the directory stack (``pushd``
            # puts the project there), ``~+`` the working directory when it is not known
            return "unknown"
        else:
            return "outside"
    relative = not path.startswith("/")
    if relative:
        if ctx.cwd is None:
            return "unknown"
        path = posixpath.join(ctx.cwd, path)
    path = "/" + posixpath.normpath(path).lstrip("/")
    if path.startswith(("/proc/", "/dev/fd/")):
        reached = process_path(path, ctx)
        if reached is None:
            return "unknown"
        if reached != path:
            return classify(reached, ctx)
    home = posixpath.normpath(ctx.home)
    if path == "/":
        return "root"
    parent, base = posixpath.split(path)
    if parent == "/" and _has_glob(base):
        return "root-glob"
    if path in {"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"} or path.startswith(
        "/dev/fd/"
    ):
        return "null"
    if path.startswith("/dev/"):
        return "device"
    if ctx.project is not None and lexical_inside(path, ctx.project):
        parts = posixpath.relpath(path, ctx.project).split("/")
        parts = [] if parts == ["."] else parts
        if protected_reason(parts):
            return "protected"
        if (
            parts
            and _has_glob(parts[0])
            and glob_names_sensitive(
                parts,
                CONTROL_SAMPLES if len(parts) < 4 else _FOUND_SAMPLES,  # ``.g*/objects/pack/*``
                dotglob=ctx.dotglob,
            )
        ):
            return "protected"  # ``.clau?e/settings.json``: bash expands it to the real name
        if "**" in value and _globstar_protected(parts, ctx):
            return "protected"
        if _scratch_parts(parts):
            return "project-temp"
        return "project"
    if path == home or (parent == home and _has_glob(base)):
        return "home"
    if lexical_inside(path, home):
        return "home-inside"
    if relative and fresh_temp(path):
        return "system-temp"  # ``cd "$(mktemp -d)" && rm -rf x``: made by the line, in a temp area
    if relative:
        return "escape"
    if ctx.project is not None and _neighbour(path, ctx.project):
        return "outside"
    root = temp_root(path)
    if root is not None:
        if path == root or (parent == root and not base.strip("*?.")):
            return "temp-root"  # the temp directory itself, or everything in it (``/tmp/*``)
        return "system-temp"
    return "outside"


_PROC_PLACE = LazyPattern(
    r"^/proc/(self|thread-self|\d+)(?:/task/\d+)?/(cwd|root|fd/\d+)(?=/|$)(.*)$"
)
_DESCRIPTOR_BELOW = LazyPattern(r"^/dev/fd/\d+/.")


def process_path(path: str, ctx: Ctx) -> str | None:
    """The path a normal absolute ``path`` reaches through a process's links (round 20s): the
    shell's own working directory (``/proc/self/cwd/.git/index`` is ``./.git/index``), its root
    (``/proc/self/root/P`` is ``/P``); None where the place is not known here: another process's
    working directory (``/proc/$$/cwd``, ``/proc/PID/cwd``: the agent's shell's is the
    project), a name below a descriptor (``/dev/fd/3/settings.json`` after ``exec 3<.claude``).
    Any other path is returned as it is."""
    place = _PROC_PLACE.match(path)
    if place is None:
        return None if _DESCRIPTOR_BELOW.match(path) else path
    who, kind, rest = place.groups()
    if kind == "root":
        return "/" + posixpath.normpath(rest).lstrip("/") if rest else "/"
    if kind != "cwd":
        return None if rest.strip("/") else path  # ``/proc/self/fd/1`` itself: a descriptor
    if who in {"self", "thread-self"} and ctx.cwd is not None:
        return posixpath.normpath(ctx.cwd + rest)
    return None


def _globstar_protected(parts: Sequence[str], ctx: Ctx) -> bool:
    """``rm -f ./**/.git``: a globstar matches no directory too (zsh's ``**/``, bash's with
    ``globstar``), so a glob whose ``**`` parts (but the last) match none names a control path
    itself (round 18, holes18)."""
    if "**" not in parts[:-1]:
        return False
    zero = [p for p in parts[:-1] if p != "**"] + list(parts[-1:])
    return bool(protected_reason(zero)) or bool(
        zero
        and _has_glob(zero[0])
        and glob_names_sensitive(zero, CONTROL_SAMPLES, dotglob=ctx.dotglob)
    )


def _neighbour(path: str, project: str) -> bool:
    """A path beside the project in a shared parent that is not itself a temp root.

    A project under ``/tmp/x/proj`` does not make ``/tmp/x/neighbour`` scratch space.
    """
    parent = posixpath.dirname(posixpath.normpath(project))
    if parent == "/" or temp_root(parent) == parent:
        return False
    return lexical_inside(path, parent)


_ARTIFACTS = LazyPattern(r"^\*\.(pyc|pyo|o|obj|class|log|tmp|orig|rej|bak|swp)$")


_ONE_CLASS = LazyPattern(r"^(\*\.\w*)\[(\w+)\](\w*)$")
"""An extension pattern with one bracket class of letters (``*.py[co]``), not negated."""


def temp_pattern(name: str) -> bool:
    """A name or ``-name`` pattern of scratch files: a temp directory name or build artifacts
    (``*.pyc``, ``*.o``, ``*.orig``...), or a class every one of whose names is one
    (``*.py[co]``; not ``*.py[cx]``, which matches ``.pyx`` sources)."""
    if name in TEMP_NAMES or _ARTIFACTS.match(name) is not None or name.endswith(".egg-info"):
        return True
    match = _ONE_CLASS.match(name) if "[" in name else None
    if match is None:
        return False
    head, letters, tail = match.groups()
    return all(_ARTIFACTS.match(head + c + tail) is not None for c in letters)


def _is_temp_name(part: str) -> bool:
    return (
        part in TEMP_NAMES
        or part.endswith((".egg-info", ".egg"))
        or part.startswith("cmake-build-")
        or (part.startswith("tmp") and not part[3:4].isalpha())
    )


_SCRATCH_UNDER_SOURCES = frozenset({"__pycache__", "node_modules"})
"""Scratch names that are never a source package's, even under ``src``."""


def _scratch_parts(parts: Sequence[str]) -> bool:
    """Whether a project path (its parts) lies in scratch space: one of its parts is a scratch
    name (:data:`TEMP_NAMES`, ``tmp``, ``tmp-*``, ``tmp1``, ``*.egg-info``). Round 17s: not
    ``tmpl``/``tmpfiles`` (``tmp`` followed by a letter names templates and sources), and not a
    plain word below ``src``, where ``build``, ``coverage``, ``site``, ``out`` or ``temp`` is
    a package (pypa/build's ``src/build``); dot-names, ``__pycache__``, ``node_modules`` and
    ``*.egg-info`` stay scratch there."""
    for k, part in enumerate(parts):
        if not _is_temp_name(part):
            continue
        if "src" not in parts[:k] or part[:1] == "." or part in _SCRATCH_UNDER_SOURCES:
            return True
        if part.endswith((".egg-info", ".egg")):
            return True
    return False


def git_lock_file(value: str, ctx: Ctx) -> bool:
    """``value`` names only lock files inside the project's git directory (``.git/index.lock``,
    ``.git/refs/heads/*.lock``): git writes ``NAME.lock`` beside the file it changes and renames
    it over the file when done, so a lock left by a killed git process only stops git, and
    deleting it is the fix git itself prints. No ref, object or config is named ``*.lock``
    (git refuses ref names ending in ``.lock``), so the rest of ``.git`` stays protected."""
    if ctx.project is None or ctx.cwd is None or value.startswith("~"):
        return False
    path = posixpath.normpath(posixpath.join(ctx.cwd, value))
    if not lexical_inside(path, ctx.project):
        return False
    parts = posixpath.relpath(path, ctx.project).split("/")
    last = parts[-1]
    return (
        len(parts) > 1
        and parts[0] == ".git"
        and last.endswith(".lock")
        and len(last) > len(".lock")
        and not any(_has_glob(p) for p in parts[:-1])
    )


def _names_a_file(path: str) -> bool:
    """``path`` ends in a name with a file's extension (``package-lock.json``, ``*.log``; not
    ``src``, ``.config``, ``*`` or ``./``)."""
    last = path.rsplit("/", 1)[-1]
    stem, dot, suffix = last.rpartition(".")
    return bool(dot and stem and suffix.lower() in FILE_SUFFIXES)


def flag_set(args: Sequence[Word]) -> set[str]:
    flags: set[str] = set()
    for word in args:
        v = word.value
        if v is None or v == "--":
            if v == "--":
                break
            continue
        if v.startswith("--"):
            flags.add(v.split("=", 1)[0])
        elif v.startswith("-") and len(v) > 1:
            flags.update(f"-{c}" for c in v[1:])
    return flags


def positionals(args: Sequence[Word], with_value: frozenset[str] = frozenset()) -> list[Word]:
    out: list[Word] = []
    i = 0
    rest = False
    while i < len(args):
        word = args[i]
        v = word.value
        if not rest and v == "--":
            rest = True
        elif not rest and v is not None and v.startswith("-") and len(v) > 1:
            if v in with_value:
                i += 1
        else:
            out.append(word)
        i += 1
    return out


def options_end(args: list[Word], no_value: frozenset[str], with_value: frozenset[str]) -> int:
    """Index of the first argument after a wrapper's own options."""
    i = 0
    while i < len(args):
        v = args[i].value
        if v is None:
            return i
        if v == "--":
            return i + 1
        if not v.startswith("-") or v == "-":
            return i
        if v in with_value:
            i += 2
            continue
        if "=" in v or v in no_value or v.startswith("--"):
            i += 1
            continue
        short = v[:2]
        if len(v) > 2 and f"-{v[-1]}" in with_value and all(f"-{c}" in no_value for c in v[1:-1]):
            i += 2  # ``time -ao FILE CMD``: flags, then a valued option taking the next word
            continue
        i += 1 if (len(v) > 2 or short not in with_value) else 2
    return i


def write_all(targets: Sequence[Word], ctx: Ctx, seg: str) -> Verdict:
    for target in targets:
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def rm_targets(
    targets: Sequence[Word], recursive: bool, ctx: Ctx, seg: str, *, many: bool = True
) -> Verdict:
    """Refuse deleting ``targets`` outside the project (recursively: outside its temp areas);
    with ``many``, a glob naming a project's sources wholesale too (:func:`many_files`)."""
    for target in targets:
        if target.value is None:
            return block("rm-unknown-target", seg, "the deletion target is computed at run time")
        old = renamed_from(target.value, ctx) if ctx.renamed else None
        if old is None and recursive and ctx.renamed and not _has_glob(target.value):
            old = renamed_under(target.value, ctx)  # ``mv src build/ && rm -rf build``
        if old == UNFOLLOWED:
            return block(
                "rm-unknown-target",
                seg,
                "the line moves too many files to tell which of them this glob deletes",
            )
        if old is not None:  # ``mv src src.bak && rm -rf src.bak`` deletes src
            renamed, ctx.renamed = ctx.renamed, {}  # ``old`` is the first name: read once
            try:
                verdict = rm_targets([Word(old, target.text)], recursive, ctx, seg, many=True)
            finally:
                ctx.renamed = renamed
            if not verdict.allowed:
                return verdict
        verdict = judged_through_links(  # ``ln -s .. build/p && rm -rf build/p/src``: src
            target,
            ctx,
            lambda landed: rm_targets([landed], recursive, ctx, seg, many=many),
            seg,
            writing=False,
        )
        if not verdict.allowed:
            return verdict
        where = classify(target.value, ctx)
        if (where == "home-inside" or ctx.claude_dir is not None) and claude_config(
            target.value, ctx
        ):
            return block(
                "write-claude-config",
                seg,
                "an agent's own settings, hooks and sessions are not deleted or moved by a "
                "command it runs",
            )
        if many and where == "project" and many_files(target.value):
            return block(
                "rm-many-files",
                seg,
                f"{target.value!r} names every file of a kind (or every file) in the project: "
                "uncommitted work under it is lost; name the files, or use git rm",
            )
        if many and where == "project" and "**/" in target.value:
            from ondas.guards.bash_find_names import tree_pattern_kept

            verdict = tree_pattern_kept(target.value, ctx, seg)  # ``rm **/.env``: round 20
            if not verdict.allowed:
                return verdict
        if where == "project" and commit_gate(target.value, ctx):
            return block(
                "rm-protected",
                seg,
                f"{target.value} configures the project's commit hooks: deleting it turns off "
                "the checks every commit must pass, as --no-verify does; edit it instead",
            )
        if where == "protected" and git_lock_file(target.value, ctx):
            continue  # a stale ``.git/index.lock``: git's own advice is to delete it
        if where == "system-temp" and session_runtime(target.value, ctx):
            return block(
                "rm-outside-project",
                seg,
                f"{target.value} holds other sessions' sockets and runtime files (the display's, "
                "ssh agents', tmux servers', other agents'): not the agent's scratch space",
            )
        rule = {
            "root": "rm-root",
            "root-glob": "rm-root-glob",
            "home": "rm-home",
            "escape": "rm-escape",
            "device": "device-write",
            "protected": "rm-protected",
            "outside": "rm-outside-project",
            "home-inside": "rm-outside-project",
            "temp-root": "rm-outside-project",
            "unknown": "rm-unknown-target",
            "null": "device-write",
        }.get(where)
        if (
            rule == "rm-outside-project"
            and ctx.sandboxed
            and (not recursive or where == "temp-root")
        ):
            # ``rm ~/notes.txt``, ``mv ~/a ~/b``: the OS sandbox fails it; so does every file of
            # ``rm -rf /tmp/*`` but the session's own temp directory, which holds only scratch
            continue
        if rule == "rm-outside-project" and where == "home-inside":
            from ondas.guards.bash_home_caches import home_cache  # home deletions refused only

            if home_cache(target.value, ctx.home, ctx.cwd):
                continue  # ``rm -rf ~/.cache/pip``: what ``pip cache purge`` deletes
        if rule is None and recursive and where == "project" and not _names_a_file(target.value):
            if git_holds(target.value, ctx):
                continue  # ``rimraf types && tsc``: git gives every file back
            rule = "rm-recursive-outside-temp"
        if rule is not None:
            reason = {
                "rm-recursive-outside-temp": "recursive deletion is allowed only in temp areas "
                "(build, dist, tmp, caches); use git rm for tracked files",
                "rm-unknown-target": "the deletion target is only known at run time",
                "rm-protected": "the path holds git, ondas or hook state",
                "device-write": "deleting a device",
            }.get(rule, "deletion outside the project's safe areas")
            return block(rule, seg, reason)
    return ALLOW


SOURCE_SUFFIXES = word_set(
    "py pyi pyx js mjs cjs ts tsx jsx vue svelte go rs c h cc cpp cxx hpp hh java kt kts "
    "scala groovy rb erb pl pm php swift m mm cs fs vb lua r jl ex exs erl hrl hs ml mli clj "
    "cljs dart zig nim sh bash zsh ps1 sql proto ipynb el nix tf"
)
"""Extensions of source code: a glob naming every such file (``*.py``, ``src/**/*.ts``) names
the project's work. Data and documents (``*.txt``, ``*.json``, ``*.xml``) are left out: clean
recipes delete generated ones by extension (``find . -name '*.txt' -exec rm {} \\;``)."""
_WIDE_NAMES = frozenset({"*", ".*", "*.*", "**", "?*", "*?", "[!.]*", "[^.]*"})


def many_files(value: str) -> bool:
    """``value`` is a glob naming every file, or every file of a source kind, in a directory or
    a tree (``*``, ``./*.*``, ``src/*.py``, ``**/*.go``); not one name spelt with a pattern
    (``s[r]c``, ``*.egg-info``) nor scratch (``*.pyc``, ``*.log``), which :func:`temp_pattern`
    names. Whether the directory is scratch is :func:`classify`'s to say."""
    if not set(value) & _GLOB_CHARS:
        return False
    if "\x00" in value or "\n" in value:  # a list (``printf '%s\\0' src/*.py | xargs -0``)
        return any(many_files(piece) for piece in re.split(r"[\x00\n]", value) if piece)
    last = value.rstrip("/").rsplit("/", 1)[-1]
    if temp_pattern(last) or last in TEMP_NAMES:
        return False
    if not set(last) & _GLOB_CHARS:  # ``**/main.py``: the source so named in every directory
        return "/**/" in f"/{value}" and _source_name(last)
    if last in _WIDE_NAMES or _ONLY_PATTERNS.fullmatch(last):
        return True
    stem, dot, suffix = last.rpartition(".")
    if not dot or not _ONLY_PATTERNS.fullmatch(stem):
        return False
    if not set(suffix) & _GLOB_CHARS:
        return suffix.lower() in SOURCE_SUFFIXES
    from fnmatch import fnmatchcase

    pattern = suffix.lower().replace("[^", "[!")  # ``[^c]`` negates in bash and find, not fnmatch
    return any(fnmatchcase(kind, pattern) for kind in SOURCE_SUFFIXES)  # ``*.[ch]``


_ONLY_PATTERNS = LazyPattern(r"(?:\*|\?|\[!?(?:\[:[a-z]+:\]|[^\]/])+\])+")
"""A name made of pattern atoms only (``*``, ``?*``, ``[a-z]*``): it matches any name."""


def over_project_root(target: Word | None, ctx: Ctx, seg: str) -> Verdict:
    """Extracting an archive, or copying a directory's contents, with overwrite into the
    project's root (or above it) may replace ``.git/``, ``.claude/`` or ``.ondas/`` files with
    whatever it holds, which the guard cannot see: refused as undecidable. A sub-directory of
    the project is fine."""
    where = "." if target is None else target.value
    if where is None:
        return block("write-unknown-target", seg, "the extraction target is computed at run time")
    path = where if where.startswith("/") else posixpath.join(ctx.cwd or "/", where)
    path = posixpath.normpath(path)
    project = posixpath.normpath(ctx.project or "/")
    if path == project or project.startswith(path.rstrip("/") + "/"):
        return block(
            "undecidable-payload",
            seg,
            "an archive or a directory's contents written with overwrite over the project's "
            "root may replace git, ondas or hook files; extract or copy into a sub-directory",
        )
    return ALLOW


def overwrites_many(value: str, ctx: Ctx, seg: str) -> Verdict:
    """A redirect or ``tee`` writing one output over every file a glob names in the project
    (``tee src/*.py < /dev/null``; ``: > "$f"`` in a loop over ``src/*.py``): the sources
    are replaced, each with the same bytes."""
    if many_files(value) and classify(value, ctx) == "project":
        return block(
            "file-destroyed",
            seg,
            f"one output written over every file {value!r} names replaces the project's "
            "sources; write the files one by one",
        )
    return ALLOW


NO_NEW_DATA = word_set(
    "cd pushd popd pwd true false : echo printf test [ [[ set export unset shopt ls "
    "rm rmdir rimraf rmz trash trash-put del-cli"
)
"""Commands that put no file into a directory (output redirects aside, which the line's
``written`` files record): before a recursive deletion that git is asked about, nothing else
may have run, or git's answer could be stale (``mv data/ lib/ && rm -rf lib``)."""
_NOT_ONE_PASS = LazyPattern(
    r"(?<![&>|<])&(?![&>])|(?<!\|)\|(?!\|)"
    r"|\b(?:for|while|until|select|trap|function|coproc|eval|exec)\b|\(\s*\)"
)
"""A line whose commands may run at the same time (``&``, ``|``), again (loops), later
(functions, traps) or from text (``eval``): a git answer taken now may not hold when its
deletion runs."""
_GLOB_CHARS = frozenset("*?[{")


def git_holds(value: str, ctx: Ctx) -> bool:
    """A recursive deletion of ``value``, a directory of the project, loses nothing git cannot
    give back: git holds everything under it as committed (:attr:`Ctx.held`), and the line
    runs it once, first, with nothing before it that could have put a file there."""
    if ctx.held is None or ctx.cwd is None or ctx.written or set(value) & _GLOB_CHARS:
        return False
    if any(name not in NO_NEW_DATA for name in ctx.names[:-1]):
        return False
    if _NOT_ONE_PASS.search(ctx.line) is not None:
        return False
    return ctx.held(posixpath.normpath(posixpath.join(ctx.cwd, value)))


def skip_options(args: list[Word], with_value: frozenset[str]) -> list[str | None]:
    out: list[str | None] = []
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and v.startswith("-"):
            i += 2 if (v in with_value and "=" not in v) else 1
            continue
        out.append(v)
        i += 1
    return out


HANDLERS: dict[str, Handler] = {}
"""Rule handlers by canonical command name (see :func:`command_name`)."""


def register(names: str, handler: Handler) -> None:
    """Make ``handler`` check every command in the space-separated ``names``."""
    for name in names.split():
        HANDLERS[name] = handler


_RULES_LOADED: list[bool] = []
"""Not empty once :func:`_load_rules` imported the rule modules: the import statement of nine
names from a package costs a look-up of each on every command that names a rule."""


def load_net_rules() -> None:
    """Register :mod:`ondas.guards.bash_net`'s rules (git, the network tools): loaded only for
    a command of :data:`NET_RULE_NAMES` or with the other rule modules, always before them (some
    wrap its handlers: ``curl``, ``rsync``)."""
    if _NET_LOADED:
        return
    from ondas.guards import bash_net

    del bash_net
    _NET_LOADED.append(True)


_NET_LOADED: list[bool] = []
"""Not empty once :func:`load_net_rules` imported :mod:`ondas.guards.bash_net`."""


def load_system_rules() -> None:
    """Register :mod:`ondas.guards.bash_system`'s rules and those of the modules it imports
    (``bash_net`` first): for a command of :data:`SYSTEM_RULE_NAMES`, which no other rule
    module registers or wraps. The other modules, loaded later, register after them, as a
    whole load does (a test compares the handlers both orders leave)."""
    if _SYSTEM_LOADED:
        return
    load_net_rules()
    from ondas.guards import bash_system

    del bash_system
    _SYSTEM_LOADED.append(True)


_SYSTEM_LOADED: list[bool] = []
"""Not empty once :func:`load_system_rules` imported :mod:`ondas.guards.bash_system`."""


def _load_rules() -> None:
    if _RULES_LOADED:
        return
    load_net_rules()
    from ondas.guards import (
        bash_contain,
        bash_desktop,
        bash_evaluated,
        bash_infra,
        bash_net,
        bash_runners,  # wraps the handlers the others registered
        bash_signals,
        bash_system,
        bash_windows,
    )

    del bash_infra, bash_net, bash_system, bash_windows, bash_contain, bash_runners, bash_signals
    del bash_desktop, bash_evaluated
    _RULES_LOADED.append(True)
