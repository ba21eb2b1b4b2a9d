#!/usr/bin/env bash
# Every test tier, run by `./painel test` after set-up: type checks, server tests against
# SQLite and against a throw-away PostgreSQL, then end-to-end tests in Debian's Chromium
# against the started product. Ends with the time of each phase and one line:
# 'Resultado: N passed, N failed'.
#
# Most of the suite waits on real time (live media through ffmpeg and nginx, timers), not on
# the processor, so test files run side by side: every file starts its own servers on ports
# handed out once per run and its own data folders. The type checks and the web's tests come
# first (processor work), then the SQLite and PostgreSQL phases together, and the end-to-end
# phase once one of them has ended (Chromium is the heaviest on the processor: kept off the
# busiest part, the real-time tests keep their margins). Each phase writes to its own file,
# printed in order at the end.
#
# How many files run at once follows the machine's load (scripts/run-tests.ts): each phase starts
# another file only while the 1-minute load average per core is under TEST_LOAD_LIMIT (default 6),
# a few seconds after its previous start, and always keeps one running. The numbers below are caps.
#   TEST_CONCURRENCY       at most this many test files at once in each server phase (default 3; 1: one at a time)
#   TEST_E2E_CONCURRENCY   at most this many in the end-to-end phase (default 3)
#   TEST_FAULT_CONCURRENCY at most this many in the fault phase (default 2)
#   TEST_LOAD_LIMIT        load average per core under which a phase starts another file (default 6)
#   TEST_LOAD_SETTLE_MS    least time between two starts in a phase (default 500)
#   TEST_E2E_APART=0       the end-to-end phase from the start, beside both server phases
#   TEST_SEQUENTIAL=1      every phase after the previous one
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
TMP=$(mktemp -d /tmp/painel-test.XXXXXX)
chmod 755 "$TMP"
PASSED=0
FAILED=0
PG_DIR="$TMP/pg"
CONCURRENCY=${TEST_CONCURRENCY:-3}
E2E_CONCURRENCY=${TEST_E2E_CONCURRENCY:-3}
FAULT_CONCURRENCY=${TEST_FAULT_CONCURRENCY:-2}
E2E_APART=${TEST_E2E_APART:-1}

pg_run() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  local cmd=$1; shift
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/$cmd" "$@"; else "$bin/$cmd" "$@"; fi
}

