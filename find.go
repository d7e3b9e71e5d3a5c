package nqueens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	crand "math/rand/v2"
	"strconv"
	"time"

	"github.com/nqueens/nqueens/internal/construct"
	"github.com/nqueens/nqueens/internal/minconf"
)

// ErrNoSolution is wrapped by the errors of Find, WriteFind and Random for
// board sizes without a solution: N = 2 and N = 3. The empty board
// (N = 0) has one solution, the empty Placement, as for Count.
var ErrNoSolution = errors.New("no solution")

// MaxFindN is the largest N that Find and WriteFind accept (columns are
// int32 in the streaming writers and in RandomSolution).
const MaxFindN = math.MaxInt32

// MaxRandomN is the largest N that Random accepts: its search keeps about
// 5.1 bytes per queen, 5.1 GB at N = 10^9.
const MaxRandomN = minconf.MaxN

// MaxBoardN is the largest N that WriteFind and RandomSolution.Write
// draw with FormatBoard; a drawing of N = 1,000 is already 16 MB.
const MaxBoardN = 1000

// The output formats of WriteFind and RandomSolution.Write.
const (
	// FormatPerm is the one-based permutation on one line: "2 4 1 3".
	FormatPerm = "perm"
	// FormatJSON is the JSON form of Placement: {"n":4,"columns":[2,4,1,3]}.
	FormatJSON = "json"
	// FormatBoard is the drawing of Placement.Board, for N ≤ MaxBoardN.
	FormatBoard = "board"
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

// Find returns one solution for an n×n board, built by an explicit
// construction in O(n) time (see FindColumn); for n = 0, the one (empty)
// solution. It returns an error wrapping ErrNoSolution for n = 2 and 3
// and ErrSize for n < 0 or n > MaxFindN.
// The Placement takes 8n bytes; WriteFind writes the same solution in
// constant memory.
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

// FindColumn returns the zero-based column of the queen in zero-based row
// row of the solution Find returns, in O(1): -1 if n has no solution or
// row is outside [0, n).
func FindColumn(n, row int) int { return construct.Column(n, row) }

// WriteFind writes the solution Find returns to w in format f (FormatPerm,
// FormatJSON or FormatBoard; "" means FormatPerm), followed by a newline.
// The perm and json forms are streamed from the construction in constant
// memory, whatever n is (N = 10^8 is 889 MB of text, written in about
// 0.35 s to /dev/null); the board form is limited to n ≤ MaxBoardN.
func WriteFind(w io.Writer, n int, f string) error {
	if err := checkFindN(n); err != nil {
		return err
	}
	if n == 0 { // the empty solution, written as RandomSolution.Write writes it
		return (&RandomSolution{}).Write(w, f)
	}
	switch f {
	case "", FormatPerm:
		return construct.WritePerm(w, n)
	case FormatJSON:
		return construct.WriteColumns(w, n, `{"n":`+strconv.Itoa(n)+`,"columns":[`, ',', "]}\n")
	case FormatBoard:
		if n > MaxBoardN {
			return fmt.Errorf("%w: a board drawing is limited to n ≤ %d; n = %d", ErrSize, MaxBoardN, n)
		}
		p, _ := Find(n)
		_, err := io.WriteString(w, p.Board())
		return err
	}
	return fmt.Errorf("unknown format %q: want perm, json or board", f)
}

// RandomOptions tunes Random. The zero value is not random: it uses the
// fixed seed 0, so the same N always gives the same solution. Set
// DrawSeed for another solution on every call.
type RandomOptions struct {
	// Seed selects the solution: the same N and Seed give the same
	// solution, different seeds different ones.
	Seed uint64
	// DrawSeed draws the seed at random (math/rand/v2, seeded by the
	// runtime from the operating system) instead of using Seed;
	// RandomSolution.Seed tells which it was, to find the same solution
	// again.
	DrawSeed bool
}

// RandomStats says what Random's search did.
type RandomStats struct {
	// Tries is the number of candidate squares tested while placing
	// queens greedily (about 3 per queen).
	Tries uint64
	// Leftover is the number of queens the greedy phase placed with
	// conflicts, for the repair phase to move.
	Leftover int
	// Swaps is the number of repair swaps tried, Kept of them kept.
	Swaps, Kept uint64
	// Restarts counts searches abandoned in a local minimum (small N).
	Restarts int
	// Elapsed is the wall time of the search and validation.
	Elapsed time.Duration
}

// A RandomSolution is a solution found by Random, stored compactly (4
// bytes per queen) so that boards of 10^8 queens fit in memory. Use
// Placement for the usual form, or Write to stream it.
type RandomSolution struct {
	cols  []int32
	Seed  uint64 // the seed it was found with
	Stats RandomStats
}

// N returns the board size.
func (s *RandomSolution) N() int { return len(s.cols) }

// Column returns the zero-based column of the queen in zero-based row r.
func (s *RandomSolution) Column(r int) int { return int(s.cols[r]) }

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
	n := len(s.cols)
	switch f {
	case "", FormatPerm:
		return construct.WriteInt32s(w, s.cols, "", ' ', "\n")
	case FormatJSON:
		return construct.WriteInt32s(w, s.cols, `{"n":`+strconv.Itoa(n)+`,"columns":[`, ',', "]}\n")
	case FormatBoard:
		if n > MaxBoardN {
			return fmt.Errorf("%w: a board drawing is limited to n ≤ %d; n = %d", ErrSize, MaxBoardN, n)
		}
		_, err := io.WriteString(w, s.Placement().Board())
		return err
	}
	return fmt.Errorf("unknown format %q: want perm, json or board", f)
}

// Random returns a random solution for an n×n board, found by min-
// conflicts local search in the manner of Sosic and Gu's QS4: most queens
// are placed greedily without conflict on a seeded random permutation, the
// few left over are repaired by conflict-reducing swaps. The search keeps
// about 5 bytes per queen at its peak (validation included) and the
// result is validated before it is returned; a result that failed would be
// returned as an error, never as a solution.
//
// For n = 0 it returns the one (empty) solution. Random returns an error
// wrapping ErrNoSolution for n = 2 and 3, ErrSize for n < 0 or n >
// MaxRandomN, ErrMemory when the search would not fit in
// the memory available (the address-space limit, ulimit -v, or the
// system's free memory; estimated before anything is allocated), and ctx.Err() soon after ctx is cancelled.
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
