#!/usr/bin/env bash
# The import rules of .dependency-cruiser.cjs: the server from the root, the web from its own
# folder (its tsconfig resolves the `@/` alias). Fails on any violation.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN="$ROOT/node_modules/.bin/depcruise"
cd "$ROOT" && "$BIN" --config .dependency-cruiser.cjs --output-type err apps/server/src
cd "$ROOT/apps/web" && "$BIN" --config ../../.dependency-cruiser.cjs --ts-config tsconfig.json --output-type err src
