"""Regenerate src/ondas/compiled_templates.json: the shipped jinja2 templates as Python source.

Each flavour is compiled by the very environment that loads it at run time (its escaping and
sandbox settings shape the code jinja2 generates); see ondas.templating. Run after editing a
template or upgrading jinja2: python scripts/gen_templates.py
tests/test_templating.py fails when the stored copy is not what this script would write.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))

import jinja2  # noqa: E402

from ondas import skills, templating  # noqa: E402
from ondas.report import render  # noqa: E402


def build() -> dict[str, Any]:
    """The stored form of every shipped template, by flavour."""
    templates = sorted(p.name for p in render.TEMPLATES.glob("*.j2"))
    prompts = sorted(p.name for p in skills.SKILLS_DIR.glob("*.md"))
    flavours = {
        render.flavour(False): (render._environment(False), [t for t in templates if ".md." in t]),
        render.flavour(True): (render._environment(True), [t for t in templates if ".html." in t]),
        skills.FLAVOUR: (skills._environment((skills.SKILLS_DIR,)), prompts),
    }
    return {
        "jinja2": jinja2.__version__,
        "flavours": {
            name: templating.generate(env, names) for name, (env, names) in flavours.items()
        },
    }


def text(data: dict[str, Any]) -> str:
    """The file's text: sorted keys, one entry a line, so a diff shows what changed."""
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    templating.COMPILED.write_text(text(build()), encoding="utf-8")
    print(f"wrote {templating.COMPILED}")
