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
	})
}
