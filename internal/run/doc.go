// Package run is the one orchestration of the engines with work units
// (the kernel, kernel.go; the join, join.go) behind nqueens.Count,
// Estimate, Plan, MergeShards and VerifyShards.
//
// An Engine answers, for every method the same way: what its units are
// (Units, Costs, Shards, Digest), how to plan a count (Plan), how to
// estimate it (Estimate, with internal/estimate), how to count units
// (Count), and how to check what was counted (CheckUnit, CheckRecord,
// Burnside, Merged). Around it, written once: Count (count.go) resumes
// from and records to a checkpoint (checkpoint.go), reports progress and
// checks a whole count by Burnside's lemma (burnside.go); Merge and
// Verify (merge.go) add up and recompute shard records.
//
// The root package keeps the exported types; its twins here (Shard,
// U128, Result, Progress, Options) have the same fields and are
// converted at the root's edge. Workers is the one place the rule for a
// worker count is written.
package run
