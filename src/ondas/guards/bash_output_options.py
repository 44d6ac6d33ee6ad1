"""Files a program writes or deletes because its command line names them: judged as targets.

A program no redirect points anywhere still writes where its command line says, in four shapes,
each a table here:

- an output option: ``iconv -o FILE``, ``tsc --outFile FILE``, ``go build -o BIN``, ``hugo -d
  DIR``, ``protoc --python_out=DIR``. The long spellings of :data:`OUTPUT_OPTIONS` (``--output``,
  ``--out-dir``, ``--cache-dir``...) mean an output to every CLI that has them; short ones only to
  the programs of :data:`PROGRAM_OUTPUTS` (``grep -o``, ``ls -o``, ``ssh -o`` mean other things),
  except that a ``-o`` naming a start-up or configuration file is judged as the write it may
  be for any program (round 26: ``svgo a.svg -o ~/.bashrc``);
- the operands themselves, rewritten in place by formatters and fixers (:data:`REWRITERS`:
  ``black FILE``, ``prettier --write DIR``, ``gofmt -w FILE``), unless told only to report;
- one operand that is the output (:data:`POSITIONAL_OUTPUTS`: the last of ``ffmpeg`` and
  ``convert``, the second of ``sphinx-build SRC OUT``, ``xxd -r IN OUT``);
- a directory the tool empties before it writes there (:data:`DELETED_DIRECTORIES`: ``pytest
  --basetemp``, ``mkdocs build -d``, ``hugo --cleanDestinationDir -d``), judged as ``rm -rf``.

Each written target is judged as a redirect's (outside the project and its temp areas:
``write-outside-project`` attended and unattended; the OS sandbox stops it in a sandboxed run);
each emptied one by the deletion rules, recursive. A value that is not a path (``--output
json``) is a relative name and lands in the project; a value computed at run time is left to the
program.
"""

from __future__ import annotations

import posixpath

from ondas.guards.bash_base import (
    CLEAN_WORDS,
    Ctx,
    Word,
    absolute_path,
    block,
    check_write_target,
    classify,
    clean_word,
    gives_clean_word,
    option_values,
    positionals,
    rm_targets,
    word_set,
)
from ondas.guards.lazy_re import DOTALL, LazyPattern
from ondas.guards.verdict import ALLOW, Verdict

OUTPUT_OPTIONS = word_set(
    "--output --output-file --out-file --outfile --outFile --outputFile --out --outdir --outDir "
    "--out-dir "
    "--output-dir --output-directory --junit-xml --junitxml --log-file --logfile --report-file "
    "--html-report --xml-report --txt-report --lineprecision-report --cobertura-xml-report "
    "--declarationDir --tsBuildInfoFile --output-path --target-dir --cache-dir --site-dir "
    "--dest-dir --doctree-dir --warning-file --cache-location --pack-destination --wheel-dir "
    "--distpath"
)
"""Long options whose value is a file or directory the program writes."""
_COMPILERS = (
    "gcc g++ cc c++ clang clang++ rustc ld ld.lld ld.gold as nasm tcc nvcc zig iconv pandoc "
    "kotlinc swiftc ghc protoc xsltproc dot asciidoctor groff pdftk qpdf gs tred unflatten "
    "acyclic neato fdp sfdp circo twopi osage patchwork"
)
PROGRAM_OUTPUTS = {
    **dict.fromkeys(_COMPILERS.split(), word_set("-o")),
    "javac": word_set("-o -d"),
    # round 19s: ``deno compile -o FILE`` (a binary), ``bun build -o``/``--outfile FILE``
    "deno": word_set("-o"),
    "bun": word_set("-o"),
    "shuf": word_set("-o"),
    # round 23 (npol23): js-beautify's output file; pv's (``-o``, pv 1.8) and its pid file
    **dict.fromkeys(("js-beautify", "html-beautify", "css-beautify"), word_set("-o --outfile")),
    "pv": word_set("-o --output -P --pidfile"),
    # round 22 (redteam22): gpg writes what it encrypts, decrypts or signs to ``-o FILE``
    **dict.fromkeys(("gpg", "gpg2"), word_set("-o --output")),
    "sar": word_set("-o"),
    "lizard": word_set("-o"),
    # round 19: gosec's report file; WebAssembly's optimiser and LLVM's profile merger (``-o``)
    # and coverage report (``-output-dir``)
    "gosec": word_set("-out"),
    "wasm-opt": word_set("-o"),
    "llvm-profdata": word_set("-o"),
    "llvm-cov": word_set("-output-dir -o"),
    # round 21: the directory CMake's packager writes its packages into
    "cpack": word_set("-B"),
    "zipapp": word_set("-o"),
    "history": word_set("-w -a"),
    "go": word_set("-o -coverprofile -cpuprofile -memprofile -blockprofile -mutexprofile -trace"),
    "coverage": word_set("-o -d --directory"),
    "mkdocs": word_set("-d"),
    "hugo": word_set("-d --destination --cacheDir"),
    "webpack": word_set("-o"),
    "webpack-cli": word_set("-o"),
    "jekyll": word_set("-d --destination"),
    "mdbook": word_set("-d"),
    "base64": word_set("-o"),
    "sphinx-build": word_set("-d -w"),
    "eslint": word_set("-o"),
    "ruff": word_set("-o"),
    "convert": word_set("-write"),
    "magick": word_set("-write"),
    "exiftool": word_set("-o -out"),
    # round 21: minifiers' and transpilers' output file (``terser app.js -o FILE``; their
    # long ``--output`` is OUTPUT_OPTIONS'), and the file uudecode writes (``-o FILE``)
    **dict.fromkeys(("terser", "uglifyjs", "uglify-js", "csso", "cleancss"), word_set("-o")),
    "coffee": word_set("-o -j --join"),  # round 22: ``--join FILE``, the scripts joined
    "uudecode": word_set("-o"),  # round 20: the file written, or a directory of them
    "perltidy": word_set("-o -opath --outfile"),
    "strip": word_set("-o"),
    "maturin": word_set("-o"),
    "wasm-pack": word_set("-d"),
    "lipo": word_set("-output"),
    "cmake": word_set("-B"),
    # round 15: a compressor's output, tar's verbose listing, mysql's session log, a
    # redis-cli dump
    **dict.fromkeys(("zstd", "unzstd", "lz4", "brotli"), word_set("-o")),
    "tar": word_set("--index-file"),
    **dict.fromkeys(("mysql", "mariadb"), word_set("--tee")),
    "redis-cli": word_set("--rdb --functions-rdb"),
    # round 16: the key pair Tauri's signer writes, the icons its ``icon`` verb writes
    "tauri": word_set("-w --write-keys -o --output"),
    # round 16s: GNU time's report, a lock or requirements file (poetry export, pip-compile,
    # uv pip compile|export), bandit's and sdiff's output, pip's appended log, hyperfine's
    # exported results
    "time": word_set("-o --output"),
    "poetry": word_set("-o"),
    "pip-compile": word_set("-o"),
    "uv": word_set("-o"),
    "bandit": word_set("-o"),
    "sdiff": word_set("-o"),
    # round 21s: pip's download and wheel directories
    **dict.fromkeys(("pip", "pip3"), word_set("--log -d --dest -w")),
    "dotnet": word_set("-o"),  # round 21s: ``dotnet publish|build -o DIR``
    "hyperfine": word_set(
        "--export-json --export-csv --export-markdown --export-asciidoc --export-orgmode"
    ),
    # round 17: the directory the Firebase emulators export their data into when they stop
    "firebase": word_set("--export-on-exit"),
    "tslint": word_set("-o"),
    # round 17: second files besides the output: ffmpeg's statistics, progress, two-pass log,
    # segment list and session description; pandoc's log and extracted media; pytest's report
    # log and debug log; tags and cross-reference databases; clang-tidy's fixes; coverage
    # reports of gcovr, lcov and genhtml; ncdu's and tree's exports; gettext's catalogues; SQL
    # dumps (a client's session log: bash_contain's database rule); a secret scanner's
    # report; syft's ``FORMAT=FILE``
    "ffmpeg": word_set(
        "-vstats_file -progress -passlogfile -segment_list -sdp_file -hls_segment_filename"
    ),
    "pandoc": word_set("-o --log --extract-media"),
    **dict.fromkeys(("pytest", "py.test"), word_set("--report-log --resultlog --debug")),
    "ctags": word_set("-f -o"),
    "cscope": word_set("-f"),
    "clang-tidy": word_set("--export-fixes -export-fixes"),
    "gcovr": word_set(
        "-o --html --html-details --html-nested --xml --json --json-summary --csv --txt "
        "--cobertura --sonarqube --lcov --coveralls --jacoco --clover"
    ),
    **dict.fromkeys(("lcov", "genhtml", "ncdu", "tree", "msgfmt", "msgmerge"), word_set("-o")),
    "xgettext": word_set("-o -p --output-dir"),
    **dict.fromkeys(("pg_dump", "pg_dumpall"), word_set("-f --file")),
    "mysqldump": word_set("-r --result-file"),
    "gitleaks": word_set("-r --report-path"),
    **dict.fromkeys(("syft", "grype"), word_set("-o --file")),
    # round 21: version control tools' file-at-a-revision verbs write where ``-o`` says
    # (``p4 print -o FILE //depot/x``, ``hg cat -o FILE x``, ``hg export -o FILE``); ``p4
    # change -o`` and ``p4 client -o`` take no value and print the form
    **dict.fromkeys(("p4", "hg", "chg", "sl"), word_set("-o")),
    "help2man": word_set("-o"),  # round 21: the manual page written
}
"""Programs whose short options (or long ones that mean something else elsewhere) name the file
or directory they write: ``-o`` of compilers and converters, ``javac -d``, bash's ``history -w
FILE``, ``go build -o BIN`` and ``go test -coverprofile=FILE``, ``coverage html -d DIR``,
``mkdocs build -d DIR``, ``hugo -d DIR``, ``webpack -o DIR``, ``sphinx-build -d DOCTREES -w
WARNINGS``, macOS's ``base64 -o FILE``, ``eslint -o REPORT``, ImageMagick's ``-write FILE``,
``perltidy -o FILE`` and ``-opath DIR``, ``maturin build -o DIR`` and ``generate-ci -o FILE``,
``wasm-pack build -d DIR``, ``lipo -create A B -output FILE``."""
FORMAT_FILE_OUTPUTS = word_set("syft grype")
"""Programs whose output option takes ``FORMAT=FILE`` (``syft -o json=sbom.json``)."""
SINGLE_DASH_EQUALS = word_set("go perltidy llvm-cov")
"""Programs that read ``-flag=VALUE`` as ``--flag=VALUE`` (Go's ``flag`` package, Perl's
``Getopt::Long``: ``perltidy -o=FILE``)."""
GENERATOR_OUTPUTS = word_set("protoc")
"""Programs that take one ``--NAME_out=[OPTIONS:]DIR`` per generator (``protoc --python_out=gen``,
``--grpc_python_out=.``, ``--go_out=paths=source_relative:gen``)."""


