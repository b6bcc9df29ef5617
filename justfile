# Atelier's tasks. `./dev.sh <recipe>` installs the tools a fresh machine lacks, then runs the recipe.

set shell := ["bash", "-euo", "pipefail", "-c"]

# List the recipes
default:
    @just --list

# Where the tests keep their data (databases, uploads, browser profiles): in memory when the machine
# has /dev/shm. Every commit of a test database is fsynced (WAL, `synchronous = FULL`), which costs
# milliseconds on a disk and nothing in tmpfs; the tests stop processes, never the machine, so what
# they prove is the same.
test_tmp := if path_exists("/dev/shm") == "true" { "/dev/shm" } else { env_var_or_default("TMPDIR", "/tmp") }

# The debug builds, their checks and tests carry the OpenTelemetry exporter (the `otlp` feature, on in
# every release build), so that its code is linted and its test (a collector reading the server's
# spans) runs; every debug build names the same features, so no step rebuilds another's binary.
debug_features := "--features atelier/otlp"

# Install the frontend's dependencies exactly as locked
setup:
    pnpm install --frozen-lockfile

# Build both web apps and the release binary (which embeds them)
build: setup
    pnpm build
    cargo build --release --locked --features otlp,hickory-dns --bin atelier

# Build, migrate, seed demo content into an empty database, and serve http://127.0.0.1:8080
run: build
    ./target/release/atelier serve

# Regenerate openapi/openapi.json from the code, then the typed client from it
generate: setup
    cargo run --quiet --locked {{debug_features}} --bin atelier -- openapi --output openapi/openapi.json
    pnpm generate

# Fail when openapi/openapi.json or the generated client differs from what the code produces
check-generated: check-generated-rust check-generated-web

# openapi/openapi.json is what the code produces
check-generated-rust:
    cargo run --quiet --locked {{debug_features}} --bin atelier -- openapi | diff -u openapi/openapi.json - \
        || { echo "openapi/openapi.json is stale: run 'just generate' and commit it" >&2; exit 1; }

# The generated client is what openapi/openapi.json produces
check-generated-web: setup
    pnpm check:generated

# Landed migrations unchanged, formatting, clippy with warnings as errors, the frontend linter and strict type-checks
lint: lint-rust lint-web

# Landed migrations unchanged, formatting, clippy with warnings as errors
lint-rust:
    scripts/check-migrations.sh
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --locked {{debug_features}} -- -D warnings

# The frontend linter and strict type-checks
lint-web: setup
    pnpm lint
    pnpm typecheck

# List a new migration in crates/adapters-db/migrations.lock (landed ones must never change)
lock-migrations:
    scripts/check-migrations.sh --add

# Rust tests; the storage tests also run on PostgreSQL when TEST_DATABASE_URL is set. Four tests at
# a time in each test binary: the HTTP and storage tests wait on their servers (PostgreSQL, the
# application on its port) at least as much as they compute.
test-rust: s3-test-server
    TMPDIR={{test_tmp}} RUST_TEST_THREADS=${RUST_TEST_THREADS:-4} cargo test --workspace --locked {{debug_features}}

# moto's S3 server (from PyPI, into .tools/moto), which the S3 storage tests start on a free port
s3-test-server:
    test -x .tools/moto/bin/moto_server || { python3 -m venv .tools/moto && .tools/moto/bin/pip install --quiet --disable-pip-version-check "moto[server]==5.2.5"; }

# Frontend unit and component tests
test-web: setup
    pnpm test

# End-to-end tests in Chromium against the real server
e2e: setup
    pnpm build
    cargo build --locked {{debug_features}} --bin atelier
    just e2e-built

# The end-to-end tests on the builds already made (`pnpm build`, `cargo build --bin atelier`)
e2e-built:
    TMPDIR={{test_tmp}} pnpm e2e

