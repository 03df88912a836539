#!/usr/bin/env bash
# npm run check: types, lint, format and layers, side by side (each prints when it ends); fails
# when any of them fails, after all have run. ESLint and Prettier keep caches in node_modules/.cache.
set -uo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
names=(types lint format layers)
cmds=(
  "tsc --noEmit -p tsconfig.json"
  "eslint --cache --cache-location node_modules/.cache/eslint/ ."
  "prettier --check --cache --log-level warn ."
  "vitest run --project domain tests/architecture"
)
start=$(date +%s)
pids=()
for i in "${!names[@]}"; do
  ( s=$(date +%s); npx --no-install ${cmds[$i]} >"$out/$i.log" 2>&1; rc=$?
    echo "$rc $(( $(date +%s) - s ))" >"$out/$i.rc" ) &
  pids+=($!)
done
failed=0
for i in "${!names[@]}"; do
  wait "${pids[$i]}"
  read -r rc secs <"$out/$i.rc"
  if [ "$rc" -eq 0 ]; then
    printf '== %s: ok (%ss)\n' "${names[$i]}" "$secs"
    # Warnings still show (ESLint's are advice, not failures).
    [ "${names[$i]}" = lint ] && [ -s "$out/$i.log" ] && cat "$out/$i.log"
  else
    printf '== %s: FAILED (%ss): %s\n' "${names[$i]}" "$secs" "${cmds[$i]}"
    cat "$out/$i.log"
    failed=1
  fi
done
printf '== check %s in %ss\n' "$([ "$failed" -eq 0 ] && echo passed || echo failed)" "$(( $(date +%s) - start ))"
exit "$failed"
