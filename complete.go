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

// Errors of Complete and ParseBoard. The errors for an invalid board wrap
// ErrBadBoard and name the squares concerned, one-based.
var (
	// ErrNoCompletion is returned by Complete when the queens cannot be
	// completed to a solution.
	ErrNoCompletion = errors.New("no completion")
	// ErrBadBoard is wrapped by every error for a board that is not a
	// valid question: given queens attacking each other, a queen on a
	// blocked square, a square off the board, a ragged row.
	ErrBadBoard = errors.New("bad board")
)

// A Square is a zero-based (row, column) pair; its text form is one-based,
// "row:col".
type Square struct{ Row, Col int }

// String returns the one-based "row:col" form, "1:1" for Square{0, 0}.
func (s Square) String() string { return fmt.Sprintf("%d:%d", s.Row+1, s.Col+1) }

// A Board is an N-Queens Completion question: an N×N board (N ≤
// MaxN) with some queens already placed and some squares on which
// no queen may stand. (Board is taken: it names a Method.)
type Board struct {
	N       int
	Queens  []Square
	Blocked []Square
}

// ParseBoard reads a board as text: one line per row, all of the same
// length N, with Q for a queen, . for a free square and x for a blocked
// one; blank lines and lines starting with # are skipped. Errors wrap
// ErrBadBoard and give the line: "line 3: row 3 has 7 squares; row 1
// has 8". ParseBoard checks the shape, not the queens; Complete does.
func ParseBoard(text string) (*Board, error) {
	return ReadBoard(strings.NewReader(text))
}

// ReadBoard is ParseBoard for the text read from r, a line at a time: it
// stops at the first bad line, and at a line of more than 4 KiB or more
// than 1 MiB in all (a board has at most 64 rows of 64 squares), so a
// stream of garbage costs little. An error of r is returned as is.
func ReadBoard(r io.Reader) (*Board, error) {
	b, err := completion.Read(r)
	if errors.Is(err, completion.ErrSyntax) {
		return nil, syntaxError{err}
	}
	if err != nil {
		return nil, err
	}
	return fromInternal(b), nil
}

// String draws the board in the form ParseBoard reads, one line per row.
// Queens and blocked squares off the board are not drawn.
func (b *Board) String() string {
	ib, _ := b.internal(false)
	return ib.String()
}

// Check returns nil if b is a valid question, or an error wrapping
// ErrBadBoard that names the problem: the size, a square off the board,
// a queen on a blocked square, two given queens that attack each other.
func (b *Board) Check() error {
	_, err := b.internal(true)
	return err
}

func (b *Board) internal(check bool) (*completion.Board, error) {
	ib := &completion.Board{N: b.N}
	for _, s := range b.Blocked {
		if s.Row < 0 || s.Row >= b.N || s.Col < 0 || s.Col >= b.N || b.N > MaxN {
			if check {
				return nil, fmt.Errorf("%w: blocked square %v is off the %d×%d board", ErrBadBoard, s, b.N, b.N)
			}
			continue
		}
		ib.Block(s.Row, s.Col)
	}
	ib.Queens = make([]completion.Square, len(b.Queens))
	for i, q := range b.Queens {
		ib.Queens[i] = completion.Square{Row: q.Row, Col: q.Col}
	}
	if check {
		if err := ib.Check(); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadBoard, err)
		}
	}
	return ib, nil
}

