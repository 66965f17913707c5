#!/usr/bin/env bash
# uno-host under pressure (not part of the test command):
#   1. 500 sessions × 1,000 actions with effects: peak memory must stay within a quarter above
#      that of 500 sessions × 100 actions (nothing grows with the number of actions);
#   2. the same input with a slow reader of stdout, at about half the rate the host writes: peak
#      memory must stay within a quarter above that of a fast reader (the host waits for the
#      reader instead of queueing output; queued, the output that the reader lags behind would be
#      about 50 MB, on a peak of about 110 MB).
# The bounds are a quarter, not twice: the three peaks were within 2% of one another in every run
# measured (111, 112 and 111 MB in CI at 1bcfede, 2026-12-03), and a quarter (about 28 MB) still
# catches what they are there for: 60 bytes kept per action, or half the output queued. With them,
# the input is half what it was (1,000 sessions), and the check takes half the time.
# Measured on the debug binary that the test command builds (CI runs this after it), so that
# nothing is built here: a release build of the host took most of this check's ten minutes, and
# what is measured is memory, the same in both. The debug host writes about 2.4 MB/s (215 MB in
# 90 s on 2026-11-29), so the slow reader takes 64 KB every 0.06 s (1.1 MB/s).
# Usage: bash Tools/pressure.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/lib/host.sh
swift build "${host_flags[@]}" --product uno-host >/dev/null
host="$(swift build "${host_flags[@]}" --show-bin-path)/uno-host"
work="$(mktemp -d /tmp/uno-pressure.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# Sessions 1-250: counter (every 10th action a delayed increment: an effect sleeping 1 s);
# sessions 251-500: search (every action a debounced query: an effect, superseded by the next).
generate() {
  python3 - "$1" <<'PY'
import sys
rounds = int(sys.argv[1])
out = sys.stdout
for s in range(1, 251):
    out.write('{"op":"open","feature":"counter"}\n')
for s in range(251, 501):
    out.write('{"op":"open","feature":"search"}\n')
for r in range(rounds):
    for s in range(1, 501):
        if s <= 250:
            action = '"incrementLater"' if r % 10 == 0 else '"increment"'
        else:
            action = '{"queryChanged":{"query":"zq%d"}}' % r
        out.write('{"op":"send","session":%d,"action":%s}\n' % (s, action))
PY
}

peak_kb() {  # peak resident memory of uno-host reading $1, its stdout going to $2 (a command)
  /usr/bin/time -f "%M" -o "$work/rss" sh -c "\"$host\" --drain-timeout 30 < \"$1\" | $2" >/dev/null
  cat "$work/rss"
}

generate 100 > "$work/small"
generate 1000 > "$work/large"
small=$(peak_kb "$work/small" "cat >/dev/null")
large=$(peak_kb "$work/large" "cat >/dev/null")
slow=$(peak_kb "$work/large" "python3 -c 'import sys,time
while sys.stdin.buffer.read(65536): time.sleep(0.06)'")
echo "peak RSS, 500 sessions x 100 actions:   ${small} KB"
echo "peak RSS, 500 sessions x 1,000 actions: ${large} KB"
echo "peak RSS, the same with a slow reader:  ${slow} KB"
status=0
if [ "$large" -gt $((small * 5 / 4)) ]; then echo "FAIL: memory grows with the number of actions"; status=1; fi
if [ "$slow" -gt $((large * 5 / 4)) ]; then echo "FAIL: a slow reader makes memory grow"; status=1; fi
[ $status -eq 0 ] && echo "ok: memory is bounded"
exit $status
