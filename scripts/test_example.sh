#!/usr/bin/env bash
# The example's end-to-end test: builds Examples/SwiftControls, checks that its binary does not
# link libadwaita, then runs three scenarios, each in its own D-Bus session with its own
# accessibility bus, Xvfb and controls-example (GTK_A11Y=atspi, scripts/example_session.sh),
# driven with real pointer events by scripts/example_flow.py, which checks what a user and a
# screen reader get:
#   success  source language: gate, early release, unlock, send, cooling name, status, countdown
#   failure  "让请求失败" checked: the failure's status, the button idle, the slider locked again
#   english  LC_ALL=en_US.UTF-8: the controls' English names
# Prints one line per check (PASS/FAIL) and "N passed, M failed"; exit status 1 on any FAIL.
# usage: scripts/test_example.sh     EXAMPLE_SCENARIOS="failure english" runs only those.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/example_runs.sh

example=Examples/SwiftControls/.build/debug/controls-example

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
    run_scenario "$scenario" "$scenario" controls-example "$example"
done

summary || exit 1
