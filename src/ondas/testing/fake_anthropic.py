"""A scripted Anthropic Messages API server on 127.0.0.1, for driving the real ``claude`` CLI.

The server speaks enough of the Messages API for Claude Code to run offline against it:
``POST /v1/messages`` (streaming SSE and plain JSON), ``POST /v1/messages/count_tokens``,
``GET /v1/models`` and cheap answers to probes. It plays a :class:`Script`: each request is
matched against the script's rules in order and the first matching rule's :class:`Turn` is
the assistant's answer (text and ``tool_use`` blocks, with realistic usage numbers so the CLI
reports a cost). Every request is recorded for assertions.

Use it as a context manager::

    script = Script([
        Rule(first_turn(), Turn.tool_use("Bash", {"command": "echo hi"}, id="toolu_1")),
        Rule(after_tool_result("toolu_1"), Turn.text("done")),
    ])
    with FakeAnthropicServer(script) as server:
        subprocess.run(["claude", "-p", "go"], env={**os.environ, **server.env()})

or from a shell: ``python -m ondas.testing.fake_anthropic --script FILE.json --port 8765``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DEFAULT_MODEL = "claude-sonnet-4-5"
DUMMY_API_KEY = "sk-ant-api03-ondas-fake-key-not-a-secret"
_ids = itertools.count(1)


def _new_id(prefix: str) -> str:
    return f"{prefix}_ondasfake{next(_ids):06d}"


@dataclass
class Request:
    """One HTTP request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The ``messages`` of a Messages API request (empty for other requests)."""
        if isinstance(self.body, dict) and isinstance(self.body.get("messages"), list):
            return list(self.body["messages"])
        return []

    @property
    def is_messages(self) -> bool:
        """True for ``POST /v1/messages`` (not ``count_tokens``)."""
        return self.method == "POST" and self.path.split("?")[0].rstrip("/") == "/v1/messages"

    @property
    def tool_names(self) -> list[str]:
        """Names of the tools offered in the request."""
        tools = self.body.get("tools") if isinstance(self.body, dict) else None
        return [t.get("name", "") for t in tools or [] if isinstance(t, dict)]

    def tool_results(self) -> list[dict[str, Any]]:
        """The ``tool_result`` blocks of the last user message."""
        return [b for b in _blocks(self.last_user_message()) if b.get("type") == "tool_result"]

    def all_tool_results(self) -> list[dict[str, Any]]:
        """Every ``tool_result`` block in the conversation, oldest first."""
        return [
            b
            for m in self.messages
            if m.get("role") == "user"
            for b in _blocks(m)
            if b.get("type") == "tool_result"
        ]

    def last_user_message(self) -> dict[str, Any]:
        """The last message with role ``user`` (an empty dict when there is none)."""
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return dict(message)
        return {}

    def last_user_text(self) -> str:
        """All text of the last user message, tool results included."""
        return block_text(_blocks(self.last_user_message()))


def _blocks(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def block_text(blocks: Sequence[Mapping[str, Any]]) -> str:
    """Concatenate the text held by content blocks, descending into tool results."""
    parts: list[str] = []
    for block in blocks:
        if block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        elif block.get("type") == "tool_result":
            content = block.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.append(block_text([c for c in content if isinstance(c, dict)]))
    return "\n".join(parts)


def tool_result_text(block: Mapping[str, Any]) -> str:
    """The text of one ``tool_result`` block."""
    return block_text([{"type": "tool_result", "content": block.get("content")}])


class ApiError(Exception):
    """Raised by a scripted turn callable to answer with an HTTP error instead of a message."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(f"{status} {kind}: {message}")
        self.status, self.kind, self.message = status, kind, message


def failing(status: int, kind: str, message: str) -> Callable[[Request], Turn]:
    """A turn source that always answers with the HTTP error ``status``."""

    def fail(request: Request) -> Turn:
        raise ApiError(status, kind, message)

    return fail


