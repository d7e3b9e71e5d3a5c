#!/usr/bin/env bash
# bench-join.sh times the quadrant join, `nqueens count N -method join
# -total-only`, side by side with Evgeny Kluev's N-Queens-Count-Sol
# (EvgenyKluev/N-Queens-Count-Sol, the fastest public CPU counter we know
# of), built by scripts/pub/build.sh into $PUB (default /tmp/pub) at its
# best: its own per-N tuning table, BMI2 and prefetch, -O3 -march=native,
# one binary per N, run with 1 and 2 threads, the better kept.
#
# Usage: scripts/bench-join.sh NMIN NMAX [RUNS]
#   RUNS  runs of each program per N, interleaved (ours, Kluev 1 thread,
#         Kluev 2 threads, ours, ...); the table shows medians (default 3)
#         and at least 5 runs each where a run is short (N <= 18), whose
#         times /usr/bin/time gives to 0.01 s
#   KLUEV_THREADS (environment) the thread counts of Kluev's runs, the
#         fastest kept (default "1 2")
#   AUTO_MAX_N (environment, default 17) up to this N, also times
#         `nqueens count N -total-only` (auto: what a user runs), which
#         picks the kernel where the join is slower; above it auto is the
#         join (see `nqueens count -h`), and the column says so
#   KLUEV_LONG_N (environment, default 21) from this N on, Kluev runs
#         with 2 threads only: his 1-thread run would add about an hour
#         at N = 21, and 2 threads won at N = 18..20 in issue 14's runs
#         and in the run of 2026-11-30
#
# Whole processes under /usr/bin/time: wall, CPU (user + sys), peak RSS.
# The "lib" columns are the peak RSS of scripts/libcount, a program that
# counts with the library alone (nqueens.Count, the same method and
# options): the nqueens command maps about 9 MiB of its other features'
# code (web server, terminal animation, charts) before any work, where a
# program of the library alone starts at about 4, so these columns show
# what the join itself holds against Kluev's small C program; "lib auto"
# is the kernel where auto picks it.
# Every answer is checked against A000170 (testdata/a000170.txt); a wrong
# one stops the script (exit 1). The last two columns validate the
# estimator (issue 13): the CPU seconds `nqueens plan N -method join
# -max-memory 16G -format json` predicts (16G, the whole count's bound, so
# that the one shard plan describes builds projected tables as the
# count does; without it a shard streams its row sets), and predicted /
# measured CPU.
# Prints a markdown table on stdout; the lead pastes it, with the header
# lines, into docs/BENCHMARKS.md.
set -euo pipefail
. "$(dirname "$0")/pub/common.sh"
usage() { echo "usage: scripts/bench-join.sh NMIN NMAX [RUNS]" >&2; exit 2; }
[ $# -ge 2 ] && [ $# -le 3 ] || usage
NMIN=$1 NMAX=$2 RUNS=${3:-3}
KLUEV_THREADS=${KLUEV_THREADS:-1 2}
[[ $KLUEV_THREADS =~ ^[0-9\ ]+$ ]] && [ -n "${KLUEV_THREADS// /}" ] || { echo "bench-join.sh: KLUEV_THREADS must be thread counts, such as \"1 2\" (got '$KLUEV_THREADS')" >&2; exit 2; }
KLUEV_LONG_N=${KLUEV_LONG_N:-21}
AUTO_MAX_N=${AUTO_MAX_N:-17}
[[ $NMIN =~ ^[0-9]+$ && $NMAX =~ ^[0-9]+$ && $RUNS =~ ^[1-9][0-9]*$ && $KLUEV_LONG_N =~ ^[0-9]+$ && $AUTO_MAX_N =~ ^[0-9]+$ ]] || usage
((NMIN >= 8 && NMIN <= NMAX)) || { echo "bench-join.sh: need 8 <= NMIN <= NMAX (got $NMIN, $NMAX)" >&2; exit 2; }
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

build_nqueens
(cd "$ROOT" && go build -o "$TMPD/libcount" ./scripts/libcount) || fail "go build ./scripts/libcount failed"
"$BUILD" kluev $(seq "$NMIN" "$NMAX") || fail "could not build Kluev's counter (scripts/pub/build.sh kluev ...)"
cd "$TMPD"
nq=$TMPD/nqueens
lib=$TMPD/libcount

header "scripts/bench-join.sh $*"
echo "ours: nqueens count N -method join -total-only (2 workers: all cores)"
cite kluev "BUILD-$NMIN"
for n in $(seq "$((NMIN + 1))" "$NMAX"); do echo "  N = $n: $(cat "$PUB/kluev/BUILD-$n")"; done
echo "Kluev's thread counts tried: $KLUEV_THREADS (the fastest kept); from N = $KLUEV_LONG_N on, 2 only"
echo "runs per cell: $RUNS (at least 5 for N <= 18), interleaved; medians shown; whole-process wall, CPU = user + sys, peak RSS"
echo
echo "auto: nqueens count N -total-only, timed to N = $AUTO_MAX_N (its method from one run with -v); above, auto is the join"
echo
echo "lib: scripts/libcount N join (and N METHOD for lib auto, the method auto ran, to N = $AUTO_MAX_N): the library alone, peak RSS"
echo
echo "| N | ours s | Kluev best s (threads) | ratio | auto s (method) | auto ratio | ours RSS | auto RSS | lib RSS | lib auto RSS | Kluev RSS | ours CPU s | plan's predicted CPU s | predicted/measured |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"

for n in $(seq "$NMIN" "$NMAX"); do
	want=$(a000170 "$n")
	pred=$("$nq" plan "$n" -method join -max-memory 16G -format json | json_num cpu_seconds)
	ow=() oc=() orss=() aw=() arss=() lrss=() larss=()
	am=""
	if ((n <= AUTO_MAX_N)); then
		am=$("$nq" count "$n" -total-only -v 2>&1 | sed -n 's/.*method \([a-z]*\).*/\1/p' | head -1)
		[ -n "$am" ] || fail "N = $n: could not read the method of 'nqueens count $n -total-only -v'"
	fi
	declare -A KW=() KR=()
	threads=$KLUEV_THREADS runs=$RUNS
	((n < KLUEV_LONG_N)) || threads=2
	((n > 18 || runs >= 5)) || runs=5
	for _ in $(seq "$runs"); do
		timed out "$nq" count "$n" -method join -total-only
		got=$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions.*/\1/p' out)
		[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: nqueens said '$(cat out out.err)', want $want" >&2; exit 1; }
		ow+=("$WALL") oc+=("$CPU") orss+=("$RSS")
		if [ -n "$am" ]; then
			timed out "$nq" count "$n" -total-only
			got=$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions.*/\1/p' out)
			[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: nqueens (auto) said '$(cat out out.err)', want $want" >&2; exit 1; }
			aw+=("$WALL") arss+=("$RSS")
			timed out "$lib" "$n" "$am"
			got=$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions.*/\1/p' out)
			[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: libcount $am said '$(cat out out.err)', want $want" >&2; exit 1; }
			larss+=("$RSS")
		fi
		timed out "$lib" "$n" join
		got=$(sed -n 's/^[0-9]*-queens: \([0-9]*\) solutions.*/\1/p' out)
		[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: libcount join said '$(cat out out.err)', want $want" >&2; exit 1; }
		lrss+=("$RSS")
		for t in $threads; do
			timed out "$PUB/kluev/bin/kluev-$n" "$t"
			got=$(sed -n 's/^Result: \([0-9]*\).*/\1/p' out)
			[ "$RC" = 0 ] && [ "$got" = "$want" ] || { echo "bench-join.sh: N = $n: Kluev ($t threads) said '$(cat out out.err)', want $want" >&2; exit 1; }
			KW[$t]+=" $WALL" KR[$t]+=" $RSS"
		done
	done
	w=$(median "${ow[@]}") c=$(median "${oc[@]}") r=$(median "${orss[@]}")
	kw="" kt="" kr=""
	for t in $threads; do
		x=$(median ${KW[$t]})
		if [ -z "$kw" ] || awk -v a="$x" -v b="$kw" 'BEGIN {exit !(a < b)}'; then
			kw=$x kt=${t}T kr=$(median ${KR[$t]})
		fi
	done
	unset KW KR
	if [ -n "$am" ]; then
		a=$(median "${aw[@]}")
		acol="$a ($am) | $(ratio "$a" "$kw")" arcol=$(mib "$(median "${arss[@]}")") larcol=$(mib "$(median "${larss[@]}")")
	else
		acol="= ours (join) | =" arcol="=" larcol="="
	fi
	printf '| %d | %s | %s (%s) | %s | %s | %s | %s | %s | %s | %s | %s | %.3g | %s |\n' "$n" "$w" "$kw" "$kt" "$(ratio "$w" "$kw")" \
		"$acol" "$(mib "$r")" "$arcol" "$(mib "$(median "${lrss[@]}")")" "$larcol" "$(mib "$kr")" "$c" "$pred" "$(ratio "$pred" "$c")"
done
footer
