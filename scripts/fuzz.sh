#!/usr/bin/env bash
# Atelier's API against its own OpenAPI document: Schemathesis (from PyPI, into .tools/fuzz) runs every
# check on every operation of the served document, first anonymously, then with an administrator's
# token, against the debug binary on a fresh demo database. It fails when either run finds anything.
#
# The run is bounded and repeatable: a fixed seed, one worker, FUZZ_EXAMPLES cases per operation
# and phase (20 by default). Run longer with more cases, another seed or a time budget, e.g.
#   FUZZ_EXAMPLES=500 FUZZ_SEED=7 just fuzz
#   FUZZ_MAX_TIME=1800 just fuzz        # fuzzing and stateful phases repeat for 30 minutes per run
# Reports (JUnit and NDJSON, with a curl line to reproduce each failure) go to target/fuzz/.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
SEED=${FUZZ_SEED:-20261126}
EXAMPLES=${FUZZ_EXAMPLES:-20}
venv=.tools/fuzz

if [ ! -x "$venv/bin/st" ] || ! "$venv/bin/pip" show schemathesis 2>/dev/null | grep -qx "Version: $SCHEMATHESIS_VERSION"; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# `scripts/fuzz.sh --install` only installs Schemathesis (`just test` does it while Rust compiles).
[ "${1:-}" = --install ] && exit 0
binary=${ATELIER_BIN:-./target/debug/atelier}
[ -x "$binary" ] || { echo "fuzz: build first (cargo build --bin atelier)" >&2; exit 1; }
data=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
password=fuzzing-password-$RANDOM$RANDOM
ATELIER_PORT=$port ATELIER_HOST=127.0.0.1 ATELIER_DATA_DIR=$data ATELIER_LOG=warn \
    ATELIER_ADMIN_EMAIL=admin@example.com ATELIER_ADMIN_PASSWORD=$password "$binary" serve &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 200); do
    curl -fs "$base/api/ready" >/dev/null && break
    sleep 0.1
done

token=$(curl -fs -X POST -H 'Content-Type: application/json' \
    -d "{\"email\":\"admin@example.com\",\"password\":\"$password\"}" "$base/api/auth/login" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')

mkdir -p target/fuzz
failed=0
# The two runs go side by side (each its own process, so both cores generate cases), each printing
# into its own log, shown whole when both are done. Hypothesis's health checks on generating cases
# ("too slow" on a busy machine, "filter too much" for a strict pattern such as a slug's) judge the
# generator, not the API, so they are off; every check of the answers stays on.
run() {
    local name=$1
    shift
    {
        echo "== schemathesis: $name (seed $SEED, $EXAMPLES cases per operation and phase)"
        # Signing out ends the token's own session, which the rest of the admin run needs.
        "$venv/bin/st" --config-file scripts/schemathesis.toml run "$base/api/openapi.json" \
            --url "$base/api" --checks all --seed "$SEED" --workers 1 --max-examples "$EXAMPLES" \
            ${FUZZ_MAX_TIME:+--max-time "$FUZZ_MAX_TIME"} \
            --exclude-operation-id logout --exclude-operation-id signOutSession \
            --suppress-health-check=too_slow,filter_too_much \
            --report junit,ndjson --report-dir "target/fuzz/$name" --warnings off "$@"
    } >"target/fuzz/$name.log" 2>&1
}
run anonymous &
anonymous=$!
run admin -H "Authorization: Bearer $token" &
admin=$!
wait $anonymous || failed=1
cat target/fuzz/anonymous.log
wait $admin || failed=1
cat target/fuzz/admin.log
exit $failed
