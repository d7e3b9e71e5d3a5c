package placetext

import (
	"bytes"
	"fmt"
	"math"
	"strings"
)

// Parse reads one placement in any form nqueens.Parse documents, a
// drawn board of at most maxBoard rows. Its errors wrap ErrSyntax.
func Parse(s string, maxBoard int) ([]int, error) {
	s = strings.TrimPrefix(s, "\ufeff")
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return nil, fmt.Errorf("%w: empty input", ErrSyntax)
	case t[0] == '{':
		p, err := collect(&src{r: strings.NewReader(t)}, nil, readRecord)
		return p, wrap(err, 0)
	case looksDrawn(t):
		return parseBoard(t, maxBoard)
	}
	return parsePerm(t)
}

// ParseJSON reads one JSON record, {"n":N,"columns":[...]}, and
// nothing else. Its errors wrap ErrSyntax.
func ParseJSON(b []byte) ([]int, error) {
	t := bytes.TrimSpace(b)
	if len(t) == 0 || t[0] != '{' {
		return nil, fmt.Errorf("%w: JSON: a placement is an object {\"n\":N,\"columns\":[...]}", ErrSyntax)
	}
	p, err := collect(&src{r: bytes.NewReader(t)}, nil, readRecord)
	return p, wrap(err, 0)
}

// readRecord reads a JSON record and nothing after it.
func readRecord(s *src, add func(int) error) (int, error) {
	s.read() // the '{'
	n, err := readJSON(s, math.MaxInt, add)
	if err != nil {
		return 0, err
	}
	if _, err := s.read(); err == nil {
		return 0, bad("JSON: text after the record")
	}
	return n, nil
}

// collect reads one placement with read, appending its columns
// (zero-based) to p, and checks that every column is on its board.
func collect(s *src, p []int, read func(*src, func(int) error) (int, error)) ([]int, error) {
	n, err := read(s, func(v int) error {
		p = append(p, v-1)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, c := range p {
		if c < 0 || c >= n {
			return nil, bad("entry %d: column %d is off %s", i+1, c+1, BoardName(n))
		}
	}
	if p == nil {
		p = []int{}
	}
	return p, nil
}

// looksDrawn reports whether s is a drawn board rather than a list of
// numbers: it has a grid's '|', or no digit outside its titles and
// comments.
func looksDrawn(s string) bool {
	if strings.Contains(s, "|") {
		return true
	}
	if s[0] == '[' || s[0] == '(' {
		return false
	}
	for line := range strings.Lines(s) {
		t := []byte(strings.TrimSpace(line))
		if isTitle(t) || len(t) > 0 && t[0] == '#' && !isBoardRow(t) {
			continue
		}
		if strings.ContainsAny(string(t), "0123456789") {
			return false
		}
	}
	return true
}

// parsePerm reads a permutation that may run over several lines, each
// with an optional "#" comment at its end.
func parsePerm(s string) ([]int, error) {
	var b strings.Builder
	for line := range strings.Lines(s) {
		if isTitle([]byte(strings.TrimSpace(line))) {
			continue
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		b.WriteString(strings.TrimSpace(line))
		b.WriteByte(' ')
	}
	t := strings.TrimSpace(b.String())
	p, err := collect(&src{r: strings.NewReader(t)}, nil, func(s *src, add func(int) error) (int, error) {
		c, err := s.read()
		if err != nil {
			return 0, bad("no columns given")
		}
		return readPerm(s, c, permForm{lines: true, maxN: math.MaxInt}, add)
	})
	return p, wrap(err, 0)
}

// parseBoard reads a drawn board: each line that holds cells is a row;
// blank lines, column headers (numbers only), rules (dashes), "Solution
// #n" titles and comments are skipped.
func parseBoard(s string, maxN int) ([]int, error) {
	var b board
	for no, line := range strings.Split(s, "\n") {
		t := []byte(strings.TrimSpace(line))
		if len(t) == 0 || isRule(t) || isHeader(t) || isTitle(t) || t[0] == '#' && !isBoardRow(t) {
			continue
		}
		if err := b.add(t, strings.Contains(line, "|"), no+1, maxN); err != nil {
			return nil, wrap(err, no+1)
		}
	}
	if b.rows == 0 {
		return nil, fmt.Errorf("%w: no board rows found", ErrSyntax)
	}
	if err := b.end(); err != nil {
		return nil, wrap(err, b.last)
	}
	return b.p, nil
}
