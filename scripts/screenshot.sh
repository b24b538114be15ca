#!/usr/bin/env bash
# Makes the README screenshot from the real app under Xvfb: slides the check, clicks the
# request button, waits until the countdown has run a few seconds, and saves the window.
# usage: scripts/screenshot.sh OUT.png
set -euo pipefail
out=${1:?usage: scripts/screenshot.sh OUT.png}
cd "$(dirname "$0")/.."
mkdir -p "$(dirname "$out")"
display=:$((RANDOM % 400 + 100))
Xvfb "$display" -screen 0 800x600x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $app $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display GSK_RENDERER=cairo GTK_A11Y=none
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
.build/debug/codegate &
app=$!
window=$(xdotool search --sync --onlyvisible --name '^CodeGate$' | head -1)
sleep 1
eval "$(xdotool getwindowgeometry --shell "$window")"
# Without a window manager the window sits at the origin; the slider and button are found
# from the layout: thumb at the track's left end, button below it.
track_y=$((HEIGHT * 146 / 260)); button_y=$((HEIGHT * 209 / 260))
xdotool mousemove 52 "$track_y" mousedown 1
for x in $(seq 60 20 $((WIDTH + 20))); do xdotool mousemove "$x" "$track_y"; sleep 0.02; done
xdotool mouseup 1
sleep 0.5
xdotool mousemove $((WIDTH / 2)) "$button_y" click 1
sleep 17.3
import -window root -crop "${WIDTH}x${HEIGHT}+0+0" +repage "$out"
echo "wrote $out (${WIDTH}x${HEIGHT})"
