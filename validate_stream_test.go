package nqueens

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/construct"
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
	for _, s := range []string{"5 2 6 1 7 4 8 3", "[2,4,1,3]", "1 1", "1 3 5 2 4 6", "", "[1", "0", "3;1;4;2\n"} {
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
		pos := 0
		r := &endless{next: func(p []byte) {
			for i := range p {
				p[i] = tt.unit[pos]
				pos = (pos + 1) % len(tt.unit)
			}
		}, limit: 64 << 20}
		_, err := ValidateReader(r)
		if !errors.Is(err, ErrAttack) || err.Error() != tt.want {
			t.Errorf("ValidateReader(endless %q) = %v; want %q", tt.unit, err, tt.want)
		}
		if r.n > 1<<20 {
			t.Errorf("ValidateReader(endless %q) read %d bytes; want at most 1 MiB", tt.unit, r.n)
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
	// An empty entry, as Parse refuses it.
	for _, s := range []string{"2,,1", "1,", ",1", "[1,]"} {
		if _, err := ValidateReader(strings.NewReader(s)); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), "is empty") {
			t.Errorf("ValidateReader(%q) = %v; want an empty entry", s, err)
		}
	}
}
