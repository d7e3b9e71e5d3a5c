package completion

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParse(t *testing.T) {
	b, err := Parse("\n# a comment\nQ...\n..x.\n....\n.x..\n\n")
	if err != nil {
		t.Fatal(err)
	}
	if b.N != 4 || len(b.Queens) != 1 || b.Queens[0] != (Square{0, 0}) || !b.IsBlocked(1, 2) || !b.IsBlocked(3, 1) || b.IsBlocked(2, 2) {
		t.Errorf("Parse = %+v", b)
	}
	if got, want := b.String(), "Q...\n..x.\n....\n.x..\n"; got != want {
		t.Errorf("String = %q; want %q", got, want)
	}
	bad := []struct {
		text, want string
	}{
		{"Q...\n...\n....\n....", "line 2: row 2 has 3 squares; row 1 has 4"},
		{"Q..\n...\n...\n...", "line 4: more than 3 rows"},
		{"Q..\n...", "2 rows on a board 3 squares wide"},
		{"Q.-\n...\n...", "line 1, column 3: '-' is not Q, . or x"},
		{"", "no rows"},
		{strings.Repeat(".", 65), "65 characters; a row has at most 64 squares"},
		{strings.Repeat(".", 10000000), "line 1: more than 4096 bytes; a row has at most 64 squares"},
		{strings.Repeat("#\n", 600000), "more than 1048576 bytes of input"},
		{"Q.\n\xff.", `line 2, column 1: '\xff' is not Q, . or x`},
	}
	for _, tt := range bad {
		_, err := Parse(tt.text)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%.60q) = %v; want ErrSyntax containing %q", tt.text, err, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		text string
		want error
		msg  string
	}{
		{"Q...\n....\n....\n....", nil, ""},
		{"Q...\n.Q..\n....\n....", ErrAttack, "queens 1:1 and 2:2 share a diagonal"},
		{"Q...\n....\nQ...\n....", ErrAttack, "share a column"},
		{"QQ..\n....\n....\n....", ErrAttack, "share a row"},
		{"...Q\n....\n.Q..\n....", ErrAttack, "share a diagonal"},
	}
	for _, tt := range tests {
		b, err := Parse(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		err = b.Check()
		if !errors.Is(err, tt.want) || (err != nil && !strings.Contains(err.Error(), tt.msg)) {
			t.Errorf("Check(%q) = %v; want %v %q", tt.text, err, tt.want, tt.msg)
		}
	}
	b := &Board{N: 4, Queens: []Square{{1, 1}}}
	b.Block(1, 1)
	if err := b.Check(); !errors.Is(err, ErrOnBlock) || !strings.Contains(err.Error(), "2:2") {
		t.Errorf("queen on block: %v", err)
	}
	for _, q := range []Square{{4, 0}, {0, -1}, {-1, 2}} {
		b := &Board{N: 4, Queens: []Square{q}}
		if err := b.Check(); !errors.Is(err, ErrOffBoard) {
			t.Errorf("queen %+v: %v; want ErrOffBoard", q, err)
		}
	}
	b = &Board{N: 4}
	b.Block(0, 5)
	if err := b.Check(); !errors.Is(err, ErrOffBoard) {
		t.Errorf("block off board: %v", err)
	}
	b = &Board{N: 4}
	b.Block(6, 0)
	if err := b.Check(); !errors.Is(err, ErrOffBoard) {
		t.Errorf("block off board: %v", err)
	}
	for _, n := range []int{0, -1, 65} {
		if err := (&Board{N: n}).Check(); !errors.Is(err, ErrSize) {
			t.Errorf("n = %d: %v; want ErrSize", n, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("Q...\n..x.\n....\n.x..\n")
	f.Add("Q..\n...\n..")
	f.Add("# c\n\nx\n")
	f.Add(".Q\nQ.\n")
	f.Add("\ufeffQ\n")
	f.Add(strings.Repeat(".", MaxLine+1))
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse error %v does not wrap ErrSyntax", err)
			}
			if m := err.Error(); !utf8.ValidString(m) || len(m) > 200 {
				t.Fatalf("Parse error %q: invalid UTF-8 or longer than 200 bytes", m)
			}
			return
		}
		if b.N < 1 || b.N > MaxN {
			t.Fatalf("Parse gave n = %d", b.N)
		}
		// The text form round-trips.
		s := b.String()
		b2, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(String()) = %v for %q", err, s)
		}
		if b2.String() != s {
			t.Fatalf("round trip: %q became %q", s, b2.String())
		}
		_ = b.Check() // must not panic
	})
}
