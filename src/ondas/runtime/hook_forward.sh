#!/bin/bash
# ondas run-server hook forwarder: hook_forward.sh PORT HOOK [SECONDS]
#
# Claude Code starts this (exec form, no shell line to parse) once per hook event of a run's
# agent session. It sends the hook's stdin to the run server of the ondas process driving the
# wave (127.0.0.1:PORT, bearer token from $ONDAS_RUN_TOKEN, the variables the hooks read as
# X-Ondas-Env-* headers) and answers with the server's verdict: exit code, then stdout (exit 0)
# or stderr (any other code). No Python starts here.
#
# Fail closed: Claude Code lets a tool call through on any exit code other than 2 (and on an
# http hook's connection error, timeout, non-2xx status or malformed body), so every failure
# of pre-tool-use here (no server, no token, a slow, wrong or malformed answer) exits 2 with
# the reason. The other hooks exit 1 on failure, as their process form does.
export LC_ALL=C
port=${1-} hook=${2-} wait=${3:-30}
done=0

fail() {
	done=1
	if [ "$hook" = post-tool-use ] || [ "$hook" = session-start ]; then
		printf 'ondas: %s could not be served by the run server (%s)\n' "$hook" "$1" >&2
		exit 1
	fi
	printf 'ondas guard failed closed, the tool call is refused (%s)\n' "$1" >&2
	exit 2
}
trap '[ "$done" = 1 ] || fail "the hook forwarder stopped unexpectedly"' EXIT
trap 'fail "the hook forwarder was stopped"' TERM INT HUP
trap '' PIPE # a closed socket fails the write (and refuses) instead of killing bash

case $hook in
pre-tool-use | post-tool-use | session-start) ;;
*) hook=pre-tool-use && fail "unknown hook '${2-}'" ;;
esac
case $port in '' | *[!0-9]*) fail "bad run server port '$port'" ;; esac
case $wait in '' | *[!0-9.]*) fail "bad timeout '$wait'" ;; esac
token=${ONDAS_RUN_TOKEN-}
case $token in '' | *[!A-Za-z0-9_-]*) fail "no run server token in ONDAS_RUN_TOKEN" ;; esac

headers=
for name in CLAUDE_PROJECT_DIR ONDAS_GUARD_UNKNOWN ONDAS_GUARD_SANDBOX VIRTUAL_ENV CONDA_PREFIX; do
	value=${!name-}
	[ -n "$value" ] || continue
	case $value in *$'\r'* | *$'\n'*) fail "$name holds a line break" ;; esac
	headers+="X-Ondas-Env-$name: $value"$'\r\n'
done

payload=$(cat) || fail "could not read the hook input"
printf -v request 'POST /hook/%s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%s\r\n%s' \
	"$hook" "$port" "$token" "${#payload}" "$headers" "$payload"

{ exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || fail "the run server on port $port does not answer"
printf '%s' "$request" >&3 2>/dev/null || fail "the run server closed the connection"

IFS= read -r -t "$wait" -u 3 status || fail "no answer from the run server within ${wait}s"
status=${status%$'\r'}
while :; do
	IFS= read -r -t "$wait" -u 3 line || fail "the run server's answer ended early"
	[ "$line" = $'\r' ] || [ -z "$line" ] && break
done
IFS= read -r -d '' -t "$wait" -u 3 body
[ $? -gt 128 ] && fail "the run server's answer was cut off after ${wait}s"
case $body in *$'\n'*) ;; *) fail "malformed answer from the run server ($status)" ;; esac
code=${body%%$'\n'*}
text=${body#*$'\n'}
case $status in "HTTP/1."?" 200 "*) ;; *) fail "the run server answered $status: ${text%$'\n'}" ;; esac
case $code in
0) printf '%s' "$text" ;;
1 | 2) printf '%s' "$text" >&2 ;;
*) fail "malformed answer from the run server" ;;
esac
done=1
exit "$code"
