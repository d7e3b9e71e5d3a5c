package placetext

import (
	"bufio"
	"io"

	"github.com/nqueens/nqueens/internal/validate"
)

// A Reader reads permutations as they come, storing 4 bytes a column
// and checking them as they come (nqueens.ValidateReader and
// nqueens.LineValidator are its fronts). Reading one is three steps:
// lex (readPerm or readJSON, shared with Parse and Scanner), record (add,
// which stores and checks each column) and check (the verdict at the
// end).
type Reader struct {
	s     src
	lines bool // a newline ends a placement; JSON records and comments are read
	maxN  int  // the most columns, and the largest column number

	cols    chunked
	inc     incremental
	discard bool // an attack is certain: read the rest of the line, store nothing
	entries int  // columns read of the current placement
	maxV    int  // the largest column number read
	start   int  // the line where the current placement starts
}

// NewReader returns a Reader of one permutation, the whole of r, of at
// most maxN columns: white space, newlines included, separates columns.
func NewReader(r io.Reader, maxN int) *Reader {
	return &Reader{s: src{r: bufio.NewReaderSize(r, drawnPeek)}, maxN: maxN}
}

// drawnPeek is the most bytes a Reader without lines looks ahead for a
// drawn board (drawnAhead): the column header of the largest board Parse
// reads (nqueens' maxParseN = 2^16 columns, about 4 bytes each) fits.
// The endless inputs of ValidateReader's tests are still refused within
// 1 MiB read.
const drawnPeek = 1 << 19

// drawnAhead reports whether the text ahead in br is a drawn board, not
// a list of columns: a first line of column numbers (a header: Draw's "1
// 2 … N" reads as columns, and an attack among them would be certain
// before the board's rows are read) followed by a line that starts with
// a grid's '|' or a rule's '-', '+', '=' or '_'; or a '|' on the first
// line. It only peeks, up to the first byte that decides: a byte other
// than a digit or a space on the first line, or a number of more than
// 6 digits (no header's), decides "no" at once; the first line of a
// list of columns longer than drawnPeek bytes is no header either.
func drawnAhead(br *bufio.Reader) bool {
	text, newline, digits := false, false, 0 // a line with text seen; a newline after it; the digits of the number read
	for n, i := 512, 0; ; n *= 2 {
		b, err := br.Peek(min(n, drawnPeek))
		for ; i < len(b); i++ {
			switch c := b[i]; {
			case c == '|':
				return true
			case c == '\n':
				newline, digits = newline || text, 0
			case c == ' ' || c == '\t' || c == '\r':
				digits = 0
			case newline:
				return c == '-' || c == '+' || c == '=' || c == '_'
			case c < '0' || c > '9':
				return false
			default:
				text, digits = true, digits+1
				if digits > 6 {
					return false
				}
			}
		}
		if err != nil || len(b) >= drawnPeek {
			return false
		}
	}
}

// NewLines returns a Reader of one placement a line, a permutation or a
// JSON record, skipping blank lines, "#" comments and a byte order mark.
func NewLines(r io.Reader, maxN int) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 1<<16)
	}
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3)
	}
	return &Reader{s: src{r: br}, lines: true, maxN: maxN}
}

// Line returns the line (one-based) where the last placement starts.
func (r *Reader) Line() int { return r.start }

// Next reads and checks the next placement. It returns its number of
// columns and nil, an *Attack, an error wrapping ErrSyntax (with the
// line, for lines), or the reader's error; for lines, io.EOF when no
// placement is left. Without lines, an attack certain before the end is
// returned at once, with the rows read as N; with lines, the rest of the
// line is read (and checked for syntax), not stored.
func (r *Reader) Next() (int, error) {
	n, err := r.next()
	if !r.lines {
		return n, wrap(err, 0)
	}
	return n, wrap(err, r.start)
}

