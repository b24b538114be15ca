#!/usr/bin/env bash
# The example's end-to-end test: builds Examples/SwiftControls, checks that its binary does not
# link libadwaita, then runs three scenarios, each in its own D-Bus session with its own
# accessibility bus, Xvfb and controls-example (GTK_A11Y=atspi), driven with real pointer events
# by scripts/example_flow.py, which checks what a user and a screen reader get:
#   success  source language: gate, early release, unlock, send, cooling name, status, countdown
#   failure  "让请求失败" checked: the failure's status, the button idle, the slider locked again
#   english  LC_ALL=en_US.UTF-8: the controls' English names
# Prints one line per check (PASS/FAIL) and "N passed, M failed"; exit status 1 on any FAIL.
# usage: scripts/test_example.sh     EXAMPLE_SCENARIOS="failure english" runs only those.
set -euo pipefail
cd "$(dirname "$0")/.."

example=Examples/SwiftControls/.build/debug/controls-example

if [ "${1:-}" = --inner ]; then
    # One scenario, inside dbus-run-session: the scenario and a folder for screenshots follow.
    scenario=$2 shots=$3
    APP=
    . scripts/xvfb.sh
    start_a11y_session          # sets LC_ALL=C.UTF-8 LANGUAGE= (the source language)
    if [ "$scenario" = english ]; then
        export LC_ALL=en_US.UTF-8 LANG=en_US.UTF-8
    fi
    "$example" 2>"$STATE/app.log" &
    APP=$!
    if timeout 15 xdotool search --sync --onlyvisible --name '^CodeGate controls$' >/dev/null; then
        echo "PASS $scenario: the window \"CodeGate controls\" appears"
    else
        echo "FAIL $scenario: the window \"CodeGate controls\" appears — expected it within 15 s; seen none"
        sed 's/^/    app: /' "$STATE/app.log"
        exit 1
    fi
    status=0
    timeout 30 /usr/bin/python3 scripts/example_flow.py --scenario "$scenario" --shots "$shots" \
        >"$STATE/flow.out" || status=$?
    cat "$STATE/flow.out"
    if ! grep -q "^DONE $scenario\$" "$STATE/flow.out"; then
        echo "FAIL $scenario: the driver ran to the end — expected DONE; seen exit status $status"
    fi
    if kill -0 "$APP" 2>/dev/null; then
        echo "PASS $scenario: the example is still running after the flow"
    else
        echo "FAIL $scenario: the example is still running after the flow — expected it alive; seen it gone"
    fi
    if grep -qE 'CRITICAL|WARNING' "$STATE/app.log"; then
        echo "FAIL $scenario: no GLib criticals or warnings in the example's stderr — seen:"
        grep -E 'CRITICAL|WARNING' "$STATE/app.log" | head -5 | sed 's/^/    app: /'
    else
        echo "PASS $scenario: no GLib criticals or warnings in the example's stderr"
    fi
    exit 0
fi

started=$SECONDS
out=$(mktemp -d)
pid=
trap 'kill ${pid:-} 2>/dev/null || true; rm -rf "$out"' EXIT
trap 'exit 130' INT TERM
passed=0 failed=0

check() {  # check OK WHAT [DETAIL]: one line, counted
    if [ "$1" = 0 ]; then
        passed=$((passed + 1)); echo "PASS $2"
    else
        failed=$((failed + 1)); echo "FAIL $2${3:+ — $3}"
    fi
}

summary() {  # the runtime, then "N passed, M failed" as the last line; fails on any FAIL
    echo "runtime: $((SECONDS - started)) s"
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
}

noise=(-e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon')

ok=0
swift build --package-path Examples/SwiftControls >"$out/build.log" 2>&1 || ok=$?
[ $ok = 0 ] && [ ! -x "$example" ] && ok=1
check $ok "build: swift build --package-path Examples/SwiftControls gives $example" \
    "$(tail -5 "$out/build.log" | tr "\n" " ")"
if [ $ok != 0 ]; then
    summary
    exit 1
fi

needed=$(readelf -d "$example" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' || true)
if grep -q '^libgtk-4\.so' <<<"$needed" && ! grep -qi adwaita <<<"$needed"; then ok=0; else ok=1; fi
check $ok "readelf -d: the example needs libgtk-4 and no libadwaita" \
    "NEEDED: $(tr '\n' ' ' <<<"$needed")"

for scenario in ${EXAMPLE_SCENARIOS:-success failure english}; do
    mkdir -p "$out/$scenario"
    status=0
    timeout 60 dbus-run-session -- "$0" --inner "$scenario" "$out/$scenario" \
        >"$out/$scenario.out" 2>"$out/$scenario.err" &
    pid=$!
    wait $pid || status=$?
    pid=
    grep -v -e '^DONE ' "${noise[@]}" "$out/$scenario.out" || true
    grep -v "${noise[@]}" "$out/$scenario.err" >&2 || true
    passed=$((passed + $(grep -c '^PASS ' "$out/$scenario.out" || true)))
    failed=$((failed + $(grep -c '^FAIL ' "$out/$scenario.out" || true)))
    if [ $status != 0 ] && ! grep -q '^FAIL ' "$out/$scenario.out"; then
        check 1 "$scenario: the scenario's session ran" "exit status $status"
    fi
    if grep -q '^FAIL ' "$out/$scenario.out" && ls "$out/$scenario"/*.png >/dev/null 2>&1; then
        kept=$(mktemp -d /tmp/test_example.XXXXXX)
        cp "$out/$scenario"/*.png "$kept/"
        echo "    (screenshots kept in $kept)"
    fi
done

summary || exit 1
