"""Sockets opened from interpreter code, and servers that listen: the network policy's.

The specification lets the network reach only the whitelist. Interpreter code that opens a
socket to an address (``socket.connect(("10.0.0.9", 9))``, ``TCPSocket.new``, ``fsockopen``,
awk's ``/inet/tcp/0/HOST/PORT``) has that address checked as a host, as ``urlopen`` has its URL
checked. A server listening on every interface (``nc -l``, ``php -S 0.0.0.0:8000``, ``python3 -m
http.server``, a ``bind`` to ``""`` or ``0.0.0.0``, awk's ``/inet/tcp/PORT/0/0``) takes
connections from any host: in an unattended run without the OS sandbox it is refused
(``network-listen``, policy); a server bound to the loopback address is ordinary development.
"""

from __future__ import annotations

from ondas.guards.bash_base import Ctx, Word, block, word_set
from ondas.guards.lazy_re import LazyPattern, re
from ondas.guards.verdict import ALLOW, Verdict

_SOCKET_CODE = LazyPattern(
    r"socket|Socket|fsockopen|stream_socket|\bnet\.connect|createConnection|/inet[46]?/(?:tcp|udp)/"
    r"|\.tcp\s*\(|\.udp\s*\(|require\s*\(\s*[\"'](?:node:)?(?:net|dgram|tls)[\"']"
)
"""Code that opens a raw socket (the URL calls are :mod:`ondas.guards.bash_code`'s)."""
_IPV4 = LazyPattern(r"[\"'](\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?[\"']")
_CONNECT_HOST = LazyPattern(
    r"(?:connect|create_connection|TCPSocket\.(?:new|open)|fsockopen|PeerAddr\s*=>|PeerHost\s*=>"
    r"|createConnection)(?:\s*\()?(?:\s*\()?\s*(?:\d+\s*,\s*)?[\"']([A-Za-z0-9.-]+)(?::\d+)?[\"']"
)
"""A connection to a named host. Each optional ``(`` takes the blanks before it, so no two
quantifiers split one run of blanks (round 14: ``connect`` + 20,000 blanks took minutes)."""
_AWK_INET = LazyPattern(r"/inet[46]?/(?:tcp|udp)/(\d+)/([^/\"'\s]+)/(\d+)")
_LISTENING_CODE = LazyPattern(
    r"\bbind\s*\((?:\s*\()?\s*[\"'](?:|0\.0\.0\.0|\*|::)[\"']|TCPServer\s*\(\s*\(\s*[\"'](?:|0\.0\.0\.0)"
    r"[\"']|\.listen\s*\(\s*\d+\s*\)|SimpleHTTPServer|\bhttp\.server\b|TCPServer\.new\s*\(\s*\d"
    r"|syscall\.Listen\s*\(|\bnet\.Listen\s*\(\s*\"tcp\"\s*,\s*\":"
)
"""Code that serves on every interface (a bind to ``""``/``0.0.0.0``/``*``, node's ``listen(PORT)``
with no host, Python's ``http.server``, Go's ``net.Listen("tcp", ":PORT")`` and raw ``Listen``)."""
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
LISTENERS = word_set("nc ncat netcat socat")
WEB_SERVERS = word_set("httpd busybox-httpd")
"""Small web servers serving a directory (busybox's ``httpd -p [IP:]PORT``)."""
APP_SERVERS = word_set("morbo")
"""Development servers of a web framework that run the project's application and listen where
``-l``/``--listen URL`` says, on every interface by default (Mojolicious's ``morbo``, whose
default is ``http://*:3000``)."""


def _listen(seg: str, what: str) -> Verdict:
    return block(
        "network-listen",
        seg,
        f"{what} listens on every interface for connections from any host; the network policy "
        "allows only the whitelist (bind to 127.0.0.1 instead)",
    )


def code_sockets(code: str, ctx: Ctx, seg: str) -> Verdict:
    """Interpreter ``code``: the addresses its sockets connect to are checked as hosts, and a
    server on every interface is refused in unattended runs."""
    if ctx.unattended and _LISTENING_CODE.search(code):
        return _listen(seg, "the code")
    if not _SOCKET_CODE.search(code):
        return ALLOW
    from ondas.guards.bash_net import network_url

    hosts = [m.group(1) for m in _IPV4.finditer(code)]
    hosts += [m.group(1) for m in _CONNECT_HOST.finditer(code)]
    for match in _AWK_INET.finditer(code):
        local, host = match.group(1), match.group(2)
        if host == "0" and local != "0":
            if ctx.unattended:
                return _listen(seg, "awk's /inet special file")
            continue
        hosts.append(host)
    for host in hosts:
        if host in LOOPBACK or host.startswith("127.") or host == "0.0.0.0":
            continue
        verdict = network_url(f"tcp://{host}", ctx, seg)
        if not verdict.allowed:
            return verdict
    return ALLOW


