#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then lint, types, tests.
set -euo pipefail
cd "$(dirname "$0")/.."

export PIP_DISABLE_PIP_VERSION_CHECK=1
# The dev extra brings build and pipx (from PyPI) for the newcomer script at the end.
python3 -m pip install -q -e '.[dev,claude,browser,fleet,panel]'
# Byte-compile the editable source once: with PYTHONDONTWRITEBYTECODE=1 and no .pyc files,
# every ondas process (each hook call included) would compile the package again.
python3 -m compileall -q src >/dev/null

# The real Claude Code CLI, driven offline by the scripted model server in e2e tests.
CLAUDE_CODE_VERSION="2.1.197"
if ! command -v claude >/dev/null 2>&1 || ! claude --version 2>/dev/null | grep -q "$CLAUDE_CODE_VERSION"; then
  npm install -g --no-fund --no-audit "@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}"
fi
# sqlite3 shell and git are used by tests to tamper with stores and drive real repos;
# bubblewrap and socat run Claude Code's OS sandbox (and the e2e test's outer jail).
if ! command -v sqlite3 >/dev/null 2>&1 || ! command -v git >/dev/null 2>&1 \
  || ! command -v bwrap >/dev/null 2>&1 || ! command -v socat >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq sqlite3 git bubblewrap socat
fi

# Debian's chromium, driven by Playwright (never 'playwright install'), tests report.html.
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq chromium
fi

# A throwaway Postgres cluster (the store conformance suite and the orchestrator's scripted
# e2e run against it as well as against SQLite) and a Redis broker for the fleet's e2e.
# shellcheck source=scripts/services.sh
source scripts/services.sh
trap stop_services EXIT
start_postgres
start_redis

python3 -m ruff check src tests bench
python3 -m ruff format --check src tests bench
python3 -m mypy
# The distribution as a newcomer meets it: wheel + sdist, pipx install, doctor, demo, run
# without a key, hooks install/uninstall (about 75 s on 2 loaded cores, 40 of them pipx).
bash scripts/newcomer.sh
# Chromium screenshots of the report and the panel at 1280 and 390 px (CI keeps them).
echo "screenshots: $(pwd)/artifacts/screenshots/"
# pytest last: its closing line is the run's summary.
python3 -m pytest -q "$@"
