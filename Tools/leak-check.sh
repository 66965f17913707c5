#!/usr/bin/env bash
# Runs a scripted uno-host session under LeakSanitizer (with AddressSanitizer) and fails on any
# leak or memory error. (valgrind 3.19's memcheck crashes inside itself when uno-host exits, in
# libdispatch's signal thread, before it can report; LeakSanitizer does the same job.) The session opens both features, sends actions with and without effects,
# cancels, closes, sends hostile lines, and ends its input with effects still running (so the
# host's end-of-input drain runs too).
# Usage: bash Tools/leak-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh
flags=(--product uno-host --scratch-path .build-address --sanitize=address "${host_flags[@]}")
swift build "${flags[@]}" >/dev/null
host="$(swift build "${flags[@]}" --show-bin-path)/uno-host"
session="$(mktemp /tmp/uno-leak-session.XXXXXX)"
log="$(mktemp /tmp/uno-leak-report.XXXXXX)"
trap 'rm -f "$session" "$log" "$log".*' EXIT
{
  cat <<'LINES'
{"op":"version","id":1}
{"op":"features","id":2}
{"op":"open","feature":"counter","id":3}
{"op":"send","session":1,"action":"increment","id":"a"}
{"op":"send","session":1,"action":"incrementLater","id":"b"}
{"op":"send","session":1,"action":"incrementLater","id":"c"}
{"op":"cancel","session":1,"request":"c","id":4}
{"op":"open","feature":"search","id":5}
{"op":"send","session":2,"action":{"queryChanged":{"query":"grinning"}},"id":"d"}
{"op":"send","session":2,"action":{"queryChanged":{"query":"grinning cat"}},"id":"e"}
{"op":"open","feature":"counter","id":6}
{"op":"send","session":3,"action":"incrementLater","id":"f"}
{"op":"close","session":3,"id":7}
{"op":"sessions","id":8}
{"op":"teleport","id":9}
not json
{"op":"send","session":1,"action":"fly"}
{"op":"send","session":1,"action":"incrementLater","id":"g"}
LINES
  cat Apps/uno-host/Tests/UnoHostCoreTests/FuzzRegressions/*
} > "$session"

status=0
ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$log" "$host" --drain-timeout 10 < "$session" > /dev/null ||
  status=$?
if ls "$log".* >/dev/null 2>&1; then
  cat "$log".*
  echo "FAIL: LeakSanitizer/AddressSanitizer reported the above"
  exit 1
fi
[ $status -eq 0 ] || { echo "FAIL: uno-host exited with $status"; exit 1; }
echo "ok: no leak and no memory error over $(wc -l < "$session") input lines"
