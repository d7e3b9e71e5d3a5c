package nqueens

import (
	"context"
	"io"

	"github.com/nqueens/nqueens/internal/placetext"
)

// A PlacementScanner reads a stream of placements in the forms Parse
// reads, as the commands write them: a permutation or JSON record a
// line, or drawn boards separated by blank lines; forms may mix. It
// keeps one line (at most LineLimit(maxN) bytes) and one placement,
// and fails at the first bad line with an error wrapping ErrSyntax that
// gives its number. Like bufio.Scanner, Scan advances and Placement
// returns the placement, reused by the next Scan.
type PlacementScanner struct {
	t       *placetext.Scanner
	blocked []Square
}

// LineLimit returns the longest line, in bytes, a PlacementScanner for
// boards of at most maxN queens reads.
func LineLimit(maxN int) int { return placetext.LineLimit(maxN) }

// NewPlacementScanner returns a scanner of the placements in r, each of
// at most maxN queens (maxParseN if maxN ≤ 0).
func NewPlacementScanner(r io.Reader, maxN int) *PlacementScanner {
	if maxN <= 0 {
		maxN = maxParseN
	}
	return &PlacementScanner{t: placetext.NewScanner(r, maxN)}
}

// AllowPartial makes the scanner read partial boards too: a row
// without a queen is -1, and Blocked holds the board's x squares. Call
// it before the first Scan.
func (s *PlacementScanner) AllowPartial() { s.t.AllowPartial() }

// Blocked returns the blocked squares of the board the last Scan read
// (AllowPartial), overwritten by the next Scan.
func (s *PlacementScanner) Blocked() []Square { return s.blocked }

// Placement returns the placement the last Scan read. It is overwritten
// by the next Scan; Clone it to keep it.
func (s *PlacementScanner) Placement() Placement { return s.t.Placement() }

// Line returns the line number (one-based) where the last placement
// starts.
func (s *PlacementScanner) Line() int { return s.t.Line() }

// Err returns the error that ended the scan: nil at the end of an input
// that held a placement, ctx.Err() when Scan's context was cancelled.
func (s *PlacementScanner) Err() error { return s.t.Err() }

// Scan reads the next placement. It returns false at the end of the
// input or at the first error (see Err). It checks ctx every 256 lines.
func (s *PlacementScanner) Scan(ctx context.Context) bool {
	ok := s.t.Scan(ctx)
	s.blocked = s.blocked[:0]
	for _, q := range s.t.Blocked() {
		s.blocked = append(s.blocked, Square(q))
	}
	return ok
}
