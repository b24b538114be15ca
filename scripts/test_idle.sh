#!/usr/bin/env bash
# The idle test (part of `make test`): runs the built app under its own Xvfb through a whole
# request → countdown → verify cycle with real pointer and key events, then checks that no
# libdispatch worker thread was ever started. The first job Swift puts on its global executor
# starts that pool, and with it a monitor timer that wakes the app once a second for good.
# Twice: on the embedded gateway, and over HTTP against codegate-gateway on loopback.
# Prints PASS or FAIL; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d)
app=
gateway=
XVFB_PID=
trap 'kill $app $gateway $XVFB_PID 2>/dev/null || true; rm -rf "$scratch"' EXIT
fail() { echo "idle test: FAIL: $*" >&2; exit 1; }

. scripts/xvfb.sh
start_xvfb 800x800x24
export GSK_RENDERER=cairo GTK_A11Y=none

# One cycle of the app started with ARGS, in a state folder of its own.
cycle() {
    local name=$1
    shift
    export XDG_STATE_HOME=$scratch/state-$name
    .build/debug/codegate "$@" &
    app=$!
    xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null
    sleep 0.5
    scripts/drive_flow.sh
    # The saved cooldown proves that the request went through and the countdown runs.
    for _ in $(seq 50); do [ -f "$XDG_STATE_HOME/codegate/cooldown" ] && break; sleep 0.05; done
    [ -f "$XDG_STATE_HOME/codegate/cooldown" ] || fail "$name: the request did not start a cooldown"
    # A wrong code in the code field, checked with Enter: the verify call runs too.
    xdotool mousemove 150 378 click 1
    xdotool type --delay 20 000000
    xdotool key Return
    sleep 2.5
    [ ! -e "$XDG_STATE_HOME/codegate/cooldown" ] || fail "$name: the cooldown did not end by itself"
    workers=$(cat /proc/$app/task/*/comm | { grep -c -e qos -e workq || true; })
    [ "$workers" = 0 ] || fail "$name: $workers libdispatch worker thread(s): $(cat /proc/$app/task/*/comm | tr '\n' ' ')"
    echo "idle test: $name: no worker (threads: $(cat /proc/$app/task/*/comm | sort | uniq -c | tr -s ' \n' ' '))"
    kill $app
    wait $app 2>/dev/null || true
    app=
}

cycle embedded --duration 2 --gateway-latency 100
# The gateway's first line on stdout is its base URL.
mkfifo "$scratch/gateway.out"
.build/debug/codegate-gateway --duration 2 --state-dir "$scratch/gateway" >"$scratch/gateway.out" 2>/dev/null &
gateway=$!
exec 3<"$scratch/gateway.out"
read -r -t 10 url <&3 || fail "codegate-gateway printed no URL"
# Its phone's messages are read on, so its stdout never fills.
cat <&3 >/dev/null &
cycle http --service "$url"
echo "idle test: PASS"
