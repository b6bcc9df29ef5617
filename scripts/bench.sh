#!/usr/bin/env bash
# Atelier's speed and memory benchmark: the release binary on a fresh demo database, loaded over
# loopback with wrk, one endpoint at a time. Prints requests per second, latency percentiles and the
# server's peak resident memory, then checks them against the targets below (exit 1 when one is
# missed). Targets are for this project's reference machine: 2 cores, server and load generator
# sharing them.
#
# The endpoints are the API's cached reads, a probe, and pages the server writes whole (the home
# page and the newest post's page), each asked for as wrk does by default (no compression) and as a
# browser does (`Accept-Encoding: gzip`, answered with the stored compressed copy). Each is loaded
# BENCH_RUNS times (default 3) and judged on the median; each page must reach 2/3 of the median of
# the API's cached reads' medians in the same run and encoding, since both are answered from the
# same response cache. The pages' bodies are several times the API's (the home page embeds the
# answers of eleven API reads), so without compression the check is printed but only the browsers'
# encoding decides.
#
#   BENCH_RUNS, BENCH_DURATION, BENCH_ENDPOINTS (space-separated; `/blog/{post}` is the newest post),
#   BENCH_ENCODINGS ("identity gzip"), BENCH_MIN_RPS, BENCH_MAX_P99_MS, BENCH_MAX_RSS_MB: override the
#   defaults below; ATELIER_BIN names another server binary (default target/release/atelier).
set -euo pipefail
cd "$(dirname "$0")/.."

MIN_RPS=${BENCH_MIN_RPS:-3000}        # per endpoint, 2 cores shared with wrk
MAX_P99_MS=${BENCH_MAX_P99_MS:-50}
MAX_RSS_MB=${BENCH_MAX_RSS_MB:-150}
DURATION=${BENCH_DURATION:-10s}
RUNS=${BENCH_RUNS:-3}
read -r -a encodings <<<"${BENCH_ENCODINGS:-identity gzip}"
PAGE_SHARE_NUM=2 PAGE_SHARE_DEN=3     # pages at 2/3 of the API's cached reads or more

if ! command -v wrk >/dev/null; then
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
    else
        echo "bench: needs wrk (apt-get install wrk)" >&2
        exit 1
    fi
fi

binary=${ATELIER_BIN:-./target/release/atelier}
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
rest_kb=$(awk '/VmRSS/ {print $2}' /proc/$server/status)

# The newest published post, whose page is benchmarked as `/blog/{post}`.
post=$(curl -fs "http://127.0.0.1:$port/api/blog/public/posts?limit=1" | sed -n 's/.*"slug":"\([^"]*\)".*/\1/p' | head -n 1)
[ -n "$post" ] || { echo "bench: the demo content has no published post" >&2; exit 1; }

# The API's reads answered from the response cache (docs/caching.md), and the server-written pages.
api_reads=(/api/services/featured /api/blog/public/posts?limit=12 /api/portfolio?limit=12 /api/faqs?status=active\&limit=50 /api/settings)
pages=(/ "/blog/{post}")
endpoints=(${BENCH_ENDPOINTS:-${api_reads[*]} /api/health ${pages[*]}})

to_ms() { awk -v v="$1" 'BEGIN { if (v ~ /us$/) printf "%.2f", v/1000; else if (v ~ /ms$/) printf "%.2f", v+0; else printf "%.2f", v*1000 }'; }
# The median of the numbers given.
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

failed=0
peak_rss_kb=0
declare -A rps_of
printf '%-36s %-8s %10s %9s %9s %8s  %s\n' endpoint encoding req/s p50_ms p99_ms KiB "runs (req/s)"
for endpoint in "${endpoints[@]}"; do
  url=${endpoint//\{post\}/$post}
  for encoding in "${encodings[@]}"; do
    size=$(curl -fs -o /dev/null -H "Accept-Encoding: $encoding" -w '%{size_download}' "http://127.0.0.1:$port$url" || echo 0)
    all_rps=() all_p50=() all_p99=()
    for _ in $(seq 1 "$RUNS"); do
        out=$(wrk -t2 -c32 -d"$DURATION" --latency -H "Accept-Encoding: $encoding" "http://127.0.0.1:$port$url")
        all_rps+=("$(awk '/Requests\/sec/ {print int($2)}' <<<"$out")")
        all_p50+=("$(to_ms "$(awk '$1=="50%" {print $2}' <<<"$out")")")
        all_p99+=("$(to_ms "$(awk '$1=="99%" {print $2}' <<<"$out")")")
        rss_kb=$(awk '/VmHWM/ {print $2}' /proc/$server/status)
        (( rss_kb > peak_rss_kb )) && peak_rss_kb=$rss_kb
    done
    rps=$(median "${all_rps[@]}"); rps=${rps%.*}
    p50_ms=$(median "${all_p50[@]}"); p99_ms=$(median "${all_p99[@]}")
    rps_of["$encoding $endpoint"]=$rps
    printf '%-36s %-8s %10s %9.2f %9.2f %8.1f  %s\n' "$endpoint" "$encoding" "$rps" "$p50_ms" "$p99_ms" \
        "$(awk -v b="$size" 'BEGIN { print b / 1024 }')" "${all_rps[*]}"
    if (( rps < MIN_RPS )) || awk -v p="$p99_ms" -v m="$MAX_P99_MS" 'BEGIN { exit !(p > m) }'; then
        echo "  missed: at least $MIN_RPS req/s and p99 at most $MAX_P99_MS ms" >&2
        failed=1
    fi
  done
done
echo "(/blog/{post} is /blog/$post; req/s, p50 and p99 are medians of $RUNS runs of $DURATION)"

# Pages against the API's cached reads of the same run and encoding.
for encoding in "${encodings[@]}"; do
    api_rps=()
    for endpoint in "${api_reads[@]}"; do
        [ -n "${rps_of["$encoding $endpoint"]:-}" ] && api_rps+=("${rps_of["$encoding $endpoint"]}")
    done
    (( ${#api_rps[@]} > 0 )) || continue
    reference=$(median "${api_rps[@]}"); reference=${reference%.*}
    floor=$((reference * PAGE_SHARE_NUM / PAGE_SHARE_DEN))
    judged=$([ "$encoding" = identity ] && [[ " ${encodings[*]} " == *" gzip "* ]] && echo no || echo yes)
    echo "$encoding: API cached reads median ${reference} req/s; pages need ${floor} req/s (${PAGE_SHARE_NUM}/${PAGE_SHARE_DEN})$([ "$judged" = no ] && echo ', shown only')"
    for page in "${pages[@]}"; do
        value=${rps_of["$encoding $page"]:-}
        [ -n "$value" ] || continue
        share=$(awk -v p="$value" -v r="$reference" 'BEGIN { printf "%.2f", p / r }')
        if (( value >= floor )); then
            echo "  page $page: $value req/s, ${share}x the API's reads: ok"
        elif [ "$judged" = no ]; then
            echo "  page $page: $value req/s, ${share}x the API's reads: below (not judged)"
        else
            echo "  page $page: $value req/s, ${share}x the API's reads: missed" >&2
            failed=1
        fi
    done
done

peak_mb=$((peak_rss_kb / 1024))
echo "resident memory: $((rest_kb / 1024)) MB at rest, peak ${peak_mb} MB (target at most ${MAX_RSS_MB} MB); load: $(cut -d' ' -f1-3 /proc/loadavg)"
(( peak_mb <= MAX_RSS_MB )) || failed=1
exit $failed
