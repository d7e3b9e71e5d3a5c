package nqueens

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testio"
	"unicode/utf8"
)

// scanAll returns the placements (one-based text) and their lines.
func scanAll(t *testing.T, in string, maxN int) ([]string, []int, error) {
	t.Helper()
	sc := NewPlacementScanner(strings.NewReader(in), maxN)
	var got []string
	var lines []int
	for sc.Scan(context.Background()) {
		got = append(got, "["+sc.Placement().String()+"]")
		lines = append(lines, sc.Line())
	}
	return got, lines, sc.Err()
}

func TestPlacementScanner(t *testing.T) {
	solve := func(format string) string {
		// What 'nqueens solve 5 --limit 2 --format F' writes.
		var b strings.Builder
		for i, p := range []Placement{{0, 2, 4, 1, 3}, {0, 3, 1, 4, 2}} {
			switch format {
			case "perm":
				fmt.Fprintln(&b, p)
			case "json":
				j, _ := p.MarshalJSON()
				fmt.Fprintf(&b, "%s\n", j)
			case "board":
				fmt.Fprintf(&b, "Solution #%d\n\n%s\n", i+1, p.Board())
			}
		}
		return b.String()
	}
	two := []string{"[1 3 5 2 4]", "[1 4 2 5 3]"}
	tests := []struct {
		name, in string
		want     []string
		lines    []int
	}{
		{"perm lines", solve("perm"), two, []int{1, 2}},
		{"JSON Lines", solve("json"), two, []int{1, 2}},
		{"solve's boards", solve("board"), two, []int{5, 20}}, // the first row's line
		{"Board without title", Placement{1, 3, 0, 2}.Board(), []string{"[2 4 1 3]"}, []int{3}},
		{"one-column Board", Placement{0}.Board(), []string{"[1]"}, []int{3}},
		{"compact boards, blank-separated", "..Q.\nQ...\n...Q\n.Q..\n\n.Q..\n...Q\nQ...\n..Q.\n", []string{"[3 1 4 2]", "[2 4 1 3]"}, []int{1, 6}},
		{"complete's board with blocked squares", "x.Qx\nQ..x\n.x.Q\n.Q..\n", []string{"[3 1 4 2]"}, []int{1}},
		{"gen's comment", "# nqueens gen completion --family diag --n 4\n.Q..\n...Q\nQ...\n..Q.\n", []string{"[2 4 1 3]"}, []int{2}},
		{"byte order mark", "\ufeff2 4 1 3\n", []string{"[2 4 1 3]"}, []int{1}},
		{"trailing comment", "2 4 1 3 # the first\n[3,1,4,2]\n", []string{"[2 4 1 3]", "[3 1 4 2]"}, []int{1, 2}},
		{"spread JSON", "{\n \"n\": 4,\n \"columns\": [2, 4,\n 1, 3]\n}\n1\n", []string{"[2 4 1 3]", "[1]"}, []int{1, 6}},
		{"indented JSON", "  {\"n\":1,\"columns\":[1]}  \n\t{\"n\":1,\n\"columns\":[1]}\n", []string{"[1]", "[1]"}, []int{1, 2}},
		{"empty placements", "[]\n{\"n\":0,\"columns\":[]}\n", []string{"[]", "[]"}, []int{1, 2}},
		{"mixed, with CRLF", "2 4 1 3\r\n\r\n.Q..\r\n...Q\r\nQ...\r\n..Q.\r\n{\"n\":1,\"columns\":[1]}\r\n", []string{"[2 4 1 3]", "[2 4 1 3]", "[1]"}, []int{1, 3, 7}},
		{"board ended by a permutation", "Q\n1\n", []string{"[1]", "[1]"}, []int{1, 2}},
	}
	for _, tt := range tests {
		got, lines, err := scanAll(t, tt.in, 0)
		if err != nil || !slices.Equal(got, tt.want) || !slices.Equal(lines, tt.lines) {
			t.Errorf("%s: scan(%q) = %v at lines %v, %v; want %v at lines %v", tt.name, tt.in, got, lines, err, tt.want, tt.lines)
		}
	}
}

