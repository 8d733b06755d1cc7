#!/usr/bin/env bash
# Installs what is missing, type-checks, and runs the whole test suite (PGlite, and Postgres too when
# TEST_DATABASE_URL is set). Ends with a line `N passed, N failed`.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"

# The music, the sounds and the default category's loops, which the tests render over (once per machine
# and recipe version). The other categories' loops are not needed: their scenes are checked by rendering a
# few frames each (test/e2e/footage.test.ts), and a fresh machine's run stays well under an hour.
bun scripts/generate-media.ts --default

echo "typecheck: tsc --noEmit"
bun run typecheck

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
set +e
# bunfig.toml's [test] timeout is not applied by this Bun; pass it here. Two files at a time: most of
# the suite waits on databases, processes and heartbeats rather than the processor, and every test
# holds on a busy machine. test/timings.json (per-file times of a whole run) starts the slowest first;
# refresh it with --update-timings after adding a slow file.
bun test --timeout 60000 --parallel=2 --no-isolate --timings=test/timings.json "$@" 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
set -e
passed="$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)"
failed="$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)"
echo "bun test: ${passed} passed, ${failed} failed"
if [ "$passed" = "0" ] && [ "$status" = "0" ]; then
  echo "no test ran" >&2
  exit 1
fi
exit "$status"