def listening_tool(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """``nc -l``, ``socat TCP-LISTEN:...``, ``php -S HOST:PORT``, ``python3 -m http.server``,
    ``ruby -run -e httpd``, ``httpd -p PORT``: a server, refused in unattended runs unless it
    binds to the loopback address. The commands ``nc -e``/``-c`` run are checked too."""
    values = [a.value or "" for a in args]
    if name in LISTENERS:
        for k, v in enumerate(values):
            if v in {"-e", "-c", "--exec", "--sh-exec"} and k + 1 < len(args):
                command = args[k + 1].value
                if command is None:
                    return block("dynamic-command", seg, f"{name} runs a command computed later")
                verdict = ctx.check_source(command, ctx, 1)
                if not verdict.allowed:
                    return verdict
        if not ctx.unattended:
            return ALLOW
        if name == "socat":
            listens = any(re.match(r"(?i)(?:tcp|udp|ssl|openssl)[46]?-listen:", v) for v in values)
            local = any(re.search(r"(?i)bind=(?:127\.|localhost)", v) for v in values)
            return _listen(seg, name) if listens and not local else ALLOW
        flags = {v for v in values if v.startswith("-") and not v.startswith("--")}
        listens = any("l" in f[1:] for f in flags) or "--listen" in values
        local = any(v in LOOPBACK or v.startswith("127.") for v in values)
        return _listen(seg, name) if listens and not local else ALLOW
    if not ctx.unattended:
        return ALLOW
    if name.startswith("php") and "-S" in values:
        address = values[values.index("-S") + 1] if values.index("-S") + 1 < len(values) else ""
        host = address.rsplit(":", 1)[0]
        return ALLOW if host in LOOPBACK or host.startswith("127.") else _listen(seg, "php -S")
    if name.startswith("python") and "-m" in values:
        module = values[values.index("-m") + 1] if values.index("-m") + 1 < len(values) else ""
        if module in {"http.server", "SimpleHTTPServer"}:
            bound = [values[k + 1] for k, v in enumerate(values[:-1]) if v in {"-b", "--bind"}]
            local = bool(bound) and all(b in LOOPBACK or b.startswith("127.") for b in bound)
            return ALLOW if local else _listen(seg, f"{name} -m {module}")
    if name in APP_SERVERS:
        urls = [values[k + 1] for k, v in enumerate(values[:-1]) if v in {"-l", "--listen"}]
        urls += [v.split("=", 1)[1] for v in values if v.startswith("--listen=")]
        hosts = [re.sub(r"^\w+://|:\d+(?:\?.*)?/?$", "", url) for url in urls]
        local = bool(hosts) and all(h in LOOPBACK or h.startswith("127.") for h in hosts)
        return ALLOW if local else _listen(seg, name)
    if name in WEB_SERVERS:
        address = next((values[k + 1] for k, v in enumerate(values[:-1]) if v == "-p"), "")
        host = address.rsplit(":", 1)[0] if ":" in address else ""
        return ALLOW if host in LOOPBACK or host.startswith("127.") else _listen(seg, name)
    local = any(v.startswith("--bind-address=127.") for v in values)
    run = any(v.startswith("-run") for v in values)
    if name.startswith("ruby") and "httpd" in values and run and not local:
        return _listen(seg, "ruby -run -e httpd")
    return ALLOW


_EVERY_INTERFACE = LazyPattern(
    r"(?:--inspect(?:-brk|-wait)?=|--listen[= ]|--ip[= ]|\.ip=|address=|--host[= ])"
    r"['\"]?(?:\*|0\.0\.0\.0|\[?::\]?)(?=[:,\s'\"]|$)|--bind_all\b"
)


def open_debugger(name: str, args: list[Word], ctx: Ctx, seg: str) -> Verdict:
    """Unattended: a debugger (``node --inspect=0.0.0.0``, ``python -m debugpy --listen
    0.0.0.0``, the JVM's ``jdwp`` on ``*``), a notebook server (``jupyter --ip=0.0.0.0``) or a
    dashboard (``tensorboard --bind_all``) told to listen on every interface: whoever connects
    runs code as the user or reads the files it serves (``network-listen``, policy)."""
    if not ctx.unattended:
        return ALLOW
    values = [a.value or "" for a in args]
    if name.startswith("python") and "debugpy" not in values:
        return ALLOW
    if _EVERY_INTERFACE.search(" ".join(values)):
        return _listen(seg, f"{name}'s debugger or server")
    return ALLOW
