#!/usr/bin/env bash
# Seeds the blog scripts/callgrind-misses.sh reads: 3,000 published posts (the peers' 100 texts, copied
# by scripts/bench_multiply.py) in four categories alpha..delta of 750 each.
#   scripts/callgrind-misses-seed.sh BIN DATA_DIR PORT [DATABASE_URL]
set -euo pipefail
BIN=$1 DIR=$2 PORT=$3
DB=${4:-sqlite://$DIR/atelier.db}
mkdir -p "$DIR"
cd "$(dirname "$0")/.."
EMAIL=bench@atelier.test PASSWORD=bench-password-12345
run() {
  DATABASE_URL=$DB ATELIER_PORT=$PORT ATELIER_DATA_DIR=$DIR ATELIER_LOG=warn ATELIER_SEED_DEMO=false \
    ATELIER_ADMIN_EMAIL=$EMAIL ATELIER_ADMIN_PASSWORD=$PASSWORD "$BIN" serve >"$DIR/seed.log" 2>&1 &
  echo $! > "$DIR/pid"
  for _ in $(seq 1 6000); do curl -fs "http://127.0.0.1:$PORT/api/ready" >/dev/null 2>&1 && return; sleep 0.05; done
  echo "not started" >&2; exit 1
}
run
scripts/bench_seed.py "http://127.0.0.1:$PORT" "$EMAIL" "$PASSWORD" scripts/bench/posts-100.json
TOKEN=$(curl -fs -H 'Content-Type: application/json' -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" http://127.0.0.1:$PORT/api/auth/login | python3 -c 'import json,sys;print(json.load(sys.stdin)["token"])')
for name in Alpha Beta Gamma Delta; do
  curl -fs -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "{\"displayName\":\"$name\",\"slug\":\"$(echo $name | tr A-Z a-z)\"}" http://127.0.0.1:$PORT/api/blog/categories >/dev/null
done
kill "$(cat "$DIR/pid")"; sleep 1
scripts/bench_multiply.py "$DB" 3000
if [[ $DB == sqlite* ]]; then
  sqlite3 "$DIR/atelier.db" <<SQL
CREATE TEMP TABLE c AS SELECT id, ROW_NUMBER() OVER (ORDER BY slug) - 1 AS n FROM blog_categories;
UPDATE blog_posts SET category_id = (SELECT id FROM c WHERE n = blog_posts.rowid % 4);
UPDATE blog_post_words SET category_id = (SELECT category_id FROM blog_posts WHERE blog_posts.id = blog_post_words.post_id);
SQL
else
  psql "$DB" -q <<SQL
CREATE TEMP TABLE c AS SELECT id, ROW_NUMBER() OVER (ORDER BY slug) - 1 AS n FROM blog_categories;
UPDATE blog_posts SET category_id = (SELECT id FROM c WHERE n = abs(hashtext(blog_posts.id)) % 4);
UPDATE blog_post_words SET category_id = (SELECT category_id FROM blog_posts WHERE blog_posts.id = blog_post_words.post_id);
VACUUM ANALYZE;
SQL
fi
echo seeded
