# Sourced by start.sh and test.sh: a fresh machine has Node 20 and npm only.
if ! command -v pnpm >/dev/null 2>&1; then
  echo "pnpm is missing: installing pnpm@10 with npm"
  npm install -g pnpm@10 >/dev/null
fi
