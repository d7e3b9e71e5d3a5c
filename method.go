package nqueens

import (
	"fmt"
	"strings"
)

// A Method selects the algorithm. The zero value is MethodAuto.
type Method string

// The methods. Count takes each (internal/kernel, internal/quadrant and
// internal/classic tell how they work); Solutions takes the four
// searches of the tutorials (SearchMethods). Results name the method that
// ran, never MethodAuto; MethodJoin counts totals, and Count derives
// Unique by Burnside's lemma.
const (
	MethodAuto        Method = ""            // "auto": Plan chooses for Count, MethodBitboard for Solutions
	MethodKernel      Method = "kernel"      // the symmetry-reduced parallel kernel (old records: "bitboard")
	MethodJoin        Method = "join"        // the quadrant join: totals, N ≤ MaxJoinN, shards to MaxJoinShardN (also "quadrant")
	MethodBitboard    Method = "bitboard"    // uint64 masks, one goroutine
	MethodArrays      Method = "arrays"      // columns and diagonals marked in arrays
	MethodMatrix      Method = "matrix"      // an N×N matrix scanned above each square (also "board", its old name)
	MethodPermutation Method = "permutation" // the diagonals of all N! permutations
)

// Methods lists every method but MethodAuto, fastest first.
var Methods = []Method{MethodJoin, MethodKernel, MethodBitboard, MethodArrays, MethodMatrix, MethodPermutation}

// SearchMethods lists the methods Solutions and Search take, fastest
// first.
var SearchMethods = []Method{MethodBitboard, MethodArrays, MethodMatrix, MethodPermutation}

// ParseMethod returns the method named s (case-insensitive): one of
// Methods, MethodAuto for "auto" or "", MethodJoin for its old name
// "quadrant", or MethodMatrix for its old name "board".
func ParseMethod(s string) (Method, error) {
	if s == "" || strings.EqualFold(s, "auto") {
		return MethodAuto, nil
	}
	m := Method(strings.ToLower(s))
	switch m {
	case "quadrant":
		return MethodJoin, nil
	case "board":
		return MethodMatrix, nil
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
