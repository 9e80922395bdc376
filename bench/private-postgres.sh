#!/usr/bin/env bash
# A PostgreSQL server of the crash script's own, from the installed server binaries, so it can be
# restarted mid-run without touching the machine's shared one:
#   bench/private-postgres.sh start 5499    then BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5499/postgres
#   bench/private-postgres.sh restart 5499  (what CRASH_RESTART_POSTGRES runs)
#   bench/private-postgres.sh stop 5499     (stops it and removes its data)
set -euo pipefail
action=$1
port=${2:-5499}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
dir=/tmp/dd-private-pg-$port
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case $action in
  start)
    mkdir -p "$dir" && chown postgres "$dir" 2>/dev/null || true
    [ -f "$dir/PG_VERSION" ] || as_postgres "$bin/initdb" -D "$dir" -U postgres --auth=trust >/dev/null
    as_postgres "$bin/pg_ctl" -D "$dir" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1" -l "$dir.log" -w start >/dev/null
    ;;
  restart)
    as_postgres "$bin/pg_ctl" -D "$dir" -m fast -w restart -o "-p $port -k /tmp -c listen_addresses=127.0.0.1" >/dev/null
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
    rm -rf "$dir" "$dir.log"
    ;;
  *) echo "usage: $0 start|restart|stop [port]" >&2; exit 2 ;;
esac
