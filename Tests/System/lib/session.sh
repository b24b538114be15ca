# shellcheck shell=bash
# Sourced by the scripts that need a private X server. start_xvfb SIZE starts Xvfb on a display
# it picks itself, waits until it accepts connections, exports DISPLAY and sets XVFB_PID.
start_xvfb() {
    local fifo
    fifo=$(mktemp -u) && mkfifo "$fifo"
    Xvfb -displayfd 3 -screen 0 "$1" -nolisten tcp -noreset 3>"$fifo" >/dev/null 2>&1 &
    XVFB_PID=$!
    local number
    read -r -t 10 number <"$fifo" || { echo "Xvfb did not start" >&2; rm -f "$fifo"; return 1; }
    rm -f "$fifo"
    export DISPLAY=":$number"
}

# Sourced too. draw_as_codegate: every program started from here on draws as codegate chooses
# for itself (CairoRendering): with cairo, no OpenGL loaded at all, and no accessibility bus; the
# OpenGL switch is that of this system's GTK: GDK_DEBUG=gl-disable up to 4.14 (Debian 12),
# GDK_DISABLE=gl from 4.16 (Debian 13's 4.18 ignores the former and loads OpenGL after all).
draw_as_codegate() {
    export GSK_RENDERER=cairo GTK_A11Y=none
    if pkg-config --atleast-version=4.16 gtk4; then export GDK_DISABLE=gl; else export GDK_DEBUG=gl-disable; fi
}

# Sourced too. start_app ARGS... starts the built codegate with ARGS on that display, with
# software rendering, no accessibility bus and a state folder of its own (no cooldown saved by
# an earlier run carries over), and waits for its window. Sets APP_PID and WINDOW; on exit the
# app and Xvfb are ended and the state folder removed.
start_app() {
    APP_STATE=$(mktemp -d)
    trap 'kill ${APP_PID:-} $XVFB_PID 2>/dev/null || true; rm -rf "$APP_STATE"' EXIT
    GSK_RENDERER=cairo GTK_A11Y=none XDG_STATE_HOME=$APP_STATE .build/debug/codegate "$@" &
    APP_PID=$!
    # shellcheck disable=SC2034  # WINDOW is for the scripts that source this file
    WINDOW=$(xdotool search --sync --onlyvisible --name '^CodeGate$' | head -1)
}

# Sourced too, inside dbus-run-session. start_a11y_session starts the accessibility bus and a
# private Xvfb, with a state folder for the app (STATE) and the environment an AT-SPI run
# needs: GTK on the bus, software rendering, the source language whatever the developer's.
# Sets BUS_PID; on exit the app (APP, if the caller set it), the bus and Xvfb are ended and the
# state folder removed.
start_a11y_session() {
    STATE=$(mktemp -d)
    trap 'kill ${APP:-} $BUS_PID $XVFB_PID 2>/dev/null || true; wait 2>/dev/null; rm -rf "$STATE"' EXIT
    # A runtime folder of its own: the accessibility bus puts its socket there (else at the
    # fixed ~/.cache/at-spi/bus), so two runs at once never share or steal one bus.
    export XDG_RUNTIME_DIR=$STATE/runtime
    mkdir -m 700 "$XDG_RUNTIME_DIR"
    /usr/libexec/at-spi-bus-launcher --launch-immediately &
    BUS_PID=$!
    # The launcher runs in the background: nothing may ask for the bus before it owns
    # org.a11y.Bus, or D-Bus activation starts a second launcher.
    local waited
    for waited in $(seq 50); do
        gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner org.a11y.Bus 2>/dev/null | grep -q true && break
        [ "$waited" -lt 50 ] || { echo "the accessibility bus did not start within 5 s" >&2; return 1; }
        sleep 0.1
    done
    start_xvfb 800x800x24
    export GSK_RENDERER=cairo GTK_A11Y=atspi XDG_STATE_HOME=$STATE LC_ALL=C.UTF-8 LANGUAGE=
}

# Sourced too, after start_a11y_session. start_a11y_app SCENARIO starts the built codegate for
# an AT-SPI run: a 300 ms gateway, an 8 s cooldown and, for the scenario "network", failing
# requests; its stderr goes to $STATE/app.log. Sets APP and waits for the window.
start_a11y_app() {
    local options=(--gateway-latency 300 --duration 8)
    [ "$1" = network ] && options+=(--gateway-fail network)
    .build/debug/codegate "${options[@]}" 2>"$STATE/app.log" &
    APP=$!
    timeout 15 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null
    sleep 0.5
}

# Sourced too. expect_window PID NAME [SHOT]: the app PID (NAME in messages), started on the
# display, shows its window within 30 s and is still running then; it is ended after, and the
# display saved to the file SHOT first when one is given (ImageMagick's import). On failure it
# calls the sourcing script's `fail` with the reason.
expect_window() {
    timeout 30 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null ||
        fail "$2 showed no CodeGate window within 30 s"
    kill -0 "$1" 2>/dev/null || fail "$2 exited after showing its window"
    if [ -n "${3:-}" ]; then sleep 1 && import -window root "$3"; fi
    kill "$1"
    wait "$1" 2>/dev/null || true
}

# Sourced too, at the top of a test. scratch_session NAME VARIABLE...: a temporary folder in
# $scratch (kept, and its path printed, when KEEP is set) and `fail MESSAGE`, which prints
# "NAME: FAIL: MESSAGE" on stderr and exits 1. On exit, the processes whose ids the named
# variables hold by then (the test sets them as it starts each one) and Xvfb are ended and the
# folder removed.
scratch_session() {
    SCRATCH_TEST=$1
    shift
    SCRATCH_PIDS=("$@" XVFB_PID)
    local name
    for name in "${SCRATCH_PIDS[@]}"; do printf -v "$name" '%s' ""; done
    scratch=$(mktemp -d)
    [ -z "${KEEP:-}" ] || echo "$SCRATCH_TEST: scratch files kept in $scratch"
    trap end_scratch_session EXIT
    # shellcheck disable=SC2317  # called by the test that sourced this file
    fail() { echo "$SCRATCH_TEST: FAIL: $*" >&2; exit 1; }
}

# scratch_session's exit: ends the processes, then removes the folder unless KEEP is set.
end_scratch_session() {
    local name pids=()
    # shellcheck disable=SC2206  # a variable may hold several ids
    for name in "${SCRATCH_PIDS[@]}"; do pids+=(${!name:-}); done
    [ ${#pids[@]} = 0 ] || kill "${pids[@]}" 2>/dev/null || true
    [ -n "${KEEP:-}" ] || rm -rf "$scratch"
}
