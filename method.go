package nqueens

import (
	"errors"
	"fmt"
	"strings"
)

// A Method selects the search algorithm. The zero value is MethodAuto.
type Method string

// The methods. All enumerate the same solutions in the same
// (lexicographic) order; they differ in cost, which Stats shows.
const (
	// MethodAuto lets the library choose: for Count, the fastest method
	// that fits (ChooseMethod); for Solutions and Search, Bitboard.
	// Result.Method and CountEstimate.Method name the method that ran,
	// never MethodAuto. Its name is "auto".
	MethodAuto Method = ""
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
// Methods or Quadrant, or MethodAuto for "auto" or "".
func ParseMethod(s string) (Method, error) {
	if s == "" || strings.EqualFold(s, "auto") {
		return MethodAuto, nil
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
	names := []string{"auto"}
	for _, k := range Methods {
		names = append(names, string(k))
	}
	names = append(names, string(Quadrant))
	return "", fmt.Errorf("%w %q (want %s)", ErrMethod, s, strings.Join(names, ", "))
}

// String returns the method's name: "auto" for MethodAuto.
func (m Method) String() string {
	if m == MethodAuto {
		return "auto"
	}
	return string(m)
}

// orDefault returns m, or Bitboard for MethodAuto: what Solutions runs,
// and what a shard record without a method field was counted with.
func (m Method) orDefault() Method {
	if m == "" {
		return Bitboard
	}
	return m
}
