#!/usr/bin/env bash
# Lighthouse on the public site: builds both web apps and the release binary (which embeds them),
# starts it on a free port with a fresh data folder (so it seeds the demo content), and runs
# Lighthouse three times per page and preset in Debian's chromium (frontend/e2e/lighthouse/measure.mjs
# prints the medians). Not part of `just test`: the figures depend on the machine's load.
#
#   LIGHTHOUSE_SKIP_BUILD=1   measure the binary and builds already there
#   ATELIER_BIN=path          another server binary (e.g. a debug build)
#   ATELIER_WEB_DIR=dir       serve the web apps from <dir>/public and <dir>/admin instead
#   LIGHTHOUSE_RUNS, LIGHTHOUSE_PRESETS, LIGHTHOUSE_PAGES, LIGHTHOUSE_JSON, CHROME_PATH: see measure.mjs
set -euo pipefail
cd "$(dirname "$0")/.."

target=${CARGO_TARGET_DIR:-target}
binary=${ATELIER_BIN:-$target/release/atelier}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "lighthouse: no chromium at $CHROME_PATH (apt-get install chromium)" >&2; exit 1; }

if [ -z "${LIGHTHOUSE_SKIP_BUILD:-}" ]; then
    pnpm install --frozen-lockfile
    pnpm build
    [ -n "${ATELIER_BIN:-}" ] || cargo build --release --locked --bin atelier
fi
[ -x "$binary" ] || { echo "lighthouse: no server binary at $binary (just build)" >&2; exit 1; }

data=$(mktemp -d)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
ATELIER_HOST=127.0.0.1 ATELIER_PORT=$port ATELIER_DATA_DIR=$data ATELIER_LOG=warn \
    ATELIER_ADMIN_PASSWORD=lighthouse-password-12345 "$binary" serve &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 600); do
    curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null && break
    kill -0 $server 2>/dev/null || { echo "lighthouse: the server exited" >&2; exit 1; }
    sleep 0.1
done
curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null || { echo "lighthouse: the server was not ready" >&2; exit 1; }

node frontend/e2e/lighthouse/measure.mjs "http://127.0.0.1:$port"
