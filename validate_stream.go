package nqueens

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
	"github.com/nqueens/nqueens/internal/validate"
)

// ValidateReader reads a placement written as one-based columns —
// "5 2 6 1 7 4 8 3", separated by spaces, tabs, newlines, commas or
// semicolons, optionally inside [ ] — from r and checks it as Validate
// does, returning N. It keeps 4 bytes per queen for the columns and 0.63
// for the check, never the text: a 10^7-queen file (79 MB of text) is
// checked with a peak RSS of about 55 MB for the whole nqueens process.
//
// It checks the queens as they come too, and returns an attack as soon
// as it is certain whatever follows: when every column read so far is on
// any board with the rows read so far. Then N is the number of rows read,
// and the rest of r is not read: an endless "1 1 1 …" stops at its second
// queen.
//
// Errors are those of Validate: an *AttackError (wrapping ErrAttack) for
// the attacking pair whose second row is smallest, or an error wrapping
// ErrSyntax for a bad token, an empty entry between commas, a column off
// the board or empty input; an error from r is returned as is.
func ValidateReader(r io.Reader) (int, error) {
	pr := permReader{br: bufio.NewReaderSize(r, 1<<16)}
	return pr.next()
}

// A LineValidator checks a stream of placements of any size, one per
// line, as ValidateReader checks one: each line is a permutation
// ("5 2 6 1 7 4 8 3", with commas or in brackets, a "#" comment at the
// end allowed) or a JSON record on one line ({"n":8,"columns":[...]},
// as 'find --format json' writes it, with no other fields). Blank lines
// and comment lines ("# …") are skipped, as is a UTF-8 byte order mark
// at the start.
//
// It keeps 4 bytes per queen of the longest line and 0.63 per queen for
// the check, never the text; a placement whose attack is certain before
// its end stores nothing more (the rest of its line is read and parsed,
// not kept).
type LineValidator struct {
	pr      permReader
	n, line int
	verdict error
	err     error
}

// NewLineValidator returns a LineValidator reading r.
func NewLineValidator(r io.Reader) *LineValidator {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 1<<16)
	}
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3)
	}
	return &LineValidator{pr: permReader{br: br, lines: true}}
}

// Next checks the next placement. It returns false at the end of the
// input or at the first error that is not an attack (see Err).
func (v *LineValidator) Next() bool {
	if v.err != nil {
		return false
	}
	n, err := v.pr.next()
	v.n, v.line = n, v.pr.start
	v.verdict = nil
	switch {
	case err == nil:
	case errors.Is(err, ErrAttack):
		v.verdict = err
	case err == io.EOF:
		v.err = err
		return false
	case errors.Is(err, ErrSyntax):
		v.err = fmt.Errorf("%w: line %d: %s", ErrSyntax, v.pr.start, strings.TrimPrefix(err.Error(), ErrSyntax.Error()+": "))
		return false
	default:
		v.err = err
		return false
	}
	return true
}

// N returns the number of queens of the placement Next checked (for an
// attack found before the end of its line, the rows up to the attack).
func (v *LineValidator) N() int { return v.n }

// Line returns the line (one-based) of the placement Next checked.
func (v *LineValidator) Line() int { return v.line }

// Verdict returns nil if the placement Next checked is a solution, else
// an *AttackError (wrapping ErrAttack) as Validate returns it.
func (v *LineValidator) Verdict() error { return v.verdict }

// Err returns the error that ended the stream: nil at its end, an error
// wrapping ErrSyntax (with the line number) for a line that is not a
// placement, or the reader's error.
func (v *LineValidator) Err() error {
	if v.err == io.EOF {
		return nil
	}
	return v.err
}

// permReader reads one permutation (or, line by line, one per line) as
// it comes, storing its columns and checking them incrementally.
type permReader struct {
	br    *bufio.Reader
	lines bool // a newline ends a placement; JSON records and comments are read
	cols  chunked
	line  int // lines ended so far
	start int // the line where the last placement starts
}

