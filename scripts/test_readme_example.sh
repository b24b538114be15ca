#!/usr/bin/env bash
# Part of `make test`: the README's example code is the examples', to the letter, so the
# snippet a reader copies is code that `scripts/test_example.sh` and `scripts/test_languages.sh`
# build and drive. Each block is the fenced one right after a comment that names its file:
#   <!-- Examples/…/file: make test checks that this is that file -->
set -euo pipefail
cd "$(dirname "$0")/.."
# The Swift example's block and the other languages' (Python, GtkBuilder, JavaScript, Vala, C).
expected=(Examples/SwiftControls/Sources/controls-example/main.swift Examples/Python/controls-example.py
    Examples/Builder/controls-example.ui Examples/JavaScript/controls-example.js
    Examples/Vala/controls-example.vala)
c_example=$(ls Examples/C/*.c 2>/dev/null | head -1 || true)
[ -z "$c_example" ] || expected+=("$c_example")
status=0
for file in "${expected[@]}"; do
    snippet=$(awk -v marker="<!-- $file:" '
        index($0, marker) == 1 { found = 1; next }
        found && /^```[a-z]+$/ { inside = 1; next }
        inside && /^```$/ { exit }
        inside { print }
    ' README.md)
    if [ -z "$snippet" ]; then
        echo "README example: no code block after the comment naming $file"
        status=1
    elif ! diff -u <(printf '%s\n' "$snippet") "$file"; then
        echo "README example: the README's code differs from $file (above)"
        status=1
    else
        echo "README example: the README's code is $file"
    fi
done
exit $status
