"""A builder that empties its output directory before it writes there, pointed at the
project's sources (issue 30, round 19, ``left19``; round 18 left ``astro build --outDir src``).

Vite empties ``build.outDir`` when it lies inside the project's root (its default;
``--emptyOutDir false`` keeps it, and one outside the root is kept with a warning), Astro's
build empties its ``--outDir``: ``vite build --outDir src`` deletes the sources, then writes the
bundle. Judged as ``rm -rf`` of that directory (as ``ng build --output-path`` since round
16s). Builders that only write into their output (``tsc --outDir``, ``webpack -o`` without
``--output-clean``, esbuild, rollup, Parcel) are not this class.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import MODES, check

MODE_IDS = ["attended", "sandboxed", "unattended"]

EMPTIES_SOURCES = [
    "vite build --outDir src",
    "vite build --outDir=src",
    "npx vite build --outDir src",
    "vite build --outDir lib --mode production",
    "astro build --outDir src",
    "npx astro build --outDir=src",
    "pnpm exec astro build --outDir docs",
]


@pytest.mark.parametrize("command", EMPTIES_SOURCES)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_a_builder_emptying_the_sources_first_is_refused(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.rule == "rm-recursive-outside-temp", (command, flags, verdict)


BUILDS = [
    "vite build",
    "vite build --outDir dist",
    "vite build --outDir build/web",
    "vite build --outDir src --emptyOutDir=false",
    "vite build --outDir src --no-emptyOutDir",
    "vite --outDir src",
    "astro build",
    "astro build --outDir dist",
    "astro dev",
    "tsc --outDir src",
    "tsc --outDir dist",
    "webpack -o src",
    "esbuild app.ts --outdir=src",
    "rollup -c -d src",
]
"""Builds into scratch, builds told to keep what is there, and tools that only write."""


@pytest.mark.parametrize("command", BUILDS)
@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_builds_into_scratch_or_keeping_the_directory_pass(
    command: str, flags: dict[str, bool]
) -> None:
    verdict = check(command, **flags)
    assert verdict.allowed, (command, flags, verdict)


@pytest.mark.parametrize("flags", MODES, ids=MODE_IDS)
def test_vite_keeps_an_out_dir_outside_the_project(flags: dict[str, bool]) -> None:
    """Vite empties a directory outside its root only when told to (``--emptyOutDir``): the
    write outside the project is judged as a write, as before."""
    verdict = check("vite build --outDir ../site", **flags)
    assert verdict.rule != "rm-escape", (flags, verdict)
    assert check("vite build --outDir /tmp/site", **flags).allowed
