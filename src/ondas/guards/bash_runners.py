"""Programs that run other programs, as one table of data: the command they run is checked.

``uv run CMD``, ``chrt 10 CMD``, ``nix-shell --run 'CMD'``, ``tmux new-session 'CMD'``,
``vim -c '!CMD'``: each row of :data:`RUNNERS` says where in the runner's arguments the inner
command sits and in what shape, and :func:`runner_rule` hands it to the guard as a command of
its own (an argument vector, or shell text). A runner whose verb is not one that runs a
command falls back to the rule the name had before (package managers keep theirs), else to
the default for a program no rule names. Wrappers with special parsing (``env``, ``xargs``,
``find -exec``, ``sudo``, ``timeout``...) keep their own handlers in
:mod:`ondas.guards.bash_system` and :mod:`ondas.guards.bash_contain`.
"""

from __future__ import annotations

import posixpath

# The rules these runners fall back to must be registered first.
from ondas.guards import bash_contain, bash_infra, bash_system, bash_windows  # noqa: F401
from ondas.guards.bash_base import (
    HANDLERS,
    KUBECTL_VALUED,
    Ctx,
    Handler,
    Stdin,
    Word,
    block,
    check_argv,
    check_assignment,
    check_write_target,
    credential_file,
    flag_set,
    options_end,
    register,
    word_set,
)
from ondas.guards.bash_code import check_code
from ondas.guards.bash_escapes import (
    client_commands,
    client_loads,
    embedded_commands,
    embedded_writes,
)
from ondas.guards.bash_interactive import interactive
from ondas.guards.bash_system import BLANK_LINE, EMPTY_SOURCES, stdin_payloads
from ondas.guards.lazy_re import MULTILINE, LazyPattern
from ondas.guards.verdict import ALLOW, DANGEROUS, Verdict


class Runner:
    """One row: the ``verb`` words that make the program run a command (empty: always), its
    options without and with a value, how many positionals come before the command (a
    priority, a directory, a profile), and the ``shape`` of the command: ``argv`` (the rest
    of the words), ``text`` (the rest joined, run by a shell), ``each`` (every word is a
    command line of its own), ``option`` (the value of one
    of ``code_options`` is shell text), ``ex`` (vim's ``-c``/``+`` commands, ``!`` runs a
    shell), ``plus`` (a pager's ``+`` commands, where ``!`` runs a shell) or ``expect``
    (``spawn``/``exec`` lines of an expect script). Shapes of options whose value the program
    runs beside its own work: ``hook`` (each value is shell text: ``split --filter``,
    ``certbot --pre-hook``), ``code`` (interpreter code: ``ghc -e``), ``list`` (a program and
    its arguments joined by commas: ``gcc -wrapper``), ``embedded`` (commands inside the
    tool's own language: make's ``$(shell ...)``, rpm's ``%(...)``, TeX's ``\\write18``,
    fzf's ``execute(...)``; every word when no option is named), ``client`` (an interactive
    client's lines, from the options and standard input: ``\\! CMD``, ``.shell CMD``,
    ``.output FILE``), ``bare`` (no positional word: the program starts a shell) and
    ``each-file`` (the option names a program run on every file searched: ``rg --pre``); tmux's
    ``tmux-if`` (a shell condition, then tmux commands), ``tmux-text`` and ``tmux-argv`` (a tmux
    command, as text or as words, after ``skip`` words) and screen's ``screen-x`` (``-X stuff
    TEXT`` types a command line, ``-X exec CMD`` runs one). An
    entry ``-o:key`` of ``code_options`` is option ``-o`` given ``key=COMMAND`` (``sshfs -o
    ssh_command=...``). ``tasks``: a bare word there may also name a task of the project's
    own configuration. ``alone``: with no command the program starts the user's shell, which
    is undecidable in unattended runs (:mod:`ondas.guards.bash_interactive`). ``then``: what
    the row runs is checked, and the program's own rule judges the rest. ``remote``: the
    command runs on another machine (a pod, a cloud's VM): its options and its ``skip``
    targets may come in any order, the command after them or after ``--`` (``kubectl exec POD
    -c C -- CMD``); only a refusal of it as dangerous stands, and the program's own
    rule judges the rest (a run on a remote is the policy's, as ``ssh`` is). ``env``: variables
    the program sets for the command it runs, with a stand-in value (``split`` names each
    output file in ``$FILE``, under its prefix: ``x`` by default). ``fetches``: the options
    with which the program fetches a package to run the command (``npx --package``), or
    ``*`` when it always does (``pnpm dlx``): then the command's name is not the project's
    own tool (:mod:`ondas.guards.bash_local`). ``container``: the program starts or enters a
    container, and its own options that give the container the host's powers (``--privileged``,
    ``--cap-add SYS_ADMIN``, ``--pid host``, the host's root mounted) are refused as ``docker
    run``'s are (:func:`~ondas.guards.bash_infra.container_powers`)."""

    __slots__ = (
        "alone",
        "calls",
        "code_options",
        "container",
        "env",
        "fetches",
        "keyed",
        "no_value",
        "options",
        "remote",
        "shape",
        "skip",
        "tasks",
        "then",
        "verb",
        "with_value",
    )

    def __init__(
        self,
        verb: str,
        no_value: str = "",
        with_value: str = "",
        skip: int = 0,
        shape: str = "argv",
        code_options: str = "",
        tasks: bool = False,
        alone: bool = False,
        then: bool = False,
        env: str = "",
        fetches: str = "",
        remote: bool = False,
        calls: str = "",
        container: bool = False,
    ) -> None:
        self.verb = tuple(verb.split())
        self.no_value = word_set(no_value)
        self.with_value = word_set(with_value)
        self.skip = skip
        self.shape = shape
        self.code_options = word_set(code_options)
        self.tasks = tasks
        self.alone = alone
        self.then = then or remote
        self.remote = remote
        self.env = dict(item.split("=", 1) for item in env.split())
        self.fetches = word_set(fetches)
        self.keyed: dict[str, frozenset[str]] = {}
        for entry in self.code_options:
            option, colon, key = entry.partition(":")
            if colon:
                self.keyed[option] = self.keyed.get(option, frozenset()) | {key.lower()}
        self.calls = word_set(calls)
        self.container = container
        self.options = frozenset(o.partition(":")[0] for o in self.code_options) | self.calls


_PY_RUN = "--with --python -p --extra --group --package --env-file --directory --project"
_PY_RUN += " --with-requirements --index-url --only-group -e --env"
_NODE_RUN = "--package -p -c --call --prefix -w --workspace"
_NODE_SHELL = "-c --call"
_NODE_FETCH = "--package -p"
OPTIONS_BEFORE_PACKAGE = frozenset({"npx", "bunx"})
"""Runners that read their own options only before the package's name and pass every later
word to the package (npm's ``npx`` puts ``--`` before the first positional word; ``npm exec``
reads its options anywhere before ``--``, and stays read whole)."""
_EXEC_FLAGS = "-d --detach -i --interactive -t --tty -it -ti --privileged"
_EXEC_VALUES = "-e --env --env-file -u --user -w --workdir --detach-keys --index"
_COMPOSE_RUN_FLAGS = (
    _EXEC_FLAGS + " -T --rm --no-deps --service-ports --use-aliases --build --remove-orphans "
    "-P --publish-all --quiet-pull --quiet-build"
)
_COMPOSE_RUN_VALUES = (
    _EXEC_VALUES + " --name --entrypoint -p --publish -v --volume -l --label --cap-add "
    "--cap-drop --pull"
)
_GDB_FLAGS = "-batch -nx -n -q -quiet -silent -nh -tui -readnow -write --args"
_GDB_VALUES = (
    "-ex --eval-command -iex --init-eval-command -x --command -ix --init-command -p --pid "
    "-c --core -s --symbols -e --exec -se -d --directory -cd -D --data-directory -b -l -tty "
    "-i --interpreter"
)
_LLDB_FLAGS = "-b --batch -Q --source-quietly -x --no-lldbinit -X --no-use-colors -w --wait-for"
_LLDB_VALUES = (
    "-o --one-line -O --one-line-before-file -k --one-line-on-crash -K --source-on-crash "
    "-s --source -S --source-before-file -a --arch -p --attach-pid -n --attach-name -c --core "
    "-l --script-language"
)
_CMAKE_LAUNCHERS = " ".join(
    f"-D:cmake_{lang}_{what}_launcher"
    for lang in ("c", "cxx", "cuda", "objc", "objcxx", "fortran", "hip", "swift")
    for what in ("compiler", "linker")
)
_POD_FLAGS = "-i --stdin -t --tty -it -ti -q --quiet --rm --command --attach --share-processes"
_POD_VALUES = (
    " ".join(sorted(KUBECTL_VALUED)) + " --image --env --port --labels --overrides --restart "
    "--serviceaccount --image-pull-policy --pod-running-timeout --target --profile --copy-to "
    "--shell --custom"
)
"""kubectl's (and oc's) options of ``exec``, ``run``, ``debug`` and ``rsh`` without and with a
value (the global ones among them)."""
_PERF_FLAGS = "-a --all-cpus -g -d --detailed -A --no-aggr -n --null -v --verbose -q --quiet"
_PERF_VALUES = (
    "-e --event -p --pid -t --tid -C --cpu -r --repeat -x --field-separator -G --cgroup "
    "-I --interval-print -M --metrics -D --delay --call-graph -m --mmap-pages"
)
"""perf's options without and with a value (not ``-o``: a word after it is read as the
command, so a file it would write is never skipped unjudged)."""
_OPAM_RUN = "--switch --root --cli --color"
_OPAM_FLAGS = "--inplace-path --set-root --set-switch --no-switch -y --yes -q --quiet -v --verbose"
_DEVENV_FLAGS = (
    "-v --verbose -q --quiet -i --impure --offline --no-eval-cache --refresh-eval-cache "
    "--tui --no-tui"
)
_DOTENV_VALUES = "-e -f -v -c --file --env-file --env -fk --env-keys-file --convention"
_TMUX_SET_FLAGS = "-a -F -g -o -p -q -s -u -U -w"
_APPTAINER_FLAGS = (
    "-e --cleanenv -c --contain -C --containall --nv --nvccli --rocm -w --writable "
    "--writable-tmpfs -f --fakeroot --no-home --no-init --no-privs --keep-privs -u --userns "
    "-i --ipc -p --pid -n --net --compat --no-eval --no-umask --no-mount --no-https -q --quiet "
    "-s --silent -d --debug -v --verbose --unsquash --disable-cache --allow-setuid --boot"
)
_APPTAINER_VALUES = (
    "-B --bind --mount -H --home -W --workdir --env --env-file --overlay -o --pwd --security "
    "--network --network-args --hostname --fusemount --app --drop-caps --add-caps -S --scratch "
    "--apply-cgroups --dns --passphrase --pem-path --config -c --cpus --memory --memory-swap "
    "--oci --uts --cpu-shares --cpuset-cpus --pids-limit --blkio-weight"
)
"""``apptainer``/``singularity exec``'s options without and with a value."""


def _container_row(verb: str, **options: Any) -> Runner:
    """A row of a container runner (see :class:`Runner`'s ``container``)."""
    return Runner(verb, container=True, **options)


_TMUX_FLAGS = ("-2", "-C", "-u", "-v", "-D")
_TMUX_VALUED = ("-f", "-L", "-S", "-T")


def _tmux_flags(no_value: str, with_value: str) -> str:
    """A tmux verb's flags with tmux's own before the verb, each of tmux's added only where
    the verb has no option of that letter."""
    own = set(no_value.split()) | set(with_value.split())
    return " ".join([*no_value.split(), *(o for o in _TMUX_FLAGS if o not in own)])


def _tmux_valued(no_value: str, with_value: str) -> str:
    """A tmux verb's options that take a value, with tmux's own (``tmux -S SOCKET
    send-keys``), each of tmux's added only where the verb has no option of that letter."""
    own = set(no_value.split()) | set(with_value.split())
    return " ".join([*with_value.split(), *(o for o in _TMUX_VALUED if o not in own)])


