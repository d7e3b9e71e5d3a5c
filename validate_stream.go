package nqueens

import (
	"io"

	"github.com/nqueens/nqueens/internal/placetext"
)

// ValidateReader reads one permutation of one-based columns from r and
// checks it as Validate does, returning N. It keeps about 4.6 bytes a
// queen, never the text, and stops at an attack as soon as it is certain
// ("1 1 1 …" stops at its second queen). Errors are Validate's: an
// *AttackError, or one wrapping ErrSyntax; r's errors are returned as
// they are. "[]" is the empty placement, valid.
func ValidateReader(r io.Reader) (int, error) {
	n, err := placetext.NewReader(r, MaxFindN).Next()
	return n, fromText(err)
}

// A LineValidator checks a stream of placements, a permutation or a
// JSON record a line, as ValidateReader checks one, in the memory of the
// longest line's queens. Blank and comment lines are skipped (at most 1
// MiB of them in a row).
type LineValidator struct {
	r       *placetext.Reader
	n, line int
	verdict error
	err     error
}

// NewLineValidator returns a LineValidator reading r.
func NewLineValidator(r io.Reader) *LineValidator {
	return &LineValidator{r: placetext.NewLines(r, MaxFindN)}
}

// Next checks the next placement. It returns false at the end of the
// input or at the first error that is not an attack (see Err).
func (v *LineValidator) Next() bool {
	if v.err != nil {
		return false
	}
	n, err := v.r.Next()
	v.n, v.line, v.verdict = n, v.r.Line(), nil
	if _, ok := err.(*placetext.Attack); err != nil && !ok {
		v.err = err // syntax (with the line), the reader's, or io.EOF
		return false
	}
	v.verdict = fromText(err)
	return true
}

// N returns the number of queens of the placement Next checked (for an
// attack found before the end of its line, the rows up to the attack).
func (v *LineValidator) N() int { return v.n }

// Line returns the line (one-based) of the placement Next checked.
func (v *LineValidator) Line() int { return v.line }

// Verdict returns nil if the placement Next checked is a solution, else
// an *AttackError (wrapping ErrAttack) as Validate returns it.
func (v *LineValidator) Verdict() error { return v.verdict }

// Err returns the error that ended the stream: nil at its end, an error
// wrapping ErrSyntax (with the line number) for a line that is not a
// placement, or the reader's error.
func (v *LineValidator) Err() error {
	if v.err == io.EOF {
		return nil
	}
	return v.err
}

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
