#!/usr/bin/env bash
# `make soak`: the real app under its own Xvfb through many request → countdown → verify cycles
# with the mouse and keyboard, as a user would, with `--duration 1`. Each cycle slides the
# check, requests a code, waits out the one-second cooldown and verifies a wrong code (the
# right one is only on screen; a wrong one exercises the same path). Prints the resident memory
# at the start, after the warm-up and at the end, and the window's height at the end: memory
# must stay flat after the warm-up and the height constant, however many messages arrive.
# Then the key storm (scripts/key_storm.sh): STORM_SECONDS (default 180) of random keys and
# clicks through every window, About included, which fails on a crash or growing memory.
# usage: scripts/soak.sh [CYCLES] (default 200)
set -euo pipefail
cycles=${1:-200}
warmup=20
cd "$(dirname "$0")/.."
. Tests/System/lib/session.sh
start_xvfb 800x800x24
start_app --duration 1
sleep 1

rss() { awk '/^VmRSS:/ { printf "%.1f MB", $2 / 1024 }' "/proc/$APP_PID/status"; }
height() { eval "$(xdotool getwindowgeometry --shell "$WINDOW")"; echo "$HEIGHT"; }

echo "soak: $cycles cycles; RSS at start $(rss), window height $(height) px"
# Points in the window's layout, which keeps room for every status line (no window manager: the
# window sits at the origin), as in scripts/drive_flow.sh: the phone entry, the slider's thumb
# at rest, the request button and the code entry.
xdotool mousemove 200 121 click 1
xdotool type --delay 20 "138 0013 8000"
for cycle in $(seq 1 "$cycles"); do
    xdotool mousemove 52 228 mousedown 1
    for x in $(seq 80 60 440); do xdotool mousemove "$x" 228; done
    xdotool mouseup 1
    sleep 0.2
    xdotool mousemove 210 274 click 1
    # The one-second cooldown, and the slider gliding back after it.
    sleep 1.6
    xdotool mousemove 175 411 click 1 key ctrl+a type --delay 5 "000000"
    xdotool key Return
    sleep 0.2
    kill -0 "$APP_PID" || { echo "soak: codegate died in cycle $cycle" >&2; exit 1; }
    if [ "$cycle" = "$warmup" ]; then echo "soak: RSS after $warmup cycles (warm-up) $(rss), window height $(height) px"; fi
done
echo "soak: RSS at the end $(rss), window height $(height) px"
kill "$APP_PID"
wait "$APP_PID" 2>/dev/null || true
APP_PID=
scripts/key_storm.sh "${STORM_SECONDS:-180}"
