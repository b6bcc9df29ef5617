#!/usr/bin/env bash
# The Insights benchmark: a year of a busy small site (3 000 000 page views, rolled up as a year of
# running leaves them, the last 30 days' raw views kept) seeded into SQLite, and into PostgreSQL when
# BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server; each Insights call timed three times on
# ranges of 7 days to 3 years, judged on the median. Prints the table; exits 1 when a median is over
# BENCH_INSIGHTS_LIMIT_MS (default 200). BENCH_VIEWS and BENCH_DAYS change the site's size.
# Then how fast the views' flush stores a second of the beacon benchmark's views (6,000, each a new
# visitor of one post) on each database; exits 1 under BENCH_MIN_VIEWS_PER_S (default 20,000).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
BENCH_LIMIT_MS=${BENCH_INSIGHTS_LIMIT_MS:-200} \
    cargo run --quiet --release --locked -p atelier-adapters-db --example insights_bench || status=1
cargo run --quiet --release --locked -p atelier-adapters-db --example views_flush_bench || status=1
exit $status
