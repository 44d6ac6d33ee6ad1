"""Round 16 (work16s): the project's uncommitted work deleted or overwritten by a tool whose
options point its deletion or output at the sources (``setup.py clean --all --build-lib src``,
``esbuild src/*.js --outdir=src --allow-overwrite``, ``typedoc --out src src/index.ts``,
which empties its output directory first), or by a search for scratch names that
reaches the sources the line moved to such a name (``mv src __pycache__ && find . -name
__pycache__ -exec rm -rf {} +``), in every mode; the same tools writing or cleaning their build
directories, and the sweeps of real scratch, stay everyday."""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

SETUP_CLEAN_OF_SOURCES = [
    "python3 setup.py clean --all --build-lib src",
    "python setup.py clean -a --bdist-base lib",
    "python3 setup.py -q clean --build-temp src",
    "python3 setup.py clean -a --build-scripts=bin",
]
SETUP_CLEAN_OF_BUILD = [
    "python3 setup.py clean",
    "python3 setup.py clean --all",
    "python3 setup.py clean --all --build-base build",
    "python3 setup.py clean --build-lib src",  # without --all only the temp directory goes
    "python3 setup.py build --build-lib src",
]
ESBUILD_OVER_ENTRIES = [
    "npx esbuild src/*.js --outdir=src --allow-overwrite",
    "esbuild src/a.js src/lib/b.js --outdir=src --allow-overwrite",
    "esbuild app.js --outdir=. --allow-overwrite",
    "esbuild src/ui/x.js --outbase=src --outdir=src --allow-overwrite",
]
ESBUILD_ELSEWHERE = [
    "npx esbuild src/*.js --outdir=dist --allow-overwrite",
    "npx esbuild src/*.js --outdir=src",  # esbuild itself refuses to overwrite an entry point
    "esbuild src/index.ts --bundle --outdir=dist --allow-overwrite",
    "esbuild src/a.js src/lib/b.js --outdir=src/lib --allow-overwrite",
    "esbuild src/**/*.js --outbase=src --outdir=build --allow-overwrite",
]

DOCS_OVER_SOURCES = [
    "npx typedoc --out src src/index.ts",
    "typedoc --out . src/index.ts",
    "typedoc --entryPointStrategy expand --out lib lib/core",
]
DOCS_ELSEWHERE = [
    "npx typedoc --out docs src/index.ts",
    "npx typedoc --out docs/api src/index.ts",
    "npx typedoc --out src/docs src/index.ts",
    "npx typedoc --out src src/index.ts --cleanOutputDir false",
    "npx typedoc",
]
SWEEPS_OF_MOVED_SOURCES = [
    "mv src __pycache__ && find . -name __pycache__ -prune -exec rm -rf {} +",
    "mv src __pycache__ && find . -name __pycache__ -delete",
    "mv src build/__pycache__ && find . -name __pycache__ -exec rm -rf {} +",
    "mv lib node_modules; find . -name node_modules -prune -exec rm -rf {} +",
]
SWEEPS_OF_SCRATCH = [
    "find . -name __pycache__ -exec rm -rf {} +",
    "find . -name node_modules -prune -exec rm -rf {} +",
    "mv src lib && find . -name __pycache__ -exec rm -rf {} +",
    "mv src __pycache__ && find . -name __pycache__ -prune -print",
    "mv a.pyc __pycache__/ && find . -name __pycache__ -exec rm -rf {} +",
    "mv build/a build/__pycache__ && find . -name __pycache__ -exec rm -rf {} +",
]


@pytest.mark.parametrize(
    "command",
    SETUP_CLEAN_OF_SOURCES + ESBUILD_OVER_ENTRIES + DOCS_OVER_SOURCES + SWEEPS_OF_MOVED_SOURCES,
)
@pytest.mark.parametrize("flags", MODES, ids=["attended", "sandboxed", "unattended"])
def test_a_tool_deleting_or_overwriting_the_sources_its_options_name_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    assert check(command, **flags).blocked, (command, flags)


@pytest.mark.parametrize(
    "command", SETUP_CLEAN_OF_BUILD + ESBUILD_ELSEWHERE + DOCS_ELSEWHERE + SWEEPS_OF_SCRATCH
)
@pytest.mark.parametrize("flags", MODES[:2], ids=["attended", "sandboxed"])
def test_the_same_tool_cleaning_or_writing_its_build_directory_is_allowed(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, verdict.rule, verdict.reason)
