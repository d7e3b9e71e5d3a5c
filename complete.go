package nqueens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
	"time"

	"github.com/nqueens/nqueens/internal/completion"
)

// Complete's boards are those of Count: completion.MaxN is MaxN (a
// constant that does not compile otherwise).
const _ = uint(MaxN-completion.MaxN) + uint(completion.MaxN-MaxN)

// A Square is a zero-based (row, column) pair; its text form is one-based,
// "row:col".
type Square struct{ Row, Col int }

// String returns the one-based "row:col" form, "1:1" for Square{0, 0}.
func (s Square) String() string { return fmt.Sprintf("%d:%d", s.Row+1, s.Col+1) }

// A Puzzle is an N-Queens Completion question: queens placed, squares blocked.
type Puzzle struct {
	N       int
	Queens  []Square
	Blocked []Square
}

// ParsePuzzle reads a puzzle, a line per row (Q a queen, . free, x
// blocked), checking its shape; errors wrap ErrBadPuzzle and give the line.
func ParsePuzzle(text string) (*Puzzle, error) {
	return ReadPuzzle(strings.NewReader(text))
}

// ReadPuzzle is ParsePuzzle for the text of r, a bounded line at a time.
func ReadPuzzle(r io.Reader) (*Puzzle, error) {
	b, err := completion.Read(r)
	if errors.Is(err, completion.ErrSyntax) {
		return nil, syntaxError{err}
	}
	if err != nil {
		return nil, err
	}
	return fromInternal(b), nil
}

// String draws b as ParsePuzzle reads it.
func (b *Puzzle) String() string {
	ib, _ := b.internal(false)
	return ib.String()
}

// Check returns nil for a valid question, else an error wrapping ErrBadPuzzle.
func (b *Puzzle) Check() error {
	_, err := b.internal(true)
	return err
}

func (b *Puzzle) internal(check bool) (*completion.Board, error) {
	ib := &completion.Board{N: b.N}
	for _, s := range b.Blocked {
		if s.Row < 0 || s.Row >= b.N || s.Col < 0 || s.Col >= b.N || b.N > MaxN {
			if check {
				return nil, fmt.Errorf("%w: blocked square %v is off the %d×%d board", ErrBadPuzzle, s, b.N, b.N)
			}
			continue
		}
		ib.Block(s.Row, s.Col)
	}
	for _, q := range b.Queens {
		ib.Queens = append(ib.Queens, completion.Square(q))
	}
	if check {
		if err := ib.Check(); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadPuzzle, err)
		}
	}
	return ib, nil
}

func fromInternal(b *completion.Board) *Puzzle {
	pb := &Puzzle{N: b.N}
	for _, q := range b.Queens {
		pb.Queens = append(pb.Queens, Square{q.Row, q.Col})
	}
	for r := range b.N {
		for c := range b.N {
			if b.IsBlocked(r, c) {
				pb.Blocked = append(pb.Blocked, Square{r, c})
			}
		}
	}
	return pb
}

// CompleteOptions tunes Complete: Count asks for the number of
// completions too.
type CompleteOptions struct {
	Count bool
}

// A Completion is Complete's answer: the first completion (nil if none),
// their number, and the search's work.
type Completion struct {
	Placement Placement
	Count     uint64
	Nodes     uint64
	Elapsed   time.Duration
}

// Complete returns one completion of b and, with opts.Count, their number;
// errors wrap ErrBadPuzzle or ErrNoCompletion.
func Complete(ctx context.Context, b *Puzzle, opts CompleteOptions) (Completion, error) {
	ib, err := b.internal(true)
	if err != nil {
		return Completion{}, err
	}
	start := time.Now()
	first, count, st, err := completion.Solve(ctx, ib, opts.Count)
	res := Completion{Nodes: st.Nodes, Elapsed: time.Since(start)}
	if err != nil {
		return res, err
	}
	if first == nil && !opts.Count {
		return res, ErrNoCompletion
	}
	res.Placement, res.Count = Placement(first), count
	return res, nil
}

// A CompletionSearch streams completions as a Search streams solutions.
type CompletionSearch struct {
	ctx   context.Context
	b     *completion.Board
	nodes uint64
	err   error
}

// Completions returns the search of every completion of b, which stops
// when ctx is done; an invalid puzzle is an error wrapping ErrBadPuzzle.
func Completions(ctx context.Context, b *Puzzle) (*CompletionSearch, error) {
	ib, err := b.internal(true)
	if err != nil {
		return nil, err
	}
	return &CompletionSearch{ctx: ctx, b: ib}, nil
}

// All yields each completion, a fresh slice; each pass searches again.
func (s *CompletionSearch) All() iter.Seq[Placement] {
	return func(yield func(Placement) bool) {
		st, err := completion.All(s.ctx, s.b, func(cols []int) bool {
			return yield(append(Placement(nil), cols...))
		})
		s.nodes, s.err = st.Nodes, err
	}
}

// Nodes returns the queens the last pass over All placed.
func (s *CompletionSearch) Nodes() uint64 { return s.nodes }

// Err returns the error that ended the last pass over All, or nil.
func (s *CompletionSearch) Err() error { return s.err }

// The instance families of Gent, Jefferson and Nightingale (JAIR 2017)
// for GeneratePuzzle: K queens on unattacked squares, K blocked squares, or
// K blocked diagonals.
const (
	FamilyQueens    = "queens"
	FamilyBlocked   = "blocked"
	FamilyDiagonals = "diag"
)

// GeneratePuzzle returns the N×N question of family with K items drawn
// from seed.
func GeneratePuzzle(family string, n, k int, seed uint64) (*Puzzle, error) {
	var b *completion.Board
	var err error
	switch family {
	case FamilyQueens:
		b, err = completion.Preplaced(n, k, seed)
	case FamilyBlocked:
		b, err = completion.BlockedSquares(n, k, seed)
	case FamilyDiagonals:
		b, err = completion.ExcludedDiagonals(n, k, seed)
	default:
		return nil, fmt.Errorf("unknown family %q: want queens, blocked or diag", family)
	}
	if err != nil {
		return nil, err
	}
	return fromInternal(b), nil
}

// A syntaxError is a completion.ErrSyntax error as ErrBadPuzzle: it
// matches both and reads "bad puzzle: line 3, …", not "bad puzzle: bad
// board text: line 3, …".
type syntaxError struct{ err error }

func (e syntaxError) Error() string {
	return ErrBadPuzzle.Error() + ": " + strings.TrimPrefix(e.err.Error(), completion.ErrSyntax.Error()+": ")
}

func (e syntaxError) Unwrap() []error { return []error{ErrBadPuzzle, e.err} }
