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
// dozen at any N. Validation at the end adds the O(N) checker of package
// validate, 0.63 bytes per queen, so the peak is about 5.1 bytes per queen
// (the public C and C++ programs use 20–24).
//
// # Phases
//
//  1. Shuffle: perm[k] = π(k) for a seeded pseudorandom bijection π of
//     [0, N), computed by a few rounds of add-multiply-xorshift on the
//     smallest power of two ≥ N with cycle walking. This is a sequential
//     write instead of a Fisher–Yates shuffle's N random accesses.
//  2. Greedy: for each row i, scan perm[i], perm[i+1], … for the first
//     column whose two diagonals are free at row i and swap it into
//     perm[i]. The scan is sequential and the bitsets (N/2 bytes) stay in
//     cache far longer than counters would, so the phase is bound by
//     arithmetic, not by memory latency. A row whose scan finds nothing
//     within scanLimit candidates (in practice only some of the last
//     few dozen rows, where the pool is nearly empty) keeps perm[i] with
//     its conflicts and becomes a suspect.
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
// Everything random is drawn from one math/rand/v2 PCG seeded by the
// caller, so a seed reproduces its solution exactly, and different seeds
// give different solutions.
package minconf
