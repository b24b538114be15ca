#!/usr/bin/env bash
# Part of `make test`: the controls' public API (CodeGateCore, CodeGateGtk and the CodeGateGLib it re-exports) is exactly the one
# docs/controls-api.txt lists. After a deliberate change: `scripts/test_public_api.sh --write`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
folder=$(swift build --show-bin-path)/../symbolgraph
if [ "${1:-}" = --write ]; then
    scripts/public_api.py "$folder" --write docs/controls-api.txt
else
    scripts/public_api.py "$folder" --check docs/controls-api.txt
fi