class Rewrite:
    """How a program rewrites the files it is given: the options that make it write them
    (none: it always does), those that make it only report (a check, a diff, standard output),
    and its options that take the next word as their value (a config, a width, a pattern).
    Kept as the words' text and split when a command of the program is judged (round 19: the
    table's sets, built at import for every row, cost the import more than the few commands
    that name a formatter cost to split their own row)."""

    __slots__ = ("_hidden", "_reports", "_values", "_writes")

    def __init__(self, writes: str, reports: str, values: str, hidden: str = "") -> None:
        self._writes = writes
        self._reports = reports
        self._values = values
        self._hidden = hidden

    @property
    def writes(self) -> frozenset[str]:
        return word_set(self._writes)

    @property
    def reports(self) -> frozenset[str]:
        return word_set(self._reports)

    @property
    def values(self) -> frozenset[str]:
        return word_set(self._values)

    @property
    def hidden(self) -> frozenset[str]:
        """Options that make it walk into hidden directories too (round 19s: ``codespell
        --check-hidden``, ``typos --hidden``): a directory it is given then holds the control
        directories (``.claude``, ``.git``) it rewrites, judged as a write of one of them."""
        return word_set(self._hidden)


_RUFF_VALUES = (
    "--config --exclude --extend-exclude --line-length --target-version --stdin-filename "
    "--cache-dir --select --ignore --extend-select --extend-ignore --per-file-ignores "
    "--extend-per-file-ignores --fixable --unfixable --extend-fixable --output-format -o "
    "--output-file --dummy-variable-rgx --range"
)
_ESLINT_VALUES = (
    "-c --config --ignore-path --ignore-pattern -o --output-file -f --format --cache-location "
    "--rulesdir --ext --parser --parser-options --env --global --plugin --rule --max-warnings "
    "--resolve-plugins-relative-to --fix-type --stdin-filename --flag --cache-strategy"
)
_PRETTIER_VALUES = (
    "--config --ignore-path --plugin --stdin-filepath --cache-location --cache-strategy "
    "--log-level --parser --print-width --tab-width --trailing-comma --config-precedence "
    "--end-of-line --arrow-parens --prose-wrap --html-whitespace-sensitivity --quote-props "
    "--embedded-language-formatting --object-wrap --cursor-offset --range-start --range-end"
)
_CLANG_FORMAT_VALUES = (
    "-style --style -assume-filename --assume-filename -lines --lines -offset --offset -length "
    "--length -cursor --cursor -fallback-style --fallback-style -files --files "
    "-qualifier-alignment --qualifier-alignment"
)
_BEAUTIFY_VALUES = (
    "-o --outfile -f --file --config --type -s --indent-size -c --indent-char -e --eol -l "
    "--indent-level -w --wrap-line-length -b --brace-style -m --max-preserve-newlines "
    "-O --operator-position --templating -A --wrap-attributes -i --wrap-attributes-indent-size "
    "-U --unformatted -T --content_unformatted -S --indent-scripts -E --extra_liners --inline"
)
REWRITERS = {
    # round 23 (npol23): js-beautify's three programs write their operands back with
    # ``-r``/``--replace`` (to standard output otherwise, or to ``-o FILE``)
    **dict.fromkeys(
        ("js-beautify", "html-beautify", "css-beautify"),
        Rewrite("-r --replace", "", _BEAUTIFY_VALUES),
    ),
    "black": Rewrite(
        "",
        "--check --diff -c --code",
        "-c --code -l --line-length -t --target-version --config --include --exclude "
        "--extend-exclude --force-exclude --stdin-filename -W --workers --required-version "
        "--python-cell-magics",
    ),
    "isort": Rewrite(
        "",
        "--check-only --check -c --diff --stdout -d --show-files --show-config",
        "--settings-path --sp --settings-file --settings --profile -l -w --line-length "
        "--line-width -s --skip --skip-glob -p --project -o --thirdparty --src --src-path -a "
        "--add-import --rm -m --multi-line -j --jobs --virtual-env --conda-env --py",
    ),
    "rustfmt": Rewrite(
        "",
        "--check --emit=stdout --emit=json --emit=checkstyle --emit=coverage --print-config",
        "--config-path --edition --style-edition --config --color --emit --print-config",
    ),
    "ruff format": Rewrite("", "--check --diff", _RUFF_VALUES),
    "ruff check": Rewrite("--fix --fix-only", "--diff --no-fix", _RUFF_VALUES),
    "prettier": Rewrite("--write -w", "", _PRETTIER_VALUES),
    "eslint": Rewrite("--fix", "", _ESLINT_VALUES),
    "stylelint": Rewrite(
        "--fix",
        "",
        "-c --config --config-basedir --ignore-path -i --ignore-pattern --custom-syntax -f "
        "--formatter -o --output-file --cache-location --max-warnings",
    ),
    "gofmt": Rewrite("-w", "", "-r -cpuprofile"),
    "goimports": Rewrite("-w", "", "-local -srcdir"),
    "go fmt": Rewrite("", "-n", "-mod"),
    "clang-format": Rewrite("-i --i", "", _CLANG_FORMAT_VALUES),
    "shfmt": Rewrite("-w --write", "", "-i --indent -ln --language-dialect --filename"),
    "autopep8": Rewrite(
        "-i --in-place",
        "-d --diff",
        "--global-config --max-line-length --select --ignore -j --jobs --exclude --range "
        "--line-range --indent-size",
    ),
    "yapf": Rewrite("-i --in-place", "-d --diff", "--style -e --exclude -l --lines"),
    # round 19s: spelling fixers, which write their fixes into hidden files when told to
    "codespell": Rewrite(
        "-w --write-changes",
        "",
        "-S --skip -L --ignore-words-list -I --ignore-words -D --dictionary -x --exclude-file "
        "-r --regex --builtin --ignore-regex --uri-ignore-words-list -q --quiet-level "
        "--config --toml -C --context -A --after-context -B --before-context",
        hidden="-H --check-hidden",
    ),
    "typos": Rewrite(
        "-w --write-changes",
        "--diff",
        "-c --config --exclude --format --color --locale --type --type-add",
        hidden="--hidden",
    ),
    "biome format": Rewrite("--write --fix --apply", "", "--config-path --stdin-file-path"),
    "biome check": Rewrite(
        "--write --fix --apply --apply-unsafe", "", "--config-path --stdin-file-path"
    ),
    "biome lint": Rewrite(
        "--write --fix --apply --apply-unsafe", "", "--config-path --stdin-file-path"
    ),
    "deno fmt": Rewrite(
        "",
        "--check",
        "--config -c --ext --ignore --indent-width --line-width --prose-wrap --import-map",
    ),
    "dprint fmt": Rewrite("", "", "-c --config --excludes --plugins --log-level"),
    "taplo fmt": Rewrite("", "--check --stdin-filepath", "-c --config -o --option --colors"),
    "taplo format": Rewrite("", "--check --stdin-filepath", "-c --config -o --option --colors"),
    "zig fmt": Rewrite("", "--check --stdin --ast-check", "--exclude --color"),
    "stylua": Rewrite(
        "", "-c --check --verify", "-f --config-path -g --glob --column-width --indent-type"
    ),
    "nixfmt": Rewrite("", "-c --check", "-w --width --indent -f --filename"),
    # round 19: formatters of more ecosystems (Nix, Haskell, Kotlin, Swift, Elm, Scala, Bazel,
    # Nim, Godot, YAML, Erlang, CMake, F#, Django templates), which rewrite the files they are
    # given; those whose in-place mode is only an option (``ormolu``, ``cabal-fmt``) are judged
    # as writing their operands whatever the options, as the ones that always do
    "nixpkgs-fmt": Rewrite("", "--check", "--explain"),
    "alejandra": Rewrite("", "-c --check", "-e --exclude -t --threads --experimental-config"),
    "deadnix": Rewrite("-e --edit", "", "-o --output-format --exclude"),
    "ormolu": Rewrite(
        "",
        "--mode=check --mode=stdout -m=check -m=stdout",
        "-m --mode -o --ghc-opt -p --package -f --fixity --start-line --end-line "
        "--stdin-input-file -t --source-type",
    ),
    "fourmolu": Rewrite(
        "",
        "--mode=check --mode=stdout -m=check -m=stdout",
        "-m --mode -o --ghc-opt -p --package -f --fixity --start-line --end-line "
        "--stdin-input-file -t --source-type --indentation --column-limit --function-arrows "
        "--comma-style --import-export-style --haddock-style --let-style --in-style "
        "--single-constraint-parens --column-limit --respectful",
    ),
    "stylish-haskell": Rewrite("", "", "-c --config"),
    "cabal-fmt": Rewrite("", "-c --check", "--indent"),
    "ktfmt": Rewrite("", "-n --dry-run --set-exit-if-changed", "--stdin-name"),
    "swift-format format": Rewrite(
        "-i --in-place", "", "--configuration --assume-filename -j --parallel"
    ),
    "swiftformat": Rewrite(
        "",
        "--lint --dryrun",
        "--config --swiftversion --exclude --unexclude --rules --disable --enable --cache "
        "--report --reporter --indent --maxwidth --stdinpath --filelist",
    ),
    "elm-format": Rewrite("", "--validate --stdout", "--elm-version"),
    "scalafmt": Rewrite(
        "",
        "--test --check --list -l --stdout",
        "-c --config --config-str --mode --diff-branch --exclude",
    ),
    "buildifier": Rewrite(
        "",
        "-mode=check -mode=diff --mode=check --mode=diff -lint=warn --lint=warn",
        "-mode --mode -lint --lint -warnings --warnings -type --type -path --path "
        "-add_tables --add_tables -tables --tables",
    ),
    "nimpretty": Rewrite("", "", "--indent --maxLineLen"),
    "gdformat": Rewrite("", "-c --check -d --diff", "-l --line-length"),
    "yamlfmt": Rewrite("", "-lint -dry", "-conf -gitignore_path -formatter"),
    "erlfmt": Rewrite("-w --write", "-c --check", "-o --out --exclude-files --print-width"),
    "gersemi": Rewrite(
        "-i --in-place",
        "-c --check --diff",
        "-l --line-length --indent --definitions -w --workers --list-expansion",
    ),
    "fantomas": Rewrite("", "--check", ""),
    "ocamlformat": Rewrite(
        "-i --inplace",
        "--check",
        "--name --root --profile --margin --enable-outside-detected-project --ocaml-version",
    ),
    "purs-tidy format-in-place": Rewrite(
        "", "", "--indent --width --import-sort --import-wrap --operators --threads"
    ),
    "csharpier": Rewrite("", "--check --write-stdout", "--config-path --log-level --loglevel"),
    "dotnet-format": Rewrite(
        "", "--verify-no-changes --check --dry-run", "--include --exclude --severity -v --verbosity"
    ),
    "packer fmt": Rewrite("", "-check -diff", ""),
    # round 19: Go's spelling fixer (``-w``) and import sorter (``gci write``); objcopy writes
    # its output operand, or the input itself when given one (``--dump-section NAME=FILE``
    # writes FILE too: judged, :func:`_dumped_sections`)
    "misspell": Rewrite("-w", "", "-locale -i -source -j -error -o"),
    "gci write": Rewrite("", "", "-s --section --custom-order --skip-generated --skip-vendor"),
    # round 21: Google's TypeScript style fixes the files it is given (eslint --fix, prettier)
    "gts fix": Rewrite("", "", ""),
    "objcopy": Rewrite(
        "",
        "",
        "-I --input-target -O --output-target -B --binary-architecture -F --target -j "
        "--only-section -R --remove-section -K --keep-symbol -N --strip-symbol -L "
        "--localize-symbol -G --keep-global-symbol -W --weaken-symbol -b --byte -i "
        "--interleave --pad-to --gap-fill --set-start --change-start --adjust-start "
        "--change-addresses --adjust-vma --change-section-address --change-section-lma "
        "--change-section-vma --set-section-flags --rename-section --add-section "
        "--update-section --add-symbol --redefine-sym --long-section-names",
    ),
    # round 19: Rego's formatters (``opa fmt -w``, ``conftest fmt DIR``), hpack (the .cabal
    # file beside each package.yaml named), terraform-docs given ``--output-file`` (the file
    # is written in each module directory named)
    "opa fmt": Rewrite("-w --write", "-d --diff -l --list --fail", ""),
    "conftest fmt": Rewrite("", "", ""),
    "hpack": Rewrite("", "--dry-run", ""),
    "terraform-docs": Rewrite(
        "--output-file",
        "",
        "-c --config --output-mode --output-template --sort-by --hide --show --lockfile "
        "--recursive-path --header-from --footer-from",
    ),
    "djlint": Rewrite(
        "--reformat",
        "--check --lint",
        "--profile --indent --max-line-length --configuration -e --extension --exclude "
        "--extend-exclude --max-attribute-length --max-blank-lines",
    ),
    "dos2unix": Rewrite("", "-i --info -O --to-stdout", "-c --convmode"),
    "perltidy": Rewrite(
        "", "-st --standard-output -v --version -h --help", "-o --outfile -pro --profile -l -i"
    ),
    "unix2dos": Rewrite("", "-i --info -O --to-stdout", "-c --convmode"),
    "mac2unix": Rewrite("", "-i --info -O --to-stdout", "-c --convmode"),
    "unix2mac": Rewrite("", "-i --info -O --to-stdout", "-c --convmode"),
    "strip": Rewrite(
        "",
        "-o",
        "-o -R --remove-section -K --keep-symbol -N --strip-symbol -F --target -I "
        "--input-target -O --output-target --keep-section --remove-relocations",
    ),
}
"""Formatters and fixers that rewrite the files and directories they are given, keyed by
program or ``program sub-command``: ``black``, ``isort``, ``rustfmt``, ``ruff format``,
``dos2unix``, ``perltidy`` and ``strip`` (the binaries it is given, unless ``-o`` names another
file) always (unless told to check, diff or print; ``dos2unix -n IN OUT`` writes OUT, and both are
judged as its writes); ``ruff check --fix``,
``prettier --write``, ``eslint --fix``, ``gofmt -w``, ``clang-format -i``, ``shfmt -w``,
``autopep8 -i``, ``yapf -i``, ``biome format --write`` only when told to."""


