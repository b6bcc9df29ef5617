#!/usr/bin/env bash
# Landed migrations never change: a database that ran one will not run it again, so an edit reaches
# new installations only and the two kinds of database drift apart. crates/adapters-db/migrations.lock
# holds the SHA-256 of every migration file; this check fails when a listed file differs from its line
# or is gone, when a migration file is not listed yet, and when any commit ever changed or removed a
# line of the lock (it only grows: a new migration adds its line with `just lock-migrations`).
#
# `--add` appends the lines of migration files not listed yet and changes nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=crates/adapters-db/src/migrations
lock=crates/adapters-db/migrations.lock
status=0

listed() { [ -f "$lock" ] && grep -E '^[0-9a-f]{64}  m[0-9]{8}_' "$lock" || true; }

if [ "${1:-}" = "--add" ]; then
    for file in "$dir"/m[0-9]*_*.rs; do
        name=$(basename "$file")
        listed | awk '{print $2}' | grep -qxF "$name" || sha256sum "$file" | awk -v n="$name" '{print $1 "  " n}' >>"$lock"
    done
fi

while read -r sum name; do
    [ -n "$name" ] || continue
    if [ ! -f "$dir/$name" ]; then
        echo "migration $name has landed and is gone: restore it (a later migration undoes what it did)" >&2
        status=1
    elif [ "$(sha256sum "$dir/$name" | awk '{print $1}')" != "$sum" ]; then
        echo "migration $name has landed and was edited: restore it and add a new migration instead" >&2
        status=1
    fi
done < <(listed)

for file in "$dir"/m[0-9]*_*.rs; do
    name=$(basename "$file")
    if ! listed | awk '{print $2}' | grep -qxF "$name"; then
        echo "migration $name is not in $lock: run 'just lock-migrations' and commit the lock" >&2
        status=1
    fi
done

# The lock only grows: no commit may remove or change one of its lines.
if git rev-parse --git-dir >/dev/null 2>&1; then
    removed=$(git log --format= --patch --unified=0 -- "$lock" | grep -E '^-[0-9a-f]{64}  m[0-9]{8}_' || true)
    if [ -n "$removed" ]; then
        echo "a commit changed or removed lines of $lock (landed migrations must stay as they were):" >&2
        echo "$removed" >&2
        status=1
    fi
    # Uncommitted edits count too.
    changed=$(git diff HEAD --unified=0 -- "$lock" 2>/dev/null | grep -E '^-[0-9a-f]{64}  m[0-9]{8}_' || true)
    if [ -n "$changed" ]; then
        echo "uncommitted changes remove lines of $lock:" >&2
        echo "$changed" >&2
        status=1
    fi
fi

[ "$status" -eq 0 ] && echo "migrations: $(listed | wc -l) landed, none changed"
exit "$status"
