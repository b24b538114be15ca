#!/usr/bin/env bash
# The idle test (part of `make test`): runs the built app under its own Xvfb through a whole
# request → countdown → verify cycle with real pointer and key events, then checks that no
# libdispatch worker thread was ever started. The first job Swift puts on its global executor
# starts that pool, and with it a monitor timer that wakes the app once a second for good.
# Twice: on the embedded gateway, and over HTTP against codegate-gateway on loopback. The
# embedded start maps no libsoup, nghttp2 or Kerberos (the HTTP client loads them only for a
# server); over HTTP they are mapped. Then a flow by keyboard alone, after which the main
# thread must not wake once: focus rings that outlive GTK's 3 s timeout without a timer.
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
    [ "$name" = http ] || ! grep -q -e libsoup -e libnghttp2 -e libgssapi_krb5 /proc/$app/maps ||
        fail "$name: the window mapped the HTTP stack: $(grep -o -e 'libsoup[^ ]*' -e 'libnghttp2[^ ]*' -e 'libgssapi_krb5[^ ]*' /proc/$app/maps | sort -u | tr '\n' ' ')"
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
    if [ "$name" = http ]; then
        for library in libsoup-3.0 libnghttp2 libgssapi_krb5; do
            grep -q "$library" /proc/$app/maps || fail "http: $library is not mapped after a flow over HTTP"
        done
        echo "idle test: http: libsoup, nghttp2 and Kerberos loaded for the server"
    else
        echo "idle test: $name: no libsoup, nghttp2 or Kerberos mapped"
    fi
    kill $app
    wait $app 2>/dev/null || true
    app=
}

cycle embedded --duration 2 --gateway-latency 100

# The main thread's wake-ups so far (each is the thread going to sleep once more).
main_wakeups() { awk '/^voluntary_ctxt_switches/ { print $2 }' /proc/$app/task/$app/status; }

# Keyboard only, each key a press and a release: the number, Tab to the slider, slide it with
# the arrow keys, Tab to the button, request; the focus then rests in the code field.
export XDG_STATE_HOME=$scratch/state-keyboard
.build/debug/codegate --duration 2 &
app=$!
xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null
sleep 0.5
xdotool type --delay 20 "13800138000"
xdotool key Tab
for _ in $(seq 12); do xdotool key Right; sleep 0.05; done
xdotool key Tab space
for _ in $(seq 50); do [ -f "$XDG_STATE_HOME/codegate/cooldown" ] && break; sleep 0.05; done
[ -f "$XDG_STATE_HOME/codegate/cooldown" ] || fail "keyboard: the request did not start a cooldown"
# Past the cooldown, GTK's 3 s focus-ring timeout and the caret's 10 s of blinking.
sleep 12
before=$(main_wakeups)
sleep 6
woken=$(( $(main_wakeups) - before ))
[ "$woken" = 0 ] || fail "keyboard: the idle main thread woke $woken times in 6 s"
echo "idle test: keyboard: the idle main thread woke 0 times in 6 s"
kill $app
wait $app 2>/dev/null || true
app=
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
