package nqueens

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/nqueens/nqueens/internal/classic"
	"github.com/nqueens/nqueens/internal/kernel"
)

// MaxN is the largest board Count and Solutions accept: the kernels keep a
// row of the board in a uint64. (Counts for N above 27 are not known and
// would take centuries; the limit is what the code supports, not what
// finishes.)
const MaxN = 64

// ErrSize is wrapped by the errors for a board size outside 0..MaxN.
var ErrSize = errors.New("board size out of range")

// CountOptions tunes Count. The zero value counts with the bitboard
// kernel on every core.
type CountOptions struct {
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	// The classic methods (Arrays, Board, Permutation) use one.
	Workers int
	// Method selects the algorithm; "" means Bitboard.
	Method Method
}

// A Result is the outcome of Count.
type Result struct {
	N int
	// Solutions is the number of solutions, A000170(N).
	Solutions Uint128
	// Unique is the number of solutions up to the 8 symmetries of the
	// square, A002562(N).
	Unique Uint128
	// Nodes is the number of queens placed during the search.
	Nodes uint64
	// Elapsed is the wall time of the count.
	Elapsed time.Duration
	Method  Method
}

func checkN(n int) error {
	if n < 0 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxN)
	}
	return nil
}

// Count returns the number of solutions of the N-Queens problem on an
// n×n board, in all (A000170) and up to symmetry (A002562), with the
// work it took. By the usual convention the empty board (n = 0) has one
// solution; n = 2 and n = 3 have none. n must be in 0..MaxN.
//
// Count is exact for every n it accepts: per-unit counters are uint64
// and the total is summed in 128 bits. If ctx is cancelled Count stops
// promptly and returns ctx.Err() with a zero Result.
func Count(ctx context.Context, n int, opts CountOptions) (Result, error) {
	if err := checkN(n); err != nil {
		return Result{}, err
	}
	m := opts.Method.orDefault()
	if _, err := ParseMethod(string(m)); err != nil {
		return Result{}, err
	}
	if opts.Workers < 0 {
		return Result{}, fmt.Errorf("workers = %d: must be 0 (all cores) or more", opts.Workers)
	}
	start := time.Now()
	res := Result{N: n, Method: m}
	if m == Bitboard {
		plan, err := kernel.NewPlan(n)
		if err != nil {
			return Result{}, err
		}
		todo := make([]int, len(plan.Units))
		for i := range todo {
			todo[i] = i
		}
		workers := opts.Workers
		if workers == 0 {
			workers = runtime.NumCPU()
		}
		var overflow bool
		err = kernel.Run(ctx, plan, todo, workers, func(i int, r kernel.UnitResult) {
			var o1, o2 bool
			res.Solutions, o1 = res.Solutions.AddMul64(r.Solutions, plan.Units[i].Weight)
			res.Unique, o2 = res.Unique.AddMul64(r.Unique, 1)
			overflow = overflow || o1 || o2
			res.Nodes += r.Nodes
		})
		if err != nil {
			return Result{}, err
		}
		if overflow {
			return Result{}, fmt.Errorf("n = %d: the count overflowed 128 bits", n)
		}
	} else {
		s := classic.Search{N: n, Ctx: ctx}
		var unique uint64
		s.Yield = func(cols []int) bool {
			if IsCanonical(Placement(cols)) {
				unique++
			}
			return true
		}
		if err := classic.Methods[string(m)](&s); err != nil {
			return Result{}, err
		}
		res.Solutions = Uint128{Lo: s.Stats.Solutions}
		res.Unique = Uint128{Lo: unique}
		res.Nodes = s.Stats.Nodes
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