cleanup() {
  # phases still running (interrupted run): their whole process groups
  local pid
  for pid in $(jobs -p); do kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null; done
  if [ -f "$PG_DIR/data/postmaster.pid" ]; then pg_run pg_ctl -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

section() { printf '\n\033[1;34m== %s\033[0m\n' "$*"; }
now_ms() { date +%s%3N; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.0f s", ms / 1000 }'; }

# Every node process of the run (test files, the servers and commands they start) shares one compile
# cache: the server's TypeScript is stripped and compiled once, not once per process.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$ROOT/.runtime/compile-cache}"

# Servers the tests start take ports handed out once per run, below the kernel's ephemeral range
# (apps/server/src/platform/ports.ts): files running side by side never get the same one.
export PAINEL_TEST_PORTS="$TMP/ports"
free_port() { node --input-type=module -e 'const { freePort } = await import("./apps/server/src/platform/ports.ts"); console.log(await freePort())'; }

# Test clips the server tests encode with ffmpeg are made once per run and shared by every file.
export PAINEL_TEST_CLIPS="$TMP/clips"
mkdir -p "$PAINEL_TEST_CLIPS" "$PAINEL_TEST_PORTS"

# The files that wait longest on real time start first, so the short ones fill the time beside them.
# The fault tests (apps/server/src/faults/) kill and starve the real processes: they run once, in
# their own phase, against SQLite (the PostgreSQL restart starts a cluster of its own).
FAULT_TESTS=("apps/server/src/faults/*.test.ts")
FAULT_FIRST=(apps/server/src/faults/disk-full.test.ts apps/server/src/faults/api-kill.test.ts apps/server/src/faults/many-channels.test.ts apps/server/src/faults/silent-source.test.ts)
SERVER_TESTS=("apps/server/src/**/*.test.ts" "packages/*/src/**/*.test.ts")
SERVER_EXCLUDE=(--exclude "apps/server/src/faults/**")
SERVER_FIRST=(
  apps/server/src/modules/playout/playout-library.test.ts apps/server/src/modules/relay/relay.test.ts
  apps/server/src/modules/lives/lives.test.ts apps/server/src/testing/two-servers.test.ts
  apps/server/src/modules/playout/playout.test.ts apps/server/src/modules/recordings/recordings.test.ts
  apps/server/src/modules/downloads/downloads.test.ts apps/server/src/modules/engine/engine.test.ts
  apps/server/src/modules/ftp-server/ftp-server.test.ts apps/server/src/modules/conversion/conversion-restart.test.ts
  apps/server/src/modules/fallback/fallback.test.ts apps/server/src/modules/management/suspension.test.ts
  apps/server/src/modules/streaming/live.test.ts apps/server/src/modules/conversion/conversion.test.ts
  apps/server/src/modules/ftp-migration/ftp-migration.test.ts apps/server/src/backup/backup.test.ts
  apps/server/src/cli/edge.test.ts apps/server/src/modules/servers/servers.test.ts
)
E2E_TESTS=("e2e/**/*.test.ts")
E2E_FIRST=(e2e/every-page.test.ts e2e/every-page-languages.test.ts e2e/management.test.ts e2e/live.test.ts e2e/player-iframe.test.ts e2e/channel.test.ts e2e/foundation.test.ts e2e/downloads.test.ts e2e/relay.test.ts)

first_args() { local f; for f in "$@"; do printf -- '--first\n%s\n' "$f"; done; }

# Phases: a name, its output file, its exit code and its time. Counted once they have ended.
PHASES=()
declare -A PHASE_KIND PHASE_MS

# Runs a phase in the background (its own process group, so an interrupted run stops all of it).
# kind: 'tests' (node's test runner: its pass/fail counts) or 'check' (one step, one test).
start_phase() {
  local name=$1 kind=$2; shift 2
  PHASES+=("$name"); PHASE_KIND[$name]=$kind
  local out="$TMP/phase.${#PHASES[@]}"
  echo "$out" >"$TMP/file.$name"
  set -m
  (
    t0=$(now_ms)
    "$@" >"$out.log" 2>&1
    echo $? >"$out.rc"
    echo $(($(now_ms) - t0)) >"$out.ms"
    # a line as each phase ends, so a person watching sees the run advance
    echo "· $name: $(seconds "$(cat "$out.ms")")"
  ) &
  set +m
  [ "${TEST_SEQUENTIAL:-0}" = 1 ] && wait
  return 0
}

# Waits until one of the named phases has ended (its exit code written). Not `wait -n`: that also
# returns for a command substitution that ended before it was called.
wait_any() {
  local name
  while :; do
    for name in "$@"; do [ -f "$(cat "$TMP/file.$name").rc" ] && return 0; done
    sleep 1
  done
}

# Prints each phase's output in order and adds its counts to the totals.
report_phase() {
  local name=$1 out
  out=$(cat "$TMP/file.$name")
  cat "$out.log"
  PHASE_MS[$name]=$(cat "$out.ms" 2>/dev/null || echo 0)
  if [ "${PHASE_KIND[$name]}" = check ]; then
    if [ "$(cat "$out.rc" 2>/dev/null)" = 0 ]; then PASSED=$((PASSED + 1)); echo "✔ $name"; else FAILED=$((FAILED + 1)); echo "✖ $name"; fi
    return
  fi
  local p f c
  p=$(grep -E '^ℹ pass [0-9]+' "$out.log" | tail -1 | awk '{print $3}')
  f=$(grep -E '^ℹ fail [0-9]+' "$out.log" | tail -1 | awk '{print $3}')
  c=$(grep -E '^ℹ cancelled [0-9]+' "$out.log" | tail -1 | awk '{print $3}')
  if [ -z "$p" ]; then FAILED=$((FAILED + 1)); echo "(o executor de testes não terminou)"; return; fi
  # a test cancelled because its set-up failed is a failure too
  PASSED=$((PASSED + p)); FAILED=$((FAILED + ${f:-0} + ${c:-0}))
}

run_files() { # concurrency, --first files…, globs…
  local n=$1; shift
  node scripts/run-tests.ts --concurrency "$n" "$@"
}

pg_tests() {
  mkdir -p "$PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$PG_DIR"
  local port
  port=$(free_port)
  # several test files at once, each with its pools (10 connections each) and workers: room beyond the default 100
  if pg_run initdb -D "$PG_DIR/data" -U postgres -A trust >"$TMP/initdb.log" 2>&1 &&
     pg_run pg_ctl -D "$PG_DIR/data" -l "$PG_DIR/log" -o "-p $port -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" -w start >/dev/null; then
    # only the files that reach the database switch (harness.ts, the scratch databases): the others run as in the SQLite phase
    TEST_PG_ADMIN_URL="postgres://postgres@127.0.0.1:$port/postgres" run_files "$CONCURRENCY" $(first_args "${SERVER_FIRST[@]}") \
      --reaching TEST_PG_ADMIN_URL "${SERVER_EXCLUDE[@]}" "${SERVER_TESTS[@]}"
  else
    cat "$TMP/initdb.log" "$PG_DIR/log" 2>/dev/null
    echo "✖ PostgreSQL não iniciou"
    return 1
  fi
}

e2e_tests() {
  E2E_DATA="$TMP/e2e-data"
  mkdir -p "$E2E_DATA"
  export E2E_DATA
  run_files "$E2E_CONCURRENCY" $(first_args "${E2E_FIRST[@]}") "${E2E_TESTS[@]}"
}

T0=$(now_ms)

# Type checks and the web's pure functions: processor work, done before the phases that wait on real time.
start_phase "tsc (servidor, contrato, mídia, e2e)" check npx tsc -p tsconfig.json
start_phase "tsc (web)" check npm run typecheck --silent -w apps/web
# the architecture's import rules (.dependency-cruiser.cjs): a violation fails the run
start_phase "Regras de importação" check bash scripts/depcruise.sh
# the data rules (docs/architecture.md §5): SQL only in *.repo.ts, each table written by the module that declares it
start_phase "Regras de dados" check node scripts/data-rules.ts
start_phase "Web" tests node --test --test-concurrency=2 --test-reporter=spec "apps/web/src/**/*.test.ts"
wait
start_phase "SQLite" tests run_files "$CONCURRENCY" $(first_args "${SERVER_FIRST[@]}") "${SERVER_EXCLUDE[@]}" "${SERVER_TESTS[@]}"
start_phase "PostgreSQL" tests pg_tests
start_phase "Falhas" tests run_files "$FAULT_CONCURRENCY" $(first_args "${FAULT_FIRST[@]}") "${FAULT_TESTS[@]}"
# Chromium starts once one server phase has ended: beside the other one's last, longest files
# (started with the fault phase's end instead, it ran beside both and the whole run took longer)
[ "$E2E_APART" = 1 ] && wait_any SQLite PostgreSQL
start_phase "E2E" tests e2e_tests
wait
TOTAL_MS=$(($(now_ms) - T0))

section "Verificação de tipos"
report_phase "tsc (servidor, contrato, mídia, e2e)"
report_phase "tsc (web)"
section "Regras de importação (arquitetura)"
report_phase "Regras de importação"
section "Regras de dados (SQL nos repositórios, cada tabela escrita pelo seu módulo)"
report_phase "Regras de dados"
section "Web (funções puras)"
report_phase "Web"
section "Servidor com SQLite"
report_phase "SQLite"
section "Servidor com PostgreSQL"
# a PostgreSQL that did not start leaves no counts: one failure
report_phase "PostgreSQL"
section "Falhas (processos reais mortos, disco cheio, banco fora)"
report_phase "Falhas"
section "Ponta a ponta (Chromium)"
report_phase "E2E"

TYPES_MS=$(( ${PHASE_MS["tsc (servidor, contrato, mídia, e2e)"]} > ${PHASE_MS["tsc (web)"]} ? ${PHASE_MS["tsc (servidor, contrato, mídia, e2e)"]} : ${PHASE_MS["tsc (web)"]} ))
section "Tempo por fase"
if [ "${TEST_SEQUENTIAL:-0}" = 1 ]; then
  echo "(uma fase após a outra; até $CONCURRENCY arquivos por vez no servidor, $E2E_CONCURRENCY na ponta a ponta, conforme a carga)"
elif [ "$E2E_APART" = 1 ]; then
  echo "(tipos e web juntos; depois SQLite e PostgreSQL juntos, até $CONCURRENCY arquivos por vez cada, conforme a carga; ponta a ponta, até $E2E_CONCURRENCY por vez, quando um deles termina)"
else
  echo "(tipos e web juntos; depois SQLite, PostgreSQL e ponta a ponta juntos, até $CONCURRENCY/$CONCURRENCY/$E2E_CONCURRENCY arquivos por vez, conforme a carga)"
fi
echo "  Verificação de tipos: $(seconds "$TYPES_MS")"
echo "  Web: $(seconds "${PHASE_MS[Web]}")"
echo "  Servidor com SQLite: $(seconds "${PHASE_MS[SQLite]}")"
echo "  Servidor com PostgreSQL: $(seconds "${PHASE_MS[PostgreSQL]}")"
echo "  Falhas: $(seconds "${PHASE_MS[Falhas]}")"
echo "  Ponta a ponta: $(seconds "${PHASE_MS[E2E]}")"
echo "  Total: $(seconds "$TOTAL_MS")"

echo
echo "Resultado: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
