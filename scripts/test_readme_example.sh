#!/usr/bin/env bash
# Part of `make test`: the README's "Use the controls" code is the example's, to the letter, so
# the snippet a reader copies is code that `scripts/test_example.sh` builds and drives. The
# block is the fenced one right after the comment that names the file.
set -euo pipefail
cd "$(dirname "$0")/.."
file=Examples/SwiftControls/Sources/controls-example/main.swift
snippet=$(awk -v marker="<!-- $file:" '
    index($0, marker) == 1 { found = 1; next }
    found && /^```swift$/ { inside = 1; next }
    inside && /^```$/ { exit }
    inside { print }
' README.md)
if [ -z "$snippet" ]; then
    echo "README example: no code block after the comment naming $file"
    exit 1
fi
if ! diff -u <(printf '%s\n' "$snippet") "$file"; then
    echo "README example: the README's code differs from $file (above)"
    exit 1
fi
echo "README example: the README's code is $file"
