#!/usr/bin/env bash
# The gateway's part of `make bench`: codegate-gateway (release) on loopback under wrk (2 threads,
# 4 connections), keep-alive and a new connection per request, beside the raw rate of its own
# store doing the same transactions in the same run (StateHammer bench: the rate limit's, then
# the check's, for each POST /v1/codes/verify). Prints requests/s, p50/p99 and the ratio to the
# store; fails when keep-alive reaches less than half of the store's rate. Then the same on
# PostgreSQL (a private server on a Unix socket, Tests/System/postgres/server.sh): the store
# alone on it, and the gateway with --database, its ratio to that store's rate.
# usage: scripts/bench_gateway.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
threads=2
connections=4
swift build -c release --product codegate-gateway >/dev/null
swift build -c release --product StateHammer >/dev/null
scratch=$(mktemp -d)
pid=
# shellcheck source=Tests/System/postgres/server.sh
. Tests/System/postgres/server.sh
trap '[ -z "$pid" ] || kill "$pid" 2>/dev/null || true; pg_stop; rm -rf "$scratch"' EXIT

# The store before and after the gateway's runs, on a fresh folder each, averaged: the machine's
# other load moves both alike.
store=$(.build/release/StateHammer bench "$scratch/store1" 5000)

# wrk's requests a second, its 50% and 99% latencies in ms, and the requests that failed.
load() {
    CLOSE=$1 && export CLOSE && wrk -t "$threads" -c "$connections" -d "${seconds}s" --latency -s scripts/bench_gateway.lua "$url" | awk '
        function ms(t) { if (t ~ /us$/) return t / 1000; if (t ~ /ms$/) return t + 0; if (t ~ /s$/) return t * 1000; return t }
        /Requests\/sec:/ { rate = int($2) }
        $1 == "50%" { p50 = ms($2) }
        $1 == "99%" { p99 = ms($2) }
        /Non-2xx/ { errors += $NF }
        # wrk counts each close by the server as a read error, even after a whole answer:
        # with one connection per request, only refused, unwritten and timed-out ones count.
        /Socket errors/ { gsub(",", ""); errors += $4 + $8 + $10 + (ENVIRON["CLOSE"] == "1" ? 0 : $6) }
        END { printf "rate %d p50 %.2f p99 %.2f errors %d\n", rate, p50, p99, errors }'
}
# The gateway with ARGS on a free port, under both loads: "KEEP_ALIVE_FIGURES;NEW_CONNECTION_FIGURES".
gateway() {
    : >"$scratch/out"
    .build/release/codegate-gateway --rate-limit 100000 "$@" >"$scratch/out" 2>/dev/null &
    pid=$!
    # Called in a subshell, which has its own exit: the gateway goes with it whatever happens.
    trap 'kill "$pid" 2>/dev/null || true' EXIT
    for _ in $(seq 100); do url=$(head -n 1 "$scratch/out" 2>/dev/null || true); [ -z "$url" ] || break; sleep 0.1; done
    echo "$(load 0);$(load 1)"
    kill "$pid"
    wait "$pid" || true
    pid=
}
IFS=';' read -r keep fresh <<<"$(gateway --state-dir "$scratch/gateway")"
store2=$(.build/release/StateHammer bench "$scratch/store2" 5000)
# One store's rows: the store alone (the mean of STORE and STORE2), then the gateway on it,
# KEEP and FRESH wrk's figures, each with its ratio to the store's rate; LABEL names the store
# ("" for SQLite). Sets store_rate and keep_rate; fails when a request failed.
report() {
    local label=$1 name rate p50 p99 keep_errors fresh_errors keep_p50 keep_p99 fresh_rate fresh_p50 fresh_p99
    read -r store_rate store_p50 store_p99 <<<"$(echo "$2 $3" | awk '{ printf "%d %.2f %.2f", ($2 + $8) / 2, ($4 + $10) / 2, ($6 + $12) / 2 }')"
    read -r _ keep_rate _ keep_p50 _ keep_p99 _ keep_errors <<<"$4"
    read -r _ fresh_rate _ fresh_p50 _ fresh_p99 _ fresh_errors <<<"$5"
    printf 'gateway bench: %-34s %8s %9.2f %9.2f %7s\n' "${label:-store alone (same transactions)}${label:+ store alone}" \
        "$store_rate" "$store_p50" "$store_p99" "1"
    for row in "${label:+on $label, }keep-alive, $connections connections:$keep_rate:$keep_p50:$keep_p99" \
        "${label:+on $label, }new connection each, $connections at once:$fresh_rate:$fresh_p50:$fresh_p99"; do
        IFS=: read -r name rate p50 p99 <<<"$row"
        printf 'gateway bench: %-34s %8s %9.2f %9.2f %7.2f\n' "$name" "$rate" "$p50" "$p99" \
            "$(awk -v a="$rate" -v b="$store_rate" 'BEGIN { print a / b }')"
    done
    [ "$keep_errors" = 0 ] && [ "$fresh_errors" = 0 ] ||
        { echo "gateway bench: FAIL: $keep_errors and $fresh_errors requests failed${label:+ on $label}" >&2; exit 1; }
}

printf 'gateway bench: %-34s %8s %9s %9s %7s\n' "" "req/s" "p50 ms" "p99 ms" "ratio"
report "" "$store" "$store2" "$keep" "$fresh"
awk -v a="$keep_rate" -v b="$store_rate" 'BEGIN { exit !(a >= b / 2) }' ||
    { echo "gateway bench: FAIL: keep-alive reaches less than half of the store's rate" >&2; exit 1; }

# PostgreSQL: the store alone on it, then the gateway on it, then the store again.
pg_start "$scratch/pg"
pg_store=$(.build/release/StateHammer bench "$PG_URL" 2000)
IFS=';' read -r keep fresh <<<"$(gateway --database "$PG_URL" --key-file "$scratch/gateway/gateway.key")"
pg_store2=$(.build/release/StateHammer bench "$PG_URL" 2000)
report PostgreSQL "$pg_store" "$pg_store2" "$keep" "$fresh"
