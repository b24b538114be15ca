#!/usr/bin/env bash
# The single-instance test of `make test`: on a private X display and a private session bus
# (dbus-run-session), the built codegate is started, then started again, plainly and with
# options; each second launch must exit 0 and leave one process with one window, and one with
# options must say on stderr that they are ignored. Then, with the first one closed, the app is
# activated over D-Bus as a desktop launches a DBusActivatable=true desktop file (an
# org.freedesktop.Application.Activate call), which makes the bus start it through a service
# file like the installed one. Prints PASS or FAIL; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.codegate.CodeGate
binary=$PWD/.build/debug/codegate
[ -x "$binary" ] || { echo "single instance test: FAIL: build codegate first" >&2; exit 1; }

if [ -z "${CODEGATE_ON_PRIVATE_BUS:-}" ]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    # dbus-run-session's bus finds services in $XDG_DATA_DIRS/dbus-1/services.
    mkdir -p "$scratch/share/dbus-1/services" "$scratch/home"
    sed "s|@bindir@|${binary%/*}|" "Resources/$app_id.service.in" >"$scratch/share/dbus-1/services/$app_id.service"
    CODEGATE_ON_PRIVATE_BUS=1 SCRATCH=$scratch XDG_DATA_DIRS="$scratch/share:/usr/share" \
        HOME="$scratch/home" XDG_STATE_HOME="$scratch/home/state" XDG_CONFIG_HOME="$scratch/home/config" \
        XDG_CACHE_HOME="$scratch/home/cache" XDG_DATA_HOME="$scratch/home/data" \
        exec dbus-run-session -- "$0"
fi

first=
XVFB_PID=
trap 'kill $first $XVFB_PID 2>/dev/null || true' EXIT
fail() { echo "single instance test: FAIL: $*" >&2; exit 1; }
step() { echo "single instance test: $*"; }
. scripts/xvfb.sh
start_xvfb 800x800x24
export GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals
# What a desktop session does at log-in: the services the bus starts get the display too.
dbus-update-activation-environment DISPLAY GSK_RENDERER GTK_A11Y G_DEBUG

windows() { xdotool search --onlyvisible --name '^CodeGate$' 2>/dev/null | wc -l; }
# The pid of the process that shows the one CodeGate window.
window_pid() { xdotool search --onlyvisible --name '^CodeGate$' getwindowpid 2>/dev/null | head -n1; }

step "first launch"
# shellcheck disable=SC2153  # SCRATCH is the first phase's $scratch, passed in the environment
"$binary" 2>"$SCRATCH/first.err" &
first=$!
timeout 30 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null || fail "the first launch showed no window"

second_launch() {
    local status=0
    timeout 20 "$binary" "$@" 2>"$SCRATCH/second.err" || status=$?
    [ "$status" = 0 ] || fail "codegate $* exited with status $status: $(cat "$SCRATCH/second.err")"
    sleep 0.5
    kill -0 "$first" 2>/dev/null || fail "the first instance is gone after codegate $*"
    [ "$(windows)" = 1 ] || fail "$(windows) CodeGate windows after codegate $*"
    [ "$(window_pid)" = "$first" ] || fail "the window after codegate $* is not the first instance's"
}

step "second launch: exits 0, the first instance keeps the one window"
second_launch
[ ! -s "$SCRATCH/second.err" ] || fail "a plain second launch printed: $(cat "$SCRATCH/second.err")"

step "second launch with options: one line on stderr, exits 0"
second_launch --duration 5
expected="codegate: CodeGate is already running; its window is shown and the options are ignored"
[ "$(cat "$SCRATCH/second.err")" = "$expected" ] || fail "stderr was: $(cat "$SCRATCH/second.err")"

step "closing the first instance"
kill "$first"
wait "$first" 2>/dev/null || true
first=

step "D-Bus activation: the bus starts codegate --gapplication-service"
gdbus call --session --dest "$app_id" --object-path "/${app_id//.//}" \
    --method org.freedesktop.Application.Activate '{}' >/dev/null || fail "the Activate call failed"
timeout 30 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null || fail "D-Bus activation showed no window"
first=$(window_pid)
tr '\0' ' ' <"/proc/$first/cmdline" | grep -q -- '--gapplication-service' || fail "the window is not the D-Bus-activated service's"
second_launch

echo "single instance test: PASS"
