#!/usr/bin/env bash
# Installs everything and runs every check: build, lint, typecheck and every package's tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
source scripts/ensure-chromium.sh
source scripts/ensure-postgres.sh
pnpm install --frozen-lockfile
pnpm test
