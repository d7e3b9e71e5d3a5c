#!/usr/bin/env bash
# bench-complete.sh times N-Queens Completion, `nqueens complete`, side by
# side with the authors' own solver shiftqueens (shiftqueensdiags.cc,
# Gent, Jefferson & Nightingale, "Complexity of n-Queens Completion",
# JAIR 2017; published in csplib/csplib, problem 079), on the same boards:
# the authors' excluded-diagonal instances from that repository
# (Problems/prob079/data/diag-N.tar.gz, made by their queens-diag-gen.py),
# each with its first K diagonals blocked, as in their experiments. Both
# are built/extracted by scripts/pub/build.sh into $PUB (default /tmp/pub).
#
# Usage: scripts/bench-complete.sh [N [K [COUNT [RUNS]]]]
#   N      board size, 8 .. 21 (default 21)
#   K      diagonals blocked (default 19: their hardest region at N = 20-21
#          is K = 17-20, shiftqueens' mean ≈ 4.6 s per instance)
#   COUNT  instances, the first COUNT files of diag-N in name order (default 12)
#   RUNS   runs per instance, interleaved; medians shown (default 1: both
#          searches are deterministic)
#
# shiftqueens reads the instance as published (its own format, on stdin,
# K on the command line); ours reads the same board as text (x = blocked),
# row = its depth, column = its bit. The two answers (a completion or none)
# must agree, or the script stops (exit 1). shiftqueens stops itself after
# 1800 s of CPU (its own limit); such a row says "timeout". Whole processes
# under /usr/bin/time. Prints a markdown table, one row per instance, then
# the totals (the issue's goal: at least 10× fewer seconds in total).
set -euo pipefail
. "$(dirname "$0")/pub/common.sh"
usage() { echo "usage: scripts/bench-complete.sh [N [K [COUNT [RUNS]]]]" >&2; exit 2; }
[ $# -le 4 ] || usage
N=${1:-21} K=${2:-19} COUNT=${3:-12} RUNS=${4:-1}
[[ $N =~ ^[0-9]+$ && $K =~ ^[0-9]+$ && $COUNT =~ ^[1-9][0-9]*$ && $RUNS =~ ^[1-9][0-9]*$ ]] || usage
((N >= 8 && N <= 21)) || { echo "bench-complete.sh: N must be 8 .. 21, the sizes of the published instances (got $N)" >&2; exit 2; }
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

build_nqueens
"$BUILD" shiftqueens || fail "could not build shiftqueens (scripts/pub/build.sh shiftqueens)"
cd "$TMPD"
nq=$TMPD/nqueens
tar -xzf "$PUB/shiftqueens/src/Problems/prob079/data/diag-$N.tar.gz"
mapfile -t files < <(find "diag-$N" -name '*.param' | sort | head -n "$COUNT")
[ ${#files[@]} -gt 0 ] || fail "no instances in diag-$N.tar.gz"

header "scripts/bench-complete.sh $*"
echo "ours: nqueens complete BOARD -v (one completion, or exit 1 for none)"
cite shiftqueens
echo "instances: csplib/csplib Problems/prob079/data/diag-$N.tar.gz, the first ${#files[@]} in name order, first $K diagonals of each"
echo "runs per instance: $RUNS; whole-process wall; nodes as each program counts them"
echo
echo "| instance | K | completion | shiftqueens s | shiftqueens nodes | ours s | ours nodes | shiftqueens / ours |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"

# board PARAM prints the instance with its first K diagonals blocked as
# rows of . and x: direction 1 blocks row + col = d, direction 0 blocks
# col - row = d - (N - 1), as shiftqueensdiags.cc reads them.
board() {
	tr -d '[],=a-z' <"$1" | tr -s ' \n' '\n\n' | grep -v '^$' | awk -v K="$K" '
		NR == 1 { n = $1; next }
		NR == 2 { next }
		{ v[++m] = $1 }
		END {
			for (i = 1; i <= 2 * K && i < m; i += 2) {
				if (v[i + 1] == 1) s[v[i]] = 1; else d[v[i] - (n - 1)] = 1
			}
			for (r = 0; r < n; r++) {
				line = ""
				for (c = 0; c < n; c++) line = line (((r + c) in s) || ((c - r) in d) ? "x" : ".")
				print line
			}
		}'
}

ts=0 to=0 timeouts=0
for f in "${files[@]}"; do
	board "$f" >board.txt
	tr -d '[],=a-z' <"$f" >in.txt
	sw=() ow=()
	for _ in $(seq "$RUNS"); do
		timed_in in.txt out "$PUB/shiftqueens/shiftqueensdiags" "$K"
		[ "$RC" = 0 ] || fail "$f: shiftqueens failed: $(tail -3 out out.err)"
		sw+=("$WALL")
		snodes=$(sed -n 's/.*Nodes: \([0-9]*\).*/\1/p' out | tail -1)
		if grep -q 'Timeout Reached' out; then sans=timeout
		elif grep -q 'Solution Found' out; then sans=yes
		else sans=no; fi
		timed out "$nq" complete board.txt -v
		case $RC in 0) oans=yes ;; 1) oans=no ;; *) fail "$f: nqueens complete failed: $(cat out.err)" ;; esac
		ow+=("$WALL")
		onodes=$(sed -n 's/.*nodes \([0-9,]*\).*/\1/p' out.err | tr -d , | tail -1)
	done
	if [ "$sans" != timeout ] && [ "$sans" != "$oans" ]; then
		echo "bench-complete.sh: $f (K = $K): shiftqueens says '$sans', nqueens '$oans'" >&2
		exit 1
	fi
	[ "$sans" = timeout ] && timeouts=$((timeouts + 1))
	s=$(median "${sw[@]}") o=$(median "${ow[@]}")
	ts=$(awk -v a="$ts" -v b="$s" 'BEGIN {print a + b}') to=$(awk -v a="$to" -v b="$o" 'BEGIN {print a + b}')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(basename "$f" .param)" "$K" "$oans$([ "$sans" = timeout ] && echo ' (shiftqueens: timeout)')" \
		"$s" "$snodes" "$o" "$onodes" "$(ratio "$s" "$o")"
done
printf '| **total** (%d instances%s) | | | %.2f | | %.2f | | %s |\n' "${#files[@]}" "$([ "$timeouts" -gt 0 ] && echo ", $timeouts shiftqueens timeouts counted at their time")" "$ts" "$to" "$(ratio "$ts" "$to")"
footer
