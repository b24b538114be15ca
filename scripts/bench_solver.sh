#!/usr/bin/env bash
# The challenge solver's part of `make bench`: CodeGate's solver (HTTPBench solve: Nettle's
# SHA-256) and the OpenSSL reference (bench/solver.c) solving the same fresh challenges of the
# gateway's default work, on one core each (their thread's CPU time). ROUNDS rounds of COUNT
# challenges, the two solvers in turn in each round, so the machine's other load falls on both
# alike; fails when the median of ours is under 1/1.5 of the reference's hashes a second.
# usage: scripts/bench_solver.sh [ROUNDS] [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
count=${2:-200}
# The least our rate may be, as a share of the reference's.
bound=$(awk 'BEGIN { printf "%.3f", 1 / 1.5 }')
swift build -c release --product HTTPBench >/dev/null
# shellcheck disable=SC2046  # pkg-config prints several flags, one word each
cc -O2 bench/solver.c -o .build/solver-openssl $(pkg-config --cflags --libs libcrypto)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The hashes a second a solver's output ends with.
rate() { sed -n 's/.*hashes\/s on one core.*: \([0-9]*\)$/\1/p' <<<"$1"; }
ours=() theirs=()
for round in $(seq "$rounds"); do
    out=$(.build/release/HTTPBench solve "$count" "$scratch/challenges")
    reference=$(.build/solver-openssl "$scratch/challenges")
    echo "round $round: $out"
    echo "round $round: $reference"
    ours+=("$(rate "$out")")
    theirs+=("$(rate "$reference")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mine=$(median "${ours[@]}")
reference=$(median "${theirs[@]}")
ratio=$(awk -v a="$mine" -v b="$reference" 'BEGIN { printf "%.2f", a / b }')
verdict=$(awk -v a="$mine" -v b="$reference" -v c="$bound" 'BEGIN { print (a >= b * c ? "ok" : "MISSED") }')
printf '%-26s%12s%12s%8s%8s  %s\n' "bound" "codegate" "reference" "ratio" "bound" "reference"
# The bound is a least ratio here, where bench_bounds.py's are most ones: "≥" says so.
printf '%-26s%12s%12s%7s×  ≥%s×  %s\n' "solver hashes/s, one core" "$mine" "$reference" "$ratio" \
    "$(awk -v c="$bound" 'BEGIN { printf "%.2f", c }')" "OpenSSL's SHA-256 (bench/solver.c), median of $rounds rounds $verdict"
[ "$verdict" = ok ] || { echo "bench: bounds missed: solver hashes/s" >&2; exit 1; }
