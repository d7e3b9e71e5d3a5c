package nqueens

import (
	"errors"
	"strings"
	"testing"

	"github.com/nqueens/nqueens/internal/completion"
)

// TestReadBoardSyntaxError: a board that is not board text is
// ErrBadBoard, names the problem once, and still matches the syntax
// error of package completion.
func TestReadBoardSyntaxError(t *testing.T) {
	_, err := ReadBoard(strings.NewReader("..x\n.Q.\nZZZ\n"))
	const want = "bad board: line 3, column 1: 'Z' is not Q, . or x"
	if err == nil || err.Error() != want || !errors.Is(err, ErrBadBoard) || !errors.Is(err, completion.ErrSyntax) {
		t.Errorf("ReadBoard(bad text) error = %v; want %q matching ErrBadBoard and completion.ErrSyntax", err, want)
	}
}