RUNNERS: dict[str, tuple[Runner, ...]] = {
    # language and environment managers: ``<tool> run|exec CMD ARGS``
    "uv": (Runner("run", with_value=_PY_RUN), Runner("tool run", with_value=_PY_RUN)),
    "uvx": (Runner("", with_value=_PY_RUN + " --from"),),
    "pipx": (Runner("run", with_value="--spec --python --index-url --pip-args"),),
    "poetry": (Runner("run", with_value="-C --directory -P --project"),),
    "pdm": (Runner("run", with_value="-p --project -g --global --venv", tasks=True),),
    "hatch": (Runner("run", with_value="-e --env", tasks=True),),
    "pipenv": (Runner("run", tasks=True),),
    "rye": (Runner("run", tasks=True),),
    "pixi": (Runner("run", with_value="-e --environment --manifest-path", tasks=True),),
    "conda mamba micromamba": (Runner("run", with_value="-n --name -p --prefix --cwd"),),
    "npx bunx": (Runner("", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches=_NODE_FETCH),),
    "npm": (
        Runner("explore", skip=1),
        Runner("exec", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches=_NODE_FETCH),
        Runner("x", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches=_NODE_FETCH),
    ),
    "pnpm": (
        Runner("exec", with_value=_NODE_RUN, code_options=_NODE_SHELL),
        Runner("dlx", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches="*"),
    ),
    "yarn": (
        Runner("exec"),
        Runner("dlx", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches="*"),
    ),
    "bun": (Runner("x", with_value=_NODE_RUN, code_options=_NODE_SHELL, fetches=_NODE_FETCH),),
    # round 24: a monorepo's ``lerna exec [--] CMD`` and ``nx exec -- CMD`` run CMD in every
    # package's directory (of the project)
    "lerna": (
        Runner(
            "exec",
            with_value="--scope --ignore --concurrency --since --profile-location",
        ),
    ),
    "nx": (Runner("exec", with_value="-p --projects --exclude"),),
    "bundle": (Runner("exec", with_value="--gemfile"),),
    "cabal": (Runner("exec", with_value="--project-file --builddir"),),
    "stack": (Runner("exec", with_value="--stack-yaml --resolver --cwd"),),
    "mise rtx": (Runner("exec", with_value="-C --cd -E --env"), Runner("x")),
    "asdf rbenv pyenv nodenv goenv": (Runner("exec"),),
    "direnv": (Runner("exec", skip=1),),
    # round 24 (open24): Android's ``repo forall [PROJECT...] -c CMD ARGS`` runs CMD in every
    # project's checkout (the rest of the words, as ``nix develop -c``); vcstool's ``vcs
    # custom --git --args ARGS`` runs ``git ARGS`` in each repository
    "repo": (
        Runner(
            "forall",
            with_value="-r --regex -i --inverse-regex -g --groups -j --jobs",
            shape="option",
            code_options="-c --command",
        ),
    ),
    "devbox": (Runner("run", with_value="-c --config -e --env", tasks=True),),
    # round 12: Procfile runners' ``run CMD`` and a task queue's ``add [--] CMD`` (run later);
    # what they run is checked, and unattended they stay unknown programs (``then``)
    "honcho": (Runner("run", with_value="-e --env -f --procfile -d --app-root", then=True),),
    "foreman": (Runner("run", with_value="-e --env -f --procfile -d --root", then=True),),
    "pueue": (
        Runner(
            "add",
            no_value="-e --escape -i --immediate -s --stashed -p --print-task-id --follow",
            with_value="-w --working-directory -g --group -a --after -l --label -o --priority "
            "-d --delay",
            shape="text",
            then=True,
        ),
    ),
    # round 9b: OCaml's ``opam exec [--] CMD`` (and its older spelling ``opam config exec``),
    # devenv's ``devenv shell [--] CMD`` (alone, the user's shell)
    "opam": (
        Runner("exec", with_value=_OPAM_RUN, no_value=_OPAM_FLAGS),
        Runner("config exec", with_value=_OPAM_RUN, no_value=_OPAM_FLAGS),
    ),
    "devenv": (Runner("shell", no_value=_DEVENV_FLAGS, alone=True),),
    "nix": (
        Runner(
            "develop", with_value="--profile --impure", shape="option", code_options="-c --command"
        ),
        # round 21s: ``nix run nixpkgs#twine -- upload``: the flake output's program
        Runner("run", with_value="--override-input --inputs-from --expr -f --file"),
        Runner("shell", with_value="--impure", shape="option", code_options="-c --command"),
    ),
    "nix-shell": (
        Runner(
            "",
            with_value="-p --packages -A --attr -I",
            shape="option",
            code_options="--run --command",
        ),
    ),
    # secret and environment injectors: ``<tool> [run|exec] [--] CMD ARGS``
    "doppler infisical": (
        Runner("run", with_value="-p --project -c --config --command", code_options="--command"),
    ),
    "op": (Runner("run", with_value="--env-file"),),
    "aws-vault": (Runner("exec", skip=1, with_value="-d --duration --region"),),
    # round 21s: toolbox and distrobox run a command in a container that shares the home and
    # the working directory (the project)
    "toolbox": (Runner("run", with_value="-c --container -r --release -d --distro"),),
    "distrobox": (Runner("enter", skip=1, with_value="-n --name -a --additional-flags"),),
    "chamber": (Runner("exec", skip=1),),
    # python-dotenv ``dotenv [-f FILE] run [--] CMD`` and ``dotenvx run [-f FILE] -- CMD``;
    # dotenv-cli ``dotenv [-e FILE] [--] CMD``
    "dotenv dotenvx": (
        Runner("run", with_value=_DOTENV_VALUES, no_value="-o --override --no-override"),
        Runner("", with_value=_DOTENV_VALUES),
    ),
    "cross-env env-cmd": (Runner("", with_value="-f --file -e --environments"),),
    # process, scheduling and session wrappers: ``<tool> OPTIONS [ARG] CMD ARGS``
    "ssh-agent": (Runner("", no_value="-c -s -D -d -k", with_value="-a -E -P -t -O"),),
    "dbus-run-session": (Runner("", with_value="--config-file --dbus-daemon"),),
    "xvfb-run": (
        Runner(
            "",
            no_value="-a --auto-servernum",
            with_value="-n --server-num -s --server-args -f --auth-file -e --error-file -w",
        ),
    ),
    "fakeroot": (
        Runner("", no_value="-u --unknown-is-real", with_value="-l --lib -s -i", alone=True),
    ),
    "chrt": (Runner("", no_value="-b -d -f -i -o -r -a -m -v -R", with_value="-T -P -D", skip=1),),
    "taskset": (Runner("", no_value="-a -c --cpu-list", skip=1),),
    "numactl": (Runner("", with_value="-N -m -C -p -i"),),
    # compiler caches run the compiler command they are given (``CC="ccache gcc"``)
    "ccache": (
        Runner(
            "",
            no_value="-c --cleanup -C --clear -z --zero-stats -s --show-stats -p --show-config "
            "-V --version -h --help -x --show-compression",
            with_value="-M --max-size -F --max-files -o --set-config -X --recompress -d --dir",
        ),
    ),
    "sccache": (Runner("", no_value="-s --show-stats -z --zero-stats --start-server"),),
    "distcc": (Runner(""),),
    "prlimit": (Runner(""),),
    "screen": (
        Runner("", shape="screen-x", then=True),
        Runner("", no_value="-d -m -dm -D -L", with_value="-S -dmS -c -t -h -s -T", alone=True),
    ),
    "tmux": (
        # tmux commands that run a shell condition or hold tmux commands run later
        Runner(
            "if-shell",
            no_value=_tmux_flags("-b -F", "-t"),
            with_value=_tmux_valued("-b -F", "-t"),
            shape="tmux-if",
        ),
        Runner(
            "if",
            no_value=_tmux_flags("-b -F", "-t"),
            with_value=_tmux_valued("-b -F", "-t"),
            shape="tmux-if",
        ),
        Runner(
            "set-hook",
            no_value=_tmux_flags("-a -g -p -R -u -w", "-t"),
            with_value=_tmux_valued("-a -g -p -R -u -w", "-t"),
            shape="tmux-text",
            skip=1,
        ),
        Runner(
            "bind-key",
            no_value=_tmux_flags("-n -r", "-T -N"),
            with_value=_tmux_valued("-n -r", "-T -N"),
            shape="tmux-argv",
            skip=1,
        ),
        # round 16: options whose value tmux runs (a new window's command or shell, ``#()`` in
        # a status format), judged; every other option is the tmux rule's
        *(
            Runner(
                verb,
                no_value=_tmux_flags(_TMUX_SET_FLAGS, "-t"),
                with_value=_tmux_valued(_TMUX_SET_FLAGS, "-t"),
                shape="tmux-option",
                then=True,
            )
            for verb in ("set-option", "set", "set-window-option", "setw")
        ),
        Runner(
            "bind",
            no_value=_tmux_flags("-n -r", "-T -N"),
            with_value=_tmux_valued("-n -r", "-T -N"),
            shape="tmux-argv",
            skip=1,
        ),
        Runner(
            "new-session",
            no_value=_tmux_flags("-d -A -D -E -P -X", "-s -n -c -x -y -t -F -e"),
            with_value=_tmux_valued("-d -A -D -E -P -X", "-s -n -c -x -y -t -F -e"),
            shape="text",
        ),
        Runner(
            "new",
            no_value=_tmux_flags("-d -A -D -E -P", "-s -n -c -x -y -t -F -e"),
            with_value=_tmux_valued("-d -A -D -E -P", "-s -n -c -x -y -t -F -e"),
            shape="text",
        ),
        Runner(
            "new-window",
            no_value=_tmux_flags("-d -a -k -P -S", "-n -c -t -F -e"),
            with_value=_tmux_valued("-d -a -k -P -S", "-n -c -t -F -e"),
            shape="text",
        ),
        Runner(
            "split-window",
            no_value=_tmux_flags("-d -h -v -b -f -I -P -Z", "-c -l -t -F -e"),
            with_value=_tmux_valued("-d -h -v -b -f -I -P -Z", "-c -l -t -F -e"),
            shape="text",
        ),
        Runner(
            "run-shell",
            no_value=_tmux_flags("-b -C", "-d -t"),
            with_value=_tmux_valued("-b -C", "-d -t"),
            shape="text",
        ),
        Runner(
            "send-keys",
            no_value=_tmux_flags("-l -H -M -R -X", "-N -t"),
            with_value=_tmux_valued("-l -H -M -R -X", "-N -t"),
            shape="text",
        ),
        # round 17: a pane's output piped to a command, a pane or window respawned running one,
        # a message format holding ``#(CMD)``; and each verb after tmux's own options (``-S
        # SOCKET``: the user's server reached by its socket)
        *(
            Runner(
                verb,
                no_value=_tmux_flags("-I -O -o", "-t"),
                with_value=_tmux_valued("-I -O -o", "-t"),
                shape="text",
            )
            for verb in ("pipe-pane", "pipep")
        ),
        *(
            Runner(
                verb,
                no_value=_tmux_flags("-k", "-c -e -t"),
                with_value=_tmux_valued("-k", "-c -e -t"),
                shape="text",
            )
            for verb in ("respawn-pane", "respawnp", "respawn-window", "respawnw")
        ),
        *(
            Runner(
                verb,
                no_value=_tmux_flags("-a -I -N -p -v", "-c -d -t -F"),
                with_value=_tmux_valued("-a -I -N -p -v", "-c -d -t -F"),
                shape="tmux-format",
            )
            for verb in ("display-message", "display")
        ),
        Runner(
            "",
            shape="bare",
            no_value="-2 -C -l -N -u -v -D",
            with_value="-f -L -S -T",
            code_options="-c",
            alone=True,
            then=True,
        ),
    ),
    "watchexec": (
        Runner(
            "",
            no_value="-c --clear -r --restart -p --postpone -W",
            with_value="-w --watch -e --exts -f --filter -i --ignore -d --debounce "
            "-s --signal --shell",
            shape="text",
        ),
    ),
    "entr": (Runner("", no_value="-a -c -d -n -p -r -s -z"),),
    "hyperfine": (
        Runner(
            "",
            no_value="-N --shell=none -i --ignore-failure --show-output",
            with_value="-w --warmup -m --min-runs -M --max-runs -r --runs -p --prepare "
            "-c --cleanup -s --setup -S --shell -n --command-name -L --parameter-list "
            "--export-json --export-markdown --export-csv --style -u --time-unit",
            shape="each",
            code_options="-p --prepare -c --cleanup -s --setup",
        ),
    ),
    "expect": (Runner("", with_value="-f", shape="expect", code_options="-c"),),
    # programs with an option whose value they run beside their own work (``then``: the
    # program's own rule judges the rest)
    "tar bsdtar gtar": (
        Runner(
            "",
            shape="hook",
            code_options="--to-command --use-compress-program -I --info-script -F "
            "--new-volume-script --rsh-command --checkpoint-action:exec",
            then=True,
        ),
    ),
    "cpio": (Runner("", shape="hook", code_options="--rsh-command", then=True),),
    # round 16: cargo-watch's shell command, run on every change beside cargo's own verbs
    "cargo": (Runner("watch", shape="hook", code_options="-s --shell", then=True),),
    "split": (Runner("", shape="hook", code_options="--filter", then=True, env="FILE=x"),),
    "zip": (Runner("", shape="hook", code_options="-TT --unzip-command", then=True),),
    "certbot": (
        Runner(
            "",
            shape="hook",
            code_options="--pre-hook --post-hook --deploy-hook --renew-hook "
            "--manual-auth-hook --manual-cleanup-hook",
            then=True,
        ),
    ),
    "latexmk": (
        Runner(
            "",
            shape="hook",
            code_options="-latex -pdflatex -lualatex -xelatex -pdflualatex -pdfxelatex -dvipdf "
            "-ps2pdf -pdfdvi -pdfps -bibtex -biber -makeindex -pdf_previewer -dvi_previewer",
            then=True,
        ),
        Runner("", shape="code", code_options="-e", then=True),
    ),
    "sshfs": (Runner("", shape="hook", code_options="-o:ssh_command", then=True),),
    # round 22: backup programs' commands for a password and for their remote shell
    "restic": (
        Runner(
            "",
            shape="hook",
            code_options="--password-command -o:sftp.command --option:sftp.command "
            "-o:rclone.program --option:rclone.program",
            then=True,
        ),
    ),
    "borg borg2": (Runner("", shape="hook", code_options="--rsh", then=True),),
    "gcc g++ cc c++ clang clang++": (Runner("", shape="list", code_options="-wrapper", then=True),),
    "gem": (Runner("open", shape="hook", code_options="-e --editor", then=True),),
    "pip": (Runner("config", shape="hook", code_options="--editor", then=True),),
    # round 9b: OCaml's compilers pipe the source through a preprocessor command
    "ocamlc ocamlopt ocamlc.opt ocamlopt.opt": (
        Runner("", shape="hook", code_options="-pp -ppx", then=True),
    ),
    # round 9b: npm-run-all's ``--npm-path`` names the program it runs in npm's place
    "npm-run-all run-s run-p": (Runner("", shape="hook", code_options="--npm-path", then=True),),
    # round 10: hlint's refactoring program and prove's test interpreter are commands
    "hlint": (Runner("", shape="hook", code_options="--with-refactor", then=True),),
    "prove": (Runner("", shape="hook", code_options="-e --exec", then=True),),
    # round 13: options whose value a known program runs as a command: a pager (bat,
    # delta), go's tool wrapper and test binary runner, cmake's compiler and linker launchers,
    # maven's exec plugin; exiftool's ``-if`` condition is perl
    "bat batcat delta": (Runner("", shape="hook", code_options="--pager", then=True),),
    # round 17: ack's and ag's pager, air's build and run commands, dune's ``exec`` (a program of
    # the project's build, or any on PATH)
    "ack ag": (Runner("", shape="hook", code_options="--pager", then=True),),
    # round 17: ripgrep's preprocessor runs on every file searched (``each-file``)
    "rg": (Runner("", shape="each-file", code_options="--pre", then=True),),
    # round 18: just runs any program with its arguments after ``--command``/``-c`` (with the
    # justfile's environment and directory: the program is what runs, not a recipe), and its
    # ``--chooser`` through the shell
    "just": (
        Runner("--command", then=True),
        Runner("-c", then=True),
        Runner("", shape="hook", code_options="--chooser", then=True),
    ),
    # round 17: sort's compressor of its temporary files and install's strip program
    "sort": (Runner("", shape="hook", code_options="--compress-program", then=True),),
    "install": (Runner("", shape="hook", code_options="--strip-program", then=True),),
    "air": (
        Runner(
            "",
            shape="hook",
            code_options="--build.cmd --build.pre_cmd --build.post_cmd --build.bin "
            "--build.full_bin",
            then=True,
        ),
    ),
    "dune": (Runner("exec", with_value="--root --build-dir --profile --context", tasks=True),),
    "go": (Runner("", shape="hook", code_options="-toolexec --toolexec -exec", then=True),),
    "cmake": (Runner("", shape="hook", code_options=_CMAKE_LAUNCHERS, then=True),),
    "mvn mvnw": (Runner("", shape="hook", code_options="-D:exec.executable", then=True),),
    "exiftool": (Runner("", shape="code", code_options="-if", then=True),),
    # round 14: the Elm compiler and formatter that Elm's test runner and reviewer run, and
    # the Solidity compiler binary forge builds with (``forge build --use PATH``)
    "forge": (Runner("", shape="hook", code_options="--use", then=True),),
    "elm-test": (Runner("", shape="hook", code_options="--compiler", then=True),),
    "elm-review": (
        Runner("", shape="hook", code_options="--compiler --elm-format-path", then=True),
    ),
    # round 16: the AWS CDK runs its app as a shell command line (``--app CMD``, ``-a CMD``,
    # whatever the verb: ``cdk ls --app 'npx ts-node bin/app.ts'``) and ``--build`` before it
    "cdk": (Runner("", shape="hook", code_options="-a --app --build", then=True),),
    # round 17: the NestJS CLI runs its compiled app with the binary ``--exec`` names, through
    # a shell (``nest start --exec 'node --inspect'``)
    "nest": (Runner("", shape="hook", code_options="--exec", then=True),),
    # round 19: bazel runs a test or binary under the command line ``--run_under`` gives
    # (``bazel test --run_under='valgrind --quiet' //...``), through a shell
    **dict.fromkeys(
        ("bazel", "bazelisk"),
        (Runner("", shape="hook", code_options="--run_under", then=True),),
    ),
    # round 15: V's ``retry`` runs its words joined as a shell command line until it succeeds
    # (``v retry -- sudo apt update``, ``v retry 'v install sdl'``) and ``timeout`` a program
    # with a time limit; zzuf fuzzes the input of the program it runs (with none, it filters
    # its standard input to its output)
    "v": (
        Runner("retry", with_value="-t --timeout -d --delay -r --retries", shape="text"),
        Runner("timeout", skip=1),
    ),
    "zzuf": (
        Runner(
            "",
            no_value="-A -c -d -i -m -n -q -S -v -x --autoinc --check-exit --debug --stdin "
            "--md5 --network --quiet --signal --verbose",
            with_value="-s -r -f -D -j -C -B -t -T -U -M -b -p -P -R -a -l -I -E -O --seed "
            "--ratio --fuzzing --delay --jobs --max-crashes --max-bytes --max-time "
            "--max-cputime --max-usertime --max-memory --bytes --ports --protect --refuse "
            "--allow --list --include --exclude --opmode",
        ),
    ),
    # round 12: tsup runs a command after each build, Remix's dev server the app server's
    "tsup": (Runner("", shape="hook", code_options="--onSuccess", then=True),),
    # round 20: tsc-watch runs a command at each step of the watch (``--onSuccess 'node
    # ./dist/index.js'``)
    "tsc-watch": (
        Runner(
            "",
            shape="hook",
            code_options="--onSuccess --onFailure --onFirstSuccess --onCompilationStarted "
            "--onCompilationComplete --onEmit",
            then=True,
        ),
    ),
    "remix": (Runner("dev", shape="hook", code_options="-c --command", then=True),),
    "ghc ghci runghc runhaskell jrunscript jjs": (
        Runner("", shape="code", code_options="-e", then=True),
    ),
    # round 20: Kotlin's compiler and runner evaluate the expression ``-e`` gives
    "kotlinc kotlinc-jvm kotlin": (
        Runner("", shape="code", code_options="-e -expression", then=True),
    ),
    # a tool's own language holding commands (``$(shell ...)``, ``%(...)``, ``\\write18{...}``,
    # ``execute(...)``), and interactive clients' shell escapes and file writes
    "make gmake bmake": (Runner("", shape="embedded", code_options="--eval -E", then=True),),
    "rpm": (
        Runner("", shape="hook", code_options="--pipe", then=True),
        Runner("", shape="embedded", code_options="--eval -E --define -D", then=True),
    ),
    "tex etex pdftex luatex xetex latex pdflatex lualatex xelatex": (
        Runner("", shape="embedded", then=True),
    ),
    "fzf sk": (
        Runner("", shape="embedded", code_options="--bind", then=True),
        Runner("", shape="hook", code_options="--preview --execute", then=True),
    ),
    "gdb": (
        # round 13: the program after the options (``--args PROG ARGS``) is what gdb runs
        Runner("", no_value=_GDB_FLAGS, with_value=_GDB_VALUES, then=True),
        Runner(
            "",
            shape="client",
            code_options="-ex --eval-command -iex --init-eval-command",
            then=True,
        ),
        # ``python CODE``, ``call system("...")``: code in the debugger's languages
        Runner(
            "", shape="code", code_options="-ex --eval-command -iex --init-eval-command", then=True
        ),
        # ``gdb -batch -ex run --args PROGRAM ARGS``: the program, run with its arguments
        Runner("--args", then=True),
    ),
    "lldb": (
        # round 13: the program after the options (or ``--``) is what lldb runs
        Runner("", no_value=_LLDB_FLAGS, with_value=_LLDB_VALUES, then=True),
        Runner(
            "",
            shape="client",
            code_options="-o --one-line -O --one-line-before-file -k --one-line-on-crash",
            then=True,
        ),
        Runner(
            "",
            shape="code",
            code_options="-o --one-line -O --one-line-before-file -k --one-line-on-crash",
            then=True,
        ),
    ),
    "emacs": (
        Runner(
            "",
            shape="code",
            code_options="--eval -eval --execute",
            calls="-f --funcall -funcall",
            then=True,
        ),
    ),
    "mysql mariadb": (
        Runner("", shape="client", code_options="-e --execute", then=True),
        Runner("", shape="hook", code_options="--pager", then=True),  # results piped through
    ),
    "psql": (Runner("", shape="client", code_options="-c --command", then=True),),
    # round 15: pylint's ``--init-hook`` is Python run before linting; ``meson devenv`` and
    # ``npm explore PKG`` run a command in the build's or a package's environment
    "pylint": (Runner("", shape="code", code_options="--init-hook", then=True),),
    "meson": (
        Runner("devenv", with_value="-C -w --workdir --dump-format"),
        # round 20: ``meson test --wrapper CMD`` runs every test under CMD
        Runner("test", shape="hook", code_options="--wrapper", then=True),
    ),
    "sqlite3 sqlite": (Runner("", shape="client", then=True),),
    # sessions and shells that start the user's shell when given no command
    "pwsh powershell": (
        Runner(
            "",
            shape="bare",
            no_value="-NoLogo -NoProfile -NonInteractive -NoExit -Interactive -Login -l",
            alone=True,
            then=True,
        ),
    ),
    "choom": (Runner("", with_value="-n -p --adjust --pid"),),
    "openvt": (
        Runner(
            "",
            no_value="-s -u -l -v -w -f --switch --user --login --verbose --wait --force",
            with_value="-c --console",
        ),
    ),
    "mosh": (
        Runner(
            "",
            with_value="-p --port --predict --family -o",
            skip=1,
            code_options="--ssh --server",
            then=True,
        ),
    ),
    "vi vim nvim ex view gvim vimdiff rvim": (Runner("", shape="ex"),),
    "ed red": (Runner("", shape="ex"),),
    # a pager's initial ``+`` commands (``!`` runs a shell) and man's pager command line
    "less more most": (Runner("", shape="plus"),),
    "man": (Runner("", shape="hook", code_options="-P --pager -H --html", then=True),),
    # a command run inside a running container or pod: ``docker exec [OPTS] NAME CMD ARGS``
    "docker podman nerdctl": (
        _container_row("exec", no_value=_EXEC_FLAGS, with_value=_EXEC_VALUES, skip=1),
        _container_row("container exec", no_value=_EXEC_FLAGS, with_value=_EXEC_VALUES, skip=1),
        _container_row(
            "compose exec", no_value=_EXEC_FLAGS + " -T", with_value=_EXEC_VALUES, skip=1
        ),
        _container_row(
            "compose run", no_value=_COMPOSE_RUN_FLAGS, with_value=_COMPOSE_RUN_VALUES, skip=1
        ),
    ),
    # round 19: HPC's container runtimes run the command after the image in a container that
    # shares the user's home, the working directory and the user (Apptainer binds them by
    # default, and runs as the same user): ``apptainer exec IMG rm -rf ~`` deletes the home, so
    # the command is judged as run here; ``run``/``shell`` (the image's own script, a shell),
    # ``build``, ``pull`` and the rest stay the program's own (unknown unattended)
    "apptainer singularity": (
        Runner("exec", no_value=_APPTAINER_FLAGS, with_value=_APPTAINER_VALUES, skip=1),
    ),
    # round 20: Lima runs the command it is given in its Linux virtual machine (``lima CMD`` is
    # ``limactl shell default CMD``), which mounts the user's home at the same path and starts
    # in the same working directory, as WSL does: the command is judged as run here (``lima
    # nerdctl run --privileged`` as nerdctl's); alone, each opens a shell there. Colima's
    # ``ssh`` likewise (its ``nerdctl`` verb is bash_containerd's)
    "lima": (Runner("", alone=True),),
    "limactl": (
        Runner(
            "shell",
            no_value="--preserve-env --reconnect --start --debug --tty",
            with_value="--workdir --shell --sync --log-level",
            skip=1,
            alone=True,
        ),
    ),
    "colima": (Runner("ssh", with_value="-p --profile -l --layer", alone=True),),
    # round 19: Melos runs the command it is given in each package of the Dart workspace
    # (``melos exec -- flutter test``), every one a directory of the project
    "melos": (
        Runner(
            "exec",
            no_value="--fail-fast --order-dependents --no-private --private --published "
            "--no-published --flutter --no-flutter --nullsafety --no-nullsafety",
            with_value="-c --concurrency --scope --ignore --dir-exists --file-exists "
            "--depends-on --no-depends-on --diff --since --category",
        ),
    ),
    # round 12: a command run in a cluster's pod (``kubectl exec POD -- CMD``, ``kubectl run
    # NAME --image=I -- CMD``, ``kubectl debug POD -- CMD``, OpenShift's ``oc rsh POD CMD``):
    # a run on a remote, the policy's, its command judged for what it destroys
    "kubectl oc": (
        Runner("exec", no_value=_POD_FLAGS, with_value=_POD_VALUES, skip=1, remote=True),
        Runner("run", no_value=_POD_FLAGS, with_value=_POD_VALUES, skip=1, remote=True),
        Runner("debug", no_value=_POD_FLAGS, with_value=_POD_VALUES, skip=1, remote=True),
        Runner("rsh", no_value=_POD_FLAGS, with_value=_POD_VALUES, skip=1, remote=True),
    ),
    # round 13: programs that run the command they are given under a library that changes how
    # it syncs to disk, or under a profiler (``eatmydata make test``, ``perf stat make``);
    # perf's commands around the measured one (``--pre``, ``--post``) are shell text
    "eatmydata": (Runner(""),),
    # round 16s: shx runs the shell command it is given in node (``shx rm -rf DIR``)
    "shx": (Runner("", no_value="--silent --verbose"),),
    # round 15: nbQA runs the tool it is given (``nbqa ruff .``, ``nbqa mypy nb/``) over the
    # project's notebooks, converted to scripts and written back: the tool and its words are
    # the command (its own ``--nbqa-*`` options come after them, among the tool's)
    "nbqa": (Runner(""),),
    "perf": (
        Runner("stat", shape="hook", code_options="--pre --post", then=True),
        Runner("stat", no_value=_PERF_FLAGS, with_value=_PERF_VALUES),
        Runner("record", no_value=_PERF_FLAGS, with_value=_PERF_VALUES + " -F --freq -c --count"),
        Runner("trace", no_value=_PERF_FLAGS, with_value=_PERF_VALUES),
    ),
    # ``compose run SERVICE CMD`` runs CMD in a new container of the service: its volumes, its
    # network and its environment (the database it is configured for)
    "docker-compose podman-compose nerdctl-compose": (
        _container_row("exec", no_value=_EXEC_FLAGS + " -T", with_value=_EXEC_VALUES, skip=1),
        _container_row("run", no_value=_COMPOSE_RUN_FLAGS, with_value=_COMPOSE_RUN_VALUES, skip=1),
    ),
}
"""Every program that runs a command given on its command line, and where that command is."""

