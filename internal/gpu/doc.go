// Package gpu counts the units of the counting kernel (internal/kernel)
// on a GPU: the same units, the same search and the same results,
// unit by unit, as kernel.Worker.CountUnit, solutions and nodes alike.
//
// # The parts
//
//   - device/count.cu: the device code, CUDA C in the common subset of
//     C99 and CUDA C++. Each thread takes sub-tasks from an atomic
//     counter and searches them depth-first with the kernel's rules
//     (the look-ahead, the last three rows in closed form), its stack
//     in shared memory laid out without bank conflicts, and writes one
//     64-bit count per sub-task. The file's comments give the layouts
//     and rules.
//   - count.ptx, embedded (PTX): made from count.cu by
//     scripts/gen-ptx.sh with Debian's clang-19 for sm_75, which the
//     driver compiles for the card at load time (Turing and every later
//     card). TestPTXFresh fails when it is stale.
//   - device/host_shim.h, device/host_main.c: the same count.cu built
//     for the host with the C compiler (a block's threads are POSIX
//     threads), which TestHostBuild runs over every unit of n ≤ 14 and
//     a sample of n = 15..17 against the CPU kernel.
//   - expand.go: the host's side. Each unit is expanded on the host
//     (Options.Depth rows placed, with the search's rules) into
//     sub-tasks, enough to fill a card; the host counts the nodes of
//     the rows it placed, and sums a unit's sub-task counts, composes
//     the unit's result as the CPU kernel does (kernel.Plan.Compose) and
//     checks it (kernel.Plan.CheckResult) before anyone sees it.
//   - count.go: Count, which plans device memory before allocating,
//     fills batches that fit it, and launches the kernel in short
//     launches (Options.LaunchTime); a cancelled count stops the launch
//     in flight through the kernel's stop flag (pinned host memory
//     mapped into the device, polled between sub-tasks and every 2^20
//     steps within one), so it returns within a second; CountDevices, the same on several GPUs at once (one
//     goroutine and context each, units taken a few at a time); Device
//     is what they need of a GPU.
//   - cuda: a Device through the CUDA driver API (libcuda.so.1), loaded
//     at run time with purego, without cgo. Importing it changes the
//     binary built with CGO_ENABLED=0 (see its package comment).
//
// # What is not known yet
//
// None of this has run on a GPU: the driver binding, the PTX's loading,
// the stop flag in mapped host memory and the kernel's speed are
// untested (TestDevice and TestDeviceCount
// run on a GPU and skip without one; scripts/gpu-check.sh runs them on
// the device machine beside Yao & Li's program). The host build and an
// emulated device in Go (Emulate) test the search, the expansion, the
// reduction, the checks, the memory plan and the cancellation, and,
// through nqueens.CountOptions.Device, the count above them
// (internal/run/gpu.go). The stack layout's
// effect, the block size, the depth and the launch time are not yet
// measured on a device.
package gpu
