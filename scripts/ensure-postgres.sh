# Sourced by test.sh: the server's tests also run against a throwaway PostgreSQL 15 cluster.
LMS_PG_BIN="${LMS_PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ "${LMS_TEST_PG:-1}" != "0" ] && [ ! -x "$LMS_PG_BIN/initdb" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL 15 is missing: installing Debian's postgresql-15 package"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
  else
    echo "The server tests need PostgreSQL 15 (initdb, pg_ctl) in $LMS_PG_BIN:" >&2
    echo "install it (Debian: 'sudo apt-get install postgresql-15') or set LMS_PG_BIN." >&2
    exit 1
  fi
fi
export LMS_PG_BIN
