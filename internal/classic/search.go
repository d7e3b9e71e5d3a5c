package classic

import (
	"context"
	"fmt"
)

// MaxN is the largest board the methods accept: the bitboard method
// keeps a row in a uint64.
const MaxN = 64

// Kind is what happened in one step of a search.
type Kind uint8

const (
	// Try: the search tests the square (Row, Col).
	Try Kind = iota + 1
	// Conflict: the square (Row, Col) is attacked by the queen at
	// (ByRow, ByCol); for the permutation method it is reported on the
	// complete candidate for the first attacking pair.
	Conflict
	// Place: a queen is put on (Row, Col); Depth is the number of queens
	// on the board after it.
	Place
	// Remove: the queen on (Row, Col) is taken back.
	Remove
	// Solution: the board holds a solution; Stats.Solutions counts it.
	Solution
	// DeadEnd: row Row has no free square (bitboard method), so the
	// search backtracks.
	DeadEnd
)

var kindNames = [...]string{"", "try", "conflict", "place", "remove", "solution", "deadend"}

// String returns the kind's lower-case name, such as "place".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k > 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", k)
}

// Stats counts the work of a search.
type Stats struct {
	Nodes      uint64 // queens placed
	Candidates uint64 // squares tested (permutations, for the permutation method)
	Solutions  uint64 // solutions found
}

// Event is one step of a traced search. ByRow and ByCol are -1 unless
// Kind is Conflict. Stats are the counts after the step.
type Event struct {
	Kind         Kind
	Row, Col     int
	ByRow, ByCol int
	Depth        int
	Stats        Stats
}

// Search is the state shared by the methods. Set N and, optionally,
// Yield, Trace and Ctx, then call one of the methods.
type Search struct {
	N int
	// Yield receives each solution (cols[r] is row r's column). The
	// slice is reused: copy it to keep it. Returning false stops the
	// search. Nil means count only.
	Yield func(cols []int) bool
	// Trace, if not nil, receives every step.
	Trace func(Event)
	// Ctx, if not nil, is checked every 4096 nodes; a cancelled search
	// returns Ctx.Err().
	Ctx context.Context

	Stats Stats
	cols  []int
	stop  bool
	err   error
	tick  uint32
}

// Method is one of the enumeration algorithms.
type Method func(*Search) error

// Methods maps the methods' names to their functions.
var Methods = map[string]Method{
	"permutation": (*Search).Permutation,
	"matrix":      (*Search).Matrix,
	"arrays":      (*Search).Arrays,
	"bitboard":    (*Search).Bitboard,
}

func (s *Search) start() error {
	if s.N < 0 || s.N > MaxN {
		return fmt.Errorf("n = %d is outside 0..%d", s.N, MaxN)
	}
	s.Stats = Stats{}
	s.cols = make([]int, s.N)
	for i := range s.cols {
		s.cols[i] = -1
	}
	s.stop, s.err, s.tick = false, nil, 0
	return nil
}

// node counts a placed queen, checks the context now and then and
// emits the Place event.
func (s *Search) place(r, c int) {
	s.Stats.Nodes++
	s.cols[r] = c
	if s.Trace != nil {
		s.emit(Place, r, c, -1, -1, r+1)
	}
	if s.Ctx != nil {
		s.tick++
		if s.tick&4095 == 0 {
			if err := s.Ctx.Err(); err != nil {
				s.err, s.stop = err, true
			}
		}
	}
}

func (s *Search) remove(r, c int) {
	s.cols[r] = -1
	if s.Trace != nil {
		s.emit(Remove, r, c, -1, -1, r)
	}
}

func (s *Search) solution() {
	s.Stats.Solutions++
	if s.Trace != nil {
		r, c := -1, -1 // N = 0: the empty board
		if s.N > 0 {
			r, c = s.N-1, s.cols[s.N-1]
		}
		s.emit(Solution, r, c, -1, -1, s.N)
	}
	if s.Yield != nil && !s.Yield(s.cols) {
		s.stop = true
	}
}

func (s *Search) emit(k Kind, r, c, br, bc, depth int) {
	s.Trace(Event{Kind: k, Row: r, Col: c, ByRow: br, ByCol: bc, Depth: depth, Stats: s.Stats})
}

func (s *Search) finish() error {
	if s.err == nil && s.Ctx != nil {
		return s.Ctx.Err()
	}
	return s.err
}

// Count counts the solutions of the n×n board by method on one
// goroutine, and among them those keep accepts (the canonical ones),
// with the nodes the search placed; it returns ctx's error when ctx
// ends.
func Count(ctx context.Context, n int, method string, keep func([]int) bool) (solutions, kept, nodes uint64, err error) {
	s := Search{N: n, Ctx: ctx}
	s.Yield = func(cols []int) bool {
		if keep(cols) {
			kept++
		}
		return true
	}
	if err := Methods[method](&s); err != nil {
		return 0, 0, 0, err
	}
	return s.Stats.Solutions, kept, s.Stats.Nodes, nil
}