# The API against its own OpenAPI document: Schemathesis with every check, anonymously and as an
# administrator, bounded by a fixed seed and case count (scripts/fuzz.sh says how to run longer)
fuzz:
    cargo build --locked {{debug_features}} --bin atelier
    TMPDIR={{test_tmp}} scripts/fuzz.sh

# Two halves run side by side first: the web checks and the apps' build (biome, tsc, the generated
# client, vite), which need no Rust, beside the Rust checks and compiles (rustfmt, clippy, the API
# document, the test binaries and the server), whose long single-crate compiles and links leave a core
# idle; a debug binary reads the apps' builds from disk, so building them alongside costs no second
# compile. The Python tools the later steps use (moto, Schemathesis) install from PyPI meanwhile.
# Then the tests, one step at a time.
# Every check and test, each step's time printed after it
test: setup
    #!/usr/bin/env bash
    set -euo pipefail
    logs=$(mktemp -d)
    trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT
    { just s3-test-server && scripts/fuzz.sh --install; } >"$logs/tools" 2>&1 &
    tools=$!
    steps() {
        for step in "$@"; do
            start=$SECONDS
            case "$step" in
                build-web) pnpm build ;;
                build-rust) cargo test --workspace --locked {{debug_features}} --no-run && cargo build --locked {{debug_features}} --bin atelier ;;
                tools) wait "$tools" || { cat "$logs/tools" >&2; echo "installing moto and Schemathesis failed" >&2; return 1; } ;;
                web) wait "$web" || { cat "$logs/web" >&2; echo "the web checks or the apps' build failed" >&2; return 1; }
                    grep '^== ' "$logs/web" >&2 ;;
                *) just "$step" ;;
            esac
            echo "== just $step: $((SECONDS - start)) s" >&2
        done
    }
    steps lint-web check-generated-web build-web >"$logs/web" 2>&1 &
    web=$!
    steps lint-rust check-generated-rust build-rust web tools test-rust test-web e2e-built cluster fuzz

# Three instances (the debug binary) on one fresh PostgreSQL database and moto's S3 server behind
# Debian's nginx: reads and writes across them, uploads, sign-in limits and sessions, a scheduled post
# announced once, one instance killed under load and rejoining, one backup a period
# (scripts/cluster-test.sh; a step of `just test`; `./dev.sh cluster` installs nginx when missing)
cluster: setup s3-test-server
    scripts/cluster-test.sh

# Lighthouse on the public site (release binary, demo content, Debian's chromium): the median of three
# runs per page, mobile and desktop (scripts/lighthouse.sh; not part of `just test`)
lighthouse: setup
    scripts/lighthouse.sh

# Speed and memory benchmarks of the release binary over loopback: the endpoint table on demo content
# (scripts/bench.sh), then the peers' workload (scripts/bench-peers.sh; BENCH_GROWTH=1 adds 1k/100k),
# then the random workload of cache misses at 3,000 and 100,000 posts (scripts/bench-misses.sh), then
# the Insights calls on a year of 3 million page views (scripts/bench-insights.sh)
bench: build
    status=0; scripts/bench.sh || status=1; scripts/bench-peers.sh || status=1; scripts/bench-misses.sh || status=1; scripts/bench-insights.sh || status=1; exit $status

# The release binary linked statically (glibc +crt-static, names resolved in Rust), as the
# Dockerfile builds it, then checked in an empty chroot (scripts/static-check.sh; root only; not part
# of `just test`)
static: setup
    pnpm build
    RUSTFLAGS="-C target-feature=+crt-static --cfg getrandom_backend=\"linux_getrandom\"" cargo build --release --locked --target x86_64-unknown-linux-gnu --features otlp,hickory-dns --bin atelier
    scripts/static-check.sh target/x86_64-unknown-linux-gnu/release/atelier

# The deployment examples: the systemd unit (systemd-analyze verify) and the nginx configuration
# (nginx -t), installing Debian's packages when missing (scripts/deploy-check.sh; not part of `just test`)
deploy-check:
    scripts/deploy-check.sh
