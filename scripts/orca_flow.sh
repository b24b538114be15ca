#!/usr/bin/env bash
# Runs the real screen reader over the whole flow and prints what it says: Orca (Debian's orca)
# and the app in a private D-Bus session with the accessibility bus and Xvfb (as the a11y test
# has them, key auto-repeat off); scripts/orca_flow.py drives the flow with key presses only and,
# after each step, prints what Orca said (the SPEECH OUTPUT lines of its debug log), then checks
# that the statuses were spoken.
# usage: scripts/orca_flow.sh [--scenario success|network] [--report] [--keep-log FILE]
#   --report    print only, exit 0
#   --keep-log  copy Orca's whole debug log to FILE (it is removed with the run's folder)
# Needs: orca (Debian package; pulls in python3-pyatspi, speech-dispatcher…), xdotool, xvfb,
# x11-xserver-utils, at-spi2-core, dbus. No sound: Orca is pointed at no speech server.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --inner ]; then
    scenario=$2 report=$3 keep=$4
    APP=
    . scripts/xvfb.sh
    start_a11y_session
    xset r off

    # Orca with settings of its own (a fresh profile), no sound, its log line-buffered.
    ORCA=
    ORCA_HOME=$STATE/orca-home
    ORCA_LOG=$STATE/orca-debug.log
    mkdir -p "$ORCA_HOME"
    # shellcheck disable=SC2317  # called from the EXIT trap below, which shellcheck does not follow
    stop_orca() {
        [ -n "$ORCA" ] || return 0
        if [ -n "$keep" ]; then cp "$ORCA_LOG" "$keep" 2>/dev/null || true; fi
        kill -TERM "$ORCA" 2>/dev/null || true
        local n
        for n in $(seq 30); do kill -0 "$ORCA" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$ORCA" 2>/dev/null || true
        wait "$ORCA" 2>/dev/null || true
        ORCA=
    }
    # Orca first, then what start_a11y_session set up (its trap waits for every child).
    session_trap=$(trap -p EXIT)
    session_trap=${session_trap#"trap -- "}
    session_trap=${session_trap%" EXIT"}
    eval "session_trap=$session_trap"
    # shellcheck disable=SC2064  # the session's own trap, as it is now, runs after Orca stops
    trap "stop_orca; $session_trap" EXIT

    HOME=$ORCA_HOME XDG_CONFIG_HOME=$ORCA_HOME/config XDG_DATA_HOME=$ORCA_HOME/data \
        XDG_CACHE_HOME=$ORCA_HOME/cache GSETTINGS_BACKEND=memory \
        SPEECHD_ADDRESS=unix_socket:/nonexistent LC_ALL=${ORCA_LANG:-C.UTF-8} \
        /usr/bin/python3 scripts/orca_flow.py --run-orca "$ORCA_LOG" >"$STATE/orca.out" 2>&1 &
    ORCA=$!
    # Ready when it has started its event loop (about 1 s here): poll, 20 s at most.
    ready=
    for n in $(seq 200); do
        if grep -q 'ORCA: Startup complete' "$ORCA_LOG" 2>/dev/null; then ready=1; break; fi
        kill -0 "$ORCA" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$ready" ]; then
        echo "Orca did not start (within 20 s):" >&2
        cat "$STATE/orca.out" >&2
        tail -20 "$ORCA_LOG" >&2 2>/dev/null || true
        exit 1
    fi
    echo "Orca ready after $(( n / 10 )).$(( n % 10 )) s"

    app_started=$(date +%H:%M:%S.%6N)
    start_a11y_app "$scenario"
    status=0
    timeout 100 /usr/bin/python3 scripts/orca_flow.py --orca-log "$ORCA_LOG" --scenario "$scenario" \
        --app-started "$app_started" ${report:+"$report"} || status=$?
    [ $status = 124 ] && echo "the flow did not finish within 100 s" >&2
    if grep -q CRITICAL "$STATE/app.log"; then
        echo "app criticals:"; grep CRITICAL "$STATE/app.log"
    fi
    exit $status
fi

scenario=success report='' keep=''
while [ $# -gt 0 ]; do
    case $1 in
        --scenario) scenario=${2:?}; shift 2 ;;
        --scenario=*) scenario=${1#*=}; shift ;;
        --report) report=--report; shift ;;
        --keep-log) keep=$(realpath -m "${2:?}"); shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
case $scenario in success|network) ;; *) echo "scenario: success or network" >&2; exit 2 ;; esac
[ -x .build/debug/codegate ] || { echo "build the app first (make build)" >&2; exit 2; }
[ -x /usr/bin/orca ] || { echo "Orca is missing: apt-get install orca" >&2; exit 2; }

start=$EPOCHREALTIME
status=0
timeout 150 dbus-run-session -- "$0" --inner "$scenario" "$report" "$keep" \
    2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' \
        -e 'SpiRegistry daemon' >&2) || status=$?
awk -v s="$start" -v e="$EPOCHREALTIME" 'BEGIN { printf "run time: %.1f s\n", e - s }' 
[ -n "$report" ] && exit 0
[ $status = 0 ] && echo "orca flow ($scenario): PASS" || echo "orca flow ($scenario): FAIL"
exit $status
