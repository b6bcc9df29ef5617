#!/usr/bin/env bash
# What recording page views costs, in instructions (valgrind's callgrind), which unlike requests a
# second do not change with the machine's load: docs/performance.md, Insights, "Recording's cost".
#
#   scripts/callgrind-views.sh [BINARY] [sqlite|postgres]
#
# Seeds the peers' 100 posts (scripts/bench/posts-100.json) with the server run normally, then runs it
# under callgrind with instrumentation off and counts, each in a window of its own (instrumentation
# on only around it, every thread of the process counted):
#   list6    1,000 cached reads of the peers' list call (one keep-alive connection);
#   beacon   1,000 beacons naming a post, each from a new visitor (another user agent), until all are
#            stored: the requests, the flushes and the post view counting (the whole cost of a view);
#   page     the same naming a page that is not a post (no view counting);
#   idle     the process with no request for as long as the beacon window (timers): subtracted.
# A second normal run with ATELIER_LOG_STATEMENTS=1 counts the statements 1,000 views' flushes ran.
# postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh schema there, dropped at the end).
# Takes a few minutes. Port: ATELIER_PORT (default 18531). CALLGRIND_KEEP=DIR keeps each window's
# profiles there (callgrind_annotate reads them; a `--profile profiling` build names the functions).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-target/release/atelier}
db=${2:-sqlite}
port=${ATELIER_PORT:-18531}
views=${VIEWS:-1000}
reads=${READS:-1000}
EMAIL=bench@atelier.test
PASSWORD=bench-password-long-enough
pg_server=${BENCH_DATABASE_URL:-${TEST_DATABASE_URL:-}}
data=$(mktemp -d)
out=$data/callgrind
mkdir -p "$out"
server=""
schema=""
database="sqlite://$data/atelier.db"

stop() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
    server=""
}
cleanup() {
    stop
    [ -n "${CALLGRIND_KEEP:-}" ] && { mkdir -p "$CALLGRIND_KEEP"; cp -r "$out"/. "$CALLGRIND_KEEP"/; }
    [ -n "$schema" ] && PGOPTIONS=--client-min-messages=warning psql "$pg_server" -qc "DROP SCHEMA \"$schema\" CASCADE" >/dev/null
    rm -rf "$data"
}
trap cleanup EXIT

if [ "$db" = postgres ]; then
    [ -n "$pg_server" ] || { echo "callgrind-views: postgres needs TEST_DATABASE_URL" >&2; exit 1; }
    schema="callgrind_$(date +%s%N)"
    psql "$pg_server" -qc "CREATE SCHEMA \"$schema\"" >/dev/null
    separator='?'
    [[ "$pg_server" == *\?* ]] && separator='&'
    database="${pg_server}${separator}options=-c%20search_path%3D${schema}"
fi

# Starts the server (under $1..., e.g. valgrind) and waits until it answers.
launch() {
    DATABASE_URL=$database ATELIER_PORT=$port ATELIER_DATA_DIR=$data ATELIER_SEED_DEMO=false ATELIER_LOG=${ATELIER_LOG:-warn} \
        ATELIER_ADMIN_EMAIL=$EMAIL ATELIER_ADMIN_PASSWORD=$PASSWORD "$@" &
    server=$!
    for _ in $(seq 1 3000); do
        curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "callgrind-views: the server did not start" >&2
    exit 1
}

stored() {
    if [ "$db" = sqlite ]; then
        python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM page_views").fetchone()[0])' "$data/atelier.db"
    else
        psql "$pg_server" -qAt -c "SELECT count(*) FROM \"$schema\".page_views"
    fi
}

# Sends requests on one keep-alive connection: `send reads N` or `send beacon|page N FIRST`.
send() {
    python3 - "$port" "$@" <<'EOF'
import http.client, json, sys
port, kind, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
path = "/blog/050-release-typography-result" if kind == "beacon" else "/services"
body = json.dumps({"path": path, "referrer": "news.example.com", "language": "en-GB"})
for n in range(first, first + count):
    if kind == "reads":
        last = ("GET", "/api/blog/public/posts?page=1&limit=6&status=published")
    else:
        agent = f"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.{n}.0 Safari/537.36"
        last = ("POST", "/api/views", body, {"Content-Type": "application/json", "User-Agent": agent})
    connection.request(*last)
    try:
        response = connection.getresponse()
    except (ConnectionError, http.client.HTTPException):
        # Under callgrind a busy thread can starve the others past the server's request timeout:
        # the connection is closed; send again on a new one (a beacon may then count twice).
        connection.close()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        connection.request(*last)
        response = connection.getresponse()
    response.read()
    assert response.status in (200, 204), response.status
EOF
}

# Waits until $1 views are stored, then one flush interval more.
await_stored() {
    for _ in $(seq 1 600); do
        (( $(stored) >= $1 )) && { sleep 1.5; return; }
        sleep 0.2
    done
    echo "callgrind-views: only $(stored) of $1 views stored" >&2
    exit 1
}

# Instructions counted in a window: `window NAME COMMAND...`; prints the name and the sum of every
# thread's total.
window() {
    local name=$1
    shift
    callgrind_control -z "$server" >/dev/null
    callgrind_control -i on "$server" >/dev/null
    "$@"
    callgrind_control -i off "$server" >/dev/null
    touch "$out/.before-$name"
    sleep 0.2
    callgrind_control --dump="$name" "$server" >/dev/null
    sleep 2
    mkdir -p "$out/$name"
    find "$out" -maxdepth 1 -name 'cg.*' -newer "$out/.before-$name" -exec mv {} "$out/$name/" \;
    local total
    total=$(cat "$out/$name"/cg.* | awk '/^totals:/ { sum += $2 } END { printf "%d", sum }')
    local files
    files=$(find "$out/$name" -name 'cg.*' | wc -l)
    echo "$name $total instructions ($files threads)"
}

beacon_window() { send beacon "$views" 3000000; await_stored $((base + views)); }
page_window() { send page "$views" 4000000; await_stored $((base + views)); }

# Seed with the server run normally.
launch "$binary" serve
python3 scripts/bench_seed.py "http://127.0.0.1:$port" "$EMAIL" "$PASSWORD" scripts/bench/posts-100.json >/dev/null
stop

# Statements per 1,000 views, with the server run normally.
ATELIER_LOG_STATEMENTS=1 ATELIER_LOG=warn,sqlx::query=info ATELIER_LOG_FORMAT=json launch "$binary" serve \
    >"$data/statements.log"
base=$(stored)
send beacon 10 0 && await_stored $((base + 10))
: >"$data/statements.log"
base=$(stored)
send beacon "$views" 1000000
await_stored $((base + views))
echo "statements for $views post views' flushes: $(grep -c '"target":"sqlx::query"' "$data/statements.log")"
stop

launch valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes --dump-instr=no \
    --callgrind-out-file="$out/cg.%p" "$binary" serve 2>"$data/valgrind.log"
send reads 100
send beacon 50 2000000
sleep 3
base=$(stored)

window list6 send reads "$reads"
base=$(stored)
window beacon beacon_window
start=$EPOCHREALTIME
base=$(stored)
window page page_window
seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", b - a }')
window idle sleep "$seconds"
echo "(per read: list6 / $reads; per view: (beacon or page - idle) / $views; idle lasted $seconds s)"
