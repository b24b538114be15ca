#!/usr/bin/env bash
# `make lint`, part of `make test`: the Swift code through swift-format's rules (.swift-format)
# and the shell scripts through shellcheck (.shellcheckrc). Prints each finding; exits 1 on any.
#
# .swift-format is swift-format's defaults but for 4-space indentation and 120 columns, and
# three rules off: AlwaysUseLowerCamelCase (the C API's entry points are C names,
# codegate_request_sent), OrderedImports (the C modules are imported before the Swift ones, on
# purpose) and OneVariableDeclarationPerLine (`var x = 0.0, y = 0.0` for a pair of
# out-parameters is one thing). Its pretty-printer's layout findings are left out, but for
# LineLength: they report where `swift format` would lay code out otherwise (indentation of
# continuation lines, breaks, trailing commas), and the code's layout is its own.
set -euo pipefail
cd "$(dirname "$0")/.."
layout='\[(Indentation|AddLines|RemoveLine|Spacing|SpacingCharacter|TrailingComma|TrailingWhitespace|EndOfLineComment)\]'
status=0
findings=$(swift format lint --configuration .swift-format --recursive --parallel \
    Sources Tests Plugins Examples/SwiftControls Package.swift 2>&1 | grep -Ev "$layout" || true)
if [ -n "$findings" ]; then
    printf '%s\n' "$findings"
    echo "lint: $(printf '%s\n' "$findings" | grep -c ': warning: \|: error: ') swift-format findings"
    echo "lint: scripts/rewrap.py FILE.swift... fixes those swift-format can fix itself"
    status=1
fi
# The shell files of Tests/System: its .sh files and each `run` written in shell.
system=$(grep -l '^#!.*sh$' Tests/System/run Tests/System/*/run 2>/dev/null || true)
# shellcheck disable=SC2086  # one word per file
shellcheck scripts/*.sh Tests/System/*/*.sh $system .ci/run || status=1
[ "$status" != 0 ] || echo "lint: swift-format and shellcheck found nothing"
exit $status
