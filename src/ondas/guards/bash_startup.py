"""Code that runs later, or inside an ordinary command, because of start-up variables and files.

An ordinary command (a test run, a build, git, an interpreter) runs more than its words: the
options an interpreter reads from the environment (``NODE_OPTIONS``, ``PERL5OPT``, ``RUBYOPT``,
``TAR_OPTIONS``, ``PYTEST_ADDOPTS``), the files it loads at start-up (``sitecustomize.py``, a
``.pth`` line, ``conftest.py``, ``PYTHONSTARTUP``, a ``--require``d module, ``LUA_INIT``), the
configuration it reads (git's, npm's ``script-shell``, cargo's ``runner``, bazel's
``--run_under``, a kubeconfig's ``exec``, an AWS ``credential_process``) and the program a
changed ``PATH`` finds first. Each is judged as what it stands for:

- a variable of options is read as those options given to its program
  (:func:`option_variable`); a variable naming a start-up file or a configuration file is read
  as the program running that file, or as that configuration;
- a file this command line wrote is checked as the code it holds when a program loads it
  (:func:`loaded_at_start`: ``node -r FILE``, ``ruby -rFILE``, ``pytest -p NAME``, a name found
  first in a directory the line put on ``PATH``);
- a start-up or configuration file this line writes (by its name) is checked at the end of the
  line, when every file the line wrote is known (:func:`planted_startup_files`): whoever starts
  next, in this line or later (ondas's own test run and git), runs it.

A file the line did not write is judged as running it directly would be (``node /tmp/x.js``
passes; the OS sandbox bounds it).
"""

from __future__ import annotations

import posixpath
import shlex
from collections.abc import Mapping, Sequence
from urllib.parse import unquote

from ondas.guards.bash_base import (
    LOADER_PATH_VARIABLES,
    PRELOADERS,
    STARTUP_FILE,
    Ctx,
    Word,
    brought_code,
    word_set,
    written_text,
)
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.paths import FRESH_TEMP_NAME, fresh_temp
from ondas.guards.verdict import ALLOW, Verdict

OPTION_VARIABLES: dict[str, tuple[str, str]] = {
    "NODE_OPTIONS": ("node", "-e 0"),
    "PERL5OPT": ("perl", "-e 1"),
    "RUBYOPT": ("ruby", "-e 0"),
    "TAR_OPTIONS": ("tar", "-tf /dev/null"),
    "MANOPT": ("man", "ls"),
    "PYTEST_ADDOPTS": ("pytest", ""),
    "MAKEFLAGS": ("make", "-n"),
    "GOFLAGS": ("go", "build"),
    "GNUMAKEFLAGS": ("make", "-n"),  # round 18: GNU make reads it as MAKEFLAGS
    "RUSTFLAGS": ("rustc", "--version"),  # round 19: cargo hands them to every rustc it runs
    "FZF_DEFAULT_OPTS": ("fzf", "-f x"),  # round 20: ``--bind 'start:execute(CMD)'``
}
"""Variables a program reads as more of its own command-line options, with a harmless rest of
a command line to judge them in."""

VALUE_VARIABLES: dict[str, tuple[str, str, str]] = {
    "JUST_JUSTFILE": ("just", "--justfile", ""),
    "JUST_WORKING_DIRECTORY": ("just", "--working-directory", ""),
    "JUST_CHOOSER": ("just", "--chooser", "--choose"),
}
"""Variables a program reads as the value of one of its options (round 18: just's justfile,
directory and chooser, a command): judged as that option given, with a harmless rest."""

FILE_VARIABLES: dict[str, str] = {
    "PYTHONSTARTUP": "python3",
    "R_PROFILE_USER": "Rscript",
    "R_PROFILE": "Rscript",
}
"""Variables naming a file of code that the program runs at start-up."""

CONFIG_VARIABLES = frozenset(
    {
        "KUBECONFIG",
        "AWS_CONFIG_FILE",
        "AWS_SHARED_CREDENTIALS_FILE",
        "PIP_CONFIG_FILE",
        "NPM_CONFIG_USERCONFIG",
        "NPM_CONFIG_GLOBALCONFIG",
        "CARGO_HOME",
        "BAZELRC",
        *("GOENV", "PSQLRC", "CURL_HOME", "WGETRC", "ZDOTDIR", "XDG_CONFIG_HOME"),
        *("TF_CLI_CONFIG_FILE", "DOCKER_CONFIG", "GRADLE_USER_HOME", "IPYTHONDIR", "SCREENRC"),
        "MYSQL_HOME",
        *("LESSKEYIN", "LESSKEY", "LESSKEY_SRC"),  # round 16: their ``#env`` sets LESSOPEN
        *("BUNDLE_GEMFILE", "COMPOSER", "CMAKE_TOOLCHAIN_FILE"),  # round 19: build code
    }
)
"""Variables pointing a tool at a configuration file (or directory) that may name commands."""

_PYTHON_CODE = LazyPattern(
    r"(?:^|/)(?:sitecustomize|usercustomize|conftest)\.py$|/\.pythonrc(?:\.py)?$"
)
_PTH = LazyPattern(r"\.pth$")
_EVERY_START = LazyPattern(r"(?:^|/)(?:sitecustomize|usercustomize)\.py$|\.pth$")
"""Files Python's ``site`` runs at every start that finds them (round 18): a ``.pth`` file's
``import`` lines, ``sitecustomize`` and ``usercustomize``."""
_SHELL_RC = LazyPattern(
    r"(?:^|/)(?:\.envrc|\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.bash_aliases|\.profile"
    r"|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.kshrc|\.mkshrc|\.ssh/rc|config\.fish"
    r"|\.husky/[^/]+|\.githooks/[^/]+)$"
)
"""Shell start-up files, and (round 19) the hook scripts of a project's hooks directory
(husky's ``.husky/pre-push``, ``.githooks/``): git runs them at the next commit or push."""
_OTHER_CODE = LazyPattern(r"(?:^|/)(?:\.Rprofile|Rprofile\.site|\.irbrc|\.pryrc)$")
_GIT_CONFIG = LazyPattern(r"(?:^|/)(?:\.gitconfig|git/config|\.git/config|\.gitmodules)$")
_TOOL_CONFIG = LazyPattern(
    r"(?:^|/)(?:\.npmrc|\.yarnrc(?:\.yml)?|\.cargo/config(?:\.toml)?|\.bazelrc|pip\.conf|pip\.ini"
    r"|\.ssh/config|pytest\.ini|tox\.ini|setup\.cfg|\.aws/config|\.kube/config)$"
)
_COMMAND_KEYS = word_set(
    "scriptshell shell runner command proxycommand localcommand knownhostscommand "
    "credentialprocess rununder linker rustcwrapper rustcworkspacewrapper wrapper editor pager "
    "browser fsmonitor sshcommand textconv onloadscript"
)
"""Configuration keys (lower case, without ``-`` and ``_``) whose value a tool runs as a
command: npm's ``script-shell``, cargo's ``runner``/``linker``/``rustc-wrapper``, bazel's
``--run_under``, ssh's ``ProxyCommand``, a kubeconfig's ``exec.command``, AWS's
``credential_process``."""
_KEY = LazyPattern(r"[A-Za-z][\w.-]*")
_DASH_OPTIONAL = frozenset({"PERL5OPT", "MAKEFLAGS", "GNUMAKEFLAGS"})
_BLANK_SPLIT = frozenset({"PERL5OPT", "RUBYOPT"})
"""Option variables split at blanks only (perl and ruby read no quotes in them)."""
_QUIET = frozenset({"parse-error", "dynamic-command", "unknown-program", "interactive-shell"})
_NODE_PRELOAD = frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader"})
NODE_FAMILY = PRELOADERS & {"node", "nodejs", "tsx", "ts-node", "ts-node-dev"}