@dataclass
class Turn:
    """One scripted assistant answer: content blocks and a stop reason."""

    content: list[dict[str, Any]]
    stop_reason: str = "end_turn"
    output_tokens: int | None = None

    @classmethod
    def text(cls, text: str) -> Turn:
        """A plain text answer that ends the agent's turn."""
        return cls([{"type": "text", "text": text}], "end_turn")

    @classmethod
    def tool_use(
        cls, name: str, input: Mapping[str, Any], id: str | None = None, *, text: str | None = None
    ) -> Turn:
        """A call of tool ``name`` with ``input`` (optionally preceded by some text)."""
        blocks: list[dict[str, Any]] = [{"type": "text", "text": text}] if text else []
        blocks.append(
            {"type": "tool_use", "id": id or _new_id("toolu"), "name": name, "input": dict(input)}
        )
        return cls(blocks, "tool_use")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turn:
        """Build a turn from the script-file form: ``{"text": ...}``, ``{"tool_use": {...}}``
        or ``{"content": [...], "stop_reason": ...}``."""
        if "text" in data:
            return cls.text(str(data["text"]))
        if "tool_use" in data:
            spec = data["tool_use"]
            return cls.tool_use(
                spec["name"], spec.get("input", {}), spec.get("id"), text=spec.get("text")
            )
        if "content" in data:
            content = list(data["content"])
            uses_tool = any(b.get("type") == "tool_use" for b in content)
            return cls(content, data.get("stop_reason", "tool_use" if uses_tool else "end_turn"))
        raise ValueError(f"a turn needs 'text', 'tool_use' or 'content': {dict(data)!r}")


Matcher = Callable[[Request], bool]
TurnSource = Turn | Callable[[Request], Turn]


def any_request() -> Matcher:
    """Match every Messages request."""
    return lambda request: True


def first_turn() -> Matcher:
    """Match the opening request of a conversation: no tool result yet."""
    return lambda request: not request.all_tool_results()


def prompt_contains(text: str) -> Matcher:
    """Match when the last user message contains ``text``."""
    return lambda request: text in request.last_user_text()


def after_tool_result(tool_use_id: str | None = None, *, contains: str | None = None) -> Matcher:
    """Match when the last user message carries a tool result (for ``tool_use_id``,
    containing ``contains``)."""

    def match(request: Request) -> bool:
        for block in request.tool_results():
            if tool_use_id is not None and block.get("tool_use_id") != tool_use_id:
                continue
            if contains is not None and contains not in tool_result_text(block):
                continue
            return True
        return False

    return match


def with_tools() -> Matcher:
    """Match requests that offer tools (the agent loop, not side requests such as titles)."""
    return lambda request: bool(request.tool_names)


@dataclass
class Rule:
    """When ``match`` accepts a request, answer with ``turn`` (at most ``times`` times)."""

    match: Matcher
    turn: TurnSource
    times: int | None = None
    used: int = 0

    def applies(self, request: Request) -> bool:
        """True when the rule still has uses left and matches ``request``."""
        return (self.times is None or self.used < self.times) and self.match(request)


def _matcher_from_json(spec: Mapping[str, Any]) -> Matcher:
    checks: list[Matcher] = []
    if spec.get("first_turn"):
        checks.append(first_turn())
    if "prompt_contains" in spec:
        checks.append(prompt_contains(str(spec["prompt_contains"])))
    if "tool_result" in spec or "tool_result_contains" in spec:
        checks.append(
            after_tool_result(spec.get("tool_result"), contains=spec.get("tool_result_contains"))
        )
    unknown = set(spec) - {"first_turn", "prompt_contains", "tool_result", "tool_result_contains"}
    if unknown:
        raise ValueError(f"unknown match keys: {', '.join(sorted(unknown))}")
    return lambda request: all(check(request) for check in checks)


@dataclass
class Script:
    """Rules tried in order; ``default`` answers when none matches."""

    rules: list[Rule] = field(default_factory=list)
    default: TurnSource = field(default_factory=lambda: Turn.text("Done."))

    def __post_init__(self) -> None:
        self._lock = threading.Lock()

    def answer(self, request: Request) -> Turn:
        """The turn for ``request``; rule use counts are updated."""
        with self._lock:
            source = self.default
            for rule in self.rules:
                if rule.applies(request):
                    rule.used += 1
                    source = rule.turn
                    break
        return source(request) if callable(source) else source

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Script:
        """Load ``{"rules": [{"match": {...}, "turn": {...}, "times": N}], "default": {...}}``."""
        rules = [
            Rule(_matcher_from_json(r.get("match", {})), Turn.from_json(r["turn"]), r.get("times"))
            for r in data.get("rules", [])
        ]
        script = cls(rules)
        if "default" in data:
            script.default = Turn.from_json(data["default"])
        return script

    @classmethod
    def load(cls, path: Path | str) -> Script:
        """Load a script from a JSON file."""
        return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


