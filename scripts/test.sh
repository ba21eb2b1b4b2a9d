#!/usr/bin/env bash
# Every test tier, run by `./painel test` after set-up: type checks, server tests against
# SQLite and against a throw-away PostgreSQL, then end-to-end tests in Debian's Chromium
# against the started product. Ends with one line: 'N passed, N failed'.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TMP=$(mktemp -d /tmp/painel-test.XXXXXX)
chmod 755 "$TMP"
PASSED=0
FAILED=0
PG_DIR=""
cleanup() {
  if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then pg_run pg_ctl -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1; fi
  rm -rf "$TMP"
}
trap cleanup EXIT

section() { printf '\n\033[1;34m== %s\033[0m\n' "$*"; }

# Runs node's test runner and adds its counts to the totals.
run_tests() {
  local out="$TMP/out.$RANDOM"
  node --test --test-concurrency=1 --test-reporter=spec "$@" 2>&1 | tee "$out"
  local p f c
  p=$(grep -E '^ℹ pass [0-9]+' "$out" | tail -1 | awk '{print $3}')
  f=$(grep -E '^ℹ fail [0-9]+' "$out" | tail -1 | awk '{print $3}')
  c=$(grep -E '^ℹ cancelled [0-9]+' "$out" | tail -1 | awk '{print $3}')
  if [ -z "$p" ]; then FAILED=$((FAILED + 1)); echo "(o executor de testes não terminou)"; return; fi
  # a test cancelled because its set-up failed is a failure too
  PASSED=$((PASSED + p)); FAILED=$((FAILED + ${f:-0} + ${c:-0}))
}

check() { # a whole step that must succeed, counted as one test
  local name=$1; shift
  if "$@"; then PASSED=$((PASSED + 1)); echo "✔ $name"; else FAILED=$((FAILED + 1)); echo "✖ $name"; fi
}

pg_run() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  local cmd=$1; shift
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/$cmd" "$@"; else "$bin/$cmd" "$@"; fi
}

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

SERVER_TESTS=("apps/server/src/**/*.test.ts" "packages/*/src/**/*.test.ts")

section "Verificação de tipos"
check "tsc (servidor, contrato, mídia, e2e)" npx tsc -p tsconfig.json
check "tsc (web)" npm run typecheck --silent -w apps/web

section "Web (funções puras)"
run_tests "apps/web/src/**/*.test.ts"

section "Servidor com SQLite"
run_tests "${SERVER_TESTS[@]}"

section "Servidor com PostgreSQL"
PG_DIR="$TMP/pg"
mkdir -p "$PG_DIR"
[ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
PG_PORT=$(free_port)
if pg_run initdb -D "$PG_DIR/data" -U postgres -A trust >"$TMP/initdb.log" 2>&1 &&
   pg_run pg_ctl -D "$PG_DIR/data" -l "$PG_DIR/log" -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null; then
  TEST_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres" run_tests "${SERVER_TESTS[@]}"
else
  cat "$TMP/initdb.log" "$PG_DIR/log" 2>/dev/null
  FAILED=$((FAILED + 1)); echo "✖ PostgreSQL não iniciou"
fi

section "Ponta a ponta (Chromium)"
E2E_DATA="$TMP/e2e-data"
mkdir -p "$E2E_DATA"
export E2E_PORT=$(free_port) E2E_DATA
run_tests "e2e/**/*.test.ts"

echo
echo "Resultado: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