class Operand:
    """Which operand of a program is the file it writes: its index among the operands (``-1``:
    the last), the option that makes it an output (``xxd -r``; none: always), the program's
    options that take the next word as their value, and its sub-commands that only read
    (``magick identify``)."""

    __slots__ = ("mode", "place", "readers", "values")

    def __init__(self, place: int, mode: str = "", values: str = "", readers: str = "") -> None:
        self.place = place
        self.mode = mode
        self.values = word_set(values)
        self.readers = word_set(readers)


POSITIONAL_OUTPUTS = {
    "xxd": Operand(1, "-r", "-c -g -l -o -s -C -n --cols --len --seek"),
    "ffmpeg": Operand(-1, values="-i"),
    "convert": Operand(-1),
    "magick": Operand(-1, readers="identify display animate conjure mogrify"),
    "montage": Operand(-1),
    "composite": Operand(-1),
    "sphinx-build": Operand(
        1,
        values="-b --builder -M -d --doctree-dir -c --conf-dir -D --define -A --html-define -t "
        "--tag -j --jobs -w --warning-file",
    ),
    "pdftotext": Operand(1, values="-f -l -r -x -y -W -H -enc -eol -opw -upw"),
    "pdfunite": Operand(-1),
    "qpdf": Operand(1),  # round 20: ``qpdf IN OUT``
}
"""Programs that write one of their operands: the last of ``ffmpeg ... OUT`` and ImageMagick's
``convert IN ... OUT`` (not ``magick identify``), ``pdfunite A B OUT``; the second of
``sphinx-build SRC OUT`` (``-M BUILDER SRC OUT`` too), ``pdftotext IN OUT``, ``xxd -r IN OUT``."""


