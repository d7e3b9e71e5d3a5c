// Package completion solves N-Queens Completion for N ≤ 64: given a board
// with some queens already placed and some squares blocked, place the
// remaining queens so that every row and every column holds one queen and
// no two queens attack each other. The problem is NP-complete (Gent,
// Jefferson and Nightingale, "Complexity of n-Queens Completion", JAIR
// 2017).
//
// # Search
//
// The open squares are kept twice, as bit masks: per open row, the
// columns still possible (rows[]), and per open column, the rows still
// possible (cols[]). A completion needs one queen in every open row and
// every open column, so the search branches on the line — row or column —
// with the fewest open squares (bits.OnesCount64), fails at once when some
// open line has none, and places a forced queen when a line has one. This
// is where it differs from a row-by-row backtracker such as the authors'
// shiftqueens, which cannot see that a column has run out of squares until
// it reaches the row that needed it.
//
// Placing a queen at (r, c) clears, in every other open row r', the bits
// c and c ± (r'-r) (column and both diagonals), and symmetrically in
// every other open column. Each search level keeps its own compacted list
// of open lines, built from its parent's while the masks are updated, so
// nothing is undone and nothing is allocated during the search; one node
// costs O(open lines).
//
//	level d:   rows  [r0 r1 r2 …]  masks over columns
//	           cols  [c0 c1 c2 …]  masks over rows
//	place (r, c) → level d+1 without r and c, masks cleared, and the
//	               smallest mask chosen for the next branch.
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
