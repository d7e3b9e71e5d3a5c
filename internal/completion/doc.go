// Package completion solves N-Queens Completion for N ≤ 64: given a board
// with some queens already placed and some squares blocked, place the
// remaining queens so that every row and every column holds one queen and
// no two queens attack each other. The problem is NP-complete (Gent,
// Jefferson and Nightingale, "Complexity of n-Queens Completion", JAIR
// 2017).
//
// # Search
//
// The open squares are kept as one bit mask per open row: the columns
// still possible there. A completion needs one queen in every open row and
// every open column, so the search branches on the most constrained line,
// row or column, fails at once when some open line has no square, and
// places a forced queen when a line has one. This is where it differs from
// a row-by-row backtracker such as the authors' shiftqueens, which cannot
// see that a column has run out of squares until it reaches the row that
// needed it.
//
// Rows are measured with bits.OnesCount64. Columns are counted in bit-
// sliced form while the rows are updated: once, twice and thrice hold the
// columns seen in at least one, two and three rows, so once ≠ open columns
// means an empty column, once &^ twice the columns with one square (a
// forced queen) and twice &^ thrice those with two.
//
// Placing a queen at (r, c) clears, in every other open row r', the bits
// c and c ± (r'-r) (column and both diagonals). Each search level keeps
// its own compacted list of open rows, built from its parent's while the
// masks are updated, so nothing is undone and nothing is allocated during
// the search; one node costs O(open rows).
//
//	level d:   rows [r0 r1 r2 …], a mask over the columns for each
//	place (r, c) → level d+1 without row r, bits cleared, the column counts
//	               accumulated, and the next line to branch on chosen.
//
// Nodes counts the queens the search places (every child of a branch),
// the measure reported next to time in the benchmarks.
//
// # Boards and instances
//
// A Board lists the given queens and the blocked squares; Parse reads the
// text form (rows of Q, . and x) and Board.String writes it. The
// generators build the three instance families of Gent, Jefferson and
// Nightingale from a seed: random pre-placed queens, random blocked
// squares, and excluded diagonals.
package completion