class Emptied:
    """A directory a program empties before it writes there: the sub-commands that empty it
    (none: the program itself), the options that name it, the options that make the program
    empty it (none: it always does) and those that keep what is there."""

    __slots__ = ("default", "inside", "options", "unless", "verbs", "when")

    def __init__(
        self,
        verbs: str,
        options: str,
        when: str = "",
        unless: str = "",
        inside: bool = False,
        default: str = "",
    ) -> None:
        self.verbs = word_set(verbs)
        self.options = word_set(options)
        self.when = word_set(when)
        self.unless = word_set(unless)
        self.inside = inside
        """Only a directory inside the project is emptied (Vite warns and keeps one outside)."""
        self.default = default
        """The directory the program writes (and empties) when none is named (round 19s:
        Pelican's ``output``, mdbook's ``book``): named, it is still the program's own."""


DELETED_DIRECTORIES = {
    "pytest": Emptied("", "--basetemp"),
    "py.test": Emptied("", "--basetemp"),
    "mkdocs": Emptied("build gh-deploy", "-d --site-dir", unless="--dirty"),
    "hugo": Emptied("", "-d --destination", when="--cleanDestinationDir"),
    "webpack": Emptied("", "-o --output-path", when="--output-clean"),
    "webpack-cli": Emptied("", "-o --output-path", when="--output-clean"),
    "jekyll": Emptied("build b serve s server clean", "-d --destination"),
    "mdbook": Emptied("build clean", "-d --dest-dir", default="book"),
    # round 16s: Angular's builder deletes its output path first, zola its output directory
    # with --force, docusaurus its --out-dir, pyinstaller the application's directory under
    # --distpath without asking (-y)
    "ng": Emptied("build b", "--output-path", unless="--delete-output-path=false"),
    "zola": Emptied("build", "-o --output-dir", when="-f --force"),
    "docusaurus": Emptied("build", "--out-dir"),
    "pyinstaller": Emptied("", "--distpath", when="-y --noconfirm"),
    "cargo": Emptied("clean", "--target-dir"),
    "dotnet": Emptied("clean", "-o --output"),
    "gradle": Emptied("clean", "-PbuildDir= -PbuildDirectory="),
    "gradlew": Emptied("clean", "-PbuildDir= -PbuildDirectory="),
    # round 17s: more builders that empty their output directory before they write it: Vue
    # CLI's --dest (unless --no-clean), VitePress's --outDir, VuePress's --dest, Ember's and
    # Storybook's output path, Trunk's dist, Quasar's dest, Antora's --to-dir with --clean,
    # PDM's build destination (unless --no-clean), Expo's export directory
    "vue-cli-service": Emptied("build", "--dest", unless="--no-clean"),
    "vitepress": Emptied("build", "--outDir"),
    "vuepress": Emptied("build", "-d --dest"),
    "ember": Emptied("build b", "-o --output-path"),
    "storybook": Emptied("build", "-o --output-dir"),
    "trunk": Emptied("build", "-d --dist"),
    "quasar": Emptied("build b", "--dest"),
    "antora": Emptied("", "--to-dir", when="--clean"),
    "pdm": Emptied("build", "-d --dest", unless="--no-clean"),
    "expo": Emptied("export", "--output-dir"),
    # round 17: coverage's data file erased, tox's environments recreated under its work
    # directory, tsup's output cleaned, storybook's static build emptied first
    "coverage": Emptied("erase", "--data-file"),
    "tox": Emptied("", "--workdir", when="-r --recreate"),
    "tsup": Emptied("", "-d --out-dir", when="--clean"),
    # round 18s: Next's static export deletes its output directory before it writes
    "next": Emptied("export", "-o --outdir"),
    # round 19 (left19): Vite empties its --outDir before a build when the directory lies
    # inside the project's root (its default; ``--emptyOutDir false`` keeps it), Astro's build
    # its --outDir (``vite build --outDir src`` deletes the sources, then writes the bundle)
    "vite": Emptied(
        "build",
        "--outDir",
        unless="--emptyOutDir=false --no-emptyOutDir --empty-out-dir=false --no-empty-out-dir",
        inside=True,
    ),
    "astro": Emptied("build", "--outDir"),
    # round 19s: Pelican's --delete-output-directory (its output is -o)
    "pelican": Emptied("", "-o --output", when="-d --delete-output-directory", default="output"),
}
"""Programs that delete what is in a directory their options name before they use it, as ``rm
-rf`` would: ``pytest --basetemp`` (cleared on every run), ``mkdocs build -d`` (unless
``--dirty``), ``hugo -d`` with ``--cleanDestinationDir``, ``webpack -o`` with
``--output-clean``, ``jekyll build -d`` (always), ``mdbook build|clean -d``, ``cargo clean
--target-dir``, ``dotnet clean -o`` and ``gradle clean -PbuildDir=`` (an option ending in ``=``
is a property given with its value)."""

SETUP_CLEAN = (
    Emptied("clean", "-t --build-temp"),
    Emptied("clean", "--build-lib --build-scripts --bdist-base -b --build-base", when="-a --all"),
)
"""``setup.py clean`` deletes its temporary build directory, and with ``--all`` its library,
scripts and distribution directories (under ``--build-base``): told by its options that one is
a project directory (``--build-lib src``), it deletes that directory as ``rm -rf`` would."""


