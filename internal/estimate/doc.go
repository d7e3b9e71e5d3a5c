// Package estimate times random samples of a count's work and turns
// them into the time and memory nqueens.Estimate reports. The caller
// plans the count (its units, its shard, its memory) as Count does; this
// package only samples and extrapolates. One estimator per method:
//
//   - MethodKernel, N ≤ 32: the plan is listed (as Count lists it; the
//     last plan is kept, so the Count that follows does not plan
//     again). Units are drawn half by their planned Cost, half
//     uniformly (see drawUnit), on as many goroutines as the count
//     runs, and each is searched whole (N ≤ 18), or probed: a random
//     descent fills its top rows and the subtree below is searched
//     (kernel.Probe, Knuth's estimator); the number of rows left adapts
//     so that a probe takes 50 µs to a fortieth of the budget (a probe
//     of a few µs costs many times its nodes: the search's set-up).
//     Each sample's time, divided by its
//     probability (and multiplied by the probe's weight), is an
//     unbiased estimate of the total; CPUSeconds is their mean and
//     Spread its standard error. The probed rows' own time is left out
//     (a few nodes per unit), and the units whose border a rotation
//     fixes are timed without their symmetric-solution count (O(N²) of
//     O(N⁴) units).
//   - MethodKernel, N > 32: listing the plan takes seconds (17 s at N = 64)
//     and would not change the answer (centuries): borders are drawn
//     uniformly, each mapped to its unit (kernel.UnitOf) and probed, and
//     weighted by N⁴ over its class size. The spread of such estimates
//     is large (±50% is typical), and the planning time is left out.
//   - MethodJoin, every N: the units' pieces (unit, row split) are drawn
//     by a cost proxy, 0.8 of the draws, and uniformly (quadrant.Sampler),
//     on the count's goroutines; each piece's half lists are built by
//     streaming its four row sets (no quadrant table: a few MiB to a few
//     hundred MiB at N = 24) and joined by the count's join, timed by the
//     thread's CPU clock where the system has one (Linux), so that other
//     processes do not inflate it. Its time over its probability is an
//     unbiased estimate of the total; CPUSeconds is their mean plus the
//     tables' construction (a walk of the quadrant's placements, timed,
//     times the walks and projections the count makes), and Spread their
//     standard error. A piece whose west list is long (N ≥ 21) joins a
//     thinned 1/K of it, K ≤ 16 as the budget needs, and its join time is
//     scaled (measured within 15% of the whole join at N = 20 and 22);
//     one whose lists are both long (N ≥ 23) joins a part of at least a
//     quarter of its pairs, cut on key bits as the join cuts them
//     (quadrant.SampleWorker.MaxPairs).
//     UnitSeconds is each unit's proxy times the sampled seconds per
//     proxy of its layer (its units' east rows in the top band). Listing
//     the pieces needs the quadrant's placements per row set: one walk
//     on all cores, remembered (about 3 s at N = 24, 2 cores). A piece of
//     N = 24 takes 0.05 to 2 s whole (10^12 pairs), so there the budget
//     holds about ten pieces (±15%: checked against 20 whole pieces,
//     internal/quadrant/qbench -pieces).
//   - The classic methods (Arrays, Board, Permutation): one goroutine,
//     no units. They count N' = 5, 6, ... in full while the next count
//     fits the budget and the share above of the estimate, or to N' = N
//     (then CPUSeconds is measured, not estimated), and extrapolate the
//     time per node of N' to the nodes of N: exact for Permutation (the
//     partial permutations), else grown by the last step's factor,
//     itself rising as measured (about 0.4 a step); the time per node
//     grows as N for Board and Permutation. Spread NaN: the figure is
//     good to a factor of about two.
//
// WallSeconds divides the CPU time by the workers the machine can run at
// once (min(Workers, NumCPU, Units)), assuming the units spread evenly,
// and is at least the largest unit's estimate. The estimate of a busy
// machine is that of the same load during the count.
//
// # Searches (search.go)
//
// Solve estimates the whole search of nqueens.Solutions, every solution
// whatever its Limit (the time to the K-th solution cannot be told
// ahead: the first solution in lexicographic order takes at most 3
// million nodes up to N = 29, then 56 million at N = 30, 87 million at
// 32, and 236 to over 330 million at 34 to 40, without a trend;
// Search.AllWithin is the way to try). It makes 1000 random descents of
// the search tree (classic.Probe, Knuth's estimator; the permutation
// method's nodes are counted exactly), so Nodes and Solutions depend on
// n, the method and the seed alone. Unless that estimate is below
// UntimedNodes, it then runs the real search for up to half the budget,
// handling each solution as a caller listing permutation lines would
// (a copy, the Unique test, a line of text), and times that handling
// apart: Seconds is Nodes times the trial's time per node plus
// Solutions times the time per solution. A search that finishes in the
// trial is measured whole (Exact).
//
// Complete first runs the count of completions for up to a quarter of
// the budget (Exact if it ends); otherwise the trial gives the time per
// node, and random descents of the count's tree (completion.Prober) its
// nodes and completions for the rest of the budget, 50 to 5000 of them.
// On a board whose completions are rare the descents' mean often falls
// short of the true size (a few descents carry most of it): the spread
// says how much to trust it.
package estimate
