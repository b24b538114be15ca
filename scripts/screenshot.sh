#!/usr/bin/env bash
# Makes the README screenshot from the real app under Xvfb, as a user would get there: types a
# number, slides the check, clicks the request button, and saves the window a few seconds into
# the cooldown, with the delivered message in the inbox. STYLE is light (the default), dark or
# high-contrast: libadwaita's debug variables stand in for the desktop's preference.
# usage: scripts/screenshot.sh OUT.png [STYLE]
set -euo pipefail
out=${1:?usage: scripts/screenshot.sh OUT.png [light|dark|high-contrast]}
case ${2:-light} in
    light) ;;
    dark) export ADW_DEBUG_COLOR_SCHEME=prefer-dark ;;
    high-contrast) export ADW_DEBUG_HIGH_CONTRAST=1 ;;
    *) echo "screenshot: unknown style $2 (light, dark or high-contrast)" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."
mkdir -p "$(dirname "$out")"
. Tests/System/lib/session.sh
start_xvfb 800x800x24
start_app --gateway-latency 300
sleep 1
scripts/drive_flow.sh
sleep 3.6
eval "$(xdotool getwindowgeometry --shell "$WINDOW")"
import -window root -crop "${WIDTH}x${HEIGHT}+0+0" +repage "$out"
echo "wrote $out (${WIDTH}x${HEIGHT})"
