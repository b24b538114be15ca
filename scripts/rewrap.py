#!/usr/bin/python3
"""Rewraps the Swift statements `make lint` finds too long, and applies swift-format's own fixes
for its other findings, leaving every other line as it is.

    scripts/rewrap.py FILE.swift...

`swift format` would lay out every line its own way; this takes its layout only for the
statements that hold a line over 120 columns or a finding of scripts/lint.sh, so the change is
what the lint asks for. A file whose result does not parse is left as it was, and named. What
swift-format cannot fix (a forEach, a closure argument beside a trailing closure) stays for a
person.
"""
import difflib
import re
import subprocess
import sys

LIMIT = 120
CONFIG = ".swift-format"
# The pretty-printer's layout findings scripts/lint.sh leaves out.
LAYOUT = re.compile(r"\[(Indentation|AddLines|RemoveLine|Spacing|SpacingCharacter|TrailingComma|"
                    r"TrailingWhitespace|EndOfLineComment)\]")


def swift_format(*arguments):
    return subprocess.run(["swift", "format", *arguments, "--configuration", CONFIG],
                          capture_output=True, text=True)


def flagged_lines(path):
    """The 0-based numbers of the lines with a finding scripts/lint.sh reports."""
    lines = set()
    for finding in swift_format("lint", path).stderr.splitlines():
        match = re.match(r"[^:]+:(\d+):", finding)
        if match and not LAYOUT.search(finding):
            lines.add(int(match.group(1)) - 1)
    return lines


def rewrap(path):
    original = open(path, encoding="utf-8").read().split("\n")
    flagged = flagged_lines(path)
    result = swift_format("format", path)
    if result.returncode != 0:
        return f"{path}: swift format failed: {result.stderr.strip()}"
    formatted = result.stdout.split("\n")
    out = []
    changed = 0
    matcher = difflib.SequenceMatcher(None, original, formatted, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        chunk = original[i1:i2]
        if tag != "equal" and (any(len(line) > LIMIT for line in chunk) or flagged & set(range(i1, i2))):
            out.extend(formatted[j1:j2])
            changed += 1
        else:
            out.extend(chunk)
    if not changed:
        return None
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join(out))
    if ": error:" in swift_format("lint", path).stderr:
        with open(path, "w", encoding="utf-8") as file:
            file.write("\n".join(original))
        return f"{path}: left as it was: rewrapped, it does not parse; fix it by hand"
    return f"{path}: {changed} statements rewrapped"


def main():
    for path in sys.argv[1:]:
        message = rewrap(path)
        if message:
            print(message)


if __name__ == "__main__":
    main()
