#!/usr/bin/python3
"""Part of `make test`: every relative link and image in README.md and docs/*.md resolves.

A link to a file must name one that exists; a `#anchor` must name a heading of its Markdown
file (GitHub's anchors). External URLs are not fetched. The pages gi-docgen builds into the API
reference (docs/CodeGate.toml's content_files) are read away from the source tree, so they link
only to each other, as `page.html`. Prints each broken link as FILE:LINE: TARGET: why, and exits
1 when there is one.
"""
import re
import sys
import tomllib
import unicodedata
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HTML_LINK = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)=\"([^\"]+)\"", re.IGNORECASE)
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def content_pages():
    """The docs/ pages gi-docgen renders, by file name."""
    with open(ROOT / "docs" / "CodeGate.toml", "rb") as config:
        return set(tomllib.load(config)["extra"]["content_files"])


def prose_lines(path):
    """Each line outside fenced code blocks, with its number and its code spans removed."""
    inside = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            inside = not inside
            continue
        if not inside:
            yield number, CODE_SPAN.sub("", line)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LNM")
    return kept.replace(" ", "-")


def anchors(path):
    """The anchors of a Markdown file's headings, with GitHub's -1, -2 for repeats."""
    seen = {}
    for _, line in prose_lines(path):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            yield base if count == 0 else f"{base}-{count}"


def targets(path):
    for number, line in prose_lines(path):
        for pattern in (INLINE_LINK, REFERENCE, HTML_LINK):
            for match in pattern.finditer(line):
                yield number, match.group(1)


def problem(source, target, pages):
    """Why a link of source does not resolve, or None."""
    if EXTERNAL.match(target):
        return None
    address, _, anchor = target.partition("#")
    address = unquote(address)
    in_reference = source.parent == ROOT / "docs" and source.name in pages
    if in_reference and address:
        page = address.removesuffix(".html") + ".md"
        if not address.endswith(".html") or page not in pages:
            return "a page of the API reference links only to its other pages, as NAME.html"
        file = source.parent / page
    else:
        file = (source.parent / address) if address else source
        if not file.exists():
            return "no such file"
    if anchor and file.suffix == ".md" and anchor not in set(anchors(file)):
        return f"no heading with the anchor #{anchor} in {file.relative_to(ROOT)}"
    return None


def main():
    pages = content_pages()
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    broken = 0
    checked = 0
    for source in files:
        for number, target in targets(source):
            checked += 1
            why = problem(source, target, pages)
            if why:
                broken += 1
                print(f"{source.relative_to(ROOT)}:{number}: {target}: {why}")
    print(f"links: {checked} checked in {len(files)} files, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
