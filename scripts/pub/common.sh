# shellcheck shell=bash
# common.sh: helpers sourced by scripts/bench-*.sh (not run on its own).
# Each timed run is one whole process under /usr/bin/time: wall seconds,
# CPU seconds (user + sys) and peak RSS.

PUB=${PUB:-/tmp/pub}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=$ROOT/scripts/pub/build.sh

# header prints the machine, date, load, revision and the exact command.
header() {
	local model cores
	model=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
	cores=$(nproc)
	echo "command: $*"
	echo "machine: $model, $cores cores ($(lscpu 2>/dev/null | sed -n 's/^Thread(s) per core: *//p') threads per core), $(free -g | awk '/^Mem:/ {print $2}') GiB"
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "nqueens: $(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- . 2>/dev/null || echo ' (with uncommitted changes)'), $(go version | cut -d' ' -f3)"
}

# footer prints the load at the end.
footer() { echo; echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"; }

# cite NAME prints "name (owner/repo @ commit): build command" from $PUB.
cite() {
	local d=$PUB/$1 b=${2:-BUILD}
	echo "- $1: $(cat "$d/REPO") @ $(cut -c1-12 "$d/COMMIT"); built with: $(cat "$d/$b")"
}

# timed OUT CMD... runs CMD (stdout to OUT, stderr to OUT.err) and sets
# WALL, CPU (user + sys) and RSS (KiB); RC is its exit status.
timed() {
	local out=$1
	shift
	local tf
	tf=$(mktemp)
	RC=0
	/usr/bin/time -f '%e %U %S %M' -o "$tf" "$@" >"$out" 2>"$out.err" || RC=$?
	read -r WALL u s RSS < <(tail -1 "$tf")
	CPU=$(awk -v a="$u" -v b="$s" 'BEGIN {printf "%.2f", a + b}')
	rm -f "$tf"
}

# timed_in IN OUT CMD... is timed with IN on standard input.
timed_in() {
	local in=$1 out=$2
	shift 2
	local tf
	tf=$(mktemp)
	RC=0
	/usr/bin/time -f '%e %U %S %M' -o "$tf" "$@" <"$in" >"$out" 2>"$out.err" || RC=$?
	read -r WALL u s RSS < <(tail -1 "$tf")
	CPU=$(awk -v a="$u" -v b="$s" 'BEGIN {printf "%.2f", a + b}')
	rm -f "$tf"
}

# median prints the median of its arguments (the lower middle for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# mib prints KiB as MiB, one decimal.
mib() { awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; }

# ratio A B prints A / B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "—"}'; }

# a000170 N prints the number of solutions from testdata/a000170.txt.
a000170() { awk -v n="$1" '$1 == n {print $2}' "$ROOT/testdata/a000170.txt"; }

# a002562 N prints the number of unique solutions from testdata/a002562.txt.
a002562() { awk -v n="$1" '$1 == n {print $2}' "$ROOT/testdata/a002562.txt"; }

# fail prints a message and exits 3.
fail() { echo "$(basename "$0"): $*" >&2; exit 3; }

# build_nqueens builds the command into $TMPD/nqueens.
build_nqueens() { (cd "$ROOT" && go build -o "$TMPD/nqueens" ./cmd/nqueens) || fail "go build failed"; }

# json_num KEY prints a number field of the one JSON object on stdin.
json_num() { sed -n "s/.*\"$1\":\([0-9.e+-]*\).*/\1/p" | head -1; }