def option_variable(name: str, value: str | None, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``NAME=value`` for a name of :data:`~ondas.guards.bash_base.STARTUP_VARIABLES`: the
    options, start-up file or configuration it gives, judged as what it stands for."""
    if not value:
        return ALLOW
    if name in OPTION_VARIABLES:
        program, rest = OPTION_VARIABLES[name]
        words = _split(value) if name not in _BLANK_SPLIT else value.split()
        if (
            name in _DASH_OPTIONAL
            and words
            and not words[0].startswith("-")
            and "=" not in words[0]
        ):
            words[0] = "-" + words[0]  # ``PERL5OPT=MCarp`` is ``-MCarp``, ``MAKEFLAGS=k`` ``-k``
        forms = [words] + ([[value]] if words != [value] else [])  # as each program splits
        for form in forms:
            line = " ".join([program, *(shlex.quote(w) for w in form), rest]).strip()
            verdict = ctx.check_source(line, ctx, depth + 1)
            if not verdict.allowed:
                return verdict
        return ALLOW
    if name in VALUE_VARIABLES:
        program, option, rest = VALUE_VARIABLES[name]
        line = f"{program} {option} {shlex.quote(value)} {rest}".strip()
        return ctx.check_source(line, ctx, depth + 1)
    if name in FILE_VARIABLES:
        return ctx.check_source(f"{FILE_VARIABLES[name]} {shlex.quote(value)}", ctx, depth + 1)
    if name == "LUA_INIT":
        if value.startswith("@"):
            return ctx.check_source(f"lua {shlex.quote(value[1:])}", ctx, depth + 1)
        return ctx.check_source(f"lua -e {shlex.quote(value)}", ctx, depth + 1)
    if name == "PYTEST_PLUGINS":
        plugins = " ".join(f"-p {shlex.quote(p.strip())}" for p in value.split(",") if p.strip())
        return ctx.check_source(f"pytest {plugins}", ctx, depth + 1)
    for path in value.split(":"):  # ``KUBECONFIG=a:b``
        if _empty_fresh_directory(path, ctx):
            continue  # ``XDG_CONFIG_HOME=$(mktemp -d) git log``: new and empty (round 18)
        wrote, text = written_text(ctx, path)
        if wrote and text is not None:
            verdict = _config(text, ctx, depth, seg)
            if not verdict.allowed:
                return verdict
        elif not wrote:
            from ondas.guards.bash_base import unseen_temp_code

            verdict = unseen_temp_code(path, ctx, seg)  # ``KUBECONFIG=/tmp/kc`` unattended
            if not verdict.allowed:
                return verdict
    return ALLOW


def _empty_fresh_directory(path: str, ctx: Ctx) -> bool:
    """``path`` is a directory ``mktemp -d`` just made, into which this line wrote nothing."""
    full = posixpath.normpath(path)
    if posixpath.basename(full) != FRESH_TEMP_NAME or not fresh_temp(full):
        return False
    return not any(written.startswith(full + "/") for written in ctx.written)


def loaded_at_start(
    spelled: str, name: str, args: list[Word], ctx: Ctx, depth: int, seg: str
) -> Verdict:
    """A file this command line wrote that ``name`` loads before its own work: a module
    ``node`` preloads, a library ``ruby -r`` requires, a file ``php -d auto_prepend_file``
    runs first, a plugin ``pytest -p`` imports, or the
    program itself when a directory the line put on ``PATH`` holds a written file of its name."""
    values = [a.value for a in args]
    paths: list[str] = []
    family = ""
    if name in NODE_FAMILY:
        family = "node"
        for k, v in enumerate(values):
            if v is None:
                continue
            option, eq, given = v.partition("=")
            if option in _NODE_PRELOAD:
                target = given if eq else (values[k + 1] if k + 1 < len(values) else None)
                if target is not None and target.startswith("data:"):
                    verdict = _data_url(target, ctx, depth, seg)
                    if not verdict.allowed:
                        return verdict
                elif target is not None:
                    paths.append(target)
    elif name == "ruby":
        family = "ruby"
        dirs = [ctx.cwd or "."]
        libs: list[str] = []
        for k, v in enumerate(values):
            if v is None or not v.startswith("-") or v == "-":
                continue
            for flag, into in (("-I", dirs), ("-r", libs)):
                if v.startswith(flag):
                    named = v[2:] or (values[k + 1] if k + 1 < len(values) else None)
                    if named:
                        into.extend(named.split(":") if flag == "-I" else [named])
        for lib in libs:
            paths += [lib, f"{lib}.rb", *(posixpath.join(d, f"{lib}.rb") for d in dirs)]
    elif name == "php":
        family = "php"
        for k, v in enumerate(values):
            setting = v[2:] if v is not None and v.startswith("-d") else None
            if setting == "" and k + 1 < len(values):
                setting = values[k + 1]
            key, _eq, given = (setting or "").partition("=")
            if key.strip() in {"auto_prepend_file", "auto_append_file"} and given:
                paths.append(given.strip())
    elif name in {"pytest", "py.test"}:
        family = "python"
        for k, v in enumerate(values):
            if v is None or not v.startswith("-p"):
                continue
            plugin = v[2:] or (values[k + 1] if k + 1 < len(values) else None)
            if plugin and not plugin.startswith("no:"):
                module = plugin.replace(".", "/")
                paths += [
                    p
                    for p in ctx.written
                    if p.endswith((f"/{module}.py", f"/{module}/__init__.py"))
                ]
    if ctx.path_changed and "/" not in spelled:
        for path in ctx.written:
            if posixpath.basename(path) == spelled:
                from ondas.guards.bash_system import written_script

                verdict = written_script(path, ctx, depth, seg)
                if not verdict.allowed:
                    return verdict
    for path in paths:
        wrote, text = written_text(ctx, path)
        if wrote and text is not None:
            from ondas.guards.bash_code import check_code

            verdict = check_code(text, ctx, depth + 1, seg, family=family)
            if not verdict.allowed:
                return verdict
        elif not wrote:
            from ondas.guards.bash_base import unseen_temp_code

            verdict = unseen_temp_code(path, ctx, seg)  # ``node -r /tmp/a.js`` unattended
            if not verdict.allowed:
                return verdict
    return ALLOW


CODE_FILE_OPTIONS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("awk", "gawk", "mawk", "nawk"),
        frozenset({"-f", "--file", "-i", "--include", "-l", "--load", "-E", "--exec"}),
    ),
    **dict.fromkeys(("sed", "gsed"), frozenset({"-f", "--file"})),
    **dict.fromkeys(
        ("make", "gmake"),
        frozenset({"-f", "--file", "--makefile", "-C", "--directory", "-I", "--include-dir"}),
    ),
    "cmake": frozenset({"-P", "-C", "-S", "--toolchain"}),
    "ctest": frozenset({"-S", "-SP"}),
    # round 21: CPack's configuration file is CMake code
    "cpack": frozenset({"--config"}),
    "gdb": frozenset({"-x", "--command", "-ix", "--init-command"}),
    **dict.fromkeys(("pytest", "py.test"), frozenset({"-c", "--config-file", "--confcutdir"})),
    "tox": frozenset({"-c", "--conf", "--root"}),
    "cargo": frozenset({"--config", "--manifest-path"}),
    # round 21: a repository or module overridden by a local directory (``NAME=PATH``): its
    # BUILD files and Starlark rules run in the build
    "bazel": frozenset({"--bazelrc", "--override_repository", "--override_module"}),
    **dict.fromkeys(
        ("npm", "pnpm", "yarn"),
        frozenset({"--userconfig", "--globalconfig", "--prefix", "-C", "--dir", "--cwd"}),
    ),
    "git": frozenset({"--exec-path"}),
    "just": frozenset({"-f", "--justfile", "-d", "--working-directory"}),
    "task": frozenset({"-t", "--taskfile", "-d", "--dir"}),
    "poe": frozenset({"-C", "--directory", "--root"}),
    # round 18: the other project recipe runners' collection, rakefile and directory options
    "invoke": frozenset({"-c", "--collection", "-r", "--search-root", "-f", "--config"}),
    "rake": frozenset(
        {"-f", "--rakefile", "-R", "--rakelibdir", "--rakelib", "-r", "--require", "-I"}
        | {"--libdir"}
    ),
    "mise": frozenset({"-C", "--cd"}),
    "composer": frozenset({"-d", "--working-dir"}),  # round 19: composer.json's scripts there
    # round 13: a shared object, plugin, filter or init script a known program loads as code
    # (ssh-keygen's PKCS#11 provider, openssl's engine, a compiler's plugin, programs directory
    # or specs, rustc's ``-C linker=``, pandoc's filters, gradle's init scripts), and
    # configuration files that name commands (maven's settings, psql's and sqlite3's init
    # files, curl's and wget's, latexmk's rc, exiftool's config, lldb's command files)
    "ssh-keygen": frozenset({"-D"}),
    "openssl": frozenset({"-engine", "-provider-path"}),
    **dict.fromkeys(
        ("gcc", "g++", "cc", "c++", "clang", "clang++"),
        frozenset({"-fplugin", "-fpass-plugin", "-B", "-specs", "--specs"}),
    ),
    "rustc": frozenset({"-C", "--codegen"}),
    "pandoc": frozenset({"-L", "--lua-filter", "-F", "--filter", "-d", "--defaults"}),
    **dict.fromkeys(
        ("gradle", "gradlew"),
        frozenset(
            {"-I", "--init-script", "-c", "--settings-file", "-b", "--build-file"}
            | {"-p", "--project-dir"}
        ),
    ),
    **dict.fromkeys(
        ("mvn", "mvnw"),
        frozenset({"-s", "--settings", "-gs", "--global-settings", "-f", "--file"}),
    ),
    "psql": frozenset({"-f", "--file"}),
    "sqlite3": frozenset({"-init"}),
    "curl": frozenset({"-K", "--config"}),
    "wget": frozenset({"--config", "--use-askpass"}),
    "latexmk": frozenset({"-r"}),
    "exiftool": frozenset({"-config"}),
    "lldb": frozenset({"-s", "--source", "-S", "--source-before-file"}),
    **dict.fromkeys(
        ("mysql", "mariadb"),
        frozenset({"--defaults-file", "--defaults-extra-file", "--plugin-dir"}),
    ),
    # round 14: an editor's start-up file and sourced session (vimscript runs ``:!CMD``)
    **dict.fromkeys(("vim", "vi", "nvim", "view", "ex", "gvim"), frozenset({"-u", "-S", "-U"})),
    # round 15: Python tools whose configuration files are code or name plugins (pylint's
    # ``init-hook``, mypy's and coverage's plugins, pre-commit's hooks, sphinx's ``conf.py``,
    # mkdocs' hooks, gunicorn's config module, nox's noxfile), build files of ninja and of a
    # gradle project directory, cmake's source tree and toolchain, deno's task configuration,
    # the JVM's class path, a dotnet project, kotlinc's script, a mysql client plugin's
    # directory, wget's askpass program, tmux's configuration, a compose file
    "pylint": frozenset({"--rcfile"}),
    "coverage": frozenset({"--rcfile"}),
    "pre-commit": frozenset({"-c", "--config"}),
    "sphinx-build": frozenset({"-c", "--conf-dir"}),
    "mkdocs": frozenset({"-f", "--config-file"}),
    "gunicorn": frozenset({"-c", "--config", "--chdir", "--pythonpath"}),
    "nox": frozenset({"-f", "--noxfile"}),
    "ninja": frozenset({"-f", "-C"}),
    "deno": frozenset({"-c", "--config"}),
    "java": frozenset({"-cp", "-classpath", "--class-path", "-p", "--module-path"}),
    "dotnet": frozenset({"--project"}),
    "kotlinc": frozenset({"-script", "-Xplugin"}),
    "tmux": frozenset({"-f"}),
    **dict.fromkeys(("docker", "podman"), frozenset({"-f", "--file"})),
    # round 16: build files and task files that are code (SCons' SConstruct is Python,
    # premake's Lua, doit's dodo.py, mage's Go), a cross or native file naming the programs meson
    # runs, an app's import directory, hyperfine's shell, an inventory script and an executable
    # vault password file of ansible, a test runner's bootstrap or required file, act's
    # workflows, ssh's configuration and PKCS#11 library, less's key file (it sets LESSOPEN), and
    # the JavaScript configuration files and plugins of bundlers, linters, formatters, test
    # runners and doc generators
    "scons": frozenset(
        {"-f", "--file", "--makefile", "--sconstruct", "-C", "--directory", "--site-dir"}
    ),  # round 20: site_scons's site_init.py
    "premake5": frozenset({"--file", "--scripts"}),
    "doit": frozenset({"-f", "--file", "-d", "--dir"}),
    "mage": frozenset({"-d", "-w"}),
    "meson": frozenset({"--cross-file", "--native-file"}),
    "uvicorn": frozenset({"--app-dir"}),
    "hyperfine": frozenset({"-S", "--shell"}),
    "ansible-inventory": frozenset(
        {"-i", "--inventory", "--inventory-file", "--vault-password-file", "--vault-pass-file"}
    ),
    "phpunit": frozenset({"--bootstrap", "-c", "--configuration", "--include-path"}),
    "rspec": frozenset({"-r", "--require", "-I"}),
    "act": frozenset({"-W", "--workflows"}),
    "ssh": frozenset({"-F", "-I"}),
    **dict.fromkeys(("scp", "sftp"), frozenset({"-F", "-S"})),
    "less": frozenset({"-k", "--lesskey-file", "--lesskey-src"}),
    **dict.fromkeys(("node", "nodejs"), frozenset({"--env-file", "--env-file-if-exists"})),
    "asciidoctor": frozenset({"-r", "--require", "-I", "--load-path", "-T", "--template-dir"}),
    "typedoc": frozenset({"--plugin", "--options"}),
    "jsdoc": frozenset({"-c", "--configure", "-t", "--template"}),
    **dict.fromkeys(
        ("markdownlint", "markdownlint-cli2"), frozenset({"-r", "--rules", "-c", "--config"})
    ),
    "prettier": frozenset({"--plugin", "--config", "--plugin-search-dir"}),
    "eslint": frozenset({"-c", "--config", "--rulesdir", "--resolve-plugins-relative-to"}),
    "mocha": frozenset({"-r", "--require", "--config", "--file"}),
    "jest": frozenset({"-c", "--config", "--rootDir"}),
    "vitest": frozenset({"-c", "--config", "-r", "--root"}),
    **dict.fromkeys(
        ("webpack", "webpack-cli", "webpack-dev-server", "rollup", "vite"),
        frozenset({"-c", "--config"}),
    ),
    # round 20: jasmine's configuration, helper files, required modules and reporter (code)
    "jasmine": frozenset({"--config", "--helper", "--require", "--reporter"}),
    "babel": frozenset({"--config-file"}),
    **dict.fromkeys(("stylelint", "postcss", "tsup"), frozenset({"-c", "--config"})),
    # round 17: Vinxi's app configuration; TSLint's configuration, rules and formatters
    "vinxi": frozenset({"-c", "--config"}),
    "tslint": frozenset(
        {"-c", "--config", "-r", "--rules-dir", "-s", "--formatters-dir", "-p", "--project"}
    ),
    # round 17: known tools' options that load code: Ruby files required by linters, the JVM
    # compilers' annotation processors and plugins (class paths, read as loader paths), the
    # linkers' and clang-tidy's plugins, cppcheck's Python addons, configuration files that are
    # Python or Lua (cmake-format, luacheck) or that name commands (git-cliff's preprocessors),
    # protoc's plugins, ant's build files and libraries, zig's and dune's build roots, a
    # checker's Python checks, phpstan's autoload file, jekyll's plugins and source, erlc's
    # code paths (parse transforms), gpgconf's profiles, the interpreter mypy and pyright run
    **dict.fromkeys(("rubocop", "standardrb"), frozenset({"-r", "--require"})),
    "javac": frozenset(
        {"-processorpath", "--processor-path", "--processor-module-path", "-cp", "-classpath"}
        | {"--class-path", "-Xplugin:"}
    ),
    "scalac": frozenset({"-Xplugin:", "-Xplugin", "-cp", "-classpath"}),
    **dict.fromkeys(("ld", "ld.gold", "ld.bfd", "ld.lld"), frozenset({"-plugin", "--plugin"})),
    "clang-tidy": frozenset({"--load", "-load"}),
    "cppcheck": frozenset({"--addon"}),
    "cmake-format": frozenset({"-c", "--config-file", "--config-files"}),
    "luacheck": frozenset({"--config"}),
    "git-cliff": frozenset({"-c", "--config"}),
    "protoc": frozenset({"--plugin"}),
    "ant": frozenset({"-f", "-file", "-buildfile", "-lib", "-propertyfile"}),
    "zig": frozenset({"--build-file"}),
    "dune": frozenset({"--root"}),
    "checkov": frozenset({"--external-checks-dir"}),
    "phpstan": frozenset({"-a", "--autoload-file", "-c", "--configuration"}),
    "jekyll": frozenset({"-p", "--plugins", "-s", "--source"}),
    "erlc": frozenset({"-pa", "-pz"}),
    "gpgconf": frozenset({"--apply-profile"}),
    "mypy": frozenset({"--config-file", "--python-executable"}),
    **dict.fromkeys(("pyright", "basedpyright"), frozenset({"--pythonpath"})),
    "actionlint": frozenset({"-shellcheck", "-pyflakes", "-config-file"}),
    # round 20: sbt's global base, boot directory and launcher jar (its global plugins and
    # settings are Scala code), waf's top directory (its ``wscript`` is Python), swiftc's
    # compiler plugins (also forwarded by ``swift build -Xswiftc``)
    "sbt": frozenset({"-sbt-dir", "--sbt-dir", "-sbt-boot", "--sbt-boot", "-sbt-jar", "--sbt-jar"}),
    "waf": frozenset({"-t", "--top"}),
    "swiftc": frozenset(
        {"-load-plugin-executable", "-load-plugin-library", "-plugin-path"}
        | {"-external-plugin-path"}
    ),
    # round 20: another project's directory or manifest given to a runner of its scripts and
    # build (go's ``-C``, poetry's and pdm's project directories), Kotlin's class path,
    # the compiler runghc runs, prek's configuration (pre-commit's), a GNAT project file,
    # ansible-lint's rules (Python) and configuration
    "go": frozenset({"-C"}),
    "kotlin": frozenset({"-cp", "-classpath"}),
    **dict.fromkeys(("runghc", "runhaskell"), frozenset({"-f"})),
    "poetry": frozenset({"-C", "--directory", "-P", "--project"}),
    "pdm": frozenset({"-p", "--project", "-c", "--config"}),
    "prek": frozenset({"-c", "--config"}),
    "gprbuild": frozenset({"-P"}),
    "ansible-lint": frozenset({"-r", "--rules-dir", "-c", "--config-file"}),
    # round 21: Pants' configuration files (their ``backend_packages`` and ``pythonpath``
    # load plugins, Python) and its ``--pythonpath``
    "pants": frozenset({"--pants-config-files", "--pythonpath"}),
}
"""Options naming a file (or a directory holding one) whose text the program runs or reads as
commands: an awk or sed program, a makefile, a cmake script or initial cache, gdb's command
file, a test runner's configuration (``addopts = -p``), cargo's and bazel's (runners,
linkers), npm's (``script-shell``) and the directory whose ``package.json`` scripts it runs
(``--prefix``, pnpm's ``-C``/``--dir``, yarn's ``--cwd``), git's sub-command directory.
``kubectl --kubeconfig /tmp/k.conf`` is not here: a tuned-on everyday set has it (round 11d)."""
SCRIPT_POSITIONALS: dict[str, frozenset[str]] = {
    "deno": frozenset({"run", "test", "bench", "serve"}),
    "bun": frozenset({"run", "test", "x"}),
    "go": frozenset({"run"}),
    **dict.fromkeys(("pytest", "py.test"), frozenset({""})),
    "doxygen": frozenset({""}),
    # round 15: a script, notebook, assembly or source tree named as the first operand, or
    # after a verb that runs it
    **dict.fromkeys(("coverage", "streamlit", "zig"), frozenset({"run"})),
    "pre-commit": frozenset({"try-repo"}),
    "tmux": frozenset({"source-file", "source"}),
    **dict.fromkeys(
        ("papermill", "java", "swift", "kotlin", "runghc", "runhaskell", "cmake"),
        frozenset({"^"}),
    ),
    # round 16: a Gradio app, Perl's test files and directories
    "gradio": frozenset({"^"}),
    "prove": frozenset({""}),
    # round 17: an MSBuild project (its Exec tasks), a book whose book.toml names preprocessor
    # commands, modules pdoc imports, a document regendoc runs the commands of, m4 input of
    # autoconf, a tree autoreconf runs m4 over, a Sphinx source directory (its conf.py)
    "msbuild": frozenset({"^"}),
    "mdbook": frozenset({"build", "serve", "test", "watch"}),
    **dict.fromkeys(("pdoc", "regendoc", "autoconf", "autoreconf"), frozenset({""})),
    "sphinx-build": frozenset({"^"}),
    # round 20: a .NET project or solution built, tested or run by a verb (its MSBuild targets
    # run Exec tasks); prek's try-repo, as pre-commit's; a TeX document, whose ``\\write18``
    # runs commands and whose ``\\input`` reads any file
    "dotnet": frozenset(
        {"fsi", "exec", "script", "^", "build", "test", "msbuild", "run", "pack", "publish"}
        | {"restore", "clean", "watch"}
    ),
    "prek": frozenset({"try-repo"}),
    **dict.fromkeys(
        ("pdflatex", "xelatex", "lualatex", "latex", "tex", "pdftex", "luatex"), frozenset({"^"})
    ),
}
"""Programs (and verbs; ``""`` for none, ``"^"`` for the first operand itself) whose operands
are code they run."""
_EVERY_OPERAND_CODE = frozenset({"autoconf", "autoreconf", "regendoc", "pdoc"})
"""Programs of :data:`SCRIPT_POSITIONALS` whose options take no operand-like value, so every
word that is not an option is code (``autoreconf -fi /tmp/pkg``)."""
STDIN_UNREAD = frozenset(
    {
        *("cmake", "ctest", "doxygen", "gradle", "gradlew", "mvn", "mvnw", "latexmk"),
        *("exiftool", "pandoc", "lldb", "just", "task", "bazel", "tox", "ssh-keygen", "openssl"),
        # round 14: an awk program read from standard input is not read as awk's code
        *("awk", "gawk", "mawk", "nawk"),
        # round 17: autoconf's input is m4, whose esyscmd runs the shell
        *("autoconf", "autoreconf"),
        # round 22: a sed script read from standard input (``sed -f -``): its ``e`` and ``w``
        # commands run the shell and write files, as awk's system() does
        *("sed", "gsed"),
    }
)
"""Programs whose code or configuration files are in a language the guard does not read: given
standard input as that file (``cmake -P /dev/stdin <<< TEXT``, ``doxygen - <<< TEXT``), what
they run is undecidable (round 13)."""
_JVM_AGENT = LazyPattern(r"-(?:javaagent|agentpath):([^=\s,]+)|-Xbootclasspath/[ap]:(\S+)")


def unseen_code_options(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended: a file or directory in a temp area that this line did not write, given to a
    program that runs it as code or reads commands from it (:data:`CODE_FILE_OPTIONS`,
    :data:`SCRIPT_POSITIONALS`, a loader path ``-I``), is code the guard cannot read."""
    from ondas.guards.bash_base import unseen_temp_code

    options = CODE_FILE_OPTIONS.get(name, frozenset())
    if name in {"perl", "ruby"}:
        options = options | {"-I"}
    values = [a.value for a in args]
    for path in _loaded_by_properties(name, values):
        verdict = unseen_temp_code(path, ctx, seg)
        if not verdict.allowed:
            return verdict
    if name == "swift":  # ``-Xswiftc -load-plugin-executable -Xswiftc /tmp/p#M``
        forwarded = [args[k + 1] for k, v in enumerate(values[:-1]) if v == "-Xswiftc"]
        verdict = unseen_code_options("swiftc", forwarded, ctx, seg)
        if not verdict.allowed:
            return verdict
    for k, v in enumerate(values):
        if v is None or not v.startswith("-"):
            continue
        if v == "--":
            break
        option, eq, given = v.partition("=")
        target: str | None = None
        if option in options:
            target = given if eq else (values[k + 1] if k + 1 < len(values) else None)
        elif colon := next((o for o in options if o.endswith(":") and v.startswith(o)), None):
            option, target = "-I", v[len(colon) :]  # ``-Xplugin:/tmp/p.jar``, a path list
        elif not v.startswith("--"):
            short = next((o for o in options if len(o) == 2 and v.startswith(o)), None)
            if short is not None and len(v) > 2:
                target = v[2:]  # ``-I/tmp``, ``-C/tmp/cache.cmake``
        if name == "git" and option == "-c" and k + 1 < len(values):
            key, _e, given = (values[k + 1] or "").partition("=")
            if key.lower() == "include.path" or key.lower().startswith("includeif."):
                target = given
        if name == "cargo" and target is not None and "=" in target and "/" not in target:
            target = None  # ``--config KEY=VALUE``
        if name == "rustc" and target is not None:
            target = target.partition("=")[2] or None  # ``-C linker=/tmp/l``
        if name == "swiftc" and target is not None:
            target = target.split("#", 1)[0]  # ``PATH#MODULE``, ``DIR#SERVER``
        if name == "bazel" and option.startswith("--override_") and target is not None:
            target = target.partition("=")[2] or None  # ``--override_repository=x=/tmp/x``
        if name == "protoc" and target is not None and "=" in target:
            target = target.partition("=")[2] or None  # ``--plugin=protoc-gen-x=/tmp/x``
        if name in {"javac", "scalac", "erlc"} and option in options and option != "-Xplugin":
            option = "-I"  # class paths and code paths: lists of directories and jars
        if name == "perl" and v.startswith(("-Mlib=", "-mlib=")):
            option, target = "-I", v[6:].replace(",", ":")  # ``use lib`` is ``-I``
        if name == "cmake" and v.startswith("-D"):
            following = values[k + 1] if k + 1 < len(values) else None
            target = _cmake_code_variable(v[2:] or following or "")  # ``-DCMAKE_..._FILE=``
        if (
            name in {"clang", "clang++"}
            and option == "-Xclang"
            and k + 3 < len(values)
            and values[k + 1] in {"-load", "-plugin"}
            and values[k + 2] == "-Xclang"
        ):
            target = values[k + 3]  # ``-Xclang -load -Xclang /tmp/p.so``
        if name == "java" and option in {"-cp", "-classpath", "--class-path", "-p"}:
            option = "-I"  # a list of directories and jars, as a loader path
        if name == "java" and (agent := _JVM_AGENT.match(v)) is not None:
            target = agent.group(1) or agent.group(2)  # ``-agentpath:/tmp/a.so``
        if name in _SSH_CLIENTS and option == "-o" and k + 1 < len(values):
            target = _ssh_library(values[k + 1] or "")  # ``-o PKCS11Provider=/tmp/p.so``
        elif name in _SSH_CLIENTS and v.startswith("-o") and len(v) > 2:
            target = _ssh_library(v[2:])
        if target:
            for path in target.split(":") if option == "-I" else [target]:
                verdict = _stdin_code(name, path, seg) if ctx.unattended else ALLOW
                if verdict.allowed:
                    verdict = unseen_temp_code(path, ctx, seg)
                if not verdict.allowed:
                    return verdict
    for path in _script_operands(name, values):
        verdict = _stdin_code(name, path, seg) if ctx.unattended else ALLOW
        if verdict.allowed:
            verdict = unseen_temp_code(path, ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _script_operands(name: str, values: list[str | None]) -> list[str]:
    """The operands ``name`` runs as code (:data:`SCRIPT_POSITIONALS`), as written."""
    verbs = SCRIPT_POSITIONALS.get(name)
    if verbs is None:
        return []
    rest = [
        v
        for k, v in enumerate(values)
        if v is not None
        and (not v.startswith("-") or v == "-")
        and (
            k == 0 or name in _EVERY_OPERAND_CODE or not _takes_value(values[k - 1])
        )  # ``--basetemp /tmp/pt``
    ]
    if name == "cmake" and any(v in {"-E", "--build", "--install", "-P"} for v in values):
        rest = []  # a command-mode tool or a build, not a source tree configured
    if "" in verbs:
        return rest
    if rest and rest[0] in verbs:
        return rest[1:2]
    return rest[:1] if "^" in verbs else []


def fetched_script(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended: an operand ``name`` runs as code given as a URL (``streamlit run
    https://host/app.py``, ``papermill https://host/n.ipynb``, ``pre-commit try-repo
    https://github.com/o/hooks``): code fetched and run, which nobody here read, wherever it
    is hosted (round 20)."""
    from ondas.guards.bash_base import block

    values = [a.value for a in args]
    plain: list[str | None] = [v for v in values if v is not None and not v.startswith("-")]
    every_word = set(_script_operands(name, plain))  # each word after an option an operand
    for operand in _script_operands(name, values):
        if "://" in operand and operand in every_word:  # not ``java -jar c.jar -s URL``
            from ondas.guards.bash_net import network_url

            verdict = network_url(operand, ctx, seg)  # a host off the whitelist: the policy's
            if not verdict.allowed:
                return verdict
            return block(
                "unknown-program",
                seg,
                f"{name} fetches {operand} and runs it as code, which the guard cannot read; "
                "unattended runs without the OS sandbox refuse code they cannot read",
            )
    return ALLOW


SBT_CODE_PROPERTIES = frozenset(
    {"sbt.global.base", "sbt.boot.directory", "sbt.global.plugins", "sbt.global.settings"}
)
"""sbt's system properties naming a directory of Scala code it loads: the global plugins and
settings (``global.sbt``, ``plugins/``) or the launcher's boot jars (round 20)."""
MSBUILD_IMPORTS = word_set(
    "custombeforemicrosoftcommontargets customaftermicrosoftcommontargets "
    "custombeforemicrosoftcommonprops customaftermicrosoftcommonprops "
    "custombeforemicrosoftcsharptargets customaftermicrosoftcsharptargets "
    "custombeforedirectorybuildprops customafterdirectorybuildprops "
    "custombeforedirectorybuildtargets customafterdirectorybuildtargets "
    "directorybuildpropspath directorybuildtargetspath directorypackagespropspath "
    "forceimportbeforecpptargets forceimportaftercpptargets msbuildextensionspath "
    "msbuilduserextensionspath"
)
"""MSBuild's properties whose value is a project file (or a directory of them) that the build
imports: its targets and ``Exec`` tasks run as the project's own (round 20)."""
_MSBUILD_PROPERTY = ("-p:", "/p:", "-property:", "/property:", "--property:")


def _loaded_by_properties(name: str, values: Sequence[str | None]) -> list[str]:
    """The files and directories of code a build tool's properties name: sbt's
    ``-Dsbt.global.base=DIR`` (:data:`SBT_CODE_PROPERTIES`), MSBuild's (and ``dotnet``'s)
    ``-p:CustomBeforeMicrosoftCommonTargets=FILE`` (:data:`MSBUILD_IMPORTS`, several
    ``KEY=VALUE`` joined by ``;`` or ``,``)."""
    paths: list[str] = []
    for v in values:
        if v is None:
            continue
        if name == "sbt" and v.startswith("-D"):
            key, eq, given = v[2:].partition("=")
            if eq and key in SBT_CODE_PROPERTIES and given:
                paths.append(given)
        elif name in {"msbuild", "dotnet"} and v.lower().startswith(_MSBUILD_PROPERTY):
            for setting in v.split(":", 1)[1].replace(",", ";").split(";"):
                key, eq, given = setting.partition("=")
                if eq and key.strip().lower() in MSBUILD_IMPORTS and given:
                    paths.append(given.strip().strip("\"'"))
    return paths


_SSH_CLIENTS = frozenset({"ssh", "scp", "sftp"})
_SSH_LIBRARY_KEYS = frozenset({"pkcs11provider", "securitykeyprovider"})


def _ssh_library(setting: str) -> str | None:
    """The library an ssh ``-o KEY=VALUE`` (or ``KEY VALUE``) setting makes the client load:
    a PKCS#11 provider or a security key provider, else None."""
    key, _sep, value = setting.replace("=", " ", 1).partition(" ")
    return value.strip() or None if key.lower() in _SSH_LIBRARY_KEYS else None


_CMAKE_CODE_VARIABLE = LazyPattern(
    r"^(?:CMAKE_TOOLCHAIN_FILE|CMAKE_PROJECT_\w*INCLUDE\w*|CMAKE_USER_MAKE_RULES_OVERRIDE\w*)"
    r"(?::\w+)?=(.+)$"
)
"""cmake's cache variables that name a file of cmake code it runs while configuring."""


def _cmake_code_variable(assignment: str) -> str | None:
    """The file a ``-DVAR=FILE`` makes cmake run (:data:`_CMAKE_CODE_VARIABLE`), else None."""
    match = _CMAKE_CODE_VARIABLE.match(assignment)
    return match.group(1) if match else None


def _stdin_code(name: str, path: str, seg: str) -> Verdict:
    """Unattended: standard input given as a code or configuration file of a program of
    :data:`STDIN_UNREAD`."""
    from ondas.guards.bash_base import STDIN_FILES, block

    if name in STDIN_UNREAD and path in STDIN_FILES:
        return block(
            "undecidable-payload",
            seg,
            f"{name} reads code or configuration from standard input, in a language the guard "
            "does not read; unattended runs without the OS sandbox refuse what they cannot read",
        )
    return ALLOW


_FLAGS = frozenset(
    {
        *("-q", "-qq", "-v", "-vv", "-vvv", "-x", "-s", "-l", "-A", "--lf", "--ff", "--nf"),
        *("--sw", "--quiet", "--verbose", "--exitfirst", "--last-failed", "--failed-first"),
        *("--new-first", "--stepwise", "--pdb", "--trace", "--showlocals", "--no-header"),
        *("--collect-only", "--co", "--strict-markers", "--runxfail", "-ra", "-rA", "--watch"),
        *("--allow-all", "--allow-read", "--allow-net", "--allow-env", "--allow-write", "--check"),
        # round 20: TeX's switches before the document it runs
        *("-shell-escape", "--shell-escape", "-no-shell-escape", "-halt-on-error"),
        *("-file-line-error", "-recorder", "-draftmode", "-8bit"),
    }
)
"""Options of the programs in :data:`SCRIPT_POSITIONALS` known to take no value: the word
after any other option may be its value, not a file the program runs."""


def _takes_value(word: str | None) -> bool:
    return word is not None and word.startswith("-") and "=" not in word and word not in _FLAGS


def loader_path(name: str, value: str | None, ctx: Ctx, seg: str) -> Verdict:
    """Unattended: ``PYTHONPATH=/tmp``, ``NODE_PATH``, ``PERL5LIB``, a JVM agent in
    ``JAVA_TOOL_OPTIONS``: modules loaded from a temp area are code the guard cannot read."""
    from ondas.guards.bash_base import unseen_temp_code

    if not ctx.unattended or not value:
        return ALLOW
    if name in LOADER_PATH_VARIABLES:
        entries = [
            posixpath.dirname(e) if "?" in e else e for e in value.replace(";", ":").split(":")
        ]
    else:
        entries = [m.group(1) or m.group(2) for m in _JVM_AGENT.finditer(value)]
    for entry in entries:
        verdict = unseen_temp_code(entry, ctx, seg) if entry else ALLOW
        if not verdict.allowed:
            return verdict
    return ALLOW


def _data_url(url: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """``data:text/javascript,CODE`` (or base64): the module is the code in the URL."""
    head, _comma, body = url.partition(",")
    if head.endswith(";base64"):
        import base64
        import binascii

        try:
            body = base64.b64decode(body, validate=False).decode("utf-8", "replace")
        except (binascii.Error, ValueError):
            return ALLOW
    else:
        body = unquote(body)
    from ondas.guards.bash_code import check_code

    return check_code(body, ctx, depth + 1, seg, family="node")


def planted_startup_files(ctx: Ctx, depth: int, seg: str) -> Verdict:
    """Each start-up or configuration file this command line wrote, with known text, checked
    as what its readers run (see the module)."""
    for path, text in list(ctx.written.items()):
        if text is None and ctx.unattended and _EVERY_START.search(path):
            brought = brought_code(path, ctx, seg, "every later Python start that finds it")
            if brought is not None:
                return brought  # ``cp /tmp/x.pth .venv/lib/.../site-packages/`` (round 18)
        if text is None or not STARTUP_FILE.search(path):
            continue
        verdict = _planted(path, text, ctx, depth, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _planted(path: str, text: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    from ondas.guards.bash_code import check_code

    if _PYTHON_CODE.search(path):
        return check_code(text, ctx, depth + 1, seg, family="python")
    if _PTH.search(path):  # site runs the lines of a ``.pth`` file that start with ``import``
        for line in text.splitlines():
            if line.startswith(("import ", "import\t")):
                verdict = check_code(line, ctx, depth + 1, seg, family="python")
                if not verdict.allowed:
                    return verdict
        return ALLOW
    if _SHELL_RC.search(path):
        return _quiet(text, ctx, depth)
    if _OTHER_CODE.search(path):
        return check_code(text, ctx, depth + 1, seg)
    if _GIT_CONFIG.search(path):
        return _git_config(text, ctx, depth)
    if _TOOL_CONFIG.search(path):
        return _config(text, ctx, depth, seg)
    return ALLOW


def _config(text: str, ctx: Ctx, depth: int, seg: str) -> Verdict:
    """A tool's configuration: a key naming a command has its value checked as one (npm's
    ``node-options`` as ``NODE_OPTIONS``, pytest's ``addopts`` as pytest's options), and the
    commands quoted in it as interpreter code's are."""
    from ondas.guards.bash_base import check_assignment
    from ondas.guards.bash_code import check_code

    for line in text.splitlines():
        setting = _setting(line)
        if setting is None:
            continue
        key = setting[0].lower().rsplit(".", 1)[-1].replace("-", "").replace("_", "")
        value = _unquoted(setting[1])
        if key in _COMMAND_KEYS:
            verdict = _quiet(value, ctx, depth)
        elif key == "nodeoptions":
            verdict = check_assignment("NODE_OPTIONS", value, ctx, depth, seg)
        elif key == "addopts":
            verdict = _quiet(f"pytest {value}", ctx, depth)
        elif key in _INDEX_KEYS:
            verdict = _index_hosts(key, value, ctx, seg)
        else:
            continue
        if not verdict.allowed:
            return verdict
    return check_code(text, ctx, depth + 1, seg, whole=False)


_INDEX_KEYS = word_set("registry indexurl extraindexurl index npmregistryserver trustedhost")
"""Configuration keys (lower case, without ``-`` and ``_``) naming where a package manager
fetches packages from (round 26, tune26): npm's, pnpm's and bun's ``registry``, yarn's
``npmRegistryServer``, pip's ``index-url``, ``extra-index-url`` and ``trusted-host``, cargo's
``index`` of a source or registry. Each is a host of the network's policy, as ``npm config set
registry URL`` and ``pip install --index-url URL`` are: written into the file, every later
install of the project fetches from it. The package managers' own default indexes
(:data:`DEFAULT_INDEX_HOSTS`) change nothing written there and pass."""
DEFAULT_INDEX_HOSTS = frozenset(
    {
        "registry.npmjs.org",
        "registry.yarnpkg.com",
        "pypi.org",
        "pypi.python.org",
        "files.pythonhosted.org",
        "index.crates.io",
    }
)
"""The hosts npm, yarn, pip and cargo fetch from when no index is configured."""


def _index_hosts(key: str, value: str, ctx: Ctx, seg: str) -> Verdict:
    """Each URL (a host, for ``trusted-host``) of an index setting's value, checked as the
    network's policy checks a URL the line fetches; a value computed later (``${VAR}``) is
    left to the install that reads it."""
    from ondas.guards.bash_net import network_url

    for word in value.replace(",", " ").split():
        word = word.strip("\"'")
        if "$" in word or (key != "trustedhost" and "://" not in word):
            continue
        url = word if "://" in word else f"https://{word}/"
        host = url.split("://", 1)[1].split("/", 1)[0].rsplit("@", 1)[-1].split(":", 1)[0]
        if url.startswith("file://") or host.lower() in DEFAULT_INDEX_HOSTS:
            continue
        verdict = network_url(url.removeprefix("sparse+"), ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _setting(line: str) -> tuple[str, str] | None:
    """``KEY = VALUE``, ``KEY: VALUE``, ``KEY VALUE`` (ssh), ``--KEY=VALUE`` or ``VERB
    --KEY=VALUE`` (bazel): the key and its value, read in one pass (no regular expression that
    backtracks on a long line)."""
    text = line.strip()
    _verb, blank, rest = text.partition(" ")
    forms = [rest.lstrip(), text] if blank and rest.lstrip().startswith("-") else [text]
    for form in forms:
        form = form.lstrip("-")
        match = _KEY.match(form)
        if match is None:
            continue
        after = form[match.end() :]
        spaced = after[:1].isspace()
        after = after.lstrip()
        if after[:1] == "=" or (after[:1] == ":" and not after.startswith("://")):
            return match.group(), after[1:].strip()
        if spaced and after:
            return match.group(), after.strip()
    return None


def _git_config(text: str, ctx: Ctx, depth: int) -> Verdict:
    """A git configuration file: each setting judged as ``git -c KEY=VALUE`` is."""
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            head = line[1:].split("]", 1)[0].strip()
            name, _sp, sub = head.partition(" ")
            section = f"{name}.{sub.strip().strip(chr(34))}" if sub else name
            continue
        key, eq, value = line.partition("=")
        setting = f"{section}.{key.strip()}={_unquoted(value.strip()) if eq else 'true'}"
        verdict = ctx.check_source(f"git -c {shlex.quote(setting)} status", ctx, depth + 1)
        if not verdict.allowed:
            return verdict
    return ALLOW


def _quiet(text: str, ctx: Ctx, depth: int) -> Verdict:
    """``text`` as a command line, where what the guard refuses only for not knowing it (an
    unknown name, a parse error, a bare shell) is left: configuration names programs the guard
    need not know (direnv's ``layout``, a kubeconfig's ``aws``)."""
    verdict = ctx.check_source(text, ctx, depth + 1)
    return ALLOW if verdict.rule in _QUIET else verdict


def _unquoted(value: str) -> str:
    """A configuration value without its surrounding quotes and their escapes."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
        if "\\" in value:
            value = value.replace('\\"', '"').replace("\\\\", "\\")
    return value


def _split(value: str) -> list[str]:
    try:
        return shlex.split(value)
    except ValueError:
        return value.split()


_GIT_CONFIG_PAIR = LazyPattern(r"^GIT_CONFIG_(?:COUNT|KEY_\d+|VALUE_\d+|PARAMETERS)$")
_GIT_CONFIG_WORD = LazyPattern(r"^GIT_CONFIG_(COUNT|KEY_|VALUE_|PARAMETERS)(\d*)=(.*)$", flags=re.S)


def environment_alias(verb: str, assigned: Mapping[str, str | None]) -> str | None:
    """The value of ``alias.VERB`` that the variables in front of a git command give it
    (``GIT_CONFIG_KEY_n``/``GIT_CONFIG_VALUE_n``, then ``GIT_CONFIG_PARAMETERS``, which git
    reads last: the last value wins), so that the verb is judged as the command it runs, as
    with ``git -c alias.VERB=...`` (round 26, ``left26b``); None when none names it, or when a
    value or ``GIT_CONFIG_PARAMETERS`` is computed at run time."""
    wanted = f"alias.{verb}"
    found: str | None = None
    indexed = [
        (int(key[15:]), value)
        for key, value in assigned.items()
        if key.startswith("GIT_CONFIG_KEY_") and key[15:].isdigit()
    ]
    for index, key in sorted(indexed):
        if key is not None and key.lower() == wanted:
            found = assigned.get(f"GIT_CONFIG_VALUE_{index}")
    if "GIT_CONFIG_PARAMETERS" in assigned:
        parameters = assigned["GIT_CONFIG_PARAMETERS"]
        if parameters is None:
            return None
        for pair in _split(parameters):
            key, _, value = pair.partition("=")
            if key.lower() == wanted:
                found = value
    return found


def git_config_pairs(name: str, ctx: Ctx, depth: int) -> bool:
    """``GIT_CONFIG_COUNT=N GIT_CONFIG_KEY_i=K GIT_CONFIG_VALUE_i=V git ARGS`` or
    ``GIT_CONFIG_PARAMETERS="'K'='V' ..." git ARGS``, every word of it written on this line with
    no expansion, the pairs given to the git command they prefix: git reads each pair as ``git
    -c K=V``, and the command passes as ``git -c K=V ... ARGS`` would (round 18: ``GIT_CONFIG_
    KEY_0=color.ui`` in a CI line was refused whatever the key; an alias so given is judged
    where the same command calls it). Round 25 (``left25``): ``GIT_CONFIG_PARAMETERS`` (what
    ``git -c`` hands the gits it starts; ``'K'='V'`` or the older ``'K=V'``, shell-quoted) is
    read; pairs without a ``COUNT`` on the line are judged too (one inherited from the
    environment makes git read them); and every such run of assignments on the line is judged,
    not only the first."""
    if not _GIT_CONFIG_PAIR.match(name) or "$" in ctx.line or "`" in ctx.line:
        return False

    try:
        lexer = shlex.shlex(ctx.line, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError:
        return False
    k = 0
    judged = False
    while k < len(words):
        while k < len(words) and _GIT_CONFIG_WORD.match(words[k]) is None:
            k += 1
        if k >= len(words):
            break
        count: int | None = None
        keys: dict[str, str] = {}
        values: dict[str, str] = {}
        pairs: list[str] = []
        while k < len(words) and (match := _GIT_CONFIG_WORD.match(words[k])) is not None:
            kind, index, given = match.groups()
            if kind == "COUNT":
                if not given.isdigit():
                    return False
                count = int(given)
            elif kind == "PARAMETERS":
                pairs = _split(given)
                if not given.lstrip().startswith("'") or not all(
                    "." in pair.partition("=")[0] for pair in pairs
                ):
                    return False  # not git's quoted ``'K'='V'`` items: read as before, refused
            else:
                (keys if kind == "KEY_" else values)[index] = given
            k += 1
        if (count is not None and (count > 16 or set(keys) != {str(i) for i in range(count)})) or (
            len(keys) > 16 or not set(values) <= set(keys)
        ):
            return False
        if k >= len(words) or words[k] != "git":
            return (
                False  # ``export GIT_CONFIG_COUNT=...``: the git commands it reaches are not read
            )
        rest: list[str] = []
        for word in words[k + 1 :]:
            if word and set(word) <= set(";&|()<>"):
                break
            rest.append(word)
        given_pairs = [*pairs, *(keys[i] + "=" + values.get(i, "") for i in sorted(keys))]
        options = " ".join(f"-c {shlex.quote(pair)}" for pair in given_pairs)
        line = f"git {options} {' '.join(shlex.quote(w) for w in rest)}".strip()
        if not ctx.check_source(line, ctx, depth + 1).allowed:
            return False
        judged = True
    return judged
