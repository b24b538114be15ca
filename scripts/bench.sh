#!/usr/bin/env bash
# Start-up, memory, idle and countdown cost of codegate beside the C and PyGObject references
# in shared/bench, all under one private X display, the Python example over the GObject
# library beside the PyGObject one (scripts/bench_languages.py), then the HTTP client's round
# trip over loopback (Tests/HTTPBench). usage: scripts/bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bench=${CODEGATE_SHARED:-../shared}/bench
[ -f "$bench/measure.py" ] || { echo "bench: $bench/measure.py not found (set CODEGATE_SHARED)" >&2; exit 2; }
# The binary as `make install` builds it: the Swift runtime linked in.
swift build -c release --static-swift-stdlib --product codegate
cc -O2 "$bench/baseline.c" -o .build/baseline-c $(pkg-config --cflags --libs gtk4)
. scripts/xvfb.sh
start_xvfb 1024x768x24
state=$(mktemp -d)
trap 'kill $XVFB_PID 2>/dev/null || true; rm -rf "$state"' EXIT
# A private state folder, so no saved cooldown carries over from another run of the app.
export GSK_RENDERER=cairo GTK_A11Y=none XDG_STATE_HOME=$state
# The click lands on the references' request button; on codegate it lands in the phone entry,
# so its countdown columns read idle there: the next line measures its countdown for real.
/usr/bin/python3 "$bench/measure.py" --runs "$runs" --click 180,117 \
    "c=.build/baseline-c" "py=/usr/bin/python3 $bench/baseline.py" "codegate=.build/release/codegate"
/usr/bin/python3 scripts/bench_countdown.py --measure "$bench/measure.py" --runs "$runs" .build/release/codegate
# The Python example over the GObject library, as `make stage` staged it, beside the pure
# PyGObject reference: fails when it misses issue 15's bounds.
LD_LIBRARY_PATH=$PWD/.build/stage/lib GI_TYPELIB_PATH=$PWD/.build/stage/lib/girepository-1.0 \
    /usr/bin/python3 scripts/bench_languages.py --measure "$bench/measure.py" --runs "$runs" \
    "/usr/bin/python3 $bench/baseline.py" "/usr/bin/python3 Examples/Python/controls-example.py"
# Request + verify through HTTPCodeService against a SoupServer on 127.0.0.1: the client's own
# share of each round at p50 and p99 (target: under 2 ms at p99), and the connections used.
swift build -c release --product HTTPBench
.build/release/HTTPBench 2000
# The gateway over HTTP beside its own store in the same run (fails under half the store's rate).
scripts/bench_gateway.sh
