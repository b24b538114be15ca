#!/usr/bin/env bash
# `make orderfile`: writes gobject/codegate-1.order, the order in which lld lays out
# libcodegate-1's functions (Package.swift): first every function of the library that runs
# while the Python example starts and settles, then those its flow adds (ten → presses, Tab,
# Space, the countdown), each group sorted by name so the file changes only when the code does.
# The functions are read from a callgrind run of the staged library under a private X display.
# Run it after changes to what the controls run at start-up; `make bench` says when it is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
library=$(readlink -f .build/stage/lib/libcodegate-1.so)
. Tests/System/lib/session.sh
start_xvfb 1024x768x24
work=$(mktemp -d)
trap 'kill ${APP_PID:-} $XVFB_PID 2>/dev/null || true; rm -rf "$work"' EXIT
export GSK_RENDERER=cairo GDK_DEBUG=gl-disable GTK_A11Y=none XDG_STATE_HOME=$work LC_ALL=C.UTF-8 LANGUAGE=
export LD_LIBRARY_PATH=$PWD/.build/stage/lib GI_TYPELIB_PATH=$PWD/.build/stage/lib/girepository-1.0
valgrind --tool=callgrind --demangle=no --dump-instr=no --callgrind-out-file="$work/profile" \
    /usr/bin/python3 Examples/Python/controls-example.py >/dev/null 2>"$work/valgrind.log" &
APP_PID=$!
timeout 120 xdotool search --sync --onlyvisible --name '^CodeGate controls$' >/dev/null
sleep 3
# Profile part 1: start-up. What follows lands in part 2.
callgrind_control --dump=startup "$APP_PID" >/dev/null 2>&1
for _ in $(seq 10); do xdotool key Right; sleep 0.2; done
xdotool key Tab
sleep 0.3
xdotool key space
sleep 4
kill -TERM "$APP_PID"
wait "$APP_PID" || true
/usr/bin/python3 - "$library" "$work/profile.1" "$work/profile" >gobject/codegate-1.order <<'EOF'
import re, sys
library, parts = sys.argv[1], sys.argv[2:]

def functions_run(path):
    """The names of the functions of `library` that ran, from one callgrind profile. The format
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
            if m.group(1) == "fn" and current == library:
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
echo "orderfile: $(wc -l <gobject/codegate-1.order) functions in gobject/codegate-1.order"
