package render

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/nqueens/nqueens"
)

// MaxN is the largest board side that the renderers accept.
const MaxN = 1000

// ErrBoard reports a board that cannot be drawn: N outside 1..MaxN or a
// column outside the board.
var ErrBoard = errors.New("render: bad board")

// check reports whether cols describes a drawable board.
func check(cols []int) error {
	n := len(cols)
	if n < 1 || n > MaxN {
		return fmt.Errorf("%w: N = %d, want 1 to %d", ErrBoard, n, MaxN)
	}
	for r, c := range cols {
		if c < -1 || c >= n {
			return fmt.Errorf("%w: row %d has column %d, want 1 to %d or empty", ErrBoard, r+1, c+1, n)
		}
	}
	return nil
}

// ColLabel returns the label of zero-based column c: its one-based
// number, the number a placement gives for that column. Rows and columns
// are both numbered from the top left, as placements are, rather than
// lettered as on a chessboard (whose rank 1 is at the bottom).
func ColLabel(c int) string { return strconv.Itoa(c + 1) }

// RowLabel returns the label of zero-based row r: its one-based number.
func RowLabel(r int) string { return strconv.Itoa(r + 1) }

// Picture geometry, in pixels (PNG) or user units (SVG). Labels use a 7×13
// cell font: basicfont.Face7x13 in PNG, a 12-unit sans-serif in SVG.
const (
	charW   = 7
	charH   = 13
	pad     = 6  // blank border right and below the board
	maxCell = 48 // cell side for small boards
	target  = 800
)

// layout is the geometry of one board picture.
type layout struct {
	n, cell   int
	left, top int // board origin, after the label margins
	w, h      int // picture size
	step      int // label every step-th row and column (plus the first)
}

// newLayout sizes a board of side n: cell = clamp(800/n, 1, 48), so N = 8
// gives 48-pixel cells and N = 1,000 gives one pixel per cell.
func newLayout(n int) layout {
	cell := min(maxCell, max(1, target/n))
	return newLayoutCell(n, cell)
}

func newLayoutCell(n, cell int) layout {
	rowChars := len(strconv.Itoa(n))
	colChars := len(ColLabel(n - 1))
	l := layout{n: n, cell: cell}
	l.left = rowChars*charW + 2*pad
	l.top = charH + 2*pad
	// The last column label is centred on its column and may overhang.
	l.w = l.left + n*cell + max(pad, colChars*charW/2+2-cell/2)
	l.h = l.top + n*cell + pad
	// A label needs charH+2 units along a column, colChars*charW+4 along a row.
	need := max(charH+2, colChars*charW+4)
	l.step = labelStep((need + cell - 1) / cell)
	return l
}

// labelStep returns the smallest of 1, 2, 5, 10, 20, 50, … that is ≥ gap.
func labelStep(gap int) int {
	for s := 1; ; s *= 10 {
		for _, m := range [...]int{1, 2, 5} {
			if m*s >= gap {
				return m * s
			}
		}
	}
}

// labelled reports whether zero-based line i carries a label. The first line
// is always labelled, then every step-th (one-based) line that is at least a
// step away from the first.
func (l layout) labelled(i int) bool {
	if l.step == 1 || i == 0 {
		return true
	}
	k := i + 1
	return k%l.step == 0 && i >= l.step
}

// light reports whether square (r, c) is a light square.
func light(r, c int) bool { return (r+c)%2 == 0 }

// smallQueen reports whether a cell is too small for the queen glyph; such
// queens are drawn as a filled red square instead.
func (l layout) smallQueen() bool { return l.cell < 10 }

// blockedSet checks the blocked squares for a board of side n and
// returns them as a set of r*n+c.
func blockedSet(n int, blocked []nqueens.Square) (map[int]bool, error) {
	if len(blocked) == 0 {
		return nil, nil
	}
	m := make(map[int]bool, len(blocked))
	for _, s := range blocked {
		if s.Row < 0 || s.Row >= n || s.Col < 0 || s.Col >= n {
			return nil, fmt.Errorf("%w: blocked square %v is off the board", ErrBoard, s)
		}
		m[s.Row*n+s.Col] = true
	}
	return m, nil
}
