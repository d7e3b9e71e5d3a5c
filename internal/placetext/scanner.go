package placetext

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/nqueens/nqueens/internal/quote"
)

// LineLimit returns the longest line, in bytes, that a Scanner for
// boards of at most maxN queens reads.
func LineLimit(maxN int) int { return 12*maxN + 4096 }

// A Scanner reads a stream of placements, one a line or one per drawn
// board (nqueens.PlacementScanner is its front). It keeps one line, one
// placement and, for a JSON record spread over lines, nothing more: the
// record is read as its lines come.
type Scanner struct {
	br      *bufio.Reader
	maxN    int
	lineCap int

	line    int    // lines read so far
	pending []byte // a line read but not used yet (it ends a board)
	pendOK  bool
	buf     []byte // the current line, copied out of br
	lr      bytes.Reader

	p       []int
	b       board    // the board being read
	blocked []Square // the blocked squares of the last board, if partial
	partial bool     // boards may have rows without a queen
	start   int      // line where p starts
	count   int
	err     error
}

// NewScanner returns a scanner of the placements in r, each of at most
// maxN queens.
func NewScanner(r io.Reader, maxN int) *Scanner {
	lc := LineLimit(maxN)
	s := &Scanner{maxN: maxN, lineCap: lc}
	if br, ok := r.(*bufio.Reader); ok && br.Size() > lc {
		s.br = br
	} else {
		s.br = bufio.NewReaderSize(r, lc+1)
	}
	return s
}

// AllowPartial lets board rows have no queen (-1) and keeps the blocked
// squares.
func (s *Scanner) AllowPartial() { s.partial = true }

// Blocked returns the blocked squares of the last board, if partial.
func (s *Scanner) Blocked() []Square { return s.blocked }

// Placement returns the last placement read; the next Scan reuses it.
func (s *Scanner) Placement() []int { return s.p }

// Line returns the line where the last placement starts.
func (s *Scanner) Line() int { return s.start }

// Count returns the number of placements read.
func (s *Scanner) Count() int { return s.count }

// Err returns the error that ended the scan, nil at the end.
func (s *Scanner) Err() error {
	if s.err == io.EOF {
		return nil
	}
	return s.err
}

// Scan reads the next placement; false at the end or an error.
func (s *Scanner) Scan(ctx context.Context) bool {
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

func (s *Scanner) errLine(no int, format string, a ...any) error {
	return wrap(bad(format, a...), no)
}

// readLine returns the next line without its "\n" (and "\r"), or io.EOF.
// The slice is valid until the next call.
func (s *Scanner) readLine() ([]byte, error) {
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

// trim trims the white space a Reader skips: spaces, tabs and carriage
// returns (not Unicode's, which Reader reads as part of a token).
func trim(b []byte) []byte { return bytes.Trim(b, " \t\r") }

// unread gives back the line just read, for the next readLine.
func (s *Scanner) unread(line []byte) {
	s.pending = append(s.pending[:0], line...)
	s.pendOK = true
	s.line--
}

func (s *Scanner) scan(ctx context.Context) error {
	b := &s.b
	b.reset(s.p, s.blocked, s.partial)
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
				return s.endBoard()
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
		t := trim(l)
		kind := classify(l, t)
		if b.rows > 0 && kind != lineGrid && kind != lineRow && kind != lineRule && kind != lineComment {
			// Anything else ends the board.
			if kind != lineBlank && kind != lineTitle {
				s.unread(l)
			}
			return s.endBoard()
		}
		switch kind {
		case lineBlank, lineComment, lineTitle, lineRule, lineHeader:
			skipped += len(l) + 1
			if skipped > 3*s.lineCap {
				return s.errLine(no, "no placement in the last %d bytes", skipped)
			}
			continue
		case lineJSON:
			return s.readJSON(l)
		case linePerm:
			s.lr.Reset(t)
			p, err := collect(&src{r: &s.lr}, s.p[:0], func(sr *src, add func(int) error) (int, error) {
				c, _ := sr.read()
				return readPerm(sr, c, permForm{lines: true, maxN: s.maxN}, add)
			})
			if err != nil {
				return wrap(err, no)
			}
			s.p, s.start = p, no
			return nil
		case lineGrid, lineRow:
			skipped = 0 // a board's rules come between its rows
			if err := b.add(t, kind == lineGrid, no, s.maxN); err != nil {
				return wrap(err, no)
			}
		}
	}
}

// endBoard checks the board read and makes it the current placement.
func (s *Scanner) endBoard() error {
	if err := s.b.end(); err != nil {
		return wrap(err, s.b.last)
	}
	s.p, s.start = s.b.p, s.b.line
	if s.b.partial {
		s.blocked = s.b.blocked
	}
	return nil
}

// readJSON reads a JSON record that starts on line l, over as many lines
// as it takes, and makes it the current placement.
func (s *Scanner) readJSON(l []byte) error {
	start := s.line
	jl := jsonLines{s: s, l: l, i: bytes.IndexByte(l, '{') + 1}
	p, err := collect(&src{r: &jl}, s.p[:0], func(sr *src, add func(int) error) (int, error) {
		return readJSON(sr, s.maxN, add)
	})
	if jl.err != nil {
		err = jl.err // the reader's, or a line too long
	}
	if err != nil {
		return wrap(err, start)
	}
	if rest := trim(jl.l[jl.i:]); len(rest) > 0 {
		return s.errLine(s.line, "%s after the JSON record", quote.Bytes(rest))
	}
	s.p, s.start = p, start
	return nil
}

// jsonLines gives readJSON the bytes of a record's lines, each ended by
// a newline, reading lines as it needs them, at most lineCap bytes in
// all.
type jsonLines struct {
	s     *Scanner
	l     []byte // the current line
	i     int    // the next byte in l; len(l) is its newline
	total int
	err   error // a record too long, or readLine's: a line too long, the reader's
}

func (j *jsonLines) ReadByte() (byte, error) {
	if j.i > len(j.l) {
		if j.total += len(j.l) + 1; j.total > j.s.lineCap {
			j.err = bad("a JSON record longer than %d bytes, more than a placement of at most %d queens needs", j.s.lineCap, j.s.maxN)
			return 0, j.err
		}
		l, err := j.s.readLine()
		if err == io.EOF {
			return 0, io.EOF
		}
		if err != nil {
			j.err = err
			return 0, err
		}
		j.l, j.i = l, 0
	}
	j.i++
	if j.i > len(j.l) {
		return '\n', nil
	}
	return j.l[j.i-1], nil
}

func (j *jsonLines) UnreadByte() error {
	j.i--
	return nil
}
