#!/usr/bin/env bash
# bench.sh times whole processes: `nqueens count N` with 1 and 2 workers
# against the plain bitboard baseline (scripts/plaincount: one thread, no
# symmetry), interleaved in the same run, and prints a markdown table. The
# last column is the quadrant join (`--method quadrant`, total and unique
# by symmetry, 2 workers), whose answer must equal the kernel's.
#
# Usage: scripts/bench.sh [MAXN [PLAINMAX [REPS]]]
#   MAXN      largest N timed with the kernel (default 18)
#   PLAINMAX  largest N timed with the baseline (default 17)
#   REPS      runs per cell for N ≤ 16; the median is shown (default 3;
#             larger N run once)
set -euo pipefail
MAXN=${1:-18}
PLAINMAX=${2:-17}
REPS=${3:-3}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/nqueens" ./cmd/nqueens
go build -o "$bin/plaincount" ./scripts/plaincount

# wall prints the wall seconds of running "$@" (output to $bin/out).
wall() {
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >"$bin/out"
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{printf "%.3f", $2 - $1}'
}

median() { tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| N | solutions | unique | plain 1 thread (s) | kernel 1 worker (s) | kernel 2 workers (s) | plain / kernel-1 | 1→2 workers scaling | quadrant join 2 workers (s) |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $(seq 14 "$MAXN"); do
	reps=$REPS
	[ "$n" -gt 16 ] && reps=1
	p="" k1="" k2="" q2=""
	for _ in $(seq "$reps"); do
		# The quadrant join, total and unique (by symmetry), checked
		# against the kernel's answer below.
		q2="$q2 $(wall "$bin/nqueens" count "$n" --method quadrant --workers 2 --json)"
		cp "$bin/out" "$bin/qout"
		if [ "$n" -le "$PLAINMAX" ]; then
			p="$p $(wall "$bin/plaincount" "$n")"
		fi
		k1="$k1 $(wall "$bin/nqueens" count "$n" --method bitboard --workers 1 --json)"
		k2="$k2 $(wall "$bin/nqueens" count "$n" --method bitboard --workers 2 --json)"
	done
	sols=$(sed 's/.*"solutions":\([0-9]*\).*/\1/' "$bin/out")
	uniq=$(sed 's/.*"unique":\([0-9]*\).*/\1/' "$bin/out")
	qs=$(sed 's/.*"solutions":\([0-9]*\).*/\1/' "$bin/qout")
	qu=$(sed 's/.*"unique":\([0-9]*\).*/\1/' "$bin/qout")
	if [ "$qs $qu" != "$sols $uniq" ]; then
		echo "bench.sh: N = $n: the quadrant join says $qs / $qu, the kernel $sols / $uniq" >&2
		exit 1
	fi
	k1=$(echo $k1 | median)
	k2=$(echo $k2 | median)
	q2=$(echo $q2 | median)
	if [ -n "$p" ]; then
		p=$(echo $p | median)
		ratio=$(awk -v a="$p" -v b="$k1" 'BEGIN {printf "%.2f×", a / b}')
	else
		p="—" ratio="—"
	fi
	scale=$(awk -v a="$k1" -v b="$k2" 'BEGIN {printf "%.2f×", a / b}')
	echo "| $n | $sols | $uniq | $p | $k1 | $k2 | $ratio | $scale | $q2 |"
done
