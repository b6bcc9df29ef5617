#!/usr/bin/env bash
# Instructions per response-cache miss (docs/performance.md, "Cache misses"): callgrind on a server
# (the debug build) over a seeded blog (scripts/bench-misses.sh's seeding, plus four categories
# "alpha".."delta" of the posts), 15 requests a call. For each call: the same 15 addresses read once
# (renderings and list orders kept), an administrator's write (the content generation moves, so
# every measured request misses the response cache), one more address (the lists' orders read again
# for the new generation), then the 15 requests with instrumentation on, dumped per call. Prints the
# instructions per request of each call. Counts include the server's background work (the
# generation's poll every 500 ms), so run it on a quiet machine.
#
#   scripts/callgrind-misses.sh BIN DATA_DIR PORT LABEL [DATABASE_URL]
set -euo pipefail
BIN=$1 DIR=$2 PORT=$3 LABEL=$4
DB=${5:-sqlite://$DIR/atelier.db}
EMAIL=bench@atelier.test PASSWORD=bench-password-12345
OUT=${CALLGRIND_OUT:-/tmp}/callgrind-$LABEL; rm -rf "$OUT"; mkdir -p "$OUT"
DATABASE_URL=$DB ATELIER_PORT=$PORT ATELIER_DATA_DIR=$DIR ATELIER_LOG=warn ATELIER_SEED_DEMO=false \
  ATELIER_ADMIN_EMAIL=$EMAIL ATELIER_ADMIN_PASSWORD=$PASSWORD \
  valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$OUT/cg.%p" "$BIN" serve >"$OUT/server.log" 2>&1 &
VG=$!
for _ in $(seq 1 2400); do curl -fs "http://127.0.0.1:$PORT/api/ready" >/dev/null 2>&1 && break; sleep 0.5; done
TOKEN=$(curl -fs -H 'Content-Type: application/json' -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" http://127.0.0.1:$PORT/api/auth/login | python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
if [[ $DB == sqlite* ]]; then
  mapfile -t SLUGS < <(sqlite3 "$DIR/atelier.db" "SELECT slug FROM blog_posts WHERE status='published' ORDER BY id LIMIT 60")
else
  mapfile -t SLUGS < <(psql "$DB" -qtA -c "SELECT slug FROM blog_posts WHERE status='published' ORDER BY id LIMIT 60")
fi
B=http://127.0.0.1:$PORT
paths() { # kind index
  local i=$2
  case $1 in
    slug) echo "/api/blog/public/posts/slug/${SLUGS[$i]}" ;;
    page) echo "/blog/${SLUGS[$((i + 20))]}" ;;
    list) echo "/api/blog/public/posts?page=$((34 + i * 29))&limit=6" ;;
    category) echo "/api/blog/public/posts?category=alpha&page=$((10 + i * 7))&limit=6" ;;
    search) echo "/api/blog/public/posts?search=typography&page=$((22 + i))&limit=6" ;;
    admin) echo "/api/blog/posts?status=published&page=$((20 + i * 19))&limit=10" ;;
    admincat) echo "/api/blog/posts?category=beta&page=$((5 + i * 4))&limit=10" ;;
  esac
}
get() { local auth=(); [[ $1 == admin* ]] && auth=(-H "Authorization: Bearer $TOKEN"); curl -fs -o /dev/null "${auth[@]}" "$B$2" || echo "failed $2" >&2; }
n=0
for kind in slug page list category search admin admincat; do
  # Warm-up: the same addresses (renderings remembered), then a write moves the generation, so each
  # measured request misses the response cache; one more address reads the lists' orders again.
  for i in $(seq 0 14); do get $kind "$(paths $kind $i)"; done
  n=$((n + 1))
  curl -fs -o /dev/null -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "{\"name\":\"measure-$n-$RANDOM\"}" $B/api/blog/tags || echo "write failed" >&2
  get $kind "$(paths $kind 15)"
  callgrind_control -i on $VG >/dev/null
  for i in $(seq 0 14); do get $kind "$(paths $kind $i)"; done
  callgrind_control -i off $VG >/dev/null
  callgrind_control -d $kind $VG >/dev/null
done
kill $VG; wait $VG 2>/dev/null || true
for f in "$OUT"/cg.*.*; do
  part=$(grep -m1 '^desc: Trigger' "$f" | sed 's/.*Trigger: dump //'); total=$(grep -E '^totals:' "$f" | awk '{print $2}')
  awk -v p="$part" -v t="$total" 'BEGIN { printf "%-10s %6.1f M instructions per request\n", p, t / 15 / 1e6 }'
done
