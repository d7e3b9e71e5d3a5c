package placetext

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
)

// A Square is a zero-based (row, column) pair, as nqueens.Square.
type Square struct{ Row, Col int }

// board collects the rows of a drawn board. It is the one board parser:
// Parse and Scanner both feed it rows (see add) and end it (see end).
type board struct {
	p          []int
	partial    bool     // a row may have no queen (-1)
	blocked    []Square // squares marked x, if partial
	rows       int
	width      int
	line, last int // lines of the first and last row
}

// reset starts a new board, reusing p and blocked.
func (b *board) reset(p []int, blocked []Square, partial bool) {
	*b = board{p: p[:0], blocked: blocked[:0], partial: partial}
}

// add reads the row t (trimmed) of line no, a grid row ("1 | # |   |")
// or a compact one ("..Q.", spaces ignored), of at most maxN squares.
func (b *board) add(t []byte, grid bool, no, maxN int) error {
	row := b.rows + 1
	if b.rows > 0 && b.rows == b.width {
		return bad("row %d of a board %d squares wide; separate boards with a blank line", row, b.width)
	}
	if b.rows == 0 {
		b.line = no
	}
	b.last = no
	r := rowReader{b: b, row: row, maxN: maxN, queen: -1}
	read := r.compact
	if grid {
		read = r.grid
	}
	if err := read(t); err != nil {
		return err
	}
	switch {
	case b.rows == 0:
		b.width = r.w
	case r.w != b.width:
		return bad("row %d has %d %s; row 1 has %d", row, r.w, plural(r.w, "square", "squares"), b.width)
	}
	if r.queen < 0 && !b.partial {
		return bad("row %d has no queen", row)
	}
	b.p = append(b.p, r.queen)
	b.rows++
	return nil
}

// A rowReader reads the squares of one row of a board.
type rowReader struct {
	b         *board
	row, maxN int
	queen, w  int // the queen's column (-1 none yet); squares read
}

// grid reads the cells between the row's '|'s.
func (r *rowReader) grid(t []byte) error {
	// Drop a leading row label ("1 ") and the empty tail after the last '|'.
	parts := bytes.Split(t, []byte("|"))[1:]
	if n := len(parts); n > 0 && len(bytes.TrimSpace(parts[n-1])) == 0 {
		parts = parts[:n-1]
	}
	for _, c := range parts {
		c = bytes.TrimSpace(c)
		var q, x bool
		switch string(c) {
		case "", ".", "_":
		case "x", "X":
			x = true
		case "#", "Q", "q":
			q = true
		default:
			return bad("row %d, cell %d: %s is neither a queen (Q or #) nor an empty or blocked square", r.row, r.w+1, quote.Bytes(c))
		}
		if err := r.mark(q, x); err != nil {
			return err
		}
	}
	return nil
}

// compact reads a square a byte, skipping spaces and tabs.
func (r *rowReader) compact(t []byte) error {
	for i, c := range t {
		var q, x bool
		switch c {
		case ' ', '\t':
			continue
		case '.':
		case 'x', 'X':
			x = true
		case 'Q', 'q', '#':
			q = true
		default:
			return bad("column %d: %s is neither a queen (Q, q or #) nor an empty (.) or blocked (x) square", i+1, quote.Byte(c))
		}
		if err := r.mark(q, x); err != nil {
			return err
		}
	}
	return nil
}

// mark adds a square: a queen if q, blocked if x.
func (r *rowReader) mark(q, x bool) error {
	r.w++
	if r.w > r.maxN {
		return bad("row %d has more than %d squares", r.row, r.maxN)
	}
	if x && r.b.partial {
		r.b.blocked = append(r.b.blocked, Square{Row: r.row - 1, Col: r.w - 1})
	}
	if q {
		if r.queen >= 0 {
			return bad("row %d has more than one queen (columns %d and %d)", r.row, r.queen+1, r.w)
		}
		r.queen = r.w - 1
	}
	return nil
}

// end checks that the board is square. Its error is for line b.last.
func (b *board) end() error {
	if b.rows != b.width {
		return bad("the board has %d %s of %d %s; a board has as many rows as squares in a row",
			b.rows, plural(b.rows, "row", "rows"), b.width, plural(b.width, "square", "squares"))
	}
	return nil
}

// The kinds of line in a stream of placements.
type lineKind int

const (
	lineBlank   lineKind = iota
	lineComment          // "# text"
	lineTitle            // "Solution #3"
	lineRule             // "-----" or "|___|___|"
	lineHeader           // "    1   2   3": a grid's column numbers
	lineJSON             // starts with '{'
	lineGrid             // a grid row: "1 |   | # |"
	linePerm             // a permutation
	lineRow              // a compact board row: "..Q."
)

// classify says what the line l (t trimmed) is.
func classify(l, t []byte) lineKind {
	switch {
	case len(t) == 0:
		return lineBlank
	case t[0] == '{':
		return lineJSON
	case isTitle(t):
		return lineTitle
	case t[0] == '#' && !isBoardRow(t):
		return lineComment
	case isRule(t):
		return lineRule
	case bytes.IndexByte(t, '|') >= 0:
		return lineGrid
	case t[0] == '[' || t[0] == '(':
		return linePerm
	case bytes.ContainsAny(t, "0123456789"):
		if (l[0] == ' ' || l[0] == '\t') && isSequence(t) {
			return lineHeader
		}
		return linePerm
	}
	return lineRow
}

// IsBoardLine reports whether the line l is part of a drawn board (a
// row, a rule, a column header or a title) for Scanner: LineValidator
// reads no boards, and the differential fuzz test skips such input.
func IsBoardLine(l []byte) bool {
	switch classify(l, trim(l)) {
	case lineTitle, lineRule, lineHeader, lineGrid, lineRow:
		return true
	}
	return false
}

// isBoardRow reports whether t holds only board squares and spaces.
func isBoardRow(t []byte) bool {
	for _, c := range t {
		switch c {
		case '.', 'Q', 'q', '#', 'x', 'X', ' ', '\t':
		default:
			return false
		}
	}
	return true
}

// isSequence reports whether t is "1 2 3 … k", the header of a grid.
func isSequence(t []byte) bool {
	k := 0
	for _, f := range bytes.Fields(t) {
		k++
		if v, err := strconv.Atoi(string(f)); err != nil || v != k {
			return false
		}
	}
	return k > 0
}

// isRule reports whether t is a grid rule such as "-----" or "|___|___|".
func isRule(t []byte) bool {
	return len(bytes.Trim(t, "-+=_| ")) == 0
}

// isHeader reports whether every field of t is a number (Parse's looser
// header: a drawing's column numbers, indented or not).
func isHeader(t []byte) bool {
	for _, f := range bytes.Fields(t) {
		if _, err := strconv.Atoi(string(f)); err != nil {
			return false
		}
	}
	return true
}

func isTitle(t []byte) bool {
	const a, b = "solution", "soluzione"
	return len(t) >= len(a) && strings.EqualFold(string(t[:len(a)]), a) ||
		len(t) >= len(b) && strings.EqualFold(string(t[:len(b)]), b)
}
