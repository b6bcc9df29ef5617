#!/usr/bin/env bash
# Checks the deployment examples in deploy/: the systemd unit with `systemd-analyze verify` (and its
# hardening score with `systemd-analyze security`), the nginx configuration with `nginx -t` (with a
# throwaway certificate in place of the real one). Installs Debian's systemd, nginx and openssl
# when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

need() {
    local command=$1 package=$2
    command -v "$command" >/dev/null && return
    echo "deploy-check: installing $package"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package" >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$package" >/dev/null; }
}
need systemd-analyze systemd
need nginx nginx
need openssl openssl

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== systemd-analyze verify deploy/atelier.service"
# The unit names /usr/local/bin/atelier: verify checks that it exists and is executable, so a
# stand-in is put there when the binary is not installed.
placed=""
if [ ! -e /usr/local/bin/atelier ]; then
    printf '#!/bin/sh\nexit 0\n' > /usr/local/bin/atelier && chmod +x /usr/local/bin/atelier
    placed=/usr/local/bin/atelier
fi
cp deploy/atelier.service "$work/atelier.service"
status=0
output=$(SYSTEMD_LOG_LEVEL=notice systemd-analyze verify --man=no "$work/atelier.service" 2>&1) || status=$?
[ -n "$placed" ] && rm -f "$placed"
# Lines about other units on this machine (it may run no systemd at all) are not the unit's.
unit_lines=$(grep -F "atelier.service" <<<"$output" || true)
if [ "$status" -ne 0 ] || [ -n "$unit_lines" ]; then
    echo "$output" >&2
    echo "deploy-check: FAILED: the unit does not verify" >&2
    exit 1
fi
echo "   verified"
if score=$(systemd-analyze security --offline=true --no-pager "$work/atelier.service" 2>/dev/null | tail -1); then
    echo "   $score"
fi

echo "== nginx -t deploy/nginx.conf"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=studio.example" \
    -keyout "$work/privkey.pem" -out "$work/fullchain.pem" 2>/dev/null
sed -e "s#/etc/ssl/atelier/#$work/#g" -e "s#/run/nginx-atelier.pid#$work/nginx.pid#" \
    deploy/nginx.conf > "$work/nginx.conf"
cp /etc/nginx/mime.types "$work/mime.types"
nginx -t -p "$work" -c "$work/nginx.conf" 2>&1 | sed 's/^/   /' || {
    echo "deploy-check: FAILED: nginx -t" >&2
    exit 1
}

echo "deploy-check: passed"
