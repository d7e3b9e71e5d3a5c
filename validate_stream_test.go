package nqueens

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/testio"

	"github.com/nqueens/nqueens/internal/construct"
	"github.com/nqueens/nqueens/internal/placetext"
)

func TestValidateReader(t *testing.T) {
	tests := []string{
		"5 2 6 1 7 4 8 3", "5,2,6,1,7,4,8,3", "[5,2,6,1,7,4,8,3]\n", "1 1", "1 2", "2 1", "1 3 5 2 4 6",
		"1", "", "[1", "5 2 6 1 7 4 8 9", "1 x", "[1] 2", "0 1", "3 1 2", "1 3 2",
	}
	for _, s := range tests {
		n, err := ValidateReader(strings.NewReader(s))
		p, perr := Parse(s)
		var want error
		if perr != nil {
			want = perr
		} else {
			want = Validate(p)
		}
		if (err == nil) != (want == nil) || errors.Is(err, ErrAttack) != errors.Is(want, ErrAttack) ||
			errors.Is(err, ErrSyntax) != errors.Is(want, ErrSyntax) {
			t.Errorf("ValidateReader(%q) = %d, %v; Parse+Validate say %v", s, n, err, want)
		}
		if errors.Is(want, ErrAttack) && err.Error() != want.Error() {
			t.Errorf("ValidateReader(%q) = %q; Validate says %q", s, err, want)
		}
	}
}

func TestValidateReaderLarge(t *testing.T) {
	n := 1_000_003
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(construct.WritePerm(pw, n)) }()
	got, err := ValidateReader(pr)
	if err != nil || got != n {
		t.Errorf("ValidateReader(Find(%d)) = %d, %v", n, got, err)
	}
}

// FuzzValidateReader checks that the streaming checker agrees with Parse
// and Validate on whether a permutation text is a solution, and never
// panics.
func FuzzValidateReader(f *testing.F) {
	for _, s := range []string{"5 2 6 1 7 4 8 3", "[2,4,1,3]", "1 1", "1 3 5 2 4 6", "", "[1", "0", "3;1;4;2\n", Placement{1, 3, 0, 2}.Board()} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ValidateReader(strings.NewReader(s))
		if err != nil && !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrAttack) {
			t.Fatalf("ValidateReader(%q) = %v: neither ErrSyntax nor ErrAttack", s, err)
		}
		if err == nil {
			p, perr := Parse(s)
			if perr != nil || len(p) != n || Validate(p) != nil {
				t.Fatalf("ValidateReader(%q) = %d, valid; Parse+Validate: %v, %v", s, n, perr, Validate(p))
			}
		}
		// An attack, even one found before the end, is the one Validate
		// names for the whole text.
		if p, perr := Parse(s); errors.Is(err, ErrAttack) && perr == nil {
			if want := Validate(p); want == nil || want.Error() != err.Error() {
				t.Fatalf("ValidateReader(%q) = %v; Validate says %v", s, err, want)
			}
		}
	})
}

