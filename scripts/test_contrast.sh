#!/usr/bin/env bash
# The contrast test: starts the app in the light, dark and high-contrast styles, drives it to
# each state issues 9 and 14 list (idle, the slider focused by Tab, unlocked, counting with the
# fill, the "sent" status and a message, the code typed, an error status, "验证成功"), saves
# screenshots and measures WCAG contrast ratios from their pixels (scripts/contrast.py): text,
# placeholders, button labels, indicators and focus rings. Each run has its own D-Bus session,
# accessibility bus (to find where each element is and to read the delivered code), Xvfb with
# key auto-repeat off (the slider is stepped with single → presses) and app. A run that fails
# half-way leaves rows missing, which fail the test too.
# Then the two controls alone in a third-party window (scripts/third_party_window.py, plain GTK,
# the staged library: make stage): track text at 0, 40 and 90 %, both focus rings, in a light,
# dark and high-contrast style at 1x and 2x text, 300 and 420 px wide. `make test` runs three
# of those twelve (light 1x 420, dark 2x 300, high contrast 2x 300); --full runs them all
# (make contrast-report).
# usage: scripts/test_contrast.sh [--report] [--full] [--out DIR]   (default DIR: .build/contrast)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --controls-inner ]; then
    # One run of the controls, inside dbus-run-session: style, text scale, width, folder, results.
    style=$2 text=$3 width=$4 out=$5 results=$6
    APP=
    . scripts/xvfb.sh
    start_a11y_session
    xset r off
    # 2x text on X11: GTK reads the resolution from the X resources.
    [ "$text" = 1 ] || echo "Xft.dpi: 192" | xrdb -merge
    case $style in
        dark) export GTK_THEME=Adwaita:dark ;;
        high-contrast) export GTK_THEME=HighContrast ;;
    esac
    G_DEBUG=fatal-criticals /usr/bin/python3 scripts/third_party_window.py --width "$width" 2>"$STATE/app.log" &
    APP=$!
    timeout 15 xdotool search --sync --onlyvisible --name '^Third-party form$' >/dev/null
    status=0
    timeout 60 /usr/bin/python3 scripts/contrast.py controls --style "$style" --text "$text" --width "$width" \
        --out "$out" --results "$results" || status=$?
    if grep -qE 'CRITICAL|WARNING|Traceback' "$STATE/app.log"; then
        echo "contrast: the third-party window logged:" >&2; head -5 "$STATE/app.log" >&2; status=1
    fi
    exit $status
fi

if [ "${1:-}" = --inner ]; then
    # One run, inside dbus-run-session: style, scenario, screenshot folder, results file.
    style=$2 scenario=$3 out=$4 results=$5
    APP=
    . scripts/xvfb.sh
    start_a11y_session
    xset r off
    case $style in
        dark) export ADW_DEBUG_COLOR_SCHEME=prefer-dark ;;
        high-contrast) export ADW_DEBUG_HIGH_CONTRAST=1 ;;
    esac
    start_a11y_app "$scenario"
    timeout 120 /usr/bin/python3 scripts/contrast.py measure --style "$style" --scenario "$scenario" \
        --out "$out" --results "$results"
    exit
fi

report='' out=.build/contrast full=''
while [ $# -gt 0 ]; do
    case $1 in
        --report) report=--report ;;
        --full) full=1 ;;
        --out) out=$2; shift ;;
        *) echo "usage: $0 [--report] [--full] [--out DIR]" >&2; exit 2 ;;
    esac
    shift
done
[ -x .build/debug/codegate ] || { echo "build the app first (make build)" >&2; exit 2; }
mkdir -p "$out"
results=$out/results.jsonl
: >"$results"
styles=${CONTRAST_STYLES:-light dark high-contrast}
status=0
for style in $styles; do
    for scenario in success network; do
        timeout 200 dbus-run-session -- "$0" --inner "$style" "$scenario" "$out" "$results" \
            2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2) \
            || { echo "contrast: the $style/$scenario run failed" >&2; status=1; }
    done
done
# shellcheck disable=SC2086  # one word per style
/usr/bin/python3 scripts/contrast.py summarize "$results" $report --styles $styles || status=1

stage=$PWD/.build/stage
[ -f "$stage/lib/girepository-1.0/CodeGate-1.typelib" ] || { echo "stage the library first (make stage)" >&2; exit 2; }
export LD_LIBRARY_PATH=$stage/lib GI_TYPELIB_PATH=$stage/lib/girepository-1.0
controls=$out/controls.jsonl
: >"$controls"
runs="light:1:420 dark:2:300 high-contrast:2:300"
[ -z "$full" ] || runs=$(for s in light dark high-contrast; do for t in 1 2; do for w in 300 420; do
    echo "$s:$t:$w"; done; done; done)
measured=()
for run in $runs; do
    IFS=: read -r style text width <<<"$run"
    measured+=("$style ${text}x ${width}px")
    timeout 90 dbus-run-session -- "$0" --controls-inner "$style" "$text" "$width" "$out" "$controls" \
        2> >(grep -v -e 'fd limit' -e 'Activating service' -e 'Successfully activated' -e 'SpiRegistry daemon' >&2) \
        || { echo "contrast: the controls' $run run failed" >&2; status=1; }
done
/usr/bin/python3 scripts/contrast.py summarize "$controls" $report --controls --styles "${measured[@]}" || status=1
[ -z "$report" ] || status=0
exit $status
