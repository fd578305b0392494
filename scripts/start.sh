#!/usr/bin/env bash
# Installs, builds and starts the product on the embedded database; prints the demo sign-ins.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
pnpm install --frozen-lockfile
pnpm start