_SHELL_BANG = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil|exe|execute)!?\s+)*(?:[rwe]\w*\s+)?!(.*)"
)
_EX_SHELL = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil|exe|execute)!?\s+)*"
    r"(?:(?P<shell>sh(?:ell)?|ter(?:m|min|mina|minal)?)\b(?P<cmd>[^|]*)"
    r"|set?(?:l(?:ocal)?|g(?:lobal)?)?\s+(?:[^|]*\s)?sh(?:ell)?=(?P<set>(?:\\.|[^\s|])+))"
)
"""An ex command that starts a shell: ``:shell``, ``:terminal [CMD]``, ``:set shell=PROGRAM``."""
_EX_WRITE = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil)!?\s+)*(?:redi(?:r)?!?\s*>>?|(?:w(?:rite)?|wq|x(?:it)?"
    r"|sav(?:eas)?|up(?:date)?|wa(?:ll)?)!?\s+(?:>>\s*)?)\s*(?P<path>[^\s|!][^\s|]*)"
)
"""An ex command that writes a file: ``:redir > FILE``, ``:w FILE``, ``:saveas FILE``."""
_EX_WRITE_CURRENT = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil)!?\s+)*(?:w(?:rite)?|wq|x(?:it)?|exi(?:t)?|up(?:date)?"
    r"|wa(?:ll)?|wqa(?:ll)?|xa(?:ll)?|W)!?\s*(?:$|\|)"
)
"""An ex (or ed) command that writes the file being edited: ``:w``, ``:wq``, ``:x``, ``:up``."""
_EX_EXECUTE = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil)!?\s+)*exe(?:c|cu|cut|cute)?\s+(\"(?:[^\"\\]|\\.)*\")\s*$"
)
"""``:execute "TEXT"`` runs TEXT (its pieces joined first) as an ex command line."""
_EDITOR_VALUES = word_set("-c --cmd -S -u -U -i -T -t -q -w -W -s -r -L --servername")
_ASSIGNMENT = LazyPattern(r"^[A-Za-z_][A-Za-z0-9_]*=")
_SPAWN = LazyPattern(r"(?:^|[;\n\[{])\s*(?:spawn|exec|system)\s+([^;\n\]}]+)")


