package nqueens

import (
	"errors"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/completion"
)

// TestReadPuzzleSyntaxError: a board that is not board text is
// ErrBadPuzzle, names the problem once, and still matches the syntax
// error of package completion.
func TestReadPuzzleSyntaxError(t *testing.T) {
	_, err := ReadPuzzle(strings.NewReader("..x\n.Q.\nZZZ\n"))
	const want = "bad puzzle: line 3, column 1: 'Z' is not Q, . or x"
	if err == nil || err.Error() != want || !errors.Is(err, ErrBadPuzzle) || !errors.Is(err, completion.ErrSyntax) {
		t.Errorf("ReadPuzzle(bad text) error = %v; want %q matching ErrBadPuzzle and completion.ErrSyntax", err, want)
	}
}
