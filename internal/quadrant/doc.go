// Package quadrant counts the solutions of the N-Queens problem, Q(N)
// (OEIS A000170), without backtracking over whole boards: it cuts the
// board into four quadrants, lists every partial placement of a quadrant
// once, joins the quadrants of each half-board, and counts the pairs of
// half-boards whose diagonals do not meet. It gives totals only; the
// root package derives the number of unique solutions from the total and
// the rotation-symmetric solutions (package symcount, Burnside's lemma).
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
// join.go counts pairs (w, e) with w & e == 0 for lists of some 10^3 to
// 10^5 patterns; about 1 pair in 500 to 5000 is compatible, too many to
// list (Q(20)/8 ≈ 5·10^9) and too few for a brute-force join to be cheap.
//
//   - Tables. The shorter list (east, for even N: the fold below leaves
//     it a third of the west one) is cut into blocks of 256 and stored
//     bit-sliced by chunks of 7 pattern bits where west records are
//     used (below), else of 5 (4 when patterns exceed 40 bits and
//     cannot be packed as below): for each chunk and each of its 128 or
//     32 values, the lanes of the block that have none of those bits,
//     as four adjacent words. A west pattern meets a block of 256 east
//     patterns with a load of 32 bytes per chunk (6 of 7 bits, or 8 of
//     5, for 40 bits), ANDs and a popcount: on amd64 with AVX2 one register each
//     (leafAVX2, in assembly; the popcount by nibble table and VPSADBW,
//     or where the CPU has AVX-512 VPOPCNTDQ one VPOPCNTQ on the same
//     256-bit register), elsewhere four words each (leafGo). The bit
//     planes the tables are made of come from 64×64 bit-matrix
//     transposes of the patterns (with AVX2 the four quarters of a
//     block at once, transpose4, and the entries by 32-byte ANDs,
//     chunkRows). VPOPCNTQ for the nibble table's six
//     instructions, measured on this Zen 4 EPYC (2026-12-01, qbench
//     -workers 1 -shard 10/128 22, two interleaved pairs): 72.5 and
//     71.2 s of CPU against 59.4 and 61.0 s, 16% less; the kernel is
//     three quarters of N = 23's CPU (qbench -shard 5/2048 23 -cpuprofile).
//
//   - Key recursion. Both lists are sorted by a key of their densest
//     shared bits (a counting sort that keeps the bucket starts, so a
//     range splits on a key bit by one lookup). The densities come
//     from samples spread over each list, and the longest joins (2^33
//     pairs and more) choose each next key bit by the sample pairs it
//     drops among those the bits before it kept (key.go: 31.6% fewer
//     chunk loads on a shard of N = 23 than the densities of each
//     list's first 256 patterns, which came from one or two cells).
//     Splitting a west range and an east range on a key bit drops the
//     quarter of the pairs that share it: (0,0), (0,1) and (1,0) go on, (1,1) is gone. The kernel's
//     cost is one block-op per west pattern and block touched, so each
//     node compares, one level ahead, running the kernel, splitting both
//     sides, or splitting one side only (for short east ranges, where
//     half-empty blocks would waste the split), and takes the cheapest.
//     A block-op costs its chunks' loads (settled key bits, below), so
//     a split whose leaves read a chunk fewer is weighed by it, and a
//     one-sided leaf (the west keys with the bit clear against the
//     whole east range) splits once more where the next key bit is the
//     last of a chunk (leafW0). The kernel on 5-bit records with
//     VPOPCNTQ took 0.92–1.01, 1.07–1.14, 1.23–1.34 and 1.48–1.58 ns per
//     block-op at 5, 6, 7 and 8 chunks (calls of 2 and 4 blocks, 4096
//     west records, two runs, 2026-12-02): about 0.19 ns a chunk, so
//     the loads are the cost. Counted by an instrumented build (not
//     kept) on qbench shards (2026-12-02):
//     3.6% fewer chunk loads and 1.3% fewer block-ops at N = 21 (-shard
//     3/64), 4.1% and 1.8% at N = 23 (-shard 5/2048), 6.6% and 2.4% on
//     units 8600–8603 of N = 23 (qbench on those unit IDs, a throwaway
//     flag not kept; the running count's stage then), where the 7-chunk leaves went from 65%
//     to 33% of the block-ops; CPU 0.95–0.985 of the time before on
//     units 8600–8607 (three interleaved pairs), 0.93–1.05 on the N = 21
//     shard (three), within this machine's noise on the N = 23 one.
//
//   - Packing. Where the CPU has a fast PEXT (BMI2; not AMD before Zen
//     3), the sort also packs each pattern's live bits, those some west
//     and some east pattern use (a row split leaves diagonals that one
//     half cannot reach: about 29 of 34 bits live on N = 18, 33 of 38 on
//     N = 20), so the kernel reads a chunk fewer; and it stores each west
//     pattern as a record, one word with a byte per 7-bit chunk that
//     the kernel turns into the chunk's table offset (PDEP), so that
//     the kernel takes the offsets from the record instead of computing
//     them from the pattern.
//
//   - 7-bit chunks. The kernel is bound by its loads, one per chunk and
//     block-op, so the records' tables hold chunks of 7 bits (128
//     entries, 24 KiB a table against 8 KiB of 5-bit chunks): 4 or 5
//     loads a block-op where 5-bit chunks took 6 or 7. Counted on
//     qbench -workers 1 -shard 5/2048 23 (an instrumented build, not
//     kept, 2026-12-02): 184·10^9 loads against 247·10^9 for the same
//     4.1·10^10 block-ops; on -shard 3/64 21 30·10^9 against 40·10^9
//     (6-bit chunks: 34·10^9). The tables' strides are not powers of
//     two (join.go: recChunkStride, recTableStride): at 4096 and 24576
//     bytes the same entry of every chunk and table fell in one set of
//     the 8-way L1 cache, and the shard of N = 23 was only 3% faster
//     than with 5-bit chunks. With the strides, CPU against the 5-bit
//     records (82c8a63), three interleaved pairs each, the count at
//     idle priority stopped: -shard 5/2048 23 63.6–65.8 s against
//     65.7–76.0 s (0.85–0.97), -shard 3/64 21 14.2–14.9 s against
//     15.6–16.8 s (0.89–0.94), peak RSS 230 MB against 195 MB and 79
//     against 78 MB (one worker). BenchmarkLeafRec compares the two
//     kernels on dense and sparse patterns. An east list whose tables
//     would pass recTableBudget (64 MiB, about 645,000 patterns) is
//     joined in halves, each with the west list sorted again, so that
//     a worker's tables stay within it.
//
//   - Settled key bits. The packing puts the key bits on top, in key
//     order. Every pair a leaf of the recursion meets is disjoint on
//     the key bits split above it (the split dropped the pairs that
//     share one), so the kernel reads only the chunks below them
//     (leafRecAVX2_3 to _6, leafAVX2_3 to _8). Measured, in 5-bit chunks, in block-ops (a block per west
//     pattern): at N = 20, 94% of them had 7 chunks, and now 89% read 6
//     and 8% 5; at N = 18 a fifth read 5 instead of 6; at N = 19 the
//     7-chunk ones (35%) save nothing, the leaves being above their
//     chunk's key bits. CPU time, new against old, interleaved on
//     2026-12-01: the whole count of N = 20 104–109 s against 115–121 s
//     (qbench, three pairs); shards 10/128 and 40/128 of N = 22 72.1
//     and 59.1 s against 80.4 and 63.6 s; shards 5/32 and 20/32 of
//     N = 21 1–2% less (three pairs each); N = 18 and 19 within this
//     machine's noise. A kernel call of two blocks took 1.3, 1.7, 2.0
//     and 2.1 ns per block-op at 4, 5, 6 and 7 chunks (5-bit records,
//     4096 west patterns, the nibble table's popcount).
//
//   - Wide pieces. When the packed patterns exceed the 42 bits of the
//     records' 6 7-bit chunks (40 of 8 5-bit ones without records) but
//     their bits below the key fit, the recursion splits every node
//     whose key bit lies past them before any leaf (recurse, settle),
//     so the leaves still read the records' chunks. With 5-bit chunks
//     this was half of N = 24's pieces (41–42 live bits) and 1 of 10
//     drawn at N = 25. Before, those fell to 11 4-bit
//     chunks and the portable kernel: measured on 20 pieces of N = 24
//     (qbench -pieces, whole joins), the 10 wide ones took 8–30 s each
//     at 7.6–22 ps a pair, and 0.4–2.2 s now; the join CPU of Q(24)
//     the 20 estimate went from 8.8·10^6 s (±23%) to 8.5·10^5 s (±13%).
//
// Measured on N = 18 (2-core AMD EPYC Zen 3, CPU seconds of the whole
// count): 64-lane blocks with the Go kernel 17.4 s, of which the kernel
// 10.3 s at about 6 ns per block-op; 256-lane blocks with leafAVX2 cut
// the kernel to 2 s, and the list work around it then dominated:
// computing chunk offsets per west pattern in Go before the kernel
// (1.8 s, then done in the kernel's registers, now loaded from the
// records), one bit at a time bit planes (1.6 s, now the transpose:
// 0.7 s), sorted keys and binary searches (2 s, now bucket starts: 1 s).
// The whole count now takes about 5 s of CPU (4.7–5.6 s user in three
// runs, 2.7 s wall with 2 workers on a quiet machine). On N = 20 the kernel is
// still two thirds of the time: a kernel call visits 2.6 blocks per west
// pattern on average, and the recursion leaves 0.22 of all pairs in the
// blocks it visits, at 68% of their lanes. Adding the per-pattern cost
// to the recursion's cost model did not lower the total (counted in
// block-ops, N = 18 and 20). Splitting on key bits in pattern order
// instead of densest first costs 30% more block-ops.
//
// Short lists (odd N has many) skip the key and sort: one kernel call.
//
// Odd N's joins are many and short (N = 19: 37 frames, lists of 10^2 to
// 10^4), so each join's fixed work counts. The sort is two passes: the
// keys counted (keyCounts), then each pattern packed (placeKeys) or its
// record built (placeRecs) and written once, to its bucket; records
// written in input order and then scattered in Go doubled their memory
// traffic (N = 18 12% and N = 19 8% more CPU, interleaved pairs). The
// counting pass also ORs the patterns for the live bits, and a long
// list is counted and placed with two counter arrays, one for the
// patterns at even places and one for the odd (keyCounts2, placeRecs2):
// consecutive patterns share their top quadrant's key bits, and one
// array's increments waited on each other. With one-word records these
// took the sort from 27% to 19% of a shard of N = 21 (qbench -workers 1
// -shard 3/64 21, 2026-12-01; the whole count of Q(21) 0.92 of the time
// before, 325 s against 355 s). The half-boards' cells (a bucket of the
// top quadrant against one of the bottom, about 14 by 14 at N = 21) are
// joined by one call each with AVX-512 (unionAll512, eight patterns at
// a time): a call per outer pattern cost as much as the work. With the
// east tables' bit planes and entries in AVX2 (transpose4, chunkRows),
// Q(21) took 0.73–0.79 of the time again (276 and 281 s against 377 and
// 356 s, two pairs, one run after the other). The
// key's bit densities on the two samples of 256 come from carry-save
// adders, 16 patterns at a time (bitCounts): one set bit at a time
// they were 6.7% of N = 19's CPU, through transposes 4.9%.
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
// the top band). Units are independent, numbered in a fixed order, carry
// a cost estimate (from the sizes of the quadrant buckets they read), and
// sum to Q(N), so progress, checkpoints and shards can use them; Count
// runs them layer by layer (see below), then frame by frame, costliest
// first, on all cores. A unit's
// total is a multiple of its frame's class size (Unit.Multiple) and at
// most Unit.Max, the same sum with every pair of half-boards that the
// quadrant tables allow counted (Plan.CheckTotal: a sound bound, loose
// by a factor of 10^3 to 10^7, that catches absurd totals only).
//
// Memory is planned before any work (Count, Options.MaxMemory). A plan
// of the whole table (NewPlan) holds:
//
//   - the quadrant table, 8 bytes per placement plus 4 per bucket
//     (EstimateQuarterBytes, exact);
//   - per frame in use, the projected table: the four quadrants'
//     placements already projected onto the frame's windows, with the
//     fixed queens' squares and the long-diagonal fold applied (4× the
//     table; Plan.FrameBytes), one per worker;
//   - per worker, the two half lists and the join's copies and tables,
//     152 bytes per pattern of the largest half (Plan.WorkerBytes, an upper
//     bound computed from the bucket sizes).
//
// A whole count (NewWholePlan) holds neither the quadrant table nor a
// frame's whole projected table: it is the plan of every unit that a
// shard's plan is of some (see "Shards that fit a node" below), with the
// bucket counts (4^h words) and projected tables built layer by layer,
// each holding the row sets that one layer's units read, dropped before
// the next layer. The workers share one table at a time: a worker whose
// next unit is of another table waits until the others are done with
// theirs, and all of them copy the next one (Count). Even N has one frame
// and builds a layer's table by walking the placements (11 walks at N =
// 20). Odd N's frames (46 a layer at N = 21) would walk them for every
// frame and layer (12% of the count's CPU at N = 19), so each layer first
// gets a layer quarter, the placements of the row sets its tables read
// (layerq.go; at most 0.65 of the quadrant table at N = 21, 0.71 at N =
// 19), and its tables are copied from it. The largest layer's table is
// a third to a quarter of the frame's, at the same CPU.
//
// A tight MaxMemory first turns the projected tables off (a whole count,
// like a shard, then streams each unit's row sets, slower), then lowers
// the workers, then fails with ErrMemory before allocating. The plan in
// MiB (qbench -plan N: the bucket counts; the largest layer quarter,
// odd N only; the largest layer table; worker is the upper bound; the
// peak is what Count plans with 2 workers and the default 16 GiB bound;
// the floor is MaxMemory's minimum, one streaming worker without
// projected tables):
//
//	 N  frames  units  counts  layer quarter  layer table  worker  planned peak   floor
//	14       1    107     0.1              -          0.3     1.2           2.8     1.3
//	15      22   1451     0.1            0.2          0.2     1.2           2.9     1.3
//	16       1    223     0.2              -          1.6     2.4           6.8     2.8
//	17      29   3807     0.2            0.9          1.2     2.4           7.3     2.8
//	18       1    457     1.0              -          8.7     9.3          28.4    10.8
//	19      37   9673     1.0            5.9          6.9     9.3          32.5    10.8
//	20       1    936     4.0              -         54.7    61.3         181.3    67.3
//	21      46  23976     4.0           41.3         44.5    61.3         212.3    67.3
//	22       1   1904    16.0              -        398.5   256.5         927.5   283.5
//	23      56  58224    16.0          335.5        336.3   256.5        1200.8   283.5
//	24       1   3864    64.0              -       3272.5  1720.4        6777.2  1844.7
//	25      67  139032    64.0         3092.2       2822.4  1720.4        9419.4  1844.7
//
// (Before the layer tables, with the quadrant table and each frame's
// whole projected table, 4× the quadrant table, N = 20 planned 339 MiB,
// N = 21 847 MiB, N = 22 2918 MiB and N = 23 7187 MiB. Until 2026-12-01
// odd N held the whole quadrant table and one layer table per worker:
// N = 19 31.1 MiB, N = 21 202.4 MiB, N = 23 1567.3 MiB, N = 25 13886.4
// MiB, with a floor of the quadrant table: 89.5 MiB at N = 21, 6.4 GiB
// at N = 25.) N = 24 keeps its layer tables (3.2 GiB), which the
// frame's whole table (19 GiB) did not allow, and N = 25 its layer
// tables beside its layer quarters, 9.2 GiB. Every N through 25 (MaxN)
// stays within this 24 GiB machine. N = 26 and 27 (h = 13) would draw
// on a quadrant table of 6,354,135,838 placements (51 GB; N = 25's
// largest layer quarter holds 0.63 of its table) and N = 28 (h = 14) on
// one of 67,480,769,839 (540 GB),
// counted by a plain enumeration (docs/SCALING.md): whole counts there
// are out of reach, and shards would have to stream.
//
// Measured peaks (max RSS, Go runtime included): with the frame's whole
// tables they stayed within 7% of the plan (88 MiB at N = 19, 363 MiB at
// N = 20, 645 MiB at N = 21; planned 112, 339, 847); with the layer
// tables qbench peaked at 19 MiB at N = 18 (planned 18), 60 MiB at N =
// 19 (38) and 87 MiB at N = 20 (107). A count builds each layer table on
// the arrays of one it is done with (projCache.free in proj.go), so that
// the heap stays near the tables it holds; with one table shared and
// the layer quarters the nqueens command peaks at 34 MiB at N = 19
// (planned 22; the command alone is 12 MiB, a program of the library
// alone, scripts/libcount, 4 MiB, and it peaks at 23 MiB) and 126 MiB
// at N = 21 (planned 138), where it took 41 and 189 MiB with one table
// per worker and the quadrant table, and 52 and 250 MiB building every
// table anew; docs/BENCHMARKS.md has the figures.
//
// # Shards that fit a node
//
// A unit reads few buckets of the table: in each row split E, the row
// set of each quadrant that E leaves it (nw and ne: the top rows outside
// and in E, fixed by the unit; sw and se: the bottom ones, which run
// through every set of one size over the unit's splits). So a unit whose
// top band has j east rows (its layer, Unit.Layer) reads in sw and se the
// buckets with j and k−j rows, and nothing else but its own nw and ne
// row sets.
//
// Plan.Shards gives every shard an equal share, by estimated cost, of
// every layer (r replicas: each layer's line laid out r times, each copy
// of a unit in a different shard). The cost model's error differs by
// layer (measured over estimated CPU 0.72 to 1.19 at N = 22, "Unit
// costs" below), and it is then the same for every shard: by the unit
// times of a whole Q(22) count the 16 shards take 0.90–1.05 of 1/16 of
// it, where shards of one or two whole layers (quadrant-v3) took up to
// 1.31 (qbench -balance).
//
// Plan.ForUnits gives a shard's plan: no quadrant table, the bucket
// counts (4^h words) for planning. By default a shard streams: each
// worker lists, per unit and split, the placements of the four row sets
// it reads (walkRows, an iterative walk of those rows only), and the
// bucket counts are let go once the count starts (dropCounts), so a
// shard holds its workers' scratch and four row sets each. Given a
// bound (MaxMemory), a shard builds instead, per frame and layer, a
// projected table of the row sets its units read, from a walk of the
// placements, layer by layer and dropped before the next, as a whole
// count does, while they fit; with a share of every layer those are
// nearly the whole count's tables. PlanMemory plans either before any
// work. Measured at N = 22 (2026-12-01, 2 workers, nothing else
// running; docs/BENCHMARKS.md), shard 11/16, the largest by the unit
// times: streaming 472–500 s of CPU (two runs) and 132 MiB peak (164
// before the counts were dropped), with tables (--max-memory 2G) 477 s
// and 406 MiB, against a whole count's 6,574 s and 625 MiB: there
// streaming costs no CPU that this machine can measure, and the tables
// cost memory.
//
// A shard plans within DefaultShardMemory, 2 GiB, unless told otherwise
// (Plan.MemoryLimit; a whole count has DefaultMaxMemory, 16 GiB): a
// shard is meant for a node of a cluster, and every shard of every N
// fits it, since one streaming worker needs at most the bucket counts,
// its scratch (1.6 GiB at h = 12) and four row sets; a shard runs fewer
// workers when two do not fit.
//
// Planning every shard is quick at every N: Plan.PlanShards plans them
// all from one set of bucket counts (NewBucketPlan: a walk that counts
// only, split by the first rows' use over all cores), with each
// shard's sums per row set (bucketSums) and its largest half-board
// (halfBoundUnits: each half-board looked at once, marked in a bitset
// per band, and summed only where an upper bound, the least of
// Σa·max b, max a·Σb and |a|·|b|, exceeds the best sum yet). nqueens
// plan 22 --method quadrant --shards 16 takes 1.4–1.5 s, plan 24
// --shards 64 3.9–4.5 s (6.7–7.7 s of CPU, with the calibration), on
// this shared 2-core machine (2026-12-01, a count at idle priority
// beside it); planning
// each shard by its own ForUnits took 10 minutes at N = 24 (a walk of
// 633M placements per shard and every half-board's pairs summed).
//
// Planned peaks (nqueens plan N --method quadrant --shards M, workers
// 2; MiB, per shard; the whole count plans 928 at N = 22 and 6,777 at
// N = 24):
//
//	 N   M  bound            min    max  mode
//	22  16  default (2 GiB)  503    551  streaming, 2 workers
//	22  16  2 GiB            692    742  projected tables, 2 workers
//	24  64  default (2 GiB) 1.3 GiB 1.9 GiB  streaming, 1 worker
//	24  64  16 GiB          4.1 GiB 5.1 GiB  projected tables, 2 workers
//
// A worker's planned scratch is an upper bound (the half-boards' pairs
// before their attack check): the streaming shard of N = 22 planned 390
// MiB (before the records' tables of 7-bit chunks) and peaked at 132. One worker instead of two doubles a shard's
// wall time on a two-core node, so on nodes with more memory MaxMemory
// (--max-memory 4G or 16G) gives the workers back.
//
// Unit costs (Unit.Cost) estimate a unit's CPU time from its half-boards
// (splitSizes, splitCost): per split, the lengths of the west and east
// lists are about hw = cw/C·S_w and he = ce/C·S_e (cw, ce the products
// of the row sets' placements, C the ways to share the band's columns,
// S the chance that no queen of the half's top quadrant shares a
// diagonal with one of its bottom quadrant, each pair of rows taken
// independently), and the time about hw·he/2^13 + hw + he. Sharing the
// columns by the real bucket sizes instead of C changed nothing (real
// over estimated pairs by layer alike to 3% at N = 18 and 20); S is what
// moved: without it the real pairs over the estimated differed up to
// 2.5× between layers (0.023 at
// layer 5 against 0.056 at layer 3, N = 20), with it 0.16–0.20, and at
// N = 20 the CPU time per real pair was the same in every large layer
// (3.1–3.9 ps). Measured over estimated CPU time by layer, from the
// unit times of whole counts (qbench -units, then -balance): 0.91–1.04
// at N = 18, 19 and 20 (the layers with 92%, 99% and 98% of the time)
// and 0.74–1.18 at N = 22 (layers 4–7, 98%; the cost without S:
// 0.78–1.49; in the count of 2026-12-01 0.72–1.19 in layers 4–8), so
// that shards of whole layers took up to 1.28–1.31 of 1/16 of the CPU
// (1.52 before), and shards with a share of every layer (Plan.Shards)
// take 1.05. What the model still misprices at N = 22 (layer 5 at 1.18,
// layer 7 at 0.74) is the join's speed, not the lists: 150 sampled
// pieces per layer (Sampler.RunPiece, lists whole) put the real over the
// estimated pairs at 0.147–0.169 in layers 4–7, and the join's time per
// real pair at 1.30, 1.70, 1.55 and 1.18 ps; the key recursion prunes
// better in some layers, which a count of pairs cannot see.
// TestCostTracksPairs checks that the estimated pairs follow the real
// ones by layer at N = 13..16.
package quadrant
