package nqueens

import (
	"context"
	"errors"
	"fmt"
	"io"
	crand "math/rand/v2"
	"time"

	"github.com/nqueens/nqueens/internal/construct"
	"github.com/nqueens/nqueens/internal/minconf"
	"github.com/nqueens/nqueens/internal/placetext"
)

// The output formats of WriteFind and RandomSolution.Write.
const (
	FormatPerm  = "perm"  // "2 4 1 3"
	FormatJSON  = "json"  // {"n":4,"columns":[2,4,1,3]}
	FormatBoard = "board" // Placement.Board, for N ≤ MaxBoardN
)

func checkFindN(n int) error {
	switch {
	case n < 0 || n > MaxFindN:
		return fmt.Errorf("%w: n = %d is outside 0..%d", ErrSize, n, MaxFindN)
	case n == 2 || n == 3:
		return fmt.Errorf("n = %d: %w", n, ErrNoSolution)
	}
	return nil
}

// Find returns a solution of the n×n board built in O(n); errors wrap
// ErrNoSolution (n = 2, 3) or ErrSize.
func Find(n int) (Placement, error) {
	if err := checkFindN(n); err != nil {
		return nil, err
	}
	p := make(Placement, n)
	row := 0
	for _, r := range construct.Runs(n) {
		for k := range r.Len {
			p[row] = r.Col + 2*k
			row++
		}
	}
	return p, nil
}

// FindColumn returns the column of row's queen in Find's solution, in
// O(1); -1 if n has none or row is outside [0, n).
func FindColumn(n, row int) int { return construct.Column(n, row) }

// WriteFind writes Find's solution to w in format f ("": FormatPerm), in
// constant memory but for FormatBoard.
func WriteFind(w io.Writer, n int, f string) error {
	if err := checkFindN(n); err != nil {
		return err
	}
	var cols []int32
	if n == 0 {
		cols = []int32{} // the empty solution, as RandomSolution.Write writes it
	}
	return construct.Write(w, n, cols, f, placetext.Draw, MaxBoardN, ErrSize)
}

// RandomOptions tunes Random: Seed selects the solution (the zero value
// always gives the same one), DrawSeed draws it (RandomSolution.Seed).
type RandomOptions struct {
	Seed     uint64
	DrawSeed bool
}

// RandomStats says what Random's search did (internal/minconf).
type RandomStats struct {
	Tries, Swaps, Kept uint64
	Leftover, Restarts int
	Elapsed            time.Duration
}

// A RandomSolution is a solution found by Random, 4 bytes a queen.
type RandomSolution struct {
	cols  []int32
	Seed  uint64 // the seed it was found with
	Stats RandomStats
}

// N returns the board size.
func (s *RandomSolution) N() int { return len(s.cols) }

// Placement returns the solution as a Placement (8 bytes per queen).
func (s *RandomSolution) Placement() Placement {
	p := make(Placement, len(s.cols))
	for i, c := range s.cols {
		p[i] = int(c)
	}
	return p
}

// Write writes the solution to w in format f, as WriteFind does.
func (s *RandomSolution) Write(w io.Writer, f string) error {
	cols := s.cols
	if cols == nil {
		cols = []int32{}
	}
	return construct.Write(w, len(cols), cols, f, placetext.Draw, MaxBoardN, ErrSize)
}

// Random returns a random solution of the n×n board by min-conflicts
// repair, validated; errors wrap ErrNoSolution (n = 2, 3), ErrSize or
// ErrMemory.
func Random(ctx context.Context, n int, opts RandomOptions) (*RandomSolution, error) {
	if n > MaxRandomN {
		return nil, fmt.Errorf("%w: n = %d is outside 1..%d for a random solution", ErrSize, n, MaxRandomN)
	}
	if err := checkFindN(n); err != nil {
		return nil, err
	}
	seed := opts.Seed
	if opts.DrawSeed {
		seed = crand.Uint64()
	}
	if n == 0 {
		return &RandomSolution{cols: []int32{}, Seed: seed}, nil
	}
	start := time.Now()
	cols, st, err := minconf.Solve(ctx, n, seed)
	if err != nil {
		if errors.Is(err, minconf.ErrNoSolution) {
			return nil, fmt.Errorf("n = %d: %w", n, ErrNoSolution)
		}
		var me *minconf.MemoryError
		if errors.As(err, &me) {
			return nil, fmt.Errorf("%v: %w", me, ErrMemory)
		}
		return nil, err
	}
	return &RandomSolution{cols: cols, Seed: seed, Stats: RandomStats{
		Tries: st.Tries, Leftover: st.Leftover, Swaps: st.Swaps, Kept: st.Kept,
		Restarts: st.Restarts, Elapsed: time.Since(start),
	}}, nil
}
