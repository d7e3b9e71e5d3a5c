package nqueens

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/nqueens/nqueens/internal/quote"
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
	br      *bufio.Reader
	maxN    int
	lineCap int

	line    int    // lines read so far
	pending []byte // a line read but not used yet (it ends a board)
	pendOK  bool
	buf     []byte // the current line, copied out of br
	jbuf    []byte // a JSON record spread over lines

	p       Placement
	blocked []Square // the blocked squares of the last board, if partial
	partial bool     // boards may have rows without a queen
	start   int      // line where p starts
	count   int
	err     error
}

// LineLimit returns the longest line, in bytes, that a PlacementScanner
// for boards of at most maxN queens reads: 12 bytes a column (enough for
// "65536, " and for a cell of Board's grid) and 4 KiB for the rest.
func LineLimit(maxN int) int { return 12*maxN + 4096 }

// NewPlacementScanner returns a scanner of the placements in r, each of
// at most maxN queens (MaxParseN if maxN ≤ 0).
func NewPlacementScanner(r io.Reader, maxN int) *PlacementScanner {
	if maxN <= 0 {
		maxN = MaxParseN
	}
	lc := LineLimit(maxN)
	s := &PlacementScanner{maxN: maxN, lineCap: lc}
	if br, ok := r.(*bufio.Reader); ok && br.Size() > lc {
		s.br = br
	} else {
		s.br = bufio.NewReaderSize(r, lc+1)
	}
	return s
}

// AllowPartial makes the scanner read partial boards too, as gen and
// 'complete' take them: a board row without a queen is -1 in the
// placement (a column of p may then hold no queen either), and the
// blocked squares (x) of the board are kept (see Blocked). Call it
// before the first Scan.
func (s *PlacementScanner) AllowPartial() { s.partial = true }

// Blocked returns the blocked squares (x) of the board the last Scan
// read, when AllowPartial was called; nil for other forms. It is
// overwritten by the next Scan.
func (s *PlacementScanner) Blocked() []Square { return s.blocked }

// Placement returns the placement the last Scan read. It is overwritten
// by the next Scan; Clone it to keep it.
func (s *PlacementScanner) Placement() Placement { return s.p }

// Line returns the line number (one-based) where the last placement
// starts.
func (s *PlacementScanner) Line() int { return s.start }

// Count returns the number of placements read so far.
func (s *PlacementScanner) Count() int { return s.count }

// Err returns the error that ended the scan, nil at the end of the input
// (after at least one placement: an input without any is an error). An
// error of the reader is returned as is, ctx.Err() when the context of
// Scan was cancelled.
func (s *PlacementScanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

// errLine wraps ErrSyntax with the line number.
func (s *PlacementScanner) errLine(no int, format string, a ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrSyntax, no, fmt.Sprintf(format, a...))
}

// readLine returns the next line without its "\n" (and "\r"), or io.EOF.
// The slice is valid until the next call.
func (s *PlacementScanner) readLine() ([]byte, error) {
	if s.pendOK {
		s.pendOK = false
		s.line++
		return s.pending, nil
	}
	b, err := s.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		s.line++
		if i := badByte(b); i >= 0 {
			return nil, s.errLine(s.line, "column %d: %s cannot appear in a placement", i+1, quote.Byte(b[i]))
		}
		return nil, s.errLine(s.line, "longer than %d bytes, more than a placement of at most %d queens needs", s.lineCap, s.maxN)
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return nil, err
	}
	s.line++
	if s.line == 1 {
		b = bytes.TrimPrefix(b, []byte("\ufeff"))
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if i := badByte(b); i >= 0 {
		return nil, s.errLine(s.line, "column %d: %s cannot appear in a placement", i+1, quote.Byte(b[i]))
	}
	s.buf = append(s.buf[:0], b...)
	return s.buf, nil
}

// badByte returns the index of the first control character other than
// tab and carriage return in b, or -1.
func badByte(b []byte) int {
	for i, c := range b {
		if c < ' ' && c != '\t' && c != '\r' && c != '\n' || c == 0x7f {
			return i
		}
	}
	return -1
}

// unread gives back the line just read, for the next readLine.
func (s *PlacementScanner) unread(line []byte) {
	s.pending = append(s.pending[:0], line...)
	s.pendOK = true
	s.line--
}

// Scan reads the next placement. It returns false at the end of the
// input or at the first error (see Err). It checks ctx every 256 lines.
func (s *PlacementScanner) Scan(ctx context.Context) bool {
	if s.err != nil {
		return false
	}
	s.err = s.scan(ctx)
	if s.err != nil {
		return false
	}
	s.count++
	return true
}