func TestPlacementScannerErrors(t *testing.T) {
	tests := []struct {
		in   string
		maxN int
		want string
	}{
		{"", 0, "bad placement: empty input"},
		{"# only a comment\n\n", 0, "bad placement: empty input"},
		{"2 4 1 3\n2.0 4 1 3\n", 0, `line 2: entry 1: "2.0" is not a column number`},
		{"2,4,,1,3", 0, "line 1: entry 3 is empty"},
		{"2,4,1,3,", 0, "line 1: entry 5 is empty"},
		{"1 2 " + strings.Repeat("9", 100), 0, `entry 3: "` + strings.Repeat("9", 40) + `…" is not a column number`},
		{"5 2 6 9 7 4 8 3", 0, "line 1: entry 4: column 9 is off an 8-column board"},
		{"[1,2", 0, "'[' is not closed by ']'"},
		{`{"columns":[2,4,1,3]}`, 0, "n is missing (4 columns are given)"},
		{`{"n":3,"columns":[1,2]}`, 0, "n is 3 but 2 columns are given"},
		{`{"n":4,"columns":[2.0,4,1,3]}`, 0, `entry 1: "2.0" is not a column number`},
		{`{"n":4,"columns":[2,4,1,3]} x`, 0, `line 1: "x" after the JSON record`},
		{"{\"n\":4,\n", 0, "line 1: the JSON record is not closed"},
		{"Q.\n.", 0, "line 2: row 2 has 1 square; row 1 has 2"},
		{"QQ\n..", 0, "line 1: row 1 has more than one queen (columns 1 and 2)"},
		{"Q.\n..", 0, "line 2: row 2 has no queen"},
		{"....\n", 0, "line 1: row 1 has no queen"},
		{"Qz\n.Q", 0, "line 1: column 2: 'z' is neither a queen"},
		{"Q..\n..Q\n", 0, "line 2: the board has 2 rows of 3 squares"},
		{"Q..\n..Q\n.Q.\nQ..\n", 0, "line 4: row 4 of a board 3 squares wide; separate boards with a blank line"},
		{"1 | # | x |\n2 | z |   |\n", 0, `line 2: row 2, cell 1: "z" is neither a queen`},
		{"1 2 3 4 5", 4, "line 1: more than 4 columns"},
		{".....", 4, "line 1: row 1 has more than 4 squares"},
		{strings.Repeat("1 ", 4000), 4, "line 1: longer than 4144 bytes"},
		{"2 4 1 3\n\x00\x00", 0, `line 2: column 1: '\x00' cannot appear in a placement`},
		{"\xff\xfe", 0, `line 1: column 1: '\xff' is neither a queen`},
		{strings.Repeat("\n", 20000), 1, "no placement in the last"},
	}
	for _, tt := range tests {
		_, _, err := scanAll(t, tt.in, tt.maxN)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("scan(%.60q) error = %v; want ErrSyntax containing %q", tt.in, err, tt.want)
			continue
		}
		if !utf8.ValidString(err.Error()) || len(err.Error()) > 300 {
			t.Errorf("scan(%.60q) error = %q: not valid UTF-8 or longer than 300 bytes", tt.in, err)
		}
	}
}

// TestPlacementScannerHostile: endless garbage fails within a few
// lines, having read far less than the 16 MiB it is offered.
func TestPlacementScannerHostile(t *testing.T) {
	for name, r := range testio.Hostile(16<<20, "....\n", "y\n", "#\n", "\n", "{\n") {
		sc := NewPlacementScanner(r, 0)
		k := 0
		for sc.Scan(context.Background()) {
			k++
		}
		if err := sc.Err(); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: Err() = %v after %d placements; want ErrSyntax", name, err, k)
		}
		if r.N > 4<<20 {
			t.Errorf("%s: read %d bytes before failing; want at most 4 MiB", name, r.N)
		}
	}
}

func TestPlacementScannerCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sc := NewPlacementScanner(strings.NewReader(strings.Repeat("1\n", 1000)), 0)
	k := 0
	for sc.Scan(ctx) {
		k++
	}
	if !errors.Is(sc.Err(), context.Canceled) || k > 256 {
		t.Errorf("cancelled scan: %d placements, Err() = %v; want at most 256 and context.Canceled", k, sc.Err())
	}
}

// TestParseMessages: the review's L8, L9 and L10 inputs.
func TestParseMessages(t *testing.T) {
	valid := []struct {
		in   string
		want Placement
	}{
		{"2 4 1 3 # comment", Placement{1, 3, 0, 2}},
		{"\ufeff2 4 1 3", Placement{1, 3, 0, 2}},
		{"[]", Placement{}},
		{`{"n":0,"columns":[]}`, Placement{}},
		{"# nqueens gen completion --family diag --n 4\nx.Qx\nQ..x\n.x.Q\n.Q..\n", Placement{2, 0, 3, 1}},
		{"Solution #1\n..Q.\nQ...\n...Q\n.Q..\n", Placement{2, 0, 3, 1}},
	}
	for _, tt := range valid {
		if got, err := Parse(tt.in); err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	bad := []struct{ in, want string }{
		{"2.0 4 1 3", `entry 1: "2.0" is not a column number`},
		{`{"columns":[2,4,1,3]}`, "n is missing (4 columns are given)"},
		{"2,4,,1,3", "entry 3 is empty"},
		{"1 2 " + strings.Repeat("\xff", 1000), `entry 3: "` + strings.Repeat(`\xff`, 40) + `…" is not a column number`},
		{"Q" + strings.Repeat("\x00", 1e6), `'\x00' is neither a queen`},
	}
	for _, tt := range bad {
		_, err := Parse(tt.in)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) || len(err.Error()) > 300 || !utf8.ValidString(err.Error()) {
			t.Errorf("Parse(%.60q) error = %.400q; want ErrSyntax containing %q, valid UTF-8, at most 300 bytes", tt.in, err, tt.want)
		}
	}
}