// next reads and checks the next placement. In lines mode it returns
// io.EOF when no placement is left.
func (pr *permReader) next() (int, error) {
	br := pr.br
	pr.cols.n = 0
	cols := &pr.cols
	inc := incremental{bad: -1}
	entry := 0
	v, inNum := 0, false
	open, closed := false, false
	sawComma, since := false, 0 // a comma or semicolon was read; entries since the last one
	maxV := 0
	discard := false // an attack is certain: parse the rest of the line, store nothing
	js := jsonPerm{n: -1}
	isJSON := false
	started := false // a non-blank byte of the placement was read
	end := func() error {
		if !inNum {
			return nil
		}
		entry++
		since++
		maxV = max(maxV, v)
		if v < 1 || v > MaxFindN || isJSON && js.n >= 0 && v > js.n {
			return fmt.Errorf("%w: entry %d: column %d is off the board", ErrSyntax, entry, v)
		}
		if !discard {
			cols.add(int32(v - 1))
			inc.add(v - 1)
		}
		v, inNum = 0, false
		return nil
	}
	comma := func() error {
		if since == 0 {
			return fmt.Errorf("%w: entry %d is empty", ErrSyntax, entry+1)
		}
		sawComma, since = true, 0
		return nil
	}
	count := func() int {
		if discard {
			return entry
		}
		return cols.n
	}
	for {
		if inc.bad >= 0 && cols.n > inc.bound && !discard {
			if !pr.lines {
				return cols.n, attackAt(cols, inc.bad)
			}
			discard = true
		}
		if pr.lines && entry > MaxFindN {
			return 0, fmt.Errorf("%w: more than %d columns", ErrSyntax, MaxFindN)
		}
		b, err := br.ReadByte()
		if err == io.EOF {
			if pr.lines && !started {
				return 0, io.EOF
			}
			break
		}
		if err != nil {
			return 0, err
		}
		if b == '\n' {
			pr.line++
		}
		if pr.lines && !started {
			switch b {
			case ' ', '\t', '\r', '\n':
				continue
			case '#':
				if err := pr.skipLine(); err != nil {
					return 0, err
				}
				continue
			case '{':
				isJSON = true
			}
			started, pr.start = true, pr.line+1
			if isJSON {
				if err := js.open(br, pr); err != nil {
					return 0, err
				}
				continue
			}
		}
		if isJSON && js.done {
			switch b {
			case ' ', '\t', '\r':
				continue
			case '\n':
			default:
				return 0, fmt.Errorf("%w: JSON: text after the record", ErrSyntax)
			}
			break
		}
		if pr.lines && b == '\n' && !isJSON {
			break
		}
		switch {
		case isJSON && b >= '0' && b <= '9':
			if v > MaxFindN {
				return 0, fmt.Errorf("%w: entry %d: the number is too large", ErrSyntax, entry+1)
			}
			v, inNum = v*10+int(b-'0'), true
		case isJSON && (b == ' ' || b == '\t' || b == '\r' || b == '\n'):
			if err := end(); err != nil {
				return 0, err
			}
		case isJSON && b == ',':
			if err := end(); err != nil {
				return 0, err
			}
			if err := comma(); err != nil {
				return 0, err
			}
		case isJSON && b == ']':
			if err := end(); err != nil {
				return 0, err
			}
			if sawComma && since == 0 {
				return 0, fmt.Errorf("%w: JSON: entry %d is empty", ErrSyntax, entry+1)
			}
			js.haveCols = true
			if err := js.after(br, pr); err != nil {
				return 0, err
			}
		case isJSON:
			return 0, fmt.Errorf("%w: JSON: entry %d: %s is not part of a column number", ErrSyntax, entry+1, quote.Byte(b))
		case pr.lines && b == '#':
			if err := end(); err != nil {
				return 0, err
			}
			if err := pr.skipLine(); err != nil {
				return 0, err
			}
			goto done
		case closed && b != ' ' && b != '\t' && b != '\n' && b != '\r':
			return 0, fmt.Errorf("%w: text after the closing ]", ErrSyntax)
		case b >= '0' && b <= '9':
			if v > MaxFindN {
				return 0, fmt.Errorf("%w: entry %d: the number is too large", ErrSyntax, entry+1)
			}
			v, inNum = v*10+int(b-'0'), true
		case b == ' ' || b == '\t' || b == '\n' || b == '\r':
			if err := end(); err != nil {
				return 0, err
			}
		case b == ',' || b == ';':
			if err := end(); err != nil {
				return 0, err
			}
			if err := comma(); err != nil {
				return 0, err
			}
		case (b == '[' || b == '(' && pr.lines) && !open && entry == 0 && !inNum:
			open = true
		case (b == ']' || b == ')' && pr.lines) && open && !closed:
			if err := end(); err != nil {
				return 0, err
			}
			closed = true
		default:
			return 0, fmt.Errorf("%w: entry %d: %s is not part of a column number", ErrSyntax, entry+1, quote.Byte(b))
		}
	}
done:
	if isJSON {
		if !js.done {
			return 0, fmt.Errorf("%w: JSON: the record is not closed", ErrSyntax)
		}
		if js.n < 0 {
			return 0, fmt.Errorf("%w: JSON: n is missing (%d columns are given)", ErrSyntax, entry)
		}
		if !js.haveCols {
			return 0, fmt.Errorf("%w: JSON: columns is missing", ErrSyntax)
		}
		if js.n != entry {
			return 0, fmt.Errorf("%w: JSON: n is %d but %d columns are given", ErrSyntax, js.n, entry)
		}
		if entry == 0 {
			return 0, nil
		}
	} else {
		if err := end(); err != nil {
			return 0, err
		}
		if sawComma && since == 0 {
			return 0, fmt.Errorf("%w: entry %d is empty", ErrSyntax, entry+1)
		}
		if open && !closed {
			return 0, fmt.Errorf("%w: '[' is not closed by ']'", ErrSyntax)
		}
	}
	n := count()
	if n == 0 {
		return 0, fmt.Errorf("%w: no columns given", ErrSyntax)
	}
	if discard {
		// Every column stored is on any board of more than inc.bound
		// rows; a column beyond the stored rows was checked by end.
		if maxV > n {
			return n, fmt.Errorf("%w: column %d is off %s", ErrSyntax, maxV, boardName(n))
		}
		return n, attackAt(cols, inc.bad)
	}
	if !inc.off && inc.bad < 0 {
		// Every queen was checked as it came: only a column off the
		// board is left to find.
		if inc.maxCol < n {
			return n, nil
		}
		for row := range n {
			if col := cols.at(row); int(col) >= n {
				return n, fmt.Errorf("%w: row %d: column %d is off %s", ErrSyntax, row+1, col+1, boardName(n))
			}
		}
	}
	inc = incremental{} // its sets are not needed any more
	c := validate.New(n)
	for row := range n {
		col := cols.at(row)
		if int(col) >= n {
			return n, fmt.Errorf("%w: row %d: column %d is off %s", ErrSyntax, row+1, col+1, boardName(n))
		}
		if c.Add(int(col)) != nil {
			return n, attackAt(cols, row)
		}
	}
	return n, nil
}

