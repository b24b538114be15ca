#!/usr/bin/python3
"""Side-by-side measurement of GTK apps under one Xvfb display.

For each command: time from spawn to its first top-level window being mapped (MapNotify on
the root window, event-driven), resident memory 1 s after map, and CPU seconds (schedstat, ns) and wake-ups over a
countdown window after clicking at (x, y) relative to the window.  Commands run in turn
(A B C A B C ...) so drift of the machine hits all alike; medians are printed.

Start-up time is the figure a busy machine moves most, so after the --runs full runs come
--map-runs rounds that only time the map (spawn, MapNotify, SIGTERM, wait for the exit): the
commands in turn, in the reverse order every other round (A B C C B A ...), so that within a
round each one starts under the same conditions as its neighbours and none is always first
after a pause. map_s is the median over all runs; map_s_runs lists every run's map time, round
by round (index i of each list is the same round), for paired ratios. The 1-minute load average
at the start and end of the measurement is printed, and kept under "_load" in the JSON.

Each full run also reads which OpenGL libraries the process has mapped 1 s after its map
(/proc/PID/maps: libGL*, libEGL*, libLLVM*, Mesa's gallium and dri drivers): gl_libs lists
them, over all its runs, and is printed for each command ("none" when it loaded no OpenGL).

usage: measure.py [--runs N] [--map-runs M] [--click X,Y] [--cpu-window S] [--json PATH] NAME=COMMAND ...

--json writes the medians as {name: {column: value}} too, for scripts/bench_bounds.py.
"""
import argparse, json, os, re, shlex, signal, statistics, subprocess, sys, time
from Xlib import X, display as xdisplay

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1

def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return -1

OPENGL = re.compile(r"/(lib(GL|EGL|LLVM)[^/]*|[^/]*gallium[^/]*|dri/[^/]*|[^/]*_dri\.so[^/]*)$")

def gl_libs(pid):
    """The OpenGL libraries and drivers mapped into the process: their file names."""
    found = set()
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            fields = line.split(maxsplit=5)
            path = fields[5].strip() if len(fields) == 6 else ""
            if OPENGL.search(path):
                found.add(os.path.basename(path))
    return found

def wakeups(pid):
    """Voluntary context switches of all threads: each is the process going to sleep, i.e. one wakeup."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total

def cpu_s(pid):
    """CPU time of all threads, in seconds, to the nanosecond: the first field of each thread's
    /proc/PID/task/TID/schedstat (time on a CPU, ns). /proc/PID/stat counts in 10 ms ticks, too
    coarse for a few ms a second; /proc/PID/schedstat alone is the main thread's."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total / 1e9

def load_average():
    """The 1-minute load average."""
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])

def spawn_until_mapped(cmd, env):
    """Starts `cmd` and waits (30 s at most) for its first window to be mapped; returns the
    X display connection, the process, the seconds from spawn to map (None if it never
    mapped) and the window."""
    d = xdisplay.Display()
    root = d.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    d.sync()
    t0 = time.monotonic()
    p = subprocess.Popen(shlex.split(cmd), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mapped, win = None, None
    deadline = t0 + 30
    while time.monotonic() < deadline:
        while d.pending_events():
            e = d.next_event()
            if e.type == X.MapNotify and mapped is None:
                mapped, win = time.monotonic() - t0, e.window
        if mapped is not None:
            break
        if p.poll() is not None:
            break
        time.sleep(0.002)
    return d, p, mapped, win

def end(p, d):
    p.send_signal(signal.SIGTERM)
    try:
        p.wait(5)
    except subprocess.TimeoutExpired:
        p.kill(); p.wait()
    d.close()

def map_run(cmd, env):
    """Only the map time of one start of `cmd`."""
    d, p, mapped, _ = spawn_until_mapped(cmd, env)
    end(p, d)
    return {"map_s": mapped}

def one_run(cmd, click, cpu_window, env):
    d, p, mapped, win = spawn_until_mapped(cmd, env)
    result = {"map_s": mapped}
    if mapped is not None:
        time.sleep(1.0)
        result["rss_mb"] = rss_kb(p.pid) / 1024
        result["pss_mb"] = pss_kb(p.pid) / 1024
        result["gl_libs"] = gl_libs(p.pid)
        c0, w0 = cpu_s(p.pid), wakeups(p.pid)
        time.sleep(3.0)
        result["idle_cpu_ms_per_s"] = (cpu_s(p.pid) - c0) / 3.0 * 1000
        result["idle_wakeups_per_s"] = (wakeups(p.pid) - w0) / 3.0
        if click:
            geo = win.get_geometry()
            x, y = click
            subprocess.run(["xdotool", "mousemove", str(geo.x + x), str(geo.y + y), "click", "1"], env=env)
            time.sleep(0.5)
            c0, w0 = cpu_s(p.pid), wakeups(p.pid)
            time.sleep(cpu_window)
            result["countdown_cpu_ms_per_s"] = (cpu_s(p.pid) - c0) / cpu_window * 1000
            result["countdown_wakeups_per_s"] = (wakeups(p.pid) - w0) / cpu_window
    end(p, d)
    return result

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--map-runs", type=int, default=20)
    ap.add_argument("--click", default=None)
    ap.add_argument("--cpu-window", type=float, default=5.0)
    ap.add_argument("--json", default=None)
    ap.add_argument("cmds", nargs="+")
    a = ap.parse_args()
    click = tuple(int(v) for v in a.click.split(",")) if a.click else None
    env = dict(os.environ)
    named = [c.split("=", 1) for c in a.cmds]
    rows = {n: [] for n, _ in named}
    load = {"start": load_average()}
    print(f"load average (1 min) at the start: {load['start']:.2f}")
    for _ in range(a.runs):
        for n, c in named:
            rows[n].append(one_run(c, click, a.cpu_window, env))
    for i in range(a.map_runs):
        for n, c in (named if i % 2 == 0 else named[::-1]):
            rows[n].append(map_run(c, env))
            time.sleep(0.2)
    load["end"] = load_average()
    print(f"load average (1 min) at the end: {load['end']:.2f}; map time over {a.runs + a.map_runs} runs each")
    keys = ["map_s", "rss_mb", "pss_mb", "idle_cpu_ms_per_s", "idle_wakeups_per_s", "countdown_cpu_ms_per_s", "countdown_wakeups_per_s"]
    print("name".ljust(10) + "".join(k.replace("_per_s", "/s").rjust(20) for k in keys))
    medians = {}
    for n, runs in rows.items():
        medians[n] = {}
        for k in keys:
            vals = [r[k] for r in runs if r.get(k) is not None]
            medians[n][k] = statistics.median(vals) if vals else None
        print(n.ljust(10) + "".join((f"{v:.3f}" if v is not None else "n/a").rjust(20) for v in medians[n].values()))
        medians[n]["map_s_runs"] = [r["map_s"] for r in runs]
        medians[n]["gl_libs"] = sorted(set().union(*(r.get("gl_libs", set()) for r in runs)))
    for n in rows:
        print(f"{n}: OpenGL libraries mapped: {' '.join(medians[n]['gl_libs']) or 'none'}")
    medians["_load"] = load
    if a.json:
        with open(a.json, "w") as f:
            json.dump(medians, f, indent=1)

if __name__ == "__main__":
    main()
