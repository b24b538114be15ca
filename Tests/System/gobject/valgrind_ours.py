#!/usr/bin/python3
"""Prints valgrind's records (a definite leak, an invalid read, write or free) with a frame of
libcodegate-1 in their stack, from the log file named by the first argument: nothing when the
library is clean."""
import re, sys
# Valgrind's records: a header line, then the stack, up to a line with nothing after the pid.
records, current = [], None
for line in open(sys.argv[1], errors="replace"):
    body = re.sub(r"^==\d+== ?", "", line.rstrip("\n"))
    if "are definitely lost in loss record" in body or body.startswith(("Invalid read", "Invalid write", "Invalid free")):
        current = [body]
        records.append(current)
    elif current is not None:
        if body.strip():
            current.append(body)
        else:
            current = None
for record in records:
    if any("libcodegate-1" in frame or "CodeGate" in frame for frame in record):
        print("\n".join(record[:40]))
        print()
