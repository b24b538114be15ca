#!/usr/bin/env bash
# make bench's start-up, memory and OpenGL bounds on Debian 13 (trixie: GTK 4.18, libadwaita
# 1.7), as on the host: scripts/bench_window.sh and scripts/bench_bounds.py run inside a clean
# trixie root (Tests/System/lib/root.sh, gtk_root: the root Tests/System/trixie/run uses) over
# the release build the host made (.build/release/codegate, the Swift runtime linked in: it needs
# no toolchain there), beside the C references compiled there against trixie's GTK and
# libadwaita. The build tree is seen through an overlay: what the root writes stays there.
# Needs root (sudo), the release build (scripts/bench.sh makes it) and Debian's mirror when the
# kept root is missing or stale (DEB_MIRROR, DEB_SECURITY_MIRROR).
# usage: scripts/bench_trixie.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
release=trixie
scratch=$(mktemp -d)
chmod 755 "$scratch"
fail() { echo "bench on $release: FAIL: $*" >&2; exit 1; }
step() { echo "bench on $release: $*"; }
. Tests/System/lib/root.sh
cleanup() {
    local status=$?
    trap - EXIT
    remove_root_and_scratch || status=1
    exit "$status"
}
trap cleanup EXIT

[ -x .build/release/codegate ] || fail ".build/release/codegate is not built (scripts/bench.sh builds it)"
gtk_root "$release"
mount_build_tree
missing=$(in_root ldd "$PWD/.build/release/codegate" | grep 'not found' || true)
[ -z "$missing" ] || fail "in the $release root, codegate needs libraries it does not have: $missing"
# The state folder and the figures in the root's own /tmp; the shell's environment only that
# of the host's bench that matters to the programs (the locale).
# shellcheck disable=SC2016  # expanded by the shell in the root
in_root env -i PATH=/usr/bin:/bin HOME=/root LANG="${LANG:-C.UTF-8}" \
    bash -c 'cd "$1" && state=$(mktemp -d) && scripts/bench_window.sh "$2" "$state" &&
        /usr/bin/python3 scripts/bench_bounds.py --own "$state/own.json" "$state/window.json"' sh "$PWD" "$runs"
