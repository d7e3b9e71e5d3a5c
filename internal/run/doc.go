// Package run is the one orchestration of the engines with work units
// (the kernel, kernel.go; the join, join.go) behind nqueens.Count, Plan,
// CountPlan.Estimate, MergeShards and VerifyShards.
//
// A Method answers, before n, what it is (Info), which n it lists
// (Listed), how to plan a count (Plan) and how to list the units of n
// (Units). Its Plan holds what the method built for the count (the
// kernel's units; the join's unit and memory plans), which the count's
// Estimate (with internal/estimate) and Count use instead of building it
// again, and Shards, every shard's plan. An Engine is the units planned
// for an n, and answers for every method the same way: what they are
// (Digest, Costs, Shards), how to count them (Count), and how to check
// what was counted (CheckUnit, CheckRecord, Burnside; Method.Merged for
// merged records). Around them, written once: Count (count.go) resumes
// from and records to a checkpoint (checkpoint.go), reports progress and
// checks a whole count by Burnside's lemma (burnside.go); Merge and
// Verify (merge.go) add up and recompute shard records.
//
// The root package keeps the exported types; its twins here (Shard,
// Result, Progress, Options) have the same fields and are converted at
// the root's edge. Totals and unit results are internal/tally's
// Uint128 and UnitResult, which the engines, the shard records and the
// root share. Workers is the one place the library checks a worker
// count (internal/quadrant, below it, refuses a negative one again as a
// guard). A bad option's error wraps ErrOption (Optionf), which the
// command maps to its usage exit status instead of checking the option
// first.
//
// # What a count checks
//
// Every unit result read from a checkpoint must follow its method's
// rule, or the file is refused (ErrCheckpoint): for the kernel, the
// unit's total is its weight times the solutions its search finds, at
// most a bound from its free rows, and total = 8·unique (4·unique ≤
// total ≤ 8·unique when the half turn maps the unit's border onto itself,
// 2·unique ≤ total ≤ 8·unique for the quarter turn); for the join, unique
// and nodes are 0 and the total is a multiple of its frame's class size
// and at most a (loose) bound from its row splits
// (kernel.Plan.CheckResult, quadrant.Plan.CheckTotal). Shard records are
// checked the same way when merged.
//
// Then every whole count (or merge) with 2 ≤ n ≤ 32 is checked by
// Burnside's lemma against S180 and S90, the solutions that the half and
// the quarter turn map onto themselves, which internal/symcount counts by
// a search of its own: for the kernel 8·U − Q = S180 + 2·S90; the join
// counts Q only and derives U = (Q + S180 + 2·S90)/8, so its check is
// that the sum is a multiple of 8. The lemma catches exactly the errors
// that break the identity: for the kernel, Q off by d with U off by e
// and d ≠ 8e; for the join, Q off by anything but a multiple of 8. It
// cannot catch the others: a unit's total +8k with its unique +k (the
// kernel; that keeps the unit's rule too), a total off by 8k (the join).
// For the join the lemma is the only check of the sum of a checkpoint's
// totals (each unit's bound catches only absurd ones), so an error of 8k
// in a join record goes through; only recounting finds it (a count
// without the checkpoint; Verify for shards). Replicas (Shard.Replicas
// R ≥ 2) catch it unless every copy has it: Merge adds a unit only when
// all its copies agree.
//
// A failure names the checkpoint and what to do with it; for the kernel,
// also the unit that breaks its own share of the identity (8·unique −
// total is the unit's weight times its symmetric solutions), which a
// whole count that breaks the identity always has. A join set cannot be
// narrowed down (its units hold totals only): the error names every
// source. A shard's unique count is not counted, and a shard is checked
// by the lemma only when it is merged.
package run
