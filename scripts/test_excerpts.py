#!/usr/bin/python3
"""Part of `make test`: the code excerpts in README.md and docs/*.md are real code.

A fenced block right after a comment `<!-- excerpt of PATH -->` is an excerpt of that file,
which `make test` builds and drives: each of its lines (leading and trailing spaces aside) is a
line of PATH, in the same order; a line `...` stands for lines left out. So a snippet a reader
copies is code the examples' tests run. Exits 1 when an excerpt differs, or names no file.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- excerpt of (\S+) -->$")


def excerpts(path):
    """(line number, named file, the block's lines) for each marked block of a Markdown file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        match = MARKER.match(line)
        if not match:
            continue
        if index + 1 >= len(lines) or not lines[index + 1].startswith("```"):
            yield index + 1, match.group(1), None
            continue
        end = next((i for i in range(index + 2, len(lines)) if lines[i].startswith("```")), len(lines))
        yield index + 1, match.group(1), lines[index + 2:end]


def first_missing(block, source):
    """The first line of the block not found, in order, among the source's lines, or None."""
    remaining = iter(line.strip() for line in source)
    for line in block:
        wanted = line.strip()
        if wanted in ("", "..."):
            continue
        if not any(candidate == wanted for candidate in remaining):
            return line
    return None


def main():
    status = 0
    count = 0
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for number, name, block in excerpts(page):
            count += 1
            where = f"{page.relative_to(ROOT)}:{number}"
            source = ROOT / name
            if block is None:
                print(f"{where}: no code block right after the comment naming {name}")
            elif not source.is_file():
                print(f"{where}: {name} is not a file")
            elif (missing := first_missing(block, source.read_text(encoding="utf-8").splitlines())):
                print(f"{where}: not a line of {name} (in this order): {missing.strip()}")
            else:
                print(f"{where}: an excerpt of {name}")
                continue
            status = 1
    print(f"excerpts: {count} checked")
    return status


if __name__ == "__main__":
    sys.exit(main())