func (s *PlacementScanner) scan(ctx context.Context) error {
	var b board // the board being read, if any
	b.p = s.p[:0]
	b.partial = s.partial
	b.blocked = s.blocked[:0]
	s.blocked = s.blocked[:0]
	skipped := 0 // bytes of lines skipped since the last placement or row: at most a title, a header and a rule
	for {
		if s.line&255 == 255 && ctx != nil {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		l, err := s.readLine()
		if err == io.EOF {
			if b.rows > 0 {
				return s.endBoard(&b)
			}
			if s.count == 0 {
				return fmt.Errorf("%w: empty input", ErrSyntax)
			}
			return io.EOF
		}
		if err != nil {
			return err
		}
		no := s.line
		t := bytes.TrimSpace(l)
		kind := classify(l, t)
		if b.rows > 0 && kind != lineGrid && kind != lineRow && kind != lineRule && kind != lineComment {
			// Anything else ends the board.
			if kind != lineBlank && kind != lineTitle {
				s.unread(l)
			}
			return s.endBoard(&b)
		}
		switch kind {
		case lineBlank, lineComment, lineTitle, lineRule, lineHeader:
			skipped += len(l) + 1
			if skipped > 3*s.lineCap {
				return s.errLine(no, "no placement in the last %d bytes", skipped)
			}
			continue
		case lineJSON:
			return s.readJSON(ctx, l)
		case linePerm:
			p, err := parsePermLine(t, s.maxN, s.p[:0])
			if err != nil {
				return fmt.Errorf("%w: line %d: %w", ErrSyntax, no, err)
			}
			s.p, s.start = p, no
			return nil
		case lineGrid, lineRow:
			skipped = 0 // a board's rules come between its rows
			if b.rows == 0 {
				b.line = no
			}
			if err := b.add(t, kind == lineGrid, s.maxN); err != nil {
				return fmt.Errorf("%w: line %d: %w", ErrSyntax, no, err)
			}
			b.last = no
		}
	}
}

// endBoard checks that the board read is square and makes it the
// current placement.
func (s *PlacementScanner) endBoard(b *board) error {
	if b.rows != b.width {
		return s.errLine(b.last, "the board has %d %s of %d %s; a board has as many rows as squares in a row",
			b.rows, plural(b.rows, "row", "rows"), b.width, plural(b.width, "square", "squares"))
	}
	s.p, s.start = b.p, b.line
	if b.partial {
		s.blocked = b.blocked
	}
	return nil
}

func plural(k int, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}

// readJSON reads a JSON record that starts on line l, over as many lines
// as it takes, and makes it the current placement.
func (s *PlacementScanner) readJSON(ctx context.Context, l []byte) error {
	start := s.line
	s.jbuf = s.jbuf[:0]
	var js jsonScan
	for {
		end := js.feed(l)
		if end >= 0 {
			if rest := bytes.TrimSpace(l[end:]); len(rest) > 0 {
				return s.errLine(s.line, "%s after the JSON record", quote.Bytes(rest))
			}
			s.jbuf = append(s.jbuf, l[:end]...)
			break
		}
		s.jbuf = append(s.jbuf, l...)
		s.jbuf = append(s.jbuf, '\n')
		if len(s.jbuf) > s.lineCap {
			return s.errLine(start, "a JSON record longer than %d bytes, more than a placement of at most %d queens needs", s.lineCap, s.maxN)
		}
		var err error
		l, err = s.readLine()
		if err == io.EOF {
			return s.errLine(start, "the JSON record is not closed")
		}
		if err != nil {
			return err
		}
	}
	p, err := decodeJSON(s.jbuf, s.maxN, s.p[:0])
	if err != nil {
		return fmt.Errorf("%w: line %d: %w", ErrSyntax, start, err)
	}
	s.p, s.start = p, start
	return nil
}

// jsonScan finds where a JSON object ends, across lines: it tracks the
// depth of brackets outside strings.
type jsonScan struct {
	depth          int
	inStr, escape  bool
	started, ended bool
}

// feed scans l and returns the index just past the end of the value, or
// -1 if it goes on.
func (j *jsonScan) feed(l []byte) int {
	for i, c := range l {
		switch {
		case j.inStr:
			switch {
			case j.escape:
				j.escape = false
			case c == '\\':
				j.escape = true
			case c == '"':
				j.inStr = false
			}
		case c == '"':
			j.inStr = true
		case c == '{' || c == '[':
			j.depth++
			j.started = true
		case c == '}' || c == ']':
			j.depth--
			if j.started && j.depth <= 0 {
				return i + 1
			}
		}
	}
	return -1
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
	case isTitle(string(t)):
		return lineTitle
	case t[0] == '#' && !isBoardRow(t):
		return lineComment
	case isRule(string(t)):
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

// board collects the rows of a drawn board.
type board struct {
	p          Placement
	partial    bool     // a row may have no queen (-1)
	blocked    []Square // squares marked x, if partial
	rows       int
	width      int
	line, last int // lines of the first and last row
}

// add reads the row t, a grid row or a compact one.
func (b *board) add(t []byte, grid bool, maxN int) error {
	row := b.rows + 1
	if b.rows > 0 && b.rows == b.width {
		return fmt.Errorf("row %d of a board %d squares wide; separate boards with a blank line", row, b.width)
	}
	queen, w := -1, 0
	mark := func(q bool, x bool) error {
		w++
		if w > maxN {
			return fmt.Errorf("row %d has more than %d squares", row, maxN)
		}
		if x && b.partial {
			b.blocked = append(b.blocked, Square{Row: row - 1, Col: w - 1})
		}
		if q {
			if queen >= 0 {
				return fmt.Errorf("row %d has more than one queen (columns %d and %d)", row, queen+1, w)
			}
			queen = w - 1
		}
		return nil
	}
	if grid {
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
				return fmt.Errorf("row %d, cell %d: %s is neither a queen (Q or #) nor an empty or blocked square", row, w+1, quote.Bytes(c))
			}
			if err := mark(q, x); err != nil {
				return err
			}
		}
	} else {
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
				return fmt.Errorf("column %d: %s is neither a queen (Q, q or #) nor an empty (.) or blocked (x) square", i+1, quote.Byte(c))
			}
			if err := mark(q, x); err != nil {
				return err
			}
		}
	}
	switch {
	case b.rows == 0:
		b.width = w
	case w != b.width:
		return fmt.Errorf("row %d has %d %s; row 1 has %d", row, w, plural(w, "square", "squares"), b.width)
	}
	if queen < 0 && !b.partial {
		return fmt.Errorf("row %d has no queen", row)
	}
	b.p = append(b.p, queen)
	b.rows++
	return nil
}

