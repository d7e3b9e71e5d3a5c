// Package nqueens solves the N-Queens problem: place N queens on an N×N
// board so that no two attack each other.
//
// A Placement holds one queen per row, row i's queen in column p[i]
// (zero-based in Go, one-based in text: "5 2 6 1 7 4 8 3"). Parse reads
// the forms people paste, Validate checks one, and the symmetry helpers
// (Symmetry, Canonical, ClassSize) relate the 8 images of a solution
// under the rotations and reflections of the square.
//
// Count returns the exact number of solutions (OEIS A000170) and of
// solutions up to symmetry (A002562) with a parallel, symmetry-reduced
// bitboard kernel; it takes a context and stops promptly when it is
// cancelled:
//
//	res, err := nqueens.Count(ctx, 12, nqueens.CountOptions{})
//	// res.Solutions = 14200, res.Unique = 1787
//
// Solutions and Search enumerate lazily, in lexicographic order, with the
// algorithm of your choice — the four the classic tutorials teach
// (MethodPermutation, MethodBoard, MethodArrays, MethodBitboard) — and count what the search did
// (Stats). A Trace function in SolveOptions receives every step (try,
// conflict, place, remove, solution), which is how the visualizers replay
// a search:
//
//	s, _ := nqueens.Solutions(ctx, 8, nqueens.SolveOptions{Unique: true})
//	for p := range s.All() {
//		fmt.Println(p) // 12 canonical solutions, "1 5 8 6 3 7 2 4" first
//	}
//
// Long counts have three options. Progress receives a snapshot after
// each work unit (units and estimated cost done, totals so far, elapsed
// time). Checkpoint names a file where finished units are recorded
// durably; a count killed at any moment resumes from it and stays exact.
// Shard counts only part I of M, balanced by cost; Result.ShardRecord is
// what a machine sends back, and MergeShards checks that the records are
// the complete set and adds them up (VerifyShards recomputes a sample).
// With Shard.Replicas R ≥ 2 every unit is counted in R different shards,
// and MergeShards adds a unit only if all its copies agree, which also
// catches the wrong results that keep every rule below.
// Records read back from a checkpoint or a shard are checked unit by
// unit against what the unit can hold, and whole counts and merges by
// Burnside's lemma; see Count for what that catches and what it cannot:
//
//	res, err := nqueens.Count(ctx, 21, nqueens.CountOptions{
//		Checkpoint: "n21.ckpt",
//		Shard:      nqueens.Shard{Index: 3, Count: 8},
//	})
//	rec, err := res.ShardRecord()
//
// Count with MethodJoin counts totals, by joining the partial solutions
// of the board's quadrants instead of backtracking, and derives the
// unique count by Burnside's lemma; it is much faster for large N, and
// CountOptions.MaxMemory bounds its memory. The zero CountOptions
// (MethodAuto) takes it where it is faster and fits (ChooseMethod). It
// splits into units too, so progress, checkpoints and shards work for it
// the same way (its records hold totals only; MergeShards refuses to mix
// them with the kernel's).
//
// Beyond counting: Find builds one solution for any N in O(N) (FindColumn
// gives row i's column in O(1), WriteFind streams it), Random finds a
// random solution by min-conflicts repair, ValidateReader checks a
// streamed permutation in O(N) memory, PlacementScanner reads a stream of
// placements in the forms the commands write (bounded per line, failing
// at the first bad one), and Complete, Completions and
// GenerateBoard solve and generate N-Queens Completion instances (a
// Board with queens placed and squares blocked).
//
// The convention for N = 0 is the usual one: the empty board has one
// solution (the empty placement). N = 2 and N = 3 have none.
package nqueens
