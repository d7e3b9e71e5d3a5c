package placetext

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the seed corpus of this file's fuzz targets: each form a
// placement takes (a permutation with any separator, a JSON record, a
// drawn board with or without a grid, a title, comments, a byte order
// mark) and the near misses the readers must refuse.
var fuzzSeeds = []string{
	"5 2 6 1 7 4 8 3", "2,4,1,3", "[2, 4, 1, 3]", "(3;1;4;2)", "1\n3\n5\n2\n4\n",
	`{"n":4,"columns":[2,4,1,3]}`, `{"columns":[1],"n":1}`, `{"n":2,"columns":[1,1]}`,
	Draw([]int{1, 3, 0, 2}), ".Q..\n...Q\nQ...\n..Q.\n", "x.Qx\nQ..x\n.x.Q\n.Q..\n",
	"Solution #1\n\n" + Draw([]int{0}), "# a comment\n2 4 1 3 # and another\n", "\ufeff[]",
	"1 1", "1 3 5 2 4 6", "", "[1", "0", "-1", "1,,2", "((", "\x00", "| # |\n", "99999999999999999999",
	strings.Repeat("1 ", 20), "2 4 1 3\n\n3 1 4 2\n{\"n\":1,\"columns\":[1]}\n",
}

// maxFuzzN bounds the boards of the fuzz targets, small so that a short
// input can reach it.
const maxFuzzN = 12

// checkSyntax fails t unless err wraps ErrSyntax with a message of valid
// UTF-8 and at most 300 bytes (the readers quote little of their input).
func checkSyntax(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, ErrSyntax) {
		t.Fatalf("%s: error %v; want one wrapping ErrSyntax", what, err)
	}
	if m := err.Error(); !utf8.ValidString(m) || len(m) > 300 {
		t.Fatalf("%s: error %q: invalid UTF-8 or longer than 300 bytes", what, m)
	}
}

// perm writes p one-based, space-separated: the plainest form.
func perm(p []int) string {
	s := make([]string, len(p))
	for i, c := range p {
		s[i] = strconv.Itoa(c + 1)
	}
	return strings.Join(s, " ")
}

// FuzzParse: Parse never panics; it refuses with ErrSyntax (a short
// message) or returns a placement whose every column is on its board,
// which reads back the same from its plainest form and from its drawing.
// On the same text a Reader of one permutation agrees: what it finds
// valid, Parse reads with as many columns and Check finds no attack in;
// an attack it reports in a text Parse reads as a permutation is the one
// Check names.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s, maxFuzzN)
		if err != nil {
			checkSyntax(t, "Parse("+strconv.Quote(s)+")", err)
		} else {
			for i, c := range p {
				if c < 0 || c >= len(p) {
					t.Fatalf("Parse(%q)[%d] = %d, off the board", s, i, c)
				}
			}
			if len(p) > 0 {
				if q, err := Parse(perm(p), maxFuzzN); err != nil || !slices.Equal(p, q) {
					t.Fatalf("Parse(%q) = %v; read back from %q: %v, %v", s, p, perm(p), q, err)
				}
			}
			if len(p) > 0 && len(p) <= maxFuzzN {
				if q, err := Parse(Draw(p), maxFuzzN); err != nil || !slices.Equal(p, q) {
					t.Fatalf("Parse(%q) = %v; read back from its drawing %q: %v, %v", s, p, Draw(p), q, err)
				}
			}
		}

		n, rerr := NewReader(strings.NewReader(s), 1<<20).Next()
		var at *Attack
		switch {
		case rerr == nil:
			if err != nil || len(p) != n || Check(p) != nil {
				t.Fatalf("Reader(%q) = %d, valid; Parse = %v, %v; Check: %v", s, n, p, err, Check(p))
			}
		case errors.As(rerr, &at):
			// An attack certain before the end is the one Check names for
			// the whole text, when Parse read it as a permutation too (the
			// Reader reads the header of a drawn board, "1 2 3 4", as
			// columns and stops at their attack).
			if txt := strings.TrimSpace(strings.TrimPrefix(s, "\ufeff")); err == nil && txt[0] != '{' && !looksDrawn(txt) {
				if want := Check(p); want == nil || want.Error() != rerr.Error() {
					t.Fatalf("Reader(%q) = %v; Check(Parse) says %v", s, rerr, want)
				}
			}
		default:
			checkSyntax(t, "Reader("+strconv.Quote(s)+")", rerr)
		}
	})
}

// FuzzScanner: a Scanner, with and without AllowPartial, and a Reader of
// lines never panic and end in bounded work: at most one placement a
// byte of input (and one more), each of at most maxFuzzN queens with
// every column on its board (or -1, a row without a queen, when
// partial), then the end or an ErrSyntax error with a short message.
// A placement the scanner reads reads back the same from its plainest
// form.
func FuzzScanner(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, partial := range []bool{false, true} {
			sc := NewScanner(strings.NewReader(s), maxFuzzN)
			if partial {
				sc.AllowPartial()
			}
			k := 0
			for sc.Scan(context.Background()) {
				if k++; k > len(s)+1 {
					t.Fatalf("scan(%q, partial %v): more than %d placements", s, partial, len(s)+1)
				}
				p := sc.Placement()
				if len(p) > maxFuzzN {
					t.Fatalf("scan(%q, partial %v): a placement of %d queens; at most %d", s, partial, len(p), maxFuzzN)
				}
				full := true
				for i, c := range p {
					if c < -1 || c >= len(p) || c == -1 && !partial {
						t.Fatalf("scan(%q, partial %v): placement %v, row %d off the board", s, partial, p, i)
					}
					full = full && c >= 0
				}
				if full && len(p) > 0 {
					re := NewScanner(strings.NewReader(perm(p)+"\n"), maxFuzzN)
					if !re.Scan(context.Background()) || !slices.Equal(re.Placement(), p) || re.Scan(context.Background()) || re.Err() != nil {
						t.Fatalf("scan(%q): placement %v; rescan of %q: %v, %v", s, p, perm(p), re.Placement(), re.Err())
					}
				}
			}
			if sc.Count() != k {
				t.Fatalf("scan(%q, partial %v): Count = %d after %d placements", s, partial, sc.Count(), k)
			}
			if err := sc.Err(); err != nil {
				checkSyntax(t, "scan("+strconv.Quote(s)+")", err)
			}
		}

		r := NewLines(strings.NewReader(s), maxFuzzN)
		for k := 0; ; k++ {
			if k > len(s)+1 {
				t.Fatalf("lines(%q): more than %d placements", s, len(s)+1)
			}
			n, err := r.Next()
			var at *Attack
			switch {
			case err == io.EOF:
				return
			case err == nil || errors.As(err, &at):
				if n > maxFuzzN {
					t.Fatalf("lines(%q): a placement of %d columns; at most %d", s, n, maxFuzzN)
				}
			default:
				checkSyntax(t, "lines("+strconv.Quote(s)+")", err)
				return
			}
		}
	})
}