func TestCanonicalNotPermutation(t *testing.T) {
	for _, p := range []Placement{{4, -1}, {0, 0}, {1, 5, 0}} {
		if got := Canonical(p); !slices.Equal(got, p) {
			t.Errorf("Canonical(%v) = %v; want it unchanged (not a permutation)", p, got)
		}
	}
	if got, want := Canonical(Placement{1, 3, 0, 2}), (Placement{1, 3, 0, 2}); !slices.Equal(got, want) {
		t.Errorf("Canonical(2 4 1 3) = %v; want %v", got, want)
	}
}

// FuzzPlacementScanner: any input ends in placements with every column on
// its board and at most maxN queens, then io.EOF or an ErrSyntax error of
// valid UTF-8 and bounded length, without reading a line past the limit.
func FuzzPlacementScanner(f *testing.F) {
	for _, s := range []string{"1 3 5 2 4\n1 4 2 5 3\n", "{\"n\":1,\"columns\":[1]}\n", Placement{1, 3, 0, 2}.Board(), "x.Qx\nQ..x\n.x.Q\n.Q..\n\nQ\n", "# c\n2,4,,1,3", "\ufeff[]", strings.Repeat("1 ", 10), "Solution #1\n\n" + Placement{0}.Board(), strings.Repeat("1 ", LineLimit(8)/2+1)} {
		f.Add(s)
	}
	const maxN = 8
	f.Fuzz(func(t *testing.T, s string) {
		sc := NewPlacementScanner(strings.NewReader(s), maxN)
		for sc.Scan(context.Background()) {
			p := sc.Placement()
			if len(p) > maxN {
				t.Fatalf("scan(%q): a placement of %d queens; at most %d", s, len(p), maxN)
			}
			for i, c := range p {
				if c < 0 || c >= len(p) {
					t.Fatalf("scan(%q): placement %v, row %d off the board", s, p, i)
				}
			}
			// What String writes reads back the same.
			got, _, err := scanAll(t, p.String()+"\n", maxN)
			if len(p) > 0 && (err != nil || len(got) != 1 || got[0] != "["+p.String()+"]") {
				t.Fatalf("rescan of %q = %v, %v", p.String(), got, err)
			}
		}
		err := sc.Err()
		if err == nil {
			return
		}
		if !errors.Is(err, ErrSyntax) {
			t.Fatalf("scan(%q) error %v is neither nil nor ErrSyntax", s, err)
		}
		if m := err.Error(); !utf8.ValidString(m) || len(m) > 300 {
			t.Fatalf("scan(%q) error %q: invalid UTF-8 or longer than 300 bytes", s, m)
		}
	})
}

// TestScannerPartial: with AllowPartial, a board row without a queen is
// -1 and the blocked squares are kept; without it, such a row is an
// error.
func TestScannerPartial(t *testing.T) {
	in := "# gen\nx.Q.\n....\n...x\n.Q..\n\n2 4 1 3\n"
	sc := NewPlacementScanner(strings.NewReader(in), 0)
	sc.AllowPartial()
	if !sc.Scan(context.Background()) {
		t.Fatalf("Scan: %v", sc.Err())
	}
	if p, b := sc.Placement(), sc.Blocked(); !slices.Equal(p, Placement{2, -1, -1, 1}) || !slices.Equal(b, []Square{{0, 0}, {2, 3}}) {
		t.Errorf("partial board: %v, blocked %v; want [2 -1 -1 1], [1:1 3:4]", p, b)
	}
	if !sc.Scan(context.Background()) || !slices.Equal(sc.Placement(), Placement{1, 3, 0, 2}) || len(sc.Blocked()) != 0 {
		t.Errorf("then 2 4 1 3: %v, blocked %v, %v", sc.Placement(), sc.Blocked(), sc.Err())
	}
	sc = NewPlacementScanner(strings.NewReader(in), 0)
	if sc.Scan(context.Background()) || !strings.Contains(fmt.Sprint(sc.Err()), "row 2 has no queen") {
		t.Errorf("without AllowPartial: %v; want row 2 has no queen", sc.Err())
	}
}
