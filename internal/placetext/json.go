package placetext

import (
	"io"

	"github.com/nqueens/nqueens/internal/quote"
)

// readJSON reads the record {"n":N,"columns":[...]} — one-based columns,
// the fields in either order, no other field — whose opening '{' was
// read. It passes each column's value to add and returns N, at most
// maxN. It reads nothing after the closing '}'.
//
// It is the one JSON reader of the package: Parse, Scanner and Reader
// all read records with it, so they agree on what a record is.
func readJSON(s *src, maxN int, add func(v int) error) (int, error) {
	n, cols := -1, -1
	b, err := jsonByte(s)
	if err != nil {
		return 0, err
	}
	for b != '}' || n >= 0 || cols >= 0 {
		if b != '"' {
			return 0, bad("JSON: %s where a field name belongs", quote.Byte(b))
		}
		key, err := jsonKey(s)
		if err != nil {
			return 0, err
		}
		if b, err = jsonByte(s); err != nil {
			return 0, err
		} else if b != ':' {
			return 0, bad("JSON: %s after field %s, not ':'", quote.Byte(b), quote.Bytes(key))
		}
		switch string(key) {
		case "n":
			if n >= 0 {
				return 0, bad("JSON: n is given twice")
			}
			if n, err = jsonN(s, maxN); err != nil {
				return 0, err
			}
		case "columns":
			if cols >= 0 {
				return 0, bad("JSON: columns is given twice")
			}
			if cols, err = jsonColumns(s, maxN, add); err != nil {
				return 0, err
			}
		default:
			return 0, bad("JSON: unknown field %s", quote.Bytes(key))
		}
		if b, err = jsonByte(s); err != nil {
			return 0, err
		}
		if b == '}' {
			break
		}
		if b != ',' {
			return 0, bad("JSON: %s after a value", quote.Byte(b))
		}
		if b, err = jsonByte(s); err != nil {
			return 0, err
		}
	}
	switch {
	case n < 0:
		return 0, bad("JSON: n is missing (%d columns are given)", max(cols, 0))
	case cols < 0:
		return 0, bad("JSON: columns is missing")
	case n != cols:
		return 0, bad("n is %d but %d columns are given", n, cols)
	}
	return n, nil
}

// jsonByte skips JSON white space and returns the next byte.
func jsonByte(s *src) (byte, error) {
	for {
		b, err := s.read()
		if err == io.EOF {
			return 0, bad("the JSON record is not closed")
		}
		if err != nil {
			return 0, err
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return b, nil
	}
}

// jsonKey reads a field name after its opening '"'.
func jsonKey(s *src) ([]byte, error) {
	var key []byte
	for {
		c, err := s.read()
		if err == io.EOF {
			return nil, bad("the JSON record is not closed")
		}
		if err != nil {
			return nil, err
		}
		if c == '"' {
			return key, nil
		}
		if c < ' ' || c == '\\' || len(key) > quote.Max {
			return nil, bad("JSON: unknown field %s", quote.Bytes(append(key, c)))
		}
		key = append(key, c)
	}
}

// jsonN reads the value of n.
func jsonN(s *src, maxN int) (int, error) {
	b, err := jsonByte(s)
	if err != nil {
		return 0, err
	}
	var tok token
	if err := s.readToken(b, &jsonDelims, &tok); err != nil {
		return 0, err
	}
	if !tok.ok {
		return 0, bad("JSON: n = %s is not a board size", quote.Bytes(tok.bytes()))
	}
	if tok.v > maxN {
		return 0, bad("JSON: n = %d; at most %d here", tok.v, maxN)
	}
	return tok.v, nil
}

// jsonColumns reads the array of columns and returns their number.
func jsonColumns(s *src, maxN int, add func(v int) error) (int, error) {
	b, err := jsonByte(s)
	if err != nil {
		return 0, err
	}
	if b != '[' {
		return 0, bad("JSON: columns: %s, not an array", quote.Byte(b))
	}
	var tok token
	entry, since, sawComma := 0, 0, false
	for {
		if b, err = jsonByte(s); err != nil {
			return 0, err
		}
		switch {
		case b == ']':
			if sawComma && since == 0 {
				return 0, bad("JSON: entry %d is empty", entry+1)
			}
			return entry, nil
		case b == ',':
			if since == 0 {
				return 0, bad("JSON: entry %d is empty", entry+1)
			}
			sawComma, since = true, 0
		case since > 0:
			return 0, bad("JSON: entry %d: %s where ',' or ']' belongs", entry, quote.Byte(b))
		default:
			if err := s.readToken(b, &jsonDelims, &tok); err != nil {
				return 0, err
			}
			entry++
			since++
			if err := column(&tok, entry, maxN, add); err != nil {
				return 0, err
			}
		}
	}
}
