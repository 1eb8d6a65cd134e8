#!/usr/bin/env bash
# The multi-node topology on this machine (docs/scale.md#the-topology-test): a PostgreSQL
# primary and a streaming replica (two clusters of Debian's postgresql on two ports),
# pgbouncer in front of the primary, two `opentamp serve` replicas behind haproxy, two
# `opentamp worker`s; then bench/cluster/load.py puts a bounded load on 127.0.0.1, kills one
# API replica and one worker mid-run and prints the figures. Everything is torn down at the end.
#
#   sudo bench/cluster/run.sh            (as root: it installs packages and makes clusters)
#
# Environment: OPENTAMP_BIN (default .venv/bin/opentamp), PYTHON (default .venv/bin/python),
# PG_VERSION (default the newest installed), REQUESTS (default 1200), CONCURRENCY (default 8).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
OPENTAMP_BIN=${OPENTAMP_BIN:-$ROOT/.venv/bin/opentamp}
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
export PYTHONPATH=$ROOT${PYTHONPATH:+:$PYTHONPATH}

PRIMARY_PORT=5441 REPLICA_PORT=5442 BOUNCER_PORT=6441 PROXY_PORT=8440 API_PORTS=(8441 8442)
WORK=${WORK:-/tmp/opentamp-cluster}
PRIMARY=opentamp_primary REPLICA=opentamp_replica

if [ "$(id -u)" != 0 ]; then echo "run as root (apt-get, pg_createcluster)" >&2; exit 2; fi
need=()
command -v pg_createcluster >/dev/null || need+=(postgresql postgresql-contrib)
command -v pgbouncer >/dev/null || need+=(pgbouncer)
command -v haproxy >/dev/null || need+=(haproxy)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
PG_VERSION=${PG_VERSION:-$(ls /usr/lib/postgresql | sort -n | tail -1)}
PGBIN=/usr/lib/postgresql/$PG_VERSION/bin
echo "== $("$PGBIN/postgres" --version | sed 's/^postgres //'), $(pgbouncer --version | head -1)," \
  "$(haproxy -v | head -1 | cut -d' ' -f1-3); load average $(cut -d' ' -f1-3 /proc/loadavg)"

PIDS=()
teardown() {
  set +e
  for pid in "${PIDS[@]}" $(jobs -p); do kill "$pid" 2>/dev/null; done
  sleep 1
  for pid in "${PIDS[@]}" $(jobs -p); do kill -9 "$pid" 2>/dev/null; done
  pg_dropcluster --stop "$PG_VERSION" "$REPLICA" 2>/dev/null
  pg_dropcluster --stop "$PG_VERSION" "$PRIMARY" 2>/dev/null
}
trap teardown EXIT
teardown
set -e  # teardown turned it off
rm -rf "$WORK" && mkdir -p "$WORK" && chown postgres: "$WORK"

echo "== PostgreSQL $PG_VERSION: primary :$PRIMARY_PORT, streaming replica :$REPLICA_PORT"
pg_createcluster "$PG_VERSION" "$PRIMARY" -p "$PRIMARY_PORT" -- --auth=trust >/dev/null
cat >>"/etc/postgresql/$PG_VERSION/$PRIMARY/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
wal_level = replica
max_wal_senders = 5
max_connections = 200
synchronous_commit = on
CONF
echo "host replication postgres 127.0.0.1/32 trust" >>"/etc/postgresql/$PG_VERSION/$PRIMARY/pg_hba.conf"
pg_ctlcluster "$PG_VERSION" "$PRIMARY" start
pg_createcluster "$PG_VERSION" "$REPLICA" -p "$REPLICA_PORT" -- --auth=trust >/dev/null
echo "listen_addresses = '127.0.0.1'" >>"/etc/postgresql/$PG_VERSION/$REPLICA/postgresql.conf"
echo "max_connections = 200" >>"/etc/postgresql/$PG_VERSION/$REPLICA/postgresql.conf"
REPLICA_DATA=/var/lib/postgresql/$PG_VERSION/$REPLICA
find "$REPLICA_DATA" -mindepth 1 -delete
runuser -u postgres -- "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres \
  -D "$REPLICA_DATA" -R -X stream >/dev/null
pg_ctlcluster "$PG_VERSION" "$REPLICA" start
runuser -u postgres -- psql -qAt -h 127.0.0.1 -p "$PRIMARY_PORT" -c "CREATE DATABASE opentamp"
echo "   replication: $(runuser -u postgres -- psql -qAt -h 127.0.0.1 -p "$PRIMARY_PORT" \
  -c "SELECT application_name || ' ' || state FROM pg_stat_replication")"

echo "== pgbouncer :$BOUNCER_PORT -> primary"
cat >"$WORK/pgbouncer.ini" <<CONF
[databases]
opentamp = host=127.0.0.1 port=$PRIMARY_PORT dbname=opentamp
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $BOUNCER_PORT
auth_type = trust
auth_file = $WORK/userlist.txt
pool_mode = session
max_client_conn = 400
default_pool_size = 60
logfile = $WORK/pgbouncer.log
pidfile = $WORK/pgbouncer.pid
CONF
echo '"postgres" ""' >"$WORK/userlist.txt"
chown postgres: "$WORK"/pgbouncer.ini "$WORK"/userlist.txt
runuser -u postgres -- pgbouncer -d "$WORK/pgbouncer.ini"
sleep 0.5
PIDS+=("$(cat "$WORK/pgbouncer.pid")")

