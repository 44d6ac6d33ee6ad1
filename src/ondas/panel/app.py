"""The panel's ASGI application: HTML pages, the JSON API under ``/api/``, and answering.

Store reads run in worker threads on read-only connections; what a page shows is cached by
the stores' chain heads (a page is rebuilt only after a run committed something, or after
:data:`PAGE_TTL` seconds for what is not in the log, such as a lock holder that died). The
pages poll ``/api/version`` and swap their content in when it changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import anyio
import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ondas.errors import OndasError, RuleViolation, StateMissing, UsageError
from ondas.panel import views
from ondas.panel.security import TokenGuard, check_csrf, cookie_name, csrf_for, script_hash
from ondas.panel.sources import Project, Readers, discover

TEMPLATES = Path(__file__).resolve().parent / "templates"
PAGE_TTL = 2.0
MIN_REBUILD = 0.5
REBUILD_FACTOR = 10.0
DISCOVER_TTL = 5.0
POLL_MS = 2000
MAX_ANSWER = 2000
BLOCK_ID = re.compile(r"[A-Za-z0-9._-]{1,40}")
T = TypeVar("T")
PANEL_JS = TEMPLATES / "panel.js"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


@dataclass
class PanelConfig:
    """What the panel serves and how."""

    projects: list[Project]
    token: str
    port: int
    host: str = "127.0.0.1"
    allow_answers: bool = False
    include_registered: bool = True
    poll_ms: int = POLL_MS

    @property
    def csrf(self) -> str:
        """The CSRF value of this panel's token."""
        return csrf_for(self.token)


@dataclass
class _Cached:
    at: float
    key: str
    value: Any
    cost: float = 0.0


