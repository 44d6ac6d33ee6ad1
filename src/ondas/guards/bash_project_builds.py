"""Round 19's build tools and package managers judged by their sub-commands (issue 30).

Rows of :data:`ondas.guards.bash_known.BUILD_SUBCOMMANDS` and
:data:`~ondas.guards.bash_known.READ_SUBCOMMANDS` for more ecosystems' tools, kept apart so that
the import of :mod:`ondas.guards.bash_known`, which every hook call pays, does not build them:
this module is imported only for a command naming one of
:data:`ondas.guards.bash_known.MORE_SUBCOMMAND_PROGRAMS`, in an unattended run, after every
rule that refuses has passed.
"""

from __future__ import annotations

from ondas.guards.bash_base import word_set

MORE_BUILD_SUBCOMMANDS = {
    # round 19: Please builds, tests, runs and queries the targets the project's BUILD files
    # declare (``plz build //...``, ``plz test``, ``plz run //tools:gen``), as bazel does (its
    # build rules are the project's recipes); ``plz update`` replaces Please itself and
    # ``init``, ``export`` and the rest stay unknown; another repository root or a
    # configuration override voids them
    "plz": (
        word_set("build test cover run query watch clean hash format fmt lint tidy gc"),
        word_set("-r --repo_root -o --override --profile --plzconfig"),
    ),
    # round 19: build tools of more languages, whose verbs build, check and test the project
    # from its own manifest (its tasks and scripts are the project's recipes, as a
    # Makefile's): Nim's nimble (``install`` writes the user's package store and stays
    # unknown; ``--nim PATH`` names the compiler it runs), Crystal's shards (``install``
    # fills the project's lib/, as ``npm install`` does its node_modules), PureScript's spago
    # (``--then``, ``--before``, ``--else`` run shell commands), Rust's web bundler trunk,
    # Zephyr's west (``build -t flash`` writes the board, ``flash`` and ``update`` stay
    # unknown) and arduino-cli (``compile --upload`` writes the board)
    "nimble": (word_set("build test check c cc cpp js run tasks dump"), word_set("--nim")),
    "shards": (word_set("build check install update list lock prune version"), frozenset()),
    "spago": (
        word_set("build test bundle bundle-app bundle-module docs sources ls"),
        word_set("--then --before --else"),
    ),
    "trunk": (word_set("build serve watch clean"), frozenset()),
    "west": (
        word_set("build"),
        word_set("-t --target -d --build-dir -s --source-dir"),
    ),
    "arduino-cli": (
        word_set("compile"),
        word_set("-u --upload -p --port --output-dir --build-path --export-binaries -e"),
    ),
    # round 19: more tools whose verbs run the project's own pipeline or manifest: DVC's
    # stages (``dvc repro``, its dvc.yaml's commands, as a Makefile's; ``push``, ``pull``,
    # ``gc`` stay unknown), Kedro's pipelines (``--conf-source`` may name a remote
    # configuration), Quarto's documents (their code cells are the project's), Molecule's
    # scenarios of an Ansible role (in its own test containers), Rego's tests and checks
    # (``conftest --update`` pulls policies), Apple projects' generators and dependency
    # managers, which write into the project (``xcodegen``, ``tuist``, ``pod install``,
    # ``carthage``; another spec or project directory voids them; ``pod lib create`` fetches
    # a template, ``pod trunk push`` publishes), and cross, cargo's runner in a container
    "dvc": (
        word_set("repro dag metrics params plots diff version doctor check-ignore"),
        frozenset(),
    ),
    "kedro": (
        word_set("run test package catalog registry info"),
        word_set("--conf-source"),
    ),
    "quarto": (word_set("render preview check inspect convert"), frozenset()),
    "molecule": (
        word_set(
            "test converge create verify lint check syntax idempotence prepare side-effect "
            "dependency list matrix"
        ),
        frozenset(),
    ),
    "opa": (word_set("test check fmt parse inspect deps version"), frozenset()),
    "conftest": (word_set("test verify fmt parse"), word_set("-u --update")),
    "xcodegen": (
        word_set("generate dump cache version"),
        word_set("-s --spec -r --project-root -p --project"),
    ),
    "tuist": (
        word_set("generate build test clean graph install dump inspect version"),
        word_set("-p --path"),
    ),
    "pod": (word_set("install update outdated"), word_set("--project-directory")),
    "carthage": (
        word_set("bootstrap build update checkout outdated"),
        word_set("--project-directory"),
    ),
    "cross": (word_set("build test check run bench clippy doc"), frozenset()),
    # round 20: Angular's CLI builds, serves, tests and lints the project's app and runs the
    # targets its angular.json declares (``ng run app:server``, as a Makefile's recipes) and
    # generates code into it; ``deploy`` publishes (the policy's), ``add``, ``update`` and
    # ``new`` install packages, ``completion`` writes the shell's start-up file and stay
    # unknown; an output path, a global configuration or a Karma or proxy configuration
    # (JavaScript) voids them
    "ng": (
        word_set("build b serve s test t e2e e lint generate g run extract-i18n version v cache"),
        word_set("--output-path --outputPath -g --global --karma-config --proxy-config"),
    ),
    # round 20: Kubebuilder scaffolds an operator's project in the working directory (``init``,
    # ``create api``, ``create webhook``, ``edit``; the scaffold's own ``make generate`` is the
    # project's recipe); ``alpha`` verbs regenerate a project into another directory and stay
    # unknown
    "kubebuilder": (word_set("init create edit version help"), frozenset()),
    # round 20: Snapcraft builds the project's snap from its snapcraft.yaml in a build VM or
    # container (``pack``, its lifecycle steps, ``clean``, ``lint``, ``init`` writes the yaml);
    # the Store's verbs (``register``, ``upload``, ``release``, ``login``), ``try`` (snapd) and
    # ``remote-build`` stay unknown; ``--destructive-mode`` builds on this machine (installing
    # its build packages with apt) and an output elsewhere void them
    "snapcraft": (
        word_set(
            "init pack build pull stage prime clean lint expand-extensions list-plugins plugins "
            "list-extensions extensions version"
        ),
        word_set("--destructive-mode -o --output"),
    ),
    # round 20: richgo runs ``go test`` (``build``, ``vet``) and colours its output; the
    # program ``-exec``/``-toolexec`` names and an output file ``-o`` void it
    "richgo": (word_set("test build vet"), word_set("-exec -toolexec --toolexec -o")),
    # round 21: waf configures, builds and cleans the project from its own ``wscript``
    # (Python, as a Makefile's recipes); ``install`` writes its prefix and stays unknown, and
    # a top directory outside the project (``--top /tmp/w``) is another project's
    # (:data:`ondas.guards.bash_known.PROJECT_VALUED`)
    "waf": (word_set("configure build clean distclean dist distcheck list step"), frozenset()),
    # round 21: dprint formats and checks the project's files by its dprint.json (its plugins
    # are WebAssembly, run without the machine's access); ``config update`` and ``upgrade``
    # fetch and rewrite, and another configuration voids them
    "dprint": (
        word_set("fmt check output-file-paths output-resolved-config output-format-times license"),
        word_set("-c --config --plugins"),
    ),
    # round 21: ``husky init`` sets up the project's own git hooks in ``.husky/`` (its
    # ``pre-commit`` and the ``prepare`` script); ``install DIR`` points git's hooks at another
    # directory and ``uninstall`` turns them off: both stay unknown
    "husky": (word_set("init"), frozenset()),
    # round 21: Google's TypeScript style lints, checks and fixes the project's code (eslint
    # and prettier with its configuration; ``fix`` rewrites the files it is given, judged as
    # writes) and removes its configured output directory (``clean``, as ``make clean``);
    # ``init`` installs packages and writes the configuration and stays unknown
    "gts": (word_set("lint check fix clean format"), frozenset()),
    # round 21: nfpm packs the files its configuration lists into a deb, rpm or apk (``-t``,
    # the target directory, in the project: PROJECT_VALUED); its scripts run where the
    # package is installed, not here
    "nfpm": (word_set("package pkg p"), frozenset()),
}
"""Sub-commands that build, check or test the project from its own manifest, and the options
that void them (read as :data:`ondas.guards.bash_known.BUILD_SUBCOMMANDS` is)."""
MORE_READ_SUBCOMMANDS = {
    # round 19: Spack prints what it has installed and what its package recipes say (``find``,
    # ``list``, ``info``, ``providers``; ``spec`` concretizes and prints); ``versions`` and
    # ``checksum`` fetch from the packages' sites and are not listed; another configuration
    # scope, environment or repository (their recipes are Python) voids them
    "spack": (
        word_set(
            "find list info spec providers arch compilers dependents dependencies graph "
            "location tags"
        ),
        word_set("-C --config-scope -c --config -e --env -D --env-dir --repo -b --bootstrap"),
    ),
    # round 20 (npol20): version control tools' own read verbs, which the shared read words
    # (``status``, ``log``, ``diff``, ``describe``) do not name. Perforce lists the files
    # opened, the changelists, the depot's files and their history and prints a revision
    # (``print -o FILE`` writes it: voided); Darcs shows unrecorded changes (``whatsnew``) and
    # the history; Fossil its timeline, changed and extra files. Their other verbs (``p4
    # revert``, ``darcs revert``, ``fossil revert``) are judged as before
    "p4": (
        word_set(
            "opened changes changelists where have fstat files filelog dirs annotate print "
            "clients workspaces users branches labels jobs streams interchanges"
        ),
        word_set("-o"),
    ),
    "darcs": (word_set("whatsnew changes annotate show"), frozenset()),
    # round 21 (npol21): StGit prints its patch stack (``series``, ``applied``, ``top``), a
    # patch and its files, and the stack's log (``log --clear`` deletes it: voided); its
    # other verbs (``delete``, ``clean``, ``reset --hard``, ``undo --hard``) are judged as before
    "stg": (
        word_set("series applied unapplied top show id files patches diff status log version"),
        word_set("--clear"),
    ),
    "fossil": (word_set("timeline changes extras finfo"), frozenset()),
    # round 20: Foundry's cast reads a chain (``balance``, ``block-number``, ``call``, ``tx``;
    # its node's URL judged as a fetch unattended: RPC_OPTIONS) or computes (``keccak``,
    # ``abi-encode``, ``to-wei``); ``send`` and ``publish`` are the policy's (CHAIN_PUBLISHING),
    # ``rpc`` (any method, sending ones too), ``wallet`` (the user's keystores) and the
    # explorer fetches (``source``, ``interface``) stay unknown
    "cast": (
        word_set(
            "balance block block-number call chain chain-id client code codesize codehash "
            "gas-price basefee nonce receipt storage tx age find-block logs estimate "
            "abi-decode abi-encode calldata decode-calldata keccak sig to-wei from-wei to-hex "
            "to-dec to-ascii to-utf8 to-bytes32 to-check-sum-address compute-address max-int "
            "min-int address-zero hash-zero concat-hex pretty-calldata lookup-address "
            "resolve-name"
        ),
        frozenset(),
    ),
}
"""Sub-commands that only print (read as :data:`ondas.guards.bash_known.READ_SUBCOMMANDS`
is)."""
