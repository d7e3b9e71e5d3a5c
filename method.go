package nqueens

import (
	"errors"
	"fmt"
	"strings"
)

// A Method selects the search algorithm. The zero value is Bitboard.
type Method string

// The methods. All enumerate the same solutions in the same
// (lexicographic) order; they differ in cost, which Stats shows.
const (
	// Bitboard keeps columns and diagonals in uint64 masks and visits
	// only free squares. For Count it is the parallel, symmetry-reduced
	// kernel.
	Bitboard Method = "bitboard"
	// Arrays marks columns and both diagonal directions in arrays
	// indexed by c, r+c and r−c+N−1 (the Polish and Italian tutorials).
	Arrays Method = "arrays"
	// Board scans an N×N matrix above each square (the C++ tutorial).
	Board Method = "board"
	// Permutation generates all N! permutations and tests only their
	// diagonals (the C# and Prolog tutorials).
	Permutation Method = "permutation"
)

// Methods lists the methods, fastest first.
var Methods = []Method{Bitboard, Arrays, Board, Permutation}

// ErrMethod is wrapped by the error ParseMethod returns.
var ErrMethod = errors.New("unknown method")

// ParseMethod returns the method named s (case-insensitive). The empty
// string gives Bitboard.
func ParseMethod(s string) (Method, error) {
	if s == "" {
		return Bitboard, nil
	}
	m := Method(strings.ToLower(s))
	for _, k := range Methods {
		if m == k {
			return m, nil
		}
	}
	names := make([]string, len(Methods))
	for i, k := range Methods {
		names[i] = string(k)
	}
	return "", fmt.Errorf("%w %q (want %s)", ErrMethod, s, strings.Join(names, ", "))
}

func (m Method) orDefault() Method {
	if m == "" {
		return Bitboard
	}
	return m
}
