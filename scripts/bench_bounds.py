#!/usr/bin/python3
"""make bench's bounds: codegate's figures against the references of the same run, every program
drawn with the same renderer and GDK settings, on the system it runs on (its /etc/os-release
names it): scripts/bench.sh runs it on the host and in a clean Debian 13 root.

Reads the medians bench/measure.py wrote (--json: c, adw, codegate), with --countdown those of
scripts/bench_countdown.py (--json: codegate's counting and idle over its real flow), and with
--own those of codegate started with its own rendering settings (none of the bench's), prints
each figure with its reference, its ratio and its bound, and exits 1 when one is missed. Without
--countdown only the start-up and memory bounds (and the OpenGL check) apply.

The map time is the figure a busy machine moves most: besides the ratio of the two medians,
the median of the per-round ratios (codegate and the C + libadwaita window started next to each
other in each of measure.py's rounds, so under the same load) must meet the bound too; the
quartiles of those ratios and the load average of the run are printed with it.

OpenGL: no program may have mapped an OpenGL library or driver (measure.py's gl_libs). For
codegate that is the bound (it draws with cairo and loads no OpenGL, CairoRendering); for the
references it is what makes the comparison like for like (Mesa's libLLVM and driver would cost
them memory and start-up that codegate does not pay).

usage: bench_bounds.py [--countdown COUNTDOWN.json] [--own OWN.json] MEASURE.json
"""
import argparse, json, platform, statistics, sys

MAP_BOUND = 1.00
# (what, codegate's figure, reference's figure, the most the ratio may be)
WINDOW_RATIOS = [
    ("map time", ("window", "codegate", "map_s"), ("window", "adw", "map_s"), MAP_BOUND),
    ("RSS", ("window", "codegate", "rss_mb"), ("window", "adw", "rss_mb"), 1.00),
]
COUNTING_RATIOS = [
    ("counting CPU", ("counting", "countdown", "cpu_ms_per_s"), ("window", "c", "countdown_cpu_ms_per_s"), 0.25),
    ("counting wake-ups", ("counting", "countdown", "wakeups_per_s"), ("window", "c", "countdown_wakeups_per_s"), 0.10),
]
# (what, codegate's figure): each must be 0.
ZEROS = [
    ("idle CPU ms/s", ("counting", "idle", "cpu_ms_per_s")),
    ("idle wake-ups/s", ("counting", "idle", "wakeups_per_s")),
]
REFERENCES = {"adw": "C + libadwaita window (bench/baseline-adw.c)", "c": "C controls (bench/baseline.c)"}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--countdown")
    ap.add_argument("--own")
    ap.add_argument("measure")
    a = ap.parse_args()
    release = platform.freedesktop_os_release().get("PRETTY_NAME", "this system")
    figures = {}
    for part, path in (("window", a.measure), ("counting", a.countdown), ("own", a.own)):
        if path:
            with open(path) as f:
                figures[part] = json.load(f)
    def value(path):
        part, name, column = path
        return figures[part][name][column]
    missed = []
    print(f"bounds on {release}:")
    print(f"{'bound':<20}{'codegate':>10}{'reference':>11}{'ratio':>8}{'bound':>8}  reference")
    for what, ours, theirs, bound in WINDOW_RATIOS + (COUNTING_RATIOS if a.countdown else []):
        mine, reference = value(ours), value(theirs)
        ratio = mine / reference if reference else float("inf")
        verdict = "ok" if ratio <= bound else "MISSED"
        print(f"{what:<20}{mine:>10.3f}{reference:>11.3f}{ratio:>7.2f}×{bound:>7.2f}×  {REFERENCES[theirs[1]]} {verdict}")
        if verdict != "ok":
            missed.append(what)
    for what, ours in ZEROS if a.countdown else []:
        mine = value(ours)
        verdict = "ok" if mine == 0 else "MISSED"
        print(f"{what:<20}{mine:>10.3f}{'':>11}{'':>8}{'0':>8}   {verdict}")
        if verdict != "ok":
            missed.append(what)
    ours, theirs = figures["window"]["codegate"]["map_s_runs"], figures["window"]["adw"]["map_s_runs"]
    paired = sorted(a / b for a, b in zip(ours, theirs) if a is not None and b)
    ratio = statistics.median(paired) if paired else float("inf")
    verdict = "ok" if ratio <= MAP_BOUND else "MISSED"
    quartiles = statistics.quantiles(paired, n=4) if len(paired) > 1 else [ratio, ratio, ratio]
    print(f"{'map time, paired':<20}{'':>10}{'':>11}{ratio:>7.2f}×{MAP_BOUND:>7.2f}×  median of {len(paired)} rounds' "
          f"ratios (quartiles {quartiles[0]:.2f}–{quartiles[2]:.2f}) {verdict}")
    if verdict != "ok":
        missed.append("map time, paired")
    programs = [(f"{name}, bench's settings", figures["window"][name]) for name in figures["window"] if name != "_load"]
    programs += [(f"{name}, its own settings", figures["own"][name]) for name in figures.get("own", {}) if name != "_load"]
    for what, medians in programs:
        mapped = medians.get("gl_libs")
        verdict = "ok" if mapped == [] else "MISSED"
        print(f"no OpenGL mapped: {what}: {' '.join(mapped) if mapped else 'none' if mapped == [] else 'not read'} {verdict}")
        if verdict != "ok":
            missed.append(f"no OpenGL ({what})")
    load = figures["window"].get("_load", {})
    if load:
        print(f"load average (1 min): {load['start']:.2f} at the start of the window runs, {load['end']:.2f} at the end")
    if missed:
        sys.stdout.flush()
        print(f"bench: bounds missed on {release}: " + ", ".join(missed), file=sys.stderr)
        sys.exit(1)
    print(f"bench: every bound met on {release}")

if __name__ == "__main__":
    main()
