package nqueens

import (
	"bufio"
	"fmt"
	"io"

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
	br := bufio.NewReaderSize(r, 1<<16)
	var cols chunked
	inc := incremental{bad: -1}
	entry := 0
	v, inNum := 0, false
	open, closed := false, false
	sawComma, since := false, 0 // a comma or semicolon was read; entries since the last one
	end := func() error {
		if !inNum {
			return nil
		}
		entry++
		since++
		if v < 1 || v > MaxFindN {
			return fmt.Errorf("%w: entry %d: column %d is off the board", ErrSyntax, entry, v)
		}
		cols.add(int32(v - 1))
		inc.add(v - 1)
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
	for {
		if inc.bad >= 0 && cols.n > inc.bound {
			return cols.n, attackAt(&cols, inc.bad)
		}
		b, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
		switch {
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
		case b == '[' && !open && entry == 0 && !inNum:
			open = true
		case b == ']' && open && !closed:
			if err := end(); err != nil {
				return 0, err
			}
			closed = true
		default:
			return 0, fmt.Errorf("%w: entry %d: %s is not part of a column number", ErrSyntax, entry+1, quote.Byte(b))
		}
	}
	if err := end(); err != nil {
		return 0, err
	}
	if sawComma && since == 0 {
		return 0, fmt.Errorf("%w: entry %d is empty", ErrSyntax, entry+1)
	}
	if open && !closed {
		return 0, fmt.Errorf("%w: '[' is not closed by ']'", ErrSyntax)
	}
	n := cols.n
	if n == 0 {
		return 0, fmt.Errorf("%w: no columns given", ErrSyntax)
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
			return n, attackAt(&cols, row)
		}
	}
	return n, nil
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