PRIMARY_URL=postgresql+psycopg://postgres@127.0.0.1:$PRIMARY_PORT/opentamp
BOUNCER_URL=postgresql+psycopg://postgres@127.0.0.1:$BOUNCER_PORT/opentamp
REPLICA_URL=postgresql+psycopg://postgres@127.0.0.1:$REPLICA_PORT/opentamp
export OPENTAMP_VAR_DIR=$WORK/var OPENTAMP_WEB_DIST=$WORK/dist
mkdir -p "$OPENTAMP_VAR_DIR" "$OPENTAMP_WEB_DIST"
echo '<!doctype html><title>OpenTAMP</title>' >"$OPENTAMP_WEB_DIST/index.html"

echo "== schema and the load's world (through pgbouncer)"
OPENTAMP_DATABASE_URL=$BOUNCER_URL "$OPENTAMP_BIN" db upgrade >"$WORK/upgrade.log" 2>&1
OPENTAMP_DATABASE_URL=$BOUNCER_URL "$OPENTAMP_BIN" seed demo >"$WORK/seed.log" 2>&1
OPENTAMP_DATABASE_URL=$BOUNCER_URL "$PYTHON" -m bench.cluster.load prepare --out "$WORK/world.json"

echo "== two workers (direct to the primary: LISTEN/NOTIFY and the advisory lock need a session)"
WORKERS=()
for n in 1 2; do
  OPENTAMP_DATABASE_URL="$PRIMARY_URL?application_name=opentamp-worker$n" \
    OPENTAMP_SCHEDULER_INTERVAL_SECONDS=1 "$OPENTAMP_BIN" worker >"$WORK/worker$n.log" 2>&1 &
  PIDS+=("$!")
  WORKERS+=("opentamp-worker$n=$!")
  echo "   worker$n pid $!"
done
"$PYTHON" -m bench.cluster.load wait-caught-up --db "$PRIMARY_URL"

echo "== two API replicas behind haproxy :$PROXY_PORT"
for i in 0 1; do
  OPENTAMP_DATABASE_URL=$BOUNCER_URL OPENTAMP_READ_DATABASE_URL=$REPLICA_URL \
    OPENTAMP_SCHEDULER=false OPENTAMP_DB_POOL_SIZE=10 \
    "$OPENTAMP_BIN" serve --no-scheduler --port "${API_PORTS[$i]}" >"$WORK/api$((i + 1)).log" 2>&1 &
  PIDS+=("$!")
  echo "   api$((i + 1)) :${API_PORTS[$i]} pid $!"
done
cat >"$WORK/haproxy.cfg" <<CONF
global
  maxconn 512
  log stdout format raw local0
defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A health check waits up to 5 s for its answer: a replica busy for a moment (its first
  # purchase builds the trading router's routes on the event loop, seconds on a loaded
  # machine) is not taken out, where a 500 ms timeout took both fresh replicas out at once
  # and haproxy answered 503 with no server left. A dead replica refuses the check's
  # connection at once, so it is still out within two checks (1 s).
  timeout check 5s
  retries 3
  # Every retry goes to another server: a replica that just died is tried once, not three
  # times, before its health checks take it out.
  option redispatch 1
  option http-buffer-request
  # buyFund is idempotent by tradeUUID, so a request a dead replica never answered is sent
  # to the other one.
  retry-on conn-failure empty-response response-timeout
frontend api
  bind 127.0.0.1:$PROXY_PORT
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /api/v1/opentamp/noauth/app/version
  default-server inter 500ms fall 2 rise 2
  server api1 127.0.0.1:${API_PORTS[0]} check
  server api2 127.0.0.1:${API_PORTS[1]} check
CONF
haproxy -f "$WORK/haproxy.cfg" -db >"$WORK/haproxy.log" 2>&1 &
PIDS+=("$!")
for port in "${API_PORTS[@]}"; do
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$port/api/v1/opentamp/noauth/app/version" >/dev/null && break
    sleep 0.5
  done
done

echo "== load, with one API replica and one worker killed mid-run"
API1_PID=${PIDS[-3]}
"$PYTHON" -m bench.cluster.load run --world "$WORK/world.json" \
  --url "http://127.0.0.1:$PROXY_PORT" --db "$PRIMARY_URL" --replica "$REPLICA_URL" \
  --kill-api "$API1_PID" --workers "${WORKERS[@]}" \
  --worker-logs "$WORK/worker1.log" "$WORK/worker2.log" \
  --requests "${REQUESTS:-1200}" --concurrency "${CONCURRENCY:-8}" || status=$?
echo
echo "   haproxy: the servers' state changes and its answers other than 200 ($WORK/haproxy.log)"
awk '/ is (DOWN|UP)/ || ($6 ~ /^[0-9]+$/ && $6 != 200) { print "     " $0 }' "$WORK/haproxy.log"
exit "${status:-0}"
