package completion

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/nqueens/nqueens/internal/quote"
)

// MaxN is the largest board the package handles: a line is a uint64.
const MaxN = 64

// Errors for boards that are not a valid question. They are wrapped with
// the squares concerned; test them with errors.Is.
var (
	ErrSize     = errors.New("board size out of range")
	ErrOffBoard = errors.New("square off the board")
	ErrAttack   = errors.New("given queens attack each other")
	ErrOnBlock  = errors.New("queen on a blocked square")
	ErrSyntax   = errors.New("bad board text")
)

// A Square is a zero-based (row, column) pair.
type Square struct{ Row, Col int }

// String writes the square one-based as "row:col", the form of the CLI.
func (s Square) String() string { return fmt.Sprintf("%d:%d", s.Row+1, s.Col+1) }

// A Board is an N×N board with some queens placed and some squares
// blocked. Blocked[r] has bit c set when square (r, c) may not hold a
// queen; rows at or beyond N are ignored. A Board says nothing about
// whether its queens attack each other; Check does.
type Board struct {
	N       int
	Queens  []Square
	Blocked [MaxN]uint64
}

// Block marks square (r, c) blocked. It panics if the square is off the
// largest board, r or c outside [0, MaxN).
func (b *Board) Block(r, c int) { b.Blocked[r] |= 1 << uint(c) }

// IsBlocked reports whether (r, c) is blocked; false for squares off the
// largest board.
func (b *Board) IsBlocked(r, c int) bool {
	if r < 0 || r >= MaxN || c < 0 || c >= MaxN {
		return false
	}
	return b.Blocked[r]>>uint(c)&1 != 0
}

// Check returns nil if b is a valid question: 1 ≤ N ≤ MaxN, every queen
// and blocked square on the board, no queen on a blocked square, and no
// two given queens on the same row, column or diagonal. Otherwise the
// error wraps ErrSize, ErrOffBoard, ErrOnBlock or ErrAttack and names the
// squares one-based ("queens 1:1 and 2:2 share a diagonal").
func (b *Board) Check() error {
	n := b.N
	if n < 1 || n > MaxN {
		return fmt.Errorf("%w: n = %d is outside 1..%d", ErrSize, n, MaxN)
	}
	for r := n; r < MaxN; r++ {
		if b.Blocked[r] != 0 {
			return fmt.Errorf("%w: blocked square in row %d, off the %d×%d board", ErrOffBoard, r+1, n, n)
		}
	}
	if n < MaxN {
		for r := range n {
			if b.Blocked[r]>>uint(n) != 0 {
				return fmt.Errorf("%w: blocked square in row %d beyond column %d", ErrOffBoard, r+1, n)
			}
		}
	}
	for i, q := range b.Queens {
		if q.Row < 0 || q.Row >= n || q.Col < 0 || q.Col >= n {
			return fmt.Errorf("%w: queen at %d:%d is off the %d×%d board", ErrOffBoard, q.Row+1, q.Col+1, n, n)
		}
		if b.IsBlocked(q.Row, q.Col) {
			return fmt.Errorf("%w: %v", ErrOnBlock, q)
		}
		for _, p := range b.Queens[:i] {
			how := ""
			switch {
			case p == q:
				how = "are the same square"
			case p.Row == q.Row:
				how = "share a row"
			case p.Col == q.Col:
				how = "share a column"
			case p.Row-p.Col == q.Row-q.Col, p.Row+p.Col == q.Row+q.Col:
				how = "share a diagonal"
			}
			if how != "" {
				return fmt.Errorf("%w: queens %v and %v %s", ErrAttack, p, q, how)
			}
		}
	}
	return nil
}

// String writes b as text: N lines of N characters, Q for a queen, x for
// a blocked square, . for a free one, each line ending in a newline.
// Squares off the board are not drawn.
func (b *Board) String() string {
	n := min(max(b.N, 0), MaxN)
	g := make([]byte, n*(n+1))
	for r := range n {
		line := g[r*(n+1) : (r+1)*(n+1)]
		for c := range n {
			line[c] = '.'
			if b.IsBlocked(r, c) {
				line[c] = 'x'
			}
		}
		line[n] = '\n'
	}
	for _, q := range b.Queens {
		if q.Row >= 0 && q.Row < n && q.Col >= 0 && q.Col < n {
			g[q.Row*(n+1)+q.Col] = 'Q'
		}
	}
	return string(g)
}

// MaxLine and MaxInput bound what Read reads: a line (a row of at most
// MaxN squares with spaces around it, or a comment) of at most MaxLine
// bytes, and at most MaxInput bytes in all, comments and blank lines
// included.
const (
	MaxLine  = 4096
	MaxInput = 1 << 20
)

// Parse reads the text form of a board: one line per row, each of the
// same length N (the board is N×N), with Q (or q) for a queen, . for a
// free square and x (or X) for a blocked one. Blank lines at the start
// and end, surrounding spaces, lines starting with # and a UTF-8 byte
// order mark at the start are ignored. Errors wrap ErrSyntax and give the
// line number: a ragged row, a character other than Q . x, more rows than
// columns or fewer. Parse does not call Check.
func Parse(text string) (*Board, error) {
	return Read(strings.NewReader(text))
}

// Read is Parse for the text read from r, a line at a time: it stops at
// the first bad line, and at MaxLine bytes in a line or MaxInput in all.
// An error of r is returned as is.
func Read(r io.Reader) (*Board, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, MaxInput+1), MaxLine+1)
	b := &Board{}
	row, no, total := 0, 0, 0
	for {
		line, err := br.ReadSlice('\n')
		no++
		total += len(line)
		if errors.Is(err, bufio.ErrBufferFull) {
			return nil, fmt.Errorf("%w: line %d: more than %d bytes; a row has at most %d squares", ErrSyntax, no, MaxLine, MaxN)
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if total > MaxInput {
			return nil, fmt.Errorf("%w: line %d: more than %d bytes of input; a board has at most %d rows", ErrSyntax, no, MaxInput, MaxN)
		}
		if no == 1 {
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		t := bytes.TrimSpace(line)
		if len(t) > 0 && t[0] != '#' {
			if row == 0 {
				b.N = len(t)
				if b.N > MaxN {
					return nil, fmt.Errorf("%w: line %d: %d characters; a row has at most %d squares", ErrSyntax, no, b.N, MaxN)
				}
			}
			if len(t) != b.N {
				return nil, fmt.Errorf("%w: line %d: row %d has %d squares; row 1 has %d", ErrSyntax, no, row+1, len(t), b.N)
			}
			if row >= b.N {
				return nil, fmt.Errorf("%w: line %d: more than %d rows on a board %d squares wide", ErrSyntax, no, b.N, b.N)
			}
			for c := 0; c < len(t); c++ {
				switch t[c] {
				case '.':
				case 'Q', 'q':
					b.Queens = append(b.Queens, Square{row, c})
				case 'x', 'X':
					b.Block(row, c)
				default:
					return nil, fmt.Errorf("%w: line %d, column %d: %s is not Q, . or x", ErrSyntax, no, c+1, quote.Byte(t[c]))
				}
			}
			row++
		}
		if err == io.EOF {
			break
		}
	}
	if row == 0 {
		return nil, fmt.Errorf("%w: no rows", ErrSyntax)
	}
	if row != b.N {
		rows := "rows"
		if row == 1 {
			rows = "row"
		}
		return nil, fmt.Errorf("%w: %d %s on a board %d squares wide", ErrSyntax, row, rows, b.N)
	}
	return b, nil
}
