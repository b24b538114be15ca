#!/usr/bin/env bash
# The accessibility test: walks the whole flow with key events only, key auto-repeat off, and
# checks names, focus, invalid states and the events a screen reader hears (scripts/a11y_flow.py).
# Two runs, each with its own D-Bus session, accessibility bus, Xvfb and app: the normal flow,
# and one with --gateway-fail network (where focus must go after an error).
# usage: scripts/test_a11y.sh [--report]   (--report: print only, exit 0)
# A11Y_SCENARIOS=success (or network) runs only that one.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --inner ]; then
    # One run, inside dbus-run-session: scenario and the flow script's options follow.
    scenario=$2; shift 2
    APP=
    . scripts/xvfb.sh
    start_a11y_session
    xset r off
    start_a11y_app "$scenario"
    status=0
    timeout 180 /usr/bin/python3 scripts/a11y_flow.py --scenario "$scenario" "$@" || status=$?
    if grep -q CRITICAL "$STATE/app.log"; then
        echo "app criticals:"; grep CRITICAL "$STATE/app.log"
    fi
    exit $status
fi

[ -x .build/debug/codegate ] || { echo "build the app first (make build)" >&2; exit 2; }
status=0
for scenario in ${A11Y_SCENARIOS:-success network}; do
    timeout 240 dbus-run-session -- "$0" --inner "$scenario" "$@" 2> >(grep -v -e 'fd limit' -e 'Activating service' \
        -e 'Successfully activated' -e 'SpiRegistry daemon' >&2) || status=1
done
if [ "${1:-}" = --report ]; then exit 0; fi
[ $status = 0 ] && echo "a11y test: PASS" || echo "a11y test: FAIL"
exit $status
