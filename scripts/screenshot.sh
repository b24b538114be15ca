#!/usr/bin/env bash
# Makes the README screenshot from the real app under Xvfb, as a user would get there: types a
# number, slides the check, clicks the request button, and saves the window a few seconds into
# the cooldown, with the delivered message in the inbox.
# usage: scripts/screenshot.sh OUT.png
set -euo pipefail
out=${1:?usage: scripts/screenshot.sh OUT.png}
cd "$(dirname "$0")/.."
mkdir -p "$(dirname "$out")"
. scripts/xvfb.sh
start_xvfb 800x800x24
app=
state=$(mktemp -d)
trap 'kill $app $XVFB_PID 2>/dev/null || true; rm -rf "$state"' EXIT
# A private state folder: no cooldown saved by an earlier run of the app carries over.
export GSK_RENDERER=cairo GTK_A11Y=none XDG_STATE_HOME=$state
.build/debug/codegate --gateway-latency 300 &
app=$!
window=$(xdotool search --sync --onlyvisible --name '^CodeGate$' | head -1)
sleep 1
scripts/drive_flow.sh
sleep 3.6
eval "$(xdotool getwindowgeometry --shell "$window")"
import -window root -crop "${WIDTH}x${HEIGHT}+0+0" +repage "$out"
echo "wrote $out (${WIDTH}x${HEIGHT})"
