#!/usr/bin/env bash
# Quick start: installs what is missing, then runs the service (embedded PGlite, local storage).
# Built-in media: the music and a background loop of the default category are generated before the
# service starts (once per machine); the other loops render in the background at low priority while it
# runs (a video asking for a category not ready yet waits while that category is generated next), and
# that generation stops when the service does.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
bun scripts/generate-media.ts --first || echo "start: the default category's loops failed to generate; serving whatever footage exists" >&2
nice -n 10 bun scripts/generate-media.ts --rest --while-pid $$ &
exec bun run start "$@"
