// Package quadrant counts the solutions of the N-Queens problem, Q(N)
// (OEIS A000170), without backtracking over whole boards: it cuts the
// board into four quadrants, lists every partial placement of a quadrant
// once, joins the quadrants of each half-board, and counts the pairs of
// half-boards whose diagonals do not meet. It gives totals only; the
// number of unique solutions needs the backtracking kernel.
//
// The idea is that of the Japanese N-Queens pages at deepgreen and of
// Evgeny Kluev's N-Queens-Count-Sol; the code, the join and the unit
// split here are our own.
//
// # Board, quadrants, half-boards
//
// Even N = 2h. The top band is rows 0..h-1, the bottom band rows h..N-1;
// the west band columns 0..h-1, the east band columns h..N-1. The four
// h×h quadrants are nw, ne, sw, se:
//
//	        west   east
//	      +------+------+
//	top   |  nw  |  ne  |   E = rows whose queen is east
//	      +------+------+
//	bottom|  sw  |  se  |
//	      +------+------+
//
// A solution has one queen per row, so each row's queen is either west or
// east: let E be the set of rows with an east queen. The west half-board
// (nw over sw) then holds one queen in each row outside E and in each west
// column; the east one (ne over se) one in each row of E and each east
// column. Rows and columns are settled by E and the bands, so for a fixed
// E a west half and an east half make a solution exactly when no diagonal
// holds a queen of each. Hence
//
//	Q(N) = Σ_E #{(w, e) : w a west half with rows ∁E, e an east half with rows E, diag(w) ∩ diag(e) = ∅}
//
// Odd N = 2h+1 first places the queen of the middle row, at (h, a), and the
// queen of the middle column, at (b, h) (one queen when a = b = h). Each
// such "frame" leaves the four h×h corners around the middle row and
// column, with the rows, columns and diagonals of the fixed queens taken;
// the formula above runs over the free rows. Frames that a symmetry of the
// square maps onto each other have equal counts, so one frame per class
// is counted, times the class size (8, or 1 for the centre). There is no
// odd-N special case after that, and no penalty beyond the number of
// frames: about N²/8 smaller problems.
//
// # Generation and storage
//
// quarter.go lists every set of non-attacking queens on an h×h square
// (7,535,369 sets for h = 10; 633,443,407 for h = 12), grouped by (rows
// used, columns used), each stored as one uint64: the quadrant-local main
// and anti diagonals. All four quadrants use the same table: a quadrant
// only shifts the diagonal indices.
//
// half.go builds, for one E, the west list: for each column set C of nw
// with |C| = |rows of nw|, each nw placement of bucket (rows, C) with each
// sw placement of bucket (rows, band∖C). Only diagonals that both halves
// can reach matter across the halves: the main diagonals r-c in
// [-(h-1), h-1] and the anti diagonals r+c in [h, 3h-2] (even N), two
// windows of N-1 bits. A half-board is stored as its "pattern", its
// diagonals projected onto the windows (2N-2 bits). The two quadrants of a
// half share only diagonals inside the windows, so they are compatible
// exactly when their patterns are disjoint, and the half's pattern is the
// union.
//
// # The join
//
// join.go counts pairs (w, e) with w & e == 0 for lists of some 10^4 to
// 10^5 patterns. The east list is sorted by a key of the densest bits and
// stored bit-sliced, 64 patterns per block, as nibble tables: for each 4
// bits of pattern and each of their 16 values, the lanes of the block
// that have none of those bits. One west pattern meets a block of 64 with
// ten loads and ANDs and a popcount. A recursion over the key bits
// (densest first) drops the quarter of the pairs that share each key bit
// before the kernel runs: (0,0), (0,1), (1,0) go on, (1,1) is dropped.
//
// # Symmetry
//
// Even N folds E three ways. The row mirror maps a solution with east
// rows E to one with east rows reversed(E), so only the smaller of E and
// its reversal is counted, twice. The two transpositions act through the
// long diagonals: the anti-transposition swaps the nw and se parts of the
// main long diagonal r = c and fixes the anti long diagonal square by
// square, and the transposition does the converse, so
//
//	Q = Σ over solutions of [se part of r=c empty]·[ne part of r+c=N-1 empty]·2^(occupied nw and sw parts)
//
// (sort the solutions by where their long-diagonal queens are; each class
// is matched in size by its images). East patterns on a long diagonal are
// dropped and west patterns weighted 1, 2 or 4. The weighting is
// invariant under the row mirror, so the two combine: about 8× less work.
// The centre frame of odd N folds E by both mirrors (4×); the other odd
// frames are already one per class of 8.
//
// # Why the count is exact
//
// Every solution has exactly one E and, for odd N, one frame; given those,
// it is exactly one pair (w, e): the rows, columns and diagonals inside
// each quadrant are checked when quadrants are listed, those between the
// two quadrants of a half when halves are built, and all diagonals
// between the halves by the join (the diagonals outside the windows are
// reached by one half only). The symmetry folds are bijections between
// solutions, applied to whole classes, with the class size as weight.
// Nothing is sampled or estimated; the tests compare with A000170 for
// N ≤ 14 (and 15..19 with -long) and with a plain backtracker.
//
// # Worked case: N = 4
//
// h = 2. The windows are main r-c ∈ {-1, 0, 1} (pattern bits 0, 1, 2) and
// anti r+c ∈ {2, 3, 4} (bits 3, 4, 5). Row sets are written as bit masks,
// row 0 lowest. Of the six E with two rows, 1010 and 1100 are reversals of
// 0101 and 0011, so E ∈ {0011, 0101, 0110, 1001} with weights 2, 2, 1, 1.
// Take E = 0101, east rows {0, 2}:
//
//	west (rows 1, 3; columns 0, 1)        east (rows 0, 2; columns 2, 3)
//	a = (1,0),(3,1): bits {2, 5}  100100  x = (0,2),(2,3): bits {0, 3}  001001
//	b = (1,1),(3,0): bits {1, 3, 4} 011010 y = (0,3),(2,2): bits {1, 4, 5} 110010
//
// a & x = 0: the solution (0,2),(1,0),(2,3),(3,1). a meets y on r+c = 4,
// b meets x on r+c = 2 and y on r = c. The other three E give no pair
// (0011 and 1001 have no west or no east half at all; 0110 has no east
// half), so Q(4) = 2·1 = 2: the found solution and its row mirror.
// With the long-diagonal fold, y is dropped (its (2,2) is on the se part
// of r = c) and a keeps weight 1 (bits 1 and 4, the long diagonals, are
// clear): the same 2. TestWorkedCase replays this from the code.
//
// # Units, memory, cost
//
// A Plan splits the count into units: one unit per (frame, east rows of
// the top band). Units are independent, numbered in a fixed order, carry a
// cost estimate, and sum to Q(N), so progress, checkpoints and shards can
// use them. Memory is the quadrant table (shared, read-only) plus, per
// worker, the two half lists and the join's sorted copies and tables:
// see EstimateQuarterBytes and Plan.WorkerBytes, and the table in
// docs/BENCHMARKS.md.
package quadrant
