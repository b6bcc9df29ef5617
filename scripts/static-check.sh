#!/usr/bin/env bash
# The binary that needs nothing: checks the statically linked release build (`just static`, the
# same build as the Dockerfile's) by copying only the binary into an empty folder and running it
# there under chroot (root only; this stands in for the `FROM scratch` container): `--version`,
# `atelier healthcheck` against nothing, then `atelier serve` on SQLite inside that root, which
# must answer /api/health, /api/ready and a page, and `atelier healthcheck` against it.
#
# Usage: scripts/static-check.sh [BINARY]   (default: target/x86_64-unknown-linux-gnu/release/atelier)
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-target/x86_64-unknown-linux-gnu/release/atelier}
[ -x "$binary" ] || { echo "static-check: build first (just static)" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "static-check: chroot needs root" >&2; exit 1; }

fail() { echo "static-check: FAILED: $*" >&2; exit 1; }

echo "== $binary: $(stat -c %s "$binary") bytes"
description=$(file -b "$binary")
echo "   file: $description"
[[ "$description" == *"statically linked"* || "$description" == *"static-pie linked"* ]] \
    || fail "file does not call it statically linked"
# ldd exits 1 ("not a dynamic executable") for a static binary, or 0 saying "statically linked" for a
# static-pie one (glibc 2.36); either way it must name no library ("libc.so.6 => …").
ldd_out=$(ldd "$binary" 2>&1 || true)
if grep -q "=>" <<<"$ldd_out"; then
    fail "ldd lists shared libraries: $ldd_out"
fi
echo "   ldd: $ldd_out"
if readelf -d "$binary" 2>/dev/null | grep -q NEEDED; then
    fail "the binary names shared libraries it needs"
fi

root=$(mktemp -d)
server=""
cleanup() {
    [ -n "$server" ] && { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
    rm -rf "$root"
}
trap cleanup EXIT
# Only the binary, and an empty folder for the data (as the image's /data volume): no /etc, no
# /lib, no /dev, no /proc, no /tmp.
install -m 0755 "$binary" "$root/atelier"
mkdir -m 0700 "$root/data"

# chroot by its full path: `env -i` leaves the command no PATH to find it by.
chroot_bin=$(command -v chroot) || fail "no chroot command"
in_root() { env -i PATH=/ "$chroot_bin" "$root" /atelier "$@"; }

version=$(in_root --version) || fail "--version"
echo "== --version: $version"
[[ "$version" == atelier\ * ]] || fail "--version printed '$version'"

if in_root healthcheck --url http://127.0.0.1:9/api/health 2>/dev/null; then
    fail "healthcheck succeeded with nothing listening"
fi
echo "== healthcheck with nothing listening: exit 1 as expected"

port=${STATIC_CHECK_PORT:-$((18400 + RANDOM % 100))}
env -i ATELIER_HOST=127.0.0.1 ATELIER_PORT=$port ATELIER_DATA_DIR=/data ATELIER_LOG=warn \
    ATELIER_ADMIN_EMAIL=admin@atelier.test ATELIER_ADMIN_PASSWORD=static-check-password \
    "$chroot_bin" "$root" /atelier serve > "$root.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do
    curl -fs "http://127.0.0.1:$port/api/ready" >/dev/null 2>&1 && break
    kill -0 "$server" 2>/dev/null || { cat "$root.log" >&2; fail "the server stopped"; }
    sleep 0.1
done
health=$(curl -fsS "http://127.0.0.1:$port/api/health") || { cat "$root.log" >&2; fail "/api/health"; }
echo "== /api/health: $health"
page=$(curl -fsS "http://127.0.0.1:$port/blog") || fail "the /blog page"
grep -qi "<!doctype html>" <<<"$page" || fail "the /blog page is not HTML"
echo "== /blog: $(wc -c <<<"$page") bytes of HTML"
posts=$(curl -fsS "http://127.0.0.1:$port/api/blog/public/posts?limit=1") || fail "the post list"
grep -q '"blogs"' <<<"$posts" || fail "the post list has no posts"
echo "== /api/blog/public/posts: demo content seeded into /data/atelier.db"
in_root healthcheck --url "http://127.0.0.1:$port/api/health" || fail "healthcheck against the server"
echo "== healthcheck against the server: exit 0"
[ -s "$root/data/atelier.db" ] || fail "no database in the root's /data"
if grep -qiE "nss|getaddrinfo|error" "$root.log"; then
    cat "$root.log" >&2
    fail "the server logged errors"
fi
kill -TERM "$server"
wait "$server" || fail "the server did not stop cleanly"
server=""
rm -f "$root.log"
echo "static-check: passed"