func (r *Reader) next() (int, error) {
	r.inc.reset(&r.cols)
	r.cols.n = 0
	r.discard, r.entries, r.maxV = false, 0, 0
	b, err := r.first()
	switch {
	case err == io.EOF && r.lines:
		return 0, io.EOF
	case err == io.EOF:
		return 0, bad("no columns given")
	case err != nil:
		return 0, err
	}
	r.start = r.s.line + 1
	if br, ok := r.s.r.(*bufio.Reader); ok && !r.lines {
		br.UnreadByte()
		if drawnAhead(br) {
			return 0, bad("a drawn board, not a list of columns (Parse reads drawn boards)")
		}
		br.ReadByte()
	}
	n, err := r.lex(b)
	switch {
	case err == errStop:
		return r.cols.n, attackAt(&r.cols, r.inc.bad)
	case err != nil:
		return 0, err
	}
	return r.check(n)
}

// maxSkip is the most bytes of blank and comment lines read before a
// placement: an endless run of them is an error, not a hang.
const maxSkip = 1 << 20

// first returns the first byte of the next placement; with lines, past
// blank lines and comments.
func (r *Reader) first() (byte, error) {
	comment := false
	for skipped := 0; ; skipped++ {
		b, err := r.s.read()
		if err != nil || !r.lines {
			return b, err
		}
		switch {
		case skipped == maxSkip:
			r.start = r.s.line + 1
			return 0, bad("no placement in the last %d bytes", maxSkip)
		case comment:
			comment = b != '\n'
		case b == '#':
			comment = true
		case b != ' ' && b != '\t' && b != '\r' && b != '\n':
			return b, nil
		}
	}
}

// lex reads the placement that starts with b, passing its columns to
// record, and returns its number of columns.
func (r *Reader) lex(b byte) (int, error) {
	if !r.lines || b != '{' {
		return readPerm(&r.s, b, permForm{lines: r.lines, maxN: r.maxN}, r.record)
	}
	n, err := readJSON(&r.s, r.maxN, r.record)
	if err != nil {
		return 0, err
	}
	for { // the rest of the line
		b, err := r.s.read()
		switch {
		case err == io.EOF || err == nil && b == '\n':
			return n, nil
		case err != nil:
			return 0, err
		case b != ' ' && b != '\t' && b != '\r':
			return 0, bad("JSON: text after the record")
		}
	}
}

// record stores the column v (one-based) and checks it against the
// columns before it. It returns errStop when, without lines, the attack
// found is certain whatever follows.
func (r *Reader) record(v int) error {
	r.entries++
	if v < 1 || v > r.maxN {
		return bad("entry %d: column %d is off the board", r.entries, v)
	}
	r.maxV = max(r.maxV, v)
	if r.discard {
		return nil
	}
	r.cols.add(int32(v - 1))
	r.inc.add(v - 1)
	if r.inc.certain() {
		if !r.lines {
			return errStop
		}
		r.discard = true
	}
	return nil
}

// check gives the verdict on the n columns read.
func (r *Reader) check(n int) (int, error) {
	if n == 0 {
		return 0, nil // "[]" or {"n":0,"columns":[]}
	}
	if r.discard {
		// Every column stored is on any board of more than inc.bound
		// rows; a column beyond the stored rows was only read.
		if r.maxV > n {
			return n, bad("column %d is off %s", r.maxV, BoardName(n))
		}
		return n, attackAt(&r.cols, r.inc.bad)
	}
	if !r.inc.off && r.inc.bad < 0 && r.inc.maxCol < n {
		return n, nil // every queen was checked as it came, and is on the board
	}
	r.inc = incremental{} // its sets are not needed any more
	c := validate.New(n)
	for row := range n {
		col := r.cols.at(row)
		if int(col) >= n {
			return n, bad("entry %d: column %d is off %s", row+1, col+1, BoardName(n))
		}
		if c.Add(int(col)) != nil {
			return n, attackAt(&r.cols, row)
		}
	}
	return n, nil
}
