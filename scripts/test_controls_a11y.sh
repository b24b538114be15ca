#!/usr/bin/env bash
# The controls in someone else's window, by keyboard alone with presses 3 s apart, as a screen
# reader gets them (issue 23, scripts/controls_flow.py): scripts/third_party_window.py (an entry
# before, a plain button after; a failure in the app's words, one in the controls' own, a 3 s
# cooldown) and Examples/Python (--cooldown 3; a failure, a cooldown). Each in its own D-Bus
# session, accessibility bus and Xvfb, side by side; needs the staged library (make stage).
# usage: scripts/test_controls_a11y.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --inner ]; then
    # One window, inside dbus-run-session: the flow's --window, the app's bus name, its command.
    window=$2 app_name=$3
    shift 3
    APP=
    . scripts/xvfb.sh
    start_a11y_session
    G_DEBUG=fatal-criticals "$@" 2>"$STATE/app.log" &
    APP=$!
    status=0
    timeout 150 /usr/bin/python3 scripts/controls_flow.py --window "$window" --app-name "$app_name" || status=$?
    if grep -qE 'CRITICAL|WARNING|Traceback' "$STATE/app.log"; then
        echo "FAIL $window: no criticals, warnings or tracebacks from the window — seen:"
        head -5 "$STATE/app.log" | sed 's/^/    app: /'
        status=1
    fi
    exit $status
fi

stage=$PWD/.build/stage
[ -f "$stage/lib/girepository-1.0/CodeGate-1.typelib" ] || { echo "stage the library first (make stage)" >&2; exit 2; }
export LD_LIBRARY_PATH=$stage/lib GI_TYPELIB_PATH=$stage/lib/girepository-1.0
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
noise=(-e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon')
timeout 200 dbus-run-session -- "$0" --inner third-party third_party_window.py /usr/bin/python3 \
    scripts/third_party_window.py --answers "fail:服务器拒绝了请求，请重新滑动验证,fail,sent:3" \
    >"$out/third-party" 2>&1 &
third=$!
timeout 200 dbus-run-session -- "$0" --inner python controls-example.py /usr/bin/python3 \
    Examples/Python/controls-example.py --cooldown 3 >"$out/python" 2>&1 &
python=$!
status=0
wait $third || status=1
wait $python || status=1
grep -hv "${noise[@]}" "$out/third-party" "$out/python"
for window in third-party python; do
    grep -q "^DONE $window\$" "$out/$window" || { echo "FAIL $window: the walk ran to the end"; status=1; }
done
[ $status = 0 ] && echo "controls a11y test: PASS" || echo "controls a11y test: FAIL"
exit $status
