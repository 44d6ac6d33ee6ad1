"""Terminal editors other than vim and nano (round 23, left23), loaded only for their lines:
Emacs (and ``emacsclient``), micro, Helix (``hx``) and Kakoune (``kak``).

Each file an editor opens may be saved: it is judged as a write, as ``nano FILE`` and ``vim
FILE`` are (``emacs ~/.bashrc`` writes outside the project; ``hx .git/config`` a protected
path). A file opened read-only (``kak -ro``), an editor no one types into (``emacs --batch``,
``--script``, ``kak -p``, ``-l``, ``-clear``) or one told to do something other than edit
(``hx --health``, ``micro -plugin``) is left to the rules it had. Their code options keep
their rules (``emacs --eval``, ``kak -e``/``-f``); ``emacsclient -e`` evaluates its operands as
Emacs Lisp, judged as ``emacs --eval`` code is. An editor given only the options read here and
files of the project passes in every mode, as nano does.
"""

from __future__ import annotations

from ondas.guards.bash_base import Word, check_write_target, option_values, word_set
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ondas.guards.bash_base import Ctx, Handler, Stdin

_VALUED = {
    "emacs": word_set(
        "-l --load -L --directory -f --funcall -funcall --eval -eval --execute -t --terminal "
        "-d --display --chdir --insert -u --user --init-directory -T --title --name -bg "
        "--background-color -fg --foreground-color -fn --font -g --geometry -ms --mouse-color "
        "-cr --cursor-color -bd --border-color -bw --border-width -ib --internal-border -lsp "
        "--line-spacing -xrm --parent-id --dump-file"
    ),
    "emacsclient": word_set(
        "-s --socket-name -f --server-file -a --alternate-editor -d --display -F "
        "--frame-parameters -T --tramp -w --timeout --parent-id"
    ),
    "micro": word_set("-config-dir"),
    "hx": word_set("-c --config --log -w --working-dir"),
    "kak": word_set("-c -e -E -s -ui -debug -i -f"),
}
"""Each editor's options that take the next word (micro's other ``-OPTION VALUE`` pairs set
one of its settings: any single-dash word but its flags takes a value there)."""
_FLAGS = {
    "emacs": word_set(
        "-nw --no-window-system -q --no-init-file -Q --quick -nl --no-shared-memory -nsl "
        "--no-site-lisp --no-site-file --no-x-resources --no-splash -D --basic-display "
        "--no-desktop --no-blinking-cursor -fs --fullscreen -fh --fullheight -fw --fullwidth "
        "-mm --maximized -r -rv --reverse-video -iconic --debug-init --no-loadup -nbi "
        "--no-bitmap-icon -nbc"
    ),
    "emacsclient": word_set(
        "-n --no-wait -c --create-frame -t --tty -nw -q --quiet -u "
        "--suppress-output -r --reuse-frame"
    ),
    "micro": word_set("-debug -profile"),
    "hx": word_set("-v -vv -vvv --vsplit --hsplit --tutor"),
    "kak": word_set("-n"),
}
"""Options that change only how the editor starts or looks."""
_NOT_EDITING = {
    "emacs": word_set("--batch -batch --script -script --daemon --bg-daemon --fg-daemon -x"),
    "emacsclient": word_set("-e --eval"),
    "micro": word_set("-plugin -clean -options -version -help"),
    "hx": word_set("--health -g --grammar -h --help -V --version"),
    "kak": word_set("-ro -p -l -clear -d -version -help"),
}
"""Options by which no one edits the files given: a batch run, a daemon, a server's commands,
read-only files, the program's own maintenance or usage."""
_CODE = {
    "emacs": word_set(
        "-l --load -L --directory -f --funcall -funcall --eval -eval --execute -u --user "
        "--init-directory --dump-file"
    ),
    "emacsclient": frozenset(),
    "micro": word_set("-config-dir"),
    "hx": word_set("-c --config"),
    "kak": word_set("-e -E -f"),
}
"""Options that load or run code (Lisp, plugins, a configuration's commands, keys): an editor
given one keeps the rules it had (``emacs --eval``'s code judged; unattended, a program no
rule names), whatever its files."""
_NAMES = {"helix": "hx"}
_WRITES = {"hx": word_set("--log")}
"""Options naming a file the editor writes whatever it edits."""


def _files(table: str, args: list[Word]) -> tuple[list[Word], bool]:
    """The files an editor opens (without ``+LINE`` and Emacs's ``--file FILE``'s option) and
    whether every option was one this module reads."""
    valued, flags = _VALUED[table], _FLAGS[table]
    files: list[Word] = []
    known = True
    k = 0
    while k < len(args):
        word = args[k]
        v = word.value
        k += 1
        if v is None or v == "-" or not v.startswith(("-", "+")):
            files.append(word)
            continue
        if v == "--":
            files += args[k:]
            break
        if v.startswith("+"):
            continue  # ``+12``, ``+12:3``: where the cursor starts
        key = v.split("=", 1)[0]
        if table == "emacs" and key in {"--file", "--find-file", "--visit"}:
            if "=" in v:
                files.append(Word(v.split("=", 1)[1], word.text))
            elif k < len(args):
                files.append(args[k])
                k += 1
            continue
        if v in valued or (table == "micro" and v not in flags and not v.startswith("--")):
            k += 1
            continue
        if key in valued or key in flags:
            continue
        known = False
    return files, known


def editor(
    previous: Handler | None,
    name: str,
    args: list[Word],
    ctx: Ctx,
    depth: int,
    seg: str,
    s: Stdin | None,
) -> Verdict:
    """See the module's docstring."""
    table = _NAMES.get(name, name)
    values = {(a.value or "").split("=", 1)[0] for a in args}
    editing = not values & _NOT_EDITING[table]
    files, known = _files(table, args)
    if table == "emacsclient" and not editing:
        from ondas.guards.bash_code import check_code

        for word in files:  # ``emacsclient -e EXPR...``: each operand is Emacs Lisp
            verdict = check_code(word.value or "", ctx, depth, seg, whole=False)
            if not verdict.allowed:
                return verdict
    for word in option_values(args, _WRITES.get(table, frozenset())):
        verdict = check_write_target(word, ctx, seg) if word.value is not None else ALLOW
        if not verdict.allowed:
            return verdict  # ``hx --log FILE``: its log written there
    if editing:
        for word in files:
            if word.value is not None:
                verdict = check_write_target(word, ctx, seg)
                if not verdict.allowed:
                    return verdict
    if previous is not None:
        verdict = previous(name, args, ctx, depth, seg, s)
    else:
        from ondas.guards.bash_known import unknown_program

        verdict = unknown_program(name, args, ctx, seg, s)
    plain = known and not values & _CODE[table] and all(a.value is not None for a in args)
    if verdict.rule == "unknown-program" and editing and plain:
        return ALLOW  # an editor on files the guard judged, as ``nano FILE``
    return verdict
