// Package kernel is the counting engine behind nqueens.Count: it splits
// the count for an N×N board into independent work units, one per
// symmetry class of "border" placements, and counts each unit with a
// bitboard search that allocates nothing: for N ≤ 32 the wave
// (searchWave), a search in batches without a branch per square that
// runs eight squares per instruction in AVX2; above that, and as the
// reference the tests hold the wave to, the depth-first search.
//
// # Bitboard layout
//
// A row is a machine word; bit c is column c, so N ≤ 64 (MaxN). The
// search fills one row at a time, top to bottom. For the row being
// filled it keeps three masks of attacked squares: col (columns taken),
// ld (the diagonals that move one column towards higher bits per row
// down) and rd (those that move towards lower bits). Going down one row
// shifts ld left and rd right by one; the free squares are
//
//	full &^ (col | ld | rd)
//
// and the search takes them lowest first with bit := f & -f. col has
// every bit above column N−1 set, so ^(col|ld|rd) needs no "& full". A
// queen is placed only if the row below keeps a free square and so does
// the row after it (a one-row look-ahead); the last three rows are
// counted without placing the last two queens one by one.
//
// # The wave
//
// The depth-first search (search, with the lower rows in the generated
// nested loops of nest) pays a mispredicted branch for most squares: on
// which square comes next, and on whether the row below is dead. The
// wave (wave.go) visits the same squares in another order. Each level
// (free rows left) has a buffer of frames: the masks of a row and its
// squares not tried yet. A pass over a buffer takes one square of every
// frame; it writes the frame back if squares are left and the child (the
// next row's masks and free squares) to the buffer below if the child
// passes the look-ahead, both by compaction instead of a branch. The
// buffer below is drained (recursively) when it is half full or when
// this level's buffer is empty, so each buffer holds at most 512 frames
// (8 KB a level). The work per frame is the same for every frame, so
// the AVX2 passes (wave_amd64.s) take eight at a time in 32-bit lanes,
// compacting with VPERMD and a table of the 256 lane masks. The order
// changes nothing counted: a unit's solutions and nodes are exactly the
// depth-first search's (tested unit by unit).
//
//	depth-first:  ~8.5 ns a node, most of it mispredicted branches
//	wave, Go:     0.77× the depth-first time (interleaved A/B, N = 15)
//	wave, AVX2:   0.13–0.16× (about 1.3 ns a node, 96% of the lanes used)
//
// The units whose stabilizer holds a rotation were counted by searchSym,
// without the look-ahead, before the wave; now the wave counts them too,
// so their node counts (and the totals of nodes for N ≥ 13) are a little
// lower than those of earlier versions, with the same units and results.
//
// # Work units: the border queens
//
// Every solution for N ≥ 2 has exactly one queen in each of the four
// edges of the board — row 0, row N−1, column 0, column N−1 (a corner
// queen stands in two). Where those (two to four) queens stand is the
// solution's Border. A unit is one Border with its queens pre-placed;
// its search fills the other rows (all but row 0, row N−1 and the rows
// of the left and right queens) with the remaining columns, and the
// border queens' diagonals are a fixed mask per row (setup.mask), so
// the bottom queen prunes the top rows from the start. Skipping a
// border row is a shift by 2 or 3 instead of 1 (setup.shift).
//
//	N = 8, unit 14: Border{Top: 2, Bottom: 5, Left: 4, Right: 3}
//
//	row 0  . . T . . . . .     T, B, L, R: the border queens, pre-placed
//	row 1  . . . . q . . .     q: placed by the search in rows 1, 2,
//	row 2  . q . . . . . .        5 and 6, in columns 1, 3, 4 and 6
//	row 3  . . . . . . . R
//	row 4  L . . . . . . .
//	row 5  . . . . . . q .
//	row 6  . . . q . . . .
//	row 7  . . . . . B . .
//
// # Symmetry classes and weights
//
// The eight symmetries of the square (four rotations, four
// reflections) map solutions to solutions and borders to borders, and
// the border of an image is the image of the border. NewPlan lists every
// valid border, keeps one per orbit under the eight symmetries, and
// records the orbit's stabilizer H (Unit.Stab, the symmetries that map
// the border to itself). The unit stands for all |orbit| = 8/|H|
// borders of its class, so
//
//	Total  = (8 / |H|) · c       c = solutions found in the unit
//	Unique = (1 / |H|) · Σ_{h∈H} fix(h)
//
// Unique is Burnside's count of the orbits of H on the unit's solutions:
// two solutions with the same border are images of each other only by a
// symmetry in H, so the classes that meet the unit are exactly these
// orbits. No solution of an N ≥ 2 board is its own mirror image (a
// reflection would need two queens in a column, or a queen set closed
// under transposition, which puts two queens on a diagonal), so fix(h)
// is 0 for the reflections, c for the identity, and for the rotations the
// number of solutions symmetric under the half or quarter turn. Only the
// O(N²) units whose H holds a rotation need those: the wave counts c,
// and symcount.Fixed the symmetric solutions, by a search that places a
// queen and its image together (about the square root of the unit's
// nodes). searchSym, which records the columns and tests each solution,
// does both for tiny boards and for N > 32, and checks symcount.Fixed
// in the tests. All other units (H = {id}: weight 8, or H = {id, one
// reflection}: weight 4, c/2 classes) need c alone.
//
// What a unit's result can be (Plan.CheckResult, which the root package
// applies to every result read from a checkpoint or a shard record): a
// class of solutions has 8 members, or 4 when the half turn maps them
// onto themselves, or 2 for the quarter turn, and a symmetric solution
// has a symmetric border, so Total = 8·Unique when H holds no rotation,
// 4·Unique ≤ Total ≤ 8·Unique when it holds the half turn only, and
// 2·Unique ≤ Total ≤ 8·Unique with the quarter turn; Total is a
// multiple of the weight, and c at most Plan.Bound. And 8·Unique − Total
// = weight·(fix(half turn) + 2·fix(quarter turn)) (Plan.Excess), which
// summed over the units is Burnside's identity for the whole board:
// a whole count that breaks it has a unit that breaks its own share.
// All of it holds for every unit of N ≤ 16 (TestCheckResultHoldsForEveryUnit).
//
// Why the sum is exact: the borders of all solutions are partitioned by
// their orbits, each orbit has exactly one unit, and a unit's solutions
// and their images are disjoint from every other unit's (their borders
// lie in different orbits). So Σ Total over the units counts each
// solution once, and Σ Unique counts each class once. The tests check
// this set by set for N ≤ 10 against an independent enumeration.
//
// # Worked example: N = 8
//
// N = 8 has 78 units: the valid borders (no two of their queens
// attacking) fall into 78 classes. Twelve of them hold a solution, one each:
// eleven have H = {id} and weight 8, and unit 14 above has H = {id,
// half turn} (its border is symmetric under the half turn) and weight 4;
// its one solution, 2 4 1 7 0 6 3 5, is itself symmetric under the half
// turn, so fix(half turn) = 1 and Unique = (1 + 1)/2 = 1. Hence
//
//	Total  = 11·8 + 1·4 = 92
//	Unique = 11·1 + 1·1 = 12
//
// # Which orientation to search
//
// The eight borders of a class are equivalent, but the top-down search
// is not: it is cheaper when the top of the board is narrow. NewPlan
// rates the four rotations of each class (a mirror image has a mirrored
// search tree of the same size) by the number of placements of the
// first four free rows times a power of the open squares of the rows
// below, down to two thirds of the board, and keeps the lowest. This
// visits 0.93–0.94 of the nodes of border4-d4-v1's choice (the fewest
// open squares in the top half, which was itself 0.63 of searching the
// smallest border); an oracle that searches all eight reaches 0.89–0.91.
// See setup.estimate.
//
// # Order and size of units
//
// Units are sorted by an estimate of their nodes (Unit.Cost: the number
// of placements of the first four free rows times a power of the open
// squares below; Spearman rank correlation with the true node counts
// 0.71 at N = 15 and 0.66 at N = 16), the
// largest first, so that a pool of workers pulling units from a shared
// index ends together. There are O(N⁴)/8 units: 1,632 for N = 14, 4,319
// for N = 17, 9,522 for N = 20. IDs are positions in that order and are
// stable for a given N and Version; Plan.Digest fingerprints the list,
// and testdata/digests.golden pins it for N ≤ 20.
//
// # Nodes
//
// A node is a queen placed, the border queens included. The kernel
// counts them per push (the popcount of the free squares of the row
// below) and per square in the last three rows (see search). Measured
// against the plain search of the whole board (Plain), the units visit
// 6.3× (N = 13: 736,991 against 4,674,889) to 6.5× (N = 15: 26.4 M
// against 171.1 M) fewer nodes; border4-d4-v1 visited 5.05× to 5.1×
// fewer. Of that, the choice of orientation gives 0.93× the nodes and
// the look-ahead 0.85×. (For N ≤ 12 some units have fewer free rows
// than the fast search needs and take searchSym, which has no
// look-ahead: N = 12 visits 154,675 nodes, 5.5× fewer.)
//
// # What a node costs, and what did not pay
//
// Where the nodes of the depth-first search are, N = 15, fast-path
// units (level j = free rows left; a node is a square tried):
//
//	level                9     8     7     6     5     4     3   2, 1
//	share of the squares 1.8%  5.5% 12.7% 21.0% 24.6% 19.9% 10.1% 3.8%
//	squares per row      4.02  3.05  2.41  1.89  1.57  1.36  1.20
//	next row empty       0.3%  2.2%  7.1% 14.2% 22.0% 31.2% 42.2%
//	row after empty      0.2%  1.5%  5.5% 11.4% 18.7% 26.2% 33.2%
//
// so most loops run once or twice and most squares end one or two rows
// down. A node costs about 8 ns and a mispredicted branch about 6.5–7.8
// ns (a loop with a random branch against the same loop with a constant
// one): the depth-first search is bound by the branches of its loops and
// dead-end tests. What paid was fewer instructions per node (the row
// constants read from memory operands where they are used, 0.86–0.91×
// the time: as locals the register allocator spilled the loop masks),
// and then the wave, which has no branch per square (0.13–0.16× search's
// time with AVX2, BenchmarkWave).
//
// Measured and not kept, each against the search as it is (thread CPU
// time of N = 15's fast-path units, interleaved runs; figures within
// 0.9–1.1× are at this measure's noise, where a change of code layout
// alone moved the same nest by up to 10%):
//   - the viable squares computed without a branch, so that the loops
//     visit only live queens and have no dead test: 1.12× the time;
//   - single-square dead ends of the next row removed before the loop:
//     1.11×;
//   - a Hall test on the next two rows (dead if both can only use the
//     same column): 0.968× the nodes, 1.05× the time;
//   - the last three rows wholly without a branch (all six orders
//     written out): 1.12×;
//   - the look-ahead folded into the free squares without a branch:
//     1.03×; computed only after the next row's test: 1.09×; from the
//     child's masks: 1.02×; a second look-ahead row: 0.97× the nodes,
//     1.02–1.03× the time; none at levels 8 and 9: 1.02×;
//   - one branch for the dead test (min(g, la) == 0): 1.00×;
//   - the left shifts as multiplications: 1.05×;
//   - a copy of each level with constant shifts behind a branch: 1.08×;
//     47 generated nests, one per pattern of row distances, with the
//     shifts as constants: 1.00× (the allocator spilled as much);
//   - nest split in two functions at level 6 or 5: 1.07×; nestTop 11
//     instead of 10: 1.00×;
//   - nodes and solutions counted in the Worker instead of registers:
//     1.10×;
//   - the next row's free squares computed once per loop, before the
//     queen, so the dead test waits on a shorter chain: 1.11×;
//   - the wave's buffers of 256 or 1,024 frames instead of 512, and its
//     arrays padded against 4K aliasing: no change;
//   - build options a module cannot set: GOAMD64=v3, 0.95× (nqueens
//     count 16); a PGO profile, no change.
//
// Pre-placing more queens (NQueensFAF's "constellations", or the
// second ring: row 1, row N−2, column 1, column N−2) visits more nodes,
// not fewer: counted with a generic search of the same units in another
// line order at N = 13, the whole second ring first takes 2.35× the
// nodes of the top-down order (column 1 first 1.15×). The queens of
// adjacent rows constrain each other most, so top-down is the cheapest
// order. Units whose border is symmetric under a reflection (weight 4)
// hold 1.5% of the nodes at N = 15, so halving them by that symmetry
// was not tried.
//
// # Short variable names in the hot loops
//
// f: free squares of the row, bit or b: the square taken, c/l/r: the
// masks for the next row, nf or g: its free squares, la: the free
// squares of the row after it (look-ahead), j: the level (free rows
// left), st: the stack, lv: the levels' constants, sh: the row distance
// to the next free row (d2: from there to the row after), wi and nd:
// the ends of the frames written back and of the children.
package kernel
