#!/usr/bin/env bash
# Cache misses (docs/performance.md, "Cache misses"): a large blog read at random addresses, as
# crawlers and visitors read it, so that most requests miss the response cache. The peers' 100 texts
# are seeded through the API, then copied inside the database up to each size (scripts/bench_multiply.py:
# one statement, not one HTTP call a post), and the server started again on it. For each size and
# database, with the peers' wrk command (2 threads, 64 connections) and scripts/bench/random.lua:
#
#   slug   one post by slug (API), a random published slug each request
#   list   a page of the public list, `?page=1..N&limit=6&status=published` (API), a random page
#   page   a post's HTML page `/blog/{slug}`, a random slug
#   mix    the three at random
#
# printed beside the cached figures (the same slug and the list's first page again and again) and the
# better peer's, with the response cache's hit rate (its metrics) and the server's peak memory.
# Exit 1 when a target is missed: at the largest size, on each database, random slugs at
# MIN_SLUG_RPS or more, random list pages at MIN_LIST_RPS or more, random post pages at least at the
# random slugs' rate; every p99 at most MAX_P99_MS; peak RSS at most MAX_RSS_MIB.
#
#   BENCH_MISS_SIZES ("3000 100000"), BENCH_MISS_DATABASES ("sqlite postgres": PostgreSQL only when
#   BENCH_DATABASE_URL or TEST_DATABASE_URL names a server), BENCH_MISS_MODES ("slug list page mix"),
#   BENCH_DURATION (20s), BENCH_MIN_SLUG_RPS, BENCH_MIN_LIST_RPS, BENCH_MAX_P99_MS, BENCH_MAX_RSS_MIB,
#   ATELIER_BIN (target/release/atelier).
set -euo pipefail
cd "$(dirname "$0")/.."

MIN_SLUG_RPS=${BENCH_MIN_SLUG_RPS:-20000}
MIN_LIST_RPS=${BENCH_MIN_LIST_RPS:-10000}
MAX_P99_MS=${BENCH_MAX_P99_MS:-20}
MAX_RSS_MIB=${BENCH_MAX_RSS_MIB:-40}
DURATION=${BENCH_DURATION:-20s}
read -r -a sizes <<<"${BENCH_MISS_SIZES:-3000 100000}"
read -r -a modes <<<"${BENCH_MISS_MODES:-slug list page mix}"
WORKLOAD=scripts/bench/posts-100.json
EMAIL=bench@atelier.test
PASSWORD=bench-password-12345
METRICS_TOKEN=bench-metrics-token-12345
PEER_RPS=393 # the better peer's best (Directus, one post by slug, 100 posts: scripts/bench/README.md)
largest=${sizes[-1]}

binary=${ATELIER_BIN:-./target/release/atelier}
[ -x "$binary" ] || { echo "bench: build first (just build)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "bench: needs wrk (apt-get install wrk)" >&2; exit 1; }

failed=0
server="" data="" schema="" database=""
pg_server=${BENCH_DATABASE_URL:-${TEST_DATABASE_URL:-}}
slugs=$(mktemp)

stop() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
    [ -n "$data" ] && rm -rf "$data"
    [ -n "$schema" ] && PGOPTIONS=--client-min-messages=warning psql "$pg_server" -qc "DROP SCHEMA \"$schema\" CASCADE" >/dev/null
    server="" data="" schema=""
}
trap 'stop; rm -f "$slugs"' EXIT

# Runs the server on $database until it answers /api/ready; sets $server.
launch() {
    DATABASE_URL=$database ATELIER_PORT=$port ATELIER_DATA_DIR=$data ATELIER_LOG=warn ATELIER_SEED_DEMO=false \
        ATELIER_ADMIN_EMAIL=$EMAIL ATELIER_ADMIN_PASSWORD=$PASSWORD ATELIER_METRICS_TOKEN=$METRICS_TOKEN \
        "$binary" serve &
    server=$!
    for _ in $(seq 1 3000); do
        curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && return
        sleep 0.01
    done
    echo "bench: the server did not start" >&2
    exit 1
}

# A server on database $1 ("sqlite" or "postgres") holding $2 published posts; sets $server, $port,
# $database and writes the posts' slugs into $slugs.
start() {
    local db=$1 size=$2
    data=$(mktemp -d)
    port=$((20000 + RANDOM % 20000))
    database="sqlite://$data/atelier.db"
    if [ "$db" = postgres ]; then
        schema="bench_$(date +%s%N)"
        psql "$pg_server" -qc "CREATE SCHEMA \"$schema\"" >/dev/null
        local separator='?'
        [[ "$pg_server" == *\?* ]] && separator='&'
        database="${pg_server}${separator}options=-c%20search_path%3D${schema}"
    fi
    launch
    scripts/bench_seed.py "http://127.0.0.1:$port" "$EMAIL" "$PASSWORD" "$WORKLOAD"
    kill "$server" && wait "$server" 2>/dev/null || true
    scripts/bench_multiply.py "$database" "$size"
    local query="SELECT slug FROM blog_posts WHERE status = 'published'"
    if [ "$db" = postgres ]; then psql "$database" -qtA -c "$query" >"$slugs"; else sqlite3 "$data/atelier.db" "$query" >"$slugs"; fi
    launch
}

