#!/bin/sh
# Real processes on one state folder, as two CodeGate windows in two sessions (or without a
# session bus) are: two gateways race for the same hundred numbers and exactly one code goes
# out for each, none twice; then a gateway killed with SIGKILL in the middle of its writes
# loses none of the records it had committed, and the database is still whole.
# Usage: scripts/test_state_race.sh [path of the StateHammer binary]
set -eu
hammer=${1:-.build/debug/StateHammer}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "state race: FAIL: $*"; exit 1; }

# 1. Two processes, the same numbers in the same order, from the same instant on.
start=$(date +%s.%N | awk '{ printf "%.3f", $1 + 1 }')
"$hammer" request "$work/state" 100 "$start" >"$work/a" &
first=$!
"$hammer" request "$work/state" 100 "$start" >"$work/b" &
second=$!
wait $first || fail "the first gateway failed"
wait $second || fail "the second gateway failed"
sent=$(cat "$work/a" "$work/b" | grep -c '^sent ' || true)
unique=$(cat "$work/a" "$work/b" | grep '^sent ' | sort -u | wc -l)
both=$(cat "$work/a" "$work/b" | wc -l)
[ "$both" -eq 200 ] || fail "$both answers, not 200"
[ "$sent" -eq 100 ] && [ "$unique" -eq 100 ] || fail "$sent codes sent ($unique numbers) for 100 numbers"
raced=$(grep -c '^sent ' "$work/a" || true)
echo "state race: 100 numbers, 100 codes, none twice (the first process sent $raced, the second $((100 - raced)))"
"$hammer" check "$work/state" 100 >"$work/check"
lost=$(grep -c '^lost ' "$work/check" || true)
[ "$lost" -eq 0 ] || fail "$lost records lost"

# 2. A gateway killed mid-way: every record it said it committed is there.
# The store holds at most 1,000 live records and then refuses: on a quiet machine the gateway
# reaches that in well under a second, so it is killed once it has committed 200, not after a
# fixed time (at most 10 s of waiting for them).
# The file exists before the loop reads it, however late the shell starts the gateway.
: >"$work/k"
"$hammer" request "$work/killed" 100000 >"$work/k" &
victim=$!
tries=0
while [ "$(grep -c '^sent ' "$work/k" || true)" -lt 200 ] && [ $tries -lt 200 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
kill -9 $victim 2>/dev/null || fail "the gateway ended before it was killed: $(tail -1 "$work/k")"
wait $victim 2>/dev/null || true
committed=$(grep -c '^sent ' "$work/k" || true)
[ "$committed" -gt 0 ] || fail "nothing was committed before the kill"
"$hammer" check "$work/killed" "$committed" >"$work/after" 2>"$work/after.err" || fail "the state after the kill: $(cat "$work/after.err")"
[ ! -s "$work/after.err" ] || fail "the state after the kill was reported: $(cat "$work/after.err")"
lost=$(grep -c '^lost ' "$work/after" || true)
[ "$lost" -eq 0 ] || fail "$lost of $committed committed records lost to the kill"
echo "state race: killed after $committed commits, none lost, the database whole"
