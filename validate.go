package nqueens

import (
	"github.com/nqueens/nqueens/internal/placetext"
)

// An AttackError names the first attacking pair Validate found: the
// queens in rows RowA < RowB (zero-based) and how they attack.
type AttackError struct {
	RowA, ColA int
	RowB, ColB int
	How        string // "same column", "same diagonal" or "same anti-diagonal"
}

// Error describes the pair one-based, as the text forms are written:
// "rows 1 and 2: queens at columns 1 and 1 are on the same column".
func (e *AttackError) Error() string { return (*placetext.Attack)(e).Error() }

// Unwrap returns ErrAttack.
func (e *AttackError) Unwrap() error { return ErrAttack }

// Validate returns nil if p is a solution, else an *AttackError for the
// attacking pair whose second row is smallest, or an error wrapping
// ErrSyntax for a column off the board. N = 0 is valid; O(N).
func Validate(p Placement) error { return fromText(placetext.Check(p)) }

// fromText makes a *placetext.Attack (the same fields) an *AttackError;
// other errors pass as they are.
func fromText(err error) error {
	if a, ok := err.(*placetext.Attack); ok {
		return (*AttackError)(a)
	}
	return err
}
