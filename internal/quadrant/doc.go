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
//     bit-sliced by chunks of 7 pattern bits where west records are used
//     (below), else of 5 (4 when patterns exceed 40 bits and cannot be
//     packed): for each chunk and each of its 128 or 32 values, the lanes
//     of the block that have none of those bits, as four adjacent words.
//     A west pattern meets a block of 256 east patterns with a load of 32
//     bytes per chunk, ANDs and a popcount: on amd64 with AVX2 one
//     register each (leafAVX2, in assembly; the popcount by nibble table
//     and VPSADBW, or one VPOPCNTQ where the CPU has AVX-512 VPOPCNTDQ),
//     elsewhere four words each (leafGo). The bit planes come from 64×64
//     bit-matrix transposes of the patterns (with AVX2 four quarters of a
//     block at once, transpose4, and the entries by 32-byte ANDs,
//     chunkRows). The tables' strides are not powers of two
//     (recChunkStride, recTableStride: powers of two put the same entry
//     of every chunk in one set of the L1 cache). An east list whose
//     tables would pass recTableBudget (64 MiB) is cut on its most
//     shared bits, as the key recursion would split it, into pieces
//     that fit (splitCount): cut in halves by place, N = 26's pieces
//     took up to 5.7 times as long.
//
//   - Key recursion. Both lists are sorted by a key of their densest
//     shared bits (a counting sort that keeps the bucket starts, so a
//     range splits on a key bit by one lookup). The densities come from
//     samples spread over each list (counted by carry-save adders, 16
//     patterns at a time: bitCounts), and the longest joins (2^33 pairs
//     and more) choose each next key bit by the sample pairs it drops
//     among those the bits before it kept (key.go). Splitting a west
//     range and an east range on a key bit drops the quarter of the
//     pairs that share it: (0,0), (0,1) and (1,0) go on, (1,1) is gone.
//     The kernel's cost is one block-op per west pattern and block
//     touched, so each node compares, one level ahead, running the
//     kernel, splitting both sides, or splitting one side only (for
//     short east ranges, where half-empty blocks would waste the split),
//     and takes the cheapest. A block-op costs its chunks' loads (about
//     0.19 ns a chunk: BenchmarkLeafRec), so a split whose leaves read a
//     chunk fewer is weighed by it, and a one-sided leaf (the west keys
//     with the bit clear against the whole east range) splits once more
//     where the next key bit is the last of a chunk (leafW0).
//
//   - Packing. Where the CPU has a fast PEXT (BMI2; not AMD before Zen
//     3), the sort also packs each pattern's live bits, those some west
//     and some east pattern use (a row split leaves diagonals that one
//     half cannot reach: about 29 of 34 bits live on N = 18, 33 of 38 on
//     N = 20), so the kernel reads a chunk fewer; and it stores each west
//     pattern as a record, one word with a byte per 7-bit chunk that the
//     kernel turns into the chunk's table offset (PDEP). Chunks of 7 bits
//     (128 entries, 24 KiB a table) take 4 or 5 loads a block-op where
//     5-bit chunks took 6 or 7; BenchmarkLeafRec compares the two kernels.
//
//   - Settled key bits. The packing puts the key bits on top, in key
//     order. Every pair a leaf of the recursion meets is disjoint on the
//     key bits split above it, so the kernel reads only the chunks below
//     them (leafRecAVX2_3 to _6, leafAVX2_3 to _8).
//
//   - Wide pieces. When the packed patterns exceed the 42 bits of the
//     records' six 7-bit chunks (40 of eight 5-bit ones without records)
//     but their bits below the key fit, the recursion splits every node
//     whose key bit lies past them before any leaf (recurse, settle), so
//     the leaves still read the records' chunks. About half of N = 24's
//     pieces are that wide; without this they fell to 4-bit chunks and
//     the portable kernel, about ten times slower.
//
//   - Lists. Short lists (odd N has many) skip the key and sort: one
//     kernel call. The sort is two passes, the keys counted (keyCounts)
//     and each pattern packed (placeKeys) or its record built
//     (placeRecs) and written once, to its bucket; a long list uses two
//     counter arrays, for the patterns at even and at odd places
//     (keyCounts2, placeRecs2), since consecutive patterns share their
//     key bits. The half-boards' cells (a bucket of the top quadrant
//     against one of the bottom) are joined by one AVX-512 call each
//     (unionAll512).
//
// At N = 20 and above the block kernel takes most of the time. At odd N
// the lists weigh more: each frame (37 at N = 19) is a problem of N − 2
// free rows with lists of its own, whose list work shrinks about
// linearly with its size and its pair work quadratically.
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
// first, on all cores. A unit's total is a multiple of its frame's class
// size (Unit.Multiple) and at most Unit.Max, the same sum with every pair
// of half-boards that the quadrant tables allow counted (Plan.CheckTotal:
// a sound bound, loose by a factor of 10^3 to 10^7, that catches absurd
// totals only).
//
// Memory is planned before any work (Count, Options.MaxMemory). A plan
// of the whole table (NewPlan) holds the quadrant table (8 bytes per
// placement plus 4 per bucket, Plan.QuarterBytes), per frame in use
// its projected table (the placements projected onto the frame's
// windows, 4× the table, Plan.FrameBytes), and per worker the half
// lists and the join's tables (Plan.WorkerBytes, an upper bound from the
// bucket sizes). A whole count (NewWholePlan) holds neither the quadrant
// table nor a frame's whole projected table: it is the plan of every
// unit that a shard's plan is of some (see "Shards that fit a node"), with the
// bucket counts (C(2h, h) words) and projected tables built layer by layer,
// each holding the row sets that one layer's units read, dropped before
// the next layer, on the arrays of the one before (projCache.free in
// proj.go). The workers share one table at a time: a worker whose next
// unit is of another table waits until the others are done with theirs,
// and all of them copy the next one (Count). Even N has one frame and
// builds a layer's table by walking the placements (11 walks at N = 20).
// Odd N's frames (46 a layer at N = 21) would walk them for every frame
// and layer, so each layer first gets a layer quarter, the placements of
// the row sets its tables read (layerq.go; at most 0.65 of the quadrant
// table at N = 21, 0.71 at N = 19), and its tables are copied from it.
//
// A tight MaxMemory first turns the projected tables off (a whole count,
// like a shard, then streams each unit's row sets, slower), then lowers
// the workers, then fails with ErrMemory before allocating. The plan in
// MiB (qbench -plan N: the bucket counts; the largest layer quarter, odd
// N only; the largest layer table; worker is the upper bound; the peak is
// what Count plans with 2 workers and the default 16 GiB bound; the floor
// is MaxMemory's minimum, one streaming worker without projected tables):
//
//	 N  frames  units  counts  layer quarter  layer table  worker  planned peak   floor
//	14       1    107     0.0              -          0.3     1.2           2.7     1.3
//	15      22   1451     0.0            0.2          0.2     1.2           2.8     1.3
//	16       1    223     0.1              -          1.6     2.4           6.6     2.6
//	17      29   3807     0.1            0.9          1.2     2.4           7.1     2.6
//	18       1    457     0.2              -          8.7     9.3          27.6     9.8
//	19      37   9673     0.2            5.9          6.9     9.3          31.7     9.8
//	20       1    936     0.7              -         54.7    61.3         178.0    63.2
//	21      46  23976     0.7           41.3         44.5    61.3         209.1    63.2
//	22       1   1904     2.7              -        398.5   256.5         914.2   265.9
//	23      56  58224     2.7          335.5        336.3   256.5        1187.5   265.9
//	24       1   3864    10.4              -       3272.5  1720.4        6723.6  1767.0
//	25      67  139032    10.4         3092.2       2822.4  1720.4        9365.7  1767.0
//
// Every whole count through MaxN = 25 plans within 10 GiB. N = 26 and 27
// (h = 13) draw on a quadrant of 6,354,135,838 placements (51 GB as a
// table) and N = 28 (h = 14) on 67,480,769,839 (540 GB): the join counts
// them by shards only (MaxShardN = 28, below). The peaks measured beside
// these plans are in docs/BENCHMARKS.md ("The join's memory").
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
// Plan.Shards (shards.go) gives every shard an equal share, by estimated
// cost, of every layer (r replicas: each layer's line laid out r times,
// each copy of a unit in a different shard). The cost model's error
// differs by layer ("Unit costs" below), and it is then the same for
// every shard.
//
// Plan.ForUnits (subplan.go) gives a shard's plan: no quadrant table, the
// bucket counts for planning, dense (C(2h, h) words: only a bucket with
// as many rows as columns holds any, dense.go). By default a shard
// streams: each worker lists, per unit and split, the placements of the
// four row sets it reads (walkRows, stream.go), and the bucket counts are
// let go once the count starts (dropCounts). Given a bound (MaxMemory), a
// shard builds instead the projected tables of the row sets its units
// read (projsub.go), layer by layer, as a whole count does, while they
// fit: streaming costs about the CPU of the tables, which cost memory
// (runs/README.md: a shard of N = 22 both ways). PlanMemory (memory.go)
// plans either before any work.
//
// A shard plans within DefaultShardMemory, 2 GiB, unless told otherwise
// (Plan.MemoryLimit; a whole count: DefaultMaxMemory, 16 GiB): a
// streaming worker needs the bucket counts, its scratch (an upper bound:
// the half-boards' pairs before their attack check, 1.6 GiB at h = 12)
// and four row sets (12 bytes a placement); fewer workers if two do not
// fit. Plan.PlanShards plans every shard from one set of bucket counts
// (NewBucketPlan), with each shard's largest half-board (halfBoundUnits:
// summed only where a bound, the least of Σa·max b, max a·Σb and
// |a|·|b|, exceeds the best sum yet): the 64 shards of N = 24 in seconds.
//
// Past MaxN a shard always streams, its workers listing each half-board
// in chunks of at most streamChunk (2^22) half-boards (appendHalfFrom)
// and joining every west chunk with every east one (countChunked):
// N = 26's largest half alone was planned at 14.6 GiB, a chunk's worker
// is 401 MiB. The chunks are cut by half-boards, not by the pairs of
// placements before their attack check (ten and more times as many):
// the longer the lists, the more the join's key recursion prunes. The
// counting walk (about 15 s of CPU at h = 13, two and a half minutes at
// h = 14: it walks half the placements and mirrors them, see
// countWalk.class; walk.go) runs once per process (sharedBucketCounts),
// or again after FreeCaches, which lets its 153 MiB at h = 14 go.
//
// # Unit costs
//
// Unit.Cost estimates a unit's CPU time from its half-boards
// (splitSizes, splitCost): per split, the lengths of the west and east
// lists are about hw = cw/C·S_w and he = ce/C·S_e (cw, ce the products of
// the row sets' placements, C the ways to share the band's columns, S the
// chance that no queen of the half's top quadrant shares a diagonal with
// one of its bottom quadrant, each pair of rows taken independently), and
// the time about hw·he/2^13 + hw + he. Without S the real pairs over the
// estimated differed up to 2.5× between layers. Measured over estimated
// CPU time by layer, from the unit times of whole counts (qbench -units,
// then -balance): 0.91–1.04 at N = 18, 19 and 20, and 0.72–1.19 at N =
// 22, where what the model misprices is the join's speed, not the lists:
// the key recursion prunes better in some layers, which a count of pairs
// cannot see. TestCostTracksPairs checks that the estimated pairs follow
// the real ones by layer at N = 13..16.
//
// # What did not help
//
// Measured on qbench shards and counts (CPU time, interleaved runs) and
// not kept:
//
//   - half-boards compacted by AVX-512 with a call per pattern of the
//     outer list: no faster (the cells are short, about 14 by 14 at
//     N = 21); one call per cell, unionAll512, took 8.5% off a shard;
//   - a list of blocks per west key group with a lane mask each (3.05
//     block-ops per west pattern against the recursion's 3.90): the mask
//     and the block's place are loads of every block-op, and a shard of
//     N = 23 took 2.4× the CPU;
//   - key bits only from the diagonals one quadrant can reach, so that
//     the half-boards come grouped by key without a sort: 6% more CPU;
//   - splitting on key bits in pattern order instead of densest first:
//     30% more block-ops; the per-pattern cost in the recursion's cost
//     model, or no one-sided leaves where the level below reads a chunk
//     fewer: no fewer block-ops (3% more for the latter);
//   - a leaf's top chunk held in registers while its value repeats: not
//     built, at most 3.5% of the kernel by the counted repeats, against
//     a mispredicted branch at each change; a leaf's bits lowered past
//     the key levels at which one side's range lacks them: no fewer
//     loads; the union's last patterns without a branch, or GOGC=400 or
//     off: no change;
//   - records written in input order and then scattered, instead of
//     once to their bucket: 12% more CPU at N = 18; each unit's rows
//     projected on the fly instead of projected tables (what a tight
//     MaxMemory turns off first): about a third more CPU at N = 18;
//   - fixing only the middle row's queen at odd N (h + 1 frames): such a
//     frame keeps two mirrors as symmetries, so by the counts about 15
//     times N − 1's folded work against the 10 times of the frames now;
//     not built. Sharing the lists of frames that differ only in the
//     middle column's queen remains untried.
package quadrant
