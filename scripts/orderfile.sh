#!/usr/bin/env bash
# Writes Sources/codegate/codegate.order, the order in which lld lays out the release binary's
# functions (see Package.swift): first every function of the binary that runs from launch until
# the window has settled, then those the request flow adds (scripts/drive_flow.sh), each group
# sorted by name so the file changes only when the code does. The functions are read from a
# callgrind run of the release binary under a private X display.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product codegate
binary=$(readlink -f .build/release/codegate)
. Tests/System/lib/session.sh
start_xvfb 1024x768x24
work=$(mktemp -d)
trap 'kill ${APP_PID:-} $XVFB_PID 2>/dev/null || true; rm -rf "$work"' EXIT
export GSK_RENDERER=cairo GTK_A11Y=none XDG_STATE_HOME=$work LC_ALL=C.UTF-8 LANGUAGE=
valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$work/profile" \
    "$binary" >/dev/null 2>"$work/valgrind.log" &
APP_PID=$!
timeout 120 xdotool search --sync --onlyvisible --name '^CodeGate$' >/dev/null
sleep 3
# Profile part 1: start-up. What follows lands in part 2.
callgrind_control --dump=startup "$APP_PID" >/dev/null 2>&1
scripts/drive_flow.sh
sleep 5
kill -TERM "$APP_PID"
wait "$APP_PID" || true
/usr/bin/python3 - "$binary" "$work/profile.1" "$work/profile" >Sources/codegate/codegate.order <<'EOF'
import re, sys
binary, parts = sys.argv[1], sys.argv[2:]

def functions_run(path):
    """The names of the functions of `binary` that ran, from one callgrind profile. The format
    compresses names: `fn=(7) name` defines id 7, a later `fn=(7)` refers to it."""
    objects, names, current, found = {}, {}, None, set()
    for line in open(path, errors="replace"):
        m = re.match(r"(c?ob)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            if m.group(3):
                objects[m.group(2)] = m.group(3)
            if m.group(1) == "ob":
                current = objects[m.group(2)]
            continue
        m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3)
            if m.group(1) == "fn" and current == binary:
                # Callgrind marks recursion levels with 'N; code without a symbol is named
                # by its address or "(below main)".
                name = re.sub(r"'\d+$", "", names[m.group(2)])
                if not name.startswith(("0x", "(")):
                    found.add(name)
    return found

seen = set()
for part in parts:
    new = functions_run(part) - seen
    seen |= new
    for name in sorted(new):
        print(name)
EOF
echo "orderfile: $(wc -l <Sources/codegate/codegate.order) functions in Sources/codegate/codegate.order"
