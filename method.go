package nqueens

import (
	"fmt"
	"strings"
)

// A Method selects the algorithm. The zero value is MethodAuto.
type Method string

// The methods. Count takes each; Solutions and Search take the four
// tutorials' searches (SearchMethods), which find the same solutions in
// the same order at different costs.
const (
	// MethodAuto ("auto") lets the library choose: ChooseMethod for
	// Count, MethodBitboard for Solutions. Results name the method run.
	MethodAuto Method = ""
	// MethodKernel is the parallel, symmetry-reduced bitboard kernel
	// (internal/kernel). Records of it named "bitboard" read as it.
	MethodKernel Method = "kernel"
	// MethodJoin joins the partial solutions of the board's quadrants
	// (internal/quadrant): totals only, Unique derived by Burnside's
	// lemma; the fastest from about N = 18 to MaxQuadrantN, within
	// CountOptions.MaxMemory. ParseMethod reads "quadrant" as it.
	MethodJoin Method = "join"
	// MethodBitboard keeps columns and diagonals in uint64 masks, on one
	// goroutine.
	MethodBitboard Method = "bitboard"
	// MethodArrays marks columns and diagonals in arrays.
	MethodArrays Method = "arrays"
	// MethodBoard scans an N×N matrix above each square.
	MethodBoard Method = "board"
	// MethodPermutation tests the diagonals of all N! permutations.
	MethodPermutation Method = "permutation"
)

// Methods lists every method but MethodAuto, fastest first.
var Methods = []Method{MethodJoin, MethodKernel, MethodBitboard, MethodArrays, MethodBoard, MethodPermutation}

// SearchMethods lists the methods Solutions and Search take, fastest
// first.
var SearchMethods = []Method{MethodBitboard, MethodArrays, MethodBoard, MethodPermutation}

// ParseMethod returns the method named s (case-insensitive): one of
// Methods, MethodAuto for "auto" or "", or MethodJoin for its old name
// "quadrant".
func ParseMethod(s string) (Method, error) {
	if s == "" || strings.EqualFold(s, "auto") {
		return MethodAuto, nil
	}
	m := Method(strings.ToLower(s))
	if m == "quadrant" {
		return MethodJoin, nil
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
	return "", fmt.Errorf("%w %q (want %s)", ErrMethod, s, strings.Join(names, ", "))
}

// recorded returns the method of a shard record or checkpoint that says
// m: MethodKernel for "" (a kernel record has no method field) and for
// "bitboard", the kernel's name before MethodKernel; MethodJoin for
// "quadrant", the join's name before MethodJoin; else m.
func (m Method) recorded() Method {
	switch m {
	case "", MethodBitboard:
		return MethodKernel
	case "quadrant":
		return MethodJoin
	}
	return m
}

// String returns the method's name: "auto" for MethodAuto.
func (m Method) String() string {
	if m == MethodAuto {
		return "auto"
	}
	return string(m)
}
