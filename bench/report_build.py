"""Time building the report model and rendering report.md and report.html on a demo run.

Prints figures only (no assertions): the model build (store + git + chain verify) and the
two renderings, best of five, for the offline demo project.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from _compat import app_run, store_schema
from _figures import record


def main() -> None:
    """Run the demo once, then time build and render."""
    os.environ.setdefault("ONDAS_HOME", tempfile.mkdtemp(prefix="ondas-home-"))
    from ondas.report import build, render
    from ondas.state.store import Store

    project = Path(tempfile.mkdtemp(prefix="ondas-bench-")) / "notes"
    app_run().demo(project)
    with Store.open(project / ".ondas", **store_schema()) as store:
        builds, renders = [], []
        for _ in range(5):
            t0 = time.perf_counter()
            model = build(store, backend_label="scripted")
            t1 = time.perf_counter()
            md, page = render.markdown(model), render.html(model)
            t2 = time.perf_counter()
            builds.append(t1 - t0)
            renders.append(t2 - t1)
    t = model.totals
    record("report build best", 1000 * min(builds), "ms")
    record("report render best", 1000 * min(renders), "ms")
    record("report.md size", len(md.encode()), "bytes")
    record("report.html size", len(page.encode()), "bytes")
    print(f"waves={t.waves} tasks={t.tasks} decisions={t.decisions}")
    print(f"build_ms_best={1000 * min(builds):.1f} render_ms_best={1000 * min(renders):.1f}")
    print(f"report_md_bytes={len(md.encode())} report_html_bytes={len(page.encode())}")


if __name__ == "__main__":
    main()
