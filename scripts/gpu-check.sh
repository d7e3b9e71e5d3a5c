#!/usr/bin/env bash
# gpu-check.sh: the device checks of internal/gpu, in two steps.
#
#   scripts/gpu-check.sh prepare [YAO_LI_REPO]   here (Go, no GPU needed)
#   scripts/gpu-check.sh run                     on the GPU machine (no Go)
#
# prepare cross-builds the GPU tests binary (go test -c, CGO_ENABLED=0,
# linux/amd64) and the nqueens command into bin/gpu-check/ (ignored:
# /bin/ in .gitignore) and
# copies the source of Yao & Li's counter (github.com/ygch/n_queens,
# MIT; YAO_LI_REPO is a clone of it, default
# /work/.mirror/ygch+n_queens/repo) into bin/gpu-check/n_queens.
#
# run, in the repository root on the GPU machine, with bin/gpu-check
# carried (device tool: carry ["bin/gpu-check"], timeout_s 360), writes
# under $OUT (or bin/gpu-check/out):
#   gpu-check.log   everything, in order;
#   device.txt      TestDevice: every unit of n = 4..15 counted on the
#                   GPU, each compared with the CPU kernel's result
#                   (total, unique, nodes), and the device's name,
#                   memory, compute capability and driver;
#   counts.txt      TestDeviceCount: n = 16..21 on the GPU, checked
#                   against A000170/A002562, with the count's own time
#                   (device opened and PTX loaded before the clock) and
#                   nodes per second;
#   depth.txt       n = 19 with 3 rows placed on the host (the default
#                   is DefaultDepth: 2), for tuning;
#   plan.txt        the command on the GPU: plan 20 -device gpu (units
#                   timed on the GPU), plan 27 and plan 28 -device gpu
#                   (GPU-hours, extrapolated from the GPU/CPU ratio timed
#                   at n = 23), and count 17 and
#                   19 -device auto -v (Auto's choice: the device named
#                   in the -v lines, the estimate on stderr);
#   yaoli.txt       Yao & Li's program, built here with nvcc for sm_90
#                   in their config2 (-D_USE_CONFIG2_), 6 pre-placed
#                   rows, n = 16..21: its printed "calc time" (which
#                   includes its subproblems' generation and the CUDA
#                   context's creation: its first CUDA calls are inside
#                   the timed function; the time-stamped "start job" and
#                   "finish job" lines bound the device's part), and
#                   the whole process's time beside it.
# Each step has its own time limit (90 + 140 + 25 + 75 s for ours, Yao &
# Li's build overlapping them, then their n = 16..21, about 35 s at
# their published H800 times) so that the whole stays under 6 minutes;
# a step that fails is logged and the next one runs. Note: the device
# tool sends the checkout the session started in, so run it from the
# checkout that holds this script and bin/gpu-check.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=bin/gpu-check
mode=${1:-}

case $mode in
prepare)
	repo=${2:-/work/.mirror/ygch+n_queens/repo}
	mkdir -p "$dir"
	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go test -c -o "$dir/gpu.test" ./internal/gpu || exit 1
	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -o "$dir/nqueens" ./cmd/nqueens || exit 1
	rm -rf "$dir/n_queens"
	mkdir -p "$dir/n_queens"
	if [ -d "$repo/src" ]; then
		cp -r "$repo/src" "$repo/LICENSE" "$dir/n_queens/"
	else
		git -C "$repo" archive HEAD src LICENSE | tar -x -C "$dir/n_queens" || exit 1
	fi
	du -sh "$dir"
	echo "gpu-check.sh: prepared $dir; on the device: carry [\"$dir\"], run scripts/gpu-check.sh run"
	;;
run)
	out=${OUT:-$dir/out}
	mkdir -p "$out"
	log=$out/gpu-check.log
	exec > >(tee -a "$log") 2>&1
	echo "== gpu-check $(date -u +%FT%TZ)"
	nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv 2>&1 || true
	nvcc --version 2>&1 | tail -2 || true
	nproc
	# Yao & Li's program, built first (in the background) so that its
	# build overlaps our tests.
	(
		cd "$dir/n_queens/src" &&
			timeout 120 nvcc -gencode arch=compute_90,code=sm_90 -O3 -Xcompiler -fopenmp -D_USE_CONFIG2_ \
				n_queens_cuda.cu n_queens.cpp utils.cpp main.cpp -o n_queens
	) >"$out/yaoli-build.txt" 2>&1 &
	build=$!
	echo "== ptxas on the embedded PTX for sm_90 (registers, spills, shared memory)"
	if command -v ptxas >/dev/null; then
		ptxas -arch=sm_90 -v internal/gpu/count.ptx -o /tmp/nq-count.cubin 2>&1
	else
		echo "no ptxas on PATH"
	fi
	echo "== TestDevice (every unit of n = 4..15 on the GPU against the CPU kernel)"
	timeout 90 "$dir/gpu.test" -test.run '^TestDevice$' -test.v -gpu.maxn 15 2>&1 | tee "$out/device.txt"
	echo "== TestDeviceCount (n = 16..21 on the GPU)"
	timeout 140 "$dir/gpu.test" -test.run '^TestDeviceCount$' -test.v -gpu.count 16,17,18,19,20,21 2>&1 | tee "$out/counts.txt"
	echo "== the host's depth at n = 19 (rows placed before the device takes over)"
	for d in 3; do
		timeout 25 "$dir/gpu.test" -test.run '^TestDeviceCount$' -test.v -gpu.count 19 -gpu.depth $d 2>&1 | grep -E 'GPU n=|FAIL|Error|error'
	done 2>&1 | tee "$out/depth.txt"
	echo "== the command on the GPU: plan -device gpu, count -device auto -v"
	timeout 75 bash -c '
		nq=$1
		run() { echo "\$ nqueens $*"; s=$EPOCHREALTIME; timeout "$t" "$nq" "$@" 2>&1; echo "exit $? after $(awk -v s="$s" -v e="$EPOCHREALTIME" "BEGIN { printf \"%.1f\", e - s }") s"; }
		t=12 run plan 20 -device gpu -time 2s
		t=22 run plan 27 -device gpu -shards 1000 -time 9s
		t=22 run plan 28 -device gpu -shards 1000 -time 9s
		t=8 run count 17 -device auto -v
		t=10 run count 19 -device auto -v
	' _ "$dir/nqueens" 2>&1 | tee "$out/plan.txt"
	wait $build
	echo "== Yao & Li's n_queens, config2, 6 pre-placed rows, sm_90 (build log: yaoli-build.txt)"
	if [ -x "$dir/n_queens/src/n_queens" ]; then
		for n in 16 17 18 19 20 21; do
			s=$EPOCHREALTIME
			timeout 60 "$dir/n_queens/src/n_queens" "$n" 6 2>&1 | grep -E 'result|calc time|generate|start job|finish job|allowed|cannot'
			e=$EPOCHREALTIME
			echo "n=$n process seconds=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')"
		done 2>&1 | tee "$out/yaoli.txt"
	else
		echo "Yao & Li's program did not build:"
		tail -20 "$out/yaoli-build.txt"
	fi
	echo "== done $(date -u +%FT%TZ)"
	;;
*)
	echo "usage: scripts/gpu-check.sh prepare [YAO_LI_REPO] | run" >&2
	exit 2
	;;
esac
