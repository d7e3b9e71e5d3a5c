// Package minconf finds a random N-Queens solution for large N by local
// search on a permutation, in the manner of Sosic and Gu's QS4 (1991):
// place most queens greedily without conflicts, then repair the few left
// by conflict-reducing swaps.
//
// # Layout and memory
//
// The placement is a permutation perm []int32 (row i's queen is in column
// perm[i]), so columns never conflict and only diagonals are tracked: one
// bit per diagonal of each direction ("down" r-c+N-1 and "up" r+c, 2N-1 of
// each), 4.5 bytes per queen in all. A diagonal holding k ≥ 2 queens also
// has an entry in a short overflow list holding k-1; only the queens left
// over by the greedy phase and the repair swaps create such entries, a few
// hundred at any N. The greedy phase adds a scratch of 8 bytes per row of
// one block (see Locality; at most N/16 rows, so ≤ 0.5 bytes per queen,
// 8 MB from N = 1.6·10^7 up). The bitsets and the scratch are freed before
// validation, which adds the O(N) checker of package validate, 0.63 bytes
// per queen, and its own block scratch (≤ 0.25). The peak is about 5 bytes
// per queen (4.8 measured at N = 10^8, whole process); the public C and
// C++ programs use 20–24.
//
// # Phases
//
//  1. Shuffle: perm = the values < N of σ(0), σ(1), … for a seeded
//     pseudorandom bijection σ of [0, 2^b), 2^b the smallest power of two
//     ≥ N, made of a few rounds of add-multiply-xorshift. This is a
//     sequential write instead of a Fisher–Yates shuffle's N random
//     accesses, and has no branch on the data.
//  2. Greedy, block by block (see Locality): each row takes the first
//     column, from a cursor sweeping the unplaced columns of its band,
//     whose two diagonals are free. A row that finds none is deferred to
//     the next block; after the last block the rows still deferred take
//     the columns left, with conflicts if they must, and become suspects
//     (41 at N = 10^7 and 188 at 10^8 for seed 1).
//  3. Repair: for a suspect row i that is still attacked, try swapping its
//     column with that of a random row j; keep the swap if it lowers the
//     number of collisions (the sum over diagonals of queens-1), else undo
//     it. A row j that took part in a kept swap becomes a suspect too, so
//     every attacked queen shares a diagonal with a suspect. If
//     stallLimit swaps in a row fail (small N can have local minima), the
//     search restarts from phase 1 with fresh random keys.
//  4. Validate the permutation with package validate; a failure is a bug
//     and is returned as an error, never as a solution.
//
// # Locality
//
// A test in the greedy phase reads one word of each diagonal bitset. With
// the rows in order and the candidates from the whole permutation (the
// greedy phase before issue #7's rework) the two words are random in
// bitsets of N/8 bytes each, and beyond N ≈ 4·10^6 nearly every test
// missed the cache twice: at N = 10^8 (thread CPU time, one run) the
// greedy phase took 33.1 s and validation, which has the same pattern,
// 16.0 s, of 51.3 s in all. In this VM a dependent random read costs 3.3 ns in 32 KiB,
// 5.7 ns in 64 KiB, 11.5 ns in 256 KiB, 16 ns in 512 KiB (L2), 18 ns in
// 1 MiB, then 73 ns in 2 MiB and 170–200 ns from 8 MiB up (pointer chase
// over huge pages; the 32 MiB L3 the CPU reports does not show).
//
// So the greedy phase takes the rows in blocks of H = 2^20 consecutive
// rows (less for N < 1.6·10^7: the largest power of two ≤ N/16), and
// within a block in order of the band of W = H/4 columns in which their
// shuffled column lies (a stable counting sort into the scratch, so in
// row order within a band), each row paired with its own shuffled column.
// The cursor sweeps only the unplaced columns of the current band and the
// next (and the few the bands before left), so while a band is processed
// the rows move through the block in order and the candidates stay in two
// bands: the diagonals tested lie in a window of about 2W bits per
// direction around the current row, and from one band to the next the
// windows of the whole block (H + 2W bits per direction, 384 KiB in
// all) are reused from L2. Only the W bits per direction that each band
// adds are new; they are read in order before the band (touch), which the
// hardware prefetcher streams.
//
// Measured at N = 10^8, seed 1, with cmd/phases (go run
// ./internal/minconf/cmd/phases 100000000), on the shared 2-core
// machine while another job used both cores, so
// single figures vary by ±20%; wall time of the phase for the first
// runs, thread CPU time later:
//
//	phase     row order (before)  blocked     blocked + touch
//	greedy    33.1 s              7.3–11.3 s  5.8–8.8 s
//	validate  16.0 s              5.4 s       2.4–3.0 s
//	shuffle   2.2 s (cycle walking)           1.2–1.7 s (branch-free)
//	repair    < 1 ms (8 rows)                 16–60 ms (188–272 rows)
//
// BenchmarkShuffle (N = 10^6, perm reused) gives 7.3–8.7 ns a queen, so
// 0.8 s of the shuffle at 10^8 is arithmetic; the rest is presumably the
// first touch (page faults) of the fresh 400 MB perm. Block
// heights, greedy phase with touch, one run each: H = 2^17 16.0 s, 2^18
// 12.0 s, 2^19 7.7–9.0 s, 2^20 5.8–7.6 s, 2^21 6.5–7.0 s, 2^22 6.9–7.2 s:
// below 2^20 the windows slide too often, above it they leave L2. Band
// widths W = H/4 … H/32 were within the noise (6.9–8.9 s); W = H/2 was
// slower at small H. Testing two candidates per step, with both loads
// issued before either branch, gave 1.49–1.98 s against 1.58–2.21 s for
// the greedy phase at N = 3·10^7 (five runs each), too little to keep. Earlier, in row order, also
// dropped: touching the bitset words of the candidate 16 places ahead,
// testing eight candidates per branch, and eight interleaved lanes of rows
// (all slower, see the comment of greedy).
//
// # Randomness
//
// Everything random is drawn from one math/rand/v2 PCG seeded by the
// caller, so a seed reproduces its solution exactly, and different seeds
// give different solutions (TestSolveSeeds: two seeds agree in about one
// row in N, as independent permutations do). The blocking changes the
// order in which the greedy phase visits rows and candidates, not what is
// random: the shuffled permutation is uniform-looking, so which rows share
// a block and band, and in which order the band's columns come, is
// random; most rows end with a column of the band of their shuffled
// column, so the solution's queens are spread over the (block, band)
// tiles as those of a random permutation are. As with QS4 and the greedy
// before, the result is a random solution, not one drawn uniformly from
// all solutions. TestSolveSpread checks three statistics of a solution at
// N = 10^6 against a random permutation's (mean step between rows, mean
// distance from the main diagonal, queens per quadrant).
package minconf