@dataclass
class Panel:
    """The panel's state: its projects, read-only connections and page caches."""

    config: PanelConfig
    readers: Readers = field(default_factory=Readers)
    _projects: tuple[float, list[Project]] = (0.0, [])
    _cache: dict[str, _Cached] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _building: dict[str, threading.Lock] = field(default_factory=dict)

    def projects(self) -> list[Project]:
        """The given projects and (re-read every few seconds) the registered ones."""
        at, found = self._projects
        if time.monotonic() - at > DISCOVER_TTL or not found:
            found = discover(self.config.projects, registered=self.config.include_registered)
            self._projects = (time.monotonic(), found)
        return found

    def project(self, key: str) -> Project:
        """The project called ``key`` in URLs; unknown keys are :class:`StateMissing`."""
        for project in self.projects():
            if project.key == key:
                return project
        raise StateMissing(f"no project {key!r} in this panel")

    def read(self, project: Project, fn: Callable[[Any], T]) -> T:
        """``fn(store)`` on this thread's read-only store; a failed read drops the connection."""
        try:
            return fn(self.readers.get(project))
        except Exception:
            self.readers.discard(project)
            raise

    def heads(self) -> dict[str, str]:
        """Each project's chain head (or why it cannot be read)."""
        out = {}
        for project in self.projects():
            try:
                out[project.key] = self.read(project, views.head)
            except Exception as exc:  # shown as unavailable, the other projects still served
                out[project.key] = f"unavailable: {type(exc).__name__}"
        return out

    def version(self) -> str:
        """A short digest of every head: it changes when any store changes."""
        return version_of(self.heads())

    def cached(self, name: str, key: str, build: Callable[[], T]) -> tuple[str, T]:
        """(key it was built for, value) of the entry ``name``, rebuilt at most once at a time.

        The entry is reused while it was built for ``key`` less than :data:`PAGE_TTL` ago, and
        whatever its key while it is younger than :data:`MIN_REBUILD` or than
        :data:`REBUILD_FACTOR` times what building it cost: a run writing every few
        milliseconds does not make every request rebuild a page, and an expensive page (the
        report of thousands of waves) takes at most about a tenth of a core. While one thread
        rebuilds, the others serve the previous entry instead of piling up behind it.
        """
        hit = self._cache.get(name)
        now = time.monotonic()
        if hit is not None:
            age = now - hit.at
            floor = max(MIN_REBUILD, REBUILD_FACTOR * hit.cost)
            if age < floor or (hit.key == key and age < max(PAGE_TTL, floor)):
                return hit.key, hit.value
        with self._lock:
            building = self._building.setdefault(name, threading.Lock())
        if not building.acquire(blocking=hit is None):
            assert hit is not None
            return hit.key, hit.value
        try:
            again = self._cache.get(name)
            if again is not None and again is not hit and again.key == key:
                return again.key, again.value
            started = time.monotonic()
            value = build()
            done = time.monotonic()
            self._cache[name] = _Cached(done, key, value, done - started)
            return key, value
        finally:
            building.release()

    def executions(self) -> tuple[str, list[views.Summary | views.Unavailable]]:
        """(version, rows) of the executions page."""

        def build() -> list[views.Summary | views.Unavailable]:
            rows: list[views.Summary | views.Unavailable] = []
            for project in self.projects():
                try:
                    rows.append(self.read(project, partial(_summary, project)))
                except Exception as exc:  # shown as unavailable, the other projects still served
                    rows.append(views.Unavailable(project.key, str(project.path), _reason(exc)))
            return sorted(rows, key=views.sort_key)

        return self.cached("executions", self.version(), build)

    def detail(self, key: str) -> tuple[str, views.Detail]:
        """(version, detail) of one execution's page."""
        project = self.project(key)
        return self.cached(
            f"detail:{key}",
            self.version(),
            lambda: self.read(project, lambda s: views.detail(s, project)),
        )

    def forget(self) -> None:
        """Drop every cached page (after this panel wrote)."""
        with self._lock:
            self._cache.clear()

    def answer(self, key: str, block_id: str, text: str) -> dict[str, Any]:
        """Answer ``block_id`` of ``key``'s execution through the one library call."""
        from ondas.app.answering import answer
        from ondas.orchestrator.settings import open_project_store

        if not self.config.allow_answers:
            raise RuleViolation(
                "panel-read-only", "this panel is read-only (start it with --allow-answers)"
            )
        text = text.strip()
        if not text:
            raise UsageError("the answer must not be empty")
        if len(text) > MAX_ANSWER:
            raise UsageError(f"the answer has {len(text)} characters; the limit is {MAX_ANSWER}")
        project = self.project(key)
        store = open_project_store(project.path)
        try:
            done = answer(store, text, block_id, actor="panel", project=project.path)
        finally:
            store.close()
        self.forget()
        return {
            "block": done.block.to_dict(),
            "execution_status": done.execution_status,
            "woken": done.woken,
            "wake_errors": done.wake_errors,
        }

    def knowledge_available(self) -> bool:
        """True when the knowledge DB exists."""
        from ondas.recall.db import db_path

        return db_path().is_file()


