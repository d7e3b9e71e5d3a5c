package nqueens

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/nqueens/nqueens/internal/classic"
)

// SolveOptions tunes a Search: the method (MethodAuto: MethodBitboard),
// Unique for the canonical solutions only (A002562(N)), Limit to stop
// after that many (0: none), and Trace to receive every step, from the
// goroutine that ranges over the solutions.
type SolveOptions struct {
	Method Method
	Unique bool
	Limit  int
	Trace  func(Event)
}

// Stats counts the work of a search: queens placed, candidates tested
// (squares, free squares, or permutations by the method) and solutions
// found before Unique's filter.
type Stats struct {
	Nodes, Candidates, Solutions uint64
}

// EventKind is what happened in one step of a search.
type EventKind uint8

// The kinds of event, in the order a step can produce them.
const (
	EventTry      EventKind = EventKind(classic.Try)      // the search tests (Row, Col)
	EventConflict EventKind = EventKind(classic.Conflict) // (Row, Col) is attacked from (ByRow, ByCol)
	EventPlace    EventKind = EventKind(classic.Place)    // a queen is put on (Row, Col)
	EventRemove   EventKind = EventKind(classic.Remove)   // the queen on (Row, Col) is taken back
	EventSolution EventKind = EventKind(classic.Solution) // the board holds a solution
	EventDeadEnd  EventKind = EventKind(classic.DeadEnd)  // row Row has no free square (MethodBitboard)
)

// String returns the kind's name, such as "try".
func (k EventKind) String() string { return classic.Kind(k).String() }

// MarshalText encodes the kind as its name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// An Event is one step of a traced search, zero-based; ByRow and ByCol
// are -1 but for EventConflict.
type Event struct {
	Kind  EventKind `json:"kind"`
	Row   int       `json:"row"`
	Col   int       `json:"col"`
	ByRow int       `json:"byRow"`
	ByCol int       `json:"byCol"`
	Depth int       `json:"depth"`
	Stats Stats     `json:"stats"`
}

// A Search enumerates the solutions of a board lazily, stopping when
// the context of Solutions is done; it is not safe for concurrent use.
type Search struct {
	ctx   context.Context // of Solutions
	n     int
	opts  SolveOptions
	stats Stats
	err   error
}

// Solutions returns the search of the solutions of the n×n board, 0 ≤ n
// ≤ MaxN, which stops when ctx is done: range over All (or AllWithin),
// then read Stats and Err. Errors: ErrSize, ErrMethod for an unknown
// method or one that counts totals only (MethodKernel, MethodJoin), and
// ErrOption for a negative Limit.
func Solutions(ctx context.Context, n int, opts SolveOptions) (*Search, error) {
	s, err := newSearch(n, opts)
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	return s, nil
}

// newSearch checks the options of Solutions and returns the search
// without its context.
func newSearch(n int, opts SolveOptions) (*Search, error) {
	if err := checkN(n); err != nil {
		return nil, err
	}
	m, err := ParseMethod(string(opts.Method))
	if err != nil {
		return nil, err
	}
	if m == MethodAuto {
		m = MethodBitboard
	}
	if !slices.Contains(SearchMethods, m) {
		return nil, fmt.Errorf("%w: %s counts totals and cannot list solutions", ErrMethod, m)
	}
	if opts.Limit < 0 {
		return nil, optionf("limit = %d: must be 0 (all) or more", opts.Limit)
	}
	opts.Method = m
	return &Search{n: n, opts: opts}, nil
}

// All yields the solutions, each a new slice, in lexicographic order ("1 5
// 8 6 3 7 2 4" first for N = 8), as the loop asks for them; when the
// context is done it stops and Err returns the context's error.
func (s *Search) All() iter.Seq[Placement] {
	return s.all(s.ctx)
}

func (s *Search) all(ctx context.Context) iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		cs := classic.Search{N: s.n, Ctx: ctx}
		if s.opts.Trace != nil {
			trace := s.opts.Trace
			cs.Trace = func(e classic.Event) {
				trace(Event{Kind: EventKind(e.Kind), Row: e.Row, Col: e.Col, ByRow: e.ByRow, ByCol: e.ByCol, Depth: e.Depth, Stats: Stats(e.Stats)})
			}
		}
		count := 0
		cs.Yield = func(cols []int) bool {
			p := Placement(cols)
			if s.opts.Unique && !isCanonical(p) {
				return true
			}
			if !yield(p.Clone()) {
				return false
			}
			count++
			return s.opts.Limit == 0 || count < s.opts.Limit
		}
		s.err = classic.Methods[string(s.opts.Method)](&cs)
		s.stats = Stats(cs.Stats)
	}
}

// Stats returns the work done by the last (or current) pass over All or
// AllWithin.
func (s *Search) Stats() Stats { return s.stats }

// Err returns the error that ended the last pass over All or AllWithin,
// such as context.Canceled or ErrTrialOver, or nil.
func (s *Search) Err() error { return s.err }
