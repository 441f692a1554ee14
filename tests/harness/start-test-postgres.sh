#!/bin/sh
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the database tests
# and prints its URL on stdout (everything else goes to stderr):
#
#   export TEST_DATABASE_URL="$(tests/harness/start-test-postgres.sh)"
#   npx vitest run tests/server
#   tests/harness/start-test-postgres.sh stop
#
# PGPORT (default 55432) and PGDATA_DIR (default /tmp/portfolio-test-pg) can be
# set. Needs Debian's `postgresql` package; as root the cluster runs as the
# `postgres` user, because PostgreSQL refuses to run as root.
set -eu

PORT="${PGPORT:-55432}"
DIR="${PGDATA_DIR:-/tmp/portfolio-test-pg}"
BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "PostgreSQL binaries not found; install them with: apt-get install -y postgresql" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/sh -c "$1"; else sh -c "$1"; fi
}

if [ "${1:-}" = "stop" ]; then
  as_owner "'$BIN/pg_ctl' -D '$DIR' -m fast stop" >&2 || true
  exit 0
fi

if [ ! -f "$DIR/PG_VERSION" ]; then
  mkdir -p "$DIR"
  if [ "$(id -u)" = "0" ]; then chown postgres:postgres "$DIR"; fi
  # Throwaway data: trust on loopback only, no fsync needed for speed.
  as_owner "'$BIN/initdb' -D '$DIR' -U postgres --auth=trust --no-sync" >&2
fi

if ! as_owner "'$BIN/pg_ctl' -D '$DIR' status" >/dev/null 2>&1; then
  as_owner "'$BIN/pg_ctl' -D '$DIR' -w -l '$DIR/server.log' -o \"-p $PORT -h 127.0.0.1 -k '$DIR' -c fsync=off\" start" >&2
fi

echo "postgres://postgres@127.0.0.1:$PORT/postgres"
