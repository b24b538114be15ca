# shellcheck shell=bash
# Sourced by the examples' end-to-end tests (Tests/System/example/run, Tests/System/languages/run):
# counting checks and running one scenario of one example in a session of its own.
# Sets up `out` (a temporary folder) and the counters; on exit the sessions still running are
# ended and `out` removed.
started=$SECONDS
out=$(mktemp -d)
sessions=
trap 'kill $sessions 2>/dev/null || true; rm -rf "$out"' EXIT
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

# What the session bus and the accessibility bus say on their own, left out of the output.
noise=(-e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon')

# start_scenario LABEL SCENARIO APP_NAME COMMAND...: starts Tests/System/example/example_session.sh for one
# scenario of one example in its own D-Bus session, in the background; its output goes to
# $out/LABEL.out (LABEL with spaces as dashes) and its screenshots to $out/LABEL/. Sets pid.
start_scenario() {
    local name=${1// /-} limit=60
    [ "$2" != ending ] || limit=130
    mkdir -p "$out/$name"
    timeout $limit dbus-run-session -- Tests/System/example/example_session.sh "$1" "$2" "$out/$name" "${@:3}" \
        >"$out/$name.out" 2>"$out/$name.err" &
    pid=$!
    sessions="$sessions $pid "
}

# finish_scenario LABEL PID: waits for the session start_scenario started, prints its lines
# and counts them; keeps its screenshots in a folder of their own when a check failed.
finish_scenario() {
    local name=${1// /-} status=0
    wait "$2" || status=$?
    sessions=${sessions/ $2 /}
    grep -v -e '^DONE ' "${noise[@]}" "$out/$name.out" || true
    grep -v "${noise[@]}" "$out/$name.err" >&2 || true
    passed=$((passed + $(grep -c '^PASS ' "$out/$name.out" || true)))
    failed=$((failed + $(grep -c '^FAIL ' "$out/$name.out" || true)))
    if [ $status != 0 ] && ! grep -q '^FAIL ' "$out/$name.out"; then
        check 1 "$1: the scenario's session ran" "exit status $status"
    fi
    if grep -q '^FAIL ' "$out/$name.out" && ls "$out/$name"/*.png >/dev/null 2>&1; then
        local kept
        kept=$(mktemp -d /tmp/test_example.XXXXXX)
        cp "$out/$name"/*.png "$kept/"
        echo "    (screenshots kept in $kept)"
    fi
}

# run_scenario LABEL SCENARIO APP_NAME COMMAND...: start_scenario, then finish_scenario.
run_scenario() {
    start_scenario "$@"
    finish_scenario "$1" "$pid"
}
