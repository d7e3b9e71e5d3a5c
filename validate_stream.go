package nqueens

import (
	"io"

	"github.com/nqueens/nqueens/internal/placetext"
)

// ValidateReader reads a placement written as one-based columns —
// "5 2 6 1 7 4 8 3", separated by spaces, tabs, newlines, commas or
// semicolons, optionally inside [ ] — from r and checks it as Validate
// does, returning N. It keeps 4 bytes per queen for the columns and 0.63
// for the check, never the text: a 10^7-queen file (79 MB of text) is
// checked with a peak RSS of about 55 MB for the whole nqueens process.
//
// It checks the queens as they come too, and returns an attack as soon
// as it is certain whatever follows: when every column read so far is on
// any board with the rows read so far. Then N is the number of rows read,
// and the rest of r is not read: an endless "1 1 1 …" stops at its second
// queen.
//
// Errors are those of Validate: an *AttackError (wrapping ErrAttack) for
// the attacking pair whose second row is smallest, or an error wrapping
// ErrSyntax for a bad token, an empty entry between commas, a column off
// the board or empty input; an error from r is returned as is. "[]" is
// the empty placement (N = 0), valid, as Parse and Validate have it.
func ValidateReader(r io.Reader) (int, error) {
	n, err := placetext.NewReader(r, MaxFindN).Next()
	return n, fromText(err)
}

// A LineValidator checks a stream of placements of any size, one per
// line, as ValidateReader checks one: each line is a permutation
// ("5 2 6 1 7 4 8 3", with commas or in brackets, a "#" comment at the
// end allowed) or a JSON record on one line ({"n":8,"columns":[...]},
// as 'find --format json' writes it, with no other fields). Blank lines
// and comment lines ("# …") are skipped, as is a UTF-8 byte order mark
// at the start; more than 1 MiB of them in a row is an error, so that an
// endless run of them ends.
//
// It keeps 4 bytes per queen of the longest line and 0.63 per queen for
// the check, never the text; a placement whose attack is certain before
// its end stores nothing more (the rest of its line is read and parsed,
// not kept).
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
