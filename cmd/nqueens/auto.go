package main

import (
	"github.com/nqueens/nqueens"
)

// quadrantFrom is the smallest N where auto picks the quadrant join.
// Measured on a 2-core EPYC (Zen 4), join against the kernel with its
// AVX2 wave (whole process, wall, 2 workers; scripts/bench-join.sh and
// bench-kernel.sh, docs/BENCHMARKS.md): N = 16 0.09 s against 0.10 s,
// N = 17 0.52 s against 0.51 s (2026-12-02), N = 18 0.91 s against
// 3.5 s, N = 20 34 s against 212 s. The join counts the total; the
// unique count follows from it and the rotation-symmetric solutions
// (Burnside's lemma: 73 ms at N = 20). Below 18 the kernel is as fast
// and needs a fraction of the join's memory (N = 17: 4.8 against 8.7
// MiB, the library alone); tests that mean the join at a small N ask
// for it with -method quadrant.
const quadrantFrom = 18

// autoShare is the share of the available memory (MemAvailable) that
// the join's planned peak may take for auto to pick it when no
// -max-memory is given; unknownMemory stands for the available memory
// where it cannot be read (not Linux).
const (
	autoShare     = 0.5
	unknownMemory = 8 << 30
)

// chooseMethod resolves -method auto for board size n by n alone:
// the quadrant join for -total-only from quadrantFrom to
// MaxQuadrantN, else the kernel. Shards use it, so that every shard of
// a count picks the same method whatever machine it runs on.
func chooseMethod(n int, totalOnly bool) nqueens.Method {
	if totalOnly && n >= quadrantFrom && n <= nqueens.MaxQuadrantN {
		return nqueens.Quadrant
	}
	return nqueens.Bitboard
}

// chooseAuto resolves -method auto for a count of n with opts: a
// shard by chooseMethod; a count resumed from its checkpoint with the
// method that wrote it; otherwise the quadrant join from quadrantFrom
// to MaxQuadrantN when its planned peak memory fits within
// opts.MaxMemory, or, without one, within autoShare of the available
// memory (avail; known false: unknownMemory), and the kernel elsewhere.
func chooseAuto(n int, totalOnly bool, opts nqueens.CountOptions, avail uint64, known bool) nqueens.Method {
	if opts.Shard != (nqueens.Shard{}) {
		return chooseMethod(n, totalOnly)
	}
	if opts.Checkpoint != "" {
		if cn, m, err := nqueens.CheckpointMethod(opts.Checkpoint); err == nil && cn == n && m != "" {
			return m
		}
	}
	if n < quadrantFrom || n > nqueens.MaxQuadrantN {
		return nqueens.Bitboard
	}
	limit := opts.MaxMemory
	if limit == 0 {
		if !known {
			avail = unknownMemory
		}
		limit = uint64(float64(avail) * autoShare)
	}
	qp, err := nqueens.PlanQuadrant(n, nqueens.CountOptions{Workers: opts.Workers, MaxMemory: limit})
	if err != nil || !qp.Fits {
		return nqueens.Bitboard
	}
	return nqueens.Quadrant
}
