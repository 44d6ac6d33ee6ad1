#!/usr/bin/env bash
# The whole test suite on a fresh machine: installs what it needs, then lint, types, tests.
# Each step prints `step NAME: N s` when it ends (a failing one: `step NAME: failed after N s`).
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/services.sh
source scripts/services.sh

STEP=""
STEP_START=$SECONDS
step() { # step NAME COMMAND...: run COMMAND (set -e still applies inside), then print its time.
  STEP=$1
  STEP_START=$SECONDS
  shift
  "$@"
  echo "step $STEP: $((SECONDS - STEP_START)) s"
  STEP=""
}
finish() {
  local rc=$?
  if [ -n "$STEP" ]; then echo "step $STEP: failed after $((SECONDS - STEP_START)) s" >&2; fi
  stop_services
  exit "$rc"
}
trap finish EXIT

install() {
  export PIP_DISABLE_PIP_VERSION_CHECK=1
  # The dev extra brings build and pipx (from PyPI) for the newcomer script.
  python3 -m pip install -q -e '.[dev,claude,browser,fleet,panel]'
  # Byte-compile the editable source once: with PYTHONDONTWRITEBYTECODE=1 and no .pyc files,
  # every ondas process (each hook call included) would compile the package again.
  python3 -m compileall -q src >/dev/null

  # The real Claude Code CLI, driven offline by the scripted model server in e2e tests.
  local version="2.1.197"
  if ! command -v claude >/dev/null 2>&1 || ! claude --version 2>/dev/null | grep -q "$version"; then
    npm install -g --no-fund --no-audit "@anthropic-ai/claude-code@${version}"
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
}

# A throwaway Postgres cluster (the store conformance suite and the orchestrator's scripted
# e2e run against it as well as against SQLite) and a Redis broker for the fleet's e2e.
services() {
  start_postgres
  start_redis
}

step install install
step services services
step ruff python3 -m ruff check src tests bench
step format python3 -m ruff format --check src tests bench
step mypy python3 -m mypy
# The distribution as a newcomer meets it: wheel + sdist, pipx install, doctor, demo, run
# without a key, hooks install/uninstall (about 75 s on 2 loaded cores, 40 of them pipx).
step newcomer bash scripts/newcomer.sh
# Chromium screenshots of the report and the panel at 1280 and 390 px (CI keeps them).
echo "screenshots: $(pwd)/artifacts/screenshots/"
# pytest, where "no tests selected" (exit 5) is fine only when the caller narrowed the run
# (`bash scripts/test.sh -k lock` may pick no slow test).
tests() {
  local rc=0
  python3 -m pytest -q "$@" || rc=$?
  if [ "$rc" -eq 5 ] && [ "$NARROWED" = 1 ]; then rc=0; fi
  return "$rc"
}
NARROWED=$(($# > 0))
# The default run deselects the slow tests (pyproject's addopts: -m "not slow") and runs on
# every core (-n auto); CI runs the slow ones next, in their own step, so every test runs.
step "fast tests" tests "$@"
# Slow tests last: pytest's closing line is the run's summary and gives this step's time.
STEP="slow tests"
STEP_START=$SECONDS
# One process: the slow tests are long trials of their own processes and locks.
tests -m slow -n 0 "$@"
STEP=""
