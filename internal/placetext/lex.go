package placetext

import (
	"errors"
	"io"
	"strconv"

	"github.com/nqueens/nqueens/internal/quote"
)

// A src reads the bytes of the text and counts the newlines read. Every
// reader goes through one: a bufio.Reader for the streams, a
// bytes.Reader for a line or a string.
type src struct {
	r    io.ByteScanner
	line int // newlines read
}

func (s *src) read() (byte, error) {
	b, err := s.r.ReadByte()
	if err == nil && b == '\n' {
		s.line++
	}
	return b, err
}

// unread gives back b, the byte just read.
func (s *src) unread(b byte) {
	if s.r.UnreadByte() == nil && b == '\n' {
		s.line--
	}
}

// skipLine reads up to and including the next newline, or to the end.
func (s *src) skipLine() error {
	for {
		b, err := s.read()
		if err == io.EOF || err == nil && b == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// A token is a run of bytes up to a delimiter: a column number, or the
// start of a bad token kept for the message.
type token struct {
	v    int  // the value, if ok
	ok   bool // only digits, at most maxDigits of them
	n    int  // bytes read
	text [tokenMax]byte
}

const (
	tokenMax  = 48                         // bytes kept (and read) of a token: enough to quote 40 and "…"
	maxDigits = 9 * (strconv.IntSize / 32) // a value that fits an int: 18 digits, 9 on a 32-bit int
)

func (t *token) bytes() []byte { return t.text[:min(t.n, tokenMax)] }

// The bytes that end a token, per form.
var (
	permDelims, lineDelims, jsonDelims [256]bool
)

func init() {
	for _, c := range " \t\r\n,;]" {
		permDelims[c], lineDelims[c] = true, true
	}
	lineDelims['#'], lineDelims[')'] = true, true
	for _, c := range " \t\r\n,]}" {
		jsonDelims[c] = true
	}
}

// readToken reads the token that starts with b (already read) into t,
// up to the next delimiter (given back) or the end. It reads at most
// tokenMax bytes: a longer token is bad anyway.
func (s *src) readToken(b byte, delims *[256]bool, t *token) error {
	*t = token{ok: true}
	for {
		t.text[t.n] = b
		t.n++
		if b >= '0' && b <= '9' && t.n <= maxDigits {
			t.v = t.v*10 + int(b-'0')
		} else {
			t.ok = false
		}
		if t.n == tokenMax {
			return nil
		}
		var err error
		if b, err = s.read(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if delims[b] {
			s.unread(b)
			return nil
		}
	}
}

// permForm says how a permutation is written.
type permForm struct {
	lines bool // a newline ends it, "#" starts a comment, ( ) are brackets too
	maxN  int  // the most entries
}

// readPerm reads a permutation whose first byte b was read: one-based
// columns separated by white space, commas or semicolons, optionally
// inside [ ] (or ( ) in lines form). It passes each column's value to
// add and returns the number of entries. "[]" is the empty placement;
// an empty entry ("2,,4") is an error, and so is the empty text.
func readPerm(s *src, b byte, f permForm, add func(v int) error) (int, error) {
	delims := &permDelims
	if f.lines {
		delims = &lineDelims
	}
	var tok token
	entry, since, sawComma := 0, 0, false // entries since the last comma
	var closer byte                       // the bracket to close, if one was opened
	first, closed := true, false
	for {
		switch {
		case f.lines && (b == '\n' || b == '#'):
			if b == '#' {
				if err := s.skipLine(); err != nil {
					return 0, err
				}
			}
			return endPerm(entry, since, sawComma, closer, closed)
		case b == ' ' || b == '\t' || b == '\r' || b == '\n':
		case closed:
			return 0, bad("text after the closing %s", quote.Byte(closer))
		case first && (b == '[' || f.lines && b == '('):
			closer = ']'
			if b == '(' {
				closer = ')'
			}
		case b == ']' || f.lines && b == ')':
			if b != closer {
				return 0, bad("entry %d: %s closes no bracket", entry+1, quote.Byte(b))
			}
			closed = true
		case b == ',' || b == ';':
			if since == 0 {
				return 0, bad("entry %d is empty", entry+1)
			}
			sawComma, since = true, 0
		default:
			if err := s.readToken(b, delims, &tok); err != nil {
				return 0, err
			}
			entry++
			since++
			if err := column(&tok, entry, f.maxN, add); err != nil {
				return 0, err
			}
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			first = false
		}
		var err error
		if b, err = s.read(); err == io.EOF {
			return endPerm(entry, since, sawComma, closer, closed)
		} else if err != nil {
			return 0, err
		}
	}
}

// column checks the token of entry k and passes its value to add.
func column(tok *token, k, maxN int, add func(v int) error) error {
	if k > maxN {
		return bad("more than %d columns; at most %d queens here", maxN, maxN)
	}
	if !tok.ok {
		return bad("entry %d: %s is not a column number", k, quote.Bytes(tok.bytes()))
	}
	return add(tok.v)
}

// endPerm checks how a permutation of entry entries ended.
func endPerm(entry, since int, sawComma bool, closer byte, closed bool) (int, error) {
	switch {
	case sawComma && since == 0:
		return 0, bad("entry %d is empty", entry+1)
	case closer != 0 && !closed:
		opener := byte('[')
		if closer == ')' {
			opener = '('
		}
		return 0, bad("%s is not closed by %s", quote.Byte(opener), quote.Byte(closer))
	case entry == 0 && closer == 0:
		return 0, bad("no columns given")
	}
	return entry, nil
}

// errStop ends a read early from inside add; the caller knows why.
var errStop = errors.New("stop")
