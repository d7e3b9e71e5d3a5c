// Package nqueens solves the N-Queens problem: place N queens on an N×N
// board so that no two attack each other.
//
// A Placement holds row i's queen in column p[i] (zero-based; text is
// one-based: "2 4 1 3"). Parse reads it, Validate checks it, and
// Images, Canonical and ClassSize relate a solution's 8 images.
//
// Count returns the exact number of solutions (OEIS A000170) and of
// solutions up to symmetry (A002562), by the fastest method that fits
// (MethodAuto, see Plan):
//
//	res, err := nqueens.Count(ctx, 12, nqueens.CountOptions{})
//	// res.Solutions = 14200, res.Unique = 1787
//
// Long counts report Progress, resume from a Checkpoint, and split into
// Shards that MergeShards adds up (docs/LONG-COUNTS.md). Count is Plan
// then CountPlan.Count; a CountPlan tells what the count needs, and
// its Estimate how long it would take, before it counts.
// CountOptions.Device = DeviceGPU counts MethodKernel's units on NVIDIA
// GPUs, with the same results unit by unit, once a program links the
// driver with import _ "github.com/nqueens/nqueens/gpu" (see Device).
//
// Solutions enumerates lazily, in lexicographic order, by one of the
// four searches the tutorials teach (SearchMethods). Find builds one
// solution for any N in O(N), Random finds a random one, and Complete
// solves N-Queens Completion instances (Puzzle).
//
// The empty board (N = 0) has one solution, the empty placement; N = 2
// and N = 3 have none.
package nqueens
