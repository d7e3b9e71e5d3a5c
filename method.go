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
	// Quadrant counts totals only: it lists every partial solution of
	// the four quadrants of the board and joins them instead of
	// backtracking (internal/quadrant). Count leaves Result.Unique at
	// zero and Solutions refuses it. It is the fastest way to get
	// A000170(N) from about N = 18 on, for N ≤ MaxQuadrantN, and needs
	// memory that grows 6–9× per two steps of N (CountOptions.MaxMemory).
	Quadrant Method = "quadrant"
)

// Methods lists the methods, fastest first.
var Methods = []Method{Bitboard, Arrays, Board, Permutation}

// ErrMethod is wrapped by the error ParseMethod returns.
var ErrMethod = errors.New("unknown method")

// ParseMethod returns the method named s (case-insensitive): one of
// Methods or Quadrant. The empty string gives Bitboard.
func ParseMethod(s string) (Method, error) {
	if s == "" {
		return Bitboard, nil
	}
	m := Method(strings.ToLower(s))
	if m == Quadrant {
		return m, nil
	}
	for _, k := range Methods {
		if m == k {
			return m, nil
		}
	}
	names := make([]string, len(Methods), len(Methods)+1)
	for i, k := range Methods {
		names[i] = string(k)
	}
	names = append(names, string(Quadrant))
	return "", fmt.Errorf("%w %q (want %s)", ErrMethod, s, strings.Join(names, ", "))
}

func (m Method) orDefault() Method {
	if m == "" {
		return Bitboard
	}
	return m
}
