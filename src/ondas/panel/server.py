"""Serving the panel with uvicorn: bind, print the link with the token, run until Ctrl-C."""

from __future__ import annotations

import ipaddress
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from ondas.errors import UsageError

DEFAULT_PORT = 8700
DEFAULT_HOST = "127.0.0.1"
LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


@dataclass(frozen=True)
class ServeOptions:
    """How ``ondas panel`` was asked to serve."""

    projects: list[Path]
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    allow_answers: bool = False
    allow_remote: bool = False
    include_registered: bool = True


def is_local(host: str) -> bool:
    """True for a loopback address or name."""
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, allow_remote: bool) -> None:
    """Refuse a non-loopback bind unless the remote flag was given too."""
    if not host.strip():
        raise UsageError("--host must not be empty")
    if not is_local(host) and not allow_remote:
        raise UsageError(
            f"--host {host} is not a loopback address: the panel would be reachable from other "
            "machines; add --allow-remote to do that on purpose"
        )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one); a taken port is a usage error."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise UsageError(f"cannot resolve --host {host}: {exc}") from exc
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    sock.set_inheritable(True)
    return sock


def url_for(host: str, port: int, token: str) -> str:
    """The link a person opens: the panel's address with the token."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/executions?token={token}"


def serve(options: ServeOptions, out: TextIO | None = None) -> None:
    """Serve the panel until interrupted; prints the link (with the token) first."""
    from ondas.panel.sources import check_given

    out = out or sys.stdout
    check_host(options.host, options.allow_remote)
    projects = check_given(options.projects)
    try:
        import uvicorn

        from ondas.panel.app import PanelConfig, create_app
        from ondas.panel.security import new_token
    except ImportError as exc:
        raise UsageError(
            f"the panel needs its extra ({exc.name} is missing): pip install 'ondas[panel]'"
        ) from exc
    sock = bind(options.host, options.port)
    port = int(sock.getsockname()[1])
    token = new_token()
    app = create_app(
        PanelConfig(
            projects=projects,
            token=token,
            port=port,
            host=options.host,
            allow_answers=options.allow_answers,
            include_registered=options.include_registered,
        )
    )
    if not is_local(options.host):
        print(
            f"ondas panel: WARNING: listening on {options.host}, reachable from other machines; "
            "anyone with the link below can read these runs"
            + (" and answer their blocks" if options.allow_answers else ""),
            file=sys.stderr,
        )
    mode = "answers allowed" if options.allow_answers else "read-only"
    print(f"ondas panel ({mode}): {url_for(options.host, port, token)}", file=out, flush=True)
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=2
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
        app.state.panel.readers.close_all()
