"""The shipped templates, compiled ahead of time, load as jinja2 would compile them; anything
else (an edited template, a project's override, another jinja2) is compiled as before."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import jinja2
import pytest

from ondas import skills, templating
from ondas.report import render

GENERATOR = Path(__file__).resolve().parents[1] / "scripts" / "gen_templates.py"


STORED = json.loads(templating.COMPILED.read_text(encoding="utf-8"))
same_jinja2 = pytest.mark.skipif(
    STORED["jinja2"] != jinja2.__version__,
    reason="stored by another jinja2 (those templates are compiled at run time): "
    "run scripts/gen_templates.py",
)


@pytest.fixture(scope="module")
def generator() -> dict[str, Any]:
    return runpy.run_path(str(GENERATOR))


def test_every_stored_template_has_the_text_it_was_stored_from(
    generator: dict[str, Any],
) -> None:
    fresh = generator["build"]()["flavours"]
    checksums = {f: {n: e[0] for n, e in t.items()} for f, t in STORED["flavours"].items()}
    assert checksums == {f: {n: e[0] for n, e in t.items()} for f, t in fresh.items()}, (
        "a template changed: run scripts/gen_templates.py"
    )


@same_jinja2
def test_the_stored_templates_are_what_the_generator_writes(generator: dict[str, Any]) -> None:
    stored = templating.COMPILED.read_text(encoding="utf-8")
    assert stored == generator["text"](generator["build"]()), "run scripts/gen_templates.py"


def environments() -> list[tuple[str, jinja2.Environment]]:
    return [
        (render.flavour(False), render._environment(False)),
        (render.flavour(True), render._environment(True)),
        (skills.FLAVOUR, skills._environment((skills.SKILLS_DIR,))),
    ]


@same_jinja2
@pytest.mark.parametrize(("flavour", "env"), environments(), ids=lambda v: str(v)[:12])
def test_every_shipped_template_loads_the_code_jinja2_would_compile(
    flavour: str, env: jinja2.Environment
) -> None:
    names = list(templating.stored(flavour))
    assert names
    assert env.loader is not None and env.bytecode_cache is not None
    for name in names:
        source, filename, _ = env.loader.get_source(env, name)
        bucket = env.bytecode_cache.get_bucket(env, name, filename, source)
        assert bucket.code is not None, name
        assert bucket.code == compile(
            env.compile(source, name, filename, raw=True), filename, "exec"
        )
        assert bucket.code.co_filename == filename


def test_a_template_whose_text_changed_is_compiled_from_its_text() -> None:
    env = render._environment(False)
    assert env.bytecode_cache is not None and env.loader is not None
    source, filename, _ = env.loader.get_source(env, "report.md.j2")
    bucket = env.bytecode_cache.get_bucket(env, "report.md.j2", filename, source + "\nedited")
    assert bucket.code is None


def test_a_project_override_renders_its_own_text(tmp_path: Path) -> None:
    override = skills.override_path(tmp_path, "plan")
    override.parent.mkdir(parents=True)
    override.write_text("plan of {{ stage }}, overridden\n", encoding="utf-8")
    rendered = skills.render("plan", {}, tmp_path)
    assert rendered.overridden and rendered.text == "plan of plan, overridden\n"


def test_nothing_is_stored_for_another_jinja2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jinja2, "__version__", "0.0.0")
    assert not templating.stored(skills.FLAVOUR)
    env = jinja2.Environment(
        loader=jinja2.DictLoader({"plan.md": "x"}), bytecode_cache=templating.Shipped("skills")
    )
    assert env.get_template("plan.md").render() == "x"


@same_jinja2
def test_a_flavour_holds_only_its_own_templates() -> None:
    assert "report.html.j2" not in templating.stored(render.flavour(False))
    assert not templating.stored("no-such-flavour")
