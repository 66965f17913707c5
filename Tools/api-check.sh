#!/usr/bin/env bash
# Checks the public API of the library's products against the last version's: every change that
# breaks code written against that version must be listed in CHANGELOG.md's "Unreleased", under
# "Changed" or "Removed", with its migration. CI runs it.
#
#   bash Tools/api-check.sh                     compare with the last version's API
#   bash Tools/api-check.sh --record V COMMIT   record the API of COMMIT as version V's baseline
#
# The modules compared are those the products are made of (Tools/lib/library-modules.sh). Each
# version's API is kept in
# Tools/api-baseline/<version>/, one swift-api-digester dump a module, recorded from that version's
# commit; the version compared with is the newest that CHANGELOG.md names. The API of the working
# tree is dumped from the build that `swift build --traits Host` makes (the test command's: in CI
# nothing is compiled again), and the two are compared with `swift-api-digester -diagnose-sdk`,
# which is what `swift package diagnose-api-breaking-changes` runs; that command is not used
# because it builds the baseline's commit without the package's traits, so it could not see
# UnoHostKit, and builds the working tree a second time, in a folder of its own.
# docs/releasing.md says how a version is made.
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/library-modules.sh
digester="$toolchain_bin/swift-api-digester"

# Dumps the API of every library module of the package at $1 into the folder $2.
dump() {
  local out=$2 module
  mkdir -p "$out"
  out=$(readlink -f "$out")
  build_library_modules "$1" "$out/build.log"
  rm "$out/build.log"
  for module in "${library_modules[@]}"; do
    "$digester" -dump-sdk -module "$module" "${module_flags[@]}" -target "$triple" -o "$out/$module.json"
  done
}

if [ "${1:-}" = --record ]; then
  version=${2:?usage: $0 --record VERSION COMMIT}
  commit=$(git rev-parse --verify "${3:?usage: $0 --record VERSION COMMIT}^{commit}")
  checkout=$(mktemp -d /tmp/uno-api-baseline.XXXXXX)
  trap 'git worktree remove --force "$checkout" >/dev/null 2>&1 || true' EXIT
  git worktree add --detach "$checkout" "$commit" >/dev/null
  echo "==> building $commit in $checkout"
  dump "$checkout" "Tools/api-baseline/$version"
  # Without the command line the dump was made with, which names this machine's folders.
  python3 - "Tools/api-baseline/$version"/*.json <<'PY'
import json, sys
for path in sys.argv[1:]:
    dump = json.load(open(path))
    dump["ABIRoot"].pop("tool_arguments", None)
    json.dump(dump, open(path, "w"), indent=1, sort_keys=True)
PY
  echo "$commit" >"Tools/api-baseline/$version/COMMIT"
  echo "recorded the API of $commit as $version in Tools/api-baseline/$version"
  exit 0
fi

current=$(mktemp -d /tmp/uno-api.XXXXXX)
trap 'rm -rf "$current"' EXIT
version=$(python3 Tools/lib/api_check.py last-version CHANGELOG.md)
echo "==> the API of the working tree against $version's (Tools/api-baseline/$version)"
dump "$PWD" "$current/dump"
for module in "${library_modules[@]}"; do
  # A module added since that version has nothing to break yet.
  [ -f "Tools/api-baseline/$version/$module.json" ] || continue
  echo "==> $module" >>"$current/breaks"
  "$digester" -diagnose-sdk -input-paths "Tools/api-baseline/$version/$module.json" \
    -input-paths "$current/dump/$module.json" >>"$current/breaks" 2>&1
done
python3 Tools/lib/api_check.py check CHANGELOG.md "$current/breaks"
