#!/usr/bin/env bash
# Runs array.sbatch under a real Slurm: a one-node cluster on this
# machine, from Debian's packages (apt-get install -y slurm-wlm munge),
# as root (slurmd must be able to start jobs as the submitting user).
#
#   NQUEENS=/path/to/nqueens deploy/slurm/test-cluster.sh
#
# (without NQUEENS it builds ./cmd/nqueens with go build). It starts
# munged on a private socket with a freshly generated key, slurmctld and
# slurmd (in the foreground, -D, as background processes of this script)
# with a minimal slurm.conf, all in a temporary directory, and stops
# them by PID when it exits, whatever the outcome. Then it submits the
# recipe as the README does:
#
#   - an array of 8 tasks for N = 16 (the kernel);
#   - an array of 1 task for N = 17 with
#     COUNT_FLAGS="--method quadrant --total-only", which it requeues
#     (scontrol requeue) once the task has saved units in its
#     checkpoint: Slurm stops the task, starts it again, and the count
#     resumes from the checkpoint (the log must say so);
#
# waits until squeue lists neither array, merges each array's records
# with nqueens merge, and checks the totals against A000170 (14772512,
# 1846955 unique; 95815104, 11977939 unique). It fails (exit 1) on any difference, and
# gives up after TIMEOUT seconds (default 150). KEEP=1 keeps the
# temporary directory (logs, slurm.conf, records) for a look.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
limit=${TIMEOUT:-150}

for p in munged mungekey munge unmunge slurmctld slurmd sbatch squeue sinfo scancel scontrol; do
	if ! command -v "$p" >/dev/null; then
		echo "test-cluster: $p not found: apt-get install -y slurm-wlm munge" >&2
		exit 2
	fi
done
if [ "$(id -u)" -ne 0 ]; then
	echo "test-cluster: run as root (slurmd starts jobs as their user)" >&2
	exit 2
fi

