#!/usr/bin/env bash
# Count N in M shards with GNU parallel, then merge the records.
#
#   deploy/parallel/run.sh N M [OUTDIR]
#
# Locally: the M shards run on this machine, JOBS at a time (default: one
# per core, each shard then using one core).
#
# Across hosts: HOSTS="8/alice@node1,8/node2" runs them over SSH, at most
# 8 at a time on each host (GNU parallel's --sshlogin syntax; ":" is this
# machine). Each host needs the nqueens binary on its PATH (or set
# NQUEENS to its path there). Every shard's record is brought back to
# OUTDIR with --return and removed from the host; a shard that fails is
# retried (RETRIES, default 2) and a checkpoint on the host lets the retry
# resume. Finally "nqueens merge" checks that all M shards are there,
# each exactly once, and prints the exact total.
#
# Environment: NQUEENS (default: nqueens), JOBS, HOSTS, RETRIES,
# WORKERS (goroutines per shard, default 1), COUNT_FLAGS (more flags for
# each count, split into words: COUNT_FLAGS=--total-only counts the total
# alone, from N = 18 with the quadrant join and below it with the kernel;
# COUNT_FLAGS="--method quadrant --total-only" forces the join at any N;
# with the join each shard holds the whole quadrant table), REPLICAS
# (default 1).
#
# REPLICAS=R counts every unit in R different shards (count --replicas),
# each shard then holding about R/M of the work, and merge compares the
# copies: a unit whose copies differ is refused, naming it, its shards
# and their files. The copies of a unit are in shards M/R apart (when R
# divides M): on one machine they catch a damaged or edited record, over
# HOSTS also a faulty host, as long as shards I and I+M/R run on
# different hosts.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 N M [OUTDIR]" >&2
	exit 2
fi
N=$1
M=$2
OUT=${3:-nqueens-$N-$M}
NQUEENS=${NQUEENS:-nqueens}
RETRIES=${RETRIES:-2}
WORKERS=${WORKERS:-1}
REPLICAS=${REPLICAS:-1}
case $REPLICAS in
'' | *[!0-9]*) echo "$0: REPLICAS=$REPLICAS: want a number of shards from 1 to M = $M" >&2; exit 2 ;;
esac
if [ "$REPLICAS" -lt 1 ] || [ "$REPLICAS" -gt "$M" ]; then
	echo "$0: REPLICAS=$REPLICAS: want 1 to M = $M (each unit's copies are in different shards)" >&2
	exit 2
fi
command -v parallel >/dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }

mkdir -p "$OUT"
cd "$OUT"
# The command each job runs, on this machine or on a host: {} is I.
job="$NQUEENS count $N ${COUNT_FLAGS:-} --shard {}/$M --replicas $REPLICAS --workers $WORKERS --progress off --checkpoint shard-{}-of-$M.ckpt -o shard-{}-of-$M.json"
if [ -n "${HOSTS:-}" ]; then
	parallel --will-cite --halt soon,fail=1 --retries "$RETRIES" \
		--sshlogin "$HOSTS" --return "shard-{}-of-$M.json" --cleanup \
		"$job" ::: $(seq 0 $((M - 1)))
else
	parallel --will-cite --halt soon,fail=1 --retries "$RETRIES" \
		--jobs "${JOBS:-100%}" \
		"$job" ::: $(seq 0 $((M - 1)))
fi
"$NQUEENS" merge shard-*-of-"$M".json
