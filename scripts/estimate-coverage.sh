#!/usr/bin/env bash
# estimate-coverage.sh checks `nqueens estimate` against the known counts:
# for each N of a range and each seed of a range, one run of
# `nqueens estimate N -time TIME -seed S -format json`, one after the
# other, and for each N one line of a markdown table: the runs, how many
# 95% intervals cover A000170(N) (testdata/a000170.txt), how many miss it
# by lying below it (high < Q) or above it (low > Q), the median
# half-width (% of the estimate) and the median number of samples.
# After the table, one line sums the runs of all N: the share covering
# Q and its Wilson 95% interval (the binomial proportion's), which holds
# 95% when the runs are independent.
# The seeds are fixed, so a run of a seed gives the same samples on any
# machine; the number of samples a time allows depends on the machine
# and its load. The runs of one seed at different N are independent
# (the estimator mixes N into the seed), but the runs of one seed and N
# at two times share their first samples: check two times with two
# seed ranges.
#
# Usage: scripts/estimate-coverage.sh NMIN-NMAX SEEDMIN-SEEDMAX TIME
#   e.g. scripts/estimate-coverage.sh 21-23 1-10 10s
#   (a single N or seed may be written alone: 27, 5)
# Environment:
#   NQUEENS  the nqueens binary (default: built from ./cmd/nqueens into
#            a temporary directory)
#   A000170  the file of known counts, "n a(n)" lines, # comments
#            (default: testdata/a000170.txt)
#   RAW      if set, a file to which each run's JSON line is appended
#   JOBS     runs at a time (default 1; each runs on every core)
# Exit status: 0, or 2 for bad arguments (a TIME that nqueens refuses
# included) or an N without a known count, 3 when a run fails otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

usage() {
	echo "usage: $0 NMIN-NMAX SEEDMIN-SEEDMAX TIME (e.g. 21-23 1-10 10s)" >&2
	exit 2
}
# range A-B or A: sets lo and hi, both unsigned integers, lo <= hi.
range() {
	if [[ $1 =~ ^([0-9]+)(-([0-9]+))?$ ]]; then
		lo=$((10#${BASH_REMATCH[1]}))
		hi=$((10#${BASH_REMATCH[3]:-${BASH_REMATCH[1]}}))
		((lo <= hi)) && return 0
	fi
	echo "$0: $2 $1: want A-B with A <= B, e.g. $3" >&2
	exit 2
}
[ $# -eq 3 ] || usage
range "$1" "N range" 21-23
nmin=$lo nmax=$hi
range "$2" "seed range" 1-10
smin=$lo smax=$hi
budget=$3
known=${A000170:-$root/testdata/a000170.txt}
[ -r "$known" ] || { echo "$0: cannot read the known counts $known" >&2; exit 2; }

jobs=${JOBS:-1}
[[ $jobs =~ ^[1-9][0-9]?$ ]] || { echo "$0: JOBS $jobs: want 1 to 99 runs at a time" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${NQUEENS:-}
if [ -z "$bin" ]; then
	bin=$tmp/nqueens
	(cd "$root" && go build -o "$bin" ./cmd/nqueens) || exit 3
fi

# one N S: runs seed S at N, its JSON line to $tmp/S.json, its exit
# status to $tmp/S.rc.
one() {
	local rc=0
	"$bin" estimate "$1" -time "$budget" -seed "$2" -format json >"$tmp/$2.json" || rc=$?
	echo "$rc" >"$tmp/$2.rc"
}

echo "| N | time | seeds | runs | covering | below Q | above Q | median half-width | median samples |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for ((n = nmin; n <= nmax; n++)); do
	q=$(awk -v n="$n" '$1 !~ /^#/ && $1 == n { print $2; exit }' "$known")
	[ -n "$q" ] || { echo "$0: no known count for N = $n in $known" >&2; exit 2; }
	running=0
	for ((s = smin; s <= smax; s++)); do
		if ((running == jobs)); then
			wait -n || true
			running=$((running - 1))
		fi
		one "$n" "$s" &
		running=$((running + 1))
	done
	wait
	runs=""
	for ((s = smin; s <= smax; s++)); do
		rc=$(cat "$tmp/$s.rc")
		if [ "$rc" -ne 0 ]; then
			echo "$0: nqueens estimate $n -time $budget -seed $s failed (exit $rc)" >&2
			[ "$rc" -eq 2 ] && exit 2 # a bad TIME: nqueens said why
			exit 3
		fi
		line=$(cat "$tmp/$s.json")
		[ -z "${RAW:-}" ] || echo "$line" >>"$RAW"
		runs+=$line$'\n'
	done
	# One JSON object a line, flat, numbers only: the fields by name.
	printf '%s' "$runs" | awk -v n="$n" -v q="$q" -v t="$budget" -v seeds="$smin..$smax" '
	function field(name,    m) {
		if (!match($0, "\"" name "\":[-+0-9.eE]+")) { print "no " name " in " $0 > "/dev/stderr"; bad = 1; exit 3 }
		m = substr($0, RSTART, RLENGTH)
		return substr(m, index(m, ":") + 1) + 0
	}
	# median of a[1..k], sorted in place (insertion sort: k is small).
	function median(a, k,    i, j, x) {
		for (i = 2; i <= k; i++) {
			x = a[i]
			for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
			a[j + 1] = x
		}
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	{
		est = field("solutions"); lo = field("low"); hi = field("high")
		k++
		if (hi < q) below++
		else if (lo > q) above++
		else cover++
		half[k] = est > 0 ? 100 * (hi - lo) / 2 / est : 0
		samp[k] = field("samples")
	}
	END {
		if (bad) exit 3
		printf "| %d | %s | %s | %d | %d | %d | %d | ±%.3f%% | %.0f |\n", n, t, seeds, k, cover, below, above, median(half, k), median(samp, k)
		printf "%d %d %d %d\n", k, cover, below, above >>tally
	}' tally="$tmp/tally"
done
# The sum over N, and Wilson's interval for the share covering: p̂ and
# k runs give (p̂ + z²/2k ± z·√(p̂(1−p̂)/k + z²/4k²)) / (1 + z²/k).
awk '
{ k += $1; c += $2; b += $3; a += $4 }
END {
	z = 1.959963984540054; p = c / k
	mid = (p + z * z / (2 * k)) / (1 + z * z / k)
	hw = z * sqrt(p * (1 - p) / k + z * z / (4 * k * k)) / (1 + z * z / k)
	printf "\nIn all: %d of %d runs cover Q(N) (%.1f%%; Wilson 95%% interval %.1f%% to %.1f%%), %d below Q, %d above.\n", c, k, 100 * p, 100 * (mid - hw), 100 * (mid + hw), b, a
}' "$tmp/tally"
