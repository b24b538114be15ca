#!/usr/bin/env bash
# Start-up and memory of codegate beside the C references in bench/, on the GTK of the system it
# runs on: scripts/bench.sh runs it on the host (Debian 12) and, through scripts/bench_trixie.sh,
# in a clean Debian 13 root, so that both releases are measured alike. Builds the C controls
# (bench/baseline.c) and the C + libadwaita window (bench/baseline-adw.c) against this system's
# GTK and libadwaita, then, under a private X display, runs bench/measure.py over them and the
# release build of codegate (.build/release/codegate, built by the caller) into STATE/window.json,
# every program drawn as codegate draws (draw_as_codegate); then codegate once more without the
# renderer and GDK settings, its own choice (CairoRendering), into STATE/own.json: both record the OpenGL
# libraries each program mapped, which scripts/bench_bounds.py checks with the bounds.
# MEASURE-ARGUMENTS go to measure.py before the three programs: options, then more programs.
# usage: scripts/bench_window.sh RUNS STATE [MEASURE-ARGUMENTS...]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=$1 state=$2
shift 2
bench=bench
# Both are written against GTK 4.8: on a newer GTK, its deprecation warnings say nothing here.
# shellcheck disable=SC2046  # pkg-config prints several flags, one word each
cc -O2 -Wno-deprecated-declarations "$bench/baseline.c" -o .build/baseline-c $(pkg-config --cflags --libs gtk4)
# shellcheck disable=SC2046  # as above
cc -O2 -Wno-deprecated-declarations "$bench/baseline-adw.c" -o .build/baseline-adw $(pkg-config --cflags --libs libadwaita-1)
. Tests/System/lib/session.sh
start_xvfb 1024x768x24
trap 'kill $XVFB_PID 2>/dev/null || true' EXIT
# A private state folder, so no saved cooldown carries over from another run of the app.
mkdir -p "$state/app"
export XDG_STATE_HOME=$state/app
# Every program draws as codegate does: a reference left to initialise OpenGL pays for Mesa's
# libLLVM and driver that the app does not, which would flatter codegate's ratios by
# configuration rather than by its code.
draw_as_codegate
echo "GTK $(pkg-config --modversion gtk4), libadwaita $(pkg-config --modversion libadwaita-1):" \
    "GSK_RENDERER=$GSK_RENDERER GDK_DEBUG=${GDK_DEBUG:-} GDK_DISABLE=${GDK_DISABLE:-} GTK_A11Y=$GTK_A11Y"
/usr/bin/python3 "$bench/measure.py" --runs "$runs" --json "$state/window.json" "$@" \
    "c=.build/baseline-c" "adw=.build/baseline-adw" "codegate=.build/release/codegate"
# codegate's own choice of renderer: that it loads no OpenGL where nobody told GDK not to.
env -u GSK_RENDERER -u GDK_DEBUG -u GDK_DISABLE /usr/bin/python3 "$bench/measure.py" --runs 1 --map-runs 0 \
    --json "$state/own.json" "codegate=.build/release/codegate"
