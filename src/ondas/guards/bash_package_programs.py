"""The program a package manager runs by name: ``yarn prisma migrate reset``.

yarn, pnpm and bun run a name that is not one of their own verbs (``yarn NAME``, ``yarn run
NAME``, ``pnpm NAME``, ``bun run NAME``) as the project's script of that name or, with none,
as the program of that name its packages installed (``node_modules/.bin``); pnpm runs any
program by that name. Before round 23 only the scripts were read, so ``yarn prisma migrate
reset`` passed in every mode where ``npx prisma migrate reset`` and ``pnpm exec prisma migrate
reset`` are refused. The name and its words are now judged as that program's (a script named
for a program runs that program); a name no rule knows is the project's script, as before
(``yarn build``, ``pnpm lint``), and so is the name of a program Windows installs only in its
own system directory (``pnpm format``: no package installs ``format.com``, as round 20 reads
``tools/format``). ``npm run NAME`` runs only scripts, so npm is not read here.
This module is loaded only for yarn, pnpm and bun.
"""

from __future__ import annotations

from ondas.guards.bash_base import WINDOWS_SYSTEM_PROGRAMS, Ctx, Stdin, Word, check_argv, word_set
from ondas.guards.verdict import ALLOW, Verdict

OWN_VERBS = {
    "yarn": word_set(
        "add audit autoclean bin cache check config constraints create dedupe dlx exec explain "
        "generate-lock-entry global help import info init install licenses link list login "
        "logout npm outdated owner pack patch patch-commit plugin policies publish rebuild "
        "remove run search set stage start tag team test unlink unplug up upgrade "
        "upgrade-interactive version versions why workspace workspaces"
    ),
    "pnpm": word_set(
        "add approve-builds audit bin bugs c cat-file cat-index config create dedupe deploy "
        "dist-tag dlx docs doctor env exec fetch find-hash get help i ignored-builds import info "
        "init install install-test it la licenses link list ll ln login logout ls m multi "
        "outdated owner pack patch patch-commit patch-remove prune publish rb rebuild recursive "
        "remove repo rm root run sbom search self-update server set setup start store t test tst "
        "un uninstall unlink up update upgrade version view whoami why "
        # the commands pnpm passes to npm (round 24: left23's second list of them joined here)
        "access adduser catalog deprecate edit issues ping pkg prefix profile restart "
        "run-script s se set-script show star stars stop team token unpublish unstar xmas"
    ),
    "bun": word_set(
        "a add audit build c completions create discord exec help i info init install link "
        "outdated patch patch-commit pm publish remove repl rm run test unlink update upgrade "
        "why x"
    ),
}
"""Each package manager's own verbs: what they do is their rules' (``yarn add``, ``pnpm
publish``, ``bun x``); ``run`` is read below. yarn's ``node`` is not here: ``yarn node -e
CODE`` runs node, judged as node."""
_VALUED = {
    "yarn": word_set("--cwd"),
    "pnpm": word_set(
        "-C --dir --filter -F --filter-prod --workspace-concurrency --reporter --loglevel "
        "--changed-files-ignore-pattern --test-pattern --config"
    ),
    "bun": word_set("--cwd -F --filter --config"),
}
"""Each package manager's options before the name that take a value."""
_RUN_VALUED = word_set("--cwd -C --dir --filter -F --filter-prod --workspace-concurrency")


def _operand(args: list[Word], valued: frozenset[str], start: int = 0) -> int | None:
    """Where the first word after the options from ``start`` is, or None."""
    i = start
    while i < len(args):
        v = args[i].value
        if v == "--":
            return i + 1 if i + 1 < len(args) else None
        if v is not None and v.startswith("-") and len(v) > 1:
            i += 2 if v in valued else 1
            continue
        return i
    return None


def package_program(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """The verdict on the program ``name`` runs by name (see the module's note): a refusal of
    it stands, a name no rule knows is the project's script."""
    verbs = OWN_VERBS.get(name)
    if verbs is None:
        return ALLOW
    k = _operand(args, _VALUED[name])
    if k is not None and args[k].value == "run":
        k = _operand(args, _RUN_VALUED, k + 1)
    if k is None:
        return ALLOW
    program = args[k].value
    inner = _in_workspaces(name, args, k)
    if inner is not None:  # ``yarn workspace web exec CMD`` is ``yarn exec CMD`` there
        return check_argv([Word(name, name), *inner], ctx, depth + 1, seg, s)
    if program is None or program in verbs or "/" in program or "." in program:
        return ALLOW  # computed (its own rule's), a verb of its own, a file it runs
    if program in WINDOWS_SYSTEM_PROGRAMS:
        return ALLOW  # ``pnpm format``: the project's script; no package installs format.com
    verdict = check_argv(args[k:], ctx, depth + 1, seg, s)
    if verdict.allowed or not known_program(program):
        return ALLOW  # ``yarn db-drop``: a script's name, not a program's (round 17, left17)
    return verdict


PUBLISHING_PACKAGES = word_set(
    "semantic-release release-it lerna clean-publish publish-please np gh-pages ovsx vsce "
    "bumpp storybook-to-ghpages release-please"
)
"""npm packages whose work is publishing, alone or by a verb (``yarn semantic-release``,
``pnpm lerna publish``, ``bunx release-it``): judged as the program even when the project has
a script by that name, which runs the same program (round 24)."""


_FOREACH_VALUED = word_set("--from --include --exclude -j --jobs --since")
"""``yarn workspaces foreach``'s options that take a value."""


def _in_workspaces(name: str, args: list[Word], k: int) -> list[Word] | None:
    """The words a package manager runs in each of (or one of) the project's workspaces, as
    its own command line (round 24): ``yarn workspace NAME CMD...``, ``yarn workspaces foreach
    [OPTIONS] CMD...``, ``pnpm recursive|multi|m CMD...``; None for any other line."""
    program = args[k].value
    if name == "yarn" and program == "workspace" and k + 2 < len(args):
        return args[k + 2 :]
    if (
        name == "yarn"
        and program == "workspaces"
        and [a.value for a in args[k + 1 : k + 2]] == ["foreach"]
    ):
        j = _operand(args, _FOREACH_VALUED, k + 2)
        return args[j:] if j is not None else None
    if name == "pnpm" and program in {"recursive", "multi", "m"} and k + 1 < len(args):
        return args[k + 1 :]
    return None


def known_program(program: str) -> bool:
    """A program a rule or a table of the guard knows (``prisma``, ``node``, ``rimraf``,
    ``supabase``): a name judged only as an unknown program's (by its name or its verb, as
    ``db-drop`` or ``destroy``) is the project's script, as a task runner's recipe is."""
    from ondas.guards.bash_base import HANDLERS, is_interpreter
    from ondas.guards.bash_known import KNOWN_BY_VERB, SERVICE_CLIS

    return (
        program in HANDLERS
        or program in PUBLISHING_PACKAGES
        or program in KNOWN_BY_VERB
        or program in SERVICE_CLIS
        or is_interpreter(program)
    )