def setup_cleaned(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``setup.py clean`` whose directories (:data:`SETUP_CLEAN`) are the project's own."""
    for emptied in SETUP_CLEAN:
        verdict = _emptied_directories(emptied, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


PROGRAM_CLEAN_WORDS = {
    "ccache": word_set("-C --clear -c --cleanup"),
    "nx": word_set("reset"),
    # round 19s: cabal's v2 spellings of clean, ``swift package reset`` (the build path)
    "cabal": word_set("v2-clean new-clean"),
    "swift": word_set("reset"),
}
"""Options that clear the cache for one program only (``-C`` means a directory elsewhere), and
verbs (``nx reset`` deletes its cache directory)."""
_DIRECTORY_KEY = LazyPattern(
    r"^(?:o|precommithome|denodir|stackwork)$"
    r"|(?:build|out|output|target|dist|dest|cache|store|obj|artifacts?|tmp|temp)"
    r"(?:dir|directory|folder|base|path|location|root|home)?$"
    # round 19s: a work, data or scratch directory, and words between the kind and the place
    # (``--pants-workdir``, ``NX_WORKSPACE_DATA_DIRECTORY``, ``-derivedDataPath``,
    # ``--scratch-path``, ``--output_user_root``)
    r"|(?:build|out|output|target|dist|dest|cache|store|work|data|scratch)[a-z]{0,8}"
    r"(?:dir|directory|folder|path|root)$"
)
"""A setting, with ``-``, ``_`` and ``.`` removed and lower-cased, that names the directory a
build writes into or a tool keeps its cache in: ``--cache-dir``, ``--cacheDirectory``,
``--store-dir``, ``--outDir``, ``--builddir``, ``--build-base``, ``-Dbuild.dir``, make's
``BUILDDIR`` and Linux's ``O``, ``GOCACHE``, ``UV_CACHE_DIR``, ``PRE_COMMIT_HOME``, ``DENO_DIR``
(``deno clean`` deletes it whole)."""


def _directory_key(key: str) -> bool:
    return (
        _DIRECTORY_KEY.search(key.lower().replace("-", "").replace("_", "").replace(".", ""))
        is not None
    )


def cleaned_directories(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A tool told to delete its build output or cache (:data:`CLEAN_WORDS`) whose directory is
    set, by an option, a property or a variable in front of the command, to one of the
    project's own (``ant clean -Dbuild.dir=src``, ``npm cache clean --cache src``,
    ``GOCACHE=$PWD/src go clean -cache``, ``make clean BUILDDIR=src``): that directory is
    deleted, judged as ``rm -rf`` (a temp area such as ``O=build`` is everyday)."""
    clean = CLEAN_WORDS | PROGRAM_CLEAN_WORDS.get(name, frozenset())
    if not gives_clean_word(args, clean):
        return ALLOW  # ``nx run-many --target=test``: no clearing word, nothing deleted
    directories: list[Word] = []
    for k, word in enumerate(args):
        v = word.value
        if v is None or clean_word(v, clean):
            continue
        if v.startswith("-"):
            key, eq, value = v.lstrip("-").partition("=")
            if v[:2] in {"-D", "-P"} and v[2:3] != "-":
                key = key[1:]  # ``-Dbuild.dir=src``, ``-PbuildDir=src``
            if not _directory_key(key):
                inner, nested, place = value.partition("=")
                if eq and nested and _directory_key(inner):
                    directories.append(Word(place or ".", word.text))  # ``--override-ini=K=V``
                continue
            if eq:
                directories.append(Word(value or ".", word.text))
            elif k + 1 < len(args) and not (args[k + 1].value or "-").startswith("-"):
                directories.append(args[k + 1])
        else:
            key, eq, value = v.partition("=")
            if eq and key and _directory_key(key):
                directories.append(Word(value or ".", word.text))
    for variable, given in ctx.assigned.items():
        if given is not None and _directory_key(variable):
            directories.append(Word(given or ".", f"{variable}={given}"))
    for directory in directories:
        if directory.value is None:
            continue
        verdict = rm_targets([directory], True, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


class Scaffold:
    """Where a project generator writes: its verb (none: the program itself), the options
    naming the directory, the positional that does (its index after the verb; None: none), the
    directory it writes into when none is named, and the options that make it overwrite."""

    __slots__ = ("default", "force", "options", "place", "verb")

    def __init__(
        self,
        verb: str,
        options: str,
        place: int | None,
        force: str,
        default: str = ".",
    ) -> None:
        self.verb = verb
        self.options = word_set(options)
        self.place = place
        self.force = word_set(force)
        self.default = default


SCAFFOLDERS = {
    "rails": Scaffold("new", "", 0, "--force -f", default=""),
    "dotnet": Scaffold("new", "-o --output", None, "--force"),
    "cookiecutter": Scaffold("", "-o --output-dir", None, "--overwrite-if-exists -f"),
    "copier": Scaffold("copy", "", 1, "--overwrite -w --force -f"),
    "degit": Scaffold("", "", 1, "--force -f"),
    "tiged": Scaffold("", "", 1, "--force -f"),
    "giget": Scaffold("", "", 1, "--force -f"),
    "yo": Scaffold("", "", None, "--force -f"),
    "openapi-generator": Scaffold("generate", "-o --output", None, ""),
    "openapi-generator-cli": Scaffold("generate", "-o --output", None, ""),
    "swagger-codegen": Scaffold("generate", "-o --output", None, ""),
    "gomplate": Scaffold("", "--output-dir", None, "", default=""),
}
"""Project generators (a template, a starter) that write a whole project's files where they
are told and, told to overwrite, replace the files already there: ``rails new . --force``,
``dotnet new console --force``, ``copier copy --overwrite TPL .``, ``degit REPO . --force``.
An empty ``force`` is a generator that overwrites whenever it writes: ``openapi-generator
generate -o .`` (its README, setup files and package over the project's), ``gomplate
--output-dir .``."""


def scaffolded(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A generator of :data:`SCAFFOLDERS` told to overwrite, writing into the project's root (or
    above it, where the project may be the directory it writes): the project's files there,
    git's, ondas's and the hooks' included, are replaced by the template's; a control directory
    is refused as every write to it is. A sub-directory is everyday, as ``unzip -o -d`` is."""
    row = SCAFFOLDERS[name]
    values = [a.value for a in args]
    if row.force and not any(v in row.force for v in values):
        return ALLOW
    rest = args
    if row.verb:
        if row.verb not in values:
            return ALLOW
        rest = args[values.index(row.verb) + 1 :]
    target = next(iter(option_values(rest, row.options)), None) if row.options else None
    if target is None and row.place is not None:
        named = [w for w in rest if not (w.value or "").startswith("-")]
        target = named[row.place] if len(named) > row.place else None
    if target is None:
        if not row.default:
            return ALLOW
        target = Word(row.default, row.default)
    from ondas.guards.bash_base import over_project_root

    verdict = check_write_target(target, ctx, seg)  # ``-o .ondas``: a control directory
    if not verdict.allowed:
        return verdict
    return over_project_root(target, ctx, seg)


TRANSPILERS = {
    "babel": word_set("-d --out-dir -o --out-file"),
    "swc": word_set("-d --out-dir -o --out-file"),
    "coffee": word_set("-o --output"),
    "terser": word_set("-o --output"),
    "uglifyjs": word_set("-o --output"),
    "esbuild": word_set("--outfile --outdir"),
    "typedoc": word_set("--out"),
}
"""Source-to-source compilers and their output options: told to write where they read
(``babel src -d src``, ``terser app.js -o app.js``), they replace the sources with their
output (compiled, minified: the code as written is gone)."""
EMPTIES_OUTPUT = {"typedoc": "--cleanoutputdir"}
"""Of :data:`TRANSPILERS`, those that delete their output directory before they write it
(TypeDoc's ``cleanOutputDir``, on by default) and the option, lower-cased, that turns this off:
an output directory holding an input (``typedoc --out src src/index.ts``) deletes the sources
(``--out docs`` is the tool's everyday use)."""


def compiled_over_input(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A :data:`TRANSPILERS` program whose output file or directory is one of its inputs."""
    options = TRANSPILERS[name]
    outputs = list(option_values(args, options, options & {"-o", "-d"}, short_equals=False))
    read = {
        posixpath.normpath(w.value.rstrip("/") or "/") for w in _operands(args, options) if w.value
    }
    if name == "esbuild" and any(w.value == "--allow-overwrite" for w in args):
        base = _entry_base(args, options)  # ``esbuild src/*.js --outdir=src --allow-overwrite``
        if base is not None:
            read.add(base)
    if name in EMPTIES_OUTPUT and not _keeps_output(args, EMPTIES_OUTPUT[name]):
        read |= {parent for path in read for parent in _parents(path)}
    for target in outputs:
        if target.value and posixpath.normpath(target.value.rstrip("/") or "/") in read:
            from ondas.guards.bash_system import beyond_recovery

            return beyond_recovery(name, [target], ctx, seg, "writes its output over its input")
    return ALLOW


def _keeps_output(args: list[Word], option: str) -> bool:
    """``option`` (lower-cased) is given false: ``--cleanOutputDir false`` or ``=false``."""
    values = [(w.value or "").lower() for w in args]
    for k, v in enumerate(values):
        key, eq, given = v.partition("=")
        if key == option:
            given = given if eq else values[k + 1] if k + 1 < len(values) else ""
            return given in {"false", "0", "no"}
    return False


def _parents(path: str) -> list[str]:
    """The directories above ``path`` (a normalised relative or absolute path), up to ``.``
    or ``/``."""
    out: list[str] = []
    while path not in {"", ".", "/"}:
        path = posixpath.dirname(path)
        out.append(path or ".")
    return out


_GLOB_CHARS = frozenset("*?[{")


def _entry_base(args: list[Word], options: frozenset[str]) -> str | None:
    """The directory esbuild writes its entry points under ``--outdir`` relative to: its
    ``--outbase``, or the deepest directory every entry point (a path or glob) lies in; an
    ``--outdir`` equal to it, with ``--allow-overwrite``, writes each output over its entry."""
    outbase = word_set("--outbase")
    given = next(option_values(args, outbase, short_equals=False), None)
    if given is not None:
        return posixpath.normpath(given.value) if given.value else None
    common: list[str] | None = None
    for word in _operands(args, options | outbase):
        if not word.value:
            return None
        fixed: list[str] = []
        for part in posixpath.normpath(word.value).split("/")[:-1]:
            if _GLOB_CHARS & set(part):
                break
            fixed.append(part)
        if common is None:
            common = fixed
        while common[: len(fixed)] != fixed[: len(common)]:
            common = common[:-1]
        common = common[: len(fixed)]
    return None if common is None else posixpath.normpath("/".join(common) or ".")


WRITES_NAMED = frozenset(
    [name.split()[0] for name in REWRITERS]
    + list(POSITIONAL_OUTPUTS)
    + list(DELETED_DIRECTORIES)
    + list(PROGRAM_OUTPUTS)
    + list(GENERATOR_OUTPUTS)
    + ["ar", "pdftk"]
)
"""Every program a table here names."""
OPERAND_WRITERS = frozenset(
    [name.split()[0] for name in REWRITERS]
    + list(POSITIONAL_OUTPUTS)
    + list(GENERATOR_OUTPUTS)
    + ["history", "tauri", "firebase", "ar", "pdftk", "cpack"]
)
"""The programs :func:`output_files` reads whatever their options look like: what they write is
an operand (``black FILE``, ``ffmpeg ... OUT``), a generator's option (``--python_out=``), or a
short option no cheap look spots (``history -w FILE``, ``tauri signer generate -w KEY``) or a
long one (``firebase emulators:start --export-on-exit DIR``); the
others' outputs are options that start as ``bash_known._OUTPUTISH`` says (``-o``,
``--basetemp``, ``--site-dir``)."""

MODULE_PROGRAMS = {
    **{name: name for name in word_set("autopep8 black coverage isort mkdocs pytest ruff yapf")},
    "sphinx": "sphinx-build",
    # round 18s: builders, hook managers and the zip application writer by their module
    **{name: name for name in word_set("tox zipapp virtualenv")},
    "nuitka": "nuitka",  # round 21s: ``python -m nuitka --output-dir=DIR``
    "PyInstaller": "pyinstaller",
    "pre_commit": "pre-commit",
    # round 19: the framework consoles by their module (``python -m django shell -c CODE``)
    "django": "django-admin",
    "flask": "flask",
}
"""Python modules that are programs of these tables (``python -m black DIR``, ``python -m
sphinx SRC OUT``, ``python -m PyInstaller --distpath DIR``, ``python -m pre_commit
uninstall``), judged as their command is."""


class Streamed:
    """A program that opens (and truncates) its output before it has read all of its input:
    the options naming its output, those naming an input (besides its operands), its options
    that take a value, where its output is an operand (``uniq IN OUT``: 1), and the pattern of
    its sub-commands that stream (none: the program itself)."""

    __slots__ = ("inputs", "outputs", "place", "reads_first", "values", "verbs")

    def __init__(
        self,
        outputs: str = "",
        inputs: str = "",
        values: str = "",
        place: int | None = None,
        verbs: str = "",
        reads_first: bool = False,
    ) -> None:
        self.reads_first = reads_first
        self.outputs = word_set(outputs)
        self.inputs = word_set(inputs)
        self.values = word_set(values) | self.outputs | self.inputs
        self.place = place
        self.verbs = LazyPattern(verbs) if verbs else None


STREAMED = {
    "openssl": Streamed(
        "-out",
        "-in",
        "-pass -passin -k -kfile -K -iv -S -md -cipher -bufsize -engine -rand -writerand",
        verbs=r"enc|base64|zlib|(?:aes|aria|bf|blowfish|camellia|cast5?|chacha20|des[3x]?|idea"
        r"|rc[245]|seed|sm4)(?:-[\w-]+)?",
    ),
    "iconv": Streamed("-o --output", "", "-f -t --from-code --to-code"),
    "base64": Streamed("-o --output", "-i --input", "-w --wrap -b --break"),
    "uniq": Streamed(values="-f -s -w --skip-fields --skip-chars --check-chars", place=1),
    "xxd": Streamed(values="-c -cols -g -groupsize -l -len -s -seek -o -offset -n -name", place=1),
    "sort": Streamed(
        "-o --output",
        "",
        "-k --key -t --field-separator -S --buffer-size -T --temporary-directory --parallel "
        "--files0-from --batch-size --compress-program --random-source",
        reads_first=True,
    ),
}
"""Programs whose output, named on their command line, is opened before their input is read:
``openssl enc -in F -out F`` (and its ciphers, ``base64``, ``zlib``), ``iconv -o F F``,
macOS's ``base64 -i F -o F``, ``uniq F F``: given the same file as input and output, they read
it emptied, as ``sort F > F`` does. ``sort -o F F`` and ``shuf -o F F`` read everything first
(documented), and so do ``pandoc``, ``convert`` and ``openssl x509`` (whole objects), so they
are not here, except as given nothing to read: ``sort -o F /dev/null``, ``uniq /dev/null F``,
``openssl enc -in /dev/null -out F`` empty F whichever way they read."""


def streamed_over_input(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A :data:`STREAMED` program given one file as both its input and its output."""
    streamed = STREAMED.get(name)
    if streamed is None:
        return ALLOW
    operands = _operands(args, streamed.values)
    if streamed.verbs is not None:
        if not operands or not streamed.verbs.fullmatch(operands[0].value or ""):
            return ALLOW
        operands = operands[1:]
    outputs = list(option_values(args, streamed.outputs, frozenset(), short_equals=False))
    inputs = list(option_values(args, streamed.inputs, frozenset(), short_equals=False))
    if streamed.place is not None:
        if len(operands) <= streamed.place:
            return ALLOW
        outputs.append(operands[streamed.place])
        operands = operands[: streamed.place]
    read = {posixpath.normpath(w.value) for w in [*inputs, *operands] if w.value}
    if read and read <= {"/dev/null"} and len(read) == len([*inputs, *operands]):
        from ondas.guards.bash_system import beyond_recovery

        written = [t for t in outputs if t.value and t.value != "-"]
        return beyond_recovery(name, written, ctx, seg, "is given nothing to read and empties")
    for target in outputs:
        if streamed.reads_first:
            break
        if target.value and target.value != "-" and posixpath.normpath(target.value) in read:
            from ondas.guards.bash_system import beyond_recovery

            return beyond_recovery(
                name, [target], ctx, seg, "opens its output before it reads it, emptying"
            )
    return ALLOW


_MINIFIED_TO = word_set("-o --output")
OVER_OWN_INPUT: dict[str, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {
    **dict.fromkeys(
        ("terser", "uglifyjs", "uglify-js", "csso", "cleancss"),
        (_MINIFIED_TO, frozenset(), frozenset()),
    ),
    "javascript-obfuscator": (frozenset(), _MINIFIED_TO, frozenset()),
    "html-minifier-terser": (_MINIFIED_TO, word_set("--output-dir"), word_set("--input-dir")),
    "google-closure-compiler": (word_set("--js_output_file"), frozenset(), word_set("--js")),
    "pyminifier": (word_set("-o --outfile"), frozenset(), frozenset()),
    "rollup": (word_set("-o --file"), word_set("-d --dir"), frozenset()),
    "pyarmor": (frozenset(), word_set("-O --output"), frozenset()),
}
"""Minifiers, obfuscators and bundlers that write a transformed copy of their input (round
20s): their file outputs, their directory outputs and their options naming inputs. One whose
output is its own input (``terser src/app.js -o src/app.js``, ``javascript-obfuscator src
--output src``, ``pyarmor gen -O src src/app.py``) replaces the readable source with what it
made."""


def over_own_input(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Refuse a program of :data:`OVER_OWN_INPUT` whose output is one of its inputs: a file
    output equal to an input, a directory output equal to an input or to the directory an
    input file lies in."""
    files, directories, named_inputs = OVER_OWN_INPUT[name]
    valued = files | directories | named_inputs
    inputs = [*positionals(args, valued), *option_values(args, named_inputs)]
    read = {posixpath.normpath(w.value) for w in inputs if w.value}
    read_in = read | {posixpath.dirname(path) or "." for path in read}
    outputs = [(t, read) for t in option_values(args, files, files & _SHORT, short_equals=False)]
    outputs += [(t, read_in) for t in option_values(args, directories, directories & _SHORT)]
    for target, over in outputs:
        if target.value and posixpath.normpath(target.value) in over:
            from ondas.guards.bash_system import beyond_recovery

            return beyond_recovery(name, [target], ctx, seg, "writes its output over its input,")
    return ALLOW


_SHORT = word_set("-o -d -O")


def output_files(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """The files ``name`` writes or empties because its command line names them."""
    verdict = streamed_over_input(name, args, ctx, seg)
    if not verdict.allowed:
        return verdict
    emptied = DELETED_DIRECTORIES.get(name)
    if emptied is not None:
        verdict = _emptied_directories(emptied, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    rewrite = REWRITERS.get(name)
    if rewrite is None and name in _VERBED:
        rewrite = REWRITERS.get(f"{name} {_verb(args)}")
    if rewrite is not None:
        verdict = _rewritten(rewrite, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "gofmt" and any(a.value == "-w" for a in args):
        verdict = _every_expression(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "objcopy":
        verdict = _dumped_sections(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "sphinx-build":
        verdict = _sphinx_clean(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    operand = POSITIONAL_OUTPUTS.get(name)
    if operand is not None:
        verdict = _operand_output(operand, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name in GENERATOR_OUTPUTS:
        verdict = _generator_outputs(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name in KEYED_OUTPUTS:
        verdict = _keyed_output(name, args, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "time":
        verdict = _time_cluster_output(args, ctx, seg)
        if not verdict.allowed:
            return verdict
    dash_o = PROGRAM_OUTPUTS.get(name, frozenset())
    if "-o" not in dash_o and name not in FLAG_O:
        verdict = _dash_o_configuration(args, ctx, seg)  # ``svgo a.svg -o ~/.bashrc``
        if not verdict.allowed:
            return verdict
    short_equals = name in SINGLE_DASH_EQUALS
    # ``--output FILE``, ``--output=FILE``, ``-o FILE``, ``-obuild/app``
    for target in option_values(args, OUTPUT_OPTIONS | dash_o, dash_o, short_equals=short_equals):
        if target.value is None:
            continue  # a target computed at run time: the program's own business
        if name in FORMAT_FILE_OUTPUTS and "=" in target.value:
            file = target.value.partition("=")[2]  # ``syft -o json=FILE``
            target = Word(file, file)
        verdict = check_write_target(target, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _time_cluster_output(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """GNU time's ``-o FILE`` at the end of a cluster of its flags (round 23s: ``time -ao FILE
    CMD`` appends its report to FILE, ``-vo``, ``-aoFILE``), before the command it times."""
    for k, word in enumerate(args):
        v = word.value
        if v is None or not v.startswith("-") or v.startswith("--"):
            break
        letters = v[1:]
        at = letters.find("o")
        if at <= 0 or not set(letters[:at]) <= set("apvq"):
            continue
        attached = letters[at + 1 :]
        target = (
            Word(attached, attached) if attached else args[k + 1] if k + 1 < len(args) else None
        )
        if target is not None and target.value is not None:
            return check_write_target(target, ctx, seg)
    return ALLOW


KEYED_OUTPUTS = word_set("ar pdftk")
"""Programs whose output is named by a key word rather than an option (round 21): ``ar KEY
ARCHIVE FILE...`` writes the archive when its key letters change it (``r``, ``q``, ``d``,
``m``, ``s``; ``t``, ``x``, ``p`` only list, extract or print) and pdftk writes the file after
its ``output`` keyword."""
_AR_CHANGES = frozenset("rqdms")


def _keyed_output(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    values = [a.value for a in args]
    target: Word | None = None
    if name == "ar":
        operands = [a for a in args if a.value is None or not a.value.startswith("--")]
        key = operands[0].value if operands else None
        if key is not None and len(operands) > 1 and _AR_CHANGES & set(key.lstrip("-")):
            target = operands[1]
    elif "output" in values:
        at = values.index("output")
        target = args[at + 1] if at + 1 < len(args) else None
    if target is None or target.value is None or target.value == "-":
        return ALLOW
    return check_write_target(target, ctx, seg)


_VERBED = frozenset(name.split()[0] for name in REWRITERS if " " in name)


def _dumped_sections(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``objcopy --dump-section NAME=FILE``: FILE written, judged as a write."""
    values = [a.value for a in args]
    for k, value in enumerate(values):
        if value is None or not value.startswith("--dump-section"):
            continue
        head, eq, inline = value.partition("=")
        if eq and head == "--dump-section":
            spec: str | None = inline
        else:
            spec = values[k + 1] if k + 1 < len(values) else ""
        if spec is None:
            return block("write-unknown-target", seg, "objcopy --dump-section computed at run time")
        file = spec.partition("=")[2]
        if file:
            verdict = check_write_target(Word(file, file), ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW


def _sphinx_clean(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``sphinx-build -M clean SRC OUT`` removes OUT whole (round 17s: ``-M clean docs src``):
    judged as ``rm -rf OUT``."""
    values = [a.value for a in args]
    if values[:2] != ["-M", "clean"]:
        return ALLOW
    named = POSITIONAL_OUTPUTS["sphinx-build"].values
    operands = _operands(args[2:], named)
    if len(operands) < 2 or operands[1].value is None:
        return ALLOW
    return rm_targets([operands[1]], True, ctx, seg)


def cleaned_by_default(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``npm ci``, ``cargo clean``...: the directory the verb deletes by default
    (:data:`~ondas.guards.bash_base.CLEANED_BY_DEFAULT`), judged as ``rm -rf`` of it, which
    follows what this line moved into it."""
    from ondas.guards.bash_base import CLEANED_BY_DEFAULT

    verb, directory = CLEANED_BY_DEFAULT[name]
    if _verb(args) != verb:
        return ALLOW
    return rm_targets([Word(directory, directory)], True, ctx, seg)


def _verb(args: list[Word]) -> str | None:
    """The first word that is not an option (``ruff format``, ``cargo +nightly clean``)."""
    for word in args:
        v = word.value
        if v is None:
            return None
        if v[:1] not in {"-", "+"}:
            return v
    return None


def _operands(args: list[Word], values: frozenset[str]) -> list[Word]:
    """The words of ``args`` that are neither options nor the values of ``values``."""
    out: list[Word] = []
    skip = False
    rest = False
    for word in args:
        v = word.value
        if skip:
            skip = False
        elif rest or v is None or v == "-" or v[:1] != "-":
            out.append(word)
        elif v == "--":
            rest = True
        elif v in values:
            skip = True
    return out


def _options(args: list[Word], values: frozenset[str]) -> set[str]:
    """Every option of ``args``, and ``OPT=VALUE`` for the options of ``values`` too."""
    seen: set[str] = set()
    for i, word in enumerate(args):
        v = word.value
        if v is None or v[:1] != "-" or v == "-":
            continue
        if v == "--":
            break
        seen.add(v)
        seen.add(v.split("=", 1)[0])
        if v in values and i + 1 < len(args) and args[i + 1].value is not None:
            seen.add(f"{v}={args[i + 1].value}")
    return seen


def _rewritten(rewrite: Rewrite, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    values, writes = rewrite.values, rewrite.writes
    options = _options(args, values)
    if writes and not options & writes:
        return ALLOW  # ``prettier --check DIR``, ``gofmt -l DIR``: they only read
    if options & rewrite.reports and not options & writes:
        return ALLOW  # ``black --check DIR``, ``rustfmt --emit stdout FILE``
    operands = _operands(args, values)
    for word in operands:
        if word.value is None or word.value == "-":
            continue  # a name computed at run time, or standard input
        verdict = check_write_target(word, ctx, seg)
        if not verdict.allowed:
            return verdict
    if options & rewrite.hidden:
        for word in operands or [Word(".", ".")]:
            if word.value is None or word.value == "-":
                continue
            inside = posixpath.join(word.value, ".claude", "settings.json")
            verdict = check_write_target(Word(inside, word.text), ctx, seg)
            if not verdict.allowed:
                return verdict  # ``codespell -H -w .``: the control directories under it
    return ALLOW


_WILDCARD_RULE = LazyPattern(r"\s*\(?\s*[a-z]\s*\)?\s*->.*", DOTALL)
"""A ``gofmt -r`` rule whose pattern is one wildcard (a single lower-case letter): it matches
every expression, so the replacement takes the place of all of them."""


def _every_expression(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``gofmt -w -r 'a -> 0' DIR``: every expression of every file replaced by one."""
    rules = option_values(args, word_set("-r"))
    if not any(r.value is not None and _WILDCARD_RULE.fullmatch(r.value) for r in rules):
        return ALLOW
    from ondas.guards.bash_system import beyond_recovery

    files = _operands(args, word_set("-r -cpuprofile"))
    return beyond_recovery("gofmt", files, ctx, seg, "rewrites every expression of")


def _operand_output(operand: Operand, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    if operand.mode and not any(w.value == operand.mode for w in args):
        return ALLOW
    operands = _operands(args, operand.values)
    if operand.readers and operands and operands[0].value in operand.readers:
        return ALLOW  # ``magick identify FILE`` reads it
    if operand.place < 0 and args and args[-1] is not (operands[-1] if operands else None):
        return ALLOW  # the command ends with an option: no output operand is named last
    if not -len(operands) <= operand.place < len(operands):
        return ALLOW
    target = operands[operand.place]
    if target.value is None or target.value == "-":
        return ALLOW
    return check_write_target(target, ctx, seg)


def _generator_outputs(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    for word in args:
        v = word.value
        if v is None or not v.startswith("--"):
            continue
        key, eq, value = v.partition("=")
        if not eq or not key.endswith("_out"):
            continue
        # ``--go_out=paths=source_relative:gen``: generator options before the last colon
        directory = value.rsplit(":", 1)[-1] if ":" in value else value
        verdict = check_write_target(Word(directory, v), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


ENVIRONMENT_MAKERS = word_set("venv virtualenv uv conda mamba micromamba")
"""Programs that make an environment in a directory they are given and, told so, clear or
remove that directory first (:func:`cleared_environment`)."""


def cleared_environment(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """An environment maker told to clear or remove the directory it is given: ``python -m
    venv --clear DIR``, ``virtualenv --clear DIR``, ``uv venv --clear DIR`` delete what is in
    DIR, ``conda env remove -p DIR`` (``remove --all``) deletes DIR; judged as ``rm -rf`` of
    it (``.venv``, a temp area, a named environment are everyday)."""
    values = [a.value for a in args]
    if name in {"conda", "mamba", "micromamba"}:
        verbs = [v for v in values if v is not None and not v.startswith("-")]
        removes = (
            verbs[:2] == ["env", "remove"]
            or (verbs[:1] in (["remove"], ["uninstall"]) and "--all" in values)
            or verbs[:1] == ["create"]  # round 16s: an existing prefix is removed first
            or verbs[:2] == ["env", "create"]  # round 20s: so does ``env create``
        )
        if not removes:
            return ALLOW
        places = option_values(args, word_set("-p --prefix"), frozenset({"-p"}))
        return rm_targets([p for p in places if p.value], True, ctx, seg) if places else ALLOW
    if name == "uv":
        if values[:1] != ["venv"]:
            return ALLOW
        args = args[1:]
    skip = word_set("-p --python --prompt --seeder --index-url")  # round 20s: ``--seed`` takes none
    targets = [t for t in positionals(args, skip) if t.value]
    if "--clear" not in values:
        for target in targets:  # round 21s: ``python -m venv .claude`` writes into it
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
        return ALLOW
    return rm_targets(targets, True, ctx, seg) if targets else ALLOW


def _emptied_directories(emptied: Emptied, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    if emptied.verbs and _verb(args) not in emptied.verbs:
        return ALLOW
    values = [a.value for a in args]
    if emptied.when and not any((v or "").split("=", 1)[0] in emptied.when for v in values):
        return ALLOW
    if emptied.unless and any(v in emptied.unless for v in values):
        return ALLOW
    dash = frozenset(o for o in emptied.options if not o.startswith("--"))
    properties = [o for o in emptied.options if o.endswith("=")]
    targets = [
        t
        for t in option_values(args, emptied.options, dash, short_equals=False)
        if t.value  # a directory computed at run time is left to the program, as a write's is
        # ``mdbook build -d book``: its own default, unless this line moved something there
        and (posixpath.normpath(t.value) != emptied.default or bool(ctx.renamed))
    ]
    targets += [
        Word(v[len(o) :], v)
        for v in (a.value or "" for a in args)
        for o in properties
        if v.startswith(o) and len(v) > len(o)
    ]
    if emptied.inside:
        targets = [t for t in targets if classify(str(t.value), ctx).startswith("project")]
    if not targets:
        return ALLOW
    return rm_targets(targets, True, ctx, seg)


_DASH_O = frozenset({"-o"})
_GLOB_CHARS = frozenset("*?[")
FLAG_O = word_set(
    "ls dir vdir grep egrep fgrep zgrep rg ag ack ugrep od strings size hexdump hd lsof ps "
    "pgrep pkill pidof tree du df who w last look join paste pr nl wc"
)
"""Programs to which ``-o`` is a flag taking no value (``ls -o`` a long listing without the
group, ``grep -o`` only the matched part, ``od -o`` octal, ``strings -o`` offsets, ``lsof -o``
file offsets), or a value that is not a file (``ps -o pid,cmd``, ``join -o 1.1``): the word
after it is an operand the program reads, never an output (``ls -o /etc``, ``grep -o
'/etc/[a-z]*' notes.txt``)."""


def _configuration_path(value: str, ctx: Ctx) -> bool:
    """Whether ``value`` names a file of the machine's or the user's configuration: under
    ``/etc``, a dot-file or dot-directory of the home (``~/.bashrc``, ``~/.ssh/config``,
    ``~/.config/autostart/x``), or the project's protected state (``.git``, ``.claude``)."""
    if classify(value, ctx) == "protected":
        return True
    path = absolute_path(value, ctx)
    if path is None:
        return False
    if path == "/etc" or path.startswith("/etc/"):
        return True
    home = posixpath.normpath(ctx.home)
    return path.startswith(home + "/.")


def _dash_o_configuration(args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """A ``-o`` whose value names a configuration file (:func:`_configuration_path`), for a
    program the guard does not know to take ``-o`` as its output. Most programs do (cc, sort,
    svgo, pandoc, terser); to some ``-o`` is a flag (``od -o``, ``strings -o``, ``grep -o``)
    or takes a setting (``ssh -o Key=value``), and a flag's next word is read, not written.
    Whichever it is, a start-up or configuration file named there is not a project's output:
    it is judged as the write it may be (``svgo a.svg -o ~/.bashrc`` passed in every mode while
    ``--output ~/.bashrc`` was refused). A path anywhere else stays the program's business."""
    for target in option_values(args, _DASH_O, _DASH_O):
        value = target.value
        if value is None or not value.startswith(("/", "~", ".")) or _GLOB_CHARS & set(value):
            continue  # a pattern (``-o '/etc/*.conf'``) names no file to write
        if _configuration_path(value, ctx):
            verdict = check_write_target(target, ctx, seg)
            if not verdict.allowed:
                return verdict
    return ALLOW
