#!/usr/bin/env bash
# The key storm of `make soak`: random keys and clicks for SECONDS (default 180) through every
# window of the real app — the main window, its menu, the Keyboard Shortcuts window and About,
# each opened on purpose every few seconds and then hammered — on a private X display and a
# private session bus. Keys that quit (Ctrl+Q, Ctrl+W) and the GTK Inspector's (Ctrl+Shift+I,
# Ctrl+Shift+D) are never sent, and clicks keep off the main window's close button; should the
# app still end normally (status 0), it is started again. It fails when the app crashes, and
# when its resident memory grows by more than STORM_RSS_GROWTH_MB (default 25) between the
# warm-up (every window opened once) and the end. STORM_SEED replays a run; CODEGATE storms
# another build (default .build/debug/codegate). Prints PASS or FAIL; exits non-zero on failure.
# usage: scripts/key_storm.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.codegate.CodeGate
binary=${CODEGATE:-$PWD/.build/debug/codegate}
[ -x "$binary" ] || { echo "key storm: FAIL: build codegate first" >&2; exit 1; }

if [ -z "${CODEGATE_STORM_BUS:-}" ]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    # A home of its own, where the About window's links open a handler that does nothing: a
    # storm that clicks "Website" fifty times must not start fifty browsers.
    mkdir -p "$scratch/home/config" "$scratch/home/data/applications"
    handler=codegate-storm-no-browser.desktop
    printf '[Desktop Entry]\nType=Application\nName=No browser\nExec=true %%u\nMimeType=x-scheme-handler/http;x-scheme-handler/https;\n' \
        >"$scratch/home/data/applications/$handler"
    printf '[Default Applications]\nx-scheme-handler/http=%s\nx-scheme-handler/https=%s\n' "$handler" "$handler" \
        >"$scratch/home/config/mimeapps.list"
    # Not exec: this shell stays to remove the scratch folder afterwards.
    CODEGATE_STORM_BUS=1 SCRATCH=$scratch HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/config" \
        XDG_DATA_HOME="$scratch/home/data" XDG_STATE_HOME="$scratch/home/state" XDG_CACHE_HOME="$scratch/home/cache" \
        dbus-run-session -- "$0" "$@"
    exit
fi

seconds=${1:-180}
rss_limit=${STORM_RSS_GROWTH_MB:-25}
seed=${STORM_SEED:-$((RANDOM * 32768 + RANDOM))}
RANDOM=$seed
app=
XVFB_PID=
trap 'kill $app $XVFB_PID 2>/dev/null || true' EXIT
fail() { echo "key storm: FAIL: $*" >&2; exit 1; }
. Tests/System/lib/session.sh
start_xvfb 800x800x24

# Starts the app and waits for its window. glibc overwrites freed memory and keeps it off the
# per-thread cache, which would hand it out again at once: a use-after-free then reads garbage
# and crashes in the run that has it, not only when the memory happens to be reused.
launch() {
    # shellcheck disable=SC2153  # SCRATCH is the first phase's $scratch, passed in the environment
    env GSK_RENDERER=cairo GTK_A11Y=none MALLOC_PERTURB_=165 GLIBC_TUNABLES=glibc.malloc.tcache_count=0 \
        "$binary" 2>>"$SCRATCH/app.err" &
    app=$!
    main=$(timeout 30 xdotool search --all --sync --onlyvisible --pid "$app" --name '^CodeGate$' | head -n1) \
        || fail "codegate showed no window"
    eval "$(xdotool getwindowgeometry --shell "$main")"
    main_width=$WIDTH
}

rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$app/status"; }

# Fails on a crash; starts the app again when it ended normally (status 0).
restarts=0
check_alive() {
    kill -0 "$app" 2>/dev/null && return 0
    local status=0
    wait "$app" || status=$?
    if [ "$status" != 0 ]; then
        [ "$status" -gt 128 ] && status="$status (signal $((status - 128)))"
        fail "codegate ended with status $status after ${SECONDS}s of the storm (seed $seed); its stderr:
$(tail -n20 "$SCRATCH/app.err")"
    fi
    restarts=$((restarts + 1))
    echo "key storm: codegate quit normally; started again"
    launch
    warm_up
    rss_before=$(rss_mb)
}

