"""Programs no rule names: judged by their verb, and by name in unattended runs.

Every program with a rule is checked by it. For the rest the guard knows the name and the
words. A sub-command verb that destroys (``delete``, ``destroy``, ``purge``, ``apps:destroy``,
``delete-bucket``...) is refused in every mode: service CLIs (:data:`SERVICE_CLIS`) reach
what the OS sandbox cannot see. In an unattended run the caller sets ``unattended`` when the
OS sandbox is off (``--no-sandbox``): then a program no rule names may run a sub-command that
reads (``droplet list``, ``apps:info``, ``list_queues``) and nothing else, unless it is in
:data:`KNOWN_SAFE`, the everyday tools of a software project, or :data:`KNOWN_BY_VERB`, or is
a program the project installed for itself (:mod:`ondas.guards.bash_local`); the refusal
names the program and its verb. With the sandbox on, unknown programs run inside it
(see docs/guardrails.md for the figures behind this default).
"""

from __future__ import annotations

import posixpath
from itertools import pairwise

from ondas.guards.bash_base import (
    ASKS_VERSION_OR_HELP,
    BACKUP_OPTION_VALUES,
    CONSOLE_NAMES,
    FILE_SUFFIXES,
    Ctx,
    Handler,
    Stdin,
    Word,
    block,
    check_write_target,
    flag_set,
    option_values,
    project_program,
    word_set,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.verdict import ALLOW, Verdict

# Not ``typing.TYPE_CHECKING``: the hooks start a process per tool call and skip importing typing.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

KNOWN_SAFE = word_set(
    "ls dir vdir cat head tail less more grep egrep fgrep rg ag ack wc echo printf pwd whoami id "
    "date true false test [ [[ which type hash basename dirname realpath readlink stat "
    "file du df tree diff cmp comm cut paste tr fold fmt nl column join expand unexpand "
    "rev tac seq yes sleep jq yq xmllint md5sum sha1sum sha256sum sha512sum cksum "
    "mktemp export set unset shift read local declare typeset readonly return exit "
    "break continue wait jobs fg bg getopts umask ulimit printenv uname hostname "
    "make cmake ninja meson bazel pytest py.test tox nox ruff black isort flake8 pylint "
    "mypy pyright coverage pre-commit poetry hatch pdm rye uvx tsc eslint prettier jest "
    "vitest mocha node npx deno bun mvn gradle javac java kotlinc scalac sbt rustc rustfmt "
    "clippy-driver gofmt golangci-lint dotnet swift swiftc clang gcc g++ cc c++ ld ar "
    "strip objdump nm gdb lldb valgrind pkg-config autoreconf autoconf automake "
    "configure ctest shellcheck shfmt hadolint yamllint markdownlint editorconfig-checker "
    "mdformat sphinx-build js-beautify html-beautify css-beautify pv "
    "mkdocs jekyll hugo pandoc latexmk pdflatex dot convert identify ffmpeg ffprobe "
    "sqlite3 psql mysql redis-cli column iconv base64 gzip gunzip zcat bzip2 bunzip2 xz "
    "unxz zstd tar zip unzip 7z cpio lsof ps top htop pgrep free uptime vmstat nproc "
    "locale tput clear reset stty tty history fc help man info apropos whatis "
    "ssh-keygen openssl curl wget git gh glab hub tig delta bat fd fzf exa eza "
    "entr watchman inotifywait sponge ts vipe moreutils shasum lcov genhtml gcov gcovr "
    "uvicorn gunicorn whereis git-lfs pipenv pixi rye bundle "
    "bundler devbox direnv ss netstat lsblk tokei cloc ncdu stern pg_dump pg_dumpall mysqldump "
    "rspec act ansible-lint ansible-inventory ansible-doc ansible-config tmux screen "
    "journalctl dmesg : let shopt unalias disown times dirs mapfile readarray caller suspend "
    "complete logout "
    # build, test and lint tools of ecosystems the list first missed (JS bundlers and test
    # runners, Apple, Elixir, Ruby, Python security scanners, IaC linters); not tools that
    # install globally (``dart pub global``) or run any tool (``xcrun``)
    "vite next nuxt astro webpack rollup esbuild turbo nx lerna playwright cypress storybook "
    "svelte-check vue-tsc stylelint biome oxlint pip-compile pip-sync bandit pip-audit "
    "pyupgrade pydocstyle rubocop standardrb erlc xcodebuild swiftlint tflint tfsec "
    "checkov kubeconform kubeval actionlint "
    # inspection tools that only print what a file, the machine or the clipboard holds
    "strings hexdump xxd od readelf size getent groups who w users last getconf arch lscpu "
    "lspci lsusb lsmod iostat mpstat sw_vers system_profiler vm_stat mdfind mdls blkid "
    "zipinfo pbpaste pbcopy compgen tldr btop dust duf procs atq "
    # offline linters, formatters, compilers and doc builders that write only their outputs
    "gitleaks detect-secrets cppcheck clang-format clang-tidy cpplint protoc sass postcss "
    "tailwindcss terser uglifyjs uglify-js csso babel swc mdbook zola typedoc jsdoc doxygen "
    "asciidoctor magick optipng pngquant svgo exiftool ghc syft "
    # round 6b: read-only viewers and diffs, Go and JS analysers, build tools that run only the
    # project's own build files, doc, changelog and release-note builders, spell checkers; not
    # compiler wrappers that run any command (``ccache``, ``sccache``), tools with a publish or
    # deploy verb (``maturin``, ``wasm-pack``, ``ng``, ``docusaurus``) or a ``run CMD`` verb
    # (``foreman``, ``honcho``), nor editors of files in place given any path (``sd``), nor
    # ``ldd``, which may run the program it inspects
    "apt-cache getfacl lsattr diff3 colordiff icdiff difft csvlook gron htmlq xq fx "
    "staticcheck gofumpt goimports revive errcheck mockgen air bazelisk ant dune zig "
    "envsubst msgfmt msgmerge xgettext knip depcheck madge size-limit commitlint "
    "vue-cli-service vitepress pdoc sphinx-autobuild regendoc git-cliff towncrier virtualenv "
    "pyproject-build check-manifest bump2version bumpversion codespell typos cspell vale "
    "tensorboard ctags cscope lsb_release findmnt pr "
    # read-only looks at the machine's state: processes, sensors, security mode, logins, ids
    "pstree sensors sestatus lastlog lastb cal ncal uuidgen lsb_release "
    # toolchains, test runners and profilers of more ecosystems, which build, run or measure the
    # project's own code as make and pytest do (round 6, from a probe of 203 everyday commands
    # across ecosystems, written by us; publishing, deploying and global installs keep their
    # rules: cabal and stack ``install`` are the package policy's, their ``exec`` a runner's;
    # language REPLs and ``-e`` runners such as julia, erl, iex stay unknown)
    "kotlin phpunit pest elm rebar3 buck2 pants mage doit "
    "msbuild wdio nbstripout papermill streamlit gradio pyinstrument scalene memray heaptrack "
    "eleventy graphql-codegen sqlc pg_isready "
    # round 8: JSON and YAML printers, the clipboard, a CMake formatter, gpg's agent control
    "json_pp yaml2json xclip xsel wl-copy wl-paste cmake-format gpgconf "
    # round 9: static analysers of a Rails app (its code; its models against its schema) and a
    # printer of the machine's tool versions, which write nothing but their report
    "brakeman database_consistency envinfo "
    # round 9b: GNU grep under its Homebrew name, a package linter, a VS Code extension test
    # runner and an xcodebuild log formatter, which read the project and write their report;
    # OCaml's compilers (their ``-pp`` preprocessor command is judged, bash_runners); the
    # runners of the project's own npm scripts, as ``npm run`` (``--npm-path`` is judged, and a
    # package.json this line wrote is read, bash_sources)
    "ggrep publint vscode-test xcbeautify ocamlc ocamlopt npm-run-all run-s run-p "
    # round 10: Haskell's linter (``--with-refactor`` names the program it runs: judged,
    # bash_runners), Perl's test harness, which runs the project's tests as pytest does
    # (``--exec`` judged), and Perl's formatter, which rewrites the files it is given as black
    # does (bash_output_options)
    "hlint prove perltidy "
    # round 10: GHC's script runners, as ``ghc`` itself (their ``-e`` code judged, bash_runners)
    "runghc runhaskell "
    # round 10: coreutils that compute and print (``expr 1 + 2``, ``numfmt``, ``dircolors``);
    # Debian's names for bat and fd (``batcat``, ``fdfind``), the same programs; static
    # analysers of PHP, Haskell and Python and a Markdown linter, which read the project and
    # print (or fix in it) what they find; bundlers, code generators and build systems that
    # run only the project's own build files (``SConstruct``, ``premake5.lua``, wire's
    # injectors, swag's annotations); a CUDA binary's dumper and an include checker; NVIDIA's
    # GPU status printer (its options that change the GPU are refused, CHANGING_OPTIONS). Not
    # tools with a command-valued option (``nvcc -ccbin``, ``tsup --onSuccess``, ``ghcid
    # --command``, ``templ --cmd``), a file they write wherever an option says
    # (``interrogate -g``), or that fetch from their own hosts (``trivy``, ``lychee``)
    "expr factor numfmt dircolors batcat fdfind phpstan psalm pytype vulture radon "
    "xenon darglint basedpyright markdownlint-cli2 parcel unbuild swag wire scons premake5 "
    "svelte-kit include-what-you-use cuobjdump nvidia-smi "
    # round 11: JavaScript's TAP-style test runners, which run the project's test files as
    # mocha and jest do (not the coverage wrappers ``c8``/``nyc``, which run any command)
    "tape tap ava uvu "
    # round 12: Lua's linters, which read the project and print what they find, and Graphviz's
    # graph filters and layouts beside ``dot``, which read a graph and write the drawing (their
    # ``-o FILE`` judged as dot's, bash_output_options); JavaScript's framework CLIs beside
    # ``next`` and ``astro``, which build, type and serve the project's own routes
    # (``react-router build``, ``remix vite:build``; ``remix dev -c CMD`` runs CMD: judged,
    # bash_runners), and tsup, a bundler as esbuild is (``--onSuccess CMD`` judged)
    "luacheck selene tred unflatten acyclic neato fdp sfdp circo twopi osage patchwork "
    "react-router remix tsup "
    # round 13: Go's coverage-profile mergers and converters, which read the profiles named
    # (or standard input) and print the result, as ``lcov`` and ``gcovr`` do
    "gocovmerge gocover-cobertura "
    # round 13: programs whose every write the output tables judge (bash_output_options):
    # formatters that rewrite the files they are given (autopep8, yapf; dos2unix and its
    # companions), ImageMagick's and poppler's companions of ``convert``/``magick`` (their
    # output operand), clang's C++ driver, assemblers and linkers (``-o``), PDF rewriters,
    # ``shuf -o`` and webpack's CLI; none runs code named by an option or a config file (not
    # ``tcc -run``, ``nvcc -ccbin``, ``gs -dNOSAFER``, ``groff -U``, ``xsltproc``'s fetches
    # and ``exsl:document`` writes, which stay unknown)
    "autopep8 yapf dos2unix unix2dos mac2unix unix2mac composite montage pdftotext pdfunite "
    "clang++ as ld.gold ld.lld ld.bfd nasm pdftk qpdf shuf webpack-cli "
    # round 13: the JDK's read-only inspectors: a class file's disassembly and dependencies,
    # the running JVMs, a JVM's threads and counters; their ``-J`` options reach the JVM that
    # runs them (``-J-javaagent:`` loads any code) and are judged, :func:`jdk_tool`
    "javap jdeps jps jstack jstat "
    # round 14: Elm's test runner and reviewer, which compile and check the project's own Elm
    # modules as ``elm make`` does (``--compiler`` and ``--elm-format-path`` name the program
    # they run: judged, bash_runners; ``elm-review --template`` fetches a configuration from
    # GitHub: the network's, :data:`FETCHED_FROM`); Ada's project builder, which builds what
    # the project's ``.gpr`` file declares as make does its Makefile, and its library lister
    "elm-test elm-review gprbuild gnatls "
    # round 14: Apple's tools for a binary's architectures, which print them (``lipo -info``,
    # ``otool -L``) or join them into the file ``-output`` names (judged, bash_output_options)
    "lipo otool "
    # round 14: LVM's reporters, which print the physical volumes, volume groups and logical
    # volumes and change nothing (``lvm lvdisplay`` is ``lvdisplay``); the creating, changing
    # and removing commands (``lvcreate``, ``vgextend``, ``lvremove``) stay unknown or refused
    "pvs vgs lvs pvdisplay vgdisplay lvdisplay "
    # round 15: read-only looks at the machine: a process's memory map, SELinux's mode, the
    # system activity reporter (its ``-o FILE`` judged as a write, bash_output_options), the
    # processes using a file (``fuser -k`` kills them: refused, CHANGING_LETTERS)
    "pmap getenforce sar fuser "
    # round 15: linters of prose, reStructuredText, shell, Perl, Ruby and Haskell, a finder of
    # TypeScript's unused exports and a complexity counter, which read the files they are given
    # and print what they find (their configuration is data or the project's own code; ``lizard
    # -o FILE`` judged as a write); ``prek``, pre-commit's port, with pre-commit's verbs and
    # configuration file
    "proselint alex doc8 rstcheck bashate checkbashisms perlcritic reek weeder ts-prune lizard "
    "prek "
    # round 15: GNU make under the name BSDs and Homebrew install it as, with make's rules
    # (``--eval``, ``SHELL=``, a Makefile this line wrote: :data:`MAKES`); coreutils' ``sync``,
    # which writes the kernel's buffered data to the disks and changes no file
    "gmake sync "
    # round 17: Create React App's scripts and Vinxi (SolidStart's server bundler), which build,
    # serve and test the project's app as ``vite`` does (``eject`` copies their configuration
    # into the project; Vinxi's ``--config`` is code: bash_startup); TSLint, which lints the
    # files it is given (``--fix`` rewrites them, ``-o`` judged as a write; its rules and
    # formatters directories are code: bash_startup)
    "react-scripts vinxi tslint "
    # round 19: formatters of more ecosystems, each of whose writes the output tables judge
    # (bash_output_options' REWRITERS: the files it is given, in the project or not): Nix's
    # (nixfmt, nixpkgs-fmt, alejandra; deadnix, which only prints unless ``--edit``), Haskell's
    # (ormolu, fourmolu, stylish-haskell, cabal-fmt), Kotlin's ktfmt, Swift's (swift-format,
    # whose ``lint`` reads and ``format -i`` rewrites; swiftformat), Elm's, Scala's scalafmt,
    # Bazel's buildifier, Nim's, Godot's gdformat, yamlfmt, Erlang's, CMake's gersemi, F#'s
    # fantomas and Django templates' djlint; none runs code named by an option (not ktlint,
    # whose ``--ruleset`` loads a jar and ``installGitPreCommitHook`` writes git's hooks)
    "nixfmt nixpkgs-fmt alejandra deadnix ormolu fourmolu stylish-haskell cabal-fmt ktfmt "
    "swift-format swiftformat elm-format scalafmt buildifier nimpretty gdformat yamlfmt erlfmt "
    "gersemi fantomas djlint "
    # round 19: Go's vulnerability checker, which reads the project's code and its
    # dependencies and prints the known vulnerabilities they reach; it downloads them from
    # vuln.go.dev, judged as that fetch (:data:`ALWAYS_FETCHES`); Go's static analysers,
    # which read the packages they are given and print what they find (gosec's ``-out FILE``
    # judged as a write); formatters of OCaml, PureScript, C# and Go's spelling and imports
    # (``ocamlformat -i``, ``purs-tidy format-in-place``, ``csharpier``, ``dotnet-format``,
    # ``misspell -w``, ``gci write``) and binutils' objcopy, whose writes the output tables
    # judge (bash_output_options), and addr2line, which prints a binary's source lines
    "govulncheck gosec ineffassign gocyclo gocognit misspell gci ocamlformat purs-tidy "
    "csharpier dotnet-format objcopy addr2line "
    # round 19: Haskell's package.yaml converter (it writes the .cabal file beside it), the
    # docs generator of Terraform modules (``--output-file`` judged as rewriting each module's
    # file), WebAssembly's bindings generator and optimiser and LLVM's coverage tools, whose
    # outputs (``--out-dir``, ``-o``, ``-output-dir``) are judged as writes
    "hpack terraform-docs wasm-bindgen wasm-opt llvm-cov llvm-profdata "
    # round 20: JavaScript's jasmine, which runs the project's spec files as mocha does (its
    # helpers, required modules and configuration are code: bash_startup), webpack's dev
    # server, which bundles and serves the project as webpack does (``--config`` judged), the
    # TypeScript watcher, whose ``--onSuccess`` and companion commands are judged as run
    # (bash_runners) as tsup's are, and Go's unused-parameter linter, which reads the packages
    # it is given and prints what it finds
    "jasmine webpack-dev-server tsc-watch unparam "
    # round 21: Foundry's local chain node for tests (its ``--fork-url`` reads a remote node:
    # RPC_OPTIONS, judged as a fetch unattended)
    "anvil "
    # round 21: CMake's packager, which runs the install rules of the build tree it is in
    # (the project's CMakeLists, as ``cmake --install``) into a staging area and packs them
    # (``-B DIR`` judged as a write, ``--config FILE``, CMake code, as cmake's ``-P``), and
    # Valgrind's profile viewers, which show a callgrind output file
    "cpack kcachegrind qcachegrind "
    # round 22 (redteam22): coreutils' encoder beside base64 and base32, the same printer of
    # what it reads in other alphabets (a secret file given to it is refused, as to base64)
    "basenc "
    # round 22: the message functions of the LSB init-script library (``/lib/lsb/
    # init-functions``, sourced as an environment script): each prints a status line and
    # returns; a function of that name the line defines is judged by its body, as any is
    "log_daemon_msg log_end_msg log_action_msg log_action_begin_msg log_action_end_msg "
    "log_begin_msg log_progress_msg log_success_msg log_failure_msg log_warning_msg"
)

KNOWN_BY_VERB = word_set(
    "rails rake celery thor invoke mix artisan django-admin manage.py alembic flask gpg "
    "prisma drizzle-kit knex sequelize typeorm mikro-orm just task dart flutter jupyter "
    # round 17: Poe the Poet runs the tasks the project's pyproject.toml declares, as just runs
    # its justfile's recipes (the task names are the project's word)
    "poe "
    "kustomize mlflow flyway liquibase dbmate sqitch "
    # round 9: a PHP framework's CLI (local server, checks) and a doc-site builder, each with
    # a deploy verb (the policy's, below) and, for symfony, verbs that run other programs
    "symfony docusaurus "
    # round 9b: a monorepo's release notes and versions (``changeset publish`` is the policy's),
    # a Nix developer environment (``devenv shell CMD`` is judged as a runner; ``container``
    # runs or uploads an image) and dune's release tool (alone, it publishes); the MyST
    # document engine and Jupyter Book 2, built on it (``build --execute`` runs the project's
    # notebooks, as papermill does)
    "changeset devenv dune-release myst jupyter-book "
    # round 11: Aspect's Bazel front end, whose verbs are bazel's and the project's own tasks
    # (``aspect format``, ``aspect build //...``), as ``just RECIPE`` runs the project's
    "aspect "
    # round 12: Gleam's build tool, whose verbs build, run, test, format and document the
    # project and fetch its dependencies into it, as ``cargo`` and ``mix`` do (``gleam
    # publish`` and the ``hex`` verbs are the policy's, ``gleam shell`` starts a REPL:
    # :data:`REGISTRY_GROUPS`, :data:`RUNS_OTHERS`)
    "gleam "
    # round 13: Electron Forge, whose verbs run, package and make the project's own app
    # (``electron-forge start``, ``make``); ``publish`` is the policy's (PUBLISH_VERBS),
    # ``init`` and ``import`` run the package manager and git (:data:`RUNS_OTHERS`)
    "electron-forge "
    # round 13: Rust's builders of WebAssembly packages and Python extension modules, which
    # build, test and pack the project's crate as ``cargo`` does (their ``publish``/``upload``
    # are the policy's; ``wasm-pack new`` fetches a template and ``login`` stores a registry
    # token, refused unattended: :data:`RUNS_OTHERS`)
    "wasm-pack maturin "
    # round 17: the NestJS CLI, which builds, starts and scaffolds files of the project's app
    # (``nest new`` and ``add`` run the package manager: :data:`RUNS_OTHERS`; ``--exec`` is
    # judged as the command it runs: bash_runners)
    "nest "
    # round 14: Solidity's build tools, whose verbs compile, test, format, lint and document
    # the project's contracts and run its scripts (``hardhat test``, ``forge build``); what
    # puts a contract or its source on a chain or an explorer is the policy's
    # (:data:`CHAIN_PUBLISHING`); ``forge --use PATH`` names the compiler it runs (judged,
    # bash_runners)
    "hardhat forge "
    # round 14: D's package manager and build tool, whose verbs build, run, test and lint the
    # project (``dub --single FILE.d`` runs one file of it) and fetch its dependencies, as
    # ``cargo`` does; its verbs that register a path or override for every project of the user
    # are refused unattended (:data:`RUNS_OTHERS`)
    "dub "
    # round 15: Nextflow's test runner, whose verbs run, list, generate and clean the tests of
    # the project's pipeline as ``pytest`` does its tests
    "nf-test "
    # round 16: Tauri's CLI, whose verbs run, build, bundle and sign the project's desktop or
    # mobile app as ``cargo`` and ``electron-forge`` do (``tauri add`` and ``migrate`` run the
    # package managers: :data:`RUNS_OTHERS`), and napi-rs's, which builds the project's Node
    # addon with cargo and lays out its npm packages (its ``prepublish`` is the policy's)
    "tauri napi "
    # round 19: Melos, the Dart and Flutter monorepo tool, links the workspace's packages
    # (``bootstrap``, which runs ``dart pub get`` in each) and runs the scripts its
    # melos.yaml declares, as just runs its recipes (``melos publish`` is the policy's;
    # ``exec CMD`` runs CMD in each package, judged as that command: bash_runners)
    "melos"
)
"""Project task runners, migration tools and tools with sub-commands: known in unattended
runs like ``make``, but a destroying task or option (``rails db:drop``, ``django-admin flush``,
``alembic downgrade``, ``prisma migrate reset``, ``prisma db push --force-reset``, ``gpg
--delete-secret-keys``) is refused as for a service CLI."""

CHANGING_OPTIONS = {
    "journalctl": word_set(
        "--vacuum-size --vacuum-time --vacuum-files --rotate --flush --relinquish-var "
        "--setup-keys --update-catalog"
    ),
    "dmesg": word_set("-C -c --clear --read-clear -n --console-level -D -E --console-off"),
    "nvidia-smi": word_set(
        "-pm --persistence-mode -e --ecc-config -p --reset-ecc-errors -c --compute-mode -r "
        "--gpu-reset -pl --power-limit -ac --applications-clocks -rac --reset-applications-clocks "
        "-acp --applications-clocks-permission -lgc --lock-gpu-clocks -rgc --reset-gpu-clocks "
        "-lmc --lock-memory-clocks -rmc --reset-memory-clocks -mig --multi-instance-gpu -am "
        "--accounting-mode -caa --clear-accounting-apps --auto-boost-default "
        "--auto-boost-permission -dm --driver-model -fdm --force-driver-model -gom "
        "--gpu-operation-mode -cc --cuda-clocks mig drain vgpu compute-policy boost-slider "
        "power-hint conf-compute c2c-mode"
    ),
    # round 17: the clock and the host's name set, gpg's components reconfigured (their
    # pinentry and helpers are programs), another terminal's settings changed
    "date": word_set("-s --set"),
    "hostname": word_set("-F --file -b --boot"),
    "gpgconf": word_set(
        "--change-options --change-component-options --apply-defaults --apply-profile"
    ),
    "stty": word_set("-F --file -f"),
    # round 22: gpg's changes to the user's web of trust (a key trusted, signed or edited):
    # a signature by a key so trusted verifies as good for every later check of the user's
    **dict.fromkeys(
        ("gpg", "gpg2"),
        word_set(
            "--import-ownertrust --edit-key --sign-key --lsign-key --quick-sign-key "
            "--quick-lsign-key --tofu-policy"
        ),
    ),
}
"""Options that turn a known inspection tool into one that changes the machine."""
SET_BY_OPERAND = word_set("hostname")
"""Known printers of a machine setting that set it when given a value (``hostname NAME``)."""
CHANGING_LETTERS = {"fuser": "k", "ss": "K"}
"""Short options, alone or in a cluster, that turn a known inspection tool into one that
changes the machine (``fuser -km /mnt`` kills the processes using it)."""

TRUSTING_VERBS = {"direnv": word_set("allow permit grant")}
"""A known tool's verbs that mark a directory's code as trusted, to run by itself later
(``direnv allow DIR``: DIR's ``.envrc`` runs whenever a shell enters DIR): outside the project
that is code run later by another program, unguarded (round 16)."""


def _trusted_elsewhere(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """:data:`TRUSTING_VERBS` given a directory (or file) outside the project."""
    from ondas.guards.bash_base import classify

    words = [a for a in args if not (a.value or "").startswith("-")]
    if not words or words[0].value not in TRUSTING_VERBS[name]:
        return ALLOW
    for target in words[1:2]:
        where = "unknown" if target.value is None else classify(target.value, ctx)
        if where not in {"project", "project-temp"}:
            return block(
                "system-change",
                seg,
                f"{name} {words[0].value} trusts code outside the project "
                f"({target.value or target.text}), which then runs unguarded whenever a shell "
                "enters that directory",
            )
    return ALLOW  # a brought ``.envrc`` trusted: ``bash_sources.STARTUP_READERS``' (round 19)


READ_OPTIONS = {
    "ansible-playbook": word_set("--check -C --syntax-check --list-hosts --list-tasks --list-tags"),
    "upower": word_set("-i --show-info -e --enumerate -d --dump -v --version"),
    # servers' configuration checks: they parse the configuration and exit
    "nginx": word_set("-t -T -v -V"),
    "haproxy": word_set("-c -v -vv"),
    "apachectl": word_set("-t -S -v -V configtest"),
    "caddy": word_set("validate fmt version"),
}
"""Options that make a service CLI without sub-commands only read (a dry run, a listing)."""
READ_OBJECTS = {
    "ip": word_set(
        "a addr address l link r route n neigh neighbor neighbour ru rule maddr mroute netconf "
        "tunnel tuntap netns"
    ),
    "heroku": word_set(
        "apps addons releases domains ps regions stacks buildpacks pipelines spaces teams "
        "drains certs features labs"
    ),
}
"""CLIs that show an object named with no command after it (``ip a`` is ``ip address show``;
a Heroku topic alone is its list, ``heroku apps`` is ``heroku apps:list``)."""

_CTL_SHOWING = word_set("--no-pager --no-legend --all -a --full -l --no-ask-password")
_IP_SHOWING = word_set(
    "-4 -6 -0 -br -brief -c -color --color -s -stats -d -details -j -json -p -pretty -o "
    "-oneline -h -human -N -resolve"
)
DEFAULT_VERBS = {
    "hostnamectl": (1, "status", _CTL_SHOWING),
    "timedatectl": (1, "status", _CTL_SHOWING),
    "localectl": (1, "status", _CTL_SHOWING),
    "resolvectl": (1, "status", _CTL_SHOWING),
    "loginctl": (1, "list", _CTL_SHOWING),
    "networkctl": (1, "list", _CTL_SHOWING),
    "busctl": (1, "list", _CTL_SHOWING),
    "ip": (2, "show", _IP_SHOWING),
    "bridge": (2, "show", _IP_SHOWING),
}
"""The verb a CLI runs when the command line gives fewer than ``depth`` sub-command words and
only options that select what is shown: ``hostnamectl`` is ``hostnamectl status``, ``ip addr``
is ``ip addr show``; not with another option (``ip -batch FILE`` runs the file's commands,
``hostnamectl -H HOST`` reaches another machine)."""


SERVICE_CLIS = word_set(
    "doctl heroku flyctl fly vercel netlify firebase supabase wrangler railway render "
    "linode-cli hcloud scw oci ibmcloud aliyun s3cmd mc stripe pscale neonctl turso consul "
    "nomad argocd flux eksctl kind minikube k3d skaffold tilt packer serverless sls cdk sam "
    "bentoml func "
    "copilot amplify vagrant virsh vboxmanage multipass lxc incus influx etcdctl nats "
    "kafka-topics rabbitmqctl rabbitmqadmin glab sentry-cli cloudflared tailscale kustomize "
    "istioctl linkerd velero cf openstack bq cbt expo eas fastlane hub docker-compose "
    "podman-compose nerdctl-compose ollama cryptsetup docker podman nerdctl ip ansible "
    "ansible-playbook"
)
"""Command-line clients of services and infrastructure that no rule of their own covers."""
LOCAL_VERBS = {
    "wrangler": word_set("dev types build init docs"),
    "mix": word_set("release"),
    "ollama": word_set("serve"),
    "pm2": word_set("stop restart reload gracefulReload scale save monit jlist prettylist"),
    "cdk": word_set("synth synthesize"),
    "bentoml": word_set("serve build containerize"),
    # round 17: the Firebase CLI's emulators and its functions shell run the project's own
    # functions and rules on this machine; Serverless Framework's ``offline`` (its plugin) serves
    # the project's handlers locally; Azure Functions Core Tools' ``start``/``host start`` run
    # the project's function app on this machine
    "firebase": word_set("emulators:start serve functions:shell"),
    **dict.fromkeys(("serverless", "sls"), word_set("offline")),
    "func": word_set("start host"),
    # round 19: Packer's formatter rewrites the project's templates (judged as a rewrite:
    # bash_output_options), as ``terraform fmt`` does
    "packer": word_set("fmt"),
    # round 19: kind's clusters are containers of this machine's docker: ``create`` starts one
    # (and adds its context to the user's kubeconfig, as ``kubectl config`` would), ``build``
    # builds a node image, ``load`` copies a local image into its nodes
    "kind": word_set("create build load"),
    # round 20: minikube's ``start`` starts the local cluster in this machine's docker or a
    # local VM (and adds its context to the user's kubeconfig), as ``kind create`` does;
    # ``delete`` destroys, ``ssh``, ``mount``, ``tunnel`` and the rest stay unknown
    "minikube": word_set("start"),
    # round 22 (tune22b): the Supabase CLI's ``start`` runs the local development stack in this
    # machine's docker, as ``minikube start`` does; ``init`` writes ``supabase/`` into the
    # project (``stop``, which ``--no-backup`` makes drop the local data, keeps the default)
    "supabase": word_set("start init gen"),
}
"""Verbs of a service CLI or a known tool that work on the project's own files or a local
server only (``wrangler dev`` serves the worker on this machine, ``wrangler types`` writes its
type file; ``mix release`` assembles a release in ``_build``, publishing nothing; ``pm2 stop``,
``restart``, ``reload`` and ``scale`` act on the apps pm2 already runs on this machine and
``save`` writes its list of them, as its reads show them: round 15). pm2's other verbs keep the
default: ``start`` runs a program the line names, ``kill`` ends every app it runs (stopping
loses no data: attended it passes, as ``down`` does), ``delete`` and ``flush`` destroy.
Round 16: ``cdk synth`` runs the project's CDK app (``cdk.json``'s, or ``--app``'s, judged as the
command it is: bash_runners) and writes its templates into ``cdk.out``; BentoML's ``serve``
runs the project's service on this machine, ``build`` packs it into the local store and
``containerize`` builds an image of it (``deploy``, ``push``, ``cloud`` reach BentoCloud).
Round 17: ``firebase emulators:start`` and ``serve`` run the project's functions, rules and
hosting in the local emulators (``--export-on-exit DIR`` judged as a write), ``functions:shell``
calls them there (``emulators:exec SCRIPT`` runs a script and stays unknown); ``serverless
offline`` serves the handlers on this machine; ``func start`` runs the function app here (``func
azure ...`` reaches Azure: :data:`DEPLOYING_VERBS`)."""
USAGE_ALONE = word_set("cdk ng")
"""Service CLIs and tools known by verb that print their usage when given no word at all (a
``"cdk": "cdk"`` script; round 20: Angular's ``"ng": "ng"``)."""
DEPLOYING_VERBS = {
    "cdk": word_set("watch bootstrap import rollback refactor"),
    "func": word_set("azure"),
}
"""A service CLI's verbs that change the deployed stacks though no publishing word names them
(``cdk watch`` deploys on every change, ``cdk bootstrap`` creates the toolkit's stack; round 17:
every ``func azure`` verb acts on the function app in Azure, ``func azure functionapp publish``
first): the policy's, as ``deploy`` is."""
OWN_DESTROYING_VERBS = {"cdk": word_set("gc"), "rclone": word_set("deletefile rmdirs")}
"""A service CLI's verbs that destroy though no destroying word names them (``cdk gc`` deletes
the assets it finds unused from the account's bootstrap bucket and registry; round 23s:
``rclone deletefile`` and ``rmdirs``, as its ``delete`` and ``purge``)."""
RUNS_OTHERS = {
    "symfony": word_set(
        "run php composer console pecl pie npm npx yarn pnpm node new local:run local:php"
    ),
    "devenv": word_set("shell container repl mcp"),
    "gleam": word_set("shell"),
    "electron-forge": word_set("init import"),
    "wasm-pack": word_set("new login adduser"),
    "dub": word_set("add-path add-local add-override dustmite"),
    "tauri": word_set("add migrate"),
    "nest": word_set("new n add"),
}
"""Verbs by which a known tool hands its words to another program (``symfony run CMD``,
``symfony composer install``, ``symfony new`` runs composer and git): the guard does not judge
that program here, so in unattended runs they are refused as unknown."""
PUBLISH_VERBS = word_set("deploy publish release push upload promote ship submit undraft")
"""Verbs by which a service CLI puts the project out into the world: the policy's, in every
mode (no push, no publishing)."""
REGISTRY_GROUPS = {"gleam": word_set("hex")}
"""Sub-command groups of a known tool whose every verb acts on the package registry (``gleam hex
retire``, ``revert``, ``owner``, ``authenticate``): the policy's, as publishing is."""
RELEASING_BUILD_TOOLS = word_set("lerna nx mkdocs hugo elm")
"""Build tools of :data:`KNOWN_SAFE` with a publishing verb (``lerna publish``, ``nx release
publish``; round 15: ``mkdocs gh-deploy`` commits the site to the gh-pages branch and pushes
it, ``hugo deploy`` uploads it): their other verbs build, serve and test; those are the
policy's (round 14)."""
CHAIN_PUBLISHING = {
    "forge": (word_set("create verify-contract verify-bytecode"), word_set("--broadcast")),
    "hardhat": (word_set("verify"), frozenset[str]()),
    # round 20: Foundry's chain client sends a transaction (``cast send``) or a signed one
    # (``cast publish``); its other verbs read a chain or compute
    "cast": (word_set("send publish"), frozenset[str]()),
}
"""A Solidity tool's verbs that put the project out on a chain or an explorer (``forge create``
deploys a contract, ``verify-contract`` and ``hardhat verify`` upload its source; round 20:
``cast send`` and ``cast publish`` send transactions), and its options that make any verb send
transactions (``forge script --broadcast``): the policy's, in every mode, as ``deploy`` is."""
RPC_OPTIONS = {"cast": word_set("--rpc-url -r"), "anvil": word_set("--fork-url -f --rpc-url")}
"""A chain client's option naming the node it reads (round 20: ``cast balance ADDR --rpc-url
https://...``): in unattended runs, a URL there is judged as a fetch of it, the network
policy's, as :data:`ALWAYS_FETCHES`' databases are (attended, or with the sandbox on, the read is
left to them, as ``forge test --fork-url`` is)."""
CHAIN_NETWORKS = {"hardhat": (word_set("run deploy ignition"), word_set("hardhat localhost"))}
"""A Solidity tool's verbs that run the project's deployment (``hardhat run scripts/deploy.js``,
hardhat-deploy's ``deploy``, ``hardhat ignition deploy MODULE``) and the networks it names that
stay on this machine: given another ``--network`` (a testnet, mainnet) the run sends
transactions, as ``forge script --broadcast`` does, so it is the policy's; on the in-process
``hardhat`` network or a ``localhost`` node it is the project's own work."""
SYSTEM_PACKAGES_BY = {
    "playwright": {"install-deps": frozenset(), "install": word_set("--with-deps")}
}
"""Known tools' verbs (and the options that make them so) that install the machine's own
packages (round 16: ``playwright install --with-deps`` and ``install-deps`` run ``apt-get
install`` through ``sudo`` for the browsers' libraries): the policy's, in every mode;
``playwright install chromium`` downloads a browser into the user's cache, as before."""
USER_PACKAGES_BY = {
    "fisher": word_set("install update remove"),
    # round 19: Spack builds and installs packages into its own store and the user's
    # environments, outside the project
    "spack": word_set("install uninstall dev-build mirror buildcache bootstrap external"),
}
"""Plugin managers whose verbs install, update or remove packages in the user's own
configuration, outside the project (round 17: fisher, fish's plugin manager, writes
``~/.config/fish``, fetching plugins from GitHub or a path): the policy's, in every mode, as
``npm install -g`` is; ``fisher list`` reads."""
ALWAYS_FETCHES = {"govulncheck": ("-db", "https://vuln.go.dev/")}
"""Known analysers that read a public database over the network on every run, with the
option naming another (round 19: ``govulncheck ./...`` downloads Go's vulnerability entries
from vuln.go.dev): in unattended runs, judged as a fetch of that database's URL, the network
policy's (with the sandbox on, or attended, the fetch is left to them as before); a local
database (``-db file:///...``) reads no network."""
BUILDS_RECIPES = {
    "eb": (
        ".eb",
        word_set(
            "-D --dry-run -x --extended-dry-run --dry-run-short --search -S --search-short "
            "--show-ec --inject-checksums --check-contrib --check-style -h --help --version"
        ),
    )
}
"""Package managers whose build is named by a recipe file given as an operand, and their
options that only print or check (round 19: EasyBuild's ``eb bzip2-1.0.8.eb --robot`` builds
and installs into its software tree; ``eb X.eb --dry-run`` prints the plan)."""


def _builds_recipe(recipe: tuple[str, frozenset[str]], args: list[Word]) -> bool:
    """A recipe file among ``args`` and none of the options that only print or check."""
    suffix, printing = recipe
    values = [a.value or "" for a in args]
    if any(v.split("=", 1)[0] in printing for v in values):
        return False
    return any(v.endswith(suffix) and not v.startswith("-") for v in values)


HUB_MODEL_TOOLS = word_set("litgpt")
"""Model training command lines known by verb, whose hub fetches are judged
(:mod:`ondas.guards.bash_model_hubs`, imported only for them; round 21)."""
FETCHED_FROM = {"elm-review": ("--template", "https://github.com/")}
"""A known tool's option naming what it fetches from a host (``elm-review --template
owner/repo/example`` downloads that configuration from GitHub): judged as that URL is."""
DEPLOYS_BY_DEFAULT = word_set("vercel dune-release")
"""Service CLIs and tools that deploy when given no sub-command (``vercel``, ``vercel --prod``;
``dune-release`` alone builds, publishes and submits the release)."""
RULED_SERVICE_CLIS = word_set("vault rclone twine")
"""Service CLIs with rules of their own (secret writes, remote storage): their destroying
verbs (``vault kv metadata delete``) are refused first, as for every service CLI (``gh``'s
rule, loaded early, asks :func:`destroying` itself)."""

DESTRUCTIVE_VERBS = word_set(
    "delete destroy rm rmi rmp remove purge downgrade prune drop terminate wipe reset rb del "
    "uninstall erase revoke teardown nuke truncate flush flushall flushdb evict deregister "
    "unregister undeploy decommission luksformat lukserase forget compact clear implode empty"
)
"""Sub-command words that destroy what a service or tool manages (``rmi``, ``rmp``: a container
runtime's images, pods; ``down`` and ``kill`` stop things without losing data, and are not
here). A word is read as its parts (``remove-secret``, ``clear_permissions``, ``delete-job``),
and a part ending in ``delete`` (``rdelete``, not ``undelete``) is one too; ``clear`` only of
:data:`CLEARED_STATE`."""
CLEARED_STATE = word_set(
    "permissions permission policy policies password passwords data database db queue queues "
    "all storage table tables messages users"
)
"""``clear`` destroys only with one of these (``clear_permissions``, ``queue:clear``); clearing
a cache, the screen or compiled views (``config:clear``, ``view:clear``) loses nothing."""
WRITE_VERBS = word_set(
    "set create update add apply deploy push put write edit patch scale start stop restart "
    "run exec up import upload sync attach detach enable disable rollback promote release "
    "publish send invoke rename move copy cp mv grant login logout"
)
READ_VERBS = word_set(
    "list ls get describe show status info view inspect logs log version help whoami search "
    "cat top history diff plan validate lint check ps images ping health doctor env config "
    "current context contexts account accounts regions zones tail presign members stats summary "
    "usage lookup snapshots find dump diagnostic diagnostics audit read readall print versions "
    "outdated why explain tree graph deps dependencies licenses events providers count "
    "exists verify blame devices retrieve"
)
READ_NOUNS = word_set(
    "env config current context contexts account accounts regions zones members history usage audit"
)
"""Read words that also name a thing a deeper verb acts on (``circleci context delete``,
``vault audit list``): they do not end the sub-command path."""
RUNS_COMMAND = word_set("exec run ssh shell attach console execute eval")
"""Verbs after which the words are a command run elsewhere (``docker exec web rm x``)."""
RUN_IS_A_NOUN = frozenset({("gh", "run")})
"""Where ``run``, as the first word, names a thing a deeper verb acts on (``gh run delete``: a
workflow run); under a group it is a verb again (``gh workflow run NAME``)."""
SERVICE_OPERAND_VERBS = word_set(
    "set create update add apply deploy push put edit patch scale start stop restart "
    "up import upload sync attach detach enable disable promote publish send invoke rename "
    "move copy cp mv grant login logout download checkout clone fork pull install upgrade "
    "retry rerun cancel trace watch trigger call submit serve close reopen merge comment "
    "review ready lock unlock pin unpin transfer use link switch select"
)
"""A service CLI's leaf verbs whose next words are the things they act on (a workflow, a
job, a function, a secret's name, a release tag, a file, a pull request's branch), never a
deeper verb: they end its sub-command path, so ``gh workflow run cleanup-delete.yml``,
``gh secret set DELETE_TOKEN``, ``supabase functions deploy delete-user`` and ``glab ci retry
purge-cache`` name a thing that reads like a destroying verb; the verb itself is judged first
(``rollback`` on a database, ``--delete-branch``). ``release`` is not here (``gh release
delete``: a noun); ``run`` ends the path as :data:`RUNS_COMMAND` does; nor is ``write``,
whose operand is an API path naming the operation (``vault write auth/token/revoke``). A
``TOPIC:VERB`` word takes operands by its verb (``hosting:channel:deploy NAME``,
``config:set``); a hyphenated one does not (``gh repo deploy-key delete``: a noun)."""


def _takes_operands(name: str, verb: str | None, first: bool) -> bool:
    """``verb`` ends a service CLI's sub-command path: an operand verb
    (:data:`SERVICE_OPERAND_VERBS`, by its last part when spelled ``TOPIC:VERB``), or a raw-API
    CLI's ``api``, whose operand is an endpoint's path and whose method the CLI's rule judges
    (``gh api repos/o/r/actions/workflows/purge.yml`` reads)."""
    word = (verb or "").lower().rsplit(":", 1)[-1]
    if first and (name in SERVICE_FIRST or (name, verb) in RUN_IS_A_NOUN):
        return False
    if name in TASK_LISTS:
        return False
    lead, dash, rest = word.partition("-")
    phrase = bool(dash) and lead in LEADING_VERBS and rest.split("-")[0] not in PARTICLES
    return word in SERVICE_OPERAND_VERBS or phrase or (first and word == "api" and name in RAW_API)


LEADING_VERBS = word_set(
    "set update add create apply edit patch scale start stop restart enable disable rename "
    "grant attach detach promote send invoke install upgrade retry rerun cancel submit close "
    "reopen transfer use"
)
"""Operand verbs that, leading a hyphenated word, make it a verb phrase whose next words are
its operands (``gh repo set-default owner/purge-tool``, ``gh pr update-branch 12``,
``kubectl config use-context NAME``): none of them names a kind of thing as ``deploy-key``,
``pull-request`` or ``lock-file`` do (round 17, ``left17``)."""
PARTICLES = word_set("on up out off in over back down")
"""What makes a verb and its particle a noun (``add-on``, ``set-up``, ``start-up``)."""


TASK_LISTS = word_set("rake rails")
"""Task runners that run each task their line names in turn (``rake assets:precompile
db:reset``): a task named like an operand verb (``deploy``) does not end the path, the words
after it are tasks too."""
PROJECT_RECIPES = word_set("just task invoke poe")
"""Task runners that run only the project's own recipes (a justfile, a Taskfile, a ``tasks.py``,
poethepoet's ``[tool.poe.tasks]``), as ``make``, ``mage``, ``nox -s`` and ``npm run`` do: a
recipe's name is the project's word, not a verb whose meaning the guard knows (``just destroy``,
``task remove-cache``, ``invoke release`` pass as ``make destroy`` does; round 17, ``left17``).
What a recipe runs is the project's code, trusted as ``make``'s is; a recipe file this line
wrote or took from a temp area is judged (:data:`~ondas.guards.bash_base.RECIPE_FILE_READERS`,
:func:`~ondas.guards.bash_startup.unseen_code_options`). ``rake`` and ``rails`` are not here:
their tasks are also Rails' and Bundler's, whose meanings are fixed (``db:drop``, ``release``);
nor ``mix``, ``thor`` or ``artisan``, for the same reason."""
SERVICE_FIRST = word_set("aws gcloud az")
"""Cloud CLIs whose first word names a service or group, whatever it reads like (``aws deploy
delete-application``, ``gcloud deploy``, ``az upgrade``): there it is never an operand verb."""
READ_OPTION_VERBS = word_set(
    "--list --describe --version --help -h --status --info --show --status-all"
)
"""Options that are a CLI's verb when it has no sub-commands (``kafka-topics --list``)."""
DRY_RUN = word_set("--dry-run --dryrun -n --check --plan --whatif --what-if")
PRINTS_ONLY = word_set("--dry-run --dryrun --whatif --what-if")
"""Spellings of a dry run that every CLI means the same way (``-n`` and ``--check`` are not)."""


MACRO_SHELLS = word_set("m4 gm4")
"""Macro processors whose input runs shell commands (m4's ``syscmd``/``esyscmd``, by names it
may build from other macros): whatever input they are given (a file, standard input, ``-D``
definitions) is code the guard cannot read."""


def _macro_usage(args: list[Word]) -> bool:
    """``m4 --version``, ``m4 --help``: the usage or version printed, no input read."""
    values = [a.value for a in args]
    cut = values.index("--") if "--" in values else len(values)
    return any(v in {"--help", "--version"} for v in values[:cut])


OVER_OWN_INPUT_NAMED = word_set(
    "terser uglifyjs uglify-js csso cleancss javascript-obfuscator html-minifier-terser "
    "google-closure-compiler pyminifier rollup pyarmor"
)
"""Minifiers, obfuscators and bundlers judged for an output that is their own input
(:data:`ondas.guards.bash_output_options.OVER_OWN_INPUT`; round 20s)."""
RESTORERS_NAMED = word_set(
    "restic kopia duplicity rdiff-backup borg borg2 bup dar unison s5cmd azcopy mc"
)
"""Backup, restore and sync programs that may put a copy over the project
(:data:`ondas.guards.bash_restores.RESTORERS`, loaded only for them; round 20s)."""


WRITES_ONLY_NAMED = {"uudecode": "-o"}
"""Decoders that write only the file their option names, judged as a write
(:mod:`ondas.guards.bash_output_options`); without it they write where the data says
(``uudecode`` the name in its ``begin`` line, anywhere: unknown, round 21)."""


def _output_named(args: list[Word], option: str) -> bool:
    """``option`` is given a value known now (``-o FILE``, ``-oFILE``), once."""
    values = [a.value for a in args]
    found = [(k, v) for k, v in enumerate(values) if v is not None and v.startswith(option)]
    if len(found) != 1:
        return False
    k, word = found[0]
    value = word[len(option) :] or (values[k + 1] if k + 1 < len(values) else None)
    return bool(value) and value not in {"-", "/dev/stdout"}


COMPILES_ONLY = {
    "coffee": (
        "c",
        "erijn",
        word_set("--compile"),
        word_set("--eval --require --interactive --join --nodejs --nodes"),
    )
}
"""Interpreters told only to compile their scripts (round 21): the letter and long option
that compile, and the letters and long options that run code, open a prompt or write another
file (CoffeeScript's ``-e``, ``-r``, ``-i``, ``-j FILE``), which leave them unknown."""


def _compiles_only(
    args: list[Word], letter: str, running: str, compile_: frozenset[str], void: frozenset[str]
) -> bool:
    """The compiling option is given (alone or in a cluster, ``-co``) and none that runs."""
    compiles = False
    for word in args:
        v = word.value
        if v is None:
            return False
        head = v.split("=", 1)[0]
        if head in void:
            return False
        if v[:2] == "--":
            compiles = compiles or head in compile_
        elif v[:1] == "-" and len(v) > 1:
            if set(v[1:]) & set(running):
                return False
            compiles = compiles or letter in v[1:]
    return compiles


ZSH_RUNNERS = frozenset(
    {"emulate", "sched", "zpty", "nocorrect", "noglob", "repeat", "ztcp", "zsocket"}
)
"""zsh's builtins and reserved words that run their words as a command line, and its socket
builtins, judged as the connections they open (:mod:`ondas.guards.bash_zsh`); programs nobody
installed in bash."""


def unknown_program(
    name: str,
    args: list[Word],
    ctx: Ctx,
    segment: str,
    stdin: Stdin | None = None,
    spelled: str = "",
) -> Verdict:
    """The default for a program no rule names (``spelled`` as the command line wrote it)."""
    if "=" in name:
        return ALLOW
    if name in ZSH_RUNNERS:
        from ondas.guards.bash_zsh import zsh_code

        run = zsh_code(name, args, ctx, segment, stdin)  # zsh's ``emulate sh -c CODE``
        if not run.allowed:
            return run
    if name == "hash" and any(_short_option(a.value, "p") for a in args):
        ctx.path_changed = True  # ``hash -p FILE NAME``: NAME now runs FILE
        words = [a.value for a in args if a.value is None or not a.value.startswith("-")]
        if len(words) >= 2 and None not in words:
            from shlex import quote

            for bound in words[1:]:
                ctx.aliases[str(bound)] = quote(str(words[0]))  # expanded where NAME is used
        if ctx.unattended:
            return block(
                "path-hijack",
                segment,
                "hash -p makes a command name run another file, whatever the guard knows of "
                "the name",
            )
    if name in JDK_TOOLS:
        verdict = jdk_tool(name, args, ctx, segment)
        if verdict is not None:
            return verdict
    if name.startswith("llvm-") and name[5:] in KNOWN_SAFE:
        name = name[5:]  # LLVM's binutils do what GNU's do (``llvm-ar``, ``llvm-objdump``)
    if name in MYSQL_CLIENTS and any((a.value or "")[:2] in {"--", "-#"} for a in args):
        from ondas.guards.bash_mysql_debug import debug_trace

        verdict = debug_trace(name, args, ctx, segment)  # ``mysqldump --debug=d:o,FILE``
        if not verdict.allowed:
            return verdict
    if name in _WRITES_BY_OPERAND or _outputish(args):
        from ondas.guards.bash_output_options import output_files

        verdict = output_files(name, args, ctx, segment)  # ``iconv -o FILE``, ``--outFile``
        if not verdict.allowed:
            return verdict
    if name in OVER_OWN_INPUT_NAMED:
        from ondas.guards.bash_output_options import over_own_input

        verdict = over_own_input(name, args, ctx, segment)  # ``terser a.js -o a.js``
        if not verdict.allowed:
            return verdict
    if name in RESTORERS_NAMED:
        from ondas.guards.bash_restores import restored_over

        verdict = restored_over(name, args, ctx, segment)  # ``restic restore --target .``
        if not verdict.allowed:
            return verdict
        if name in {"restic", "borg"}:
            from ondas.guards.bash_restores import backed_up_elsewhere

            verdict = backed_up_elsewhere(name, args, ctx, segment)  # ``-r s3:HOST/B backup .``
            if not verdict.allowed:
                return verdict
    if name == "virtualenv":
        from ondas.guards.bash_output_options import cleared_environment

        verdict = cleared_environment(name, args, ctx, segment)  # ``virtualenv --clear DIR``
        if not verdict.allowed:
            return verdict
    if name == "cmake" and any(a.value == "-E" for a in args):
        from ondas.guards.bash_system import cmake_tool

        return cmake_tool(name, args, ctx, 1, segment, stdin)  # ``cmake -E rm -rf DIR``
    if name in MAKES:
        from ondas.guards.bash_system import make_command_line

        for place in option_values(args, word_set("-C --directory"), frozenset({"-C"})):
            # ``make -C .claude``: its recipes run there, writing their files in it
            verdict = check_write_target(place, ctx, segment) if place.value else ALLOW
            if verdict.rule == "write-protected-path":
                return verdict

        verdict = make_command_line(args, ctx, segment)  # ``--eval TEXT``, ``SHELL=...``
        if not verdict.allowed:
            return verdict
    if name == "just":
        values = [a.value for a in args]
        at = next((k for k, v in enumerate(values) if v in {"-c", "--command"}), None)
        if at is not None:
            from ondas.guards.bash_base import check_argv

            # round 18s: ``just --command CMD ARGS`` runs CMD with the justfile's environment
            verdict = (
                check_argv(args[at + 1 :], ctx, 1, segment, stdin) if args[at + 1 :] else ALLOW
            )
            if not verdict.allowed:
                return verdict
    if name in MAKES and _makefile_from_stdin(args):
        from ondas.guards.bash_system import makefile_stdin

        verdict = makefile_stdin(stdin, ctx, segment)
        if not verdict.allowed:
            return verdict
    elif name in MAKES and ctx.written:
        from ondas.guards.bash_system import written_makefile

        verdict = written_makefile(args, ctx, segment)
        if not verdict.allowed:
            return verdict
    elif name in PROJECT_RECIPES and ctx.written:
        from ondas.guards.bash_recipe_files import written_recipes

        verdict = written_recipes(name, args, ctx, segment)  # ``printf ... > justfile && just``
        if not verdict.allowed:
            return verdict
    if _reading_cmdlet(spelled or name):
        return ALLOW  # ``Get-ChildItem .``, ``Write-Output 'Remove-Item ...'``: data, not verbs
    if _cmdlet(spelled) or name in CMD_DELETERS:
        from ondas.guards.bash_windows import PS_REMOVE, check_windows_text

        # ``Invoke-WebRequest URL``, ``Stop-Computer``: judged as the PowerShell they are;
        # ``Remove-Item`` and cmd's ``del``/``rd`` as the deletion they are, by their targets
        removes = (spelled or name).lower() in PS_REMOVE
        piped = (  # ``Get-ChildItem | Remove-Item``: the cmdlet reads the pipeline, cmd's del not
            [w.value for w in stdin.upstream[-1]]
            if stdin is not None and stdin.kind == "pipe" and stdin.upstream and _cmdlet(spelled)
            else None
        )
        verdict = check_windows_text(segment, ctx, 1, segment, statements=removes, piped=piped)
        if not verdict.allowed or removes:
            return verdict
    jar = _jar(name, args)
    own_archive = jar is not None and ctx.unattended and _project_archive(args, ctx)
    if jar is not None:
        name, args = jar  # ``java -jar tool.jar delete-job x`` is tool.jar's verb
    if name not in OPERAND_READERS or name in SERVICE_CLIS:
        verdict = _given_control_file(name, args, ctx, segment)
        if not verdict.allowed:
            return verdict
    stem = name.removesuffix(".jar").split("-", 1)[0]
    if stem in HISTORY_REWRITERS and not any(a.value in ASKS_VERSION_OR_HELP for a in args):
        return block("git-history-rewrite", segment, f"{name} rewrites the repository's history")

    verbs = _verbs(args, *global_valued(name))
    recipe = BUILDS_RECIPES.get(name)
    if recipe is not None and _builds_recipe(recipe, args):
        return block(
            "package-install",
            segment,
            f"{name} builds and installs the software its {recipe[0]} files describe, outside "
            "the project (its own software tree): the policy's, as a package manager's "
            "install is",
        )
    if verbs[:1] and verbs[0] in USER_PACKAGES_BY.get(name, ()):
        return block(
            "package-install",
            segment,
            f"{name} {verbs[0]} installs packages outside the project (the user's own "
            "configuration): the policy's, as npm install -g is",
        )
    default = DEFAULT_VERBS.get(name)
    if (
        default is not None
        and len(verbs) < default[0]
        and None not in verbs
        and all(a.value in default[2] for a in args if (a.value or "-").startswith("-"))
    ):
        verbs = [*verbs, default[1]]  # ``ip addr`` shows, ``hostnamectl`` prints its status
    recipes = name in PROJECT_RECIPES  # ``just destroy``: the project's word, as ``make``'s
    if name in CONSOLE_NAMES:
        from ondas.guards.bash_consoles import console_code

        verdict = console_code(name, args, ctx, 1, segment, stdin)  # ``mix run -e CODE``
        if not verdict.allowed:
            return verdict
    removal = _working_copy_removal(name, args, ctx, segment)  # ``svn rm src/a.c``
    if removal is not None and not removal.allowed:
        return removal
    if (
        (name in SERVICE_CLIS or name not in KNOWN_SAFE or jar is not None)
        and not recipes
        and removal is None
        # ``fly apps destroy --help`` prints the verb's usage; a program no table names may
        # not read ``--help`` at all (``somefoo wipe --help``, round 13)
        and not (name in SERVICE_CLIS and asks_usage(name, args))
        and not (name in COBRA_CLIS and cobra_help(args, name))
        and not usage_first(name, args)
        and not mongo_runs_nothing(name, args)
    ):
        verdict = destroying(name, args, segment)
        if not verdict.allowed and name in RESTORERS_NAMED and _backup_dry_run(name, args):
            verdict = ALLOW  # ``borg prune --dry-run``: lists what it would delete
        if verdict.allowed and name not in KNOWN_SAFE:
            verdict = destroying_name(name, segment)
        if verdict.allowed and name in SERVICE_CLIS:
            verdict = _remote_command(name, args, verbs, ctx, segment, stdin)
        if not verdict.allowed:
            return verdict
    if own_archive:
        return ALLOW  # ``java -jar build/app.jar``: the project's own program, as ``./app`` is
    local = bool(verbs) and verbs[0] in LOCAL_VERBS.get(name, ())
    local = local or (removal is not None and not _configured(args))  # judged as ``rm`` is
    runs_others = bool(verbs) and verbs[0] in RUNS_OTHERS.get(name, ())
    if (
        name in KNOWN_BY_VERB
        and not runs_others
        and any(_tokens(v) & DATABASE_NOUNS for v in verbs[:2])
    ):
        local = True  # ``prisma migrate deploy`` applies migrations, as ``rails db:migrate``
    network = _chain_network(name, args, verbs, ctx)
    if network is not None:  # ``hardhat run --network localhost scripts/seed.ts``: this machine
        local = network == "local"
    publishers = not recipes and (
        name in SERVICE_CLIS
        or name in KNOWN_BY_VERB
        or name in RELEASING_BUILD_TOOLS
        or name in CHAIN_PUBLISHING
    )
    if publishers and not local and not _prints_usage(args):
        bare = not any(v and not v.startswith("-") for v in verbs)
        if (
            any(_publishes(v) for v in verbs[:2])
            or (bool(verbs) and verbs[0] in DEPLOYING_VERBS.get(name, ()))
            or (bare and name in DEPLOYS_BY_DEFAULT)
            or (bool(verbs) and verbs[0] in REGISTRY_GROUPS.get(name, ()))
            or _publishes_on_chain(name, args, verbs, ctx)
        ):
            from ondas.guards.bash_infra import remote_change

            return remote_change(name, verbs[:2] or [name], segment)  # ``fly deploy``: policy
    if (
        name in PUBLISHES_BY_VERB or name in PUBLISHES_BY_OPTION or name in PUBLISHES_TO
    ) and _publishes_by_table(name, args, verbs):
        from ondas.guards.bash_infra import remote_change

        return remote_change(name, verbs[:2] or [name], segment)  # ``fossil sync``, ``arc diff``
    if (
        not publishers
        and not recipes
        and name not in KNOWN_SAFE
        and _unknown_publishes(name, args, verbs)
    ):
        from ondas.guards.bash_infra import remote_change

        return remote_change(name, verbs[:2] or [name], segment)  # ``goreleaser release``
    database = ALWAYS_FETCHES.get(name)
    if database is not None and ctx.unattended and not _asks_usage(args):
        verdict = _database_fetched(database, args, ctx, segment)
        if not verdict.allowed:
            return verdict
    rpc = RPC_OPTIONS.get(name)
    if rpc is not None and ctx.unattended:
        verdict = _nodes_read(rpc, args, ctx, segment)
        if not verdict.allowed:
            return verdict
    fetched = FETCHED_FROM.get(name)
    if fetched is not None:
        verdict = _fetched(fetched, args, ctx, segment)
        if not verdict.allowed:
            return verdict
    system_packages = SYSTEM_PACKAGES_BY.get(name)
    if system_packages is not None and verbs[:1] and verbs[0] in system_packages:
        wanted = system_packages[verbs[0]]
        if not wanted or any((a.value or "").split("=")[0] in wanted for a in args):
            return block(
                "package-install",
                segment,
                f"{name} {verbs[0]} installs system packages with the machine's package "
                "manager (through sudo): the policy's, as apt-get install is",
            )
    hooks = HOOK_INSTALLERS.get(name)
    if hooks is not None and _changes_hooks(hooks, args, verbs):
        return block(
            "write-protected-path",
            segment,
            f"{name} overwrites or removes the repository's hooks, or sets a command git runs "
            "(a filter, a driver, the hooks' directory) in .git/config: they are not the "
            "agent's to replace",
        )
    changing = CHANGING_OPTIONS.get(name)
    if changing is not None and any((a.value or "").split("=")[0] in changing for a in args):
        return block("system-change", segment, f"{name} with these options changes the machine")
    if name in {"gpg", "gpg2"} and _restores_trust(args):
        return block(
            "system-change",
            segment,
            f"{name} --import-options restore puts a backup's keys and their owner trust into "
            "the user's keyring, as --import-ownertrust does",
        )
    if name in SET_BY_OPERAND and any((a.value or "-")[:1] != "-" for a in args):
        return block("system-change", segment, f"{name} given a value sets it for the machine")
    if name in TRUSTING_VERBS:
        verdict = _trusted_elsewhere(name, args, ctx, segment)  # ``direnv allow ~/src/other``
        if not verdict.allowed:
            return verdict
    if name in CHANGING_LETTERS and _changing_letters(name, args):
        return block("system-change", segment, f"{name} with these options changes the machine")
    if name in CHANGING_LETTERS and ctx.unattended and any(a.value is None for a in args):
        return block(
            "dynamic-command",
            segment,
            f"{name} is given a word computed at run time, which may be the option that changes "
            "the machine",
        )
    if name in MACRO_SHELLS and ctx.unattended and not _macro_usage(args):
        return block(
            "unknown-program",
            segment,
            f"{name} runs shell commands its input asks for (syscmd, esyscmd, in macros it may "
            "assemble), which the guard does not read; unattended runs without the OS sandbox "
            "refuse it",
        )
    if name in HUB_MODEL_TOOLS:
        from ondas.guards.bash_model_hubs import litgpt

        hub = litgpt(args, ctx, segment)  # ``litgpt finetune microsoft/phi-2``: a hub fetch
        if hub is not None:
            return hub
    if not ctx.unattended or name in KNOWN_SAFE or local:
        return ALLOW
    if name in WRITES_ONLY_NAMED and _output_named(args, WRITES_ONLY_NAMED[name]):
        return ALLOW  # ``uudecode -o FILE x.uu``: FILE judged as a write above
    if name in COMPILES_ONLY and _compiles_only(args, *COMPILES_ONLY[name]):
        return ALLOW  # ``coffee -c -o lib src``: compiled, not run; ``-o`` judged above
    if not args and name in USAGE_ALONE:
        return ALLOW  # ``cdk``: its usage
    if name in KNOWN_BY_VERB:
        if runs_others:
            return block(
                "unknown-program",
                segment,
                f"{name} {verbs[0]} runs another program, which the guard does not judge here; "
                "unattended runs without the OS sandbox refuse it",
            )
        return ALLOW
    if (reads(verbs) and not verb_destroys(name) and not _sets_setting(args)) or any(
        a.value in READ_OPTIONS.get(name, ()) for a in args
    ):
        return ALLOW  # ``droplet list``; not a program named for a destruction (``purge users``)
    if len(verbs) == 1 and verbs[0] in READ_OBJECTS.get(name, ()):
        return ALLOW  # ``ip a``, ``ip -s link``: an object named alone is shown
    if "-" in name and reads([name]) and not any(_tokens(v) & WRITE_VERBS for v in verbs):
        return ALLOW  # a program named for a read (``kafka-broker-api-versions``, ``pg-list``)
    if _dry_run(args):
        return ALLOW  # a dry run prints what it would do (``borg extract --dry-run``)
    if _option_reads(args) and not any(_tokens(v) & WRITE_VERBS for v in verbs):
        return ALLOW  # ``kafka-topics --bootstrap-server host:9092 --list``
    if name in INSPECTS_BY_RUNNING and _project_operands(args, ctx):
        return ALLOW  # ``ldd ./bin/app``: at most runs the project's program, as ``./bin/app``
    if name in ZSH_OPTION_SETTERS and _glob_or_error_options(name, args):
        return ALLOW  # ``setopt NULL_GLOB``, ``setopt errexit``: how globs match, when it stops
    if name == "zstyle" and _style_without_evaluation(args):
        return ALLOW  # ``zstyle ':omz:update' mode auto``: a style of this shell, not code
    if _reads_by_table(name, args, verbs, READ_SUBCOMMANDS):
        return ALLOW  # ``chezmoi managed``, ``ssh-add -l``: a verb of the program that only reads
    if (
        not ctx.written
        and _reads_by_table(name, args, verbs, BUILD_SUBCOMMANDS)
        and _in_project(args, PROJECT_VALUED.get(name, frozenset()), ctx)
    ):
        return ALLOW  # ``pio run -e native``: the project's own build, not one this line wrote
    if name in RESTORERS_NAMED:
        from ondas.guards.bash_restores import backed_up

        backup = backed_up(name, args, ctx, segment)  # ``restic -r /tmp/repo backup src``
        if backup is not None:
            return backup
    if asks_usage(name, args):
        return ALLOW  # ``tool run --help``: the usage of a sub-command, as ``tool --help`` is
    if usage_first(name, args):
        return ALLOW  # ``mysqladmin -V``: PostgreSQL's and MySQL's clients print and exit
    if verbs and name in SERVICE_CLIS:
        shown = " ".join(v or "<computed>" for v in verbs[:2])
        return block(
            "unknown-program",
            segment,
            f"{name} {shown} is not a read verb the guard knows; unattended runs without the "
            "OS sandbox let service CLIs only read",
        )
    if not _ruled(name):
        from ondas.guards.bash_base import known_copy
        from ondas.guards.bash_local import project_tool

        if ("/" in spelled and known_copy(spelled, ctx)) or project_tool(
            spelled or name, ctx
        ) is not None:
            # the project's own tool (``docusaurus build``), judged as ``./tool`` is: by its
            # verbs, which destroyed nothing above; publishing stays the policy's
            if any(_tokens(v) & PUBLISH_VERBS for v in verbs[:2]):
                from ondas.guards.bash_infra import remote_change

                return remote_change(name, verbs[:2], segment)  # ``docusaurus deploy``
            if _tokens(name) & PUBLISH_VERBS:
                return block(
                    "remote-mutation",
                    segment,
                    f"{name} is named for publishing the project: it changes a remote service "
                    "(policy)",
                )
            return ALLOW
        from ondas.guards.bash_catalogue_data import TABLE

        listed = f"\n{name} " in TABLE
        if not listed:
            from ondas.guards.bash_debian_data import TABLE as DEBIAN  # round 25 (deb25)

            listed = f"\n{name} " in DEBIAN
        if not listed:
            from ondas.guards.bash_registry_data import TABLE as REGISTRY  # round 26 (cat26)

            listed = f"\n{name} " in REGISTRY
        if listed:
            from ondas.guards.bash_catalogue import catalogued  # its rule, only for a hit

            if catalogued(name, args, verbs, ctx):
                # round 24 (npol24): an ordinary tool by what it is (tldr-pages' catalogue;
                # round 25, deb25: or a program of a Debian package of such tools; round 26,
                # cat26: or a developer tool of mise's or aqua's registry, by its verb),
                # whose destroying and publishing verbs and outputs were judged above, given
                # only the project's files and no code to run
                return ALLOW
    if name.lower().removesuffix(".exe") in WINDOWS_READS:
        from ondas.guards.bash_windows_reads import windows_reads

        if windows_reads(name, args):
            return ALLOW  # round 25 (left25): ``ipconfig /all``, ``where python``, ``ver``
    return block(
        "unknown-program",
        segment,
        f"{name} is not a program the guard knows and names no read verb; unattended runs "
        "without the OS sandbox refuse unknown programs",
    )


def _restores_trust(args: list[Word]) -> bool:
    """gpg's ``--import-options restore`` (``import-restore``), given as the next word or
    after ``=``, among the options it lists (round 23, left23)."""
    values = [a.value or "" for a in args]
    for k, v in enumerate(values):
        if v == "--import-options" and k + 1 < len(values):
            listed = values[k + 1]
        elif v.startswith("--import-options="):
            listed = v.partition("=")[2]
        else:
            continue
        if {"restore", "import-restore"} & set(listed.replace(",", " ").split()):
            return True
    return False


def _changing_letters(name: str, args: list[Word]) -> bool:
    """A word of ``args`` is a cluster of short options holding one of the program's
    :data:`CHANGING_LETTERS` (``fuser -km``), or its long spelling (``--kill``)."""
    letters = CHANGING_LETTERS[name]
    for word in args:
        v = word.value
        if v is None:
            continue
        if v == "--":
            break
        if v[:1] == "-" and v[1:2] != "-" and any(c in letters for c in v[1:]):
            return True
        if v == "--kill":
            return True
    return False


LOCAL_PUSHES = word_set("quilt stg guilt adb arduino-cli")
"""Programs whose ``push`` or ``upload`` leaves nothing on another's server: patch-stack tools
apply the next patch to the work tree (``quilt push -a``), ``adb push`` copies a file to the
device on the desk, ``arduino-cli upload`` flashes the board on its port."""
UNKNOWN_PUBLISH_VERBS = PUBLISH_VERBS - {"submit"}
"""The publishing verbs read in a program no rule names: ``submit`` is as often a form's or a
job's (``form submit``, a batch queue's) as a review's."""
PUSHES_BY_DEFAULT = {"ko": (word_set("build apply resolve create run publish"), "-L --local")}
"""Image builders whose verbs push the image to a registry unless told to keep it local
(``ko build`` publishes to ``KO_DOCKER_REPO``; ``--local``/``-L``/``--push=false`` do not)."""
KEPT_LOCAL = word_set("--snapshot --skip-publish --skip=publish --no-publish --no-push")
"""Options by which a release or image tool builds without publishing (``goreleaser release
--snapshot``, ``--skip=publish``)."""
PUBLISHES_ALONE = {
    "np": word_set("--preview"),
    "gh-pages": frozenset(),
    # round 16s: dput uploads a Debian package, surge a site, ghstack the stack for review
    "dput": word_set("-s --simulate -h --help -v --version"),
    "surge": word_set("list login logout whoami token -h --help -V --version"),
    "ghstack": word_set("checkout unlink status cherry-pick rage -h --help"),
    "git-review": word_set("-s --setup -d --download -l --list -n --dry-run -m --cherrypick"),
    # round 17s: tbump commits, tags and pushes the new version unless told not to push
    "tbump": word_set("--no-push --dry-run -h --help --version"),
    # round 19s: svnmucc's every action is one commit to the repository
    "svnmucc": word_set("-h --help --version"),
    # round 21s: bumpp commits, tags and pushes by default; storybook-to-ghpages pushes the
    # built storybook to gh-pages
    "bumpp": word_set("--no-push --dry-run -h --help -v --version"),
    "storybook-to-ghpages": word_set("--dry-run -h --help"),
}
"""Programs whose whole work is publishing (``np`` releases to npm and pushes, ``gh-pages``
pushes a directory to the gh-pages branch, ``git-review`` pushes to Gerrit), with the options
by which they only look or prepare."""
REGISTRY_COPIERS = {
    "skopeo": word_set("copy sync"),
    **dict.fromkeys(("crane", "gcrane"), word_set("copy cp")),
}
"""Image tools whose copy writes to the destination it is given: to a registry
(``docker://ghcr.io/...``, or crane's bare ``host/repo``) it is a push."""


PUBLISHES_BY_VERB = {
    "p4": word_set("submit shelve"),
    "arc": word_set("diff land"),
    "osc": word_set("commit ci submitrequest sr"),
    "eas": word_set("update submit"),
    "fastlane": word_set(
        "deliver pilot supply upload_to_app_store upload_to_testflight upload_to_play_store"
    ),
    "web-ext": word_set("sign"),
    "kaggle": word_set(
        "datasets:version datasets:create kernels:push competitions:submit models:create"
    ),
    "notarytool": word_set("submit"),
    # round 17s: a registry's image retagged, changed or appended to (crane, regctl), an
    # upload by JFrog's short verb, a Hex package published through rebar3, a serverless
    # app updated (zappa), an app built, pushed and deployed (skaffold)
    "crane": word_set("tag mutate append push rebase flatten"),
    "regctl": word_set("image:copy image:mod manifest:put artifact:put"),
    **dict.fromkeys(("jfrog", "jf"), word_set("rt:u rt:upload")),
    "rebar3": word_set("hex:publish"),
    "zappa": word_set("update deploy"),
    "skaffold": word_set("run deploy"),
    # round 18s: a review sent (Phabricator's, a patch series by mail), a stack of branches
    # submitted as pull requests (Graphite's ``submit``, its ``ss`` short form), a commit that
    # fossil's autosync pushes at once
    "hg": word_set("phabsend email"),
    "chg": word_set("phabsend email"),
    # round 19s: Sapling's pull requests, its ghstack and its commit cloud are on a server
    "sl": word_set("phabsend email pr:submit ghstack cloud:sync cloud:upload cloud:backup"),
    "gt": word_set("submit ss stack:submit branch:submit"),
    # round 20s: git-spice's submits (``gs`` is its program), lerna's ``version`` (it commits,
    # tags and pushes unless ``--no-push``), pants' and Swift's registry verbs, racket's catalog
    # upload, stack-pr's submit and land
    "gs": word_set("ss bs uss dss branch:submit stack:submit upstack:submit downstack:submit"),
    "lerna": word_set("version"),
    "pants": word_set("publish"),
    "swift": word_set("package-registry:publish"),
    "raco": word_set("pkg:catalog-upload"),
    "stack-pr": word_set("submit land"),
    "fossil": word_set("sync commit ci uv:sync uv:push"),
    # round 19s: a bundle mailed (Bazaar's ``send``), a stack's pull requests (spr's
    # ``diff``/``update``/``land``, Aviator's ``pr``), mob's hand-over pushes (``next``,
    # ``start``, ``done``), a cookbook or role put on its registry (knife, ansible-galaxy)
    **dict.fromkeys(("bzr", "brz"), word_set("send")),
    "spr": word_set("diff update land merge"),
    "av": word_set("pr"),
    "mob": word_set("next n start s done d"),
    "knife": word_set("supermarket:share cookbook:upload"),
    "ansible-galaxy": word_set("role:import import"),
    # round 21s: signatures and attestations pushed to the image's registry (cosign, notation),
    # a project uploaded and deployed (railway, heroku's builds), auto's
    # releases
    "cosign": word_set(
        "sign attest copy attach:signature attach:sbom attach:attestation upload:blob upload:wasm"
    ),
    "notation": word_set("sign"),
    "railway": word_set("up deploy redeploy"),
    "heroku": word_set("builds:create container:push container:release deploy:jar deploy:war"),
    "auto": word_set("shipit latest canary next release"),
}
"""Programs whose verb (or pair of verbs, joined by ``:``) publishes though it is no publishing
word (round 16s): a sync or a commit to another's server (``fossil sync``, ``p4 submit``,
``osc commit``), a review uploaded (``arc diff``), an app or add-on sent to a store
(``eas submit``, ``fastlane deliver``, ``web-ext sign``, ``xcrun notarytool submit``), an
over-the-air update (``eas update``), a data set's or notebook's version (``kaggle datasets
version``): the policy's, as ``deploy`` is."""
PUBLISHES_BY_OPTION = {
    "pack": word_set("--publish"),
    "earthly": word_set("--push"),
    "lab": word_set("--push"),  # round 20s: ``lab mr create --push`` pushes the branch first
    "altool": word_set("--upload-app --upload-package"),
    # round 17s: ghp-import's push of the gh-pages branch, cargo's release plugins run for real
    "ghp-import": word_set("-p --push"),
    "cargo": word_set("--execute"),
    # round 18s: mike's verbs (set-default, alias, delete, retitle) commit to gh-pages and push
    "mike": word_set("-p --push"),
    # round 20: gpg's keys sent to a keyserver (the policy's, as a publish is)
    **dict.fromkeys(("gpg", "gpg2"), word_set("--send-keys --send-key")),
    # round 21s: kaniko pushes the image it builds to each destination
    "kaniko": word_set("--destination"),
    # round 24: ``hub pull-request --push`` pushes the branch first (``-p`` below)
    "hub": word_set("--push"),
}
"""Programs an option makes publish (``pack build --publish``, ``earthly --push``, ``xcrun
altool --upload-app``)."""
PUBLISHES_BY_VERB_OPTION = {"hub": ("pull-request", "p", "mFbharMli")}
"""A short option that publishes only with its verb (``hub pull-request -p`` pushes first;
``hub clone -p`` and ``hub create -p`` mean private), and the verb's short options that take a
value: hub's parser reads a cluster of short options (``-fp``, ``-dp``), a letter after a
valued one being its value (``-mp`` is the message ``p``; round 25, ``left25``)."""
PUBLISHES_TO = {"s3cmd": (word_set("put sync cp mv"), "s3://")}
"""Programs whose verb publishes when its last operand is the remote's (``s3cmd sync dist/
s3://bucket/``; to a local directory it downloads)."""


def _publishes_by_table(name: str, args: list[Word], verbs: list[str | None]) -> bool:
    """Whether ``name``'s verbs or options publish by :data:`PUBLISHES_BY_VERB` and
    :data:`PUBLISHES_BY_OPTION` (a usage request or a dry run does not)."""
    if _prints_usage(args) or {a.value for a in args} & (KEPT_LOCAL | PRINTS_ONLY):
        return False
    by_verb = PUBLISHES_BY_VERB.get(name, frozenset())
    if verbs and (verbs[0] in by_verb or f"{verbs[0]}:{(verbs[1:2] or [''])[0]}" in by_verb):
        return True
    to = PUBLISHES_TO.get(name)
    if to is not None and verbs and verbs[0] in to[0]:
        operands = [a.value for a in args if not (a.value or "-").startswith("-")]
        return len(operands) > 1 and (operands[-1] or "").startswith(to[1])
    verb_option = PUBLISHES_BY_VERB_OPTION.get(name)
    if (
        verb_option is not None
        and verbs[:1] == [verb_option[0]]
        and any(_in_cluster(a.value, verb_option[1], verb_option[2]) for a in args)
    ):
        return True
    by_option = PUBLISHES_BY_OPTION.get(name, frozenset())
    return any((a.value or "").split("=", 1)[0] in by_option for a in args)


def _in_cluster(value: str | None, letter: str, valued: str) -> bool:
    """``-LETTER`` alone or in a cluster of short options (``-fp``), before any letter that
    takes the rest of the word as its value."""
    if value is None or value[:1] != "-" or value[1:2] in {"", "-"}:
        return False
    for c in value[1:]:
        if c == letter:
            return True
        if c in valued:
            return False
    return False


def _unknown_publishes(name: str, args: list[Word], verbs: list[str | None]) -> bool:
    """Whether a program no rule names puts the project out, in every mode (the policy's, as
    ``fly deploy`` is): a publishing verb among its first two (``goreleaser release``,
    ``buildah push``, ``jj git push``, ``pod trunk push``), a name that is a publishing phrase
    (``semantic-release``, ``release-it``), a builder that pushes by default, a copy to a
    registry. A dry run or a usage request publishes nothing."""
    if _prints_usage(args) or any((a.value or "").split("=")[0] in PRINTS_ONLY for a in args):
        return False
    if {a.value for a in args} & KEPT_LOCAL:
        return False
    if name not in LOCAL_PUSHES and any(
        _tokens(v) & UNKNOWN_PUBLISH_VERBS and not _names_file(v) for v in verbs[:2]
    ):
        return True
    parts = name.lower().replace("_", "-").split("-")
    if len(parts) > 1 and all(p.isalnum() for p in parts) and set(parts) & UNKNOWN_PUBLISH_VERBS:
        return True
    alone = PUBLISHES_ALONE.get(name)
    if alone is not None:
        return not {(a.value or "").split("=")[0] for a in args} & alone
    pushes = PUSHES_BY_DEFAULT.get(name)
    if pushes is not None and verbs and verbs[0] in pushes[0]:
        return not {a.value for a in args} & (word_set(pushes[1]) | {"--push=false"})
    copies = REGISTRY_COPIERS.get(name)
    if copies is not None and verbs and verbs[0] in copies:
        ends = [a.value for a in args if not (a.value or "").startswith("-")]
        dest = ends[-1] if len(ends) > 2 else ""
        values = [a.value for a in args]
        bare = (
            name in {"crane", "gcrane"}
            or "--dest=docker" in values
            or ("--dest", "docker") in pairwise(values)
        )  # ``skopeo sync --dest docker DIR quay.io/acme``: the transport given apart
        return (
            dest is None
            or dest.startswith("docker://")
            or (bare and "://" not in dest and "." in dest.split("/", 1)[0])
        )
    return False


def _publishes_on_chain(name: str, args: list[Word], verbs: list[str | None], ctx: Ctx) -> bool:
    """Whether a Solidity tool's line deploys or uploads (:data:`CHAIN_PUBLISHING`)."""
    table = CHAIN_PUBLISHING.get(name)
    if table is None:
        return False
    publishing, options = table
    if (bool(verbs) and verbs[0] in publishing) or any(
        (a.value or "").split("=", 1)[0] in options for a in args
    ):
        return True
    if name == "hardhat" and verbs[:2] == ["ignition", "verify"]:
        return True  # the module's contracts' source uploaded, as ``hardhat verify`` does
    return _chain_network(name, args, verbs, ctx) == "remote"


CHAIN_NETWORK_VARIABLES = {"hardhat": "HARDHAT_NETWORK"}
"""The variable a Solidity tool reads for its network when no ``--network`` is given."""


def _chain_network(name: str, args: list[Word], verbs: list[str | None], ctx: Ctx) -> str | None:
    """Where a Solidity tool's deployment verb (:data:`CHAIN_NETWORKS`) sends its transactions
    by its ``--network``: ``"remote"`` (a network not on this machine, or one computed at run
    time), ``"local"`` (the in-process ``hardhat`` network, a ``localhost`` node), or None (not
    a deployment, or no network named: the configuration's default decides, and the verbs
    are judged as any tool's)."""
    networked = CHAIN_NETWORKS.get(name)
    if networked is None or not verbs or verbs[0] not in networked[0]:
        return None
    if verbs[0] == "ignition" and verbs[1:2] != ["deploy"]:
        return None  # ``ignition visualize``, ``status``: read the module or the journal
    networks = [w.value for w in option_values(args, frozenset({"--network"}))]
    variable = CHAIN_NETWORK_VARIABLES.get(name, "")
    if not networks and variable in ctx.assigned:  # ``HARDHAT_NETWORK=sepolia hardhat run``
        networks = [ctx.assigned[variable]]
    elif not networks and variable in ctx.variables:  # ``export HARDHAT_NETWORK=sepolia; ...``
        networks = [ctx.variables[variable]]
    if not networks:
        return None
    return "local" if all(n in networked[1] for n in networks) else "remote"


def _database_fetched(
    database: tuple[str, str], args: list[Word], ctx: Ctx, segment: str
) -> Verdict:
    """An :data:`ALWAYS_FETCHES` analyser's database (its option's value, else its default)
    judged as the URL it downloads; a ``file:`` database is local."""
    from ondas.guards.bash_net import network_url

    option, default = database
    url: str | None = default
    values = [a.value for a in args]
    for n, value in enumerate(values):
        head, eq, inline = (value or "").partition("=")
        if head == option:
            url = inline if eq else values[n + 1] if n + 1 < len(values) else ""
    if url is None:
        return block("network-unknown-target", segment, f"{option} computed at run time")
    if url.startswith("file:"):
        return ALLOW
    return network_url(url, ctx, segment)


def _nodes_read(options: frozenset[str], args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """Each URL an :data:`RPC_OPTIONS` option names judged as a fetch of it (an endpoint's
    name from the project's configuration, ``--rpc-url mainnet``, is left to the read)."""
    from ondas.guards.bash_net import network_url

    for word in option_values(args, options):
        if word.value is None:
            return block("network-unknown-target", segment, "the node's URL is set at run time")
        if "://" in word.value:
            verdict = network_url(word.value, ctx, segment)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _fetched(fetched: tuple[str, str], args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """Each value of a tool's fetching option judged as the URL it downloads (or refused as
    unknown text when computed at run time)."""
    from ondas.guards.bash_net import network_url

    option, base = fetched
    values = [a.value for a in args]
    for n, value in enumerate(values):
        head, eq, inline = (value or "").partition("=")
        if head != option:
            continue
        where = inline if eq else values[n + 1] if n + 1 < len(values) else ""
        if where is None:
            return block("network-unknown-target", segment, f"{option} computed at run time")
        verdict = network_url(base + where.lstrip("/"), ctx, segment)
        if not verdict.allowed:
            return verdict
    return ALLOW


HISTORY_REWRITERS = word_set("bfg")
"""Programs outside git whose only work is rewriting a repository's history (the BFG Repo-
Cleaner, as a command or ``java -jar bfg-1.14.0.jar``): as ``git filter-repo``, every option
rewrites."""


OPERAND_READERS = word_set(
    # text, listing and inspection tools of :data:`KNOWN_SAFE` that only read what they are
    # given (their few writing options are judged where they are: ``sort -o``, ``xmllint
    # --output``, ``yq -i``)
    "ls cat head tail less more grep egrep fgrep ggrep rg ag ack wc echo printf pwd whoami id "
    "date true false test [ [[ which type hash basename dirname realpath readlink stat file du "
    "df tree diff cmp comm cut paste tr fold fmt nl column join expand unexpand rev tac seq "
    "yes sleep jq yq xmllint md5sum sha1sum sha256sum sha512sum cksum shasum mktemp export set "
    "unset shift read local declare typeset readonly return exit break continue wait jobs fg "
    "bg getopts umask ulimit printenv uname hostname : let shopt unalias disown times dirs "
    "mapfile readarray caller suspend complete logout help man info apropos whatis history "
    "strings hexdump xxd od readelf size objdump nm zipinfo bat batcat delta tig colordiff "
    "icdiff difft diff3 csvlook gron htmlq xq fx getfacl lsattr pr fd fdfind eza exa tokei "
    "cloc dust duf zcat lsof ps pgrep json_pp yaml2json expr numfmt "
    # round 22 (tune22b): ``dir`` and ``vdir``, coreutils' ``ls -C -b`` and ``ls -l -b``
    "dir vdir "
    # static analysers that read the files they are given and print what they find
    "shellcheck hadolint yamllint actionlint flake8 pylint mypy pyright basedpyright pydocstyle "
    "editorconfig-checker tflint tfsec kubeconform kubeval vale cspell proselint doc8 rstcheck "
    "bashate checkbashisms perlcritic luacheck selene"
)
"""Programs of :data:`KNOWN_SAFE` that only read the files they are given: not asked whether a
word names a control file (``cat .claude/settings.json``, ``jq . .mcp.json``). Every other
known program writes somewhere its words say (a formatter its operands, a compiler or a dumper
its ``-o``/``-d``/``-f``, a report option), so it is asked, as a program no rule knows is."""
_VALUE_AFTER_PREFIX = LazyPattern(r"^[A-Za-z][\w.+-]*[:=](?!//)(.+)$")
"""A word that carries a path after a type or key (``html:.claude``, ``json=.mcp.json``,
``cache_dir=.claude``, ``sqlite:.ondas/state.db``): the path the program writes or opens."""


_HookRow = tuple[tuple[str, ...], frozenset[str], frozenset[str]]
_OVERWRITE = word_set("-f --force --overwrite")
HOOK_INSTALLERS: dict[str, tuple[_HookRow, ...]] = {
    **dict.fromkeys(
        ("pre-commit", "prek"),
        ((("install",), _OVERWRITE, frozenset()), (("uninstall",), frozenset(), frozenset())),
    ),
    "lefthook": (
        (("install",), _OVERWRITE, frozenset()),
        (("uninstall",), frozenset(), frozenset()),
    ),
    "nbstripout": (((), word_set("--install --uninstall"), frozenset()),),
    "nbdime": ((("config-git",), frozenset(), frozenset()),),
    "overcommit": (
        ((), word_set("--uninstall"), frozenset()),
        ((), frozenset(), word_set("--install --force")),
    ),
    # round 21s: git-secrets' forced install replaces the hooks; husky's ``add``/``set`` write
    # a hook with the command given, ``uninstall`` unsets the hooks' path
    "git-secrets": (((), _OVERWRITE, word_set("--install")),),
    "husky": (
        (("add",), frozenset(), frozenset()),
        (("set",), frozenset(), frozenset()),
        (("uninstall",), frozenset(), frozenset()),
    ),
}
"""Hook managers' forms that overwrite or remove the repository's hooks (round 17s:
``pre-commit install -f``, ``pre-commit uninstall``, ``lefthook install --force``,
``overcommit --install --force``; round 21s: ``git secrets --install -f``, ``husky add|set``)
or set a command git runs in ``.git/config``
(``nbstripout --install``: a clean filter; ``nbdime config-git``: diff and merge drivers), as
``git config filter.X.clean`` is refused: each row the verbs it starts with, the options of
which one must be given, and those all of which must. A plain ``pre-commit install`` adds the
hook the project asks for, keeping one that was there (``.legacy``), and passes; so does
``husky`` (``husky install``), which points ``core.hooksPath`` at the project's own ``.husky``
and which projects run from their ``prepare`` script."""


def _changes_hooks(rows: tuple[_HookRow, ...], args: list[Word], verbs: list[str | None]) -> bool:
    """Whether ``args`` match one of a hook manager's rows (:data:`HOOK_INSTALLERS`)."""
    given = {(a.value or "").split("=", 1)[0] for a in args}
    named = [v for v in verbs if v is not None]
    for start, any_of, all_of in rows:
        if tuple(named[: len(start)]) != start:
            continue
        if (not any_of or given & any_of) and all_of <= given:
            return True
    return False


def _given_control_file(name: str, args: list[Word], ctx: Ctx, segment: str) -> Verdict:
    """A program given a control file (``crudini --set .ondas/config.toml``, ``json -I -f
    .claude/settings.json``, ``--file=.git/config``, round 17s: ``pyupgrade
    .claude/hooks/guard.py``, ``terser a.js -o .claude/hooks/x.js``, ``pg_dump -f .mcp.json``,
    ``--cov-report=html:.claude``, ``usql sqlite:.ondas/state.db``): whether it reads or
    rewrites the file is its own business, and git's, ondas's and the hooks' files are written
    by them alone. Known readers (:data:`OPERAND_READERS`: ``cat``, ``jq``, ``grep``) are not
    asked here."""
    from ondas.guards.bash_base import classify

    anywhere = _cwd_protected(ctx)  # ``cd .claude && pyupgrade x.py``: every word is inside
    for word in args:
        value = word.value
        if value is None:
            continue
        if value.startswith("-") and "=" not in value:
            candidates = _attached_values(value)  # round 20s: ``gcc -o.git/hooks/x``
            if not candidates:
                continue
        else:
            value = value.split("=", 1)[1] if value.startswith("-") else value
            if not anywhere and not any(mark in value for mark in _CONTROL_MARKS):
                continue  # a word that cannot name a control file, read without a pattern
            candidates = (value, *_after_prefix(value))
        for candidate in candidates:
            if candidate.rstrip("/").removeprefix("./") == ".git":
                continue  # the repository as a whole (``git-sizer .git``, find's ``{}``): git's
            if candidate and classify(candidate, ctx) == "protected":
                return block(
                    "write-protected-path",
                    segment,
                    f"{name} is given {candidate!r}, which holds git, ondas or hook state; a "
                    "program that writes its operands or where its options say may rewrite it",
                )
    return ALLOW


_CONTROL_MARKS = (".git", ".ondas", ".claude", ".mcp", "*", "?", "[")
"""What a word must hold to name a control file from a working directory outside them: a
control directory's or file's name, or a glob that may expand to one."""


def _cwd_protected(ctx: Ctx) -> bool:
    """Whether the shell is in a control directory (``cd .claude``), where any relative word
    names a file in it."""
    from ondas.guards.paths import lexical_inside, protected_reason

    if ctx.cwd is None or ctx.project is None or ctx.cwd == ctx.project:
        return False  # the project's top (the usual place) is no control directory
    if not lexical_inside(ctx.cwd, ctx.project):
        return False
    relative = posixpath.relpath(ctx.cwd, ctx.project)
    return relative != "." and protected_reason(relative.split("/")) is not None


_CONTROL_NAMES = (".git", ".ondas", ".claude", ".mcp")


def _attached_values(word: str) -> tuple[str, ...]:
    """The paths a short option's word may carry attached to its letters (round 20s): getopt
    reads ``-o.claude/x`` as ``-o .claude/x`` and ``-mo.git/info/exclude`` as ``-m -o
    .git/info/exclude``, so each tail after a run of letters that starts a path (``.`` or
    ``/``) is a value, and so is what follows ``-LETTERS:`` (``csc -out:FILE``, round 21s);
    only a word naming a control directory is read. A long option's word
    (``--x``) carries its value after ``=``."""
    if word.startswith("--") or not any(name in word for name in _CONTROL_NAMES):
        return ()
    rest = word[1:]
    tails = [rest[i:] for i in range(1, len(rest)) if rest[i] in "./" and rest[:i].isalnum()]
    # round 21s: ``csc -out:.git/hooks/x``, ``mcs -out:X``: the value after a colon
    head, colon, tail = rest.partition(":")
    if colon and head.isalnum():
        tails.append(tail)
    return tuple(tails)


def _after_prefix(value: str) -> tuple[str, ...]:
    """The path a ``TYPE:PATH`` or ``KEY=PATH`` word carries (:data:`_VALUE_AFTER_PREFIX`)."""
    if ":" not in value and "=" not in value:
        return ()
    match = _VALUE_AFTER_PREFIX.match(value)
    return (match.group(1),) if match is not None else ()


INSPECTS_BY_RUNNING = word_set("ldd help2man zizmor")
"""Programs that read the files they are given but may run them to do it (``ldd`` may run a
program whose loader is not the system's; round 21: ``help2man ./bin/app`` runs it with
``--help`` and ``--version``), or that audit them (``zizmor .github/workflows``): known in
unattended runs when every operand is a file of the project, whose programs an unattended run
lets the project run anyway (``./bin/app``); not given a file outside it, nor a repository's
``OWNER/REPO`` (zizmor fetches its workflows over the network)."""


def _project_operands(args: list[Word], ctx: Ctx) -> bool:
    from ondas.guards.bash_base import classify

    operands = [a.value for a in args if a.value is None or not a.value.startswith("-")]
    return bool(operands) and all(
        v is not None
        and classify(v, ctx) in {"project", "project-temp"}
        and not _repository_slug(v)
        for v in operands
    )


def _repository_slug(value: str) -> bool:
    """``OWNER/REPO`` (``zizmor octo/app``): a repository on a forge, not a path of the
    project (a path starts with ``.`` or names a file by its extension)."""
    owner, slash, repo = value.partition("/")
    return bool(
        slash and owner and repo and owner[:1] != "." and "/" not in repo and "." not in repo
    )


REMOTE_RUN_VERBS = word_set("run ssh exec")
"""Verbs by which a service CLI runs a program on the service (``heroku run``, ``fly ssh
console``, ``railway run``); ``execute`` and ``eval`` take statements, judged as SQL."""
REMOTE_SERVICES = word_set(
    "heroku fly flyctl render railway doctl cf copilot nomad consul openstack tailscale"
)
"""Service CLIs whose run verbs run the program on the service's machines (``heroku run``,
``fly ssh console``, ``nomad alloc exec``, ``consul exec``): a run on a remote, the
specification's policy as ``ssh`` is. ``railway run`` runs locally with the service's
variables (its ``ssh`` is remote); local VMs and containers (``vagrant``, ``multipass``,
``lxc``, ``docker``) are not remote."""
REMOTE_COMMAND_OPTIONS = word_set("-C --command")
"""Options by which a service CLI's ``ssh``/``console`` verb is given the command it runs on
the service (``fly ssh console -C CMD``)."""


def _remote_command(
    name: str,
    args: list[Word],
    verbs: list[str | None],
    ctx: Ctx,
    segment: str,
    stdin: Stdin | None,
) -> Verdict:
    """What a service CLI runs on the service: the command after its ``run``/``ssh``/``exec``
    verb (``heroku run rake db:drop``, ``fly ssh console -C CMD``), judged by the rules that
    know its program (a program unknown here may be the service's own), and the SQL or
    commands it is fed on standard input (``heroku pg:psql <<< 'TRUNCATE t'``). A run that
    destroys nothing is, on a :data:`REMOTE_SERVICES` machine, the policy's."""
    from ondas.guards.bash_sql import destroying_sql
    from ondas.guards.bash_system import stdin_payloads

    for text in stdin_payloads(stdin) or ():
        what = None if text is None else destroying_sql(text)
        if what is not None:
            return block("service-destroy", segment, f"{name} is fed {what}")
    runs = [k for k, v in enumerate(verbs[:2]) if _tokens(v) & REMOTE_RUN_VERBS]
    if not runs:
        return ALLOW
    texts: list[str] = []
    for k, word in enumerate(args):
        key, eq, value = (word.value or "").partition("=")
        if key in REMOTE_COMMAND_OPTIONS and (eq or k + 1 < len(args)):
            texts.append(value if eq else args[k + 1].value or "")
    values = [a.value for a in args]
    verb = verbs[runs[0]]
    rest = args[values.index(verb) + 1 :] if verb in values and not texts else []
    while rest and (rest[0].value or "").startswith("-"):
        taken = "=" not in (rest[0].value or "") and len(rest) > 1
        rest = rest[2:] if taken else rest[1:]  # ``-a APP``: an option and its value
    if rest and None not in [w.value for w in rest]:
        from shlex import quote  # here only: ``shlex`` compiles a pattern at import

        texts.append(" ".join(quote(w.value or "") for w in rest))
    for text in texts:
        verdict = ctx.check_source(text, ctx, 1)
        if not verdict.allowed and verdict.category != "unknown":
            return verdict
    verdict = destroying(name, [Word("run", "run"), *rest], segment) if rest else ALLOW
    if verdict.allowed and name in REMOTE_SERVICES and (name, verb) != ("railway", "run"):
        from ondas.guards.bash_infra import remote_run

        return remote_run(name, verbs[: runs[0] + 1], segment)  # ``heroku run bash``: policy
    return verdict


def _short_option(value: str | None, letter: str) -> bool:
    """``value`` is a cluster of one-letter options holding ``letter`` (``-p``, ``-rp``)."""
    return value is not None and value[:1] == "-" and value[1:2] != "-" and letter in value


def _ruled(name: str) -> bool:
    """A rule or a table of the guard knows ``name``: a file of the project never stands in
    for it (``node_modules/.bin/rm``, ``vendor/bin/doctl``)."""
    from ondas.guards.bash_base import DOWNLOADERS, HANDLERS, SHELLS, is_interpreter
    from ondas.guards.bash_rule_names import LAZY_RULE_NAMES, NET_RULE_NAMES, OPTION_RULE_NAMES

    return (
        name in HANDLERS
        or name in LAZY_RULE_NAMES
        or name in NET_RULE_NAMES
        or name in OPTION_RULE_NAMES
        or name in SERVICE_CLIS
        or name in RULED_SERVICE_CLIS
        or name in KNOWN_BY_VERB
        or name in SHELLS
        or name in DOWNLOADERS
        or is_interpreter(name)
        or name in CMD_DELETERS
        or name in READ_OPTIONS
        or name in READ_OBJECTS
        or name in DEFAULT_VERBS
        or name in CHANGING_OPTIONS
    )


_OUTPUTISH = (
    "-o",
    "--o",
    "--O",
    "-d",
    "--j",
    "--l",
    "--r",
    "--h",
    "--x",
    "--t",
    "--c",
    "--d",
    "--basetemp",
    "--site-dir",
    "--warning-file",
    "-PbuildDir",
    "-B",
    "--index-file",
    "--functions-rdb",
    "--export-",
    # round 17: second outputs (tags files, dumps, reports, logs, extracted media) and tox's
    # work directory
    "-f",
    "-r",
    "-p",
    "-L",
    "-e",
    "--e",
    "--f",
    "--s",
    "--w",
    # round 21s: pip wheel's ``-w DIR``, npm pack's ``--pack-destination DIR``
    "-w",
    "--pack",
    # round 23 (npol23): pv's pid file
    "-P",
    "--pid",
)
"""How an output option of :mod:`ondas.guards.bash_output_options` starts (a cheap first look)."""
WINDOWS_READS = word_set("ver vol ipconfig systeminfo where tasklist getmac driverquery chcp")
"""Windows' programs that only report in the forms :mod:`ondas.guards.bash_windows_reads` lists
(imported only for their lines, unattended)."""
MYSQL_CLIENTS = word_set(
    "mysql mariadb mysqladmin mysqldump mysqlcheck mysqlimport mysqlshow mysqlslap mysqlbinlog "
    "mysqlpump mysql_upgrade mariadb-admin mariadb-dump mariadb-check mariadb-import "
    "mariadb-show mariadb-slap mariadb-binlog mariadb-upgrade"
)
"""MySQL's and MariaDB's client programs, whose debug option writes a trace file
(:mod:`ondas.guards.bash_mysql_debug`, imported only for their lines with an option)."""
_WRITES_BY_OPERAND = word_set(
    "deno dprint taplo zig stylua nixfmt firebase "
    "nixpkgs-fmt alejandra deadnix ormolu fourmolu stylish-haskell cabal-fmt ktfmt swift-format "
    "swiftformat elm-format scalafmt buildifier nimpretty gdformat yamlfmt erlfmt gersemi "
    "fantomas djlint ocamlformat purs-tidy csharpier dotnet-format packer misspell gci objcopy "
    "opa conftest hpack terraform-docs "
    "autopep8 biome black clang-format composite convert dos2unix eslint ffmpeg go gofmt "
    "goimports history isort mac2unix magick montage pdftotext pdfunite perltidy prettier "
    "protoc ruff rustfmt shfmt sphinx-build strip stylelint tauri unix2dos unix2mac xxd yapf "
    "codespell typos qpdf ar pdftk cpack gts js-beautify html-beautify css-beautify"
)
"""Programs :mod:`ondas.guards.bash_output_options` reads whatever their options look like
(its ``OPERAND_WRITERS``, kept literal so a command costs a set lookup; a test compares them)."""


def _outputish(args: list[Word]) -> bool:
    for word in args:
        v = word.value
        if v and v[0] == "-" and v.startswith(_OUTPUTISH):
            return True
    return False


CMD_DELETERS = word_set("del erase rd")
"""cmd.exe's deletion builtins, which no Unix system has as a program: judged by their
targets as the Windows deletion they spell (``rd /s /q DIR`` as ``rm -r``)."""

PS_READ_VERBS = word_set(
    "get test select measure find search show write format convertto convertfrom compare "
    "resolve join split read sort group where"
)
"""PowerShell's approved verbs that only read or print (``Get-``, ``Test-``, ``Write-Output``);
``ForEach-Object`` and ``Out-File`` are not here (one runs a script block, one writes)."""


def _cmdlet(name: str) -> bool:
    """Whether ``name`` is spelled as a PowerShell cmdlet: ``Verb-Noun``, both capitalised."""
    verb, dash, noun = name.partition("-")
    return (
        bool(dash)
        and verb.isalpha()
        and noun.isalpha()
        and verb[:1].isupper()
        and noun[:1].isupper()
    )


PS_DISPLAY_FORMATS = word_set("table list wide custom hex number")
"""``Format-`` reads only when it formats output (``Format-Table``); ``Format-Volume`` wipes."""


def _reading_cmdlet(name: str) -> bool:
    """A PowerShell cmdlet (``Verb-Noun``, capitalised as PowerShell writes it) whose verb only
    reads: its words are data. The
    cmdlets that change things are judged by :mod:`ondas.guards.bash_windows`."""
    verb, _, noun = name.partition("-")
    verb, noun = verb.lower(), noun.lower()
    if verb == "format" and noun not in PS_DISPLAY_FORMATS:
        return False
    return _cmdlet(name) and verb in PS_READ_VERBS and noun != "file"


def service_rule(previous: Handler) -> Handler:
    """The rule of a service CLI that has one of its own (``docker``), with its destroying
    verbs refused first, as for every service CLI."""

    def handler(
        name: str, args: list[Word], ctx: Ctx, depth: int, seg: str, s: Stdin | None
    ) -> Verdict:
        verdict = ALLOW if asks_usage(name, args) else destroying(name, args, seg)
        return verdict if not verdict.allowed else previous(name, args, ctx, depth, seg, s)

    return handler


FORCED_COLLECTIONS = {"dvc": word_set("gc")}
"""Data version tools' garbage collections: ``dvc gc`` deletes from the cache every version of
the data that the workspace (``-w``) or the named revisions do not use, the only copy of the
others unless pushed, as ``git annex dropunused`` does; forced (``-f``), it does not ask."""

VCS_DISCARD_TOOLS = word_set("hg chg sl svn bzr brz darcs pijul fossil jj dolt p4 dvc cvs")
"""Version control tools other than git with verbs that lose work or history for good: their
table, :data:`~ondas.guards.bash_vcs.VCS_DISCARDS`, loads only for their lines (round 18)."""


DESTROYING_OPTIONS = {"down": word_set("-v --volumes --rmi"), "stop": word_set("--no-backup")}
"""Verbs that destroy only with one of these options (``docker compose down -v`` deletes the
volumes, ``down`` alone stops the services; round 23: ``supabase stop --no-backup`` deletes
the local stack's database volumes, which ``stop`` alone keeps for the next start)."""


def _working_copy_removal(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict | None:
    """A version control tool's verb taking files out of its working copy, judged as ``rm``
    (:func:`~ondas.guards.bash_vcs.working_copy_removal`, loaded for these tools' lines)."""
    if name not in VCS_DISCARD_TOOLS:
        return None
    from ondas.guards.bash_vcs import working_copy_removal

    return working_copy_removal(name, args, ctx, seg)


def _configured(args: list[Word]) -> bool:
    """A configuration given on the line (hooks, editors and helpers are commands)."""
    from ondas.guards.bash_vcs import configured

    return configured(args)


SOURCE_FILE_RUNNERS = {"rails": (word_set("runner r"), ".rb")}
"""A framework's verbs that run a source file of the project with the application loaded
(round 18, everyday18b): ``rails runner scripts/fix.rb`` runs the project's script, as ``ruby
scripts/fix.rb`` does; the file's name is not a sub-command (its ``rb`` read as ``aws s3 rb``'s
remove-bucket verb). Code given instead of a file (``rails runner 'User.delete_all'``) keeps
being read word by word, and as Ruby (:mod:`ondas.guards.bash_consoles`)."""


def _runs_source_file(name: str, before: list[str | None], word: str | None) -> bool:
    """``word`` follows one of :data:`SOURCE_FILE_RUNNERS`' verbs and names such a file in the
    project, by a relative path that does not leave it (``/tmp/x.rb``, ``../x.rb`` are read as
    before); the script's own arguments after it are still read as verbs (``rails runner
    scripts/fix.rb db:drop``, as ``ruby scripts/fix.rb db:drop``)."""
    row = SOURCE_FILE_RUNNERS.get(name)
    if row is None or not before or before[0] not in row[0] or word is None:
        return False
    inside = not word.startswith(("/", "~", "..", "$")) and "/../" not in word
    return inside and word.endswith(row[1]) and " " not in word


def _option_on(value: str | None, options: frozenset[str]) -> bool:
    """``value`` is one of ``options``, alone or given a value (``--rmi=all``,
    ``--volumes=true``) that does not turn it off."""
    key, eq, given = (value or "").partition("=")
    return key in options and (not eq or given.lower() not in {"false", "0", "f", "no", "off"})


DESTROYING_FLAGS = DESTRUCTIVE_VERBS - {"rm", "remove", "teardown", "compact"}
"""Verbs that destroy as the first word of a long option (``kafka-topics --delete``,
``--purge``, ``gpg --delete-secret-keys``); ``--rm`` and ``--remove-orphans`` clean up what
the command itself creates (``docker run --rm``); as an option, ``teardown`` names a test
phase's script (``--teardown ./teardown.ts``, ``--global-teardown``) and ``compact`` a
format (``--compact``, ``--compact-output``), which their verbs (``env teardown``, ``etcdctl
compact``) are not."""


def _project_path_operand(word: str | None) -> bool:
    """``word``, in a sub-command's place, is a relative path into the project
    (``tests/compiler/empty``, ``data/reset/input.json``): a slash, no blank, and nothing that
    leaves the project or is filled in later (``/``, ``~``, ``..``, ``$``, a glob, a URL's or
    a drive's ``:``)."""
    if word is None or "/" not in word or word.startswith(("/", "~", "-")):
        return False
    if any(c in word for c in _NOT_IN_OPERAND) or any(c.isspace() for c in word):
        return False
    return ".." not in word.split("/")


_NOT_IN_OPERAND = frozenset("$`:*?[]{}'\"\\=;&|<>()")


def destroying(name: str, args: list[Word], segment: str, own: bool = False) -> Verdict:
    """Refuse a destroying sub-command (``volume rm``, ``apps:destroy``) or option
    (``--delete``). The sub-command path ends at the first verb that reads or writes: the
    words after it are its arguments (``docker exec web rm x`` runs ``rm`` in a container).
    For the project's own program (``own``: ``./bin/asc``, ``node bin/asc``) a relative path
    into the project in a verb's place is a file it is given, not a verb (round 26, npol26:
    ``node bin/asc tests/compiler/empty``); the words after it are still read as verbs."""
    compose = compose_args(name, args)
    if compose is not None:
        return _compose_destroying(name, compose, segment)
    path: set[str] = {"db"} if name in MIGRATION_TOOLS else set()
    verbs = _verbs(args, *global_valued(name))
    for k, verb in enumerate(verbs):
        if _runs_source_file(name, verbs[k - 1 : k] if k else [], verb):
            continue  # ``rails runner scripts/fix.rb ARG``: the project's script, not a verb
        if own and _project_path_operand(verb):
            continue  # ``bin/asc tests/compiler/empty``: a file of the project, not a verb
        tokens = _tokens(verb)
        path |= tokens
        if empties_database(path, tokens, args):
            return block(
                "service-destroy",
                segment,
                f"{name} {verb} empties or rebuilds a database, losing the rows it holds",
            )
        if (
            destroys(tokens if "clear" not in tokens else path)
            or _unsets_secret(path, tokens, args, verb)
            or verb in OWN_DESTROYING_VERBS.get(name, ())
        ):
            if name in CONTAINER_ENGINES and verb == "prune":
                return block("service-destroy", segment, SHARED_PRUNE.format(name=name))
            return block("service-destroy", segment, f"{name} {verb} destroys what it manages")
        options = DESTROYING_OPTIONS.get(verb or "")
        if options and any(_option_on(a.value, options) for a in args):
            return block(
                "service-destroy",
                segment,
                f"{name} {verb} with {' '.join(sorted(options))} destroys what it manages",
            )
        group = k == 0 and (name in SERVICE_FIRST or (name, verb) in RUN_IS_A_NOUN)
        runs = (verb or "").lower() in RUNS_COMMAND and not group
        operands = (
            name in CONTAINER_ENGINES and verb in CONTAINER_OPERAND_VERBS
        ) or _takes_operands(name, verb, k == 0)
        if runs or operands or tokens & (READ_VERBS - READ_NOUNS):
            break
    if name in VCS_DISCARD_TOOLS:
        from ondas.guards.bash_vcs import vcs_discards

        verdict = vcs_discards(name, verbs, args, segment)
        if not verdict.allowed:
            return verdict
    collects = FORCED_COLLECTIONS.get(name)
    if collects and set(_verbs(args)[:1]) & collects and flag_set(args) & {"-f", "--force"}:
        return block(
            "service-destroy",
            segment,
            f"{name} {' '.join(sorted(collects))} --force deletes, without asking, every cached "
            "data version the workspace does not use: older versions' only copy unless pushed",
        )
    if name in API_METHODS and _verbs(args)[:1] == ["api"]:
        verdict = _api_method(name, args, segment)  # ``glab api -X DELETE projects/42``
        if not verdict.allowed:
            return verdict
    for word in _engine_words(name, args):
        v = word.value
        if v == "--":
            break
        if v is not None and v.startswith("--") and destroying_option(v):
            return block("service-destroy", segment, f"{name} {v} destroys what it manages")
        if name in GO_FLAGS and _single_dash_long(v) and destroying_option("-" + str(v)):
            return block("service-destroy", segment, f"{name} {v} destroys what it manages")
        if v is not None and " " in v:
            from ondas.guards.bash_sql import destroying_sql, sql_text

            what = destroying_sql(sql_text(v))
            if what is not None:
                return block("service-destroy", segment, f"{name} is given {what}")
    return ALLOW


GO_FLAGS = word_set("nomad consul vault packer boundary waypoint terraform tofu")
"""CLIs that read long options with one dash, as Go's flag package does (``nomad job stop
-purge``, ``consul force-leave -prune``): such an option destroys as its ``--`` spelling does."""


def _single_dash_long(value: str | None) -> bool:
    return value is not None and len(value) > 2 and value[0] == "-" and value[1].isalpha()


API_METHODS = {name: word_set("-X --method") for name in ("glab", "tea", "hub")}
RAW_API = word_set("gh glab tea hub")  # round 21s: hub's ``api`` is gh's
"""CLIs whose first verb ``api`` sends a raw request to their service (``gh api`` has a rule of
its own): the endpoint's path after it is an operand."""
"""CLIs whose ``api`` verb sends a raw request to their service, its HTTP method given by one
of these options (``gh api`` has a rule of its own)."""


def _api_method(name: str, args: list[Word], segment: str) -> Verdict:
    from ondas.guards.bash_net import http_method

    options = API_METHODS[name]
    for k, word in enumerate(args):
        v = word.value or ""
        key, eq, value = v.partition("=")
        if key in options and eq:
            return http_method(value or None, None, segment)
        if v in options and k + 1 < len(args):
            return http_method(args[k + 1].value, None, segment)
        if len(v) > 2 and v[:2] in options and v[1] != "-":
            return http_method(v[2:], None, segment)  # ``-XDELETE``
    return ALLOW


DATABASE_NOUNS = word_set(
    "db database schema migrate migration migrations fixtures seed structure ecto"
)
"""Words of a task's path that say it works on a database (``migrate:fresh``, ``db:seed``)."""
DATABASE_EMPTYING = word_set("fresh refresh replant clean rollback revert undo zero down")
"""Verbs that, on a database, drop its tables or rows and build them again, or undo its
migrations (``migrate:fresh``, ``db:seed:replant``, ``wp db clean``, ``db:rollback``, Django's
``migrate APP zero``), as ``alembic downgrade`` and ``db:reset`` do: the rows are lost. Round 20:
``down`` is a rollback's other name (``dbmate down``, ``db:migrate:down``, ``goose down``)."""
LOADS_OVER = word_set("fixtures")
"""What a ``load`` replaces: fixtures are loaded after emptying their tables (Rails, Doctrine
unless ``--append``). A schema load (``db:schema:load``) recreates the tables too, but it is
also how a fresh checkout or a CI job sets up its database, as real projects' workflows do; it
is left to pass."""
MIGRATION_TOOLS = word_set("flyway liquibase dbmate sqitch")
"""Migration tools whose every verb is about the database (``flyway clean``, ``sqitch revert``)."""


def empties_database(path: set[str], tokens: set[str], args: list[Word]) -> bool:
    """A task on a database whose verb empties it or undoes its migrations, or loads fixtures
    or a schema over what it holds (not with ``--append``)."""
    if not path & DATABASE_NOUNS:
        return False
    if tokens & DATABASE_EMPTYING:
        return True
    if "migrate" in tokens and any((a.value or "").upper() == "VERSION=0" for a in args):
        return True  # round 18s: ``rails db:migrate VERSION=0`` undoes every migration
    return (
        "load" in tokens
        and bool(path & LOADS_OVER)
        and not any(a.value == "--append" for a in args)
    )


CONTAINER_ENGINES = word_set("docker podman nerdctl")
CONTAINER_RUN_VALUES = word_set(
    "-v --volume -e --env --env-file -p --publish -w --workdir --name --network --net -u "
    "--user --entrypoint --mount -l --label --platform -h --hostname --add-host --cpus -m "
    "--memory --restart --pull --cap-add --cap-drop --device --tmpfs --ulimit --log-driver "
    "--log-opt --security-opt --dns --shm-size --stop-signal -a --attach --cidfile --gpus "
    "--ipc --pid --runtime --expose --group-add --health-cmd --label-file --link --mac-address "
    "--memory-swap --uts --volumes-from --cgroupns --cpuset-cpus"
)
"""Options of ``docker run`` that take a value: the first other word is the image."""


def container_image_at(args: list[Word], start: int) -> int:
    """Where the image is among ``args`` of ``docker run`` or ``create``, whose options begin at
    ``start``: the first word that is neither an option nor an option's value (after ``--``
    when it comes first), or ``len(args)``. The words after it are the container's command."""
    i = start
    while i < len(args):
        v = args[i].value
        if v is None or not v.startswith("-") or v == "--":
            return i + 1 if v == "--" else i
        i += 2 if v in CONTAINER_RUN_VALUES and i + 1 < len(args) else 1
    return i


_STARTS_CONTAINER = (["run"], ["create"], ["container", "run"], ["container", "create"])
_RUN_SHORT_FLAGS = frozenset("diPqt")
"""``docker run``'s (podman's, nerdctl's) one-letter options without a value."""
_RUN_SHORT_VALUES = frozenset("acehlmpuvw")
"""``docker run``'s one-letter options that take a value (``-v``, ``-e``, ``-p``, ``-u``...)."""


def _run_options_at(name: str, args: list[Word]) -> int | None:
    """Where the options of a container engine's ``run`` or ``create`` begin among ``args``
    (after ``run``, ``container run``...), or None for another program or command."""
    if name not in CONTAINER_ENGINES:
        return None
    verbs = _verbs(args, *global_valued(name))
    path = next((p for p in _STARTS_CONTAINER if verbs[: len(p)] == p), None)
    if path is None:
        return None
    return next(k for k, a in enumerate(args) if a.value == path[-1]) + 1


def _cluster(letters: str) -> tuple[list[Word], bool]:
    """The options of one cluster of ``docker run``'s letters, and whether the last takes the
    next word as its value; no options when a letter is not one it knows."""
    split: list[Word] = []
    for k, letter in enumerate(letters):
        if letter not in _RUN_SHORT_FLAGS | _RUN_SHORT_VALUES:
            return [], False
        split.append(Word(f"-{letter}", f"-{letter}"))
        if letter in _RUN_SHORT_VALUES:
            rest = letters[k + 1 :]
            if rest:
                split.append(Word(rest, rest))
            return split, not rest
    return split, False


def spelled_out(name: str, args: list[Word]) -> list[Word]:
    """``args`` of ``docker|podman|nerdctl run|create`` with each cluster of one-letter options
    before the image spelled out one a word, as the engine's parser reads it (round 23):
    ``-itv /:/host`` is ``-i -t -v /:/host``, ``-itv/:/host`` is ``-i -t -v /:/host``; the last
    letter that takes a value takes the rest of the word, else the next word. Every rule reads
    the engine's options one a word: the cluster hid the mount and made its value the image.
    A cluster with a letter it does not know, and every word after the image, stay as they are."""
    i = _run_options_at(name, args)
    if i is None:
        return args
    out = args[:i]
    while i < len(args):
        v = args[i].value
        if v is None or not v.startswith("-") or v == "--":
            break
        if len(v) > 2 and v[1] in _RUN_SHORT_FLAGS:
            split, takes = _cluster(v[1:])
            out += split or [args[i]]  # ``-iz``: a letter it does not know, left as written
            i += 1
        else:
            out.append(args[i])
            takes = v in CONTAINER_RUN_VALUES
            i += 1
        if takes and i < len(args):
            out.append(args[i])  # ``-itv /:/host``: the value is the next word
            i += 1
    return [*out, *args[i:]]


def _engine_words(name: str, args: list[Word]) -> list[Word]:
    """The words of ``args`` that are the container engine's own: for ``run`` and ``create``,
    those before the image (``docker run --rm IMG --reset`` gives ``--reset`` to the
    container's program, not to docker); all of them for any other command."""
    at = _run_options_at(name, args)
    return args if at is None else args[: container_image_at(args, at)]


CONTAINER_OPERAND_VERBS = word_set(
    "attach build commit cp create diff exec export history import inspect kill load logs "
    "mount pause port pull push rename restart restore run save search start stop tag top "
    "unmount umount unpause untag update wait"
)
"""A container engine's verbs, alone or under a group (``docker pull``, ``docker image tag``),
whose next words are the images, containers or files they name, not deeper verbs: they end its
sub-command path (``docker pull prune``, ``docker create --name prune alpine``, ``docker start
db-reset`` name a thing; ``docker system prune`` and ``docker image prune`` are verbs).
``checkpoint`` is not here: docker's is a group (``docker checkpoint rm``)."""
SHARED_PRUNE = (
    "{name} prune deletes what every project on this machine keeps in {name} (stopped "
    "containers, images, networks, build cache, volumes), not only this project's; `{name} "
    "compose down` removes this project's own containers"
)
COMPOSE_VALUES = word_set(
    "-f --file -p --project-name --profile --env-file --project-directory --ansi --progress "
    "--parallel"
)
"""Compose's own options that take a value, written before its verb (``compose -f x.yml down``)."""
COMPOSE_DESTROYING = {"down": word_set("-v --volumes --rmi"), "rm": word_set("-v --volumes")}
"""Compose verbs that remove only the containers and networks the project's compose file
defines (``compose up`` makes them again from the project's files), and destroy data only with
these options (its named or anonymous volumes; ``--rmi``: images other projects may use)."""


def compose_args(name: str, args: list[Word]) -> list[Word] | None:
    """The words of a compose command after compose's own options (``docker compose -f x.yml
    down -v`` gives ``down -v``), or None for any other command."""
    if name in CONTAINER_ENGINES:
        words = [a.value for a in args]
        if "compose" not in words:
            return None
        k = words.index("compose")
        if any(w is None or not w.startswith("-") for w in words[:k]):
            return None  # ``docker run compose``: an image named compose, not the sub-command
        args = args[k + 1 :]
    elif not name.endswith("-compose"):
        return None
    k = 0
    while k < len(args) and (args[k].value or "").startswith("-"):
        k += 2 if args[k].value in COMPOSE_VALUES else 1
    return args[k:]


def _compose_destroying(name: str, args: list[Word], segment: str) -> Verdict:
    """``compose down`` and ``compose rm`` remove the project's own containers: ordinary work,
    unless they also delete volumes (data) or images; any other destroying verb is refused."""
    verb = args[0].value if args else ""
    if verb is None:
        return block("dynamic-command", segment, f"a {name} compose verb computed at run time")
    options = COMPOSE_DESTROYING.get(verb)
    if options is None:
        return destroying(name + " compose", args, segment) if args else ALLOW
    for word in args[1:]:
        v = word.value or ""
        key = v.split("=", 1)[0]
        cluster = v.startswith("-") and not v.startswith("--") and "v" in v[1:]
        if key in options or cluster:
            return block(
                "service-destroy",
                segment,
                f"{name} compose {verb} with {v} deletes data or images, not only this "
                "project's containers",
            )
    return ALLOW


KEPT_BY_OPTION = word_set("cache caches orphans orphan no tmp temp")
"""Option words that make a destroying word harmless: ``--reset-cache`` rebuilds a cache,
``--remove-orphans`` removes what the command itself made, ``--no-delete`` keeps."""


ALONE_ADJECTIVES = word_set("empty")
"""Destroying words that, as the whole of a long option, say what to make rather than what
to destroy: ``changeset add --empty``, ``opam switch create . --empty`` (``--empty-bucket``
and ``--empty-trash`` still destroy)."""


def destroying_option(option: str) -> bool:
    """A long option that destroys: its first word is a destroying verb (``--purge``,
    ``--delete-secret-keys``), or another word is (``--force-reset``), unless it keeps or
    rebuilds (:data:`KEPT_BY_OPTION`); ``--rm`` cleans up what ``docker run`` made."""
    key = option.split("=", 1)[0]
    if key == "--remove":
        return True
    tokens = _tokens(key[2:])
    if tokens & KEPT_BY_OPTION or tokens <= ALONE_ADJECTIVES:
        return False
    return (
        _first_token(option) in DESTROYING_FLAGS
        or bool(tokens & STRONGLY_DESTROYING)
        or tokens >= LOSS
    )


STRONGLY_DESTROYING = word_set("reset drop wipe purge truncate destroy delete erase nuke")
"""Words that destroy in any place of a long option (``--force-reset``, ``--hard-delete``)."""
LOSS = {"data", "loss"}
"""An option accepting data loss destroys (``--accept-data-loss``, ``--allow-data-loss``)."""


SECRET_NOUNS = word_set("secret secrets env envs variable variables vars config")
"""What a service keeps that ``unset`` deletes for good (``fly secrets unset``,
``netlify env:unset``, ``heroku config:unset``, whose config vars are the app's secrets): its
value is not kept anywhere else."""


def _unsets_secret(path: set[str], tokens: set[str], args: list[Word], verb: str | None) -> bool:
    """An ``unset`` verb on a service's secrets or environment variables, naming what it
    unsets (without a name it prints its usage)."""
    if "unset" not in tokens or not path & SECRET_NOUNS:
        return False
    values = [a.value for a in args]
    after = values[values.index(verb) + 1 :] if verb in values else values
    return any(v is None or not v.startswith("-") for v in after)


def destroys(tokens: set[str]) -> bool:
    """The parts of one verb (:func:`_tokens`) name a destruction (``delete-job``,
    ``rdelete``; not ``cache:clear``, not ``undelete``)."""
    hits = tokens & DESTRUCTIVE_VERBS
    if hits == {"clear"} and not tokens & CLEARED_STATE:
        return False
    return bool(hits) or any(
        t.endswith(("delete", "deletion")) and not t.startswith("un") for t in tokens
    )  # ``schedule-key-deletion``


def _publishes(verb: str | None) -> bool:
    """One sub-command word names publishing, read as its parts (``release-publish``) or as one
    word ending in a publishing verb (napi's ``prepublish``, ``republish``); not a file named by
    its suffix (:func:`_names_file`)."""
    if _names_file(verb):
        return False
    tokens = _tokens(verb)
    return bool(tokens & PUBLISH_VERBS) or any(t.endswith("publish") for t in tokens)


def _names_file(word: str | None) -> bool:
    """A word that names a file by a suffix files have (``deploy.yaml``, ``release-notes.md``):
    an operand, not a sub-command (round 19: ``conftest test deploy.yaml`` checks that file)."""
    if not word or "." not in word:
        return False
    parts = word.lower().split(".")[1:]
    return parts[-1] in FILE_SUFFIXES or (
        parts[-1] in SIGNATURE_SUFFIXES or any(p in FILE_SUFFIXES for p in parts[:-1])
    )  # round 20: ``release.tar.gz.sig``, a signature beside the file it signs


SIGNATURE_SUFFIXES = word_set("sig asc sign sha256 sha512 sha1 md5 minisig")
"""Suffixes of a signature or checksum file (``gpg --verify release.tar.gz.sig``)."""


def verb_destroys(verb: str | None) -> bool:
    """One sub-command word names a destruction, read as its parts (``delete-bucket``)."""
    return destroys(_tokens(verb))


def destroying_name(name: str, segment: str) -> Verdict:
    """A program whose own name is a destroying verb phrase (``kafka-delete-records``)."""
    parts = name.lower().replace("_", "-").split("-")
    if len(parts) > 1 and all(p.isalnum() for p in parts) and destroys(set(parts) - {"rm"}):
        return block("service-destroy", segment, f"{name} destroys what it manages")
    return ALLOW


MAKES = word_set("make gmake bmake")


def _makefile_from_stdin(args: list[Word]) -> bool:
    """``make -f -`` (or ``/dev/stdin``): the recipes it runs come from its standard input."""
    for k, word in enumerate(args):
        v = word.value
        if v in {"-f", "--file", "--makefile"} and k + 1 < len(args):
            target = args[k + 1].value
        elif v is not None and v.startswith(("--file=", "--makefile=")):
            target = v.split("=", 1)[1]
        elif v is not None and v.startswith("-f") and len(v) > 2:
            target = v[2:]
        else:
            continue
        if target in {None, "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"}:
            return True
    return False


JDK_TOOLS = word_set("javap jdeps jps jstack jstat jar")
"""The JDK's programs judged here: its read-only inspectors (in :data:`KNOWN_SAFE`) and ``jar``,
by its mode."""


def jdk_tool(name: str, args: list[Word], ctx: Ctx, segment: str) -> Verdict | None:
    """A JDK program's verdict, or None to leave it to the rest of the rules. A ``-J`` option
    hands the JVM that runs the tool an option (``-J-javaagent:FILE`` and ``-J-XX:OnError=CMD``
    run any code), as may an ``@FILE`` of options or a word computed at run time: unattended,
    refused as an unknown program is. ``jar`` lists (``tf``, ``--list``) or writes the archive
    it names (``cf FILE``, ``--create --file FILE``: judged as a write); extracting (``xf``)
    writes what the archive holds, unseen, and stays unknown."""
    if ctx.unattended and any(
        v is None or v[:2] == "-J" or v[:1] == "@" for v in (a.value for a in args)
    ):
        return block(
            "unknown-program",
            segment,
            f"{name} is given an option for the JVM that runs it (-J-javaagent: loads any code) "
            "or options from a file; unattended runs without the OS sandbox refuse it",
        )
    if name != "jar" or not args:
        return None
    first = args[0].value or ""
    values = {a.value for a in args}
    letters = "" if first.startswith("--") else first.lstrip("-")
    mode = next((c for c in letters if c in "ctxui"), "")
    if mode == "t" or "--list" in values:
        return ALLOW  # ``jar tf app.jar``: prints the archive's entries
    if mode not in {"c", "u"} and not values & {"--create", "--update"}:
        return None
    files = [args[k + 1] for k, a in enumerate(args[:-1]) if a.value in {"-f", "--file"}]
    for value in values:
        if value is not None and value.startswith("--file="):
            files.append(Word(value[7:], value[7:]))
    takers = [c for c in letters if c in "fme"]  # the letters whose values follow, in order
    if mode and "f" in takers and len(args) > 1 + takers.index("f"):
        files.append(args[1 + takers.index("f")])  # ``jar cf out.jar -C classes .``
    for word in files:
        verdict = check_write_target(word, ctx, segment)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _jar(name: str, args: list[Word]) -> tuple[str, list[Word]] | None:
    """``java [options] -jar FILE ARGS``: the program is the archive, its words are ARGS."""
    if name != "java":
        return None
    for k, word in enumerate(args[:-1]):
        if word.value == "-jar":
            return (args[k + 1].value or "<computed>").rsplit("/", 1)[-1], args[k + 2 :]
    return None


def _project_archive(args: list[Word], ctx: Ctx) -> bool:
    """``java -jar FILE``'s archive is a file of the project (a relative operand is found in
    the working directory, not on ``PATH``) that resolves inside it: the project's own code,
    judged as ``./app`` is (:func:`ondas.guards.bash_base.project_program`)."""
    for k, word in enumerate(args[:-1]):
        if word.value == "-jar":
            archive = args[k + 1].value
            if archive is None or archive.startswith(("-", "~")):
                return False
            if not all(_plain_jvm_option(a.value) for a in args[:k]):
                return False
            return project_program(archive if "/" in archive else f"./{archive}", ctx)
    return False


JVM_SIZES = ("-Xmx", "-Xms", "-Xss")
JVM_FLAGS = word_set(
    "-ea -da -enableassertions -disableassertions -esa -dsa -server -client -showversion"
)
JVM_OWN_PROPERTIES = ("java.", "jdk.", "sun.", "javax.", "com.sun.")


def _plain_jvm_option(value: str | None) -> bool:
    """A JVM option that sizes memory, turns on assertions or sets an application's property
    (``-Xmx2g``, ``-ea``, ``-Dspring.profiles.active=dev``); not one that loads other code or
    runs a command (``-javaagent:``, ``-agentpath:``, ``-XX:OnError=``), nor the JVM's own
    properties (``-Djava.library.path=``)."""
    if value is None:
        return False
    if value.startswith(JVM_SIZES) or value in JVM_FLAGS:
        return True
    key, eq, _ = value[2:].partition("=")
    return value.startswith("-D") and bool(eq) and not key.startswith(JVM_OWN_PROPERTIES)


SubCommands = tuple[frozenset[str], frozenset[str]]
"""A program's sub-commands of one kind and the options that void them."""
READ_SUBCOMMANDS: dict[str, SubCommands] = {
    # chezmoi reads its source state for these and runs none of its scripts; the options
    # name another config or source directory, whose hooks and templates (``.chezmoiignore``
    # may call ``output``) run commands; ``data`` prints the config's values, tokens among them
    "chezmoi": (
        word_set("managed unmanaged source-path target-path ignored"),
        word_set(
            "-c --config --config-format -S --source -D --destination -W --working-tree "
            "--persistent-state --cache"
        ),
    ),
    # round 13: licensee reads the project's licence, README and package manifests and prints
    # the licence it finds (``detect``), compares a licence text with it (``diff``) or prints
    # its path; ``--remote`` (or a path that is a URL) reads a GitHub repository instead, over
    # the network
    "licensee": (word_set("detect diff license-path version"), word_set("--remote")),
    # round 14: sqlite-utils prints a database file's tables, views, rows, schema, indexes and
    # triggers as ``sqlite3`` (known) does; its other verbs write the file, run SQL or Python
    # (``query``, ``convert``) or install packages, and stay unknown; loading a native
    # extension or Python functions runs their code
    "sqlite-utils": (
        word_set("tables views rows schema indexes triggers"),
        word_set("--load-extension --functions"),
    ),
    # round 15: crictl lists and inspects the container runtime's pods, containers and images
    # (its removals, ``rm``/``rmi``/``rmp``, are destroying verbs)
    "crictl": (
        word_set("ps pods images img imagefsinfo inspect inspecti inspectp logs stats statsp"),
        frozenset(),
    ),
}
"""Sub-commands of a program whose other verbs change things (``chezmoi apply`` writes the home
directory) that only print what it manages, with the options that make even those run other
files' commands: known in unattended runs, the rest of the program stays unknown. A word that
is a URL voids them too: the program would read it over the network."""
_PLATFORMIO_BUILDS = (
    word_set("run check ci"),
    # a target or port that writes the board (``-t upload``, ``program``, ``erase``, ``fuses``),
    # another project's directory or configuration, a build of files named elsewhere
    word_set(
        "-t --target --upload-port --monitor-port -d --project-dir -c --project-conf -l --lib "
        "--build-dir --keep-build-dir"
    ),
)
_FUSESOC_BUILDS = (
    word_set("run"),
    # another configuration (its libraries), or a build written outside the project's build/
    word_set("--config --build-root --work-root"),
)
BUILD_SUBCOMMANDS = {
    "platformio": _PLATFORMIO_BUILDS,
    "pio": _PLATFORMIO_BUILDS,
    # round 15: FuseSoC runs the simulation, lint or synthesis flow a core file of the project
    # declares (``fusesoc --cores-root . run --target=sim CORE``), as make runs a Makefile's
    # recipes; ``library add``, ``fetch`` and ``update`` fetch cores and stay unknown
    "fusesoc": _FUSESOC_BUILDS,
    # round 16: Puppet checks the syntax of the project's manifests (``parser validate``) and
    # documents its module (``strings generate``, whose ``--out`` is judged as a write); its
    # other verbs configure this machine (``apply``, ``agent``, ``resource``), install modules
    # or talk to a server, and stay unknown; another configuration or module path voids them
    "puppet": (
        word_set("parser strings"),
        word_set("--config --confdir --codedir --vardir --modulepath --environmentpath"),
    ),
    # round 17: Go's dep fills the project's vendor/ from its Gopkg.toml and Gopkg.lock
    # (``dep ensure``, as ``go mod vendor``), checks and shows them; Deployer, also ``dep``,
    # deploys (``dep deploy``: the policy's) and its other verbs stay unknown
    "dep": (word_set("ensure init status check"), frozenset()),
    # round 17: GoReleaser builds the project's Go binaries and archives into dist/ from its
    # .goreleaser.yaml (whose hooks are the project's recipes, as a Makefile's): ``build``,
    # ``release --snapshot`` (a ``release`` that publishes is the policy's, judged before),
    # ``check``, ``healthcheck``; a configuration outside the project voids them
    # (:data:`PROJECT_VALUED`)
    "goreleaser": (word_set("build release check healthcheck"), frozenset()),
}
"""Sub-commands of a program whose other verbs install packages, upgrade it or reach other
machines (``pio pkg install``, ``pio upgrade``, ``pio remote``) that build, check or test the
project from its own build file (``platformio.ini`` and the scripts it names, as a Makefile's
recipes), with the options that make them write a device or build another project: known in
unattended runs as ``make`` is; ``pio test``, which uploads to the board unless told not to,
and the rest stay unknown."""
MORE_SUBCOMMAND_PROGRAMS = word_set(
    "arduino-cli carthage conftest cross darcs dvc fossil kedro molecule nimble opa p4 plz pod "
    "quarto shards spack spago trunk tuist west xcodegen "
    "cast kubebuilder ng richgo snapcraft stg dprint husky waf "
    "gts nfpm"
)
"""Programs whose sub-command rows :mod:`ondas.guards.bash_project_builds` holds (round 19),
imported only for them; a test compares the two."""
PROJECT_VALUED = {
    "fusesoc": word_set("--cores-root"),
    "goreleaser": word_set("-f --config"),
    "waf": word_set("-t --top"),
    # round 21: nfpm writes the package it builds into its target directory
    "nfpm": word_set("-t --target"),
}
"""Options of a :data:`BUILD_SUBCOMMANDS` program naming where the build files it runs are: the
sub-command is the project's own build only when that place is in the project (``--cores-root
.``; cores under ``/tmp`` or the home are not the project's)."""
READ_ALONE = {
    "ssh-add": word_set("-l -L -E sha256 md5"),
    # round 14: NSIS's compiler prints its version, build header, licence or command help
    # (compiling a script runs its ``!system`` lines, and stays unknown)
    "makensis": word_set("-VERSION -HDRINFO -LICENSE /VERSION /HDRINFO /LICENSE"),
    # round 14: macOS's application firewall prints its state (its ``--set...``, ``--add``,
    # ``--block`` options change it)
    # round 15: the kernel audit system's rules and status (its other options add, delete or
    # switch rules)
    "auditctl": word_set("-l -s -v"),
    # round 19: EasyBuild prints its configuration, the machine's description, the toolchains
    # and easyconfig parameters it knows (building an easyconfig installs software outside
    # the project, ``--check-github`` and ``--new-pr`` reach GitHub: unknown)
    "eb": word_set(
        "--show-config --show-full-config --show-system-info --list-toolchains "
        "--avail-easyconfig-params -a --list-easyblocks --version --help -h"
    ),
    "socketfilterfw": word_set(
        "--getglobalstate --getblockall --getallowsigned --getstealthmode --getloggingmode "
        "--getloggingopt --listapps"
    ),
}
"""Programs whose listing options print and change nothing when every word is one of them
(``ssh-add -l`` lists the agent's keys; ``ssh-add KEY`` and ``-D`` change what it holds)."""
ZSH_OPTION_SETTERS = word_set("setopt unsetopt")
GLOB_AND_ERROR_OPTIONS = word_set(
    "nullglob cshnullglob extendedglob globdots nomatch badpattern caseglob casematch "
    "numericglobsort globstarshort markdirs errexit errreturn pipefail unset "
    "warncreateglobal warnnestedvar localoptions localtraps"
)
"""zsh options (spelled in lower case without ``_``, as zsh reads them) that say how a glob
matches and when a script stops on an error, as bash's ``shopt -s nullglob`` and ``set -e``
do; not ``allexport`` (every later variable goes to every program run) nor options that change
how a command line is read (``posix_builtins``, ``aliases``, ``sh_word_split``)."""


def _glob_or_error_options(name: str, args: list[Word]) -> bool:
    """``setopt``/``unsetopt`` alone (a listing) or given only options of
    :data:`GLOB_AND_ERROR_OPTIONS` on or off, or ``allexport`` turned off (``setopt
    noallexport``); not ``-m`` (options by pattern)."""
    for word in args:
        v = (word.value or "-").lower().replace("_", "")
        on = name == "setopt"
        if v not in GLOB_AND_ERROR_OPTIONS and v.startswith("no"):
            v, on = v[2:], not on
        if v in GLOB_AND_ERROR_OPTIONS or (v == "allexport" and not on):
            continue
        return False
    return True


ZSTYLE_QUERIES = word_set("-L -d -g -s -b -a -t -T -m")
"""zstyle's options that list, delete or look up styles (not ``-e``, whose value is code zsh
evaluates at each look-up)."""


def _style_without_evaluation(args: list[Word]) -> bool:
    """zstyle given a style to set (a pattern first, as every later word is its value) or one
    of :data:`ZSTYLE_QUERIES`: the styles live in this shell only, until it exits; not ``-e``
    (round 20: ``zstyle -e PATTERN STYLE CODE`` stores code that a look-up runs)."""
    first = args[0].value if args else None
    if first is None:
        return False
    return first[:1] != "-" or first in ZSTYLE_QUERIES


USAGE_OPTIONS = word_set("--help -h")
_SUB_COMMAND = LazyPattern(r"[A-Za-z][A-Za-z0-9_.:-]*")


def _reads_by_table(
    name: str, args: list[Word], verbs: list[str | None], table: Mapping[str, SubCommands]
) -> bool:
    """A sub-command of ``table`` (:data:`READ_SUBCOMMANDS`, :data:`BUILD_SUBCOMMANDS`, or
    their rows kept in :mod:`ondas.guards.bash_project_builds`) without the options that void
    it, or only the listing options of :data:`READ_ALONE`."""
    alone = READ_ALONE.get(name)
    if alone is not None:
        return bool(args) and all(a.value in alone for a in args)
    row = table.get(name)
    if row is None and name in MORE_SUBCOMMAND_PROGRAMS:
        from ondas.guards import bash_project_builds as more

        extra = (
            more.MORE_BUILD_SUBCOMMANDS
            if table is BUILD_SUBCOMMANDS
            else more.MORE_READ_SUBCOMMANDS
        )
        row = extra.get(name)
    if row is None or not verbs or verbs[0] not in row[0]:
        return False
    voiding = row[1]
    if name not in RPC_OPTIONS and any("://" in (word.value or "") for word in args):
        return False  # a URL given: the sub-command reads it over the network
    for word in args:
        v = word.value
        if v is None:
            return False
        if v == "--":
            break
        if v[:1] == "-" and (v.split("=", 1)[0] in voiding or (v[1:2] != "-" and v[:2] in voiding)):
            return False
    return True


def _in_project(args: list[Word], options: frozenset[str], ctx: Ctx) -> bool:
    """Every value of ``options`` names a place in the project (``--cores-root .``)."""
    from ondas.guards.bash_base import classify

    values = [a.value for a in args]
    for k, value in enumerate(values):
        head, eq, inline = (value or "").partition("=")
        if head not in options:
            continue
        where = inline if eq else values[k + 1] if k + 1 < len(values) else None
        if where is None or classify(where, ctx) not in {"project", "project-temp"}:
            return False
    return True


def _prints_usage(args: list[Word]) -> bool:
    """A version or help option that makes the CLI print and run nothing else; not a
    ``--version`` given a value, a version or one computed at run time (``gleam hex revert
    --version 1.0.0`` names the release it reverts), nor a version option after the verb
    (round 17: ``serverless deploy -v`` deploys verbosely, as ``-v`` is a verb's verbose option
    in most CLIs; only ``TOOL -v`` before any verb asks the tool's version)."""
    verb_given = False
    for k, arg in enumerate(args):
        if arg.value not in ASKS_VERSION_OR_HELP:
            verb_given = verb_given or not (arg.value or "-").startswith("-")
            continue
        if verb_given and arg.value in VERSION_OPTIONS:
            continue
        if arg.value == "-v" and any((a.value or "-")[:1] != "-" for a in args[:k]):
            continue  # after a verb, ``-v`` is verbose (``mkdocs gh-deploy -v``), not a version
        after = args[k + 1].value if k + 1 < len(args) else "-"
        if arg.value in {"--help", "-h"} or (after is not None and after.startswith("-")):
            return True
        if after is not None and not re.match(r"^v?\d", after):
            return True
    return False


VERSION_OPTIONS = word_set("--version -v")
"""The options of :data:`ASKS_VERSION_OR_HELP` that ask the tool's version: before a verb only."""


GO_USAGE = word_set("-help")
"""Go's flag package's spelling of ``--help`` (``-h`` is :data:`USAGE_OPTIONS`'): the CLIs of
:data:`GO_FLAGS` print a verb's usage for ``terraform destroy -help``, ``consul kv delete
-help``, and run nothing."""


def asks_usage(name: str, args: list[Word]) -> bool:
    """A help request (:func:`_asks_usage`), with ``-help`` for the CLIs that read long options
    with one dash (:data:`GO_FLAGS`). Asked before a destroying verb is judged (round 20,
    npol20): every CLI framework with sub-commands (cobra, urfave, click, argparse, clap,
    oclif, commander, yargs) prints the usage for a help option and runs nothing, so ``fly apps
    destroy --help`` reads as ``kubectl delete --help`` already did."""
    if name in GO_FLAGS and args and args[-1].value in GO_USAGE:
        return _asks_usage([*args[:-1], Word("--help", "--help")])
    return _asks_usage(args)


def _asks_usage(args: list[Word]) -> bool:
    """``TOOL [SUB-COMMAND...] --help``: the help option ends a line of at most three plain
    sub-command words, so the tool prints a sub-command's usage, as it prints its own for
    ``TOOL --help``; not after a verb that runs the words following it (``tool exec ls -h``)."""
    if not args or args[-1].value not in USAGE_OPTIONS or len(args) > 4:
        return False
    words = [a.value for a in args[:-1]]
    for k, v in enumerate(words):
        if v is None or not _SUB_COMMAND.fullmatch(v):
            return False
        if v.lower() in RUNS_COMMAND and k < len(words) - 1:
            return False
    return True


COBRA_CLIS = word_set(
    "velero ldcli doctl flyctl fly hcloud argocd flux eksctl kind minikube k3d skaffold "
    "linkerd istioctl pscale turso etcdctl supabase stripe civo okteto"
)
"""Service CLIs built on cobra (round 25, ``left25``), whose flags pflag reads anywhere on the
line: with ``--help`` (or ``-h``) left on, the command prints its usage and runs nothing
(:func:`cobra_help`), however many words come before it."""


COBRA_BOOLEANS = {
    "doctl": (
        "all auto-scale code dangerous default disable-lets-encrypt-dns-records droplet-agent "
        "enable-backend-keepalive enable-backups enable-control-plane-firewall enable-ipv6 "
        "enable-monitoring enable-private-networking enable-proxy-protocol enabled "
        "exclude-unreferenced-blobs follow force force-rebuild full gpus ha "
        "include-untagged-manifests incremental insecure interactive languages last logs "
        "message-down-conversion-enable name-sort never-expire no-cache no-connect no-header "
        "no-prefix no-wait overwrite packages preallocate private public quiet read-only "
        "read-write redirect-http-to-https remote-build resize-disk result save schema-only "
        "set-current-context skip-drain ssh-agent-forwarding ssh-private-ip strip "
        "surge-upgrade trace trigger-deployment update-kubeconfig update-sources upsert url "
        "verbose verbose-build verbose-zip wait web with-projects yarn"
    ),
}
"""Long flags a cobra CLI declares boolean in every command that has them (round 26,
``left26b``): pflag gives a boolean no value from the next word, so a ``--help`` after one is
the help flag (``doctl compute droplet delete x --force --help``). doctl's: the flags its
command tree declares only with ``Bool`` (xo/ox's generated doctl spec, ``_examples/gen/doctl/
main.go`` at 739fd0c; ``template`` and ``value`` are strings elsewhere and are not here)."""


def cobra_help(args: list[Word], name: str = "") -> bool:
    """A cobra CLI's help flag left on (``ldcli flags delete --flag x --help``, ``velero backup
    delete x --help=false --help``): the last setting wins, as pflag's booleans do. Not a
    ``--help`` right after an option without ``=``, which pflag gives that option as its value
    when it takes one (``--name --help``), though a ``--help=false`` there still turns it off
    (the doubt is read the way that runs the command); not after ``--``, nor after a verb that
    runs the words following it (``exec``: they are another program's). A boolean flag of
    :data:`COBRA_BOOLEANS` takes no value, so ``--help`` after it is the help flag."""
    helping = False
    before: str | None = None
    booleans = COBRA_BOOLEANS.get(name, "")
    for word in args:
        v = word.value
        if v is None or v == "--" or v.lower() in RUNS_COMMAND:
            return False
        setting = v in USAGE_OPTIONS or v.startswith("--help=")
        taken = before is not None and before[:1] == "-" and "=" not in before
        if taken and booleans and before is not None and before[:2] == "--":
            taken = before[2:] not in booleans.split()  # ``--force --help``: no value
        on = setting and (v in USAGE_OPTIONS or v[7:].lower() not in _HELP_OFF)
        if setting and not on:
            helping = False  # turned off, even where it may be the option before's value
        elif on and not (taken and before not in USAGE_OPTIONS):
            helping = True
        before = v
    return helping


_HELP_OFF = frozenset({"false", "f", "0", "no", "off", ""})
"""Values a Go boolean flag reads as false (``--help=false``)."""


USAGE_FIRST = word_set(
    "psql pg_dump pg_dumpall pg_restore pg_isready pgbench pg_ctl pg_basebackup initdb createdb "
    "dropdb createuser dropuser clusterdb reindexdb vacuumdb mysql mariadb mysqldump mysqladmin "
    "mysqlcheck mysqlimport mysqlshow mariadb-admin mariadb-dump mariadb-check"
)
"""PostgreSQL's and MySQL's client programs, which print their usage or version and exit when
their first argument asks it (:func:`usage_first`)."""
USAGE_FIRST_OPTIONS = word_set("--help -? --version -V")


MONGO_TOOLS = {
    "mongorestore": frozenset({"--help", "--version", "--dryRun"}),
    "mongoimport": frozenset({"--help", "--version"}),
}
"""MongoDB's database tools whose ``--drop`` drops what they restore or import into, and the
options that make them run nothing: their go-flags parser prints the usage or version and
exits for ``--help``/``--version`` wherever it stands (``-h`` is ``--host``), and
``mongorestore --dryRun`` reads the dump and prints its summary without importing (round 26,
npol26)."""
MONGO_FLAGS = word_set(
    "--drop --gzip --quiet -v --verbose --stopOnError --objcheck --noIndexRestore "
    "--noOptionsRestore --preserveUUID --oplogReplay --keepIndexVersion --dryRun --help "
    "--version --jsonArray --headerline --ignoreBlanks --upsert"
)
"""Options of :data:`MONGO_TOOLS` that take no value, so the word after one is read on its own."""


def mongo_runs_nothing(name: str, args: list[Word]) -> bool:
    """``mongorestore --drop --dryRun``, ``mongoimport --drop --help``: a word of
    :data:`MONGO_TOOLS` that makes the tool run nothing, not taken as an earlier option's value
    (after a value-less option, a ``--name=value`` or a plain word only)."""
    stops = MONGO_TOOLS.get(name)
    if stops is None:
        return False
    values = [a.value for a in args]
    for k, v in enumerate(values):
        if v not in stops:
            continue
        before = values[k - 1] if k else None
        if before is None and k:
            return False  # an earlier word unknown now: it may take this one as its value
        if before is None or not before.startswith("-") or "=" in before or before in MONGO_FLAGS:
            return True
    return False


def usage_first(name: str, args: list[Word]) -> bool:
    """Round 23 (npol23): ``dropdb -V production``, ``mysqladmin --help drop production`` print
    and run nothing. Each PostgreSQL client tests its first argument for ``--help``, ``-?``,
    ``--version``, ``-V`` before reading any other (psql reads ``--help`` so only when it is the
    only one: a later option may give it a topic); MySQL's ``my_getopt`` reads options in order
    and exits at the first of them. Only the first argument: later, one may be a valued
    option's value (``dropdb -U -V production`` drops ``production`` as the user ``-V``)."""
    if name not in USAGE_FIRST or not args or args[0].value not in USAGE_FIRST_OPTIONS:
        return False
    return not (name == "psql" and args[0].value == "--help" and len(args) > 1)


def _backup_dry_run(name: str, args: list[Word]) -> bool:
    """A backup program's help request or dry run (round 22: ``borg prune --dry-run``,
    ``restic forget -n``), none of whose dry-run words follows an option its table does not
    know, which may take it as a value (``borg --new-option --dry-run delete R::A``)."""
    from ondas.guards.bash_base import _help_or_dry_run, valued_options

    known = valued_options(name)
    values = [a.value or "" for a in args]
    for before, word in zip(values, values[1:], strict=False):  # noqa: RUF007
        unknown = before[:1] == "-" and "=" not in before and not {before, before[:2]} & known
        if word in {"--dry-run", "-n"} and unknown and before not in {"--dry-run", "-n", "--"}:
            return False
    return _help_or_dry_run(args, name)


def _dry_run(args: list[Word]) -> bool:
    """A dry run (:data:`PRINTS_ONLY`) left on: the last of ``--dry-run``, ``--dry-run=VALUE``
    (off when VALUE says so: ``--dry-run=false``, round 17) and ``--no-dry-run`` wins."""
    from ondas.guards.bash_base import NEGATED_DRY_RUN, NOT_A_DRY_RUN

    printing = False
    for arg in args:
        option, eq, value = (arg.value or "").partition("=")
        if option in PRINTS_ONLY:
            printing = not eq or value.lower() not in NOT_A_DRY_RUN
        elif option in NEGATED_DRY_RUN:
            printing = False
    return printing


def _option_reads(args: list[Word]) -> bool:
    """A CLI without sub-commands whose verb is an option: it reads when one of its options
    is a read verb (``--list``, ``--describe``) or a dry run, and no option changes anything
    (``kafka-topics --create``)."""
    options = [(a.value or "").split("=", 1)[0] for a in args if (a.value or "-")[:1] == "-"]
    changing = WRITE_VERBS | DESTRUCTIVE_VERBS
    if any(o.startswith("--") and o not in DRY_RUN and _tokens(o) & changing for o in options):
        return False
    verbs = [_dash_verb(o) for o in options]
    if "change" in verbs:
        return False
    placed = _given_places(args)
    return "read" in verbs or any(
        o in READ_OPTION_VERBS
        or (o in PRINTS_ONLY and _dry_run(args))
        or (o.startswith("--") and o[2:] in READ_VERBS - READ_NOUNS and o not in placed)
        for o in options
    )  # ``scutil --get NAME``, ``tool --print``; not ``--show-output``, an option of any verb


SETTING_NOUNS = word_set("config")
_GLOBAL_SCOPES = word_set("-g --global --system --user")


def _sets_setting(args: list[Word]) -> bool:
    """A ``config`` noun given a key and a value sets it (round 21: ``ng config -g
    cli.packageManager yarn``, ``tool config KEY VALUE``): a write of the program's
    configuration, the user's own with ``-g``/``--global``, though the noun reads alone or
    with a key (``ng config cli.packageManager``). ``env`` is not read so: its next words are
    a verb and its operand (``vercel env ls production preview``)."""
    if not any(a.value in _GLOBAL_SCOPES for a in args):
        return False  # ``ng config KEY VALUE``: the project's own configuration, its work
    positional = [a.value for a in args if (a.value or "-")[:1] != "-"]
    for k, word in enumerate(positional):
        if word in SETTING_NOUNS:
            return len(positional) - k - 1 >= 2 and not (
                reads(positional[k + 1 : k + 2]) or _tokens(positional[k + 1] or "") & WRITE_VERBS
            )
    return False


def _given_places(args: list[Word]) -> set[str]:
    """Options given a place, ``--top=.`` or ``--top DIR`` (round 21: ``waf --top=. distclean``):
    a setting of where the program works, not a verb that reads, whatever its name."""
    out: set[str] = set()
    for k, arg in enumerate(args):
        v = arg.value or ""
        if not v.startswith("--"):
            continue
        option, eq, value = v.partition("=")
        if not eq:
            if not any(place in option for place in _PLACE_OPTIONS):
                continue  # ``prettier --check .``: a flag, then an operand
            value = (args[k + 1].value or "") if k + 1 < len(args) else ""
        if value[:1] in {"/", ".", "~"} or "/" in value:
            out.add(option)
    return out


_PLACE_OPTIONS = ("top", "dir", "root", "path", "prefix", "cwd", "base", "out", "dest")
"""Words in a long option's name that say a separate next word is its value, a place
(``--top DIR``); any other long option before a path is a flag before an operand."""


DASH_READS = ("get", "list", "read", "search", "show", "print", "describe", "status", "info")
DASH_CHANGES = (
    "set", "create", "delete", "remove", "add", "append", "merge", "change", "passwd", "destroy",
    "erase", "enable", "disable", "switch", "import", "write", "update", "clear", "reset", "kill",
)  # fmt: skip


DASH_ASKS = ("version", "help")
"""Single-dash long spellings of ``--version`` and ``--help`` (whole words, any case)."""


def _dash_verb(option: str) -> str | None:
    """The verb of a single-dash long option that is a command's verb (``networksetup
    -getdnsservers``, ``dscl . -read``, ``-setdnsservers``): ``read``, ``change`` or None."""
    if option.startswith("--") or len(option) < 4:
        return None
    word = option[1:].lower()
    if word in DASH_ASKS:
        return "read"  # ``java -version``, ``makensis -VERSION``: prints and runs nothing
    if word.startswith(DASH_CHANGES):
        return "change"
    if word.startswith(DASH_READS):
        return "read"
    return None


def _first_token(option: str) -> str:
    return option[2:].split("=", 1)[0].replace("_", "-").split("-", 1)[0].lower()


def reads(verbs: list[str | None]) -> bool:
    """A sub-command path that names a read verb (``droplet list``, ``apps:info``) and no
    verb that changes anything (``config:set``). A ``TOPIC:VERB`` word reads by its verb, the
    part after the last colon (``ps:kill`` kills, ``env:clone`` copies; ``apps:info`` reads)."""
    found = False
    for verb in verbs:
        if verb is None:
            return False
        tokens = _tokens(verb)
        if tokens & WRITE_VERBS or destroys(tokens):
            return False
        reading = _tokens(verb.rsplit(":", 1)[-1]) if ":" in verb else tokens
        if reading & READ_VERBS:
            found = True
            if reading & READ_VERBS - READ_NOUNS:
                break  # the words after a read verb are its arguments (``get-job deploy``)
    return found


def _verbs(
    args: list[Word], valued: frozenset[str] = frozenset(), clusters: bool = False
) -> list[str | None]:
    """The leading words that are not options: a CLI's sub-command path (up to three). The
    value of a global option before it (``valued``: ``docker -H HOST --log-level debug``) is
    not a verb; for a CLI whose parser reads clusters of short options (``clusters``), neither
    is the word after a cluster ending in such an option (``restic -qr REPO snapshots``)."""
    out: list[str | None] = []
    taken = False
    for word in args:
        v = word.value
        if taken:
            taken = False
            continue
        if v is not None and v.startswith("-"):
            if out:
                break
            taken = v in valued or (clusters and _cluster_takes_next(v, valued))
            continue
        out.append(v)
        if len(out) == 3:
            break
    return out


def _cluster_takes_next(value: str, valued: frozenset[str]) -> bool:
    """A cluster of short options (``-qr``) whose first option taking a value is its last
    letter, which takes the next word as getopt, pflag and argparse read it; an earlier one
    takes the rest of the cluster instead (``-Pfoo``, ``-lH``)."""
    if value.startswith("--") or len(value) < 3 or not value[1:].isalpha():
        return False
    for k, letter in enumerate(value[1:], 1):
        if f"-{letter}" in valued:
            return k == len(value) - 1
    return False


CLUSTERED = word_set("restic borg borg2 docker podman nerdctl hg chg sl")
"""CLIs of :data:`GLOBAL_VALUED` whose option parser reads clusters of short options (pflag,
argparse, getopt; round 23, npol23: ``restic -qr forget snapshots`` lists the snapshots of a
repository named ``forget``, ``borg -vr prune list`` the archives of ``prune``)."""


def global_valued(name: str) -> tuple[frozenset[str], bool]:
    """The global options of ``name`` that take a value (:data:`GLOBAL_VALUED`, the backup tools'
    :data:`~ondas.guards.bash_base.BACKUP_OPTION_VALUES`) and whether its parser reads clusters
    of short options (:data:`CLUSTERED`), as :func:`_verbs` takes them."""
    valued = GLOBAL_VALUED.get(name)
    if valued is None:
        text = BACKUP_OPTION_VALUES.get(name)
        valued = word_set(text) if text is not None else frozenset()
    return valued, name in CLUSTERED


GLOBAL_VALUED = {
    # round 25 (left25): hub wraps git and reads git's global options before the verb
    "hub": word_set("-C -c --git-dir --work-tree --namespace --exec-path --super-prefix"),
    "fusesoc": word_set("--cores-root --config --log-file"),
    "waf": word_set("-t --top -o --out --prefix"),
    "docker": word_set(
        "-H --host -c --context --config -l --log-level --tlscacert --tlscert --tlskey"
    ),
    "podman": word_set(
        "--url -c --connection --identity --root --runroot --storage-driver --storage-opt "
        "--log-level --cgroup-manager --events-backend --network-cmd-path --module "
        "--runtime --tmpdir --volumepath --imagestore"
    ),
    "nerdctl": word_set(
        "-n --namespace -a --address -H --host --snapshotter --storage-driver --cni-path "
        "--cni-netconfpath --data-root --cgroup-manager --host-gateway-ip --hosts-dir"
    ),
    "hardhat": word_set("--network --config --tsconfig --max-memory"),
    # round 19s: the other version control tools' options before the verb that take a value
    # (``hg -R . strip``, ``jj --color never op abandon``, ``p4 -c ws revert``)
    **dict.fromkeys(
        ("hg", "chg", "sl"),
        word_set(
            "-R --repository --repo --cwd --config --config-file --encoding --encodingmode "
            "--color --pager"
        ),
    ),
    "fossil": word_set("-R --repository --chdir"),
    "jj": word_set(
        "-R --repository --at-op --at-operation --color --config --config-toml --config-file"
    ),
    "p4": word_set("-b -c -C -d -H -L -p -P -Q -r -u -x -z"),
}
"""Global options before a container CLI's (or hardhat's, or another version control tool's)
verb that take the next word as their value (round 19: ``redteam19`` and ``redteam19s`` each
taught the version control tools' in a table of its own; they are one here)."""


def _tokens(verb: str | None) -> set[str]:
    if verb is None:
        return set()
    if verb.endswith("]") and "[" in verb:
        verb = verb.split("[", 1)[0]  # round 21s: a rake task's arguments (``release[origin]``)
    if not verb.islower() and not verb.isupper():
        verb = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", verb)  # ``deleteContainer``
    for separator in ":/_.-":
        verb = verb.replace(separator, " ")
    parts = verb.lower().split()
    return {*parts, "".join(parts)}  # ``who-am-i`` is ``whoami`` too
