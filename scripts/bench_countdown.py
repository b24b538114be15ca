#!/usr/bin/python3
"""CPU and wakeups of codegate while its countdown runs, and once it is idle again.

measure.py starts a countdown with one click; codegate's button needs a phone number and a
slide first, so this drives the real flow (scripts/drive_flow.sh) and then measures with
measure.py's own probes. After the request the focus is in the code field, where GTK animates
the caret on every frame for 10 s after the last key press: the countdown is measured once
that has stopped, 11.5 s into its 60 s, over --cpu-window seconds (20: a few ms of CPU a
second, read in ns, then moves the ratio by well under 0.01), and idle once a 3 s cooldown has
ended too, over --idle-window seconds. Prints the medians over --runs runs.

usage: bench_countdown.py --measure PATH/measure.py [--runs N] [--cpu-window S] [--idle-window S]
                          [--json PATH] COMMAND

--json writes the medians as {"countdown"|"idle": {"cpu_ms_per_s", "wakeups_per_s"}} too.
"""
import argparse, importlib.util, json, os, shlex, shutil, statistics, subprocess, tempfile, time

def load_measure(path):
    spec = importlib.util.spec_from_file_location("measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

def one_run(measure, command, cpu_window, settle):
    """Drives the flow in a fresh app; after `settle` seconds measures CPU and wakeups."""
    # Each run starts with no saved cooldown, as on a first start.
    state = tempfile.mkdtemp()
    env = dict(os.environ, XDG_STATE_HOME=state)
    app = subprocess.Popen(shlex.split(command), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^CodeGate$"],
                       check=True, stdout=subprocess.DEVNULL, timeout=30)
        time.sleep(1.0)
        subprocess.run([os.path.join(os.path.dirname(__file__), "drive_flow.sh")], check=True)
        time.sleep(settle)
        cpu, wakeups = measure.cpu_s(app.pid), measure.wakeups(app.pid)
        time.sleep(cpu_window)
        return ((measure.cpu_s(app.pid) - cpu) / cpu_window * 1000,
                (measure.wakeups(app.pid) - wakeups) / cpu_window)
    finally:
        app.terminate()
        app.wait(5)
        shutil.rmtree(state)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--measure", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu-window", type=float, default=20.0)
    parser.add_argument("--idle-window", type=float, default=5.0)
    parser.add_argument("--json", default=None)
    parser.add_argument("command")
    args = parser.parse_args()
    measure = load_measure(args.measure)
    medians = {}
    for key, label, command, settle, window in [
            ("countdown", "countdown", args.command, 11.5, args.cpu_window),
            ("idle", "idle after a cooldown", args.command + " --duration 3", 14.0, args.idle_window)]:
        runs = [one_run(measure, command, window, settle) for _ in range(args.runs)]
        medians[key] = {"cpu_ms_per_s": statistics.median(r[0] for r in runs),
                        "wakeups_per_s": statistics.median(r[1] for r in runs)}
        print(f"codegate {label} (real flow): "
              f"cpu {medians[key]['cpu_ms_per_s']:.3f} ms/s, wakeups {medians[key]['wakeups_per_s']:.3f} /s")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(medians, f, indent=1)

if __name__ == "__main__":
    main()
