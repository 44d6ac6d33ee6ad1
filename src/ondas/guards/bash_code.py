"""Look inside interpreter code (``python -c``, ``perl -e``, ``node -e``, awk programs, heredocs).

The text is not executed or fully parsed; it is scanned for the two ways code reaches the
system: shell commands handed to ``system``/``subprocess``/``execSync``/backticks (every string
literal that parses as a command line goes through the bash guard, and list-form arguments are
joined into one), and file operations whose first argument is a literal path (deletions as
``rm``, writes and renames as redirects). A database opened on ``.ondas/`` is refused outright.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    ANYWHERE,
    Ctx,
    Word,
    at_cwd,
    block,
    check_write_target,
    classify,
    credential_file,
    many_files,
    note_link,
    note_written,
    rm_targets,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.secret_files import named_secrets, secret_hint
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

_STRING = LazyPattern(
    r'"""(?P<t1>[\s\S]*?)"""|\'\'\'(?P<t2>[\s\S]*?)\'\'\''
    r'|"(?P<d>(?:[^"\\\n]|\\.)*)"|\'(?P<s>(?:[^\'\\\n]|\\.)*)\'|`(?P<b>[^`]*)`'
)
_ITEM = r"[rbuf]?(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*')"
_LIST = LazyPattern(
    r"\[\s*((?:" + _ITEM + r"\s*,\s*)*" + _ITEM + r")\s*,?\s*\]"
    r"|\(\s*((?:" + _ITEM + r"\s*,\s*)+" + _ITEM + r")\s*,?\s*\)"
)
"""An argument vector of literals: a list, or a tuple (``subprocess.call(("git", "push"))``,
and the argument list of ``system("rm", "-rf", DIR)`` or ``os.execlp("rm", "rm", ...)``)."""
_BARE_VECTOR = LazyPattern(r"\b(?:system|exec)\s+((?:" + _ITEM + r"\s*,\s*)+" + _ITEM + r")")
"""Perl's and Ruby's ``system``/``exec`` given a program and its arguments without
parentheses (``exec "git", "push", "-f"``): an argument vector, as :data:`_LIST` is."""
_PATH_ARG = r"\(?\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')"
_RECURSIVE_DELETE_WORDS = ("rm", "remove", "delete", "rimraf", "emptyDir", "require")
"""A word every text :data:`_RECURSIVE_DELETE` matches holds (``rmtree``, ``rmSync``,
``removeSync``, ``delete-tree``, ``rimraf``, ``emptyDir``, ``require("del")``): code without
one is not searched, so the expression is not compiled for it (round 26)."""
_RECURSIVE_DELETE = LazyPattern(
    r"(?:rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|remove_tree|rmdir|rm\b|delete-directory"
    r"|removeDirectoryRecursive|removePathForcibly|delete-directory/files|delete-tree"
    r"|(?:\brimraf(?:Sync|\.sync|\.rimrafSync)?|\bremoveSync|\bemptyDir(?:Sync)?|\bdeleteSync"
    r"|require\(\s*[\"'](?:rimraf|del|fs-extra)[\"']\s*\)\s*\.\s*\w+)(?=\s*\())" + _PATH_ARG
)
"""Recursive deletions of a literal path, in the languages' standard libraries and in the
deletion packages of npm (``rimraf``, ``fs-extra``'s ``removeSync``/``emptyDir``, ``del``);
round 16s: Racket's ``delete-directory/files``, Babashka's ``fs/delete-tree``."""
_LITERAL_BEFORE = r"[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')\s*\)?\s*\.\s*(?:IO\s*\.\s*)?"
_PATH_FIRST_TREE = LazyPattern(_LITERAL_BEFORE + r"(?:deleteDir|deleteRecursively)\b")
_PATH_FIRST_FILE = LazyPattern(_LITERAL_BEFORE + r"(?:delete|unlink|rmdir)\b")
_PATH_FIRST_WRITE = LazyPattern(_LITERAL_BEFORE + r"spurt\b")
"""A literal path the method after it deletes or writes (round 16s: Groovy's and Kotlin's
``File(".git").deleteDir()``, ``deleteRecursively()``, ``delete()``; Raku's
``".git".IO.unlink``, ``"x".IO.spurt("")``)."""
_FLAGGED_RECURSIVE_DELETE = LazyPattern(
    r"\b(?:unlink|rm|delete|remove|Remove-Item|rmdir)\s*\(\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')"
    r"[^)\n]*?(?:\b(?:recursive|recurse|recursively)\s*[=:]\s*(?:TRUE|T|True|true)\b"
    r"|,\s*[\"']rf[\"'])"
)
"""A deletion made recursive by a named argument (R's ``unlink("R", recursive = TRUE)``,
node's ``rm(p, {recursive: true})``; round 21s: vim's ``delete(p, "rf")``): the tree, as ``rm
-r``."""
_GIT_LIBRARY_LOSSES = LazyPattern(
    r"\b(?:delete_head|delete_tag|deleteBranch|deleteRef|deleteTag|branch_delete)\s*\("
    r"|\bgit\s*\.\s*(?:reflog\s*\(\s*[\"'](?:expire|delete)|gc\s*\([^)\n]*prune"
    r"|prune\s*\(|update_ref\s*\(\s*[\"']-d|filter_branch\s*\()"
    r"|\b(?:references|branches(?:\s*\.\s*local)?)\s*\.\s*delete\s*\("
    r"|\bdel\s+[\w.]+\.refs\s*\["
)
"""Round 21s: git's libraries deleting refs or expiring history (GitPython's ``delete_head``
and ``repo.git.reflog(...)``, pygit2's ``references.delete``, dulwich's ``del r.refs[...]``,
isomorphic-git's ``deleteBranch``): as ``git branch -D`` and ``git reflog expire`` are."""
_GIT_LIBRARY_PUSHES = LazyPattern(
    r"\bgit\s*\.\s*push\s*\(|\bporcelain\s*\.\s*push\s*\(|\bremotes?\b[^\n;]*\.push\s*\("
)
"""Round 21s: git's libraries pushing (GitPython's ``repo.git.push()`` and
``repo.remote().push()``, dulwich's ``porcelain.push``, isomorphic-git's ``git.push``)."""


def _git_library(code: str, seg: str) -> Verdict:
    """Code that deletes refs, expires history or pushes through a git library."""
    if _GIT_LIBRARY_LOSSES.search(code):
        return block("git-history-rewrite", seg, "code deletes git refs or expires history")
    if _GIT_LIBRARY_PUSHES.search(code):
        return block("git-push", seg, "code pushes through a git library: for humans to do")
    return ALLOW


_CWD_DELETE = LazyPattern(
    r"(?:rmtree|rm_rf|rm_r|remove_dir_all|rmSync|rmdirSync|remove_tree|rmdir)\s*\(\s*"
    r"(?:os\.getcwd\(\)|os\.curdir|Path\.cwd\(\)|Path\(\)|process\.cwd\(\)|Dir\.pwd"
    r"|Dir\.getwd|getcwd\(\))"
)
"""A recursive deletion of the working directory computed by the code itself."""
_DELETE_WORDS = ("remove", "unlink", "delete", "rmdir", "rm_f")
"""A word every text :data:`_DELETE` matches holds (round 26)."""
_DELETE = LazyPattern(
    r"(?:\bremove|\bunlink(?:Sync)?|\bdelete|\bFile\.delete|\bos\.rmdir|\brm_f|\bunlink\b)"
    + _PATH_ARG
)
_WRITE_WORDS = (
    "pen",
    "rite",
    "append",
    "copy",
    "move",
    "rename",
    "replace",
    "symlink",
    "chmod",
    "truncate",
    "mkdir",
    "Path",
    "put_contents",
    "reate",
)
"""A word every text :data:`_WRITE` matches holds (``open``/``OpenFile``, ``writeFile``,
``IO.write``, ``appendFile``, ``os.Create``/``File::create``...; round 26)."""
_WRITE = LazyPattern(
    r"(?:\bopen\s*\(\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')\s*,\s*"
    r"(?:[rbuf]?[\"'][^\"']*[wax+]|File::(?:WRONLY|RDWR|APPEND|CREAT|TRUNC))"
    r"|(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|File\.write"
    r"|IO\.write|copyfile|copy2?|copytree|move|rename(?:Sync)?|replace|symlink"
    r"|chmod(?:Sync)?|truncate|mkdir(?:Sync|s)?|Path|file_put_contents|OpenFile|WriteFile"
    r"|os\.Create|fs::write|File::create)\s*\(\s*[rbuf]?(?:\"(?P<p3>[^\"\n]*)\"|'(?P<p4>[^'\n]*)'))"
)
"""A file opened for writing (Python's ``open(F, "w")``, Ruby's ``File.open(F, "a")`` or
``File::WRONLY``; opened with no mode, it is read) or written by a library call."""
_OPEN_FOR_WRITE = LazyPattern(
    r"\b(?:sysopen|open(?:Sync)?|fopen|File\.new)\s*\(\s*(?:(?:my\s+)?[$\w]+\s*,\s*)?"
    r"[rbuf]?(?:\"(?P<p1>(?![+<>|])[^\"\n]*)\"|'(?P<p2>(?![+<>|])[^'\n]*)')\s*,\s*"
    r"(?:[^)]*?\bO_(?:WRONLY|RDWR|TRUNC|CREAT|APPEND)\b|(?:mode\s*=\s*)?[\"'][^\"']*[wax+])"
    r"|\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*[\"'](?:\+?>>?|\+<)[\"']\s*,\s*"
    r"(?:\"(?P<p3>[^\"\n]*)\"|'(?P<p4>[^'\n]*)')"
    r"|\bopen\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*[\"'](?:\+?>>?|\+<)\s*(?P<p5>[^\"'\n]+)[\"']"
)
"""A file opened for writing, by any language's open call (harm12): its flags (``O_WRONLY``,
``O_RDWR``, ``O_TRUNC``, ``O_CREAT``, ``O_APPEND``: ``os.open``, Perl's ``sysopen(FH, PATH,
...)``, node's ``fs.openSync``) or its mode (``"w"``, ``"a"``, ``"x"``, ``"+"``: ``fopen``,
``fs.open``; Perl's ``open(FH, ">", PATH)`` and its two-argument ``open FH, ">PATH"``, round
23s): the file is truncated or written."""
_WRITES_INTO = LazyPattern(
    r"write|print|\bputs\b|\bsay\b|\bdump|<<|copy|\bpipe|send|\bflush|stream|\bselect\b"
    r"|\bdup2?\b|\bexec|\bsystem\b|fileno"
)
"""Code that may put something in a file it opened: any writing, printing or copying call
(``f.write``, ``print F``, ``json.dump``, ``f << x``, ``copyfileobj``), a handle selected or
handed on (``select F``, ``dup2``, ``fileno``, a program run with it)."""


def _emptied_opens(code: str) -> Iterator[tuple[str | None, str]]:
    """Files code opens in a truncating mode and writes nothing to (round 24, ``left24``):
    Perl's ``open(F, ">P")``, ``open(F, "+>", "P")``; ``open(P, "w")`` with the handle kept
    (``f = open(P, 'w'); f.close()``, ``with open(P, "w"): pass``), Ruby's ``File.new(P,
    "w")``, PHP's ``fopen``, node's ``openSync(P, "w")``, ``O_TRUNC``. An append, ``r+``/``+<``
    or ``x`` mode keeps what the file holds; any write, print or copy in the code may fill it
    (read as filling it)."""
    if ">" not in code and "w" not in code and "TRUNC" not in code:
        return
    opened = [
        (_group(m), m.group(0)) for m in _OPEN_FOR_WRITE.finditer(code) if _truncating(m, code)
    ]
    if opened and not _WRITES_INTO.search(code):
        yield from opened


def _truncating(match: re.Match[str], code: str) -> bool:
    """A match of :data:`_OPEN_FOR_WRITE` opening its file in a mode that empties it."""
    text = match.group(0)
    if match.group("p1") is not None or match.group("p2") is not None:
        tail = text[
            match.end("p1" if match.group("p1") is not None else "p2") + 1 - match.start() :
        ]
        if "O_" in tail and "O_TRUNC" in code[match.start() : code.find(")", match.end())]:
            return True
        quote = max(tail.rfind('"'), tail.rfind("'"))
        return "O_" not in tail and quote >= 0 and "w" in tail[quote + 1 :]
    mode = text[text.index(",") + 1 :].lstrip().lstrip("\"'")
    return mode.startswith((">", "+>")) and not mode.startswith((">>", "+>>"))


_WRITEFILE = LazyPattern(
    r"\b(?:writefile|write-region|append-to-file|copy-file|rename-file)\s*\(?[^\n]*?,?\s*"
    r"[\"'](?P<p1>[^\"'\n]+)[\"']\s*(?:,\s*[\"'][^\"'\n]*[\"']\s*)?\)"
)
"""Vim's ``writefile(LINES, PATH)`` and Emacs's ``write-region``/``copy-file``: the last literal
of the call is the file written. Read by :func:`_writefile_paths`, which finds what
``finditer`` finds in linear time."""
_WRITEFILE_CALL = LazyPattern(
    r"\b(?:writefile|write-region|append-to-file|copy-file|rename-file)\s*\(?"
)
_WRITEFILE_TAIL = LazyPattern(r"[\"'](?P<p1>[^\"'\n]+)[\"']\s*(?:,\s*[\"'][^\"'\n]*[\"']\s*)?\)")
_QUOTE = LazyPattern(r"[\"']")
_NOT_BLANK = LazyPattern(r"\S")


def _writefile_paths(code: str) -> Iterator[tuple[str | None, str]]:
    """The path and text of each match :data:`_WRITEFILE` finds in ``code``, as ``finditer``
    finds them, in time linear in the code. After a call's name, the pattern's lazy span
    stops at the first quote of the line (or, through a comma and blanks, the first one after
    it) that opens the call's last literals and closing parenthesis; ``finditer`` tried that
    again from every later name on the line, and from every blank of a run before a literal
    (round 15: ``writefile('a'`` 400 times over took 1 s, more through vim). A name whose
    line has no such literal leaves none to the names after it on that line."""
    if "file" not in code and "write-region" not in code:
        return
    pos = 0
    failed_through = -1
    while (call := _WRITEFILE_CALL.search(code, pos)) is not None:
        start = call.end()
        if start > failed_through:
            line_end = code.find("\n", start)
            line_end = len(code) if line_end < 0 else line_end
            tail = None
            for quote in _QUOTE.compiled.finditer(code, start, line_end):
                tail = _WRITEFILE_TAIL.match(code, quote.start())
                if tail is not None:
                    break
            if tail is None and line_end < len(code):
                after = _NOT_BLANK.search(code, line_end)
                tail = _WRITEFILE_TAIL.match(code, after.start()) if after is not None else None
            if tail is not None:
                yield tail.group("p1"), code[call.start() : tail.end()]
                pos = tail.end()
                continue
            failed_through = line_end
        pos = call.start() + 1


_SECOND_PATH = LazyPattern(
    r"(?:copyfile|copy2?|copytree|move|rename(?:Sync)?|replace|symlink|link|cp|mv)\s*\(\s*"
    r"[rbuf]?(?:\"[^\"\n]*\"|'[^'\n]*')\s*,\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')"
)
_SECOND_PATH_WORDS = ("copy", "move", "rename", "replace", "link", "cp", "mv")
"""A word every text :data:`_SECOND_PATH` matches holds (round 26)."""
_PATH_WRITE_METHOD = LazyPattern(
    r"Path\s*\(\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')\s*\)\s*\.\s*"
    r"(?:write_text|write_bytes|unlink|rmdir|rename|replace|touch|mkdir|chmod|symlink_to)"
)
_LITERAL = r"[rbuf]?(?:\"(?P<{0}>[^\"\n]*)\"|'(?P<{1}>[^'\n]*)')"
"""A string literal whose text is a named group (``{0}``, ``{1}``: one per quote)."""
_EMPTY = r"b?(?:''|\"\")"
_EMPTIED = LazyPattern(
    r"\btruncate(?:Sync)?\s*(?:\(\s*)?"
    + _LITERAL.format("p1", "p2")
    + r"\s*(?:,\s*0+\s*)?(?:\)|;|$)"
    r"|Path\s*\(\s*"
    + _LITERAL.format("p3", "p4")
    + r"\s*\)\s*\.\s*write_(?:text|bytes)\s*\(\s*"
    + _EMPTY
    + r"\s*\)"
    r"|(?:writeFileSync|writeFile|File\.write|IO\.write|file_put_contents|fs::write"
    r"|Bun\.write|writeTextFile(?:Sync)?)\s*\(\s*"
    + _LITERAL.format("p5", "p6")
    + r"\s*,\s*"
    + _EMPTY
    + r"\s*[,)]"
    r"|\bopen\s*\(\s*"
    + _LITERAL.format("p7", "p8")
    + r"\s*,\s*[rbuf]?[\"'][bt+]*w[bt+]*[\"']\s*\)\s*"
    r"(?:\.\s*(?:close\s*\(\s*|write\s*\(\s*" + _EMPTY + r"\s*)\)\s*)?(?:;|\n|$)"
)
"""Calls that leave a literal file empty: ``os.truncate(P, 0)``, perl's ``truncate "P", 0``,
node's ``truncateSync(P)``, ``File.truncate``; ``Path(P).write_text('')``; an empty string
written over it (``writeFileSync(P, '')``, ``file_put_contents``, ``File.write``); a file
opened for writing as a statement of its own, nothing written (``open(P, 'w')``,
``open(P, 'w').close()``, ``open(P, 'w').write('')``)."""
_PERL_UNLINK = LazyPattern(r"\bunlink\s+[\"'](?P<p1>[^\"'\n]+)[\"']")
_AWK_OUTPUT = LazyPattern(
    r"(?:print|printf)(?:\"(?:[^\"\\\n]|\\.)*\"|[^;{}>\"])*>>?\s*\"(?P<p1>[^\"\n]+)\""
)
"""awk's ``print ... > "FILE"``. Read by :func:`_awk_output_paths`, which finds what
``finditer`` finds in linear time."""
_AWK_TAIL = LazyPattern(r">>?\s*\"(?P<p1>[^\"\n]+)\"")


def _awk_output_paths(code: str) -> Iterator[tuple[str | None, str]]:
    """The path and text of each match :data:`_AWK_OUTPUT` finds in ``code``, as ``finditer``
    finds them, in time linear in the code. From a ``print``, the pattern's loop reads string
    literals and any other character but ``;{}>"`` and never stops twice: it matches when
    where it stops is a ``>`` that opens the file's literal. ``finditer`` read the loop again
    from every ``print`` in it (round 15: ``print`` 1,000 times over took 1 s, an awk
    program of them 4 s); here each place the loop passes keeps where it stops, and each
    place inside a literal where it ends, for every later ``print`` that reaches them."""
    if "print" not in code:
        return
    stops: dict[int, int] = {}
    ends: dict[int, int | None] = {}
    pos = 0
    while (start := code.find("print", pos)) >= 0:
        stop = awk_stop(code, start + 5, ";{}>", stops, ends)
        tail = _AWK_TAIL.match(code, stop) if stop < len(code) else None
        if tail is not None:
            yield tail.group("p1"), code[start : tail.end()]
            pos = tail.end()
        else:
            pos = start + 1


def awk_stop(
    code: str, at: int, stop_chars: str, stops: dict[int, int], ends: dict[int, int | None]
) -> int:
    """Where the loop of an awk ``print``'s pattern (:data:`_AWK_OUTPUT`), started at ``at``,
    stops: one of ``stop_chars``, a quote that opens no closed literal, or the end. ``stops``
    and ``ends`` keep what each place passed reaches, for the next ``print``."""
    walked: list[int] = []
    stop = len(code)
    while at < len(code):
        if at in stops:
            stop = stops[at]
            break
        char = code[at]
        if char in stop_chars:
            stop = at
            break
        walked.append(at)
        if char != '"':
            at += 1
            continue
        close = _literal_end(code, at + 1, ends)
        if close is None:
            stop = at
            break
        at = close + 1
    for place in walked:
        stops[place] = stop
    return stop


def _literal_end(code: str, at: int, ends: dict[int, int | None]) -> int | None:
    """The closing quote of a double-quoted literal whose text starts at ``at`` (escapes
    read two characters, a newline ends it unclosed), as :data:`_AWK_OUTPUT` reads it."""
    walked: list[int] = []
    end: int | None = None
    while at < len(code):
        if at in ends:
            end = ends[at]
            break
        char = code[at]
        if char == '"':
            end = at
            break
        if char == "\n" or (char == "\\" and code[at + 1 : at + 2] in {"", "\n"}):
            break
        walked.append(at)
        at += 2 if char == "\\" else 1
    for place in walked:
        ends[place] = end
    return end


_STATE_DB = LazyPattern(r"\.ondas/|state\.db|knowledge\.db")
_DB_OPEN = LazyPattern(r"(?i)sqlite3?\b|\bconnect\s*\(|Database\s*\(|\bDBI\b")
_HOME_EXPR = LazyPattern(
    r"expanduser|\bHOME\b|Path\.home|Dir\.home|homedir\(|os\.environ\[.HOME|getenv\(.HOME"
    r"|[\"']~/|ENV\[.HOME|\$ENV\{HOME\}|glob\(\s*[\"']~"
)
_LOGIN_ITEM = LazyPattern(r"(?i)\b(?:make|delete)\b[^\n]*?\blogin item")
"""AppleScript making or deleting a login item (round 15), as ``defaults write
com.apple.loginwindow LoginHook`` does."""
_DOT_LITERAL = LazyPattern(r"[\"'`]/?(\.[^\"'`\s]+)[\"'`]")
"""A string literal naming a dot entry (``'/.npmrc'``, ``".aws/credentials"``): joined to a
home the code computes, a path under it (round 15)."""
_MUTATION = LazyPattern(
    r"rmtree|remove|unlink|rm_rf|rm_r\b|rmSync|rmdirSync|rmdir|rename|replace\(|write|"
    r"appendFile|WriteStream|outputFile|"  # round 22: node's appends and streams, fs-extra
    r"truncate|chmod|\bopen\([^)]*[\"'][wa]|copy|move|symlink|mkdir|touch|system\(|exec"
    r"|\bopen\b[^;\n]*?[\"'](?:\+?>>?|\+<)|file_put_contents|\bf(?:write|puts)\b|syswrite"
    r"|\b(?:sys|f)?open(?:Sync)?\s*\([^;\n]*?(?:,\s*[\"'][wax]|\bO_(?:WRONLY|RDWR|TRUNC|CREAT|APPEND)\b)"
    r"|Bun\.\$`"  # round 24: Bun's shell template runs a command line
)


def changes_files(code: str) -> bool:
    """Whether interpreter ``code`` calls something that writes, moves or deletes files."""
    return _MUTATION.search(code) is not None


_PRINTED = LazyPattern(
    r"(?:\bprint|\bputs|\bconsole\.(?:log|error|warn)|\becho|\bsay|\bprintln!?|\blog(?:ger)?"
    r"\.(?:info|debug|warning|error)|\bwarn)\s*\(?\s*[rbuf]?$"
)
"""Code just before a string literal that prints it rather than running it."""
_FILE_CALL = (
    r"(?:\bfopen|\bFile\s*[.:]+\s*\w+|\bread\w*|\bPath|\bfile_get_contents|\bexists\w*"
    r"|\bstat\w*|\bload)"
)
_OPENED = LazyPattern(
    r"(?:\bopen\s*\(?\s*(?:(?:my\s+)?[$\w]+\s*,\s*)?|" + _FILE_CALL + r"\s*\(\s*)[rbuf]?$"
)
"""A call just before a string literal that opens, reads, writes or tests it as a file
(``open("/tmp/out.json")``, Perl's ``open(F, "<", ...)``, ``File.read``, ``readFileSync``):
the string is a path, not a command line, unless it is a pipe (:func:`_piped`)."""


def _piped(text: str) -> str | None:
    """The shell command of a file name that ``open`` runs as one (Perl's ``"| cmd"`` and
    ``"cmd |"``, Ruby's and Tcl's ``"|cmd"``; ``"-|"`` and ``"|-"`` fork the script itself),
    or ``None``. Read by slicing, not by a pattern: one with a lazy ``.+?`` before ``\\s*\\|``
    took 16 s on a 60 KB name padded with blanks."""
    stripped = text.strip()
    if stripped[:1] == "|" and stripped[1:2] != "-" and stripped[1:].strip():
        return stripped[1:].strip()
    inner = stripped[:-1].rstrip() if stripped[-1:] == "|" else ""
    return inner if len(inner) >= 2 and inner[-1] != "-" else None


_CALLED = LazyPattern(r"(?P<name>[A-Za-z_]\w*)\s*$")
"""The function whose own parenthesised arguments follow (``open`` in ``open("f", "w")``)."""
_RUNS_PROGRAM = LazyPattern(
    r"system|[Ee]xec|spawn|popen|Popen|\bcall|\brun\b|execute|pty\.|ProcessBuilder|proc_open"
    r"|passthru|callCommand|Command\(|%x|\bopen\s*\(\s*[\"']\||`|\bfork\b|check_(?:call|output)"
)
"""Calls that start a program from interpreter code (``os.execl``, ``system``, ``spawn``,
``IO.popen``, ``pty.spawn``, ``ProcessBuilder``, backticks). A function's own parenthesised
arguments are an argument vector only when it is one of them (``system("rm", "-rf", D)``;
``open("/tmp/o.txt", "w")`` and ``writeFileSync(F, "{}")`` are not)."""
_SHELLISH = LazyPattern(r"^\s*[A-Za-z_./~$-][\w./+~-]*(\s|$)")
_SHELL_CALL = LazyPattern(
    r"(?:\bsystem|\bpopen|\bexecSync|\bexec_command|\bshell_exec|\bpassthru|\bgetoutput|os\.execute"
    r"|\bgetstatusoutput|\bqx|%x|\bshell)\s*[({]?\s*[rbuf]?$"
)
"""A call just before a string literal that hands the string to a shell whatever else the
code does (``os.system``, Perl's and Ruby's ``system``, ``popen``, node's ``execSync``, PHP's
``shell_exec``, ``subprocess.getoutput``, Lua's ``os.execute``, Raku's ``shell``)."""
_QUOTED_COMMAND = LazyPattern(
    r"(?:\bqx|%x)\s*(?:\{(?P<a>[^}]*)\}|\((?P<b>[^)]*)\)|\[(?P<c>[^\]]*)\]|<(?P<d>[^>]*)>"
    r"|(?P<q>[^\w\s{(\[<])(?P<e>.*?)(?P=q))"
)
"""Perl's ``qx{...}`` and Ruby's ``%x(...)``: command lines quoted by delimiters, not quotes."""
_SHELL_CALL_OPEN = LazyPattern(
    r"(?:\bsystem|\bpopen|\bexecSync|\bshell_exec|\bpassthru|\bgetoutput|os\.execute)\s*\("
)
_DECODING = LazyPattern(
    r"b64decode|b32decode|a85decode|unhexlify|fromhex|\bdecode\s*\(|\batob\s*\("
    r"|['\"]base64['\"]|['\"]hex['\"]|rot13|\[::-1\]|reverse\(\)|\bunpack\s*\(|decode_base64"
)


def _decoded_shell_call(code: str) -> bool:
    """A shell call whose command the code decodes at run time (``os.system(base64.b64decode(
    ...).decode())``, ``execSync(Buffer.from(x, 'base64').toString())``): what the shell runs
    is hidden on purpose. A decoding (:data:`_DECODING`) starts after the call's ``(`` and
    before the first ``)`` after it. Read once left to right (round 14: one pattern with
    ``[^)]*?`` read the rest of the code again for each call with no ``)``: 5,000 calls 17 s):
    the first ``)`` and the next decoding are found once and kept while calls come before
    them."""
    close = -1
    found = -1
    for call in _SHELL_CALL_OPEN.finditer(code):
        start = call.end()
        if close < start:
            close = code.find(")", start)
            close = len(code) if close < 0 else close
        if found < start:
            decoding = _DECODING.search(code, start)
            found = len(code) if decoding is None else decoding.start()
        if found < close:
            return True
    return False


_EVAL_OPEN = LazyPattern(
    r"(?:\bexec|\beval|\bFunction|\bcompile|\binstance_eval|\bloadstring|\bload)\s*(?:\(\s*)?"
)
_DECODER = LazyPattern(
    r"[\w.]*\b(?:b64decode|b32decode|b16decode|a85decode|b85decode|unhexlify|fromhex"
    r"|decompress)\b|codecs\.decode|\batob\b|Buffer\.from\b|pack\s*(?:\(\s*)?[\"'][HhuBbw]"
    r"|unpack1?\s*(?:\(\s*)?[\"'][mHhu]|decode64|decode_base64|\bhex2bin|\bstr_rot13"
    r"|\bbase64_decode|\bgzinflate|\bgzuncompress"
)
"""A call that decodes text, where an argument starts."""
_CALL = LazyPattern(r"[\w.]++\s*+\(\s*+")
"""A call an argument starts with (``str(``, ``base64.b64decode(``): the argument is its own."""
_IMPORTED = LazyPattern(
    r"(?:[\w.]*\b(?:__import__|import_module|require))\s*\(\s*[\"']([\w.]+)[\"']\s*\)\s*\.\s*"
)
"""A module imported where it is used (``__import__('base64').``, ``importlib.import_module(
'codecs').``, ``require('zlib').``): the call after it is that module's (round 22)."""
_DECODING_MODULES = frozenset({"base64", "binascii", "codecs", "zlib", "bz2", "lzma", "gzip"})
"""Modules whose calls decode or decompress text: evaluated, what they give is hidden code."""


def _decodes_evaluated(code: str) -> bool:
    """Code evaluated from text the code decodes at run time (``exec(codecs.decode(S,
    'rot13'))``, Perl's ``eval pack "H*", HEX``, ``new Function(Buffer.from(S,
    'base64').toString())``, PHP's ``eval(base64_decode(S))``): what runs is hidden on purpose
    (round 13). The calls an evaluated argument opens with are walked to a decoder; where a
    walk found none, the next stops (``eval(eval(eval(...`` costs its length, not its square:
    review13)."""
    fruitless: set[int] = set()
    for opened in _EVAL_OPEN.finditer(code):
        walked: list[int] = []
        at = opened.end()
        while at not in fruitless:
            if _DECODER.match(code, at) is not None:
                return True
            walked.append(at)
            imported = _IMPORTED.match(code, at)
            if imported is not None and imported.group(1) in _DECODING_MODULES:
                return True  # ``exec(__import__('zlib').decompress(S))``
            call = imported or _CALL.match(code, at)
            if call is None:
                break
            at = call.end()
        fruitless.update(walked)
    return False


_EXEC_CALL = LazyPattern(r"\bexec\s*(?:\(\s*)?$")
"""``exec`` just before a string: in Perl, Ruby and PHP it hands the string to a shell (or runs
its words), replacing the process; in Python and JavaScript ``exec`` is the language's own."""
SHELL_EXEC_FAMILIES = frozenset({"perl", "ruby", "php"})
_FORK = r"\bfork\b(?![\"'\w-])"
_ENDLESS_ITERATOR = (
    r"(?:\biter\s*\(\s*(?:int|float|bool|str|bytes|list|dict|tuple|set|frozenset|object)\s*,"
    r"(?!\s*(?:0|0\.0|False|\"\"|''|\[\]|\{\}|\(\))\s*\))"
    r"|(?<![\w.])(?:itertools\s*\.\s*)?(?:count|cycle)\s*\("
    r"|(?<![\w.])(?:itertools\s*\.\s*)?repeat\s*\([^,()]*\))"
)
"""Python's endless iterators (round 26, tune26): ``iter(int, 1)`` calls ``int()`` until it
returns the sentinel, which ``0`` never is; ``itertools.count()``, ``cycle(...)`` and
``repeat(x)`` without a count never stop."""
_FORK_LOOP = LazyPattern(
    r"\bfork\b[^;\n]*\bwhile\s+[^;\n]*\bfork\b"
    rf"|\bwhile\s*(?:\(\s*)?(?:True|true|1|!0)\b\s*\)?\s*[:{{]?\s*\n?[^;}}\n]*{_FORK}"
    rf"|\bfor\s*\(\s*;\s*;\s*\)\s*\{{?[^;}}\n]*{_FORK}"
    r"|\bloop\s*(?:do|\{)\s*[\w.:]*fork\b"
    r"|\bfork\b[^;\n]*?\b(?:while\s*\(?\s*(?:1|true|True|!0)\b|until\s*\(?\s*0\b)"
    rf"|{_FORK}[^;\n]*\bfor\b[^;\n]*?\bin\s+{_ENDLESS_ITERATOR}"
    rf"|\bfor\b[^;\n:]*\bin\s+{_ENDLESS_ITERATOR}[^\n]*:\s*[^\n]*?{_FORK}"
)
"""Code that forks without end (``fork while fork``, ``while True: os.fork()``,
``for(;;) fork();``, Ruby's ``loop { fork }``; round 22: Perl's and Ruby's statement modifiers,
``fork while 1``, ``fork until 0``, ``{ fork } while true``; round 26: Perl's bare ``fork`` in a
loop, ``while (1) { fork }``, and Python forking over an endless iterator, ``[os.fork() for _
in iter(int, 1)]``, ``for _ in itertools.count(): os.fork()``): a fork bomb, as a
self-spawning shell function is."""
_SHELL_TRUE_CALL = LazyPattern(
    r"(?:\brun|\bcall|\bcheck_call|\bcheck_output|\bPopen|\bexec|\bspawn)\s*\(\s*[rbuf]?$"
)
_SHELL_TRUE = LazyPattern(r"shell\s*[=:]\s*(?:True|true)\b|child_process")
"""Calls that hand their first string to a shell only when the code asks for one
(``subprocess.run(cmd, shell=True)``, node's ``child_process.exec``/``spawn(..., {shell:
true})``); elsewhere ``exec`` and ``run`` are the language's own."""


_NETWORK_CALL = LazyPattern(
    r"urlopen|urlretrieve|requests\.|httpx\.|http\.client|aiohttp|fetch\(|axios|https?\.get|"
    r"https?\.request|\bdownload\s*\(|Net::HTTP|open-uri|URI\.open|LWP|HTTP::Tiny|socket\.|curl_exec|"
    r"file_get_contents\(\s*['\"]https?:"
)
"""Calls that open a network connection in the interpreters the guard reads."""
_LIBRARY_INSTALLS = LazyPattern(
    r"\bpip(?:\._internal(?:\.cli\.main)?)?\.main\s*\(\s*(?P<argv>\[[^\]\n]*\])?"
    r"|\bGem\s*(?:\.|::)\s*install\s*\(\s*(?P<gem>[\"'][\w.-]+[\"'])?"
    r"|\bGem::(?:Dependency)?Installer\b"
    r"|\bfrom\s+pip(?:\.[\w.]+)?\s+import\s+main\b(?=[\s\S]*[\"']install[\"'])"
    r"|\bPkg\s*\.\s*(?P<pkg>add|develop|dev)\s*\("
)
"""A package manager's own library entry point called from code (``pip.main([...])``,
``Gem.install("rails")``): the command line it equals, judged by that manager's rule; Julia's
``Pkg.add``/``develop`` of a named package (the package policy itself, as ``gem install``;
``Pkg.instantiate()`` installs the project's own manifest, as ``npm ci`` does)."""
_URL = LazyPattern(r"https?://[^\s'\"`)}]+")
_PUBLISHING_CALL = LazyPattern(
    r"\b(?:devtools|usethis)::(?:release|submit_cran|use_github|use_github_release)\s*\("
    r"|\bpkgdown::deploy_(?:to_branch|site_github)\s*\("
    r"|\b(?:rsconnect::deploy(?:App|Site|Doc|API)|bookdown::publish_book"
    r"|quarto::quarto_publish_\w+|blogdown::deploy\w*)\s*\("
    r"|\bLocalRegistry\b[\s\S]*\bregister\s*\("
)
"""Library calls that publish (round 24): R's ``devtools::release()``/``submit_cran()`` (to
CRAN), ``usethis::use_github()`` (a repository made and pushed), pkgdown's deploys (a
``gh-pages`` branch pushed), rsconnect's, bookdown's and quarto's publishing; Julia's
LocalRegistry ``register()`` (the registry committed and pushed)."""
_HTTP_DELETE = LazyPattern(
    r"\b(?:requests|httpx|axios|session|client|http|got|ky|superagent|RestClient|HTTParty"
    r"|Faraday|conn|s)\s*\.\s*(?:delete|del)\s*\("
    r"|\brequest\s*\(\s*[\"']DELETE[\"']"
    r"|\bmethod\s*[=:]>?\s*[\"'](?i:delete)[\"']"
    r"|Net::HTTP::Delete\b|HTTP::Request->new\(\s*[\"']?DELETE\b"
    r"|\bHTTP::Tiny->new->delete\b|\bhttp\.MethodDelete\b"
)
"""An HTTP DELETE asked for in interpreter code (round 24): a client's ``delete`` call
(``requests.delete(URL)``, ``httpx.delete``, ``axios.delete``, a session's), a request named
by its method (``requests.request("DELETE", URL)``, ``fetch(URL, {method: "DELETE"})``,
``urllib.request.Request(URL, method="DELETE")``), Ruby's ``Net::HTTP::Delete``, Perl's
``HTTP::Request->new(DELETE => URL)``: judged as ``curl -X DELETE URL`` is."""
_SOCKETISH = LazyPattern(
    r"[Ss]ock|/inet[46]?/|listen|[Ss]erver|\bbind\s*\(|\.(?:tcp|udp)\s*\(|Net::|[\"'](?:net|dgram)[\"']"
)
"""Code that may open a socket or serve (:mod:`ondas.guards.bash_sockets` reads it)."""


def check_code(
    code: str, ctx: Ctx, depth: int, seg: str, *, whole: bool = True, family: str = ""
) -> Verdict:
    """Refuse interpreter ``code`` that runs a refused command or touches a guarded path.

    With ``whole`` the code text itself is also tried as a command line (``node -e "rm -rf
    ~"``); awk programs opt out, since ``/pattern/ {print}`` reads as a path. ``family`` is
    the interpreter's language when known (``perl``'s ``exec`` runs a shell command). The code
    is read twice when it builds strings from literals: as written, and with each static
    expression evaluated (:func:`~ondas.guards.bash_literals.fold_literals`); code handed to
    ``exec``/``eval`` as a literal is read as code; and in an unattended run a shell call whose
    command is still computed is undecidable.
    """
    saved, ctx.code_reading = ctx.code_reading, ""  # the shell calls of this code are strict
    try:
        return _check_code_read(code, ctx, depth, seg, whole=whole, family=family)
    finally:
        ctx.code_reading = saved


def _check_code_read(
    code: str, ctx: Ctx, depth: int, seg: str, *, whole: bool, family: str
) -> Verdict:
    from ondas.guards.bash_literals import computed_shell_calls, evaluated_literals, fold_literals

    if family == "ruby" and "#{" in code:
        # round 24: Ruby's interpolation is a value known at run time (in a command string,
        # ``#`` would otherwise start a shell comment: ```rm -rf #{Dir.home}/x``` read as ``rm``)
        code = _RUBY_INTERPOLATION.sub("${RUBY_VALUE}", code)
    if family in {"perl", "ruby"} and _QUOTE_LIKE.search(code):
        quoted = _QUOTE_LIKE.sub(_as_literal, code)  # ``system q{CMD}``, ``%x(CMD)``
        verdict = _check_code(quoted, ctx, depth + 1, seg, whole=whole, family=family)
        if not verdict.allowed:
            return verdict
    if ctx.assigned:  # round 23s: ``D=src python3 -c '...os.environ["D"]...'`` reads src
        code = environment_read(code, ctx.assigned)
    folded = fold_literals(code)
    if folded != code and depth <= 6:
        verdict = _check_code(folded, ctx, depth + 1, seg, whole=whole, family=family)
        if not verdict.allowed:
            return verdict
    for inner in evaluated_literals(folded) if depth <= 6 else ():
        verdict = check_code(inner, ctx, depth + 1, seg, family=family)
        if not verdict.allowed:
            return verdict
    if ctx.unattended:
        computed = computed_shell_calls(folded)
        if computed:
            return block(
                "undecidable-payload",
                seg,
                f"code hands a shell a command it computes at run time ({computed[0]!r}); "
                "unattended runs without the OS sandbox refuse it",
            )
    return _check_code(code, ctx, depth, seg, whole=whole, family=family)


_ENVIRONMENT_READS = (
    'os.environ["{}"]',
    "os.environ['{}']",
    'os.environ.get("{}")',
    "os.environ.get('{}')",
    'os.getenv("{}")',
    "os.getenv('{}')",
    'environ["{}"]',
    "environ['{}']",
    'process.env["{}"]',
    "process.env['{}']",
    "process.env.{}",
    'Deno.env.get("{}")',
    "$ENV{{{}}}",
    '$ENV{{"{}"}}',
    "$ENV{{'{}'}}",
    'ENV.fetch("{}")',
    "ENV.fetch('{}')",
    'ENV["{}"]',
    "ENV['{}']",
    '$_ENV["{}"]',
    "$_ENV['{}']",
    'getenv("{}")',
    "getenv('{}')",
)
"""How Python, node, deno, Perl, Ruby and PHP code reads a variable of its environment."""


def environment_read(code: str, assigned: dict[str, str | None]) -> str:
    """``code`` with each read of a variable assigned in front of its interpreter (``D=src
    python3 -c ...``: :attr:`Ctx.assigned`, known values only) written as the value it reads
    (round 23s): a string literal, or the bare text inside a double-quoted string (Perl's
    ``">$ENV{C}"``)."""
    for name, value in assigned.items():
        if value is None or not name.isidentifier() or name not in code:
            continue
        for form in _ENVIRONMENT_READS:
            ref = form.format(name)
            at = code.find(ref)
            while at >= 0:
                end = at + len(ref)
                if form == "process.env.{}" and (
                    code[end : end + 1].isalnum() or code[end : end + 1] == "_"
                ):
                    at = code.find(ref, end)
                    continue
                inside = code[:at].replace('\\"', "").count('"') % 2 == 1
                text = value if inside else (f'"{value}"' if '"' not in value else f"'{value}'")
                code = code[:at] + text + code[end:]
                at = code.find(ref, at + len(text))
    return code


_QUOTE_LIKE = LazyPattern(
    r"(?<![\w$@%&])(?P<op>qq|qx|q|%[qQx]?)\s*(?:\{(?P<b>[^{}]*)\}|\((?P<p>[^()]*)\)"
    r"|\[(?P<k>[^\[\]]*)\]|<(?P<a>[^<>]*)>|(?P<d>[!|/#~^])(?P<t>.*?)(?P=d))"
)
"""Perl's quote-like operators (``q{}``, ``qq()``, ``qx[]``, any bracket or a punctuation
delimiter) and Ruby's percent literals (``%q()``, ``%Q{}``, ``%()``, ``%x[]``): strings and
command substitutions the ordinary quote patterns do not see."""


_RUBY_INTERPOLATION = LazyPattern(r"#\{[^{}]*\}")
"""Ruby's ``#{EXPR}`` in a double-quoted string, a backtick command or ``%x()``."""


def _as_literal(match: re.Match[str]) -> str:
    """A quote-like operator written as the ordinary literal it stands for (a command one as a
    backtick string)."""
    text = next(g for g in match.group("b", "p", "k", "a", "t") if g is not None)
    if match.group("op") in {"qx", "%x"}:
        return f"`{text}`"
    return f'"{text}"' if '"' not in text else f"'{text}'"


def _check_code(
    code: str, ctx: Ctx, depth: int, seg: str, *, whole: bool = True, family: str = ""
) -> Verdict:
    if _STATE_DB.search(code) and _DB_OPEN.search(code):
        return block("state-tamper", seg, "code opening the ondas state database")
    secrets = named_secrets(code, code="text") if secret_hint(code) else []
    if secrets:  # ``python3 <<EOF`` / ``| node`` / a script written and run: as ``-c`` is
        return block(
            "read-secret-file",
            seg,
            f"interpreter code names the secret file {secrets[0][:80]!r}, which is not the "
            "agent's to print or copy out",
        )
    if family == "osascript" and _LOGIN_ITEM.search(code):
        return block(
            "system-change",
            seg,
            "AppleScript adds or removes a login item through System Events, a daemon the "
            "sandbox does not see: a program started at every login",
        )
    if family in {"tclsh", "expect"}:  # ``file delete -force src``, ``exec rm -rf src``
        from ondas.guards.bash_tcl import tcl_command_lines  # loaded by Tcl code only

        for line in tcl_command_lines(code):
            verdict = ctx.check_source(line, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    if _MUTATION.search(code):
        verdict = _control_literal(code, ctx, seg)
        if not verdict.allowed:
            return verdict
    if _HOME_EXPR.search(code) and _MUTATION.search(code):
        return block(
            "interpreter-home-write", seg, "code changing files under a home directory it computes"
        )
    if _HOME_EXPR.search(code):
        for literal in _DOT_LITERAL.finditer(code):
            path = "~/" + literal.group(1)
            if credential_file(path):  # ``readFileSync(process.env.HOME + '/.npmrc')``
                return block(
                    "read-credentials",
                    seg,
                    f"interpreter code reads {path!r} under a home directory it computes: a "
                    "credential store outside the project",
                )
    verdict = _enumerated_deletion(code, ctx, seg)
    if not verdict.allowed:
        return verdict
    if _ERASE_BUFFER.search(code) and _SAVE_BUFFER.search(code):
        return block(
            "file-destroyed", seg, "editor code erases a buffer and saves it: the file is emptied"
        )
    if "git" in code or "refs" in code or "dulwich" in code:
        verdict = _git_library(code, seg)
        if not verdict.allowed:
            return verdict
    if ("rm" in code or "remove" in code) and _CWD_DELETE.search(code):
        # ``shutil.rmtree(os.getcwd())``: the working directory
        verdict = rm_targets([Word(ctx.cwd or ".", ".")], True, ctx, seg)
        if not verdict.allowed:
            return verdict
    if "fork" in code and _FORK_LOOP.search(code):
        return block("fork-bomb", seg, "code that forks without end")
    if ctx.unattended:
        from ondas.guards.bash_environment import code_dumps_environment

        verdict = code_dumps_environment(code, seg)  # ``print(os.environ)``
        if not verdict.allowed:
            return verdict
    if _decoded_shell_call(code):
        return block(
            "undecidable-payload", seg, "code decodes the command it hands a shell at run time"
        )
    if ctx.unattended and _decodes_evaluated(code):
        return block("undecidable-payload", seg, "code decodes the code it evaluates at run time")
    if ("::" in code or "register" in code) and _PUBLISHING_CALL.search(code):
        return block(
            "publish",
            seg,
            "code calls a package's publishing function (an R package released to CRAN, a "
            "site deployed to a branch, a Julia package registered): the policy's",
        )
    if _NETWORK_CALL.search(code):
        from ondas.guards.bash_net import network_url

        # ``urlopen('https://host/...')``: the network policy's
        urls = [m.group(0) for m in _URL.finditer(code)]
        for url in urls:
            verdict = network_url(url, ctx, seg)
            if not verdict.allowed:
                return verdict
        if urls and ("elete" in code or "ELETE" in code) and _HTTP_DELETE.search(code):
            from ondas.guards.bash_net import http_method

            verdict = http_method("DELETE", urls[0], seg)  # round 24: ``requests.delete(URL)``
            if not verdict.allowed:
                return verdict
    if ("pip" in code or "Gem" in code or "Pkg" in code) and _LIBRARY_INSTALLS.search(code):
        verdict = _library_installs(code, ctx, depth)
        if not verdict.allowed:
            return verdict
    if _SOCKETISH.search(code):
        from ondas.guards.bash_sockets import code_sockets

        verdict = code_sockets(code, ctx, seg)  # ``connect(("10.0.0.9", 9))``, ``bind(("", 80))``
        if not verdict.allowed:
            return verdict
    if "symlink" in code:
        _code_links(code, ctx)
    quoted = '"' in code or "'" in code  # every literal path below is quoted
    for verdict in (
        _paths(_RECURSIVE_DELETE, code, ctx, seg, "rm-recursive")
        if quoted and _holds(code, _RECURSIVE_DELETE_WORDS)
        else ALLOW,
        _paths(_FLAGGED_RECURSIVE_DELETE, code, ctx, seg, "rm-recursive")
        if quoted and ("recurs" in code or "rf" in code)
        else ALLOW,
        _paths(_DELETE, code, ctx, seg, "rm") if quoted and _holds(code, _DELETE_WORDS) else ALLOW,
        _paths(_PERL_UNLINK, code, ctx, seg, "rm") if quoted and "unlink" in code else ALLOW,
        _path_first(code, ctx, seg) if ".delete" in code or ".IO" in code else ALLOW,
        _paths(_EMPTIED, code, ctx, seg, "empties")
        if "runcate" in code or "rite" in code or "put_contents" in code or "open" in code
        else ALLOW,
        _paths(_emptied_opens, code, ctx, seg, "empties")
        if "open" in code or "File.new" in code
        else ALLOW,
        _paths(_WRITE, code, ctx, seg, "write", record=True)
        if quoted and _holds(code, _WRITE_WORDS)
        else ALLOW,
        _paths(_OPEN_FOR_WRITE, code, ctx, seg, "write")
        if quoted and ("open" in code or "File.new" in code)
        else ALLOW,
        _paths(_SECOND_PATH, code, ctx, seg, "write")
        if quoted and _holds(code, _SECOND_PATH_WORDS)
        else ALLOW,
        _paths(_PATH_WRITE_METHOD, code, ctx, seg, "write") if quoted and "Path" in code else ALLOW,
        _paths(_awk_output_paths, code, ctx, seg, "write", record=True),
        _paths(_writefile_paths, code, ctx, seg, "write", record=True),
        _deleted_literals(code, ctx, seg),
        _lists(code, ctx, depth, seg),
        _quoted_commands(code, ctx, depth, seg),
        _strings(code, ctx, depth, seg, family in SHELL_EXEC_FAMILIES),
        _quiet_check(code, ctx, depth, code, "code") if whole and len(code) <= 20_000 else ALLOW,
    ):
        if not verdict.allowed:
            return verdict
    return ALLOW


_ERASE_BUFFER = LazyPattern(
    r"\(\s*erase-buffer\b|\(\s*(?:delete|kill)-region\s+(?:\(\s*point-min\s*\)|1)\s+"
    r"\(\s*point-max\s*\)"
)
_SAVE_BUFFER = LazyPattern(r"\(\s*(?:basic-)?save-(?:some-)?buffers?\b|\(\s*write-file\b")
"""Emacs Lisp erasing a buffer (or deleting its whole region, ``(delete-region (point-min)
(point-max))``) and saving it (``emacs --batch F --eval '(progn (erase-buffer)
(save-buffer))'``), as ``ex -sc '%d|x' F`` does."""
_ENUMERATION = LazyPattern(
    r"(?P<how>\bi?glob(?:\.glob|\.iglob)?|\bDir\.glob|\bDir\[|\blistdir|\bscandir|\bwalk"
    r"|\breaddir(?:Sync)?|\bopendir|\bDir\.(?:children|entries|each_child)"
    r"|\blist\.files|\bSys\.glob|\bfind\s*\(\s*sub\s*\{[^{}]*\}\s*,)\s*\(?\s*"
    + _LITERAL.format("p1", "p2")
)
_PATH_ENUMERATION = LazyPattern(
    r"\bPath\s*\(\s*" + _LITERAL.format("p1", "p2") + r"\s*\)\s*\.\s*(?P<how>r?glob|iterdir|walk)"
    r"\s*\(\s*(?:" + _LITERAL.format("p3", "p4") + r")?"
)
_ITEM_CHANGE = LazyPattern(
    r"\b(?:rmtree|unlink(?:Sync)?|remove|rm_rf|rm_r|rm_f|rmSync|rmdirSync|delete|rmdir|truncate)\b"
    r"|write_(?:text|bytes)\(\s*b?(?:''|\"\")\s*\)|\bfile\.remove\b"
    r"|\b(?:File\.write|writeFileSync|file_put_contents|Bun\.write)\s*\(\s*\$?\w+\s*,\s*"
    r"(?:''|\"\")\s*\)"
)
_RECURSIVE_WORD = LazyPattern(
    r"\b(?:rmtree|rm_rf|rm_r|remove_tree|rmSync|removeSync|remove_dir_all|rimraf(?:Sync)?"
    r"|emptyDir(?:Sync)?)\b"
)
_TEMP_HINT = LazyPattern(
    r"tempfile|mkdtemp|TemporaryDirectory|tmpdir|tmp_path|gettempdir|os\.tmpdir|mktmpdir|/tmp"
)


def _enumerated_deletion(code: str, ctx: Ctx, seg: str) -> Verdict:
    """Code that deletes or empties what it lists (``[os.remove(p) for p in
    glob.glob('src/**/*.py')]``, ``readdirSync('src')`` then ``unlinkSync``), judged as ``rm``
    of that listing is (:func:`~ondas.guards.bash_base.many_files`); and a recursive deletion
    whose path the code computes (``shutil.rmtree(d)``, ``rmSync(process.argv[1])``), refused
    as ``rm -rf "$X"`` is, unless the code makes its own temp directory."""
    if not _ITEM_CHANGE.search(code):
        return ALLOW
    listed: list[str] = []
    for match in _ENUMERATION.finditer(code):
        literal = match.group("p1") if match.group("p1") is not None else match.group("p2")
        glob = "glob" in match.group("how") or match.group("how") == "Dir["
        listed.append(literal if glob else posixpath.join(literal, "*"))
    for match in _PATH_ENUMERATION.finditer(code):
        base = match.group("p1") if match.group("p1") is not None else match.group("p2")
        pattern = match.group("p3") if match.group("p3") is not None else match.group("p4")
        deep = match.group("how") != "glob"
        listed.append(posixpath.join(base, "**" if deep else "", pattern or "*"))
    for pattern in listed:
        if pattern and many_files(pattern) and classify(pattern, ctx) == "project":
            return rm_targets([Word(pattern, pattern)], False, ctx, seg)
    literal = sum(1 for _ in _RECURSIVE_DELETE.finditer(code))
    literal += sum(1 for _ in _CWD_DELETE.finditer(code))
    if sum(1 for _ in _RECURSIVE_WORD.finditer(code)) > literal and not _TEMP_HINT.search(code):
        return block(
            "rm-unknown-target",
            seg,
            "code deletes a tree whose path it computes at run time",
        )
    return ALLOW


_LINE_SYSTEM = LazyPattern(
    r"\bsystem\s*(?:\(\s*)?\"(?P<cmd>[^\"$\\]*)(?:\"\s*(?:\.\s*)?)?\$(?:0|1|NF|_)\b"
)
"""A command line built from a literal and the input line: awk's ``system("rm " $0)``, Perl's
``system("rm $_")`` or ``system "rm " . $_``."""
_LINE_DELETE = LazyPattern(
    r"(?P<tree>\b(?:rmtree|remove_tree|rm_rf|rm_r)\s*(?:\(\s*)?\$_)"
    r"|\b(?:unlink|File\.(?:delete|unlink)|FileUtils\.rm(?:_f)?)\b\s*(?:\(\s*)?"
    r"(?:\$_\b|(?=[;)}]|$))"
)
"""A deletion of the input line's name (Perl's ``unlink`` of ``$_``, said or implied, Ruby's
``File.delete($_)``, ``rmtree($_)`` for a tree)."""


def per_line_command(code: str) -> list[str] | None:
    """The command (its first words) code run once per input line (``awk``, ``perl -n``,
    ``ruby -n``) runs on each line's text: ``system("rm " $0)`` as ``rm``, ``unlink`` of
    ``$_`` as ``rm``; ``None`` when it runs none. Fed a file list, it is ``LIST | xargs
    CMD``."""
    match = _LINE_SYSTEM.search(code)
    if match is not None and match.group("cmd").split():
        return match.group("cmd").split()
    match = _LINE_DELETE.search(code)
    if match is not None:
        return ["rm", "-rf"] if match.group("tree") else ["rm", "-f"]
    return None


def _control_literal(code: str, ctx: Ctx, seg: str) -> Verdict:
    """Code that changes files and holds a literal naming a control file of the project
    (``p = '.claude/settings.json'; open(p, 'w')``): the path may reach the write through a
    variable, a join or a list the scan does not follow."""
    for match in _STRING.finditer(code):
        literal = _group(match)
        if not literal or len(literal) > 200:
            continue
        if not literal.removeprefix("./").startswith(_CONTROL_HEADS):
            continue
        if classify(literal, ctx) == "protected":
            return block(
                "write-protected-path",
                seg,
                f"code that changes files names {literal!r}, which holds git, ondas or hook state",
            )
    return ALLOW


_CONTROL_HEADS = (".git", ".ondas", ".claude", ".mcp.json")


def _library_installs(code: str, ctx: Ctx, depth: int) -> Verdict:
    """Each package-manager library call in ``code`` judged as the command line it equals; an
    argument list the guard cannot read is an install of a package computed at run time."""
    from shlex import quote

    for match in _LIBRARY_INSTALLS.finditer(code):
        if match.group("pkg"):
            return block(
                "package-install",
                match.group(0),
                f"Julia's Pkg.{match.group('pkg')} installs a named package (into ~/.julia): "
                "a package manager outside a container or venv",
            )
        if match.group(0).startswith("from"):
            line = 'pip install "$PKG"'  # ``from pip._internal.cli.main import main``
        elif match.group(0).startswith("pip"):
            listed = _LIST.fullmatch(match.group("argv") or "")  # every item a literal
            words = _list_items(listed.group(1) or listed.group(2)) if listed else []
            line = "pip " + (" ".join(quote(w) for w in words) if listed else 'install "$PKG"')
        else:
            gem = (match.group("gem") or "").strip("\"'")
            line = "gem install " + (quote(gem) if gem else '"$GEM"')
        verdict = ctx.check_source(line, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _group(match: re.Match[str]) -> str | None:
    for value in match.groupdict().values():
        if value is not None:
            return value
    return None


def _path_first(code: str, ctx: Ctx, seg: str) -> Verdict:
    """The deletions and writes whose literal path comes before the method
    (:data:`_PATH_FIRST_TREE`)."""
    for verdict in (
        _paths(_PATH_FIRST_TREE, code, ctx, seg, "rm-recursive"),
        _paths(_PATH_FIRST_FILE, code, ctx, seg, "rm"),
        _paths(_PATH_FIRST_WRITE, code, ctx, seg, "write"),
    ):
        if not verdict.allowed:
            return verdict
    return ALLOW


def _holds(code: str, words: tuple[str, ...]) -> bool:
    """Whether ``code`` holds one of ``words`` (a loop, not ``any()``: this runs for every code
    read, and a generator costs more than the tests)."""
    for word in words:  # noqa: SIM110
        if word in code:
            return True
    return False


def _paths(
    pattern: LazyPattern | Callable[[str], Iterator[tuple[str | None, str]]],
    code: str,
    ctx: Ctx,
    seg: str,
    how: str,
    record: bool = False,
) -> Verdict:
    """Each literal path ``pattern`` finds (or a finder yields, with the text found),
    judged as a write or a deletion; with ``record`` (a file opened for writing, awk's
    ``print > FILE``) the file is remembered as written with text unknown here, so running it
    later in the line is undecidable."""
    found = (
        ((_group(m), m.group(0)) for m in pattern.finditer(code))
        if isinstance(pattern, LazyPattern)
        else pattern(code)
    )
    for path, text in found:
        if path is None or not path.strip():
            continue
        word = Word(path, path)
        if how == "write":
            verdict = check_write_target(word, ctx, seg)
            if verdict.allowed and record and _WRITES_TEXT.search(text):
                note_written(ctx, path, None)
        elif how == "empties":
            from ondas.guards.bash_system import beyond_recovery

            verdict = check_write_target(word, ctx, seg)
            if verdict.allowed:
                verdict = beyond_recovery("code", [word], ctx, seg, "empties")
        else:
            verdict = rm_targets([word], how == "rm-recursive", ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_SYMLINK_CALL = LazyPattern(
    r"\bsymlink(?:Sync)?\s*\(\s*(?:"
    + _LITERAL.format("a1", "a2")
    + r"\s*,|[^,\n]{1,200}?,)\s*"
    + _LITERAL.format("b1", "b2")
    + r"|\bPath\s*\(\s*"
    + _LITERAL.format("b3", "b4")
    + r"\s*\)\s*\.\s*symlink_to\s*\(\s*(?:"
    + _LITERAL.format("a3", "a4")
    + r")?"
)
"""A symbolic link made by code: ``os.symlink(TARGET, LINK)`` (Node's ``fs.symlinkSync``,
Ruby's ``File.symlink``, Perl's ``symlink``, same order) or ``Path(LINK).symlink_to(TARGET)``,
the link a literal, the target a literal or computed."""


def _code_links(code: str, ctx: Ctx) -> None:
    """Record the links code makes (:func:`~ondas.guards.bash_base.note_link`): a later path
    through one (``os.symlink("..", "build/p")``, then ``rm -rf build/p/src``) lands where it
    points, and where a computed target points (``os.getcwd()``) cannot be told."""
    for match in _SYMLINK_CALL.finditer(code):
        link = next((g for g in match.group("b1", "b2", "b3", "b4") if g is not None), None)
        if not link:
            continue
        target = next((g for g in match.group("a1", "a2", "a3", "a4") if g is not None), None)
        if target:
            note_link(link, target, ctx)
        elif ctx.cwd is not None or link.startswith("/"):
            ctx.links[at_cwd(link, ctx)] = ANYWHERE


_WRITES_TEXT = LazyPattern(r"open|[Ww]rite|put_contents|[Cc]reate|[Aa]ppend|print")
"""The forms of :data:`_WRITE` and :data:`_AWK_OUTPUT` that put text into the file (not
``mkdir``, ``chmod`` or ``Path``)."""


_DELETE_VERB = LazyPattern(
    r"\b(?:rmtree|unlink|remove|rm_rf|rm_r|rmSync|rmdirSync|rmdir|remove_dir_all|delete)\b"
)
_ABSOLUTE_LITERAL = LazyPattern(r"[\"'](?P<p1>[/~][^\"'\n]*)[\"']")


def _deleted_literals(code: str, ctx: Ctx, seg: str) -> Verdict:
    """Code that deletes, holding a literal absolute or home path outside the project and its
    temp areas (``unlink glob("/etc/*")``, a path built from a literal): refused like ``rm``."""
    if not _DELETE_VERB.search(code):
        return ALLOW
    for match in _ABSOLUTE_LITERAL.finditer(code):
        path = match.group("p1")
        verdict = rm_targets([Word(path, path)], False, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _lists(code: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``subprocess.run(['git', 'push', '--force'])``: the list joined is a command line, after
    the program named just before it (``spawnSync("sh", ["-c", ...])``, ``execFile``). An
    argument vector that runs a shell or interpreter is judged as bash would judge that line,
    computed parts included; other lists may be data and are read leniently."""
    from shlex import quote

    from ondas.guards.bash_base import SHELLS, command_name

    for match in _LIST.finditer(code):
        called = _CALLED.search(code[max(0, match.start() - 60) : match.start()])
        if match.group(2) and called and not _RUNS_PROGRAM.search(called.group("name")):
            continue  # ``open("/tmp/out.json", "w")``: a function's arguments, no program's
        items = _list_items(match.group(1) or match.group(2))
        program = _PROGRAM_BEFORE.search(code[max(0, match.start() - 200) : match.start()])
        if program is not None:
            named = program.group("p1") or program.group("p2") or ""
            if not items or command_name(items[0]) != command_name(named):
                items.insert(0, named)
        if len(items) < 2 or not _SHELLISH.match(items[0]):
            continue
        line = " ".join(quote(i) for i in items)
        verdict = _as_command(line, command_name(items[0]) in SHELLS, ctx, depth, code)
        if not verdict.allowed:
            return verdict
    for match in _BARE_VECTOR.finditer(code) if "," in code else ():
        items = _list_items(match.group(1))  # Perl's and Ruby's ``system "git", "push"``
        line = " ".join(quote(i) for i in items)
        verdict = _as_command(line, command_name(items[0]) in SHELLS, ctx, depth, code)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _list_items(items: str) -> list[str]:
    """The values of the string literals of a list's items (``'git', "push"``)."""
    return [
        _unescape(m.group(1) if m.group(1) is not None else m.group(2) or "")
        for m in re.finditer(r"\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'", items)
    ]


_PROGRAM_BEFORE = LazyPattern(
    r"(?:spawn|spawnSync|execFile|execFileSync|execvp?e?|execlp?|spawnv?p?e?|Popen|run|call"
    r"|check_output|check_call)\s*\(\s*[rbuf]?(?:\"(?P<p1>[^\"\n]*)\"|'(?P<p2>[^'\n]*)')\s*,\s*$"
)
"""A call naming its program in a string before the argument list (``spawnSync("sh", [...])``,
``os.execvp("sh", [...])``)."""


def _quoted_commands(code: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``qx{rm -rf ~}``, ``%x(git push)``: checked as the command lines they are."""
    if "qx" not in code and "%x" not in code:
        return ALLOW
    for match in _QUOTED_COMMAND.finditer(code):
        text = next((g for k, g in match.groupdict().items() if k != "q" and g is not None), "")
        verdict = ctx.check_source(text, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _strings(code: str, ctx: Ctx, depth: int, seg: str, exec_shell: bool = False) -> Verdict:
    """Every string literal that reads as a command line is checked as one; a string handed
    to a shell by the call around it is checked as the command line it is, however it starts
    (``os.system('"rm" -rf ~')``, ``system('X=~; ...')``), and refused as bash would refuse
    it, dynamic or unknown parts included."""
    shell_true = _SHELL_TRUE.search(code) is not None
    lists = (
        [m.span() for m in _LIST.finditer(code) if "," in (m.group(1) or "")] if "[" in code else []
    )
    for match in _STRING.finditer(code):
        text = _group(match)
        if text is None or len(text) > 20_000:
            continue
        if any(start < match.start() < end for start, end in lists):
            continue  # an item of an argument vector: :func:`_lists` judges the whole of it
        before = code[max(0, match.start() - 40) : match.start()]
        shell = (
            _SHELL_CALL.search(before) is not None
            or (shell_true and _SHELL_TRUE_CALL.search(before) is not None)
            or (exec_shell and _EXEC_CALL.search(before) is not None)
        )
        piped = _piped(text) if "|" in text and _OPENED.search(before) else None
        if piped is not None:  # ``open(F, "| git push")``: a pipe to or from a shell command
            text, shell = piped, True
        elif not shell and (
            not _SHELLISH.match(text) or _PRINTED.search(before) or _a_path(text, before)
        ):
            continue  # print("rm -rf /") shows the text, open("/tmp/x") names a file
        verdict = _as_command(_unescape(text), shell, ctx, depth, code)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _a_path(text: str, before: str) -> bool:
    """Whether a string literal (``before``: the code just before it) is a file's name, not a
    command line: an argument of a call that opens, reads or tests files (:data:`_OPENED`), or
    one word naming a path in a statement that runs no program (``writeFileSync(
    "/tmp/o.json", ...)``, ``out = "/tmp/out.json"``; ``subprocess.run("/tmp/o.sh")`` and
    ``callCommand "/bin/sh"`` run it: :data:`_RUNS_PROGRAM`)."""
    if _OPENED.search(before):
        return True
    if "/" not in text or any(c.isspace() for c in text):
        return False
    statement = re.split(r"[;\n{}]", before)[-1]
    return _RUNS_PROGRAM.search(statement) is None


def _as_command(text: str, strict: bool, ctx: Ctx, depth: int, code: str) -> Verdict:
    """``text`` judged as a command line: as bash's own line would be where a shell surely runs
    it (``strict``: a shell call, an argument vector naming a shell), else leniently (a string
    that only looks like a command: prose, unknown names and parse errors are not refused)."""
    if strict:
        return ctx.check_source(text, ctx, depth + 1)
    return _quiet_check(text, ctx, depth, code)


def _unescape(text: str) -> str:
    """A string literal's value for the escapes every language here shares (``\\"``,
    ``\\'``, ``\\n``, ``\\\\``)."""
    if "\\" not in text:
        return text
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


LANGUAGE_FUNCTIONS = word_set(
    "open print printf format join sort test time sleep load require puts system"
)
"""Functions built into the languages the guard reads (Python's ``open``/``print``/``format``,
Perl's ``open``/``print``/``join``/``sort``/``time``, Ruby's ``format``/``test``/``load``/
``puts``), called without parentheses at the head of a statement, whose names are also programs
or shell words of another effect (``open`` a URL, ``format`` a disk, ``sort -o``). Functions
that mirror their program (``unlink``, ``chmod``, ``kill``, ``exec``, ``eval``) are not here:
read as the command, they mean what the code does."""


def language_call(name: str, parenthesised: bool, reading: str) -> bool:
    """Whether a command named ``name`` in text read as a command line (``reading``: see
    :attr:`~ondas.guards.bash_base.Ctx.code_reading`) is a call of the code's own: a word
    followed by a parenthesis (``open("f")``, ``print(x)``), which bash refuses to parse, or,
    in the code itself, one of :data:`LANGUAGE_FUNCTIONS`."""
    if parenthesised and name != "coproc":
        return True
    return reading == "code" and name in LANGUAGE_FUNCTIONS


def _quiet_check(
    text: str, ctx: Ctx, depth: int, code: str = "", reading: str = "string"
) -> Verdict:
    """The bash guard's verdict on ``text``, where a parse error is not a refusal (prose), nor
    a shell started with no command unless ``code`` (where ``text`` stands) starts programs.
    The reading is the same in every mode: an unknown program does not end it, and the code's
    own calls are not programs (:func:`language_call`)."""
    saved, ctx.code_reading = ctx.code_reading, reading
    try:
        verdict = ctx.check_source(text, ctx, depth + 1)
    finally:
        ctx.code_reading = saved
    if verdict.rule in {"parse-error", "dynamic-command", "unknown-program"}:
        return ALLOW
    if verdict.rule == "interactive-shell" and not _RUNS_PROGRAM.search(code):
        return ALLOW  # ``which("bash")``: naming a shell starts none
    return verdict