// skipLine reads up to and including the next newline (or the end).
func (pr *permReader) skipLine() error {
	for {
		_, err := pr.br.ReadSlice('\n')
		switch {
		case err == nil:
			pr.line++
			return nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			return nil
		}
		return err
	}
}

// jsonPerm reads the parts of a JSON record {"n":N,"columns":[...]}
// around its columns, which permReader reads as it reads a permutation.
type jsonPerm struct {
	n        int // -1 until read
	haveCols bool
	done     bool // the closing } was read
}

// jsonWS skips JSON white space and returns the next byte.
func jsonWS(br *bufio.Reader, pr *permReader) (byte, error) {
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return 0, fmt.Errorf("%w: JSON: the record is not closed", ErrSyntax)
		}
		if err != nil {
			return 0, err
		}
		switch b {
		case '\n':
			pr.line++
			fallthrough
		case ' ', '\t', '\r':
			continue
		}
		return b, nil
	}
}

// open reads the fields after "{" (or after a ","), up to the "[" that
// starts the columns or the closing "}".
func (j *jsonPerm) open(br *bufio.Reader, pr *permReader) error {
	for {
		b, err := jsonWS(br, pr)
		if err != nil {
			return err
		}
		if b == '}' && j.n < 0 && !j.haveCols {
			j.done = true
			return nil
		}
		if b != '"' {
			return fmt.Errorf("%w: JSON: %s where a field name belongs", ErrSyntax, quote.Byte(b))
		}
		var key []byte
		for {
			c, err := br.ReadByte()
			if err != nil {
				return fmt.Errorf("%w: JSON: the record is not closed", ErrSyntax)
			}
			if c == '"' {
				break
			}
			if c < ' ' || len(key) > 40 {
				return fmt.Errorf("%w: JSON: unknown field %s", ErrSyntax, quote.Bytes(key))
			}
			key = append(key, c)
		}
		if b, err = jsonWS(br, pr); err != nil {
			return err
		}
		if b != ':' {
			return fmt.Errorf("%w: JSON: %s after field %s, not ':'", ErrSyntax, quote.Byte(b), quote.Bytes(key))
		}
		switch string(key) {
		case "n":
			if j.n >= 0 {
				return fmt.Errorf("%w: JSON: n is given twice", ErrSyntax)
			}
			if b, err = jsonWS(br, pr); err != nil {
				return err
			}
			n := 0
			for b >= '0' && b <= '9' {
				n = n*10 + int(b-'0')
				if n > MaxFindN {
					return fmt.Errorf("%w: JSON: n is more than %d", ErrSyntax, MaxFindN)
				}
				if b, err = br.ReadByte(); err != nil {
					return fmt.Errorf("%w: JSON: the record is not closed", ErrSyntax)
				}
			}
			if err := br.UnreadByte(); err != nil {
				return err
			}
			if b != ',' && b != '}' && b != ' ' && b != '\t' && b != '\r' && b != '\n' {
				return fmt.Errorf("%w: JSON: n: %s is not a board size", ErrSyntax, quote.Byte(b))
			}
			j.n = n
			return j.after(br, pr) // at the columns or the end
		case "columns":
			if j.haveCols {
				return fmt.Errorf("%w: JSON: columns is given twice", ErrSyntax)
			}
			if b, err = jsonWS(br, pr); err != nil {
				return err
			}
			if b != '[' {
				return fmt.Errorf("%w: JSON: columns: %s, not an array", ErrSyntax, quote.Byte(b))
			}
			return nil // the columns follow
		default:
			return fmt.Errorf("%w: JSON: unknown field %s", ErrSyntax, quote.Bytes(key))
		}
	}
}

