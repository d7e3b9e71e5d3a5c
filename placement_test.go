package nqueens

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	seed := Placement{4, 1, 5, 0, 6, 3, 7, 2} // "5 2 6 1 7 4 8 3", seed 004's first
	tests := []struct {
		in   string
		want Placement
	}{
		{"5 2 6 1 7 4 8 3", seed},
		{"5,2,6,1,7,4,8,3", seed},
		{"[5,2,6,1,7,4,8,3]", seed},
		{"[5, 2, 6, 1, 7, 4, 8, 3]\n", seed},
		{"(5 2 6 1 7 4 8 3)", seed},
		{`{"n":8,"columns":[5,2,6,1,7,4,8,3]}`, seed},
		{"1", Placement{0}},
		{"..Q.\nQ...\n...Q\n.Q..\n", Placement{2, 0, 3, 1}},
		{"..q.\nQ...\n...#\n.Q..", Placement{2, 0, 3, 1}},
		// Seed 004's drawing.
		{"________________\n|   |   | Q |   |\n|___|___|___|___|\n| Q |   |   |   |\n|___|___|___|___|\n|   |   |   | Q |\n|___|___|___|___|\n|   | Q |   |   |\n|___|___|___|___|\n", Placement{2, 0, 3, 1}},
		// Seed 000's regine.txt grid, with its title.
		{" \nSOLUZIONE #1\n \n    1   2   3   4\n  -----------------\n1 |   | # |   |   |\n  -----------------\n2 |   |   |   | # |\n  -----------------\n3 | # |   |   |   |\n  -----------------\n4 |   |   | # |   |\n  -----------------\n", Placement{1, 3, 0, 2}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) error: %v", tt.in, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q) = %v; want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "empty input"},
		{"   \n", "empty input"},
		{"5 2 6 9 7 4 8 3", "entry 4: column 9 is off an 8-column board"},
		{"1 2 x", `entry 3: "x" is not a column number`},
		{"0 1", "entry 1: column 0 is off a 2-column board"},
		{"[1,2", "not closed"},
		{"Q.\n.", "row 2 has 1 square; row 1 has 2"},
		{"QQ\n..", "row 1 has more than one queen"},
		{"Q.\n..", "row 2 has no queen"},
		{"Qz\n.Q", `'z' is neither a queen`},
		{`{"n":3,"columns":[1,2]}`, "n is 3 but 2 columns"},
		{`{"n":2,"columns":[1,3]}`, "entry 2: column 3 is off"},
		{`{"n":`, "JSON"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = nil error; want %q", tt.in, tt.want)
			continue
		}
		if !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) error %v does not wrap ErrSyntax", tt.in, err)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q) error = %q; want it to contain %q", tt.in, err, tt.want)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	seq, err := Solutions(context.Background(), 8, SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for p := range seq.All() {
		for _, text := range []string{p.String(), p.Board()} {
			got, err := Parse(text)
			if err != nil || !slices.Equal(got, p) {
				t.Fatalf("Parse(%q) = %v, %v; want %v", text, got, err, p)
			}
		}
		b, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var q Placement
		if err := q.UnmarshalJSON(b); err != nil || !slices.Equal(q, p) {
			t.Fatalf("JSON round trip of %v via %s = %v, %v", p, b, q, err)
		}
	}
}

func TestBoard(t *testing.T) {
	got := Placement{1, 3, 0, 2}.Board()
	want := `    1   2   3   4
  -----------------
1 |   | # |   |   |
  -----------------
2 |   |   |   | # |
  -----------------
3 | # |   |   |   |
  -----------------
4 |   |   | # |   |
  -----------------
`
	if got != want {
		t.Errorf("Board() =\n%s\nwant\n%s", got, want)
	}
	if got := (Placement{}).Board(); got != "" {
		t.Errorf("empty Board() = %q; want \"\"", got)
	}
	// Two-digit sizes keep the grid aligned: every line has the same width.
	p := make(Placement, 12)
	for i := range p {
		p[i] = i
	}
	lines := strings.Split(strings.TrimSuffix(p.Board(), "\n"), "\n")
	for _, l := range lines[1:] {
		if len(l) != len(lines[1]) {
			t.Fatalf("12×12 board has ragged lines:\n%s", p.Board())
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"5 2 6 1 7 4 8 3", "[1,2]", "Q.\n.Q", `{"n":1,"columns":[1]}`, "| # |\n", "-1", "1,,2", "((", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse(%q) error %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if len(p) == 0 {
			return // "[]" or {"n":0,"columns":[]}: the empty placement
		}
		for i, c := range p {
			if c < 0 || c >= len(p) {
				t.Fatalf("Parse(%q)[%d] = %d, off the board", s, i, c)
			}
		}
		// What String writes, Parse reads back.
		q, err := Parse(p.String())
		if err != nil || !slices.Equal(p, q) {
			t.Fatalf("Parse(String(%v)) = %v, %v", p, q, err)
		}
	})
}
