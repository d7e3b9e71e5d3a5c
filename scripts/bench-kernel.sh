#!/usr/bin/env bash
# bench-kernel.sh times the counting kernel, `nqueens count N -method
# kernel` with 1 and 2 workers (total and unique), side by side with the
# published backtrackers, built by scripts/pub/build.sh into $PUB (default
# /tmp/pub): NQueensFAF's CPU solver (olepoeschl/NQueensFAF; Java, whole
# process including the JVM's start), Takaken's ver3.1 (2003; one thread;
# the public copy in suzukiiichiro/N-Queens) and m-queens (sudden6/m-queens;
# OpenMP). NQueensFAF and m-queens run with 1 and 2 threads, the better kept.
#
# Usage: scripts/bench-kernel.sh NMIN NMAX [RUNS]
#   RUNS  runs of each program per N, interleaved; medians shown (default 3)
#
# Whole processes under /usr/bin/time: wall, CPU (user + sys), peak RSS.
# Every total is checked against A000170, and the unique counts (ours,
# Takaken's) against A002562; a wrong one stops the script (exit 1). The
# last columns validate the estimator (issue 13): the CPU seconds
# `nqueens plan N -method kernel -format json` predicts against the CPU of the
# 2-worker run. Prints a markdown table on stdout.
set -euo pipefail
. "$(dirname "$0")/pub/common.sh"
usage() { echo "usage: scripts/bench-kernel.sh NMIN NMAX [RUNS]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
NMIN=$1 NMAX=$2 RUNS=${3:-3}
[[ $NMIN =~ ^[0-9]+$ && $NMAX =~ ^[0-9]+$ && $RUNS =~ ^[1-9][0-9]*$ ]] || usage
((NMIN >= 8 && NMIN <= NMAX && NMAX <= 23)) || { echo "bench-kernel.sh: need 8 <= NMIN <= NMAX <= 23 (got $NMIN, $NMAX)" >&2; exit 2; }
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

build_nqueens
"$BUILD" faf takaken mqueens || fail "could not build the published solvers (scripts/pub/build.sh faf takaken mqueens)"
cd "$TMPD"
nq=$TMPD/nqueens
fafcp=$(cat "$PUB/faf/classpath")

header "scripts/bench-kernel.sh $*"
echo "ours: nqueens count N -method kernel -workers 1 | 2 (total and unique)"
cite faf
cite takaken
cite mqueens
echo "runs per cell: $RUNS, interleaved; medians shown; whole-process wall, CPU = user + sys, peak RSS"
echo
echo "| N | ours 1 worker s | ours 2 workers s | NQueensFAF best s (threads) | Takaken s (1T) | m-queens best s (threads) | ours 2w / fastest rival | ours 1w / Takaken | RSS ours / FAF / Takaken / m-queens | ours CPU s (2w) | plan's predicted CPU s | predicted/measured |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|"

# check WHO GOT WANT stops the script when an answer is wrong.
check() { [ "$RC" = 0 ] && [ "$2" = "$3" ] || { echo "bench-kernel.sh: N = $n: $1 said '$(cat out out.err | tail -3)', want $3" >&2; exit 1; }; }

# best A B prints "min thread-label", 1T for A and 2T for B.
best() { awk -v a="$1" -v b="$2" 'BEGIN {if (a <= b) print a, "1T"; else print b, "2T"}'; }

for n in $(seq "$NMIN" "$NMAX"); do
	want=$(a000170 "$n") wantu=$(a002562 "$n")
	pred=$("$nq" plan "$n" -method kernel -format json | json_num cpu_seconds)
	declare -A W=() R=()
	o2c=()
	for _ in $(seq "$RUNS"); do
		for w in 1 2; do
			timed out "$nq" count "$n" -method kernel -workers "$w"
			check "nqueens ($w workers)" "$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions, \([0-9]*\) unique.*/\1 \2/p' out)" "$want $wantu"
			W[o$w]+=" $WALL" R[o$w]+=" $RSS"
			[ "$w" = 2 ] && o2c+=("$CPU")
		done
		for t in 1 2; do
			printf '%d\n%d\n' "$n" "$t" >in
			timed_in in out java -cp "$fafcp" de.nqueensfaf.examples.CpuSolverExample
			check "NQueensFAF ($t threads)" "$(sed -n 's/^CpuSolver found \([0-9]*\) solutions.*/\1/p' out)" "$want"
			W[f$t]+=" $WALL" R[f$t]+=" $RSS"
		done
		timed out "$PUB/takaken/takaken" "$n"
		check Takaken "$(awk -v n="$n" '$1 == n":" {print $2, $3}' out)" "$want $wantu"
		W[t]+=" $WALL" R[t]+=" $RSS"
		for t in 1 2; do
			timed out env OMP_NUM_THREADS="$t" "$PUB/mqueens/m-queens" "$n"
			check "m-queens ($t threads)" "$(sed -n 's/.*Solutions *\([0-9]*\),.*/\1/p' out)" "$want"
			W[m$t]+=" $WALL" R[m$t]+=" $RSS"
		done
	done
	m() { median ${W[$1]}; }
	mr() { median ${R[$1]}; }
	o1=$(m o1) o2=$(m o2) tk=$(m t)
	read -r fw ft < <(best "$(m f1)" "$(m f2)")
	read -r mw mt < <(best "$(m m1)" "$(m m2)")
	fr=$(mr "f${ft%T}") mrss=$(mr "m${mt%T}")
	rival=$(printf '%s\n' "$fw" "$tk" "$mw" | sort -g | head -1)
	c=$(median "${o2c[@]}")
	printf '| %d | %s | %s | %s (%s) | %s | %s (%s) | %s | %s | %s / %s / %s / %s | %s | %.3g | %s |\n' "$n" "$o1" "$o2" "$fw" "$ft" "$tk" "$mw" "$mt" \
		"$(ratio "$o2" "$rival")" "$(ratio "$o1" "$tk")" "$(mib "$(mr o2)")" "$(mib "$fr")" "$(mib "$(mr t)")" "$(mib "$mrss")" "$c" "$pred" "$(ratio "$pred" "$c")"
	unset W R
done
footer
