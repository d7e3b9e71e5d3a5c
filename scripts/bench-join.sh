#!/usr/bin/env bash
# bench-join.sh times the quadrant join, `nqueens count N --method quadrant
# --total-only`, side by side with Evgeny Kluev's N-Queens-Count-Sol
# (EvgenyKluev/N-Queens-Count-Sol, the fastest public CPU counter we know
# of), built by scripts/pub/build.sh into $PUB (default /tmp/pub) at its
# best: its own per-N tuning table, BMI2 and prefetch, -O3 -march=native,
# one binary per N, run with 1 and 2 threads, the better kept.
#
# Usage: scripts/bench-join.sh NMIN NMAX [RUNS]
#   RUNS  runs of each program per N, interleaved (ours, Kluev 1 thread,
#         Kluev 2 threads, ours, ...); the table shows medians (default 3)
#
# Whole processes under /usr/bin/time: wall, CPU (user + sys), peak RSS.
# Every answer is checked against A000170 (testdata/a000170.txt); a wrong
# one stops the script (exit 1). The last two columns validate the
# estimator (issue 13): the CPU seconds `nqueens plan N --method quadrant
# --json` predicts, and predicted / measured CPU.
# Prints a markdown table on stdout; the lead pastes it, with the header
# lines, into docs/BENCHMARKS.md.
set -euo pipefail
. "$(dirname "$0")/pub/common.sh"
usage() { echo "usage: scripts/bench-join.sh NMIN NMAX [RUNS]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
NMIN=$1 NMAX=$2 RUNS=${3:-3}
[[ $NMIN =~ ^[0-9]+$ && $NMAX =~ ^[0-9]+$ && $RUNS =~ ^[1-9][0-9]*$ ]] || usage
((NMIN >= 8 && NMIN <= NMAX)) || { echo "bench-join.sh: need 8 <= NMIN <= NMAX (got $NMIN, $NMAX)" >&2; exit 2; }
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

build_nqueens
"$BUILD" kluev $(seq "$NMIN" "$NMAX") || fail "could not build Kluev's counter (scripts/pub/build.sh kluev ...)"
cd "$TMPD"
nq=$TMPD/nqueens

header "scripts/bench-join.sh $*"
echo "ours: nqueens count N --method quadrant --total-only (2 workers: all cores)"
cite kluev "BUILD-$NMIN"
for n in $(seq "$((NMIN + 1))" "$NMAX"); do echo "  N = $n: $(cat "$PUB/kluev/BUILD-$n")"; done
echo "runs per cell: $RUNS, interleaved; medians shown; whole-process wall, CPU = user + sys, peak RSS"
echo
echo "| N | ours s | Kluev best s (threads) | ratio | ours RSS | Kluev RSS | ours CPU s | plan's predicted CPU s | predicted/measured |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"

for n in $(seq "$NMIN" "$NMAX"); do
	want=$(a000170 "$n")
	pred=$("$nq" plan "$n" --method quadrant --json | json_num cpu_seconds)
	ow=() oc=() orss=() k1w=() k1r=() k2w=() k2r=()
	for _ in $(seq "$RUNS"); do
		timed out "$nq" count "$n" --method quadrant --total-only
		got=$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions.*/\1/p' out)
		[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: nqueens said '$(cat out out.err)', want $want" >&2; exit 1; }
		ow+=("$WALL") oc+=("$CPU") orss+=("$RSS")
		for t in 1 2; do
			timed out "$PUB/kluev/bin/kluev-$n" "$t"
			got=$(sed -n 's/^Result: \([0-9]*\).*/\1/p' out)
			[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: Kluev ($t threads) said '$(cat out out.err)', want $want" >&2; exit 1; }
			if [ "$t" = 1 ]; then k1w+=("$WALL") k1r+=("$RSS"); else k2w+=("$WALL") k2r+=("$RSS"); fi
		done
	done
	w=$(median "${ow[@]}") c=$(median "${oc[@]}") r=$(median "${orss[@]}")
	a=$(median "${k1w[@]}") b=$(median "${k2w[@]}")
	if awk -v a="$a" -v b="$b" 'BEGIN {exit !(a <= b)}'; then
		kw=$a kt=1T kr=$(median "${k1r[@]}")
	else
		kw=$b kt=2T kr=$(median "${k2r[@]}")
	fi
	printf '| %d | %s | %s (%s) | %s | %s | %s | %s | %.3g | %s |\n' "$n" "$w" "$kw" "$kt" "$(ratio "$w" "$kw")" \
		"$(mib "$r")" "$(mib "$kr")" "$c" "$pred" "$(ratio "$pred" "$c")"
done
footer
