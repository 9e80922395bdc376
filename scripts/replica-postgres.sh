#!/usr/bin/env bash
# A private PostgreSQL primary and a streaming replica of it (pg_basebackup -R), from the installed server
# binaries, for the read-replica tests (decision 068); the machine's shared PostgreSQL is never touched:
#   scripts/replica-postgres.sh start 5491 5492
#     then REPLICA_TEST_URLS=postgresql://postgres@127.0.0.1:5491/postgres,postgresql://postgres@127.0.0.1:5492/postgres
#   scripts/replica-postgres.sh stop 5491 5492   (stops both and removes their data)
# initdb --auth=trust lets the replica connect for replication from 127.0.0.1 without a password.
set -euo pipefail
action=${1:-}
primary_port=${2:-5491}
replica_port=${3:-5492}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
primary=/tmp/dd-replica-primary-$primary_port
replica=/tmp/dd-replica-standby-$replica_port
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
server_options() { echo "-p $1 -k /tmp -c listen_addresses=127.0.0.1"; }
stop_one() {
  [ -f "$1/PG_VERSION" ] && as_postgres "$bin/pg_ctl" -D "$1" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$1" "$1.log"
}
case $action in
  start)
    stop_one "$replica"
    stop_one "$primary"
    for dir in "$primary" "$replica"; do
      mkdir -p "$dir" && chmod 700 "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
    done
    as_postgres "$bin/initdb" -D "$primary" -U postgres --auth=trust >/dev/null
    as_postgres "$bin/pg_ctl" -D "$primary" -o "$(server_options "$primary_port")" -l "$primary.log" -w start >/dev/null
    # A copy of the primary that keeps replaying its WAL: -R writes standby.signal and primary_conninfo.
    as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$replica" -R -X stream
    as_postgres "$bin/pg_ctl" -D "$replica" -o "$(server_options "$replica_port")" -l "$replica.log" -w start >/dev/null
    echo "primary postgresql://postgres@127.0.0.1:$primary_port/postgres, replica postgresql://postgres@127.0.0.1:$replica_port/postgres"
    ;;
  stop)
    stop_one "$replica"
    stop_one "$primary"
    ;;
  *) echo "usage: $0 start|stop <primaryPort> <replicaPort>" >&2; exit 2 ;;
esac
