#!/usr/bin/env bash
# What metrics cost a read, in instructions (valgrind's callgrind), which unlike requests a second do
# not change with the machine's load: docs/operations.md, "Watch", and docs/performance.md.
#
#   scripts/callgrind-metrics.sh [BINARY]
#
# Seeds the peers' 100 posts (scripts/bench/posts-100.json) on SQLite with the server run normally,
# then runs it twice under callgrind, without and with metrics (ATELIER_METRICS_TOKEN), and counts
# each of the peers' two calls in a window of its own (READS cached reads on one keep-alive
# connection, after a warm-up; every thread of the process counted). Prints the instructions per
# read of each call with and without metrics and the difference, and exits 1 when a difference is
# over MAX_COST_PERCENT (5). Takes about a minute. Port: ATELIER_PORT (default 18541).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-target/release/atelier}
port=${ATELIER_PORT:-18541}
reads=${READS:-1000}
max_cost=${MAX_COST_PERCENT:-5}
EMAIL=bench@atelier.test
PASSWORD=bench-password-long-enough
TOKEN=callgrind-metrics-token-12345
declare -A CALLS=(
    [list6]="/api/blog/public/posts?page=1&limit=6&status=published"
    [by-slug]="/api/blog/public/posts/slug/050-release-typography-result"
)
command -v valgrind >/dev/null || { echo "callgrind-metrics: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
[ -x "$binary" ] || { echo "callgrind-metrics: build first (just build)" >&2; exit 1; }
data=$(mktemp -d)
out=$data/callgrind
mkdir -p "$out"
server=""

stop() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
    server=""
}
trap 'stop; rm -rf "$data"' EXIT

# Starts the server (under $1..., e.g. valgrind) and waits until it answers.
launch() {
    DATABASE_URL="sqlite://$data/atelier.db" ATELIER_PORT=$port ATELIER_DATA_DIR=$data ATELIER_SEED_DEMO=false \
        ATELIER_LOG=warn ATELIER_ADMIN_EMAIL=$EMAIL ATELIER_ADMIN_PASSWORD=$PASSWORD "$@" &
    server=$!
    for _ in $(seq 1 3000); do
        curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "callgrind-metrics: the server did not start" >&2
    exit 1
}

# Sends `$2` GET requests of the path `$1` on one keep-alive connection.
send() {
    python3 - "$port" "$1" "$2" <<'EOF'
import http.client, sys
port, path, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
for _ in range(count):
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
EOF
}

# The instructions of every thread while `send PATH READS` runs, in a window of its own.
window() {
    local name=$1 path=$2
    callgrind_control -z "$server" >/dev/null 2>&1
    callgrind_control -i on "$server" >/dev/null 2>&1
    send "$path" "$reads"
    callgrind_control -i off "$server" >/dev/null 2>&1
    touch "$out/.before-$name"
    sleep 0.2
    callgrind_control --dump="$name" "$server" >/dev/null 2>&1
    sleep 2
    mkdir -p "$out/$name"
    find "$out" -maxdepth 1 -name 'cg.*' -newer "$out/.before-$name" -exec mv {} "$out/$name/" \;
    cat "$out/$name"/cg.* | awk '/^totals:/ { sum += $2 } END { printf "%d", sum }'
}

launch "$binary" serve
python3 scripts/bench_seed.py "http://127.0.0.1:$port" "$EMAIL" "$PASSWORD" scripts/bench/posts-100.json >/dev/null
stop

declare -A per_read
for metrics in off on; do
    token=""
    [ "$metrics" = on ] && token=$TOKEN
    ATELIER_METRICS_TOKEN=$token launch valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes \
        --dump-instr=no --callgrind-out-file="$out/cg.%p" "$binary" serve 2>"$data/valgrind.log"
    for call in list6 by-slug; do
        send "${CALLS[$call]}" 100
        total=$(window "$call-$metrics" "${CALLS[$call]}")
        per_read[$call-$metrics]=$((total / reads))
    done
    if [ "$metrics" = on ]; then
        series=$(curl -fs -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$port/metrics" | grep -c '^atelier_http_requests_total' || true)
        (( series > 0 )) || { echo "callgrind-metrics: the server recorded no request series" >&2; exit 1; }
    fi
    stop
done

failed=0
for call in list6 by-slug; do
    off=${per_read[$call-off]} on=${per_read[$call-on]}
    cost=$(awk -v off="$off" -v on="$on" 'BEGIN { printf "%.1f", (on - off) * 100 / off }')
    verdict=ok
    if awk -v cost="$cost" -v max="$max_cost" 'BEGIN { exit !(cost > max) }'; then verdict="MISS (> $max_cost %)"; failed=1; fi
    printf 'metrics, %-8s %8d instructions a read without, %8d with: %5s %%  %s\n' "$call" "$off" "$on" "$cost" "$verdict"
done
exit $failed
