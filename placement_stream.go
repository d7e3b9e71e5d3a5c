package nqueens

import (
	"context"
	"io"

	"github.com/nqueens/nqueens/internal/placetext"
)

// A PlacementScanner reads a stream of placements, as the commands write
// them: one permutation per line ("5 2 6 1 7 4 8 3", with commas or in
// brackets; a "#" starts a comment to the end of the line), one JSON
// record per line or spread over lines ({"n":8,"columns":[...]}), or
// drawn boards — rows of Q (or q or #) for a queen and . or x (blocked)
// for an empty square, or the "#" grid that Board draws, with its column
// header and rules — separated by blank lines or "Solution #k" titles.
// Forms may be mixed. Blank lines, lines starting with "# " followed by
// text, and a UTF-8 byte order mark at the start are skipped. A board row
// without a queen is an error unless AllowPartial was called.
//
// The scanner keeps one line and one placement: it reads a line of at
// most LineLimit(maxN) bytes, a board of at most maxN rows, and fails at
// the first line that is not part of a placement, with an error wrapping
// ErrSyntax that gives the line number: "line 3: entry 2: "x" is not a
// column number". It checks the shape of each placement (every column
// on its board, one queen per row of a board), not attacks; Validate
// does.
//
// Like bufio.Scanner, Scan advances to the next placement and Placement
// returns it; the slice is reused by the next call to Scan.
type PlacementScanner struct {
	t       *placetext.Scanner
	blocked []Square
}

// LineLimit returns the longest line, in bytes, that a PlacementScanner
// for boards of at most maxN queens reads: 12 bytes a column (enough for
// "65536, " and for a cell of Board's grid) and 4 KiB for the rest.
func LineLimit(maxN int) int { return placetext.LineLimit(maxN) }

// NewPlacementScanner returns a scanner of the placements in r, each of
// at most maxN queens (maxParseN if maxN ≤ 0).
func NewPlacementScanner(r io.Reader, maxN int) *PlacementScanner {
	if maxN <= 0 {
		maxN = maxParseN
	}
	return &PlacementScanner{t: placetext.NewScanner(r, maxN)}
}

// AllowPartial makes the scanner read partial boards too, as gen and
// 'complete' take them: a board row without a queen is -1 in the
// placement (a column of p may then hold no queen either), and the
// blocked squares (x) of the board are kept (see Blocked). Call it
// before the first Scan.
func (s *PlacementScanner) AllowPartial() { s.t.AllowPartial() }

// Blocked returns the blocked squares (x) of the board the last Scan
// read, when AllowPartial was called; nil for other forms. It is
// overwritten by the next Scan.
func (s *PlacementScanner) Blocked() []Square { return s.blocked }

// Placement returns the placement the last Scan read. It is overwritten
// by the next Scan; Clone it to keep it.
func (s *PlacementScanner) Placement() Placement { return s.t.Placement() }

// Line returns the line number (one-based) where the last placement
// starts.
func (s *PlacementScanner) Line() int { return s.t.Line() }

// Count returns the number of placements read so far.
func (s *PlacementScanner) Count() int { return s.t.Count() }

// Err returns the error that ended the scan, nil at the end of the input
// (after at least one placement: an input without any is an error). An
// error of the reader is returned as is, ctx.Err() when the context of
// Scan was cancelled.
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
