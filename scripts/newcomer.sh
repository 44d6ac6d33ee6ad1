#!/usr/bin/env bash
# A newcomer's first hour, on the built distribution: build the wheel and sdist, check their
# metadata, `pipx install` the wheel into a clean home, then `ondas doctor`, `ondas demo`,
# `ondas run` without a key (exit 2 before any wave, nothing written) and
# `ondas hooks install` + `uninstall` (the project as it was). scripts/test.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/ondas-newcomer-XXXXXX")
FAKE_PID=""
cleanup() {
  if [ -n "$FAKE_PID" ]; then kill "$FAKE_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

step() { echo "newcomer: $*"; }
die() { echo "newcomer: FAILED: $*" >&2; exit 1; }
# expect CODE CMD...: run CMD, keep its output in $WORK/out and $WORK/err, check its exit code.
expect() {
  local want=$1 got=0
  shift
  "$@" >"$WORK/out" 2>"$WORK/err" || got=$?
  if [ "$got" != "$want" ]; then
    cat "$WORK/out" "$WORK/err" >&2
    die "'$*' exited $got, expected $want"
  fi
}
# The files and directories of a tree with their contents' hashes (what "as it was" compares).
snapshot() { (cd "$1" && find . -type f -exec sha256sum {} + | sort && find . -type d | sort); }

# The pip cache of this machine, reused by pipx's pip under the clean home.
PIP_CACHE_DIR=${PIP_CACHE_DIR:-$("$PY" -m pip cache dir 2>/dev/null || echo "$WORK/pip-cache")}
export PIP_CACHE_DIR

step "build the wheel and the sdist"
# --no-isolation: the dev extra installed the build backend (setuptools>=77) already; an
# isolated build would download it again (about 15 s of this script).
"$PY" -m build --no-isolation -o "$WORK/dist" "$ROOT" >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; die "build"; }
WHEEL=$(ls "$WORK"/dist/ondas-*.whl)
"$PY" - "$WORK/dist" <<'EOF'
import sys, tarfile, zipfile
from email.parser import Parser
from pathlib import Path

dist = Path(sys.argv[1])
wheel = next(dist.glob("ondas-*.whl"))
with zipfile.ZipFile(wheel) as zf:
    name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
    meta = Parser().parsestr(zf.read(name).decode())
version = meta["Version"]
for field in ("Author", "License-Expression", "Keywords", "Requires-Python", "Summary"):
    assert meta[field], f"wheel metadata lacks {field}"
assert len(meta.get_all("Classifier") or []) >= 5
assert "claude" in (meta.get_all("Provides-Extra") or [])
changelog = Path("CHANGELOG.md").read_text(encoding="utf-8")
assert f"## [{version}]" in changelog, f"CHANGELOG.md has no section for {version}"
with tarfile.open(next(dist.glob("ondas-*.tar.gz"))) as tf:
    names = {n.split("/", 1)[-1] for n in tf.getnames()}
assert {"CHANGELOG.md", "LICENSE", "README.md", "pyproject.toml"} <= names
print(f"newcomer: {wheel.name} {version}: metadata complete")
EOF

step "pipx install the wheel into a clean home"
CLAUDE_DIR=$(dirname "$(command -v claude)")
export HOME="$WORK/home" TMPDIR="$WORK/tmp"
mkdir -p "$HOME" "$TMPDIR"
export PIPX_HOME="$HOME/.local/pipx" PIPX_BIN_DIR="$HOME/.local/bin" CLAUDE_CONFIG_DIR="$HOME/.claude"
unset ANTHROPIC_API_KEY ANTHROPIC_AUTH_TOKEN ANTHROPIC_BASE_URL CLAUDE_CODE_OAUTH_TOKEN \
  ONDAS_HOME ONDAS_STORE_URL ONDAS_BROKER_URL ONDAS_STATE_DIR PYTHONPATH VIRTUAL_ENV
"$PY" -m pipx install --quiet "${WHEEL}[claude]" >"$WORK/pipx.log" 2>&1 || { cat "$WORK/pipx.log" >&2; die "pipx install"; }
export PATH="$PIPX_BIN_DIR:$CLAUDE_DIR:/usr/local/bin:/usr/bin:/bin"
TOOL_PY="$PIPX_HOME/venvs/ondas/bin/python"
[ "$(command -v ondas)" = "$PIPX_BIN_DIR/ondas" ] || die "ondas is not the pipx one: $(command -v ondas)"
expect 0 ondas --version
grep -q "ondas $("$TOOL_PY" -c 'import ondas; print(ondas.__version__)')" "$WORK/out" || die "--version"

step "ondas doctor without a key: exit 2, only the API check fails"
expect 2 ondas doctor
grep -q "^fail  api " "$WORK/out" || die "doctor did not fail on the API key"
[ "$(grep -c '^fail' "$WORK/out")" = 1 ] || { cat "$WORK/out" >&2; die "doctor failed more than the API check"; }

step "ondas doctor against the scripted API: a right key passes, a wrong one is named"
"$TOOL_PY" -m ondas.testing.fake_anthropic --api-key sk-newcomer --quiet >"$WORK/fake.out" &
FAKE_PID=$!
for _ in $(seq 100); do grep -q ANTHROPIC_BASE_URL "$WORK/fake.out" && break; sleep 0.1; done
BASE_URL=$(sed -n 's/^ANTHROPIC_BASE_URL=//p' "$WORK/fake.out")
[ -n "$BASE_URL" ] || die "the scripted API did not start"
expect 0 env ANTHROPIC_BASE_URL="$BASE_URL" ANTHROPIC_API_KEY=sk-newcomer ondas doctor
expect 2 env ANTHROPIC_BASE_URL="$BASE_URL" ANTHROPIC_API_KEY=sk-wrong ondas doctor
grep -q "refused ANTHROPIC_API_KEY (HTTP 401" "$WORK/out" || die "a wrong key was not named"

step "ondas demo: completes and leaves no temporary directory"
expect 0 ondas demo
grep -q "status: completed" "$WORK/out" || die "the demo did not complete"
[ -z "$(ls -A "$TMPDIR")" ] || { ls -la "$TMPDIR" >&2; die "the demo left files in TMPDIR"; }

step "ondas run without a key: exit 2 before any wave, nothing written"
PROJECT="$WORK/todo"
mkdir -p "$PROJECT/src"
git -C "$PROJECT" init -q
echo "# todo" >"$PROJECT/README.md"
BEFORE=$(snapshot "$PROJECT")
(cd "$PROJECT/src" && expect 2 ondas run --description "A command-line todo list")
grep -q "no API key" "$WORK/err" || die "run did not name the missing key"
[ "$(wc -l <"$WORK/err")" = 1 ] || die "run's error is not one line"
[ "$(snapshot "$PROJECT")" = "$BEFORE" ] || die "run wrote into the project"

step "ondas hooks install + uninstall: the project as it was (new and existing settings)"
(cd "$PROJECT" && expect 0 ondas hooks install && expect 0 ondas hooks uninstall)
[ "$(snapshot "$PROJECT")" = "$BEFORE" ] || die "hooks uninstall left the project changed"
mkdir "$PROJECT/.claude"
printf '{\n    "permissions": {"allow": ["Bash(ls)"]}\n}\n' >"$PROJECT/.claude/settings.json"
BEFORE=$(snapshot "$PROJECT")
(cd "$PROJECT" && expect 0 ondas hooks install && expect 0 ondas hooks uninstall)
[ "$(snapshot "$PROJECT")" = "$BEFORE" ] || die "hooks uninstall did not restore the settings"

step "ok"
