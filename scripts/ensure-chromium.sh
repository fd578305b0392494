# Sourced by test.sh: browser tests drive Debian's Chromium (no test tool downloads its own browser).
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing: installing Debian's chromium package"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is needed for the browser tests: install it (Debian: 'sudo apt-get install chromium')" >&2
    echo "or set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH
