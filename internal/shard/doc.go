// Package shard splits a count over machines: it assigns the work units
// of a plan to M shards, balanced by expected cost, and defines the
// record a shard writes and the checks that merge makes.
//
// # Assignment
//
// Assign is the longest-processing-time rule: units sorted by Cost,
// largest first (ties by id), each given to the shard with the least
// cost so far (ties to the lowest index). It depends only on the costs
// and M, so every machine computes the same assignment, and no shard
// gets more than the average plus the largest single unit.
//
// AssignReplicas gives each unit to the R shards with the least cost so
// far instead (R ≤ M), so its R copies are in R different shards; R = 1
// is Assign. Every two shards' costs stay within the largest unit's
// cost of each other: a shard that receives a unit of cost c had no
// more than any shard that does not, so it ends at most c above it and
// no further below it than before. So every shard is within the largest
// unit's cost of the mean R·C/M (C the sum of the costs).
//
// # Record
//
// A shard writes one JSON object (a Record): n, the decomposition's
// version and plan digest, its index I and the count M, the number of
// units done, the exact solutions and unique totals, the nodes, a digest
// of its unit ids, and the per-unit results, so that merge can recompute
// any unit and compare. Parse checks that a record is consistent with
// itself (totals are the sums of the units, the digest matches the ids);
// Check checks a set of records against the plan. ReadAll reads the
// records of one input a value at a time: they are of one count, each
// shard once, so a second copy of a shard or a record of another count
// is refused at its header, and what it holds is bounded by the first
// record's M, R and plan.
//
// Records of the quadrant join (Method "quadrant") count totals only:
// they have no unique total and their units no unique count or nodes.
// Check refuses a set that mixes methods before anything else.
//
// # Units that cannot be
//
// A record consistent with itself (its sums, its digest) can still hold
// a wrong unit: a faulty machine, or an edit of a unit and its shard's
// sums together. Check runs each unit's result through the plan's rule
// (Plan.Unit: kernel.Plan.CheckResult or quadrant.Plan.CheckTotal; see
// the checkpoint package for the rules) and fails with a *UnitError
// naming the record and the unit. The merge (nqueens.MergeShards) then
// checks the whole by Burnside's lemma. Neither sees an edit that keeps
// both (a kernel unit's total +8k with its unique +k): only a recount of
// that unit does, which VerifyShards draws at random.
//
// # Replicas
//
// A count with replicas (Record.Replicas = R ≥ 2) counts every unit in
// R different shards, on R machines. Check then compares the copies of
// each unit and adds up only copies that agree: a copy that differs in
// any way, whatever the majority, is a *ReplicaError naming the unit,
// every copy and its source. A consistent edit of one record, which the
// checks above cannot see, is caught unless the same edit is made to
// every copy; so is a machine that is wrong, unless R machines are wrong
// the same way on the same unit. All M shards are still required.
// Records of different R hold different units and do not merge: Check
// says so before it looks at the units.
package shard
