#!/usr/bin/env bash
# bench-random.sh times the random search, `nqueens find N -random`
# (min-conflicts; it validates its answer before printing it), side by side
# with the published local-search programs, built by scripts/pub/build.sh
# into $PUB (default /tmp/pub): QS4 (mengxuehu/n-queens-puzzle; C++; N is
# compile-time, one binary per N; it checks its answer and prints
# "conflict" when wrong) and NQ.c (FrozenVoid/NQ.c; C; built with the flags
# of its own nqbench.sh, which leave out its verifier).
#
# Usage: scripts/bench-random.sh [RUNS [N...]]
#   RUNS  runs of each program per N, interleaved; medians shown (default 3)
#   N...  board sizes (default 10000 100000 1000000 10000000)
#
# Neither rival prints its solution; ours writes it (-o /dev/null), so our
# figures include formatting N numbers. Each run of ours takes a new seed
# (1, 2, ...); QS4 and NQ.c seed themselves. Whole processes under
# /usr/bin/time: wall, CPU (user + sys), peak RSS. Prints a markdown table.
set -euo pipefail
. "$(dirname "$0")/pub/common.sh"
usage() { echo "usage: scripts/bench-random.sh [RUNS [N...]]" >&2; exit 2; }
ARGS="$*"
RUNS=${1:-3}
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || usage
[ $# -gt 0 ] && shift
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(10000 100000 1000000 10000000)
for n in "${SIZES[@]}"; do
	[[ $n =~ ^[1-9][0-9]*$ ]] && ((n >= 4 && n <= 1000000000)) || { echo "bench-random.sh: N must be 4 .. 10^9 (got $n)" >&2; exit 2; }
done
TMPD=$(mktemp -d)
trap 'rm -rf "$TMPD"' EXIT

build_nqueens
"$BUILD" nqc qs4 "${SIZES[@]}" || fail "could not build the published solvers (scripts/pub/build.sh nqc qs4 N...)"
cd "$TMPD"
nq=$TMPD/nqueens

header "scripts/bench-random.sh $ARGS"
echo "ours: nqueens find N -random -seed RUN -o /dev/null"
cite qs4
cite nqc
echo "runs per cell: $RUNS, interleaved; medians shown; whole-process wall, CPU = user + sys, peak RSS"
echo
echo "| N | ours s | QS4 s | NQ.c s | ours / QS4 | ours / NQ.c | RSS ours / QS4 / NQ.c | bytes per queen ours / QS4 / NQ.c | ours CPU s |"
echo "|---:|---:|---:|---:|---:|---:|---|---|---:|"

for n in "${SIZES[@]}"; do
	ow=() oc=() orss=() qw=() qr=() cw=() cr=()
	for run in $(seq "$RUNS"); do
		timed out "$nq" find "$n" -random -seed "$run" -o /dev/null
		[ "$RC" = 0 ] || { echo "bench-random.sh: N = $n: nqueens failed: $(cat out.err)" >&2; exit 1; }
		ow+=("$WALL") oc+=("$CPU") orss+=("$RSS")
		timed out "$PUB/qs4/bin/qs4-$n"
		{ [ "$RC" = 0 ] && ! grep -q conflict out; } || { echo "bench-random.sh: N = $n: QS4 failed: $(cat out out.err | tail -3)" >&2; exit 1; }
		qw+=("$WALL") qr+=("$RSS")
		timed out "$PUB/nqc/nq" "$n"
		{ [ "$RC" = 0 ] && grep -q "Solved N= *$n " out; } || { echo "bench-random.sh: N = $n: NQ.c failed: $(cat out out.err | tail -3)" >&2; exit 1; }
		cw+=("$WALL") cr+=("$RSS")
	done
	w=$(median "${ow[@]}") q=$(median "${qw[@]}") c=$(median "${cw[@]}")
	r=$(median "${orss[@]}") rq=$(median "${qr[@]}") rc=$(median "${cr[@]}")
	bpq() { awk -v k="$1" -v n="$n" 'BEGIN {printf "%.1f", k * 1024 / n}'; }
	printf '| %s | %s | %s | %s | %s | %s | %s / %s / %s | %s / %s / %s | %s |\n' "$n" "$w" "$q" "$c" "$(ratio "$w" "$q")" "$(ratio "$w" "$c")" \
		"$(mib "$r")" "$(mib "$rq")" "$(mib "$rc")" "$(bpq "$r")" "$(bpq "$rq")" "$(bpq "$rc")" "$(median "${oc[@]}")"
done
footer
