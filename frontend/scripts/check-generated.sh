#!/bin/sh
# Fails when the committed API client differs from what `pnpm generate` produces.
set -eu
changes=$(git status --porcelain -- frontend/packages/api-client)
if [ -n "$changes" ]; then
  echo "Generated API client is out of date with openapi/openapi.json:" >&2
  echo "$changes" >&2
  git --no-pager diff --stat -- frontend/packages/api-client >&2 || true
  echo "Run 'pnpm generate' and commit the result." >&2
  exit 1
fi
echo "Generated API client is up to date."
