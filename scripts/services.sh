#!/usr/bin/env bash
# Throwaway services for the tests, each on a free port in a temp dir: a Postgres cluster
# (start_postgres exports ONDAS_TEST_POSTGRES_URL) and a Redis broker (start_redis exports
# ONDAS_TEST_REDIS_URL). Each registers its cleanup; stop_services runs them.

ONDAS_SERVICES_CLEANUP=""

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  fi
  local bin dir port run_as
  bin="$(dirname "$(ls -d /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
  dir="$(mktemp -d /tmp/ondas-pg.XXXXXX)"
  port="$(free_port)"
  run_as=()
  if [ "$(id -u)" = "0" ]; then
    # initdb refuses to run as root: the cluster belongs to the postgres user.
    id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown postgres "$dir"
    run_as=(runuser -u postgres --)
  fi
  "${run_as[@]}" "$bin/initdb" -D "$dir/data" -A trust -U ondas >"$dir/initdb.log" 2>&1
  "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 120 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" \
    start >/dev/null
  export ONDAS_TEST_POSTGRES_URL="postgresql://ondas@127.0.0.1:$port/postgres"
  ONDAS_SERVICES_CLEANUP+="${run_as[*]} $bin/pg_ctl -D $dir/data -m immediate stop >/dev/null 2>&1; rm -rf $dir;"
}

start_redis() {
  if ! command -v redis-server >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq redis-server >/dev/null
  fi
  local dir port
  dir="$(mktemp -d /tmp/ondas-redis.XXXXXX)"
  port="$(free_port)"
  redis-server --port "$port" --bind 127.0.0.1 --dir "$dir" --save "" --appendonly no \
    --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/redis.log"
  for _ in $(seq 1 100); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export ONDAS_TEST_REDIS_URL="redis://127.0.0.1:$port/0"
  ONDAS_SERVICES_CLEANUP+="redis-cli -p $port shutdown nosave >/dev/null 2>&1; rm -rf $dir;"
}

stop_services() {
  if [ -n "$ONDAS_SERVICES_CLEANUP" ]; then
    eval "$ONDAS_SERVICES_CLEANUP" || true
    ONDAS_SERVICES_CLEANUP=""
  fi
}
