#!/usr/bin/env bash
# One scenario of Tests/System/example/example_flow.py against one controls example, inside the D-Bus session
# dbus-run-session made for it: starts the accessibility bus and Xvfb (Tests/System/lib/session.sh), the
# example (GTK_A11Y=atspi, G_DEBUG=fatal-criticals, stderr kept), waits for its window
# "CodeGate controls", runs the driver and checks that the example is still alive and logged no
# GLib criticals or warnings.
# Prints the driver's PASS/FAIL lines and its own, each prefixed with LABEL.
# usage: dbus-run-session -- Tests/System/example/example_session.sh LABEL SCENARIO SHOTS APP_NAME COMMAND...
#   LABEL     what the lines start with (e.g. "python success")
#   SCENARIO  success, failure, english or ending (see Tests/System/example/example_flow.py)
#   SHOTS     a folder for the driver's screenshots
#   APP_NAME  the name the example has on the accessibility bus (its program name)
set -euo pipefail
cd "$(dirname "$0")/../../.."
label=$1 scenario=$2 shots=$3 app_name=$4
shift 4
APP=
. Tests/System/lib/session.sh
start_a11y_session          # sets LC_ALL=C.UTF-8 LANGUAGE= (the source language)
if [ "$scenario" = english ]; then
    export LC_ALL=en_US.UTF-8 LANG=en_US.UTF-8
fi
G_DEBUG=fatal-criticals "$@" 2>"$STATE/app.log" &
APP=$!
if timeout 15 xdotool search --sync --onlyvisible --name '^CodeGate controls$' >/dev/null; then
    echo "PASS $label: the window \"CodeGate controls\" appears"
else
    echo "FAIL $label: the window \"CodeGate controls\" appears — expected it within 15 s; seen none"
    sed 's/^/    app: /' "$STATE/app.log"
    exit 1
fi
status=0
limit=30
[ "$scenario" != ending ] || limit=110
timeout $limit /usr/bin/python3 Tests/System/example/example_flow.py --scenario "$scenario" --label "$label" \
    --app-name "$app_name" --shots "$shots" >"$STATE/flow.out" || status=$?
cat "$STATE/flow.out"
if ! grep -q "^DONE $label\$" "$STATE/flow.out"; then
    echo "FAIL $label: the driver ran to the end — expected DONE; seen exit status $status"
fi
if kill -0 "$APP" 2>/dev/null; then
    echo "PASS $label: the example is still running after the flow"
else
    echo "FAIL $label: the example is still running after the flow — expected it alive; seen it gone"
    sed 's/^/    app: /' "$STATE/app.log" | tail -20
fi
if grep -qE 'CRITICAL|WARNING|Traceback|Error' "$STATE/app.log"; then
    echo "FAIL $label: no GLib criticals, warnings or errors in the example's stderr — seen:"
    grep -E 'CRITICAL|WARNING|Traceback|Error' "$STATE/app.log" | head -5 | sed 's/^/    app: /'
else
    echo "PASS $label: no GLib criticals, warnings or errors in the example's stderr"
fi
