package placetext

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// lex reads s with readPerm (or readJSON if it starts with '{') and
// returns the values passed to add, or the error's text.
func lex(s string, lines bool, maxN int) ([]int, string) {
	sr := &src{r: strings.NewReader(s)}
	var got []int
	add := func(v int) error { got = append(got, v); return nil }
	b, err := sr.read()
	if err != nil {
		return nil, err.Error()
	}
	var n int
	if b == '{' {
		n, err = readJSON(sr, maxN, add)
	} else {
		n, err = readPerm(sr, b, permForm{lines: lines, maxN: maxN}, add)
	}
	if err != nil {
		return nil, err.Error()
	}
	if n != len(got) {
		return nil, fmt.Sprintf("%d entries, %d columns", n, len(got))
	}
	return got, ""
}

func TestReadPerm(t *testing.T) {
	tests := []struct {
		in    string
		lines bool
		want  []int
		err   string
	}{
		{"5 2 6 1", false, []int{5, 2, 6, 1}, ""},
		{"5,2;6\t1\r\n", false, []int{5, 2, 6, 1}, ""},
		{"[5, 2]", false, []int{5, 2}, ""},
		{"[]", false, nil, ""},
		{"(1 2)", true, []int{1, 2}, ""},
		{"(1 2)", false, nil, `entry 1: "(1" is not a column number`},
		{"1 2 # 3", true, []int{1, 2}, ""},
		{"1 2 # 3", false, nil, `entry 3: "#" is not a column number`},
		{"1 2\n3", true, []int{1, 2}, ""},
		{"1 2\n3", false, []int{1, 2, 3}, ""},
		{"1,,2", false, nil, "entry 2 is empty"},
		{",1", false, nil, "entry 1 is empty"},
		{"1,", false, nil, "entry 2 is empty"},
		{"[1,]", false, nil, "entry 2 is empty"},
		{"[1", false, nil, "'[' is not closed by ']'"},
		{"(1", true, nil, "'(' is not closed by ')'"},
		{"[1) ", true, nil, "entry 2: ')' closes no bracket"},
		{"1 2]", false, nil, "entry 3: ']' closes no bracket"},
		{"[1] 2", false, nil, "text after the closing ']'"},
		{"1 [2", false, nil, `entry 2: "[2" is not a column number`},
		{"+1", false, nil, `entry 1: "+1" is not a column number`},
		{"2.0", false, nil, `entry 1: "2.0" is not a column number`},
		{"1 2 3", false, nil, "more than 2 columns; at most 2 queens here"},
		{strings.Repeat("9", maxDigits), false, []int{maxDigitsValue()}, ""},
		{strings.Repeat("9", maxDigits+1), false, nil, `entry 1: "` + strings.Repeat("9", maxDigits+1) + `" is not a column number`},
		{"1 " + strings.Repeat("x", 100), false, nil, `entry 2: "` + strings.Repeat("x", 40) + `…" is not a column number`},
	}
	for _, tt := range tests {
		maxN := 1 << 20
		if tt.in == "1 2 3" {
			maxN = 2
		}
		got, err := lex(tt.in, tt.lines, maxN)
		if err != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("readPerm(%q, lines %v) = %v, %q; want %v, %q", tt.in, tt.lines, got, err, tt.want, tt.err)
		}
	}
}

func TestReadJSON(t *testing.T) {
	tests := []struct {
		in   string
		want []int
		err  string
	}{
		{`{"n":2,"columns":[2,1]}`, []int{2, 1}, ""},
		{"{ \"columns\" : [ 2 ,\n 1 ] ,\n \"n\" : 2 }", []int{2, 1}, ""},
		{`{"n":0,"columns":[]}`, nil, ""},
		{`{}`, nil, "JSON: n is missing (0 columns are given)"},
		{`{"columns":[1]}`, nil, "JSON: n is missing (1 columns are given)"},
		{`{"n":1}`, nil, "JSON: columns is missing"},
		{`{"n":1,"n":1}`, nil, "JSON: n is given twice"},
		{`{"n":3,"columns":[1,2]}`, nil, "n is 3 but 2 columns are given"},
		{`{"n":99,"columns":[]}`, nil, "JSON: n = 99; at most 8 here"},
		{`{"n":-1,"columns":[]}`, nil, `JSON: n = "-1" is not a board size`},
		{`{"N":1,"columns":[1]}`, nil, `JSON: unknown field "N"`},
		{`{"n":1,"columns":[1],}`, nil, `JSON: '}' where a field name belongs`},
		{`{"n":1 "columns":[1]}`, nil, `JSON: '"' after a value`},
		{`{"n":2,"columns":[1 2]}`, nil, `JSON: entry 1: '2' where ',' or ']' belongs`},
		{`{"n":2,"columns":[1,,2]}`, nil, "JSON: entry 2 is empty"},
		{`{"n":1,"columns":[1e0]}`, nil, `entry 1: "1e0" is not a column number`},
		{`{"n":1,"columns":1}`, nil, "JSON: columns: '1', not an array"},
		{`{"n":1,"columns":[1]`, nil, "the JSON record is not closed"},
		{`{"` + strings.Repeat("k", 1000), nil, `JSON: unknown field "` + strings.Repeat("k", 40) + `…"`},
	}
	for _, tt := range tests {
		got, err := lex(tt.in, true, 8)
		if err != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("readJSON(%q) = %v, %q; want %v, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// counter counts the bytes read from an endless run of one byte.
type counter struct {
	c byte
	n int
}

func (r *counter) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.c
	}
	r.n += len(p)
	return len(p), nil
}

// TestTokenBound: a token without end is read to tokenMax bytes, not
// further; a Reader fails having read one buffer of an endless input
// (drawnPeek bytes: it looks that far ahead for a drawn board's header).
func TestTokenBound(t *testing.T) {
	for _, c := range []byte{0, 'x', '9', '{'} {
		r := &counter{c: c}
		_, err := NewReader(r, 1<<31-1).Next()
		if !errors.Is(err, ErrSyntax) || r.n > drawnPeek {
			t.Errorf("Reader(endless %q) = %v after %d bytes; want ErrSyntax within %d bytes", c, err, r.n, drawnPeek)
		}
	}
	var tok token
	sr := &src{r: strings.NewReader(strings.Repeat("7", 1000))}
	b, _ := sr.read()
	if err := sr.readToken(b, &permDelims, &tok); err != nil || tok.ok || tok.n != tokenMax {
		t.Errorf("readToken(1000 digits) = %+v, %v; want %d bytes, not ok", tok, err, tokenMax)
	}
	if rest, _ := io.ReadAll(sr.r.(io.Reader)); len(rest) != 1000-tokenMax {
		t.Errorf("readToken left %d bytes; want %d", len(rest), 1000-tokenMax)
	}
}

// maxDigitsValue is the largest number of maxDigits digits, all nines:
// 10^18 − 1 on a 64-bit int, 10^9 − 1 on a 32-bit one.
func maxDigitsValue() int {
	v := 0
	for range maxDigits {
		v = v*10 + 9
	}
	return v
}
