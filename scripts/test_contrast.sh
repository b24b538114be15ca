#!/usr/bin/env bash
# The contrast test: starts the app in the light, dark and high-contrast styles, drives it to
# each state issues 9 and 14 list (idle, the slider focused by Tab, unlocked, counting with the
# fill, the "sent" status and a message, the code typed, an error status, "验证成功"), saves
# screenshots and measures WCAG contrast ratios from their pixels (scripts/contrast.py): text,
# placeholders, button labels, indicators and focus rings. Each run has its own D-Bus session,
# accessibility bus (to find where each element is and to read the delivered code), Xvfb with
# key auto-repeat off (the slider is stepped with single → presses) and app. A run that fails
# half-way leaves rows missing, which fail the test too.
# usage: scripts/test_contrast.sh [--report] [--out DIR]   (default DIR: .build/contrast)
set -euo pipefail
cd "$(dirname "$0")/.."

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

report='' out=.build/contrast
while [ $# -gt 0 ]; do
    case $1 in
        --report) report=--report ;;
        --out) out=$2; shift ;;
        *) echo "usage: $0 [--report] [--out DIR]" >&2; exit 2 ;;
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
[ -z "$report" ] || status=0
exit $status
