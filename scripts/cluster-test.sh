#!/usr/bin/env bash
# Several instances, proven: three `atelier serve` on one fresh PostgreSQL database and one
# S3-compatible bucket (moto's server), with one token secret, behind Debian's nginx as the load
# balancer (retrying reads on the next instance when one fails), then scripts/cluster_check.py checks
# what an operator relies on (docs/operations.md, "Scale out"). A step of `just test` (after e2e,
# whose debug binary it uses), or alone: `just cluster`.
#
# Needs: PostgreSQL at $PGHOST (127.0.0.1, user postgres, createdb allowed), moto_server (`just
# s3-test-server`, or on PATH, or $ATELIER_TEST_MOTO_SERVER), nginx (installed with apt-get when
# missing, as root; `./dev.sh cluster` does it first), python3. Uses 100 ports from
# $CLUSTER_PORTS_FROM (default 18500). CLUSTER_PROFILE=release uses the release binary instead.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

profile=${CLUSTER_PROFILE:-debug}
# The binary embeds the web apps: build them when this checkout has none yet (e2e built them first).
[ -f frontend/apps/public/dist/index.html ] && [ -f frontend/apps/admin/dist/index.html ] || pnpm build
if [ "$profile" = release ]; then cargo build --release --locked --bin atelier; else cargo build --locked --bin atelier; fi
binary=$PWD/target/$profile/atelier

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    echo "installing nginx with apt-get" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx >/dev/null; }
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)

moto=${ATELIER_TEST_MOTO_SERVER:-}
[ -n "$moto" ] || { [ -x .tools/moto/bin/moto_server ] && moto=.tools/moto/bin/moto_server; } || true
[ -n "$moto" ] || moto=$(command -v moto_server || true)
[ -n "$moto" ] || { echo "no moto_server: run 'just s3-test-server'" >&2; exit 1; }

work=$(mktemp -d /tmp/atelier-cluster.XXXXXX)
database=atelier_cluster_$(date +%s)_$$
pghost=${PGHOST:-127.0.0.1}
pids=()
cleanup() {
    status=$?
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    kill "$(cat "$work/nginx.pid" 2>/dev/null)" 2>/dev/null || true
    wait 2>/dev/null || true
    dropdb -h "$pghost" -U postgres --force --if-exists "$database" 2>/dev/null || true
    if [ "$status" -ne 0 ]; then
        echo "--- the last log lines of each process (all in $work) ---" >&2
        for log in "$work"/*.log; do echo "== $log" >&2; tail -n 15 "$log" >&2; done
    else
        rm -rf "$work"
    fi
    exit "$status"
}
trap cleanup EXIT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_ports=()
first_port=${CLUSTER_PORTS_FROM:-18500}
for port in $(seq "$first_port" $((first_port + 99))); do
    port_free "$port" && free_ports+=("$port")
    [ "${#free_ports[@]}" -ge 7 ] && break
done
[ "${#free_ports[@]}" -ge 7 ] || { echo "not enough free ports from $first_port" >&2; exit 1; }
s3_port=${free_ports[0]}; lb_port=${free_ports[1]}; hook_port=${free_ports[2]}
ports=("${free_ports[3]}" "${free_ports[4]}" "${free_ports[5]}")

wait_for() { # url, seconds
    for _ in $(seq 1 $(( $2 * 10 ))); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "$1 did not answer within $2 s" >&2; return 1
}

"$moto" -H 127.0.0.1 -p "$s3_port" >"$work/moto.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$s3_port/" 30
curl -fsS -X PUT "http://127.0.0.1:$s3_port/atelier-media" >/dev/null

createdb -h "$pghost" -U postgres "$database"

secret=$(head -c 48 /dev/urandom | base64 | tr -d '\n')
export DATABASE_URL="postgres://postgres@$pghost:5432/$database"
export ATELIER_JWT_SECRET=$secret
export ATELIER_ADMIN_EMAIL=admin@cluster.test ATELIER_ADMIN_PASSWORD=cluster-password-123
export ATELIER_S3_BUCKET=atelier-media ATELIER_S3_ENDPOINT=http://127.0.0.1:$s3_port
export ATELIER_S3_REGION=us-east-1 ATELIER_S3_ACCESS_KEY=cluster ATELIER_S3_SECRET_KEY=cluster-secret
export ATELIER_S3_PATH_STYLE=true
export ATELIER_TRUSTED_PROXIES=127.0.0.1 ATELIER_WEBHOOK_ALLOW_NETWORKS=127.0.0.1/32
export ATELIER_CHALLENGE_MAX_NUMBER=1000 ATELIER_LOG=${ATELIER_LOG:-info}
export ATELIER_BACKUP_EVERY=1m ATELIER_BACKUP_TO=bucket ATELIER_BACKUP_KEEP=3

# One instance's pid per index, so the check can kill and restart one.
start_instance() { # index
    local index=$1 port=${ports[$1]}
    ATELIER_PORT=$port ATELIER_DATA_DIR="$work/data$index" "$binary" serve >>"$work/atelier$index.log" 2>&1 &
    echo $! >"$work/atelier$index.pid"
    pids+=($!)
}
# The first migrates and seeds alone; the others start on the migrated database.
start_instance 0
wait_for "http://127.0.0.1:${ports[0]}/api/ready" 60
start_instance 1
start_instance 2
wait_for "http://127.0.0.1:${ports[1]}/api/ready" 60
wait_for "http://127.0.0.1:${ports[2]}/api/ready" 60

mkdir -p "$work/nginx"
cat >"$work/nginx.conf" <<NGINX
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    upstream atelier {
        server 127.0.0.1:${ports[0]} max_fails=1 fail_timeout=2s;
        server 127.0.0.1:${ports[1]} max_fails=1 fail_timeout=2s;
        server 127.0.0.1:${ports[2]} max_fails=1 fail_timeout=2s;
        keepalive 16;
    }
    server {
        listen 127.0.0.1:$lb_port;
        client_max_body_size 20m;
        location / {
            proxy_pass http://atelier;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$remote_addr;
            proxy_connect_timeout 1s;
            proxy_read_timeout 10s;
            # Reads go to the next instance when one fails; a write is never sent twice.
            proxy_next_upstream error timeout;
            proxy_next_upstream_tries 3;
        }
    }
}
NGINX
"$nginx" -t -c "$work/nginx.conf" -p "$work/nginx" >"$work/nginx-test.log" 2>&1
"$nginx" -c "$work/nginx.conf" -p "$work/nginx" -g 'daemon off;' >"$work/nginx.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$lb_port/api/ready" 10

export CLUSTER_WORK=$work CLUSTER_BINARY=$binary CLUSTER_BALANCER=http://127.0.0.1:$lb_port
export CLUSTER_INSTANCES="http://127.0.0.1:${ports[0]},http://127.0.0.1:${ports[1]},http://127.0.0.1:${ports[2]}"
export CLUSTER_PORTS="${ports[*]}" CLUSTER_HOOK_PORT=$hook_port CLUSTER_S3=http://127.0.0.1:$s3_port
export CLUSTER_PSQL="psql -h $pghost -U postgres -d $database -tAc"
python3 scripts/cluster_check.py

echo "cluster check passed in $(( $(date +%s) - started )) s (build included)"