// after reads what follows a field's value: "," and the next fields, or
// the closing "}".
func (j *jsonPerm) after(br *bufio.Reader, pr *permReader) error {
	b, err := jsonWS(br, pr)
	if err != nil {
		return err
	}
	switch b {
	case '}':
		j.done = true
		return nil
	case ',':
		return j.open(br, pr)
	}
	return fmt.Errorf("%w: JSON: %s after a value", ErrSyntax, quote.Byte(b))
}

// incremental finds the first attacked row as the queens come, in bit
// sets that grow with the rows and columns seen. It gives up (and leaves
// the check to the end) at a column far beyond the rows read, which would
// make its sets large before the board is known.
type incremental struct {
	off            bool
	rows, maxCol   int
	cols, up       bitset // column c; anti-diagonal r+c
	downPos, downN bitset // diagonal r-c ≥ 0; -(r-c)-1 for r-c < 0
	bad, bound     int    // first attacked row (-1 none yet), and the most columns its rows need
}

func (s *incremental) add(c int) {
	r := s.rows
	s.rows++
	s.maxCol = max(s.maxCol, c)
	if s.off || s.bad >= 0 {
		return
	}
	if c > 2*r+1024 {
		s.off = true
		return
	}
	d := r - c
	hit := s.cols.set(c)
	if d >= 0 {
		hit = s.downPos.set(d) || hit
	} else {
		hit = s.downN.set(-d-1) || hit
	}
	hit = s.up.set(r+c) || hit
	if hit {
		// Certain once the board has more than maxCol columns: every
		// row up to r is then on it.
		s.bad, s.bound = r, s.maxCol
	}
}

// bitset is a set of small non-negative ints, in blocks of 2^20 bits so
// that it grows without append's doubling (which took 10 MB more at
// N = 10^7).
type bitset [][]uint64

const bitBlock = 20 // log2 of the bits in a block

// set adds i and reports whether it was there.
func (b *bitset) set(i int) bool {
	k := i >> bitBlock
	for k >= len(*b) {
		*b = append(*b, make([]uint64, 1<<(bitBlock-6)))
	}
	w := (*b)[k][i&(1<<bitBlock-1)>>6:]
	m := uint64(1) << (i & 63)
	had := w[0]&m != 0
	w[0] |= m
	return had
}

// chunked stores columns in blocks of 2^20, so that it grows without the
// copying (and the doubled peak) of append: 4 bytes per queen plus one
// block.
type chunked struct {
	blocks [][]int32
	n      int
}

const chunkBits = 20

func (c *chunked) add(v int32) {
	if c.n>>chunkBits == len(c.blocks) {
		c.blocks = append(c.blocks, make([]int32, 1<<chunkBits))
	}
	c.blocks[c.n>>chunkBits][c.n&(1<<chunkBits-1)] = v
	c.n++
}

func (c *chunked) at(i int) int32 { return c.blocks[i>>chunkBits][i&(1<<chunkBits-1)] }

// attackAt names the earlier queen that the queen in row b attacks, in the
// order Validate checks: column, diagonal, anti-diagonal.
func attackAt(cols *chunked, b int) error {
	cb := int(cols.at(b))
	for _, how := range []string{"same column", "same diagonal", "same anti-diagonal"} {
		for a := range b {
			ca := int(cols.at(a))
			if how == "same column" && ca == cb ||
				how == "same diagonal" && a-ca == b-cb ||
				how == "same anti-diagonal" && a+ca == b+cb {
				return &AttackError{a, ca, b, cb, how}
			}
		}
	}
	return fmt.Errorf("row %d: the checker saw an attack that no earlier queen makes", b+1) // unreachable
}