// parsePermLine reads a permutation from one line t (trimmed): one-based
// columns separated by spaces, tabs, commas or semicolons, optionally in
// [ ] or ( ), with an optional "#" comment at the end. An empty entry
// between commas is an error; "[]" is the empty placement. It appends to
// p.
func parsePermLine(t []byte, maxN int, p Placement) (Placement, error) {
	if i := bytes.IndexByte(t, '#'); i >= 0 {
		t = bytes.TrimSpace(t[:i])
	}
	if len(t) > 0 && (t[0] == '[' || t[0] == '(') {
		closer := byte(']')
		if t[0] == '(' {
			closer = ')'
		}
		if t[len(t)-1] != closer {
			return nil, fmt.Errorf("%s is not closed by %s", quote.Byte(t[0]), quote.Byte(closer))
		}
		t = bytes.TrimSpace(t[1 : len(t)-1])
		if len(t) == 0 {
			return p[:0], nil
		}
	}
	if len(t) == 0 {
		return nil, errors.New("no columns given")
	}
	entry := 0
	commas := bytes.ContainsAny(t, ",;")
	for len(t) > 0 || commas {
		// One entry between commas or semicolons (the whole line if none).
		part := t
		if i := bytes.IndexAny(t, ",;"); i >= 0 {
			part, t = t[:i], t[i+1:]
		} else {
			t, commas = nil, false
		}
		fields := bytes.Fields(part)
		if len(fields) == 0 {
			return nil, fmt.Errorf("entry %d is empty", entry+1)
		}
		for _, f := range fields {
			entry++
			if entry > maxN {
				return nil, fmt.Errorf("more than %d columns; at most %d queens here", maxN, maxN)
			}
			c, err := strconv.Atoi(string(f))
			if err != nil {
				return nil, fmt.Errorf("entry %d: %s is not a column number", entry, quote.Bytes(f))
			}
			p = append(p, c-1)
		}
	}
	n := len(p)
	for i, c := range p {
		if c < 0 || c >= n {
			return nil, fmt.Errorf("entry %d: column %d is off %s", i+1, c+1, boardName(n))
		}
	}
	return p, nil
}