tmp=$(mktemp -d /tmp/nqueens-slurm.XXXXXX)
chmod 0700 "$tmp"
pids=() # the daemons, in the order started
jobs=""  # the arrays submitted, comma-separated
fail() {
	echo "test-cluster: FAIL: $*" >&2
	exit 1
}
cleanup() {
	status=$?
	trap - EXIT INT TERM
	# Cancel the jobs first: slurmstepd, which runs a job, outlives
	# slurmd by design. Then any step process still listed by PID.
	if [ -n "$jobs" ]; then
		# shellcheck disable=SC2086 # job ids, one word each
		scancel ${jobs//,/ } 2>/dev/null || true
		for _ in $(seq 50); do
			[ -n "$(squeue -h -j "$jobs" -o %i 2>/dev/null)" ] || break
			sleep 0.1
		done
		for pid in $(scontrol listpids 2>/dev/null | awk 'NR > 1 { print $1 }'); do
			kill -KILL "$pid" 2>/dev/null || true
		done
	fi
	# Stop the daemons, last started first: slurmd, slurmctld, munged.
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		for _ in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -KILL "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
	if [ "$status" -ne 0 ]; then
		[ -z "$jobs" ] || squeue -j "$jobs" >&2 2>/dev/null || true
		for f in "$tmp"/munge/munged.log "$tmp"/*.out "$tmp"/slurmctld.log "$tmp"/slurmd.log "$tmp"/work/*.log; do
			[ -f "$f" ] || continue
			echo "--- last lines of $f" >&2
			tail -n 20 "$f" >&2
		done
	fi
	if [ "${KEEP:-}" = 1 ]; then
		echo "test-cluster: kept $tmp" >&2
	else
		rm -rf "$tmp"
	fi
	exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# waitfor SECONDS WHAT COMMAND...: polls until COMMAND succeeds.
waitfor() {
	local until=$((SECONDS + $1)) what=$2
	shift 2
	until "$@"; do
		[ "$SECONDS" -lt "$until" ] || fail "$what (gave up after $((SECONDS - start)) s)"
		sleep 0.2
	done
}
start=$SECONDS
left() { echo $((limit - (SECONDS - start))); }

if [ -z "${NQUEENS:-}" ]; then
	(cd "$repo" && go build -o "$tmp/nqueens" ./cmd/nqueens)
	NQUEENS=$tmp/nqueens
fi
NQUEENS=$(cd "$(dirname "$NQUEENS")" && pwd)/$(basename "$NQUEENS")

# A free TCP port: a random one that nothing listens on.
freeport() {
	local p
	while :; do
		p=$((20000 + RANDOM % 20000))
		if ! (: <>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return
		fi
	done
}

# munge: a new key, a private socket. munged refuses a socket in a
# directory that not every user may enter (the 0700 one here) unless
# forced (--force): only root, this script and the daemons, talk to it.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/work" "$tmp/out16" "$tmp/out17"
chmod 0700 "$tmp/munge"
mungekey --create --keyfile="$tmp/munge/munge.key" --bits=1024
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
	--pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" >"$tmp/munge/munged.out" 2>&1 &
pids+=($!)
waitfor 10 "munged did not answer on its socket" \
	sh -c "munge -n -S '$tmp/munge/munge.socket' 2>/dev/null | unmunge -S '$tmp/munge/munge.socket' >/dev/null 2>&1"

cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
host=$(hostname -s)
ctldport=$(freeport)
slurmdport=$(freeport)
while [ "$slurmdport" = "$ctldport" ]; do slurmdport=$(freeport); done
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
# One node, this machine, as localhost; no accounting, no cgroups.
ClusterName=nqueens-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctldport
SlurmdPort=$slurmdport
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may
# start again (120 s by default); the scheduler runs every 2 s.
AuthInfo=socket=$tmp/munge/munge.socket,cred_expire=10
SchedulerParameters=sched_interval=2,bf_interval=2
MailProg=/bin/true
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
InactiveLimit=0
KillWait=10
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
ping() { scontrol ping >/dev/null 2>&1; }
waitfor 20 "slurmctld did not answer" ping
slurmd -D -N localhost -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
nodeidle() { sinfo -h -n localhost -o %t | grep -qx idle; }
waitfor 20 "node localhost did not become idle" nodeidle
echo "test-cluster: one-node cluster up ($cpus CPUs) in $((SECONDS - start)) s"

# The recipe as the README submits it (--cpus-per-task=1: the node has
# $cpus CPUs, the script asks for 4 per task).
cd "$tmp/work"
sbatch=(sbatch --parsable --cpus-per-task=1)
j16=$("${sbatch[@]}" --array=0-7 --export="ALL,N=16,NQUEENS=$NQUEENS,OUT=$tmp/out16" "$here/array.sbatch")
jobs=$j16
j17=$(COUNT_FLAGS="--method quadrant --total-only" "${sbatch[@]}" --array=0-0 \
	--export="ALL,N=17,NQUEENS=$NQUEENS,OUT=$tmp/out17" "$here/array.sbatch")
jobs=$j16,$j17
echo "test-cluster: submitted arrays $j16 (N = 16, 8 tasks) and $j17 (N = 17, quadrant join, 1 task)"

# Requeue the N = 17 task as soon as its checkpoint holds counted units
# (more lines than the header): Slurm stops it (SIGTERM, which makes the
# count save its checkpoint and exit) and runs it again.
ckpt=$tmp/out17/shard-0-of-1.ckpt
saved() { [ -f "$ckpt" ] && [ "$(wc -l <"$ckpt")" -ge 20 ]; }
waitfor "$(left)" "the N = 17 task saved no units in its checkpoint" saved
scontrol requeue "${j17}_0"
echo "test-cluster: requeued ${j17}_0 after $(($(wc -l <"$ckpt") - 1)) units were saved"

queued() { [ -n "$(squeue -h -j "$jobs" -o %i 2>/dev/null)" ]; }
notqueued() { ! queued; }
waitfor "$(left)" "the arrays did not finish (squeue -j $jobs lists them)" notqueued
echo "test-cluster: both arrays done after $((SECONDS - start)) s"

log17=$tmp/work/nqueens-${j17}_0.log
# The log (opened for append) holds both runs: the count stopped by the
# requeue, saying what it saved, then the count that resumed.
grep -q "units are saved in $ckpt; rerun the same command to resume" "$log17" ||
	fail "the N = 17 task's log does not show the requeue stopping the count: $(cat "$log17")"
grep -Eq "3807/3807 units \(100.0%\).*, [0-9]+ resumed" "$log17" ||
	fail "the N = 17 task's log does not show the count resuming from its checkpoint: $(cat "$log17")"

restarts=$(scontrol show job "${j17}_0" | grep -o 'Restarts=[0-9]*')
[ "$restarts" = Restarts=1 ] || fail "Slurm reports ${j17}_0 with $restarts; want Restarts=1"
grep -E "resumed|saved" "$log17"
m16=$("$NQUEENS" merge "$tmp"/out16/shard-*-of-8.json)
m17=$("$NQUEENS" merge "$tmp"/out17/shard-*-of-1.json)
echo "$m16"
echo "$m17"
case $m16 in "16-queens: 14772512 solutions, 1846955 unique (8 shards"*) ;; *) fail "N = 16 merge: $m16" ;; esac
case $m17 in "17-queens: 95815104 solutions, 11977939 unique (1 shard"*"3807 units; method join"*) ;; *) fail "N = 17 merge: $m17" ;; esac
echo "test-cluster: ok in $((SECONDS - start)) s"
