package nqueens

import (
	"errors"
	"fmt"
	"strings"
)

// A Method selects the algorithm. The zero value is MethodAuto.
type Method string

// The methods. Count takes each of them; Solutions and Search take the
// four tutorials' searches (SearchMethods), which enumerate the same
// solutions in the same (lexicographic) order and differ in cost, which
// Stats shows.
const (
	// MethodAuto lets the library choose: for Count, the fastest method
	// that fits (ChooseMethod); for Solutions and Search, MethodBitboard.
	// Result.Method and CountEstimate.Method name the method that ran,
	// never MethodAuto. Its name is "auto".
	MethodAuto Method = ""
	// MethodKernel is the parallel, symmetry-reduced bitboard kernel
	// (internal/kernel): the border rows and columns are placed first,
	// one placement per class of the square's 8 symmetries, and the
	// interior is searched with uint64 masks on every core. It counts
	// totals and unique solutions at any N; Solutions refuses it.
	// Checkpoints and shard records of the kernel written before it had
	// this name read as it.
	MethodKernel Method = "kernel"
	// MethodJoin counts totals: it lists every partial solution of the
	// four quadrants of the board and joins them instead of
	// backtracking (internal/quadrant). Count then derives
	// Result.Unique from the whole total by Burnside's lemma (see
	// Count; not for a shard, see Result.UniqueCounted); Solutions
	// refuses it. It is the fastest way to count from about N = 18 on,
	// for N ≤ MaxQuadrantN, and needs memory that grows 6–9× per two
	// steps of N (CountOptions.MaxMemory). ParseMethod also accepts its
	// old name, "quadrant", which its shard records carry.
	MethodJoin Method = "join"
	// MethodBitboard keeps columns and diagonals in uint64 masks and
	// visits only free squares, on one goroutine (the tutorials'
	// bitboard search).
	MethodBitboard Method = "bitboard"
	// MethodArrays marks columns and both diagonal directions in arrays
	// indexed by c, r+c and r−c+N−1 (the Polish and Italian tutorials).
	MethodArrays Method = "arrays"
	// MethodBoard scans an N×N matrix above each square (the C++ tutorial).
	MethodBoard Method = "board"
	// MethodPermutation generates all N! permutations and tests only their
	// diagonals (the C# and Prolog tutorials).
	MethodPermutation Method = "permutation"
)

// Methods lists every method but MethodAuto, fastest first.
var Methods = []Method{MethodJoin, MethodKernel, MethodBitboard, MethodArrays, MethodBoard, MethodPermutation}

// SearchMethods lists the methods Solutions and Search take, fastest
// first.
var SearchMethods = []Method{MethodBitboard, MethodArrays, MethodBoard, MethodPermutation}

// ErrMethod is wrapped by the error ParseMethod returns.
var ErrMethod = errors.New("unknown method")

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
