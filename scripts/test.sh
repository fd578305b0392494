#!/usr/bin/env bash
# Installs everything and runs every check (scripts/run-tests.mjs: build, lint, typecheck, every
# package's tests side by side, release:check, the example app), then prints each step's time.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-pnpm.sh
source scripts/ensure-chromium.sh
source scripts/ensure-postgres.sh
pnpm install --frozen-lockfile
pnpm test
