#!/usr/bin/env bash
# The About test of `make test`: on a private X display and a private session bus, the built
# codegate (or CODEGATE) gets `app.about` 300 times over D-Bus, as `gapplication action` and
# org.gtk.Actions.Activate calls, and must show exactly one About window, grow its resident
# memory by at most ABOUT_RSS_GROWTH_MB (default 20; each new window took ~1 MB) and quit
# within 5 s. Once that window is closed, one more call must show a new one. Prints PASS or
# FAIL; exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.codegate.CodeGate
binary=${CODEGATE:-$PWD/.build/debug/codegate}
[ -x "$binary" ] || { echo "about test: FAIL: build codegate first" >&2; exit 1; }

if [ -z "${CODEGATE_ON_PRIVATE_BUS:-}" ]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    # Not exec: this shell stays to remove the scratch folder afterwards.
    CODEGATE_ON_PRIVATE_BUS=1 HOME="$scratch" XDG_STATE_HOME="$scratch/state" XDG_CONFIG_HOME="$scratch/config" \
        XDG_CACHE_HOME="$scratch/cache" XDG_DATA_HOME="$scratch/data" dbus-run-session -- "$0" "$@"
    exit
fi

app=
XVFB_PID=
trap 'kill $app $XVFB_PID 2>/dev/null || true' EXIT
fail() { echo "about test: FAIL: $*" >&2; exit 1; }
step() { echo "about test: $*"; }
. scripts/xvfb.sh
start_xvfb 800x800x24
# The source language for libadwaita too: its About window is then titled "About".
export GSK_RENDERER=cairo GTK_A11Y=none G_DEBUG=fatal-criticals LC_ALL=C.UTF-8 LANGUAGE=

"$binary" &
app=$!
timeout 30 xdotool search --all --sync --onlyvisible --pid "$app" --name '^CodeGate$' >/dev/null || fail "codegate showed no window"

about_windows() { xdotool search --all --onlyvisible --pid "$app" --name '^About$' 2>/dev/null || true; }
rss_mb() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$app/status"; }
about() { gapplication action "$app_id" about || fail "gapplication action $app_id about failed"; }
activate_about() {
    gdbus call --session --dest "$app_id" --object-path "/${app_id//.//}" \
        --method org.gtk.Actions.Activate about '[]' '{}' >/dev/null || fail "the org.gtk.Actions.Activate call failed"
}

step "the first app.about shows About"
about
timeout 10 xdotool search --all --sync --onlyvisible --pid "$app" --name '^About$' >/dev/null || fail "app.about showed no About window"
first=$(about_windows)
sleep 1
rss_before=$(rss_mb)

step "300 more calls over D-Bus"
for _ in $(seq 150); do
    about
    activate_about
done
sleep 2
kill -0 "$app" 2>/dev/null || fail "codegate is gone after 300 calls"
rss_after=$(rss_mb)
step "RSS $rss_before MB after the first call, $rss_after MB after 300 more"
[ "$(about_windows | wc -l)" = 1 ] || fail "$(about_windows | wc -l) About windows after 300 calls"
[ "$(about_windows)" = "$first" ] || fail "the About window shown is not the first one"
awk -v before="$rss_before" -v after="$rss_after" -v limit="${ABOUT_RSS_GROWTH_MB:-20}" \
    'BEGIN { exit !(after - before <= limit) }' || fail "RSS grew by more than ${ABOUT_RSS_GROWTH_MB:-20} MB"

step "closed, the next call shows a new About window"
xdotool windowfocus --sync "$first" key Escape
timeout 10 bash -c "while xdotool search --all --onlyvisible --pid $app --name '^About\$' >/dev/null; do sleep 0.1; done" \
    || fail "Escape did not close About"
about
timeout 10 xdotool search --all --sync --onlyvisible --pid "$app" --name '^About$' >/dev/null || fail "app.about showed no About window after it was closed"
[ "$(about_windows | wc -l)" = 1 ] || fail "$(about_windows | wc -l) About windows after it was closed and called again"

step "app.quit ends it within 5 s"
gapplication action "$app_id" quit
SECONDS=0
while kill -0 "$app" 2>/dev/null; do
    [ "$SECONDS" -lt 5 ] || fail "codegate still runs 5 s after app.quit"
    sleep 0.1
done
status=0
wait "$app" || status=$?
app=
[ "$status" = 0 ] || fail "codegate ended with status $status after app.quit"

echo "about test: PASS"
