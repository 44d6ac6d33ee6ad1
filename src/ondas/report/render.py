"""Render the run model to ``report.md`` and a self-contained ``report.html``.

Both come from the jinja2 templates shipped in ``ondas/report/templates``. The HTML page has
its CSS, script and chart inline and loads nothing: it works from ``file://`` and offline.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from ondas.report.model import RunReport
from ondas.templating import Shipped

TEMPLATES = Path(__file__).resolve().parent / "templates"
CHART_WIDTH = 640
CHART_HEIGHT = 150
WAVES_SHOWN = 50
"""The report's wave table and chart show the latest waves: the report is rewritten at every
wave, and a long run's full table would make each rewrite cost more (and its bars would not
fit the chart); ``ondas log waves`` lists every wave."""


def _cell(value: object) -> str:
    """A value safe inside a Markdown table cell or list item: one line, pipes escaped, and
    ``<``/``>`` as entities, so agent-written HTML (``<img onerror=...>``) is shown as text by
    any Markdown viewer instead of being run."""
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")
    return text.replace("<", "&lt;").replace(">", "&gt;")


def _code(value: object) -> str:
    """A value safe inside a Markdown code span (one line, no backtick to close it early);
    a code span shows ``<`` as text, so it is left as is."""
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\r", " ").replace("\n", " ")
    return text.replace("`", "'")


def flavour(autoescape: bool) -> str:
    """The name under which :mod:`ondas.templating` stores this environment's templates."""
    return "report-html" if autoescape else "report-md"


@lru_cache(maxsize=2)
def _environment(autoescape: bool) -> jinja2.Environment:
    """One environment per process and escaping mode: the templates are compiled once, not
    at every wave's report (jinja2 reloads a template whose file changed), and the shipped
    ones are compiled ahead of time (:mod:`ondas.templating`)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=autoescape,
        keep_trailing_newline=True,
        trim_blocks=False,
        bytecode_cache=Shipped(flavour(autoescape)),
    )
    env.filters["cell"] = _cell
    env.filters["code"] = _code
    return env


@dataclass
class Bar:
    """One bar of the inline SVG chart."""

    x: int
    y: int
    w: int
    h: int
    label: str
    title: str


def chart(report: RunReport) -> dict[str, Any]:
    """Bars per wave: cost when the run cost anything, else wall-clock seconds."""
    by_cost = report.totals.cost_usd > 0
    waves = latest_waves(report)
    values = [(w.cost_usd if by_cost else (w.seconds or 0.0)) for w in waves]
    top = max(values, default=0.0) or 1.0
    n = max(len(values), 1)
    slot = max(CHART_WIDTH // n, 8)
    plot = CHART_HEIGHT - 30
    bars = []
    for i, (w, value) in enumerate(zip(waves, values, strict=True)):
        h = round(plot * value / top)
        shown = f"${value:.4f}" if by_cost else f"{value:.1f}s"
        bars.append(
            Bar(
                x=i * slot + 2,
                y=CHART_HEIGHT - 14 - h,
                w=max(slot - 4, 4),
                h=h,
                label=str(w.number),
                title=f"{w.id} {w.stage}: {shown}",
            )
        )
    label = "cost per wave (USD)" if by_cost else "wall-clock seconds per wave"
    return {"width": CHART_WIDTH, "height": CHART_HEIGHT, "bars": bars, "label": label}


def latest_waves(report: RunReport) -> list[Any]:
    """The waves the report's table and chart show (see :data:`WAVES_SHOWN`)."""
    return report.waves[-WAVES_SHOWN:]


def markdown(report: RunReport) -> str:
    """The report as Markdown."""
    template = _environment(False).get_template("report.md.j2")
    return template.render(r=report, waves=latest_waves(report))


def html(report: RunReport) -> str:
    """The report as one self-contained HTML page."""
    template = _environment(True).get_template("report.html.j2")
    return template.render(r=report, waves=latest_waves(report), chart=chart(report))


def page(template: str, *, autoescape: bool, **values: Any) -> str:
    """Render another template of the review surface (the sovai report uses this)."""
    return _environment(autoescape).get_template(template).render(**values)
