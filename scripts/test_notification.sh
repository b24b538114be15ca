#!/usr/bin/env bash
# Part of `make test`: the desktop notification carrying a code goes away once the code is no
# use. On a private session bus (dbus-run-session) with a stand-in notification service
# (scripts/fake_notifications.py, which logs every Notify and CloseNotification) and a private X
# display, the built codegate requests a code three times through its window; the notification
# shown each time must be closed when the code expires (--code-ttl 2), when it is verified, and
# when the app quits. Prints PASS or FAIL; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$PWD/.build/debug/codegate
[ -x "$binary" ] || { echo "notification test: FAIL: build codegate first" >&2; exit 1; }
[ -n "${CODEGATE_ON_PRIVATE_BUS:-}" ] || CODEGATE_ON_PRIVATE_BUS=1 exec dbus-run-session -- "$0"

scratch=$(mktemp -d)
log=$scratch/notifications.log
service=
app=
XVFB_PID=
trap 'kill $app $service $XVFB_PID 2>/dev/null || true; rm -rf "$scratch"' EXIT
fail() { echo "notification test: FAIL: $*" >&2; [ ! -f "$log" ] || sed 's/^/    /' "$log" >&2; exit 1; }
step() { echo "notification test: $*"; }
# Waits up to $2 seconds for a line of the log matching $1.
wait_for() { for _ in $(seq $(($2 * 20))); do grep -q "$1" "$log" 2>/dev/null && return 0; sleep 0.05; done; return 1; }

. scripts/xvfb.sh
start_xvfb 800x800x24
export GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals LC_ALL=C.UTF-8 LANGUAGE=
/usr/bin/python3 scripts/fake_notifications.py "$log" &
service=$!
wait_for '^ready' 10 || fail "the stand-in notification service did not start"

# Starts codegate with $@ and a state of its own, requests a code through the window and waits
# for its notification; sets ID to the notification's id and CODE to the code it carries.
request() {
    : >"$log"
    XDG_STATE_HOME=$(mktemp -d -p "$scratch") "$binary" "$@" &
    app=$!
    timeout 30 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null || fail "no window"
    sleep 0.5
    scripts/drive_flow.sh
    wait_for '^notify' 10 || fail "no notification for the code"
    ID=$(awk '/^notify/ { print $2; exit }' "$log")
    CODE=$(grep -o '[0-9]\{6\}' "$log" | head -n1)
}

# Quits with Ctrl+Q and waits for the app to end.
quit() {
    xdotool key ctrl+q
    timeout 10 tail --pid="$app" -f /dev/null || fail "the app did not quit"
    app=
}

step "a code that expires"
request --code-ttl 2
grep -q "^close $ID$" "$log" && fail "closed before the code expired"
wait_for "^close $ID$" 5 || fail "the notification stayed after the code expired"
quit

step "a code that is verified"
request
# After the request the focus is in the code field.
xdotool type --delay 20 "$CODE"
xdotool key Return
wait_for "^close $ID$" 5 || fail "the notification stayed after the code was verified"
quit

step "the app quits"
request
sleep 0.5
grep -q "^close" "$log" && fail "closed while the code was still good"
quit
wait_for "^close $ID$" 5 || fail "the notification stayed after the app quit"

# The session (or kill) ends the app with SIGTERM: the same as Ctrl+Q, not a silent death.
step "the app is terminated"
request
kill -TERM "$app"
timeout 10 tail --pid="$app" -f /dev/null || fail "the app did not end on SIGTERM"
app=
wait_for "^close $ID$" 5 || fail "the notification stayed after SIGTERM"

echo "notification test: PASS"