func fromInternal(b *completion.Board) *Board {
	pb := &Board{N: b.N}
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

// CompleteOptions tunes Complete. The zero value asks for one completion.
type CompleteOptions struct {
	// Count asks for the number of completions instead of one of them.
	Count bool
}

// A Completion is the answer of Complete, of the same shape whether
// CompleteOptions.Count is set or not.
type Completion struct {
	// Placement is the first completion the search found: the given
	// queens and one queen in every other row; nil if there is none.
	Placement Placement
	// Count is the number of completions the search found: all of them
	// with CompleteOptions.Count, else 1 (or 0 when there is none).
	Count uint64
	// Nodes is the number of queens the search placed.
	Nodes uint64
	// Elapsed is the wall time of the search.
	Elapsed time.Duration
}

// Complete answers an N-Queens Completion question: it returns one
// completion of b and, with opts.Count, the number of them. The search branches
// on the row or column with the fewest open squares and fails as soon as
// one has none (see internal/completion).
//
// Complete returns an error wrapping ErrBadBoard for an invalid board,
// ErrNoCompletion when there is none (not with Count, which returns a
// count of 0), and ctx.Err() soon after ctx is cancelled.
func Complete(ctx context.Context, b *Board, opts CompleteOptions) (Completion, error) {
	ib, err := b.internal(true)
	if err != nil {
		return Completion{}, err
	}
	start := time.Now()
	if opts.Count {
		var res Completion
		st, err := completion.All(ctx, ib, func(cols []int) bool {
			if res.Count == 0 {
				res.Placement = append(Placement(nil), cols...)
			}
			res.Count++
			return true
		})
		res.Nodes, res.Elapsed = st.Nodes, time.Since(start)
		if err != nil {
			return Completion{Nodes: res.Nodes, Elapsed: res.Elapsed}, err
		}
		return res, nil
	}
	cols, st, err := completion.First(ctx, ib)
	res := Completion{Nodes: st.Nodes, Elapsed: time.Since(start)}
	if err != nil {
		return res, err
	}
	if cols == nil {
		return res, ErrNoCompletion
	}
	res.Placement, res.Count = Placement(cols), 1
	return res, nil
}

// A CompletionSearch streams the completions of a board, as a Search
// streams solutions: range over All, then read Nodes and Err.
type CompletionSearch struct {
	ctx   context.Context
	b     *completion.Board
	nodes uint64
	err   error
}

// Completions returns the search of every completion of b, which stops
// when ctx is done; an invalid board is reported at once as an error
// wrapping ErrBadBoard. It follows the convention of Solutions.
func Completions(ctx context.Context, b *Board) (*CompletionSearch, error) {
	ib, err := b.internal(true)
	if err != nil {
		return nil, err
	}
	return &CompletionSearch{ctx: ctx, b: ib}, nil
}

// All returns the completions, streamed as the search finds them; it
// stops as soon as the loop body breaks. Each Placement is fresh and may
// be kept. All may be ranged over more than once; each pass searches
// again.
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

// Err returns the error that ended the last pass over All (ctx.Err()),
// or nil.
func (s *CompletionSearch) Err() error { return s.err }

// The instance families of Gent, Jefferson and Nightingale ("Complexity of
// n-Queens Completion", JAIR 2017), for GenerateBoard.
const (
	// FamilyQueens places K queens, each on a random square no earlier
	// queen attacks.
	FamilyQueens = "queens"
	// FamilyBlocked blocks K random squares.
	FamilyBlocked = "blocked"
	// FamilyDiagonals blocks K whole diagonals of either direction, taken
	// in random order, skipping any whose removal would leave a row or
	// column with 4 or fewer open squares. Hard instances cluster around
	// N = 20–22 with K = 18–21.
	FamilyDiagonals = "diag"
)

// GenerateBoard returns an N×N completion question of the given family
// with K queens, blocked squares or diagonals, drawn from a PCG generator
// seeded with seed: the same arguments give the same board. It returns an
// error for an unknown family, N outside 1..MaxN, or a K that does
// not fit.
func GenerateBoard(family string, n, k int, seed uint64) (*Board, error) {
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

// A syntaxError is a completion.ErrSyntax error as ErrBadBoard: it
// matches both and reads "bad board: line 3, …", not "bad board: bad
// board text: line 3, …".
type syntaxError struct{ err error }

func (e syntaxError) Error() string {
	return ErrBadBoard.Error() + ": " + strings.TrimPrefix(e.err.Error(), completion.ErrSyntax.Error()+": ")
}

func (e syntaxError) Unwrap() []error { return []error{ErrBadBoard, e.err} }
