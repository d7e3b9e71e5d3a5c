package nqueens

import (
	"context"
	"io"

	"github.com/nqueens/nqueens/internal/placetext"
)

// A PlacementScanner reads a stream of placements in Parse's forms, one
// line (at most LineLimit(maxN) bytes) at a time, as bufio.Scanner reads
// lines; it fails at the first bad line (ErrSyntax, with its number).
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

// AllowPartial, before the first Scan, reads partial boards too (rows without a queen are -1).
func (s *PlacementScanner) AllowPartial() { s.t.AllowPartial() }

// Blocked returns the x squares of the board the last Scan read (AllowPartial).
func (s *PlacementScanner) Blocked() []Square { return s.blocked }

// Placement returns the placement the last Scan read, reused by the next.
func (s *PlacementScanner) Placement() Placement { return s.t.Placement() }

// Line returns the line number (one-based) where the last placement
// starts.
func (s *PlacementScanner) Line() int { return s.t.Line() }

// Err returns the error that ended the scan: nil at the end, ctx.Err() when cancelled.
func (s *PlacementScanner) Err() error { return s.t.Err() }

// Scan reads the next placement; false at the end or at an error (Err).
func (s *PlacementScanner) Scan(ctx context.Context) bool {
	ok := s.t.Scan(ctx)
	s.blocked = s.blocked[:0]
	for _, q := range s.t.Blocked() {
		s.blocked = append(s.blocked, Square(q))
	}
	return ok
}