def version_of(heads: dict[str, str]) -> str:
    """The digest of the stores' heads that pages and ``/api/version`` carry."""
    text = "|".join(f"{k}={v}" for k, v in sorted(heads.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _summary(project: Project, store: Any) -> views.Summary:
    return views.summary(store, project)


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _status_of(exc: OndasError) -> int:
    if isinstance(exc, StateMissing):
        return 404
    if isinstance(exc, UsageError):
        return 400
    if isinstance(exc, RuleViolation) and "read-only" in str(exc):
        return 403
    return 409


def report_script_hashes() -> tuple[str, ...]:
    """CSP hashes of the inline scripts of the self-contained report page the panel serves."""
    from ondas.report import render

    body = render.page("_surface_script.html.j2", autoescape=True)
    return tuple(script_hash(s) for s in INLINE_SCRIPT.findall(body))


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
    )
    env.filters["usd"] = lambda v: f"${float(v):.4f}" if v else "$0"
    env.filters["when"] = lambda v: (str(v or "")[:19]).replace("T", " ")
    return env


def create_app(config: PanelConfig) -> Starlette:
    """The panel as an ASGI app (token-guarded); ``config`` says what it serves."""
    panel = Panel(config)
    env = _environment()

    def render(template: str, title: str, partial: bool, **context: Any) -> str:
        ctx = {
            "title": title,
            "allow_answers": config.allow_answers,
            "csrf": config.csrf,
            "knowledge": panel.knowledge_available(),
            "poll_ms": config.poll_ms,
            "version": context.get("version", ""),
            **context,
        }
        body = env.get_template(template).render(**ctx)
        if not partial:
            body = env.get_template("base.html.j2").render(body=body, **ctx)
        return body

    def page(
        request: Request, template: str, title: str, status: int = 200, **context: Any
    ) -> HTMLResponse:
        partial = request.query_params.get("partial") == "1"
        body = render(template, title, partial, **context)
        return HTMLResponse(body, status_code=status, headers=_NO_STORE)

    def live(body: str, version: str) -> HTMLResponse:
        """A page the browser refreshes: it says which state version it shows."""
        return HTMLResponse(body, headers={**_NO_STORE, "x-panel-version": version})

    async def in_thread(fn: Callable[[], T]) -> T:
        return await anyio.to_thread.run_sync(fn)

    async def home(request: Request) -> Response:
        return RedirectResponse("/executions", status_code=303)

    async def panel_js(request: Request) -> Response:
        return Response(PANEL_JS.read_bytes(), media_type="text/javascript", headers=_NO_STORE)

    async def executions_page(request: Request) -> Response:
        partial = request.query_params.get("partial") == "1"

        def build() -> tuple[str, str]:
            version, rows = panel.executions()
            return panel.cached(
                f"html:executions:{partial}",
                version,
                lambda: render(
                    "executions.html.j2", "Executions", partial, rows=rows, version=version
                ),
            )

        version, body = await in_thread(build)
        return live(body, version)

    async def execution_page(request: Request) -> Response:
        key = request.path_params["key"]
        partial = request.query_params.get("partial") == "1"
        answered = request.query_params.get("answered")
        if answered is not None and not BLOCK_ID.fullmatch(answered):
            answered = None

        def build() -> tuple[str, str]:
            version, found = panel.detail(key)
            return panel.cached(
                f"html:execution:{key}:{partial}:{answered}",
                version,
                lambda: render(
                    "execution.html.j2",
                    found.summary.project_name,
                    partial,
                    s=found.summary,
                    r=found.report,
                    chart=found.chart,
                    version=version,
                    answered=answered,
                ),
            )

        try:
            version, body = await in_thread(build)
        except OndasError as exc:
            return page(
                request, "error.html.j2", "Not found", _status_of(exc), message=_reason(exc)
            )
        return live(body, version)

    async def report_page(request: Request) -> Response:
        from ondas.report import render

        key = request.path_params["key"]

        def build() -> tuple[str, str]:
            version, found = panel.detail(key)
            return panel.cached(f"html:report:{key}", version, lambda: render.html(found.report))

        try:
            _, body = await in_thread(build)
        except OndasError as exc:
            return page(
                request, "error.html.j2", "Not found", _status_of(exc), message=_reason(exc)
            )
        return HTMLResponse(body, headers=_NO_STORE)

    async def knowledge_page(request: Request) -> Response:
        query = request.query_params.get("q", "")
        results = await in_thread(lambda: views.knowledge(query))
        if results is None:
            return page(
                request,
                "error.html.j2",
                "Knowledge",
                404,
                message="no knowledge DB yet: it is written at the end of each wave of a run",
            )
        return page(request, "knowledge.html.j2", "Knowledge", query=query, results=results)

    async def answer_form(request: Request) -> Response:
        key, block_id = request.path_params["key"], request.path_params["block_id"]
        form = await request.form()
        presented = form.get("csrf") or request.headers.get("x-csrf-token")
        if not check_csrf(str(presented) if presented else None, config.csrf):
            return page(request, "error.html.j2", "Refused", 403, message="CSRF check failed")
        text = str(form.get("choice") or form.get("text") or "")
        try:
            await in_thread(lambda: panel.answer(key, block_id, text))
        except OndasError as exc:
            return page(
                request,
                "error.html.j2",
                "Not answered",
                _status_of(exc),
                message=f"{block_id} was not answered: {_reason(exc)}",
                back=f"/executions/{key}",
            )
        return RedirectResponse(f"/executions/{key}?answered={block_id}", status_code=303)

    async def api_session(request: Request) -> Response:
        return _json(
            {
                "csrf": config.csrf,
                "allow_answers": config.allow_answers,
                "knowledge": panel.knowledge_available(),
            }
        )

    async def api_version(request: Request) -> Response:
        heads = await in_thread(panel.heads)
        return _json({"version": version_of(heads), "heads": heads})

    async def api_executions(request: Request) -> Response:
        version, rows = await in_thread(panel.executions)
        return _json(
            {
                "version": version,
                "executions": [r.to_dict() for r in rows if isinstance(r, views.Summary)],
                "unavailable": [r.to_dict() for r in rows if isinstance(r, views.Unavailable)],
            }
        )

    async def api_execution(request: Request) -> Response:
        key = request.path_params["key"]

        def build() -> tuple[str, bytes]:
            version, found = panel.detail(key)
            return panel.cached(
                f"json:execution:{key}",
                version,
                lambda: json.dumps({"version": version, **found.to_dict()}).encode(),
            )

        try:
            _, body = await in_thread(build)
        except OndasError as exc:
            return _json({"error": _reason(exc)}, _status_of(exc))
        return Response(body, media_type="application/json", headers=_NO_STORE)

    async def api_answer(request: Request) -> Response:
        key, block_id = request.path_params["key"], request.path_params["block_id"]
        if not check_csrf(request.headers.get("x-csrf-token"), config.csrf):
            return _json({"error": "CSRF check failed (send X-CSRF-Token)"}, 403)
        try:
            body = await request.json()
        except ValueError:
            return _json({"error": 'the body must be JSON: {"answer": "..."}'}, 400)
        text = body.get("answer") if isinstance(body, dict) else None
        if not isinstance(text, str):
            return _json({"error": 'the body must be JSON: {"answer": "..."}'}, 400)
        try:
            done = await in_thread(lambda: panel.answer(key, block_id, text))
        except OndasError as exc:
            return _json({"error": _reason(exc)}, _status_of(exc))
        return _json(done)

    async def api_knowledge(request: Request) -> Response:
        query = request.query_params.get("q", "")
        results = await in_thread(lambda: views.knowledge(query))
        if results is None:
            return _json({"available": False, "results": []}, 404)
        return _json({"available": True, "query": query, "results": results})

    routes = [
        Route("/", home),
        Route("/panel.js", panel_js),
        Route("/executions", executions_page),
        Route("/executions/{key}", execution_page),
        Route("/executions/{key}/report", report_page),
        Route("/executions/{key}/blocks/{block_id}/answer", answer_form, methods=["POST"]),
        Route("/knowledge", knowledge_page),
        Route("/api/session", api_session),
        Route("/api/version", api_version),
        Route("/api/executions", api_executions),
        Route("/api/executions/{key}", api_execution),
        Route("/api/executions/{key}/blocks/{block_id}/answer", api_answer, methods=["POST"]),
        Route("/api/knowledge", api_knowledge),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            panel.readers.close_all()

    app = Starlette(
        lifespan=lifespan,
        routes=routes,
        middleware=[
            Middleware(
                TokenGuard,
                token=config.token,
                cookie=cookie_name(config.port),
                host=config.host,
                port=config.port,
                script_hashes=report_script_hashes(),
            )
        ],
    )
    app.state.panel = panel
    return app


_NO_STORE = {"cache-control": "no-store", "referrer-policy": "same-origin"}


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=_NO_STORE)
