#!/usr/bin/python3
"""The Python example over the GObject library beside the pure PyGObject reference.

Both run in turn (reference, example, reference, …) under the X display of scripts/bench.sh,
measured with bench/measure.py's own probes: time from spawn to the window being mapped
and RSS 1 s later (measure.py's one_run, which also clicks the reference's request button and
measures its countdown), and the example's countdown, which needs a slide first: → ten times
on the slider (it has the focus at start), Tab to the button and Space; measured from 1.5 s
after the press, over --cpu-window seconds. Prints the medians (for the map time the best run:
other builds on the machine only ever add to it, and a median of five moved from 0.83× to 1.17×
between two runs of the same code; the best of five, from 0.97× to 1.17×, so --map-runs more
rounds, in alternating order, time the map alone: the best run is over all of them) and the
ratios, then checks the bounds of issue 15: map time and RSS within 1.10× of the reference,
countdown wakeups at most a quarter of its. The median of the rounds' own map ratios is printed
beside them. Exit status 1 if a bound is missed.

usage: bench_languages.py --measure PATH/measure.py [--runs N] [--map-runs M] [--cpu-window S]
                          REFERENCE EXAMPLE
"""
import argparse
import importlib.util
import os
import shlex
import statistics
import subprocess
import sys
import time


def load_measure(path):
    spec = importlib.util.spec_from_file_location("measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True, stdout=subprocess.DEVNULL)


def example_countdown(measure, command, cpu_window):
    """Wakeups per second of the example while it counts down, started as a user would."""
    app = subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        xdo("search", "--sync", "--onlyvisible", "--name", "^CodeGate controls$")
        time.sleep(1.0)
        xdo("key", "--delay", "50", *["Right"] * 10)
        time.sleep(0.5)
        xdo("key", "--delay", "50", "Tab", "space")
        time.sleep(1.5)
        wakeups = measure.wakeups(app.pid)
        time.sleep(cpu_window)
        return (measure.wakeups(app.pid) - wakeups) / cpu_window
    finally:
        app.terminate()
        app.wait(5)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--measure", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--map-runs", type=int, default=20)
    parser.add_argument("--cpu-window", type=float, default=5.0)
    parser.add_argument("reference")
    parser.add_argument("example")
    args = parser.parse_args()
    measure = load_measure(args.measure)
    env = dict(os.environ)
    reference, example, counting = [], [], []
    for _ in range(args.runs):
        reference.append(measure.one_run(args.reference, (180, 117), args.cpu_window, env))
        example.append(measure.one_run(args.example, None, args.cpu_window, env))
        counting.append(example_countdown(measure, args.example, args.cpu_window))
    for i in range(args.map_runs):
        pair = [(reference, args.reference), (example, args.example)]
        for runs, command in pair if i % 2 == 0 else pair[::-1]:
            runs.append(measure.map_run(command, env))
            time.sleep(0.2)

    def summary(runs, key, pick=statistics.median):
        values = [run[key] for run in runs if run.get(key) is not None]
        return pick(values) if values else None

    rows = [("map s (best run)", summary(reference, "map_s", min), summary(example, "map_s", min), 1.10),
            ("RSS MB", summary(reference, "rss_mb"), summary(example, "rss_mb"), 1.10),
            ("countdown wakeups/s", summary(reference, "countdown_wakeups_per_s"), statistics.median(counting), 0.25)]
    missed = 0
    print(f"{'':22}{'PyGObject':>12}{'example':>12}{'ratio':>8}  bound")
    for name, theirs, ours, bound in rows:
        if theirs is None or ours is None or theirs <= 0:
            print(f"{name:22}{'n/a':>12}{'n/a':>12}{'':>8}  ≤ {bound:.2f}× — not measured")
            missed += 1
            continue
        ratio = ours / theirs
        ok = ratio <= bound
        missed += not ok
        print(f"{name:22}{theirs:12.3f}{ours:12.3f}{ratio:8.2f}  ≤ {bound:.2f}× {'ok' if ok else 'MISSED'}")
    paired = [ours["map_s"] / theirs["map_s"] for theirs, ours in zip(reference, example)
              if ours["map_s"] is not None and theirs["map_s"]]
    if paired:
        print(f"map: median of {len(paired)} rounds' ratios {statistics.median(paired):.2f} (not a bound)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
