#!/usr/bin/env bash
# Quick start: installs what is missing, then runs the service (embedded PGlite, local storage).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
exec bun run start "$@"