// TestValidateReaderEarly: an attack certain before the end is returned
// at once, with Validate's message, having read little of an endless
// input (which the checker used to store whole, 4 bytes a queen).
func TestValidateReaderEarly(t *testing.T) {
	tests := []struct{ unit, want string }{
		{"1 ", "rows 1 and 2: queens at columns 1 and 1 are on the same column"},
		{"2 4 1 3 ", "rows 1 and 5: queens at columns 2 and 2 are on the same column"},
		{"3,1,1,", "rows 2 and 3: queens at columns 1 and 1 are on the same column"},
		{"1\n2\n", "rows 1 and 2: queens at columns 1 and 2 are on the same diagonal"},
	}
	for _, tt := range tests {
		r := testio.Repeat(tt.unit, 64<<20)
		_, err := ValidateReader(r)
		if !errors.Is(err, ErrAttack) || err.Error() != tt.want {
			t.Errorf("ValidateReader(endless %q) = %v; want %q", tt.unit, err, tt.want)
		}
		if r.N > 1<<20 {
			t.Errorf("ValidateReader(endless %q) read %d bytes; want at most 1 MiB", tt.unit, r.N)
		}
	}
	// The same answer as Validate's when the whole input is known.
	for _, s := range []string{"3 1 1", "5 1 1 2 3", "2 4 1 3 2", "9 1 1 2 3 4 5 6 7 8"} {
		p, _ := Parse(s)
		_, err := ValidateReader(strings.NewReader(s))
		if want := Validate(p); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("ValidateReader(%q) = %v; Validate says %v", s, err, want)
		}
	}
	// A drawn board is not a list of columns: its header "1 2 3 4" is
	// not read as four queens (two on a diagonal), whether the board is
	// valid or not; Parse reads it.
	for _, p := range []Placement{{1, 3, 0, 2}, {0, 1, 2, 3}} {
		s := p.Board()
		if _, err := ValidateReader(strings.NewReader(s)); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "drawn board") {
			t.Errorf("ValidateReader(%v drawn) = %v; want a syntax error naming the drawn board", p, err)
		}
		if q, err := Parse(s); err != nil || !slices.Equal(q, p) {
			t.Errorf("Parse(%v drawn) = %v, %v; want %v", p, q, err, p)
		}
	}
	// A first line that is no header (a comma) makes no drawing of what
	// follows: the error is the list's own.
	if _, err := ValidateReader(strings.NewReader("2,4\n-1,3")); !errors.Is(err, ErrSyntax) || strings.Contains(err.Error(), "drawn board") {
		t.Errorf("ValidateReader(\"2,4\\n-1,3\") = %v; want the list's syntax error", err)
	}
	// Columns over several lines are still columns.
	if n, err := ValidateReader(strings.NewReader("2 4\n1 3\n")); n != 4 || err != nil {
		t.Errorf("ValidateReader(\"2 4\\n1 3\\n\") = %d, %v; want 4, nil", n, err)
	}
	// An empty entry, as Parse refuses it.
	for _, s := range []string{"2,,1", "1,", ",1", "[1,]"} {
		if _, err := ValidateReader(strings.NewReader(s)); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "is empty") {
			t.Errorf("ValidateReader(%q) = %v; want an empty entry", s, err)
		}
	}
}

// TestLineValidator: each line is one placement, checked as Parse and
// Validate check it; JSON records on one line too.
func TestLineValidator(t *testing.T) {
	lines := []string{
		"5 2 6 1 7 4 8 3", "1 1", "[2,4,1,3]", "(3 1 4 2)", "2 4 1 3 # a comment", "1 3 5 2 4 6",
		`{"n":4,"columns":[2,4,1,3]}`, `{"columns":[3,1,4,2],"n":4}`, ` { "n" : 4 , "columns" : [ 2 , 4 , 1 , 3 ] } `,
		`{"n":2,"columns":[1,2]}`, "1",
	}
	in := "\ufeff# header\n\n" + strings.Join(lines, "\n") + "\n"
	v := NewLineValidator(strings.NewReader(in))
	k := 0
	for v.Next() {
		p, err := Parse(lines[k])
		if err != nil {
			t.Fatalf("Parse(%q): %v", lines[k], err)
		}
		want := Validate(p)
		if got := v.Verdict(); (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() || v.N() != len(p) || v.Line() != k+3 {
			t.Errorf("line %d %q: N %d, line %d, %v; want N %d, line %d, %v", k+3, lines[k], v.N(), v.Line(), got, len(p), k+3, want)
		}
		k++
	}
	if err := v.Err(); err != nil || k != len(lines) {
		t.Errorf("LineValidator read %d placements, then %v; want %d, nil", k, err, len(lines))
	}
	bad := []struct{ in, want string }{
		{"2 4 1 3\n1 x\n", "line 2: entry 2"},
		{`{"n":4,"columns":[2,4,1,3],"x":1}`, `unknown field "x"`},
		{`{"n":5,"columns":[2,4,1,3]}`, "n is 5 but 4 columns"},
		{`{"n":4,"columns":[2,4,1,5]}`, "line 1: entry 4: column 5 is off a 4-column board"},
		{`{"n":4,"columns":[2,4,1,3]`, "not closed"},
		{`{"n":4,"columns":[2,4,1,3]} 1`, "text after"},
		{"1 1 1 9\n", "off"},
	}
	for _, tt := range bad {
		v := NewLineValidator(strings.NewReader(tt.in))
		for v.Next() {
		}
		if err := v.Err(); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("LineValidator(%q): %v; want ErrSyntax with %q", tt.in, err, tt.want)
		}
	}
}

// TestLineValidatorHostile: endless garbage, blank lines or comments
// fail within the first MiB or so of the 16 MiB offered.
func TestLineValidatorHostile(t *testing.T) {
	for name, r := range testio.Hostile(16<<20, "y\n", "#\n", "\n", "# comment\r\n", "{\n") {
		v := NewLineValidator(r)
		k := 0
		for v.Next() {
			k++
		}
		if err := v.Err(); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: Err() = %v after %d placements; want ErrSyntax", name, err, k)
		}
		if r.N > 2<<20 {
			t.Errorf("%s: read %d bytes before failing; want at most 2 MiB", name, r.N)
		}
	}
}