rss_mib() { awk -v key="$1" '$1 == key":" {printf "%.1f", $2 / 1024}' "/proc/$server/status"; }
to_ms() { awk -v v="$1" 'BEGIN { if (v ~ /us$/) printf "%.2f", v/1000; else if (v ~ /ms$/) printf "%.2f", v+0; else printf "%.2f", v*1000 }'; }
over() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }

# The response cache's lookups so far, as "hits misses" (API reads and pages together).
lookups() {
    curl -fs -H "Authorization: Bearer $METRICS_TOKEN" "http://127.0.0.1:$port/metrics" |
        awk '/^atelier_response_cache_lookups_total/ { if ($0 ~ /result="hit"/) h += $2; else m += $2 } END { print h + 0, m + 0 }'
}

# One wrk run: prints "req/s p50_ms p99_ms".
measure() {
    local out
    out=$(wrk -t2 -c64 -d"$DURATION" --latency --timeout 10s "$@")
    echo "$(awk '/Requests\/sec/ {print int($2)}' <<<"$out")" \
        "$(to_ms "$(awk '$1=="50%" {print $2}' <<<"$out")")" \
        "$(to_ms "$(awk '$1=="99%" {print $2}' <<<"$out")")"
}

run() {
    local db=$1 size=$2
    start "$db" "$size"
    local count pages base="http://127.0.0.1:$port"
    count=$(wc -l <"$slugs")
    pages=$(((count + 5) / 6))
    echo 5 >"/proc/$server/clear_refs"
    echo "== $db, $count published posts ($pages list pages of 6); RSS at rest $(rss_mib VmRSS) MiB"
    printf '%-22s %9s %8s %8s %8s %10s\n' call req/s p50_ms p99_ms hit_rate 'x peer'
    local first
    first=$(head -n 1 "$slugs")
    declare -A rps_of
    for call in cached-slug cached-list "${modes[@]}"; do
        local rps p50 p99 before after
        read -r -a before < <(lookups)
        case $call in
            cached-slug) read -r rps p50 p99 < <(measure "$base/api/blog/public/posts/slug/$first") ;;
            cached-list) read -r rps p50 p99 < <(measure "$base/api/blog/public/posts?page=1&limit=6&status=published") ;;
            *) read -r rps p50 p99 < <(BENCH_MODE=$call BENCH_SLUGS=$slugs BENCH_LIST_PAGES=$pages \
                measure -s scripts/bench/random.lua "$base") ;;
        esac
        read -r -a after < <(lookups)
        local hits=$((after[0] - before[0])) misses=$((after[1] - before[1]))
        rps_of[$call]=$rps
        printf '%-22s %9s %8s %8s %7s%% %9.1fx\n' "$call" "$rps" "$p50" "$p99" \
            "$(awk -v h="$hits" -v m="$misses" 'BEGIN { printf "%.1f", (h + m) ? 100 * h / (h + m) : 0 }')" \
            "$(awk -v a="$rps" -v b="$PEER_RPS" 'BEGIN { print a / b }')"
        if over "$p99" "$MAX_P99_MS"; then
            echo "  missed: p99 at most $MAX_P99_MS ms" >&2
            failed=1
        fi
    done
    if [ "$size" = "$largest" ]; then
        if [ -n "${rps_of[slug]:-}" ] && (( rps_of[slug] < MIN_SLUG_RPS )); then
            echo "  missed: random slugs at $MIN_SLUG_RPS req/s or more" >&2
            failed=1
        fi
        if [ -n "${rps_of[list]:-}" ] && (( rps_of[list] < MIN_LIST_RPS )); then
            echo "  missed: random list pages at $MIN_LIST_RPS req/s or more" >&2
            failed=1
        fi
        if [ -n "${rps_of[page]:-}" ] && [ -n "${rps_of[slug]:-}" ] && (( rps_of[page] < rps_of[slug] )); then
            echo "  missed: random post pages at the random slugs' rate or more" >&2
            failed=1
        fi
    fi
    local peak
    peak=$(rss_mib VmHWM)
    echo "RSS peak under the random load: $peak MiB (target at most $MAX_RSS_MIB MiB); load: $(cut -d' ' -f1-3 /proc/loadavg)"
    if over "$peak" "$MAX_RSS_MIB"; then
        echo "  missed: at most $MAX_RSS_MIB MiB" >&2
        failed=1
    fi
    stop
}

read -r -a databases <<<"${BENCH_MISS_DATABASES:-sqlite postgres}"
for db in "${databases[@]}"; do
    if [ "$db" = postgres ] && [ -z "$pg_server" ]; then
        echo "bench: no PostgreSQL server named (BENCH_DATABASE_URL or TEST_DATABASE_URL): skipped" >&2
        continue
    fi
    for size in "${sizes[@]}"; do run "$db" "$size"; done
done
exit $failed
