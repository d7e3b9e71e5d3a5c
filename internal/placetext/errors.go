package placetext

import (
	"errors"
	"fmt"
	"strconv"
)

// ErrSyntax is wrapped by every error for text that is not a placement.
// The root package exports it as nqueens.ErrSyntax.
var ErrSyntax = errors.New("bad placement")

// An Attack names two attacking queens, zero-based, as
// nqueens.AttackError does; the root converts one into the other.
type Attack struct {
	RowA, ColA int
	RowB, ColB int
	How        string // "same column", "same diagonal" or "same anti-diagonal"
}

func (a *Attack) Error() string {
	return fmt.Sprintf("rows %d and %d: queens at columns %d and %d are on the %s",
		a.RowA+1, a.RowB+1, a.ColA+1, a.ColB+1, a.How)
}

// A textError is a syntax error not yet wrapped with ErrSyntax and
// the line: the lexers return them, the readers wrap them (see wrap).
type textError struct{ msg string }

func (e *textError) Error() string { return e.msg }

// bad returns a textError.
func bad(format string, a ...any) error { return &textError{fmt.Sprintf(format, a...)} }

// wrap makes a textError an error wrapping ErrSyntax, with the line
// number if line > 0; other errors (the reader's, an *Attack) pass as
// they are.
func wrap(err error, line int) error {
	te, ok := err.(*textError)
	switch {
	case !ok:
		return err
	case line > 0:
		return fmt.Errorf("%w: line %d: %s", ErrSyntax, line, te.msg)
	}
	return fmt.Errorf("%w: %s", ErrSyntax, te.msg)
}

// BoardName says "an 8-column board" with the right article.
func BoardName(n int) string {
	s := strconv.Itoa(n)
	article := "a"
	if s[0] == '8' || s == "11" || s == "18" || (len(s) == 5 && s[:2] == "11") || (len(s) == 5 && s[:2] == "18") {
		article = "an"
	}
	return fmt.Sprintf("%s %d-column board", article, n)
}

func plural(k int, one, many string) string {
	if k == 1 {
		return one
	}
	return many
}
