#!/usr/bin/env bash
# Runs a `just` recipe (default: the list) after installing what a fresh machine lacks: pnpm and just
# go into .tools/ through npm; Debian's chromium is installed for the browser tests and Debian's nginx
# for the cluster test (the load balancer) when missing.
set -euo pipefail
cd "$(dirname "$0")"

tools="$PWD/.tools"
export PATH="$tools/node_modules/.bin:$PATH"

if ! command -v pnpm >/dev/null || ! command -v just >/dev/null; then
    echo "dev.sh: installing pnpm and just into .tools/" >&2
    mkdir -p "$tools"
    npm install --silent --no-audit --no-fund --prefix "$tools" pnpm@12 rust-just@1 >&2
fi

needs_browser=false
needs_nginx=false
for recipe in "$@"; do
    case "$recipe" in test | e2e) needs_browser=true ;; esac
    case "$recipe" in test | cluster) needs_nginx=true ;; esac
done
missing=()
if $needs_browser && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
if $needs_nginx && [ ! -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null; then missing+=(nginx); fi
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "dev.sh: installing Debian's ${missing[*]} for the browser and cluster tests" >&2
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
    else
        echo "dev.sh: the browser and cluster tests need Debian's ${missing[*]}: sudo apt-get install ${missing[*]}" >&2
        exit 1
    fi
fi

exec just "$@"
