#!/usr/bin/env bash
# bench-quadrant.sh: time the quadrant-join engine against a plain bitboard
# backtracker (the same-run baseline) for N = 14..20, within a time budget.
#
# Usage: scripts/bench-quadrant.sh [first N] [last N] [budget seconds] [last baseline N]
#        (defaults 14 20 600 17)
#
# The baseline runs only up to its last N (it needs about 8× more time per
# step, and the join's larger N matter more within the budget).
# Each run is a fresh process, timed by /usr/bin/time -v (wall seconds and
# max RSS). A run is skipped when its predicted time (the previous N's
# time times the growth factor) does not fit the remaining budget.
# Output: one markdown table row per run on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
first=${1:-14}
last=${2:-20}
budget=${3:-600}
last_base=${4:-17}
bin=$(mktemp -d)/qbench
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./internal/quadrant/qbench

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| method | N | workers | count | process wall s | user CPU s | max RSS MiB | load avg |"
echo "|---|---|---|---|---|---|---|---|"

start=$(date +%s)
declare -A last_time=([quadrant]=0 [backtrack]=0)
# Growth per step of N: the join grows about 5-8x per step (odd N costs
# more than even N-1), the backtracker about 7-8x.
declare -A growth=([quadrant]=6 [backtrack]=8)

for n in $(seq "$first" "$last"); do
  for method in quadrant backtrack; do
    if [[ $method == backtrack ]] && (( n > last_base )); then
      continue
    fi
    now=$(date +%s)
    left=$((budget - (now - start)))
    prev=${last_time[$method]}
    predicted=$(awk -v p="$prev" -v g="${growth[$method]}" 'BEGIN { printf "%d", p * g + 0.5 }')
    if (( predicted > left )); then
      echo "| $method | $n | | skipped: predicted ${predicted}s > ${left}s left | | | | |"
      last_time[$method]=999999
      continue
    fi
    out=$( { /usr/bin/time -v "$bin" -method "$method" "$n" ; } 2>&1 )
    line=$(grep "^$method " <<<"$out")
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' <<<"$out")
    workers=$(sed -n 's/.*workers=\([0-9]*\).*/\1/p' <<<"$line")
    count=$(sed -n 's/.*count=\([0-9]*\).*/\1/p' <<<"$line")
    # Whole-process wall time, as the anchor's figures are.
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.2f", s }' <<<"$out")
    user=$(awk -F': ' '/User time/ { print $2 }' <<<"$out")
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "| $method | $n | $workers | $count | $secs | $user | $rss | $load |"
    last_time[$method]=$(awk -v s="$secs" 'BEGIN { printf "%d", s + 1 }')
  done
done
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
