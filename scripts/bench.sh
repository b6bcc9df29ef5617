#!/usr/bin/env bash
# Atelier's speed and memory benchmark: the release binary on a fresh demo database, loaded over
# loopback with wrk, one endpoint at a time. Prints requests per second, latency percentiles and the
# server's peak resident memory, then checks them against the targets below (exit 1 when one is
# missed). Targets are for this project's reference machine: 2 cores, server and load generator
# sharing them.
set -euo pipefail
cd "$(dirname "$0")/.."

MIN_RPS=${BENCH_MIN_RPS:-3000}        # per endpoint, 2 cores shared with wrk
MAX_P99_MS=${BENCH_MAX_P99_MS:-50}
MAX_RSS_MB=${BENCH_MAX_RSS_MB:-150}
DURATION=${BENCH_DURATION:-10s}

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
    else
        echo "bench: needs wrk (apt-get install wrk)" >&2
        exit 1
    fi
fi

binary=./target/release/atelier
[ -x "$binary" ] || { echo "bench: build first (just build)" >&2; exit 1; }
data=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
ATELIER_PORT=$port ATELIER_DATA_DIR=$data ATELIER_LOG=warn ATELIER_ADMIN_PASSWORD=bench-password-12345 "$binary" serve &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null && break
    sleep 0.1
done

failed=0
peak_rss_kb=0
printf '%-36s %10s %9s %9s\n' endpoint req/s p50_ms p99_ms
endpoints=(${BENCH_ENDPOINTS:-/api/services/featured /api/blog/public/posts?limit=12 /api/portfolio?limit=12 /api/faqs?status=active\&limit=50 /api/settings /api/health /})
for endpoint in "${endpoints[@]}"; do
    out=$(wrk -t2 -c32 -d"$DURATION" --latency "http://127.0.0.1:$port$endpoint")
    rps=$(awk '/Requests\/sec/ {print int($2)}' <<<"$out")
    p50=$(awk '$1=="50%" {print $2}' <<<"$out")
    p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    to_ms() { awk -v v="$1" 'BEGIN { if (v ~ /us$/) printf "%.2f", v/1000; else if (v ~ /ms$/) printf "%.2f", v+0; else printf "%.2f", v*1000 }'; }
    p50_ms=$(to_ms "$p50"); p99_ms=$(to_ms "$p99")
    rss_kb=$(awk '/VmHWM/ {print $2}' /proc/$server/status)
    (( rss_kb > peak_rss_kb )) && peak_rss_kb=$rss_kb
    printf '%-36s %10s %9s %9s\n' "$endpoint" "$rps" "$p50_ms" "$p99_ms"
    if (( rps < MIN_RPS )) || awk -v p="$p99_ms" -v m="$MAX_P99_MS" 'BEGIN { exit !(p > m) }'; then
        echo "  missed: at least $MIN_RPS req/s and p99 at most $MAX_P99_MS ms" >&2
        failed=1
    fi
done
peak_mb=$((peak_rss_kb / 1024))
echo "peak resident memory: ${peak_mb} MB (target at most ${MAX_RSS_MB} MB)"
(( peak_mb <= MAX_RSS_MB )) || failed=1
exit $failed
