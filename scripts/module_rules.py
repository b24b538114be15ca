#!/usr/bin/env python3
"""CodeGate's module boundaries (docs/architecture.md, "Layers"), checked on a package folder
(default: this one).

1. Neither the HTTP server (CodeGateServer) nor the HTTP client (CodeGateHTTP) reaches the
   app's flow (CodeGateFlow) or its shell (CodeGateApp), directly or through another target;
   nor do the targets they stand on (CodeGateService, CodeGateGateway, CodeGateProtocol).
2. No target of the server's stack, nor the HTTP client, reaches the controls (CodeGateCore,
   CodeGateGtk): what the server shares with them is in CodeGateBase.
3. The app's flow (CodeGateFlow) does not reach the gateway's implementation
   (CodeGateGateway): it knows a code service only as `CodeService`.
4. The server's library (CodeGateServer) links no database client: the executable registers
   the shared databases (`codegate-gateway`'s main). Every target `codegate-gateway` depends
   on besides CodeGateServer is such a backend, held to rules 1 and 2 as the server's stack is;
   nothing it brings that CodeGateGateway does not (its module, its client library) may be
   reached from CodeGateServer, so a new backend is checked without a line here.
   Rules 1 to 4 are read from `swift package dump-package`, so they are the graph SwiftPM
   builds.
5. The protocol's wire names — the literals of Sources/CodeGateProtocol/Vocabulary — are
   written as a string literal in one target only: CodeGateProtocol. A second copy of
   "cooldown_seconds" or "/v1/codes" elsewhere in Sources/ fails. A name that is one plain
   word ("cooldown", "error") is a wire name only where the wire is spoken, so it is looked
   for in the targets that use CodeGateProtocol or libsoup (CSoup, CSoupLoader) directly;
   elsewhere it is a CSS class or a file's name.

Prints one line per breach and exits 1; nothing and 0 when the rules hold.
"""
import json
import pathlib
import re
import subprocess
import sys

SERVER_STACK = ["CodeGateServer", "CodeGateGateway", "CodeGateService", "CodeGateProtocol"]
# The executable that registers the shared databases, and the library it serves them with.
GATEWAY_EXECUTABLE, SERVER = "codegate-gateway", "CodeGateServer"
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# A vocabulary entry: `static let name = "value"`, `case name = "value"`, or a bare `case name`
# of a String raw-value enum, whose wire name is the case's own.
ASSIGNED = re.compile(r'^\s*(?:package |public )?(?:static let \w+|case \w+) = "([^"]+)"')
BARE_CASE = re.compile(r'^\s*case `?(\w+)`?\s*$')


def dependency_graph(package):
    dump = subprocess.run(["swift", "package", "--package-path", str(package), "dump-package"],
                          check=True, capture_output=True, text=True).stdout
    graph = {}
    for target in json.loads(dump)["targets"]:
        names = []
        for dependency in target["dependencies"]:
            for kind in ("byName", "target"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        graph[target["name"]] = names
    return graph


def reached(graph, start):
    seen, todo = set(), list(graph.get(start, []))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, []))
    return seen


def vocabulary(package):
    names = set()
    for path in sorted((package / "Sources/CodeGateProtocol/Vocabulary").glob("*.swift")):
        raw_enum = re.search(r"enum \w+: String", path.read_text())
        for line in path.read_text().splitlines():
            if line.lstrip().startswith("//"):
                continue
            if match := ASSIGNED.match(line):
                names.add(match.group(1))
            elif raw_enum and (match := BARE_CASE.match(line)):
                names.add(match.group(1))
    return names


def literals_by_target(package):
    found = {}
    for path in sorted((package / "Sources").glob("*/**/*.swift")):
        target = path.relative_to(package / "Sources").parts[0]
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if line.lstrip().startswith("//"):
                continue
            for literal in LITERAL.findall(line):
                found.setdefault(literal, {}).setdefault(target, f"{path.relative_to(package)}:{number}")
    return found


def rules(graph):
    """What each target may not reach, and whose that is."""
    backends = sorted(set(graph.get(GATEWAY_EXECUTABLE, [])) - {SERVER})
    clients = set(backends).union(*(reached(graph, name) for name in backends))
    clients -= reached(graph, "CodeGateGateway") | {"CodeGateGateway"}
    stack = SERVER_STACK + backends
    return [
        (stack + ["CodeGateHTTP"], {"CodeGateFlow", "CodeGateApp"}, "the app's"),
        (stack + ["CodeGateHTTP"], {"CodeGateCore", "CodeGateGtk"}, "the controls'"),
        (["CodeGateFlow"], {"CodeGateGateway"}, "the gateway's implementation"),
        ([SERVER], clients, "a database client, which the executable registers"),
    ]


def main():
    package = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent).resolve()
    breaches = []
    graph = dependency_graph(package)
    if GATEWAY_EXECUTABLE not in graph:
        breaches.append(f"{GATEWAY_EXECUTABLE}: no such target in Package.swift")
    for targets, forbidden, whose in rules(graph):
        for target in targets:
            if target not in graph:
                breaches.append(f"{target}: no such target in Package.swift")
                continue
            for name in sorted(reached(graph, target) & forbidden):
                breaches.append(f"{target} depends on {name}, {whose} (Package.swift)")
    names = vocabulary(package)
    if not names:
        breaches.append("Sources/CodeGateProtocol/Vocabulary: no wire names found")
    literals = literals_by_target(package)
    wire = {"CodeGateProtocol", "CSoup", "CSoupLoader"}
    speakers = {name for name, needs in graph.items() if name == "CodeGateProtocol" or wire & set(needs)}
    for name in sorted(names):
        places = literals.get(name, {})
        if re.fullmatch(r"[a-z]+", name):
            places = {target: place for target, place in places.items() if target in speakers}
        if len(places) > 1:
            breaches.append(f'"{name}" is written in {len(places)} targets: ' + ", ".join(sorted(places.values())))
    for line in breaches:
        print(line)
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
