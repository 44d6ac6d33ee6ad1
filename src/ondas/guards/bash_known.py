"""Programs no rule names: allowed in attended use, refused in unattended runs without a sandbox.

Every program with a rule is checked by it. For the rest the guard knows only the name. In an
unattended run the caller sets ``unattended`` when the OS sandbox is off (``--no-sandbox``):
then an unknown program is refused unless it is in :data:`KNOWN_SAFE`, the everyday tools of
a software project. With the sandbox on, unknown programs run inside it (see
docs/guardrails.md for the figures behind this default).
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, block, word_set
from ondas.guards.verdict import ALLOW, Verdict

KNOWN_SAFE = word_set(
    "ls cat head tail less more grep egrep fgrep rg ag ack wc echo printf pwd whoami id "
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
    "configure ctest shellcheck shfmt hadolint yamllint markdownlint mdformat sphinx-build "
    "mkdocs jekyll hugo pandoc latexmk pdflatex dot convert identify ffmpeg ffprobe "
    "sqlite3 psql mysql redis-cli column iconv base64 gzip gunzip zcat bzip2 bunzip2 xz "
    "unxz zstd tar zip unzip 7z cpio lsof ps top htop pgrep free uptime vmstat nproc "
    "locale tput clear reset stty tty history fc help man info apropos whatis "
    "ssh-keygen gpg openssl curl wget git gh glab hub tig delta bat fd fzf exa eza "
    "entr watchman inotifywait sponge ts vipe moreutils shasum lcov genhtml gcov gcovr "
    "flask uvicorn gunicorn django-admin alembic whereis git-lfs"
)


def unknown_program(name: str, ctx: Ctx, segment: str) -> Verdict:
    """The default for a program no rule names."""
    if not ctx.unattended or name in KNOWN_SAFE or "=" in name:
        return ALLOW
    return block(
        "unknown-program",
        segment,
        f"{name} is not a program the guard knows; unattended runs without the OS sandbox "
        "refuse unknown programs",
    )