# Sets `picked` to one of the arguments. Not echoed: a $(…) subshell reseeds RANDOM, and the
# run could not be replayed from its seed.
pick() { local items=("$@"); picked=${items[RANDOM % ${#items[@]}]}; }

# What a round opens on purpose before the random input; the main window's header bar (no
# window manager: every window sits at the origin) has the menu button 142 px left of its edge.
open_menu() { xdotool mousemove $((main_width - 142)) 28 click 1; }
open_about_by_menu() { open_menu; sleep 0.4; xdotool mousemove $((main_width - 140)) 112 click 1; }
# A call that fails because the app just crashed is for check_alive to report.
open_about_by_bus() { gapplication action "$app_id" about || true; }
open_shortcuts() { xdotool key ctrl+question; }
back_to_main() { xdotool key Escape Escape Escape; }

# Every window once, so the memory after it counts what the storm adds, not first use.
warm_up() {
    open_shortcuts; sleep 0.5; back_to_main; sleep 0.3
    open_about_by_menu; sleep 0.5; back_to_main; sleep 0.3
    open_menu; sleep 0.5; back_to_main; sleep 0.5
}

# Keys a user may press anywhere; none quits or opens the Inspector. Return, space and Escape
# come often: they activate what has the focus (About's version button copies it, with a
# toast) and dismiss toasts, menus and windows.
keys=(Return Return space space Escape Escape Tab Tab ISO_Left_Tab Up Down Left Right Right Home End
    Page_Up Page_Down BackSpace Delete F10 shift+F10 Menu ctrl+a ctrl+c ctrl+v ctrl+x ctrl+z ctrl+question
    alt+Down 1 3 8 0 a z)
random_event() {
    case $((RANDOM % 10)) in
        0 | 1 | 2 | 3 | 4) pick "${keys[@]}"; xdotool key --delay 5 "$picked" ;;
        5 | 6 | 7)
            # A click in any window, but not on the main window's close button (top right).
            local x=$((RANDOM % 590)) y=$((RANDOM % 770))
            if [ "$x" -ge $((main_width - 50)) ] && [ "$x" -lt "$main_width" ] && [ "$y" -lt 56 ]; then y=$((y + 56)); fi
            pick 1 1 1 3
            xdotool mousemove "$x" "$y" click "$picked"
            ;;
        8) pick 138 0013 8000 +44 abc 123456; xdotool type --delay 5 "$picked" ;;
        9)
            # A burst of one key: toasts and animations piling up.
            local key
            pick Return space Escape Tab; key=$picked
            pick 5 30 80
            xdotool key --delay "$picked" "$key" "$key" "$key" "$key" "$key"
            ;;
    esac
    pick 0 0 0.05 0.1 0.2 0.4
    sleep "$picked"
}

echo "key storm: ${seconds}s, seed $seed"
launch
warm_up
rss_before=$(rss_mb)
echo "key storm: RSS after the warm-up $rss_before MB"
SECONDS=0
rounds=0
while [ "$SECONDS" -lt "$seconds" ]; do
    rounds=$((rounds + 1))
    pick back_to_main open_menu open_about_by_menu open_about_by_bus open_about_by_bus open_shortcuts
    "$picked"
    sleep 0.3
    check_alive
    for _ in $(seq 40); do
        random_event
        check_alive
    done
done
sleep 1
check_alive
rss_after=$(rss_mb)
echo "key storm: $rounds rounds, $restarts restarts; RSS $rss_before MB after the warm-up, $rss_after MB at the end"
awk -v before="$rss_before" -v after="$rss_after" -v limit="$rss_limit" 'BEGIN { exit !(after - before <= limit) }' \
    || fail "RSS grew by more than $rss_limit MB"
echo "key storm: PASS"
