# shellcheck shell=bash
# A private PostgreSQL server for the tests, sourced by ./run: `pg_start DIR` initialises a
# cluster in DIR and starts it on a Unix socket there (no TCP), as the unprivileged user
# `postgres` when run as root (CI); `pg_stop`, `pg_restart_server` stop and start it again;
# PG_URL is the libpq URL of its database `codegate`. The caller traps EXIT to call pg_stop.
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PG_PORT=5439

# Runs a PostgreSQL binary as the user that owns the cluster.
pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_start() {
    PG_DIR=$1
    mkdir -p "$PG_DIR"
    # The server refuses to run as root: the cluster belongs to postgres, and so does every
    # folder on the way to its socket.
    if [ "$(id -u)" = 0 ]; then chown postgres: "$PG_DIR"; chmod 755 "$(dirname "$PG_DIR")"; fi
    pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U postgres >"$PG_DIR/initdb.log" 2>&1 ||
        { cat "$PG_DIR/initdb.log"; return 1; }
    pg_start_server
    pg_as_owner "$PG_BIN/createdb" -h "$PG_DIR" -p "$PG_PORT" -U postgres codegate
    PG_URL="postgresql:///codegate?host=$PG_DIR&port=$PG_PORT&user=postgres"
    export PG_URL
}

pg_start_server() {
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 30 \
        -o "-k $PG_DIR -p $PG_PORT -c listen_addresses='' -c max_connections=200 -c fsync=off" start >/dev/null
}

# Stops the server at once (fast mode: sessions are cut, transactions rolled back).
pg_stop_server() {
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 30 stop >/dev/null
}

# Stops the server if one of ours runs; for the EXIT trap.
pg_stop() {
    [ -n "${PG_DIR:-}" ] && [ -f "$PG_DIR/data/postmaster.pid" ] || return 0
    pg_stop_server || true
}

# Runs SQL on the database, printing the rows unaligned.
pg_sql() {
    pg_as_owner "$PG_BIN/psql" -X -q -A -t -h "$PG_DIR" -p "$PG_PORT" -U postgres -d codegate -c "$1"
}