// TestLineValidatorLarge: two long permutations are two placements.
func TestLineValidatorLarge(t *testing.T) {
	var sb strings.Builder
	for _, n := range []int{150_000, 150_001} {
		if err := construct.WritePerm(&sb, n); err != nil {
			t.Fatal(err)
		}
		sb.WriteString("\n")
	}
	v := NewLineValidator(strings.NewReader(sb.String()))
	var got []int
	for v.Next() {
		if v.Verdict() != nil {
			t.Errorf("line %d: %v", v.Line(), v.Verdict())
		}
		got = append(got, v.N())
	}
	if len(got) != 2 || got[0] != 150_000 || got[1] != 150_001 || v.Err() != nil {
		t.Errorf("LineValidator read %v, %v; want [150000 150001]", got, v.Err())
	}
}

// FuzzLineValidator: line by line, the streaming checker agrees with
// Parse and Validate on each line, and never panics.
func FuzzLineValidator(f *testing.F) {
	for _, s := range []string{"5 2 6 1 7 4 8 3\n1 1", `{"n":4,"columns":[2,4,1,3]}`, "# c\n\n(1)", "[1", "1,,2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := NewLineValidator(strings.NewReader(s))
		for v.Next() {
			if v.Verdict() != nil && !errors.Is(v.Verdict(), ErrAttack) {
				t.Fatalf("LineValidator(%q): verdict %v", s, v.Verdict())
			}
		}
		if err := v.Err(); err != nil && !errors.Is(err, ErrSyntax) {
			t.Fatalf("LineValidator(%q) = %v: not ErrSyntax", s, err)
		}
	})
}

// FuzzLineValidatorScanner: LineValidator and PlacementScanner+Validate
// read the same placements, at the same lines, with the same verdicts,
// and fail (with ErrSyntax) at the same placement, on the input both
// read: lines of permutations and JSON records, no drawn board (which
// LineValidator does not read) and no control character (which the
// scanner refuses even in a comment).
func FuzzLineValidatorScanner(f *testing.F) {
	for _, s := range []string{
		"5 2 6 1 7 4 8 3\n1 1\n", `{"n":4,"columns":[2,4,1,3]}`, "# c\n\n(1)\n[]\n", "[1", "1,,2", "1 1 9",
		"{\n\"columns\": [3,1,4,2],\n \"n\": 4}\n2 4 1 3 # c", `{"n":2,"columns":[1,2]} x`, "2 4 1 3 2 4 1 3 5",
		` {"n":1,"columns":[1]}`, "\t[1]",
	} {
		f.Add(s)
	}
	type got struct {
		line, n int
		verdict string
	}
	f.Fuzz(func(t *testing.T, s string) {
		for l := range strings.Lines(s) {
			if placetext.IsBoardLine([]byte(strings.TrimRight(l, "\n"))) {
				return
			}
		}
		for _, c := range []byte(s) {
			if c < ' ' && c != '\t' && c != '\r' && c != '\n' || c == 0x7f {
				return
			}
		}
		var lv, sc []got
		v := NewLineValidator(strings.NewReader(s))
		for v.Next() {
			lv = append(lv, got{v.Line(), v.N(), fmt.Sprint(v.Verdict())})
		}
		scan := NewPlacementScanner(strings.NewReader(s), 0)
		for scan.Scan(context.Background()) {
			p := scan.Placement()
			sc = append(sc, got{scan.Line(), len(p), fmt.Sprint(Validate(p))})
		}
		lvErr, scErr := v.Err(), scan.Err()
		if len(lv) == 0 && lvErr == nil && errors.Is(scErr, ErrSyntax) && strings.HasSuffix(scErr.Error(), "empty input") {
			scErr = nil // no placement: the scanner calls it an error
		}
		if !slices.Equal(lv, sc) || (lvErr == nil) != (scErr == nil) ||
			lvErr != nil && (!errors.Is(lvErr, ErrSyntax) || !errors.Is(scErr, ErrSyntax)) {
			t.Fatalf("input %q:\nLineValidator %v, %v\nPlacementScanner+Validate %v, %v", s, lv, lvErr, sc, scErr)
		}
	})
}