def estimate_tokens(value: Any) -> int:
    """A rough token count (4 characters a token), never below 1."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return max(1, len(text) // 4)


def _usage(request: Request, turn: Turn) -> dict[str, int]:
    body = request.body if isinstance(request.body, dict) else {}
    prompt = {k: body.get(k) for k in ("system", "messages", "tools")}
    output = turn.output_tokens or estimate_tokens(turn.content) + 5
    return {
        "input_tokens": estimate_tokens(prompt),
        "output_tokens": output,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }


def message_json(request: Request, turn: Turn) -> dict[str, Any]:
    """The non-streaming Messages API response for ``turn``."""
    body = request.body if isinstance(request.body, dict) else {}
    return {
        "id": _new_id("msg"),
        "type": "message",
        "role": "assistant",
        "model": body.get("model", DEFAULT_MODEL),
        "content": turn.content,
        "stop_reason": turn.stop_reason,
        "stop_sequence": None,
        "usage": _usage(request, turn),
    }


def _sse(event: str, data: Mapping[str, Any]) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _chunks(text: str, size: int = 40) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def message_sse(request: Request, turn: Turn) -> str:
    """The streaming (server-sent events) Messages API response for ``turn``."""
    full = message_json(request, turn)
    usage = full["usage"]
    start = {**full, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    out = [_sse("message_start", {"type": "message_start", "message": start})]
    out.append(_sse("ping", {"type": "ping"}))
    for index, block in enumerate(turn.content):
        kind = block.get("type")
        if kind == "text":
            out.append(
                _sse(
                    "content_block_start",
                    {
                        "type": "content_block_start",
                        "index": index,
                        "content_block": {"type": "text", "text": ""},
                    },
                )
            )
            for piece in _chunks(str(block.get("text", ""))):
                delta = {"type": "text_delta", "text": piece}
                out.append(
                    _sse(
                        "content_block_delta",
                        {"type": "content_block_delta", "index": index, "delta": delta},
                    )
                )
        elif kind == "tool_use":
            opening = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            out.append(
                _sse(
                    "content_block_start",
                    {"type": "content_block_start", "index": index, "content_block": opening},
                )
            )
            for piece in _chunks(json.dumps(block.get("input", {}), ensure_ascii=False)):
                delta = {"type": "input_json_delta", "partial_json": piece}
                out.append(
                    _sse(
                        "content_block_delta",
                        {"type": "content_block_delta", "index": index, "delta": delta},
                    )
                )
        else:
            out.append(
                _sse(
                    "content_block_start",
                    {"type": "content_block_start", "index": index, "content_block": block},
                )
            )
        out.append(_sse("content_block_stop", {"type": "content_block_stop", "index": index}))
    out.append(
        _sse(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": turn.stop_reason, "stop_sequence": None},
                "usage": {"output_tokens": usage["output_tokens"]},
            },
        )
    )
    out.append(_sse("message_stop", {"type": "message_stop"}))
    return "".join(out)


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.owner.verbose:
            sys.stderr.write(f"fake-anthropic: {format % args}\n")

    def _read_body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("request-id", _new_id("req"))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, value: Any) -> None:
        self._send(status, json.dumps(value).encode("utf-8"), "application/json")

    def _handle(self) -> None:
        request = Request(self.command, self.path, dict(self.headers.items()), self._read_body())
        owner = self.server.owner
        owner.record(request)
        path = self.path.split("?")[0].rstrip("/")
        if owner.api_key is not None and not owner.accepts(request.headers):
            self._json(401, _error("authentication_error", "invalid x-api-key"))
            return
        if request.is_messages:
            if not isinstance(request.body, dict):
                self._json(400, _error("invalid_request_error", "body must be a JSON object"))
                return
            try:
                turn = owner.script.answer(request)
            except ApiError as err:  # the script plays a failing API (5xx, 429, 401...)
                self._json(err.status, _error(err.kind, err.message))
                return
            except Exception as exc:  # a scripted callable failed: tell the client, keep serving
                self._json(500, _error("api_error", f"script error: {exc!r}"))
                return
            if request.body.get("stream"):
                self._send(200, message_sse(request, turn).encode("utf-8"), "text/event-stream")
            else:
                self._json(200, message_json(request, turn))
        elif self.command == "POST" and path == "/v1/messages/count_tokens":
            self._json(200, {"input_tokens": estimate_tokens(request.body)})
        elif self.command in ("GET", "HEAD") and path == "/v1/models":
            model = {"type": "model", "id": DEFAULT_MODEL, "display_name": "Fake Sonnet"}
            self._json(200, {"data": [model], "has_more": False, "first_id": DEFAULT_MODEL})
        elif self.command in ("GET", "HEAD") and path in ("", "/", "/health", "/v1"):
            self._json(200, {"ok": True})
        else:
            self._json(404, _error("not_found_error", f"{self.command} {path} is not scripted"))

    do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = _handle


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], owner: FakeAnthropicServer) -> None:
        self.owner = owner
        super().__init__(address, _Handler)


class FakeAnthropicServer:
    """The scripted Messages API server; a context manager that serves in a thread."""

    def __init__(
        self,
        script: Script | None = None,
        *,
        port: int = 0,
        home: Path | None = None,
        verbose: bool = False,
        api_key: str | None = None,
    ) -> None:
        self.script = script or Script()
        self.api_key = api_key
        self.home = home
        self.verbose = verbose
        self._port = port
        self._requests: list[Request] = []
        self._lock = threading.Lock()
        self._server: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._home: Path | None = None

    def accepts(self, headers: Mapping[str, str]) -> bool:
        """True when ``headers`` carry the server's ``api_key`` (``x-api-key`` or a bearer
        token); with ``api_key`` set, every other request is answered 401 as the API does."""
        lowered = {k.lower(): v for k, v in headers.items()}
        given = lowered.get("x-api-key") or lowered.get("authorization", "").removeprefix("Bearer ")
        return given == self.api_key

    def record(self, request: Request) -> None:
        """Store a received request."""
        with self._lock:
            self._requests.append(request)

    @property
    def requests(self) -> list[Request]:
        """Every request received so far, oldest first."""
        with self._lock:
            return list(self._requests)

    @property
    def message_requests(self) -> list[Request]:
        """The ``POST /v1/messages`` requests received so far."""
        return [r for r in self.requests if r.is_messages]

    def tool_results(self) -> list[dict[str, Any]]:
        """Every distinct ``tool_result`` block the client sent, by ``tool_use_id``."""
        seen: dict[str, dict[str, Any]] = {}
        for request in self.message_requests:
            for block in request.all_tool_results():
                seen.setdefault(str(block.get("tool_use_id")), block)
        return list(seen.values())

    @property
    def url(self) -> str:
        """Base URL of the running server (``http://127.0.0.1:PORT``)."""
        if self._server is None:
            raise RuntimeError("the fake Anthropic server is not running")
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> FakeAnthropicServer:
        """Bind to 127.0.0.1 and serve in a daemon thread."""
        self._server = _HTTPServer(("127.0.0.1", self._port), self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="fake-anthropic", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and remove the temporary home made by :meth:`env`."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._home is not None:
            shutil.rmtree(self._home, ignore_errors=True)
            self._home = None

    def __enter__(self) -> FakeAnthropicServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def env(self, home: Path | None = None) -> dict[str, str]:
        """Environment for running ``claude`` against this server, fully offline.

        ``home`` (default: the server's ``home``, else a temporary directory removed on
        :meth:`stop`) becomes ``HOME`` and holds ``CLAUDE_CONFIG_DIR``, so the real
        ``~/.claude`` is never touched.
        """
        home = home or self.home
        if home is None:
            if self._home is None:
                self._home = Path(tempfile.mkdtemp(prefix="ondas-fake-home-"))
            home = self._home
        return claude_env(self.url, home)


def claude_env(base_url: str, home: Path) -> dict[str, str]:
    """The variables that point ``claude`` at ``base_url`` with ``home`` as its home."""
    config = home / ".claude"
    config.mkdir(parents=True, exist_ok=True)
    return {
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": DUMMY_API_KEY,
        "ANTHROPIC_AUTH_TOKEN": "",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
        # Claude Code refuses --dangerously-skip-permissions / bypassPermissions as root
        # unless it believes it runs in a sandbox; tests run in throwaway containers.
        "IS_SANDBOX": "1",
        "HOME": str(home),
        "CLAUDE_CONFIG_DIR": str(config),
    }


def main(argv: list[str] | None = None) -> int:
    """Serve a script file until interrupted."""
    parser = argparse.ArgumentParser(
        prog="python -m ondas.testing.fake_anthropic",
        description="Serve a scripted Anthropic Messages API on 127.0.0.1.",
    )
    parser.add_argument("--script", type=Path, help="JSON script file (default: always 'Done.')")
    parser.add_argument("--port", type=int, default=0, help="port to bind (default: any free)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument(
        "--api-key", help="answer 401 to requests without this key (default: accept any)"
    )
    args = parser.parse_args(argv)
    try:
        script = Script.load(args.script) if args.script else Script()
    except (OSError, ValueError, KeyError) as exc:
        print(f"fake-anthropic: cannot load script: {exc}", file=sys.stderr)
        return 2
    server = FakeAnthropicServer(
        script, port=args.port, verbose=not args.quiet, api_key=args.api_key
    )
    server.start()
    print(f"ANTHROPIC_BASE_URL={server.url}", flush=True)
    print(f"ANTHROPIC_API_KEY={args.api_key or DUMMY_API_KEY}", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def iter_sse_events(text: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Parse a server-sent-events body back into ``(event, data)`` pairs."""
    for chunk in text.split("\n\n"):
        event, data = "", ""
        for line in chunk.splitlines():
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data += line[6:]
        if event:
            yield event, json.loads(data)


if __name__ == "__main__":
    sys.exit(main())