def runner_rule(previous: Handler | None, rows: tuple[Runner, ...]) -> Handler:
    """The handler of one runner: check the command it runs, else apply ``previous``."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        for row in rows:
            inner = _run_by(row, name, args, ctx, depth, seg, s)
            if inner is not None and (not inner.allowed or not row.then):
                return inner
        if previous is not None:
            return previous(name, args, ctx, depth, seg, s)
        from ondas.guards.bash_known import unknown_program

        return unknown_program(name, args, ctx, seg, s)

    return handler


def _run_by(
    row: Runner, name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict | None:
    """The verdict on what ``row`` runs, or None when the arguments are not that verb."""
    i = options_end(args, row.no_value, row.with_value)
    after_verb = 0
    if row.verb[:1] and row.verb[0].startswith("-"):
        # a verb that is an option (gdb's ``--args``, just's ``-c``): options_end reads it as
        # one of the program's own options (and the values of the program's options are not
        # known here), so it is found as the first such word
        values = [a.value for a in args]
        if row.verb[0] not in values:
            return None
        i = values.index(row.verb[0])
    for word in row.verb:
        if i >= len(args) or args[i].value != word:
            return None
        i += 1
        after_verb = i
        i += options_end(args[i:], row.no_value, row.with_value)
    if row.shape == "each-file":
        return _preprocessor(name, args, ctx, depth, seg, s)
    if row.shape in _OPTION_SHAPES:
        return _option_shape(row, name, args[after_verb:], ctx, depth, seg, s)
    if row.shape.startswith("tmux-"):
        return _tmux_commands(row, args[i:], ctx, depth, seg)
    if row.shape == "screen-x":
        return _screen_command(args, ctx, depth, seg)
    if row.shape in {"ex", "plus"}:
        return _ex(args, ctx, depth, seg, s, options=row.shape == "ex", name=name)
    if row.shape == "expect":
        verdict = _code_options(row, args, ctx, depth, seg)
        script = [a for a in args[i:] if a.value != "-"]
        if not verdict.allowed or script or "-c" in flag_set(args):
            return verdict
        return _expect_stdin(s, ctx, depth, seg)
    if row.shape == "option":
        return _code_options(row, args, ctx, depth, seg)
    if row.code_options:  # ``npx -c 'TEXT'``: shell text in an option, beside any argv
        # round 21: npx and bunx read their own options only before the package's name; the
        # words after it are the package's (``npx eslint -c .eslintrc.json``)
        own = args[:i] if name in OPTIONS_BEFORE_PACKAGE else args
        verdict = _code_options(row, own, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    if row.container:
        verdict = bash_infra.container_powers(args[:i], seg)
        if not verdict.allowed:
            return verdict
    if row.remote:
        return _run_remotely(args[_remote_command_at(row, args, after_verb) :], ctx, depth, seg, s)
    inner = args[i + row.skip :]
    if inner and inner[0].value == "--":
        inner = inner[1:]
    text = row.shape == "text" or (name == "entr" and "-s" in flag_set(args[:i]))
    if text or row.shape == "each":
        if not inner:
            return _alone(row, name, args, ctx, seg, s)
        if row.verb == ("send-keys",):
            # keys typed into a shell: ``Enter``/``C-m`` end a line, never an argument vector
            typed = "".join("\n" if w.value in _ENTER_KEYS else f"{w.value} " for w in inner)
            if any(w.value is None for w in inner):
                return block("dynamic-command", seg, f"{name} types text computed at run time")
            return ctx.check_source(typed, ctx, depth + 1)
        return _run_text(inner, text, name, ctx, depth, seg, s)
    while inner and _ASSIGNMENT.match(inner[0].value or inner[0].text):
        # ``cross-env NAME=$VALUE cmd``: a variable set for the command, its value perhaps
        # known only at run time (the variable's rule says whether that matters)
        key, _, value = (inner[0].value or inner[0].text).partition("=")
        known = value if inner[0].value is not None else None
        verdict = check_assignment(key, known, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
        inner = inner[1:]
    if not inner:
        return _alone(row, name, args, ctx, seg, s)
    spelled = inner
    spec = inner[0].value or ""
    if name in _SCOPED_RUNNERS and (spec[:1] == "@" or ("@" in spec and "/" not in spec)):
        # ``npx @biomejs/biome``: not a path; round 20s: ``npx create-vite@latest`` runs
        # create-vite (a version or tag after the name)
        program = package_program(spec) if spec[:1] == "@" else spec.split("@", 1)[0]
        inner = [Word(program, inner[0].text), *inner[1:]]
    if name == "nix" and "#" in spec:
        # ``nix run nixpkgs#python3Packages.twine -- upload``: the attribute's last name runs,
        # given the words after ``--``
        rest = inner[1:]
        rest = rest[1:] if rest[:1] and rest[0].value == "--" else rest
        program = spec.rsplit("#", 1)[1].rsplit(".", 1)[-1]
        inner = [Word(program, inner[0].text), *rest]
    fetched = row.fetches and _fetches(row.fetches, args[:i])
    if fetched:
        ctx.runners.append("fetched")
    try:
        verdict = check_argv(inner, ctx, depth, seg, s)
        if verdict.rule == "unknown-program" and inner is not spelled:
            verdict = check_argv(spelled, ctx, depth, seg, s)  # a package no rule names: as before
        elif verdict.allowed and inner is not spelled and spec[:1] != "@" and ctx.unattended:
            # ``npx prettier@3``: that version is fetched from the registry when it is not the
            # one installed; unattended runs judge it as before (a refusal of PACKAGE stands)
            verdict = check_argv(spelled, ctx, depth, seg, s)
    finally:
        if fetched:
            ctx.runners.pop()
    if verdict.rule == "unknown-program" and row.tasks:
        task = inner[0].value or ""
        if "/" not in task and "." not in task:
            return ALLOW  # a task of the project's own configuration (pdm run test)
    return verdict


def _remote_command_at(row: Runner, args: list[Word], i: int) -> int:
    """Where the command of a ``remote`` row starts: after ``--``, else after the row's options
    and its ``skip`` targets, which may come in any order (``kubectl exec POD -c C CMD``)."""
    values = [a.value for a in args]
    if "--" in values[i:]:
        return values.index("--", i) + 1
    left = row.skip
    while i < len(args):
        v = values[i]
        if v is not None and v.startswith("-") and v != "-":
            i += 2 if v in row.with_value else 1
            continue
        if left == 0:
            return i
        left -= 1
        i += 1
    return i


def _run_remotely(inner: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """A command run on another machine: refused here only when it destroys (``-- rm -rf
    /data``); that the guard does not know its program, that it uses the network, or that it
    would touch the agent's own processes were it run here, is left to the rule of the program
    that runs it there."""
    verdict = check_argv(inner, ctx, depth, seg, s)
    if verdict.allowed or verdict.category == DANGEROUS:
        return verdict
    return ALLOW


def _tmux_commands(row: Runner, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``if-shell [-F] COND CMD [CMD]``: COND is shell text (a format with ``-F``), CMDs are
    tmux commands; ``set-hook NAME CMD``: a tmux command run later; ``bind-key KEY CMD ARGS``:
    a tmux command given as words. Each tmux command is checked as ``tmux CMD``."""
    from shlex import quote

    if any(a.value is None for a in args):
        return block("dynamic-command", seg, "tmux commands computed at run time")
    words = [a.value or "" for a in args]
    if row.shape == "tmux-option":
        return _tmux_option(words, ctx, depth, seg)
    if row.shape == "tmux-format":
        for word in words:
            for found in _TMUX_SHELL_FORMAT.finditer(word):
                verdict = ctx.check_source(found.group(1), ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
        return ALLOW
    if row.shape == "tmux-argv":
        return ctx.check_source(
            " ".join(quote(w) for w in ["tmux", *words[row.skip :]]), ctx, depth + 1
        )
    texts = words[row.skip :]
    if row.shape == "tmux-if" and texts:
        if "-F" not in flag_set(args):
            verdict = ctx.check_source(texts[0], ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        texts = texts[1:]
    for text in texts:
        verdict = ctx.check_source(f"tmux {text}", ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


_TMUX_COMMAND_OPTIONS = word_set("default-command")
_TMUX_PROGRAM_OPTIONS = word_set("default-shell")
_TMUX_SHELL_FORMAT = LazyPattern(r"#\(([^()]*(?:\([^()]*\)[^()]*)*)\)")
"""``#(COMMAND)`` in a tmux format: the status line runs COMMAND every few seconds."""


def _tmux_option(words: list[str], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``tmux set -g default-command CMD`` (every new window runs CMD), ``default-shell PATH``
    (every new window runs PATH) and a format holding ``#(CMD)`` (the status line runs CMD)."""
    from ondas.guards.bash_base import unseen_program

    if len(words) < 2:
        return ALLOW
    option, value = words[0], " ".join(words[1:])
    texts = [m.group(1) for m in _TMUX_SHELL_FORMAT.finditer(value)]
    if option in _TMUX_COMMAND_OPTIONS:
        texts.append(value)
    elif option in _TMUX_PROGRAM_OPTIONS and unseen_program(value, ctx):
        return block(
            "unknown-program",
            seg,
            f"every new tmux window runs {value}, which lies in a temporary directory; "
            "unattended runs without the OS sandbox refuse code they cannot read",
        )
    for text in texts:
        verdict = ctx.check_source(text, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _screen_command(args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict | None:
    """``screen -X CMD ARGS`` sends a command to a running session: ``stuff TEXT`` types TEXT
    into its shell, ``exec``/``screen`` start a program there. None without ``-X``."""
    values = [a.value for a in args]
    if "-X" not in values:
        return None
    rest = args[values.index("-X") + 1 :]
    if not rest or any(a.value is None for a in rest):
        return block("dynamic-command", seg, "a screen command computed at run time")
    command, words = rest[0].value, rest[1:]
    if command == "stuff":
        text = " ".join(w.value or "" for w in words)
        text = text.replace("\\n", "\n").replace("\\r", "\n").replace("^M", "\n")
        return ctx.check_source(text, ctx, depth + 1)
    if command in {"exec", "screen"}:
        while words and (words[0].value or "")[:1] in {"-", "!", ".", "|"}:
            words = words[1:]
        return check_argv(words, ctx, depth, seg)
    return ALLOW


def _expect_stdin(s: Stdin | None, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """An expect script read from standard input (``expect <<< 'spawn ...'``, ``| expect -``):
    its ``spawn``/``exec`` lines and its code, as ``expect -c`` is read."""
    if s is None or s.kind == "file":
        return ALLOW
    payloads = stdin_payloads(s)
    if payloads is None or None in payloads:
        if ctx.unattended:
            return block("undecidable-payload", seg, "expect reads a script the guard cannot see")
        return ALLOW
    for text in payloads:
        for match in _SPAWN.finditer(str(text)):
            verdict = ctx.check_source(match.group(1), ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        verdict = check_code(str(text), ctx, depth, seg, family="expect")
        if not verdict.allowed:
            return verdict
    return ALLOW


_ENTER_KEYS = frozenset({"Enter", "C-m", "KPEnter", "C-j"})


def _fetches(options: frozenset[str], args: list[Word]) -> bool:
    """The runner fetches a package to run its command: always (``*``), or with one of
    ``options`` among ``args`` (``npx --package=x``, ``npx -p x``)."""
    if "*" in options:
        return True
    for word in args:
        v = word.value
        if v is None or v.split("=", 1)[0] in options:
            return True
        if v.startswith("-p") and "-p" in options:
            return True
    return False


def _run_text(
    inner: list[Word], text: bool, name: str, ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """Shell text a runner runs: the words joined (``watchexec -- TEXT``, ``tmux new 'TEXT'``),
    or each word a command line of its own (``hyperfine``, ``text`` False). The words are shell
    text, so a leading ``X=...;`` is part of it, not an assignment. Where several words are
    given, some versions run them as an argument vector instead (tmux 3), so that reading is
    checked too. Text with a word computed at run time is refused; by what its known words
    already refuse when they do (``retry -- sudo apt install $PKGS`` runs sudo, whatever the
    packages), else as computed."""
    if any(w.value is None for w in inner):
        verdict = check_argv(inner, ctx, depth, seg, s)
        if not verdict.allowed:
            return verdict
        return block("dynamic-command", seg, f"{name} runs text computed at run time")
    lines = [" ".join(w.value or "" for w in inner)] if text else [w.value or "" for w in inner]
    for line in lines:
        verdict = ctx.check_source(line, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    if text and len(inner) > 1:
        return check_argv(inner, ctx, depth, seg, s)
    return ALLOW


def _alone(
    row: Runner, name: str, args: list[Word], ctx: Ctx, seg: str, s: Stdin | None
) -> Verdict:
    """A runner given no command: nothing runs, or (``alone``) the user's shell starts."""
    return interactive(name, args, ctx, seg, s) if row.alone else ALLOW


_OPTION_SHAPES = frozenset({"hook", "code", "list", "embedded", "client", "bare"})


def _clustered_code(value: str, options: frozenset[str]) -> tuple[str, str] | None:
    """In a cluster of short options (``-cI``, ``-xvI``), the single-letter code option of
    ``options`` it holds and the text given to it: '' when it ends the cluster (its value is
    the next word), the rest of the cluster when it does not (``-cIgzip``); None when it holds
    none."""
    if value[1:2] in {"-", ""} or len(value) < 3:
        return None
    for k, letter in enumerate(value[1:], 1):
        if not letter.isalpha():
            return None
        if "-" + letter in options:
            return "-" + letter, value[k + 1 :]
    return None


def option_values(row: Runner, args: list[Word]) -> list[Word]:
    """The values of the row's ``code_options`` in ``args``: ``--opt VALUE``, ``--opt=VALUE``,
    ``-oVALUE`` for a one-letter option, and for an entry ``-o:key`` the ``COMMAND`` of ``-o
    key=COMMAND`` (the key matched without regard to case). A value computed at run time is a
    Word whose value is None."""
    options, keyed = row.options, row.keyed
    values: list[Word] = []
    for k, word in enumerate(args):
        v = word.value
        if not v or v[0] != "-":
            continue
        value: Word | None = None
        if v in options:
            option = v
            value = args[k + 1] if k + 1 < len(args) else None
        elif "=" in v and v.split("=", 1)[0] in options:
            option, attached = v.split("=", 1)
            value = Word(attached, v)
        elif v[1:2] != "-" and len(v) > 2 and v[:2] in options:
            option = v[:2]
            value = Word(v[2:], v)
        elif (clustered := _clustered_code(v, options)) is not None:
            # ``tar -cI CMD``: the letter ending a cluster takes the next word; ``-cIgzip``
            option, attached = clustered
            after = args[k + 1] if k + 1 < len(args) else None
            value = Word(attached, v) if attached else after
        if value is None:
            continue
        if option in row.calls and value.value is not None:
            value = Word(f"({value.value})", value.text)  # ``emacs -f save-buffer``
        if option in keyed:
            if value.value is None:
                values.append(value)
                continue
            key, eq, command = value.value.partition("=")
            if eq and key.strip().lower() in keyed[option]:
                values.append(Word(command, value.text))
            continue
        values.append(value)
    return values


def _option_shape(
    row: Runner, name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict | None:
    """The verdict on what the options of a row of :data:`_OPTION_SHAPES` run or write."""
    values = option_values(row, args)
    if row.shape == "bare" and not values:
        i = options_end(args, row.no_value, row.with_value)
        return _alone(row, name, args, ctx, seg, s) if i >= len(args) else None
    every_word = row.shape in {"embedded", "client"} and not row.code_options
    if every_word:
        values = args
    texts: list[str] = []
    for word in values:
        if word.value is None and every_word:
            continue  # a path or data computed at run time: the program's own rule judges it
        if word.value is None:
            return block("dynamic-command", seg, f"{name} runs text computed at run time")
        if name == "cdk" and _cloud_assembly(word.value, ctx):
            continue  # ``cdk deploy --app cdk.out``: a directory CDK reads, no command
        texts.append(word.value)
    if row.shape == "client" and ctx.unattended and s is not None and s.kind == "file":
        from ondas.guards.bash_base import unseen_temp_code

        verdict = unseen_temp_code(s.text or "", ctx, seg)  # ``psql < /tmp/x.sql``: its ``\!``
        if not verdict.allowed:
            return verdict
    if row.shape == "client":
        fed = stdin_payloads(s) if s is not None and s.kind != "file" else []
        texts += [t for t in fed or () if t is not None]
    commands: list[str] = []
    writes: list[str] = []
    if row.shape == "client" and any(client_loads(t) for t in texts):
        return block(
            "undecidable-payload",
            seg,
            f"{name} is told to load a shared object (``.load``, ``load_extension``): native "
            "code run inside the client, which the guard cannot read",
        )
    if row.shape == "client" and any(credential_file(t) for t in texts):
        return block(
            "read-credentials",
            seg,
            f"{name} is handed a credential store outside the project (keys, tokens, the "
            "machine's password hashes), which is not the agent's to read or ship",
        )
    for text in texts:
        if row.shape in {"hook", "bare"}:
            commands.append(text)
        elif row.shape == "code":
            verdict = check_code(text, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
        elif row.shape == "list":
            from shlex import quote

            commands.append(" ".join(quote(part) for part in text.split(",")))
        elif row.shape == "embedded":
            commands += embedded_commands(text)
            writes += embedded_writes(text)
        else:
            found, written = client_commands(text)
            commands += found
            writes += written
    if row.shape == "code" and len(texts) > 1:
        # the values run in order as one program: ``emacs -f erase-buffer -f save-buffer``
        # empties the file, as ``--eval '(progn (erase-buffer) (save-buffer))'`` does
        verdict = check_code("\n".join(texts), ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    saved = {key: ctx.variables.get(key) for key in row.env}
    ctx.variables.update(row.env)
    try:
        for command in commands:
            if row.shape == "client" and not command.strip():
                verdict = interactive(f"{name}'s shell escape", [], ctx, seg, None)
            else:
                verdict = ctx.check_source(command, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
    finally:
        for key, value in saved.items():
            if value is None:
                ctx.variables.pop(key, None)
            else:
                ctx.variables[key] = value
    for path in writes:
        verdict = check_write_target(Word(path, path), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


_ASSEMBLY = LazyPattern(r"(?:\./)?(?:[\w-][\w.-]*/)*[\w-][\w.-]*\.out/?")
"""Round 17: the AWS CDK's ``--app`` naming a cloud assembly CDK synthesized before (``cdk.out``,
``build/cdk.out``): a directory of templates it reads, no command."""


def _cloud_assembly(value: str, ctx: Ctx) -> bool:
    """``value`` names a cloud assembly directory in the project that this line did not write
    (:data:`_ASSEMBLY`)."""
    from ondas.guards.bash_base import classify, written_text

    return (
        _ASSEMBLY.fullmatch(value) is not None
        and classify(value, ctx) in {"project", "project-temp"}
        and not written_text(ctx, value.rstrip("/"))[0]
    )


def _code_options(row: Runner, args: list[Word], ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``nix-shell --run TEXT``, ``nix develop -c CMD ARGS``, ``expect -c SCRIPT``."""
    for k, word in enumerate(args):
        key, eq, attached = (word.value or "").partition("=")
        if word.value in row.code_options:
            # ``nix develop -c CMD ARGS`` runs the rest; ``nix-shell --run TEXT`` one string
            rest = args[k + 1 :] if row.shape == "option" and row.verb else args[k + 1 : k + 2]
        elif eq and key in row.code_options:
            rest = [Word(attached, attached)]  # ``man --pager=TEXT``
        else:
            continue
        if any(w.value is None for w in rest):
            return block("dynamic-command", seg, "code computed at run time")
        text = " ".join(w.value or "" for w in rest)
        if row.shape == "expect":
            for match in _SPAWN.finditer(text):
                verdict = ctx.check_source(match.group(1), ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
            verdict = check_code(text, ctx, depth, seg, family="expect")
        else:
            verdict = ctx.check_source(text, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _ex_line(line: str, ctx: Ctx, depth: int, seg: str, files: list[Word] | None = None) -> Verdict:
    """One line of ex commands: a shell it starts (with no command: undecidable in unattended
    runs), the files it writes (a write of the buffer writes the edited ``files``), and the
    text ``:execute`` runs, its pieces joined."""
    from ondas.guards.bash_literals import fold_literals, literal_value

    line = fold_literals(line)
    for match in _EX_EXECUTE.finditer(line):
        inner = literal_value(match.group(1))
        verdict = _ex_line(inner, ctx, depth, seg, files)
        for bang in _SHELL_BANG.finditer(inner):
            if not verdict.allowed:
                break
            verdict = ctx.check_source(bang.group(1), ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    if files and _EX_WRITE_CURRENT.search(line):
        for word in files:
            verdict = check_write_target(word, ctx, seg)
            if not verdict.allowed:
                return verdict
    for match in _EX_SHELL.finditer(line):
        command = (match.group("cmd") or match.group("set") or "").strip()
        if not command:
            verdict = interactive("vim's :shell", [], ctx, seg, None)
        else:
            verdict = ctx.check_source(command.replace("\\ ", " "), ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    for match in _EX_WRITE.finditer(line):
        verdict = check_write_target(Word(match.group("path"), match.group("path")), ctx, seg)
        if not verdict.allowed:
            return verdict
    for match in _FUGITIVE.finditer(line):
        # round 24: vim-fugitive's ``:Git ARGS`` (``:G``, ``:Git!``) runs ``git ARGS``; its
        # older commands ``:Gpush``, ``:Gcommit``... run that verb; ``:Gread`` checks the file
        # out of the index over the buffer, written back by ``:w``
        verb, rest = match.group("verb"), match.group("rest") or match.group("more") or ""
        if verb == "read":
            from shlex import quote

            command = "git checkout -- " + " ".join(
                quote(f.value) if f.value is not None else "$unknown" for f in files or ()
            )
        else:
            command = "git " + (verb + " " if verb else "") + rest
        verdict = ctx.check_source(command, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


_FUGITIVE = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:(?:silent|sil)!?\s+)*G(?:it)?!?"
    r"(?:\s+(?P<rest>[^|]*)|(?P<verb>push|pull|fetch|merge|rebase|commit|revert|read)\b!?"
    r"(?P<more>[^|]*))"
)
"""vim-fugitive's commands (round 24): ``:Git ARGS`` and ``:G ARGS`` run git with the
arguments; the plugin's older ``:Gpush ARGS``, ``:Gcommit``... run that verb, ``:Gread`` checks
the buffer's file out of the index (its changes discarded once written)."""
_AUTOCOMMAND = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?au(?:t|to|toc|tocm|tocmd)?!?\s+(?:[\w-]+\s+)??"
    r"[A-Z][A-Za-z]*(?:,[A-Z][A-Za-z]*)*\s+\S+\s+(?:\+\+\w+\s+)*(?P<cmd>.+)"
)
"""``:autocmd [GROUP] EVENTS PATTERN [++once] CMD``: CMD (its ``|`` included) runs when an event
comes, ``VimEnter`` once the files are loaded (``vim --cmd 'au VimEnter * %d|x' FILE``)."""
_EDIT_FILE = LazyPattern(
    r"(?:^|\|)\s*(?::+\s*)?(?:e(?:d|di|dit)?|sp(?:l|li|lit)?|vs(?:p|pl|pli|plit)?|new|vne(?:w)?"
    r"|tabe(?:d|di|dit)?|tabnew|vi(?:s|su|sua|sual)?|find?|bad(?:d)?)!?\s+(?:\+\S+\s+)?"
    r"(?P<path>[^\s|][^\s|]*)"
)
"""``:edit FILE`` (``:e!``, ``:split``, ``:vsplit``, ``:new``, ``:tabedit``, ``:visual``,
``:find``, ``:badd``): the commands after it edit FILE, written back by ``:w``."""
_EMPTY_WRITE = LazyPattern(
    r"\s*(?::+\s*)?(?:(?:silent|sil)!?\s+)*(?:w(?:rite)?|sav(?:eas)?)!?\s+(?P<path>[^\s|!>][^\s|]*)"
)


def _buffers_and_autocommands(commands: list[str | None], files: list[Word]) -> None:
    """Round 24: an autocommand's command is a command of the line (``--cmd 'au VimEnter * %d|x'``),
    and a file opened by ``:edit`` (``-c 'e .claude/settings.json' -c '%d' -c w``) is a file the
    commands edit and write back, as one named on the command line is."""
    for command in list(commands):
        if command is None or not command.strip():
            continue
        for line in command.splitlines():
            if "au" in line:
                commands += [m.group("cmd") for m in _AUTOCOMMAND.finditer(line)]
            for match in _EDIT_FILE.finditer(line):
                path = match.group("path")
                if not path.startswith(("#", "%")):  # ``:e #``: the alternate file, already named
                    files.append(Word(path, path))


def _empty_buffer_written(commands: list[str | None]) -> str | None:
    """The file an empty buffer (no file opened, or ``/dev/null``) is first written to: the first
    command is ``:w[!] FILE`` or ``:saveas FILE``, so FILE is left empty (round 24)."""
    first = next((c for c in commands if c is not None and c.strip()), None)
    if first is None:
        return None
    match = _EMPTY_WRITE.match(first.splitlines()[0].split("|", 1)[0])
    return match.group("path") if match else None


_EX_DELETE_ALL = LazyPattern(
    r"(?:^|[|\n:])[^\S\n]*(?:(?:arg|buf|win)do!?\s+)?(?:(?:%|1,\s*\$|,)\s*d(?:e(?:l(?:ete)?)?)?"
    r"(?:\s*[_a-zA-Z]|\b)(?!\w)"
    r"|norm(?:al)?!?\s+gg(?:\"_)?dG"
    r"|g(?:lobal)?\s*([/#])(?:\^?(?:\.|\.\*|\\_\.\*)\$?|\^|\$|)\1\s*d(?:e(?:l(?:ete)?)?)?\b"
    r"|(?:%|1,\s*\$)\s*!\s*(?:true|:)\s*(?:$|[|\n])"
    r"|(?:%|1,\s*\$)\s*s(?:ubstitute)?([/#|])\^?(?:\\_)?\.(?:\*|\\\+)\$?\2\2"
    rf"|(?:v(?:global)?|g(?:lobal)?!)\s*/{BLANK_LINE}/\s*d(?:e(?:l(?:ete)?)?)?\b)"
)
"""An ex command deleting every line of the buffer (``%d``, ``1,$d``, ed's ``,d``, vim's
``normal ggdG``, over every file with ``argdo``), every line a pattern of anything matches
(``g/./d``), every line but the blank ones (``v/^$/d``), replacing the whole buffer with
nothing (``%s/\\_.*//``) or with what a command that prints nothing prints (``%!true``): written
back, the file is empty (or blank). The blanks after a command's start hold no newline: a
newline starts a command of its own, so a run of newlines is read once, not once per newline
(round 15: 5,000 newlines took 8 s), and a line matches as before."""


_EX_WRITES = LazyPattern(
    r"(?:^|\|)[ \t]*:?[ \t]*(?:[0-9]+|\$|%)?(?:,(?:[0-9]+|\$))?[ \t]*"
    r"(?:w|wq|wqa|wa|x|xa|xit|up|update|sav|saveas|exi|exit)!?(?=\s|$|\|)",
    MULTILINE,
)
"""An ex or ed command that writes the buffer back to its file (``wq``, ``x``, ``w``); the
blanks before it are spaces and tabs only, so a run of newlines is read once (round 15's
linear-time rule)."""


_SCREEN_EDITORS = word_set("vi vim nvim ex gvim vimdiff rvim view")
"""vim and its names: a screen editor, each file it opens may be written back (``:w``)."""
_READ_ONLY = word_set("-R -m -M")
_SCRIPT_OUT = word_set("-w -W")


_EX_QUIT = LazyPattern(r"(?:^|\|)[ \t:]*(?:q|qa|qall|quit|quita|quitall|cq)!?[ \t]*$")
_BATCH = word_set("-es -Es --headless")


def _unseen_by_hand(name: str, args: list[Word], commands: list[str | None]) -> bool:
    """No one types into the editor: it runs in batch mode (``vim -es``, ``ex -s``, ``nvim
    --headless``) or its commands end it (``vim -c 'set ft?' -c q FILE``); only the write
    commands given write its files."""
    values = {a.value for a in args}
    if values & _BATCH or ("-s" in values and (name == "ex" or values & {"-e", "-E"})):
        return True
    return any(c is not None and _EX_QUIT.search(c) for c in commands)


def _read_only(name: str, args: list[Word]) -> bool:
    """vim opens its files read-only (``view``, ``-R``; ``-m``/``-M``: no writes, no changes):
    only a write command given (``-c 'w!'``) writes them back."""
    return name == "view" or any(a.value in _READ_ONLY for a in args)


def _ex(
    args: list[Word],
    ctx: Ctx,
    depth: int,
    seg: str,
    s: Stdin | None,
    *,
    options: bool = True,
    name: str = "vim",
) -> Verdict:
    """vim's ``-c CMD``, ``--cmd CMD`` and ``+CMD`` (and ex commands on stdin with ``-e``/``-s``):
    ``!`` hands the rest to a shell, ``system()`` strings are checked like interpreter code.
    Without ``options`` (a pager) only ``+CMD`` is a command and standard input is the text
    shown."""
    commands: list[str | None] = []
    files: list[Word] = []
    written: list[Word] = []
    skip = False
    silent = name in {"ex", "ed", "red"} or any(
        (a.value or "").startswith(("-e", "-E")) for a in args
    )  # ``-s`` is silent mode there, else ``-s SCRIPTIN``
    for k, word in enumerate(args):
        v = word.value
        takes = (
            options
            and v is not None
            and (v == "--cmd" or (v[:1] == "-" != v[1:2] and v.endswith("c")))
        )
        if takes and k + 1 < len(args):
            commands.append(args[k + 1].value)
        elif v is not None and v.startswith("+") and len(v) > 1:
            commands.append(v[1:])
        if skip:
            skip = False
        elif (
            v is not None
            and (v in _EDITOR_VALUES or (v == "-p" and name not in _SCREEN_EDITORS))
            and not (silent and v == "-s")
        ):  # vim's ``-p[N]`` opens tab pages (no value), ed's ``-p PROMPT`` takes one
            skip = True
            if options and v in _SCRIPT_OUT and k + 1 < len(args):
                written.append(args[k + 1])  # ``vim -w FILE``: what is typed is written there
        elif v is None or (not v.startswith(("-", "+")) and v != "-"):
            files.append(word)
    if options and s is not None and s.kind == "text":
        commands.append(s.text)
    elif options and s is not None and s.kind == "pipe" and silent:
        fed = stdin_payloads(s)  # ex and ed (and vim -e/-s) read their commands from it
        if (fed is None or None in fed) and ctx.unattended:
            return block("undecidable-payload", seg, f"{name} reads commands the guard cannot see")
        commands += list(fed or ())
    if options:
        _buffers_and_autocommands(commands, files)
    if options and (not files or all(f.value in EMPTY_SOURCES for f in files)):
        emptied = _empty_buffer_written(commands)
        if emptied is not None:  # ``vim -c 'w! src/main.py' /dev/null``: nothing written over it
            from ondas.guards.bash_system import beyond_recovery

            verdict = beyond_recovery(name, [Word(emptied, emptied)], ctx, seg, "empties")
            if not verdict.allowed:
                return verdict
    unseen = options and silent and s is not None and s.kind == "file"
    screen = (
        options
        and name in _SCREEN_EDITORS
        and not _read_only(name, args)
        and not _unseen_by_hand(name, args, commands)
    )
    for word in written:
        verdict = check_write_target(word, ctx, seg)
        if not verdict.allowed:
            return verdict
    if (
        options
        and files
        and (unseen or screen or any(c and _EX_WRITES.search(c) for c in commands))
    ):
        # round 19s: commands that write the file back (``-c wq``, ed's ``w``), or ones read
        # from a file the guard does not open (``ed -s F < cmds``): each file a write; round
        # 22: a screen editor's file may be saved by what is typed, as nano's is (bash_desktop)
        for word in files:
            verdict = check_write_target(word, ctx, seg)
            if not verdict.allowed:
                return verdict
    if options and files and any(c is not None and _EX_DELETE_ALL.search(c) for c in commands):
        from ondas.guards.bash_system import beyond_recovery

        verdict = beyond_recovery(name, files, ctx, seg, "empties")  # ``ex -sc '%d|x' F``
        if not verdict.allowed:
            return verdict
    for command in commands:
        if command is None:
            return block("dynamic-command", seg, "editor commands computed at run time")
        for line in command.splitlines() or [""]:
            verdict = _ex_line(line, ctx, depth, seg, files) if options else ALLOW
            for match in _SHELL_BANG.finditer(line):
                if not verdict.allowed:
                    break
                verdict = ctx.check_source(match.group(1), ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        verdict = check_code(command, ctx, depth, seg, whole=False)
        if not verdict.allowed:
            return verdict
    return ALLOW


_ACCELERATE_FLAGS = word_set(
    "-h --help -q --quiet --cpu --multi_gpu --tpu --enable_cpu_affinity --dynamo_use_fullgraph "
    "--dynamo_use_dynamic --dynamo_use_regional_compilation --use_deepspeed --use_fsdp "
    "--use_parallelism_config --use_megatron_lm --same_network -m --module --no_python "
    "--tpu_cluster --no_tpu_cluster --tpu_use_sudo --downcast_bf16 --fp8_use_autocast_during_eval "
    "--debug"
)
"""``accelerate launch``'s options without a value (from its argument parser); every other
option takes one."""


def _accelerate(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``accelerate launch [OPTIONS] SCRIPT ARGS`` runs ``python SCRIPT ARGS`` on each process
    (``-m``: a module; ``--no_python``: SCRIPT is any program), judged as that command; the
    other verbs (``config``, ``env``) are a program no rule names, save ``tpu-config``, which
    runs its ``--command`` on remote TPU pods."""
    from ondas.guards.bash_known import unknown_program

    if args and args[0].value == "tpu-config" and ctx.unattended:
        return block(
            "unknown-program",
            seg,
            "accelerate tpu-config runs a command on remote TPU pods, which the guard does not "
            "judge; unattended runs without the OS sandbox refuse it",
        )
    if not args or args[0].value != "launch":
        return unknown_program(name, args, ctx, seg, s)
    return _launched(name, args, 1, _ACCELERATE_FLAGS, ctx, depth, seg, s)


_TORCHRUN_FLAGS = word_set(
    "-h --help --standalone -m --module --no-python --no_python --run-path --run_path "
    "--virtual-local-rank --virtual_local_rank"
)
"""``torchrun``'s options without a value (from ``torch.distributed.run``'s argument parser);
every other option takes one."""


def _torchrun(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``torchrun [OPTIONS] SCRIPT ARGS`` runs ``python SCRIPT ARGS`` on each process, as
    ``accelerate launch`` does (``-m``: a module; ``--no-python``: SCRIPT is any program).
    Joined to other machines (a rendezvous or master address) it is a program no rule names:
    the guard does not judge that connection."""
    from ondas.guards.bash_known import unknown_program

    for word in args:
        key = (word.value or "").split("=", 1)[0].replace("_", "-")
        if key in _TORCHRUN_ELSEWHERE:
            return unknown_program(name, args, ctx, seg, s)
    return _launched(name, args, 0, _TORCHRUN_FLAGS, ctx, depth, seg, s)


_TORCHRUN_ELSEWHERE = word_set("--rdzv-endpoint --master-addr --rdzv-conf --rdzv-backend")
"""torchrun's options that join processes on other machines."""


_MPI_VALUED = word_set(
    "-n -np --np --n -c -N --npernode -npernode -ppn --ppn -x -genv -env -genvlist -envlist "
    "--map-by -map-by --bind-to -bind-to --rank-by -rank-by -wdir --wdir -wd --prefix --mca "
    "-mca --gmca -gmca --tag-output-file --output-filename -outfile-pattern -errfile-pattern "
    "-launcher -bootstrap -iface"
)
"""Options of ``mpirun``/``mpiexec`` (Open MPI, MPICH, Intel MPI) that take a value."""
_MPI_TWO_VALUES = word_set("--mca -mca --gmca -gmca -genv -env")
"""Options that take a key and a value (``--mca btl tcp``, ``-genv NAME VALUE``)."""
_MPI_ELSEWHERE = word_set(
    "-H --host -host -hosts --hostfile -hostfile --machinefile -machinefile -f --default-hostfile "
    "-launcher-exec --launch-agent --rsh -rsh"
)
"""Options that start the processes on other machines (over ssh), or through a program named
here: the guard does not follow a command there."""


def _mpirun(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``mpirun [OPTIONS] PROGRAM ARGS`` runs PROGRAM on each local process: judged as that
    command; started on other machines (``-H``, ``--hostfile``) it is a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    i = 0
    while i < len(args):
        value = args[i].value
        if value == "--":
            i += 1
            break
        if value is None or not value.startswith("-"):
            break
        key = value.split("=", 1)[0]
        if key in _MPI_ELSEWHERE:
            return unknown_program(name, args, ctx, seg, s)
        if "=" in value or key not in _MPI_VALUED:
            i += 1
        else:
            i += 3 if key in _MPI_TWO_VALUES else 2
    rest = args[i:]
    if not rest:
        return unknown_program(name, args, ctx, seg, s)
    return check_argv(rest, ctx, depth + 1, seg)


def _launched(
    name: str,
    args: list[Word],
    start: int,
    flags: frozenset[str],
    ctx: Ctx,
    depth: int,
    seg: str,
    s: Stdin | None,
) -> Verdict:
    """The command a training launcher runs after its options (from ``start``; every option
    not in ``flags`` takes a value): ``python SCRIPT ARGS``, ``python -m MODULE ARGS``, or,
    with ``--no-python``, the program itself; none: a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    i, module, no_python = start, False, False
    while i < len(args):
        value = args[i].value
        if value == "--":
            i += 1
            break
        if value is None or not value.startswith("-"):
            break
        key = value.split("=", 1)[0]
        module = module or key in {"-m", "--module"}
        no_python = no_python or key in {"--no_python", "--no-python"}
        i += 1 if "=" in value or key in flags else 2
    rest = args[i:]
    if not rest:
        return unknown_program(name, args, ctx, seg, s)
    if no_python:
        return check_argv(rest, ctx, depth + 1, seg)
    prefix = [Word("python", "python")] + ([Word("-m", "-m")] if module else [])
    return check_argv(prefix + rest, ctx, depth + 1, seg)


for _names, _rows in RUNNERS.items():
    for _name in _names.split():
        register(_name, runner_rule(HANDLERS.get(_name), _rows))


_RG_VALUED = word_set(
    "-e --regexp -f --file -g --glob --iglob -t --type -T --type-not --type-add --type-clear "
    "-m --max-count -A --after-context -B --before-context -C --context -j --threads -d "
    "--max-depth -M --max-columns --colors --sort --sortr --pre-glob -E --encoding "
    "--max-filesize --path-separator --ignore-file --replace -r --engine --dfa-size-limit "
    "--regex-size-limit --field-context-separator --field-match-separator --context-separator"
)


def _preprocessor(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``rg --pre PROGRAM PATTERN PATH...``: ripgrep runs PROGRAM with each file it searches as
    its only argument (round 17: ``rg --pre rm x ~/Documents`` removes them), so that is judged
    as ``PROGRAM PATH/*`` for each path searched (``.`` when none is named)."""
    values = [a.value for a in args]
    pre: str | None = ""
    operands: list[str | None] = []
    pattern_given = False
    k = 0
    while k < len(values):
        v = values[k]
        if v == "--":
            operands.extend(values[k + 1 :])
            break
        if v == "--pre":
            pre = values[k + 1] if k + 1 < len(values) else ""
            k += 2
            continue
        if v is not None and v.startswith("--pre="):
            pre = v[6:]
        elif v is not None and v.startswith("-") and v != "-":
            pattern_given = pattern_given or v.split("=", 1)[0] in {
                "-e",
                "--regexp",
                "-f",
                "--file",
            }
            k += 2 if v in _RG_VALUED else 1
            continue
        else:
            operands.append(v)
        k += 1
    if pre is None:
        return block(
            "dynamic-command",
            seg,
            "rg --pre is given a program computed at run time, which it runs on every file",
        )
    if pre:
        paths = operands if pattern_given else operands[1:]
        for path in paths or ["."]:
            target = "<computed>" if path is None else posixpath.join(path, "*")
            verdict = check_argv(
                [Word(pre, pre), Word(None if path is None else target, target)],
                ctx,
                depth + 1,
                seg,
            )
            if not verdict.allowed:
                return verdict
    return ALLOW


_SETPRIV_IDENTITY = (
    *("--reuid", "--ruid", "--euid", "--regid", "--rgid", "--egid", "--groups"),
    *("--init-groups", "--keep-groups", "--inh-caps", "--ambient-caps", "--bounding-set"),
)
_SETPRIV = runner_rule(None, (Runner(""),))


def _setpriv(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``setpriv --reuid=0 CMD``: a command run as another user or with other capabilities is
    privilege escalation (round 13), as ``sudo`` is; otherwise the command it runs is judged."""
    for word in args:
        if word.value is None or word.value == "--" or not word.value.startswith("-"):
            break
        if word.value.partition("=")[0] in _SETPRIV_IDENTITY:
            return block("privilege-escalation", seg, f"{name} changes the user or capabilities")
    return _SETPRIV(name, args, ctx, depth, seg, s)


register("setpriv", _setpriv)
_WATCHMAN = HANDLERS.get("watchman")


def _watchman(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``watchman -- trigger ROOT NAME PATTERNS -- CMD ARGS``: CMD runs at every later change
    of the files (round 13), and is judged as a command of this line."""
    values = [a.value for a in args]
    if "trigger" in values:
        at = values.index("trigger")
        ends = [k for k, v in enumerate(values) if v == "--" and k > at]
        if ends and ends[0] + 1 < len(args):
            verdict = check_argv(args[ends[0] + 1 :], ctx, depth + 1, seg, s)
            if not verdict.allowed:
                return verdict
    if _WATCHMAN is not None:
        return _WATCHMAN(name, args, ctx, depth, seg, s)
    from ondas.guards.bash_known import unknown_program

    return unknown_program(name, args, ctx, seg, s)


register("watchman", _watchman)


def _names_on_stdin(name: str, values: list[str]) -> bool:
    """Whether ``name`` reads the names of the files it archives or copies from standard input:
    ``cpio -o``/``-p``, ``tar -T -``, ``zip -@``, ``rsync --files-from=-``."""
    if name == "cpio":
        return any(
            v in {"--create", "--pass-through"}
            or (v[:1] == "-" and v[1:2] != "-" and bool({"o", "p"} & set(v[1:])))
            for v in values
        )
    if name == "zip":
        return any(v[:1] == "-" and v[1:2] != "-" and "@" in v for v in values)
    pairs = zip(values, [*values[1:], ""], strict=True)
    option = "--files-from" if name == "rsync" else "-T"
    given = {f"{option}=-", "--files-from=-", "-T-"}
    return any(v in given or (v in {option, "--files-from"} and n == "-") for v, n in pairs)


def _stdin_names(previous: Handler) -> Handler:
    """Round 13: the names an archiver or copier reads on standard input are the files it
    reads, judged as if they were its operands (``cpio -o <<< ~/.netrc``)."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        if s is not None and _names_on_stdin(name, [a.value or "" for a in args]):
            for text in stdin_payloads(s) or ():
                if text and any(credential_file(line.strip()) for line in text.splitlines()):
                    return block(
                        "read-credentials",
                        seg,
                        f"{name} reads the files named on its standard input, among them a "
                        "credential store outside the project",
                    )
        return previous(name, args, ctx, depth, seg, s)

    return handler


for _name in ("cpio", "zip", "tar", "bsdtar", "gtar", "rsync"):
    register(_name, _stdin_names(HANDLERS[_name]))
# round 9b: a distributed-training launcher, which runs a Python script (or, with
# ``--no_python``, any program) on each of its processes
register("accelerate", _accelerate)
# round 10: PyTorch's launcher, the same shape, and MPI's, which runs any program
register("torchrun", _torchrun)
for _name in ("mpirun", "mpiexec"):
    register(_name, _mpirun)


def _devenv(previous: Handler) -> Handler:
    """devenv's options before its verb: flags that only change how it reports or caches;
    another (``--from github:ORG/REPO``, ``--option NAME VALUE``, ``--override-input``) takes
    the environment, and the ``enterShell``/``enterTest`` code it runs, from elsewhere or
    changes it, and moves the verb the guard reads: refused unattended."""
    flags = word_set(_DEVENV_FLAGS)

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        for word in args:
            if word.value is not None and not word.value.startswith("-"):
                break
            if word.value not in flags and ctx.unattended:
                return block(
                    "unknown-program",
                    seg,
                    f"devenv {word.value or '<computed>'} chooses or changes the environment "
                    "it runs, which the guard does not read; unattended runs without the OS "
                    "sandbox refuse it",
                )
        return previous(name, args, ctx, depth, seg, s)

    return handler


register("devenv", _devenv(HANDLERS["devenv"]))

# round 14: JavaScript's development process runners. Each runs the project's own scripts or a
# command it is given, never a program of its own choosing: what it runs is judged as that
# command (an npm script as ``npm run NAME``, a script file as its interpreter given it, a
# command line as shell text). An option outside the closed sets below (``nodemon --config
# FILE``, ``--cwd DIR``, which move what runs or where) leaves the program unknown.
_NODEMON_FLAGS = word_set(
    "-V --verbose -q --quiet -L --legacy-watch -I --no-stdin --spawn --no-colors "
    "--no-update-notifier -C --on-change-only --exitcrash"
)
_NODEMON_VALUES = word_set(
    "-w --watch -e --ext -i --ignore -d --delay --signal -s -P --polling-interval -x --exec"
)
_NODEMON_EXEC_MAP = {".py": "python", ".rb": "ruby", ".ts": "ts-node"}
"""The interpreter nodemon runs a script with by its extension (its default ``execMap``);
``node`` for any other."""
_CONCURRENTLY_FLAGS = word_set(
    "-k --kill-others --kill-others-on-fail -r --raw --no-color -g --group --timings "
    "-P --passthrough-arguments -i --handle-input"
)
_CONCURRENTLY_VALUES = word_set(
    "-n --names -c --prefix-colors -p --prefix -l --prefix-length -t --timestamp-format "
    "-m --max-processes --restart-tries --restart-after -s --success -d "
    "--default-input-target --name-separator --hide --ks --kill-signal"
)
_NPM_SHORTHAND = LazyPattern(r"^(npm|yarn|pnpm|bun):([\w@./*:-]+)$")
"""``concurrently 'npm:watch'``: the script ``watch`` of the package manager named."""
_RESOURCE = LazyPattern(
    r"^(?:(?:https?|https?-get|tcp|socket|file):|\d+$|:\d+$|[\w.-]+:\d+$|https?://)"
)
"""A resource ``start-server-and-test`` waits for (a URL, a port, ``host:port``)."""
_WAIT_ON_FLAGS = word_set("-l --log -r --reverse -v --verbose")
_WAIT_ON_VALUES = word_set(
    "-d --delay -i --interval -t --timeout -s --simultaneous -w --window --httpTimeout "
    "--tcpTimeout -c --config"
)


def _options_then(
    args: list[Word], flags: frozenset[str], values: frozenset[str], first: bool = False
) -> tuple[dict[str, list[Word]], list[Word]] | None:
    """A runner's own options (each in ``flags`` or ``values``, any order among positionals
    up to ``--``; with ``first``, only before the first positional, whose arguments the rest
    are) and its positional words; None when an option is not one of them or is computed at
    run time."""
    given: dict[str, list[Word]] = {}
    rest: list[Word] = []
    i = 0
    while i < len(args):
        if first and rest:
            rest += args[i:]
            break
        value = args[i].value
        if value is None:
            return None
        if value == "--":
            rest += args[i + 1 :]
            break
        if not value.startswith("-") or value == "-":
            rest.append(args[i])
            i += 1
            continue
        key, eq, inline = value.partition("=")
        if key in flags and not eq:
            given.setdefault(key, [])
            i += 1
        elif key in values and eq:
            given.setdefault(key, []).append(Word(inline, inline))
            i += 1
        elif key in values and i + 1 < len(args):
            given.setdefault(key, []).append(args[i + 1])
            i += 2
        else:
            return None
    return given, rest


PACKAGE_RUNNERS = word_set("npx bunx npm pnpm yarn bun")
"""Package managers' runners, which run a package the project lacks by fetching it."""


_SCOPED_RUNNERS = PACKAGE_RUNNERS | {"pnpx"}
"""The runners whose command word may be a scoped package (``npx @scope/name``)."""


def package_program(spec: str) -> str:
    """The program a scoped npm package runs as (round 19s): ``@biomejs/biome@1.9`` runs
    ``biome``, ``@scope/name`` its ``name``; a package named ``cli`` runs as its scope
    (``@changesets/cli`` is ``changeset``, ``@nestjs/cli`` is ``nest``). Before, the spec was
    read as a path to the project's own program (it holds a ``/``)."""
    scope, _, rest = spec.partition("/")
    name = rest.split("@", 1)[0] or scope.lstrip("@")
    if name == "cli":
        name = scope.lstrip("@").removesuffix("js").removesuffix("s")
    return name


def _fetched_by_package_runner(name: str, ctx: Ctx) -> bool:
    """``npx nodemon``, ``pnpm dlx concurrently``: run by a package manager's runner, a dev
    runner the project has not installed is fetched from the registry first, a download the
    guard does not judge (as ``npx some-package``); installed (``node_modules/.bin``), it is
    the project's own. Costs one ``lstat`` per project bin directory, for these names only."""
    if not any(runner in PACKAGE_RUNNERS for runner in ctx.runners[:-1]):
        return False
    from ondas.guards.bash_local import project_tool

    return project_tool(name, ctx) is None


def _npm_script(manager: str, script: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    from shlex import quote

    return ctx.check_source(f"{manager} run {quote(script)}", ctx, depth + 1)


def _dev_runner(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``nodemon``, ``concurrently``, ``start-server-and-test``, ``wait-on``: what each runs is
    judged as that command; options not known to it leave it a program no rule names."""
    from shlex import quote

    from ondas.guards.bash_known import unknown_program

    if _fetched_by_package_runner(name, ctx):
        return unknown_program(name, args, ctx, seg, s)
    flags, values = {
        "nodemon": (_NODEMON_FLAGS, _NODEMON_VALUES),
        "concurrently": (_CONCURRENTLY_FLAGS, _CONCURRENTLY_VALUES),
        "start-server-and-test": (frozenset(), word_set("--expect")),
        "wait-on": (_WAIT_ON_FLAGS, _WAIT_ON_VALUES),
    }[name]
    parsed = _options_then(args, flags, values, first=name == "nodemon")
    if parsed is None:
        return unknown_program(name, args, ctx, seg, s)
    given, rest = parsed
    if any(w.value is None for w in rest) and (name != "nodemon" or not rest[0].value):
        return block("dynamic-command", seg, f"{name} runs a command computed at run time")
    words = [w.value or "" for w in rest]
    if name == "wait-on":
        # it only waits for files, ports and URLs; its ``--config`` is a module it requires
        for config in given.get("-c", []) + given.get("--config", []):
            verdict = check_argv([Word("node", "node"), config], ctx, depth + 1, seg)
            if not verdict.allowed:
                return verdict
        return ALLOW
    if name == "nodemon":
        execs = given.get("-x", []) + given.get("--exec", [])
        if any(e.value is None for e in execs) or len(execs) > 1:
            return block("dynamic-command", seg, "nodemon runs a command computed at run time")
        if execs:
            if any(w.value is None for w in rest):
                return block("dynamic-command", seg, "nodemon runs words computed at run time")
            line = " ".join([execs[0].value or "", *(quote(w) for w in words)])
            return ctx.check_source(line, ctx, depth + 1)
        if not words:
            if ctx.written:
                return unknown_program(name, args, ctx, seg, s)
            return ALLOW  # the project's ``nodemon.json`` or ``package.json`` start, as npm start
        suffix = words[0][words[0].rfind(".") :] if "." in words[0] else ""
        interpreter = _NODEMON_EXEC_MAP.get(suffix, "node")
        return check_argv([Word(interpreter, interpreter), *rest], ctx, depth + 1, seg)
    if not words:
        return unknown_program(name, args, ctx, seg, s)
    for word in words:
        shorthand = _NPM_SHORTHAND.match(word)
        if shorthand:
            verdict = _npm_script(shorthand.group(1), shorthand.group(2), ctx, depth, seg)
        elif name == "start-server-and-test" and _RESOURCE.match(word):
            continue
        elif name == "start-server-and-test" and not any(c.isspace() for c in word):
            verdict = _npm_script("npm", word, ctx, depth, seg)  # a bare word is a script
        else:
            verdict = ctx.check_source(word, ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


for _name in ("nodemon", "concurrently", "start-server-and-test", "wait-on"):
    register(_name, _dev_runner)


def _app_server(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``remix-serve BUILD``, ``react-router-serve BUILD``: the framework's server loads the
    built server module and serves it, which is ``node BUILD``; with an option or anything
    else, a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    if _fetched_by_package_runner(name, ctx):
        return unknown_program(name, args, ctx, seg, s)
    if len(args) == 1 and args[0].value is not None and not args[0].value.startswith("-"):
        return check_argv([Word("node", "node"), args[0]], ctx, depth + 1, seg)
    return unknown_program(name, args, ctx, seg, s)


for _name in ("remix-serve", "react-router-serve"):
    register(_name, _app_server)

# round 15: coverage and analysis wrappers, which run the build or test command they are given
# and write their report in the project: ``c8 npm test``, ``nyc mocha``, ``bear -- make``,
# ``scan-build make``, ``kcov OUTDIR CMD``, and ``gotestsum -- ./...`` (``go test`` with those
# words). What each runs is judged as that command; the files and directories their options
# name are judged as writes. An option outside the closed sets below (``nyc --require MODULE``,
# ``scan-build --use-cc PROGRAM``, ``bear --wrapper-dir``, ``gotestsum --raw-command``,
# ``kcov --python-parser``, which load or run another program) leaves the wrapper unknown.
_WRAPPER_OPTIONS: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {
    "c8": (
        word_set(
            "--all --check-coverage --per-file --100 --skip-full --exclude-after-remap -a "
            "--omit-relative --exclude-node-modules"
        ),
        word_set(
            "-r --reporter -o --reports-dir --report-dir --temp-directory --src -n --include -x "
            "--exclude -e --extension --branches --functions --lines --statements"
        ),
        word_set("-o --reports-dir --report-dir --temp-directory"),
    ),
    "nyc": (
        word_set(
            "-a --all --check-coverage --per-file -s --silent --skip-full --skip-empty "
            "--exclude-after-remap --exclude-node-modules"
        ),
        word_set(
            "-r --reporter --report-dir -t --temp-dir -n --include -x --exclude -e --extension "
            "--branches --functions --lines --statements"
        ),
        word_set("--report-dir -t --temp-dir"),
    ),
    "bear": (
        word_set("-a --append -v --verbose"),
        word_set("-o --output"),
        word_set("-o --output"),
    ),
    "scan-build": (
        word_set(
            "-v -k --keep-going --status-bugs --keep-empty -analyze-headers -plist -plist-html "
            "--force-analyze-debug-code"
        ),
        word_set("-o -enable-checker -disable-checker --exclude --html-title -maxloop"),
        word_set("-o"),
    ),
    "gotestsum": (
        word_set("--no-color --hide-summary --format-hide-empty-pkg --format-icons --debug"),
        word_set(
            "-f --format --junitfile --jsonfile --packages --junitfile-testsuite-name "
            "--junitfile-testcase-classname --rerun-fails --rerun-fails-report --max-fails"
        ),
        word_set("--junitfile --jsonfile --rerun-fails-report"),
    ),
    "kcov": (
        word_set("--clean --verify --skip-solibs --collect-only --report-only"),
        word_set(
            "--include-path --exclude-path --include-pattern --exclude-pattern --exclude-line "
            "--exclude-region"
        ),
        frozenset(),
    ),
    # round 16: AFL++'s fuzzer and its tools, which run the target command they are given
    # (after their options or ``--``; ``@@`` stands for the input file) over and over, reading
    # the inputs of ``-i`` and writing findings to ``-o`` (and each input to ``-f``);
    # ``afl-fuzz -I COMMAND`` is shell text run on each crash, judged as a command line. Not
    # ``afl-fuzz -c PROGRAM`` (a second program run for comparisons), ``-W`` (the target run
    # under wine) or the nyx modes, which stay unknown.
    "afl-fuzz": (
        word_set("-d -D -n -N -C -Q -U -O -Z -z"),
        word_set("-i -o -f -t -m -P -p -g -G -L -l -a -e -s -V -E -M -S -F -T -b -x -I"),
        word_set("-o -f"),
    ),
    "afl-showmap": (word_set("-q -e -r -Q -U -O -C"), word_set("-i -o -t -m"), word_set("-o")),
    "afl-tmin": (word_set("-Q -U -O -e -x"), word_set("-i -o -f -t -m"), word_set("-o -f")),
    "afl-cmin": (word_set("-Q -U -O -C -e"), word_set("-i -o -f -t -m -T"), word_set("-o -f")),
}
"""A wrapper's options without a value, with one, and those whose value is a file or
directory it writes."""
_COVERAGE_REPORTS = word_set("report check-coverage")
"""Verbs of ``c8`` and ``nyc`` that read the coverage data already gathered and write the
report, running nothing."""


def _coverage_wrapper(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """``c8``, ``nyc``, ``bear``, ``scan-build``, ``kcov``, ``gotestsum``: the command each runs
    is judged as that command, and what its options name is judged as a write; options not
    known to it leave it a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    if _fetched_by_package_runner(name, ctx):
        return unknown_program(name, args, ctx, seg, s)
    if name == "afl-fuzz":
        for k, word in enumerate(args[:-1]):  # ``-I CMD``: shell text run on each new crash
            if word.value == "-I" and args[k + 1].value is not None:
                verdict = ctx.check_source(str(args[k + 1].value), ctx, depth + 1)
                if not verdict.allowed:
                    return verdict
    flags, values, writes = _WRAPPER_OPTIONS[name]
    parsed = _options_then(args, flags, values, first=name != "gotestsum")
    if parsed is None:
        return unknown_program(name, args, ctx, seg, s)
    given, rest = parsed
    for option in writes:
        for target in given.get(option, []):
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    if name in {"c8", "nyc"} and rest and rest[0].value in _COVERAGE_REPORTS:
        return ALLOW if len(rest) == 1 else unknown_program(name, args, ctx, seg, s)
    if name == "gotestsum":
        # ``gotestsum [OPTIONS] [-- GO-TEST-WORDS]`` runs ``go test -json GO-TEST-WORDS``; a
        # word before ``--`` is a verb of its own (``gotestsum tool slowest``)
        values_given = [a.value for a in args]
        cut = values_given.index("--") if "--" in values_given else len(args)
        before = _options_then(args[:cut], flags, values)
        if before is None or before[1]:
            return unknown_program(name, args, ctx, seg, s)
        go_test = [Word("go", "go"), Word("test", "test"), *args[cut + 1 :]]
        return check_argv(go_test, ctx, depth + 1, seg)
    if name == "kcov" and rest:
        # ``kcov [OPTIONS] OUTDIR [CMD ARGS]``: the report directory, then what it runs
        verdict = check_write_target(rest[0], ctx, seg)
        if not verdict.allowed:
            return verdict
        rest = rest[1:]
        if not rest and "--report-only" in given:
            return ALLOW
    if not rest:
        return unknown_program(name, args, ctx, seg, s)
    return check_argv(rest, ctx, depth + 1, seg, s)


for _name in _WRAPPER_OPTIONS:
    register(_name, _coverage_wrapper)

# round 15: Bash's test runner, which runs the project's ``.bats`` files (bash) as pytest runs
# its tests: known when every file or directory it is given is the project's, its formatters
# are its own (``-F ./fmt`` runs that program) and its output directories are writes.
_BATS_FLAGS = word_set(
    "-r --recursive -t --tap -p --pretty -T --timing -x --trace -c --count --abort "
    "--print-output-on-failure --show-output-of-passing-tests --verbose-run "
    "--no-tempdir-cleanup --no-parallelize-across-files --no-parallelize-within-files"
)
_BATS_VALUES = word_set(
    "-f --filter --negative-filter --filter-status --filter-tags -j --jobs -F --formatter "
    "--report-formatter -o --output --gather-test-outputs-in --line-reference-format "
    "--code-quote-style"
)
_BATS_FORMATTERS = word_set("pretty tap tap13 junit")
_BATS_CHOSEN = word_set("-F --formatter --report-formatter")
_BATS_WRITES = word_set("-o --output --gather-test-outputs-in")


def _bats(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``bats test/``: the project's test files run, as ``pytest`` runs its own; a file or
    directory outside the project, a formatter that is a program, ``--setup-suite-file`` or
    another option leave it a program no rule names."""
    from ondas.guards.bash_base import project_program
    from ondas.guards.bash_known import unknown_program

    parsed = _options_then(args, _BATS_FLAGS, _BATS_VALUES)
    if parsed is None:
        return unknown_program(name, args, ctx, seg, s)
    given, rest = parsed
    for option in _BATS_WRITES:
        for target in given.get(option, []):
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    chosen = [w.value for option in _BATS_CHOSEN for w in given.get(option, [])]
    paths = [w.value for w in rest]
    if (
        not paths
        or any(v not in _BATS_FORMATTERS for v in chosen)
        or not all(p and project_program(p if "/" in p else f"./{p}", ctx) for p in paths)
    ):
        return unknown_program(name, args, ctx, seg, s)
    return ALLOW


register("bats", _bats)

# round 15: Emacs in batch mode running the project's Emacs Lisp: its test suite (``emacs -Q
# --batch -L . -l ert -l test/x-test.el -f ert-run-tests-batch-and-exit``) or a byte
# compilation of its files, as ``julia test/runtests.jl`` runs the project's code.
_EMACS_FLAGS = word_set(
    "-Q -q --quick --no-init-file -batch --batch --no-site-file --no-site-lisp --no-splash "
    "--debug-init"
)
_EMACS_LOADS = word_set("-l --load -L --directory")
_EMACS_BATCH_FUNCTIONS = word_set(
    "ert-run-tests-batch-and-exit ert-run-tests-batch batch-byte-compile batch-native-compile "
    "buttercup-run-discover kill-emacs"
)
"""Batch entry points that run the tests or compile the files already loaded or named, and
nothing else (not ``package-initialize``, which loads the user's packages, nor
``package-refresh-contents``, which fetches)."""
_EMACS_COMPILERS = word_set("batch-byte-compile batch-native-compile")
"""Entry points that take the words after them as the files to compile (each a file of the
project, its ``.elc`` written beside it)."""


def _emacs_project_batch(args: list[Word], ctx: Ctx) -> bool:
    """``emacs --batch`` given only :data:`_EMACS_FLAGS`, files and load directories of the
    project (``-l FILE``, ``-L DIR``; a bare library name, ``-l ert``, is looked for in the
    working directory first, then in Emacs's own directories and the ``-L`` ones), and
    :data:`_EMACS_BATCH_FUNCTIONS`; files to compile after a compiler entry point. No
    ``--eval``, no file visited (its local variables may hold code), no ``-L`` or ``-l``
    outside the project."""
    from ondas.guards.bash_base import project_program

    def inside(path: str | None) -> bool:
        return path is not None and project_program(path if "/" in path else f"./{path}", ctx)

    values = [a.value for a in args]
    if not ({"--batch", "-batch"} & set(values)):
        return False
    i = 0
    compiling = False
    while i < len(values):
        v = values[i]
        if v is None:
            return False
        key, eq, inline = v.partition("=")
        if compiling and not v.startswith("-"):
            if not inside(v):
                return False
        elif v in _EMACS_FLAGS:
            pass
        elif key in _EMACS_LOADS and key.startswith("--") and eq:
            if not inside(inline):
                return False
        elif v in _EMACS_LOADS and i + 1 < len(values):
            if not inside(values[i + 1]):
                return False
            i += 1
        elif v in {"-f", "--funcall"} and i + 1 < len(values):
            function = values[i + 1]
            if function not in _EMACS_BATCH_FUNCTIONS:
                return False
            compiling = function in _EMACS_COMPILERS
            i += 1
        else:
            return False
        i += 1
    return True


def _emacs(previous: Handler) -> Handler:
    """Emacs's rule (its ``--eval`` code and ``-f`` calls judged, :data:`RUNNERS`), each file
    it opens judged as a write (:mod:`ondas.guards.bash_editors`, round 23), with a run of the
    project's own Emacs Lisp in batch mode known unattended."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        from ondas.guards.bash_editors import editor

        verdict = editor(previous, name, args, ctx, depth, seg, s)
        if verdict.rule == "unknown-program" and _emacs_project_batch(args, ctx):
            return ALLOW
        return verdict

    return handler


EMACS = _emacs(HANDLERS["emacs"])
"""Emacs's rule: its code (``--eval``, ``-f``), the files it opens, the project's batch runs;
``bash_desktop`` registers the name too (so a line naming emacs loads the rules) and calls
this."""
register("emacs", EMACS)

_DC_SHELL = LazyPattern(r"!(?![<>=])([^\n]*)")
"""dc's ``!`` runs the rest of its line as a shell command (``!<r``, ``!>r``, ``!=r`` compare)."""
_DC_EXPRESSIONS = word_set("-e --expression")
_DC_USAGE = word_set("-V --version -h --help")


def _dc(name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None) -> Verdict:
    """``dc``: a calculator whose only ways out are ``!`` (the rest of the line is a shell
    command, judged as one in every mode) and ``?`` (a line of standard input is run as dc
    code). Its program is the text of its ``-e`` words, or else of its standard input: known
    when that text is seen and holds neither; a file of code (``-f FILE``, an operand), a pipe
    the guard cannot follow or a computed word leave it a program no rule names."""
    from ondas.guards.bash_known import unknown_program

    texts: list[str | None] = []
    known = True
    i = 0
    while i < len(args):
        v = args[i].value
        if v is not None and v in _DC_EXPRESSIONS and i + 1 < len(args):
            texts.append(args[i + 1].value)
            i += 2
            continue
        if v is not None and v.startswith("--expression="):
            texts.append(v.partition("=")[2])
        elif v is not None and v.startswith("-e") and len(v) > 2:
            texts.append(v[2:])
        elif v not in _DC_USAGE:
            known = False  # ``-f FILE``, a file operand, an option dc may read otherwise
        i += 1
    if not texts and known:
        fed = stdin_payloads(s)
        texts, known = (fed or [], bool(fed))
    for text in texts:
        if text is None:
            known = False
            continue
        for line in _DC_SHELL.compiled.findall(text):
            for command in dict.fromkeys((line.split("]", 1)[0], line)):  # a macro's end
                verdict = ctx.check_source(command, ctx, depth + 1)
                if not verdict.allowed and verdict.category != "unknown":
                    return verdict
        if "?" in text or _DC_SHELL.search(text):
            known = False
    return ALLOW if known else unknown_program(name, args, ctx, seg, s)


register("dc", _dc)


def _xvfb_run(previous: Handler) -> Handler:
    """``xvfb-run``: the writes and X server words of its own options
    (:func:`ondas.guards.bash_displays.xvfb_run`), then the command it runs (its row)."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        from ondas.guards.bash_displays import xvfb_run

        verdict = xvfb_run(args, ctx, seg)
        return verdict if not verdict.allowed else previous(name, args, ctx, depth, seg, s)

    return handler


register("xvfb-run", _xvfb_run(HANDLERS["xvfb-run"]))

from ondas.guards.bash_known import RULED_SERVICE_CLIS, SERVICE_CLIS, service_rule  # noqa: E402

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

for _name in sorted((SERVICE_CLIS | RULED_SERVICE_CLIS) & HANDLERS.keys()):
    register(_name, service_rule(HANDLERS[_name]))


def _mysqladmin(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """mysqladmin's command list (:mod:`ondas.guards.bash_command_lists`, loaded for its
    lines only)."""
    from ondas.guards.bash_command_lists import mysqladmin

    verdict = _mysql_debug(name, args, ctx, seg)
    return verdict if not verdict.allowed else mysqladmin(name, args, ctx, depth, seg, s)


def _mysql_debug(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A MySQL client's trace file (``--debug=d:o,FILE``, :mod:`ondas.guards.bash_mysql_debug`,
    loaded only for a line with an option), judged as a write."""
    if not any((a.value or "")[:2] in {"--", "-#"} for a in args):
        return ALLOW
    from ondas.guards.bash_mysql_debug import debug_trace

    return debug_trace(name, args, ctx, seg)


def _mysql_client(previous: Handler) -> Handler:
    """mysql's and mariadb's rule (their ``-e`` code, ``--pager``) after their trace file."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        verdict = _mysql_debug(name, args, ctx, seg)
        return verdict if not verdict.allowed else previous(name, args, ctx, depth, seg, s)

    return handler


register("mysqladmin", _mysqladmin)


def _uv(previous: Handler) -> Handler:
    """uv's ``--directory DIR``: uv moves to DIR before it runs anything, so the line is judged
    there, as ``cd DIR && uv ...`` is (round 23, left23: ``uv run --directory /tmp/p python
    main.py`` runs ``/tmp/p/main.py``)."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        from ondas.guards.bash_base import option_values as values_of

        found = list(values_of(args, word_set("--directory")))
        if not found:
            return previous(name, args, ctx, depth, seg, s)
        from ondas.guards.bash_system import in_directory

        return in_directory(found[-1].value, ctx, lambda: previous(name, args, ctx, depth, seg, s))

    return handler


register("uv", _uv(HANDLERS["uv"]))


def _git_cliff(
    name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
) -> Verdict:
    """git-cliff's templates given on its line (:mod:`ondas.guards.bash_command_lists`)."""
    from ondas.guards.bash_command_lists import template_environment

    return template_environment(name, args, ctx, depth, seg, s)


register("git-cliff", _git_cliff)


register("mysql mariadb", _mysql_client(HANDLERS["mysql"]))
