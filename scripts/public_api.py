#!/usr/bin/python3
"""Lists the public API of the controls' products, CodeGateCore (with the CodeGateBase it
re-exports) and CodeGateGtk (with the GLib glue of CodeGateGLib, which it re-exports), one symbol a
line with its declaration ("Module: Type.member: declaration"), from the symbol graphs
`swift package dump-symbol-graph` writes.

With --check FILE it compares the list with FILE (docs/controls-api.txt) and exits 1 on any
difference, printing it: a new public name is then a decision someone made and reviewed, and
an app-only type (the flow, the gateway, state files, the shell) cannot slip in unseen. With
--write FILE it rewrites FILE from the build.
"""
import argparse
import glob
import json
import os
import sys

MODULES = ["CodeGateBase", "CodeGateCore", "CodeGateGLib", "CodeGateGtk"]


def public_symbols(folder):
    names = set()
    for module in MODULES:
        # The module's own graph and its extensions of other modules' types (Module@Swift…).
        for path in glob.glob(os.path.join(folder, f"{module}.symbols.json")) + glob.glob(os.path.join(folder, f"{module}@*.symbols.json")):
            with open(path, encoding="utf-8") as graph:
                for symbol in json.load(graph)["symbols"]:
                    declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
                    names.add(f"{module}: {'.'.join(symbol['pathComponents'])}: {' '.join(declaration.split())}")
    return sorted(names)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", help="where dump-symbol-graph wrote the graphs")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", metavar="FILE")
    group.add_argument("--write", metavar="FILE")
    options = parser.parse_args()
    actual = public_symbols(options.folder)
    if not actual:
        print("public API: no symbol graph found in", options.folder)
        return 1
    if options.write:
        with open(options.write, "w", encoding="utf-8") as listing:
            listing.write("".join(line + "\n" for line in actual))
        return 0
    with open(options.check, encoding="utf-8") as listing:
        expected = [line.rstrip("\n") for line in listing if line.strip()]
    added = sorted(set(actual) - set(expected))
    removed = sorted(set(expected) - set(actual))
    for line in added:
        print("public API: new, not in", options.check + ":", line)
    for line in removed:
        print("public API: gone, still in", options.check + ":", line)
    print(f"public API: {len(actual)} symbols, {len(added)} new, {len(removed)} gone")
    return 1 if added or removed else 0


if __name__ == "__main__":
    sys.exit(main())
